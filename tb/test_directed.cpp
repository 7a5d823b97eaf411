// Directed tests of pmu_core. Every test runs in lockstep (RTL == C model
// every cycle, checked by the harness) AND checks hand-derived expected
// values from the spec, so both implementations are held to the spec.
//   test_directed [--vec FILE] [--only NAME[,NAME...]] [--latency FILE] [--rules FILE]
// --vec records every cycle for the Icarus replay bench (tb/tb_replay.v).
#include <algorithm>
#include <functional>
#include <vector>

#include "pmu_harness.h"

static int g_checks_failed;
static const char *g_test;

#define CHECK_EQ(a, b)                                                                                  \
    do {                                                                                                \
        uint64_t _a = (uint64_t)(a), _b = (uint64_t)(b);                                                \
        if (_a != _b) {                                                                                 \
            printf("  %s:%d [%s] CHECK_EQ(%s, %s): got 0x%" PRIx64 " (%" PRIu64 "), expected 0x%" PRIx64 \
                   " (%" PRIu64 ")\n", __FILE__, __LINE__, g_test, #a, #b, _a, _a, _b, _b);             \
            g_checks_failed++;                                                                          \
        }                                                                                               \
    } while (0)
#define CHECK(c) CHECK_EQ(!!(c), 1)

// ------------------------------------------------------------- helpers
static uint32_t A_CTL(unsigned n) { return PMU_REG_CTL(n); }
static uint32_t A_EMQ(unsigned n) { return PMU_REG_EMQ(n); }
static uint32_t A_LO(unsigned n) { return PMU_REG_CNT_LO(n); }

static unsigned NT_, NC_, CW_, NCLS_, NRET_, FC_, NCH_;
static uint32_t eq_all() { return (1u << (2 * NT_)) - 1; }
// yield channel CTL values: VALID, ACT = yield / PMU interrupt / freeze
static const uint32_t V = PMU_YCH_CTL_VALID_MASK, ACT = PMU_YACT_YIELD << PMU_YCH_CTL_ACT_LSB;
static const uint32_t ACT_IRQ = PMU_YACT_IRQ << PMU_YCH_CTL_ACT_LSB, ACT_FRZ = PMU_YACT_FRZ << PMU_YCH_CTL_ACT_LSB;
static uint32_t eq_os(unsigned t) { return 1u << PMU_EQ_OS_BIT(t, NT_); }
static uint32_t eq_usr(unsigned t) { return 1u << PMU_EQ_USR_BIT(t, NT_); }
static unsigned AW_;   // SIAR/SDAR/yield target width
static unsigned YCAP_; // capture records present
static uint64_t amask(uint64_t a) { return AW_ == 64 ? a : a & 0xFFFFFFFFull; }
static uint64_t cmax() { return CW_ == 64 ? ~0ull : ((1ull << CW_) - 1); }
// Counter areas: the tests use "canonical" classes E (E % NAREA == 0) whose
// NAREA-1 successors are copies of them (the pre_step hook copies the events),
// so that counter n, programmed by prog() with the copy of its own area,
// counts the same events as on a full crossbar.
static unsigned NA_;
static std::vector<unsigned> g_canon;   // canonical non-FLOP classes with all copies in range
static void mirror_areas(pmu_inputs &in, const pmu_cfg &cfg) {
    for (unsigned t = 0; t < cfg.nt; t++)
        for (unsigned e : g_canon)
            for (unsigned k = 1; k < cfg.narea; k++) in.ev[t][e + k] = in.ev[t][e];
}
// a normal (non-FLOP) class number
static unsigned cls(unsigned i) { return g_canon[i % g_canon.size()]; }
// the copy of class es that counter n can see
static unsigned area_cls(unsigned n, unsigned es) {
    return (es == FC_ || es % NA_ || es + NA_ > NCLS_) ? es : es + n % NA_;
}

static void prog(Harness &h, unsigned n, unsigned es, uint32_t em, uint32_t eq, uint32_t extra = 0,
                 bool en = true) {
    h.write(A_EMQ(n), em | eq << PMU_EMQ_EQ_LSB);
    h.write(A_CTL(n), area_cls(n, es) | (en ? PMU_CTL_EN_MASK : 0) | extra);
}
static void gen(Harness &h, bool on) { h.write(PMU_REG_GCTL, on ? PMU_GCTL_GEN_MASK : 0); }
// Event-to-count latency (CAP.LAT): the events of cycle t are in the counter
// from cycle t+LAT on, i.e. LAT-1 cycles after the edge that ends cycle t.
static const unsigned LAT = PMU_EV_LAT;
static void drain(Harness &h) { for (unsigned i = 1; i < LAT; i++) h.step(); }

// Counting window: GEN=1 (counting starts the cycle after the write's
// access phase), `body` runs N cycles of stimulus, then all events are
// cleared and GEN=0 is written: its setup and access cycles still count,
// with no events asserted; then the pipeline drains.
static void window(Harness &h, std::function<void(unsigned)> body, unsigned cycles) {
    gen(h, true);
    for (unsigned i = 0; i < cycles; i++) { body(i); h.step(); }
    h.clear_events();
    gen(h, false);
    drain(h);
}

// ----------------------------------------------------------------- tests
static void t_reset_values(Harness &h) {
    CHECK_EQ(h.read(PMU_REG_ID), PMU_ID_VALUE);
    uint32_t cfg = h.read(PMU_REG_CFG);
    CHECK_EQ(cfg & 0xFF, NC_);
    CHECK_EQ((cfg >> 8) & 0xFF, CW_);
    CHECK_EQ((cfg >> 16) & 0xF, NT_);
    CHECK_EQ((cfg >> 20) & 0xF, NRET_);
    CHECK_EQ((cfg >> 24) & 0x3F, FC_);
    uint32_t cap = h.read(PMU_REG_CAP);
    CHECK_EQ((cap & PMU_CAP_NAREA_MASK) >> PMU_CAP_NAREA_LSB, h.cfg.narea);
    CHECK_EQ((cap & PMU_CAP_SMP_MASK) >> PMU_CAP_SMP_LSB, h.cfg.has_sample);
    CHECK_EQ((cap & PMU_CAP_YLD_MASK) >> PMU_CAP_YLD_LSB, h.cfg.has_yield);
    CHECK_EQ((cap & PMU_CAP_AW64_MASK) >> PMU_CAP_AW64_LSB, h.cfg.aw == 64);
    CHECK_EQ((cap & PMU_CAP_NCH_MASK) >> PMU_CAP_NCH_LSB, h.cfg.has_yield ? NCH_ : 0);
    CHECK_EQ((cap & PMU_CAP_LAT_MASK) >> PMU_CAP_LAT_LSB, LAT);
    CHECK_EQ((cap & PMU_CAP_YCAP_MASK) >> PMU_CAP_YCAP_LSB, h.cfg.has_yield && h.cfg.ycap);
    CHECK_EQ(cap & ~(PMU_CAP_NAREA_MASK | PMU_CAP_SMP_MASK | PMU_CAP_YLD_MASK | PMU_CAP_AW64_MASK |
                     PMU_CAP_NCH_MASK | PMU_CAP_LAT_MASK | PMU_CAP_YCAP_MASK), 0);   // reserved bits read 0
    CHECK_EQ(h.read(PMU_REG_GCTL), 0);
    CHECK_EQ(h.read(PMU_REG_OVF), 0);
    CHECK_EQ(h.read(PMU_REG_CNTEN), 0);
    CHECK_EQ(h.read(PMU_REG_CLR), 0);
    for (unsigned n = 0; n < NC_; n++) {
        CHECK_EQ(h.read(A_CTL(n)), 0);
        CHECK_EQ(h.read(A_EMQ(n)), 0);
        CHECK_EQ(h.read(PMU_REG_FTYPE(n)), PMU_FMAIN_ALL << PMU_FTYPE_MAIN_LSB);   // every instruction type: EM alone selects
        CHECK_EQ(h.read64(A_LO(n)), 0);
    }
    CHECK(!h.irq());
    // TSC is free running from reset: a read's access phase is its 2nd cycle
    uint64_t c0 = h.cycle;
    uint32_t t0 = h.read(PMU_REG_TSC_LO);
    CHECK_EQ(t0, c0 + 1);
    uint32_t t1 = h.read(PMU_REG_TSC_LO);
    CHECK_EQ(t1 - t0, 2);
}

// Seed 000 Table 1: every combination of T0_OS, T0_USR, T1_OS, T1_USR.
// Stimulus phases (thread, CPL, cycles): weights are distinct powers of two
// so the count shows exactly which phases qualified. Sub-events 0 and 8 (one
// in each popcount half of the stage-E register) are asserted together, so a
// qualified cycle adds 2 and a thread dropped from one half only shows.
static void t_qual_table1(Harness &h) {
    if (NT_ < 2) return;
    struct Ph { unsigned t, cpl, cycles; } ph[] = {{0, 0, 1}, {0, 2, 2}, {1, 0, 4}, {1, 3, 8}, {0, 1, 16}, {1, 1, 32}};
    const unsigned ES = cls(3);
    auto run_round = [&](const std::vector<unsigned> &combos) {
        for (unsigned n = 0; n < combos.size(); n++) {
            unsigned k = combos[n];
            uint32_t eq = ((k & 8) ? eq_os(0) : 0) | ((k & 4) ? eq_usr(0) : 0) | ((k & 2) ? eq_os(1) : 0) |
                          ((k & 1) ? eq_usr(1) : 0);
            prog(h, n, ES, 0x0101, eq);
        }
        h.write(PMU_REG_CLR, 0xFFFFFFFF);
        gen(h, true);
        for (auto &p : ph) {
            for (unsigned t = 0; t < NT_; t++) h.in.cpl[t] = 3;
            h.in.cpl[p.t] = (uint8_t)p.cpl;
            h.in.ev[p.t][ES] = 0x0101;
            h.idle(p.cycles);
            h.in.ev[p.t][ES] = 0;
        }
        gen(h, false);
        for (unsigned n = 0; n < combos.size(); n++) {
            unsigned k = combos[n];
            uint64_t exp = 2 * (((k & 8) ? 1 : 0) + ((k & 4) ? 2 + 16 : 0) + ((k & 2) ? 4 : 0) + ((k & 1) ? 8 + 32 : 0));
            g_test = "qual_table1 combination";
            if (h.cnt(n) != exp) printf("  EQ combination T0_OS=%u T0_USR=%u T1_OS=%u T1_USR=%u\n",
                                        k >> 3 & 1, k >> 2 & 1, k >> 1 & 1, k & 1);
            CHECK_EQ(h.cnt(n), exp);
            CHECK_EQ(h.read64(A_LO(n)), exp);
        }
    };
    std::vector<unsigned> all;
    for (unsigned k = 0; k < 16; k++) all.push_back(k);
    for (unsigned i = 0; i < 16; i += NC_) {
        std::vector<unsigned> round(all.begin() + i, all.begin() + std::min<unsigned>(16, i + NC_));
        run_round(round);
    }
    g_test = "qual_table1";
    if (NT_ == 2) {
        // the literal Table 1 encoding: EQ bit 3 T0_OS, 2 T0_USR, 1 T1_OS, 0 T1_USR (register bits 19..16)
        CHECK_EQ(eq_os(0) << 16, 1u << 19);
        CHECK_EQ(eq_usr(0) << 16, 1u << 18);
        CHECK_EQ(eq_os(1) << 16, 1u << 17);
        CHECK_EQ(eq_usr(1) << 16, 1u << 16);
    }
}

static void t_mux_select_mask(Harness &h) {
    const unsigned A = cls(5), B = cls(7);   // distinct in every configuration
    prog(h, 0, A, 0x00F0, eq_all());
    prog(h, 1 % NC_, B, 0xFFFF, eq_all());
    if (NC_ > 2) prog(h, 2, A, 0xFFFF, eq_all());
    if (NC_ > 3 && NCLS_ < 64) prog(h, 3, NCLS_, 0xFFFF, eq_all());   // class beyond NCLS: counts nothing
    window(h, [&](unsigned) {
        h.in.ev[0][A] = 0x0FF0;       // 4 bits in 0x00F0, 8 in total
        h.in.ev[NT_ - 1][A] |= 0x0001; // 0 in 0x00F0, 1 in total
        for (unsigned c = 0; c < NCLS_; c++) if (c != A && c != B) h.in.ev[0][c] = 0xFFFF;
    }, 10);
    const uint64_t a_mask = 4, a_full = 9;   // popcount(0x0FF0|0x0001 & EM) over the threads
    CHECK_EQ(h.cnt(0), 10 * a_mask);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), 0);
    if (NC_ > 2) CHECK_EQ(h.cnt(2), 10 * a_full);
    if (NC_ > 3 && NCLS_ < 64) CHECK_EQ(h.cnt(3), 0);
}

// Every counter at its maximum increment per cycle at the same time.
static void t_max_increment(Harness &h) {
    const unsigned K = 100;
    for (unsigned n = 0; n + 1 < NC_; n++) prog(h, n, cls(n), 0xFFFF, eq_all());
    prog(h, NC_ - 1, FC_, 0x00FF, eq_all());
    window(h, [&](unsigned) {
        for (unsigned t = 0; t < NT_; t++) {
            for (unsigned c = 0; c < NCLS_; c++) h.in.ev[t][c] = 0xFFFF;
            for (unsigned s = 0; s < NRET_; s++) h.in.flop[t][s] = {1, PMU_RSZ512, 1, 0, PMU_FOP_FMA};
        }
    }, K);
    for (unsigned n = 0; n + 1 < NC_; n++) CHECK_EQ(h.cnt(n), (uint64_t)NT_ * 16 * K);
    CHECK_EQ(h.cnt(NC_ - 1), (uint64_t)NT_ * NRET_ * 2 * K);
}

static void t_duration(Harness &h) {
    const unsigned E = cls(1);
    prog(h, 0, E, 0x0008, eq_os(0));
    window(h, [&](unsigned) { h.in.ev[0][E] = 0x0008; }, 77);   // level held 77 cycles
    CHECK_EQ(h.cnt(0), 77);
}

// raw increments per cycle for the threshold/invert/edge tests (thread 0, class E)
static const unsigned RAW[] = {1, 3, 5, 2, 6, 6, 0, 4, 4, 0, 16, 1};
static const unsigned NRAW = sizeof RAW / sizeof RAW[0];
static uint16_t bits_of(unsigned k) { return (uint16_t)(k >= 16 ? 0xFFFF : ((1u << k) - 1)); }

static void raw_window(Harness &h, unsigned E) {
    window(h, [&](unsigned i) { h.in.ev[0][E] = bits_of(RAW[i]); }, NRAW);
}

static void t_threshold(Harness &h) {
    const unsigned E = cls(2);
    unsigned n4 = 0, n1 = 0, sum = 0;
    for (unsigned i = 0; i < NRAW; i++) { n4 += RAW[i] >= 4; n1 += RAW[i] >= 1; sum += RAW[i]; }
    prog(h, 0, E, 0xFFFF, eq_all(), 4u << PMU_CTL_THR_LSB);
    if (NC_ > 1) prog(h, 1, E, 0xFFFF, eq_all());                              // occurrence: the sum
    if (NC_ > 2) prog(h, 2, E, 0xFFFF, eq_all(), 1u << PMU_CTL_THR_LSB);       // cycles with any
    if (NC_ > 3) prog(h, 3, E, 0xFFFF, eq_all(), 17u << PMU_CTL_THR_LSB);      // never reached (max 16)
    raw_window(h, E);
    CHECK_EQ(h.cnt(0), n4);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), sum);
    if (NC_ > 2) CHECK_EQ(h.cnt(2), n1);
    if (NC_ > 3) CHECK_EQ(h.cnt(3), 0);
}

static void t_invert(Harness &h) {
    const unsigned E = cls(2);
    unsigned lt4 = 0, zero = 0;
    for (unsigned i = 0; i < NRAW; i++) { lt4 += RAW[i] < 4; zero += RAW[i] == 0; }
    prog(h, 0, E, 0xFFFF, eq_all(), PMU_CTL_INV_MASK | 4u << PMU_CTL_THR_LSB);
    if (NC_ > 1) prog(h, 1, E, 0xFFFF, eq_all(), PMU_CTL_INV_MASK);   // cycles with no event
    raw_window(h, E);
    // + the 2 cycles of the GEN=0 write, which count with no events asserted
    CHECK_EQ(h.cnt(0), lt4 + 2);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), zero + 2);
}

static void t_edge(Harness &h) {
    const unsigned E = cls(2);
    unsigned e4 = 0, e1 = 0, p4 = 0, p1 = 0;
    for (unsigned i = 0; i < NRAW; i++) {
        unsigned c4 = RAW[i] >= 4, c1 = RAW[i] >= 1;
        e4 += c4 && !p4; e1 += c1 && !p1; p4 = c4; p1 = c1;
    }
    prog(h, 0, E, 0xFFFF, eq_all(), PMU_CTL_EDGE_MASK | 4u << PMU_CTL_THR_LSB);
    if (NC_ > 1) prog(h, 1, E, 0xFFFF, eq_all(), PMU_CTL_EDGE_MASK);
    if (NC_ > 2) prog(h, 2, E, 0xFFFF, eq_all(), PMU_CTL_EDGE_MASK | PMU_CTL_INV_MASK | 4u << PMU_CTL_THR_LSB);
    raw_window(h, E);
    CHECK_EQ(h.cnt(0), e4);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), e1);
    // inverted condition (raw < 4) is already true before the window, so only its
    // re-assertions inside the window are edges
    if (NC_ > 2) {
        unsigned ei = 0, p = 1;
        for (unsigned i = 0; i < NRAW; i++) { unsigned cc = RAW[i] < 4; ei += cc && !p; p = cc; }
        CHECK_EQ(h.cnt(2), ei);
    }
    // edge of a level event: on 5, off 3, on 1, off 1, on 7 -> 3 rising edges
    h.reset("edge_level");
    const unsigned L[] = {1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1};
    prog(h, 0, E, 0x0001, eq_all(), PMU_CTL_EDGE_MASK);
    window(h, [&](unsigned i) { h.in.ev[0][E] = (uint16_t)L[i]; }, sizeof L / sizeof L[0]);
    CHECK_EQ(h.cnt(0), 3);
}

static void t_wrap_preset(Harness &h) {
    const unsigned E = cls(1);
    uint64_t pre = cmax() - 9;   // 2^CW - 10
    prog(h, 0, E, 0x0001, eq_all(), PMU_CTL_IE_MASK);
    h.write64(A_LO(0), pre);
    CHECK_EQ(h.cnt(0), pre);
    CHECK_EQ(h.read64(A_LO(0)), pre);
    CHECK(!h.irq());
    window(h, [&](unsigned) { h.in.ev[0][E] = 1; }, 16);
    CHECK_EQ(h.cnt(0), 6);                       // wrapped, nothing lost
    CHECK_EQ(h.read(PMU_REG_OVF), 1);
    CHECK(h.irq());
    h.write(PMU_REG_OVF, 0xFFFFFFFE);            // other bits: no effect on bit 0
    CHECK_EQ(h.read(PMU_REG_OVF), 1);
    h.write(PMU_REG_OVF, 1);
    CHECK_EQ(h.read(PMU_REG_OVF), 0);
    CHECK(!h.irq());
    CHECK_EQ(h.cnt(0), 6);
    // LO alone commits {stage=0, LO}: the stage is cleared by every LO write
    h.write(A_LO(0) + 4, 0x12);
    h.write(A_LO(0), 5);
    CHECK_EQ(h.cnt(0), (0x12ull << 32 | 5) & cmax());
    h.write(A_LO(0), 7);
    CHECK_EQ(h.cnt(0), 7);
    // HI bits above CW are dropped
    h.write(A_LO(0) + 4, 0xFFFFFFFF);
    h.write(A_LO(0), 0);
    CHECK_EQ(h.cnt(0), cmax() & ~0xFFFFFFFFull);
    CHECK_EQ(h.read(A_LO(0)), 0);
    CHECK_EQ(h.read(A_LO(0) + 4), (uint32_t)(cmax() >> 32));
}

