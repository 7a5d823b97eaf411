`timescale 1ns/1ps
// Icarus Verilog replay of the directed tests: reads the vectors recorded by
// tb/test_directed.cpp (--vec), drives pmu_core with them and checks every
// cycle: PRDATA/PSLVERR/PREADY/IRQ/PMI/yield outputs (with the attributes)
// before the edge, OVF/TSC/all counters/SIAR/SDAR/MMCR/PMSTAT/yield block and
// YER bits/every channel's CNT, MISS and ESV after it, and
// that no output is X or Z from reset on.
//   vvp sim +vec=FILE      (parameters via iverilog -P tb_replay.NT=...)
module tb_replay;
  parameter integer NT = 2, NC = 8, CW = 40, NCLS = 64, NRET = 4, FLOP_CLASS = 63, NCH = 4;
  parameter integer NAREA = 1, HAS_SAMPLE = 1, HAS_YIELD = 1, AW = 64, YCAP = 0;
  localparam integer RW = 2 * AW + 64 + CW;   // one channel's capture record

  reg                  clk = 1'b0, rst_n = 1'b1;
  reg [NT*NCLS*16-1:0] ev;
  reg [NT*2-1:0]       cpl;
  reg [NT*NRET-1:0]    fv, fe, fs;
  reg [NT*NRET*3-1:0]  fr;
  reg [NT*NRET*4-1:0]  fo;   // flop_op_i (PMU_FLOP_OP_W = 4 bits per slot)
  reg                  psel, pen, pwr;
  reg [13:0]           paddr;   // `PMU_ADDR_BITS
  reg [31:0]           pwdata;
  reg [3:0]            pstrb;
  reg [2:0]            pprot;
  reg [2:0]            ptid;     // ptid_i: the thread of the bus access (the line's last field)
  reg [31:0]           e_prdata;
  reg                  e_pslverr, e_pready, e_irq;
  reg [NC-1:0]         e_ovf;
  reg [63:0]           e_tsc;
  reg [NC*CW-1:0]      e_cnt;
  // sampling / yield
  reg [63:0]           iaddr, daddr;
  reg [NT-1:0]         pm, mv;
  reg [NT*16-1:0]      mlat;
  reg [7:0]            yev;
  reg                  e_pmi, e_yield, e_yring;
  reg [2:0]            e_ych;
  reg [63:0]           e_ytgt, e_siar, e_sdar;
  reg [31:0]           e_mmcr;
  reg [2*NT-1:0]       e_yblk;
  reg [2:0]            e_ytid;
  reg [2*NCH-1:0]      e_yer;
  reg [2:0]            e_yattr;
  reg [1:0]            e_pmstat;
  reg [2*NCH*32-1:0]   e_ycnt;
  reg [2*NCH*16-1:0]   e_ymiss;
  reg [2*NCH*25-1:0]   e_yesv;
  reg [2*NCH*RW-1:0]   e_ycap;
  wire [2:0]           yattr;
  wire [1:0]           pmstat;
  wire [2*NCH*32-1:0]  ycnt;
  wire [2*NCH*16-1:0]  ymiss;
  wire [2*NCH*25-1:0]  yesv;
  wire [2*NCH*RW-1:0]  ycap;
  wire                 pmi, yield, yring;
  wire [2:0]           ych;
  wire [AW-1:0]        ytgt_w, siar_w, sdar_w;   // zero-extended to 64 bits for the compare
  wire [63:0]          ytgt = {{(64-AW){1'b0}}, ytgt_w} | 64'd0, siar = {{(64-AW){1'b0}}, siar_w} | 64'd0,
                       sdar = {{(64-AW){1'b0}}, sdar_w} | 64'd0;
  wire [31:0]          mmcr;
  wire [2*NT-1:0]      yblk;
  wire [2:0]           ytid;
  wire [2*NCH-1:0]     yer;

  wire                 pready, pslverr, irq;
  wire [31:0]          prdata;
  wire [NC*CW-1:0]     cnt;
  wire [NC-1:0]        ovf;
  wire [63:0]          tsc;
  // BEGIN generated: replay-decl (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
  // END generated: replay-decl

  pmu_core #(.NT(NT), .NC(NC), .CW(CW), .NCLS(NCLS), .NRET(NRET), .FLOP_CLASS(FLOP_CLASS), .NCH(NCH),
             .NAREA(NAREA), .HAS_SAMPLE(HAS_SAMPLE), .HAS_YIELD(HAS_YIELD), .AW(AW), .YCAP(YCAP)) dut (
    // BEGIN generated: core-ties (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    // every other port of pmu_core: inputs from the G line or 0, outputs open
    .ccnt_o(), .csr_hit_o(), .csr_rdata_o(), .csr_ill_o(), .csr_virt_o(), .lcofi_o(),
    // END generated: core-ties
    .clk_i(clk), .rst_ni(rst_n),
    .psel_i(psel), .penable_i(pen), .pwrite_i(pwr), .paddr_i(paddr), .pwdata_i(pwdata),
    .pstrb_i(pstrb), .pprot_i(pprot),
    .ptid_i(ptid),
    .pready_o(pready), .prdata_o(prdata), .pslverr_o(pslverr),
    .ev_i(ev), .cpl_i(cpl), .flop_valid_i(fv), .flop_rsz_i(fr), .flop_esz_i(fe),
    .flop_scalar_i(fs), .flop_op_i(fo),
    .irq_o(irq), .cnt_o(cnt), .ovf_o(ovf), .tsc_o(tsc),
    // the RISC-V CSR port: idle (the replayed configurations have XLEN=0; the C line does not carry it)
    .csr_valid_i(1'b0), .csr_addr_i(12'd0), .csr_op_i(2'd0), .csr_wdata_i(64'd0), .csr_priv_i(3'd0),
    .rv_mode_i({3*NT{1'b0}}), .stopcount_i(1'b0),
    .iaddr_i(iaddr[AW-1:0]), .daddr_i(daddr[AW-1:0]), .pm_i(pm), .mem_valid_i(mv), .mem_lat_i(mlat),
    .pmi_o(pmi), .siar_o(siar_w), .sdar_o(sdar_w), .mmcr_o(mmcr),
    .yev_i(yev), .yield_o(yield), .yield_ring_o(yring), .yield_ch_o(ych), .yield_tid_o(ytid), .yield_tgt_o(ytgt_w),
    .yield_attr_o(yattr), .yblk_o(yblk), .yer_o(yer), .pmstat_o(pmstat), .ycnt_o(ycnt), .ymiss_o(ymiss),
    .yesv_o(yesv), .ycap_o(ycap)
  );

  integer fd, c, r, errs, passed, failed, cycles;
  reg [8*64-1:0] name, cur;
  reg [8*512-1:0] fname;
  reg in_test;

  task zero_inputs;
    begin
      ev = 0; cpl = 0; fv = 0; fe = 0; fs = 0; fr = 0; fo = 0;
      psel = 0; pen = 0; pwr = 0; paddr = 0; pwdata = 0; pstrb = 0; pprot = 0; ptid = 0;
      iaddr = 0; daddr = 0; pm = 0; mv = 0; mlat = 0; yev = 0;
      // BEGIN generated: replay-zero (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
      // END generated: replay-zero
    end
  endtask

  task check_x(input [8*16-1:0] when);
    if ((^{prdata, pslverr, pready, irq, ovf, tsc, cnt, pmi, siar, sdar, mmcr, yield, yring, ych, ytid, ytgt,
           yblk, yer, yattr, pmstat, ycnt, ymiss, yesv, ycap}) === 1'bx) begin
      $display("  X/Z on an output %0s at cycle %0d of %0s", when, cycles, cur);
      errs = errs + 1;
    end
  endtask

  task end_test;
    if (in_test) begin
      if (errs == 0) begin passed = passed + 1; $display("PASS %0s (%0d cycles)", cur, cycles); end
      else begin failed = failed + 1; $display("FAIL %0s (%0d mismatches)", cur, errs); end
    end
  endtask

  // +waves=FILE (make ... WAVES=1): VCD of the whole bench
  reg [8*256-1:0] wavesf;
  initial
    if ($value$plusargs("waves=%s", wavesf)) begin
      $dumpfile(wavesf);
      $dumpvars(0, tb_replay);
    end

  initial begin
    passed = 0; failed = 0; errs = 0; cycles = 0; in_test = 0;
    zero_inputs;
    if (!$value$plusargs("vec=%s", fname)) begin
      $display("tb_replay: +vec=FILE missing"); $display("0 passed, 1 failed"); $finish;
    end
    fd = $fopen(fname, "r");
    if (fd == 0) begin
      $display("tb_replay: cannot open %0s", fname); $display("0 passed, 1 failed"); $finish;
    end
    while (!$feof(fd)) begin
      c = $fgetc(fd);
      if (c == "T") begin
        r = $fscanf(fd, " %s\n", name);
        end_test;
        cur = name; in_test = 1; errs = 0; cycles = 0;
        zero_inputs; clk = 0; rst_n = 1; #1; rst_n = 0; #1; rst_n = 1; #1;
        check_x("after reset");
      end
      // BEGIN generated: replay-read (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
      // END generated: replay-read
      else if (c == "C") begin
        r = $fscanf(fd, " %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h",
                    ev, cpl, fv, fr, fe, fs, fo, psel, pen, pwr, paddr, pwdata, pstrb, pprot,
                    e_prdata, e_pslverr, e_pready, e_irq, e_ovf, e_tsc, e_cnt);
        r = r + $fscanf(fd, " %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h",
                    iaddr, daddr, pm, mv, mlat, yev, e_pmi, e_yield, e_yring, e_ych, e_ytgt,
                    e_siar, e_sdar, e_mmcr, e_yblk, e_yer);
        r = r + $fscanf(fd, " %h %h %h %h %h %h %h %h\n", e_yattr, e_pmstat, e_ycnt, e_ymiss, e_yesv, e_ycap, e_ytid, ptid);
        if (r != 45) begin
          $display("  bad vector line (%0d fields) after cycle %0d of %0s", r, cycles, cur);
          errs = errs + 1;
        end
        #1;
        check_x("before edge");
        if (prdata !== e_prdata || pslverr !== e_pslverr || pready !== e_pready || irq !== e_irq) begin
          if (errs < 5)
            $display("  %0s cycle %0d: prdata %h/%h pslverr %b/%b pready %b/%b irq %b/%b (rtl/expected)",
                     cur, cycles, prdata, e_prdata, pslverr, e_pslverr, pready, e_pready, irq, e_irq);
          errs = errs + 1;
        end
        if (pmi !== e_pmi || yield !== e_yield || yring !== e_yring || ych !== e_ych || ytgt !== e_ytgt ||
            yattr !== e_yattr || ytid !== e_ytid) begin
          if (errs < 5)
            $display("  %0s cycle %0d: pmi %b/%b yield %b/%b ring %b/%b ch %h/%h tgt %h/%h attr %h/%h tid %h/%h (rtl/expected)",
                     cur, cycles, pmi, e_pmi, yield, e_yield, yring, e_yring, ych, e_ych, ytgt, e_ytgt, yattr, e_yattr,
                     ytid, e_ytid);
          errs = errs + 1;
        end
        clk = 1; #1;
        check_x("after edge");
        if (ovf !== e_ovf || tsc !== e_tsc || cnt !== e_cnt) begin
          if (errs < 5)
            $display("  %0s cycle %0d: state differs: ovf %h/%h tsc %h/%h cnt %h/%h", cur, cycles,
                     ovf, e_ovf, tsc, e_tsc, cnt, e_cnt);
          errs = errs + 1;
        end
        if (siar !== e_siar || sdar !== e_sdar || mmcr !== e_mmcr || yblk !== e_yblk || yer !== e_yer) begin
          if (errs < 5)
            $display("  %0s cycle %0d: state differs: siar %h/%h sdar %h/%h mmcr %h/%h yblk %b/%b yer %h/%h",
                     cur, cycles, siar, e_siar, sdar, e_sdar, mmcr, e_mmcr, yblk, e_yblk, yer, e_yer);
          errs = errs + 1;
        end
        if (pmstat !== e_pmstat || ycnt !== e_ycnt || ymiss !== e_ymiss || yesv !== e_yesv || ycap !== e_ycap) begin
          if (errs < 5)
            $display("  %0s cycle %0d: state differs: pmstat %h/%h ycnt %h/%h ymiss %h/%h yesv %h/%h ycap %h/%h", cur, cycles,
                     pmstat, e_pmstat, ycnt, e_ycnt, ymiss, e_ymiss, yesv, e_yesv, ycap, e_ycap);
          errs = errs + 1;
        end
        clk = 0; #1;
        cycles = cycles + 1;
      end
    end
    end_test;
    $fclose(fd);
    $display("%0d passed, %0d failed", passed, failed);
    $finish;
  end
endmodule
