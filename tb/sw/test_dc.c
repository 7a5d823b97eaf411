/* Host tests of sw/dc_drv on a cycle-stepped dc_top (C model, or Verilated
 * RTL in lockstep with the model): the driver programs counters, events are
 * injected through the simulated bus's generator for a known number of
 * cycles, and the 64-bit SRAM counts read through the driver must equal the
 * injected events. Prints "N passed, N failed" last. */
#include <stdio.h>
#include <string.h>
#include "test_dc.h"

static int n_pass, n_fail;
#define CHECK(c, ...) do { if (c) n_pass++; else { n_fail++; printf("FAIL %s:%d: ", __FILE__, __LINE__); \
    printf(__VA_ARGS__); printf("\n"); } } while (0)

/* one event pattern, driven while budget > 0 */
typedef struct { int u, t, c; uint16_t bits; } dc_evset;
typedef struct {
    const dc_simbus *b;
    dc_evset ev[8];
    int nev;
    uint64_t budget, driven;
    int forever;
} gen_t;

static void gen(void *arg, uint64_t cycle, uint16_t *ev, uint8_t *cpl)
{
    gen_t *g = (gen_t *)arg;
    int i;
    (void)cycle; (void)cpl;
    for (i = 0; i < g->nev; i++) ev[(g->ev[i].u * g->b->nt + g->ev[i].t) * g->b->ncls + g->ev[i].c] = 0;
    if (g->forever || g->budget) {
        for (i = 0; i < g->nev; i++) ev[(g->ev[i].u * g->b->nt + g->ev[i].t) * g->b->ncls + g->ev[i].c] |= g->ev[i].bits;
        if (!g->forever) g->budget--;
        g->driven++;
    }
}

static uint32_t rng_s;
static uint32_t rnd(void) { rng_s ^= rng_s << 13; rng_s ^= rng_s >> 17; rng_s ^= rng_s << 5; return rng_s; }

static unsigned cyc_now(const dc_dev *d) { return (dc_drv_rd(d, DC_REG_CSTAT) & DC_CSTAT_CYC_MASK) >> DC_CSTAT_CYC_LSB; }
static void wait_cyc_ge(const dc_dev *d, unsigned c) { unsigned i; for (i = 0; i < 100000 && cyc_now(d) < c; i++) {} }
static uint64_t rdc(const dc_dev *d, unsigned u, unsigned n)
{
    uint64_t v = 0;
    if (dc_drv_read_unit_counter(d, u, n, &v)) return ~(uint64_t)0;
    return v;
}

