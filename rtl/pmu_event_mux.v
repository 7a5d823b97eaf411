// pmu_event_mux: the two-stage event selection of one counter (seed 000,
// Fig. 1): stage 1 selects the event class ES of every thread, stage 2 keeps
// the sub-events enabled in the event mask EM. The per-thread output is the
// number of unmasked sub-events asserted this cycle (0..NSUB), so an
// occurrence event may add more than 1 per cycle and a level (duration)
// event adds 1 every cycle it is held.
// Class FLOP_CLASS takes its sub-events from the retired-FP-instruction
// decoders instead of ev_i: each valid retire slot whose category is enabled
// in EM[7:0] adds 1, or 2 for an FMA.
module pmu_event_mux #(
  parameter integer NT         = 2,
  parameter integer NCLS       = 64,
  parameter integer NSUB       = 16,
  parameter integer NRET       = 4,
  parameter integer FLOP_CLASS = 63,
  parameter integer IW         = 8
) (
  input  wire [NT*NCLS*NSUB-1:0] ev_i,       // thread t, class c, sub s at ((t*NCLS+c)*NSUB+s)
  input  wire [NT*NRET*8-1:0]    flop_cat_i, // one-hot FLOP category per slot
  input  wire [NT*NRET-1:0]      flop_fma_i,
  input  wire [5:0]              es_i,
  input  wire [NSUB-1:0]         em_i,
  output reg  [NT*IW-1:0]        inc_o       // per-thread masked increment
);
  integer t, s;
  reg [NSUB-1:0] sel;
  reg [IW-1:0]   acc;

  always @* begin
    inc_o = {NT*IW{1'b0}};
    for (t = 0; t < NT; t = t + 1) begin
      acc = {IW{1'b0}};
      sel = {NSUB{1'b0}};
      if ({26'd0, es_i} == FLOP_CLASS) begin
        for (s = 0; s < NRET; s = s + 1)
          if (|(flop_cat_i[(t*NRET+s)*8 +: 8] & em_i[7:0]))
            acc = acc + (flop_fma_i[t*NRET+s] ? {{(IW-2){1'b0}}, 2'd2} : {{(IW-1){1'b0}}, 1'b1});
      end else if ({26'd0, es_i} < NCLS) begin
        sel = ev_i[(t*NCLS + {26'd0, es_i})*NSUB +: NSUB] & em_i;   // stage 1: class, stage 2: mask
        for (s = 0; s < NSUB; s = s + 1)
          acc = acc + {{(IW-1){1'b0}}, sel[s]};
      end
      inc_o[t*IW +: IW] = acc;
    end
  end
endmodule
