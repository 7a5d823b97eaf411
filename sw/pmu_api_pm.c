/* SPDX-License-Identifier: Apache-2.0
 * pmu-ip PAPI-like API (see pmu_api.h, sw/pmu_api_int.h): the 604 PM API
 * options of seed 004 (docs/pm_api.md), the interrupt context (pmu_irq,
 * pmu_tick) and pmu_muldiv64. */
#include <string.h>
#include "pmu_api_int.h"

/* ------------------------------------------------------------ seed 004 options */
/* Set or clear pin bit `bit` of event idx and reschedule; undone on error. */
static int repin(pmu_eventset *es, unsigned idx, unsigned bit, int on)
{
    uint8_t old = es->pin[idx];
    int r;
    es->pin[idx] = (uint8_t)(on ? (old | bit) : (old & ~bit));
    r = pmu_api_reschedule(es, es->n, es->multiplex);
    if (r < 0) es->pin[idx] = old;
    return r;
}

int pmu_set_trigger(pmu_eventset *es, unsigned idx, uint64_t count)
{
    const pmu_dev *d;
    unsigned otrig;
    int r;
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    d = &es->ctx->dev;
    if (!has_smp(d)) return PMU_ENOSUP;
    if (count > ((uint64_t)1 << (d->cw - 1u))) return PMU_ERANGE;
    if (count && (es->preset[idx] || es->smp == idx + 1u)) return PMU_EINVAL;
    if (!count && es->trig != idx + 1u) return PMU_OK;      /* not the trigger: nothing to remove */
    otrig = es->trig;
    if (otrig && otrig != idx + 1u) es->pin[otrig - 1u] &= (uint8_t)~PIN_TRIG;   /* one trigger per set */
    es->trig = count ? idx + 1u : 0u;
    r = repin(es, idx, PIN_TRIG, count != 0);
    if (r < 0) {
        es->trig = otrig;
        if (otrig && otrig != idx + 1u) es->pin[otrig - 1u] |= PIN_TRIG;
        return r;
    }
    if (count) es->trig_count = count;
    return PMU_OK;
}

int pmu_set_correlate(pmu_eventset *es, unsigned idx, int on)
{
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    return repin(es, idx, PIN_CORR, on);
}

int pmu_set_timebase(pmu_ctx *ctx, uint64_t hz, uint64_t sec, uint32_t nsec, uint64_t *actual_ns)
{
    /* TBSEL 2, 1, 0: TSC bits 8, 12, 16, periods ascending */
    static const unsigned sel[3] = { 2u, 1u, 0u }, bit[3] = { PMU_TB_BIT2, PMU_TB_BIT1, PMU_TB_BIT0 };
    uint64_t cyc, p;
    unsigned i;
    if (!ctx || hz == 0 || nsec >= 1000000000u) return PMU_EINVAL;
    if (ctx->running) return PMU_EISRUN;
    if (!has_smp(&ctx->dev)) return PMU_ENOSUP;
    if (sec == 0 && nsec == 0) {
        ctx->mmcr_tb = 0;
        if (actual_ns) *actual_ns = 0;
        return PMU_OK;
    }
    if (sec >= 18000000000ull) return PMU_ERANGE;             /* ns would not fit 64 bits */
    cyc = pmu_muldiv64(sec * 1000000000u + nsec, hz, 1000000000u);
    if (cyc < (uint64_t)1 << bit[0] || cyc > (uint64_t)1 << (bit[2] + 2u)) return PMU_ERANGE;
    /* nearest on a log scale: below the geometric mean of two neighbours, the smaller */
    for (i = 0; i < 2; i++)
        if (cyc * cyc <= ((uint64_t)1 << (bit[i] + 1u)) * ((uint64_t)1 << (bit[i + 1] + 1u))) break;
    p = (uint64_t)1 << (bit[i] + 1u);
    ctx->mmcr_tb = PMU_MMCR_TBEE_MASK | sel[i] << PMU_MMCR_TBSEL_LSB;
    if (actual_ns) *actual_ns = pmu_muldiv64(p, 1000000000u, hz);
    return PMU_OK;
}

