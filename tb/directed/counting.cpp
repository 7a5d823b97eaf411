// Directed tests of pmu_core: counting, qualification, increments, threshold/invert/edge, wrap and preset, atomic reads, global start/stop, counter areas.
// Shared helpers and the test table: tb/directed/directed.h, tb/test_directed.cpp.
#include "directed.h"

// ----------------------------------------------------------------- tests
void t_reset_values(Harness &h) {
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
void t_qual_table1(Harness &h) {
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

void t_mux_select_mask(Harness &h) {
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
void t_max_increment(Harness &h) {
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

void t_duration(Harness &h) {
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

void t_threshold(Harness &h) {
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

void t_invert(Harness &h) {
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

void t_edge(Harness &h) {
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

void t_wrap_preset(Harness &h) {
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
    // a preset write or a clear at the edge of a wrapping increment replaces
    // it: no overflow. With an event every cycle, a 64-bit write's LO commit
    // is its fourth edge (three increments after the last one's), a CLR
    // write's access its second
    h.in.ev[0][E] = 1;
    gen(h, true);
    h.write64(A_LO(0), cmax() - 3);
    h.write64(A_LO(0), cmax() - 3);                  // cmax() at its LO edge: that increment would wrap
    CHECK_EQ(h.ovf(), 0);
    CHECK_EQ(h.cnt(0), cmax() - 3);
    h.write64(A_LO(0), cmax() - 1);                  // (wraps at its LO edge too)
    CHECK_EQ(h.ovf(), 0);
    h.write(PMU_REG_CLR, 1);                         // cmax() at its edge: cleared instead
    CHECK_EQ(h.ovf(), 0);
    CHECK_EQ(h.cnt(0), 0);
    h.clear_events();
    gen(h, false);
    drain(h);
    CHECK_EQ(h.ovf(), 0);
    CHECK(!h.irq());
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

void t_atomic_read(Harness &h) {
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

void t_simultaneous(Harness &h) {
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

void t_global_start_stop(Harness &h) {
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
void t_areas(Harness &h) {
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
