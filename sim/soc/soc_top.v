`timescale 1ns/1ps
// Example SoC: PicoRV32 (rv32im, counters, IRQs; from the PyPI package
// pythondata-cpu-picorv32, compiled with `define RISCV_FORMAL for its RVFI
// port) + RAM + a memory-mapped I/O port + pmu_core behind pmu_mem2apb.
//
// Memory map
//   0x0000_0000  RAM, MEM_WORDS x 32 bit, 1 wait state, loaded from FIRMWARE
//   0x1000_0000  I/O window: every access is forwarded on io_* for the bench
//                (print port, exit, report); reads return io_rdata_i
//   0x2000_0000  pmu_core registers (4 KiB), APB4 via pmu_mem2apb
//   0x3000_0000  yield capture (two read-only words, below)
//
// PMU events (NT=1, NCLS=8; class c sub-event s is ev_i bit c*16+s),
// all derived from PicoRV32's own signals; sw/pmu_events_soc.h names them.
//   0 CYCLES  s0 every cycle  s1 memory wait (mem_valid & !mem_ready)
//             s2 no instruction retired (!rvfi_valid)  s3 inside an IRQ handler (|eoi)
//   1 INST    s0 retired (rvfi_valid)  s1 ALU (OP/OP-IMM/LUI/AUIPC)  s2 MUL/DIV
//             s3 SYSTEM/custom-0 (csr, rdcycle, ecall, picorv32 irq ops)
//   2 MEM     s0 load retired  s1 store retired
//   3 BR      s0 conditional taken  s1 conditional not taken  s2 JAL/JALR
//   4 BUS     s0 instruction fetch  s1 data read  s2 data write  s3 PMU access
//             (handshakes mem_valid & mem_ready)
//   7 FLOP    (FLOP_CLASS) tied off: no FPU
// CPL: 0 (counts as OS) while an IRQ handler runs, 3 (USR) otherwise. In a
// cycle where an instruction retires, the mode is that of the retiring
// instruction (RVFI: rvfi_intr marks a handler's first instruction, its
// retirq its last), else the CPU's current mode (|eoi).
// IRQs: irq[0] PicoRV32 timer, irq[1] ecall/ebreak/illegal instruction
// (PicoRV32's own), irq[3] PMU overflow, irq[4] APB PSLVERR (latched),
// irq[5] yield delivered (pmu_core yield_o, registered once; latched),
// irq[6] (PMU_XLEN=32) Sscofpmf local counter-overflow interrupt (pmu_core
// lcofi_o, registered once; latched).
// RISC-V CSR view (PMU_XLEN=32; docs/riscv.md): pmu_core's CSR port behind
// PicoRV32's co-processor interface (ENABLE_PCPI, sim/soc/pcpi_csr.v), so
// firmware reads and writes mhpmcounter*/mhpmevent*/mcountinhibit/scountovf
// with csrr/csrw/csrs/csrc; an access that is illegal, or to a CSR that
// neither PicoRV32 nor pmu-ip has, times out in PCPI and traps (irq[1]).
// Every instruction runs in M-mode; the xINH filters see rv_mode = M
// inside an IRQ handler and U elsewhere (the CPL 0 / 3 split above).
// PMU_XLEN=0 (default): no PCPI, the CSR port tied off.
// Yield channels (docs/yield_soc.md): yev_i[7:0] are SoC events of the
// registered event vector, aligned with the CPL like the counters' events:
//   0 load retired  1 store retired  2 cond. branch taken  3 not taken
//   4 JAL/JALR  5 MUL/DIV retired  6 instruction retired  7 memory wait cycle
// (sw/pmu_events_soc.h SOC_YEV_*; event-vector bit 16+k). PicoRV32 cannot
// jump to a yield target itself: yield_o raises irq[5] and the SoC keeps a
// yield capture of the last delivery for the firmware's interrupt entry,
// which calls the target and ERETs:
//   0x3000_0000  read-only: [2:0] channel, [8] ring (1 = ring 3),
//                [31:16] number of deliveries since reset (wraps)
//   0x3000_0004  read-only: the delivered target (yield_tgt_o)
// Writes to the capture window are ignored.
module soc_top #(
  parameter integer MEM_WORDS = 32768,
  parameter integer PMU_NC    = 8,     // the firmware's checks expect 8 (FPGA builds use fewer)
  parameter integer PMU_NCH   = 4,     // yield channels per ring
  parameter integer PMU_YIELD = 1,     // the yield block (pmu_core HAS_YIELD); 0: left out (an FPGA build of the CSR view)
  parameter integer PMU_YCAP  = 1,     // capture records (the yield demo reads them); FPGA builds leave them out
  parameter integer PMU_XLEN  = 0,     // 0: native map only; 32: pmu_core's RISC-V CSR view via PCPI
  parameter         FIRMWARE  = "firmware.hex"
) (
  input  wire        clk,
  input  wire        resetn,
  output wire        trap,
  // I/O window, valid for one cycle per access
  output wire        io_valid_o,
  output wire [7:0]  io_addr_o,
  output wire [31:0] io_wdata_o,
  output wire [3:0]  io_wstrb_o,
  input  wire [31:0] io_rdata_i,
  // bus monitor for the bench
  output wire        mon_valid_o,
  output wire        mon_ready_o,
  output wire        mon_instr_o,
  output wire [31:0] mon_addr_o,
  output wire [3:0]  mon_wstrb_o,
  output wire        pmu_irq_o
);
  localparam integer NCLS = 8;
  localparam integer PXW  = PMU_XLEN == 32 ? 32 : 64;   // pmu_core's CSR port width (XW)

  wire        mem_valid, mem_instr, mem_ready;
  wire [31:0] mem_addr, mem_wdata, mem_rdata;
  wire [3:0]  mem_wstrb;
  wire [31:0] eoi;
  wire        rvfi_valid, rvfi_intr;
  wire [31:0] rvfi_insn, rvfi_pc_rdata, rvfi_pc_wdata, rvfi_mem_addr;
  reg         err_irq_q, yirq_q;
  wire        pmu_irq, apb_err;
  wire        yld, yld_ring;
  wire [2:0]  yld_ch;
  wire [31:0] yld_tgt;
  // PCPI and pmu_core's CSR port
  wire        pcpi_valid, pcpi_wr, pcpi_wait, pcpi_ready;
  wire [31:0] pcpi_insn, pcpi_rs1, pcpi_rd;
  wire        csr_valid, csr_hit, csr_ill, csr_virt, lcofi;
  wire [11:0] csr_addr;
  wire [1:0]  csr_op;
  wire [2:0]  csr_priv;
  wire [PXW-1:0] csr_wdata, csr_rdata;
  reg         lcofi_q;

  // Outputs of PicoRV32 and pmu_core that the SoC does not use are left open
  // on purpose (by name, so a renamed port is still an error): Verilator's
  // PINCONNECTEMPTY style warning is turned off for the two instances only.
  /* verilator lint_off PINCONNECTEMPTY */
  picorv32 #(
    .ENABLE_COUNTERS(1), .ENABLE_COUNTERS64(1), .ENABLE_REGS_16_31(1), .ENABLE_REGS_DUALPORT(1),
    .BARREL_SHIFTER(1), .COMPRESSED_ISA(0), .CATCH_MISALIGN(1), .CATCH_ILLINSN(1),
    .ENABLE_PCPI(PMU_XLEN != 0), .ENABLE_MUL(1), .ENABLE_DIV(1), .ENABLE_IRQ(1), .ENABLE_IRQ_QREGS(1),
    .ENABLE_IRQ_TIMER(1), .PROGADDR_RESET(32'h0), .PROGADDR_IRQ(32'h10),
    .STACKADDR(MEM_WORDS * 4)
  ) u_cpu (
    .clk(clk), .resetn(resetn), .trap(trap),
    .mem_valid(mem_valid), .mem_instr(mem_instr), .mem_ready(mem_ready), .mem_addr(mem_addr),
    .mem_wdata(mem_wdata), .mem_wstrb(mem_wstrb), .mem_rdata(mem_rdata),
    .mem_la_read(), .mem_la_write(), .mem_la_addr(), .mem_la_wdata(), .mem_la_wstrb(),
    .pcpi_valid(pcpi_valid), .pcpi_insn(pcpi_insn), .pcpi_rs1(pcpi_rs1), .pcpi_rs2(), .pcpi_wr(pcpi_wr),
    .pcpi_rd(pcpi_rd), .pcpi_wait(pcpi_wait), .pcpi_ready(pcpi_ready),
    .irq({25'd0, lcofi_q, yirq_q, err_irq_q, pmu_irq, 3'd0}), .eoi(eoi),
    .rvfi_valid(rvfi_valid), .rvfi_order(), .rvfi_insn(rvfi_insn), .rvfi_trap(), .rvfi_halt(),
    .rvfi_intr(rvfi_intr), .rvfi_mode(), .rvfi_ixl(), .rvfi_rs1_addr(), .rvfi_rs2_addr(), .rvfi_rs1_rdata(),
    .rvfi_rs2_rdata(), .rvfi_rd_addr(), .rvfi_rd_wdata(), .rvfi_pc_rdata(rvfi_pc_rdata),
    .rvfi_pc_wdata(rvfi_pc_wdata), .rvfi_mem_addr(rvfi_mem_addr), .rvfi_mem_rmask(), .rvfi_mem_wmask(),
    .rvfi_mem_rdata(), .rvfi_mem_wdata(), .rvfi_csr_mcycle_rmask(), .rvfi_csr_mcycle_wmask(),
    .rvfi_csr_mcycle_rdata(), .rvfi_csr_mcycle_wdata(), .rvfi_csr_minstret_rmask(),
    .rvfi_csr_minstret_wmask(), .rvfi_csr_minstret_rdata(), .rvfi_csr_minstret_wdata(),
    .trace_valid(), .trace_data()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // ------------------------------------------------------------ decode
  wire sel_ram = mem_addr[31:28] == 4'h0;
  wire sel_io  = mem_addr[31:28] == 4'h1;
  wire sel_pmu = mem_addr[31:12] == 20'h20000;
  wire sel_ycap = mem_addr[31:28] == 4'h3;

  // RAM: one wait state (ready the cycle after valid)
  reg [31:0] ram [0:MEM_WORDS-1];
  reg [31:0] ram_rdata;
  reg        ram_ready;
  initial $readmemh(FIRMWARE, ram);
  // word index: a 32-bit modulo (MEM_WORDS need not be a power of 2); being
  // below MEM_WORDS, its upper bits are zero and unused
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] ram_word = {2'b00, mem_addr[31:2]} % MEM_WORDS;
  /* verilator lint_on UNUSEDSIGNAL */
  always @(posedge clk) begin
    ram_ready <= 1'b0;
    if (resetn && mem_valid && sel_ram && !ram_ready) begin
      ram_ready <= 1'b1;
      ram_rdata <= ram[ram_word];
      if (mem_wstrb[0]) ram[ram_word][ 7: 0] <= mem_wdata[ 7: 0];
      if (mem_wstrb[1]) ram[ram_word][15: 8] <= mem_wdata[15: 8];
      if (mem_wstrb[2]) ram[ram_word][23:16] <= mem_wdata[23:16];
      if (mem_wstrb[3]) ram[ram_word][31:24] <= mem_wdata[31:24];
    end
  end

  // I/O: zero wait states
  wire io_ready = mem_valid && sel_io;
  assign io_valid_o = io_ready;
  assign io_addr_o  = mem_addr[7:0];
  assign io_wdata_o = mem_wdata;
  assign io_wstrb_o = mem_wstrb;

  // PMU
  wire        psel, penable, pwrite, pready, pslverr;
  wire [11:0] paddr;
  wire [31:0] pwdata, prdata, pmu_rdata;
  wire [3:0]  pstrb;
  wire [2:0]  pprot;
  wire [2:0]  pauser;                     // APB5 PAUSER: thread ID (pmu_core ptid_i)
  wire        pmu_ready;
  pmu_mem2apb #(.AW(12)) u_bridge (
    .clk_i(clk), .rst_ni(resetn),
    .mem_valid_i(mem_valid), .sel_i(sel_pmu), .mem_addr_i(mem_addr[11:0]), .mem_wdata_i(mem_wdata),
    .mem_wstrb_i(mem_wstrb), .prot_i(3'b001),
    .user_i(3'd0),                        // PicoRV32 is single-threaded: every access is thread 0's
    .mem_ready_o(pmu_ready), .mem_rdata_o(pmu_rdata),
    .err_o(apb_err),
    .psel_o(psel), .penable_o(penable), .pwrite_o(pwrite), .paddr_o(paddr), .pwdata_o(pwdata),
    .pstrb_o(pstrb), .pprot_o(pprot), .pauser_o(pauser), .pready_i(pready), .prdata_i(prdata),
    .pslverr_i(pslverr)
  );
  always @(posedge clk)
    if (!resetn) err_irq_q <= 1'b0;
    else         err_irq_q <= apb_err;    // one-cycle pulse, latched by PicoRV32

  // Yield delivery: the one-cycle yield_o pulse is registered (no path from
  // the PMU into PicoRV32's IRQ logic) and latched by PicoRV32 on irq[5]; the
  // capture keeps the ring, channel and target of the last delivery.
  reg [15:0] ycap_n_q;
  reg        ycap_ring_q;
  reg [2:0]  ycap_ch_q;
  reg [31:0] ycap_tgt_q;
  always @(posedge clk)
    if (!resetn) begin
      yirq_q <= 1'b0; ycap_n_q <= 16'd0; ycap_ring_q <= 1'b0; ycap_ch_q <= 3'd0; ycap_tgt_q <= 32'd0;
    end else begin
      yirq_q <= yld;
      if (yld) begin
        ycap_n_q <= ycap_n_q + 16'd1; ycap_ring_q <= yld_ring; ycap_ch_q <= yld_ch; ycap_tgt_q <= yld_tgt;
      end
    end
  wire        ycap_ready = mem_valid && sel_ycap;   // zero wait states, like the I/O window
  wire [31:0] ycap_rdata = mem_addr[2] ? ycap_tgt_q : {ycap_n_q, 7'd0, ycap_ring_q, 5'd0, ycap_ch_q};

  assign mem_ready = ram_ready | io_ready | pmu_ready | ycap_ready;
  assign mem_rdata = sel_pmu ? pmu_rdata : sel_io ? io_rdata_i : sel_ycap ? ycap_rdata : ram_rdata;

  // ------------------------------------------------------------ events
  wire [6:0] op  = rvfi_insn[6:0];
  wire       ret = rvfi_valid;
  wire       xfer = mem_valid & mem_ready;
  wire       is_retirq = rvfi_insn == 32'h0400000B;
  reg        h_q;                  // the last retired instruction was inside a handler, not its retirq
  always @(posedge clk)
    if (!resetn)  h_q <= 1'b0;
    else if (ret) h_q <= (rvfi_intr | h_q) & ~is_retirq;
  wire       in_irq = ret ? (rvfi_intr | h_q) : |eoi;
  wire [15:0] c_cyc  = {12'd0, in_irq, ~ret, mem_valid & ~mem_ready, 1'b1};
  wire [15:0] c_inst = {12'd0, ret & (op == 7'h73 || op == 7'h0B),
                        ret & op == 7'h33 & rvfi_insn[31:25] == 7'h01,
                        ret & ((op == 7'h33 & rvfi_insn[31:25] != 7'h01) | op == 7'h13 | op == 7'h37 | op == 7'h17),
                        ret};
  wire [15:0] c_mem  = {14'd0, ret & op == 7'h23, ret & op == 7'h03};
  wire [15:0] c_br   = {13'd0, ret & (op == 7'h6F || op == 7'h67),
                        ret & op == 7'h63 & rvfi_pc_wdata == rvfi_pc_rdata + 32'd4,
                        ret & op == 7'h63 & rvfi_pc_wdata != rvfi_pc_rdata + 32'd4};
  wire [15:0] c_bus  = {12'd0, xfer & sel_pmu, xfer & ~mem_instr & |mem_wstrb,
                        xfer & ~mem_instr & ~|mem_wstrb, xfer & mem_instr};
  wire [NCLS*16-1:0] ev = {16'd0, 16'd0, 16'd0, c_bus, c_br, c_mem, c_inst, c_cyc};

  // ------------------------------------------------------------ CSR view
  // PMU_XLEN=32: the PCPI adapter; else PCPI silent and the CSR port tied off
  // (PicoRV32 is RV32: no other value; an unknown module stops elaboration)
  generate
    if (PMU_XLEN != 0 && PMU_XLEN != 32)
      begin : g_bad_xlen soc_illegal_parameter_PMU_XLEN_must_be_0_or_32 u_bad(); end
    if (PMU_XLEN == 32) begin : g_csr
      pcpi_csr u_pcpi_csr (
        .clk_i(clk), .rst_ni(resetn),
        .pcpi_valid_i(pcpi_valid), .pcpi_insn_i(pcpi_insn), .pcpi_rs1_i(pcpi_rs1),
        .pcpi_wr_o(pcpi_wr), .pcpi_rd_o(pcpi_rd), .pcpi_wait_o(pcpi_wait), .pcpi_ready_o(pcpi_ready),
        .csr_valid_o(csr_valid), .csr_addr_o(csr_addr), .csr_op_o(csr_op), .csr_wdata_o(csr_wdata),
        .csr_priv_o(csr_priv), .csr_hit_i(csr_hit), .csr_rdata_i(csr_rdata), .csr_ill_i(csr_ill),
        .csr_virt_i(csr_virt)
      );
    end else begin : g_no_csr
      assign pcpi_wr = 1'b0; assign pcpi_rd = 32'd0; assign pcpi_wait = 1'b0; assign pcpi_ready = 1'b0;
      assign csr_valid = 1'b0; assign csr_addr = 12'd0; assign csr_op = 2'd0;
      assign csr_wdata = {PXW{1'b0}}; assign csr_priv = 3'd0;
      wire unused_csr = &{1'b0, pcpi_valid, pcpi_insn, pcpi_rs1, csr_hit, csr_rdata, csr_ill, csr_virt};
    end
  endgenerate
  // LCOFI: the one-cycle lcofi_o pulse registered (no path from the PMU into
  // PicoRV32's IRQ logic) and latched by PicoRV32 on irq[6]
  always @(posedge clk)
    if (!resetn) lcofi_q <= 1'b0;
    else         lcofi_q <= lcofi;

  // Sampling inputs: the retiring instruction's PC and data address, and
  // for each retiring load/store the latency (cycles) of its bus access.
  reg [15:0] lat_cnt, last_lat;
  always @(posedge clk)
    if (!resetn) begin
      lat_cnt <= 16'd0; last_lat <= 16'd0;
    end else if (mem_valid && !mem_instr) begin
      lat_cnt <= mem_ready ? 16'd0 : lat_cnt + 16'd1;
      if (mem_ready) last_lat <= lat_cnt + 16'd1;
    end
  wire ls_ret = ret & (op == 7'h03 || op == 7'h23);

  // The PMU's inputs are registered once here, all together, as an
  // integrator should: the event derivation above (e.g. the branch-taken test,
  // a 32-bit add and compare on RVFI outputs) then ends in flip-flops instead
  // of running on into the PMU's stage E. Events, CPL, addresses and the
  // load/store latency travel together, so they stay aligned; the PMU sees
  // the CPU one cycle late.
  reg [NCLS*16-1:0] ev_q;
  reg [1:0]         cpl_q;
  reg [31:0]        iaddr_q, daddr_q;
  reg               ls_ret_q;
  reg [15:0]        lat_q;
  reg [2:0]         rv_mode_q;             // {V, PRV} for the xINH filters: M in a handler, else U
  always @(posedge clk)
    if (!resetn) begin
      ev_q <= {NCLS*16{1'b0}}; cpl_q <= 2'd3; iaddr_q <= 32'd0; daddr_q <= 32'd0;
      ls_ret_q <= 1'b0; lat_q <= 16'd0; rv_mode_q <= 3'd0;
    end else begin
      ev_q <= ev; cpl_q <= in_irq ? 2'd0 : 2'd3; rv_mode_q <= {1'b0, in_irq ? 2'b11 : 2'b00}; iaddr_q <= rvfi_pc_rdata; daddr_q <= rvfi_mem_addr;
      ls_ret_q <= ls_ret; lat_q <= last_lat;
    end
  // the yield channels' external events: bits of the registered event vector
  // (so a ring-3 channel and a :USR counter see the same event in the same cycle)
  wire [7:0] yev = {ev_q[0*16+1], ev_q[1*16+0], ev_q[1*16+2], ev_q[3*16+2],
                    ev_q[3*16+1], ev_q[3*16+0], ev_q[2*16+1], ev_q[2*16+0]};

  /* verilator lint_off PINCONNECTEMPTY */
  pmu_core #(.NT(1), .NC(PMU_NC), .CW(40), .NCLS(NCLS), .NRET(1), .FLOP_CLASS(7), .NCH(PMU_NCH),
             .HAS_YIELD(PMU_YIELD), .AW(32), .YCAP(PMU_YCAP), .XLEN(PMU_XLEN)) u_pmu (   // a 32-bit CPU: 32-bit SIAR/SDAR and yield targets
    // BEGIN generated: core-ties (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    // every other port of pmu_core: inputs tied to 0, outputs open
    .flop_valid_i(1'b0), .flop_rsz_i(3'd0), .flop_esz_i(1'b0), .flop_scalar_i(1'b0), .flop_op_i(4'd0),
    .cnt_o(), .ovf_o(), .tsc_o(), .ccnt_o(), .stopcount_i(1'b0), .pm_i(1'b0), .pmi_o(), .siar_o(), .sdar_o(),
    .mmcr_o(), .yield_tid_o(), .yield_attr_o(), .yblk_o(), .yer_o(), .pmstat_o(), .ycnt_o(), .ymiss_o(),
    .yesv_o(), .ycap_o(),
    // END generated: core-ties
    .clk_i(clk), .rst_ni(resetn),
    .psel_i(psel), .penable_i(penable), .pwrite_i(pwrite), .paddr_i({2'b00, paddr}), .pwdata_i(pwdata),
    .pstrb_i(pstrb), .pprot_i(pprot), .ptid_i(pauser), .pready_o(pready), .prdata_o(prdata),
    .pslverr_o(pslverr),
    .ev_i(ev_q), .cpl_i(cpl_q),
    .irq_o(pmu_irq),
    .iaddr_i(iaddr_q), .daddr_i(daddr_q),
    .mem_valid_i(ls_ret_q), .mem_lat_i(lat_q), .yev_i(yev),
    .yield_o(yld), .yield_ring_o(yld_ring), .yield_ch_o(yld_ch), .yield_tgt_o(yld_tgt),
    .csr_valid_i(csr_valid), .csr_addr_i(csr_addr), .csr_op_i(csr_op), .csr_wdata_i(csr_wdata),
    .csr_priv_i(csr_priv), .csr_hit_o(csr_hit), .csr_rdata_o(csr_rdata), .csr_ill_o(csr_ill),
    .csr_virt_o(csr_virt),
    .rv_mode_i(PMU_XLEN != 0 ? rv_mode_q : 3'd0), .lcofi_o(lcofi)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  assign mon_valid_o = mem_valid;
  assign mon_ready_o = mem_ready;
  assign mon_instr_o = mem_instr;
  assign mon_addr_o  = mem_addr;
  assign mon_wstrb_o = mem_wstrb;
  assign pmu_irq_o   = pmu_irq;
endmodule