int pmu_set_latency(pmu_eventset *es, unsigned idx, uint32_t cycles)
{
    unsigned i, others = 0;
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    if (!has_smp(&es->ctx->dev)) return PMU_ENOSUP;
    if (cycles > (uint32_t)1 << PMU_LAT_W) return PMU_ERANGE;   /* THRESH = cycles - 1 is 16 bits */
    for (i = 0; i < es->n; i++) others += i != idx && es->lat[i];
    if (cycles && others && cycles != es->lat_cycles) return PMU_ECONFLICT;
    es->lat[idx] = cycles != 0;
    if (cycles) es->lat_cycles = cycles;
    else if (!others) es->lat_cycles = 0;
    return PMU_OK;
}

int pmu_set_sampling(pmu_eventset *es, unsigned idx, uint64_t period, pmu_sample_cb cb, void *arg)
{
    const pmu_dev *d;
    unsigned osmp;
    int r;
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    d = &es->ctx->dev;
    if (!has_smp(d)) return PMU_ENOSUP;
    if (period > ((uint64_t)1 << (d->cw - 1u))) return PMU_ERANGE;
    if (period && (es->preset[idx] || es->trig == idx + 1u)) return PMU_EINVAL;
    if (!period && es->smp != idx + 1u) return PMU_OK;       /* not the sampled event: nothing to remove */
    osmp = es->smp;
    if (osmp && osmp != idx + 1u) es->pin[osmp - 1u] &= (uint8_t)~PIN_SMP;   /* one per set */
    es->smp = period ? idx + 1u : 0u;
    r = repin(es, idx, PIN_SMP, period != 0);
    if (r < 0) {
        es->smp = osmp;
        if (osmp && osmp != idx + 1u) es->pin[osmp - 1u] |= PIN_SMP;
        return r;
    }
    es->smp_period = period;
    es->smp_cb = period ? cb : 0;
    es->smp_arg = period ? arg : 0;
    es->smp_jitter = 0;                                       /* fixed period again */
    es->smp_seed = 0;
    es->smp_cur = period;
    es->smp_done = 0;
    es->smp_nper = 0;
    return PMU_OK;
}

int pmu_set_sampling_jitter(pmu_eventset *es, uint32_t jitter, uint32_t seed)
{
    const pmu_dev *d;
    uint64_t w = 2u * (uint64_t)jitter;
    unsigned b = 0;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    d = &es->ctx->dev;
    if (!has_smp(d)) return PMU_ENOSUP;
    if (!es->smp) return PMU_EINVAL;
    if (jitter >= es->smp_period || es->smp_period + jitter > ((uint64_t)1 << (d->cw - 1u))) return PMU_ERANGE;
    while (w >> b) b++;                                       /* bit length of 2*jitter (0 for 0) */
    es->smp_jitter = jitter;
    es->smp_seed = seed;
    es->smp_jshift = 64u - b;
    return PMU_OK;
}

int pmu_sampling_state(const pmu_eventset *es, uint64_t *events_done, uint64_t *cur_period,
                       uint32_t *periods_done)
{
    uint32_t f;
    if (!es || !es->ctx || !events_done || !cur_period || !periods_done || !es->smp) return PMU_EINVAL;
    f = pmu_drv_lock(&es->ctx->dev);
    *events_done = es->smp_done;
    *cur_period = es->smp_cur;
    *periods_done = es->smp_nper;
    pmu_drv_unlock(&es->ctx->dev, f);
    return PMU_OK;
}

int pmu_status_at_irq(pmu_eventset *es, pmu_irq_status *st)
{
    uint32_t f;
    int r = PMU_OK;
    if (!es || !es->ctx || !st) return PMU_EINVAL;
    f = pmu_drv_lock(&es->ctx->dev);
    if (es->snap.seq) *st = es->snap;
    else r = PMU_ENODATA;
    pmu_drv_unlock(&es->ctx->dev, f);
    return r;
}

int pmu_set_irq_throttle(pmu_ctx *ctx, uint64_t min_cycles)
{
    if (!ctx) return PMU_EINVAL;
    ctx->min_irq = min_cycles;
    return PMU_OK;
}

