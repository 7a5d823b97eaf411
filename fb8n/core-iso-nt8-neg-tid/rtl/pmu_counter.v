`timescale 1ns/1ps
// pmu_counter: W-bit programmable event counter. Priority per edge:
// preset write, then clear, then count. Wraps modulo 2^W; ovf_o pulses in the
// cycle whose increment carries out of bit W-1 (the wrapped value is kept,
// so no count is lost: software adds 2^W per overflow). Reading is a plain
// look at cnt_o and never disturbs counting.
module pmu_counter #(
  parameter integer W  = 40,
  parameter integer IW = 8
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          en_i,     // count this cycle
  input  wire [IW-1:0] inc_i,
  input  wire          clr_i,
  input  wire          we_i,     // preset
  input  wire [W-1:0]  wdata_i,
  output reg  [W-1:0]  cnt_o,
  output wire          ovf_o
);
  // The enable gates the increment (not the flip-flops): with en_i low the
  // sum is the counter itself and cannot carry, so the register takes the
  // sum every cycle that is not a write or a clear, without a hold mux.
  wire [W:0] sum = {1'b0, cnt_o} + {{(W+1-IW){1'b0}}, inc_i & {IW{en_i}}};
  assign ovf_o = ~we_i & ~clr_i & sum[W];

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni)    cnt_o <= {W{1'b0}};
    else if (we_i)  cnt_o <= wdata_i;
    else if (clr_i) cnt_o <= {W{1'b0}};
    else            cnt_o <= sum[W-1:0];
endmodule
