`timescale 1ns/1ps
// Icarus Verilog replay of the distributed-counter directed tests: reads the
// vectors recorded by tb/dc_lockstep.cpp (--vec; every line checked there
// against the C model; the file ends with the trailer "# N cycles"), drives dc_top with them and checks every cycle the
// APB outputs before the edge and, after it, every interrupt line, every
// local counter, every chain flit register (which carry the SRAM adds and
// the near-overflow packets) and the units' mode configuration (mcfg_o) and edge/polarity bits (elp_o). Compares are 4-state (!==): any X or Z on an
// output from reset on fails.
//   vvp sim +vec=FILE      (parameters via iverilog -P dc_replay.NP=...)
// `DC_CH_W (chain flit width) comes from rtl/dc_top.v's generated define block:
// compile the RTL before this file.
module dc_replay;
  parameter integer NP = 3, NL = 2, FRAME = 400, NCP = 24, LWP = 14, NCL = 16, LWL = 10;
  parameter integer NT = 2, NCLS = 4, NCLSL = 16, NSUBP = 16, NSUBL = 1, ECC = 1;
  localparam integer NU   = NP + NL;
  localparam integer NEVP = (NP > 0 ? NP : 1) * NT * NCLS * NSUBP;
  localparam integer NEVL = (NL > 0 ? NL : 1) * NT * NCLSL * NSUBL;
  localparam integer LCW  = NP * NCP * LWP + NL * NCL * LWL;
  localparam integer CHW  = (NU + 1) * `DC_CH_W;
  localparam integer ELPW = 2 * (NP * NT * NCLS * NSUBP + NL * NT * NCLSL * NSUBL);

  reg             clk = 1'b0, rst_n = 1'b1;
  reg [NEVP-1:0]  evp;
  reg [NEVL-1:0]  evl;
  reg [NU*NT*2-1:0] cpl;
  reg             psel, pen, pwr;
  reg [15:0]      paddr;
  reg [31:0]      pwdata;
  reg [3:0]       pstrb;
  reg [2:0]       pprot;
  reg             e_pready, e_pslverr;
  reg [31:0]      e_prdata;
  reg [NU-1:0]    e_irq;
  reg [LCW-1:0]   e_lcnt;
  reg [CHW-1:0]   e_chain;
  reg [NU*128-1:0] e_mcfg;
  wire [NU*128-1:0] mcfg;
  reg [ELPW-1:0]  e_elp;
  wire [ELPW-1:0] elp;
  wire            pready, pslverr;
  wire [31:0]     prdata;
  wire [NU-1:0]   irq;
  wire [LCW-1:0]  lcnt;
  wire [CHW-1:0]  chain;

  dc_top #(.NP(NP), .NL(NL), .FRAME(FRAME), .NCP(NCP), .LWP(LWP), .NCL(NCL), .LWL(LWL), .NT(NT),
           .NCLS(NCLS), .NCLSL(NCLSL), .NSUBP(NSUBP), .NSUBL(NSUBL), .ECC(ECC)) dut (
    .clk_i(clk), .rst_ni(rst_n), .psel_i(psel), .penable_i(pen), .pwrite_i(pwr), .paddr_i(paddr),
    .pwdata_i(pwdata), .pstrb_i(pstrb), .pprot_i(pprot), .pready_o(pready), .prdata_o(prdata),
    .pslverr_o(pslverr), .evp_i(evp), .evl_i(evl), .cpl_i(cpl), .irq_o(irq), .lcnt_o(lcnt), .chain_o(chain),
    .mcfg_o(mcfg), .elp_o(elp));

  integer fd, n, cyc, errors, total;
  reg [8*256-1:0] fname;
  task fail(input [8*40-1:0] what);
    begin
      errors = errors + 1;
      if (errors <= 10) $display("MISMATCH cycle %0d: %0s", cyc, what);
    end
  endtask

  // one vector line (n = 18 fields read, less at the trailer or the end)
  task read_line;
    n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", evp, evl, cpl, psel, pen, pwr, paddr,
                pwdata, pstrb, pprot, e_pready, e_pslverr, e_prdata, e_irq, e_lcnt, e_chain, e_mcfg, e_elp);
  endtask

  initial begin
    errors = 0; cyc = 0;
    if (!$value$plusargs("vec=%s", fname)) begin $display("usage: vvp sim +vec=FILE"); $finish; end
    fd = $fopen(fname, "r");
    if (fd == 0) begin $display("cannot open the vector file"); $finish; end
    // the harness's reset: a real falling edge of the asynchronous reset, clock low
    evp = 0; evl = 0; cpl = 0; psel = 0; pen = 0; pwr = 0; paddr = 0; pwdata = 0; pstrb = 4'hF; pprot = 0;
    #1 rst_n = 1'b0;
    #1 rst_n = 1'b1;
    #1;
    read_line;
    while (n == 18) begin
      #1;   // inputs settle, clock low
      if (pready !== e_pready)   fail("pready");
      if (pslverr !== e_pslverr) fail("pslverr");
      if (prdata !== e_prdata) begin fail("prdata"); if (errors <= 10) $display("  prdata %h expected %h (paddr %h)", prdata, e_prdata, paddr); end
      clk = 1'b1;
      #1;
      if (irq !== e_irq)     fail("irq");
      if (lcnt !== e_lcnt)   fail("local counters");
      if (chain !== e_chain) fail("chain flits");
      if (mcfg !== e_mcfg)   fail("unit mode configuration");
      if (elp !== e_elp)     fail("edge/polarity bits");
      clk = 1'b0;
      cyc = cyc + 1;
      read_line;
    end
    // trailer "# N cycles": a truncated or cut file fails
    n = $fscanf(fd, "# %d cycles\n", total);
    if (n != 1 || total != cyc) begin
      errors = errors + 1;
      $display("vector file incomplete: %0d cycles replayed, trailer %0s %0d", cyc, n == 1 ? "says" : "missing", total);
    end
    $fclose(fd);
    if (cyc == 0) errors = errors + 1;
    $display("dc_replay: %0d cycles replayed, %0d mismatches (4-state compare: X/Z fails)", cyc, errors);
    $display("%0d passed, %0d failed", errors == 0 ? 1 : 0, errors == 0 ? 0 : 1);
    $finish;
  end
endmodule
