/* sw/ host tests: exact counts of random event sets, overflow interrupts,
 * live reads across a wrap, and GCTL.UEN (user read) through the API. */
#include "common.h"

void test_exact(unsigned iters)
{
    unsigned it, i;
    for (it = 0; it < iters; it++) {
        pmu_eventset es;
        pmu_value val[PMU_MAX_EVENTS], mid[PMU_MAX_EVENTS];
        char names[PMU_MAX_EVENTS][48];
        unsigned n = 1 + rndn(T->cfg.nc), bad = 0;
        uint8_t perm[PMU_NC_MAX];
        fixture();
        hook_irqs();
        pmu_eventset_init(&CTX, &es);
        if (T->cfg.narea > 1) {   /* n distinct counters in random order: event i gets a class of perm[i]'s area */
            for (i = 0; i < T->cfg.nc; i++) perm[i] = (uint8_t)i;
            for (i = T->cfg.nc; i > 1; i--) {
                unsigned j = rndn(i);
                uint8_t x = perm[i - 1]; perm[i - 1] = perm[j]; perm[j] = x;
            }
        }
        for (i = 0; i < n; i++) {
            int cls = -1;
            if (T->cfg.narea > 1) {
                unsigned a = perm[i] % T->cfg.narea, k = 0;
                while (area_class(a, k) < GC) k++;          /* classes of the area */
                cls = rndn(5) == 0 || k == 0 ? (int)T->cfg.flop_class : (int)area_class(a, rndn(k));
            }
            random_name(names[i], sizeof names[i], cls);
            if (pmu_add_named_event(&es, names[i]) < 0) bad++;
        }
        CHECK(bad == 0 && pmu_num_passes(&es) == 1 && placement_ok(&es), "set of %u events", n);
        pmu_start(&es);
        G.on = 1;
        pmu_sb_run(&B, 500 + rndn(4000));
        pmu_read_values(&es, mid);
        pmu_sb_run(&B, 500 + rndn(4000));
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_read_values(&es, val);
        for (i = 0; i < n; i++) {
            uint64_t e = expect(&es.code[i]);
            CHECK(val[i].value == e && val[i].raw == e && val[i].running == val[i].enabled,
                  "iter %u %s: got %llu expected %llu", it, names[i], (unsigned long long)val[i].value,
                  (unsigned long long)e);
            CHECK(mid[i].value <= val[i].value && mid[i].enabled < val[i].enabled, "monotonic read %s", names[i]);
        }
        CHECK(B.n_err == 0 && T->ok(T->dut), "bus errors %u / RTL-model divergence", B.n_err);
    }
}

typedef struct { unsigned calls; uint64_t tally_at_first; } ovf_rec;
static void ovf_cb(pmu_eventset *es, unsigned idx, void *arg)
{
    ovf_rec *r = (ovf_rec *)arg;
    if (!r->calls) r->tally_at_first = expect(&es->code[idx]);
    r->calls++;
}

void test_overflow(void)
{
    pmu_eventset es;
    pmu_value val[4];
    ovf_rec rec[4];
    const uint64_t thr[4] = { 1000, 1, 777, 0 };
    unsigned i, n = T->cfg.nc < 4 ? T->cfg.nc : 4, wraps;
    int polled;
    for (polled = 0; polled < 2; polled++) {
        fixture();
        if (!polled) hook_irqs();
        memset(rec, 0, sizeof rec);
        pmu_eventset_init(&CTX, &es);
        for (i = 0; i < n; i++) {
            /* NAREA=1: classes 1..4; else event i gets a class of counter i's area */
            static const char *mod[4] = { "0xf", "0x3:T0", "0x1:USR", "0x7" };
            char name[32];
            unsigned cls = 1 + i, j, k = 0;
            if (T->cfg.narea > 1)
                for (j = 0; j < i; j++) k += j % T->cfg.narea == i % T->cfg.narea;   /* earlier ones of the area */
            if (T->cfg.narea > 1) cls = area_class(i, k);
            snprintf(name, sizeof name, "CLASS%u:%s", cls, mod[i]);
            CHECK(pmu_add_named_event(&es, name) == (int)i, "overflow test add %s", name);
        }
        for (i = 0; i < n; i++)
            CHECK(pmu_set_overflow(&es, i, thr[i], ovf_cb, &rec[i]) == PMU_OK, "set_overflow %u", i);
        pmu_start(&es);
        G.on = 1;
        pmu_sb_run(&B, 6000);
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_read_values(&es, val);
        wraps = 0;
        for (i = 0; i < n; i++) {
            uint64_t e = expect(&es.code[i]);
            uint64_t hw = pmu_drv_read_counter(&CTX.dev, es.ctr_of[i]);
            int wrapped = thr[i] && e >= thr[i];   /* the generator's rates are random */
            wraps += (unsigned)wrapped;
            CHECK(val[i].value == e, "%s overflow test %u: got %llu expected %llu", polled ? "polled" : "irq", i,
                  (unsigned long long)val[i].value, (unsigned long long)e);
            /* the hardware counter really went through 2^CW */
            CHECK(hw == ((es.preset[i] + e) & CTX.dev.cmask), "hw counter %u", i);
            if (wrapped && !polled) {
                CHECK(rec[i].calls == 1, "callback %u called %u times", i, rec[i].calls);
                /* the interrupt comes a few cycles after the event that wrapped */
                CHECK(rec[i].tally_at_first >= thr[i] && rec[i].tally_at_first < thr[i] + 200,
                      "callback %u at count %llu (threshold %llu)", i, (unsigned long long)rec[i].tally_at_first,
                      (unsigned long long)thr[i]);
            }
            if (!wrapped || polled) CHECK(rec[i].calls == 0, "no callback %u", i);
        }
        CHECK(wraps >= 1, "at least one counter wrapped (%u)", wraps);
        if (!polled) CHECK(B.n_pmu_isr >= 1 && CTX.n_ovf == wraps, "irqs %u ovf %u", B.n_pmu_isr, CTX.n_ovf);
        else CHECK(B.n_pmu_isr == 0, "polled: no isr");
        CHECK(B.n_err == 0 && T->ok(T->dut), "bus errors / divergence");
    }
    /* pmu_irq with nothing running just clears flags */
    fixture();
    pmu_drv_write_counter(&CTX.dev, 0, CTX.dev.cmask);
    pmu_drv_program(&CTX.dev, 0, pmu_drv_ctl(0, 1, 1, 0, 0, 0), pmu_drv_emq(1, (1u << (2 * T->cfg.nt)) - 1u));
    pmu_drv_global_enable(&CTX.dev, 1, 0);
    G.on = 1;
    pmu_sb_run(&B, 50);
    pmu_drv_global_enable(&CTX.dev, 0, 0);
    CHECK(B.irq_line == 1, "irq raised by a wrap");
    CHECK(pmu_irq(&CTX) == 1u && pmu_drv_ovf(&CTX.dev) == 0 && B.irq_line == 0, "pmu_irq clears OVF and irq");
}