int pmu_get_revision(const pmu_ctx *ctx, pmu_revision *rev)
{
    if (!ctx || !rev) return PMU_EINVAL;
    rev->api = PMU_API_REVISION;
    rev->id = pmu_drv_rd(&ctx->dev, PMU_REG_ID);
    rev->hw_major = rev->id >> 8 & 0xFFu;
    rev->hw_minor = rev->id & 0xFFu;
    rev->cfg = pmu_drv_rd(&ctx->dev, PMU_REG_CFG);
    rev->cap = ctx->dev.cap;
    return PMU_OK;
}

int pmu_check_revision(uint32_t rev)
{
    return (rev >> 16) == PMU_API_REV_MAJOR && (rev & 0xFFFFu) <= PMU_API_REV_MINOR ? PMU_OK : PMU_EREV;
}

/* ------------------------------------------------------------ interrupt context */
/* Sampled event of the running set (lock held): its counter counted n
 * events since its last load; the events beyond the last whole period
 * (those the CPU retired between the period-th event and the interrupt,
 * or during a throttling hold) stay on the counter, so the next sample
 * comes exactly `period` events after this one and no event is sampled
 * twice or skipped; the rest is folded into the software base (the count
 * stays exact). Returns the whole periods, n / period. */
static uint64_t smp_reload(pmu_eventset *es)
{
    const pmu_dev *d = &es->ctx->dev;
    unsigned i = es->smp - 1u, c = es->ctr_of[i];
    uint64_t v = pmu_drv_read_counter(d, c), n = (v - es->load[i]) & d->cmask, x;
    uint64_t k = pmu_api_smp_walk(es, n, &x);
    es->load[i] = (((uint64_t)1 << (d->cw - 1u)) - es->smp_cur) & d->cmask;   /* the next (drawn) period */
    pmu_drv_write_counter(d, c, (es->load[i] + x) & d->cmask);
    es->ctx->base[c] += n - x;
    return k;
}

/* Sampling interrupt enable again (the hardware clears PMXE when it signals).
 * After a throttling hold the sampled counter may have gone negative while
 * PMXE was 0: it is loaded again first, else the interrupt would be
 * signalled at once with SIAR naming the code that re-arms it. */
static void rearm_pmxe(pmu_ctx *ctx)
{
    pmu_eventset *es = ctx->running;
    if (ctx->pmxe_held && es && es->smp)
        es->n_smp_throttled += (uint32_t)smp_reload(es);
    ctx->pmxe_held = 0;
    if (ctx->running)
        pmu_drv_wr(&ctx->dev, PMU_REG_MMCR, pmu_drv_rd(&ctx->dev, PMU_REG_MMCR) | PMU_MMCR_PMXE_MASK);
}

