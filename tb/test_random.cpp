// Constrained-random lockstep test of pmu_core against the C golden model.
//   test_random [--seed N] [--cycles N]       (env SEED / CYCLES also work)
// Random ESCR programming, presets near overflow, random event traffic with
// phases up to the maximum increment per cycle, random FLOP retirements
// (register size incl. 1024 bits, element size, scalar flag, instruction
// type; FTYPE main-event programming), CPL changes, and random bus traffic including illegal, misaligned, partial and
// unprivileged accesses. Sampling and yield channels: random MMCR/PMSTAT/XCTL
// programming (negative interrupts, freeze, trigger, time base, latency class,
// process mark, history), presets just below negative, random addresses,
// process marks, load/store latencies and external events every cycle,
// random yield channel programming in both rings (privileged and not), ERET
// writes. Every cycle the harness compares outputs and state.
// Functional coverage goals are checked at the end, so a stimulus that never
// reaches a corner fails instead of passing quietly.
#include <algorithm>
#include <vector>
#include <deque>

#include "pmu_harness.h"
#include "pmu_cs_regs.h"
#include "pmu_rv_csr.h"

// tid1: the issuing thread + 1 (0: a random one when it is issued); foreign:
// an unprivileged HI read right after another thread's LO read (shadow tag)
// cs: a CoreSight-view access (VIEW=1) at addr as is; otherwise addr is of the
// native map, at the extension page (0x2000) with VIEW=1
struct Txn { uint32_t addr; bool write; uint32_t data; uint8_t strb, prot, tid1, foreign, ptid, cs; };

