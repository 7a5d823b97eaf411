// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_err_miter: formal harness (docs/formal.md): an APB access that
// pmu_core answers with PSLVERR changes no architectural state.
// Two pmu_core copies, A and B, get the same inputs every cycle (events,
// CPL, FLOP slots, addresses, process marks, yield events and a
// solver-driven APB4 master), except for one transfer that the solver picks
// (any address, direction, data, PSTRB, PPROT, PAUSER thread ID): A sees it, B sees an idle
// bus for those cycles, and A must answer it with PSLVERR (assumption).
// Asserted: every output of the two copies is equal in every cycle (the APB
// response outputs PRDATA/PSLVERR/PREADY outside that transfer), so a
// register changed by the erroring access shows up on cnt_o/ovf_o/tsc_o/...
// or in a later read. Only pmu_core's ports are used.
module pmu_err_miter #(
  parameter integer NT = 1, NC = 2, CW = 33, NCLS = 2, NRET = 1, FLOP_CLASS = 1, NCH = 1,
  parameter integer NAREA = 1, HAS_SAMPLE = 1, HAS_YIELD = 1, AW = 32, YCAP = 0
) (
  input  wire                  clk_i,
  input  wire                  go_i,     // start an APB transfer (when the master is free)
  input  wire                  inj_i,    // ... and make it the one only copy A sees
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
  reg init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = ~init_q;

  // ------------------------------------------------------ APB4 master
  reg  [1:0]  st_q = 2'd0;          // 0 idle, 1 setup, 2 access
  reg         wr_q = 1'b0, inj_q = 1'b0, used_q = 1'b0;
  reg  [11:0] addr_q = 12'd0;
  reg  [31:0] wdata_q = 32'd0;
  reg  [3:0]  strb_q = 4'd0;
  reg  [2:0]  prot_q = 3'd0;
  reg  [2:0]  tid_q = 3'd0;
  wire        pready_a, pready_b, pslverr_a, pslverr_b;
  wire [31:0] prdata_a, prdata_b;
  wire        done  = (st_q == 2'd2) & pready_a;
  wire        start = go_i & ((st_q == 2'd0) | done);
  always @(posedge clk_i)
    if (init_q) begin st_q <= 2'd0; inj_q <= 1'b0; used_q <= 1'b0; end
    else begin
      if (done) inj_q <= 1'b0;
      if (start) begin
        st_q <= 2'd1; wr_q <= wr_i; addr_q <= addr_i; wdata_q <= wdata_i; strb_q <= strb_i; prot_q <= prot_i; tid_q <= tid_i;
        inj_q <= inj_i & ~used_q;
        used_q <= used_q | inj_i;
      end else if (st_q == 2'd1) st_q <= 2'd2;
      else if (done) st_q <= 2'd0;
    end
  // the injected transfer is one that A answers with an error
  always @* if (!init_q && inj_q && done) assume (pslverr_a);
  wire psel_a = st_q != 2'd0, penable_a = st_q == 2'd2;
  wire psel_b = psel_a & ~inj_q, penable_b = penable_a & ~inj_q;

  localparam integer OW = NC*CW + NC + 64 + 1 + 2*AW + 32 + 1 + 1 + 3 + AW + 2 + 2*NCH + 2 + 2*NCH*32 + 2*NCH*16 + 2*NCH*25 + 3 + 2*NCH*(2*AW+64+CW) + 3;   // ... yesv_o, yield_attr_o, ycap_o, yield_tid_o
  wire [OW-1:0] out_a, out_b;
  wire [2*NT-1:0] yblk_a, yblk_b;   // block bits: thread 0's in the vector below, all compared in `bad`
  assign out_a[NC*CW+NC+102+3*AW +: 2] = {yblk_a[NT], yblk_a[0]};
  assign out_b[NC*CW+NC+102+3*AW +: 2] = {yblk_b[NT], yblk_b[0]};
  wire irq_a, irq_b;

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
    .flop_scalar_i(flop_scalar_i), .flop_op_i(flop_op_i), .irq_o(irq_a),
    .cnt_o(out_a[0 +: NC*CW]), .ovf_o(out_a[NC*CW +: NC]), .tsc_o(out_a[NC*CW+NC +: 64]),
    .iaddr_i(iaddr_i), .daddr_i(daddr_i), .pm_i(pm_i), .mem_valid_i(mem_valid_i), .mem_lat_i(mem_lat_i),
    .pmi_o(out_a[NC*CW+NC+64]), .siar_o(out_a[NC*CW+NC+65 +: AW]), .sdar_o(out_a[NC*CW+NC+65+AW +: AW]),
    .mmcr_o(out_a[NC*CW+NC+65+2*AW +: 32]), .yev_i(yev_i),
    .yield_o(out_a[NC*CW+NC+97+2*AW]), .yield_ring_o(out_a[NC*CW+NC+98+2*AW]),
    .yield_ch_o(out_a[NC*CW+NC+99+2*AW +: 3]), .yield_tgt_o(out_a[NC*CW+NC+102+2*AW +: AW]),
    .yblk_o(yblk_a), .yer_o(out_a[NC*CW+NC+104+3*AW +: 2*NCH]),
    .pmstat_o(out_a[NC*CW+NC+104+3*AW+2*NCH +: 2]), .ycnt_o(out_a[NC*CW+NC+106+3*AW+2*NCH +: 2*NCH*32]),
    .ymiss_o(out_a[NC*CW+NC+106+3*AW+2*NCH+2*NCH*32 +: 2*NCH*16]),
    .yesv_o(out_a[NC*CW+NC+106+3*AW+2*NCH+2*NCH*48 +: 2*NCH*25]),
    .yield_attr_o(out_a[NC*CW+NC+106+3*AW+2*NCH+2*NCH*73 +: 3]),
    .ycap_o(out_a[NC*CW+NC+109+3*AW+2*NCH+2*NCH*73 +: 2*NCH*(2*AW+64+CW)]),
    .yield_tid_o(out_a[OW-3 +: 3]));

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
    .flop_scalar_i(flop_scalar_i), .flop_op_i(flop_op_i), .irq_o(irq_b),
    .cnt_o(out_b[0 +: NC*CW]), .ovf_o(out_b[NC*CW +: NC]), .tsc_o(out_b[NC*CW+NC +: 64]),
    .iaddr_i(iaddr_i), .daddr_i(daddr_i), .pm_i(pm_i), .mem_valid_i(mem_valid_i), .mem_lat_i(mem_lat_i),
    .pmi_o(out_b[NC*CW+NC+64]), .siar_o(out_b[NC*CW+NC+65 +: AW]), .sdar_o(out_b[NC*CW+NC+65+AW +: AW]),
    .mmcr_o(out_b[NC*CW+NC+65+2*AW +: 32]), .yev_i(yev_i),
    .yield_o(out_b[NC*CW+NC+97+2*AW]), .yield_ring_o(out_b[NC*CW+NC+98+2*AW]),
    .yield_ch_o(out_b[NC*CW+NC+99+2*AW +: 3]), .yield_tgt_o(out_b[NC*CW+NC+102+2*AW +: AW]),
    .yblk_o(yblk_b), .yer_o(out_b[NC*CW+NC+104+3*AW +: 2*NCH]),
    .pmstat_o(out_b[NC*CW+NC+104+3*AW+2*NCH +: 2]), .ycnt_o(out_b[NC*CW+NC+106+3*AW+2*NCH +: 2*NCH*32]),
    .ymiss_o(out_b[NC*CW+NC+106+3*AW+2*NCH+2*NCH*32 +: 2*NCH*16]),
    .yesv_o(out_b[NC*CW+NC+106+3*AW+2*NCH+2*NCH*48 +: 2*NCH*25]),
    .yield_attr_o(out_b[NC*CW+NC+106+3*AW+2*NCH+2*NCH*73 +: 3]),
    .ycap_o(out_b[NC*CW+NC+109+3*AW+2*NCH+2*NCH*73 +: 2*NCH*(2*AW+64+CW)]),
    .yield_tid_o(out_b[OW-3 +: 3]));

  // outside the injected transfer the bus response must match too
  wire bus_eq = inj_q | ((prdata_a == prdata_b) & (pslverr_a == pslverr_b) & (pready_a == pready_b));
  wire bad = !init_q && ((out_a != out_b) || (yblk_a != yblk_b) || (irq_a != irq_b) || !bus_eq);
  // sticky: a mismatch at any step is still seen at the last one (the flow
  // checks the assertion at the final depth only)
  reg bad_q = 1'b0;
  always @(posedge clk_i) bad_q <= bad_q | bad;
  always @* assert (!(bad_q | bad));

  // ---- strengthening invariants (k-induction; docs/formal.md)
  // st_eq: every flip-flop of A equals its twin in B, except pmu_apb's
  // setup-phase decode (the access kind, error, write, user, index and
  // access-phase flags): driven by formal/run_formal.py (strengthen: pair)
  // in the flattened netlist, so this file still names only ports. The
  // decode of the injected transfer stays in A until the next setup phase
  // (B keeps the one before): equal again in the access phase of every
  // shared transfer (st_dec_eq).
  wire st_eq, st_dec_eq;
  always @* if (!init_q) begin
    assert (st_eq);
    if (st_q == 2'd2 && !inj_q) assert (st_dec_eq);
    assert (st_q != 2'd3);                          // the master's phases
    assert (!inj_q || (st_q != 2'd0 && used_q));    // the injected flag lives within its transfer
  end
endmodule
