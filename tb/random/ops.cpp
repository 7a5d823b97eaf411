// Constrained-random bus operations on the native map (tb/random/random.h):
// gen_ops, one operation (or a short sequence: presets, high-low reads, an
// interrupt handler's clears) at random, queued for the APB master
// (stimulus.cpp) when the queue is empty; gen_smp, the sampling and yield
// channel registers' share of them; hot_class, the event classes they
// program (mostly ones that count, in the counter's area).
#include "random.h"

uint32_t RandomBench::hot_class0() {
    switch (r.below(6)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return c.flop_class;
    case 3: return c.ncls - 1;
    case 4: return r.below(64);       // may be >= NCLS: counts nothing
    default: return 2 + r.below(3);
    }
}

// counter areas: mostly a class of counter n's area, sometimes one it cannot see
uint32_t RandomBench::hot_class(unsigned n) {
    uint32_t es = hot_class0();
    if (c.narea > 1 && es != c.flop_class && r.chance(80)) {
        uint32_t in_area = es - es % c.narea + n % c.narea;
        if (in_area < c.ncls) es = in_area;
    }
    return es;
}

void RandomBench::gen_ops() {
    if (c.view && r.chance(30)) { gen_cs(); return; }   // (the native goals' 70%: Coverage::report's k)
    unsigned n = r.below(c.nc);
    if (r.chance(15)) { gen_smp(); return; }
    unsigned k = r.below(100);
    if (k < 18) {
        uint32_t v = hot_class(n) | (r.chance(75) ? PMU_CTL_EN_MASK : 0) | (r.chance(40) ? PMU_CTL_IE_MASK : 0);
        if (r.chance(12)) v |= PMU_CTL_EDGE_MASK;
        if (r.chance(12)) v |= PMU_CTL_INV_MASK;
        if (r.chance(30)) v |= (r.chance(50) ? r.below(8) : r.below(256)) << PMU_CTL_THR_LSB;
        if (r.chance(10)) v |= (uint32_t)r.next() & ~(PMU_CTL_ES_MASK | PMU_CTL_EN_MASK | PMU_CTL_IE_MASK |
                                                      PMU_CTL_EDGE_MASK | PMU_CTL_INV_MASK | PMU_CTL_THR_MASK);
        q.push_back({cnt_addr(n, PMU_CREG_CTL), true, v, 0xF, 1});
    } else if (k < 27) {   // FLOP main event: one type, the FLOPs, all, a reserved code, or junk
        uint32_t v;
        switch (r.below(5)) {
        case 0: v = r.below(PMU_FLOP_NTYPE); break;
        case 1: v = PMU_FMAIN_FLOPS; break;
        case 2: v = PMU_FMAIN_ALL; break;
        case 3: v = 10 + r.below(5); break;
        default: v = (uint32_t)r.next(); break;
        }
        q.push_back({PMU_REG_FTYPE(n), r.chance(85), v, (uint8_t)(r.chance(95) ? 0xF : r.below(16)),
                     (uint8_t)(r.chance(90) ? 1 : 0)});
    } else if (k < 32) {
        uint32_t em = r.chance(35) ? 0xFFFF : (uint32_t)r.next() & 0xFFFF;
        uint32_t eq = r.chance(35) ? 0xFFFF : (uint32_t)r.next() & 0xFFFF;
        q.push_back({cnt_addr(n, PMU_CREG_EMQ), true, em | eq << 16, 0xF, 1});
    } else if (k < 42) {   // preset close to overflow (or anywhere)
        uint64_t v = r.chance(70) ? (h.cmask - r.below(5000)) : (r.next() & h.cmask);
        if (r.chance(20)) v = 0xFFFFFFFFull - r.below(3000);          // near the 32-bit half boundary
        q.push_back({cnt_addr(n, PMU_CREG_CNT_HI), true, (uint32_t)(v >> 32), 0xF, 1});
        q.push_back({cnt_addr(n, PMU_CREG_CNT_LO), true, (uint32_t)v, 0xF, 1});
    } else if (k < 54) {
        q.push_back({cnt_addr(n, PMU_CREG_CNT_LO), false, 0, 0, 1});
        q.push_back({cnt_addr(n, PMU_CREG_CNT_HI), false, 0, 0, 1});
    } else if (k < 59) {
        q.push_back({PMU_REG_GCTL, true, (r.chance(85) ? 1u : 0u) | (r.chance(50) ? 2u : 0u) |
                                              (r.chance(10) ? (uint32_t)r.next() & ~3u : 0u), 0xF, 1});
    } else if (k < 63) {
        q.push_back({PMU_REG_OVF, true, (uint32_t)r.next(), 0xF, 1});
    } else if (k < 65) {
        q.push_back({PMU_REG_CLR, true, (uint32_t)r.next() & (uint32_t)r.next(), 0xF, 1});
    } else if (k < 69) {
        q.push_back({PMU_REG_CNTEN, true, r.chance(40) ? 0xFFFFFFFFu : (uint32_t)r.next(), 0xF, 1});
    } else if (k < 71) {
        q.push_back({PMU_REG_TSC_HI, true, (uint32_t)r.next(), 0xF, 1});
        q.push_back({PMU_REG_TSC_LO, true, (uint32_t)r.next(), 0xF, 1});
    } else if (k < 74) {
        q.push_back({PMU_REG_TSC_LO, false, 0, 0, 1});
        q.push_back({PMU_REG_TSC_HI, false, 0, 0, 1});
    } else if (k < 86) {   // read any mapped register
        static const uint32_t g[] = {PMU_REG_ID, PMU_REG_CFG, PMU_REG_GCTL, PMU_REG_OVF, PMU_REG_CLR,
                                     PMU_REG_CNTEN, PMU_REG_TSC_LO, PMU_REG_TSC_HI};
        uint32_t a = r.chance(50) ? g[r.below(8)] : cnt_addr(n, 4 * r.below(4));
        q.push_back({a, false, 0, 0, 1});
    } else {               // bad or unprivileged accesses
        uint32_t a;
        switch (r.below(5)) {
        case 0: a = r.below(1u << PMU_ADDR_BITS); break;                       // anywhere (VIEW=1: raw, below)
        case 1: a = cnt_addr(n, 4 * r.below(4)) | (1 + r.below(3)); break;      // misaligned
        case 2: a = PMU_CNT_BASE + (c.nc + r.below(PMU_NC_MAX + 4)) * PMU_CNT_STRIDE; break;
        case 3: a = 0x020 + 4 * r.below(56); break;                             // global hole
        default: a = cnt_addr(n, 4 * r.below(4)); break;
        }
        bool w = r.chance(50);
        uint8_t strb = w ? (r.chance(50) ? 0xF : (uint8_t)r.below(16)) : 0;
        uint8_t prot = (uint8_t)r.below(8);
        q.push_back({a, w, (uint32_t)r.next(), strb, prot, 0, 0, 0, (uint8_t)(c.view && a >= 0x1000u)});
    }
}

