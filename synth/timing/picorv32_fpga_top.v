// SPDX-License-Identifier: Apache-2.0
//
// PicoRV32 alone, for the fmax baseline of `make timing`
// (synth/timing/run_timing.py). The CPU is the one of the example SoC
// (sim/soc/soc_top.v): the same parameters (run_timing.py checks that the
// list below equals soc_top's), compiled with `define RISCV_FORMAL like the
// SoC, the same tie-offs (PCPI off, irq[31:5] and irq[2:0] zero) and the
// same outputs observed (memory bus, trap, eoi and the six RVFI signals the
// SoC's PMU events use). Only the PMU, the bridge, the RAM and the event logic
// are missing.
//
// The ports do not fit on the pins of the small packages, so:
//   - the CPU's inputs (mem_ready, mem_rdata, irq[4:3]) come from a shift
//     register loaded from one serial pin: every input is a flip-flop output;
//   - every observed output (all of them `output reg` inside PicoRV32) is
//     folded into a multiple-input signature register (MISR: each bit is
//     its neighbour xor one output bit) whose last bit drives one pin, so
//     no output logic is optimised away.
// The wrapper's only logic is the MISR's 2-input xor between two flip-flops:
// register-to-register, one LUT, never the critical path.
module picorv32_fpga_top #(
  parameter integer MEM_WORDS = 1024   // as the SoC's FPGA build (STACKADDR)
) (
  input  wire clk,
  input  wire resetn,
  input  wire din,      // serial CPU inputs
  output wire dout,     // serial signature of the CPU outputs
  output wire trap
);
  localparam integer NI = 1 + 32 + 2;                            // mem_ready, mem_rdata, irq[4:3]
  localparam integer NO = 1 + 1 + 32 + 32 + 4 + 32 + 1 + 32 + 1 + 32 + 32 + 32;

  reg  [NI-1:0] din_q;
  reg  [NO-1:0] misr;

  wire        mem_valid, mem_instr;
  wire [31:0] mem_addr, mem_wdata;
  wire [3:0]  mem_wstrb;
  wire [31:0] eoi;
  wire        rvfi_valid, rvfi_intr;
  wire [31:0] rvfi_insn, rvfi_pc_rdata, rvfi_pc_wdata, rvfi_mem_addr;

  /* verilator lint_off PINCONNECTEMPTY */
  picorv32 #(
    .ENABLE_COUNTERS(1), .ENABLE_COUNTERS64(1), .ENABLE_REGS_16_31(1), .ENABLE_REGS_DUALPORT(1),
    .BARREL_SHIFTER(1), .COMPRESSED_ISA(0), .CATCH_MISALIGN(1), .CATCH_ILLINSN(1),
    .ENABLE_PCPI(0), .ENABLE_MUL(1), .ENABLE_DIV(1), .ENABLE_IRQ(1), .ENABLE_IRQ_QREGS(1),
    .ENABLE_IRQ_TIMER(1), .PROGADDR_RESET(32'h0), .PROGADDR_IRQ(32'h10),
    .STACKADDR(MEM_WORDS * 4)
  ) u_cpu (
    .clk(clk), .resetn(resetn), .trap(trap),
    .mem_valid(mem_valid), .mem_instr(mem_instr), .mem_ready(din_q[0]), .mem_addr(mem_addr),
    .mem_wdata(mem_wdata), .mem_wstrb(mem_wstrb), .mem_rdata(din_q[32:1]),
    .mem_la_read(), .mem_la_write(), .mem_la_addr(), .mem_la_wdata(), .mem_la_wstrb(),
    .pcpi_valid(), .pcpi_insn(), .pcpi_rs1(), .pcpi_rs2(), .pcpi_wr(1'b0), .pcpi_rd(32'd0),
    .pcpi_wait(1'b0), .pcpi_ready(1'b0),
    .irq({27'd0, din_q[34:33], 3'd0}), .eoi(eoi),
`ifdef RISCV_FORMAL
    .rvfi_valid(rvfi_valid), .rvfi_order(), .rvfi_insn(rvfi_insn), .rvfi_trap(), .rvfi_halt(),
    .rvfi_intr(rvfi_intr), .rvfi_mode(), .rvfi_ixl(), .rvfi_rs1_addr(), .rvfi_rs2_addr(), .rvfi_rs1_rdata(),
    .rvfi_rs2_rdata(), .rvfi_rd_addr(), .rvfi_rd_wdata(), .rvfi_pc_rdata(rvfi_pc_rdata),
    .rvfi_pc_wdata(rvfi_pc_wdata), .rvfi_mem_addr(rvfi_mem_addr), .rvfi_mem_rmask(), .rvfi_mem_wmask(),
    .rvfi_mem_rdata(), .rvfi_mem_wdata(), .rvfi_csr_mcycle_rmask(), .rvfi_csr_mcycle_wmask(),
    .rvfi_csr_mcycle_rdata(), .rvfi_csr_mcycle_wdata(), .rvfi_csr_minstret_rmask(),
    .rvfi_csr_minstret_wmask(), .rvfi_csr_minstret_rdata(), .rvfi_csr_minstret_wdata(),
`endif
    .trace_valid(), .trace_data()
  );
  /* verilator lint_on PINCONNECTEMPTY */
`ifndef RISCV_FORMAL
  assign {rvfi_valid, rvfi_insn, rvfi_intr, rvfi_pc_rdata, rvfi_pc_wdata, rvfi_mem_addr} = 161'd0;
`endif

  always @(posedge clk) begin
    din_q <= {din_q[NI-2:0], din};
    misr  <= {misr[NO-2:0], misr[NO-1]} ^
             {mem_valid, mem_instr, mem_addr, mem_wdata, mem_wstrb, eoi,
              rvfi_valid, rvfi_insn, rvfi_intr, rvfi_pc_rdata, rvfi_pc_wdata, rvfi_mem_addr};
  end
  assign dout = misr[NO-1];
endmodule
