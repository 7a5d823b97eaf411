// pmu_mem2apb: bridge from a PicoRV32-style native memory port (valid/ready,
// byte write strobes) to an APB4 master, for a zero- or multi-wait-state
// APB4 slave such as pmu_core.
//
//   cycle 1 (setup):  mem_valid_i & sel_i -> PSEL=1, PENABLE=0
//   cycle 2.. (access): PSEL=1, PENABLE=1 until PREADY; in the PREADY cycle
//                       mem_ready_o=1 and mem_rdata_o=PRDATA
//
// PWRITE = |mem_wstrb_i, PSTRB = mem_wstrb_i (a read has PSTRB=0), PPROT =
// prot_i. The master must hold address/data/strobes stable while valid (as
// PicoRV32 does) and drop valid in the cycle after mem_ready_o. PSLVERR is
// returned as err_o together with mem_ready_o (one cycle pulse); the CPU side
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
  input  wire          pready_i,
  input  wire [31:0]   prdata_i,
  input  wire          pslverr_i
);
  reg access_q;

  assign psel_o    = mem_valid_i & sel_i;
  assign penable_o = access_q;
  assign pwrite_o  = |mem_wstrb_i;
  assign paddr_o   = mem_addr_i;
  assign pwdata_o  = mem_wdata_i;
  assign pstrb_o   = mem_wstrb_i;
  assign pprot_o   = prot_i;

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni)                        access_q <= 1'b0;
    else if (access_q)                  access_q <= ~pready_i;
    else                                access_q <= psel_o;

  assign mem_ready_o = access_q & pready_i;
  assign mem_rdata_o = prdata_i;
  assign err_o       = access_q & pready_i & pslverr_i;
endmodule
