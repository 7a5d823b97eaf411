/* sw/ host tests of the seed 004 PM API, counting conditions and time base:
 * trigger, correlate event, time base, latency threshold. (Interrupt-driven
 * pass cycling, status at the previous interrupt and throttling: pm_irq.c.) */
#include "common.h"

/* ------------------------------------------------------------ seed 004 PM API */
/* Trigger (MMCR.TRIG): the other events count from LAT cycles after the
 * cycle of the trigger event's count-th occurrence (docs/sampling.md); the
 * expected counts come from the generator's per-cycle tallies. */
void test_trigger(void)
{
    pmu_eventset es;
    pmu_value val[4];
    char name[48];
    unsigned i, n = T->cfg.nc < 4 ? T->cfg.nc : 4, t;
    const uint64_t count = 300 + rndn(200);
    int r;
    fixture();
    if (!need_smp("trigger")) return;
    hook_irqs();
    pmu_eventset_init(&CTX, &es);
    for (i = 0; i < n; i++) {       /* event i: a class of counter i's area */
        snprintf(name, sizeof name, "CLASS%u:0x%x", area_class(i, 0) < GC ? area_class(i, 0) : T->cfg.flop_class,
                 i ? 0xFu : 0x1u);
        CHECK(pmu_add_named_event(&es, name) == (int)i, "trigger set: add %s", name);
    }
    CHECK(pmu_set_trigger(&es, 0, (uint64_t)1 << (T->cfg.cw - 1u)) == PMU_OK, "count 2^(CW-1) is representable");
    CHECK(pmu_set_trigger(&es, 0, ((uint64_t)1 << (T->cfg.cw - 1u)) + 1u) == PMU_ERANGE, "count > 2^(CW-1): ERANGE");
    CHECK(pmu_set_overflow(&es, 0, 100, 0, 0) == PMU_EINVAL, "overflow threshold on the trigger event");
    CHECK(pmu_set_trigger(&es, 9, count) == PMU_EINVAL, "trigger on a bad index");
    if (T->cfg.narea > 1 && n > 1) {   /* event 1's class is outside counter 0's area */
        CHECK(pmu_set_trigger(&es, 1, count) == PMU_ENOCOUNTER && es.trig == 1u && es.pin[1] == 0,
              "trigger event counter 0 cannot count: ENOCOUNTER, set unchanged");
    }
    CHECK(pmu_set_trigger(&es, 0, count) == PMU_OK && es.ctr_of[0] == 0, "trigger on counter 0 (%u)", es.ctr_of[0]);
    for (i = 0; i < n; i++) G.watch[i] = es.code[i];
    G.nw = n;
    CHECK(pmu_start(&es) == PMU_OK, "start");
    CHECK((pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) & PMU_MMCR_TRIG_MASK) != 0, "MMCR.TRIG armed");
    G.w0 = B.cycle;
    G.on = 1;
    pmu_sb_run(&B, 6000);
    G.on = 0;
    pmu_sb_run(&B, 3);
    r = pmu_stop(&es, 0);
    pmu_read_values(&es, val);
    for (t = 0; t < WMAX && wcum[0][t] < count; t++) { }
    CHECK(r == PMU_OK && t + PMU_EV_LAT < 6000, "trigger reached at cycle %u of the run", t);
    CHECK(val[0].value == expect(&es.code[0]), "trigger event itself exact: %llu, expected %llu",
          (unsigned long long)val[0].value, (unsigned long long)expect(&es.code[0]));
    for (i = 1; i < n; i++) {
        uint64_t e = expect(&es.code[i]) - wcum[i][t + PMU_EV_LAT - 1u];
        CHECK(val[i].value == e && e < expect(&es.code[i]),
              "event %u counts from the trigger on: %llu, expected %llu (without trigger %llu)", i,
              (unsigned long long)val[i].value, (unsigned long long)e, (unsigned long long)expect(&es.code[i]));
    }
    CHECK(B.n_err == 0 && T->ok(T->dut), "trigger: bus errors / divergence");
}

