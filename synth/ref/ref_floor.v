// SPDX-License-Identifier: Apache-2.0
// ref_floor: area floor of a pmu_core configuration for synth/run_synth.py:
// the parts that any implementation of its register map and counter areas
// contains, each built the cheapest way the flow allows, and nothing else.
//
//   * NR software-readable state bits (synth/run_synth.py counts them in the
//     configuration itself: the flip-flops that reach PRDATA, without the
//     register block's own decode flip-flops), as 32-bit words: each word a
//     write enable from one 32-bit write-data bus, all of them read through
//     one AND-OR multiplexer with a one-hot word select (no address decode,
//     no error response, no reserved-bit masking);
//   * the first NC*CW of them are NC counters that add an IW-bit increment
//     every cycle (a write of a word wins over counting for its bits), the
//     next 64 a time-stamp counter that adds 1;
//   * per counter, the counter-area class multiplexer: NT threads x 16
//     sub-events out of the NLOC classes of its area (counter c is in area
//     c % NAREA), selected by LW bits of a readable word (the ES field).
//
// Not included: event masking, popcount, qualification, threshold, FLOP
// decode, overflow, the pipeline registers, sampling, the yield channels'
// trigger/count/delivery logic and the bus protocol. The script adds the
// configuration's other (non-readable) flip-flops at the cost of a plain
// reset flip-flop each.
module ref_floor #(
  parameter integer NR    = 2727,   // readable state bits
  parameter integer NC    = 8,
  parameter integer CW    = 40,
  parameter integer IW    = 6,      // increment width (NT*16 sub-events: 0..32)
  parameter integer NT    = 2,
  parameter integer NLOC  = 16,     // classes of an area
  parameter integer NAREA = 4
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  input  wire [(NR+31)/32-1:0]         we_i,      // write enable per word
  input  wire [(NR+31)/32-1:0]         re_i,      // one-hot read select
  input  wire [31:0]                   wdata_i,
  output wire [31:0]                   rdata_o,
  input  wire [NC*IW-1:0]              inc_i,     // counter c's increment
  input  wire [NAREA*NT*NLOC*16-1:0]   ev_i,      // area a, thread t, class j, sub-event s
  output wire [NC*NT*16-1:0]           sel_o      // counter c, thread t: the selected class
);
  localparam integer NW = (NR + 31) / 32;
  localparam integer LW = NLOC > 1 ? $clog2(NLOC) : 1;
  localparam integer CB = NC * CW;          // first TSC bit
  localparam integer EB = CB + 64;          // first ES field bit

  // counters and TSC: the value they count to; every other bit holds
  reg  [NR-1:0] q;
  wire [NR-1:0] nxt;
  genvar c, t;
  generate
    for (c = 0; c < NC; c = c + 1) begin : g_cnt
      assign nxt[c*CW +: CW] = q[c*CW +: CW] + {{(CW-IW){1'b0}}, inc_i[c*IW +: IW]};
    end
  endgenerate
  assign nxt[CB +: 64]    = q[CB +: 64] + 64'd1;
  assign nxt[NR-1:CB+64]  = q[NR-1:CB+64];

  integer b, w;
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) q <= {NR{1'b0}};
    else
      for (b = 0; b < NR; b = b + 1)
        q[b] <= we_i[b / 32] ? wdata_i[b % 32] : nxt[b];

  // read: word w is q[32w +: 32], the last one zero-padded (one spare
  // bit, so that the replication is never zero-wide)
  wire [NW*32:0] qx = {{(NW*32-NR+1){1'b0}}, q};
  reg  [31:0] rd;
  always @* begin
    rd = 32'd0;
    for (w = 0; w < NW; w = w + 1)
      rd = rd | ({32{re_i[w]}} & qx[w*32 +: 32]);
  end
  assign rdata_o = rd;

  generate
    for (c = 0; c < NC; c = c + 1) begin : g_mux
      wire [31:0] es = {{(32-LW){1'b0}}, q[EB + c*LW +: LW]};
      for (t = 0; t < NT; t = t + 1) begin : g_t
        assign sel_o[(c*NT + t)*16 +: 16] =
          ev_i[(((c % NAREA)*NT + t)*NLOC + es)*16 +: 16];
      end
    end
  endgenerate
endmodule