int main(int argc, char **argv) {
    uint64_t seed = getenv("SEED") ? strtoull(getenv("SEED"), 0, 0) : 1;
    uint64_t cycles = getenv("CYCLES") ? strtoull(getenv("CYCLES"), 0, 0) : 1000000;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "--cycles")) cycles = strtoull(argv[++i], 0, 0);
    }
    printf("test_random: config NT=%d NC=%d CW=%d NCLS=%d NRET=%d FLOP_CLASS=%d seed=%" PRIu64
           " cycles=%" PRIu64 "\n", CFG_NT, CFG_NC, CFG_CW, CFG_NCLS, CFG_NRET, CFG_FLOP_CLASS, seed, cycles);
    printf("test_random: reproduce with --seed %" PRIu64 "\n", seed);

    Harness h;
    Rng r(seed);
    const pmu_cfg &c = h.cfg;
    const unsigned max_inc = c.nt * 16;

    // coverage
    uint64_t cov_ovf = 0, cov_irq = 0, cov_err = 0, cov_rd = 0, cov_wr = 0, cov_maxinc = 0;
    uint64_t cov_edge = 0, cov_thr = 0, cov_inv = 0, cov_flop = 0, cov_fma = 0, cov_wrap_read = 0;
    uint64_t cov_user_ok = 0;
    // thread isolation (docs/security.md): unprivileged ring-3 channel
    // accesses by the channel's thread (accepted) and by another (PSLVERR)
    uint64_t cov_own_ok = 0, cov_own_err = 0, cov_yr3_user = 0, cov_cap_own_ok = 0, cov_cap_own_err = 0;
    uint64_t cov_sh_foreign = 0;   // unprivileged HI reads of a shadow another thread latched
    uint64_t cov_pmi = 0, cov_pmi_tb = 0, cov_siar = 0, cov_y0 = 0, cov_y3 = 0, cov_pend_blk = 0;
    uint64_t cov_frz = 0, cov_trig = 0, cov_hist = 0, cov_u3 = 0, cov_lat = 0;
    uint64_t cov_yact_bad = 0, cov_yirq = 0, cov_yfrz = 0;   // yield actions
    uint64_t cov_flt = 0, cov_prehint = 0;   // yield types / attributes
    uint64_t cov_stk_fire = 0, cov_stk_edge = 0, cov_stk_level = 0;   // sticky scenarios
    uint64_t cov_ytid = 0, cov_blk_other = 0;   // channels per thread
    uint64_t cov_dif_sat = 0;   // a difference channel's CNT at its saturation value
    uint64_t cov_cond_bad = 0, cov_per = 0, cov_dif = 0, cov_cap = 0, cov_cap_rd = 0;   // conditions, capture
    uint64_t cov_area_in = 0, cov_area_out = 0, cov_absent = 0;
    // CoreSight view (VIEW=1): its accesses, cycle-counter overflows, cycles
    // frozen by PMCR.FZO, cycles with the cycle counter counting / stopped
    uint64_t cov_rv_wr = 0, cov_rv_rd = 0, cov_rv_ill = 0, cov_rv_virt = 0, cov_rv_h = 0, cov_rv_inh = 0;
    uint64_t cov_lcofi = 0, cov_rv_stall = 0, cov_rv_stop = 0;
    uint64_t cov_cs_wr = 0, cov_cs_rd = 0, cov_cs_err = 0, cov_cc_ovf = 0, cov_fzo = 0, cov_cc_run = 0, cov_cc_stop = 0;
    uint64_t tsc_prev = 0;
    uint32_t cs_ovs_prev = 0;
    // FLOP class (seed 003): slots driven per type and with the scalar flag
    // on a wide register, 1024-bit registers, FTYPE writes, and counts by a
    // FLOP counter whose FTYPE selects only some types
    uint64_t cov_fop[16] = {0}, cov_sc_wide = 0, cov_r1024 = 0, cov_ftype_wr = 0, cov_ftype_part = 0;
    std::vector<uint32_t> ftype(c.nc, PMU_FMAIN_ALL);   // FTYPE.MAIN
    std::vector<uint32_t> xctl(c.nc, 0);
    const uint64_t half = 1ull << (c.cw - 1);

    std::deque<Txn> q;
    unsigned gap = 0, phase = 0;   // bus FSM: 0 idle, 1 setup, 2 access
    Txn cur{};
    unsigned ev_mode = 0, ev_left = 0;
    std::vector<uint64_t> prev(c.nc, 0);
    uint32_t prev_ovf = 0;
    // per-counter view of its programming, for coverage only
    std::vector<uint32_t> ctl(c.nc, 0);

    auto hot_class0 = [&]() -> uint32_t {
        switch (r.below(6)) {
        case 0: return 0;
        case 1: return 1;
        case 2: return c.flop_class;
        case 3: return c.ncls - 1;
        case 4: return r.below(64);       // may be >= NCLS: counts nothing
        default: return 2 + r.below(3);
        }
    };
    // counter areas: mostly a class of counter n's area, sometimes one it cannot see
    auto hot_class = [&](unsigned n) -> uint32_t {
        uint32_t es = hot_class0();
        if (c.narea > 1 && es != c.flop_class && r.chance(80)) {
            uint32_t in_area = es - es % c.narea + n % c.narea;
            if (in_area < c.ncls) es = in_area;
        }
        return es;
    };
    auto cnt_addr = [&](unsigned n, unsigned reg) { return PMU_CNT_BASE + n * PMU_CNT_STRIDE + reg; };

    // sampling / yield-channel bus operations
    auto gen_smp = [&]() {
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
                q.push_back({r3 ? PMU_REG_YRING3 : PMU_REG_YRING0, true,
                             r.chance(80) ? 1u << r.below(c.nt) : (uint32_t)r.next(), 0xF, prot});
            }
            break;
        }
        case 6: case 7: case 8: case 9: case 10: {   // channel register write (or read)
            unsigned ring = r.chance(50) ? 3 : 0, i = r.chance(95) ? r.below(c.nch) : r.below(8);
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
    };

    // CoreSight-view bus operations (VIEW=1, docs/coresight.md): the
    // architected registers over the same counting core
    auto gen_cs = [&]() {
        unsigned n = r.below(c.nc);
        const uint32_t xm = (1u << (2 * c.nt)) - 1u;
        auto w = [&](uint32_t a, uint32_t d) { q.push_back({a, true, d, 0xF, 1, 0, 0, 0, 1}); };
        auto rd = [&](uint32_t a) { q.push_back({a, false, 0, 0, 1, 0, 0, 0, 1}); };
        switch (r.below(17)) {
        case 0: {   // event type: a hot class, masks, sometimes edge/invert/threshold
            uint32_t es = hot_class(n), em = r.chance(40) ? 0xFFFF : (uint32_t)r.next() & 0xFFFF;
            uint32_t v = em | es << 16;
            if (r.chance(15)) v |= (uint32_t)r.next() & 0xFFC00000u;
            w(PMU_CS_PMEVTYPER(n), v);
            break;
        }
        case 1: w(PMU_CS_PMEVFILTR(n), r.chance(60) ? 0u : (uint32_t)r.next() & (r.chance(80) ? xm : ~0u)); break;
        case 2: w(PMU_CS_PMEVFILT2R(n), r.chance(50) ? 0u : (uint32_t)r.next()); break;
        case 3: w(PMU_CS_PMCCFILTR, r.chance(60) ? 0u : (uint32_t)r.next()); break;
        case 4: w(r.chance(75) ? PMU_CS_PMCNTENSET0 : PMU_CS_PMCNTENCLR0, r.chance(40) ? 0xFFFFFFFFu : (uint32_t)r.next()); break;
        case 5: w(r.chance(60) ? PMU_CS_PMINTENSET0 : PMU_CS_PMINTENCLR0, (uint32_t)r.next()); break;
        case 6: w(PMU_CS_PMCR, (r.chance(85) ? 1u : 0u) | (r.chance(5) ? 2u : 0u) | (r.chance(5) ? 4u : 0u) |
                               (r.chance(25) ? 0x200u : 0u) | (r.chance(10) ? (uint32_t)r.next() & ~0x207u : 0u)); break;
        case 7: {   // an event counter near its overflow, one word at a time (low then high, as Linux)
            uint64_t v = r.chance(70) ? (h.cmask - r.below(5000)) : (r.next() & h.cmask);
            if (r.chance(20)) v = 0xFFFFFFFFull - r.below(3000);
            w(PMU_CS_PMEVCNTR_LO(n), (uint32_t)v);
            w(PMU_CS_PMEVCNTR_HI(n), (uint32_t)(v >> 32));
            break;
        }
        case 8: case 16: {   // the cycle counter near its overflow
            uint64_t v = h.cmask - r.below(3000);
            w(PMU_CS_PMCCNTR_LO, (uint32_t)v);
            w(PMU_CS_PMCCNTR_HI, (uint32_t)(v >> 32));
            break;
        }
        case 9: w(r.chance(70) ? PMU_CS_PMOVSCLR0 : PMU_CS_PMOVSSET0, r.chance(50) ? ~0u : (uint32_t)r.next()); break;
        case 10: case 11: {   // a high-low-high counter read (the Linux driver's)
            uint32_t lo = r.chance(20) ? PMU_CS_PMCCNTR_LO : PMU_CS_PMEVCNTR_LO(n);
            rd(lo + 4); rd(lo); rd(lo + 4);
            break;
        }
        case 12: {   // read any page 0/1 word, mapped or not
            static const uint32_t g[] = {PMU_CS_PMCFGR, PMU_CS_PMCR, PMU_CS_PMIIDR, PMU_CS_PMCNTENSET0, PMU_CS_PMINTENCLR0,
                                         PMU_CS_PMOVSSET0, PMU_CS_PMOVSCLR0, PMU_CS_PMCCFILTR, PMU_CS_PMDEVARCH};
            rd(r.chance(50) ? g[r.below(9)] : r.below(0x2000) & ~3u);
            break;
        }
        case 13: rd(r.chance(50) ? PMU_CS_PMEVTYPER(n) : r.chance(50) ? PMU_CS_PMEVFILTR(n) : PMU_CS_PMEVFILT2R(n)); break;
        default: {   // bad, unprivileged, RAZ/WI accesses: anywhere, misaligned, partial, unimplemented counters
            uint32_t a;
            switch (r.below(4)) {
            case 0: a = r.below(0x4000); break;
            case 1: a = PMU_CS_PMEVCNTR_LO(n) | (1 + r.below(3)); break;
            case 2: a = PMU_CS_PMEVTYPER(c.nc + r.below(31 - c.nc + 1)); break;
            default: a = PMU_CS_PMEVCNTR_LO(n) + 4 * r.below(2); break;
            }
            bool wr = r.chance(50);
            q.push_back({a, wr, (uint32_t)r.next(), (uint8_t)(wr ? (r.chance(50) ? 0xF : r.below(16)) : 0),
                         (uint8_t)r.below(8), 0, 0, 0, 1});
            break;
        }
        }
    };

    // RISC-V CSR-port operations (XLEN != 0, docs/riscv.md): one instruction
    // per csr_valid_i cycle, at random privilege modes, on every CSR of the
    // view, the RV32 high halves, unimplemented counters and non-CSR numbers
    struct Csr { uint16_t addr; uint8_t op, priv; uint64_t wd; };
    std::deque<Csr> rvq;
    const bool rv32 = c.xlen == 32;
    auto gen_rv = [&]() {
        const unsigned n = r.below(c.nc);
        const uint8_t M = 3;
        auto op = [&](uint16_t a, uint8_t o, uint64_t v, uint8_t pv) { rvq.push_back({a, o, pv, v}); };
        auto wr64 = [&](uint16_t lo, uint16_t hi, uint64_t v) {   // a whole 64-bit write (RV32: two halves)
            if (rv32) { op(lo, PMU_RV_OP_WRITE, (uint32_t)v, M); op(hi, PMU_RV_OP_WRITE, v >> 32, M); }
            else op(lo, PMU_RV_OP_WRITE, v, M);
        };
        auto rd = [&](uint16_t a, uint8_t pv) { op(a, PMU_RV_OP_READ, r.next(), pv); };
        switch (r.below(16)) {
        case 0: case 1: {   // an event: a hot class, masks, sometimes threshold controls, xINH, TX, OF
            uint64_t v = hot_class(n) << PMU_RV_MHPMEVENT_ES_LSB | (r.chance(40) ? 0xFFFFu : (r.next() & 0xFFFFu));
            if (r.chance(15)) v |= r.next() & 0xFFC00000ull;
            if (r.chance(40)) v |= (r.next() & 0x1Full) << PMU_RV_MHPMEVENT_VUINH_LSB;
            if (r.chance(20)) v |= (r.next() & 0xFFull) << PMU_RV_MHPMEVENT_TX_LSB;
            if (r.chance(20)) v |= 1ull << PMU_RV_MHPMEVENT_OF_LSB;
            if (r.chance(5)) v = r.next();
            wr64(PMU_RV_CSR_MHPMEVENT + n, PMU_RV_CSR_MHPMEVENT_H + n, v);
            break;
        }
        case 2: {   // a counter near its overflow (OpenSBI: lo then hi on RV32)
            uint64_t v = r.chance(70) ? (h.cmask - r.below(3000)) : r.next();
            if (r.chance(10)) v = ~0ull;   // the width probe
            wr64(PMU_RV_CSR_MHPMCOUNTER + n, PMU_RV_CSR_MHPMCOUNTER_H + n, v);
            break;
        }
        case 3: {   // start / stop (mostly everything running)
            uint64_t v = r.chance(70) ? 0u : r.chance(50) ? ~0ull : r.next();
            op(PMU_RV_CSR_MCOUNTINHIBIT, (uint8_t)(r.chance(70) ? PMU_RV_OP_WRITE : 2 + r.below(2)), v, M);
            break;
        }
        case 4: {   // clear / set OF (the overflow handler's csrc), set/clear of any event bits
            const uint16_t a = rv32 ? PMU_RV_CSR_MHPMEVENT_H + n : PMU_RV_CSR_MHPMEVENT + n;
            const uint64_t of = rv32 ? 1ull << 31 : 1ull << 63;
            op(a, (uint8_t)(r.chance(70) ? PMU_RV_OP_CLEAR : PMU_RV_OP_SET), r.chance(70) ? of : r.next(), M);
            break;
        }
        case 5: {   // the counter enables
            static const uint16_t en[3] = {PMU_RV_CSR_MCOUNTEREN, PMU_RV_CSR_SCOUNTEREN, PMU_RV_CSR_HCOUNTEREN};
            op(en[r.below(3)], (uint8_t)(1 + r.below(3)), r.chance(50) ? ~0ull : r.next(), M);
            break;
        }
        case 6: case 7: case 8: {   // reads at any privilege: counters (hi-lo-hi on RV32), scountovf
            static const uint8_t pv[6] = {3, 3, 1, 0, 5, 4};   // M M S U VS VU
            const uint8_t p = pv[r.below(6)];
            if (r.chance(30)) { rd(PMU_RV_CSR_SCOUNTOVF, p); break; }
            const uint16_t base = r.chance(50) ? PMU_RV_CSR_HPMCOUNTER : PMU_RV_CSR_MHPMCOUNTER;
            if (rv32) { rd(base + 0x80 + n, p); rd(base + n, p); rd(base + 0x80 + n, p); }
            else rd(base + n, p);
            break;
        }
        case 9: {   // reads of the event and control CSRs
            static const uint16_t g[5] = {PMU_RV_CSR_MCOUNTINHIBIT, PMU_RV_CSR_MCOUNTEREN, PMU_RV_CSR_SCOUNTEREN,
                                          PMU_RV_CSR_HCOUNTEREN, PMU_RV_CSR_SCOUNTOVF};
            rd(r.chance(50) ? (uint16_t)(PMU_RV_CSR_MHPMEVENT + n + (rv32 && r.chance(50) ? 0x400 : 0)) : g[r.below(5)], M);
            break;
        }
        case 10: {   // unimplemented counters: read 0, writes ignored
            const unsigned u = c.nc + r.below(29 - c.nc + 1);
            static const uint16_t b[3] = {PMU_RV_CSR_MHPMCOUNTER, PMU_RV_CSR_MHPMEVENT, PMU_RV_CSR_HPMCOUNTER};
            const uint16_t a = (uint16_t)(b[r.below(3)] + (u < 29 ? u : 28));
            op(a, (uint8_t)r.below(4), r.next(), M);
            break;
        }
        default: {   // anything: any number near the view's, any op, any mode, any data
            static const uint16_t near[] = {0x106, 0x306, 0x320, 0x321, 0x322, 0x323, 0x33F, 0x340, 0x606, 0x723, 0xB00,
                                            0xB02, 0xB03, 0xB1F, 0xB20, 0xB83, 0xC00, 0xC03, 0xC83, 0xDA0, 0xDA1, 0x7A0};
            const uint16_t a = r.chance(50) ? near[r.below(sizeof near / sizeof near[0])] : (uint16_t)(r.below(0x1000));
            op(a, (uint8_t)r.below(4), r.chance(50) ? r.next() : r.below(32), (uint8_t)r.below(8));
            break;
        }
        }
    };

    auto gen_ops = [&]() {
        if (c.view && r.chance(30)) { gen_cs(); return; }   // (the native goals' 70%: see k below)
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
    };

    for (uint64_t cyc = 0; cyc < cycles; cyc++) {
        // ---------------- events ----------------
        if (ev_left == 0) {
            ev_mode = r.below(6);
            ev_left = 1 + r.below(r.chance(20) ? 4000 : 300);
        }
        ev_left--;
        for (unsigned t = 0; t < c.nt; t++) {
            if (r.below(64) == 0) h.in.cpl[t] = r.chance(50) ? 0 : (uint8_t)(1 + r.below(3));
            for (unsigned k = 0; k < c.ncls; k += 4) {
                uint64_t v;
                switch (ev_mode) {
                case 0: v = 0; break;
                case 1: v = r.next() & r.next() & r.next(); break;     // sparse
                case 2: v = r.next(); break;                           // dense
                case 3: v = ~0ull; break;                              // max increment
                case 4:                                                // slowly changing levels
                    if (r.below(16)) continue;
                    v = r.next() & r.next();
                    break;
                default: v = r.next() & r.next(); break;
                }
                for (unsigned j = 0; j < 4 && k + j < c.ncls; j++) h.in.ev[t][k + j] = (uint16_t)(v >> (16 * j));
            }
            for (unsigned s = 0; s < c.nret; s++) {
                pmu_flop_slot &f = h.in.flop[t][s];
                if (ev_mode == 3) {   // max increment: counted sizes, FMA
                    f.valid = 1; f.rsz = (uint8_t)(1 + r.below(5)); f.esz = (uint8_t)r.below(2);
                    f.scalar = (uint8_t)r.chance(30); f.op = PMU_FOP_FMA;
                } else if (ev_mode == 0) f.valid = 0;
                else {
                    f.valid = r.chance(60); f.rsz = (uint8_t)r.below(8); f.esz = (uint8_t)r.below(2);
                    f.scalar = (uint8_t)r.chance(35);
                    f.op = (uint8_t)(r.chance(30) ? PMU_FOP_FMA : r.chance(85) ? r.below(PMU_FLOP_NTYPE) : r.below(16));
                }
                if (f.valid && f.rsz <= PMU_RSZ1024) cov_flop++;
                if (f.valid && f.op == PMU_FOP_FMA) cov_fma++;
                if (f.valid) cov_fop[f.op & 15]++;
                if (f.valid && f.scalar && f.rsz >= PMU_RSZ128 && f.rsz <= PMU_RSZ1024) cov_sc_wide++;
                if (f.valid && f.rsz == PMU_RSZ1024) cov_r1024++;
            }
            if (r.below(32) == 0) h.in.pm[t] ^= 1;
            h.in.mem_valid[t] = ev_mode != 0 && r.chance(30);
            h.in.mem_lat[t] = (uint16_t)(r.chance(90) ? r.below(400) : r.next());
            if (h.in.mem_valid[t] && h.in.mem_lat[t] > ((uint32_t)h.dut->mmcr_o >> 16)) cov_lat++;
        }
        h.in.iaddr = r.next();
        h.in.daddr = r.next();
        h.in.yev = ev_mode == 3 ? 0xFF : ev_mode == 0 ? 0 : (uint8_t)(r.next() & r.next());
        // ---------------- RISC-V CSR port ----------------
        h.in.csr_valid = 0;
        if (c.xlen) {
            for (unsigned t = 0; t < c.nt; t++)   // the mode of each thread's events: mostly U and M
                if (r.below(48) == 0) {
                    static const uint8_t md[8] = {0, 0, 3, 3, 1, 5, 4, 2};   // U U M M S VS VU (2: no mode)
                    h.in.rv_mode[t] = md[r.below(8)];
                }
            if (r.below(2000) == 0) h.in.stopcount = 1;
            else if (h.in.stopcount && r.below(200) == 0) h.in.stopcount = 0;
            if (rvq.empty() && r.chance(6)) gen_rv();
            if (!rvq.empty() && r.chance(60)) {
                const Csr o = rvq.front();
                rvq.pop_front();
                h.in.csr_valid = 1; h.in.csr_addr = o.addr; h.in.csr_op = o.op; h.in.csr_priv = o.priv;
                h.in.csr_wdata = o.wd;
            } else {   // idle: the other inputs still move (outputs must not care)
                h.in.csr_addr = (uint16_t)r.below(0x1000); h.in.csr_op = (uint8_t)r.below(4);
                h.in.csr_priv = (uint8_t)r.below(8); h.in.csr_wdata = r.next();
            }
        }
        // BEGIN generated: core-stimulus (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
        // END generated: core-stimulus
        // ---------------- bus ----------------
        if (phase == 0) {
            h.in.psel = 0; h.in.penable = 0;
            if (gap) gap--;
            else {
                if (q.empty()) gen_ops();
                cur = q.front(); q.pop_front();
                // the issuing thread: mostly one that exists, sometimes a number >= NT
                cur.ptid = cur.tid1 ? (uint8_t)(cur.tid1 - 1) : (uint8_t)(r.chance(90) ? r.below(c.nt) : r.below(8));
                phase = 1;
            }
        }
        if (phase == 1) {
            h.in.psel = 1; h.in.penable = 0; h.in.pwrite = cur.write;
            h.in.paddr = c.view && !cur.cs ? PMU_CS_NATIVE_PAGE + cur.addr : cur.addr;
            h.in.pwdata = cur.write ? cur.data : (uint32_t)r.next();   // PWDATA is don't-care on reads
            h.in.pstrb = cur.strb; h.in.pprot = cur.prot; h.in.ptid = cur.ptid;
            phase = 2;
        } else if (phase == 2) {
            h.in.penable = 1;
            phase = 3;
        }
        if (!h.step()) {
            printf("test_random: diverged at cycle %" PRIu64 " (seed %" PRIu64 ")\n", h.cycle - 1, seed);
            printf("0 passed, 1 failed\n");
            return 1;
        }
        if (c.xlen) {
            if (h.in.csr_valid && h.out.csr_hit) {
                if (h.out.csr_ill) cov_rv_ill++;
                else if (h.out.csr_virt) cov_rv_virt++;
                else if (h.in.csr_op) cov_rv_wr++;
                else cov_rv_rd++;
                if (rv32 && !h.out.csr_ill && !h.out.csr_virt && (h.in.csr_addr & 0xF80) != 0 &&
                    ((h.in.csr_addr >= 0x723 && h.in.csr_addr <= 0x73F) || (h.in.csr_addr >= 0xB83 && h.in.csr_addr <= 0xB9F) ||
                     (h.in.csr_addr >= 0xC83 && h.in.csr_addr <= 0xC9F))) cov_rv_h++;
                if (!h.out.csr_ill && !h.out.csr_virt && h.in.csr_op == PMU_RV_OP_WRITE &&
                    h.in.csr_addr >= PMU_RV_CSR_MHPMEVENT && h.in.csr_addr < PMU_RV_CSR_MHPMEVENT + c.nc &&
                    (rv32 || ((h.in.csr_wdata >> PMU_RV_MHPMEVENT_VUINH_LSB) & 0x1F))) cov_rv_inh++;
            }
            if (h.out.lcofi) cov_lcofi++;
            if (phase == 3 && !h.out.pready) cov_rv_stall++;
            if (h.in.stopcount) cov_rv_stop++;
        }
        // an APB access phase held off by a same-cycle CSR instruction: it goes on
        if (phase == 3 && !h.out.pready) phase = 2;
        if (c.view) {
            const uint64_t tn = pmu_model_cs_ccnt(h.m);
            (tn == tsc_prev + 1 ? cov_cc_run : cov_cc_stop)++;
            tsc_prev = tn;
            const uint32_t ovs = pmu_model_cs_pmovs(h.m);
            if ((ovs >> 31) && !(cs_ovs_prev >> 31) && !(cur.cs && cur.write && cur.addr == PMU_CS_PMOVSSET0)) cov_cc_ovf++;
            cs_ovs_prev = ovs;
            if (pmu_model_cs_frozen(h.m)) cov_fzo++;
        }
        int ych_wr = -1;    // channel whose register a bus write just wrote
        if (phase == 3) {   // access phase just completed
            // a CoreSight access classifies as no native register
            const uint32_t caddr = cur.cs ? 0x3FFCu : cur.addr;
            if (cur.cs) {   // the CoreSight view's accesses
                if (h.out.pslverr) cov_cs_err++;
                else if (cur.write) cov_cs_wr++;
                else cov_cs_rd++;
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
                cov_yact_bad++;
            if (h.out.pslverr && cur.write && ych_ctl && (((cur.data & PMU_YCH_CTL_COND_MASK) >> PMU_YCH_CTL_COND_LSB) > 2 ||
                                                           ((cur.data & PMU_YCH_CTL_DSEL_MASK) >> PMU_YCH_CTL_DSEL_LSB) > 24))
                cov_cond_bad++;
            if (!h.out.pslverr && ycap_rd && h.out.prdata) cov_cap_rd++;
            const bool ch3 = (caddr >= PMU_YCH3_BASE && caddr < PMU_YCH3_BASE + PMU_YCH_STRIDE * c.nch) ||
                             (c.ycap && caddr >= PMU_YCAP3_BASE && caddr < PMU_YCAP3_BASE + PMU_YCAP_STRIDE * c.nch);
            if (c.has_yield && ch3 && !(cur.prot & 1) && !(caddr & 3) && cur.strb == (cur.write ? 0xF : 0)) {
                const unsigned i = (caddr & 0xFF) / PMU_YCH_STRIDE;
                const bool mine = pmu_model_ych_tid(h.m, 1, i) == cur.ptid && cur.ptid < c.nt;
                const bool capr = caddr >= PMU_YCAP3_BASE;
                if (!h.out.pslverr) { if (mine) (capr ? cov_cap_own_ok : cov_own_ok)++; }
                else if (!mine) (capr ? cov_cap_own_err : cov_own_err)++;
            }
            if (caddr == PMU_REG_YRING3 && cur.write && !(cur.prot & 1) && !h.out.pslverr) cov_yr3_user++;
            if (cur.foreign && !h.out.pslverr) cov_sh_foreign++;
            if (cur.write && caddr >= PMU_YCH0_BASE && caddr < PMU_YCH3_BASE + 0x100)
                ych_wr = (int)((caddr >= PMU_YCH3_BASE) * c.nch + (caddr & 0xFF) / PMU_YCH_STRIDE);            if (h.out.pslverr) { cov_err++; if (absent) cov_absent++; }
            else if (cur.write) {
                cov_wr++;
                unsigned off = caddr - PMU_CNT_BASE;
                if (caddr >= PMU_CNT_BASE && off / PMU_CNT_STRIDE < c.nc && (off & 0xF) == PMU_CREG_CTL &&
                    (cur.data & PMU_CTL_EN_MASK)) {
                    unsigned es = (cur.data & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB;
                    (pmu_cfg_class_ok(&c, off / PMU_CNT_STRIDE, es) ? cov_area_in : cov_area_out)++;
                }
                if (caddr >= PMU_CNT_BASE && off / PMU_CNT_STRIDE < c.nc && (off & 0xF) == PMU_CREG_CTL)
                    ctl[off / PMU_CNT_STRIDE] = cur.data;
                if (caddr >= PMU_XCTL_BASE && caddr < PMU_XCTL_BASE + 4 * c.nc)
                    xctl[(caddr - PMU_XCTL_BASE) / 4] = cur.data;
                if (caddr >= PMU_FTYPE_BASE && caddr < PMU_FTYPE_BASE + 4 * c.nc) {
                    ftype[(caddr - PMU_FTYPE_BASE) / 4] = (cur.data & PMU_FTYPE_MAIN_MASK) >> PMU_FTYPE_MAIN_LSB;
                    cov_ftype_wr++;
                }
                if (!(cur.prot & 1)) cov_u3++;
            } else {
                cov_rd++;
                if (!(cur.prot & 1)) cov_user_ok++;
            }
            phase = 0;
            gap = r.chance(50) ? 0 : r.below(4);
        }
        // ---------------- coverage ----------------
        {
            static uint32_t prev_pmstat = 0;
            static uint64_t prev_siar = 0;
            uint32_t ps = pmu_model_pmstat(h.m);
            if ((ps & ~prev_pmstat) & PMU_PMSTAT_NEG_MASK) cov_pmi++;
            if ((ps & ~prev_pmstat) & PMU_PMSTAT_TB_MASK) cov_pmi_tb++;
            prev_pmstat = ps;
            if ((uint64_t)h.dut->siar_o != prev_siar) cov_siar++;
            prev_siar = h.dut->siar_o;
            if (h.out.yield) (h.out.yield_ring ? cov_y3 : cov_y0)++;
            if (h.out.yield && (h.out.yield_attr & 1)) cov_flt++;   // fault-like (drops the other fault-like requests)
            if (h.out.yield && (h.out.yield_attr & 6) == 6) cov_prehint++;
            if (h.out.yield && h.out.yield_tid != 0) cov_ytid++;
            // a yield delivered to one thread of a ring while another thread of that ring is blocked
            if (h.out.yield) {
                const uint32_t bk = pmu_model_yblk(h.m) >> (h.out.yield_ring ? c.nt : 0) & ((1u << c.nt) - 1);
                if (bk & ~(1u << h.out.yield_tid)) cov_blk_other++;
            }
            uint32_t yer = pmu_model_yer(h.m), blk = pmu_model_yblk(h.m), lo = (1u << c.nch) - 1;
            if (((blk & 1) && (yer & lo)) || ((blk & 2) && (yer >> c.nch & lo))) cov_pend_blk++;
            if (pmu_model_yact(h.m, PMU_YACT_IRQ)) cov_yirq++;
            // sticky scenarios: a vector that collected events is cleared by its fire
            static uint32_t prev_esv[2 * PMU_NCH_MAX], prev_ycnt[2 * PMU_NCH_MAX];
            static uint64_t prev_cts[2 * PMU_NCH_MAX];
            for (unsigned k = 0; k < 2 * c.nch; k++) {
                uint32_t e = pmu_model_ych_esv(h.m, k >= c.nch, k % c.nch);
                uint32_t ctl = pmu_model_ych_ctl(h.m, k >= c.nch, k % c.nch);
                // a down-counter that rose without a bus write to its channel:
                // a period end (COND=1) or a difference event (COND=2)
                const uint32_t yc = pmu_model_ych_cnt(h.m, k >= c.nch, k % c.nch);
                const uint32_t cond = (ctl & PMU_YCH_CTL_COND_MASK) >> PMU_YCH_CTL_COND_LSB;
                if (ych_wr != (int)k && prev_ycnt[k] != 0 && cond == PMU_YCOND_PERIOD && yc > prev_ycnt[k]) cov_per++;
                if (ych_wr != (int)k && prev_ycnt[k] != 0 && cond == PMU_YCOND_DIFF && yc == prev_ycnt[k] + 1) cov_dif++;
                if (cond == PMU_YCOND_DIFF && (ctl & PMU_YCH_CTL_VALID_MASK) && yc == 0xFFFFFFFFu) cov_dif_sat++;
                prev_ycnt[k] = yc;
                const uint64_t ts = pmu_model_ych_cap(h.m, k >= c.nch, k % c.nch).ts;
                if (ts != prev_cts[k]) cov_cap++;
                prev_cts[k] = ts;
                if (ctl & PMU_YCH_CTL_STK_MASK) {
                    if (prev_esv[k] && !e) cov_stk_fire++;
                    if (e & ~prev_esv[k]) (ctl & PMU_YCH_CTL_EDGE_MASK ? cov_stk_edge : cov_stk_level)++;
                }
                prev_esv[k] = e;
            }
            if (pmu_model_yact(h.m, PMU_YACT_FRZ)) cov_yfrz++;
            uint32_t mm = pmu_model_mmcr(h.m);
            if (mm & PMU_MMCR_FRZ_MASK) cov_frz++;
            if ((mm & PMU_MMCR_TRIG_MASK) && !(h.cnt(0) >> (c.cw - 1))) cov_trig++;
        }
        uint32_t ovf = h.ovf();
        cov_ovf += __builtin_popcount(ovf & ~prev_ovf);
        prev_ovf = ovf;
        if (h.out.irq) cov_irq++;
        for (unsigned n = 0; n < c.nc; n++) {
            uint64_t v = h.cnt(n), d = (v - prev[n]) & h.cmask;
            if (d == max_inc) cov_maxinc++;
            if (d != 0 && d <= 1) {
                if (ctl[n] & PMU_CTL_EDGE_MASK) cov_edge++;
                else if (ctl[n] & PMU_CTL_INV_MASK) cov_inv++;
                else if (ctl[n] & PMU_CTL_THR_MASK) cov_thr++;
            }
            if (v < prev[n] && d < 64) cov_wrap_read++;
            if (d && (ctl[n] & PMU_CTL_ES_MASK) == c.flop_class && ftype[n] <= PMU_FMAIN_FLOPS)   // one type or the FLOPs
                cov_ftype_part++;
            if ((xctl[n] & PMU_XCTL_HIST_MASK) && v != prev[n] && (v >> 1) == (prev[n] & (h.cmask >> 1))) cov_hist++;
            prev[n] = v;
        }
    }

    int passed = 0, failed = 0;
    auto goal = [&](const char *name, uint64_t v, uint64_t min) {
        bool ok = v >= min;
        printf("  %-44s %12" PRIu64 "  (goal >= %" PRIu64 ") %s\n", name, v, min, ok ? "ok" : "MISSED");
        (ok ? passed : failed)++;
    };
    printf("test_random: lockstep %" PRIu64 " cycles, no divergence\n", cycles);
    passed++;
    uint64_t k = cycles / 100000 ? cycles / 100000 : 1;   // goals scale with run length
    // VIEW=1: 30% of the operations are the CoreSight view's (gen_cs), so the
    // native goals scale with the native operations' 70%
    const uint64_t kv = k;
    if (c.view) k = k * 7 / 10 ? k * 7 / 10 : 1;
    printf("coverage:\n");
    goal("counter overflows (OVF set by hardware)", cov_ovf, 5 * k);
    goal("counter wraps seen", cov_wrap_read, 5 * k);
    goal("cycles with IRQ asserted", cov_irq, 50 * k);
    goal("cycles with a counter at max increment", cov_maxinc, 50 * k);
    goal("edge-mode counts", cov_edge, 10 * k);
    goal("invert-mode counts", cov_inv, 10 * k);
    goal("threshold-mode counts", cov_thr, 10 * k);
    goal("FLOP retirements driven", cov_flop, 100 * k);
    goal("FMA retirements driven", cov_fma, 50 * k);
    {
        uint64_t lo = ~0ull;
        for (unsigned j = 0; j < 16; j++) lo = std::min(lo, cov_fop[j]);
        goal("FP retirements of each type code 0..15 (least)", lo, 10 * k);
    }
    goal("scalar FP retirements on 128..1024-bit registers", cov_sc_wide, 100 * k);
    goal("FP retirements on 1024-bit registers", cov_r1024, 100 * k);
    goal("FTYPE writes accepted", cov_ftype_wr, 10 * k);
    goal("FLOP-class counts with FTYPE.MAIN a proper subset of the types", cov_ftype_part, 10 * k);
    goal("bus writes accepted", cov_wr, 100 * k);
    goal("bus reads accepted", cov_rd, 100 * k);
    goal("bus accesses answered PSLVERR", cov_err, 20 * k);
    goal("unprivileged reads accepted (UEN=1)", cov_user_ok, 1 * k);
    goal("unprivileged HI reads after another thread's LO read (tagged shadow)", cov_sh_foreign, 10 * k);
    goal("counters enabled on a class of their area", cov_area_in, 10 * k);
    if (c.narea > 1) goal("counters enabled on a class outside their area", cov_area_out, 2 * k);
    if (c.has_sample) {
        goal("negative-counter interrupts signalled", cov_pmi, 5 * k);
        goal("time-base interrupts signalled", cov_pmi_tb, 5 * k);
        goal("SIAR re-latched", cov_siar, 10 * k);
        goal("cycles with MMCR.FRZ=1", cov_frz, 100 * k);
        goal("cycles held by the trigger (TRIG=1, counter 0 >= 0)", cov_trig, 100 * k);
        goal("history-mode shifts seen", cov_hist, 20 * k);
        goal("slow loads/stores driven (latency > THRESH)", cov_lat, 100 * k);
    }
    if (c.has_yield) {
        goal("yields delivered in ring 0", cov_y0, 10 * k);
        goal("yields delivered in ring 3", cov_y3, 10 * k);
        goal("cycles with a pending yield while blocked", cov_pend_blk, 100 * k);
        goal("unprivileged writes accepted (ring-3 yield registers)", cov_u3, 10 * k);
        goal("unprivileged ring-3 channel accesses by the channel's thread accepted", cov_own_ok, 10 * k);
        goal("unprivileged ring-3 channel accesses by another thread refused", cov_own_err, 10 * k);
        goal("unprivileged YRING3 writes (own bits only)", cov_yr3_user, 5 * k);
        if (c.ycap) {
            goal("unprivileged capture-record reads by the channel's thread accepted", cov_cap_own_ok, 10 * k);
            // (NT=1: only a thread number that names no thread is another thread)
            goal("unprivileged capture-record reads by another thread refused", cov_cap_own_err, (c.nt > 1 ? 10 : 3) * k);
        }
        goal("channel CTL writes with a reserved action refused", cov_yact_bad, 5 * k);
        goal("cycles with a yield-channel interrupt (ACT=2) pending", cov_yirq, 100 * k);
        goal("cycles frozen by a yield channel (ACT=3)", cov_yfrz, 100 * k);
        goal("sticky vectors cleared (fire or re-arm)", cov_stk_fire, 20 * k);
        goal("fault-like yields delivered", cov_flt, 5 * k);
        goal("yields delivered with PRE and HINT set", cov_prehint, 2 * k);
        goal("sticky bits set by an event edge (EDGE=1)", cov_stk_edge, 20 * k);
        goal("sticky bits set by an event level (EDGE=0)", cov_stk_level, 20 * k);
        goal("channel CTL writes with a reserved COND/DSEL refused", cov_cond_bad, 5 * k);
        if (c.nt > 1) {
            goal("yields delivered to a thread other than 0", cov_ytid, 5 * k);
            goal("yields delivered while another thread of the ring is blocked", cov_blk_other, 2 * k);
        }
        goal("channel periods ended by event DSEL (COND=1)", cov_per, 5 * k);
        goal("channel down-counters raised by event DSEL (COND=2)", cov_dif, 5 * k);
        goal("cycles with a valid COND=2 channel's CNT saturated (2^32-1)", cov_dif_sat, 20 * k);
        if (c.ycap) {
            goal("capture records taken", cov_cap, 10 * k);
            goal("capture-record reads with a non-zero value", cov_cap_rd, 2 * k);
        }
    }
    if (!c.has_sample || !c.has_yield)
        goal("accesses to a left-out block answered PSLVERR", cov_absent, 10 * k);
    if (c.view) {
        goal("CoreSight-view writes accepted", cov_cs_wr, 100 * kv);
        goal("CoreSight-view reads accepted", cov_cs_rd, 100 * kv);
        goal("CoreSight-view accesses answered PSLVERR", cov_cs_err, 10 * kv);
        goal("cycle-counter overflows (PMOVS bit 31 set by hardware)", cov_cc_ovf, 5 * kv);
        goal("cycles frozen by PMCR.FZO", cov_fzo, 100 * kv);
        goal("cycles with the cycle counter counting", cov_cc_run, 1000 * kv);
        goal("cycles with the cycle counter stopped", cov_cc_stop, 1000 * kv);
    }
    if (c.xlen) {   // the RISC-V CSR view (docs/riscv.md)
        goal("CSR writes accepted", cov_rv_wr, 100 * k);
        goal("CSR reads accepted", cov_rv_rd, 100 * k);
        goal("CSR accesses raising illegal instruction", cov_rv_ill, 20 * k);
        goal("CSR accesses raising virtual instruction", cov_rv_virt, 5 * k);
        if (c.xlen == 32) goal("RV32 high-half CSR accesses accepted", cov_rv_h, 50 * k);
        goal("mhpmevent writes accepted with xINH bits (RV32: any)", cov_rv_inh, 10 * k);
        goal("count-overflow interrupt requests (lcofi_o)", cov_lcofi, 5 * k);
        goal("APB access phases held off by a CSR instruction", cov_rv_stall, 5 * k);
        goal("cycles with stopcount_i", cov_rv_stop, 100 * k);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