/* Correlate event: on its own counter in every multiplexing pass, exact. */
void test_correlate(void)
{
    pmu_eventset es;
    char name[48];
    unsigned i, n = flop_mux_set(&es, 1), fl = T->cfg.flop_class;
    if (!n) return;
    CHECK(pmu_num_passes(&es) == 2 || n < 2 * (T->cfg.nc - 1) + 1, "2 passes before pinning");
    CHECK(pmu_set_correlate(&es, 0, 1) == PMU_OK && es.pin[0], "correlate event 0");
    CHECK(pmu_num_passes(&es) == (n - 2 + T->cfg.nc - 1) / (T->cfg.nc - 1) && placement_ok(&es),
          "passes with a pinned counter: %u", pmu_num_passes(&es));
    for (i = 1; i < n; i++)
        CHECK(es.ctr_of[i] != es.ctr_of[0], "event %u shares the correlate counter %u", i, es.ctr_of[0]);
    CHECK(pmu_set_correlate(&es, n, 1) == PMU_EINVAL, "correlate on a bad index");
    pmu_sb_set_tick(&B, 20000);
    run_and_check(&es, 20000ull * pmu_num_passes(&es) * 8, 1, "correlate");
    pmu_sb_set_tick(&B, 0);
    /* every counter pinned: the rest cannot be placed */
    pmu_eventset_init(&CTX, &es);
    pmu_set_multiplex(&es, 1);
    for (i = 0; i <= T->cfg.nc && i < PMU_MAX_EVENTS; i++) {
        random_name(name, sizeof name, (int)fl);
        pmu_add_named_event(&es, name);
    }
    for (i = 0; i + 1 < T->cfg.nc; i++) CHECK(pmu_set_correlate(&es, i, 1) == PMU_OK, "pin %u", i);
    CHECK(pmu_set_correlate(&es, T->cfg.nc - 1, 1) == PMU_ECONFLICT && !es.pin[T->cfg.nc - 1],
          "pinning the last free counter: ECONFLICT, set unchanged");
}

/* Time base in seconds/nanoseconds: tap choice, actual period, errors, and
 * the number of interrupts over a run. */
void test_timebase(void)
{
    static const struct { uint64_t hz, sec; uint32_t ns; int r; uint64_t act; unsigned tbsel; } c[] = {
        { 100000000u, 0, 80000, PMU_OK, 81920, 1 },       /* 8000 cycles -> 2^13 */
        { 100000000u, 0, 2560, PMU_OK, 5120, 2 },         /* 256 = 2^8: lowest accepted -> 2^9 */
        { 100000000u, 0, 2550, PMU_ERANGE, 0, 0 },        /* 255 cycles */
        { 100000000u, 0, 20480, PMU_OK, 5120, 2 },        /* 2048 = sqrt(2^9 * 2^13) -> the smaller */
        { 100000000u, 0, 20490, PMU_OK, 81920, 1 },       /* 2049 */
        { 100000000u, 0, 2621440, PMU_OK, 1310720, 0 },   /* 2^18: highest accepted -> 2^17 */
        { 100000000u, 0, 2621450, PMU_ERANGE, 0, 0 },
        { 100000000u, 1, 0, PMU_ERANGE, 0, 0 },
        { 100000000u, 0, 1, PMU_ERANGE, 0, 0 },
        { 1000000000u, 0, 1000, PMU_OK, 512, 2 },         /* 1 GHz, 1 us: 1000 cycles, nearer 512 than 8192 */
        { 0, 0, 80000, PMU_EINVAL, 0, 0 },
        { 100000000u, 0, 1000000000u, PMU_EINVAL, 0, 0 },
    };
    pmu_eventset es;
    post_rec rec;
    pmu_irq_status st;
    uint64_t act, t0, t1, want;
    unsigned i;
    int r;
    fixture();
    if (!need_smp("time base")) return;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        act = 7;
        r = pmu_set_timebase(&CTX, c[i].hz, c[i].sec, c[i].ns, &act);
        CHECK(r == c[i].r && (r != PMU_OK || (act == c[i].act && CTX.mmcr_tb == (PMU_MMCR_TBEE_MASK |
              c[i].tbsel << PMU_MMCR_TBSEL_LSB))) && (r == PMU_OK || act == 7),
              "timebase %llu Hz %llu s %u ns: %s, %llu ns (want %d, %llu ns)", (unsigned long long)c[i].hz,
              (unsigned long long)c[i].sec, c[i].ns, pmu_strerror(r), (unsigned long long)act, c[i].r,
              (unsigned long long)c[i].act);
    }
    hook_irqs();
    CHECK(pmu_set_timebase(&CTX, 100000000u, 0, 80000, &act) == PMU_OK && act == 81920, "8192-cycle time base");
    pmu_eventset_init(&CTX, &es);
    pmu_add_named_event(&es, "CLASS0:0x1");
    memset(&rec, 0, sizeof rec);
    pmu_set_cycling(&es, PMU_CYCLE_TICK, 0, PMU_POST_IRQ, post_fn, &rec);
    CHECK(pmu_status_at_irq(&es, &st) == PMU_ENODATA, "no interrupt yet: ENODATA");
    pmu_start(&es);
    t0 = pmu_drv_read_tsc(&CTX.dev);
    CHECK((pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) & (PMU_MMCR_TBEE_MASK | PMU_MMCR_TBSEL_MASK)) ==
          (PMU_MMCR_TBEE_MASK | 1u << PMU_MMCR_TBSEL_LSB), "MMCR TBEE, TBSEL 1 while running");
    CHECK(pmu_set_timebase(&CTX, 100000000u, 0, 80000, &act) == PMU_EISRUN, "time base change while running");
    pmu_sb_run(&B, 5 * 8192 + 1000);
    t1 = pmu_drv_read_tsc(&CTX.dev);
    pmu_stop(&es, 0);
    /* TSC bit 12 rises at t = 4096 mod 8192 */
    want = (t1 + 4096u) / 8192u - (t0 + 4096u) / 8192u;
    CHECK(rec.n[PMU_POST_IRQ] == want && want >= 5, "%u time-base interrupts over TSC %llu..%llu, expected %llu",
          rec.n[PMU_POST_IRQ], (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)want);
    CHECK(pmu_status_at_irq(&es, &st) == PMU_OK && st.seq == want && st.pmstat == PMU_PMSTAT_TB_MASK &&
          st.ovf == 0 && st.tsc % 8192u >= 4096u, "status at the last interrupt: seq %u pmstat %x tsc %llu",
          st.seq, st.pmstat, (unsigned long long)st.tsc);
    CHECK(pmu_set_timebase(&CTX, 100000000u, 0, 0, &act) == PMU_OK && act == 0 && CTX.mmcr_tb == 0, "time base off");
    CHECK(B.n_err == 0 && T->ok(T->dut), "time base: bus errors / divergence");
}

