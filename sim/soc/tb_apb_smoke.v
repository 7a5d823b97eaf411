`timescale 1ns/1ps
// Self-checking APB smoke bench of pmu_core (the FuseSoC `sim` target of
// pmu_ip.core; also runnable by hand with Icarus). Register offsets follow
// docs/regmap.md. Expected values are hand-derived: a counter enabled for
// K cycles on an always-on sub-event counts K; ID is 0x504D0100; an
// unmapped offset answers PSLVERR. Last line "N passed, N failed".
module tb_apb_smoke;
  localparam integer NT = 2, NC = 8, CW = 40, NCLS = 64, NRET = 4, FLOP_CLASS = 63;
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
  pmu_core #(.NT(NT), .NC(NC), .CW(CW), .NCLS(NCLS), .NRET(NRET), .FLOP_CLASS(FLOP_CLASS)) dut (
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
    apb(0, 12'h004, 0); check(rd[7:0] == NC && rd[15:8] == CW && !err, "CFG NC/CW");
    apb(0, 12'h0F0, 0); check(err, "unmapped offset -> PSLVERR");
    apb(0, 12'h002, 0); check(err, "misaligned -> PSLVERR");
    // counter 3: class 5, sub-event 2 of both threads, all privileges, enabled
    apb(1, 12'h134, 32'h000F0004);            // EMQ[3]: EM bit 2, EQ all
    apb(1, 12'h130, 32'h00000105);            // CTL[3]: ES=5, EN
    ev[(0 * NCLS + 5) * 16 + 2] = 1'b1;       // thread 0 sub-event on
    apb(1, 12'h008, 32'h1);                   // GCTL.GEN = 1
    repeat (100) @(posedge clk);
    apb(1, 12'h008, 32'h0);                   // stop
    repeat (2) @(posedge clk);                // the pipeline drains (CAP.LAT = 3)
    apb(0, 12'h138, 0);                       // CNT_LO[3]
    // counting edges: the 100 idle ones, then the GEN=0 setup edge and its access edge (GEN still 1 during it)
    check(rd == 32'd102, "counter counts an always-on event");
    apb(0, 12'h13C, 0); check(rd == 32'd0, "CNT_HI[3] via shadow");
    apb(1, 12'h010, 32'h8);                   // CLR counter 3
    apb(0, 12'h138, 0); check(rd == 32'd0, "CLR");
    $display("%0d passed, %0d failed", passed, failed);
    $finish;
  end
endmodule
