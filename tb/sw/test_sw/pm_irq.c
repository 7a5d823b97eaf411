/* sw/ host tests of the seed 004 PM API around the interrupt: interrupt-driven
 * pass cycling, status at the previous interrupt, interrupt-storm throttling. */
#include "common.h"

/* Interrupt-driven pass cycling: a correlate event with an overflow
 * threshold ends every pass; rounds and post options. */
void test_cycling(void)
{
    pmu_eventset es;
    post_rec rec;
    uint64_t v[PMU_MAX_EVENTS], prev, per = 2000 + rndn(1000);
    unsigned i, np, bad = 0;
    const unsigned rounds = 3;
    if (!flop_mux_set(&es, 0)) return;
    CHECK(pmu_set_cycling(&es, 3, 0, 0, 0, 0) == PMU_EINVAL && pmu_set_cycling(&es, PMU_CYCLE_IRQ, 0, 16u, 0, 0) ==
          PMU_EINVAL, "bad mode / post bit");
    CHECK(pmu_set_cycling(&es, PMU_CYCLE_IRQ, rounds, PMU_POST_PASS | PMU_POST_ROUND | PMU_POST_DONE | PMU_POST_IRQ,
                          post_fn, &rec) == PMU_OK, "IRQ cycling");
    CHECK(pmu_start(&es) == PMU_ENOSRC, "no interrupt source: ENOSRC");
    CHECK(pmu_set_overflow(&es, 1, per, 0, 0) == PMU_OK && pmu_start(&es) == PMU_ENOSRC,
          "a threshold in one pass only: ENOSRC");
    pmu_set_overflow(&es, 1, 0, 0, 0);
    CHECK(pmu_set_correlate(&es, 0, 1) == PMU_OK && pmu_set_overflow(&es, 0, per, 0, 0) == PMU_OK, "correlate + threshold");
    np = pmu_num_passes(&es);
    memset(&rec, 0, sizeof rec);
    CHECK(pmu_start(&es) == PMU_OK, "start");
    G.on = 1;
    for (i = 0; i < 200 && es.running; i++) pmu_sb_run(&B, 1000);
    G.on = 0;
    CHECK(!es.running && CTX.running == 0, "stopped by the API after %u rounds", rounds);
    CHECK(rec.n[PMU_POST_PASS] == rounds * np && rec.n[PMU_POST_ROUND] == rounds && rec.n[PMU_POST_DONE] == 1 &&
          rec.n[PMU_POST_IRQ] == CTX.n_serviced && CTX.n_switches == rounds * np,
          "posts: pass %u round %u done %u irq %u (serviced %u), switches %u, %u passes", rec.n[PMU_POST_PASS],
          rec.n[PMU_POST_ROUND], rec.n[PMU_POST_DONE], rec.n[PMU_POST_IRQ], CTX.n_serviced, CTX.n_switches, np);
    /* each pass ends on the correlate counter's wrap: per events (+ the interrupt latency) */
    for (i = 0, prev = 0; i < rec.npass; i++) {
        bad += rec.corr[i] - prev < per || rec.corr[i] - prev > per + 400;
        prev = rec.corr[i];
    }
    CHECK(bad == 0 && rec.npass == rounds * np, "every pass ended after ~%llu correlate events (%u bad)",
          (unsigned long long)per, bad);
    CHECK(pmu_stop(&es, v) == PMU_OK && v[0] == es.acc[0] && pmu_stop(&es, v) == PMU_ENOTRUN,
          "stop after the last round reports, once");
    /* manual: only pmu_next_pass rotates */
    CHECK(pmu_set_cycling(&es, PMU_CYCLE_MANUAL, 0, 0, 0, 0) == PMU_OK && pmu_next_pass(&es) == PMU_ENOTRUN, "manual");
    pmu_sb_set_tick(&B, 500);
    CTX.n_switches = 0;
    pmu_start(&es);
    pmu_sb_run(&B, 3000);
    CHECK(CTX.n_switches == 0 && pmu_next_pass(&es) == PMU_OK && es.cur_pass == 1 % np && CTX.n_switches == 1,
          "manual: ticks do not rotate, pmu_next_pass does");
    CHECK(pmu_set_cycling(&es, PMU_CYCLE_TICK, 0, 0, 0, 0) == PMU_EISRUN, "cycling change while running");
    pmu_stop(&es, 0);
    pmu_sb_set_tick(&B, 0);
    CHECK(B.n_err == 0 && T->ok(T->dut), "cycling: bus errors / divergence");
}

/* Status at the previous interrupt: the overflow callback freezes the
 * stimulus, so the snapshot taken after it in pmu_irq must equal the
 * tallies; counting then goes on and the snapshot stays. */
static uint64_t snap_want[4];
static void freeze_cb(pmu_eventset *es, unsigned idx, void *arg)
{
    unsigned i;
    (void)idx; (void)arg;
    G.on = 0;       /* the snapshot's reads come more than LAT cycles later */
    for (i = 0; i < es->n && i < 4; i++) snap_want[i] = expect(&es->code[i]);
}