static void t_atomic_read(Harness &h) {
    const unsigned E = cls(1);
    prog(h, 0, E, 0x0001, eq_all());
    h.write64(A_LO(0), 0xFFFFFFF0ull);
    h.in.ev[0][E] = 1;                 // +1 per counting cycle
    gen(h, true);
    uint64_t start = h.cycle;          // first counting cycle
    h.idle(LAT);                       // the first events are in the counter
    uint64_t at = h.cycle + 1;         // access phase of the LO read below
    uint32_t lo = h.read(A_LO(0));
    CHECK_EQ(lo, (uint32_t)(0xFFFFFFF0ull + (at - start) - (LAT - 1)));   // cycles start..at-LAT
    h.idle(40);                        // the counter crosses 2^32
    CHECK(h.cnt(0) > 0xFFFFFFFFull);
    CHECK_EQ(h.read(A_LO(0) + 4), 0);  // the high half latched with lo, not the live one
    uint64_t at2 = h.cycle + 1;
    uint64_t v = h.read64(A_LO(0));
    CHECK_EQ(v, 0xFFFFFFF0ull + (at2 - start) - (LAT - 1));
    // reading never disturbs counting
    for (int i = 0; i < 10; i++) h.read64(A_LO(0));
    uint64_t now = h.cycle;
    h.in.ev[0][E] = 0;
    gen(h, false);
    CHECK_EQ(h.cnt(0), 0xFFFFFFF0ull + (now - start));
}

static void t_simultaneous(Harness &h) {
    const unsigned E = cls(1);
    for (unsigned n = 0; n < NC_; n++) prog(h, n, E, 0x0001, eq_all(), PMU_CTL_IE_MASK);
    for (unsigned t = 0; t < NT_; t++) h.in.ev[t][E] = 1;   // +NT per cycle on every counter
    gen(h, true);
    // (a) hardware OVF set in the same edge as a W1C of it: the set wins
    h.write64(A_LO(0), cmax() - (2 * NT_ - 1));  // LO access edge presets; 2 more edges -> carry
    uint64_t c1 = h.cycle;
    h.write(PMU_REG_OVF, 1);                     // its access edge is the carry edge
    CHECK_EQ(h.cycle - c1, 2);
    CHECK_EQ(h.cnt(0), 0);
    CHECK_EQ(h.ovf() & 1, 1);
    // (b) CLR: selected counters clear on one edge (that cycle's increment discarded), others go on
    uint64_t before1 = NC_ > 1 ? h.cnt(1) : 0;
    h.write(PMU_REG_CLR, NC_ > 2 ? 0x5 : 0x1);
    CHECK_EQ(h.cnt(0), 0);
    if (NC_ > 2) CHECK_EQ(h.cnt(2), 0);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), before1 + 2 * NT_);
    h.step();
    CHECK_EQ(h.cnt(0), NT_);
    // (c) a preset in the same edge as an increment: the written value wins
    h.write(A_LO(0), 1000);
    CHECK_EQ(h.cnt(0), 1000);
    h.step();
    CHECK_EQ(h.cnt(0), 1000 + NT_);
    h.clear_events();
    gen(h, false);
}

static void t_global_start_stop(Harness &h) {
    const unsigned E = cls(0);
    for (unsigned n = 0; n < NC_; n++) prog(h, n, E, 0x0001, eq_all());
    for (unsigned t = 0; t < NT_; t++) h.in.ev[t][E] = 1;
    h.idle(20);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), 0);   // GEN=0: nothing counts
    gen(h, true);
    // every counter starts on the same cycle; the events of counting cycle i
    // (1..) are in the counters LAT-1 edges after the edge that ends it
    for (unsigned i = 1; i <= 30; i++) {
        h.step();
        const uint64_t cycles = i + 1 >= LAT ? i + 1 - LAT : 0;
        for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), (uint64_t)NT_ * cycles);
    }
    gen(h, false);   // 2 more counting cycles (setup + access), then all freeze on one edge
    drain(h);
    uint64_t v = NT_ * 32ull;
    for (unsigned i = 0; i < 20; i++) {
        h.step();
        for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), v);
    }
    // CNTEN: start a subset on one edge; CTL.EN reflects it
    uint32_t sub = 0x15 & ((1u << NC_) - 1);
    h.write(PMU_REG_CNTEN, sub);
    CHECK_EQ(h.read(PMU_REG_CNTEN), sub);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ((h.read(A_CTL(n)) >> PMU_CTL_EN_LSB) & 1, (sub >> n) & 1);
    gen(h, true);
    h.idle(10);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), v + (((sub >> n) & 1) ? NT_ * (11ull - LAT) : 0));
    h.clear_events();
    gen(h, false);
}

// Counter areas (seed 000): counter n counts class c only if c % NAREA == n % NAREA;
// the FLOP class reaches every counter. Every class is asserted every cycle.
static void t_areas(Harness &h) {
    auto saved = h.pre_step;
    h.pre_step = nullptr;                  // raw classes, no copies
    for (unsigned n = 0; n < NC_; n++) {
        for (unsigned c = 0; c < NCLS_; c += (NCLS_ > 16 ? 5 : 1)) {
            h.reset("areas_class");
            h.write(A_EMQ(n), 0xFFFF | eq_all() << PMU_EMQ_EQ_LSB);
            h.write(A_CTL(n), c | PMU_CTL_EN_MASK);
            for (unsigned t = 0; t < NT_; t++)
                for (unsigned k = 0; k < NCLS_; k++) h.in.ev[t][k] = 0x0001;
            for (unsigned t = 0; t < NT_; t++) h.in.flop[t][0] = {1, PMU_RSZ64, 1, 1, PMU_FOP_ADD};   // scalar double
            gen(h, true);
            h.idle(4);
            h.clear_events();
            gen(h, false);
            drain(h);
            const bool sees = c == FC_ || c % NA_ == n % NA_;
            CHECK_EQ(sees, pmu_cfg_class_ok(&h.cfg, n, c));
            CHECK_EQ(h.cnt(n), sees ? 4ull * NT_ : 0);
        }
    }
    h.pre_step = saved;
}

// ---------------------------------------------------------------- FLOP class (seed 003)
// Paragraph numbers ¶N count the seed's body paragraphs (¶1 "Embodiments of
// the present invention ..."). docs/flop.md maps each mechanism to its test.
//
// Independent reference, written from docs/regmap.md "FLOP class" (not from
// the RTL or the model): the sub-event (EM bit) of a retire slot, -1 if none,
// its elements per instruction, and its increment (FMA 2, other types 1,
// codes 9..15 and invalid slots 0).
static unsigned ref_bits(unsigned rsz) { return rsz <= 5 ? 32u << rsz : 0; }
static int ref_sub(const pmu_flop_slot &f) {
    if (!f.valid || f.rsz > 5) return -1;
    const unsigned el = ref_bits(f.rsz) / (f.esz ? 64 : 32);
    if (el == 0) return -1;                                   // double in a 32-bit register
    if (f.scalar || el == 1) return f.esz ? 0 : 1;            // SCALAR_DOUBLE / SCALAR_SINGLE
    if (f.rsz == 1) return 10;                                // PACKED64_SINGLE
    return 2 + 2 * (int)(f.rsz - 2) + (f.esz ? 0 : 1);        // PACKED128..1024 DOUBLE/SINGLE
}
static unsigned ref_el(int sub) {
    static const unsigned el[11] = {1, 1, 2, 4, 4, 8, 8, 16, 16, 32, 2};
    return sub < 0 ? 0 : el[sub];
}
static unsigned ref_weight(const pmu_flop_slot &f) { return !f.valid || f.op > 8 ? 0 : f.op == 8 ? 2 : 1; }
// does main-event code `ft` (FTYPE.MAIN, seed 003 main event) select type op?
// 0..8 that type, 9 the FLOPs of ¶3 (add, subtract, multiply, divide; FMA),
// 15 every type, 10..14 none
static bool ref_main(uint32_t ft, unsigned op) {
    if (op > 8) return false;
    if (ft <= 8) return op == ft;
    if (ft == 9) return op <= 3 || op == 8;
    return ft == 15;
}
// count of one counter programmed (EM, FTYPE.MAIN) for one slot
static unsigned ref_count(const pmu_flop_slot &f, uint32_t em, uint32_t ft) {
    const int k = ref_sub(f);
    return k >= 0 && ((em >> k) & 1) && ref_main(ft & 0xF, f.op) ? ref_weight(f) : 0;   // MAIN: bits 3:0 stored
}
// the seed's FLOPs of one instruction (¶3: elements, x2 for an FMA; only
// add/sub/mul/div/FMA are FLOPs, ¶3 "does not include memory or logical
// operations"; MIN..SQRT are main events of ¶8/¶14 but not FLOPs)
static unsigned ref_flops(const pmu_flop_slot &f) {
    return f.op <= PMU_FOP_DIV || f.op == PMU_FOP_FMA ? ref_el(ref_sub(f)) * ref_weight(f) : 0;
}
static const uint32_t FT_HPC = PMU_FMAIN_FLOPS;   // main event: the FLOP types of ¶3

static void prog_flop(Harness &h, unsigned n, uint32_t em, uint32_t ft, uint32_t eq) {
    h.write(PMU_REG_FTYPE(n), ft << PMU_FTYPE_MAIN_LSB);
    prog(h, n, FC_, em, eq);
}
// Runs `seq` (one slot per cycle on thread 0, slot 0, or all slots when
// `all`) with counters programmed to the (EM, FTYPE) pairs, NC_ at a time,
// and checks each count against the reference.
struct FlopSel { uint32_t em, ft; };
static void flop_rounds(Harness &h, const char *tag, const std::vector<pmu_flop_slot> &seq,
                        const std::vector<FlopSel> &sel, std::vector<uint64_t> *got = nullptr) {
    for (size_t base = 0; base < sel.size(); base += NC_) {
        h.reset(tag);
        const size_t cnt = std::min((size_t)NC_, sel.size() - base);
        for (size_t n = 0; n < cnt; n++) prog_flop(h, (unsigned)n, sel[base + n].em, sel[base + n].ft, eq_all());
        window(h, [&](unsigned i) { h.in.flop[0][0] = seq[i]; }, (unsigned)seq.size());
        for (size_t n = 0; n < cnt; n++) {
            uint64_t e = 0;
            for (auto &f : seq) e += ref_count(f, sel[base + n].em, sel[base + n].ft);
            CHECK_EQ(h.cnt((unsigned)n), e);
            if (got) got->push_back(h.cnt((unsigned)n));
        }
    }
}
// every slot value: register size (8 codes) x element size x scalar flag x
// type (16 codes) x valid
static std::vector<pmu_flop_slot> all_slots() {
    std::vector<pmu_flop_slot> seq;
    for (unsigned v = 0; v < 2; v++)
        for (unsigned rsz = 0; rsz < 8; rsz++)
            for (unsigned esz = 0; esz < 2; esz++)
                for (unsigned sc = 0; sc < 2; sc++)
                    for (unsigned op = 0; op < 16; op += (v ? 5 : 1))   // not retired: a few types
                        seq.push_back({(uint8_t)(1 - v), (uint8_t)rsz, (uint8_t)esz, (uint8_t)sc, (uint8_t)op});
    return seq;
}

// Sub-events (seed 003 ¶14 "Subevent is to specify ... combinations of
// register sizes and element sizes"): each EM bit alone, every type.
static void t_flop(Harness &h) {
    auto seq = all_slots();
    std::vector<FlopSel> sel;
    for (unsigned k = 0; k < PMU_FLOP_NSUB; k++) sel.push_back({1u << k, PMU_FMAIN_ALL});
    sel.push_back({0xFFFFu & ~PMU_FLOP_SUB_ALL, PMU_FMAIN_ALL});   // EM 15:11: no FLOP sub-event
    std::vector<uint64_t> got;
    flop_rounds(h, "flop_sub", seq, sel, &got);
    // spec table: each sub-event sees its slots (scalar: the sizes that hold
    // the element with the flag -- double 64..1024, single 32..1024 -- plus
    // the one-element register without it; packed: one combination) x 9
    // types, weight 1 x 8 + FMA 2 = 10 per combination
    const uint64_t per = 10;
    const uint64_t exp[11] = {6 * per, 7 * per, per, per, per, per, per, per, per, per, per};
    for (unsigned k = 0; k < 11 && k < got.size(); k++) CHECK_EQ(got[k], exp[k]);
    if (got.size() > 11) CHECK_EQ(got[11], 0);
    // all slots, all threads, same cycle; EQ
    h.reset("flop_slots");
    prog(h, 0, FC_, PMU_FLOP_PACKED256_SINGLE_MASK, eq_all());
    if (NC_ > 1) prog(h, 1, FC_, 0xF800, eq_all());                         // no FLOP sub-event
    if (NC_ > 2) prog(h, 2, FC_, PMU_FLOP_SUB_ALL, eq_os(0) | eq_usr(0));   // thread 0 only
    if (NC_ > 3) prog(h, 3, FC_, PMU_FLOP_PACKED256_SINGLE_MASK | PMU_FLOP_SCALAR_DOUBLE_MASK, eq_all());
    for (unsigned c = 0; c < NCLS_; c++) h.in.ev[0][c] = 0xFFFF;           // ev_i of the FLOP class is ignored
    window(h, [&](unsigned) {
        for (unsigned t = 0; t < NT_; t++)
            for (unsigned s = 0; s < NRET_; s++) h.in.flop[t][s] = {1, PMU_RSZ256, 0, 0, PMU_FOP_FMA};
    }, 10);
    CHECK_EQ(h.cnt(0), (uint64_t)NT_ * NRET_ * 2 * 10);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), 0);
    if (NC_ > 2) CHECK_EQ(h.cnt(2), (uint64_t)NRET_ * 2 * 10);
    if (NC_ > 3) CHECK_EQ(h.cnt(3), (uint64_t)NT_ * NRET_ * 2 * 10);
}

// Main events (seed 003 ¶8 "instructions such as ADD SUB MUL DIV MIN MAX
// RECIP SQRT FMA", ¶14 "Main event is one of the predefined events ... to
// count the types of instructions or opcodes"): FTYPE.MAIN selects one
// type, the FLOPs of ¶3 or every type; codes 10..14 count nothing; types
// 9..15 never count.
static void t_flop_types(Harness &h) {
    auto seq = all_slots();
    std::vector<FlopSel> sel;
    for (unsigned j = 0; j < PMU_FLOP_NTYPE; j++) sel.push_back({PMU_FLOP_SUB_ALL, j});
    sel.push_back({PMU_FLOP_SUB_ALL, 10});                                  // reserved code: nothing
    sel.push_back({PMU_FLOP_SUB_ALL, FT_HPC});                              // the FLOP types of ¶3
    sel.push_back({PMU_FLOP_PACKED512_DOUBLE_MASK, PMU_FOP_MIN});
    sel.push_back({PMU_FLOP_SUB_ALL, 0xFFFFu});                             // every bit written: MAIN = 15 stored
    for (unsigned j = 11; j < 15; j++) sel.push_back({PMU_FLOP_SUB_ALL, j}); // the other reserved codes
    std::vector<uint64_t> got;
    flop_rounds(h, "flop_type", seq, sel, &got);
    // spec table: counted (rsz, esz, scalar) combinations: scalar double 6,
    // scalar single 7, the 9 packed ones: 22 slots per type; FMA weight 2
    for (unsigned j = 0; j < PMU_FLOP_NTYPE && j < got.size(); j++) CHECK_EQ(got[j], j == PMU_FOP_FMA ? 44 : 22);
    if (got.size() > 10) { CHECK_EQ(got[9], 0); CHECK_EQ(got[10], 4 * 22 + 44); }
    if (got.size() > 11) CHECK_EQ(got[11], 1);
    if (got.size() > 12) CHECK_EQ(got[12], 8 * 22 + 44);
    for (size_t j = 13; j < got.size(); j++) CHECK_EQ(got[j], 0);
    CHECK_EQ(got.size(), 17);
    h.write(PMU_REG_FTYPE(0), 0xFFFFFFFFu);
    CHECK_EQ(h.read(PMU_REG_FTYPE(0)), PMU_FTYPE_MAIN_MASK);                // reserved bits 31:4 read 0
}

// Seed 003 ¶3: "a 256 bit packed single precision 32 bit floating point add
// operates on 8 elements and thus counts 8 FLOPs. Scalar operations use the
// full SIMD register data path but only operate on a single element and
// therefore only count 1 FLOP (2 in the case of FMA)"; ¶13: "a fuse multiply
// add FMA instruction ... counts for two FLOPs ... retirement unit is to
// cause the corresponding counter to count two instances of instructions".
// The counters count instructions (FMA twice); software multiplies by the
// elements of the sub-event (¶15).
static void t_flop_seed_examples(Harness &h) {
    prog_flop(h, 0, PMU_FLOP_PACKED256_SINGLE_MASK, PMU_FOP_ADD, eq_all());
    if (NC_ > 1) prog_flop(h, 1, PMU_FLOP_SCALAR_SINGLE_MASK | PMU_FLOP_SCALAR_DOUBLE_MASK, FT_HPC, eq_all());
    if (NC_ > 2) prog_flop(h, 2, PMU_FLOP_PACKED256_DOUBLE_MASK, PMU_FOP_FMA, eq_all());
    if (NC_ > 3) prog_flop(h, 3, PMU_FLOP_PACKED128_SINGLE_MASK | PMU_FLOP_PACKED128_DOUBLE_MASK, FT_HPC, eq_all());
    // cycle 0: vaddps ymm (256-bit packed single add): one instruction, 8 FLOPs
    // cycle 1: vaddss xmm (scalar single on a 128-bit register): scalar, 1 FLOP
    // cycle 2: vfmadd231sd zmm (scalar double FMA on a 512-bit register): scalar, 2 FLOPs
    // cycle 3: vfmadd231pd ymm (256-bit packed double FMA): 4 elements x 2 = 8 FLOPs
    // cycle 4: vaddss with the scalar flag clear on a 128-bit register would be
    //          packed single: the flag, not the register size, makes it scalar
    const pmu_flop_slot seq[] = {{1, PMU_RSZ256, 0, 0, PMU_FOP_ADD}, {1, PMU_RSZ128, 0, 1, PMU_FOP_ADD},
                                 {1, PMU_RSZ512, 1, 1, PMU_FOP_FMA}, {1, PMU_RSZ256, 1, 0, PMU_FOP_FMA},
                                 {1, PMU_RSZ128, 0, 0, PMU_FOP_ADD}};
    window(h, [&](unsigned i) { h.in.flop[0][0] = seq[i]; }, 5);
    CHECK_EQ(h.cnt(0), 1);                       // one 256-bit packed single add ...
    CHECK_EQ(h.cnt(0) * 8, 8);                   // ... x 8 elements = "counts 8 FLOPs"
    if (NC_ > 1) CHECK_EQ(h.cnt(1), 1 + 2);      // scalar ops: 1 FLOP, 2 for the scalar FMA
    if (NC_ > 2) CHECK_EQ(h.cnt(2), 2);          // the FMA counts two instances
    if (NC_ > 2) CHECK_EQ(h.cnt(2) * 4, 8);      // x 4 elements = 8 FLOPs
    if (NC_ > 3) CHECK_EQ(h.cnt(3), 1);          // only the flag-clear 128-bit add is packed
    for (auto &f : seq) CHECK_EQ(ref_sub(f) >= 0, 1);
}

