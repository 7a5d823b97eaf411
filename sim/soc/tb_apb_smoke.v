`timescale 1ns/1ps
// Self-checking APB smoke bench of pmu_core (the FuseSoC `sim` target of
// pmu_ip.core; also runnable by hand with Icarus). Register offsets follow
// docs/regmap.md. Every pmu_core parameter is a parameter of the bench,
// passed to the DUT (fusesoc run --target sim pmu-ip:ip:pmu_core --NC 5 ...),
// and the bench prints the CFG/CAP values it reads back ("tb_apb_smoke:
// CFG ..."). Expected values are hand-derived: a counter enabled for K
// cycles on an always-on sub-event counts K; ID is 0x504D0100; CFG and CAP
// hold the parameters; an unmapped offset answers PSLVERR. The counter used
// is counter 3 (NC-1 if NC < 4) on class 5, else the first class of its
// area (NAREA) that is not FLOP_CLASS. Last line "N passed, N failed".
module tb_apb_smoke #(
  parameter integer NT         = 2,
  parameter integer NC         = 8,
  parameter integer CW         = 40,
  parameter integer NCLS       = 64,
  parameter integer NRET       = 4,
  parameter integer FLOP_CLASS = 63,
  parameter integer NCH        = 4,
  parameter integer NAREA      = 1,
  parameter integer HAS_SAMPLE = 1,
  parameter integer HAS_YIELD  = 1,
  parameter integer AW         = 64,
  parameter integer YCAP       = 0
);
  // counter K, class CLS of its area (class c is seen by counter n iff c % NAREA == n % NAREA)
  localparam integer K = NC > 3 ? 3 : NC - 1;
  function integer pick_class(input integer dummy);
    integer c;
    begin
      pick_class = 0;
      for (c = NCLS - 1; c >= 0; c = c - 1)
        if (c != FLOP_CLASS && c % NAREA == K % NAREA) pick_class = c;
      if (NCLS > 5 && FLOP_CLASS != 5 && 5 % NAREA == K % NAREA) pick_class = 5;
    end
  endfunction
  localparam integer CLS = pick_class(0);
  localparam [11:0] CBASE = 12'h100 + 12'h010 * K;
  reg clk = 1'b0, rst_n = 1'b1;
  reg psel = 1'b0, penable = 1'b0, pwrite = 1'b0;
  reg [11:0] paddr = 12'd0;
  reg [31:0] pwdata = 32'd0;
  reg [3:0]  pstrb = 4'd0;
  wire pready, pslverr, irq;
  wire [31:0] prdata;
  reg [NT*NCLS*16-1:0] ev = {NT*NCLS*16{1'b0}};
  integer passed = 0, failed = 0;
  reg [31:0] rd;
  reg err;

  /* verilator lint_off PINMISSING */
  pmu_core #(.NT(NT), .NC(NC), .CW(CW), .NCLS(NCLS), .NRET(NRET), .FLOP_CLASS(FLOP_CLASS), .NCH(NCH),
             .NAREA(NAREA), .HAS_SAMPLE(HAS_SAMPLE), .HAS_YIELD(HAS_YIELD), .AW(AW), .YCAP(YCAP)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .psel_i(psel), .penable_i(penable), .pwrite_i(pwrite), .paddr_i(paddr), .pwdata_i(pwdata),
    .pstrb_i(pstrb), .pprot_i(3'b001), .pready_o(pready), .prdata_o(prdata), .pslverr_o(pslverr),
    .ev_i(ev), .cpl_i({NT{2'd3}}), .flop_valid_i({NT*NRET{1'b0}}), .flop_rsz_i({NT*NRET*3{1'b0}}),
    .flop_esz_i({NT*NRET{1'b0}}), .flop_scalar_i({NT*NRET{1'b0}}), .flop_op_i({NT*NRET*4{1'b0}}),
    .irq_o(irq), .cnt_o(), .ovf_o(), .tsc_o()
  );
  /* verilator lint_on PINMISSING */

  always #5 clk = ~clk;

  task apb(input w, input [11:0] a, input [31:0] d);
    begin
      @(negedge clk); psel = 1'b1; penable = 1'b0; pwrite = w; paddr = a; pwdata = d; pstrb = w ? 4'hF : 4'h0;
      @(negedge clk); penable = 1'b1;
      #1 rd = prdata; err = pslverr;
      @(posedge clk); #1 psel = 1'b0; penable = 1'b0;
    end
  endtask

  task check(input ok, input [8*48-1:0] what);
    begin
      if (ok) passed = passed + 1;
      else begin failed = failed + 1; $display("FAIL: %0s (rd=%h err=%b)", what, rd, err); end
    end
  endtask

  // +waves=FILE: VCD of the whole bench
  reg [8*256-1:0] wavesf;
  initial
    if ($value$plusargs("waves=%s", wavesf)) begin
      $dumpfile(wavesf);
      $dumpvars(0, tb_apb_smoke);
    end

  initial begin
    #1 rst_n = 1'b0;          // a real falling edge of the asynchronous reset
    repeat (3) @(posedge clk);
    rst_n = 1'b1;
    apb(0, 12'h000, 0); check(rd == 32'h504D0100 && !err, "ID");
    apb(0, 12'h004, 0); check(rd[7:0] == NC && rd[15:8] == CW && rd[19:16] == NT && rd[23:20] == NRET
                                && rd[29:24] == FLOP_CLASS && !err, "CFG NC/CW/NT/NRET/FLOP_CLASS");
    $display("tb_apb_smoke: CFG NC=%0d CW=%0d NT=%0d NRET=%0d FLOP_CLASS=%0d", rd[7:0], rd[15:8], rd[19:16],
             rd[23:20], rd[29:24]);
    apb(0, 12'h020, 0); check(rd[3:0] == NAREA && rd[4] == HAS_SAMPLE && rd[5] == HAS_YIELD && rd[6] == (AW == 64)
                                && rd[7] == (YCAP && HAS_YIELD) && rd[11:8] == (HAS_YIELD ? NCH : 0) && !err,
                                "CAP NAREA/SMP/YLD/AW64/YCAP/NCH");
    $display("tb_apb_smoke: CAP NAREA=%0d HAS_SAMPLE=%0d HAS_YIELD=%0d AW=%0d YCAP=%0d NCH=%0d", rd[3:0], rd[4],
             rd[5], rd[6] ? 64 : 32, rd[7], rd[11:8]);
    apb(0, 12'h0F0, 0); check(err, "unmapped offset -> PSLVERR");
    apb(0, 12'h002, 0); check(err, "misaligned -> PSLVERR");
    // counter K: class CLS, sub-event 2 of every thread, all privileges, enabled
    apb(1, CBASE + 12'h4, ((32'd1 << (2 * NT)) - 1) << 16 | 32'h4);  // EMQ[K]: EM bit 2, EQ all
    apb(1, CBASE + 12'h0, 32'h00000100 | CLS);                        // CTL[K]: ES=CLS, EN
    ev[(0 * NCLS + CLS) * 16 + 2] = 1'b1;     // thread 0 sub-event on
    apb(1, 12'h008, 32'h1);                   // GCTL.GEN = 1
    repeat (100) @(posedge clk);
    apb(1, 12'h008, 32'h0);                   // stop
    repeat (2) @(posedge clk);                // the pipeline drains (CAP.LAT = 3)
    apb(0, CBASE + 12'h8, 0);                 // CNT_LO[K]
    // counting edges: the 100 idle ones, then the GEN=0 setup edge and its access edge (GEN still 1 during it)
    check(rd == 32'd102, "counter counts an always-on event");
    apb(0, CBASE + 12'hC, 0); check(rd == 32'd0, "CNT_HI[K] via shadow");
    apb(1, 12'h010, 32'd1 << K);              // CLR counter K
    apb(0, CBASE + 12'h8, 0); check(rd == 32'd0, "CLR");
    $display("%0d passed, %0d failed", passed, failed);
    $finish;
  end
endmodule