void test_status(void)
{
    pmu_eventset es;
    pmu_irq_status st;
    pmu_value val[4];
    char name[48];
    unsigned i, n = T->cfg.nc < 4 ? T->cfg.nc : 4;
    fixture();
    hook_irqs();
    pmu_eventset_init(&CTX, &es);
    for (i = 0; i < n; i++) {
        snprintf(name, sizeof name, "CLASS%u:0x%x", area_class(i, 0) < GC ? area_class(i, 0) : T->cfg.flop_class,
                 i + 1u);
        pmu_add_named_event(&es, name);
    }
    pmu_set_overflow(&es, 0, 700, freeze_cb, 0);
    CHECK(pmu_status_at_irq(&es, &st) == PMU_ENODATA && pmu_status_at_irq(&es, 0) == PMU_EINVAL, "ENODATA / EINVAL");
    pmu_start(&es);
    G.on = 1;
    pmu_sb_run(&B, 4000);
    CHECK(G.on == 0, "the overflow interrupt came");
    G.on = 1;
    pmu_sb_run(&B, 2000);
    G.on = 0;
    pmu_sb_run(&B, 3);
    pmu_stop(&es, 0);
    pmu_read_values(&es, val);
    CHECK(pmu_status_at_irq(&es, &st) == PMU_OK && st.seq == 1 && st.ovf == 1u << es.ctr_of[0] && st.pmstat == 0,
          "one interrupt: seq %u ovf %x", st.seq, st.ovf);
    for (i = 0; i < n; i++)
        CHECK(st.v[i].raw == snap_want[i] && val[i].raw == expect(&es.code[i]) && st.v[i].raw < val[i].raw &&
              st.v[i].enabled < val[i].enabled, "event %u at the interrupt %llu (want %llu), now %llu", i,
              (unsigned long long)st.v[i].raw, (unsigned long long)snap_want[i], (unsigned long long)val[i].raw);
    CHECK(B.n_err == 0 && T->ok(T->dut), "status: bus errors / divergence");
}

/* Interrupt-storm protection: a 512-cycle time base against a 4000-cycle
 * minimum period; the counts stay exact. */
void test_throttle(void)
{
    pmu_eventset es;
    pmu_value val[2];
    post_rec rec;
    uint64_t act, storm = 0;
    unsigned pass, c2, c;
    uint32_t m0, m2;
    char name2[24];
    fixture();
    if (!need_smp("throttling")) return;
    /* event 1: with areas, class 0 again when a second counter sees it;
     * otherwise a driven class (1 first) that some counter sees with class 0
     * still on another one (e.g. NC=2, NAREA=2: class 0 only on counter 0,
     * class 1 on counter 1) */
    m0 = pmu_drv_class_ctrs(&CTX.dev, 0);
    c2 = 1;
    if (T->cfg.nc > 1 && T->cfg.narea > 1 && (m0 & (m0 - 1u))) {
        c2 = 0;
    } else {
        for (c = 1; c < GC && c < T->cfg.ncls; c++) {
            if (c == T->cfg.flop_class) continue;
            m2 = pmu_drv_class_ctrs(&CTX.dev, c);
            if (m2 && ((m0 | m2) & ((m0 | m2) - 1u))) { c2 = c; break; }   /* two counters for the two */
        }
    }
    snprintf(name2, sizeof name2, "CLASS%u:0x1", c2);
    CHECK(pmu_set_irq_throttle(0, 5) == PMU_EINVAL, "NULL ctx");
    for (pass = 0; pass < 2; pass++) {
        fixture();
        hook_irqs();
        pmu_sb_set_tick(&B, 1500);
        CHECK(pmu_set_timebase(&CTX, 1000000000u, 0, 512, &act) == PMU_OK && act == 512, "512-cycle time base");
        pmu_set_irq_throttle(&CTX, pass ? 4000u : 0u);
        pmu_eventset_init(&CTX, &es);
        pmu_add_named_event(&es, "CLASS0:0x3");
        CHECK(pmu_add_named_event(&es, name2) == 1, "throttle: add %s", name2);
        pmu_set_overflow(&es, 0, 1500, 0, 0);
        memset(&rec, 0, sizeof rec);
        pmu_set_cycling(&es, PMU_CYCLE_TICK, 0, PMU_POST_IRQ, post_fn, &rec);
        pmu_start(&es);
        G.on = 1;
        pmu_sb_run(&B, 40000);
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_sb_set_tick(&B, 0);
        pmu_read_values(&es, val);
        CHECK(val[0].value == expect(&es.code[0]) && val[1].value == expect(&es.code[1]),
              "counts exact (throttle %u): %llu/%llu", pass, (unsigned long long)val[0].value,
              (unsigned long long)expect(&es.code[0]));
        if (!pass) {
            storm = CTX.n_serviced;
            CHECK(storm >= 70 && CTX.n_throttled == 0, "no throttle: %llu interrupts", (unsigned long long)storm);
        } else {
            CHECK(CTX.n_serviced >= 5 && CTX.n_serviced <= 40000 / 4000 + 1 && CTX.n_throttled >= CTX.n_serviced - 1 &&
                  rec.n[PMU_POST_IRQ] == CTX.n_serviced,
                  "throttled: %u serviced, %u throttled (%llu without)", CTX.n_serviced, CTX.n_throttled,
                  (unsigned long long)storm);
        }
        CHECK(B.n_err == 0 && T->ok(T->dut), "throttle: bus errors / divergence");
    }
}
