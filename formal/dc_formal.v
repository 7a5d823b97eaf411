// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// dc_formal: formal harness of the distributed-counter ring (docs/formal.md).
// dc_top with NP core-type and NL cache-type units (default: its smallest
// legal configuration, 1 + 1 units, FRAME 50; FRAME must be at least
// 2*(NP+NL) + 46), NCTR 6-bit local counters each (default 1; at most 4,
// so a unit's counters share its one data flit, a lane each, and its one
// SRAM word 4u, lane k), 1 thread, 1 class, 1 sub-event, driven by a
// solver-controlled APB4 master and free event / CPL inputs. Only dc_top's
// ports are used.
//
// Ghost per local counter: a 32-bit count of the events the counter must
// count, from a reference of the documented counting rule (events of the
// selected class and sub-event, EQ x CPL qualification, CTL.EN, RUN applied
// NU cycles after the central unit injected it), with the configuration
// registers snooped from the completed bus writes. Checked:
//   A1  every cycle, the local counter moves by exactly the reference
//       increment (restarting at it in the cycle its data flit leaves);
//   A2  every completed, error-free read of the counter's SRAM counter (LO)
//       returns ghost - local counter - counts in flight on the chain (its
//       lane of the data flits of this unit's slot between the unit and the
//       central unit).
// Both are proved by k-induction (docs/formal.md): the strengthening
// invariants (DC_INVARIANTS: A1's; DC_A2_INVARIANTS: the SRAM word, its
// check byte, the read-modify-write pipeline, the frame on the chain and the
// local counter's bound) read internal state through probe wires that
// formal/run_formal.py connects; this file names only dc_top's ports.
// Bus (proof window): the master picks each transfer from a menu (below):
// CCTL writes (RUN, UEN; never LRST or MODE: mode 0), every local counter's
// CTL/EMQ writes (ES in {0,1}, EN, IE, TC, EM, EQ) and reads of every local
// counter's SRAM counter (LO); PPROT/PSTRB free. Software never writes the SRAM counters, ACC or NOV*.
module dc_formal #(
  parameter integer NP = 1, NL = 1, FRAME = 50, NCTR = 1
) (
  input  wire        clk_i,
  input  wire        go_i,      // start an APB transfer (when the master is free)
  input  wire [3:0]  kind_i,    // which transfer (see the menu below)
  input  wire [31:0] wdata_i,
  input  wire [3:0]  strb_i,
  input  wire [2:0]  prot_i,
  input  wire [NP-1:0] evp_i,
  input  wire [NL-1:0] evl_i,
  input  wire [2*(NP+NL)-1:0] cpl_i
`ifdef FORMAL_SIM
  // random simulation of this harness (make formal-sim): the checks that
  // compared a nonzero count, so a run that never exercised A1/A2 fails
  , output reg [15:0] nz_a1_o = 16'd0,   // data flits sent with a nonzero count
    output reg [15:0] nz_a2_o = 16'd0    // SRAM reads checked against a nonzero count
`endif
);
  // the chain flit layout from the RTL's generated defines (read before
  // this file): a flit field added to the chain cannot leave the harness
  // slicing the old layout (it did once: W was 129 after PAR made it 130)
  localparam integer NU = NP + NL, W = `DC_CH_W, LW = 6;
  localparam integer NK = NU * NCTR;                  // local counters on the ring
  localparam integer NW = 4 * (NU + `DC_RAW_GROUPS);   // SRAM words (one group per unit, GP = GL = 1)
  // NCTR <= 4: one data flit (slot 2u) and one SRAM word (4u) per unit; the
  // menu (1 + 3 NK kinds) must fit the 4-bit kind_i
  generate
    if (NCTR < 1 || NCTR > 4 || 1 + 3 * NK > 16) begin : g_bad dc_formal_illegal_NCTR_or_menu_too_large u_bad(); end
  endgenerate
  localparam integer FV = `DC_CH_FV_LSB, CYC = `DC_CH_CYC_LSB, RUN = `DC_CH_RUN_LSB, MODE = `DC_CH_MODE_LSB;
  localparam [15:0] A_CCTL = 16'h0008;
  localparam [31:0] FRAME32 = FRAME;
  localparam [9:0]  FRAME10 = FRAME32[9:0];

  reg init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = ~init_q;

  // ------------------------------------------------------ APB4 master
  // The solver picks each transfer from a menu (kind_i), with free data
  // bits where a register field is: kind 0 writes CCTL (RUN, UEN); with
  // c = u*NCTR + k the number of unit u's local counter k, kinds 2c+1 and
  // 2c+2 write its CTL (ES, EN, IE, TC) and EMQ (EM, EQ); kind 2*NK+1+c
  // reads its SRAM counter (LO: SRAM counter 16u+k, word 4u lane k), the
  // kinds above that the last counter's. PPROT and PSTRB are free, so erroring accesses are in.
  // No other address is ever driven: the software of the proof window does
  // not write the SRAM counters, ACC, NOV*, CCTL.LRST or CCTL.MODE (mode 0).
  reg  [1:0]  st_q = 2'd0;          // 0 idle, 1 setup, 2 access
  reg  [3:0]  kind_q = 4'd0;
  reg  [31:0] wdata_q = 32'd0;
  reg  [3:0]  strb_q = 4'd0;
  reg  [2:0]  prot_q = 3'd0;
  wire        pready, pslverr;
  wire [31:0] prdata;
  wire        done = (st_q == 2'd2) & pready;
  wire        start = go_i & ((st_q == 2'd0) | done);
  always @(posedge clk_i)
    if (init_q) st_q <= 2'd0;
    else if (start) begin
      st_q <= 2'd1; kind_q <= kind_i; wdata_q <= wdata_i; strb_q <= strb_i; prot_q <= prot_i;
    end else if (st_q == 2'd1) st_q <= 2'd2;
    else if (done) st_q <= 2'd0;
  reg [15:0] paddr;
  reg        pwrite;
  reg [31:0] wd;
  integer    kc, ku, kk;            // counter c, its unit u and index k
  reg  [3:0] rd_unit;               // the unit whose SRAM counter a read kind reads
  always @* begin
    pwrite = 1'b1;
    wd = 32'd0;
    paddr = A_CCTL;
    rd_unit = 4'd0;
    kc = 0; ku = 0; kk = 0;
    if (kind_q == 4'd0) begin
      wd = wdata_q & 32'h0000_0009;                                         // RUN, UEN
    end else if ({28'd0, kind_q} <= 2 * NK) begin
      kc = ({28'd0, kind_q} - 1) / 2;
      ku = kc / NCTR; kk = kc % NCTR;
      if (kind_q[0]) begin                                                  // unit ku C[kk].CTL (ES 0 or 1)
        paddr = 16'h8080 | {ku[6:0], 9'd0} | {7'd0, kk[4:0], 4'd0}; wd = wdata_q & 32'h0000_1301;
      end else begin                                                        // unit ku C[kk].EMQ
        paddr = 16'h8084 | {ku[6:0], 9'd0} | {7'd0, kk[4:0], 4'd0}; wd = wdata_q & 32'h0003_0001;
      end
    end else begin                                                          // SRAM counter 16ku+kk, LO
      kc = {28'd0, kind_q} - 2 * NK - 1;
      if (kc > NK - 1) kc = NK - 1;
      ku = kc / NCTR; kk = kc % NCTR;
      rd_unit = ku[3:0];
      paddr = 16'h2000 + {ku[8:0], 7'd0} + {6'd0, kk[6:0], 3'd0}; pwrite = 1'b0;
    end
  end

  wire [NU-1:0]            irq;
  wire                     err_irq;   // no fault is injected in the proof window
  wire [NK*LW-1:0]         lcnt;
  wire [(NU+1)*W-1:0]      chain;
  dc_top #(.NP(NP), .NL(NL), .FRAME(FRAME), .NCP(NCTR), .LWP(LW), .NCL(NCTR), .LWL(LW),
           .NT(1), .NCLS(1), .NCLSL(1), .NSUBP(1), .NSUBL(1)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .psel_i(st_q != 2'd0), .penable_i(st_q == 2'd2), .pwrite_i(pwrite), .paddr_i(paddr),
    .pwdata_i(wd), .pstrb_i(strb_q), .pprot_i(prot_q),
    .pready_o(pready), .prdata_o(prdata), .pslverr_o(pslverr),
    .evp_i(evp_i), .evl_i(evl_i), .cpl_i(cpl_i),
    .irq_o(irq), .err_irq_o(err_irq), .lcnt_o(lcnt), .chain_o(chain), .mcfg_o(), .elp_o());

  // RUN as applied by every unit: the central unit's flit of NU cycles ago
  reg [NU-1:0] run_d = {NU{1'b0}};
  always @(posedge clk_i)
    run_d <= init_q ? {NU{1'b0}} : {run_d[NU-2:0], chain[FV] & chain[RUN]};
  wire run_app = run_d[NU-1];

  wire wdone = done & pwrite & ~pslverr & ~init_q;
  wire [NU-1:0] ev_w = {evl_i, evp_i};

  // sticky failure flag: a violation at any step is still seen at the last
  // one (the flow checks the assertion only at the final depth: one solver
  // call instead of one per step)
  wire [NU-1:0] bad_w;
`ifdef FORMAL_SIM
  wire [NU-1:0] nz1, nz2;
`endif
  reg  bad_q = 1'b0;
  always @(posedge clk_i) bad_q <= bad_q | (|bad_w);
  always @* assert (!(bad_q | (|bad_w)));
`ifdef DC_A2_INVARIANTS
  // the central unit's pipeline (probes, formal/run_formal.py DC_STRONG)
  localparam [2:0] K_NONE = 3'd0, K_ADD = 3'd1, K_BRD = 3'd2;
  (* keep *) wire [NW-1:0] pr_wvalid;
  (* keep *) wire [255:0] pr_rdata, pr_wl_data;
  (* keep *) wire [31:0]  pr_rchk;
  (* keep *) wire         pr_rvalid, pr_wl_v, pr_issued, pr_acc_busy, pr_inj_sram, pr_inj_flit;
  (* keep *) wire [2:0]   pr_s1_kind;
  (* keep *) wire [7:0]   pr_s1_raddr, pr_s1_waddr, pr_wl_addr;
  (* keep *) wire [95:0]  pr_s1_add;
  (* keep *) wire [3:0]   pr_wl_pois;
`endif
  genvar u, k;
  generate
    for (u = 0; u < NU; u = u + 1) begin : g_u
      localparam [9:0]  SLOT = 2 * u;            // data flit CYC of unit u
      localparam [15:0] UBASE = 16'h8000 | (u << 9);
      wire [W-1:0]  ch_in = chain[u*W +: W];
      wire          xfer  = ch_in[FV] & ~ch_in[MODE] & (ch_in[CYC +: 10] == SLOT);
      reg           xf_q  = 1'b0;
      always @(posedge clk_i) xf_q <= xfer;
      wire [NCTR-1:0] bad_k;
`ifdef FORMAL_SIM
      wire [NCTR-1:0] nz1_k, nz2_k;
`endif
`ifdef DC_INVARIANTS
      // strengthening invariants (k-induction, dc-count): A1's: the
      // registers software never writes in the proof window keep their
      // reset value (pr_*: undriven here, connected to the RTL nets by
      // formal/run_formal.py, strengthen: probe; per counter: g_k below)
      wire       pr_frz, pr_nosync;
      wire       pr_einv, pr_eedge;   // NEV = 1 event bit per unit
      always @* if (!init_q) assert (!pr_frz && !pr_nosync && !pr_einv && !pr_eedge);
`endif
`ifdef DC_A2_INVARIANTS
      // strengthening invariants of A2 (k-induction, dc-count): the unit's
      // SRAM word W = 4u (its counter k in lane k), read through an extra
      // read port of the SRAM and its check-byte memory (strengthen:
      // memprobe), and the read-modify-write pipeline around it (probes of
      // the central unit); per counter: g_k below.
      localparam [7:0] WD = 4 * u;
      (* keep *) wire [255:0] pr_mw;                 // mem[W]
      (* keep *) wire [31:0]  pr_cw;                 // cmem[W]
      wire         wv   = pr_wvalid[4*u];
      wire         fwd_w = pr_wl_v && pr_wl_addr == WD;
      wire         add_w = pr_s1_kind == K_ADD && pr_s1_waddr == WD;
      wire         rd_w  = pr_s1_kind != K_NONE && pr_s1_raddr == WD && !fwd_w;
      wire [9:0]   c_in  = ch_in[CYC +: 10];
      wire [9:0]   dist  = (c_in >= SLOT) ? c_in - SLOT : c_in + FRAME10 - SLOT;
      wire [9:0]   lc_max = (dist == 10'd0) ? FRAME10 : dist;
      // stage 1 reading W without forwarding has the SRAM's written bit
      always @* if (!init_q) assert (!rd_w || pr_rvalid == wv);
      wire unused_a2u = &{1'b0, pr_mw, pr_cw};   // (lanes >= NCTR: no counter)
`endif
      for (k = 0; k < NCTR; k = k + 1) begin : g_k
        localparam [15:0] SADDR = 16'h2000 + 16'h0080 * u + 16'h0008 * k;   // its SRAM counter (word 4u, lane k), LO
        localparam [15:0] CBASE = UBASE | 16'h0080 | (k << 4);              // its C[k] registers: CTL, EMQ at +4
        // reference configuration (snooped from completed writes)
        reg [5:0] es_q = 6'd0;
        reg       en_q = 1'b0, em_q = 1'b0;
        reg [1:0] eq_q = 2'd0;
        always @(posedge clk_i)
          if (init_q) begin es_q <= 6'd0; en_q <= 1'b0; em_q <= 1'b0; eq_q <= 2'd0; end
          else if (wdone && paddr == CBASE) begin es_q <= wd[5:0]; en_q <= wd[8]; end
          else if (wdone && paddr == (CBASE | 16'h0004)) begin em_q <= wd[0]; eq_q <= wd[17:16]; end
        wire qual = (cpl_i[2*u +: 2] == 2'd0) ? eq_q[1] : eq_q[0];
        wire ref_inc = run_app & en_q & (es_q == 6'd0) & em_q & qual & ev_w[u];

        wire [LW-1:0] lc    = lcnt[(u*NCTR+k)*LW +: LW];
        reg  [LW-1:0] lc_q  = {LW{1'b0}};
        reg           ri_q  = 1'b0;
        reg  [31:0]   ghost = 32'd0;
        always @(posedge clk_i) begin
          lc_q <= lc; ri_q <= ref_inc;
          ghost <= init_q ? 32'd0 : ghost + {31'd0, ref_inc};
        end
        // A1: the local counter adds exactly the reference increment
        wire [LW-1:0] d = lc - (xf_q ? {LW{1'b0}} : lc_q);
        wire bad1 = !init_q && (d != {{(LW-1){1'b0}}, ri_q});

        // counts in flight: lane k of this unit's data flit anywhere between it and the central unit
        reg [31:0] fly;
        integer p;
        always @* begin
          fly = 32'd0;
          for (p = u + 1; p <= NU; p = p + 1)
            if (chain[p*W + FV] && !chain[p*W + MODE] && chain[p*W + CYC +: 10] == SLOT)
              fly = fly + {8'd0, chain[p*W + 24*k +: 24]};
        end
        wire [31:0] expect_lo = ghost - {26'd0, lc} - fly;
        // A2: a completed SRAM read of the counter (LO word)
        wire bad2 = !init_q && done && !pwrite && !pslverr && paddr == SADDR && (prdata != expect_lo);
`ifdef DC_INVARIANTS
        // A1's: the counter's configuration registers equal the snooped ones
        wire [5:0] pr_es;
        wire       pr_en, pr_em;
        wire [1:0] pr_eq;
        always @* if (!init_q) assert (pr_es == es_q && pr_en == en_q && pr_em == em_q && pr_eq == eq_q);
`endif
`ifdef DC_A2_INVARIANTS
        // lane k of the unit's word W and the pipeline around it
        wire [7:0]   chk_w;                 // SECDED check byte of mem[W] lane k
        wire [63:0]  unused_q;
        wire         unused_ce, unused_ue;
        dc_secded u_chk (.d_i(pr_mw[64*k +: 64]), .c_i(8'd0), .chk_o(chk_w), .q_o(unused_q), .ce_o(unused_ce), .ue_o(unused_ue));
        wire [31:0]  cur  = wv ? pr_mw[64*k +: 32] : 32'd0;            // what a read of the counter returns
        wire [31:0]  pend = add_w ? {8'd0, pr_s1_add[24*k +: 24]} : 32'd0;
        always @* if (!init_q) begin
          // the local counter is bounded by the cycles since its last data
          // flit (a frame at most: FRAME < 2^LW, it never wraps), and is 0
          // before the first flit reaches the unit
          assert (ch_in[FV] ? ({{(10-LW){1'b0}}, lc} <= lc_max) : (lc == {LW{1'b0}}));
          // the value: SRAM lane + the add in stage 1 = ghost - local - in flight
          assert (cur + pend == expect_lo);
          // the stored codeword is clean (a clean word decodes to itself)
          assert (!wv || pr_cw[8*k +: 8] == chk_w);
          // the word written last cycle (forwarding register) is W's value, unpoisoned
          assert (!fwd_w || (wv && pr_wl_data[64*k +: 64] == pr_mw[64*k +: 64] && !pr_wl_pois[k]));
          // stage 1 reading W without forwarding holds what the SRAM holds
          assert (!rd_w || !wv || (pr_rdata[64*k +: 64] == pr_mw[64*k +: 64] && pr_rchk[8*k +: 8] == pr_cw[8*k +: 8]));
        end
        wire unused_a2i = &{1'b0, unused_q, unused_ce, unused_ue};
`endif
        assign bad_k[k] = bad1 | bad2;
`ifdef FORMAL_SIM
        assign nz1_k[k] = !init_q && xf_q && (lc_q != {LW{1'b0}});
        assign nz2_k[k] = !init_q && done && !pwrite && !pslverr && paddr == SADDR && (expect_lo != 32'd0);
`endif
      end
      assign bad_w[u] = |bad_k;
`ifdef FORMAL_SIM
      assign nz1[u] = |nz1_k;
      assign nz2[u] = |nz2_k;
`endif
    end
  endgenerate
`ifdef DC_INVARIANTS
  // the central unit stays in mode 0 (CCTL.MODE is never written) and no
  // flit on the chain carries MODE or LRST
  wire pr_mode_q, pr_mode_req;
  integer pp;
  always @* if (!init_q) begin
    assert (!pr_mode_q && !pr_mode_req);
    for (pp = 0; pp <= NU; pp = pp + 1)
      assert (!chain[pp*W + MODE] && !chain[pp*W + `DC_CH_LRST_LSB]);
  end
`endif
`ifdef DC_A2_INVARIANTS
  // the central unit's pipeline and the chain (probes declared above)
  integer cp;
  always @* if (!init_q) begin
    // software of the proof window never writes ACC or ERRINJ
    assert (!pr_acc_busy && !pr_inj_sram && !pr_inj_flit);
    // stage 1: a chain add (read = write word) or the bus read of the
    // transfer in its access phase (a SRAM LO read: word 4u of its unit u)
    assert (pr_s1_kind == K_NONE || pr_s1_kind == K_ADD || pr_s1_kind == K_BRD);
    assert (pr_s1_kind != K_ADD || pr_s1_raddr == pr_s1_waddr);
    assert (pr_issued == (pr_s1_kind == K_BRD));
    assert (pr_s1_kind != K_BRD || (st_q == 2'd2 && !pwrite && paddr != A_CCTL && pr_s1_raddr == {2'd0, rd_unit, 2'd0}));
    // SRAM word addresses in the pipeline are words of the SRAM
    assert ({24'd0, pr_s1_raddr} < NW && {24'd0, pr_s1_waddr} < NW && {24'd0, pr_wl_addr} < NW);
    // the frame: every flit's CYC is a frame position, and the flit one
    // stage further down the chain is the one injected a cycle earlier
    for (cp = 0; cp <= NU; cp = cp + 1)
      assert (!chain[cp*W + FV] || chain[cp*W + CYC +: 10] < FRAME10);
    // (and every flit a unit put on the chain has even parity over its data)
    for (cp = 1; cp <= NU; cp = cp + 1) begin
      assert (!chain[cp*W + FV] || (chain[(cp-1)*W + FV] &&
              chain[(cp-1)*W + CYC +: 10] == ((chain[cp*W + CYC +: 10] == FRAME10 - 10'd1) ? 10'd0 : chain[cp*W + CYC +: 10] + 10'd1)));
      assert (!chain[cp*W + FV] || (^chain[cp*W +: 96]) == chain[cp*W + `DC_CH_PAR_LSB]);
    end
  end
  wire unused_a2 = &{1'b0, pr_s1_add, pr_rdata, pr_wl_data, pr_rchk, pr_wl_pois};   // (lanes >= NCTR: no counter)
`endif
`ifdef FORMAL_SIM
  always @(posedge clk_i) begin
    nz_a1_o <= nz_a1_o + {15'd0, |nz1};
    nz_a2_o <= nz_a2_o + {15'd0, |nz2};
  end
`endif
  wire unused = &{1'b0, irq, err_irq};
endmodule