// Seed 003 ¶16: "256 bit double precision and 128 bit single precision have
// the same FLOP count of 4 ... but have separate subevents"; "The total
// FLOPs would then be the sum of each of counter results multiplied with the
// corresponding multiplier FLOPs 1 scalar single and scalar double 2 128b
// packed double 4 256b packed double and 128b packed single 8 256b packed
// single ... in a single run of the application by simultaneously utilizing
// for example four performance monitoring counters each programmed to the
// HPC FLOPs configuration but with different subevents"; ¶15: "Multiple
// subevents can be selected simultaneously". Plus the sizes the seed adds
// (¶8/¶22: 512 and 1024-bit registers): a fifth and sixth group when the
// configuration has the counters.
static void t_flop_seed_total(Harness &h) {
    struct G { uint32_t em; unsigned mult; } g[] = {
        {PMU_FLOP_SCALAR_SINGLE_MASK | PMU_FLOP_SCALAR_DOUBLE_MASK, 1},
        {PMU_FLOP_PACKED128_DOUBLE_MASK | PMU_FLOP_PACKED64_SINGLE_MASK, 2},
        {PMU_FLOP_PACKED256_DOUBLE_MASK | PMU_FLOP_PACKED128_SINGLE_MASK, 4},
        {PMU_FLOP_PACKED256_SINGLE_MASK | PMU_FLOP_PACKED512_DOUBLE_MASK, 8},
        {PMU_FLOP_PACKED512_SINGLE_MASK | PMU_FLOP_PACKED1024_DOUBLE_MASK, 16},
        {PMU_FLOP_PACKED1024_SINGLE_MASK, 32},
    };
    const unsigned ng = std::min(NC_, 6u);
    // the seed's own four (¶16) fit every configuration with NC >= 4; the
    // 512/1024-bit groups run in a second pass when NC < 6
    uint64_t flops_hw = 0, flops_ref = 0, seen = 0;
    unsigned x = 12345;
    auto rnd = [&]() { x = x * 1103515245u + 12345u; return (x >> 16) & 0x7FFF; };
    std::vector<pmu_flop_slot> seq;
    for (unsigned i = 0; i < 400; i++)
        seq.push_back({1, (uint8_t)(rnd() % 8), (uint8_t)(rnd() & 1), (uint8_t)(rnd() % 3 == 0),
                       (uint8_t)(rnd() % 12)});
    for (auto &f : seq) flops_ref += ref_flops(f);
    for (unsigned base = 0; base < 6; base += ng) {
        h.reset("flop_seed_total");
        const unsigned cnt = std::min(ng, 6 - base);
        for (unsigned n = 0; n < cnt; n++) prog_flop(h, n, g[base + n].em, FT_HPC, eq_all());
        window(h, [&](unsigned i) {
            for (unsigned t = 0; t < NT_; t++)
                for (unsigned s = 0; s < NRET_; s++) h.in.flop[t][s] = (t == 0 && s == 0) ? seq[i] : pmu_flop_slot{};
        }, (unsigned)seq.size());
        for (unsigned n = 0; n < cnt; n++) { flops_hw += h.cnt(n) * g[base + n].mult; seen++; }
    }
    CHECK_EQ(seen, 6);
    CHECK_EQ(flops_hw, flops_ref);
    printf("  flop_seed_total: %" PRIu64 " FLOPs from 6 counters x multipliers == reference\n", flops_hw);
    CHECK(flops_ref > 400);
}

// Seed 003 ¶6/¶12: "count instances of the instructions ... that have
// actually been executed and retired": only valid retire slots count,
// whatever their other fields; ¶22 "Wider instructions and or registers
// such as 1024 bit": the 1024-bit sub-events on every slot and thread.
static void t_flop_retired_1024(Harness &h) {
    prog_flop(h, 0, PMU_FLOP_PACKED1024_SINGLE_MASK | PMU_FLOP_PACKED1024_DOUBLE_MASK, PMU_FMAIN_ALL, eq_all());
    if (NC_ > 1) prog_flop(h, 1, PMU_FLOP_SUB_ALL, PMU_FMAIN_ALL, eq_all());
    window(h, [&](unsigned i) {
        for (unsigned t = 0; t < NT_; t++)
            for (unsigned s = 0; s < NRET_; s++)   // odd cycles: the same instructions, not retired
                h.in.flop[t][s] = {(uint8_t)(i % 2 == 0), PMU_RSZ1024, (uint8_t)(s & 1), 0,
                                   (uint8_t)(s == 0 ? PMU_FOP_FMA : PMU_FOP_SQRT)};
    }, 20);
    const uint64_t per = (uint64_t)NT_ * (2 + (NRET_ - 1));   // slot 0 an FMA (2), the others 1
    CHECK_EQ(h.cnt(0), 10 * per);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), 10 * per);
}

static void t_bus_errors(Harness &h) {
    int e = 0;
    // set some state that must survive every bad access
    prog(h, 0, cls(1), 0x1234, eq_all(), PMU_CTL_IE_MASK);
    h.write64(A_LO(0), 0xABCDEF);
    h.write(PMU_REG_GCTL, PMU_GCTL_UEN_MASK);
    std::vector<uint32_t> bad = {0x028, 0x024, 0x0FC, 0x0F0, 0x300, 0xFFC, 0x800, 0x001, 0x002, 0x003,
                                 0x101, 0x10A, 0x10F, 0x01B};
    if (NC_ < PMU_NC_MAX) { bad.push_back(PMU_CNT_BASE + NC_ * 16); bad.push_back(PMU_CNT_BASE + NC_ * 16 + 8); }
    for (uint32_t a : bad) {
        uint32_t d = h.read(a, &e);
        CHECK_EQ(e, 1);
        CHECK_EQ(d, 0);
        CHECK_EQ(h.write(a, 0xFFFFFFFF), 1);
    }
    // partial strobes are refused, nothing written
    for (uint8_t s : {0x0, 0x1, 0x3, 0x7, 0xE, 0x8}) CHECK_EQ(h.write(PMU_REG_GCTL, 0x1, s), 1);
    CHECK_EQ(h.read(PMU_REG_GCTL), PMU_GCTL_UEN_MASK);
    // unprivileged (PPROT[0]=0) writes are refused
    CHECK_EQ(h.write(PMU_REG_GCTL, 1, 0xF, 0), 1);
    CHECK_EQ(h.write(A_LO(0), 0, 0xF, 2), 1);
    CHECK_EQ(h.read(PMU_REG_GCTL), PMU_GCTL_UEN_MASK);
    // unprivileged reads: counters and TSC only, and only with UEN
    CHECK_EQ(h.read(A_LO(0), &e, 0), 0xABCDEF); CHECK_EQ(e, 0);
    CHECK_EQ(h.read(A_LO(0) + 4, &e, 0), 0);    CHECK_EQ(e, 0);
    h.read(PMU_REG_TSC_LO, &e, 0);               CHECK_EQ(e, 0);
    CHECK_EQ(h.read(A_CTL(0), &e, 0), 0);       CHECK_EQ(e, 1);
    CHECK_EQ(h.read(PMU_REG_ID, &e, 0), 0);     CHECK_EQ(e, 1);
    h.write(PMU_REG_GCTL, 0);
    CHECK_EQ(h.read(A_LO(0), &e, 0), 0);        CHECK_EQ(e, 1);
    CHECK_EQ(h.read(A_LO(0), &e, 1), 0xABCDEF); CHECK_EQ(e, 0);
    // RO registers ignore writes (no error); W1P CLR reads 0
    CHECK_EQ(h.write(PMU_REG_ID, 0), 0);
    CHECK_EQ(h.read(PMU_REG_ID), PMU_ID_VALUE);
    // reserved bits read as 0
    h.write(A_CTL(0), 0xFFFFFFFF);
    CHECK_EQ(h.read(A_CTL(0)), PMU_CTL_ES_MASK | PMU_CTL_EN_MASK | PMU_CTL_IE_MASK | PMU_CTL_EDGE_MASK |
                                   PMU_CTL_INV_MASK | PMU_CTL_THR_MASK);
    h.write(A_EMQ(0), 0xFFFFFFFF);
    CHECK_EQ(h.read(A_EMQ(0)), 0xFFFFu | eq_all() << 16);
    h.write(PMU_REG_GCTL, 0xFFFFFFFC);
    CHECK_EQ(h.read(PMU_REG_GCTL), 0);
    h.write(PMU_REG_CNTEN, 0xFFFFFFFF);
    CHECK_EQ(h.read(PMU_REG_CNTEN), NC_ == 32 ? 0xFFFFFFFFu : (1u << NC_) - 1);
    h.write(PMU_REG_CNTEN, 0);
    // the counter survived all of it
    CHECK_EQ(h.read64(A_LO(0)), 0xABCDEF);
    // a read-then-errored access leaves the read shadow alone
    h.write64(A_LO(0), 0x5500000001ull & cmax());
    h.read(A_LO(0));
    h.read(0x101, &e);
    CHECK_EQ(h.read(A_LO(0) + 4), (uint32_t)((0x5500000001ull & cmax()) >> 32));
}

static void t_tsc(Harness &h) {
    h.write(PMU_REG_TSC_HI, 0x1234);
    h.write(PMU_REG_TSC_LO, 0xFFFFFFF0);
    CHECK_EQ((uint64_t)h.dut->tsc_o, 0x1234FFFFFFF0ull);
    h.idle(100);                                   // free running, GEN=0
    CHECK_EQ((uint64_t)h.dut->tsc_o, 0x1234FFFFFFF0ull + 100);
    // the LO read's access phase is the 2nd cycle after the idle: TSC = base + 101 then
    uint64_t v = h.read64(PMU_REG_TSC_LO);
    CHECK_EQ(v, 0x1234FFFFFFF0ull + 101);
}

static void t_irq_enable(Harness &h) {
    const unsigned E = cls(1);
    unsigned n = NC_ - 1;
    prog(h, n, E, 0x0001, eq_all());               // IE=0
    h.write64(A_LO(n), cmax());
    window(h, [&](unsigned) { h.in.ev[0][E] = 1; }, 1);
    CHECK_EQ(h.ovf(), 1u << n);
    CHECK(!h.irq());
    h.write(A_CTL(n), E | PMU_CTL_IE_MASK);          // enable later: level interrupt appears
    CHECK(h.irq());
    h.write(A_CTL(n), E);
    CHECK(!h.irq());
    h.write(A_CTL(n), E | PMU_CTL_IE_MASK);
    CHECK(h.irq());
    h.write(PMU_REG_OVF, 1u << n);
    CHECK(!h.irq());
}

// ===================================================== sampling (604e) tests
// Expected values below are derived by hand from docs/sampling.md, never
// from the model (the harness separately holds RTL == model every cycle).
static uint64_t half() { return 1ull << (CW_ - 1); }   // first negative value
static uint32_t A_XCTL(unsigned n) { return PMU_REG_XCTL(n); }
static void mmcr(Harness &h, uint32_t v) { h.write(PMU_REG_MMCR, v); }
static uint64_t rd64(Harness &h, uint32_t lo) { return h.read64(lo); }
// TSC bit selected by MMCR.TBSEL: PowerPC bits 47, 51, 55, 63 (big-endian numbering)
static const unsigned TB_LE[4] = {63 - 47, 63 - 51, 63 - 55, 63 - 63};

static void t_smp_regs(Harness &h) {
    int e = 0;
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);
    CHECK_EQ(h.read(PMU_REG_PMSTAT), 0);
    CHECK_EQ(rd64(h, PMU_REG_SIAR_LO), 0);
    CHECK_EQ(rd64(h, PMU_REG_SDAR_LO), 0);
    CHECK_EQ(h.read(PMU_REG_YRING0), (uint32_t)NCH_ << 24);
    CHECK_EQ(h.read(PMU_REG_YRING3), (uint32_t)NCH_ << 24);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.read(A_XCTL(n)), 0);
    // reserved bits read 0
    mmcr(h, 0xFFFFFFFF & ~(PMU_MMCR_PMXE_MASK | PMU_MMCR_TBEE_MASK));
    CHECK_EQ(h.read(PMU_REG_MMCR), 0xFFFF0300u | 0x0Bu);   // THRESH, TBSEL, TRIG, FOI, FRZ
    mmcr(h, 0);
    h.write(A_XCTL(0), 0xFFFFFFFF);
    CHECK_EQ(h.read(A_XCTL(0)), 0x1F);
    h.write(A_XCTL(0), 0);
    h.write(PMU_REG_PMSTAT, 0xFFFFFFFF);                  // W1C of nothing
    CHECK_EQ(h.read(PMU_REG_PMSTAT), 0);
    // SIAR/SDAR are read-only: writes ignored without error, the write stage untouched
    h.write(PMU_REG_CNT_HI(0), 0x12);
    CHECK_EQ(h.write(PMU_REG_SIAR_LO, 0x55), 0);
    CHECK_EQ(h.write(PMU_REG_SIAR_HI, 0x66), 0);
    CHECK_EQ(rd64(h, PMU_REG_SIAR_LO), 0);
    h.write(PMU_REG_CNT_LO(0), 7);
    CHECK_EQ(h.cnt(0), (0x12ull << 32 | 7) & cmax());
    // unmapped neighbours
    if (NC_ < 32) { h.read(A_XCTL(NC_), &e); CHECK_EQ(e, 1); CHECK_EQ(h.write(A_XCTL(NC_), 1), 1); }
    if (NCH_ < 8) {
        h.read(PMU_REG_YCH_CTL(0, NCH_), &e); CHECK_EQ(e, 1);
        CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, NCH_), 1, 0xF, 0), 1);
    }
    for (uint32_t a : {0x058u, 0x05Cu, 0x070u, 0x480u, 0x8FCu, 0xD00u, 0x041u, 0x902u, 0xB02u}) {
        h.read(a, &e); CHECK_EQ(e, 1);
    }
    // capture records: mapped with YCAP=1 only (read-only: a write is ignored)
    h.read(PMU_REG_YCAP_IP_LO(0, 0), &e); CHECK_EQ(e, YCAP_ ? 0u : 1u);
    h.read(PMU_REG_YCAP_CT_HI(3, NCH_ - 1), &e); CHECK_EQ(e, YCAP_ ? 0u : 1u);
    // yield channel registers: widths (VALID=1, ESM=0: the channel never triggers)
    const uint32_t c0 = PMU_REG_YCH_CTL(0, 0);
    // YER is set by hardware only ("the value of the YER field is set by
    // hardware"; EMONITOR programs "the various fields except the YER BIT"):
    // the write of bit 2 is ignored; ACT is 4 bits, 0..3 legal; COND 0..2,
    // DSEL 0..24; CSEL reads 0 without capture records
    const uint32_t all = 0xFE2FFF3Fu;   // every field at its largest legal value
    const uint32_t all_rd = 0x062FFF3Bu | (YCAP_ ? PMU_YCH_CTL_CSEL_MASK : 0u);
    CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, all), 0);
    CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), all_rd);
    // ACT 4..15, COND 3 and DSEL 25..31 are reserved: PSLVERR, nothing
    // changes (also the other fields)
    for (uint32_t a : {4u, 5u, 8u, 15u}) {
        CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, a << PMU_YCH_CTL_ACT_LSB), 1);
        CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), all_rd);
    }
    CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, 0xFFFFFF3Fu), 1);
    CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, 3u << PMU_YCH_CTL_COND_LSB), 1);
    for (uint32_t d : {25u, 31u}) CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, d << PMU_YCH_CTL_DSEL_LSB), 1);
    CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), all_rd);
    CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, 0), 6u << PMU_YCH_CTL_ACT_LSB, 0xF, 0), 1);   // ring 3 too
    for (uint32_t a = 0; a < 4; a++) {
        CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, V | a << PMU_YCH_CTL_ACT_LSB), 0);
        CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), V | a << PMU_YCH_CTL_ACT_LSB);
    }
    h.write(c0 + PMU_YCH_CTL_OFF, V);
    h.write(c0 + PMU_YCH_ESV_OFF, 0xFFFFFFFF); CHECK_EQ(h.read(c0 + PMU_YCH_ESV_OFF), 0x1FFFFFFu);
    h.write(c0 + PMU_YCH_ESM_OFF, 0xFFFFFFFF); CHECK_EQ(h.read(c0 + PMU_YCH_ESM_OFF), 0x1FFFFFFu);
    h.write(c0 + PMU_YCH_ESM_OFF, 0);
    h.write(c0 + PMU_YCH_MISS_OFF, 0xFFFFFFFF); CHECK_EQ(h.read(c0 + PMU_YCH_MISS_OFF), 0xFFFFu);
    h.write(c0 + PMU_YCH_SAV_OFF, 0xDEADBEEF);
    CHECK_EQ(h.read(c0 + PMU_YCH_SAV_OFF), 0xDEADBEEF);
    CHECK_EQ(h.read(c0 + PMU_YCH_CNT_OFF), 0xDEADBEEF);          // a SAV write loads the down-counter
    h.write(c0 + PMU_YCH_CNT_OFF, 5); CHECK_EQ(h.read(c0 + PMU_YCH_CNT_OFF), 5);
    CHECK_EQ(h.read(c0 + PMU_YCH_SAV_OFF), 0xDEADBEEF);
    h.write(c0 + PMU_YCH_TGT_HI_OFF, 0x89ABCDEF); h.write(c0 + PMU_YCH_TGT_LO_OFF, 0x01234567);
    CHECK_EQ(h.read(c0 + PMU_YCH_TGT_HI_OFF), AW_ == 64 ? 0x89ABCDEF : 0);   // AW=32: reads 0
    CHECK_EQ(h.read(c0 + PMU_YCH_TGT_LO_OFF), 0x01234567);
    // "If the channel is invalid as indicated by the value in the valid field
    // all registers ... are read as 0": VALID=0 reads 0 everywhere, the
    // values are kept (and still written) and read back once VALID=1
    h.write(c0 + PMU_YCH_CTL_OFF, PMU_YCH_CTL_ANY_MASK | 0xAB00u);
    for (uint32_t o = 0; o < 0x20; o += 4) CHECK_EQ(h.read(c0 + o), 0);
    h.write(c0 + PMU_YCH_CNT_OFF, 6);
    CHECK_EQ(h.read(c0 + PMU_YCH_CNT_OFF), 0);
    h.write(c0 + PMU_YCH_CTL_OFF, V | PMU_YCH_CTL_ANY_MASK | 0xAB00u);
    CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), V | PMU_YCH_CTL_ANY_MASK | 0xAB00u);
    CHECK_EQ(h.read(c0 + PMU_YCH_SAV_OFF), 0xDEADBEEF);
    CHECK_EQ(h.read(c0 + PMU_YCH_CNT_OFF), 6);
    CHECK_EQ(h.read(c0 + PMU_YCH_TGT_LO_OFF), 0x01234567);
    // privilege: ring-3 channels and YRING3 accept unprivileged accesses, nothing else new does
    const uint32_t r3 = PMU_REG_YCH_SAV(3, NCH_ - 1), r0 = PMU_REG_YCH_SAV(0, NCH_ - 1);
    h.write(PMU_REG_YCH_CTL(3, NCH_ - 1), V); h.write(PMU_REG_YCH_CTL(0, NCH_ - 1), V);   // valid: readable
    // r0 keeps what it holds (NCH=1: channel 0 = c0, 0xDEADBEEF from above; else 0)
    const uint32_t r0_was = h.read(r0);
    CHECK_EQ(r0_was, NCH_ == 1 ? 0xDEADBEEFu : 0u);
    CHECK_EQ(h.write(r3, 77, 0xF, 0), 0);
    CHECK_EQ(h.read(r3, &e, 0), 77); CHECK_EQ(e, 0);
    CHECK_EQ(h.write(r0, 77, 0xF, 0), 1);
    CHECK_EQ(h.read(r0, &e, 0), 0);  CHECK_EQ(e, 1);
    CHECK_EQ(h.read(r0), r0_was);                             // the refused write did nothing
    CHECK_EQ(h.write(r0, 78, 0xF, 1), 0);                     // ring 0 may program ring-3 and ring-0
    CHECK_EQ(h.write(r3, 79, 0xF, 1), 0);
    CHECK_EQ(h.read(r3, &e, 0), 79);
    h.read(PMU_REG_YRING3, &e, 0); CHECK_EQ(e, 0);
    CHECK_EQ(h.write(PMU_REG_YRING3, 1, 0xF, 0), 0);
    h.read(PMU_REG_YRING0, &e, 0); CHECK_EQ(e, 1);
    CHECK_EQ(h.write(PMU_REG_YRING0, 1, 0xF, 0), 1);
    for (uint32_t a : {(uint32_t)PMU_REG_MMCR, (uint32_t)PMU_REG_PMSTAT, (uint32_t)PMU_REG_SIAR_LO, A_XCTL(0)}) {
        h.read(a, &e, 0); CHECK_EQ(e, 1);
        CHECK_EQ(h.write(a, 1, 0xF, 0), 1);
    }
    CHECK_EQ(h.write(r3, 1, 0x7, 0), 1);                      // partial strobe still refused
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);
}

