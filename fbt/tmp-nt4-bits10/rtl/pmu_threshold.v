// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_threshold: threshold compare, invert and edge detect of one counter.
//   cond = (raw >= max(THR,1)) XOR INV
//   EDGE=1                 -> 1 on a 0->1 transition of cond
//   THR!=0 or INV=1        -> 1 in every cycle cond holds
//   otherwise              -> raw (occurrence counting, >1 per cycle)
// The previous condition is tracked every cycle, counting or not.
// thr_nz_i (THR != 0) and mode_i ({EDGE, THR!=0 | INV}) are decoded from the
// CTL write by pmu_escr and registered there, so the compare starts from
// flip-flops and the output select is one level.
module pmu_threshold #(
  parameter integer IW = 8
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire [IW-1:0] raw_i,
  input  wire [7:0]    thr_i,
  input  wire          thr_nz_i,   // thr_i != 0
  input  wire          inv_i,
  input  wire [1:0]    mode_i,     // [1] EDGE, [0] THR != 0 or INV
  output reg  [IW-1:0] inc_o
);
  reg         prev_q;
  // raw >= max(THR,1): one compare against THR, or 1 when THR=0 (raw != 0)
  wire [31:0] raw32 = {{(32-IW){1'b0}}, raw_i};
  wire [7:0]  thr_e = thr_nz_i ? thr_i : 8'd1;
  wire        ge   = (raw32 >= {24'd0, thr_e});
  wire        cond = ge ^ inv_i;

  always @* begin
    if (mode_i[1])      inc_o = {{(IW-1){1'b0}}, cond & ~prev_q};
    else if (mode_i[0]) inc_o = {{(IW-1){1'b0}}, cond};
    else                inc_o = raw_i;
  end

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) prev_q <= 1'b0;
    else         prev_q <= cond;
endmodule
