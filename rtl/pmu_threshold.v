// pmu_threshold: threshold compare, invert and edge detect of one counter.
//   cond = (raw >= max(THR,1)) XOR INV
//   EDGE=1                 -> 1 on a 0->1 transition of cond
//   THR!=0 or INV=1        -> 1 in every cycle cond holds
//   otherwise              -> raw (occurrence counting, >1 per cycle)
// The previous condition is tracked every cycle, counting or not.
module pmu_threshold #(
  parameter integer IW = 8
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire [IW-1:0] raw_i,
  input  wire [7:0]    thr_i,
  input  wire          inv_i,
  input  wire          edge_i,
  output reg  [IW-1:0] inc_o
);
  reg         prev_q;
  wire [IW:0] thr_eff = (thr_i == 8'd0) ? {{IW{1'b0}}, 1'b1} : {{(IW-7){1'b0}}, thr_i};
  wire        cond    = ({1'b0, raw_i} >= thr_eff) ^ inv_i;

  always @* begin
    if (edge_i)                          inc_o = {{(IW-1){1'b0}}, cond & ~prev_q};
    else if ((thr_i != 8'd0) || inv_i)   inc_o = {{(IW-1){1'b0}}, cond};
    else                                 inc_o = raw_i;
  end

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) prev_q <= 1'b0;
    else         prev_q <= cond;
endmodule