int dc_run_tests(const dc_target *t, uint32_t seed)
{
    dc_simbus b;
    dc_dev d;
    dc_mmio io;
    gen_t g;
    const dc_model_t *m = t->m;
    unsigned u, i, np, nl, nu, last, kc;
    int r;
    uint32_t acc0;
    rng_s = seed * 2654435761u + 1u;
    if (!rng_s) rng_s = 1;
    n_pass = n_fail = 0;
    printf("== dc_drv tests on %s (NP=%d NL=%d FRAME=%d, seed %u)\n", t->name, m->cfg.np, m->cfg.nl, m->cfg.frame, seed);
    if (dc_sb_init(&b, t->step, t->dut, m->nu, m->cfg.nt, dc_model_ev_stride(m))) { printf("0 passed, 1 failed\n"); return 1; }
    memset(&g, 0, sizeof g);
    g.b = &b;
    b.gen = gen; b.gen_arg = &g;
    io = dc_sb_mmio(&b);

    /* ---- NULL / argument checks: refused without any bus access */
    memset(&d, 0, sizeof d);
    CHECK(dc_drv_init(NULL, &io) == DC_DRV_EINVAL && dc_drv_init(&d, NULL) == DC_DRV_EINVAL, "init NULL");
    CHECK(dc_drv_set_run(&d, 1) == DC_DRV_EINVAL && dc_drv_rd(&d, DC_REG_ID) == 0 && dc_drv_set_run(NULL, 1) == DC_DRV_EINVAL &&
          dc_drv_acc(NULL, 0, 0, 0, 1) == DC_DRV_EINVAL && dc_drv_irq_units(NULL) == 0 && b.n_access == 0,
          "uninitialised device refused without access (%u accesses)", b.n_access);

    /* ---- probe */
    r = dc_drv_init(&d, &io);
    CHECK(r == DC_DRV_OK, "init returned %d", r);
    np = d.np; nl = d.nl; nu = d.nu; last = nu - 1;
    /* unit 0's "counter 2" below: a counter with TC=0 counts thread n mod NT,
     * so it is counter NT (thread 0) when NT >= 2, else counter 2 */
    kc = d.nt[0] >= 2 ? d.nt[0] : 2u;
    CHECK((int)np == m->cfg.np && (int)nl == m->cfg.nl && (int)d.frame == m->cfg.frame && (int)nu == m->nu &&
          (int)d.ngroups == m->ng, "probe NP %u NL %u FRAME %u NG %u", np, nl, d.frame, d.ngroups);
    {
        int okc = 1;
        for (u = 0; u < nu; u++) {
            if (d.nctr[u] != m->u[u].nctr || d.lw[u] != m->u[u].lw || d.nt[u] != m->cfg.nt || d.nsub[u] != m->u[u].nsub) okc = 0;
            if (dc_drv_counter_index(&d, u, 0) != dc_unit_first_counter(m, (int)u) ||
                dc_drv_counter_index(&d, u, d.nctr[u] - 1u) != dc_unit_first_counter(m, (int)u) + d.nctr[u] - 1) okc = 0;
        }
        CHECK(okc, "per-unit UCFG and SRAM counter index");
    }
    i = b.n_access;
    CHECK(dc_drv_program(&d, nu, 0, 0, 0) == DC_DRV_EINVAL && dc_drv_program(&d, 0, d.nctr[0], 0, 0) == DC_DRV_EINVAL &&
          dc_drv_write_counter(&d, d.ncnt, 0) == DC_DRV_EINVAL && dc_drv_acc(&d, d.ngroups, 0, 0, 10) == DC_DRV_EINVAL &&
          dc_drv_set_mode(&d, 1, nu) == DC_DRV_EINVAL && b.n_access == i, "out-of-range indices refused without access");
    /* the IP refuses the same: ACC GO naming group NGROUPS answers PSLVERR */
    CHECK(dc_sb_access(&b, 1, DC_REG_ACC, DC_ACC_GO_MASK | d.ngroups, 0) == 1 && !dc_drv_acc_busy(&d),
          "IP answers PSLVERR to ACC GO with A=NGROUPS");

    /* ---- program, start/stop, 64-bit counts equal the injected events */
    {
        /* unit 0 counter kc: class 1, EM=0x5 on events 0x7 of thread 0 (CPL 0, OS): 2 per cycle
         * unit 0 counter 1: class 2, TC=1, OS on every thread, event bit 0 on threads 0 and 1: NT' per cycle
         * unit 0 counter 0: class 1, qualified USR only (thread 0 is at CPL 0): 0
         * last unit counter 0: class 0, EM=1, thread 0: 1 per cycle, preset across the 32-bit boundary */
        unsigned nt = d.nt[0], eqall = 0, tt, k;
        uint64_t K = 1500 + rnd() % 1000, preset = 0x00000001FFFFFF00ull + (rnd() & 0xFF), v0, v1, v2, vl;
        uint64_t rate1 = nt >= 2 ? 2 : 1;
        for (tt = 0; tt < nt; tt++) eqall |= dc_drv_eq_bits(&d, 0, tt, 1, 0);
        CHECK(dc_drv_program(&d, 0, kc, dc_drv_ctl(1, 1, 0, 0), dc_drv_emq(0x5, dc_drv_eq_bits(&d, 0, 0, 1, 0))) == 0 &&
              dc_drv_program(&d, 0, 1, dc_drv_ctl(2, 1, 0, 1), dc_drv_emq(0x1, eqall)) == 0 &&
              dc_drv_program(&d, 0, 0, dc_drv_ctl(1, 1, 0, 0), dc_drv_emq(0x1, dc_drv_eq_bits(&d, 0, 0, 0, 1))) == 0 &&
              dc_drv_program(&d, last, 0, dc_drv_ctl(0, 1, 0, 0), dc_drv_emq(0x1, dc_drv_eq_bits(&d, last, 0, 1, 0))) == 0,
              "program");
        {
            uint32_t ctl = 0, emq = 0;
            dc_drv_get_program(&d, 0, 1, &ctl, &emq);
            CHECK(ctl == dc_drv_ctl(2, 1, 0, 1) && emq == dc_drv_emq(1, eqall), "readback ctl 0x%x emq 0x%x", ctl, emq);
        }
        for (k = 0; k < 3; k++) dc_drv_write_counter(&d, (unsigned)dc_drv_counter_index(&d, 0, k), 0);
        dc_drv_write_counter(&d, (unsigned)dc_drv_counter_index(&d, last, 0), preset);
        CHECK(rdc(&d, last, 0) == preset, "preset readback 0x%llx", (unsigned long long)rdc(&d, last, 0));
        g.nev = 0;
        g.ev[g.nev].u = 0; g.ev[g.nev].t = 0; g.ev[g.nev].c = 1; g.ev[g.nev++].bits = 0x7;
        g.ev[g.nev].u = 0; g.ev[g.nev].t = 0; g.ev[g.nev].c = 2; g.ev[g.nev++].bits = 0x1;
        if (nt >= 2) { g.ev[g.nev].u = 0; g.ev[g.nev].t = 1; g.ev[g.nev].c = 2; g.ev[g.nev++].bits = 0x1; }
        g.ev[g.nev].u = (int)last; g.ev[g.nev].t = 0; g.ev[g.nev].c = 0; g.ev[g.nev++].bits = 0x1;
        /* stopped: events for two frames count nothing */
        g.forever = 1;
        dc_drv_wait_frames(&d, 2, 100000);
        g.forever = 0;
        dc_drv_stop_flush(&d, 100000);
        CHECK(rdc(&d, 0, kc) == 0 && rdc(&d, 0, 1) == 0 && rdc(&d, last, 0) == preset, "stopped: nothing counted");
        /* running: exactly K cycles of events */
        dc_drv_set_run(&d, 1);
        dc_drv_wait_frames(&d, 1, 100000);
        g.budget = K; g.driven = 0;
        while (g.budget) dc_sb_run(&b, 1);
        r = dc_drv_stop_flush(&d, 100000);
        CHECK(r == 0, "stop_flush %d", r);
        v2 = rdc(&d, 0, kc); v1 = rdc(&d, 0, 1); v0 = rdc(&d, 0, 0); vl = rdc(&d, last, 0);
        CHECK(v2 == 2 * K, "EM=0x5 counter: %llu, expected %llu", (unsigned long long)v2, (unsigned long long)(2 * K));
        CHECK(v1 == rate1 * K, "thread-combined counter: %llu, expected %llu", (unsigned long long)v1, (unsigned long long)(rate1 * K));
        CHECK(v0 == 0, "USR-qualified counter at CPL 0: %llu", (unsigned long long)v0);
        CHECK(vl == preset + K, "preset cache-type counter: 0x%llx, expected 0x%llx", (unsigned long long)vl,
              (unsigned long long)(preset + K));
        /* stopped again: more events change nothing */
        g.budget = 600;
        while (g.budget) dc_sb_run(&b, 1);
        dc_drv_wait_frames(&d, 2, 100000);
        CHECK(rdc(&d, 0, kc) == v2 && rdc(&d, last, 0) == vl, "counts frozen after stop");
        CHECK(dc_sb_access(&b, 0, DC_SRAM_LO(0), 0, 0) == 0 && b.max_wait >= 1, "SRAM LO accesses waited (max %u)", b.max_wait);

        /* ---- local reset: local value lost, nothing reaches the SRAM */
        dc_drv_write_counter(&d, (unsigned)dc_drv_counter_index(&d, 0, kc), 0);
        dc_drv_set_run(&d, 1);
        dc_drv_wait_frames(&d, 1, 100000);
        wait_cyc_ge(&d, d.frame / 2);
        g.budget = 40;
        while (g.budget) dc_sb_run(&b, 1);
        dc_sb_run(&b, 2 * nu + 4);
        {
            uint32_t lc = dc_drv_local_count(&d, 0, kc), lc2;
            dc_drv_local_reset(&d);
            dc_sb_run(&b, 2 * nu + 4);
            lc2 = dc_drv_local_count(&d, 0, kc);
            dc_drv_stop_flush(&d, 100000);
            CHECK(lc == 80 && lc2 == 0 && rdc(&d, 0, kc) == 0, "local reset: local %u -> %u, SRAM %llu", lc, lc2,
                  (unsigned long long)rdc(&d, 0, kc));
        }
    }

    /* ---- accumulate C <= A + B */
    {
        unsigned ga = d.ngroups - 3, gb = d.ngroups - 2, gc = d.ngroups - 1, k;
        uint64_t a[16], bb[16], x;
        int okv = 1;
        for (k = 0; k < 16; k++) {
            a[k] = ((uint64_t)rnd() << 32) | rnd();
            bb[k] = k == 3 ? ~a[k] + 5 : ((uint64_t)(rnd() & 0xFF) << 32) | rnd();   /* one sum wraps */
            dc_drv_write_counter(&d, 16 * ga + k, a[k]);
            dc_drv_write_counter(&d, 16 * gb + k, bb[k]);
        }
        r = dc_drv_acc(&d, ga, gb, gc, 1000);
        CHECK(r == DC_DRV_OK, "acc returned %d", r);
        for (k = 0; k < 16; k++) { dc_drv_read_counter(&d, 16 * gc + k, &x); if (x != a[k] + bb[k]) okv = 0; }
        CHECK(okv, "ACC: C == A + B for 16 counters");
        r = dc_drv_acc(&d, gc, ga, ga, 1000);   /* destination = source */
        okv = 1;
        for (k = 0; k < 16; k++) { dc_drv_read_counter(&d, 16 * ga + k, &x); if (x != 2 * a[k] + bb[k]) okv = 0; }
        CHECK(r == 0 && okv, "ACC: A <= C + A");
        /* selected counters: C[i] = B[i] + (mask[i] ? A[i] : 0) */
        {
            unsigned msk = (rnd() & 0xFFFEu) | 0x1u;
            uint64_t cb[16];
            for (k = 0; k < 16; k++) dc_drv_read_counter(&d, 16 * gb + k, &cb[k]);
            r = dc_drv_acc_sel(&d, ga, gb, gc, msk, 1000);
            okv = 1;
            for (k = 0; k < 16; k++) {
                uint64_t ca;
                dc_drv_read_counter(&d, 16 * ga + k, &ca);
                dc_drv_read_counter(&d, 16 * gc + k, &x);
                if (x != cb[k] + (((msk >> k) & 1) ? ca : 0)) okv = 0;
            }
            CHECK(r == 0 && okv && dc_drv_acc_sel(&d, ga, gb, gc, 0x10000u, 10) == DC_DRV_EINVAL,
                  "ACC selected (mask 0x%04x): C == B + selected A", msk);
        }
        /* busy: GO by another master, then the driver's GO is refused */
        dc_sb_access(&b, 1, DC_REG_ACC, DC_ACC_GO_MASK | ga | (gb << DC_ACC_B_LSB) | (gc << DC_ACC_C_LSB), 0);
        r = dc_drv_acc(&d, ga, gb, gc, 1000);
        CHECK(r == DC_DRV_EBUSY, "ACC while busy returned %d", r);
        while (dc_drv_acc_busy(&d)) {}
        acc0 = dc_drv_rd(&d, DC_REG_ACC);
        CHECK(acc0 == (ga | (gb << DC_ACC_B_LSB) | (gc << DC_ACC_C_LSB)), "ACC reads back 0x%x", acc0);
    }

    /* ---- near overflow -> arm -> local overflow interrupt, W1C */
    {
        uint64_t thr = 300 + rnd() % 200, th = 0;
        unsigned k0 = dc_drv_counter_index(&d, 0, kc);
        CHECK(dc_drv_irq_units(&d) == 0, "no unit interrupt at start");
        dc_drv_write_counter(&d, k0, 0);
        dc_drv_write_counter(&d, (unsigned)dc_drv_counter_index(&d, last, 0), 0);
        dc_drv_program(&d, 0, kc, dc_drv_ctl(1, 1, 1, 0), dc_drv_emq(0x5, dc_drv_eq_bits(&d, 0, 0, 1, 0)));   /* IE */
        dc_drv_set_ovb(&d, 0, 4);
        dc_drv_nov_setup(&d, thr, 1);
        dc_drv_nov_threshold(&d, &th);
        CHECK(th == thr, "NOV threshold readback %llu", (unsigned long long)th);
        dc_drv_set_run(&d, 1);
        g.forever = 1;
        dc_drv_wait_frames(&d, 4, 100000);
        g.forever = 0;
        dc_drv_stop_flush(&d, 100000);
        {
            uint64_t lines = dc_drv_irq_units(&d);
            uint32_t ui = dc_drv_unit_irq(&d, 0), ua = dc_drv_unit_arm(&d, 0), ual = dc_drv_unit_arm(&d, last);
            unsigned nc = dc_drv_nov_count(&d);
            CHECK(nc >= 1 && ui == (1u << kc) && lines == 1, "NOV: count %u, UIRQ(0) 0x%x, lines 0x%llx", nc, ui,
                  (unsigned long long)lines);
            CHECK((ua & (1u << kc)) == 0 && (ual & 1u), "IE counter disarmed by its interrupt (UARM 0x%x), last unit armed (0x%x)",
                  ua, ual);
            dc_drv_unit_irq_clear(&d, 0, 1u << kc);
            dc_drv_unit_arm_clear(&d, last, 1u);
            CHECK(dc_drv_unit_irq(&d, 0) == 0 && dc_drv_irq_units(&d) == 0 && dc_drv_unit_arm(&d, last) == 0,
                  "interrupt and arm bits cleared (W1C)");
        }
        dc_drv_nov_setup(&d, ~(uint64_t)0, 0);
        dc_drv_program(&d, 0, kc, dc_drv_ctl(1, 1, 0, 0), dc_drv_emq(0x5, dc_drv_eq_bits(&d, 0, 0, 1, 0)));
    }

    /* ---- mode select, RUN/UEN preserved */
    {
        uint32_t cc, cs;
        unsigned ds = nu > 1 ? 1 : 0;
        dc_drv_set_uen(&d, 1);
        dc_drv_set_run(&d, 1);
        dc_drv_set_mode(&d, 1, ds);
        cc = dc_drv_rd(&d, DC_REG_CCTL);
        CHECK(dc_drv_mode_pending(&d) == 1, "mode change pending");
        CHECK(cc == (DC_CCTL_RUN_MASK | DC_CCTL_UEN_MASK | DC_CCTL_MODE_MASK | (ds << DC_CCTL_DSEL_LSB)),
              "CCTL after set_mode 0x%x", cc);
        r = dc_drv_wait_mode(&d, 100000);
        cs = dc_drv_rd(&d, DC_REG_CSTAT);
        CHECK(r == 0 && (cs & DC_CSTAT_MODE_MASK) && ((cs & DC_CSTAT_DSEL_MASK) >> DC_CSTAT_DSEL_LSB) == ds,
              "detailed mode applied: CSTAT 0x%x", cs);
        dc_drv_set_run(&d, 0);
        cc = dc_drv_rd(&d, DC_REG_CCTL);
        CHECK(cc == (DC_CCTL_UEN_MASK | DC_CCTL_MODE_MASK | (ds << DC_CCTL_DSEL_LSB)), "set_run(0) keeps MODE/UEN/DSEL: 0x%x", cc);
        dc_drv_set_mode(&d, 0, 0);
        r = dc_drv_wait_mode(&d, 100000);
        cs = dc_drv_rd(&d, DC_REG_CSTAT);
        CHECK(r == 0 && !(cs & DC_CSTAT_MODE_MASK), "back to distributed mode: CSTAT 0x%x", cs);
    }

    /* ---- detailed mode: one event through its event group (beyond the
     * first 92 events where the unit has more) into its raw-event counter */
    {
        unsigned nsub = d.nsub[0], nc0 = (unsigned)m->u[0].ncls, nev = (unsigned)b.nt * nc0 * nsub, l, e, v0, v1;
        uint64_t before = 0, after = 0, K2 = 300 + rnd() % 200;
        int ri, rbad;
        gen_t g0 = g;   /* the event patterns of the other sections */
        l = nev > DC_RAW_EVENTS ? DC_RAW_EVENTS + rnd() % (nev - DC_RAW_EVENTS) : rnd() % nev;
        ri = dc_drv_detail_event(&d, 0, l);
        v0 = dc_drv_rd(&d, DC_UNIT_DGSEL0(0));
        v1 = dc_drv_rd(&d, DC_UNIT_DGSEL1(0));
        rbad = dc_drv_detail_event(&d, 0, 15 * DC_RAW_EVENTS + l % DC_RAW_EVENTS);   /* window 15: not stored here */
        CHECK(ri == (int)(16 * (d.ngroups - DC_RAW_GROUPS) + l % DC_RAW_EVENTS) && rbad == DC_DRV_EINVAL &&
              dc_drv_rd(&d, DC_UNIT_DGSEL0(0)) == v0 && dc_drv_rd(&d, DC_UNIT_DGSEL1(0)) == v1 &&
              dc_drv_detail_event(&d, d.nu, 0) == DC_DRV_EINVAL,
              "detail_event(unit 0, event %u of %u) -> raw counter %d; an unstorable window refused, select kept", l, nev, ri);
        dc_drv_read_counter(&d, (unsigned)ri, &before);
        e = l / nsub;
        g.nev = 0;
        g.ev[g.nev].u = 0; g.ev[g.nev].t = (int)(e / nc0); g.ev[g.nev].c = (int)(e % nc0);
        g.ev[g.nev++].bits = (uint16_t)(1u << (l % nsub));
        dc_drv_set_run(&d, 1);
        dc_drv_set_mode(&d, 1, 0);
        r = dc_drv_wait_mode(&d, 100000);
        dc_sb_run(&b, (uint64_t)d.nu + 10);      /* the mode flits have reached every unit */
        g.budget = K2; g.driven = 0;
        while (g.budget) dc_sb_run(&b, 1);
        dc_sb_run(&b, (uint64_t)d.nu + 10);      /* the last event flits have reached the central unit */
        dc_drv_set_mode(&d, 0, 0);
        dc_drv_wait_mode(&d, 100000);
        dc_drv_stop_flush(&d, 100000);
        dc_drv_read_counter(&d, (unsigned)ri, &after);
        CHECK(r == 0 && after - before == K2, "detailed mode: event %u (thread %d class %d sub-event %u) counted %llu, "
              "expected %llu", l, g.ev[0].t, g.ev[0].c, l % nsub, (unsigned long long)(after - before),
              (unsigned long long)K2);
        dc_drv_wr(&d, DC_UNIT_DGSEL0(0), 0);
        dc_drv_wr(&d, DC_UNIT_DGSEL1(0), 0);
        g = g0;
    }

    /* ---- user read enable */
    {
        uint64_t v = 0, exp = rdc(&d, last, 0);
        unsigned e0;
        b.pprot = 0;
        e0 = b.n_err;
        r = dc_drv_read_unit_counter(&d, last, 0, &v);
        CHECK(r == 0 && v == exp && b.n_err == e0, "UEN=1: unprivileged SRAM counter read %llu (expected %llu)",
              (unsigned long long)v, (unsigned long long)exp);
        CHECK(dc_sb_access(&b, 0, DC_REG_CCTL, 0, 0) == 1, "UEN=1: unprivileged CCTL read refused");
        b.pprot = 1;
        dc_drv_set_uen(&d, 0);
        b.pprot = 0;
        CHECK(dc_sb_access(&b, 0, DC_SRAM_LO(0), 0, 0) == 1, "UEN=0: unprivileged SRAM read refused");
        b.pprot = 1;
        CHECK(!(dc_drv_rd(&d, DC_REG_CCTL) & DC_CCTL_UEN_MASK), "UEN cleared");
    }

    /* ---- unit mode: local run while the central RUN is 0; edge counting */
    {
        uint64_t K = 700 + rnd() % 300, c2 = rdc(&d, 0, kc), c1 = rdc(&d, 0, 1);
        CHECK(dc_drv_unit_mode(&d, 0) == DC_UMODE_SYNC_MASK && dc_drv_set_unit_mode(&d, nu, 0, 1, 0) == DC_DRV_EINVAL,
              "UMODE reset value 0x%x, bad unit refused", dc_drv_unit_mode(&d, 0));
        /* counter 1: rising edges of event bit 0 of class 2 on every thread (EDGE of that bit) */
        uint32_t gi = 1, ge = 1;
        for (i = 0; i < d.nt[0]; i++)
            CHECK(dc_drv_set_elp(&d, 0, i * (unsigned)m->u[0].ncls + 2u, 0, 1) == 0 && dc_drv_get_elp(&d, 0, i * (unsigned)m->u[0].ncls + 2u, &gi, &ge) == 0 &&
                  gi == 0 && ge == 1, "ELP: EDGE of sub-event 0 of thread %u class 2 set", i);
        CHECK(dc_drv_set_elp(&d, 0, 0, 1u << d.nsub[0], 0) == DC_DRV_EINVAL && dc_drv_set_elp(&d, 0, 511, 1, 0) == DC_DRV_EINVAL &&
              dc_drv_set_elp(&d, nu, 0, 1, 0) == DC_DRV_EINVAL, "ELP: a bit >= NSUB, a missing event, a bad unit refused");
        dc_drv_program(&d, 0, 1, dc_drv_ctl(2, 1, 0, 1), dc_drv_emq(0x1, dc_drv_eq_bits(&d, 0, 0, 1, 0)));
        dc_drv_set_unit_mode(&d, 0, 0, 1, 0);
        CHECK(dc_drv_unit_mode(&d, 0) == DC_UMODE_LRUN_MASK, "UMODE local run 0x%x", dc_drv_unit_mode(&d, 0));
        g.budget = K;
        while (g.budget) dc_sb_run(&b, 1);
        dc_sb_run(&b, 3);
        dc_drv_set_unit_mode(&d, 0, 1, 0, 0);
        dc_drv_stop_flush(&d, 100000);
        CHECK(rdc(&d, 0, kc) - c2 == 2 * K, "local run (central RUN 0): %llu counted, expected %llu",
              (unsigned long long)(rdc(&d, 0, kc) - c2), (unsigned long long)(2 * K));
        CHECK(rdc(&d, 0, 1) - c1 == 1, "edge counter: one rising edge in a %llu-cycle pulse, counted %llu",
              (unsigned long long)K, (unsigned long long)(rdc(&d, 0, 1) - c1));
        for (i = 0; i < d.nt[0]; i++) dc_drv_set_elp(&d, 0, i * (unsigned)m->u[0].ncls + 2u, 0, 0);
        dc_drv_program(&d, 0, 1, dc_drv_ctl(2, 1, 0, 1), dc_drv_emq(0x1, dc_drv_eq_bits(&d, 0, 0, 1, 0)));
    }

    if (t->ok && !t->ok(t->dut)) { printf("FAIL: RTL/model divergence\n"); n_fail++; }
    printf("%u accesses, %llu cycles\n", b.n_access, (unsigned long long)b.cycle);
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail != 0;
}
