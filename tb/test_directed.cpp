// Directed tests of pmu_core. Every test runs in lockstep (RTL == C model
// every cycle, checked by the harness) AND checks hand-derived expected
// values from the spec, so both implementations are held to the spec.
//   test_directed [--vec FILE] [--only NAME]
// --vec records every cycle for the Icarus replay bench (tb/tb_replay.v).
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

static unsigned NT_, NC_, CW_, NCLS_, NRET_, FC_;
static uint32_t eq_all() { return (1u << (2 * NT_)) - 1; }
static uint32_t eq_os(unsigned t) { return 1u << PMU_EQ_OS_BIT(t, NT_); }
static uint32_t eq_usr(unsigned t) { return 1u << PMU_EQ_USR_BIT(t, NT_); }
static uint64_t cmax() { return CW_ == 64 ? ~0ull : ((1ull << CW_) - 1); }
// a normal (non-FLOP) class number
static unsigned cls(unsigned i) { unsigned c = i % NCLS_; return c == FC_ ? (c + 1) % NCLS_ : c; }

static void prog(Harness &h, unsigned n, unsigned es, uint32_t em, uint32_t eq, uint32_t extra = 0,
                 bool en = true) {
    h.write(A_EMQ(n), em | eq << PMU_EMQ_EQ_LSB);
    h.write(A_CTL(n), es | (en ? PMU_CTL_EN_MASK : 0) | extra);
}
static void gen(Harness &h, bool on) { h.write(PMU_REG_GCTL, on ? PMU_GCTL_GEN_MASK : 0); }

// Counting window: GEN=1 (counting starts the cycle after the write's
// access phase), `body` runs N cycles of stimulus, then all events are
// cleared and GEN=0 is written: its setup and access cycles still count,
// with no events asserted.
static void window(Harness &h, std::function<void(unsigned)> body, unsigned cycles) {
    gen(h, true);
    for (unsigned i = 0; i < cycles; i++) { body(i); h.step(); }
    h.clear_events();
    gen(h, false);
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
    CHECK_EQ(h.read(PMU_REG_GCTL), 0);
    CHECK_EQ(h.read(PMU_REG_OVF), 0);
    CHECK_EQ(h.read(PMU_REG_CNTEN), 0);
    CHECK_EQ(h.read(PMU_REG_CLR), 0);
    for (unsigned n = 0; n < NC_; n++) {
        CHECK_EQ(h.read(A_CTL(n)), 0);
        CHECK_EQ(h.read(A_EMQ(n)), 0);
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
// so the count shows exactly which phases qualified.
static void t_qual_table1(Harness &h) {
    if (NT_ < 2) return;
    struct Ph { unsigned t, cpl, cycles; } ph[] = {{0, 0, 1}, {0, 2, 2}, {1, 0, 4}, {1, 3, 8}, {0, 1, 16}, {1, 1, 32}};
    const unsigned ES = cls(3);
    auto run_round = [&](const std::vector<unsigned> &combos) {
        for (unsigned n = 0; n < combos.size(); n++) {
            unsigned k = combos[n];
            uint32_t eq = ((k & 8) ? eq_os(0) : 0) | ((k & 4) ? eq_usr(0) : 0) | ((k & 2) ? eq_os(1) : 0) |
                          ((k & 1) ? eq_usr(1) : 0);
            prog(h, n, ES, 0x0001, eq);
        }
        h.write(PMU_REG_CLR, 0xFFFFFFFF);
        gen(h, true);
        for (auto &p : ph) {
            for (unsigned t = 0; t < NT_; t++) h.in.cpl[t] = 3;
            h.in.cpl[p.t] = (uint8_t)p.cpl;
            h.in.ev[p.t][ES] = 0x0001;
            h.idle(p.cycles);
            h.in.ev[p.t][ES] = 0;
        }
        gen(h, false);
        for (unsigned n = 0; n < combos.size(); n++) {
            unsigned k = combos[n];
            uint64_t exp = ((k & 8) ? 1 : 0) + ((k & 4) ? 2 + 16 : 0) + ((k & 2) ? 4 : 0) + ((k & 1) ? 8 + 32 : 0);
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
            for (unsigned s = 0; s < NRET_; s++) h.in.flop[t][s] = {1, PMU_RSZ512, 1, 1};
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
    uint64_t at = h.cycle + 1;         // access phase of the LO read below
    uint32_t lo = h.read(A_LO(0));
    CHECK_EQ(lo, (uint32_t)(0xFFFFFFF0ull + (at - start)));
    h.idle(40);                        // the counter crosses 2^32
    CHECK(h.cnt(0) > 0xFFFFFFFFull);
    CHECK_EQ(h.read(A_LO(0) + 4), 0);  // the high half latched with lo, not the live one
    uint64_t at2 = h.cycle + 1;
    uint64_t v = h.read64(A_LO(0));
    CHECK_EQ(v, 0xFFFFFFF0ull + (at2 - start));
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
    for (unsigned i = 1; i <= 30; i++) {
        h.step();
        for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), (uint64_t)NT_ * i);
    }
    gen(h, false);   // 2 more counting cycles (setup + access), then all freeze on one edge
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
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), v + (((sub >> n) & 1) ? NT_ * 10ull : 0));
    h.clear_events();
    gen(h, false);
}

