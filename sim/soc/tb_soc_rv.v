`timescale 1ns/1ps
// Bench of the example SoC with pmu_core's RISC-V CSR view (soc_top
// PMU_XLEN=32; firmware sim/soc/fw/rv_hpm.c; Icarus and Verilator --binary
// --timing). The firmware reaches the PMU only with CSR instructions, which
// PicoRV32 hands to pmu_core through PCPI (sim/soc/pcpi_csr.v).
//
// Ground truth, from PicoRV32's RVFI trace only (never from pmu_core):
// every cycle, and per retirement (rvfi_valid) the instruction, loads
// (opcode 0x03), stores (0x23), conditional branches (0x63, taken or not),
// jumps (JAL 0x6F, JALR 0x67), and the instruction's mode: inside an IRQ
// handler (rvfi_intr marks a handler's first instruction, PicoRV32's retirq
// 0x0400000B its last) = M, else U.
// Window: the bench decodes every PCPI request itself (pcpi_insn, pcpi_rs1)
// and keeps its own copy of mcountinhibit; a CSR write of mcountinhibit is
// the cycle W its PCPI request is answered (pcpi_ready: pmu_core's CSR
// port writes at the edge that ends W). pmu-ip counts the events of cycle t
// iff counting was allowed in cycle t (README "Cycle semantics"); soc_top
// registers the events once, so the PMU's cycle t carries the CPU's cycle
// t-1. So a write that enables the counters in cycle Ws and one that
// inhibits them in cycle We make the PMU count the CPU's events of cycles
// Ws .. We-1: the bench counts the RVFI events of a cycle iff the last
// mcountinhibit write at or before that cycle's edge enabled every counter
// of the firmware (bits 3 .. 3+NC-1 all 0).
//
// I/O window (0x1000_0000 + offset, word writes):
//   0x00 print a character           0x04 exit: the firmware's own fail count
//   0x14 result of one firmware self-check (1 pass, 0 fail)
//   0x40 (window << 8) | quantity: 0 cycles, 1 instructions, 2 loads,
//        3 stores, 4 conditional branches, 5 jumps, 6 instructions in IRQ
//        handlers (M), 7 instructions elsewhere (U)
//   0x44 / 0x48 the counter's preset, low / high word
//   0x4C / 0x50 the counter's value after the window, low / high word; the
//        0x50 write compares: value == (preset + truth) mod 2^CW, truth of
//        the last closed window, whose number must be the firmware's window
//   0x54 LCOFI interrupts the firmware took in the last window == the wraps
//        of the counters compared for that window (sum of (preset + truth) >> CW)
//   0x58 illegal-instruction traps the firmware took == PCPI CSR requests
//        left unanswered (PicoRV32's PCPI timeout)
// At exit: one pmu_core CSR access (csr_valid) per PCPI CSR request.
// Every check prints one "PASS"/"FAIL" line; last line "N passed, N failed"
// (firmware checks + bench checks).
module tb_soc_rv;
  parameter FIRMWARE = "firmware.hex";
  parameter integer MEM_WORDS = 32768;
  parameter integer MAX_CYCLES = 5000000;
  localparam integer NC = 8;                 // soc_top's PMU_NC
  localparam integer CW = 40;                // soc_top's pmu_core CW

  reg clk = 1'b0, resetn = 1'b1;
  wire trap, io_valid, mon_valid, mon_ready, mon_instr, pmu_irq;
  wire [7:0] io_addr;
  wire [31:0] io_wdata, mon_addr;
  wire [3:0] io_wstrb, mon_wstrb;

  soc_top #(.MEM_WORDS(MEM_WORDS), .FIRMWARE(FIRMWARE), .PMU_XLEN(32)) dut (
    .clk(clk), .resetn(resetn), .trap(trap),
    .io_valid_o(io_valid), .io_addr_o(io_addr), .io_wdata_o(io_wdata), .io_wstrb_o(io_wstrb),
    .io_rdata_i(32'd0),
    .mon_valid_o(mon_valid), .mon_ready_o(mon_ready), .mon_instr_o(mon_instr), .mon_addr_o(mon_addr),
    .mon_wstrb_o(mon_wstrb), .pmu_irq_o(pmu_irq)
  );

  always #5 clk = ~clk;

  reg [8*256-1:0] fwfile;
  initial
    if ($value$plusargs("firmware=%s", fwfile)) begin
      #2 $readmemh(fwfile, dut.ram);
    end

  initial begin
    #1 resetn = 1'b0;
    repeat (10) @(posedge clk);
    resetn = 1'b1;
  end

  reg [8*256-1:0] wavesf;
  initial
    if ($value$plusargs("waves=%s", wavesf)) begin
      $dumpfile(wavesf);
      $dumpvars(0, tb_soc_rv);
    end

  integer cycles = 0, passed = 0, failed = 0, fw_pass = 0, fw_fail = 0;

  // ---------------------------------------------- PCPI observation
  wire [31:0] insn = dut.pcpi_insn;
  wire [2:0]  f3   = insn[14:12];
  wire        is_csr = insn[6:0] == 7'h73 && f3[1:0] != 2'b00;
  wire [31:0] wdat = f3[2] ? {27'd0, insn[19:15]} : dut.pcpi_rs1;
  wire        rd_only = f3[1] && insn[19:15] == 5'd0;          // CSRRS/C[I] with x0 / uimm 0
  reg         req_on = 1'b0, req_ans = 1'b0;
  integer     n_req = 0, n_ans = 0, n_unans = 0, n_csr_valid = 0, n_w = 0;
  reg [31:0]  inh = 32'hFFFF_FFFF;            // the bench's copy of mcountinhibit (reset: all inhibited)
  reg [31:0]  inh_n;
  reg         open = 1'b0;
  integer     t_start = 0, t_stop = 0, n_partial = 0;

  // ---------------------------------------------- RVFI ground truth
  // quantities: 0 cycles, 1 instret, 2 loads, 3 stores, 4 cond. branches,
  // 5 jumps, 6 instret in handlers, 7 instret elsewhere
  reg [63:0]  cur [0:7];
  reg [63:0]  last [0:7];
  integer     qi, closed = 0, lcofi_cur = 0, lcofi_last = 0, wraps = 0, wraps_win = -1;
  reg         h = 1'b0;                      // the last retired instruction was in a handler, not its retirq
  wire [6:0]  rop = dut.rvfi_insn[6:0];
  wire        in_h = dut.rvfi_intr | h;
  initial for (qi = 0; qi < 8; qi = qi + 1) begin cur[qi] = 64'd0; last[qi] = 64'd0; end

  // report registers
  reg [31:0]  r_sel = 32'd0, r_plo = 32'd0, r_phi = 32'd0, r_vlo = 32'd0;
  reg [63:0]  r_pre, r_val, r_exp, r_sum;
  reg [8*24-1:0] qname;
  always @(*)
    case (r_sel[7:0])
      8'd0: qname = "cycles";
      8'd1: qname = "instret";
      8'd2: qname = "loads";
      8'd3: qname = "stores";
      8'd4: qname = "cond. branches";
      8'd5: qname = "jumps";
      8'd6: qname = "instret in handlers (M)";
      8'd7: qname = "instret elsewhere (U)";
      default: qname = "?";
    endcase

  integer max_cycles = MAX_CYCLES;
  initial if ($value$plusargs("max_cycles=%d", max_cycles)) ;
  reg trace_en = 1'b0;
  initial trace_en = $test$plusargs("trace");

  always @(posedge clk) begin
    cycles = cycles + 1;
    if (cycles > max_cycles) begin
      $display("FAIL: TIMEOUT after %0d cycles", cycles);
      $display("%0d passed, %0d failed", passed + fw_pass, failed + fw_fail + 1);
      $finish;
    end
    if (resetn && trap) begin
      $display("FAIL: TRAP at cycle %0d: pc 0x%08x", cycles, dut.u_cpu.reg_pc);
      $display("%0d passed, %0d failed", passed + fw_pass, failed + fw_fail + 1);
      $finish;
    end
    if (trace_en && dut.rvfi_valid)
      $display("[trace] %0d pc %08x insn %08x%s", cycles, dut.rvfi_pc_rdata, dut.rvfi_insn, in_h ? " irq" : "");

    // PCPI CSR requests: one per instruction; answered or timed out
    if (resetn && dut.pcpi_valid && is_csr) begin
      if (!req_on) begin req_on = 1'b1; req_ans = 1'b0; n_req = n_req + 1; end
      if (dut.pcpi_ready) req_ans = 1'b1;
    end else if (req_on) begin
      req_on = 1'b0;
      if (req_ans) n_ans = n_ans + 1; else n_unans = n_unans + 1;
    end
    if (dut.csr_valid) n_csr_valid = n_csr_valid + 1;

    // a write of mcountinhibit, answered in this cycle: takes effect at this edge
    if (resetn && dut.pcpi_valid && dut.pcpi_ready && is_csr && insn[31:20] == 12'h320 && !rd_only) begin
      case (f3[1:0])
        2'b01:   inh_n = wdat;
        2'b10:   inh_n = inh | wdat;
        default: inh_n = inh & ~wdat;
      endcase
      inh = inh_n;
      n_w = n_w + 1;
      if (inh[3 +: NC] == {NC{1'b0}}) begin
        if (!open) begin
          open = 1'b1; t_start = cycles; lcofi_cur = 0;
          for (qi = 0; qi < 8; qi = qi + 1) cur[qi] = 64'd0;
        end
      end else begin
        if (inh[3 +: NC] != {NC{1'b1}}) n_partial = n_partial + 1;   // the firmware starts/stops all together
        if (open) begin
          open = 1'b0; t_stop = cycles; closed = closed + 1;
          for (qi = 0; qi < 8; qi = qi + 1) last[qi] = cur[qi];
          lcofi_last = lcofi_cur;
          $display("[bench] window %0d: CPU cycles %0d .. %0d (mcountinhibit writes answered in cycles %0d and %0d)",
                   closed, t_start, t_stop - 1, t_start, t_stop);
        end
      end
    end

    // the CPU's events of this cycle, counted iff the window is open
    if (open) begin
      cur[0] = cur[0] + 64'd1;
      if (dut.rvfi_valid) begin
        cur[1] = cur[1] + 64'd1;
        if (rop == 7'h03) cur[2] = cur[2] + 64'd1;
        if (rop == 7'h23) cur[3] = cur[3] + 64'd1;
        if (rop == 7'h63) cur[4] = cur[4] + 64'd1;
        if (rop == 7'h6F || rop == 7'h67) cur[5] = cur[5] + 64'd1;
        if (in_h) cur[6] = cur[6] + 64'd1; else cur[7] = cur[7] + 64'd1;
      end
    end
    if (dut.lcofi) lcofi_cur = lcofi_cur + 1;      // informational: pmu_core's lcofi_o pulses
    if (dut.rvfi_valid) h = in_h && dut.rvfi_insn != 32'h0400000B;

    // I/O
    if (io_valid && io_wstrb != 4'd0) begin
      case (io_addr)
        8'h00: $write("%c", io_wdata[7:0]);
        8'h04: begin
          if (n_csr_valid == n_req) begin
            passed = passed + 1;
            $display("PASS: [bench] pmu_core CSR accesses (csr_valid cycles) %0d == PCPI CSR requests %0d (%0d answered, %0d timed out)",
                     n_csr_valid, n_req, n_ans, n_unans);
          end else begin
            failed = failed + 1;
            $display("FAIL: [bench] pmu_core CSR accesses (csr_valid cycles) %0d != PCPI CSR requests %0d (%0d answered, %0d timed out)",
                     n_csr_valid, n_req, n_ans, n_unans);
          end
          if (n_partial == 0 && closed == 2) begin
            passed = passed + 1;
            $display("PASS: [bench] %0d windows, %0d mcountinhibit writes, none partial", closed, n_w);
          end else begin
            failed = failed + 1;
            $display("FAIL: [bench] %0d windows (expected 2), %0d partial mcountinhibit writes", closed, n_partial);
          end
          $display("firmware exit %0d after %0d cycles; bench: %0d checks passed, %0d failed",
                   io_wdata, cycles, passed, failed);
          $display("%0d passed, %0d failed", passed + fw_pass, failed + fw_fail + (io_wdata != fw_fail ? 1 : 0));
          $finish;
        end
        8'h14: if (io_wdata[0]) fw_pass = fw_pass + 1; else fw_fail = fw_fail + 1;
        8'h40: r_sel = io_wdata;
        8'h44: r_plo = io_wdata;
        8'h48: r_phi = io_wdata;
        8'h4C: r_vlo = io_wdata;
        8'h50: begin
          r_pre = {r_phi, r_plo};
          r_val = {io_wdata, r_vlo};
          if (wraps_win != closed) begin wraps = 0; wraps_win = closed; end
          if (r_sel[7:0] < 8) begin
            r_sum = r_pre + last[r_sel[7:0]];
            r_exp = r_sum & ((64'd1 << CW) - 64'd1);
            wraps = wraps + (r_sum >> CW);
          end else r_exp = 64'hFFFF_FFFF_FFFF_FFFF;
          if (!open && r_sel[15:8] == closed && r_sel[7:0] < 8 && r_val == r_exp) begin
            passed = passed + 1;
            if (r_pre != 64'd0)
              $display("PASS: [bench] window %0d %0s: PMU %0d == (preset %0d + RVFI %0d) mod 2^%0d", closed, qname,
                       r_val, r_pre, last[r_sel[7:0]], CW);
            else
              $display("PASS: [bench] window %0d %0s: PMU %0d == RVFI %0d", closed, qname, r_val, last[r_sel[7:0]]);
          end else begin
            failed = failed + 1;
            $display("FAIL: [bench] window %0d (firmware's %0d) %0s: PMU %0d, RVFI %0d, preset %0d: expected %0d (diff %0d)",
                     closed, r_sel[15:8], qname, r_val, last[r_sel[7:0] & 7], r_pre, r_exp, $signed(r_val - r_exp));
            if (open) $display("[bench]   (reported while the counters were not all inhibited)");
          end
          if (r_pre != 64'd0)
            $display("[bench]   preset %0d (2^40 - %0d) + RVFI %0d = %0d: wraps to %0d", r_pre,
                     (64'd1 << CW) - r_pre, last[r_sel[7:0] & 7], r_sum, r_exp);
        end
        8'h54: begin
          if (wraps_win != closed) begin wraps = 0; wraps_win = closed; end
          if (io_wdata == wraps) begin
            passed = passed + 1;
            $display("PASS: [bench] window %0d: firmware took %0d LCOFI interrupt(s) == counter wraps %0d (RVFI); lcofi_o pulses %0d",
                     closed, io_wdata, wraps, lcofi_last);
          end else begin
            failed = failed + 1;
            $display("FAIL: [bench] window %0d: firmware took %0d LCOFI interrupt(s), counter wraps %0d (RVFI); lcofi_o pulses %0d",
                     closed, io_wdata, wraps, lcofi_last);
          end
        end
        8'h58: begin
          if (io_wdata == n_unans) begin
            passed = passed + 1;
            $display("PASS: [bench] illegal-instruction traps %0d == PCPI CSR requests timed out %0d", io_wdata, n_unans);
          end else begin
            failed = failed + 1;
            $display("FAIL: [bench] illegal-instruction traps %0d, PCPI CSR requests timed out %0d", io_wdata, n_unans);
          end
        end
        default: ;
      endcase
    end
  end
endmodule
