/* sw/ host tests of sampling: SIAR/SDAR per period, throttled sampling, and
 * the randomized sampling period (pmu_set_sampling_jitter). */
#include "common.h"

/* Sampling (pmu_set_sampling): the generator gives every cycle its number
 * as instruction address and stops while a handler runs (as a USR-only
 * event would), so the counter goes negative exactly at events P, 2P, ...
 * and each sample's SIAR must be the cycle of such an event (from the
 * per-cycle tallies); SDAR its complement (AW bits). Unthrottled: one sample per P
 * events (the last one may still be pending at the stop), the count exact.
 * Throttled: fewer samples, each still at a multiple of P, the dropped
 * ones counted. */
#define SMP_MAX 512
static uint64_t smp_ip[SMP_MAX], smp_da[SMP_MAX];
static unsigned smp_n;
static void smp_cb(pmu_eventset *es, unsigned idx, const pmu_sample *s, void *arg)
{
    (void)es; (void)idx; (void)arg;
    if (smp_n < SMP_MAX) { smp_ip[smp_n] = s->siar; smp_da[smp_n] = s->sdar; }
    smp_n++;
}
static void isr_pmu_quiet(void *a) { int on = G.on; G.on = 0; (void)pmu_irq((pmu_ctx *)a); G.on = on; }
static void isr_tick_quiet(void *a) { int on = G.on; G.on = 0; (void)pmu_tick((pmu_ctx *)a); G.on = on; }

void test_sampling(void)
{
    pmu_eventset es;
    pmu_value v;
    unsigned pass, i, bad, nfree;
    const uint64_t P = 37 + rndn(40), RUN = 4000;   /* + the handlers' cycles < WMAX */
    const uint64_t amask = T->cfg.aw == 32 ? 0xFFFFFFFFu : ~(uint64_t)0;   /* SIAR/SDAR width */
    fixture();
    if (!need_smp("sampling")) return;
    pmu_eventset_init(&CTX, &es);
    CHECK(pmu_add_named_event(&es, "CLASS0:0x3") == 0, "sampling: add");
    CHECK(pmu_set_sampling(&es, 1, P, smp_cb, 0) == PMU_EINVAL, "sampling: bad index");
    CHECK(pmu_set_sampling(&es, 0, ((uint64_t)1 << (T->cfg.cw - 1u)) + 1u, smp_cb, 0) == PMU_ERANGE,
          "sampling: period > 2^(CW-1)");
    CHECK(pmu_set_overflow(&es, 0, 100, 0, 0) == PMU_OK && pmu_set_sampling(&es, 0, P, smp_cb, 0) == PMU_EINVAL &&
          pmu_set_overflow(&es, 0, 0, 0, 0) == PMU_OK, "sampling: not with an overflow threshold");
    for (pass = 0; pass < 2; pass++) {
        fixture();
        B.pmu_isr = isr_pmu_quiet; B.pmu_isr_arg = &CTX;
        B.tick_isr = isr_tick_quiet; B.tick_isr_arg = &CTX;
        pmu_eventset_init(&CTX, &es);
        pmu_add_named_event(&es, "CLASS0:0x3");
        CHECK(pmu_set_sampling(&es, 0, P, smp_cb, 0) == PMU_OK, "sampling: period %llu", (unsigned long long)P);
        CHECK(pmu_set_overflow(&es, 0, 100, 0, 0) == PMU_EINVAL && pmu_set_trigger(&es, 0, 10) == PMU_EINVAL,
              "sampling: no overflow threshold or trigger on the sampled event");
        pmu_set_irq_throttle(&CTX, pass ? 2000u : 0u);
        pmu_sb_set_tick(&B, pass ? 700u : 0u);
        G.watch[0] = es.code[0];
        G.nw = 1;
        G.addr_on = 1;
        smp_n = 0;
        CHECK(pmu_start(&es) == PMU_OK, "sampling: start");
        CHECK((pmu_drv_rd(&CTX.dev, PMU_REG_XCTL(es.ctr_of[0])) & PMU_XCTL_NIE_MASK) &&
              (pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) & PMU_MMCR_PMXE_MASK), "sampling: XCTL.NIE and MMCR.PMXE set");
        G.w0 = B.cycle;
        G.on = 1;
        pmu_sb_run(&B, RUN);
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_sb_set_tick(&B, 0);
        pmu_read_values(&es, &v);
        CHECK(v.value == expect(&es.code[0]), "sampling %u: count exact %llu, expected %llu", pass,
              (unsigned long long)v.value, (unsigned long long)expect(&es.code[0]));
        /* every SIAR is the cycle of event kP, SDAR its complement */
        bad = 0;
        for (i = 0; i < smp_n && i < SMP_MAX; i++) {
            uint64_t c = smp_ip[i] - G.w0, k;
            if (smp_ip[i] < G.w0 || c >= WMAX || smp_da[i] != (~smp_ip[i] & amask)) { bad++; continue; }
            k = wcum[0][c] / P;
            if (k == 0 || wcum[0][c] < k * P || (c > 0 && wcum[0][c - 1] >= k * P)) bad++;
            else if (!pass && k != i + 1u) bad++;          /* unthrottled: the i-th sample is event (i+1)P */
        }
        CHECK(smp_n <= SMP_MAX && B.cycle - G.w0 < WMAX && bad == 0,
              "sampling %u: %u of %u samples not at the cycle of an event kP", pass, bad, smp_n);
        nfree = (unsigned)(expect(&es.code[0]) / P);
        if (!pass) {
            CHECK(smp_n > 20 && (smp_n == nfree || smp_n + 1u == nfree) && es.n_samples == smp_n &&
                  es.n_smp_throttled == 0, "sampling: %u samples, %u events / period %llu", smp_n, nfree,
                  (unsigned long long)P);
        } else {
            CHECK(es.n_smp_throttled > 0 && smp_n < nfree / 2 && smp_n + es.n_smp_throttled <= nfree &&
                  smp_n + es.n_smp_throttled + 2u >= nfree,
                  "sampling throttled: %u samples + %u throttled vs %u", smp_n, es.n_smp_throttled, nfree);
        }
        CHECK(B.n_err == 0 && T->ok(T->dut), "sampling: bus errors / divergence");
    }
    G.addr_on = 0;
    G.nw = 0;
}