// Counter negative -> interrupt, SIAR/SDAR of the event's cycle, frozen until PMXE is set again.
static void t_neg_irq(Harness &h) {
    const unsigned E = cls(1);
    prog(h, 0, E, 0x0001, eq_all());
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half() - 5);
    if (NC_ > 1) {   // goes negative first, but NIE=0: no interrupt
        prog(h, 1, E, 0x0001, eq_all());
        h.write64(A_LO(1), half() - 2);
    }
    mmcr(h, PMU_MMCR_PMXE_MASK);
    gen(h, true);
    int irq_at = -1, fifth = -1, events = 0;
    for (int i = 0; i < 20; i++) {
        bool ev = i % 2 == 0;
        h.in.ev[0][E] = ev;
        h.in.iaddr = 0x4000 + 4 * i;
        h.in.daddr = 0x90000000ull + 8 * i;
        if (ev && ++events == 5) fifth = i;
        h.step();
        if (h.out.irq && irq_at < 0) irq_at = i;
    }
    h.clear_events();
    CHECK_EQ(fifth, 8);
    // the counter is negative from cycle fifth+LAT; the interrupt is signalled
    // at the edge that ends that cycle
    CHECK_EQ(irq_at, fifth + LAT + 1);
    printf("  latency: event making counter negative (cycle %d) -> irq_o/pmi_o (cycle %d): %d cycles\n", fifth,
           irq_at, irq_at - fifth);
    CHECK_EQ(h.dut->siar_o, 0x4000 + 4 * 8);
    CHECK_EQ(h.read(PMU_REG_PMSTAT), PMU_PMSTAT_NEG_MASK);
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);               // PMXE cleared by hardware
    CHECK_EQ(rd64(h, PMU_REG_SIAR_LO), 0x4000 + 32);
    CHECK_EQ(rd64(h, PMU_REG_SDAR_LO), 0x90000000ull + 64);
    CHECK(h.dut->pmi_o);
    // frozen: the counter stays negative, addresses change, nothing is latched
    h.in.iaddr = 0x1111; h.in.daddr = 0x2222;
    h.idle(5);
    CHECK_EQ(rd64(h, PMU_REG_SIAR_LO), 0x4020);
    // software: clear the status, re-enable: still negative -> signalled again at once
    h.write(PMU_REG_PMSTAT, PMU_PMSTAT_NEG_MASK);
    CHECK(!h.irq());
    h.in.iaddr = 0xABC0; h.in.daddr = 0xDEF0;
    h.idle(LAT);                                     // the address pipeline holds them
    mmcr(h, PMU_MMCR_PMXE_MASK);
    CHECK_EQ(h.dut->siar_o, 0x4020);                 // PMXE became 1 at the access edge
    h.step();
    CHECK_EQ(h.dut->siar_o, 0xABC0);
    CHECK_EQ(h.dut->sdar_o, 0xDEF0);
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);
    // NIE=0: a negative counter is no interrupt condition
    h.write(A_XCTL(0), 0);
    h.write(PMU_REG_PMSTAT, 3);
    mmcr(h, PMU_MMCR_PMXE_MASK);
    h.idle(5);
    CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_PMXE_MASK);
    CHECK_EQ(h.read(PMU_REG_PMSTAT), 0);
    CHECK(!h.irq());
    // positive again, NIE=1: nothing; a preset of a negative value is signalled at the LO write's edge
    h.write64(A_LO(0), 5);
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.idle(3);
    CHECK(!h.dut->pmi_o);
    h.in.iaddr = 0x5150;
    h.write64(A_LO(0), half() + 1);
    CHECK(!h.dut->pmi_o);                            // negative from the cycle after the LO write's edge,
    h.step();                                        // signalled at the edge that ends it
    CHECK(h.dut->pmi_o);
    CHECK_EQ(h.dut->siar_o, 0x5150);
    gen(h, false);
}

// Scripted trace: SIAR/SDAR of each sample is the instruction whose event made the counter negative.
static void t_sample_trace(Harness &h) {
    struct Ins { uint64_t pc, da; bool ev; };
    std::vector<Ins> tr;
    uint64_t pc = 0x10000, s = 12345;
    for (int i = 0; i < 600; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        bool ev = ((s >> 33) % 5) == 0;                  // e.g. a load that misses
        tr.push_back({pc, 0x7F0000000000ull + ((s >> 20) & 0xFFFF8), ev});
        pc = ((s >> 40) % 7 == 0) ? 0x10000 + ((s >> 24) & 0xFFC) : pc + 4;   // branches
    }
    const unsigned N = 7;   // sample every 7th event
    std::vector<std::pair<uint64_t, uint64_t>> expect, got;
    // the sample is taken LAT cycles after the event that makes the counter
    // negative; the events of those cycles are still counted (skid) and then
    // overwritten by the handler's preset
    unsigned k = 0, skip = 0;
    for (auto &x : tr) {
        if (skip) { skip--; continue; }
        if (x.ev && ++k == N) { expect.push_back({amask(x.pc), amask(x.da)}); k = 0; skip = LAT; }
    }
    const unsigned E = cls(4);
    prog(h, 0, E, 0x0004, eq_os(0) | eq_usr(0));
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half() - N);
    mmcr(h, PMU_MMCR_FOI_MASK | PMU_MMCR_PMXE_MASK);
    gen(h, true);
    for (size_t p = 0; p < tr.size(); p++) {
        h.in.iaddr = tr[p].pc; h.in.daddr = tr[p].da;
        h.in.ev[0][E] = tr[p].ev ? 0x0004 : 0;
        h.step();
        if (h.dut->pmi_o) {                   // interrupt handler (bus only, no instructions retire)
            h.clear_events();
            got.push_back({rd64(h, PMU_REG_SIAR_LO), rd64(h, PMU_REG_SDAR_LO)});
            CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_FOI_MASK | PMU_MMCR_FRZ_MASK);
            h.write64(A_LO(0), half() - N);
            h.write(PMU_REG_PMSTAT, PMU_PMSTAT_NEG_MASK);
            mmcr(h, PMU_MMCR_FOI_MASK | PMU_MMCR_PMXE_MASK);   // unfreeze, re-arm
        }
    }
    h.clear_events();
    gen(h, false);
    CHECK(expect.size() >= 10);
    CHECK_EQ(got.size(), expect.size());
    for (size_t i = 0; i < got.size() && i < expect.size(); i++) {
        CHECK_EQ(got[i].first, expect[i].first);
        CHECK_EQ(got[i].second, expect[i].second);
    }
}

static void t_freeze(Harness &h) {
    const unsigned E = cls(1), M = NC_ < 3 ? NC_ : 3;
    for (unsigned n = 0; n < M; n++) prog(h, n, E, 0x0001, eq_all());
    mmcr(h, PMU_MMCR_FRZ_MASK);
    h.in.ev[0][E] = 1;
    gen(h, true);
    h.idle(10);
    for (unsigned n = 0; n < M; n++) CHECK_EQ(h.cnt(n), 0);
    mmcr(h, 0);                                  // counting from the cycle after the access edge
    h.idle(10);
    mmcr(h, PMU_MMCR_FRZ_MASK);                  // its 2 cycles still count
    h.idle(10);
    for (unsigned n = 0; n < M; n++) CHECK_EQ(h.cnt(n), 12);
    CHECK_EQ(h.read(PMU_REG_CNTEN), (1u << M) - 1);   // EN/GEN untouched by FRZ
    h.clear_events();
    gen(h, false);
    // freeze on interrupt: every counter stops on the edge counter 0 goes negative
    h.reset("freeze_on_interrupt");
    for (unsigned n = 0; n < M; n++) prog(h, n, E, 0x0001, eq_all());
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half() - 3);
    mmcr(h, PMU_MMCR_FOI_MASK | PMU_MMCR_PMXE_MASK);
    h.in.ev[0][E] = 1;
    gen(h, true);
    h.idle(10);
    // the events of the LAT cycles between the one that made counter 0
    // negative and the freeze edge are still counted (skid)
    CHECK_EQ(h.cnt(0), half() + LAT);
    for (unsigned n = 1; n < M; n++) CHECK_EQ(h.cnt(n), 3 + LAT);
    CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_FOI_MASK | PMU_MMCR_FRZ_MASK);
    CHECK_EQ(h.read(PMU_REG_PMSTAT), PMU_PMSTAT_NEG_MASK);
    h.clear_events();
    gen(h, false);
}

// Trigger: counters 1..NC-1 wait until counter 0 is negative.
static void t_trigger(Harness &h) {
    if (NC_ < 2) return;
    const unsigned E = cls(2);
    prog(h, 0, E, 0x0001, eq_all());             // event A: sub-event 0
    for (unsigned n = 1; n < NC_; n++) prog(h, n, E, 0x0002, eq_all());   // event B: every cycle
    h.write64(A_LO(0), half() - 4);
    mmcr(h, PMU_MMCR_TRIG_MASK);
    CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_TRIG_MASK);
    window(h, [&](unsigned i) { h.in.ev[0][E] = (uint16_t)(0x0002 | (i % 3 == 2 ? 1 : 0)); }, 30);
    // A at i = 2, 5, 8, 11 -> counter 0 negative from cycle 11+LAT; B counted in cycles 11+LAT..29
    CHECK_EQ(h.cnt(0), half() + 6);
    for (unsigned n = 1; n < NC_; n++) CHECK_EQ(h.cnt(n), 30 - (11 + LAT));
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);           // TRIG cleared by hardware
}

// Latency threshold class (loads/stores slower than THRESH).
static void t_latency(Harness &h) {
    const unsigned T = 100;
    const unsigned lat[] = {50, 100, 101, 300, 0, 65535, 99, 150, 101, 7};
    const unsigned val[] = {1, 1, 1, 1, 1, 1, 1, 1, 0, 1};
    const unsigned L = sizeof lat / sizeof lat[0];
    unsigned exp0 = 0;
    for (unsigned i = 0; i < L; i++) exp0 += val[i] && lat[i] > T;   // 101, 300, 65535, 150
    CHECK_EQ(exp0, 4);
    mmcr(h, T << PMU_MMCR_THRESH_LSB);
    const unsigned E = cls(3);
    prog(h, 0, E, 0xFFFF, eq_all());
    h.write(A_XCTL(0), PMU_XCTL_LAT_MASK);
    if (NC_ > 1) { prog(h, 1, E, 0xFFFF, eq_os(0) | eq_usr(0)); h.write(A_XCTL(1), PMU_XCTL_LAT_MASK); }
    if (NC_ > 2) prog(h, 2, E, 0xFFFF, eq_all());   // not LAT: counts class E as usual
    window(h, [&](unsigned i) {
        h.in.mem_valid[0] = (uint8_t)val[i]; h.in.mem_lat[0] = (uint16_t)lat[i];
        if (NT_ > 1) { h.in.mem_valid[1] = i < 3; h.in.mem_lat[1] = 200; }   // 3 slow ops on thread 1
        h.in.ev[0][E] = 0x0003;
    }, L);
    CHECK_EQ(h.cnt(0), exp0 + (NT_ > 1 ? 3 : 0));
    if (NC_ > 1) CHECK_EQ(h.cnt(1), exp0);
    if (NC_ > 2) CHECK_EQ(h.cnt(2), 2 * L);
}

// Time-base interrupt: the selected TSC bit goes 0 -> 1.
static void t_timebase(Harness &h) {
    for (unsigned sel = 0; sel < 4; sel++) {
        if (sel) h.reset("timebase_sel");
        const unsigned b = TB_LE[sel];
        const uint64_t P = b ? (1ull << b) - 5 : 6;
        const uint64_t first = b ? (1ull << b) : 9;   // first TSC value with the bit risen after P+2
        h.in.iaddr = 0x7A6;                             // tag of the TSC and MMCR writes' cycles
        h.write64(PMU_REG_TSC_LO, P);
        mmcr(h, PMU_MMCR_TBEE_MASK | PMU_MMCR_PMXE_MASK | sel << PMU_MMCR_TBSEL_LSB);
        CHECK_EQ((uint64_t)h.dut->tsc_o, P + 2);
        uint64_t seen = 0, rose = 0;
        std::vector<uint64_t> tag;
        for (int i = 0; i < 10 && !seen; i++) {
            uint64_t tsc_pre = h.dut->tsc_o;
            h.in.iaddr = tsc_pre;                       // tag each cycle with its TSC
            tag.push_back(tsc_pre);
            h.step();
            if (h.dut->pmi_o && !rose) rose = tag.size();
            if (h.out.irq) seen = tsc_pre;
        }
        CHECK_EQ(seen, first);                          // irq in the first cycle the bit reads 1
        // latched at the edge the bit rose: the addresses of LAT cycles earlier
        CHECK_EQ(h.dut->siar_o, rose > LAT ? tag[rose - 1 - LAT] : 0x7A6);
        CHECK_EQ(tag[rose - 1], first - 1);
        CHECK_EQ(h.read(PMU_REG_PMSTAT), PMU_PMSTAT_TB_MASK);
        if (sel == 2) printf("  latency: TSC bit %u rises -> irq_o/pmi_o: 0 cycles (same cycle the bit reads 1)\n", b);
    }
    // TBEE=0: no interrupt on the transition
    h.reset("timebase_off");
    h.write64(PMU_REG_TSC_LO, 0xF0);
    mmcr(h, PMU_MMCR_PMXE_MASK | 2u << PMU_MMCR_TBSEL_LSB);
    h.idle(30);
    CHECK((uint64_t)h.dut->tsc_o > 0x100);
    CHECK(!h.irq());
    CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_PMXE_MASK | 2u << PMU_MMCR_TBSEL_LSB);
}

static void t_process_mark(Harness &h) {
    if (NC_ < 4) return;
    const unsigned E = cls(1);
    const uint32_t x[4] = {PMU_XCTL_PMS_MASK, PMU_XCTL_PMC_MASK, PMU_XCTL_PMS_MASK | PMU_XCTL_PMC_MASK, 0};
    for (unsigned n = 0; n < 4; n++) { prog(h, n, E, 0x0001, eq_all()); h.write(A_XCTL(n), x[n]); }
    const unsigned PM[] = {1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0};
    const unsigned L = sizeof PM / sizeof PM[0];
    unsigned ones = 0;
    for (unsigned i = 0; i < L; i++) ones += PM[i];
    window(h, [&](unsigned i) {
        h.in.pm[0] = (uint8_t)PM[i];
        h.in.ev[0][E] = 1;
        if (NT_ > 1) { h.in.pm[1] = 1; h.in.ev[1][E] = 1; }     // thread 1: mark always set
    }, L);
    const unsigned t1 = NT_ > 1 ? L : 0;
    CHECK_EQ(h.cnt(0), ones + t1);
    CHECK_EQ(h.cnt(1), L - ones);
    CHECK_EQ(h.cnt(2), 0);
    CHECK_EQ(h.cnt(3), L + t1);
}

static void t_history(Harness &h) {
    const unsigned E = cls(1);
    const unsigned P[] = {1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1};
    const unsigned L = sizeof P / sizeof P[0];
    uint64_t pat = 0;
    for (unsigned i = 0; i < L; i++) pat = pat << 1 | P[i];
    prog(h, 0, E, 0x0001, eq_all(), 0, true);
    h.write(A_XCTL(0), PMU_XCTL_HIST_MASK);
    const uint64_t pre = half() | 0x3;               // MSB set: shifted out without OVF
    h.write64(A_LO(0), pre);
    window(h, [&](unsigned i) { h.in.ev[0][E] = (uint16_t)(P[i] ? 0xFFFF : 0); }, L);
    // L shifts with the pattern, then the 2 cycles of the GEN=0 write shift in zeros
    CHECK_EQ(h.cnt(0), ((0x3ull << (L + 2)) | pat << 2) & cmax());
    CHECK_EQ(h.ovf(), 0);
    // not counting (GEN=0): no shift
    h.idle(5);
    CHECK_EQ(h.cnt(0), ((0x3ull << (L + 2)) | pat << 2) & cmax());
}

// ========================================================== yield channels
static uint32_t YE(unsigned k) { return 1u << (PMU_YEV_EXT_LSB + k); }   // external event k
static void ych(Harness &h, unsigned ring, unsigned i, uint32_t ctl, uint32_t esv, uint32_t esm, uint32_t sav,
                uint64_t tgt = 0) {
    h.write(PMU_REG_YCH_CTL(ring, i), 0);          // invalid while being programmed
    h.write(PMU_REG_YCH_TGT_LO(ring, i), (uint32_t)tgt);
    h.write(PMU_REG_YCH_TGT_HI(ring, i), (uint32_t)(tgt >> 32));
    h.write(PMU_REG_YCH_ESV(ring, i), esv);
    h.write(PMU_REG_YCH_ESM(ring, i), esm);
    h.write(PMU_REG_YCH_SAV(ring, i), sav);
    h.write(PMU_REG_YCH_CTL(ring, i), ctl);
}

// A stepping "CPU": drives one cycle, returns the delivered channel (-1 none);
// with eret set it runs an APB write of YRINGr.BLK=1 in the next two cycles.
struct YCpu {
    Harness &h;
    unsigned eret_ph = 0, eret_ring = 0;
    uint64_t last = 0;   // the cycle (h.cycle) the last cycle() ran
    explicit YCpu(Harness &hh) : h(hh) {}
    // Delivery slot rule (rtl/pmu_yield.v slot_q, reset with rst_ni): cycle c
    // (cycles since reset: h.cycle before its step) is thread (c mod NT)'s
    // slot; only that thread's channels can be delivered in it.
    static unsigned slot(uint64_t c) { return (unsigned)(c % NT_); }
    // cycles from the next cycle (h.cycle) to thread t's next slot
    unsigned wait(unsigned t) const { return (t + NT_ - slot(h.cycle)) % NT_; }
    // a request of thread t deliverable from the next cycle on (the old rule's
    // delivery cycle) is delivered in the first slot-t cycle at or after it:
    // wait(t) cycles with no delivery, then that cycle's result (a delivery
    // in a waiting cycle returns -100 - its channel: a mismatch)
    int deliver(unsigned t) {
        for (unsigned n = wait(t); n; n--) { const int c = cycle(); if (c >= 0) return -100 - c; }
        return cycle();
    }
    // idle cycles (no delivery expected) until the cycle d cycles from the next
    // one is thread t's slot: a cause now with old-rule latency d keeps it exactly
    void align(unsigned t, unsigned d) {
        while (slot(h.cycle + d) != t % NT_) CHECK_EQ(cycle(), -1);
    }
    int cycle() {
        last = h.cycle;
        if (eret_ph) {
            h.in.psel = 1; h.in.penable = eret_ph == 2; h.in.pwrite = 1;
            h.in.paddr = eret_ring ? PMU_REG_YRING3 : PMU_REG_YRING0;
            h.in.pwdata = PMU_YRING0_BLK_MASK; h.in.pstrb = 0xF; h.in.pprot = eret_ring ? 0 : 1;
        }
        h.step();
        if (eret_ph == 2) { CHECK_EQ(h.out.pslverr, 0); h.in.psel = h.in.penable = h.in.pwrite = 0; eret_ph = 0; }
        else if (eret_ph == 1) eret_ph = 2;
        if (h.out.yield) CHECK_EQ(slot(last), h.out.yield_tid);   // slot rule: only in its thread's slot
        return h.out.yield ? (int)h.out.yield_ch : -1;
    }
    void eret(unsigned ring3) { eret_ph = 1; eret_ring = ring3; }
};