// sampling / yield-channel bus operations
uint32_t RandomBench::ych_pending(unsigned ring3, unsigned t, uint32_t *flt) {
    const uint32_t yer = pmu_model_yer(h.m) >> (ring3 ? c.nch : 0);
    uint32_t pend = 0, f = 0;
    for (unsigned i = 0; i < c.nch; i++) {
        const uint32_t ctl = pmu_model_ych_ctl(h.m, ring3, i);
        if (!(yer >> i & 1) || pmu_model_ych_tid(h.m, ring3, i) != t || !ych_yields(ctl)) continue;
        pend |= 1u << i;
        if (ctl & PMU_YCH_CTL_FLT_MASK) f |= 1u << i;
    }
    if (flt) *flt = f;
    return pend;
}

void RandomBench::gen_smp() {
    unsigned n = r.below(c.nc);
    switch (r.below(14)) {
    case 0: {
        uint32_t v = (r.chance(8) ? PMU_MMCR_FRZ_MASK : 0) | (r.chance(15) ? PMU_MMCR_FOI_MASK : 0) |
                     (r.chance(75) ? PMU_MMCR_PMXE_MASK : 0) | (r.chance(25) ? PMU_MMCR_TRIG_MASK : 0) |
                     (r.chance(40) ? PMU_MMCR_TBEE_MASK : 0) | r.below(4) << PMU_MMCR_TBSEL_LSB |
                     (r.chance(70) ? r.below(400) : (uint32_t)r.next() & 0xFFFF) << PMU_MMCR_THRESH_LSB;
        if (r.chance(5)) v |= (uint32_t)r.next();
        q.push_back({PMU_REG_MMCR, true, v, 0xF, 1});
        break;
    }
    case 1:
        q.push_back({PMU_REG_PMSTAT, true, r.chance(70) ? 3u : (uint32_t)r.next(), 0xF, 1});
        if (r.chance(50)) q.push_back({PMU_REG_OVF, true, (uint32_t)r.next(), 0xF, 1});   // handler clears OVF too
        if (r.chance(60))   // handler: re-arm
            q.push_back({PMU_REG_MMCR, true, PMU_MMCR_PMXE_MASK | (r.chance(50) ? PMU_MMCR_FOI_MASK : 0) |
                         (r.chance(30) ? PMU_MMCR_TBEE_MASK | 3u << PMU_MMCR_TBSEL_LSB : 0), 0xF, 1});
        break;
    case 2: {
        uint32_t v = (r.chance(50) ? PMU_XCTL_NIE_MASK : 0) | (r.chance(15) ? PMU_XCTL_HIST_MASK : 0) |
                     (r.chance(25) ? PMU_XCTL_LAT_MASK : 0) | (r.chance(20) ? PMU_XCTL_PMS_MASK : 0) |
                     (r.chance(20) ? PMU_XCTL_PMC_MASK : 0);
        if (r.chance(5)) v |= (uint32_t)r.next();
        q.push_back({PMU_REG_XCTL(n), true, v, 0xF, 1});
        break;
    }
    case 3: {
        uint32_t lo = r.chance(50) ? PMU_REG_SIAR_LO : PMU_REG_SDAR_LO;
        // a capture record's 64-bit word (absent with YCAP=0); ring-3
        // records often unprivileged (only the channel's thread may read
        // them, CT only while UEN=1)
        const bool cap = r.chance(40), r3 = r.chance(50);
        if (cap) lo = PMU_YCAP_BASE(r3 ? 3 : 0, r.chance(95) ? r.below(c.nch) : r.below(8)) + 8 * r.below(4);
        const uint8_t p = (uint8_t)(cap && r3 && r.chance(60) ? 0 : 1);
        if (!cap && r.chance(25)) {
            // the read shadow between threads: thread x latches a counter's
            // high half (unprivileged, UEN=1), thread y's HI read gets 0,
            // x's own HI read the value
            const uint8_t x = (uint8_t)(1 + r.below(c.nt)), y = (uint8_t)(1 + r.below(8));
            q.push_back({PMU_REG_GCTL, true, PMU_GCTL_GEN_MASK | PMU_GCTL_UEN_MASK, 0xF, 1});
            q.push_back({cnt_addr(n, PMU_CREG_CNT_LO), false, 0, 0, 0, x});
            q.push_back({cnt_addr(n, PMU_CREG_CNT_HI), false, 0, 0, 0, y, (uint8_t)(y != x)});
            q.push_back({cnt_addr(n, PMU_CREG_CNT_HI), false, 0, 0, 0, x});
            break;
        }
        q.push_back({lo, false, 0, 0, p});
        q.push_back({lo + 4, false, 0, 0, p});
        break;
    }
    case 4: {
        static const uint32_t g[] = {PMU_REG_MMCR, PMU_REG_PMSTAT, PMU_REG_YRING0, PMU_REG_YRING3};
        q.push_back({r.chance(70) ? g[r.below(4)] : PMU_REG_XCTL(n), false, 0, 0, (uint8_t)(r.chance(80) ? 1 : 0)});
        break;
    }
    case 5: {   // ERET (of one thread, mostly), or the channels' threads (YTHRr)
        bool r3 = r.chance(50);
        uint8_t prot = (uint8_t)(r3 ? r.below(2) : (r.chance(90) ? 1 : 0));
        if (r.chance(25)) {
            uint32_t v = 0;
            for (unsigned i = 0; i < 8; i++) v |= (r.chance(60) ? 0u : r.below(8)) << (4 * i);
            q.push_back({r3 ? PMU_REG_YTHR3 : PMU_REG_YTHR0, r.chance(85), v, 0xF, prot});
        } else {
            unsigned t = r.below(c.nt);
            // mostly the ERET of a blocked thread with a pending yield
            // channel of the ring it runs in, one with two fault-like ones
            // first; with NT > 1 the thread whose delivery slot is the
            // cycle of the next access's access phase (this ERET's setup
            // phase is this cycle, h.cycle: the access phases are at +1 and
            // +3; slot rule in tb/directed/directed.h YCpu)
            const unsigned t_al = (unsigned)((h.cycle + 3) % c.nt);
            const uint32_t blk = pmu_model_yblk(h.m);
            int best = -1;
            bool two_flt = false;   // best has two fault-like requests: the race below clears the first one's FLT
            const bool pick = r.chance(85);
            for (unsigned rt = 0; pick && rt < 2 * c.nt; rt++) {
                const unsigned rr = rt / c.nt, tt = rt % c.nt;
                if (!(blk >> (rr * c.nt + tt) & 1) || ((h.in.cpl[tt] & 3u) != 0) != (rr != 0) || (c.nt > 1 && tt != t_al))
                    continue;   // blocked, in that ring, its slot
                uint32_t fm;
                const uint32_t pm = ych_pending(rr, tt, &fm);
                const int flt = __builtin_popcount(fm);
                if (pm && (best < 0 || flt >= 2)) best = (int)rt;
                if (flt >= 2) { two_flt = true; break; }
            }
            if (best >= 0) { r3 = best / c.nt != 0; t = best % c.nt; prot = 1; }
            q.push_back({r3 ? PMU_REG_YRING3 : PMU_REG_YRING0, true, r.chance(80) ? 1u << t : (uint32_t)r.next(), 0xF, prot});
            // ... and a write to the channel this ERET lets through (thread
            // t's first pending yield channel of the ring) racing its
            // delivery (right after the ERET: its access phase is in the
            // second cycle after the ERET's, one of them thread t's slot
            // with NT=2): its CTL with the type bits or the action changed,
            // or its target or down-counter
            const bool race = two_flt || r.chance(70);
            const uint32_t pm = race ? ych_pending(r3, t) : 0;
            if (pm) {
                const unsigned i = (unsigned)__builtin_ctz(pm);
                const uint32_t ctl = pmu_model_ych_ctl(h.m, r3, i);
                switch (two_flt ? 0 : r.below(4)) {
                case 0: case 1: {
                    const uint32_t flip = two_flt || r.chance(75) ? PMU_YCH_CTL_FLT_MASK | PMU_YCH_CTL_PRE_MASK
                                                       : PMU_YCH_CTL_ACT_MASK & (2u << PMU_YCH_CTL_ACT_LSB);
                    q.push_back({PMU_REG_YCH_CTL(r3, i), true, ctl ^ flip, 0xF, 1, 0, 0, 0, 0, 1});
                    break;
                }
                case 2: q.push_back({PMU_REG_YCH_TGT_LO(r3, i), true, (uint32_t)r.next(), 0xF, 1, 0, 0, 0, 0, 1}); break;
                default: q.push_back({PMU_REG_YCH_CNT(r3, i), true, r.below(40), 0xF, 1, 0, 0, 0, 0, 1}); break;
                }
            }
        }
        break;
    }
    case 6: case 7: case 8: case 9: case 10: {   // channel register write (or read)
        unsigned ring = r.chance(50) ? 3 : 0, i = r.chance(95) ? r.below(c.nch) : r.below(8);
        if (r.chance(2)) {
            // a difference channel at saturation: COND=2 on a frequent event
            // (an external one or a counter's), no scenario (ESM=0: no
            // trigger counts it down), CNT at or just below 2^32-1: its DSEL
            // events must hold CNT there, not wrap it
            const uint32_t ds = r.chance(60) ? PMU_YEV_EXT_LSB + r.below(8) : r.below(c.nc < 16 ? c.nc : 16);
            q.push_back({PMU_REG_YCH_CTL(0, i), true, PMU_YCH_CTL_VALID_MASK | PMU_YACT_YIELD << PMU_YCH_CTL_ACT_LSB |
                         PMU_YCOND_DIFF << PMU_YCH_CTL_COND_LSB | ds << PMU_YCH_CTL_DSEL_LSB, 0xF, 1});
            q.push_back({PMU_REG_YCH_ESM(0, i), true, 0, 0xF, 1});
            q.push_back({PMU_REG_YCH_CNT(0, i), true, 0xFFFFFFFFu - r.below(3), 0xF, 1});
            break;
        }
        unsigned reg = r.below(8);
        uint32_t v = (uint32_t)r.next();
        switch (reg * 4) {
        case PMU_YCH_CTL_OFF:
            // ACT: mostly yield, the other legal actions, 5% reserved (PSLVERR);
            // the YER bit is written sometimes (ignored: hardware only)
            v = (r.chance(85) ? PMU_YCH_CTL_VALID_MASK : 0) |
                (r.chance(65) ? PMU_YACT_YIELD : r.chance(85) ? r.below(4) : 4 + r.below(12)) << PMU_YCH_CTL_ACT_LSB |
                (r.chance(10) ? PMU_YCH_CTL_YER_MASK : 0) | (r.chance(30) ? PMU_YCH_CTL_ANY_MASK : 0) |
                (r.chance(35) ? PMU_YCH_CTL_STK_MASK : 0) | (r.chance(50) ? PMU_YCH_CTL_EDGE_MASK : 0) |
                (r.chance(40) ? PMU_YCH_CTL_FLT_MASK : 0) | (r.chance(50) ? PMU_YCH_CTL_PRE_MASK : 0) |
                (r.chance(50) ? PMU_YCH_CTL_HINT_MASK : 0) |
                (v & (r.chance(90) ? PMU_YCH_CTL_SID_MASK : ~0u));
            // monitor condition (3% reserved) and its event: mostly an
            // external event or the time base, 3% a reserved DSEL;
            // captured counter: mostly one that exists
            if (r.chance(97) || !(v & ~(PMU_YCH_CTL_SID_MASK | 0xFFFFFu))) {
                const uint32_t cond = r.chance(3) ? 3u : r.chance(50) ? 0u : 1u + r.below(2);
                const uint32_t ds = r.chance(3) ? 25u + r.below(7) : r.chance(40) ? PMU_YEV_TB_LSB :
                                    r.chance(70) ? PMU_YEV_EXT_LSB + r.below(8) : r.below(16);
                v = (v & ~(PMU_YCH_CTL_COND_MASK | PMU_YCH_CTL_DSEL_MASK | PMU_YCH_CTL_CSEL_MASK)) |
                    cond << PMU_YCH_CTL_COND_LSB | ds << PMU_YCH_CTL_DSEL_LSB |
                    (r.chance(90) ? r.below(c.nc) : r.below(32)) << PMU_YCH_CTL_CSEL_LSB;
            }
            break;
        case PMU_YCH_ESV_OFF: case PMU_YCH_ESM_OFF: {
            uint32_t m = 0;
            for (unsigned b = 0, nb = 1 + r.below(3); b < nb; b++) {
                switch (r.below(3)) {
                case 0: m |= 1u << r.below(c.nc < 16 ? c.nc : 16); break;
                case 1: m |= 1u << (PMU_YEV_EXT_LSB + r.below(8)); break;
                default: m |= 1u << PMU_YEV_TB_LSB; break;
                }
            }
            v = r.chance(90) ? m : v;
            break;
        }
        case PMU_YCH_SAV_OFF: case PMU_YCH_CNT_OFF:
            v = r.chance(80) ? r.below(40) : r.below(5000);
            if (reg * 4 == PMU_YCH_CNT_OFF && r.chance(8)) v = 0xFFFFFFFFu - r.below(3);   // difference: saturation
            break;
        case PMU_YCH_MISS_OFF:
            if (r.chance(30)) v = 0xFFFFu - r.below(3);   // at or just below saturation: the next misses must hold it
            break;
        default: break;
        }
        uint8_t prot = ring == 3 ? (uint8_t)r.below(2) : (r.chance(90) ? 1 : 0);
        uint32_t a = PMU_YCH_BASE(ring, i) + 4 * reg;
        q.push_back({a, r.chance(80), v, 0xF, prot});
        break;
    }
    case 11: {   // preset just below negative (or negative)
        uint64_t v = (half - r.below(300)) & h.cmask;
        if (r.chance(20)) v = (half + r.below(300)) & h.cmask;
        q.push_back({cnt_addr(n, PMU_CREG_CNT_HI), true, (uint32_t)(v >> 32), 0xF, 1});
        q.push_back({cnt_addr(n, PMU_CREG_CNT_LO), true, (uint32_t)v, 0xF, 1});
        break;
    }
    case 12: {  // race: a counter about to overflow while OVF is being cleared (hardware set must win)
        uint64_t v = (h.cmask - r.below(24)) & h.cmask;
        q.push_back({cnt_addr(n, PMU_CREG_CNT_HI), true, (uint32_t)(v >> 32), 0xF, 1});
        q.push_back({cnt_addr(n, PMU_CREG_CNT_LO), true, (uint32_t)v, 0xF, 1});
        for (unsigned j = 0, nj = 4 + r.below(12); j < nj; j++)
            q.push_back({PMU_REG_OVF, true, r.chance(50) ? ~0u : 1u << n, 0xF, 1});
        break;
    }
    default:    // TSC just below a time-base bit transition
        q.push_back({PMU_REG_TSC_HI, true, 0, 0xF, 1});
        q.push_back({PMU_REG_TSC_LO, true, (1u << (r.chance(50) ? 8 : 12)) - r.below(40), 0xF, 1});
        break;
    }
}