/* Randomized sampling period (pmu_set_sampling_jitter). The sample
 * callback records SIAR and the API's exact accounting (pmu_sampling_state:
 * events_done = the event number of the sample, periods_done, the next
 * period); every events_done is checked against the injected events (the
 * SIAR cycle c must hold that event: wcum[c-1] < events_done <= wcum[c]), so
 * the gaps between samples are known exactly. Unthrottled: sample i ends
 * period i+1, every gap (the first from 0) lies in [P-J, P+J], every value
 * of that range occurs, their mean is within 5 sigma of P; the same seed
 * gives the same sequence, another seed another one; seed 0 is
 * PMU_SMP_SEED_DEFAULT; jitter 0 is the fixed period, sample for sample.
 * Throttled: each sample that ends period m is at the event sum of the first
 * m periods of the unthrottled run with the same seed, and at the stop
 * events_done <= count < events_done + cur_period, periods_done = samples +
 * throttled (+ 1 for a period ending in pmu_stop). */
#define JIT_MAX 2048
typedef struct {
    unsigned n;                                /* samples (callbacks) */
    uint64_t ip[JIT_MAX], done[JIT_MAX], cur[JIT_MAX];
    uint32_t nper[JIT_MAX];
    int      st_err;                           /* pmu_sampling_state failed in the callback */
} jit_run;
static jit_run JR[3];
static void jit_cb(pmu_eventset *es, unsigned idx, const pmu_sample *s, void *arg)
{
    jit_run *r = (jit_run *)arg;
    uint64_t d, c;
    uint32_t k;
    (void)idx;
    if (pmu_sampling_state(es, &d, &c, &k) != PMU_OK) r->st_err = 1;
    if (r->n < JIT_MAX) { r->ip[r->n] = s->siar; r->done[r->n] = d; r->cur[r->n] = c; r->nper[r->n] = k; }
    r->n++;
}