/* Live reads while the counter wraps: whichever access of the read sequence
 * the wrap falls between, the value must be exact-or-monotonic, never off by
 * 2^CW (polled: no ISR clears OVF). */
void test_live_wrap(void)
{
    unsigned gap, k;
    for (gap = 0; gap < 12; gap++) {
        pmu_eventset es;
        pmu_value v;
        uint64_t prev = 0;
        unsigned bad = 0;
        fixture();
        pmu_eventset_init(&CTX, &es);
        pmu_add_named_event(&es, "CLASS1:0xf");
        pmu_set_overflow(&es, 0, 200 + 7 * gap, 0, 0);
        pmu_start(&es);
        G.on = 1;
        for (k = 0; k < 60; k++) {
            pmu_read_values(&es, &v);
            if (v.value < prev || v.value > 100000u) bad++;
            prev = v.value;
            pmu_sb_run(&B, gap);
        }
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_read_values(&es, &v);
        CHECK(bad == 0 && v.value == expect(&es.code[0]) && v.value >= prev,
              "live reads across the wrap (gap %u): %u bad, final %llu expected %llu", gap, bad,
              (unsigned long long)v.value, (unsigned long long)expect(&es.code[0]));
    }
}

/* GCTL.UEN set through the API survives start, pass switches, reset and
 * stop, which change only GEN. */
void test_user_read(void)
{
    pmu_eventset es;
    uint32_t g;
    fixture();
    hook_irqs();
    CHECK(pmu_set_user_read(&CTX, 1) == PMU_OK, "user read on");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == PMU_GCTL_UEN_MASK, "GCTL after pmu_set_user_read(1): 0x%x", (unsigned)g);
    pmu_eventset_init(&CTX, &es);
    CHECK(pmu_set_multiplex(&es, 1) == PMU_OK, "mux on");
    CHECK(pmu_add_named_event(&es, "CLASS0:0x1:CTR=0") == 0, "add 0");
    CHECK(pmu_add_named_event(&es, "CLASS0:0x2:CTR=0") == 1, "add 1");
    CHECK(pmu_num_passes(&es) == 2, "two passes");
    CHECK(pmu_start(&es) == PMU_OK, "start");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == (PMU_GCTL_GEN_MASK | PMU_GCTL_UEN_MASK), "GCTL after start: 0x%x", (unsigned)g);
    CHECK(pmu_tick(&CTX) == 1, "pass switch");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == (PMU_GCTL_GEN_MASK | PMU_GCTL_UEN_MASK), "GCTL after a pass switch: 0x%x", (unsigned)g);
    CHECK(pmu_reset(&es) == PMU_OK, "reset");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == (PMU_GCTL_GEN_MASK | PMU_GCTL_UEN_MASK), "GCTL after reset: 0x%x", (unsigned)g);
    CHECK(pmu_stop(&es, 0) == PMU_OK, "stop");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == PMU_GCTL_UEN_MASK, "GCTL after stop: 0x%x", (unsigned)g);
    CHECK(pmu_set_user_read(&CTX, 0) == PMU_OK && pmu_drv_rd(&CTX.dev, PMU_REG_GCTL) == 0, "user read off");
    CHECK(pmu_set_user_read(0, 1) == PMU_EINVAL, "NULL context");
    CHECK(B.n_err == 0 && T->ok(T->dut), "bus errors / divergence");
}