/* Latency threshold in processor cycles: >= cycles, THRESH = cycles - 1. */
void test_latency(void)
{
    pmu_eventset es, es2;
    pmu_value val[3];
    char name[48];
    const unsigned cyc = 4 * (3 + rndn(6));   /* thread 0's latencies are the multiples of 4 */
    unsigned i, n = T->cfg.nc < 3 ? T->cfg.nc : 3;
    fixture();
    if (!need_smp("latency threshold")) return;
    hook_irqs();
    pmu_eventset_init(&CTX, &es);
    for (i = 0; i < n; i++) {
        static const char *q[3] = { ":T0", ":USR", "" };
        snprintf(name, sizeof name, "CLASS%u:0x3%s", area_class(i, 0) < GC ? area_class(i, 0) : T->cfg.flop_class, q[i]);
        CHECK(pmu_add_named_event(&es, name) == (int)i, "latency set: add %s", name);
    }
    CHECK(pmu_set_latency(&es, 0, 65537) == PMU_ERANGE && !es.lat[0], "65537 cycles: ERANGE");
    CHECK(pmu_set_latency(&es, 0, cyc) == PMU_OK, "latency >= %u on event 0", cyc);
    if (n > 1) {
        CHECK(pmu_set_latency(&es, 1, cyc + 1) == PMU_ECONFLICT && !es.lat[1], "a second threshold: ECONFLICT");
        CHECK(pmu_set_latency(&es, 1, cyc) == PMU_OK, "same threshold on event 1");
    }
    CHECK(pmu_set_latency(&es, 7, cyc) == PMU_EINVAL, "bad index");
    pmu_start(&es);
    CHECK((pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) >> PMU_MMCR_THRESH_LSB) == cyc - 1u &&
          pmu_drv_rd(&CTX.dev, PMU_REG_XCTL(es.ctr_of[0])) == PMU_XCTL_LAT_MASK &&
          (n < 3 || pmu_drv_rd(&CTX.dev, PMU_REG_XCTL(es.ctr_of[2])) == 0), "MMCR.THRESH %u, XCTL.LAT",
          (unsigned)(pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) >> PMU_MMCR_THRESH_LSB));
    G.on = 1;
    G.mem_on = 1;
    pmu_sb_run(&B, 3000 + rndn(2000));
    G.on = 0;
    G.mem_on = 0;
    pmu_sb_run(&B, 3);
    pmu_stop(&es, 0);
    pmu_read_values(&es, val);
    for (i = 0; i < n; i++) {
        uint64_t e = i < 2 ? expect_lat(&es.code[i], cyc) : expect(&es.code[i]);
        CHECK(val[i].value == e && e > 0 && (i == 2 || e != expect_lat(&es.code[i], cyc + 1u)),   /* >=, not > */
              "latency event %u: %llu, expected %llu", i, (unsigned long long)val[i].value, (unsigned long long)e);
    }
    pmu_eventset_init(&CTX, &es2);
    pmu_add_named_event(&es2, "CLASS0:0x1");
    CHECK(pmu_set_latency(&es2, 0, 65536) == PMU_OK && pmu_start(&es2) == PMU_OK &&
          (pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) >> PMU_MMCR_THRESH_LSB) == 0xFFFFu, "65536 cycles: THRESH 0xFFFF");
    pmu_stop(&es2, 0);
    CHECK(pmu_set_latency(&es2, 0, 0) == PMU_OK && !es2.lat[0] && es2.lat_cycles == 0, "latency off");
    CHECK(B.n_err == 0 && T->ok(T->dut), "latency: bus errors / divergence");
}
