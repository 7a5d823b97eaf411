`timescale 1ns/1ps
// Bench of the example SoC (Icarus and Verilator --binary --timing).
// I/O window (0x1000_0000 + offset, word writes):
//   0x00 print a character            0x04 exit: firmware's own fail count
//   0x0C PMU load count of a region   0x10 PMU store count of a region
//   0x08 compare that region with the bench's own bus count (value = region id)
//   0x14 result of one firmware self-check (1 pass, 0 fail)
//   0x18 profile control: id << 1 | on (sampling profiler, docs/profiling.md)
//   0x1C profile sample word: ip, addr, aux, three words a sample
//   0x20 the firmware's count of serviced yields (yield demo, docs/yield_soc.md)
// Region = the bus data accesses strictly between the firmware's write of
// GCTL.GEN=1 and its write of GCTL=0 (both seen on the bus here). Expected:
//   PMU loads  == bus data reads in the region
//   PMU stores == bus data writes in the region + 1: the GEN=1 store itself
//                 retires (RVFI) after the PMU has started counting.
// Profile ground truth (+funcs=FILE: $readmemh of start/end address pairs of
// the firmware's functions, sw/prof_report.py funcs): while a profile is on
// and GCTL.GEN=1 (the bus writes seen here), every cycle outside an interrupt
// handler (soc_top's in_irq, the PMU's CPL qualification) is charged to the
// function of rvfi_pc_rdata (the instruction retiring or, between
// retirements, in execution: what the PMU's iaddr_i, hence SIAR, sees), and
// every retired instruction to the function of its PC. At profile off the
// bench prints "[prof] truth ID FUNC INSNS CYCLES" per function (FUNC = the
// pair's index, NF for addresses outside every pair) and the samples as
// "[prof] sample ID IP ADDR AUX".
// Yield delivery (docs/yield_soc.md): the bench counts soc_top's yield_o
// pulses and, for each, whether the retired-instruction trace reaches the
// delivered target before the next pulse; at the firmware's 0x20 write it
// compares them with the firmware's count and prints the latencies
// "[yield] ..." (last retirement -> pulse, pulse -> IRQ entry, pulse ->
// target's first instruction, an ERET write outside a handler -> the
// pending yield's pulse).
// +firmware=FILE loads another image into the RAM before reset ends.
// Last line: "N passed, N failed" (firmware checks + bench checks).
module tb_soc;
  parameter FIRMWARE = "firmware.hex";
  parameter integer MEM_WORDS = 32768;
  parameter integer MAX_CYCLES = 20000000;

  reg clk = 1'b0, resetn = 1'b1;
  wire trap, io_valid, mon_valid, mon_ready, mon_instr, pmu_irq;
  wire [7:0] io_addr;
  wire [31:0] io_wdata, mon_addr;
  wire [3:0] io_wstrb, mon_wstrb;

  soc_top #(.MEM_WORDS(MEM_WORDS), .FIRMWARE(FIRMWARE)) dut (
    .clk(clk), .resetn(resetn), .trap(trap),
    .io_valid_o(io_valid), .io_addr_o(io_addr), .io_wdata_o(io_wdata), .io_wstrb_o(io_wstrb),
    .io_rdata_i(32'd0),
    .mon_valid_o(mon_valid), .mon_ready_o(mon_ready), .mon_instr_o(mon_instr), .mon_addr_o(mon_addr),
    .mon_wstrb_o(mon_wstrb), .pmu_irq_o(pmu_irq)
  );

  always #5 clk = ~clk;

  integer cycles = 0, passed = 0, failed = 0, fw_pass = 0, fw_fail = 0;
  reg in_region = 1'b0;
  integer bus_rd = 0, bus_wr = 0, pmu_ld = 0, pmu_st = 0, last_rd = -1, last_wr = -1;
  wire xfer = mon_valid && mon_ready;
  wire gctl_wr = xfer && !mon_instr && mon_wstrb != 4'd0 && mon_addr == 32'h2000_0008;

  // other firmware image (+firmware=FILE)
  reg [8*256-1:0] fwfile;
  initial
    if ($value$plusargs("firmware=%s", fwfile)) begin
      #2 $readmemh(fwfile, dut.ram);
    end

  // ---------------------------------------------- yield delivery
  integer y_pulses = 0, y_reached = 0, y_t = 0, eret_t = 0;
  integer y_ent_n = 0, y_ent_min = 0, y_ent_max = 0, y_ent_sum = 0;
  integer y_tgt_n = 0, y_tgt_min = 0, y_tgt_max = 0, y_tgt_sum = 0;
  integer y_ert_n = 0, y_ert_min = 0, y_ert_max = 0;
  integer y_ret_t = 0, y_ret_min = -1;   // last retirement outside a handler; min distance to a pulse
  reg     y_wait_ent = 1'b0, y_wait_tgt = 1'b0, y_eret = 1'b0;
  reg [31:0] y_tgt = 32'd0;
  // APB access phase of a YRING3 write (PMU_REG_YRING3 = 0x064): BLK clears at its edge
  wire    yring3_wr = dut.psel && dut.penable && dut.pwrite && dut.paddr == 12'h064;
  always @(posedge clk) begin
    if (y_wait_ent && dut.rvfi_valid && dut.rvfi_intr) begin
      y_wait_ent = 1'b0;
      if (y_ent_n == 0 || cycles - y_t < y_ent_min) y_ent_min = cycles - y_t;
      if (y_ent_n == 0 || cycles - y_t > y_ent_max) y_ent_max = cycles - y_t;
      y_ent_n = y_ent_n + 1; y_ent_sum = y_ent_sum + (cycles - y_t);
    end
    if (y_wait_tgt && dut.rvfi_valid && dut.rvfi_pc_rdata == y_tgt) begin
      y_wait_tgt = 1'b0; y_reached = y_reached + 1;
      if (y_tgt_n == 0 || cycles - y_t < y_tgt_min) y_tgt_min = cycles - y_t;
      if (y_tgt_n == 0 || cycles - y_t > y_tgt_max) y_tgt_max = cycles - y_t;
      y_tgt_n = y_tgt_n + 1; y_tgt_sum = y_tgt_sum + (cycles - y_t);
    end
    if (dut.yld) begin
      if (y_ret_min < 0 || cycles - y_ret_t < y_ret_min) y_ret_min = cycles - y_ret_t;
      y_pulses = y_pulses + 1; y_t = cycles; y_tgt = dut.yld_tgt;
      // IRQ entry latency only for a pulse outside a handler (else the entry waits for retirq)
      y_wait_ent = !dut.in_irq; y_wait_tgt = 1'b1;
      if (y_eret && cycles - eret_t <= 16) begin
        if (y_ert_n == 0 || cycles - eret_t < y_ert_min) y_ert_min = cycles - eret_t;
        if (y_ert_n == 0 || cycles - eret_t > y_ert_max) y_ert_max = cycles - eret_t;
        y_ert_n = y_ert_n + 1;
      end
      y_eret = 1'b0;
    end
    if (dut.rvfi_valid && !dut.in_irq) y_ret_t = cycles;
    // an ERET (YRING3.BLK=1) written outside a handler: the ring is current
    if (yring3_wr && dut.pwdata[0] && !dut.in_irq) begin y_eret = 1'b1; eret_t = cycles; end
  end

  // ---------------------------------------------- profile ground truth
  localparam integer NF = 256;
  reg [31:0] fr [0:2*NF-1];          // start, end (exclusive) of function i at 2i, 2i+1
  integer f_ins [0:NF], f_cyc [0:NF];
  integer fi, cur_f = NF, prof_id = 0, smp_k = 0;
  reg [31:0] cur_pc = 32'hFFFF_FFFF;
  reg [31:0] smp_w [0:2];
  reg prof_on = 1'b0, gen_q = 1'b0;
  reg [8*256-1:0] funcsf;
  initial begin
    for (fi = 0; fi < 2 * NF; fi = fi + 1) fr[fi] = 32'd0;
    if ($value$plusargs("funcs=%s", funcsf)) $readmemh(funcsf, fr);
  end
  function integer func_of(input [31:0] pc);
    integer k;
    begin
      func_of = NF;
      for (k = 0; k < NF; k = k + 1)
        if (func_of == NF && pc >= fr[2*k] && pc < fr[2*k+1]) func_of = k;
    end
  endfunction
  always @(posedge clk) begin
    if (gctl_wr) gen_q = dut.mem_wdata[0];
    if (prof_on && gen_q && !dut.in_irq) begin
      if (dut.rvfi_pc_rdata != cur_pc) begin
        cur_pc = dut.rvfi_pc_rdata;
        cur_f = func_of(cur_pc);
      end
      f_cyc[cur_f] = f_cyc[cur_f] + 1;
      if (dut.rvfi_valid) f_ins[cur_f] = f_ins[cur_f] + 1;
    end
    if (io_valid && io_wstrb != 4'd0 && io_addr == 8'h18) begin
      if (io_wdata[0]) begin
        prof_id = io_wdata >> 1; prof_on = 1'b1; smp_k = 0;
        for (fi = 0; fi <= NF; fi = fi + 1) begin f_ins[fi] = 0; f_cyc[fi] = 0; end
      end else begin
        prof_on = 1'b0;
        for (fi = 0; fi <= NF; fi = fi + 1)
          if (f_cyc[fi] != 0) $display("[prof] truth %0d %0d %0d %0d", prof_id, fi, f_ins[fi], f_cyc[fi]);
      end
    end
    if (io_valid && io_wstrb != 4'd0 && io_addr == 8'h1C) begin
      smp_w[smp_k] = io_wdata;
      smp_k = smp_k + 1;
      if (smp_k == 3) begin
        $display("[prof] sample %0d %08x %08x %08x", prof_id, smp_w[0], smp_w[1], smp_w[2]);
        smp_k = 0;
      end
    end
  end

  initial begin
    #1 resetn = 1'b0;         // a real falling edge of the PMU's asynchronous reset
    repeat (10) @(posedge clk);
    resetn = 1'b1;
  end

  // +waves=FILE (make ... WAVES=1): VCD (Icarus) or FST (Verilator built
  // with --trace-fst) of the whole bench
  reg [8*256-1:0] wavesf;
  initial
    if ($value$plusargs("waves=%s", wavesf)) begin
      $dumpfile(wavesf);
      $dumpvars(0, tb_soc);
    end

  reg trace_en = 1'b0;
  initial trace_en = $test$plusargs("trace");
  always @(posedge clk)
    if (trace_en && dut.rvfi_valid)
      $display("[trace] %0d pc %08x insn %08x", cycles, dut.rvfi_pc_rdata, dut.rvfi_insn);

  integer max_cycles = MAX_CYCLES;     // +max_cycles=N overrides
  initial if ($value$plusargs("max_cycles=%d", max_cycles)) ;
  always @(posedge clk) begin
    cycles = cycles + 1;
    if (cycles > max_cycles) begin
      $display("TIMEOUT after %0d cycles", cycles);
      $display("%0d passed, %0d failed", passed + fw_pass, failed + fw_fail + 1);
      $finish;
    end
    if (resetn && trap) begin
      $display("TRAP at cycle %0d: pc 0x%08x, last bus address 0x%08x", cycles, dut.u_cpu.reg_pc, mon_addr);
      $display("%0d passed, %0d failed", passed + fw_pass, failed + fw_fail + 1);
      $finish;
    end
    // independent load/store count from the bus
    if (gctl_wr) begin
      if (dut.mem_wdata[0]) begin
        in_region = 1'b1; bus_rd = 0; bus_wr = 0;
      end else if (in_region) begin
        in_region = 1'b0; last_rd = bus_rd; last_wr = bus_wr;
      end
    end else if (in_region && xfer && !mon_instr && mon_addr[31:28] == 4'h0) begin
      if (mon_wstrb == 4'd0) bus_rd = bus_rd + 1; else bus_wr = bus_wr + 1;
    end
    if (io_valid && io_wstrb != 4'd0) begin
      case (io_addr)
        8'h00: $write("%c", io_wdata[7:0]);
        8'h04: begin
          $display("firmware exit %0d after %0d cycles; bench: %0d checks passed, %0d failed",
                   io_wdata, cycles, passed, failed);
          $display("%0d passed, %0d failed", passed + fw_pass, failed + fw_fail + (io_wdata != fw_fail ? 1 : 0));
          $finish;
        end
        8'h0C: pmu_ld = io_wdata;
        8'h10: pmu_st = io_wdata;
        8'h08: begin
          if (pmu_ld == last_rd && pmu_st == last_wr + 1) begin
            passed = passed + 1;
            $display("[bench] region %0d: PMU loads %0d == bus reads %0d, PMU stores %0d == bus writes %0d + 1: ok",
                     io_wdata, pmu_ld, last_rd, pmu_st, last_wr);
          end else begin
            failed = failed + 1;
            $display("[bench] region %0d: MISMATCH PMU loads %0d bus reads %0d, PMU stores %0d bus writes %0d (+1)",
                     io_wdata, pmu_ld, last_rd, pmu_st, last_wr);
          end
        end
        8'h14: if (io_wdata[0]) fw_pass = fw_pass + 1; else fw_fail = fw_fail + 1;
        8'h20: begin
          $display("[yield] last retirement outside a handler -> pulse: min %0d cycles (the event path of a yield delivered at once)",
                   y_ret_min);
          $display("[yield] pulse -> IRQ entry (first handler instruction): min %0d max %0d mean %0d cycles over %0d",
                   y_ent_min, y_ent_max, y_ent_n ? y_ent_sum / y_ent_n : 0, y_ent_n);
          $display("[yield] pulse -> target's first instruction: min %0d max %0d mean %0d cycles over %0d",
                   y_tgt_min, y_tgt_max, y_tgt_n ? y_tgt_sum / y_tgt_n : 0, y_tgt_n);
          $display("[yield] ERET write (APB access phase) outside a handler -> pending yield's pulse: min %0d max %0d cycles over %0d",
                   y_ert_min, y_ert_max, y_ert_n);
          if (io_wdata == y_pulses && y_reached == y_pulses && !y_wait_tgt) begin
            passed = passed + 1;
            $display("[bench] yields: firmware serviced %0d == yield_o pulses %0d, every target reached: ok",
                     io_wdata, y_pulses);
          end else begin
            failed = failed + 1;
            $display("[bench] yields: MISMATCH firmware serviced %0d, yield_o pulses %0d, targets reached %0d",
                     io_wdata, y_pulses, y_reached);
          end
        end
        default: ;
      endcase
    end
  end
endmodule