// Two channels with sample-after values 500k and 100k fire in the right order.
static void t_yield_500k_100k(Harness &h) {
    const uint32_t S0 = 500000, S1 = 100000;
    ych(h, 0, 0, V | ACT | 0x5A00, YE(0), YE(0), S0, 0x00C0FFEE00000A00ull);
    if (NCH_ < 2) return;
    ych(h, 0, 1, V | ACT | 0xA500, YE(0), YE(0), S1, 0x0000000000000B00ull);
    // expected: channel with SAV S underflows on triggers k*(S+1); the trigger
    // (yev_i) of cycle t counts in cycle t+1 and the underflow is deliverable
    // from t+2 on (ERET right after each delivery d: deliverable again from d+3)
    struct D { uint64_t at; int ch; };
    std::vector<D> req, exp, got;
    const uint64_t TOTAL = 500010;
    for (uint64_t k = 1; k * (S1 + 1) <= TOTAL; k++) req.push_back({k * (S1 + 1) + 2, 1});
    req.push_back({(uint64_t)S0 + 3, 0});
    YCpu cpu(h);
    // slot rule: trigger number `at` runs in cycle c0 + at - 1; a delivery
    // (ring-0 channels: thread 0) happens in the first slot-0 cycle at or
    // after the cycle it is deliverable from, the lowest index first
    const uint64_t c0 = h.cycle;
    for (uint64_t free_at = 0; !req.empty();) {
        uint64_t at = ~0ull;
        for (auto &r : req) at = std::min(at, r.at);
        at = std::max(at, free_at);
        while (YCpu::slot(c0 + at - 1) != 0) at++;
        auto pick = req.end();
        for (auto r = req.begin(); r != req.end(); r++)
            if (r->at <= at && (pick == req.end() || r->ch < pick->ch)) pick = r;
        if (at <= TOTAL) exp.push_back({at, pick->ch});
        req.erase(pick);
        free_at = at + 3;
    }
    CHECK_EQ(exp.size(), 6);                        // 5 of channel 1, 1 of channel 0: all within TOTAL
    h.in.yev = 1;                                   // the scenario holds every cycle
    for (uint64_t t = 1; t <= TOTAL && !h.failed; t++) {   // t: trigger number of this cycle
        int ch = cpu.cycle();
        if (ch >= 0) {
            got.push_back({t, ch});
            CHECK_EQ(h.out.yield_tgt, ch ? 0xB00ull : amask(0x00C0FFEE00000A00ull));
            CHECK_EQ(h.out.yield_ring, 0);
            cpu.eret(0);                            // short handler: ERET right away
        }
    }
    h.in.yev = 0;
    CHECK_EQ(got.size(), exp.size());
    for (size_t i = 0; i < got.size() && i < exp.size(); i++) {
        CHECK_EQ(got[i].ch, exp[i].ch);
        CHECK_EQ(got[i].at, exp[i].at);
    }
    printf("  yield order:");
    for (auto &d : got) printf(" ch%d@%" PRIu64, d.ch, d.at);
    printf("\n  latency: yev_i that underflows the channel (cycle t) -> yield_o (cycle t+2, then thread 0's "
           "slot): %d cycles\n", got.empty() ? -1 : (int)(got[0].at - (S1 + 1)));
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 1)), 0);
}

// Blocked yields: recorded (YER pending, missed count) but not delivered until ERET.
static void t_yield_blocked(Harness &h) {
    ych(h, 0, 0, V | ACT, YE(1), YE(1), 0, 0x1234);
    YCpu cpu(h);
    cpu.align(0, 2);                                 // slot rule: t+2 is thread 0's slot
    h.in.yev = 2;
    CHECK_EQ(cpu.cycle(), -1);                       // trigger 1 in cycle t ...
    h.in.yev = 0;
    CHECK_EQ(cpu.cycle(), -1);                       // ... counts in t+1: underflow (SAV=0)
    CHECK_EQ(cpu.cycle(), 0);                        // delivered
    CHECK_EQ(h.out.yield_tgt, 0x1234);
    CHECK_EQ(h.dut->yblk_o, 1);
    h.in.yev = 2;
    for (int i = 0; i < 4; i++) CHECK_EQ(cpu.cycle(), -1);   // 4 triggers while blocked
    h.in.yev = 0;
    for (int i = 0; i < 20; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.read(PMU_REG_YRING0), 1u | 1u << 8 | (uint32_t)NCH_ << 24);   // BLK, YER pending
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 3);     // the first set YER, 3 more were missed
    CHECK_EQ(h.write(PMU_REG_YRING0, 1, 0xF, 0), 1); // ring 3 cannot ERET ring 0
    CHECK_EQ(h.dut->yblk_o, 1);
    CHECK_EQ(h.write(PMU_REG_YRING3, 1, 0xF, 0), 0); // ERET of ring 3: ring 0 stays blocked
    CHECK_EQ(h.dut->yblk_o, 1);
    // slot rule: the cycle after the ERET's access cycle is thread 0's slot,
    // so the old "next cycle" holds exactly (unaligned ERETs: yield_types, yield_priority)
    cpu.align(0, 2);
    cpu.eret(0);
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), -1);                       // access edge clears BLK
    CHECK_EQ(h.dut->yblk_o, 0);
    CHECK_EQ(cpu.cycle(), 0);                        // pending yield delivered the next cycle
    CHECK_EQ(h.dut->yblk_o, 1);
    CHECK_EQ(h.dut->yer_o, 0);
    cpu.eret(0);
    for (int i = 0; i < 10; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yblk_o, 0);
}

static void t_yield_silent(Harness &h) {
    ych(h, 0, 0, V, YE(2), YE(2), 1, 0x99);         // ACT=0: silent ("status bit update value")
    YCpu cpu(h);
    h.in.yev = 4;
    for (int i = 0; i < 6; i++) CHECK_EQ(cpu.cycle(), -1);   // underflows at triggers 2, 4, 6
    h.in.yev = 0;
    for (int i = 0; i < 5; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)), V | PMU_YCH_CTL_YER_MASK);
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 2);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 1);
    CHECK_EQ(h.dut->yblk_o, 0);
    CHECK_EQ(h.read(PMU_REG_YRING0), 1u << 8 | (uint32_t)NCH_ << 24);
    // re-arming (a CTL write, here switching to yield) clears YER: nothing pending, nothing delivered
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT);
    CHECK_EQ(h.dut->yer_o, 0);
    for (int i = 0; i < 5; i++) CHECK_EQ(cpu.cycle(), -1);
    // software cannot set YER (only hardware sets it): no delivery
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT | PMU_YCH_CTL_YER_MASK);
    CHECK_EQ(h.dut->yer_o, 0);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)), V | ACT);
    for (int i = 0; i < 5; i++) CHECK_EQ(cpu.cycle(), -1);

    // a disarm write (access phase t+1) racing the underflow of its trigger
    // (cycle t): the hardware set wins, no event is lost; the invalid channel
    // reads 0 and YRING0.YER shows YER & VALID; re-arming clears YER
    ych(h, 0, 0, V, YE(2), YE(2), 0);
    h.in.yev = 4;
    h.write(PMU_REG_YCH_CTL(0, 0), 0);              // setup phase: cycle t (trigger), access: t+1
    h.in.yev = 0;
    h.idle(3);
    CHECK_EQ(h.dut->yer_o & 1, 1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)), 0);
    CHECK_EQ(h.read(PMU_REG_YRING0) >> PMU_YRING0_YER_LSB & 0xFF, 0);
    h.write(PMU_REG_YCH_CTL(0, 0), V);
    CHECK_EQ(h.dut->yer_o & 1, 0);
    // MISS saturates at 0xFFFF
    h.reset("yield_miss_saturates");
    ych(h, 0, 0, V, YE(2), YE(2), 0);
    h.write(PMU_REG_YCH_MISS(0, 0), 0xFFFD);
    h.in.yev = 4;
    h.idle(6);                                      // 6 underflows: the first sets YER, 5 missed
    h.in.yev = 0;
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 0xFFFF);
}

// Actions (seed: "the action field is a four bit field that can therefore
// encode up to 16 action types ... a yield action value and a status bit
// update value"): 2 raises the PMU interrupt and 3 freezes the counters while
// the valid channel's YER is set; neither delivers a yield; re-arming (a CTL
// write) clears YER and ends both.
static void t_yield_actions(Harness &h) {
    ych(h, 0, 0, V | ACT_IRQ, YE(4), YE(4), 0, 0x44);
    YCpu cpu(h);
    h.in.yev = 16;
    CHECK_EQ(cpu.cycle(), -1);                       // trigger in cycle t
    h.in.yev = 0;
    CHECK_EQ(cpu.cycle(), -1);                       // underflow at the end of t+1
    CHECK_EQ(h.out.irq, 0);
    for (int i = 0; i < 5; i++) { CHECK_EQ(cpu.cycle(), -1); CHECK_EQ(h.out.irq, 1); }   // from t+2, no yield
    CHECK_EQ(h.dut->yblk_o, 0);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)), V | ACT_IRQ | PMU_YCH_CTL_YER_MASK);
    CHECK_EQ(h.out.irq, 1);
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT_IRQ);     // re-arm
    h.step();
    CHECK_EQ(h.out.irq, 0);
    // freeze: counter 0 counts every cycle until the channel's YER sets
    const unsigned E = cls(1);
    prog(h, 0, E, 0x0001, eq_all());
    h.in.ev[0][E] = 1;
    gen(h, true);
    ych(h, 0, 0, V | ACT_FRZ, YE(5), YE(5), 0);
    h.idle(4);
    const uint64_t c0 = h.cnt(0);                    // events up to cycle t-LAT (t: the trigger below)
    CHECK(c0 > 0);
    h.in.yev = 32; h.step(); h.in.yev = 0;           // trigger in cycle t: YER=1 from the end of t+1
    h.idle(6);
    const uint64_t c1 = h.cnt(0);
    h.idle(10);
    CHECK_EQ(h.cnt(0), c1);                          // frozen
    CHECK_EQ(h.out.irq, 0);
    CHECK_EQ(h.dut->yblk_o, 0);
    // the events of cycles t-LAT+1 .. t+1 counted, those of t+2.. (YER=1) not
    CHECK_EQ(c1, c0 + LAT + 1);
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT_FRZ);     // re-arm: counting resumes
    h.idle(10);
    CHECK(h.cnt(0) > c1);
    h.in.ev[0][E] = 0;
}

// Sticky event-schema vector (seed: "Occurrence of the particular event may
// set the bit in the event schema vector ... When all the non masked monitors
// reach their respective designated conditions then the handler is called";
// "the user may choose to specify the trigger as a level trigger or an edge
// trigger"): events of different cycles complete the scenario; a masked
// event still sets its bit; the fire and a re-arm clear the vector.
static void t_yield_sticky(Harness &h) {
    const uint32_t STK = PMU_YCH_CTL_STK_MASK, EDG = PMU_YCH_CTL_EDGE_MASK;
    // scenario: external events 0 and 1 (cache miss, then pipeline stall, as the
    // seed's scenario 0), SAV=0: every completion underflows
    ych(h, 0, 0, V | ACT | STK, 0, YE(0) | YE(1), 0, 0x5710);
    YCpu cpu(h);
    h.in.yev = 1;  CHECK_EQ(cpu.cycle(), -1);        // event 0 in cycle t
    h.in.yev = 4;  CHECK_EQ(cpu.cycle(), -1);        // event 2 (masked): its bit is set all the same
    h.in.yev = 0;
    for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), YE(0) | YE(2));
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 0);       // no completion yet
    cpu.align(0, 2);                                 // slot rule: u+2 is thread 0's slot
    h.in.yev = 2;  CHECK_EQ(cpu.cycle(), -1);        // event 1 in cycle u completes the vector: fire
    h.in.yev = 0;  CHECK_EQ(cpu.cycle(), -1);        // counts (underflow) in u+1
    CHECK_EQ(cpu.cycle(), 0);                        // delivered in u+2
    CHECK_EQ(h.out.yield_tgt, 0x5710);
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), 0);       // the fire cleared the vector (event 2 too)
    cpu.eret(0); cpu.cycle(); cpu.cycle();
    // level: an event held high sets its bit again after each fire; edge: once
    h.in.yev = 1;                                    // event 0 held high
    for (int i = 0; i < 4; i++) cpu.cycle();
    h.in.yev = 3;  cpu.cycle();                      // + event 1: fire
    h.in.yev = 1;  cpu.cycle();
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), YE(0));   // level: event 0 set again right after the fire
    ych(h, 0, 0, V | ACT | STK | EDG, 0, YE(0) | YE(1), 0, 0x5710);   // edge; re-arm clears ESV
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), 0);       // event 0 still high, but it does not rise
    h.in.yev = 0;  cpu.cycle();
    h.in.yev = 1;  cpu.cycle();                      // rises: set
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), YE(0));
    // re-arm (CTL write with STK=1) clears the vector
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT | STK | EDG);
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), 0);
    h.in.yev = 0;
    h.idle(4);
    // ANY: one masked event suffices; the vector of another ring's channel does not collect
    ych(h, 0, 0, V | STK | PMU_YCH_CTL_ANY_MASK, 0, YE(0) | YE(1), 5);
    ych(h, 3, 0, V | STK, 0, YE(0), 5);
    h.in.yev = 2; h.step(); h.in.yev = 0; h.idle(3);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 4);      // one completion
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(3, 0)), 0);      // ring 3 not current
}

// Yield types (seed: "When there is an opportunity to take a fault like
// yield exactly one fault like yield among all programmed fault like
// scenarios is selected and all other fault like yield requests generated by
// other fault like scenarios are dropped i.e. their channel YER bits are
// cleared"; trap-like: "Other channels YER bits remain set and they are
// serviced at the next window"), and the precise / hint attributes driven
// with the yield for the CPU.
static void t_yield_types(Harness &h) {
    if (NCH_ < 2) return;
    const uint32_t FLT = PMU_YCH_CTL_FLT_MASK, PRE = PMU_YCH_CTL_PRE_MASK, HINT = PMU_YCH_CTL_HINT_MASK;
    // ch0, ch1 fault-like (ch0 a hint, as the seed characterises fault-like
    // scenarios), the others trap-like and precise; one trigger for all
    ych(h, 0, 0, V | ACT | FLT | HINT, YE(6), YE(6), 0, 0xF00);
    ych(h, 0, 1, V | ACT | FLT, YE(6), YE(6), 0, 0xF01);
    for (unsigned i = 2; i < NCH_; i++) ych(h, 0, i, V | ACT | PRE, YE(6), YE(6), 0, 0xF00 + i);
    YCpu cpu(h);
    cpu.align(0, 2);                                 // slot rule: t+2 is thread 0's slot
    h.in.yev = 64; CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0;  CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yer_o & ((1u << NCH_) - 1), (1u << NCH_) - 1);   // all pending
    CHECK_EQ(cpu.cycle(), 0);                        // fault-like ch0 delivered ...
    CHECK_EQ(h.out.yield_attr, 5);                   // {HINT, PRE, FLT} = 1, 0, 1
    CHECK_EQ(h.dut->yer_o & 3, 0);                   // ... and fault-like ch1's request dropped
    CHECK_EQ(h.dut->yer_o & ((1u << NCH_) - 1), ((1u << NCH_) - 1) & ~3u);   // trap-like stay pending
    for (unsigned i = 2; i < NCH_; i++) {
        cpu.eret(0); CHECK_EQ(cpu.cycle(), -1); CHECK_EQ(cpu.cycle(), -1);
        CHECK_EQ(cpu.deliver(0), (int)i);            // trap-like: one per ERET, in index order,
                                                     // in thread 0's first slot (slot rule)
        CHECK_EQ(h.out.yield_attr, 2);               // precise, trap-like, architectural
    }
    cpu.eret(0); CHECK_EQ(cpu.cycle(), -1); CHECK_EQ(cpu.cycle(), -1);
    for (int i = 0; i < 4; i++) CHECK_EQ(cpu.cycle(), -1);   // ch1 was dropped: nothing more
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 1)), 0);
    // a trap-like yield delivered first leaves the fault-like requests pending
    ych(h, 0, 0, V | ACT, YE(6), YE(6), 0, 0xF00);
    ych(h, 0, 1, V | ACT | FLT, YE(6), YE(6), 0, 0xF01);
    for (unsigned i = 2; i < NCH_; i++) ych(h, 0, i, V | ACT | FLT, YE(6), YE(6), 0, 0xF00 + i);
    cpu.align(0, 2);                                 // slot rule: t+2 is thread 0's slot
    h.in.yev = 64; CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0;  CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), 0);
    CHECK_EQ(h.out.yield_attr, 0);
    CHECK_EQ(h.dut->yer_o & ((1u << NCH_) - 1), ((1u << NCH_) - 1) & ~1u);
    cpu.eret(0); CHECK_EQ(cpu.cycle(), -1); CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.deliver(0), 1);                     // fault-like ch1 (thread 0's first slot): the others' requests dropped
    CHECK_EQ(h.out.yield_attr, 1);
    CHECK_EQ(h.dut->yer_o & ((1u << NCH_) - 1), 0);
    cpu.eret(0); CHECK_EQ(cpu.cycle(), -1); CHECK_EQ(cpu.cycle(), -1);
}

// Monitor conditions (seed: "The triggering condition may be for example a
// certain count that is reached a count that is reached within a certain
// period a difference in count"; "an occurrence of a certain number of cache
// misses within a period of time"). Channel 0 of ring 0 triggers on
// external event 0 (the "cache miss"), DSEL = external event 1.
static void t_yield_cond(Harness &h) {
    const uint32_t DS1 = (PMU_YEV_EXT_LSB + 1) << PMU_YCH_CTL_DSEL_LSB;
    const uint32_t PER = PMU_YCOND_PERIOD << PMU_YCH_CTL_COND_LSB, DIF = PMU_YCOND_DIFF << PMU_YCH_CTL_COND_LSB;
    const uint32_t c0 = PMU_REG_YCH_CTL(0, 0);
    auto ev = [&](unsigned yev) { h.in.yev = (uint8_t)yev; h.step(); h.in.yev = 0; h.step(); };
    // difference: event 0 counts down, event 1 up; the (SAV+1)-th excess underflows
    ych(h, 0, 0, V | DIF | DS1, YE(0), YE(0), 2);
    ev(1); ev(1);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 0);      // two misses
    ev(2);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 1);      // one event 1: the difference is 1 again
    ev(3);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 1);      // both in one cycle: they cancel
    ev(1);
    CHECK_EQ(h.read(c0) & PMU_YCH_CTL_YER_MASK, 0);  // difference 2: not yet
    ev(1);
    CHECK_EQ(h.read(c0) & PMU_YCH_CTL_YER_MASK, PMU_YCH_CTL_YER_MASK);   // 5 - 2 = SAV + 1: underflow
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 2);      // reloaded
    // the up-count saturates
    h.write(PMU_REG_YCH_CNT(0, 0), 0xFFFFFFFFu);
    ev(2);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 0xFFFFFFFFu);
    ev(1);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 0xFFFFFFFEu);
    // COND=0 (count): event 1 does nothing
    ych(h, 0, 0, V | DS1, YE(0), YE(0), 2);
    ev(2); ev(1);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 1);
    // within a period: event 1 ends the period and reloads SAV
    ych(h, 0, 0, V | PER | DS1, YE(0), YE(0), 2);
    ev(1); ev(1);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 0);      // two misses in this period
    ev(2);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 2);      // period over: start again
    ev(1); ev(1);
    CHECK_EQ(h.read(c0) & PMU_YCH_CTL_YER_MASK, 0);
    ev(3);                                           // the third miss with the period end: it counts
    CHECK_EQ(h.read(c0) & PMU_YCH_CTL_YER_MASK, PMU_YCH_CTL_YER_MASK);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 2);
    // a period of the time base (DSEL = TB transition; TBSEL=3: TSC bit 0,
    // a transition every 2 cycles): a miss in every cycle is 2 per period,
    // so SAV=2 (3 misses) is never reached; with COND=0 it is
    if (h.cfg.has_sample) {
        mmcr(h, 3u << PMU_MMCR_TBSEL_LSB);
        const uint32_t DTB = PMU_YEV_TB_LSB << PMU_YCH_CTL_DSEL_LSB;
        ych(h, 0, 0, V | PER | DTB, YE(0), YE(0), 2);
        h.in.yev = 1; h.idle(40); h.in.yev = 0; h.idle(2);
        CHECK_EQ(h.read(c0) & PMU_YCH_CTL_YER_MASK, 0);
        CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 0);
        ych(h, 0, 0, V | DTB, YE(0), YE(0), 2);
        h.in.yev = 1; h.idle(40); h.in.yev = 0; h.idle(2);
        CHECK_EQ(h.read(c0) & PMU_YCH_CTL_YER_MASK, PMU_YCH_CTL_YER_MASK);
        mmcr(h, 0);
    }
    // the DSEL event of another ring's channel does not count: ring 3 is not current
    ych(h, 3, 0, V | DIF | DS1, YE(0), YE(0), 5);
    ev(2);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(3, 0)), 5);
    ych(h, 0, 0, 0, 0, 0, 0); ych(h, 3, 0, 0, 0, 0, 0);
}

