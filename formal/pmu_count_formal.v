// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_count_formal: formal harness (docs/formal.md, proof core-count): a
// pmu_core counter's value is its preset plus the qualified events it was
// given, modulo 2^CW (wrap included), and OVF is set by exactly the wraps.
// pmu_core with one thread, one counter, one class (NT=1 NC=1 NCLS=1,
// HAS_SAMPLE=0 HAS_YIELD=0 VIEW=0 XLEN=0), driven by a solver-controlled
// APB4 master that picks each transfer from a menu (below) and free event
// and CPL inputs (the FLOP retire slots idle: flop_valid_i=0).
//
// Ghost (reference), computed from the event inputs and the configuration
// snooped from completed error-free writes only -- never from the RTL's
// own increment:
//   inc(t) = popcount(ev_i[15:0] & EM) if GEN & EN & ES==0 & EQ(CPL) in
//            cycle t, else 0   (EQ(CPL): the OS bit at CPL 0, USR else)
//   the events of cycle t are in the counter from cycle t+3 (CAP.LAT=3:
//   the ghost adds inc(t) at the edge ending cycle t+2);
//   a CNT_LO write presets {write stage, PWDATA} (the stage: the last
//   CNT_HI/TSC_HI write, cleared by CNT_LO/TSC_LO writes), a CLR write of
//   bit 0 clears; both drop the increment of their cycle;
//   OVF bit 0: set by a carry out of bit CW-1 of an add, cleared by an OVF
//   write of 1 (the set wins).
// Asserted every cycle: cnt_o == ghost, ovf_o == ghost OVF.
// Menu (privileged or not, any PSTRB: erroring accesses are in): GCTL
// (GEN; UEN 0), CNTEN, CTL[0] (ES, EN, IE free; THR, INV, EDGE 0), EMQ[0]
// (EM, EQ free), CNT_LO[0], CNT_HI[0], TSC_LO, TSC_HI, CLR, OVF (data
// free), and reads of CNT_LO[0]/CNT_HI[0] (they must not disturb counting).
//
// Strengthening invariants (k-induction): the configuration registers the
// ghost snoops equal their RTL flip-flops (GEN, EN, ES, EM, EQ, THR=0,
// INV=0, the threshold mode 0, the write stage, OVF) and the CoreSight
// view's freeze bit PMCR.FZO stays 0 (VIEW=0 never writes it). The RTL nets are
// reached through undriven probe wires (pr_*) that formal/run_formal.py
// connects in the flattened netlist (strengthen: probe), so the harness
// proper names only ports.
module pmu_count_formal #(
  parameter integer CW = 33
) (
  input  wire        clk_i,
  input  wire        go_i,      // start an APB transfer (when the master is free)
  input  wire [3:0]  kind_i,    // which transfer (menu)
  input  wire [31:0] wdata_i,
  input  wire [3:0]  strb_i,
  input  wire [2:0]  prot_i,
  input  wire [15:0] ev_i,      // thread 0, class 0, sub-events 15:0
  input  wire [1:0]  cpl_i
);
  localparam integer NT = 1, NC = 1, NCLS = 1, AW = 32, NCH = 1;
  reg init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = ~init_q;

  // ------------------------------------------------------ APB4 master
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
  localparam [11:0] A_GCTL = 12'h008, A_OVF = 12'h00C, A_CLR = 12'h010, A_CNTEN = 12'h014,
                    A_TSC_LO = 12'h018, A_TSC_HI = 12'h01C, A_CTL = 12'h100, A_EMQ = 12'h104,
                    A_CNT_LO = 12'h108, A_CNT_HI = 12'h10C;
  reg [11:0] paddr;
  reg        pwrite;
  reg [31:0] wd;
  always @* begin
    pwrite = 1'b1;
    wd = wdata_q;
    case (kind_q)
      4'd0: begin paddr = A_GCTL;  wd = wdata_q & 32'h0000_0001; end   // GEN (UEN 0)
      4'd1: paddr = A_CNTEN;
      4'd2: begin paddr = A_CTL;   wd = wdata_q & 32'h0000_033F; end   // ES, EN, IE (THR, INV, EDGE 0)
      4'd3: paddr = A_EMQ;
      4'd4: paddr = A_CNT_LO;
      4'd5: paddr = A_CNT_HI;
      4'd6: paddr = A_TSC_LO;
      4'd7: paddr = A_TSC_HI;
      4'd8: paddr = A_CLR;
      4'd9: paddr = A_OVF;
      4'd10: begin paddr = A_CNT_LO; pwrite = 1'b0; end
      default: begin paddr = A_CNT_HI; pwrite = 1'b0; end
    endcase
  end

  wire [CW-1:0] cnt;
  wire [NC-1:0] ovf;
  pmu_core #(.NT(NT), .NC(NC), .CW(CW), .NCLS(NCLS), .NRET(1), .FLOP_CLASS(1), .NCH(NCH), .NAREA(1),
             .HAS_SAMPLE(0), .HAS_YIELD(0), .AW(AW), .YCAP(0)) dut (
    // BEGIN generated: core-ties (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    // every other port of pmu_core: inputs tied to 0, outputs open
    .flop_valid_i({(NT*1){1'b0}}), .flop_rsz_i({(NT*1*3){1'b0}}), .flop_esz_i({(NT*1){1'b0}}),
    .flop_scalar_i({(NT*1){1'b0}}), .flop_op_i({(NT*1*4){1'b0}}), .irq_o(), .tsc_o(), .ccnt_o(),
    .csr_valid_i(1'b0), .csr_addr_i(12'd0), .csr_op_i(2'd0), .csr_wdata_i(64'd0), .csr_priv_i(3'd0),
    .rv_mode_i({(NT*3){1'b0}}), .stopcount_i(1'b0), .csr_hit_o(), .csr_rdata_o(), .csr_ill_o(), .csr_virt_o(),
    .lcofi_o(), .iaddr_i({AW{1'b0}}), .daddr_i({AW{1'b0}}), .pm_i({NT{1'b0}}), .mem_valid_i({NT{1'b0}}),
    .mem_lat_i({(NT*16){1'b0}}), .pmi_o(), .siar_o(), .sdar_o(), .mmcr_o(), .yev_i(8'd0), .yield_o(),
    .yield_ring_o(), .yield_ch_o(), .yield_tid_o(), .yield_tgt_o(), .yield_attr_o(), .yblk_o(), .yer_o(),
    .pmstat_o(), .ycnt_o(), .ymiss_o(), .yesv_o(), .ycap_o(),
    // END generated: core-ties
    .clk_i(clk_i), .rst_ni(rst_ni),
    .psel_i(st_q != 2'd0), .penable_i(st_q == 2'd2), .pwrite_i(pwrite), .paddr_i({2'b00, paddr}),
    .pwdata_i(wd), .pstrb_i(strb_q), .pprot_i(prot_q), .ptid_i(3'd0),
    .pready_o(pready), .prdata_o(prdata), .pslverr_o(pslverr),
    .ev_i(ev_i), .cpl_i(cpl_i), .cnt_o(cnt), .ovf_o(ovf));

  // ------------------------------------------------------ reference
  wire wok = !init_q && done && pwrite && !pslverr;   // a completed, error-free write
  reg        gen_g = 1'b0, en_g = 1'b0, ovf_g = 1'b0;
  reg [5:0]  es_g = 6'd0;
  reg [15:0] em_g = 16'd0;
  reg [1:0]  eq_g = 2'd0;
  reg [31:0] stage_g = 32'd0;
  always @(posedge clk_i)
    if (init_q) begin
      gen_g <= 1'b0; en_g <= 1'b0; es_g <= 6'd0; em_g <= 16'd0; eq_g <= 2'd0; stage_g <= 32'd0;
    end else if (wok) begin
      if (paddr == A_GCTL)  gen_g <= wd[0];
      if (paddr == A_CNTEN) en_g <= wd[0];
      if (paddr == A_CTL)   begin es_g <= wd[5:0]; en_g <= wd[8]; end
      if (paddr == A_EMQ)   begin em_g <= wd[15:0]; eq_g <= wd[17:16]; end
      if (paddr == A_CNT_HI || paddr == A_TSC_HI) stage_g <= wd;
      if (paddr == A_CNT_LO || paddr == A_TSC_LO) stage_g <= 32'd0;
    end
  // the events of this cycle the counter must count
  wire        qual = (cpl_i == 2'd0) ? eq_g[1] : eq_g[0];
  wire [15:0] evm = ev_i & em_g;
  reg  [4:0]  pop;
  integer s;
  always @* begin
    pop = 5'd0;
    for (s = 0; s < 16; s = s + 1) pop = pop + {4'd0, evm[s]};
  end
  wire [4:0] inc_now = (gen_g & en_g & (es_g == 6'd0) & qual) ? pop : 5'd0;
  // CAP.LAT = 3: the events of cycle t are added at the edge ending t+2
  reg  [4:0]    inc1 = 5'd0, inc2 = 5'd0;
  reg  [CW-1:0] ghost = {CW{1'b0}};
  wire [CW:0]   sum = {1'b0, ghost} + {{(CW-4){1'b0}}, inc2};
  wire [63:0]   preset = {stage_g, wd};
  wire          wr_cnt = wok && paddr == A_CNT_LO;
  wire          wr_clr = wok && paddr == A_CLR && wd[0];
  wire          carry = !wr_cnt && !wr_clr && sum[CW];
  always @(posedge clk_i)
    if (init_q) begin
      inc1 <= 5'd0; inc2 <= 5'd0; ghost <= {CW{1'b0}}; ovf_g <= 1'b0;
    end else begin
      inc1 <= inc_now; inc2 <= inc1;
      ghost <= wr_cnt ? preset[CW-1:0] : wr_clr ? {CW{1'b0}} : sum[CW-1:0];
      ovf_g <= (ovf_g & ~(wok && paddr == A_OVF && wd[0])) | carry;
    end

  // the property: every cycle after reset
  always @* if (!init_q) begin
    assert (cnt == ghost);
    assert (ovf[0] == ovf_g);
  end

  // ---- strengthening invariants: the snooped configuration equals the
  // RTL's registers (pr_*: driven by formal/run_formal.py, strengthen: probe)
  wire        pr_gen, pr_en, pr_inv;
  wire [5:0]  pr_es;
  wire [15:0] pr_em;
  wire [1:0]  pr_eq, pr_mode;
  wire [7:0]  pr_thr;
  wire [31:0] pr_stage;
  always @* if (!init_q) begin
    assert (pr_gen == gen_g);
    assert (pr_en == en_g);
    assert (pr_es == es_g);
    assert (pr_em == em_g);
    assert (pr_eq == eq_g);
    assert (pr_thr == 8'd0 && !pr_inv && pr_mode == 2'd0);
    assert (pr_stage == stage_g);
    assert (st_q != 2'd3);
  end
  wire unused = &{1'b0, prdata};
endmodule
