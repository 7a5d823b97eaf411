# SPDX-License-Identifier: Apache-2.0
"""The mutants of the mutation check (sim/mutate.py, make mutate).

MUTANTS: one entry a mutant: its name, the file it changes (under rtl/ or
cmodel/), the original snippet (which must occur in that file exactly once),
the replacement, and the benches that must each kill it. The bench groups
(BENCHES, ALT, DC, ...) name those benches as (program, configuration)
pairs; FORMAL_DEPTH: the formal/run_formal.py options of a formal bench.
"""

# (name, file, original snippet, mutated snippet[, benches]); benches: the
# (program, configuration) pairs that must each kill it (default: directed
# and random lockstep in the default configuration)
BENCHES = (("test_directed", "default"), ("test_random", "default"))
ALT = (("test_directed", "alt"), ("test_random", "alt"))
LEAN = (("test_random", "lean"),)
# distributed counters: the directed and random lockstep benches of the small
# configuration (sim/dc.mk, 3 core-type + 2 cache-type units)
DC = (("dc_directed", "small"), ("dc_random", "small"))
DC_X = (("dc_icarus", "small"),)
AXIL = (("test_bus", "axil"),)   # tb/test_bus.cpp with the AXI4-Lite wrapper as top
WB = (("test_bus", "wb"),)       # ... with the Wishbone wrapper
AXIL_PRIV = (("test_bus", "axil_priv"),)   # ... AXI4-Lite, FORCE_PRIV=1 (sim/core.mk core-bus-axil-priv)
WB_PIPE = (("test_bus", "wb_pipe"),)       # ... Wishbone, PIPELINED_ONLY=1 FORCE_PRIV=1 (core-bus-wb-pipe)
REGS = (("test_regs", "default"),)   # tb/test_regs.cpp: the register tests from the generated table
YCAP_USER = (("test_directed", "alt"), ("test_regs", "alt"))   # unprivileged capture-record reads (YCAP=1)
# the yield channels' cold fields in a latch file (YSTORE=1, configuration
# ystore): directed and random lockstep; a reset that does not clear the
# latches: the directed tests (a reset per test, after the last test's
# writes; the random run and the register tests start from Verilator's
# zero-initialized latches)
YSTORE = (("test_directed", "ystore"), ("test_random", "ystore"))
YSTORE_RST = (("test_directed", "ystore"),)
# the CoreSight view (VIEW=1): random lockstep and the register tests of
# configuration cs; the arm_cspmu driver-sequence test on the model (tb/sw/test_cspmu.c)
CS = (("test_random", "cs"),)
CS_REGS = (("test_regs", "cs"), ("test_random", "cs"))
CSPMU = (("cspmu_model", "cs"),)
# the RISC-V CSR view (XLEN != 0): the conformance tests (tb/test_rv.cpp + tb/rv/,
# sim/rv.mk core-rvconf-*) of configuration rv (RV64, two threads) or rv32
# (RV32 halves, one thread)
RV = (("test_rv", "rv"),)
RV32 = (("test_rv", "rv32"),)
# formal proofs (formal/run_formal.py, fast depth): the proof must fail
FORMAL_DC = (("formal", "dc-count"),)
FORMAL_CORE = (("formal", "core-slverr-lean"),)
# depth of the formal mutant runs: a BMC from reset (the induction proof's
# base case, --bmc-only: a counterexample, not only a failing induction
# step) deep enough to show the bug: the dropped count must reach the SRAM
# (data flit of frame 2: step ~56); the EN bug shows at step ~9; for
# core-slverr-lean at step 4
FORMAL_DEPTH = {"dc-count": ["--depth", "58", "--bmc-only"], "dc-count-fast": ["--depth", "30", "--bmc-only"],
                "core-slverr-lean": ["--depth", "6", "--bmc-only"]}
# the pins of rtl/pmu_wb2apb.v's bus_apb_req instance before .pauser_o
WB_APB_PINS = ("    .clk_i(clk_i), .rst_ni(rst_ni),\n"
               "    .start_i(take), .write_i(we_i), .addr_i(adr_i), .wdata_i(dat_i), .strb_i(sel_i), .prot_i(prot_i),\n"
               "    .user_i(tga_i),\n"
               "    .last_o(last),\n"
               "    .psel_o(psel_o), .penable_o(penable_o), .pwrite_o(pwrite_o), .paddr_o(paddr_o), .pwdata_o(pwdata_o),\n"
               "    .pstrb_o(pstrb_o), .pprot_o(pprot_o), ")