// Capture record (YCAP=1; seed: scenarios "may maintain state information
// that can be reported to a service routine after a yield"; "the current EIP
// value ... dumped ... for the retired instruction counter underflow
// scenario"): the underflow that sets YER takes iaddr_i, daddr_i, the TSC and
// counter CSEL's value of its cycle; a missed underflow keeps the record.
static void t_yield_capture(Harness &h) {
    if (!YCAP_) {   // absent: every record register answers PSLVERR
        int e = 0;
        h.read(PMU_REG_YCAP_TS_LO(0, 0), &e); CHECK_EQ(e, 1);
        return;
    }
    const unsigned cs = NC_ > 1 ? 1 : 0;
    h.write64(A_LO(0), 0x1111);                      // counters hold (GEN=0): distinct values
    if (NC_ > 1) h.write64(A_LO(1), 0x123456789Aull & cmax());
    const uint64_t ctv = h.cnt(cs);
    const uint32_t CS = cs << PMU_YCH_CTL_CSEL_LSB;
    auto rec = [&](unsigned r, unsigned i, uint32_t lo) { return h.read64(PMU_YCAP_BASE(r, i) + lo); };
    // silent channel, SAV=0: each miss underflows
    ych(h, 0, 0, V | CS, YE(0), YE(0), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)) & PMU_YCH_CTL_CSEL_MASK, CS);
    h.in.yev = 1; h.in.iaddr = 0x1000; h.in.daddr = 0x2000; h.step();   // scenario met in cycle t
    h.in.yev = 0; h.in.iaddr = 0xABCD00001004ull; h.in.daddr = 0x8765000020F0ull;
    const uint64_t ts = h.dut->tsc_o;                // the TSC during cycle t+1
    h.step();                                        // t+1: underflow, YER set, record taken
    h.in.iaddr = 0x3000; h.in.daddr = 0x4000; h.step();
    CHECK_EQ(rec(0, 0, PMU_YCAP_IP_LO_OFF), amask(0xABCD00001004ull));
    CHECK_EQ(rec(0, 0, PMU_YCAP_DA_LO_OFF), amask(0x8765000020F0ull));
    CHECK_EQ(rec(0, 0, PMU_YCAP_TS_LO_OFF), ts);
    CHECK_EQ(rec(0, 0, PMU_YCAP_CT_LO_OFF), ctv);
    // a second underflow while YER is still set is missed: the record stays
    h.in.yev = 1; h.step(); h.in.yev = 0; h.in.iaddr = 0x5000; h.step(); h.step();
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 1);
    CHECK_EQ(rec(0, 0, PMU_YCAP_IP_LO_OFF), amask(0xABCD00001004ull));
    CHECK_EQ(rec(0, 0, PMU_YCAP_TS_LO_OFF), ts);
    // an invalid channel's record reads 0 (HI too); it is kept
    h.write(PMU_REG_YCH_CTL(0, 0), CS);
    for (uint32_t o = 0; o < 0x20; o += 4) CHECK_EQ(h.read(PMU_YCAP_BASE(0, 0) + o), 0);
    CHECK_EQ(h.read(PMU_REG_YCAP_IP_LO(0, 0)), 0);
    CHECK_EQ(h.read(PMU_REG_YCAP_IP_HI(0, 0)), 0);   // the shadow of a gated LO read is 0 too
    // read-only: writes are ignored without error
    CHECK_EQ(h.write(PMU_REG_YCAP_IP_LO(0, 0), 0x77), 0);
    // re-arm (YER cleared): the next underflow takes a new record; a
    // counter >= NC captures 0
    const uint32_t CSX = (NC_ < 32 ? 31u : 0u) << PMU_YCH_CTL_CSEL_LSB;
    h.write(PMU_REG_YCH_CTL(0, 0), V | CSX);
    CHECK_EQ(rec(0, 0, PMU_YCAP_IP_LO_OFF), amask(0xABCD00001004ull));
    h.in.yev = 1; h.step(); h.in.yev = 0; h.in.iaddr = 0x6000; h.in.daddr = 0x7000;
    const uint64_t ts2 = h.dut->tsc_o;
    h.step(); h.in.iaddr = 0; h.in.daddr = 0; h.step();
    CHECK_EQ(rec(0, 0, PMU_YCAP_IP_LO_OFF), 0x6000);
    CHECK_EQ(rec(0, 0, PMU_YCAP_DA_LO_OFF), 0x7000);
    CHECK_EQ(rec(0, 0, PMU_YCAP_TS_LO_OFF), ts2);
    CHECK_EQ(rec(0, 0, PMU_YCAP_CT_LO_OFF), NC_ < 32 ? 0 : h.cnt(0));
    // yield action: the handler (after delivery) reads the record of its
    // yield; the other channels' records are their own
    ych(h, 0, 0, V | ACT | CS, YE(0), YE(0), 0, 0x700);
    if (NCH_ > 1) ych(h, 0, 1, V | ACT, YE(1), YE(1), 0, 0x701);
    YCpu cpu(h);
    h.in.yev = 1; CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0; h.in.iaddr = 0x9000; const uint64_t ts3 = h.dut->tsc_o;
    CHECK_EQ(cpu.cycle(), -1);                       // underflow: record
    h.in.iaddr = 0x9004; CHECK_EQ(cpu.cycle(), 0);   // delivered
    CHECK_EQ(rec(0, 0, PMU_YCAP_IP_LO_OFF), 0x9000);
    CHECK_EQ(rec(0, 0, PMU_YCAP_TS_LO_OFF), ts3);
    if (NCH_ > 1) CHECK_EQ(rec(0, 1, PMU_YCAP_TS_LO_OFF), 0);   // never underflowed
    // ring 3: its own records
    ych(h, 3, 0, V | CS, YE(0), YE(0), 0);
    h.in.cpl[0] = 3; h.in.yev = 1; h.step(); h.in.yev = 0; h.in.iaddr = 0xC000; h.step(); h.in.cpl[0] = 0; h.step();
    CHECK_EQ(rec(3, 0, PMU_YCAP_IP_LO_OFF), 0xC000);
    CHECK_EQ(rec(0, 0, PMU_YCAP_IP_LO_OFF), 0x9000);
    cpu.eret(0); cpu.cycle(); cpu.cycle();
    h.in.iaddr = 0;
    for (unsigned i = 0; i < NCH_; i++) { ych(h, 0, i, 0, 0, 0, 0); ych(h, 3, i, 0, 0, 0, 0); }
}

// Channels per thread (seed: monitoring "on a per-thread basis"; "Each
// channel is assigned to a ring level and can only be used in this ring
// level"): a channel follows the ring of its thread (YTHRr), yields to it,
// and the block bits are per ring and thread.
static void t_yield_threads(Harness &h) {
    const uint32_t FLT = PMU_YCH_CTL_FLT_MASK;
    const uint32_t tw = NT_ > 4 ? 7u : NT_ > 2 ? 3u : NT_ > 1 ? 1u : 0u;   // stored bits of a thread field
    // YTHRr: channel i at [4i +: 3], clog2(NT) bits stored, channels >= NCH read 0
    CHECK_EQ(h.write(PMU_REG_YTHR0, 0x77777777u), 0);
    uint32_t exp = 0;
    for (unsigned i = 0; i < NCH_; i++) exp |= tw << (4 * i);
    CHECK_EQ(h.read(PMU_REG_YTHR0), exp);
    CHECK_EQ(h.write(PMU_REG_YTHR3, 0x77777777u), 0);                   // ring 3's: privileged only too (#34)
    CHECK_EQ(h.read(PMU_REG_YTHR3), exp);
    CHECK_EQ(h.write(PMU_REG_YTHR3, 0, 0xF, 0), 1);
    CHECK_EQ(h.read(PMU_REG_YTHR3), exp);
    CHECK_EQ(h.write(PMU_REG_YTHR0, 0, 0xF, 0), 1);                     // ring 0's: privileged only
    CHECK_EQ(h.read(PMU_REG_YTHR0), exp);
    h.write(PMU_REG_YTHR0, 0); h.write(PMU_REG_YTHR3, 0);
    if (NT_ < 2 || NCH_ < 2) return;
    YCpu cpu(h);
    // ring-3 channel 0 on thread 1, channel 1 on thread 0 (external event 4)
    h.write(PMU_REG_YTHR3, 1u << 0);
    ych(h, 3, 0, V | ACT, YE(4), YE(4), 0, 0x310);
    ych(h, 3, 1, V | ACT, YE(4), YE(4), 0, 0x300);
    h.in.cpl[0] = 0; h.in.cpl[1] = 3;                // thread 1 in ring 3, thread 0 in ring 0
    // slot rule: t+2 (deliverable) is thread 0's slot: not delivered in it,
    // delivered in the next cycle, thread 1's slot
    cpu.align(0, 2);
    h.in.yev = 16; CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0;  CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yer_o >> NCH_ & 3, 1);           // only thread 1's channel counted
    CHECK_EQ(YCpu::slot(h.cycle), 0);
    CHECK_EQ(cpu.cycle(), -1);                       // t+2: a slot-0 cycle, thread 1's request waits
    CHECK_EQ(YCpu::slot(h.cycle), 1);
    CHECK_EQ(cpu.cycle(), 0);                        // t+3, slot 1: delivered to thread 1
    CHECK_EQ(h.out.yield_ring, 1);
    CHECK_EQ(h.out.yield_tid, 1);
    CHECK_EQ(h.out.yield_tgt, 0x310);
    CHECK_EQ(h.dut->yblk_o, 1u << (NT_ + 1));        // ring 3, thread 1 blocked
    CHECK_EQ(h.read(PMU_REG_YRING3), 2u | (uint32_t)NCH_ << 24);
    // thread 0 enters ring 3: its channel counts and is delivered although
    // thread 1 is blocked; thread 1's next request waits
    h.in.cpl[0] = 3;
    cpu.align(0, 2);                                 // slot rule: t+2 is thread 0's slot
    h.in.yev = 16; CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0;  CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), 1);
    CHECK_EQ(h.out.yield_tid, 0);
    CHECK_EQ(h.out.yield_tgt, 0x300);
    CHECK_EQ(h.dut->yblk_o, 3u << NT_);
    CHECK_EQ(h.dut->yer_o >> NCH_ & 3, 1);           // thread 1's second request pending
    for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
    // thread 0's ERET (bit 0) does not unblock thread 1
    CHECK_EQ(h.write(PMU_REG_YRING3, 1u, 0xF, 0), 0);
    for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yblk_o, 2u << NT_);
    // thread 1's BLK cleared (privileged: an unprivileged write reaches the
    // issuing thread's bit only, and the replay vectors carry no ptid; thread
    // 1's own ERET: isolation): its pending yield is delivered
    CHECK_EQ(h.write(PMU_REG_YRING3, 2u), 0);
    CHECK_EQ(cpu.deliver(1), 0);                     // slot rule: thread 1's first slot after the access cycle
    CHECK_EQ(h.out.yield_tid, 1);
    // a thread leaves the ring: its channel stops counting, its request waits
    h.write(PMU_REG_YRING3, 3u);                     // privileged: both threads' BLK
    h.in.cpl[1] = 0;
    cpu.align(0, 2);                                 // slot rule: t+2 is thread 0's slot
    h.in.yev = 16; CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0;  CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), 1);                        // thread 0's channel only
    CHECK_EQ(h.dut->yer_o >> NCH_ & 1, 0);
    h.write(PMU_REG_YRING3, 3u);
    // fault-like requests are dropped for the delivered thread only
    ych(h, 3, 0, V | ACT | FLT, YE(4), YE(4), 0, 0x310);
    ych(h, 3, 1, V | ACT | FLT, YE(4), YE(4), 0, 0x300);
    h.write(PMU_REG_YTHR3, 1u << 0 | 1u << 4);       // both on thread 1 ...
    if (NCH_ > 2) {                                  // ... and channel 2 (fault-like) on thread 0
        ych(h, 3, 2, V | ACT | FLT, YE(4), YE(4), 0, 0x320);
    }
    h.in.cpl[0] = 3; h.in.cpl[1] = 3;
    cpu.align(1, 2);                                 // slot rule: t+2 is thread 1's slot
    h.in.yev = 16; CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0;  CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), 0);                        // channel 0 (thread 1): channel 1 dropped, channel 2 not
    CHECK_EQ(h.out.yield_tid, 1);
    CHECK_EQ(h.dut->yer_o >> NCH_ & 3, 0);
    if (NCH_ > 2) {
        CHECK_EQ(cpu.deliver(0), 2);                 // thread 0's channel in thread 0's next slot (slot rule)
        CHECK_EQ(h.out.yield_tid, 0);
    }
    // slot rule, the reason for it (#34): thread 0's deliverable request does
    // not delay thread 1's delivery. Ring-3 channel 0 on thread 0, channel 1
    // on thread 1, both threads in ring 3, nothing blocked; a trigger in cycle
    // t of every slot phase: thread 1's delivery is in the first slot-1 cycle
    // at or after t+2 whether channel 0 is idle (triggered by another event)
    // or deliverable in the same cycle (same trigger; the old rule, lowest
    // index first, would deliver channel 0 first and thread 1's one cycle later)
    h.write(PMU_REG_YRING3, 0xFFu);
    for (unsigned i = 2; i < NCH_; i++) ych(h, 3, i, 0, 0, 0, 0);
    h.write(PMU_REG_YTHR3, 1u << 4);
    for (unsigned ph = 0; ph < NT_; ph++) {
        uint64_t d1[2] = {0, 0}, off[2] = {0, 0};
        for (int busy = 0; busy < 2; busy++) {
            ych(h, 3, 0, V | ACT, YE(busy ? 4 : 5), YE(busy ? 4 : 5), 0, 0x300);
            ych(h, 3, 1, V | ACT, YE(4), YE(4), 0, 0x310);
            while (YCpu::slot(h.cycle) != ph) CHECK_EQ(cpu.cycle(), -1);
            const uint64_t t = h.cycle;
            uint64_t e1 = t + 2, e0 = t + 2, d0 = 0;
            while (YCpu::slot(e1) != 1) e1++;
            while (YCpu::slot(e0) != 0) e0++;
            h.in.yev = 16; CHECK_EQ(cpu.cycle(), -1);
            h.in.yev = 0;
            for (unsigned i = 0; i < 2 * NT_ + 4; i++) {
                const int ch = cpu.cycle();
                if (ch == 1) { CHECK_EQ(d1[busy], 0); d1[busy] = cpu.last; CHECK_EQ(h.out.yield_tid, 1); }
                if (ch == 0) { CHECK_EQ(d0, 0); d0 = cpu.last; CHECK_EQ(h.out.yield_tid, 0); }
            }
            CHECK_EQ(d1[busy], e1);
            off[busy] = d1[busy] - t;
            CHECK_EQ(d0, busy ? e0 : 0);             // channel 0 in thread 0's own first slot, or not at all
            h.write(PMU_REG_YRING3, 3u);             // ERET of both threads
        }
        CHECK_EQ(off[1], off[0]);                    // the same cycle after the trigger
        if (YCpu::slot(ph + 2) == 1) CHECK_EQ(off[1], 2);   // t+2 in slot 1: t+2 although channel 0 competes
    }
    // a thread number >= NT (NT not a power of two) names no thread
    if (NT_ == 3) {
        h.write(PMU_REG_YRING3, 0xFFu);
        h.write(PMU_REG_YTHR3, 3u);
        for (unsigned i = 1; i < NCH_; i++) ych(h, 3, i, 0, 0, 0, 0);
        ych(h, 3, 0, V | ACT, YE(4), YE(4), 0, 0x310);
        h.in.yev = 16; cpu.cycle(); h.in.yev = 0;
        for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
        CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & PMU_YCH_CTL_YER_MASK, 0);
    }
    h.in.cpl[0] = h.in.cpl[1] = 0;
    h.write(PMU_REG_YRING3, 0xFFu);
    h.write(PMU_REG_YTHR3, 0);
    for (unsigned i = 0; i < NCH_; i++) ych(h, 3, i, 0, 0, 0, 0);
}

