`timescale 1ns/1ps
// pmu_mem2apb: bridge from a PicoRV32-style native memory port (valid/ready,
// byte write strobes) to an APB4 master, for a zero- or multi-wait-state
// APB4 slave such as pmu_core.
//
//   cycle 1 (setup):  mem_valid_i & sel_i -> PSEL=1, PENABLE=0
//   cycle 2.. (access): PSEL=1, PENABLE=1 until PREADY; PRDATA and PSLVERR
//                       of the PREADY cycle are registered
//   next cycle:        mem_ready_o=1, mem_rdata_o/err_o from the registers
//                      (PSEL=0: no new transfer starts while the CPU takes
//                      the response)
// The response is registered so that no path runs from the slave's read
// mux through the CPU's load path in one cycle: an access takes one cycle
// more than the APB transfer (3 cycles with a zero-wait-state slave).
//
// PWRITE = |mem_wstrb_i, PSTRB = mem_wstrb_i (a read has PSTRB=0), PPROT =
// prot_i, PAUSER (APB5 user sideband: the issuing hardware thread, pmu_core
// ptid_i) = user_i; like prot_i it must be held stable while valid (tie it
// to 3'd0 for a single-threaded CPU such as PicoRV32). The master must hold address/data/strobes stable while valid (as
// PicoRV32 does) and drop valid in the cycle after mem_ready_o. PSLVERR is
// returned as err_o together with mem_ready_o (one-cycle pulse); the CPU side
// decides what to do with it (the example SoC counts it and raises an IRQ).
module pmu_mem2apb #(
  parameter integer AW = 12                // APB address bits passed through
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // native memory port (slave side)
  input  wire          mem_valid_i,
  input  wire          sel_i,             // address decode: this window
  input  wire [AW-1:0] mem_addr_i,
  input  wire [31:0]   mem_wdata_i,
  input  wire [3:0]    mem_wstrb_i,
  input  wire [2:0]    prot_i,
  input  wire [2:0]    user_i,            // thread ID of the access (-> PAUSER)
  output wire          mem_ready_o,
  output wire [31:0]   mem_rdata_o,
  output wire          err_o,
  // APB4 master
  output wire          psel_o,
  output wire          penable_o,
  output wire          pwrite_o,
  output wire [AW-1:0] paddr_o,
  output wire [31:0]   pwdata_o,
  output wire [3:0]    pstrb_o,
  output wire [2:0]    pprot_o,
  output wire [2:0]    pauser_o,          // APB5 PAUSER: thread ID
  input  wire          pready_i,
  input  wire [31:0]   prdata_i,
  input  wire          pslverr_i
);
  reg        access_q, done_q, err_q;
  reg [31:0] rdata_q;
  wire       last = access_q & pready_i;   // the APB transfer ends this cycle

  assign psel_o    = mem_valid_i & sel_i & ~done_q;
  assign penable_o = access_q;
  assign pwrite_o  = |mem_wstrb_i;
  assign paddr_o   = mem_addr_i;
  assign pwdata_o  = mem_wdata_i;
  assign pstrb_o   = mem_wstrb_i;
  assign pprot_o   = prot_i;
  assign pauser_o  = user_i;

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) begin
      access_q <= 1'b0; done_q <= 1'b0; err_q <= 1'b0; rdata_q <= 32'd0;
    end else begin
      access_q <= access_q ? ~pready_i : psel_o;
      done_q   <= last;
      if (last) begin
        rdata_q <= prdata_i;
        err_q   <= pslverr_i;
      end
    end

  assign mem_ready_o = done_q;
  assign mem_rdata_o = rdata_q;
  assign err_o       = done_q & err_q;
endmodule