MUTANTS = [
    # ---- the CoreSight PMU view (docs/coresight.md)
    ("rtl-cs-cntenclr-sets", "rtl/pmu_core.v",
     "cnten_q <= (cnten_q | cnten_set) & ~cnten_clr;", "cnten_q <= (cnten_q | cnten_set | cnten_clr);", CS),
    ("rtl-cs-filter-not-inverted", "rtl/pmu_cs_view.v",
     "eq_xbits[2*tt]   = ~v[2*(NT-1-tt)];", "eq_xbits[2*tt]   = v[2*(NT-1-tt)];", CS),
    ("rtl-cs-cycle-overflow-lost", "rtl/pmu_cs_view.v",
     "| (cs_we_ovs & cs_wdata[31]) | cc_carry;", "| (cs_we_ovs & cs_wdata[31]) | (cc_carry & 1'b0);", CS),
    ("rtl-cs-pmcr-p-clears-cycle-counter", "rtl/pmu_cs_view.v",
     ".en_i(cc_run), .inc_i(1'b1), .clr_i(cs_c),", ".en_i(cc_run), .inc_i(1'b1), .clr_i(cs_c | cs_p),", CS),
    ("rtl-cs-fzo-ignored", "rtl/pmu_cs_view.v",
     "wire   fz = fzo_q & (|ovf_i | cc_ovf_q);", "wire   fz = 1'b0 & fzo_q & (|ovf_i | cc_ovf_q);", CS),
    # PMEVCNTR: a high-word write keeps the low word (the mask is the written word's)
    ("rtl-cs-counter-high-word-whole", "rtl/pmu_cs_view.v",
     ": {{(CW-32){1'b1}}, 32'd0};", ": {CW{1'b1}};", CS),
    # PMOVSSET, PMINTENCLR, PMEVFILT2R's inversion, the cycle counter's
    # interrupt enable, filter, enable clear and low-word write, PMCR.E=0
    ("rtl-cs-ovsset-ignored", "rtl/pmu_cs_view.v",
     "assign ovf_set_o   = cs_we_ovs ? {1'b0, cs_wdata[30:0]} : 32'd0;",
     "assign ovf_set_o   = cs_we_ovs ? {1'b0, cs_wdata[30:0]} & 32'd0 : 32'd0;", CS),
    ("rtl-cs-intenclr-sets", "rtl/pmu_cs_view.v",
     "{31'd0, cs_we_ies} << `PMU_CTL_IE_LSB", "{31'd0, cs_ie} << `PMU_CTL_IE_LSB", CS),
    ("rtl-cs-filter2-not-inverted", "rtl/pmu_cs_view.v",
     "assign ftype_wd_o = 4'hF - cs_wdata[3:0];", "assign ftype_wd_o = cs_wdata[3:0];", CS),
    ("rtl-cs-cycle-irq-ignores-ie", "rtl/pmu_cs_view.v",
     "assign irq_o  = cc_ovf_q & cc_ie_q;", "assign irq_o  = cc_ovf_q & (cc_ie_q | 1'b1);", CS),
    ("rtl-cs-ccfiltr-ignored", "rtl/pmu_cs_view.v",
     "|(cc_thr & ~ccf_q)", "|(cc_thr & ~(ccf_q & {2*NT{1'b0}}))", CS),
    ("rtl-cs-cycle-enable-clr-ignored", "rtl/pmu_cs_view.v",
     "if (cs_we_cec & cs_wdata[31]) cc_en_q <= 1'b0;", "if (cs_we_cec & cs_wdata[31] & 1'b0) cc_en_q <= 1'b0;", CS),
    ("rtl-cs-pmcr-e0-ignored", "rtl/pmu_cs_view.v",
     "assign gen_clr_o   = cs_we_pmcr & ~cs_wdata[0];", "assign gen_clr_o   = cs_we_pmcr & ~cs_wdata[0] & 1'b0;", CS),
    ("rtl-cs-cycle-low-write-clears-high", "rtl/pmu_cs_view.v",
     "{cc_x[CW-1:32], cs_wdata}", "{{(CW-32){1'b0}}, cs_wdata}", CS),
    # the generated CoreSight block: a RAZ/WI word must not answer PSLVERR
    ("rtl-cs-raz-word-errors", "rtl/pmu_cs_apb.v",
     "wire err_d   = (|a[1:0]) | ~in_span |", "wire err_d   = (|a[1:0]) | ~in_span | ~|k_d |", CS_REGS),
    ("model-cs-hi-word-sets-low", "cmodel/pmu_model_event.c",
     "(c->cnt & 0xFFFFFFFFull) | (uint64_t)wd << 32) & m->cmask;", "(c->cnt & ~0xFFFFFFFFull) | wd) & m->cmask;", CSPMU),
    ("model-cs-ovsclr-ignored", "cmodel/pmu_model_cs.c",
     "if (cw_k == PMU_CS_K_PMOVSCLR0) hwclr[PMU_K_OVF] = wd;", "", CSPMU),
    ("model-cs-cycle-filter-ignored", "cmodel/pmu_model_cs.c",
     "&& m->cc_en && !fz && (thr & ~m->ccf);", "&& m->cc_en && !fz && thr;", CSPMU),
    ("model-cs-intenset-clears", "cmodel/pmu_model_cs.c",
     "m->c[n].ie = cw_k == PMU_CS_K_PMINTENSET0;", "m->c[n].ie = cw_k != PMU_CS_K_PMINTENSET0;", CSPMU),
    ("model-cs-pmcr-c-clears-event-counters", "cmodel/pmu_model_cs.c",
     "const int cs_p = cw_k == PMU_CS_K_PMCR && ((wd >> 1) & 1u);", "const int cs_p = cw_k == PMU_CS_K_PMCR && ((wd >> 1) & 3u);", CSPMU),
    ("rtl-qual-os-usr-swapped", "rtl/pmu_qualifier.v",
     "? eq_i[2*(NT-1-gt)+1] : eq_i[2*(NT-1-gt)]", "? eq_i[2*(NT-1-gt)] : eq_i[2*(NT-1-gt)+1]"),
    ("rtl-threshold-gt-not-ge", "rtl/pmu_threshold.v",
     "(raw32 >= {24'd0, thr_e})", "(raw32 > {24'd0, thr_e})"),
    ("rtl-fma-counts-one", "rtl/pmu_event_mux.v",
     "fsub[2*s+1] = hit & flop_fma_i[t*NRET+s];",
     "fsub[2*s+1] = hit & flop_fma_i[t*NRET+s] & 1'b0;"),
    # stage E: a thread that is not counted must be dropped from both halves
    ("rtl-thread-gate-upper-half", "rtl/pmu_core.v",
     "raw_b = raw_b + (inc_b[ti*IW +: BW] & {BW{en_t[ti]}});",
     "raw_b = raw_b + (inc_b[ti*IW +: BW] & {BW{en_t[ti] | 1'b1}});"),
    # the latency-class event must be qualified by thread x CPL like the mask
    ("rtl-lat-event-unqualified", "rtl/pmu_core.v",
     "{{(BW-1){1'b0}}, th_ok[ti] & lat[n] & lat_ev[ti]}",
     "{{(BW-1){1'b0}}, (~pms[n] | pm_i[ti]) & (~pmc[n] | ~pm_i[ti]) & lat[n] & lat_ev[ti]}"),
    # the generated decode compares every address bit: a misaligned CNT_LO is unmapped
    ("rtl-misaligned-accepted", "rtl/pmu_apb.v",
     "assign k_d[K_CNT_LO] = in_cnt && (o_cnt[3:0] == 4'h8);",
     "assign k_d[K_CNT_LO] = in_cnt && (o_cnt[3:2] == 2'h2);"),
    ("rtl-shadow-not-latched", "rtl/pmu_apb.v",
     "      if (rd_ok & rd_lo) begin\n        rshadow_q <= lo_val[63:32];",
     "      if (rd_ok & ((rd_lo & 1'b0) | wr_hi)) begin\n        rshadow_q <= lo_val[63:32];"),
    # the field primitive: a hardware set must win over a same-cycle write (W1C of OVF, PMSTAT, ...)
    ("rtl-ovf-lost-on-w1c", "rtl/pmu_reg_field.v",
     "wire [W-1:0] d = (sw_d & ~hwclr_i) | hwset_i;",
     "wire [W-1:0] d = (sw_d & ~hwclr_i) | (hwset_i & ~wm);"),
    # the generated register block and the model's generic register store
    ("rtl-regblock-field-not-stored", "rtl/pmu_apb.v",
     ".MASK(32'h0000001F)) u_rw (", ".MASK(32'h0000000F)) u_rw (", REGS),
    ("model-regblock-element-aliased", "cmodel/pmu_model_apb.c",
     "m->st[k][idx] = pmu_kind_next(&m->dp, k, m->st[k][idx], 1, wd & own_m, hwclr[k], hwset[k]);",
     "m->st[k][0] = pmu_kind_next(&m->dp, k, m->st[k][0], 1, wd & own_m, hwclr[k], hwset[k]);", REGS),
    # the event-path primitives both C models share (cmodel/pmu_prim.h, the
    # twin of rtl/pmu_qualifier.v): pmu_core's benches and the distributed
    # counters' must each catch a qualifier that swaps OS and USR
    ("header-prim-qual-os-usr-swapped", "cmodel/pmu_prim.h",
     "return 2u * (nt - 1u - t) + (os ? 1u : 0u);", "return 2u * (nt - 1u - t) + (os ? 0u : 1u);", BENCHES + DC),
    ("model-edge-is-level", "cmodel/pmu_model_event.c",
     "if (c->edge) return *cond & !c->prev_cond;", "if (c->edge) return *cond;"),
    ("model-stage-not-cleared", "cmodel/pmu_model_apb.c",
     "if (wr_ok && PMU_KIND[r].wr && PMU_KIND[r].wide == 1) m->wstage = 0;", ""),
    ("model-gen-ignored", "cmodel/pmu_model_event.c",
     "int run = FLD(m, GCTL, 0, GEN) && ((m->cnten >> n) & 1u);", "int run = ((m->cnten >> n) & 1u);"),
    ("model-scalar-swapped", "cmodel/pmu_model_event.c",
     "return d ? PMU_FLOP_SCALAR_DOUBLE_MASK : PMU_FLOP_SCALAR_SINGLE_MASK;",
     "return d ? PMU_FLOP_SCALAR_SINGLE_MASK : PMU_FLOP_SCALAR_DOUBLE_MASK;"),
    # FLOP class (seed 003), one rule per mutant pair: the main event (FTYPE)
    # selects the types counted
    ("rtl-flop-ftype-ignored", "rtl/pmu_event_mux.v",
     "== ft_i || ft_all)) |", "== ft_i || ft_all || 1'b1)) |"),
    # ... the FLOPS code selects the seed's FLOP types (add/sub/mul/div, FMA), not MIN..SQRT
    ("rtl-flop-main-flops-all", "rtl/pmu_event_mux.v",
     "wire ft_all   = (ft_i == `PMU_FMAIN_ALL);", "wire ft_all   = (ft_i == `PMU_FMAIN_ALL) || ft_flops;"),
    ("model-flop-main-reserved-counts", "cmodel/pmu_model_event.c",
     "if (code == PMU_FMAIN_ALL) return PMU_FTYPE_ALL;\n    return 0u;", "if (code == PMU_FMAIN_ALL) return PMU_FTYPE_ALL;\n    return code == 12u ? PMU_FTYPE_ALL : 0u;"),
    ("model-flop-ftype-ignored", "cmodel/pmu_model_event.c",
     "if ((flop_cat(f) & c->em & PMU_FLOP_SUB_ALL) && (typ & ft))",
     "if ((flop_cat(f) & c->em & PMU_FLOP_SUB_ALL) && typ)"),
    # ... an FMA counts 2 (the model's side of rtl-fma-counts-one)
    ("model-flop-fma-counts-one", "cmodel/pmu_model_event.c",
     "acc += (typ & PMU_FTYPE_FMA_MASK) ? 2u : 1u;", "acc += 1u;"),
    # ... type codes 9..15 (not a main event) never count
    ("rtl-flop-other-op-counted", "rtl/pmu_flop_decode.v",
     "assign tv_o  = valid_i && op_i < `PMU_FLOP_NTYPE;",
     "assign tv_o  = valid_i && (op_i < `PMU_FLOP_NTYPE || op_i == 4'd15);"),
    ("model-flop-other-op-counted", "cmodel/pmu_model_event.c",
     "return s->valid && op < PMU_FLOP_NTYPE ? 1u << op : 0u;",
     "return s->valid && op < PMU_FLOP_NTYPE ? 1u << op : s->valid && op == 15u ? 1u : 0u;"),
    # ... the explicit scalar flag: a scalar op on a wide register is scalar
    ("rtl-flop-scalar-flag-ignored", "rtl/pmu_flop_decode.v",
     "if (scalar_i || one_el)", "if ((scalar_i & 1'b0) || one_el)"),
    ("model-flop-scalar-flag-ignored", "cmodel/pmu_model_event.c",
     "if ((s->scalar & 1u) || (s->rsz == PMU_RSZ32 && !d)", "if ((s->rsz == PMU_RSZ32 && !d)"),
    # ... 1024-bit registers have their own sub-events
    ("rtl-flop-1024-as-512", "rtl/pmu_flop_decode.v",
     "`PMU_RSZ1024: cat_o[esz_i ? `PMU_FLOP_PACKED1024_DOUBLE_BIT : `PMU_FLOP_PACKED1024_SINGLE_BIT]",
     "`PMU_RSZ1024: cat_o[esz_i ? `PMU_FLOP_PACKED512_DOUBLE_BIT : `PMU_FLOP_PACKED512_SINGLE_BIT]"),
    ("model-flop-1024-not-counted", "cmodel/pmu_model_event.c",
     "case PMU_RSZ1024: return d ? PMU_FLOP_PACKED1024_DOUBLE_MASK : PMU_FLOP_PACKED1024_SINGLE_MASK;",
     "case PMU_RSZ1024: return 0u;"),
    # ... a double in a 32-bit register (no element) counts nothing, scalar or not
    ("rtl-flop-no-element-counted", "rtl/pmu_flop_decode.v",
     "wire no_el  = (rsz_i == `PMU_RSZ32 && esz_i) || rsz_i > `PMU_RSZ1024;",
     "wire no_el  = rsz_i > `PMU_RSZ1024;"),
    ("model-flop-no-element-counted", "cmodel/pmu_model_event.c",
     "if (!s->valid || s->rsz > PMU_RSZ1024 || (s->rsz == PMU_RSZ32 && d)) return 0;",
     "if (!s->valid || s->rsz > PMU_RSZ1024) return 0;"),
    # ... a packed op on a one-element register is scalar
    ("rtl-flop-one-element-not-scalar", "rtl/pmu_flop_decode.v",
     "wire one_el = (rsz_i == `PMU_RSZ32 && !esz_i) || (rsz_i == `PMU_RSZ64 && esz_i);",
     "wire one_el = (rsz_i == `PMU_RSZ32 && !esz_i);"),
    ("model-wrap-saturates", "cmodel/pmu_model_event.c",
     "c->cnt = sum;", "c->cnt = sum < c->cnt ? m->cmask : sum;"),
    ("model-unpriv-write-allowed", "cmodel/pmu_regdec.h",
     "return write || !(uen && PMU_KIND[k].user == 1);",
     "return !write && !(uen && PMU_KIND[k].user == 1);"),
    ("model-ych-reload-off-by-one", "cmodel/pmu_model_yield.c",
     "else if (uf || per) y->cnt = sav_old;", "else if (uf || per) y->cnt = sav_old ? sav_old - 1u : 0u;"),
    # pipelined event path: the count enable must travel with the events
    ("rtl-enable-not-piped", "rtl/pmu_core.v",
     ".clk_i, .rst_ni, .en_i(run2_q), .inc_i(inc_q),", ".clk_i, .rst_ni, .en_i(run_q), .inc_i(inc_q),"),
    # ... and SIAR/SDAR the addresses of the event that made the counter negative
    ("rtl-siar-not-piped", "rtl/pmu_sample.v",
     "siar_q <= ia3_q; sdar_q <= da3_q;",
     "siar_q <= ia2_q | (ia3_q & ia2_q); sdar_q <= da2_q | (da3_q & da2_q);"),   # one stage early (lint-clean)
    ("model-siar-not-piped", "cmodel/pmu_model_sample.c",
     "if (fire) { m->siar = m->ia3; m->sdar = m->da3; }", "if (fire) { m->siar = m->ia2; m->sdar = m->da2; }"),
    # ---- the sampling block (seed 004; docs/sampling.md): the interrupt's
    # hardware side on MMCR and PMSTAT, its causes, the sampled addresses
    ("rtl-foi-ignored", "rtl/pmu_sample.v",
     "{31'd0, fire & foi_q} << `PMU_MMCR_FRZ_LSB;", "{31'd0, fire & foi_q & 1'b0} << `PMU_MMCR_FRZ_LSB;"),
    ("model-foi-ignored", "cmodel/pmu_model_sample.c",
     "hwset[PMU_K_MMCR] = fire && FLD(m, MMCR, 0, FOI) ? PMU_MMCR_FRZ_MASK : 0u;", "hwset[PMU_K_MMCR] = 0u;"),
    ("rtl-pmxe-not-cleared", "rtl/pmu_sample.v",
     "({31'd0, fire} << `PMU_MMCR_PMXE_LSB)", "({31'd0, fire & 1'b0} << `PMU_MMCR_PMXE_LSB)"),
    ("rtl-trig-not-cleared", "rtl/pmu_sample.v",
     "({31'd0, cnt0_msb} << `PMU_MMCR_TRIG_LSB)", "({31'd0, cnt0_msb & 1'b0} << `PMU_MMCR_TRIG_LSB)"),
    ("model-trig-not-cleared", "cmodel/pmu_model_sample.c",
     "(cnt0_msb ? PMU_MMCR_TRIG_MASK : 0u)", "(cnt0_msb & 0u ? PMU_MMCR_TRIG_MASK : 0u)"),
    ("rtl-trig-holds-nothing", "rtl/pmu_sample.v",
     "assign hold_o    = trig_q & ~cnt0_msb;", "assign hold_o    = trig_q & cnt0_msb;"),
    ("model-trig-holds-counter0", "cmodel/pmu_model_event.c", "!(n && hold)", "!hold"),
    ("rtl-nie-ignored", "rtl/pmu_sample.v",
     "wire cond_neg = |(nie_q & cmsb_i);", "wire cond_neg = |((nie_q | ~nie_q) & cmsb_i);"),
    ("model-nie-ignored", "cmodel/pmu_model_sample.c",
     "const int cond_neg = (nie & cmsb) != 0;", "const int cond_neg = ((nie | cmsb) & cmsb) != 0;"),
    ("rtl-tbee-ignored", "rtl/pmu_sample.v",
     "wire cond_tb  = tbee_q & tb_rise_o;", "wire cond_tb  = (tbee_q | 1'b1) & tb_rise_o;"),
    # a TSC write that sets the selected bit is a time-base transition
    ("rtl-tb-tsc-write-ignored", "rtl/pmu_sample.v", "    if (we_tsc_i)\n", "    if (we_tsc_i & 1'b0)\n"),
    ("model-tsc-write-ignored", "cmodel/pmu_model.c",
     "m->tsc = (x.wr_ok && x.r == PMU_K_TSC_LO) ? x.wd64 : m->tsc + 1u;",
     "m->tsc = (x.wr_ok && x.r == PMU_K_TSC_LO && 0) ? x.wd64 : m->tsc + 1u;"),
    ("rtl-tbsel1-as-tbsel0", "rtl/pmu_sample.v",
     "2'd1:    begin tb_cur = tsc_i[`PMU_TB_BIT1]; tb_nxt = tsc_i[`PMU_TB_BIT1] ^ (&tsc_i[`PMU_TB_BIT1-1:0]); end",
     "2'd1:    begin tb_cur = tsc_i[`PMU_TB_BIT0]; tb_nxt = tsc_i[`PMU_TB_BIT0] ^ (&tsc_i[`PMU_TB_BIT0-1:0]); end"),
    # PMSTAT records the interrupt's own cause only
    ("rtl-pmstat-tb-on-negative", "rtl/pmu_sample.v",
     "{31'd0, fire & cond_tb} << `PMU_PMSTAT_TB_LSB", "{31'd0, fire & (cond_tb | cond_neg)} << `PMU_PMSTAT_TB_LSB"),
    ("model-pmstat-tb-on-negative", "cmodel/pmu_model_sample.c",
     "(fire && cond_tb ? PMU_PMSTAT_TB_MASK : 0u)", "(fire ? PMU_PMSTAT_TB_MASK : 0u)"),
    ("rtl-pmi-tb-ignored", "rtl/pmu_sample.v",
     "assign pmi_o     = |pmstat_q;", "assign pmi_o     = pmstat_q[0] | (pmstat_q[1] & 1'b0);"),
    ("rtl-sdar-takes-siar", "rtl/pmu_sample.v",
     "siar_q <= ia3_q; sdar_q <= da3_q;", "siar_q <= ia3_q; sdar_q <= ia3_q | (da3_q & {AW{1'b0}});"),
    # ---- counting controls of the sampling block in the event path: freeze,
    # process mark, history, latency threshold
    ("rtl-freeze-ignored", "rtl/pmu_core.v", "~frz & ~yfrz", "~(frz & 1'b0) & ~yfrz"),
    ("model-freeze-ignored", "cmodel/pmu_model_event.c",
     "run = run && !FLD(m, MMCR, 0, FRZ) && !yfrz", "run = run && !yfrz"),
    ("rtl-pmc-as-pms", "rtl/pmu_core.v", "(~pmc[n] | ~pm_i[t])", "(~pmc[n] | pm_i[t])"),
    ("model-pmc-as-pms", "cmodel/pmu_model_event.c", "(XF(m, c, PMC) && pm)", "(XF(m, c, PMC) && !pm)"),
    ("rtl-hist-shifts-zero", "rtl/pmu_core.v", "{cnt[CW-2:0], |inc_q}", "{cnt[CW-2:0], |inc_q & 1'b0}"),
    ("model-hist-shifts-zero", "cmodel/pmu_model_event.c",
     "c->cnt = ((c->cnt << 1) | (c->inc_q != 0)) & m->cmask;", "c->cnt = (c->cnt << 1) & m->cmask;"),
    # a clear at the edge wins over the history shift
    ("rtl-hist-over-clear", "rtl/pmu_core.v",
     "wire hist_we = hist2_q & run2_q & ~clr & ~cnt_we[n];", "wire hist_we = hist2_q & run2_q & ~cnt_we[n];"),
    ("rtl-lat-threshold-ge", "rtl/pmu_core.v",
     "(mem_lat_i[t*`PMU_LAT_W +: `PMU_LAT_W] > thresh)", "(mem_lat_i[t*`PMU_LAT_W +: `PMU_LAT_W] >= thresh)"),
    ("model-lat-threshold-ge", "cmodel/pmu_model_event.c",
     "in->mem_lat[t] > FLD(m, MMCR, 0, THRESH)", "in->mem_lat[t] >= FLD(m, MMCR, 0, THRESH)"),
    # ---- the counter and its ESCR (seed 000): no overflow from an increment
    # that a write or a clear at the same edge replaces; THR != 0 decoded
    # from all of THR
    ("rtl-ovf-despite-write", "rtl/pmu_counter.v",
     "assign ovf_o = ~we_i & ~clr_i & sum[W];", "assign ovf_o = (~we_i | 1'b1) & ~clr_i & sum[W];"),
    ("rtl-ovf-despite-clear", "rtl/pmu_counter.v",
     "assign ovf_o = ~we_i & ~clr_i & sum[W];", "assign ovf_o = ~we_i & (~clr_i | 1'b1) & sum[W];"),
    ("rtl-escr-thr-nz-bit0", "rtl/pmu_escr.v",
     "thr_nz_o <= |wd_c[`PMU_CTL_THR_LSB +: `PMU_CTL_THR_W];", "thr_nz_o <= wd_c[`PMU_CTL_THR_LSB];"),
    ("rtl-edge-is-level", "rtl/pmu_threshold.v",
     "inc_o = {{(IW-1){1'b0}}, cond & ~prev_q};", "inc_o = {{(IW-1){1'b0}}, cond & ~(prev_q & 1'b0)};"),
    ("rtl-inv-ignored", "rtl/pmu_threshold.v", "wire        cond = ge ^ inv_i;", "wire        cond = ge ^ (inv_i & 1'b0);"),
    ("model-inv-ignored", "cmodel/pmu_model_event.c", "*cond = (raw >= thr_eff) ^ c->inv;", "*cond = (raw >= thr_eff);"),
    # Table 1: OS = CPL 0, USR = CPL 1-3 (not only CPL 3); each thread by its own CPL
    ("rtl-qual-usr-cpl3-only", "rtl/pmu_qualifier.v",
     "(cpl_i[gt*2 +: 2] == 2'd0) ?", "(cpl_i[gt*2 +: 2] != 2'd3) ?"),
    ("model-qual-usr-cpl3-only", "cmodel/pmu_model_event.c",
     "(in->cpl[t] & 3u) == 0)) sum +=", "(in->cpl[t] & 3u) != 3)) sum +="),
    ("rtl-qual-other-threads-cpl", "rtl/pmu_qualifier.v",
     "(cpl_i[gt*2 +: 2] == 2'd0) ?", "(cpl_i[(NT-1-gt)*2 +: 2] == 2'd0) ?"),
    # the CoreSight view's masked ESCR writes (PMEVTYPER / PMEVFILTR) keep
    # the bits the other register holds
    ("rtl-escr-masked-write-clears-others", "rtl/pmu_escr.v",
     "(wdata_ctl_i & wmask_ctl_i) | (ctl_rd & ~wmask_ctl_i)", "(wdata_ctl_i & wmask_ctl_i) | (ctl_rd & ~wmask_ctl_i & 32'd0)", CS),
    # ---- the yield channels (seed 001; docs/yield.md): delivery order, the
    # scenario match (ANY, ESV polarity), the ring and block gating, the
    # monitor conditions' counter, MISS saturation, YER's set against a re-arm
    ("rtl-ych-pick-highest", "rtl/pmu_yield.v",
     "for (j = NK - 1; j >= 0; j = j - 1)\n      if (cand[j]) pick = j[3:0];",
     "for (j = 0; j < NK; j = j + 1)\n      if (cand[j]) pick = j[3:0];"),
    ("model-ych-pick-highest", "cmodel/pmu_model_yield.c",
     "for (unsigned k = 0; k < 2 * m->cfg.nch; k++) {\n        const pmu_ych *y = &m->y[k];\n        const uint32_t blk",
     "for (unsigned k = 2 * m->cfg.nch; k-- > 0;) {\n        const pmu_ych *y = &m->y[k];\n        const uint32_t blk"),
    ("rtl-ych-any-as-all", "rtl/pmu_yield.v",
     "(any_q ? |match : (match == esm_q))", "(any_q & 1'b0 ? |match : (match == esm_q))"),
    ("model-ych-any-as-all", "cmodel/pmu_model_yield.c",
     "(y->any ? match != 0 : match == y->esm)", "(y->any && 0 ? match != 0 : match == y->esm)"),
    ("rtl-ych-esv-polarity-ignored", "rtl/pmu_yield.v",
     "(~(evt_i ^ esv) & esm_q)", "(evt_i & esm_q & (esv | ~esv))"),
    ("model-ych-esv-polarity-ignored", "cmodel/pmu_model_yield.c",
     "(~(evt ^ y->esv) & y->esm)", "(evt & y->esm)"),
    ("rtl-ych-ring-ignored", "rtl/pmu_yield.v",
     "wire           ring_ok = th_ok & (th_r3 == RING[0]);", "wire           ring_ok = th_ok & ((th_r3 == RING[0]) | 1'b1);"),
    ("model-ych-ring-ignored", "cmodel/pmu_model_yield.c",
     "return y->tid < m->cfg.nt && ((in->cpl[y->tid] & 3u) != 0) == (k >= m->cfg.nch);",
     "return y->tid < m->cfg.nt && (((in->cpl[y->tid] & 3u) != 0) == (k >= m->cfg.nch) || 1);"),
    ("rtl-ych-blocked-delivers", "rtl/pmu_yield.v", "& ~th_blk & th_slot", "& ~(th_blk & 1'b0) & th_slot"),
    ("model-ych-blocked-delivers", "cmodel/pmu_model_yield.c",
     "&& !((blk >> y->tid) & 1u) &&", "&& !((blk >> y->tid) & 0u) &&"),
    ("rtl-ych-blk-set-ring0", "rtl/pmu_yield.v",
     "assign blk_set_o[b] = yield_o & (pick_r3 == (b >= NT))", "assign blk_set_o[b] = yield_o & (1'b0 == (b >= NT))"),
    ("rtl-ych-miss-wraps", "rtl/pmu_yield.v", "else if (missed & ~&miss_q)", "else if (missed)"),
    ("model-ych-miss-wraps", "cmodel/pmu_model_yield.c",
     "y->miss = pmu_sat_inc16((uint16_t)y->miss, missed);", "y->miss = (y->miss + (unsigned)missed) & 0xFFFFu;"),
    ("rtl-ych-underflow-no-reload", "rtl/pmu_yield.v",
     "else if (uf | (c_per & sel_q))  cnt_q <= sav_q;", "else if (c_per & sel_q)  cnt_q <= sav_q;"),
    ("rtl-ych-diff-no-cancel", "rtl/pmu_yield.v", "wire dn     = trig_q & ~(c_dif & sel_q);", "wire dn     = trig_q;"),
    ("model-ych-diff-no-cancel", "cmodel/pmu_model_yield.c", "const int dn = trig && !dif;", "const int dn = trig;"),
    ("rtl-ych-rearm-wins-over-underflow", "rtl/pmu_yield.v",
     ".hwset_i(uf), .q_o(yer_q)", ".hwset_i(uf & ~w_ctl), .q_o(yer_q)"),
    # the yield channels see "counter counted" one register later
    ("model-cev-not-piped", "cmodel/pmu_model_yield.c",
     "const uint32_t evt = ((m->cev_q & 0xFFFFu) |", "const uint32_t evt = ((cev & 0xFFFFu) |"),
    # the yield trigger is registered: a scenario of cycle t counts in t+1
    ("model-ych-trig-not-piped", "cmodel/pmu_model_yield.c",
     "const int trig = y->trig_q;",
     "const int trig = act_ok && y->esm && (y->any ? match != 0 : match == y->esm);"),
    # yield channels (docs/yield.md): YER is set by hardware only
    ("rtl-ych-yer-sw-writable", "rtl/pmu_yield.v",
     ".we_i(1'b0), .wdata_i(1'b0), .hwclr_i(deliv | w_ctl),",
     ".we_i(w_ctl), .wdata_i(wdata_i[`PMU_YCH_CTL_YER_LSB]), .hwclr_i(deliv),"),
    # ... and cleared by a re-arm (CTL write)
    ("model-ych-rearm-keeps-yer", "cmodel/pmu_model_yield.c",
     "(uint32_t)(deliv || wreg == PMU_YCH_CTL_OFF)", "(uint32_t)deliv"),
    # an invalid channel reads 0
    ("rtl-ych-invalid-readable", "rtl/pmu_yield.v",
     "assign valid[k] = valid_q;", "assign valid[k] = 1'b1;"),
    ("model-ych-yring-raw-yer", "cmodel/pmu_model_yield.c",
     "yer |= (m->y[r3 * m->cfg.nch + i].yer & m->y[r3 * m->cfg.nch + i].valid) << i;",
     "yer |= m->y[r3 * m->cfg.nch + i].yer << i;", (("test_directed", "default"),)),   # a rare race: directed
    # reserved action encodings answer PSLVERR (the generated block)
    ("rtl-ych-act-reserved-accepted", "rtl/pmu_apb.v",
     "(k_d[K_YCH0_CTL] & (pwdata_i[7:4] > 4'd3))", "(k_d[K_YCH0_CTL] & (pwdata_i[7:4] > 4'd7))"),
    # action 2 raises the PMU interrupt, action 3 freezes the counters
    ("rtl-ych-act-irq-dropped", "rtl/pmu_core.v",
     "assign irq_o = |(ovf_q & ie) | pmi | yirq | cc_irq;", "assign irq_o = |(ovf_q & ie) | pmi | cc_irq;"),
    ("model-ych-act-frz-dropped", "cmodel/pmu_model_event.c",
     "run = run && !FLD(m, MMCR, 0, FRZ) && !yfrz && !fz && !(n && hold);", "run = run && !FLD(m, MMCR, 0, FRZ) && !fz && !(n && hold);"),
    # only action 1 delivers a yield
    ("rtl-ych-act-any-yields", "rtl/pmu_yield.v",
     "assign cand[k]  = valid_q & (act_q == 2'd1) & yer_q & ring_ok", "assign cand[k]  = valid_q & act_q[0] & yer_q & ring_ok"),
    # sticky event-schema vector: cleared by the fire, by a re-arm; level/edge; masked events still set their bit
    ("rtl-ych-stk-fire-keeps", "rtl/pmu_yield.v",
     "esv_r <= esv_n;            fired_q <= trig_d;",
     "esv_r <= esv_n;            fired_q <= 1'b0;"),
    ("model-ych-stk-rearm-keeps", "cmodel/pmu_model_yield.c",
     "else if (wreg == PMU_YCH_CTL_OFF && ((wd >> PMU_YCH_CTL_STK_LSB) & 1u)) y->esv = 0;",
     "else if (0) y->esv = 0;"),
    ("model-ych-stk-edge-as-level", "cmodel/pmu_model_yield.c",
     "(y->edge ? evt & ~m->evt_prev : evt)", "evt"),
    ("rtl-ych-stk-masked-dropped", "rtl/pmu_yield.v",
     "esv | ({EVW{act_ok}} & (edge_q ? evt_rise : evt_i))",
     "esv | ({EVW{act_ok}} & esm_q & (edge_q ? evt_rise : evt_i))"),
    # yield types: a delivered fault-like yield drops the other fault-like requests, a trap-like one does not
    ("rtl-ych-fault-no-drop", "rtl/pmu_yield.v",
     "(pick_flt & flt_q & (act_q == 2'd1) &", "(pick_flt & flt_q & (act_q == 2'd3) &"),   # lint-clean: drops no yield channel
    ("model-ych-trap-drops", "cmodel/pmu_model_yield.c",
     "const unsigned pick_flt = ypick >= 0 && m->y[ypick].flt;", "const unsigned pick_flt = ypick >= 0;"),
    # ... the delivered channel's type before the edge: a CTL write of the
    # delivery cycle to it does not change what it drops (test_random found
    # this model bug; its ERET race now reaches it within 2*10^5 cycles)
    ("model-ych-drop-after-ctl-write", "cmodel/pmu_model_yield.c",
     "(pick_flt && ring == pick_r3", "(pick_flt && m->y[ypick].flt && ring == pick_r3"),
    # monitor conditions: event DSEL ends the period (COND=1) / counts up (COND=2)
    ("rtl-ych-cond-period-ignored", "rtl/pmu_yield.v",
     "else if (uf | (c_per & sel_q))  cnt_q <= sav_q;", "else if (uf | (c_per & sel_q & 1'b0))  cnt_q <= sav_q;"),
    ("rtl-ych-diff-no-saturation", "rtl/pmu_yield.v",
     "wire up     = c_dif & sel_q & ~trig_q & ~&cnt_q;", "wire up     = c_dif & sel_q & ~trig_q & ~(&cnt_q & 1'b0);"),
    ("model-ych-cond-diff-as-count", "cmodel/pmu_model_yield.c",
     "const int dif = y->cond == PMU_YCOND_DIFF && y->sel_q;", "const int dif = 0 && y->sel_q;"),
    # capture records (alt: YCAP=1): a missed underflow keeps the record; the
    # TSC of the underflow cycle; the counter CSEL selects
    ("rtl-ych-cap-overwrite", "rtl/pmu_yield.v",
     "wire cap = uf & (~yer_q | deliv);", "wire cap = uf & (~yer_q | deliv | 1'b1);", ALT),
    ("model-ych-cap-tsc-late", "cmodel/pmu_model_yield.c",
     "y->cap.ts = tsc_pre;", "y->cap.ts = m->tsc;", ALT),
    ("rtl-ych-cap-csel-ignored", "rtl/pmu_yield.v",
     "if (csel_q == c[4:0]) cval = cnt_i[c*CW +: CW];", "if (c == 0) cval = cnt_i[c*CW +: CW];", ALT),
    # the latch file of the cold fields (YSTORE=1): a word opened by another
    # word's enable; latches that take the bus data of their open (low)
    # phase instead of the write staged at the edge; a reset that leaves the
    # clock gates closed (the latches keep their values)
    ("rtl-ystore-enable-wrong-word", "rtl/pmu_yield.v",
     "u_sav (.clk_i, .rst_ni, .we_i(w_sav),", "u_sav (.clk_i, .rst_ni, .we_i(w_tlo),", YSTORE),
    ("rtl-ystore-data-unstaged", "rtl/pmu_yield.v",
     "assign wd = wd_q;", "assign wd = wdata_i | (wd_q & 32'd0);", YSTORE),   # lint-clean: wd_q still read
    ("rtl-ystore-reset-keeps", "rtl/pmu_latch_word.v",
     "if (!rst_ni)    en_l = 1'b1;", "if (!rst_ni)    en_l = 1'b0;", YSTORE_RST),
    # channels per thread: a channel follows its thread's ring, block bits per
    # (ring, thread), a fault-like delivery drops requests of its thread only
    ("rtl-ych-thread-ring-t0", "rtl/pmu_yield.v",
     "th_r3 = ring3_i[t]; th_blk = blk_i[RING*NT + t];", "th_r3 = ring3_i[t] & ring3_i[0]; th_blk = blk_i[RING*NT + t];"),   # lint-clean: thread t's ring only with thread 0 in ring 3
    ("model-ych-blk-shared", "cmodel/pmu_model_yield.c",
     "!((blk >> y->tid) & 1u)", "!(blk & 1u)"),
    ("rtl-ych-fault-drop-other-thread", "rtl/pmu_yield.v",
     "(pick_r3 == RING[0]) & (tid_x[2:0] == tid_sel)));", "(pick_r3 == RING[0]) & ((tid_x[2:0] == tid_sel) | 1'b1)));"),
    # a ring-3 channel's owner compared by bit 0 of the thread number only:
    # invisible with two threads (also formal core-iso-nt4-neg-tid), so the
    # three-thread configuration alt
    ("rtl-ych-own-tid-bit0", "rtl/pmu_yield.v",
     "assign own3_o[IDX] = th_ok & (tid_x[2:0] == ptid_i);", "assign own3_o[IDX] = th_ok & (tid_x[0] == ptid_i[0]);", ALT),
    # the precise / hint attributes driven with the yield
    ("model-ych-attr-swapped", "cmodel/pmu_model.c",
     "m->y[ypick].flt | m->y[ypick].pre << 1 | m->y[ypick].hint << 2",
     "m->y[ypick].flt | m->y[ypick].hint << 1 | m->y[ypick].pre << 2"),
    # counter areas: a counter must not see another area's classes
    ("rtl-area-ignored", "rtl/pmu_event_mux.v",
     "if (c % NAREA == area && c != FLOP_CLASS)", "if ((c % NAREA == area || 1'b1) && c != FLOP_CLASS)", ALT),
    ("model-area-ignored", "cmodel/pmu_model.c",
     "return es < c->ncls && es % c->narea == n % c->narea;", "return es < c->ncls;", ALT),
    # thread isolation (issue #34, docs/security.md): an unprivileged access
    # reaches only the issuing thread's (ptid_i) ring-3 yield state
    ("rtl-ythr3-user-writable", "rtl/pmu_apb.v",
     "wire user_rw = 1'b0;", "wire user_rw = k_d[K_YTHR3];"),
    ("rtl-yring3-eret-other-thread", "rtl/pmu_apb.v",
     ".wdata_i(pwdata_i & own_m_yring3)", ".wdata_i(pwdata_i)"),
    ("rtl-yring3-read-other-thread", "rtl/pmu_apb.v",
     "& 32'h0F00FFFF & own_m_yring3) |", "& 32'h0F00FFFF) |"),
    # capture records (YCAP=1: the alt configuration): the directed test
    # "isolation" and the register test's "privilege" read each unprivileged
    ("rtl-ycap3-own-ignored", "rtl/pmu_apb.v",
     "(in_ycap3 & own_ycap3_x[0])", "in_ycap3", YCAP_USER),
    ("rtl-ych3-own-ignored", "rtl/pmu_apb.v",
     "(in_ych3 & own_ych3_x[0])", "in_ych3"),
    ("rtl-shadow-tag-ignored", "rtl/pmu_apb.v",
     "wire       sh_ok = ~user_q | (sh_user_q & (sh_tid_q == ptid_i));",
     "wire       sh_ok = 1'b1 | ~user_q | (sh_user_q & (sh_tid_q == ptid_i));"),
    ("rtl-user-max-dropped", "rtl/pmu_apb.v",
     "wire bad_uval = pwrite_i & (", "wire bad_uval = 1'b0 & pwrite_i & ("),
    ("rtl-ycap-ct-uen-dropped", "rtl/pmu_apb.v",
     "(~pwrite_i & ~uen_i & user_uen)", "(1'b0 & ~pwrite_i & ~uen_i & user_uen)", YCAP_USER),
    ("model-ych3-own-any-thread", "cmodel/pmu_model_yield.c",
     "return y->tid < m->cfg.nt && y->tid == t;", "return y->tid < m->cfg.nt && (y->tid == t || t < 8u);"),
    # (a shadow another thread latched unprivileged: the directed test
    # "isolation" (g))
    ("model-shadow-tag-ignored", "cmodel/pmu_model_apb.c",
     "(priv || (m->sh_user && m->sh_tid == ptid))", "(priv || m->sh_user)", (("test_directed", "default"),)),
    # yield delivery in the thread's own slot only (a sibling's requests
    # never delay it)
    ("rtl-yield-slot-ignored", "rtl/pmu_yield.v",
     "& ~th_blk & th_slot;", "& ~th_blk & (th_slot | 1'b1);"),
    ("model-yield-slot-ignored", "cmodel/pmu_model_yield.c",
     "!((blk >> y->tid) & 1u) &&\n            y->tid == m->yslot)", "!((blk >> y->tid) & 1u))"),
    # left-out blocks: their registers answer PSLVERR
    ("rtl-absent-sample-mapped", "rtl/pmu_apb.v",
     "assign k_d[K_MMCR] = (HAS_SAMPLE != 0) && (a == 12'h040);", "assign k_d[K_MMCR] = (a == 12'h040);", LEAN),
    ("model-absent-yield-mapped", "cmodel/pmu_regdec.h",
     "case 0x060u: return (p->HAS_YIELD) ? PMU_K_YRING0 : PMU_K_NONE;", "case 0x060u: return PMU_K_YRING0;", LEAN),
    # distributed counters: the bus privilege rule (RTL and model)
    ("rtl-dc-pprot-ignored", "rtl/dc_cu_dec.v",
     "k_unit_o) | (write_i & (strb_i != 4'hF)) |\n                 (~priv_i",
     "k_unit_o) | (write_i & (strb_i != 4'hF)) |\n                 (1'b0 & ~priv_i", DC),
    ("model-dc-uen-ignored", "cmodel/dc_model.c",
     "in->pprot & 1, m->uen)", "in->pprot & 1, 1)", DC),
    # an SRAM word never written since reset must read 0, not the SRAM's
    # undefined contents (only a 4-state simulator sees the difference)
    ("rtl-dc-sram-unwritten-read", "rtl/dc_central_unit.v",
     "(rvalid_q ? dec_q : 256'd0)", "((rvalid_q | 1'b1) ? dec_q : 256'd0)", DC_X),
    # detailed-mode event groups (docs/dc_seed.md 5): the window select of a
    # group, and the 7-bit width of groups 8..11
    ("rtl-dc-dgsel-ignored", "rtl/dc_local_unit.v",
     "if ({28'd0, dg_q[4*((rj < 64) ? rj / 8 : 8 + (rj - 64) / 7) +: 4]} == rw)",
     "if ({28'd0, dg_q[4*((rj < 64) ? rj / 8 : 8 + (rj - 64) / 7) +: 4] & 4'd0} == rw)", DC),
    ("rtl-dc-group-7-as-8", "rtl/dc_local_unit.v",
     "rj / 8 : 8 + (rj - 64) / 7) +: 4]", "rj / 8 : 8 + (rj - 64) / 8) +: 4]", DC),
    ("model-dc-dgsel-ignored", "cmodel/dc_model_lu.c",
     "int ev_l = (int)DC_RAW_EVENTS * x->dg[g] + j;", "int ev_l = (int)DC_RAW_EVENTS * 0 * x->dg[g] + j;", DC),
    ("model-dc-group-7-as-8", "cmodel/dc_model_lu.c",
     "int g = j < 64 ? j / 8 : 8 + (j - 64) / 7;", "int g = j < 64 ? j / 8 : 8 + (j - 64) / 8;", DC),
    # reliability (docs/dc_notes.md): the SECDED corrector and detector (RTL
    # and model), the chain parity check and generation, the poisoned
    # write-back of an uncorrectable lane, the fault injection (ERRINJ)
    ("rtl-dc-ecc-no-correct", "rtl/dc_secded.v",
     "q_o[j] = ~d_i[j];", "q_o[j] = d_i[j];", DC),
    ("model-dc-ecc-no-correct", "cmodel/dc_secded.h",
     "{ *q = d ^ (1ull << j); return DC_ECC_CE; }", "{ return DC_ECC_CE; }", DC),
    ("rtl-dc-ecc-ue-undetected", "rtl/dc_secded.v",
     "assign ue_o = (syn != 8'd0) & ~hit;", "assign ue_o = 1'b0 & (syn != 8'd0) & ~hit;", DC),
    ("model-dc-ecc-ue-undetected", "cmodel/dc_secded.h",
     "  return DC_ECC_UE;\n", "  return DC_ECC_OK;\n", DC),
    ("rtl-dc-poison-not-written", "rtl/dc_central_unit.v",
     "cmem[s1_waddr[AW-1:0]] <= enc_c ^ pois_c ^ inj_c;",
     "cmem[s1_waddr[AW-1:0]] <= enc_c ^ (pois_c & 32'd0) ^ inj_c;", DC),
    ("rtl-dc-parity-unchecked", "rtl/dc_central_unit.v",
     "wire        perr    = rx_fv & ((^rx_data) ^ rx_par) & (ECC != 0);",
     "wire        perr    = rx_fv & 1'b0 & ((^rx_data) ^ rx_par) & (ECC != 0);", DC),
    ("model-dc-parity-counts-kept", "cmodel/dc_model.c",
     "      s0_add[l] = perr ? 0 : (uint32_t)v & 0xFFFFFFu;", "      s0_add[l] = (uint32_t)v & 0xFFFFFFu;", DC),
    ("rtl-dc-parity-not-generated", "rtl/dc_local_unit.v",
     "{out_wr ? (^out_data) & (ECC != 0) : ch_i[`DC_CH_PAR_LSB],",
     "{(out_wr & 1'b0) ? (^out_data) & (ECC != 0) : ch_i[`DC_CH_PAR_LSB],", DC),
    ("rtl-dc-inject-lane-ignored", "rtl/dc_central_unit.v",
     "inj_d[64*inj_lane + {25'd0, ib}] = 1'b1;", "inj_d[{25'd0, ib}] = 1'b1;", DC),
    ("model-dc-flit-inject-ignored", "cmodel/dc_model.c",
     "int fl_inj = m->inj_flit && rx_carry, perr;", "int fl_inj = 0 && m->inj_flit && rx_carry, perr;", DC),
    # bus bridges (tb/test_bus.cpp: lockstep with cmodel/pmu_bus_model.c + protocol checker)
    ("rtl-axil-slverr-dropped", "rtl/pmu_axil2apb.v",
     "assign bresp_o   = {berr_q, 1'b0};", "assign bresp_o   = {1'b0 & berr_q, 1'b0};", AXIL),
    ("rtl-axil-wdata-before-handshake", "rtl/pmu_axil2apb.v",
     "if (wvalid_i & ~w_q)   begin wdata_q <= wdata_i;", "if (wvalid_i)   begin wdata_q <= wdata_i;", AXIL),
    ("rtl-axil-read-priority", "rtl/pmu_axil2apb.v",
     "rd_go & (~wr_go | ~rd_last_q);", "rd_go & (~wr_go | ~rd_last_q | 1'b1);", AXIL),
    ("rtl-axil-b-dropped-unaccepted", "rtl/pmu_axil2apb.v",
     "end else if (bready_i) bvalid_q <= 1'b0;", "end else bvalid_q <= 1'b0;", AXIL),
    ("model-axil-rresp-okay", "cmodel/pmu_bus_model.c",
     "o->rresp = m->rerr ? 2u : 0u;", "o->rresp = 0u;", AXIL),
    ("rtl-wb-err-dropped", "rtl/pmu_wb2apb.v",
     "err_q     <= pslverr_i & ~abort;", "err_q     <= 1'b0 & pslverr_i & ~abort;", WB),
    ("rtl-wb-ack-twice", "rtl/pmu_wb2apb.v",
     "      ack_q <= 1'b0;\n", "      ack_q <= ack_q & ~psel_o;\n", WB),
    ("rtl-wb-abort-ignored", "rtl/pmu_wb2apb.v",
     "wire abort = abort_q | ~cyc_i;", "wire abort = 1'b0 & (abort_q | ~cyc_i);", WB),
    ("model-wb-not-stalled", "cmodel/pmu_bus_model.c",
     "o->stall = m->busy;", "o->stall = 0;", WB),
    # the bridges' shared APB master (rtl/bus_apb_req.v): PWDATA/PSTRB 0 on a
    # read (compared with the bridge model's every cycle), PENABLE raised in
    # the cycle after setup
    ("rtl-apb-req-wdata-on-read", "rtl/bus_apb_req.v",
     "pwdata_q  <= write_i ? wdata_i : 32'd0;", "pwdata_q  <= wdata_i;", AXIL),
    ("rtl-apb-req-no-setup", "rtl/bus_apb_req.v",
     "      penable_q <= 1'b0;\n      pwrite_q", "      penable_q <= 1'b1;\n      pwrite_q", WB),
    # PIPELINED_ONLY=0: STALL must stay high in the ACK/ERR cycle, else a
    # classic master's held request is taken twice
    ("rtl-wb-classic-retaken-in-ack", "rtl/pmu_wb2apb.v",
     "busy_q    <= HOLD;", "busy_q    <= 1'b0 & HOLD;", WB),
    # the thread ID sideband (AWUSER/ARUSER, TGA -> PAUSER = pmu_core ptid_i):
    # each request's own, sampled with it (tb/test_bus.cpp compares PAUSER
    # with the bridge model's every cycle; t_pauser: read and write together)
    ("rtl-axil-aruser-from-awuser", "rtl/pmu_axil2apb.v",
     "araddr_q <= araddr_i; arprot_q <= arprot_i; aruser_q <= aruser_i;",
     "araddr_q <= araddr_i; arprot_q <= arprot_i; aruser_q <= awuser_i | (aruser_i & 3'd0);", AXIL),
    ("rtl-axil-user-not-buffered", "rtl/pmu_axil2apb.v",
     ".user_i(start_wr ? awuser_q : aruser_q),",
     ".user_i(start_wr ? awuser_i | (awuser_q & 3'd0) : aruser_i | (aruser_q & 3'd0)),", AXIL),
    ("rtl-wb-tga-tied-0", "rtl/pmu_wb2apb.v",
     "    .user_i(tga_i),\n", "    .user_i(3'd0 & tga_i),\n", WB),
    # PAUSER straight from TGA (not sampled with the request): wrong after
    # the cycle the request is taken, when the master drives the next TGA
    ("rtl-wb-tga-not-registered", "rtl/pmu_wb2apb.v",
     "  bus_apb_req #(.AW(AW)) u_apb (\n" + WB_APB_PINS + ".pauser_o(pauser_o),",
     "  wire [2:0] pauser_r;   // the registered PAUSER, unused\n"
     "  assign pauser_o = tga_i | (pauser_r & 3'd0);\n"
     "  bus_apb_req #(.AW(AW)) u_apb (\n" + WB_APB_PINS + ".pauser_o(pauser_r),", WB),
    ("rtl-apb-req-user-tied-0", "rtl/bus_apb_req.v",
     "      pauser_q  <= user_i;\n", "      pauser_q  <= 3'd0 & user_i;\n", WB),
    # FORCE_PRIV=1: every access privileged, AxPROT / wb_prot_i ignored
    ("rtl-axil-force-priv-ignored", "rtl/pmu_core_axil.v",
     "wire [2:0] awprot = (FORCE_PRIV != 0) ? 3'b001 : awprot_i;\n  wire [2:0] arprot = (FORCE_PRIV != 0) ? 3'b001 : arprot_i;",
     "wire [2:0] awprot = awprot_i;\n  wire [2:0] arprot = arprot_i;", AXIL_PRIV),
    ("rtl-wb-force-priv-ignored", "rtl/pmu_core_wb.v",
     "wire [2:0] prot = (FORCE_PRIV != 0) ? 3'b001 : wb_prot_i;", "wire [2:0] prot = wb_prot_i;", WB_PIPE),
    # the C model's increment cache (unit_incs) must be refreshed when a
    # counter's selection or the threads' CPL change under steady events
    ("model-dc-cache-ctl-stale", "cmodel/dc_model_lu.c",
     "      ctr_derive(c, (int)cn, nt);\n      x->inc_ok = 0;",
     "      ctr_derive(c, (int)cn, nt);\n      if (k != DC_LU_K_C_CTL) x->inc_ok = 0;", (("dc_directed", "small"),)),
    ("model-dc-cache-cpl-ignored", "cmodel/dc_model_lu.c",
     "  if (x->inc_ok && x->inc_cplz == cplz) {", "  if (x->inc_ok) {", (("dc_directed", "small"),)),
    # ... and on every thread's events (a wider class stride: one span per thread)
    ("model-dc-cache-first-thread-only", "cmodel/dc_model_lu.c",
     "    if (t == nspan) return;", "    if (t >= 1) return;", DC),
    # ... and keyed on the events after the edge/level/polarity stage (an EDGE
    # bit makes the increment depend on the previous inputs too)
    ("model-dc-cache-before-elp", "cmodel/dc_model_lu.c",
     "  if (cnt_en) unit_incs(m, x, ev, cplz);", "  if (cnt_en) unit_incs(m, x, ev_in, cplz);", DC),
    ("model-dc-elp-prev-not-inverted", "cmodel/dc_model_lu.c",
     "& ~(x->eedge[e] & (evp[a] ^ x->einv[e])));", "& ~(x->eedge[e] & evp[a]));", DC),
    # seed 002 mechanisms of the local units (docs/dc_seed.md)
    ("rtl-dc-edge-ignored", "rtl/dc_local_unit.v",
     "wire [NEV-1:0] elp = (ev_i ^ einv_q) & ~(eedge_q & (evp_q ^ einv_q));",
     "wire [NEV-1:0] elp = (ev_i ^ einv_q) & ~({NEV{1'b0}} & eedge_q & (evp_q ^ einv_q));", DC),
    ("rtl-dc-inv-ignored", "rtl/dc_local_unit.v",
     "wire [NEV-1:0] elp = (ev_i ^ einv_q) & ~(eedge_q & (evp_q ^ einv_q));",
     "wire [NEV-1:0] elp = ev_i & ~(eedge_q & evp_q);", DC),
    ("rtl-dc-edge-prev-not-inverted", "rtl/dc_local_unit.v",
     "& ~(eedge_q & (evp_q ^ einv_q));", "& ~(eedge_q & evp_q);", DC),
    # the INV/EDGE bits of event ELPSEL.E: written to another event's bits
    ("rtl-dc-elp-wrong-event", "rtl/dc_local_unit.v",
     "          if ({23'd0, elpsel_q} == g) begin", "          if ({23'd0, elpsel_q} == (g ^ 1)) begin", DC),
    # the detailed-mode raw events pass the stage too
    ("rtl-dc-elp-raw-unstaged", "rtl/dc_local_unit.v",
     "assign evw = {{(NWIN*`DC_RAW_EVENTS-NEV){1'b0}}, elp};", "assign evw = {{(NWIN*`DC_RAW_EVENTS-NEV){1'b0}}, ev_i};", DC),
    ("rtl-dc-sync-optin-ignored", "rtl/dc_local_unit.v",
     "wire run_eff  = sync_q ? run_app : lrun_q;", "wire run_eff  = run_app;", DC),
    ("model-dc-lrun-ignored", "cmodel/dc_model_lu.c",
     "int run_eff = x->sync ? run_app : x->lrun;", "int run_eff = x->sync ? run_app : 0;", DC),
    ("rtl-dc-freeze-ignored", "rtl/dc_local_unit.v",
     "wire          frozen = frz_q & uirq_q[k];", "wire          frozen = 1'b0;", DC),
    ("model-dc-freeze-on-arm", "cmodel/dc_model_lu.c",
     "uint32_t frzm = x->frz ? x->uirq : 0;", "uint32_t frzm = x->frz ? x->uirq | x->arm : 0;", DC),
    # accumulate of selected counters (ACCSEL) and the busy rule
    ("rtl-dc-accsel-ignored", "rtl/dc_central_unit.v",
     "acc_tmp <= old & acc_lmask;", "acc_tmp <= old & (acc_lmask | {256{1'b1}});", DC),
    ("model-dc-accsel-word-order", "cmodel/dc_model.c",
     "(m->accsel >> (4 * ((m->acc_step >> 1) & 3) + l)) & 1u;", "(m->accsel >> (4 * l + ((m->acc_step >> 1) & 3))) & 1u;", DC),
    ("rtl-dc-acc-write-while-busy", "rtl/dc_central_unit.v",
     "wire        acc_err = (pwrite_i && (k_acc || k_accsel) && acc_busy) ||",
     "wire        acc_err = (pwrite_i && k_acc && pwdata_i[`DC_ACC_GO_LSB] && acc_busy) ||", DC),
    # formal: an erroring APB write must not reach a register (docs/formal.md)
    ("rtl-slverr-write-through", "rtl/pmu_apb.v",
     "wire wr_ok = acc & wr_q;", "wire wr_ok = acc & pwrite_i;", FORMAL_CORE),
    # formal: the local counter counts while its CTL.EN is 0 (dc-count A1)
    ("rtl-dc-local-en-ignored", "rtl/dc_local_unit.v",
     "wire [LW-1:0] inc  = (cnt_en & en_q & ~frozen) ? q32[LW-1:0] : {LW{1'b0}};",
     "wire [LW-1:0] inc  = ((cnt_en | en_q) & ~frozen) ? q32[LW-1:0] : {LW{1'b0}};", (("formal", "dc-count-fast"),)),
    # formal: a count dropped by the central unit's SRAM add of a chain flit (A2)
    ("rtl-dc-central-add-drops", "rtl/dc_central_unit.v",
     "K_ADD: n64 = o64 + {40'd0, s1_add[24*n +: 24]};",
     "K_ADD: n64 = o64 + {40'd0, s1_add[24*n +: 24]} - {63'd0, |s1_add[24*n +: 24]};", FORMAL_DC),
    # ---- the RISC-V CSR view (issue #31, docs/riscv.md): tb/test_rv.cpp, one
    # directed lockstep test per rule (sim/rv.mk core-rvconf-rv / -rv32)
    # OF / LCOFI: the pulse only when OF was 0; an mhpmcounter write never sets OF
    ("rtl-rv-lcofi-ignores-of", "rtl/pmu_rv_view.v",
     "wire lcofi_d = |(ovf_hw_i & ~ovf_i);", "wire lcofi_d = |ovf_hw_i;", RV),
    ("rtl-rv-counter-write-sets-of", "rtl/pmu_rv_view.v",
     "rv_we_ev & {NC{rv_ev_wd[63]}}};", "(rv_we_ev & {NC{rv_ev_wd[63]}}) | (rv_we_cnt & {NC{&rv_wop[CW-1:0]}})};", RV),
    ("model-rv-lcofi-ignores-of", "cmodel/pmu_model_event.c",
     "(ovf_set & ~ST(m, OVF, 0)) != 0;", "ovf_set != 0;", RV),
    # write-wins: an mhpmcounter write drops the same edge's increment
    ("rtl-rv-increment-wins-over-write", "rtl/pmu_core.v",
     ".clr_i(clr), .we_i(cnt_we[n] | hist_we),", ".clr_i(clr), .we_i((cnt_we[n] & ~(rv_we_cnt[n] & run2_q & |inc_q)) | hist_we),", RV32),
    ("model-rv-write-keeps-increment", "cmodel/pmu_model_event.c",
     "c->cnt = rv_new & m->cmask;   /* a CSR write wins over the increment */",
     "c->cnt = (rv_new + (c->run2_q ? c->inc_q : 0u)) & m->cmask;", RV32),
    # mcountinhibit = ~CNTEN, any write sets GCTL.GEN
    ("rtl-rv-mcountinhibit-not-inverted", "rtl/pmu_rv_view.v",
     "assign cnten_wd_o = ~rv_inh_n[3 +: NC];", "assign cnten_wd_o = rv_inh_n[3 +: NC];", RV),
    ("rtl-rv-mcountinhibit-no-gen", "rtl/pmu_rv_view.v",
     "assign gen_set_o  = rv_we_inh;", "assign gen_set_o  = 1'b0;", RV32),
    ("model-rv-mcountinhibit-no-gen", "cmodel/pmu_model_rv.c",
     "if (rv_wk == PMU_RV_K_MCOUNTINHIBIT) hwset[PMU_K_GCTL] |= 1u << PMU_GCTL_GEN_LSB;", "", RV32),
    # xINH per mode and thread, TX thread exclusion
    ("rtl-rv-xinh-vs-vu-swapped", "rtl/pmu_core.v",
     "(md == 3'b101 && inh[1]) ||", "(md == 3'b101 && inh[0]) || (md == 3'b110 && inh[1]) ||", RV32),
    ("rtl-rv-xinh-thread0-mode", "rtl/pmu_core.v",
     "wire [2:0] md  = rv_mode_i[3*t +: 3];", "wire [2:0] md  = rv_mode_i[2:0];", RV),
    ("rtl-rv-tx-thread-order", "rtl/pmu_rv_view.v",
     "tx_eq[2*(NT-1-tt) +: 2] = {2{~x[tt]}};", "tx_eq[2*(NT-1-tt) +: 2] = {2{~x[NT-1-tt]}};", RV),
    ("model-rv-xinh-vs-vu-swapped", "cmodel/pmu_model_event.c",
     "case 5u: return (inh >> 1) & 1u;   /* VS */", "case 5u: return inh & 1u;   /* VS */", RV),
    # stopcount_i
    ("rtl-rv-stopcount-ignored", "rtl/pmu_core.v",
     "~(XLEN != 0 && stopcount_i);", "~(XLEN != 0 && stopcount_i && 1'b0);", RV32),
    ("model-rv-stopcount-ignored", "cmodel/pmu_model_event.c",
     "&& !(m->cfg.xlen && in->stopcount);", "&& !(m->cfg.xlen && in->stopcount && 0);", RV),
    # scountovf: HS masked by mcounteren, VS by mcounteren & hcounteren
    ("rtl-rv-scountovf-vs-ignores-hcounteren", "rtl/pmu_rv_csr.v",
     "v ? (rd_mcounteren_i & rd_hcounteren_i) : rd_mcounteren_i;", "v ? rd_mcounteren_i : rd_mcounteren_i;", RV),
    ("header-rv-scountovf-hs-unmasked", "cmodel/pmu_rv_csr.h",
     "return ((priv >> 2) & 1u) ? (en_m & en_h) : en_m;", "return ((priv >> 2) & 1u) ? (en_m & en_h) : ~0ull;", RV32),
    # counter gating (illegal vs virtual), levels, read-only CSRs
    ("rtl-rv-vu-ignores-scounteren", "rtl/pmu_rv_csr.v",
     "((v & ~en_h) | (v & prv == 2'd0 & ~en_s));", "((v & ~en_h));", RV32),
    ("rtl-rv-vu-scounteren-illegal", "rtl/pmu_rv_csr.v",
     "(~v & prv == 2'd0 & ~en_s));", "(prv == 2'd0 & ~en_s));", RV),
    ("rtl-rv-ro-set-clear-allowed", "rtl/pmu_rv_csr.v",
     "wire e_ro  = wr & (a[11:10] == 2'b11);", "wire e_ro  = (csr_op_i == 2'd1) & (a[11:10] == 2'b11);", RV32),
    ("rtl-rv-vu-s-csr-illegal", "rtl/pmu_rv_csr.v",
     "wire v_lvl = v & (a[9:8] == 2'd1 | a[9:8] == 2'd2);", "wire v_lvl = v & (a[9:8] == 2'd2);", RV),
    ("header-rv-vu-ignores-scounteren", "cmodel/pmu_rv_csr.h",
     "if ((v && !((en_h >> nb) & 1u)) || (v && prv == 0u && !((en_s >> nb) & 1u))) return PMU_RV_VIRT;",
     "if (v && !((en_h >> nb) & 1u)) return PMU_RV_VIRT;", RV),
    # RV32 halves; not decoded on RV64
    ("rtl-rv-low-write-clears-high", "rtl/pmu_rv_csr.v",
     "hi ? {32'hFFFFFFFF, 32'd0} : {32'd0, 32'hFFFFFFFF};", "hi ? {32'hFFFFFFFF, 32'd0} : ~64'd0;", RV32),
    ("rtl-rv-h-decoded-on-rv64", "rtl/pmu_rv_csr.v",
     "wire b_mhpmcounter_h = XLEN == 32 && a[11:5]", "wire b_mhpmcounter_h = a[11:5]", RV),
    ("header-rv-low-write-clears-high", "cmodel/pmu_rv_csr.h",
     ": ((val & ~0xFFFFFFFFull) | (nw & 0xFFFFFFFFull));", ": (nw & 0xFFFFFFFFull);", RV32),
    # unimplemented counters read 0 / ignore writes; the width probe
    ("rtl-rv-unimpl-write-aliases", "rtl/pmu_rv_csr.v",
     "assign we_mhpmcounter_o[e] = wok & (b_mhpmcounter | b_mhpmcounter_h) & {27'd0, el} == e + 3;",
     "assign we_mhpmcounter_o[e] = wok & (b_mhpmcounter | b_mhpmcounter_h) & (({27'd0, el} - 3) % NC) == e;", RV32),
    ("rtl-rv-unimpl-reads-counter0", "rtl/pmu_rv_csr.v",
     "else begin : g_off assign rdx_mhpmcounter[e*64 +: 64] = 64'd0; end",
     "else begin : g_off assign rdx_mhpmcounter[e*64 +: 64] = rd_mhpmcounter_i[63:0]; end", RV),
    ("rtl-rv-width-probe-short", "rtl/pmu_rv_csr.v",
     "localparam [63:0] RM_MHPMCOUNTER = (((64'd1 << (CW)) - 64'd1) << 0);",
     "localparam [63:0] RM_MHPMCOUNTER = (((64'd1 << (CW-1)) - 64'd1) << 0);", RV32),
    ("model-rv-unimpl-reads-counter0", "cmodel/pmu_model_rv.c",
     "case PMU_RV_K_MHPMCOUNTER: case PMU_RV_K_HPMCOUNTER: return idx < nc ? c->cnt : 0u;",
     "case PMU_RV_K_MHPMCOUNTER: case PMU_RV_K_HPMCOUNTER: return c->cnt;", RV),
    # read-modify-write, reserved bits, the APB hold
    ("rtl-rv-clear-is-and", "rtl/pmu_rv_view.v",
     "rv_rmw = (wop & (p | (old & ~q))) | (~wop & old & ~(p & q));",
     "rv_rmw = op == 2'd3 ? ((old & ~whm) | (old & wop & whm)) : ((wop & (p | (old & ~q))) | (~wop & old & ~(p & q)));", RV),
    # an mhpmcounter csrc: the masked write puts 0s where the operand is 1
    ("rtl-rv-counter-clear-sets", "rtl/pmu_rv_view.v",
     "rv_cwd = rv_op == 2'd1 ? rv_wop : {64{rv_op == 2'd2}},", "rv_cwd = rv_op == 2'd1 ? rv_wop : {64{rv_op != 2'd1}},", RV),
    # the written mhpmevent's value comes from the counter its number names
    ("rtl-rv-event-old-value-neighbour", "rtl/pmu_rv_view.v",
     "if ({27'd0, csr_addr_i[4:0]} == i + 3) begin", "if ({27'd0, csr_addr_i[4:0]} == ((i + 1) % NC) + 3) begin", RV),
    ("rtl-rv-rdata-new-value", "rtl/pmu_rv_csr.v",
     "assign csr_rdata_o = ok ? cur[XW-1:0] : {XW{1'b0}};",
     "assign csr_rdata_o = ok ? (csr_op_i == 2'd1 ? wd[XW-1:0] : csr_op_i == 2'd2 ? (cur[XW-1:0] | wd[XW-1:0]) : "
     "csr_op_i == 2'd3 ? (cur[XW-1:0] & ~wd[XW-1:0]) : cur[XW-1:0]) : {XW{1'b0}};", RV32),
    ("rtl-rv-reserved-reads-ones", "rtl/pmu_rv_csr.v",
     "val = rd_mcounteren_i & RM_MCOUNTEREN;", "val = rd_mcounteren_i | ~RM_MCOUNTEREN;", RV),
    ("rtl-rv-apb-not-held", "rtl/pmu_core.v",
     "assign pready_o  = nat_ready & cs_ready & ~rv_busy;", "assign pready_o  = nat_ready & cs_ready;", RV),
    ("model-rv-apb-not-held", "cmodel/pmu_model.c", "out->pready = !rv_hold;", "out->pready = 1;", RV),
    ("model-rv-reserved-reads-ones", "cmodel/pmu_model_rv.c",
     "rv_old = rv_read(m, rk, ridx) & pmu_rv_rmask(&m->rvp, rk);",
     "rv_old = rv_read(m, rk, ridx) | ~pmu_rv_rmask(&m->rvp, rk);", RV32),
    ("header-rv-clear-is-xor", "cmodel/pmu_rv_csr.h",
     "op == PMU_RV_OP_SET ? (cur | wd) : (cur & ~wd);", "op == PMU_RV_OP_SET ? (cur | wd) : (cur ^ wd);", RV),
]