// Thread isolation (issue #34, docs/security.md): an unprivileged access
// (PPROT[0]=0) reaches only what its hardware thread (ptid_i) owns: the
// ring-3 channels (YCH3, YCAP3) YTHR3 gives it, its YRING3 bits (BLK[ptid],
// its channels' YER), the read shadow it latched itself; YTHR3 and the actions
// that reach every thread (ACT 2, 3) are privileged. Thread 0 attacks thread 1
// (ring-3 channel 0: thread 0, channel 1: thread 1); a ptid >= NT (names no
// thread) owns nothing. Left out of the Icarus replay vectors: their lines
// carry no ptid (tb/tb_replay.v drives thread 0).
static void t_isolation(Harness &h) {
    if (!h.cfg.has_yield) { printf("  HAS_YIELD=0: no yield channels, skipped\n"); return; }
    int e = -1;
    // unprivileged write / read as thread t (privileged accesses keep ptid 0)
    auto uw = [&](unsigned t, uint32_t a, uint32_t d) {
        h.in.ptid = (uint8_t)t; const int err = h.write(a, d, 0xF, 0); h.in.ptid = 0; return err;
    };
    auto ur = [&](unsigned t, uint32_t a, int *err) {
        h.in.ptid = (uint8_t)t; const uint32_t v = h.read(a, err, 0); h.in.ptid = 0; return v;
    };
    const bool X = NT_ >= 2 && NCH_ >= 2;            // a second thread with a channel of its own
    const bool HAS_NB = NT_ < 8;
    const unsigned NB = NT_;                          // a ptid that names no thread
    const uint32_t NCHF = (uint32_t)NCH_ << PMU_YRING3_NCH_LSB, UEN = PMU_GCTL_UEN_MASK;
    const uint32_t ACTM = PMU_YCH_CTL_ACT_MASK;
    if (!X) printf("  NT=%u NCH=%u: no second thread with a channel: the cross-thread parts are skipped, "
                   "ptid %u (names no thread) is the intruder\n", NT_, NCH_, NB);
    static const uint32_t YOFF[8] = {PMU_YCH_ESV_OFF, PMU_YCH_ESM_OFF, PMU_YCH_SAV_OFF, PMU_YCH_CNT_OFF,
                                     PMU_YCH_MISS_OFF, PMU_YCH_TGT_LO_OFF, PMU_YCH_TGT_HI_OFF, PMU_YCH_CTL_OFF};
    // what an intruder writes (valid values, all differ from the victim's; CTL=0 last: it would invalidate)
    static const uint32_t YWD[8] = {1u, 1u, 0x1234u, 0x4321u, 0x77u, 0xBAD0u, 0xBAD1u, 0u};
    const uint64_t TGT0 = 0x0000000A00003000ull, TGT1 = 0x0000000B00003100ull;

    // ---- privileged set-up: ring-3 channel 0 -> thread 0, channel 1 -> thread 1
    CHECK_EQ(h.write(PMU_REG_YTHR3, 1u << 4), 0);
    const uint32_t ythr = NT_ > 1 ? 1u << 4 : 0u;    // NT=1: no field bits stored (every channel is thread 0's)
    CHECK_EQ(h.read(PMU_REG_YTHR3), ythr);
    ych(h, 3, 0, V | ACT, YE(4), YE(4), 5, TGT0);
    if (NCH_ > 1) ych(h, 3, 1, V | ACT, YE(5), YE(5), 0, TGT1);

    // ---- (a) thread 0 reads and writes its own channel
    const uint32_t ctl0 = h.read(PMU_REG_YCH_CTL(3, 0));
    CHECK_EQ(ctl0 & (PMU_YCH_CTL_VALID_MASK | ACTM), V | ACT);
    CHECK_EQ(ur(0, PMU_REG_YCH_CTL(3, 0), &e), ctl0); CHECK_EQ(e, 0);
    CHECK_EQ(uw(0, PMU_REG_YCH_SAV(3, 0), 0), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_SAV(3, 0)), 0);
    CHECK_EQ(uw(0, PMU_REG_YCH_TGT_LO(3, 0), 0x3004), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_TGT_LO(3, 0)), 0x3004);
    CHECK_EQ(ur(0, PMU_REG_YCH_TGT_LO(3, 0), &e), 0x3004); CHECK_EQ(e, 0);
    CHECK_EQ(ur(0, PMU_REG_YCH_TGT_HI(3, 0), &e), AW_ == 64 ? 0xAu : 0u); CHECK_EQ(e, 0);

    // ---- (b) another thread's channel: PSLVERR on every register, read and write; nothing changes
    auto intrude = [&](unsigned t, unsigned ch) {
        uint32_t before[8];
        for (unsigned k = 0; k < 8; k++) before[k] = h.read(PMU_YCH_BASE(3, ch) + YOFF[k]);
        for (unsigned k = 0; k < 8; k++) {
            const uint32_t a = PMU_YCH_BASE(3, ch) + YOFF[k];
            e = -1; CHECK_EQ(ur(t, a, &e), 0); CHECK_EQ(e, 1);
            CHECK_EQ(uw(t, a, YWD[k]), 1);
        }
        for (unsigned k = 0; k < 8; k++) CHECK_EQ(h.read(PMU_YCH_BASE(3, ch) + YOFF[k]), before[k]);
    };
    if (X) {
        CHECK_EQ(h.read(PMU_REG_YCH_TGT_LO(3, 1)), (uint32_t)TGT1);
        intrude(0, 1);                                // thread 0 -> thread 1's channel
        CHECK_EQ(h.read(PMU_REG_YCH_TGT_LO(3, 1)), (uint32_t)TGT1);   // the target: not redirected
        CHECK_EQ(h.read(PMU_REG_YCH_TGT_HI(3, 1)), AW_ == 64 ? (uint32_t)(TGT1 >> 32) : 0u);
        CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 1)) & (PMU_YCH_CTL_VALID_MASK | ACTM), V | ACT);
        CHECK_EQ(ur(1, PMU_REG_YCH_TGT_LO(3, 1), &e), (uint32_t)TGT1); CHECK_EQ(e, 0);   // its owner can
        intrude(1, 0);                                // and thread 1 -> thread 0's
    }
    if (HAS_NB)
        for (unsigned i = 0; i < NCH_; i++) intrude(NB, i);   // owns no channel
    else printf("  NT=8: every ptid names a thread, the no-thread intruder is skipped\n");

    // ---- (c) YTHR3 is privileged: the attack of re-assigning a channel fails
    CHECK_EQ(uw(0, PMU_REG_YTHR3, 0u), 1);            // take thread 1's channel
    CHECK_EQ(uw(0, PMU_REG_YTHR3, 0x11111111u), 1);   // point every channel at thread 1
    e = -1; CHECK_EQ(ur(0, PMU_REG_YTHR3, &e), 0); CHECK_EQ(e, 1);
    CHECK_EQ(h.read(PMU_REG_YTHR3), ythr);
    if (X) { e = -1; CHECK_EQ(ur(0, PMU_REG_YCH_TGT_LO(3, 1), &e), 0); CHECK_EQ(e, 1); }

    // ---- (f) actions that reach every thread: privileged only
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V | ACT_IRQ), 1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)), ctl0);
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V | ACT_FRZ), 1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)), ctl0);
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V), 0);     // ACT=0 and 1: its own to choose
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & (PMU_YCH_CTL_VALID_MASK | ACTM), V);
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V | ACT), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & (PMU_YCH_CTL_VALID_MASK | ACTM), V | ACT);
    CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, 0), V | ACT_FRZ), 0);   // privileged: 3 fine
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & ACTM, ACT_FRZ);
    CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, 0), V | ACT_IRQ), 0);   // ... and 2
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & ACTM, ACT_IRQ);
    CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, 0), V | 4u << PMU_YCH_CTL_ACT_LSB), 1);   // reserved for everyone
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V | 4u << PMU_YCH_CTL_ACT_LSB), 1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & ACTM, ACT_IRQ);
    ych(h, 3, 0, V | ACT, YE(4), YE(4), 0, TGT0);     // back to a yield, SAV=0

    // ---- (d) YRING3: block both threads (a ring-3 yield each), channels' YER pending
    YCpu cpu(h);
    const unsigned TV = X ? 1 : 0;                    // the blocked victim (NT=1: thread 0 itself)
    const unsigned CV = X ? 1 : 0;                    // its channel
    h.in.cpl[TV] = 3;
    h.in.iaddr = 0x5100; h.in.daddr = 0x6100;         // channel 1's capture record
    cpu.align(TV, 2);                                 // slot rule: t+2 is the victim thread's slot
    h.in.yev = 1u << (X ? 5 : 4); CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0; CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), (int)CV);                   // delivered to the victim thread
    CHECK_EQ(h.out.yield_tid, TV);
    CHECK_EQ(h.out.yield_ring, 1);
    CHECK_EQ(h.out.yield_tgt, amask(X ? TGT1 : TGT0));
    CHECK_EQ(h.dut->yblk_o, 1u << (NT_ + TV));
    h.in.yev = 1u << (X ? 5 : 4); cpu.cycle(); cpu.cycle(); h.in.yev = 0;   // blocked: YER pending
    for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yer_o >> NCH_ >> CV & 1, 1);
    const uint32_t blk_v = 1u << TV, yer_v = 1u << (8 + CV);
    if (X) {                                          // thread 0 blocked too, its channel pending
        h.in.cpl[0] = 3; h.in.iaddr = 0x5000; h.in.daddr = 0x6000;
        cpu.align(0, 2);                              // slot rule: t+2 is thread 0's slot
        h.in.yev = 16; CHECK_EQ(cpu.cycle(), -1);
        h.in.yev = 0; CHECK_EQ(cpu.cycle(), -1);
        CHECK_EQ(cpu.cycle(), 0);
        CHECK_EQ(h.out.yield_tid, 0);
        CHECK_EQ(h.out.yield_tgt, amask(TGT0));
        h.in.yev = 16; cpu.cycle(); cpu.cycle(); h.in.yev = 0;
        for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
        h.in.cpl[0] = 0;                              // out of ring 3: its pending yield waits
        CHECK_EQ(h.dut->yblk_o, 3u << NT_);
        CHECK_EQ(h.dut->yer_o >> NCH_ & 3, 3);
        CHECK_EQ(h.read(PMU_REG_YRING3), 3u | 3u << 8 | NCHF);
        CHECK_EQ(ur(0, PMU_REG_YRING3, &e), 1u | 1u << 8 | NCHF); CHECK_EQ(e, 0);   // no BLK[1], no channel 1 YER
        CHECK_EQ(ur(1, PMU_REG_YRING3, &e), 2u | 2u << 8 | NCHF); CHECK_EQ(e, 0);
    } else {
        CHECK_EQ(ur(0, PMU_REG_YRING3, &e), blk_v | yer_v | NCHF); CHECK_EQ(e, 0);
    }
    const uint32_t yblk = (uint32_t)h.dut->yblk_o;
    if (HAS_NB) {                                     // owns nothing: reads NCH only, clears nothing
        CHECK_EQ(ur(NB, PMU_REG_YRING3, &e), NCHF); CHECK_EQ(e, 0);
        CHECK_EQ(uw(NB, PMU_REG_YRING3, 0xFFFFFFFFu), 0);
        CHECK_EQ(h.dut->yblk_o, yblk);
    }
    if (X) {
        CHECK_EQ(uw(0, PMU_REG_YRING3, 0xFFFFFFFFu), 0);   // thread 0's ERET of everything
        CHECK_EQ(h.dut->yblk_o, 2u << NT_);           // its own BLK cleared, thread 1 still blocked
        CHECK_EQ(h.read(PMU_REG_YRING3), 2u | 3u << 8 | NCHF);
        CHECK_EQ(ur(0, PMU_REG_YRING3, &e), 1u << 8 | NCHF); CHECK_EQ(e, 0);
        for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);   // thread 1's pending yield still waits
    }
    CHECK_EQ(uw(TV, PMU_REG_YRING3, PMU_YRING3_BLK_MASK), 0);   // the victim's own ERET
    CHECK_EQ(h.dut->yblk_o, 0);
    CHECK_EQ(cpu.deliver(TV), (int)CV);               // its pending yield delivered, in its first slot (slot rule)
    CHECK_EQ(h.out.yield_tid, TV);
    h.in.cpl[TV] = 0; h.in.iaddr = 0; h.in.daddr = 0;
    CHECK_EQ(h.write(PMU_REG_YRING3, PMU_YRING3_BLK_MASK), 0);
    CHECK_EQ(h.dut->yblk_o, 0);

    // ---- (e) capture records
    if (!YCAP_) printf("  YCAP=0: no capture records, YCAP3 part skipped\n");
    else {
        static const uint32_t COFF[8] = {PMU_YCAP_IP_LO_OFF, PMU_YCAP_IP_HI_OFF, PMU_YCAP_DA_LO_OFF,
                                         PMU_YCAP_DA_HI_OFF, PMU_YCAP_TS_LO_OFF, PMU_YCAP_TS_HI_OFF,
                                         PMU_YCAP_CT_LO_OFF, PMU_YCAP_CT_HI_OFF};
        h.write(PMU_REG_GCTL, UEN);                   // a counter's value readable: only ownership decides
        auto refuse = [&](unsigned t, unsigned ch) {
            for (unsigned k = 0; k < 8; k++) {
                e = -1; CHECK_EQ(ur(t, PMU_YCAP_BASE(3, ch) + COFF[k], &e), 0); CHECK_EQ(e, 1);
            }
            CHECK_EQ(uw(t, PMU_REG_YCAP_IP_LO(3, ch), 0), 1);
        };
        if (X) { refuse(0, 1); refuse(1, 0); }
        if (HAS_NB) for (unsigned i = 0; i < NCH_; i++) refuse(NB, i);
        // the owner reads its record (LO then HI, its own shadow) as privileged code does
        auto own64 = [&](unsigned t, unsigned ch, uint32_t lo) {
            int e1 = -1, e2 = -1;
            uint64_t v = ur(t, PMU_YCAP_BASE(3, ch) + lo, &e1);
            v |= (uint64_t)ur(t, PMU_YCAP_BASE(3, ch) + lo + 4, &e2) << 32;
            CHECK_EQ(e1, 0); CHECK_EQ(e2, 0);
            return v;
        };
        CHECK_EQ(h.read64(PMU_REG_YCAP_IP_LO(3, 0)), X ? 0x5000u : 0x5100u);
        for (unsigned k = 0; k < 8; k += 2)
            CHECK_EQ(own64(0, 0, COFF[k]), h.read64(PMU_YCAP_BASE(3, 0) + COFF[k]));
        if (X) {
            CHECK_EQ(own64(1, 1, PMU_YCAP_IP_LO_OFF), 0x5100u);
            CHECK_EQ(own64(1, 1, PMU_YCAP_DA_LO_OFF), 0x6100u);
        }
        // UEN=0: the counter value (CT) is refused even to its owner; IP/DA/TS are not
        h.write64(A_LO(0), 0x77ull);                  // (the record keeps the value it captured)
        h.write(PMU_REG_GCTL, 0);
        for (unsigned k = 0; k < 6; k++) { e = -1; ur(0, PMU_YCAP_BASE(3, 0) + COFF[k], &e); CHECK_EQ(e, 0); }
        e = -1; CHECK_EQ(ur(0, PMU_REG_YCAP_CT_LO(3, 0), &e), 0); CHECK_EQ(e, 1);
        e = -1; CHECK_EQ(ur(0, PMU_REG_YCAP_CT_HI(3, 0), &e), 0); CHECK_EQ(e, 1);
        e = -1; h.read(PMU_REG_YCAP_CT_LO(3, 0), &e); CHECK_EQ(e, 0);   // privileged: fine
    }

    // ---- (g) the read shadow answers an unprivileged HI read only for its own thread's LO read
    h.write(PMU_REG_GCTL, UEN);
    h.write(PMU_REG_TSC_HI, 0x1234); h.write(PMU_REG_TSC_LO, 0);   // TSC = 0x1234_0000_0000 + t
    const uint64_t C0 = ((0xABull << 32) | 0x5555u) & cmax();
    h.write64(A_LO(0), C0);
    CHECK_EQ(h.cnt(0), C0);
    h.read(PMU_REG_TSC_LO);                           // privileged latch of 0x1234
    CHECK_EQ(ur(0, PMU_REG_TSC_HI, &e), 0); CHECK_EQ(e, 0);
    CHECK_EQ(ur(0, PMU_REG_CNT_HI(0), &e), 0); CHECK_EQ(e, 0);
    CHECK_EQ(h.read(PMU_REG_TSC_HI), 0x1234);         // privileged: the shadow
    CHECK_EQ(ur(1, A_LO(0), &e), 0x5555u); CHECK_EQ(e, 0);   // ptid 1 latches counter 0's high half
    CHECK_EQ(ur(0, PMU_REG_CNT_HI(0), &e), 0); CHECK_EQ(e, 0);
    CHECK_EQ(ur(0, PMU_REG_TSC_HI, &e), 0); CHECK_EQ(e, 0);
    CHECK_EQ(ur(1, PMU_REG_CNT_HI(0), &e), (uint32_t)(C0 >> 32)); CHECK_EQ(e, 0);   // its own latch
    CHECK_EQ(h.read(PMU_REG_CNT_HI(0)), (uint32_t)(C0 >> 32));
    ur(0, PMU_REG_TSC_LO, &e); CHECK_EQ(e, 0);       // thread 0's own latch ...
    CHECK_EQ(ur(0, PMU_REG_TSC_HI, &e), 0x1234); CHECK_EQ(e, 0);
    CHECK_EQ(ur(1, PMU_REG_TSC_HI, &e), 0); CHECK_EQ(e, 0);   // ... not ptid 1's
    if (HAS_NB && NB != 1) { CHECK_EQ(ur(NB, PMU_REG_TSC_HI, &e), 0); CHECK_EQ(e, 0); }
    h.write(PMU_REG_GCTL, 0);
}

// Priority: same-cycle requests are delivered lowest index first, one per ERET; rings are separate.
static void t_yield_priority(Harness &h) {
    for (unsigned i = 0; i < NCH_; i++) ych(h, 0, i, V | ACT, YE(3), YE(3), 0, 0x100 + i);
    ych(h, 3, 0, V | ACT, YE(3), YE(3), 0, 0x300);
    YCpu cpu(h);
    h.in.cpl[0] = 3;                                 // ring 3 current: only the ring-3 channel triggers
    h.in.yev = 8;
    CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0;
    h.in.cpl[0] = 0;                                 // back in ring 0 before delivery: it stays pending
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yer_o, 1u << NCH_);
    cpu.align(0, 2);                                 // slot rule: t+2 is thread 0's slot (ring 0: thread 0)
    h.in.yev = 8;
    CHECK_EQ(cpu.cycle(), -1);                       // one trigger for every ring-0 channel (same cycle)
    h.in.yev = 0;
    CHECK_EQ(cpu.cycle(), -1);                       // the triggers count
    for (unsigned i = 0; i < NCH_; i++) {
        // lowest index first; slot rule: in the first slot-0 cycle at or after
        // the one the ERET makes it deliverable in (i=0: exactly t+2)
        if (i == 0) CHECK_EQ(cpu.cycle(), 0);
        else CHECK_EQ(cpu.deliver(0), (int)i);
        CHECK_EQ(h.out.yield_tgt, 0x100 + i);
        CHECK_EQ(h.out.yield_ring, 0);
        CHECK_EQ(cpu.cycle(), -1);                   // blocked: the others stay pending
        CHECK_EQ(h.read(PMU_REG_YRING0) >> 8 & 0xFF, ((1u << NCH_) - 1) & ~((2u << i) - 1));
        cpu.eret(0);
        CHECK_EQ(cpu.cycle(), -1);
        CHECK_EQ(cpu.cycle(), -1);
    }
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yer_o, 1u << NCH_);              // the ring-3 request is still pending
    h.in.cpl[0] = 2;                                 // CPL 1..3 is ring 3
    CHECK_EQ(cpu.deliver(0), 0);                     // slot rule: thread 0's first slot from now
    CHECK_EQ(h.out.yield_ring, 1);
    CHECK_EQ(h.out.yield_tgt, 0x300);
    CHECK_EQ(h.dut->yblk_o, 1u << NT_);                  // ring 3, thread 0
    cpu.eret(1);                                     // ring-3 software ERETs (unprivileged write)
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yblk_o, 0);
    h.in.cpl[0] = 0;
}

