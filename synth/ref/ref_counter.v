// SPDX-License-Identifier: Apache-2.0
// ref_counter: area reference for synth/run_synth.py, a plain CSR counter of
// the kind a small RISC-V core keeps for mcycle/minstret (functionally like
// the performance counter of lowRISC Ibex with a 40-bit width; written from
// that description, not from Ibex sources).
//
//   * W-bit counter (33..64), cleared by the asynchronous active-low reset;
//   * inc_i adds 1 (wrapping modulo 2^W);
//   * a 32-bit CSR write replaces the low half (we_lo_i: bits 31:0) or the
//     high half (we_hi_i: bits W-1:32 from wdata_i[W-33:0]); a write wins
//     over the increment of the same cycle; with both enables set the high
//     half is written;
//   * value_o is the counter zero-extended to 64 bits (the CSR read view).
// No event selection, qualification, threshold or overflow logic: the ratio
// "pmu-ip per-counter event path / ref_counter" in synth/reports/area.md
// is the price of that machinery.
module ref_counter #(
  parameter integer W = 40
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        inc_i,
  input  wire        we_lo_i,
  input  wire        we_hi_i,
  input  wire [31:0] wdata_i,
  output wire [63:0] value_o
);
  reg  [W-1:0] cnt_q;
  reg  [W-1:0] cnt_d;

  always @* begin
    cnt_d = cnt_q;
    if (we_hi_i)
      cnt_d[W-1:32] = wdata_i[W-33:0];
    else if (we_lo_i)
      cnt_d[31:0] = wdata_i;
    else if (inc_i)
      cnt_d = cnt_q + {{(W-1){1'b0}}, 1'b1};
  end

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) cnt_q <= {W{1'b0}};
    else         cnt_q <= cnt_d;

  generate
    if (W < 64) begin : g_ext
      assign value_o = {{(64-W){1'b0}}, cnt_q};
    end else begin : g_full
      assign value_o = cnt_q;
    end
  endgenerate
endmodule
