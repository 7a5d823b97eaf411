// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_iso_miter: formal harness (docs/formal.md, issue 34): unprivileged
// accesses issued by hardware thread a leave every piece of thread b's
// state, and every later output and bus response that belongs to thread b,
// unchanged (thread isolation of the ring-3 yield channels).
//
// Two pmu_core copies, A and B, NT >= 2 threads, get the same inputs every cycle
// (events, CPL, FLOP slots, addresses, process marks, yield events and a
// solver-driven APB4 master whose PPROT and PAUSER (ptid_i) are held from
// setup through access), except for the transfers the solver marks as
// injected: those are unprivileged (PPROT[0]=0) transfers tagged thread a
// (ptid_i = a), any address, direction, data and PSTRB, any number of them;
// A sees them, B sees an idle bus for their two cycles. a (0..NT-1) is
// chosen by the solver at reset; "thread b" is every other thread.
//
// The channels' threads: the harness snoops the shared (both copies)
// error-free writes of YTHR3 (0x06C; the RTL stores the low TW bits of
// channel i's field [4i +: 3]; a number >= NT names no thread).
// Assumptions (docs/formal.md):
//   M1 YTHR3 is written (by shared transfers) only before the first injected
//      transfer: the OS does not hand a channel that thread a has used to
//      thread b (that channel would legitimately differ);
//   M2 shared writes of YCH3[i].CTL set ACT <= 1: an OS-configured ring-3
//      interrupt (ACT=2) or freeze (ACT=3) channel of thread a lets thread a
//      decide when the interrupt / freeze happens (its CNT/SAV/CTL writes),
//      which is global by design;
// (No assumption on the channels' order: pmu_yield delivers thread t's
// yields only in thread t's slot of a round robin, so a deliverable channel
// of thread a never delays thread b's delivery.)
// Asserted in every cycle (sticky flag):
//   - irq_o, cnt_o, ovf_o, tsc_o, pmi_o, siar_o, sdar_o, mmcr_o, pmstat_o
//     equal (no global effect);
//   - every ring-0 channel and every ring-3 channel of thread b: yer_o,
//     ycnt_o, ymiss_o, yesv_o, ycap_o equal;
//   - yblk_o equal except thread a's ring-3 bit;
//   - the deliveries other than ring-3 deliveries to thread a equal
//     (yield_o & !(yield_ring_o & yield_tid_o == a)), and when one happens
//     its yield_ring_o, yield_ch_o, yield_tid_o, yield_tgt_o, yield_attr_o;
//   - the response (PRDATA, PSLVERR, PREADY) of every shared transfer issued
//     by privileged code or unprivileged by thread b equal, except for the
//     registers of thread a's ring-3 channels (YCH3[i], YCAP3[i] with
//     thread(i) = a), YRING3 compared without thread a's bits (BLK[a], YER
//     of a's channels), and HI reads of the shared 64-bit read shadow while
//     it holds a value of thread a (latched by an injected LO read or a LO
//     read of a's capture record, until a shared LO read of other state
//     replaces it); then an unprivileged HI read by any thread other than a
//     must return 0 in A (the shadow tag).
// Only pmu_core's ports are used.
module pmu_iso_miter #(
  parameter integer NT = 2, NC = 1, CW = 33, NCLS = 1, NRET = 1, FLOP_CLASS = 0, NCH = 2,
  parameter integer NAREA = 1, HAS_SAMPLE = 0, HAS_YIELD = 1, AW = 32, YCAP = 1,
  parameter integer TW = NT > 2 ? $clog2(NT) : 1   // bits of a thread number (pmu_yield's tid_q)
) (
  input  wire                  clk_i,
  input  wire [TW-1:0]         a_i,      // thread a (sampled at reset, < NT); b: every other thread
  input  wire                  go_i,     // start an APB transfer (when the master is free)
  input  wire                  inj_i,    // ... and make it one only copy A sees (unprivileged, thread a)
  input  wire                  wr_i,
  input  wire [11:0]           addr_i,
  input  wire [31:0]           wdata_i,
  input  wire [3:0]            strb_i,
  input  wire [2:0]            prot_i,
  input  wire [2:0]            tid_i,    // PAUSER (ptid_i) of the transfer, held with it like PPROT
  input  wire [NT*NCLS*16-1:0] ev_i,
  input  wire [NT*2-1:0]       cpl_i,
  input  wire [NT*NRET-1:0]    flop_valid_i,
  input  wire [NT*NRET*3-1:0]  flop_rsz_i,
  input  wire [NT*NRET-1:0]    flop_esz_i,
  input  wire [NT*NRET-1:0]    flop_scalar_i,
  input  wire [NT*NRET*4-1:0]  flop_op_i,
  input  wire [AW-1:0]         iaddr_i,
  input  wire [AW-1:0]         daddr_i,
  input  wire [NT-1:0]         pm_i,
  input  wire [NT-1:0]         mem_valid_i,
  input  wire [NT*16-1:0]      mem_lat_i,
  input  wire [7:0]            yev_i
);
  localparam integer RW = 2 * AW + 64 + CW;   // one capture record
  reg init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = ~init_q;
  reg  [TW-1:0] a_q;                       // thread a, free at reset, then constant
  always @(posedge clk_i) if (init_q) a_q <= a_i;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [TW+2:0] ta_x = {3'd0, a_q};
  /* verilator lint_on UNUSEDSIGNAL */
  wire [2:0] ta = ta_x[2:0];

  // ------------------------------------------------------ APB4 master
  reg  [1:0]  st_q = 2'd0;          // 0 idle, 1 setup, 2 access
  reg         wr_q = 1'b0, inj_q = 1'b0, any_inj_q = 1'b0;
  reg  [11:0] addr_q = 12'd0;
  reg  [31:0] wdata_q = 32'd0;
  reg  [3:0]  strb_q = 4'd0;
  reg  [2:0]  prot_q = 3'd0, tid_q = 3'd0;
  wire        pready_a, pready_b, pslverr_a, pslverr_b;
  wire [31:0] prdata_a, prdata_b;
  wire        done  = (st_q == 2'd2) & pready_a;
  wire        start = !init_q & go_i & ((st_q == 2'd0) | done);
  always @(posedge clk_i)
    if (init_q) begin st_q <= 2'd0; inj_q <= 1'b0; any_inj_q <= 1'b0; end
    else begin
      if (done) inj_q <= 1'b0;
      if (start) begin
        st_q <= 2'd1; wr_q <= wr_i; addr_q <= addr_i; wdata_q <= wdata_i; strb_q <= strb_i; prot_q <= prot_i;
        tid_q <= tid_i; inj_q <= inj_i; any_inj_q <= any_inj_q | inj_i;
      end else if (st_q == 2'd1) st_q <= 2'd2;
      else if (done) st_q <= 2'd0;
    end
  wire psel_a = st_q != 2'd0, penable_a = st_q == 2'd2;
  wire psel_b = psel_a & ~inj_q, penable_b = penable_a & ~inj_q;

  // ------------------------------------------------------ thread map
  // thr_q[i*TW +: TW]: thread of ring-3 channel i (reset 0, like YTHR3)
  reg [NCH*TW-1:0] thr_q = {NCH*TW{1'b0}};
  integer i;
  always @(posedge clk_i)
    if (init_q) thr_q <= {NCH*TW{1'b0}};
    else if (done & ~inj_q & wr_q & (addr_q == 12'h06C) & ~pslverr_b)
      for (i = 0; i < NCH; i = i + 1) thr_q[i*TW +: TW] <= wdata_q[4*i +: TW];
  // ring-3 channels of thread a
  reg [NCH-1:0] own_a;
  always @* for (i = 0; i < NCH; i = i + 1) own_a[i] = thr_q[i*TW +: TW] == a_q;
  // register window of ring-3 channel `ch` (YCH3 0xA00, YCAP3 0xC00)
  function automatic a_win(input [11:0] ad, input [NCH-1:0] own);
    integer n;
    begin
      a_win = 1'b0;
      for (n = 0; n < NCH; n = n + 1)
        if (((ad[11:8] == 4'hA) || (ad[11:8] == 4'hC)) && (ad[7:5] == n) && own[n]) a_win = 1'b1;
    end
  endfunction
  // HI halves of the 64-bit registers (read from the shared shadow)
  function automatic is_hi(input [11:0] ad);
    is_hi = (ad == 12'h01C) || (ad == 12'h04C) || (ad == 12'h054) || ((ad[11:8] == 4'h1) && (ad[3:0] == 4'hC)) ||
            (((ad[11:8] == 4'hB) || (ad[11:8] == 4'hC)) && ad[2]);
  endfunction
  // LO halves whose error-free read latches the shadow (0x1x8: CNT[n].LO)
  function automatic is_lo(input [11:0] ad);
    is_lo = (ad == 12'h018) || ((ad[11:8] == 4'h1) && (ad[3:0] == 4'h8)) ||
            (((ad[11:8] == 4'hB) || (ad[11:8] == 4'hC)) && !ad[2]);
  endfunction
  wire aw_q = a_win(addr_q, own_a);

  // ------------------------------------------------------ assumptions
  always @* if (!init_q) assume ({{(32-TW){1'b0}}, a_q} < NT);
  always @* if (!init_q && start) begin
    // injected transfers: unprivileged, issued by thread a
    if (inj_i) assume (!prot_i[0] && tid_i == ta);
    // M1: YTHR3 written only before the first injected transfer
    if (!inj_i && wr_i && addr_i == 12'h06C) assume (!any_inj_q);
    // M2: no ring-3 interrupt / freeze channel
    if (!inj_i && wr_i && addr_i[11:8] == 4'hA && addr_i[4:0] == 5'h0) assume (wdata_i[7:4] <= 4'd1);
  end

  // ------------------------------------------------------ the two copies
  wire irq_a, irq_b, pmi_a, pmi_b;
  wire [NC*CW-1:0] cnt_a, cnt_b;
  wire [NC-1:0] ovf_a, ovf_b;
  wire [63:0] tsc_a, tsc_b;
  wire [AW-1:0] siar_a, siar_b, sdar_a, sdar_b, tgt_a, tgt_b;
  wire [31:0] mmcr_a, mmcr_b;
  wire y_a, y_b, yr_a, yr_b;
  wire [2:0] ych_a, ych_b, ytid_a, ytid_b, yattr_a, yattr_b;
  wire [2*NT-1:0] yblk_a, yblk_b;
  wire [2*NCH-1:0] yer_a, yer_b;
  wire [1:0] pmstat_a, pmstat_b;
  wire [2*NCH*32-1:0] ycnt_a, ycnt_b;
  wire [2*NCH*16-1:0] ymiss_a, ymiss_b;
  wire [2*NCH*25-1:0] yesv_a, yesv_b;
  wire [2*NCH*RW-1:0] ycap_a, ycap_b;

  pmu_core #(.NT(NT), .NC(NC), .CW(CW), .NCLS(NCLS), .NRET(NRET), .FLOP_CLASS(FLOP_CLASS), .NCH(NCH),
             .NAREA(NAREA), .HAS_SAMPLE(HAS_SAMPLE), .HAS_YIELD(HAS_YIELD), .AW(AW), .YCAP(YCAP)) u_a (
    // BEGIN generated: core-ties-a (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    // every other port of pmu_core: inputs tied to 0, outputs open
    .ccnt_o(), .csr_valid_i(1'b0), .csr_addr_i(12'd0), .csr_op_i(2'd0), .csr_wdata_i(64'd0),
    .csr_priv_i(3'd0), .rv_mode_i({(NT*3){1'b0}}), .stopcount_i(1'b0), .csr_hit_o(), .csr_rdata_o(),
    .csr_ill_o(), .csr_virt_o(), .lcofi_o(),
    // END generated: core-ties-a
    .clk_i(clk_i), .rst_ni(rst_ni),
    .psel_i(psel_a), .penable_i(penable_a), .pwrite_i(wr_q), .paddr_i({2'b00, addr_q}), .pwdata_i(wdata_q),
    .pstrb_i(strb_q), .pprot_i(prot_q), .ptid_i(tid_q), .pready_o(pready_a), .prdata_o(prdata_a), .pslverr_o(pslverr_a),
    .ev_i(ev_i), .cpl_i(cpl_i), .flop_valid_i(flop_valid_i), .flop_rsz_i(flop_rsz_i), .flop_esz_i(flop_esz_i),
    .flop_scalar_i(flop_scalar_i), .flop_op_i(flop_op_i), .irq_o(irq_a), .cnt_o(cnt_a), .ovf_o(ovf_a), .tsc_o(tsc_a),
    .iaddr_i(iaddr_i), .daddr_i(daddr_i), .pm_i(pm_i), .mem_valid_i(mem_valid_i), .mem_lat_i(mem_lat_i),
    .pmi_o(pmi_a), .siar_o(siar_a), .sdar_o(sdar_a), .mmcr_o(mmcr_a), .yev_i(yev_i),
    .yield_o(y_a), .yield_ring_o(yr_a), .yield_ch_o(ych_a), .yield_tid_o(ytid_a), .yield_tgt_o(tgt_a),
    .yield_attr_o(yattr_a), .yblk_o(yblk_a), .yer_o(yer_a), .pmstat_o(pmstat_a), .ycnt_o(ycnt_a),
    .ymiss_o(ymiss_a), .yesv_o(yesv_a), .ycap_o(ycap_a));

  pmu_core #(.NT(NT), .NC(NC), .CW(CW), .NCLS(NCLS), .NRET(NRET), .FLOP_CLASS(FLOP_CLASS), .NCH(NCH),
             .NAREA(NAREA), .HAS_SAMPLE(HAS_SAMPLE), .HAS_YIELD(HAS_YIELD), .AW(AW), .YCAP(YCAP)) u_b (
    // BEGIN generated: core-ties-b (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    // every other port of pmu_core: inputs tied to 0, outputs open
    .ccnt_o(), .csr_valid_i(1'b0), .csr_addr_i(12'd0), .csr_op_i(2'd0), .csr_wdata_i(64'd0),
    .csr_priv_i(3'd0), .rv_mode_i({(NT*3){1'b0}}), .stopcount_i(1'b0), .csr_hit_o(), .csr_rdata_o(),
    .csr_ill_o(), .csr_virt_o(), .lcofi_o(),
    // END generated: core-ties-b
    .clk_i(clk_i), .rst_ni(rst_ni),
    .psel_i(psel_b), .penable_i(penable_b), .pwrite_i(wr_q), .paddr_i({2'b00, addr_q}), .pwdata_i(wdata_q),
    .pstrb_i(strb_q), .pprot_i(prot_q), .ptid_i(tid_q), .pready_o(pready_b), .prdata_o(prdata_b), .pslverr_o(pslverr_b),
    .ev_i(ev_i), .cpl_i(cpl_i), .flop_valid_i(flop_valid_i), .flop_rsz_i(flop_rsz_i), .flop_esz_i(flop_esz_i),
    .flop_scalar_i(flop_scalar_i), .flop_op_i(flop_op_i), .irq_o(irq_b), .cnt_o(cnt_b), .ovf_o(ovf_b), .tsc_o(tsc_b),
    .iaddr_i(iaddr_i), .daddr_i(daddr_i), .pm_i(pm_i), .mem_valid_i(mem_valid_i), .mem_lat_i(mem_lat_i),
    .pmi_o(pmi_b), .siar_o(siar_b), .sdar_o(sdar_b), .mmcr_o(mmcr_b), .yev_i(yev_i),
    .yield_o(y_b), .yield_ring_o(yr_b), .yield_ch_o(ych_b), .yield_tid_o(ytid_b), .yield_tgt_o(tgt_b),
    .yield_attr_o(yattr_b), .yblk_o(yblk_b), .yer_o(yer_b), .pmstat_o(pmstat_b), .ycnt_o(ycnt_b),
    .ymiss_o(ymiss_b), .yesv_o(yesv_b), .ycap_o(ycap_b));

  // ------------------------------------------------------ read shadow
  // dirty_q: the shadow may hold a value of thread a (differs between A and B)
  reg dirty_q = 1'b0;
  wire rd_done = done & ~wr_q;
  always @(posedge clk_i)
    if (init_q) dirty_q <= 1'b0;
    else if (rd_done & is_lo(addr_q) & (inj_q ? ~pslverr_a : aw_q & ~(pslverr_a & pslverr_b))) dirty_q <= 1'b1;
    else if (rd_done & ~inj_q & ~aw_q & is_lo(addr_q) & ~pslverr_a & ~pslverr_b) dirty_q <= 1'b0;

  // ------------------------------------------------------ properties
  // thread b's state: every ring-0 channel, the ring-3 channels not of a
  wire [2*NCH-1:0] cmp_ch = {~own_a, {NCH{1'b1}}};
  reg ch_ne;
  integer k;
  always @* begin
    ch_ne = 1'b0;
    for (k = 0; k < 2 * NCH; k = k + 1)
      if (cmp_ch[k] && ((yer_a[k] != yer_b[k]) || (ycnt_a[32*k +: 32] != ycnt_b[32*k +: 32]) ||
                        (ymiss_a[16*k +: 16] != ymiss_b[16*k +: 16]) || (yesv_a[25*k +: 25] != yesv_b[25*k +: 25]) ||
                        (ycap_a[RW*k +: RW] != ycap_b[RW*k +: RW])))
        ch_ne = 1'b1;
  end
  wire glob_ne = (irq_a != irq_b) || (cnt_a != cnt_b) || (ovf_a != ovf_b) || (tsc_a != tsc_b) || (pmi_a != pmi_b) ||
                 (siar_a != siar_b) || (sdar_a != sdar_b) || (mmcr_a != mmcr_b) || (pmstat_a != pmstat_b);
  wire [2*NT-1:0] blk_m = ~({{(2*NT-1){1'b0}}, 1'b1} << (NT + {{(32-TW){1'b0}}, a_q}));   // all but BLK3[a]
  wire blk_ne = ((yblk_a ^ yblk_b) & blk_m) != 0;
  // deliveries other than ring-3 deliveries to thread a
  wire dl_a = y_a & ~(yr_a & (ytid_a == ta));
  wire dl_b = y_b & ~(yr_b & (ytid_b == ta));
  wire dl_ne = (dl_a != dl_b) ||
               (dl_a && ((yr_a != yr_b) || (ych_a != ych_b) || (ytid_a != ytid_b) || (tgt_a != tgt_b) || (yattr_a != yattr_b)));
  // bus responses of the shared transfers of privileged code / thread b
  reg [31:0] yr3_m;   // YRING3 without thread a's bits
  integer n;
  always @* begin
    yr3_m = 32'hFFFFFFFF;
    yr3_m[a_q] = 1'b0;
    for (n = 0; n < NCH; n = n + 1) if (own_a[n]) yr3_m[8 + n] = 1'b0;
  end
  wire sh_x  = is_hi(addr_q) & dirty_q;    // a HI read of a shadow of thread a
  wire cmp_r = done & ~inj_q & (prot_q[0] | (tid_q != ta)) & ~aw_q & ~(sh_x & ~wr_q);
  wire [31:0] rmask = (addr_q == 12'h064) ? yr3_m : 32'hFFFFFFFF;
  wire bus_ne = cmp_r && ((((prdata_a ^ prdata_b) & rmask) != 0) || (pslverr_a != pslverr_b) || (pready_a != pready_b));
  // confidentiality of the tagged shadow: another thread's unprivileged HI read returns 0
  wire leak = done & ~inj_q & ~wr_q & sh_x & ~prot_q[0] & (tid_q != ta) & (prdata_a != 32'd0);
  wire bad = !init_q && (ch_ne || glob_ne || blk_ne || dl_ne || bus_ne || leak);
  reg bad_q = 1'b0;
  always @(posedge clk_i) bad_q <= bad_q | bad;
  always @* assert (!(bad_q | bad));

`ifdef ISO_INVARIANTS
  // ---- strengthening invariants (k-induction; docs/formal.md): A and B
  // differ only where thread a's unprivileged accesses may reach. The
  // equality wires are driven by formal/run_formal.py (strengthen: pair,
  // iso_spec) in the flattened netlist, so this file still names only ports:
  //   st_eq     every flip-flop but those below;
  //   ch_eq[i]  ring-3 channel i (all its fields but its thread);
  //   sh_eq     the read shadow and its tag;
  //   st_dec_eq pmu_apb's setup-phase decode (equal in the access phase of
  //             a shared transfer);
  //   (YRING3.BLK: all but thread a's bit, asserted above on yblk_o).
  // The probes read copy A's shadow tag, the ring-3 channels' threads
  // (YTHR3) and ACT fields (both copies) and the delivery slot.
  wire st_eq, st_dec_eq, sh_eq;
  wire [NCH-1:0] ch_eq;
  wire [NCH*TW-1:0] pr_thr;
  wire [2*NCH-1:0] pr_act_a, pr_act_b;
  wire pr_sh_user;
  wire [2:0] pr_sh_tid;
  wire [NT-1:0] pr_slot;
  integer v;
  always @* if (!init_q) begin
    assert (st_eq);
    if (st_q == 2'd2 && !inj_q) assert (st_dec_eq);
    // thread b's channels, and all of them before thread a's first access
    assert ((ch_eq | (any_inj_q ? own_a : {NCH{1'b0}})) == {NCH{1'b1}});
    assert (any_inj_q || yblk_a == yblk_b);
    // the shadow: equal unless it holds a value of thread a; then tagged so
    // that no other thread's unprivileged read gets it
    if (!dirty_q) assert (sh_eq);
    else assert (!pr_sh_user || pr_sh_tid == ta);
    // the RTL's channel threads are the ones the harness snooped (M1)
    assert (pr_thr == thr_q);
    // M2 and the RTL's refusal of ACT > 1 from unprivileged writes: no
    // ring-3 interrupt or freeze channel in either copy
    for (v = 0; v < NCH; v = v + 1) begin
      assert (pr_act_a[2*v +: 2] <= 2'd1);
      assert (pr_act_b[2*v +: 2] <= 2'd1);
    end
    // the delivery slot is one-hot (one thread's turn per cycle)
    assert (pr_slot != {NT{1'b0}} && (pr_slot & (pr_slot - 1'b1)) == {NT{1'b0}});
    // the master's phases
    assert (st_q != 2'd3);
    assert (!inj_q || (st_q != 2'd0 && any_inj_q));
    // an injected transfer is what the assumptions let start: unprivileged, thread a
    assert (!inj_q || (!prot_q[0] && tid_q == ta));
    // M1: a shared YTHR3 write in flight started before thread a's first access
    assert (!(st_q != 2'd0 && !inj_q && wr_q && addr_q == 12'h06C) || !any_inj_q);
    // M2: a shared YCH3[i].CTL write in flight sets ACT <= 1
    assert (!(st_q != 2'd0 && !inj_q && wr_q && addr_q[11:8] == 4'hA && addr_q[4:0] == 5'h0) || wdata_q[7:4] <= 4'd1);
  end
`endif
endmodule