// Scenario semantics (AND/OR, ESV polarity, ESM=0, VALID, ring, counter and TB events), via the down-counter.
static void t_yield_scenario(Harness &h) {
    const unsigned B0[] = {1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 1};
    const unsigned B1[] = {0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0};
    const unsigned L = 16, SAV = 1000;
    unsigned n_and = 0, n_or = 0;
    for (unsigned i = 0; i < L; i++) { n_and += B0[i] && !B1[i]; n_or += B0[i] || !B1[i]; }
    h.in.yev = 2;                                    // yev0=0, yev1=1: neither scenario holds
    // ch0: yev0=1 AND yev1=0; ch1: yev0=1 OR yev1=0; ring-3 ch0: same as ch0 but ring 3
    ych(h, 0, 0, V, YE(0), YE(0) | YE(1), SAV);
    if (NCH_ > 1) ych(h, 0, 1, V | PMU_YCH_CTL_ANY_MASK, YE(0), YE(0) | YE(1), SAV);
    ych(h, 3, 0, V, YE(0), YE(0) | YE(1), SAV);
    if (NCH_ > 1) ych(h, 3, 1, V, YE(0), 0, SAV);   // ESM=0: never
    for (unsigned i = 0; i < L; i++) { h.in.yev = (uint8_t)(B0[i] | B1[i] << 1); h.step(); }
    h.in.yev = 2;                                    // yev0=0, yev1=1: neither scenario holds
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), SAV - n_and);
    if (NCH_ > 1) CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 1)), SAV - n_or);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(3, 0)), SAV);                   // ring 3 not current
    if (NCH_ > 1) CHECK_EQ(h.read(PMU_REG_YCH_CNT(3, 1)), SAV);
    // ring 3 current: only ring-3 channels count; an invalid channel never does
    h.write(PMU_REG_YCH_CTL(0, 0), 0);
    h.in.cpl[0] = 3;
    h.in.yev = 1;
    h.idle(10);
    h.in.yev = 2;
    h.in.cpl[0] = 0;
    h.write(PMU_REG_YCH_CTL(0, 0), V);              // valid again (readable); neither scenario holds
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(3, 0)), SAV - 10);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), SAV - n_and);
    if (NCH_ > 1) CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 1)), SAV - n_or);
    // counter events: "counter 0 counted" AND NOT "counter 1 counted"
    const unsigned E = cls(1);
    prog(h, 0, E, 0x0001, eq_all());
    if (NC_ > 1) prog(h, 1, E, 0x0002, eq_all());
    const uint32_t c1 = NC_ > 1 ? 2u : 0u;
    ych(h, 0, 0, V, 1u, 1u | c1, SAV);
    const unsigned Q0[] = {1, 0, 1, 1, 0, 1, 1, 1, 0, 0};
    const unsigned Q1[] = {0, 0, 1, 0, 1, 1, 0, 0, 0, 1};
    unsigned n_cnt = 0;
    for (unsigned i = 0; i < 10; i++) n_cnt += Q0[i] && !(NC_ > 1 && Q1[i]);
    window(h, [&](unsigned i) { h.in.ev[0][E] = (uint16_t)(Q0[i] | Q1[i] << 1); }, 10);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), SAV - n_cnt);
    // counter events need the counter to count: GEN=0 -> no trigger
    h.in.ev[0][E] = 1;
    h.idle(5);
    h.in.ev[0][E] = 0;
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), SAV - n_cnt);
    // time-base event (TBEE not needed): TSC bit 0 rising
    mmcr(h, 3u << PMU_MMCR_TBSEL_LSB);
    ych(h, 0, 0, V, 1u << PMU_YEV_TB_LSB, 1u << PMU_YEV_TB_LSB, SAV);
    unsigned rises = 0;
    for (int i = 0; i < 11; i++) { rises += (h.dut->tsc_o & 1) == 0; h.step(); }
    CHECK(rises == 5 || rises == 6);
    h.write(PMU_REG_YCH_CTL(0, 0), 0);              // its 2 edges: exactly one more rise of bit 0
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 0);     // invalid: reads 0
    CHECK_EQ(pmu_model_ych_cnt(h.m, 0, 0), SAV - rises - 1);
    CHECK_EQ(get_bits(h.dut->ycnt_o, 0, 32), SAV - rises - 1);
}

// ------------------------------------------------ measured latencies
// Each path is measured on the lockstep pair and the table is written to
// --latency FILE (docs/sampling.md includes it; make docs-latency). Cycle t
// is the cycle of the cause (an event asserted, or a bus access phase).
struct LatRow { std::string path, value; };
static std::vector<LatRow> g_lat;
static void lat_row(const char *path, int cycles, const char *note) {
    char b[256];
    snprintf(b, sizeof b, "%d cycle%s%s%s", cycles, cycles == 1 ? "" : "s", *note ? " " : "", note);
    g_lat.push_back({path, b});
}
// the number of steps until cond() holds (0: it holds now), -1 never; called
// right after the step of the cause's cycle t, so the latency is 1 + that
static int until(Harness &h, std::function<bool()> cond, int limit = 20) {
    for (int i = 0; i <= limit; i++) { if (cond()) return i; h.step(); }
    return -1;
}
static void t_latencies(Harness &h) {
    if (!h.cfg.has_sample) return;
    const unsigned E = cls(1);
    // event -> counter value: the events of cycle t are in the counter from cycle t+d
    prog(h, 0, E, 0x0001, eq_all());
    gen(h, true);
    h.in.ev[0][E] = 1; h.step(); h.clear_events();            // the event's cycle t
    int d = until(h, [&] { return h.cnt(0) == 1; });
    CHECK_EQ(d + 1, (int)LAT);
    lat_row("event in cycle t -> counter value (`cnt_o`, a read) includes it", d + 1, "(from cycle t+LAT, CAP.LAT)");
    // event makes a NIE counter negative -> irq_o/pmi_o
    h.reset("lat_neg");
    prog(h, 0, E, 0x0001, eq_all());
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half() - 1);
    mmcr(h, PMU_MMCR_PMXE_MASK);
    gen(h, true);
    h.in.ev[0][E] = 1; h.in.iaddr = 0xE0; h.step(); h.clear_events(); h.in.iaddr = 0;
    d = until(h, [&] { return h.irq(); });
    CHECK_EQ(h.dut->siar_o, 0xE0);
    lat_row("event in cycle t makes a NIE counter negative -> `irq_o`/`pmi_o` high", d + 1,
            "(SIAR/SDAR = addresses of cycle t)");
    // CNT_LO write of a negative value -> irq
    h.reset("lat_preset");
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    mmcr(h, PMU_MMCR_PMXE_MASK);
    h.write(A_LO(0) + 4, (uint32_t)(half() >> 32));
    h.write(A_LO(0), (uint32_t)half());
    d = until(h, [&] { return h.irq(); });
    lat_row("CNT_LO write of a negative value (access phase in cycle t) -> `irq_o`", d + 1, "");
    // PMXE set while a NIE counter is negative -> irq
    h.reset("lat_pmxe");
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half());
    h.idle(3);
    mmcr(h, PMU_MMCR_PMXE_MASK);
    d = until(h, [&] { return h.irq(); });
    lat_row("MMCR write setting PMXE while a NIE counter is negative -> `irq_o`", d + 1, "");
    // time base: the selected TSC bit rises -> irq (0: high in the first cycle the bit reads 1)
    h.reset("lat_tb");
    h.write64(PMU_REG_TSC_LO, (1ull << TB_LE[2]) - 8);
    mmcr(h, PMU_MMCR_TBEE_MASK | PMU_MMCR_PMXE_MASK | 2u << PMU_MMCR_TBSEL_LSB);
    int tb_lat = -1;
    for (int i = 0; i < 20 && tb_lat < 0; i++) {
        bool bit = (h.dut->tsc_o >> TB_LE[2]) & 1;
        bool irq = h.irq();
        if (bit) tb_lat = irq ? 0 : 1;
        h.step();
    }
    CHECK_EQ(tb_lat, 0);
    lat_row("TSC bit TBSEL becomes 1 -> `irq_o`/`pmi_o`", tb_lat, "(high in the first cycle the bit reads 1)");
    // overflow -> irq
    h.reset("lat_ovf");
    prog(h, 0, E, 0x0001, eq_all(), PMU_CTL_IE_MASK);
    h.write64(A_LO(0), cmax());
    gen(h, true);
    h.in.ev[0][E] = 1; h.step(); h.clear_events();
    d = until(h, [&] { return h.irq(); });
    lat_row("event in cycle t wraps a counter (IE=1) -> OVF set, `irq_o` high", d + 1, "");
    // FOI: events counted after the one that made the counter negative (skid)
    h.reset("lat_foi");
    prog(h, 0, E, 0x0001, eq_all());
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half() - 1);
    mmcr(h, PMU_MMCR_FOI_MASK | PMU_MMCR_PMXE_MASK);
    h.in.ev[0][E] = 1;
    gen(h, true);
    h.idle(10);
    h.clear_events();
    int skid = (int)(h.cnt(0) - half());
    CHECK_EQ(skid, (int)LAT);
    lat_row("FOI=1: events counted after the one that made the counter negative", skid,
            "(the cycles between the event and the freeze edge; SIAR/SDAR still name the event)");
    // GEN write -> first counted cycle; start/stop of every counter on one cycle
    h.reset("lat_gen");
    for (unsigned n = 0; n < NC_; n++) prog(h, n, E, 0x0001, eq_all());
    h.in.ev[0][E] = 1;
    gen(h, true);                       // counting from the cycle after the access phase
    d = until(h, [&] { return h.cnt(0) != 0; });
    for (unsigned n = 1; n < NC_; n++) CHECK_EQ(h.cnt(n), h.cnt(0));
    CHECK_EQ(d, (int)LAT);
    lat_row("GCTL.GEN=1 write (access phase in cycle t) -> first cycle whose events count", d + 1 - (int)LAT,
            "(the events of cycle t+1 on; they reach the counters LAT cycles later)");
    h.clear_events();
    gen(h, false);
    // yield: a trigger that underflows a channel -> yield_o; ERET -> pending yield delivered
    if (h.cfg.has_yield) {
        h.reset("lat_yield");
        h.write(PMU_REG_YCH_CTL(0, 0), 0);
        h.write(PMU_REG_YCH_ESV(0, 0), YE(3));
        h.write(PMU_REG_YCH_ESM(0, 0), YE(3));
        h.write(PMU_REG_YCH_SAV(0, 0), 0);
        h.write(PMU_REG_YCH_CTL(0, 0), V | ACT);
        // slot rule: the rows give the latency to a cycle of the channel's
        // thread's slot (ring 0: thread 0); otherwise delivery waits up to
        // NT-1 more cycles. Aligned: t+2 is slot 0
        while (YCpu::slot(h.cycle + 2) != 0) h.step();
        h.in.yev = 1u << 3; h.step(); h.in.yev = 0;              // trigger in cycle t
        d = until(h, [&] { h.settle(); return h.dut->yield_o != 0; });
        CHECK_EQ(d + 1, 2);
        CHECK_EQ(YCpu::slot(h.cycle), 0);
        lat_row("external event in cycle t underflows a channel (SAV=0) -> `yield_o` pulse", d + 1,
                "(when cycle t+1 is the channel's thread's slot; else up to NT-1 more)");
        h.in.yev = 1u << 3; h.step(); h.in.yev = 0;              // pending again, ring blocked
        h.idle(3);
        while (YCpu::slot(h.cycle + 2) != 0) h.step();           // slot rule: access t, t+1 in slot 0
        h.write(PMU_REG_YRING0, PMU_YRING0_BLK_MASK);             // ERET
        d = until(h, [&] { h.settle(); return h.dut->yield_o != 0; });
        CHECK_EQ(d + 1, 1);
        CHECK_EQ(YCpu::slot(h.cycle), 0);
        lat_row("ERET write (YRING0.BLK=1, access phase in cycle t) -> pending yield delivered", d + 1,
                "(when that cycle is the thread's slot; else up to NT-1 more)");
    }
}

// ------------------------------------------------ cycle boundaries of writes
// Which cycles' events a counter receives around a bus write whose access
// phase is cycle t: class E carries 2^k events in cycle t-3+k (k = 0..4,
// thread 0, EM all), none before or after, so the counter's gain names the
// counted cycles bit by bit. The result is checked against the rule and
// written to --rules FILE (README "Cycle semantics" includes it: make docs).
static Harness *g_bh;
static uint64_t g_bt;   // access cycle t of the write under test
static unsigned g_bE;
static void boundary_events(pmu_inputs &in, const pmu_cfg &cfg) {
    const int64_t k = (int64_t)g_bh->cycle - (int64_t)g_bt + 3;
    in.ev[0][g_bE] = (k >= 0 && k <= 4) ? (uint16_t)((1u << (1u << k)) - 1u) : 0;
    if (NA_ > 1) mirror_areas(in, cfg);
}
// runs `op` (one bus access: setup in cycle t-1, access in cycle t) inside the
// window; returns the bit set of the window cycles the counter received (bit k:
// cycle t-3+k), from the counter's gain over `base` (its value without events)
static unsigned window_counted(Harness &h, std::function<void()> op, uint64_t base) {
    const uint64_t gain = [&] {
        g_bh = &h; g_bE = cls(1);
        g_bt = h.cycle + 3;                    // cycles t-3, t-2 idle, then the access's two
        h.pre_step = boundary_events;
        h.step(); h.step();
        op();
        for (unsigned i = 0; i < LAT + 2; i++) h.step();
        h.pre_step = NA_ > 1 ? mirror_areas : nullptr;
        h.clear_events();
        return h.cnt(0) - base;
    }();
    CHECK(gain < 32);
    return (unsigned)gain & 31u;
}
// first window cycle (offset from t) of a contiguous tail {off..t+1} or
// last of a contiguous head {t-3..off}; -99 when the set is not such a run
static int tail_first(unsigned m) {
    for (int k = 0; k <= 5; k++) if (m == (31u & ~((1u << k) - 1u))) return k - 3;
    return -99;
}
static int head_last(unsigned m) {
    for (int k = 0; k <= 5; k++) if (m == (1u << k) - 1u) return k - 4;
    return -99;
}
static const char *phase_of(int off) {
    switch (off) {
    case -2: return "the cycle before the setup phase";
    case -1: return "the setup phase";
    case 0: return "the access phase";
    case 1: return "the cycle after the access phase";
    default: return "outside the measured window";
    }
}
static std::string cyc(int off) {
    char b[32];
    if (off == 0) snprintf(b, sizeof b, "t");
    else snprintf(b, sizeof b, "t%+d", off);
    return b;
}
static std::vector<std::string> g_rules;
static void t_boundaries(Harness &h) {
    const unsigned E = cls(1);
    const uint64_t P = 1000;
    prog(h, 0, E, 0xFFFF, eq_all());
    gen(h, true);
    h.idle(LAT + 2);
    // preset: CNT_HI (stage) first, then CNT_LO commits {stage, LO} at t
    h.write(A_LO(0) + 4, 0);
    const unsigned pre = window_counted(h, [&] { h.write(A_LO(0), (uint32_t)P); }, P);
    const int pre_first = tail_first(pre);
    CHECK_EQ(pre_first, -1);                    // the rule README states (generated from this)
    // CLR of the counter: the same boundary
    const unsigned clr = window_counted(h, [&] { h.write(PMU_REG_CLR, 1); }, 0);
    CHECK_EQ(clr, pre);
    // GEN=0: the events up to the access phase count
    h.write(A_LO(0), 0);
    h.idle(LAT + 2);
    const unsigned stop = window_counted(h, [&] { gen(h, false); }, 0);
    const int stop_last = head_last(stop);
    CHECK_EQ(stop_last, 0);
    // GEN=1: the events from the cycle after the access phase count
    h.write(A_LO(0), 0);
    h.idle(LAT + 2);
    const unsigned start = window_counted(h, [&] { gen(h, true); }, 0);
    const int start_first = tail_first(start);
    CHECK_EQ(start_first, 1);
    gen(h, false);
    char b[1024];
    snprintf(b, sizeof b,
             "- Writing GEN=1 (access phase in cycle t) starts every counter with the events of cycle %s (%s); "
             "writing GEN=0 stops them after the events of cycle %s (%s): the events of the GEN=0 write's setup "
             "and access cycles still count.",
             cyc(start_first).c_str(), phase_of(start_first), cyc(stop_last).c_str(), phase_of(stop_last));
    g_rules.push_back(b);
    snprintf(b, sizeof b,
             "- A bus write of a counter (preset: CNT_LO, which commits {CNT_HI stage, LO}) or a CLR of it "
             "replaces its value at the edge that ends the access phase (cycle t). The events of cycle %s "
             "(%s) and before are dropped for that counter (the increment of cycle %s is in stage C at that "
             "edge); the events of cycle %s (%s) on are added on top of the written value, so a counter read "
             "later holds the value written plus the events from the write's %s on. A write wins over clear.",
             cyc(pre_first - 1).c_str(), phase_of(pre_first - 1), cyc(pre_first - 1).c_str(),
             cyc(pre_first).c_str(), phase_of(pre_first), pre_first == -1 ? "setup phase" : phase_of(pre_first));
    g_rules.push_back(b);
}

// NAME in the comma-separated list
static bool name_in(const char *list, const char *name) {
    const size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        const size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == n && !strncmp(p, name, n)) return true;
        if (!e) break;
        p = e + 1;
    }
    return false;
}

int main(int argc, char **argv) {
    const char *vec = nullptr, *only = nullptr, *latf = nullptr, *rulesf = nullptr;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--vec")) vec = argv[++i];
        else if (!strcmp(argv[i], "--latency")) latf = argv[++i];
        else if (!strcmp(argv[i], "--rules")) rulesf = argv[++i];
        else if (!strcmp(argv[i], "--only")) only = argv[++i];
    }
    Harness h;
    NT_ = h.cfg.nt; NC_ = h.cfg.nc; CW_ = h.cfg.cw; NCLS_ = h.cfg.ncls; NRET_ = h.cfg.nret; FC_ = h.cfg.flop_class;
    NCH_ = h.cfg.nch;
    NA_ = h.cfg.narea;
    AW_ = h.cfg.aw;
    YCAP_ = h.cfg.ycap;
    for (unsigned e = 0; e + NA_ <= NCLS_; e += NA_) {
        bool ok = true;
        for (unsigned k = 0; k < NA_; k++) ok = ok && e + k != FC_;
        if (ok) g_canon.push_back(e);
    }
    if (NA_ > 1) h.pre_step = mirror_areas;
    if (vec && !(h.vec = fopen(vec, "w"))) { perror(vec); return 2; }
    printf("test_directed: config NT=%u NC=%u CW=%u NCLS=%u NRET=%u FLOP_CLASS=%u\n", NT_, NC_, CW_, NCLS_, NRET_, FC_);
    // novec: long tests left out of the Icarus replay vectors (the replay would take minutes)
    struct { const char *name; void (*fn)(Harness &); bool novec; } tests[] = {
        {"reset_values", t_reset_values}, {"qual_table1", t_qual_table1}, {"mux_select_mask", t_mux_select_mask},
        {"max_increment", t_max_increment}, {"duration", t_duration}, {"threshold", t_threshold},
        {"invert", t_invert}, {"edge", t_edge}, {"wrap_preset", t_wrap_preset}, {"atomic_read", t_atomic_read},
        {"simultaneous", t_simultaneous}, {"global_start_stop", t_global_start_stop}, {"flop", t_flop},
        {"flop_types", t_flop_types}, {"flop_seed_examples", t_flop_seed_examples},
        {"flop_seed_total", t_flop_seed_total}, {"flop_retired_1024", t_flop_retired_1024},
        {"bus_errors", t_bus_errors}, {"tsc", t_tsc}, {"areas", t_areas}, {"irq_enable", t_irq_enable},
        // sampling (PowerPC 604e style) and user-level yield channels
        {"smp_regs", t_smp_regs}, {"neg_irq", t_neg_irq}, {"sample_trace", t_sample_trace},
        {"freeze", t_freeze}, {"trigger", t_trigger}, {"latency_class", t_latency}, {"timebase", t_timebase},
        {"process_mark", t_process_mark}, {"history", t_history},
        {"yield_500k_100k", t_yield_500k_100k, true}, {"yield_blocked", t_yield_blocked},
        {"yield_silent", t_yield_silent}, {"yield_priority", t_yield_priority},
        {"yield_scenario", t_yield_scenario}, {"yield_actions", t_yield_actions}, {"yield_sticky", t_yield_sticky}, {"yield_types", t_yield_types}, {"yield_cond", t_yield_cond}, {"yield_capture", t_yield_capture}, {"yield_threads", t_yield_threads}, {"isolation", t_isolation}, {"latencies", t_latencies},
        {"boundaries", t_boundaries},
    };
    int passed = 0, failed = 0;
    for (auto &t : tests) {
        if (only && !name_in(only, t.name)) continue;
        g_test = t.name;
        g_checks_failed = 0;
        h.failed = false;
        FILE *vec_saved = h.vec;
        if (t.novec) h.vec = nullptr;
        h.reset(t.name);
        t.fn(h);
        h.vec = vec_saved;
        bool ok = !g_checks_failed && !h.failed;
        printf("%s %s (%" PRIu64 " cycles)\n", ok ? "PASS" : "FAIL", t.name, h.cycle);
        (ok ? passed : failed)++;
    }
    if (h.vec) fclose(h.vec);
    if (rulesf) {
        FILE *f = fopen(rulesf, "w");
        if (!f) { perror(rulesf); return 2; }
        for (auto &r : g_rules) fprintf(f, "%s\n", r.c_str());
        fclose(f);
    }
    if (latf) {
        FILE *f = fopen(latf, "w");
        if (!f) { perror(latf); return 2; }
        fprintf(f, "| path | latency |\n|---|---|\n");
        for (auto &r : g_lat) fprintf(f, "| %s | %s |\n", r.path.c_str(), r.value.c_str());
        fclose(f);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
