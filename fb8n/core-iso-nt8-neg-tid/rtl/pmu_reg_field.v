// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_reg_field: the one storage primitive of every software-writable
// register field with a hardware side (util/regblock.py, docs/regmap.md).
//   SW = 0 (RW)  : a software write loads wdata_i
//   SW = 1 (W1C) : a software write clears the bits where wdata_i is 1
//   SW = 2 (W1S) : a software write sets the bits where wdata_i is 1
// Then, in this order of precedence, hardware: hwclr_i clears a bit (wins
// over the software write), hwset_i sets a bit (wins over everything:
// "hardware set wins over write-1-to-clear", so no event is lost).
// Only the bits set in MASK (the register's fields) are flip-flops; the
// others are constant RESET bits (reserved bits read 0 and cost nothing).
module pmu_reg_field #(
  parameter integer W     = 1,
  parameter integer SW    = 0,
  parameter [W-1:0] RESET = {W{1'b0}},
  parameter [W-1:0] MASK  = {W{1'b1}}
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         we_i,      // software write of the field's register
  input  wire [W-1:0] wdata_i,   // the field's bits of the write data
  input  wire [W-1:0] hwclr_i,
  input  wire [W-1:0] hwset_i,
  output wire [W-1:0] q_o
);
  generate
    if (SW < 0 || SW > 2) begin : g_bad_sw pmu_illegal_parameter_SW_must_be_0_to_2 u_bad(); end
  endgenerate
  /* verilator lint_off UNUSEDSIGNAL */   // the bits outside MASK
  wire [W-1:0] wm = we_i ? wdata_i : {W{1'b0}};
  wire [W-1:0] sw_d = (SW == 1) ? (q_o & ~wm) : (SW == 2) ? (q_o | wm) : (we_i ? wdata_i : q_o);
  wire [W-1:0] d = (sw_d & ~hwclr_i) | hwset_i;
  /* verilator lint_on UNUSEDSIGNAL */
  genvar i;
  generate
    for (i = 0; i < W; i = i + 1) begin : g_bit
      if (MASK[i]) begin : g_ff
        reg b;
        always @(posedge clk_i or negedge rst_ni)
          if (!rst_ni) b <= RESET[i];
          else         b <= d[i];
        assign q_o[i] = b;
      end else begin : g_const
        assign q_o[i] = RESET[i];
      end
    end
  endgenerate
endmodule