/* Event number `done` of the watched event is at SIAR cycle ip (from the tallies). */
static int jit_at(uint64_t ip, uint64_t done)
{
    uint64_t c = ip - G.w0;
    if (ip < G.w0 || c >= WMAX) return 0;
    return done <= wcum[0][c] && (c == 0 || wcum[0][c - 1] < done);
}

/* One run: jitter < 0 = no pmu_set_sampling_jitter call; jitter_first: a
 * jitter set before a second pmu_set_sampling (which must clear it). The
 * generator runs until `want` samples (throttled: `want` whole periods) or
 * the window is used up. Returns the final accounting in *fin. */
typedef struct { uint64_t done, cur, count; uint32_t nper, nsmp, nthr; int rc; } jit_fin;
static char jit_ev[32];    /* the sampled event: class 0, the densest sub-events, at most 4 (thread, sub-event) pairs */
static void jit_event(void)
{
    unsigned t, s, pick = 0, b;
    for (b = 0; b < GS && (b + 1u) * T->cfg.nt <= 4u; b++) {
        double best = -1.0, r;
        unsigned bs = 0;
        for (s = 0; s < GS; s++) {
            if (pick >> s & 1u) continue;
            for (t = 0, r = 0.0; t < T->cfg.nt; t++) r += (double)G.duty[t][0][s] / G.period[t][0][s];
            if (r > best) { best = r; bs = s; }
        }
        pick |= 1u << bs;
    }
    if (!pick) pick = 1u;
    sprintf(jit_ev, "CLASS0:0x%x", pick);
}
static void jit_one(jit_run *r, uint64_t P, long jitter, uint32_t seed, int jitter_first,
                    uint64_t throttle, unsigned want, jit_fin *fin)
{
    pmu_eventset es;
    pmu_value v;
    fixture();
    B.pmu_isr = isr_pmu_quiet; B.pmu_isr_arg = &CTX;
    B.tick_isr = isr_tick_quiet; B.tick_isr_arg = &CTX;
    pmu_eventset_init(&CTX, &es);
    pmu_add_named_event(&es, jit_ev);
    memset(r, 0, sizeof *r);
    memset(fin, 0, sizeof *fin);
    fin->rc = pmu_set_sampling(&es, 0, P, jit_cb, r);
    if (jitter_first) {
        fin->rc |= pmu_set_sampling_jitter(&es, (uint32_t)jitter_first, seed + 1u);
        fin->rc |= pmu_set_sampling(&es, 0, P, jit_cb, r);
    }
    if (jitter >= 0) fin->rc |= pmu_set_sampling_jitter(&es, (uint32_t)jitter, seed);
    pmu_set_irq_throttle(&CTX, throttle);
    pmu_sb_set_tick(&B, throttle ? throttle / 3u : 0u);
    G.watch[0] = es.code[0];
    G.nw = 1;
    G.addr_on = 1;
    fin->rc |= pmu_start(&es);
    G.w0 = B.cycle;
    G.on = 1;
    while ((throttle ? es.smp_nper : r->n) < want && B.cycle - G.w0 < WMAX - 4000u) pmu_sb_run(&B, 50);
    G.on = 0;
    pmu_sb_run(&B, 3);
    fin->rc |= pmu_stop(&es, 0);
    pmu_sb_set_tick(&B, 0);
    pmu_read_values(&es, &v);
    fin->count = v.raw;
    fin->rc |= pmu_sampling_state(&es, &fin->done, &fin->cur, &fin->nper);
    fin->nsmp = es.n_samples;
    fin->nthr = es.n_smp_throttled;
    CHECK(fin->rc == PMU_OK && !r->st_err && r->n <= JIT_MAX && v.raw == expect(&es.code[0]) &&
          B.cycle - G.w0 < WMAX && B.n_err == 0 && T->ok(T->dut),
          "jitter run (P %llu J %ld seed %u throttle %llu): rc %d, count %llu expected %llu, %u samples",
          (unsigned long long)P, jitter, seed, (unsigned long long)throttle, fin->rc,
          (unsigned long long)v.raw, (unsigned long long)expect(&es.code[0]), r->n);
    G.addr_on = 0;
    G.nw = 0;
}