// FLOP class: (register size x element size) combinations and FMA (seed 003).
static void t_flop(Harness &h) {
    // independent table: EM bit for (rsz, esz), -1 = not counted
    auto cat = [](unsigned rsz, unsigned esz) -> int {
        if (rsz == 0) return esz ? -1 : 1;   // scalar single
        if (rsz == 1) return esz ? 0 : -1;   // scalar double
        if (rsz >= 2 && rsz <= 4) return 2 * (int)(rsz - 2) + 2 + (esz ? 0 : 1);
        return -1;
    };
    uint64_t exp[8] = {0};
    std::vector<pmu_flop_slot> seq;
    for (unsigned rsz = 0; rsz < 8; rsz++)
        for (unsigned esz = 0; esz < 2; esz++)
            for (unsigned fma = 0; fma < 2; fma++) {
                seq.push_back({1, (uint8_t)rsz, (uint8_t)esz, (uint8_t)fma});
                int k = cat(rsz, esz);
                if (k >= 0) exp[k] += fma ? 2 : 1;
            }
    for (unsigned base = 0; base < 8; base += NC_) {
        h.reset(base ? "flop_round" : nullptr);
        unsigned cnt = std::min(NC_, 8 - base);
        for (unsigned n = 0; n < cnt; n++) prog(h, n, FC_, 1u << (base + n), eq_all());
        window(h, [&](unsigned i) { h.in.flop[0][0] = seq[i]; }, (unsigned)seq.size());
        for (unsigned n = 0; n < cnt; n++) CHECK_EQ(h.cnt(n), exp[base + n]);
    }
    for (unsigned k = 0; k < 8; k++) CHECK_EQ(exp[k], 3);   // each category: one plain + one FMA
    // all slots, all threads, same cycle; EQ and the upper EM bits
    h.reset("flop_slots");
    prog(h, 0, FC_, PMU_FLOP_PACKED256_SINGLE, eq_all());
    if (NC_ > 1) prog(h, 1, FC_, 0xFF00, eq_all());                         // no FLOP sub-event
    if (NC_ > 2) prog(h, 2, FC_, 0x00FF, eq_os(0) | eq_usr(0));             // thread 0 only
    if (NC_ > 3) prog(h, 3, FC_, PMU_FLOP_PACKED256_SINGLE | PMU_FLOP_SCALAR_DOUBLE, eq_all());
    for (unsigned c = 0; c < NCLS_; c++) h.in.ev[0][c] = 0xFFFF;           // ev_i of the FLOP class is ignored
    window(h, [&](unsigned) {
        for (unsigned t = 0; t < NT_; t++)
            for (unsigned s = 0; s < NRET_; s++) h.in.flop[t][s] = {1, PMU_RSZ256, 0, 1};
    }, 10);
    CHECK_EQ(h.cnt(0), (uint64_t)NT_ * NRET_ * 2 * 10);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), 0);
    if (NC_ > 2) CHECK_EQ(h.cnt(2), (uint64_t)NRET_ * 2 * 10);
    if (NC_ > 3) CHECK_EQ(h.cnt(3), (uint64_t)NT_ * NRET_ * 2 * 10);
}

static void t_bus_errors(Harness &h) {
    int e = 0;
    // set some state that must survive every bad access
    prog(h, 0, cls(1), 0x1234, eq_all(), PMU_CTL_IE_MASK);
    h.write64(A_LO(0), 0xABCDEF);
    h.write(PMU_REG_GCTL, PMU_GCTL_UEN_MASK);
    std::vector<uint32_t> bad = {0x020, 0x024, 0x0FC, 0x0F0, 0x300, 0xFFC, 0x800, 0x001, 0x002, 0x003,
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

int main(int argc, char **argv) {
    const char *vec = nullptr, *only = nullptr;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--vec")) vec = argv[++i];
        else if (!strcmp(argv[i], "--only")) only = argv[++i];
    }
    Harness h;
    NT_ = h.cfg.nt; NC_ = h.cfg.nc; CW_ = h.cfg.cw; NCLS_ = h.cfg.ncls; NRET_ = h.cfg.nret; FC_ = h.cfg.flop_class;
    if (vec && !(h.vec = fopen(vec, "w"))) { perror(vec); return 2; }
    printf("test_directed: config NT=%u NC=%u CW=%u NCLS=%u NRET=%u FLOP_CLASS=%u\n", NT_, NC_, CW_, NCLS_, NRET_, FC_);
    struct { const char *name; void (*fn)(Harness &); } tests[] = {
        {"reset_values", t_reset_values}, {"qual_table1", t_qual_table1}, {"mux_select_mask", t_mux_select_mask},
        {"max_increment", t_max_increment}, {"duration", t_duration}, {"threshold", t_threshold},
        {"invert", t_invert}, {"edge", t_edge}, {"wrap_preset", t_wrap_preset}, {"atomic_read", t_atomic_read},
        {"simultaneous", t_simultaneous}, {"global_start_stop", t_global_start_stop}, {"flop", t_flop},
        {"bus_errors", t_bus_errors}, {"tsc", t_tsc}, {"irq_enable", t_irq_enable},
    };
    int passed = 0, failed = 0;
    for (auto &t : tests) {
        if (only && strcmp(only, t.name)) continue;
        g_test = t.name;
        g_checks_failed = 0;
        h.failed = false;
        h.reset(t.name);
        t.fn(h);
        bool ok = !g_checks_failed && !h.failed;
        printf("%s %s (%" PRIu64 " cycles)\n", ok ? "PASS" : "FAIL", t.name, h.cycle);
        (ok ? passed : failed)++;
    }
    if (h.vec) fclose(h.vec);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
