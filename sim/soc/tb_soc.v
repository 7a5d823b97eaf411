`timescale 1ns/1ps
// Bench of the example SoC (Icarus and Verilator --binary --timing).
// I/O window (0x1000_0000 + offset, word writes):
//   0x00 print a character            0x04 exit: firmware's own fail count
//   0x0C PMU load count of a region   0x10 PMU store count of a region
//   0x08 compare that region with the bench's own bus count (value = region id)
//   0x14 result of one firmware self-check (1 pass, 0 fail)
// Region = the bus data accesses strictly between the firmware's write of
// GCTL.GEN=1 and its write of GCTL=0 (both seen on the bus here). Expected:
//   PMU loads  == bus data reads in the region
//   PMU stores == bus data writes in the region + 1: the GEN=1 store itself
//                 retires (RVFI) after the PMU has started counting.
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

  always @(posedge clk) begin
    cycles = cycles + 1;
    if (cycles > MAX_CYCLES) begin
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
          $display("firmware exit %0d after %0d cycles; bench: %0d region checks passed, %0d failed",
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
        default: ;
      endcase
    end
  end
endmodule