void test_sampling_jitter(void)
{
    pmu_eventset es;
    uint64_t P = 32 + rndn(17), d, c, big = (uint64_t)1 << (T->cfg.cw - 1u), lo, hi, sum;
    const uint32_t J = 4 + rndn(3), seed = 1 + rnd() % 1000u;
    uint32_t k;
    unsigned i, n, bad, distinct, same, checked;
    uint8_t seen[2 * 6 + 1];
    jit_fin f0, f1, f2;
    long dev;

    fixture();
    if (!T->cfg.has_sample) {
        pmu_eventset_init(&CTX, &es);
        pmu_add_named_event(&es, "CLASS0:0x1");
        CHECK(pmu_set_sampling_jitter(&es, 1, 0) == PMU_ENOSUP && es.smp_jitter == 0,
              "jitter without the sampling block: PMU_ENOSUP");
        return;
    }
    /* errors and state */
    pmu_eventset_init(&CTX, &es);
    pmu_add_named_event(&es, "CLASS0:0x3");
    CHECK(pmu_set_sampling_jitter(0, 1, 0) == PMU_EINVAL && pmu_set_sampling_jitter(&es, 0, 0) == PMU_EINVAL &&
          pmu_sampling_state(&es, &d, &c, &k) == PMU_EINVAL, "jitter: NULL / no sampled event: PMU_EINVAL");
    pmu_set_sampling(&es, 0, P, smp_cb, 0);
    CHECK(pmu_set_sampling_jitter(&es, (uint32_t)P, 0) == PMU_ERANGE &&
          pmu_set_sampling_jitter(&es, (uint32_t)P + 1u, 0) == PMU_ERANGE && es.smp_jitter == 0 &&
          pmu_set_sampling_jitter(&es, (uint32_t)P - 1u, 0) == PMU_OK && es.smp_jitter == P - 1u,
          "jitter: PMU_ERANGE from the period up, period - 1 accepted");
    CHECK(pmu_sampling_state(0, &d, &c, &k) == PMU_EINVAL && pmu_sampling_state(&es, 0, &c, &k) == PMU_EINVAL &&
          pmu_sampling_state(&es, &d, 0, &k) == PMU_EINVAL && pmu_sampling_state(&es, &d, &c, 0) == PMU_EINVAL,
          "pmu_sampling_state: NULL arguments");
    CHECK(pmu_sampling_state(&es, &d, &c, &k) == PMU_OK && d == 0 && c == P && k == 0, "pmu_sampling_state at rest");
    CHECK(pmu_start(&es) == PMU_OK && pmu_set_sampling_jitter(&es, 1, 0) == PMU_EISRUN && es.smp_jitter == P - 1u &&
          pmu_sampling_state(&es, &d, &c, &k) == PMU_OK && c >= 1 && c <= 2 * P - 1u && pmu_stop(&es, 0) == PMU_OK,
          "jitter: PMU_EISRUN while running; first period drawn at the start");
    /* the first period is drawn too, at every start (16 seeds), and again at
     * pmu_reset (after some samples) */
    memset(seen, 0, sizeof seen);
    B.pmu_isr = isr_pmu_quiet; B.pmu_isr_arg = &CTX;
    for (i = 1, bad = 0, distinct = 0; i <= 16u; i++) {
        uint64_t c2 = 0, d2 = 1;
        uint32_t k2 = 1;
        if (pmu_set_sampling_jitter(&es, J, i) != PMU_OK || pmu_start(&es) != PMU_OK ||
            pmu_sampling_state(&es, &d, &c, &k) != PMU_OK)
            bad++;
        G.on = 1;
        pmu_sb_run(&B, 400);
        G.on = 0;
        if (pmu_sampling_state(&es, &d2, &c2, &k2) != PMU_OK || d2 == 0 || k2 == 0 || pmu_reset(&es) != PMU_OK ||
            pmu_sampling_state(&es, &d2, &c2, &k2) != PMU_OK || pmu_stop(&es, 0) != PMU_OK ||
            d != 0 || k != 0 || c < P - J || c > P + J || c2 != c || d2 != 0 || k2 != 0) {
            bad++;
            continue;
        }
        distinct += !seen[c - (P - J)];
        seen[c - (P - J)] = 1;
    }
    CHECK(bad == 0 && distinct >= 3, "jitter: first period drawn at pmu_start (%u values of 16 seeds), "
          "the same at pmu_reset (%u bad)", distinct, bad);
    CHECK(pmu_set_sampling(&es, 0, big, smp_cb, 0) == PMU_OK && es.smp_jitter == 0 &&
          pmu_set_sampling_jitter(&es, 1, 0) == PMU_ERANGE && pmu_set_sampling(&es, 0, big - 1u, smp_cb, 0) == PMU_OK &&
          pmu_set_sampling_jitter(&es, 1, 0) == PMU_OK, "jitter: period + jitter up to 2^(CW-1)");

    jit_event();
    /* jitter 0: today's fixed period, sample for sample; pmu_set_sampling clears a jitter */
    jit_one(&JR[0], P, -1, 0, 0, 0, 300, &f0);
    jit_one(&JR[1], P, 0, seed, 0, 0, 300, &f1);
    jit_one(&JR[2], P, -1, 0, (int)J, 0, 300, &f2);
    n = JR[0].n < JIT_MAX ? JR[0].n : JIT_MAX;
    for (i = 0, bad = 0; i < n; i++)
        if (JR[0].done[i] != (i + 1u) * P || JR[0].nper[i] != i + 1u || JR[0].cur[i] != P ||
            !jit_at(JR[0].ip[i], JR[0].done[i]))
            bad++;
    CHECK(n >= 200 && bad == 0 && f0.nsmp == JR[0].n && f0.nthr == 0 && f0.done <= f0.count &&
          f0.count < f0.done + P && f0.done == (uint64_t)f0.nper * P && (f0.nper == f0.nsmp || f0.nper == f0.nsmp + 1u),
          "fixed period %llu: %u of %u samples not at event kP, accounting %llu/%u vs count %llu",
          (unsigned long long)P, bad, n, (unsigned long long)f0.done, f0.nper, (unsigned long long)f0.count);
    CHECK(JR[1].n == JR[0].n && !memcmp(JR[1].ip, JR[0].ip, sizeof JR[0].ip) &&
          JR[2].n == JR[0].n && !memcmp(JR[2].ip, JR[0].ip, sizeof JR[0].ip) &&
          !memcmp(JR[1].done, JR[0].done, sizeof JR[0].done) && f1.done == f0.done && f2.done == f0.done,
          "jitter 0 (and pmu_set_sampling after a jitter): the fixed-period samples");

    /* jitter J, seed: gaps in [P-J, P+J], every value, mean P */
    jit_one(&JR[0], P, (long)J, seed, 0, 0, 400, &f0);
    n = JR[0].n < JIT_MAX ? JR[0].n : JIT_MAX;
    memset(seen, 0, sizeof seen);
    for (i = 0, bad = 0; i < n; i++) {
        uint64_t gap = JR[0].done[i] - (i ? JR[0].done[i - 1] : 0u);
        if (JR[0].nper[i] != i + 1u || !jit_at(JR[0].ip[i], JR[0].done[i]) || gap < P - J || gap > P + J ||
            JR[0].cur[i] < P - J || JR[0].cur[i] > P + J || (i + 1u < n && JR[0].cur[i] != JR[0].done[i + 1] - JR[0].done[i]))
            bad++;
        else seen[gap - (P - J)] = 1;
    }
    for (i = 0, distinct = 0; i <= 2u * J; i++) distinct += seen[i];
    CHECK(n >= 200 && bad == 0 && distinct == 2u * J + 1u,
          "jitter %u on period %llu: %u of %u gaps outside [P-J, P+J] or not at their events; %u of %u values drawn",
          J, (unsigned long long)P, bad, n, distinct, 2u * J + 1u);
    sum = n ? JR[0].done[n - 1] : 0u;          /* the sum of the n gaps */
    dev = (long)(sum - (uint64_t)n * P);
    CHECK(n >= 200 && 3.0 * (double)dev * (double)dev <= 25.0 * n * J * (J + 1u),
          "jitter: mean gap %.3f, period %llu (n %u)", n ? (double)sum / n : 0.0, (unsigned long long)P, n);
    CHECK(f0.nthr == 0 && f0.nsmp == JR[0].n && f0.done <= f0.count && f0.count < f0.done + f0.cur &&
          (f0.nper == f0.nsmp || f0.nper == f0.nsmp + 1u) && f0.cur >= P - J && f0.cur <= P + J,
          "jitter: final accounting events_done %llu cur %llu periods %u samples %u, count %llu",
          (unsigned long long)f0.done, (unsigned long long)f0.cur, f0.nper, f0.nsmp, (unsigned long long)f0.count);

    /* reproducible for the seed, another for another seed, seed 0 = the default */
    jit_one(&JR[1], P, (long)J, seed, 0, 0, 400, &f1);
    CHECK(JR[1].n == JR[0].n && !memcmp(JR[1].done, JR[0].done, sizeof JR[0].done) &&
          !memcmp(JR[1].ip, JR[0].ip, sizeof JR[0].ip), "jitter: the same seed, the same samples");
    jit_one(&JR[1], P, (long)J, seed + 1u, 0, 0, 400, &f1);
    for (i = 0, same = 0; i < n && i < JR[1].n; i++) same += JR[1].done[i] == JR[0].done[i];
    CHECK(same < n / 4u, "jitter: another seed, other samples (%u of %u at the same event)", same, n);
    jit_one(&JR[1], P, (long)J, 0, 0, 0, 100, &f1);
    jit_one(&JR[2], P, (long)J, PMU_SMP_SEED_DEFAULT, 0, 0, 100, &f2);
    CHECK(JR[1].n >= 100 && JR[1].n == JR[2].n && !memcmp(JR[1].done, JR[2].done, sizeof JR[1].done),
          "jitter: seed 0 is PMU_SMP_SEED_DEFAULT");

    /* throttled: samples at the periods' sums of the unthrottled run (JR[0]) */
    lo = (uint64_t)n;                                   /* periods known from JR[0] */
    jit_one(&JR[1], P, (long)J, seed, 0, 200, (unsigned)(3u * n / 4u), &f1);
    for (i = 0, bad = 0, checked = 0; i < JR[1].n && i < JIT_MAX; i++) {
        k = JR[1].nper[i];
        if (!jit_at(JR[1].ip[i], JR[1].done[i]) || k == 0 || (i && k <= JR[1].nper[i - 1])) bad++;
        else if (k <= lo) { checked++; if (JR[1].done[i] != JR[0].done[k - 1]) bad++; }
    }
    hi = f1.nper <= lo ? (f1.nper ? JR[0].done[f1.nper - 1] : 0u) : f1.done;
    CHECK(bad == 0 && checked >= 3 && f1.nthr > 0 && f1.nsmp == JR[1].n && f1.nsmp < f1.nper / 2u &&
          (f1.nper == f1.nsmp + f1.nthr || f1.nper == f1.nsmp + f1.nthr + 1u) &&
          f1.done <= f1.count && f1.count < f1.done + f1.cur && f1.done == hi,
          "jitter throttled: %u bad of %u samples (%u checked), periods %u = %u samples + %u throttled, "
          "events_done %llu (%llu) count %llu cur %llu", bad, JR[1].n, checked, f1.nper, f1.nsmp, f1.nthr,
          (unsigned long long)f1.done, (unsigned long long)hi, (unsigned long long)f1.count,
          (unsigned long long)f1.cur);
}
