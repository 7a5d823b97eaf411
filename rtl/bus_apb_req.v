// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// bus_apb_req: one-transfer APB4 master, the APB side shared by the bus
// bridges rtl/pmu_axil2apb.v and rtl/pmu_wb2apb.v (the bridge decides when a
// transfer starts and what to do with its response).
//
//   start_i (cycle 0): write_i/addr_i/wdata_i/strb_i/prot_i/user_i are registered
//   cycle 1:  APB setup (PSEL=1, PENABLE=0)
//   cycle 2.. APB access (PENABLE=1) until PREADY: last_o=1 in that cycle,
//             PRDATA/PSLVERR are valid there (the bridge registers them);
//             PSEL=PENABLE=0 in the cycle after.
// start_i must only be given while no transfer is on APB (psel_o=0). Every
// APB output is a register; PWDATA/PSTRB are 0 on a read, as APB4 asks.
// PAUSER (APB5 user sideband, pauser_o) carries the request's user_i: the
// hardware thread that issued the access (pmu_core ptid_i), registered with
// the request exactly like PPROT.
// Cycle-exact twin: the APB side of axil_model / wb_model in
// cmodel/pmu_bus_model.c. Named bus_*, not pmu_*: like the bridges it is
// not part of pmu_core, and outside the rtl/pmu_*.v sources that the
// measurement reports (synth/report_stamp.py) and synth/timing/run_timing.py
// glob.
module bus_apb_req #(
  parameter integer AW = 12                // address bits passed through
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // request (sampled with start_i)
  input  wire          start_i,            // start a transfer (only while psel_o=0)
  input  wire          write_i,
  input  wire [AW-1:0] addr_i,
  input  wire [31:0]   wdata_i,
  input  wire [3:0]    strb_i,
  input  wire [2:0]    prot_i,
  input  wire [2:0]    user_i,             // thread ID of the request (-> PAUSER)
  output wire          last_o,             // the APB transfer ends this cycle (PENABLE & PREADY)
  // APB4 master
  output wire          psel_o,
  output wire          penable_o,
  output wire          pwrite_o,
  output wire [AW-1:0] paddr_o,
  output wire [31:0]   pwdata_o,
  output wire [3:0]    pstrb_o,
  output wire [2:0]    pprot_o,
  output wire [2:0]    pauser_o,           // APB5 PAUSER: thread ID
  input  wire          pready_i
);
  reg          psel_q, penable_q, pwrite_q;
  reg [AW-1:0] paddr_q;
  reg [31:0]   pwdata_q;
  reg [3:0]    pstrb_q;
  reg [2:0]    pprot_q;
  reg [2:0]    pauser_q;

  wire last = penable_q & pready_i;

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) begin
      psel_q <= 1'b0; penable_q <= 1'b0; pwrite_q <= 1'b0; paddr_q <= {AW{1'b0}};
      pwdata_q <= 32'd0; pstrb_q <= 4'd0; pprot_q <= 3'd0; pauser_q <= 3'd0;
    end else if (start_i) begin
      psel_q    <= 1'b1;
      penable_q <= 1'b0;
      pwrite_q  <= write_i;
      paddr_q   <= addr_i;
      pprot_q   <= prot_i;
      pauser_q  <= user_i;
      pwdata_q  <= write_i ? wdata_i : 32'd0;
      pstrb_q   <= write_i ? strb_i : 4'd0;
    end else if (psel_q & ~penable_q) begin
      penable_q <= 1'b1;
    end else if (last) begin
      psel_q    <= 1'b0;
      penable_q <= 1'b0;
    end

  assign last_o    = last;
  assign psel_o    = psel_q;
  assign penable_o = penable_q;
  assign pwrite_o  = pwrite_q;
  assign paddr_o   = paddr_q;
  assign pwdata_o  = pwdata_q;
  assign pstrb_o   = pstrb_q;
  assign pprot_o   = pprot_q;
  assign pauser_o  = pauser_q;
endmodule
