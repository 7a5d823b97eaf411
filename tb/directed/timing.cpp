// Directed tests of pmu_core: measured latencies and cycle boundaries of writes (--latency, --rules).
// Shared helpers and the test table: tb/directed/directed.h, tb/test_directed.cpp.
#include "directed.h"

// ------------------------------------------------ measured latencies
// Each path is measured on the lockstep pair and the table is written to
// --latency FILE (docs/sampling.md includes it; make docs-latency). Cycle t
// is the cycle of the cause (an event asserted, or a bus access phase).

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
void t_latencies(Harness &h) {
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

void t_boundaries(Harness &h) {
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
