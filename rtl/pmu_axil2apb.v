// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_axil2apb: AXI4-Lite slave (32-bit data) to APB4 master bridge, one
// APB transfer at a time, for a zero- or multi-wait-state APB4 slave such as
// pmu_core (wrapper: rtl/pmu_core_axil.v).
//
// Channels. AW, W and AR each have a one-entry buffer; xREADY is high while
// the buffer is empty (AWREADY = ~aw_full, WREADY = ~w_full, ARREADY =
// ~ar_full), so AW and W may arrive in either order or together, and a
// channel's next request can be taken while the previous transfer is still
// on APB. A write is ready when AW and W are both buffered and the B channel
// is free (BVALID low, or BVALID & BREADY this cycle); a read when AR is
// buffered and the R channel is free likewise.
// Arbitration: when the APB side is idle and both a read and a write are
// ready, the one of the other kind than the last started transfer goes
// first (reads and writes alternate, neither starves); otherwise the ready
// one starts.
// APB timing (every output of the bridge is a register, so no path runs
// from an AXI input through the APB slave's read mux back out; the APB
// master is rtl/bus_apb_req.v):
//   cycle 0: AW&W (or AR) handshake            -> buffer full
//   cycle 1: arbitration (APB idle)            -> PSEL=1 next
//   cycle 2: APB setup (PSEL=1, PENABLE=0)
//   cycle 3: APB access (PENABLE=1) until PREADY; PRDATA/PSLVERR registered
//   cycle 4: BVALID (RVALID, RDATA), held until BREADY (RREADY)
// i.e. 4 cycles from handshake to response with a zero-wait slave, and one
// transfer every 3 cycles in a stream when the master takes responses at once.
// Mapping: PADDR = AxADDR, PPROT = AxPROT, PAUSER = AxUSER (the AXI user
// sideband, here the 3-bit ID of the hardware thread that issued the access,
// buffered with AxADDR/AxPROT: AWUSER for writes, ARUSER for reads), PWRITE for writes, PWDATA/PSTRB =
// WDATA/WSTRB (0 on reads, as APB4 asks); PSLVERR -> xRESP = SLVERR (2'b10),
// else OKAY (2'b00); RDATA = PRDATA of the access (pmu_core returns 0 on an
// error). Cycle-exact twin: cmodel/pmu_bus_model.c (axil_model).
module pmu_axil2apb #(
  parameter integer AW = 12                // address bits passed through
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // AXI4-Lite slave
  input  wire          awvalid_i,
  output wire          awready_o,
  input  wire [AW-1:0] awaddr_i,
  input  wire [2:0]    awprot_i,
  input  wire [2:0]    awuser_i,           // thread ID of the write (-> PAUSER)
  input  wire          wvalid_i,
  output wire          wready_o,
  input  wire [31:0]   wdata_i,
  input  wire [3:0]    wstrb_i,
  output wire          bvalid_o,
  input  wire          bready_i,
  output wire [1:0]    bresp_o,
  input  wire          arvalid_i,
  output wire          arready_o,
  input  wire [AW-1:0] araddr_i,
  input  wire [2:0]    arprot_i,
  input  wire [2:0]    aruser_i,           // thread ID of the read (-> PAUSER)
  output wire          rvalid_o,
  input  wire          rready_i,
  output wire [31:0]   rdata_o,
  output wire [1:0]    rresp_o,
  // APB4 master
  output wire          psel_o,
  output wire          penable_o,
  output wire          pwrite_o,
  output wire [AW-1:0] paddr_o,
  output wire [31:0]   pwdata_o,
  output wire [3:0]    pstrb_o,
  output wire [2:0]    pprot_o,
  output wire [2:0]    pauser_o,           // APB5 PAUSER: thread ID
  input  wire          pready_i,
  input  wire [31:0]   prdata_i,
  input  wire          pslverr_i
);
  // request buffers
  reg          aw_q, w_q, ar_q;
  reg [AW-1:0] awaddr_q, araddr_q;
  reg [2:0]    awprot_q, arprot_q;
  reg [2:0]    awuser_q, aruser_q;
  reg [31:0]   wdata_q;
  reg [3:0]    wstrb_q;
  // responses
  reg          bvalid_q, berr_q, rvalid_q, rerr_q;
  reg [31:0]   rdata_q;
  reg          rd_last_q;                  // the last started transfer was a read

  wire wr_go    = aw_q & w_q & (~bvalid_q | bready_i);
  wire rd_go    = ar_q & (~rvalid_q | rready_i);
  wire start_rd = ~psel_o & rd_go & (~wr_go | ~rd_last_q);
  wire start_wr = ~psel_o & wr_go & ~start_rd;
  wire last;                               // the APB transfer ends this cycle

  // APB master (registers): the request of the transfer started here
  bus_apb_req #(.AW(AW)) u_apb (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .start_i(start_wr | start_rd), .write_i(start_wr), .addr_i(start_wr ? awaddr_q : araddr_q),
    .wdata_i(wdata_q), .strb_i(wstrb_q), .prot_i(start_wr ? awprot_q : arprot_q),
    .user_i(start_wr ? awuser_q : aruser_q),
    .last_o(last),
    .psel_o(psel_o), .penable_o(penable_o), .pwrite_o(pwrite_o), .paddr_o(paddr_o), .pwdata_o(pwdata_o),
    .pstrb_o(pstrb_o), .pprot_o(pprot_o), .pauser_o(pauser_o), .pready_i(pready_i)
  );

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) begin
      aw_q <= 1'b0; w_q <= 1'b0; ar_q <= 1'b0;
      awaddr_q <= {AW{1'b0}}; araddr_q <= {AW{1'b0}}; awprot_q <= 3'd0; arprot_q <= 3'd0;
      awuser_q <= 3'd0; aruser_q <= 3'd0;
      wdata_q <= 32'd0; wstrb_q <= 4'd0;
      bvalid_q <= 1'b0; berr_q <= 1'b0; rvalid_q <= 1'b0; rerr_q <= 1'b0; rdata_q <= 32'd0;
      rd_last_q <= 1'b0;
    end else begin
      // buffers: filled on the handshake, emptied when their transfer starts
      if (awvalid_i & ~aw_q) begin awaddr_q <= awaddr_i; awprot_q <= awprot_i; awuser_q <= awuser_i; end
      if (wvalid_i & ~w_q)   begin wdata_q <= wdata_i; wstrb_q <= wstrb_i; end
      if (arvalid_i & ~ar_q) begin araddr_q <= araddr_i; arprot_q <= arprot_i; aruser_q <= aruser_i; end
      aw_q <= start_wr ? 1'b0 : (aw_q | awvalid_i);
      w_q  <= start_wr ? 1'b0 : (w_q | wvalid_i);
      ar_q <= start_rd ? 1'b0 : (ar_q | arvalid_i);
      if (start_wr | start_rd) rd_last_q <= start_rd;
      // responses
      if (last & pwrite_o) begin
        bvalid_q <= 1'b1; berr_q <= pslverr_i;
      end else if (bready_i) bvalid_q <= 1'b0;
      if (last & ~pwrite_o) begin
        rvalid_q <= 1'b1; rerr_q <= pslverr_i; rdata_q <= prdata_i;
      end else if (rready_i) rvalid_q <= 1'b0;
    end

  assign awready_o = ~aw_q;
  assign wready_o  = ~w_q;
  assign arready_o = ~ar_q;
  assign bvalid_o  = bvalid_q;
  assign bresp_o   = {berr_q, 1'b0};
  assign rvalid_o  = rvalid_q;
  assign rdata_o   = rdata_q;
  assign rresp_o   = {rerr_q, 1'b0};
endmodule
