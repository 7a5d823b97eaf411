// Functional coverage of the random lockstep bench (tb/random/random.h):
// observe counts, after each step, what the cycle reached (the CSR port's
// and the CoreSight view's accesses, the access that completed, interrupts,
// yields, sticky vectors, down-counters, captures, freezes, counter
// increments, wraps and overflows); Coverage::report checks the goals at
// the end, scaled with the run's length.
#include <algorithm>

#include "random.h"

void RandomBench::observe() {
    if (c.xlen) {
        if (h.in.csr_valid && h.out.csr_hit) {
            if (h.out.csr_ill) cov.rv_ill++;
            else if (h.out.csr_virt) cov.rv_virt++;
            else if (h.in.csr_op) cov.rv_wr++;
            else cov.rv_rd++;
            if (rv32 && !h.out.csr_ill && !h.out.csr_virt && (h.in.csr_addr & 0xF80) != 0 &&
                ((h.in.csr_addr >= 0x723 && h.in.csr_addr <= 0x73F) || (h.in.csr_addr >= 0xB83 && h.in.csr_addr <= 0xB9F) ||
                 (h.in.csr_addr >= 0xC83 && h.in.csr_addr <= 0xC9F))) cov.rv_h++;
            if (!h.out.csr_ill && !h.out.csr_virt && h.in.csr_op == PMU_RV_OP_WRITE &&
                h.in.csr_addr >= PMU_RV_CSR_MHPMEVENT && h.in.csr_addr < PMU_RV_CSR_MHPMEVENT + c.nc &&
                (rv32 || ((h.in.csr_wdata >> PMU_RV_MHPMEVENT_VUINH_LSB) & 0x1F))) cov.rv_inh++;
        }
        if (h.out.lcofi) cov.lcofi++;
        if (phase == 3 && !h.out.pready) cov.rv_stall++;
        if (h.in.stopcount) cov.rv_stop++;
    }
    if (c.view) {
        const uint64_t tn = pmu_model_cs_ccnt(h.m);
        (tn == cov.tsc_prev + 1 ? cov.cc_run : cov.cc_stop)++;
        cov.tsc_prev = tn;
        const uint32_t ovs = pmu_model_cs_pmovs(h.m);
        if ((ovs >> 31) && !(cov.cs_ovs_prev >> 31) && !(cur.cs && cur.write && cur.addr == PMU_CS_PMOVSSET0)) cov.cc_ovf++;
        cov.cs_ovs_prev = ovs;
        if (pmu_model_cs_frozen(h.m)) cov.fzo++;
    }
    int ych_wr = -1;    // channel whose register a bus write just wrote
    if (phase == 3 && h.out.pready) {   // access phase just completed
        // a CoreSight access classifies as no native register
        const uint32_t caddr = cur.cs ? 0x3FFCu : cur.addr;
        if (cur.cs) {   // the CoreSight view's accesses
            if (h.out.pslverr) cov.cs_err++;
            else if (cur.write) cov.cs_wr++;
            else cov.cs_rd++;
        }
        bool absent = (!c.has_sample && ((caddr >= PMU_REG_MMCR && caddr <= PMU_REG_SDAR_HI) ||
                                         (caddr >= PMU_XCTL_BASE && caddr < PMU_XCTL_BASE + 0x80))) ||
                      (!c.has_yield && ((caddr >= PMU_REG_YRING0 && caddr <= PMU_REG_YRING3) ||
                                        (caddr >= PMU_YCH0_BASE && caddr < PMU_YCH3_BASE + 0x100))) ||
                      (!(c.has_yield && c.ycap) && caddr >= PMU_YCAP0_BASE && caddr < PMU_YCAP3_BASE + 0x100);
        const bool ycap_rd = caddr >= PMU_YCAP0_BASE && caddr < PMU_YCAP3_BASE + 0x100 && !cur.write;
        bool ych_ctl = caddr >= PMU_YCH0_BASE && caddr < PMU_YCH3_BASE + 0x100 &&
                       (caddr - PMU_YCH0_BASE) % PMU_YCH_STRIDE == PMU_YCH_CTL_OFF;
        if (h.out.pslverr && cur.write && ych_ctl && ((cur.data & PMU_YCH_CTL_ACT_MASK) >> PMU_YCH_CTL_ACT_LSB) > PMU_YACT_FRZ)
            cov.yact_bad++;
        if (h.out.pslverr && cur.write && ych_ctl && (((cur.data & PMU_YCH_CTL_COND_MASK) >> PMU_YCH_CTL_COND_LSB) > 2 ||
                                                       ((cur.data & PMU_YCH_CTL_DSEL_MASK) >> PMU_YCH_CTL_DSEL_LSB) > 24))
            cov.cond_bad++;
        if (!h.out.pslverr && ycap_rd && h.out.prdata) cov.cap_rd++;
        const bool ch3 = (caddr >= PMU_YCH3_BASE && caddr < PMU_YCH3_BASE + PMU_YCH_STRIDE * c.nch) ||
                         (c.ycap && caddr >= PMU_YCAP3_BASE && caddr < PMU_YCAP3_BASE + PMU_YCAP_STRIDE * c.nch);
        if (c.has_yield && ch3 && !(cur.prot & 1) && !(caddr & 3) && cur.strb == (cur.write ? 0xF : 0)) {
            const unsigned i = (caddr & 0xFF) / PMU_YCH_STRIDE;
            const bool mine = pmu_model_ych_tid(h.m, 1, i) == cur.ptid && cur.ptid < c.nt;
            const bool capr = caddr >= PMU_YCAP3_BASE;
            if (!h.out.pslverr) { if (mine) (capr ? cov.cap_own_ok : cov.own_ok)++; }
            else if (!mine) (capr ? cov.cap_own_err : cov.own_err)++;
        }
        if (caddr == PMU_REG_YRING3 && cur.write && !(cur.prot & 1) && !h.out.pslverr) cov.yr3_user++;
        if (cur.foreign && !h.out.pslverr) cov.sh_foreign++;
        if (cur.write && caddr >= PMU_YCH0_BASE && caddr < PMU_YCH3_BASE + 0x100)
            ych_wr = (int)((caddr >= PMU_YCH3_BASE) * c.nch + (caddr & 0xFF) / PMU_YCH_STRIDE);
        if (h.out.pslverr) { cov.err++; if (absent) cov.absent++; }
        else if (cur.write) {
            cov.wr++;
            unsigned off = caddr - PMU_CNT_BASE;
            if (caddr >= PMU_CNT_BASE && off / PMU_CNT_STRIDE < c.nc && (off & 0xF) == PMU_CREG_CTL &&
                (cur.data & PMU_CTL_EN_MASK)) {
                unsigned es = (cur.data & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB;
                (pmu_cfg_class_ok(&c, off / PMU_CNT_STRIDE, es) ? cov.area_in : cov.area_out)++;
            }
            if (caddr >= PMU_CNT_BASE && off / PMU_CNT_STRIDE < c.nc && (off & 0xF) == PMU_CREG_CTL)
                cov.ctl[off / PMU_CNT_STRIDE] = cur.data;
            if (caddr >= PMU_XCTL_BASE && caddr < PMU_XCTL_BASE + 4 * c.nc)
                cov.xctl[(caddr - PMU_XCTL_BASE) / 4] = cur.data;
            if (caddr >= PMU_FTYPE_BASE && caddr < PMU_FTYPE_BASE + 4 * c.nc) {
                cov.ftype[(caddr - PMU_FTYPE_BASE) / 4] = (cur.data & PMU_FTYPE_MAIN_MASK) >> PMU_FTYPE_MAIN_LSB;
                cov.ftype_wr++;
            }
            if (!(cur.prot & 1)) cov.u3++;
        } else {
            cov.rd++;
            if (!(cur.prot & 1)) cov.user_ok++;
        }
    }
    // the sampling block and the yield channels: interrupts, SIAR, yields,
    // blocked threads, sticky vectors, down-counters, captures, freezes
    {
        uint32_t ps = pmu_model_pmstat(h.m);
        if ((ps & ~cov.prev_pmstat) & PMU_PMSTAT_NEG_MASK) cov.pmi++;
        if ((ps & ~cov.prev_pmstat) & PMU_PMSTAT_TB_MASK) cov.pmi_tb++;
        cov.prev_pmstat = ps;
        if ((uint64_t)h.dut->siar_o != cov.prev_siar) cov.siar++;
        cov.prev_siar = h.dut->siar_o;
        if (h.out.yield) (h.out.yield_ring ? cov.y3 : cov.y0)++;
        if (h.out.yield && (h.out.yield_attr & 1)) cov.flt++;   // fault-like (drops the other fault-like requests)
        if (h.out.yield && (h.out.yield_attr & 6) == 6) cov.prehint++;
        if (h.out.yield && h.out.yield_tid != 0) cov.ytid++;
        // a bus write to the delivered channel completing at the delivery's
        // edge; a CTL write to a fault-like one while another fault-like
        // request of its ring and thread is pending (the delivery drops it by
        // the type before the write)
        const unsigned kd = h.out.yield_ring * c.nch + h.out.yield_ch;
        if (h.out.yield && ych_wr == (int)kd && !h.out.pslverr) {
            cov.deliv_wr++;
            uint32_t others = 0;   // fault-like requests of the ring and thread before the edge, kd's excepted
            for (unsigned i = 0; i < c.nch; i++) {
                const unsigned j = h.out.yield_ring * c.nch + i;
                if (j != kd && pmu_model_ych_tid(h.m, h.out.yield_ring, i) == h.out.yield_tid) others |= 1u << j;
            }
            if ((cur.addr & 0x1F) == PMU_YCH_CTL_OFF && (cov.prev_yflt >> kd & 1) && (cov.prev_yer & cov.prev_yflt & others))
                cov.flt_race++;
        }
        // a yield delivered to one thread of a ring while another thread of that ring is blocked
        if (h.out.yield) {
            const uint32_t bk = pmu_model_yblk(h.m) >> (h.out.yield_ring ? c.nt : 0) & ((1u << c.nt) - 1);
            if (bk & ~(1u << h.out.yield_tid)) cov.blk_other++;
        }
        uint32_t yer = pmu_model_yer(h.m), blk = pmu_model_yblk(h.m), lo = (1u << c.nch) - 1;
        if (((blk & 1) && (yer & lo)) || ((blk & 2) && (yer >> c.nch & lo))) cov.pend_blk++;
        if (pmu_model_yact(h.m, PMU_YACT_IRQ)) cov.yirq++;
        // sticky scenarios: a vector that collected events is cleared by its fire
        uint32_t yflt = 0;   // the valid fault-like yield channels
        for (unsigned k = 0; k < 2 * c.nch; k++) {
            uint32_t e = pmu_model_ych_esv(h.m, k >= c.nch, k % c.nch);
            uint32_t ctl = pmu_model_ych_ctl(h.m, k >= c.nch, k % c.nch);
            if (ych_yields(ctl) && (ctl & PMU_YCH_CTL_FLT_MASK)) yflt |= 1u << k;
            // a down-counter that rose without a bus write to its channel:
            // a period end (COND=1) or a difference event (COND=2)
            const uint32_t yc = pmu_model_ych_cnt(h.m, k >= c.nch, k % c.nch);
            const uint32_t cond = (ctl & PMU_YCH_CTL_COND_MASK) >> PMU_YCH_CTL_COND_LSB;
            if (ych_wr != (int)k && cov.prev_ycnt[k] != 0 && cond == PMU_YCOND_PERIOD && yc > cov.prev_ycnt[k]) cov.per++;
            if (ych_wr != (int)k && cov.prev_ycnt[k] != 0 && cond == PMU_YCOND_DIFF && yc == cov.prev_ycnt[k] + 1) cov.dif++;
            if (cond == PMU_YCOND_DIFF && (ctl & PMU_YCH_CTL_VALID_MASK) && yc == 0xFFFFFFFFu) {
                cov.dif_sat++;
                if (pmu_model_ych_due(h.m, k >= c.nch, k % c.nch) == 2u) cov.dif_sat_ev++;   // must stay saturated
            }
            // an underflow due at the next edge (a trigger, not cancelled by a
            // COND=2 DSEL event, with CNT=0) on a pending request: a missed
            // trigger, counted by MISS unless MISS is saturated
            const unsigned due = pmu_model_ych_due(h.m, k >= c.nch, k % c.nch);
            if ((due & 1u) && !(cond == PMU_YCOND_DIFF && (due & 2u)) && yc == 0 && (yer >> k & 1) &&
                pmu_model_ych_miss(h.m, k >= c.nch, k % c.nch) == 0xFFFFu)
                cov.miss_sat++;
            cov.prev_ycnt[k] = yc;
            const uint64_t ts = pmu_model_ych_cap(h.m, k >= c.nch, k % c.nch).ts;
            if (ts != cov.prev_cts[k]) cov.cap++;
            cov.prev_cts[k] = ts;
            if (ctl & PMU_YCH_CTL_STK_MASK) {
                if (cov.prev_esv[k] && !e) cov.stk_fire++;
                if (e & ~cov.prev_esv[k]) (ctl & PMU_YCH_CTL_EDGE_MASK ? cov.stk_edge : cov.stk_level)++;
            }
            cov.prev_esv[k] = e;
        }
        cov.prev_yer = yer;   // the next cycle's state before its edge
        cov.prev_yflt = yflt;
        if (pmu_model_yact(h.m, PMU_YACT_FRZ)) cov.yfrz++;
        uint32_t mm = pmu_model_mmcr(h.m);
        if (mm & PMU_MMCR_FRZ_MASK) cov.frz++;
        if ((mm & PMU_MMCR_TRIG_MASK) && !(h.cnt(0) >> (c.cw - 1))) cov.trig++;
    }
    uint32_t ovf = h.ovf();
    cov.ovf += __builtin_popcount(ovf & ~cov.prev_ovf);
    cov.prev_ovf = ovf;
    if (h.out.irq) cov.irq++;
    for (unsigned n = 0; n < c.nc; n++) {
        uint64_t v = h.cnt(n), d = (v - cov.prev[n]) & h.cmask;
        if (d == max_inc) cov.maxinc++;
        if (d != 0 && d <= 1) {
            if (cov.ctl[n] & PMU_CTL_EDGE_MASK) cov.edge++;
            else if (cov.ctl[n] & PMU_CTL_INV_MASK) cov.inv++;
            else if (cov.ctl[n] & PMU_CTL_THR_MASK) cov.thr++;
        }
        if (v < cov.prev[n] && d < 64) cov.wrap_read++;
        if (d && (cov.ctl[n] & PMU_CTL_ES_MASK) == c.flop_class && cov.ftype[n] <= PMU_FMAIN_FLOPS)   // one type or the FLOPs
            cov.ftype_part++;
        if ((cov.xctl[n] & PMU_XCTL_HIST_MASK) && v != cov.prev[n] && (v >> 1) == (cov.prev[n] & (h.cmask >> 1))) cov.hist++;
        cov.prev[n] = v;
    }
}

void Coverage::report(const pmu_cfg &c, uint64_t cycles, Tally &t) const {
    auto goal = [&](const char *name, uint64_t v, uint64_t min) {
        bool ok = v >= min;
        printf("  %-44s %12" PRIu64 "  (goal >= %" PRIu64 ") %s\n", name, v, min, ok ? "ok" : "MISSED");
        t.add(ok);
    };
    uint64_t k = cycles / 100000 ? cycles / 100000 : 1;   // goals scale with run length
    // VIEW=1: 30% of the operations are the CoreSight view's (gen_cs), so the
    // native goals scale with the native operations' 70%
    const uint64_t kv = k;
    if (c.view) k = k * 7 / 10 ? k * 7 / 10 : 1;
    printf("coverage:\n");
    goal("counter overflows (OVF set by hardware)", ovf, 5 * k);
    goal("counter wraps seen", wrap_read, 5 * k);
    goal("cycles with IRQ asserted", irq, 50 * k);
    goal("cycles with a counter at max increment", maxinc, 50 * k);
    goal("edge-mode counts", edge, 10 * k);
    goal("invert-mode counts", inv, 10 * k);
    goal("threshold-mode counts", thr, 10 * k);
    goal("FLOP retirements driven", flop, 100 * k);
    goal("FMA retirements driven", fma, 50 * k);
    {
        uint64_t lo = ~0ull;
        for (unsigned j = 0; j < 16; j++) lo = std::min(lo, fop[j]);
        goal("FP retirements of each type code 0..15 (least)", lo, 10 * k);
    }
    goal("scalar FP retirements on 128..1024-bit registers", sc_wide, 100 * k);
    goal("FP retirements on 1024-bit registers", r1024, 100 * k);
    goal("FTYPE writes accepted", ftype_wr, 10 * k);
    goal("FLOP-class counts with FTYPE.MAIN a proper subset of the types", ftype_part, 10 * k);
    goal("bus writes accepted", wr, 100 * k);
    goal("bus reads accepted", rd, 100 * k);
    goal("bus accesses answered PSLVERR", err, 20 * k);
    goal("unprivileged reads accepted (UEN=1)", user_ok, 1 * k);
    goal("unprivileged HI reads after another thread's LO read (tagged shadow)", sh_foreign, 10 * k);
    goal("counters enabled on a class of their area", area_in, 10 * k);
    if (c.narea > 1) goal("counters enabled on a class outside their area", area_out, 2 * k);
    if (c.has_sample) {
        goal("negative-counter interrupts signalled", pmi, 5 * k);
        goal("time-base interrupts signalled", pmi_tb, 5 * k);
        goal("SIAR re-latched", siar, 10 * k);
        goal("cycles with MMCR.FRZ=1", frz, 100 * k);
        goal("cycles held by the trigger (TRIG=1, counter 0 >= 0)", trig, 100 * k);
        goal("history-mode shifts seen", hist, 20 * k);
        goal("slow loads/stores driven (latency > THRESH)", lat, 100 * k);
    }
    if (c.has_yield) {
        goal("yields delivered in ring 0", y0, 10 * k);
        goal("yields delivered in ring 3", y3, 10 * k);
        goal("cycles with a pending yield while blocked", pend_blk, 100 * k);
        goal("unprivileged writes accepted (ring-3 yield registers)", u3, 10 * k);
        goal("unprivileged ring-3 channel accesses by the channel's thread accepted", own_ok, 10 * k);
        goal("unprivileged ring-3 channel accesses by another thread refused", own_err, 10 * k);
        goal("unprivileged YRING3 writes (own bits only)", yr3_user, 5 * k);
        if (c.ycap) {
            goal("unprivileged capture-record reads by the channel's thread accepted", cap_own_ok, 10 * k);
            // (NT=1: only a thread number that names no thread is another thread)
            goal("unprivileged capture-record reads by another thread refused", cap_own_err, (c.nt > 1 ? 10 : 3) * k);
        }
        goal("channel CTL writes with a reserved action refused", yact_bad, 5 * k);
        goal("cycles with a yield-channel interrupt (ACT=2) pending", yirq, 100 * k);
        goal("cycles frozen by a yield channel (ACT=3)", yfrz, 100 * k);
        goal("sticky vectors cleared (fire or re-arm)", stk_fire, 20 * k);
        goal("fault-like yields delivered", flt, 5 * k);
        goal("yields delivered with PRE and HINT set", prehint, 2 * k);
        // (stimulus: an ERET and right after it a write to the channel it
        // lets through, timed to the thread's delivery slot; with NT=1 the
        // delivery is the cycle after the ERET's, before another access can
        // end. Two fault-like requests of one thread in a ring: frequent
        // enough with 4 channels per ring, the default)
        if (c.nt > 1) goal("yields delivered at the edge of a bus write to their channel", deliv_wr, 2 * k);
        if (c.nt > 1 && c.nch >= 4)
            goal("... fault-like, the write to CTL, another fault-like request of the thread pending", flt_race, (k + 1) / 2);
        goal("sticky bits set by an event edge (EDGE=1)", stk_edge, 20 * k);
        goal("sticky bits set by an event level (EDGE=0)", stk_level, 20 * k);
        goal("channel CTL writes with a reserved COND/DSEL refused", cond_bad, 5 * k);
        if (c.nt > 1) {
            goal("yields delivered to a thread other than 0", ytid, 5 * k);
            goal("yields delivered while another thread of the ring is blocked", blk_other, 2 * k);
        }
        goal("channel periods ended by event DSEL (COND=1)", per, 5 * k);
        goal("channel down-counters raised by event DSEL (COND=2)", dif, 5 * k);
        goal("cycles with a valid COND=2 channel's CNT saturated (2^32-1)", dif_sat, 20 * k);
        goal("cycles with a saturated COND=2 CNT's DSEL event due (it must not wrap)", dif_sat_ev, 2 * k);
        goal("missed triggers due with MISS saturated (0xFFFF: it must hold)", miss_sat, 20 * k);
        if (c.ycap) {
            goal("capture records taken", cap, 10 * k);
            goal("capture-record reads with a non-zero value", cap_rd, 2 * k);
        }
    }
    if (!c.has_sample || !c.has_yield)
        goal("accesses to a left-out block answered PSLVERR", absent, 10 * k);
    if (c.view) {
        goal("CoreSight-view writes accepted", cs_wr, 100 * kv);
        goal("CoreSight-view reads accepted", cs_rd, 100 * kv);
        goal("CoreSight-view accesses answered PSLVERR", cs_err, 10 * kv);
        goal("cycle-counter overflows (PMOVS bit 31 set by hardware)", cc_ovf, 5 * kv);
        goal("cycles frozen by PMCR.FZO", fzo, 100 * kv);
        goal("cycles with the cycle counter counting", cc_run, 1000 * kv);
        goal("cycles with the cycle counter stopped", cc_stop, 1000 * kv);
    }
    if (c.xlen) {   // the RISC-V CSR view (docs/riscv.md)
        goal("CSR writes accepted", rv_wr, 100 * k);
        goal("CSR reads accepted", rv_rd, 100 * k);
        goal("CSR accesses raising illegal instruction", rv_ill, 20 * k);
        goal("CSR accesses raising virtual instruction", rv_virt, 5 * k);
        if (c.xlen == 32) goal("RV32 high-half CSR accesses accepted", rv_h, 50 * k);
        goal("mhpmevent writes accepted with xINH bits (RV32: any)", rv_inh, 10 * k);
        goal("count-overflow interrupt requests (lcofi_o)", lcofi, 5 * k);
        goal("APB access phases held off by a CSR instruction", rv_stall, 5 * k);
        goal("cycles with stopcount_i", rv_stop, 100 * k);
    }
}
