// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_wb2apb: Wishbone slave (32-bit data, byte selects) to APB4 master
// bridge, one transfer at a time, for a zero- or multi-wait-state APB4 slave
// such as pmu_core (wrapper: rtl/pmu_core_wb.v). It serves classic masters
// (B3, B4 standard mode: no STALL, CYC & STB held until ACK/ERR) and B4
// pipelined masters; PIPELINED_ONLY selects the timing of STALL.
//
// A request is taken when CYC & STB & !STALL. STALL is high from the cycle
// after a request is taken until its APB transfer ends (the bridge holds one
// request), so exactly one request is outstanding; each taken request gets
// exactly one ACK (PSLVERR=0) or ERR (PSLVERR=1) pulse:
//   cycle 0: CYC & STB & !STALL                -> request taken, STALL=1 next
//   cycle 1: APB setup (PSEL=1, PENABLE=0)
//   cycle 2: APB access (PENABLE=1) until PREADY; PRDATA/PSLVERR registered
//   cycle 3: ACK or ERR, DAT_O (held until the next response)
// i.e. 3 cycles from request to ACK with a zero-wait slave. In the response
// cycle (cycle 3):
//   PIPELINED_ONLY=0: STALL stays high, so no request is taken in the
//     ACK/ERR cycle; STALL drops in the cycle after it. A classic master,
//     which still holds CYC & STB of the answered request in the ACK cycle,
//     has it taken once. One transfer every 4 cycles in a pipelined stream.
//   PIPELINED_ONLY=1: STALL=0, so the next request can be taken in the ACK
//     cycle: one transfer every 3 cycles in a pipelined stream, for B4
//     pipelined masters only. A classic master's request, still held in the
//     ACK cycle, would be taken a second time there: each transfer would be
//     executed twice on APB.
// Every output is a register (the APB master: rtl/bus_apb_req.v).
// CYC dropped (abort): an APB transfer cannot be cancelled, so a taken
// request is still carried out on APB (a write still writes), but if CYC is
// low in any cycle from the one after it was taken to the APB transfer's
// last cycle, its ACK/ERR is not given (the master has left the cycle and
// must not see a stale response in its next one).
// Wishbone has no protection signal: prot_i[2:0] is sampled with the
// request and driven on PPROT (bit 0 = privileged: tie to 3'b001 for a
// machine-mode-only master, or drive it from the CPU's privilege level).
// The thread ID of the request (tga_i[2:0], a Wishbone address tag: the
// hardware thread that issued the access) is sampled with the request like
// prot_i and driven on PAUSER (APB5 user sideband; pmu_core ptid_i).
// PWRITE = WE, PADDR = ADR, PWDATA/PSTRB = DAT_I/SEL (0 on reads).
// Cycle-exact twin: cmodel/pmu_bus_model.c (wb_model).
module pmu_wb2apb #(
  parameter integer AW             = 12,   // address bits passed through
  parameter integer PIPELINED_ONLY = 0     // 1: a request may be taken in the ACK/ERR cycle (B4 pipelined masters only)
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // Wishbone slave (classic and B4 pipelined)
  input  wire          cyc_i,
  input  wire          stb_i,
  input  wire          we_i,
  input  wire [AW-1:0] adr_i,
  input  wire [31:0]   dat_i,
  input  wire [3:0]    sel_i,
  input  wire [2:0]    prot_i,             // APB PPROT for this request (not a Wishbone signal)
  input  wire [2:0]    tga_i,              // address tag TGA: thread ID of the request (-> PAUSER)
  output wire          stall_o,
  output wire          ack_o,
  output wire          err_o,
  output wire [31:0]   dat_o,
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
  reg          busy_q, abort_q, ack_q, err_q;
  reg [31:0]   dat_q;

  wire take  = cyc_i & stb_i & ~busy_q;
  wire last;                               // the APB transfer ends this cycle

  // APB master (registers): the request taken here
  bus_apb_req #(.AW(AW)) u_apb (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .start_i(take), .write_i(we_i), .addr_i(adr_i), .wdata_i(dat_i), .strb_i(sel_i), .prot_i(prot_i),
    .user_i(tga_i),
    .last_o(last),
    .psel_o(psel_o), .penable_o(penable_o), .pwrite_o(pwrite_o), .paddr_o(paddr_o), .pwdata_o(pwdata_o),
    .pstrb_o(pstrb_o), .pprot_o(pprot_o), .pauser_o(pauser_o), .pready_i(pready_i)
  );
  wire abort = abort_q | ~cyc_i;           // CYC low since the request was taken
  // busy_q (= STALL) after the APB transfer's last cycle: held through the
  // response cycle (PIPELINED_ONLY=0), or cleared with it
  localparam HOLD = (PIPELINED_ONLY == 0) ? 1'b1 : 1'b0;

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) begin
      busy_q <= 1'b0; abort_q <= 1'b0; ack_q <= 1'b0; err_q <= 1'b0; dat_q <= 32'd0;
    end else begin
      ack_q <= 1'b0;
      err_q <= 1'b0;
      if (take) begin
        busy_q    <= 1'b1;
        abort_q   <= 1'b0;
      end else if (psel_o & ~penable_o) begin
        abort_q   <= abort;
      end else if (last) begin
        busy_q    <= HOLD;
        abort_q   <= 1'b0;
        ack_q     <= ~pslverr_i & ~abort;
        err_q     <= pslverr_i & ~abort;
        dat_q     <= prdata_i;
      end else if (busy_q & ~psel_o) begin  // the response cycle (HOLD): STALL drops next
        busy_q    <= 1'b0;
      end else if (busy_q) begin
        abort_q   <= abort;
      end
    end

  assign stall_o   = busy_q;
  assign ack_o     = ack_q;
  assign err_o     = err_q;
  assign dat_o     = dat_q;
endmodule
