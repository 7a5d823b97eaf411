// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_latch_word: one word of a latch register file (like PULP's
// register_file_1r_1w_latch), for register fields only the bus writes
// (pmu_yield with YSTORE=1, docs/yield.md). Reset value 0.
// d_i is the write data staged in flip-flops the words share (the parent's:
// the write of cycle t is there from rising edge t on); we_i is this cycle's
// write enable, staged here in one flip-flop. A clock gate opens the word's
// latches in the low phase after edge t: transparent from the falling edge
// to edge t+1, so the value seen at every rising edge (and by every reader
// in the low phase) is the enable flip-flop's. The gate is a negative-phase
// ICG (enable latch transparent while clk_i is high, AND with ~clk_i):
// glitch-free. Reset sets its enable latch: every word is open in the low
// phases while (and after) rst_ni is low and loads the staged data, whose
// flip-flops reset to 0; the reset needs one low clock phase before the
// first rising edge after it (the clock stopped high all through the reset
// does not clear the words).
module pmu_latch_word #(
  parameter integer W = 1
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         we_i,      // write enable of this cycle
  input  wire [W-1:0] d_i,       // staged write data (the write of the previous cycle)
  output wire [W-1:0] q_o
);
  reg we_q;                        // staged write enable
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) we_q <= 1'b0;
    else         we_q <= we_i;
  /* verilator lint_off LATCH */   // intended: the clock gate's enable latch and the word's latches
  reg en_l;
  always @*
    if (!rst_ni)    en_l = 1'b1;
    else if (clk_i) en_l = we_q;
  wire g = ~clk_i & en_l;          // the word's gated enable: low phase only
  reg [W-1:0] q;
  always @*
    if (g) q = d_i;
  /* verilator lint_on LATCH */
  assign q_o = q;
endmodule
