// Lockstep bench of the bus wrappers: random traffic with random back-pressure and events,
// and its coverage goals.
// Shared bench state, master helpers and the test table: tb/bus/bus.h, tb/test_bus.cpp.
#include "bus.h"

// random traffic with random back-pressure; events make the counters count
void t_random(Bench &b, uint64_t seed, uint64_t cycles) {
    b.r = Rng(seed);
    Rng &r = b.r;
    const unsigned NC = CFG_NC;
    auto addr = [&]() -> uint32_t {
        unsigned n = r.below(NC + (NC < 32 ? 1 : 0));
        switch (r.below(12)) {
        case 0: return PMU_REG_GCTL;
        case 1: return PMU_REG_CNTEN;
        case 2: return PMU_REG_CTL(n);
        case 3: return PMU_REG_EMQ(n);
        case 4: return PMU_REG_CNT_LO(n);
        case 5: return PMU_REG_CNT_HI(n);
        case 6: return r.chance(50) ? PMU_REG_TSC_LO : PMU_REG_OVF;
        case 7: return PMU_REG_YCH_TGT_LO(r.below(2), r.below(CFG_NCH));
        case 8: return PMU_REG_YCH_SAV(r.below(2), r.below(CFG_NCH));
        case 9: return (uint32_t)r.next() & 0xFFF;             // mostly unmapped or misaligned
        case 10: return PMU_REG_ID + (r.chance(50) ? r.below(4) : 0);
        default: return r.chance(50) ? PMU_REG_YRING3 : PMU_REG_CAP;
        }
    };
    uint64_t n = 0, ntx = 0, nerr = 0, ncls = 0;   // ncls: transfers of the classic master
    while (n < cycles && !b.fail) {
        b.soft_restart(); b.wr.clear(); b.rd.clear();
        // a burst of traffic with its own back-pressure profile
        b.p_req = 20 + r.below(81); b.p_req2 = 20 + r.below(81); b.p_rdy = 10 + r.below(91);
        b.p_abort = r.chance(20) ? 30 : 0;
#if defined(BUS_WB)
        // a quarter of the bursts from a classic master, single or back-to-back cycles
        b.classic = r.chance(25);
        b.cls_gap = r.chance(50);
#endif
        unsigned k = 1 + r.below(12);
        for (unsigned i = 0; i < k; i++) {
            bool w = r.chance(50);
            uint32_t a = addr();
            uint32_t d = a == PMU_REG_GCTL ? (r.chance(80) ? PMU_GCTL_GEN_MASK | (r.chance(50) ? PMU_GCTL_UEN_MASK : 0) : 0)
                         : a == PMU_REG_CNTEN ? (uint32_t)r.next() : (a & 0xF0F) == PMU_REG_CTL(0) ? (uint32_t)r.next() & 0x3F3F
                         : (uint32_t)r.next();
            if ((a & 0xF0F) == PMU_REG_EMQ(0) && r.chance(70)) d |= 0xFFFF0000u;
            uint8_t s = r.chance(85) ? 0xF : r.below(16);
            uint8_t p = r.chance(80) ? (1 | r.below(8)) : r.below(8);
            // thread ID: mostly a thread of the core, sometimes one >= NT (owns nothing)
            uint8_t tid = r.chance(80) ? r.below(CFG_NT) : r.below(8);
            b.put(w, a, d, s, p, tid);
        }
        // events: random sub-events in a few classes, random CPL
        unsigned left = 0;
        unsigned guard = 0;
        while (!b.all_done()) {
            if (left == 0) {
                left = 1 + r.below(20);
                b.h.clear_events();
                for (unsigned t = 0; t < (unsigned)CFG_NT; t++) {
                    b.h.in.cpl[t] = r.below(4);
                    for (unsigned c = 0; c < 4 && c < (unsigned)CFG_NCLS; c++)
                        b.h.in.ev[t][c] = r.chance(50) ? (uint16_t)r.next() : 0;
                }
            }
            left--;
            if (!b.step()) break;
            n++;
            if (++guard > 20000) { b.error("timeout: a transfer got no response"); break; }
        }
        for (auto &x : b.wr) { ntx++; nerr += x.err; }
        for (auto &x : b.rd) { ntx++; nerr += x.err; }
#if defined(BUS_WB)
        if (b.classic) ncls += b.rd.size();
#endif
    }
#if defined(BUS_WB)
    b.classic = false;
#endif
    b.h.clear_events();
    printf("  [random] %s: %" PRIu64 " cycles, %" PRIu64 " transfers, %" PRIu64 " error responses\n", BUS, n, ntx,
           nerr);
    // coverage goals
    CHECK(b.cov_bp > 100);
    CHECK(b.cov_err > 20);
    CHECK(b.cov_ok_rd > 20);
#if defined(BUS_AXIL)
    printf("  [random] coverage: AW first %" PRIu64 ", W first %" PRIu64 ", together %" PRIu64
           ", write+read same cycle %" PRIu64 ", back-pressure cycles %" PRIu64 "\n",
           b.cov_aw_first, b.cov_w_first, b.cov_together, b.cov_both, b.cov_bp);
    CHECK(b.cov_aw_first > 10);
    CHECK(b.cov_w_first > 10);
    CHECK(b.cov_together > 10);
    CHECK(b.cov_both > 10);
#elif defined(BUS_WB)
    printf("  [random] coverage: stalled requests %" PRIu64 ", aborted %" PRIu64 ", back-to-back %" PRIu64
           ", classic-master transfers %" PRIu64 "\n", b.cov_stall, b.cov_abort, b.cov_b2b, ncls);
    CHECK(ncls > 100);
    CHECK(b.cov_stall > 10);
    CHECK(b.cov_abort > 5);
    CHECK(b.cov_b2b > 10);
#else
    printf("  [random] coverage: requests held (not taken) %" PRIu64 " cycles\n", b.cov_bp);
    CHECK(ntx > 100);
    (void)ncls;
#endif
    // the counters must have counted something (GEN/CTL programming reached)
    uint64_t sum = 0;
    for (unsigned c = 0; c < NC; c++) sum += b.h.cnt(c);
    CHECK(sum != 0);
}
