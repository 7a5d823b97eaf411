`timescale 1ns/1ps
// pcpi_csr: PicoRV32 co-processor interface (PCPI) to pmu_core's RISC-V CSR
// port (XLEN=32, docs/riscv.md): the CSR instructions PicoRV32 does not
// execute itself (everything but its rdcycle[h]/rdinstret[h]) reach PCPI as
// unknown instructions; this adapter hands each one to pmu_core once.
//
// Decode (SYSTEM opcode 0x73, funct3 1 CSRRW, 2 CSRRS, 3 CSRRC, 5 CSRRWI,
// 6 CSRRSI, 7 CSRRCI): csr_addr = insn[31:20]; csr_op = 1 write for
// CSRRW[I], 2 set / 3 clear for CSRRS[I] / CSRRC[I], 0 read only when their
// rs1 field (register number or uimm) is 0; csr_wdata = rs1's value, or the
// zero-extended uimm for the immediate forms. PicoRV32 runs everything in
// M-mode: csr_priv = {V=0, PRV=3}.
//
// PicoRV32 raises pcpi_valid in the cycle after it enters its ld_rs1 state
// and holds it until pcpi_ready, or until its PCPI timeout (16 cycles)
// raises the illegal-instruction trap (irq[1]). csr_valid is the first
// cycle of pcpi_valid only (done_q blocks the rest of a held request, so a
// CSR write is never applied twice). pcpi_ready / pcpi_wr / pcpi_rd answer
// in that same cycle, combinationally from pmu_core's hit / exception
// outputs, when the CSR is pmu-ip's (csr_hit) and raises no exception;
// otherwise the adapter stays silent and PicoRV32's timeout traps the
// instruction (a CSR of no one, or an illegal / virtual-instruction access).
module pcpi_csr (
  input  wire        clk_i,
  input  wire        rst_ni,
  // PicoRV32 PCPI (co-processor side)
  input  wire        pcpi_valid_i,
  input  wire [31:0] pcpi_insn_i,
  input  wire [31:0] pcpi_rs1_i,
  output wire        pcpi_wr_o,
  output wire [31:0] pcpi_rd_o,
  output wire        pcpi_wait_o,
  output wire        pcpi_ready_o,
  // pmu_core CSR port (XLEN=32)
  output wire        csr_valid_o,
  output wire [11:0] csr_addr_o,
  output wire [1:0]  csr_op_o,
  output wire [31:0] csr_wdata_o,
  output wire [2:0]  csr_priv_o,
  input  wire        csr_hit_i,
  input  wire [31:0] csr_rdata_i,
  input  wire        csr_ill_i,
  input  wire        csr_virt_i
);
  wire [2:0] funct3 = pcpi_insn_i[14:12];
  wire [4:0] src    = pcpi_insn_i[19:15];    // rs1 number or uimm
  wire       is_csr = pcpi_insn_i[6:0] == 7'h73 && funct3[1:0] != 2'b00;
  wire       unused_rd = &{1'b0, pcpi_insn_i[11:7]};   // rd: PicoRV32 writes pcpi_rd to it

  // the request's access has been handed to pmu_core (until pcpi_valid falls)
  reg done_q;
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni)            done_q <= 1'b0;
    else if (!pcpi_valid_i) done_q <= 1'b0;
    else if (is_csr)        done_q <= 1'b1;

  assign csr_valid_o = pcpi_valid_i && is_csr && !done_q;
  assign csr_addr_o  = pcpi_insn_i[31:20];
  assign csr_op_o    = funct3[1:0] == 2'b01 ? 2'd1 :
                       src == 5'd0          ? 2'd0 :
                       funct3[1:0] == 2'b10 ? 2'd2 : 2'd3;
  assign csr_wdata_o = funct3[2] ? {27'd0, src} : pcpi_rs1_i;
  assign csr_priv_o  = 3'b011;

  wire ok = csr_valid_o && csr_hit_i && !csr_ill_i && !csr_virt_i;
  assign pcpi_ready_o = ok;
  assign pcpi_wr_o    = ok;
  assign pcpi_rd_o    = ok ? csr_rdata_i : 32'd0;
  assign pcpi_wait_o  = 1'b0;                // never: PicoRV32's timeout must run for a trap
endmodule
