// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_event_mux: the two-stage event selection of one counter (seed 000,
// Fig. 1): stage 1 selects the event class ES of every thread, stage 2 keeps
// the sub-events enabled in the event mask EM. The per-thread output is the
// number of unmasked sub-events asserted this cycle (0..NSUB), so an
// occurrence event may add more than 1 per cycle and a level (duration)
// event adds 1 every cycle it is held. It also comes in two halves, the
// counts of sub-events 7:0 and 15:8 (at most 8 each), so that pmu_core can
// register them before their final add.
// Counter areas (seed 000: "an ESCR may couple to a counter only within the
// same local area"): the counter belongs to area AREA of NAREA and its class
// mux has inputs only for the classes c with c % NAREA == AREA; any other ES
// counts nothing. NAREA=1 is the full crossbar.
// Class FLOP_CLASS, seen by every area, takes its sub-events from the
// retired-FP-instruction decoders instead of ev_i: each valid retire slot
// whose category is enabled in EM[7:0] adds 1, or 2 for an FMA (seed 003).
// NSUB = 16, IW >= 5 (the popcount of 16 sub-events).
module pmu_event_mux #(
  parameter integer NT         = 2,
  parameter integer NCLS       = 64,
  parameter integer NSUB       = 16,   // sub-events per class (pop16: 16)
  parameter integer NRET       = 4,
  parameter integer FLOP_CLASS = 63,
  parameter integer IW         = 8,
  parameter integer NAREA      = 1,
  parameter integer AREA       = 0,
  parameter integer SUM        = 1     // 0: inc_o is 0 (no adder), for a user of the halves only
) (
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [NT*NCLS*NSUB-1:0] ev_i,       // thread t, class c, sub s at ((t*NCLS+c)*NSUB+s); other areas' classes unused
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [NT*NRET*8-1:0]    flop_cat_i, // one-hot FLOP category per slot
  input  wire [NT*NRET-1:0]      flop_fma_i,
  input  wire [5:0]              es_i,
  input  wire [NSUB-1:0]         em_i,       // event mask EM
  output reg  [NT*IW-1:0]        inc_o,      // per-thread masked increment (= inc_a_o + inc_b_o)
  output reg  [NT*IW-1:0]        inc_a_o,    // ... its sub-events 7:0
  output reg  [NT*IW-1:0]        inc_b_o     // ... its sub-events 15:8
);
  // classes of this area: AREA, AREA+NAREA, ... (< NCLS); local index j
  localparam integer NLOC = (NCLS - AREA + NAREA - 1) / NAREA;

  wire [NT*NLOC*NSUB-1:0] ev_loc;
  genvar gt, gj;
  generate
    for (gt = 0; gt < NT; gt = gt + 1) begin : g_t
      for (gj = 0; gj < NLOC; gj = gj + 1) begin : g_j
        assign ev_loc[(gt*NLOC + gj)*NSUB +: NSUB] = ev_i[(gt*NCLS + AREA + NAREA*gj)*NSUB +: NSUB];
      end
    end
  endgenerate

  // classes of this area, as a constant table indexed by ES (a lookup, not
  // a compare: it sits beside the mux, in front of the popcount)
  function [63:0] area_classes(input integer area);
    integer c;
    begin
      area_classes = 64'd0;
      for (c = 0; c < NCLS; c = c + 1)
        if (c % NAREA == area && c != FLOP_CLASS) area_classes[c] = 1'b1;
    end
  endfunction
  localparam [63:0] IN_AREA = area_classes(AREA);

  wire [5:0] loc     = es_i / NAREA[5:0];
  wire       in_area = IN_AREA[es_i];
  wire       is_flop = (es_i == FLOP_CLASS[5:0]);

  // popcount of each half: 4-bit group counts (one 4-input LUT level on an
  // FPGA), then one small adder
  function [2:0] pop4(input [3:0] v);
    pop4 = {2'b00, v[0]} + {2'b00, v[1]} + {2'b00, v[2]} + {2'b00, v[3]};
  endfunction
  function [3:0] pop8(input [7:0] v);
    pop8 = {1'b0, pop4(v[3:0])} + {1'b0, pop4(v[7:4])};
  endfunction

  // The FLOP class shares the popcount: retire slot s gives two sub-events,
  // bit 2s (its category is enabled in EM[7:0]) and bit 2s+1 (... and it is
  // an FMA), so an FMA adds 2 (NRET <= NSUB/2). They are ORed in after the
  // class mux (whose mask is zero for the FLOP class).
  integer t, s;
  reg [NSUB-1:0] fsub, sel;
  reg            hit;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]     ca, cb; // pop8 of each half, widened to slice IW (>= 5) bits
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    inc_o = {NT*IW{1'b0}}; inc_a_o = {NT*IW{1'b0}}; inc_b_o = {NT*IW{1'b0}};
    for (t = 0; t < NT; t = t + 1) begin
      fsub = {NSUB{1'b0}};
      for (s = 0; s < NRET; s = s + 1) begin
        hit = |(flop_cat_i[(t*NRET+s)*8 +: 8] & em_i[7:0]);
        fsub[2*s]   = hit;
        fsub[2*s+1] = hit & flop_fma_i[t*NRET+s];
      end
      // stage 1: class, stage 2: mask (computed beside the mux: EM, or zero
      // for a class this counter does not see)
      sel = (ev_loc[(t*NLOC + {26'd0, loc})*NSUB +: NSUB] & em_i & {NSUB{in_area}}) |
            (fsub & {NSUB{is_flop}});
      ca = {28'd0, pop8(sel[7:0])};
      cb = {28'd0, pop8(sel[15:8])};
      inc_a_o[t*IW +: IW] = ca[IW-1:0];
      inc_b_o[t*IW +: IW] = cb[IW-1:0];
      inc_o[t*IW +: IW]   = SUM != 0 ? ca[IW-1:0] + cb[IW-1:0] : {IW{1'b0}};
    end
  end
endmodule