uint32_t pmu_irq(pmu_ctx *ctx)
{
    pmu_eventset *es;
    uint32_t f, o, st = 0;
    uint64_t now;
    unsigned c;
    int src, smp = 0;
    pmu_sample sm;
    if (!ctx) return 0;
    f = pmu_drv_lock(&ctx->dev);
    ctx->n_irq++;
    es = ctx->running;
    o = pmu_drv_ovf(&ctx->dev);
    if (o) pmu_drv_ovf_clear(&ctx->dev, o);
    if (has_smp(&ctx->dev)) {
        st = pmu_drv_rd(&ctx->dev, PMU_REG_PMSTAT) & (PMU_PMSTAT_NEG_MASK | PMU_PMSTAT_TB_MASK);
        if (st) pmu_drv_wr(&ctx->dev, PMU_REG_PMSTAT, st);
        /* negative sampled counter: SIAR/SDAR, then the counter loaded again
         * (throttled or not) before anything re-arms PMXE */
        if ((st & PMU_PMSTAT_NEG_MASK) && es && es->running && es->smp) {
            sm.siar = pmu_drv_read_siar(&ctx->dev);
            sm.sdar = pmu_drv_read_sdar(&ctx->dev);
            (void)smp_reload(es);
            smp = 1;
        }
    }
    if (!o && !st) {                         /* spurious (e.g. a CPU that latched the level */
        pmu_drv_unlock(&ctx->dev, f);        /* again while the handler cleared it): nothing */
        return 0;                            /* serviced, no snapshot */
    }
    for (c = 0; c < ctx->dev.nc; c++)        /* counts are never throttled */
        if (o >> c & 1u) { ctx->n_ovf++; ctx->base[c] += wrap_amount(&ctx->dev); }
    now = pmu_drv_read_tsc(&ctx->dev);
    if (ctx->min_irq && ctx->n_serviced && now - ctx->last_irq < ctx->min_irq) {
        ctx->n_throttled++;
        if (smp) es->n_smp_throttled++;
        if (st) ctx->pmxe_held = 1;          /* pmu_tick re-arms it */
        pmu_drv_unlock(&ctx->dev, f);
        return o;
    }
    ctx->n_serviced++;
    ctx->last_irq = now;
    if (st || ctx->pmxe_held) rearm_pmxe(ctx);
    if (smp) {
        sm.tsc = now;
        es->n_samples++;
        if (es->smp_cb) es->smp_cb(es, es->smp - 1u, &sm, es->smp_arg);
    }
    /* an interrupt that only delivers a sample ends here: no snapshot, post
     * or cycling (the sample is its status; a profiler's handler stays short) */
    if (es && !(smp && !o && st == PMU_PMSTAT_NEG_MASK)) {
        pmu_irq_status *s = &es->snap;
        src = (st & PMU_PMSTAT_TB_MASK) != 0;
        for (c = 0; c < ctx->dev.nc; c++) {
            int e = es->ev_on_ctr[c];
            if (!(o >> c & 1u) || e < 0) continue;
            src |= es->preset[e] != 0;
            if (es->ovf_cb[e]) es->ovf_cb[e](es, (unsigned)e, es->ovf_arg[e]);
        }
        /* snapshot for pmu_status_at_irq, after the callbacks (their latency) */
        s->seq++;
        s->ovf = o;
        s->pmstat = st;
        s->pass = es->cur_pass;
        s->tsc = now;
        s->siar = has_smp(&ctx->dev) ? pmu_drv_read_siar(&ctx->dev) : 0u;
        s->sdar = has_smp(&ctx->dev) ? pmu_drv_read_sdar(&ctx->dev) : 0u;
        pmu_api_current(es, s->v);
        pmu_api_post(es, PMU_POST_IRQ);
        if (src && es->cyc_mode == PMU_CYCLE_IRQ && es->running) pmu_api_rotate(es);
    }
    pmu_drv_unlock(&ctx->dev, f);
    return o;
}

int pmu_tick(pmu_ctx *ctx)
{
    pmu_eventset *es;
    uint32_t f;
    int did = 0;
    if (!ctx) return 0;
    ctx->n_ticks++;
    f = pmu_drv_lock(&ctx->dev);
    if (ctx->pmxe_held && pmu_drv_read_tsc(&ctx->dev) - ctx->last_irq >= ctx->min_irq) rearm_pmxe(ctx);
    es = ctx->running;
    if (es && es->cyc_mode == PMU_CYCLE_TICK && (es->npass > 1 || es->rounds)) {
        pmu_api_rotate(es);
        did = 1;
    }
    pmu_drv_unlock(&ctx->dev, f);
    return did;
}

/* ------------------------------------------------------------ arithmetic */
uint64_t pmu_muldiv64(uint64_t a, uint64_t b, uint64_t c)
{
    /* 128-bit product hi:lo, then shift-subtract division; saturates at 2^64-1 */
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    uint64_t lo = (ll & 0xFFFFFFFFu) | (mid << 32);
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    uint64_t q = 0, r = 0;
    int i;
    if (c == 0) return ~(uint64_t)0;
    if (hi >= c) return ~(uint64_t)0;
    r = hi;
    for (i = 63; i >= 0; i--) {
        uint64_t top = r >> 63;
        r = (r << 1) | (lo >> i & 1u);
        q <<= 1;
        if (top || r >= c) { r -= c; q |= 1u; }
    }
    return q;
}
