/* pmu-ip PAPI-like API. See pmu_api.h; the files by concern: sw/pmu_api_int.h.
 * This one: init; run time (start, read, stop, reset; the 64-bit
 * accumulation of every pass; the sampling period engine); pass cycling.
 * C99, no allocation; only <string.h>. */
#include <string.h>
#include "pmu_api_int.h"

/* ------------------------------------------------------------ init */
int pmu_init(pmu_ctx *ctx, const pmu_mmio *io, const pmu_event_table *tbl)
{
    int r;
    if (!ctx || !io) return PMU_EINVAL;
    memset(ctx, 0, sizeof *ctx);
    r = pmu_drv_init(&ctx->dev, io);
    if (r == PMU_DRV_ENODEV) return PMU_ENODEV;
    if (r != PMU_DRV_OK) return PMU_EINVAL;
    ctx->tbl = tbl;
    if (has_smp(&ctx->dev)) {        /* sampling controls off, XCTL shadow valid */
        unsigned c;
        pmu_drv_wr(&ctx->dev, PMU_REG_MMCR, 0);
        pmu_drv_wr(&ctx->dev, PMU_REG_PMSTAT, PMU_PMSTAT_NEG_MASK | PMU_PMSTAT_TB_MASK);
        for (c = 0; c < ctx->dev.nc; c++) pmu_drv_wr(&ctx->dev, PMU_REG_XCTL(c), 0);
    }
    return PMU_OK;
}

/* ------------------------------------------------------------ run time */

/* Event i counts in the current pass (pinned events in every pass). */
static int on_pass(const pmu_eventset *es, unsigned i)
{
    return es->pin[i] || es->pass_of[i] == es->cur_pass;
}

/* Counters of the pinned events without an overflow threshold: they run
 * on through a pass switch, so a correlate or trigger event misses nothing
 * (one with a threshold is reloaded every pass, its interrupt period). */
static uint32_t kept_ctrs(const pmu_eventset *es)
{
    uint32_t m = 0;
    unsigned i;
    for (i = 0; i < es->n; i++)
        if (es->pin[i] && !es->preset[i]) m |= 1u << es->ctr_of[i];
    return m;
}

/* Sampling period generator (pmu_set_sampling_jitter): xorshift64
 * (Marsaglia 13/7/17) seeded with seed (0: PMU_SMP_SEED_DEFAULT) in both
 * halves against two different constants, so the state is never 0; a few
 * steps spread a small seed over the word. */
static uint64_t smp_step(uint64_t x)
{
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

/* Next period: period - jitter + d, d uniform in [0, 2*jitter] (the top
 * bits of the generator, rejected above 2*jitter: fewer than 2 steps on
 * average, no division), so the mean is period exactly. */
static uint64_t smp_draw(pmu_eventset *es)
{
    uint64_t x, w = 2u * (uint64_t)es->smp_jitter;
    if (!es->smp_jitter) return es->smp_period;
    do {
        es->smp_rng = smp_step(es->smp_rng);
        x = es->smp_rng >> es->smp_jshift;
    } while (x > w);
    return es->smp_period - es->smp_jitter + x;
}

/* Sampling accounting restarted (pmu_start, pmu_reset): the generator
 * seeded, the first period drawn. */
static void smp_restart(pmu_eventset *es)
{
    uint32_t s = es->smp_seed ? es->smp_seed : PMU_SMP_SEED_DEFAULT;
    unsigned j;
    es->smp_rng = ((uint64_t)(s ^ 0x9E3779B9u) << 32) | (s ^ 0x7F4A7C15u);
    for (j = 0; j < 4u; j++) es->smp_rng = smp_step(es->smp_rng);
    es->smp_done = 0;
    es->smp_nper = 0;
    es->smp_cur = es->smp ? smp_draw(es) : es->smp_period;
}

/* The whole periods in n events counted since the sampled counter's load:
 * fixed period: n / period; with jitter each period completed is added
 * and the next one drawn (while n >= cur: n -= cur, cur = draw()). Adds
 * them to the accounting, *rem = the events of the period in progress;
 * returns their number. */
uint64_t pmu_api_smp_walk(pmu_eventset *es, uint64_t n, uint64_t *rem)
{
    uint64_t k;
    if (!es->smp_jitter) {
        k = n / es->smp_cur;
        n -= k * es->smp_cur;
        es->smp_done += k * es->smp_cur;
    } else {
        for (k = 0; n >= es->smp_cur; k++) {
            n -= es->smp_cur;
            es->smp_done += es->smp_cur;
            es->smp_cur = smp_draw(es);
        }
    }
    es->smp_nper += (uint32_t)k;
    *rem = n;
    return k;
}

/* The set stops (pmu_stop, last round; counters stopped, lock held): the
 * whole periods still on the sampled counter are accounted (the counter and
 * its load are left for the harvest); those of a throttling hold still open
 * are throttled samples. */
static void smp_close(pmu_eventset *es)
{
    const pmu_dev *d = &es->ctx->dev;
    unsigned i;
    uint64_t n, x, k;
    if (!es->smp) return;
    i = es->smp - 1u;
    n = (pmu_drv_read_counter(d, es->ctr_of[i]) - es->load[i]) & d->cmask;
    k = pmu_api_smp_walk(es, n, &x);
    if (es->ctx->pmxe_held) es->n_smp_throttled += (uint32_t)k;
}

/* Counter values loaded at start/reset: the overflow preset, or for the
 * trigger 2^(CW-1) - count (counter 0 turns negative at the count-th event),
 * for the sampled event 2^(CW-1) - the first period (smp_restart). */
static void reset_loads(pmu_eventset *es)
{
    const pmu_dev *d = &es->ctx->dev;
    unsigned i;
    for (i = 0; i < es->n; i++)
        es->load[i] = es->trig == i + 1u ? (((uint64_t)1 << (d->cw - 1u)) - es->trig_count) & d->cmask
                    : es->smp == i + 1u  ? (((uint64_t)1 << (d->cw - 1u)) - es->smp_cur) & d->cmask
                                         : es->preset[i];
}

/* Program the counters of the current pass except those in keep (stopped
 * or, in keep, still counting; lock held); CNTEN starts them on one edge. */
static void load_pass(pmu_eventset *es, uint32_t keep)
{
    pmu_ctx *ctx = es->ctx;
    const pmu_dev *d = &ctx->dev;
    uint32_t en = 0;
    unsigned i, c;
    for (c = 0; c < PMU_NC_MAX; c++) es->ev_on_ctr[c] = -1;
    for (i = 0; i < es->n; i++)
        if (on_pass(es, i)) es->ev_on_ctr[es->ctr_of[i]] = (int8_t)i;
    for (c = 0; c < d->nc; c++) {
        int e = es->ev_on_ctr[c];
        if (keep >> c & 1u) { en |= 1u << c; continue; }
        if (e >= 0) {
            pmu_drv_program(d, c, es->code[e].ctl | PMU_CTL_IE_MASK, es->code[e].emq);
            pmu_drv_write_counter(d, c, es->load[e]);
            en |= 1u << c;
        }   /* unused counters are disabled by the CNTEN write below */
        if (has_smp(d)) {   /* XCTL.LAT of latency-class events, NIE of the sampled one; written when it changes */
            uint32_t x = (e >= 0 && es->lat[e] ? PMU_XCTL_LAT_MASK : 0u) |
                         (e >= 0 && es->smp == (unsigned)e + 1u ? PMU_XCTL_NIE_MASK : 0u);
            if (ctx->xctl[c] != x) pmu_drv_wr(d, PMU_REG_XCTL(c), x);
            ctx->xctl[c] = x;
        }
        ctx->base[c] = 0;
    }
    pmu_drv_ovf_clear(d, ~keep);
    pmu_drv_set_cnten(d, en);
}

/* MMCR of a running set: time base and sampling (PMXE with them), latency
 * threshold and, at start/reset, the trigger (lock held). */
static void arm_mmcr(pmu_eventset *es)
{
    pmu_ctx *ctx = es->ctx;
    uint32_t m = ctx->mmcr_tb | (ctx->mmcr_tb || es->smp ? PMU_MMCR_PMXE_MASK : 0u);
    if (!has_smp(&ctx->dev)) return;
    if (es->lat_cycles) m |= (es->lat_cycles - 1u) << PMU_MMCR_THRESH_LSB;
    if (es->trig) m |= PMU_MMCR_TRIG_MASK;
    pmu_drv_wr(&ctx->dev, PMU_REG_MMCR, m);
    ctx->pmxe_held = 0;
}

/* Counts of the events on counters since their pass was loaded (lock held):
 * software base + hardware value - loaded value, folding an overflow that is
 * flagged in OVF but not yet serviced by pmu_irq(). */
static void pass_counts(pmu_eventset *es, uint64_t *cnt)
{
    const pmu_dev *d = &es->ctx->dev;
    uint64_t v[PMU_NC_MAX];
    uint32_t o1, o2;
    unsigned c;
    o1 = pmu_drv_ovf(d);
    for (c = 0; c < d->nc; c++)
        if (es->ev_on_ctr[c] >= 0) v[c] = pmu_drv_read_counter(d, c);
    o2 = pmu_drv_ovf(d);
    for (c = 0; c < d->nc; c++) {
        int e = es->ev_on_ctr[c];
        uint64_t b;
        if (e < 0) continue;
        if ((o1 ^ o2) >> c & 1u) v[c] = pmu_drv_read_counter(d, c);  /* wrapped in between: re-read */
        b = es->ctx->base[c] + ((o2 >> c & 1u) ? wrap_amount(d) : 0u);
        cnt[e] = b + v[c] - es->load[e];
    }
}

/* Fold the current pass into the totals (counters stopped except those
 * in keep, which are left for a later harvest; lock held). A pinned event
 * is on a counter all the time the set counts. */
static void harvest(pmu_eventset *es, uint64_t now, uint32_t keep)
{
    uint64_t cnt[PMU_MAX_EVENTS];
    unsigned i;
    pass_counts(es, cnt);
    es->t_enabled += now - es->t_pass;
    for (i = 0; i < es->n; i++)
        if (on_pass(es, i) && !(keep >> es->ctr_of[i] & 1u)) {
            es->acc[i] += cnt[i];
            es->t_run[i] = es->pin[i] ? es->t_enabled : es->t_run[i] + (now - es->t_pass);
        }
}

static void zero_counts(pmu_eventset *es)
{
    memset(es->acc, 0, sizeof es->acc);
    memset(es->t_run, 0, sizeof es->t_run);
    es->t_enabled = 0;
}

int pmu_set_user_read(pmu_ctx *ctx, int on)
{
    uint32_t f;
    if (!ctx) return PMU_EINVAL;
    f = pmu_drv_lock(&ctx->dev);
    pmu_drv_set_uen(&ctx->dev, on);
    pmu_drv_unlock(&ctx->dev, f);
    return PMU_OK;
}

/* PMU_CYCLE_IRQ: every pass has an interrupt source (the time base, or an
 * event with an overflow threshold counting in that pass). */
static int irq_sources_ok(const pmu_eventset *es)
{
    unsigned p, i;
    if (es->ctx->mmcr_tb) return 1;
    for (p = 0; p < es->npass; p++) {
        for (i = 0; i < es->n; i++)
            if (es->preset[i] && (es->pin[i] || es->pass_of[i] == p)) break;
        if (i == es->n) return 0;
    }
    return 1;
}

int pmu_start(pmu_eventset *es)
{
    pmu_ctx *ctx;
    uint32_t f;
    if (!es || !es->ctx || es->n == 0) return PMU_EINVAL;
    ctx = es->ctx;
    if (es->running || ctx->running) return PMU_EISRUN;
    if (es->cyc_mode == PMU_CYCLE_IRQ && !irq_sources_ok(es)) return PMU_ENOSRC;
    f = pmu_drv_lock(&ctx->dev);
    pmu_drv_set_gen(&ctx->dev, 0);
    zero_counts(es);
    es->cur_pass = 0;
    es->round_no = 0;
    es->done = 0;
    es->snap.seq = 0;
    es->n_samples = 0;
    es->n_smp_throttled = 0;
    smp_restart(es);
    reset_loads(es);
    load_pass(es, 0);
    arm_mmcr(es);
    es->running = 1;
    ctx->running = es;
    es->t_pass = pmu_drv_read_tsc(&ctx->dev);
    pmu_drv_set_gen(&ctx->dev, 1);
    pmu_drv_unlock(&ctx->dev, f);
    return PMU_OK;
}

static void compute(const pmu_eventset *es, const uint64_t *raw, const uint64_t *run,
                    uint64_t enabled, pmu_value *out)
{
    unsigned i;
    for (i = 0; i < es->n; i++) {
        out[i].raw = raw[i];
        out[i].running = run[i];
        out[i].enabled = enabled;
        if (run[i] == enabled) out[i].value = raw[i];
        else if (run[i] == 0) out[i].value = 0;
        else out[i].value = pmu_muldiv64(raw[i], enabled, run[i]);
    }
}

/* Values of every event now (lock held: pmu_tick/pmu_irq cannot change
 * acc, pass or base underneath). */
void pmu_api_current(pmu_eventset *es, pmu_value *out)
{
    uint64_t raw[PMU_MAX_EVENTS], run[PMU_MAX_EVENTS], enabled;
    unsigned i;
    memcpy(raw, es->acc, sizeof raw);
    memcpy(run, es->t_run, sizeof run);
    enabled = es->t_enabled;
    if (es->running) {
        uint64_t cnt[PMU_MAX_EVENTS], now = pmu_drv_read_tsc(&es->ctx->dev);
        pass_counts(es, cnt);
        enabled += now - es->t_pass;
        for (i = 0; i < es->n; i++)
            if (on_pass(es, i)) {
                raw[i] += cnt[i];
                run[i] = es->pin[i] ? enabled : run[i] + (now - es->t_pass);
            }
    }
    compute(es, raw, run, enabled, out);
}

int pmu_read_values(pmu_eventset *es, pmu_value *values)
{
    uint32_t f;
    if (!es || !es->ctx || !values) return PMU_EINVAL;
    f = pmu_drv_lock(&es->ctx->dev);
    pmu_api_current(es, values);
    pmu_drv_unlock(&es->ctx->dev, f);
    return PMU_OK;
}

int pmu_read(pmu_eventset *es, uint64_t *values)
{
    pmu_value v[PMU_MAX_EVENTS];
    unsigned i;
    int r;
    if (!values) return PMU_EINVAL;
    r = pmu_read_values(es, v);
    if (r < 0) return r;
    for (i = 0; i < es->n; i++) values[i] = v[i].value;
    return PMU_OK;
}

/* Counters off, sampling controls off, set no longer running (PMU stopped
 * and harvested, lock held). */
static void release(pmu_eventset *es)
{
    pmu_ctx *ctx = es->ctx;
    unsigned c;
    pmu_drv_set_cnten(&ctx->dev, 0);
    for (c = 0; c < PMU_NC_MAX; c++) es->ev_on_ctr[c] = -1;
    pmu_drv_ovf_clear(&ctx->dev, 0xFFFFFFFFu);
    if (has_smp(&ctx->dev)) {
        pmu_drv_wr(&ctx->dev, PMU_REG_MMCR, 0);
        pmu_drv_wr(&ctx->dev, PMU_REG_PMSTAT, PMU_PMSTAT_NEG_MASK | PMU_PMSTAT_TB_MASK);
    }
    ctx->pmxe_held = 0;
    es->running = 0;
    ctx->running = 0;
}

int pmu_stop(pmu_eventset *es, uint64_t *values)
{
    pmu_ctx *ctx;
    uint32_t f;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (!es->running && !es->done) return PMU_ENOTRUN;
    ctx = es->ctx;
    if (es->running) {
        f = pmu_drv_lock(&ctx->dev);
        pmu_drv_set_gen(&ctx->dev, 0);
        smp_close(es);
        harvest(es, pmu_drv_read_tsc(&ctx->dev), 0);
        release(es);
        pmu_drv_unlock(&ctx->dev, f);
    }
    es->done = 0;      /* stopped by its last round: this stop only reports */
    return values ? pmu_read(es, values) : PMU_OK;
}

int pmu_reset(pmu_eventset *es)
{
    uint32_t f;
    const pmu_dev *d;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (!es->running) { zero_counts(es); return PMU_OK; }
    d = &es->ctx->dev;
    f = pmu_drv_lock(d);
    pmu_drv_set_gen(d, 0);
    zero_counts(es);
    smp_restart(es);
    reset_loads(es);
    load_pass(es, 0);
    arm_mmcr(es);      /* re-arms the trigger */
    es->t_pass = pmu_drv_read_tsc(d);
    pmu_drv_set_gen(d, 1);
    pmu_drv_unlock(d, f);
    return PMU_OK;
}

/* ------------------------------------------------------------ pass cycling */
void pmu_api_post(pmu_eventset *es, unsigned why)
{
    if ((es->post & why) && es->post_cb) es->post_cb(es, why, es->post_arg);
}

/* Next pass (set running, lock held); the end of the last round stops the
 * set. The counters of kept_ctrs() run on; the others stop on one edge. */
void pmu_api_rotate(pmu_eventset *es)
{
    pmu_ctx *ctx = es->ctx;
    unsigned next = (es->cur_pass + 1u) % es->npass;
    int last = next == 0 && es->rounds && es->round_no + 1u == es->rounds;
    uint32_t keep = last ? 0u : kept_ctrs(es);
    if (keep) pmu_drv_set_cnten(&ctx->dev, keep);
    else pmu_drv_set_gen(&ctx->dev, 0);
    if (last) smp_close(es);
    harvest(es, pmu_drv_read_tsc(&ctx->dev), keep);
    es->cur_pass = next;
    if (next == 0) es->round_no++;
    ctx->n_switches++;
    if (last) {
        release(es);
        es->done = 1;
    } else {
        load_pass(es, keep);
        es->t_pass = pmu_drv_read_tsc(&ctx->dev);
        if (!keep) pmu_drv_set_gen(&ctx->dev, 1);
    }
    pmu_api_post(es, PMU_POST_PASS);
    if (es->cur_pass == 0) pmu_api_post(es, PMU_POST_ROUND);
    if (es->done) pmu_api_post(es, PMU_POST_DONE);
}

int pmu_set_cycling(pmu_eventset *es, int mode, unsigned rounds, unsigned post_bits,
                    pmu_post_cb cb, void *arg)
{
    if (!es || !es->ctx) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    if (mode < PMU_CYCLE_TICK || mode > PMU_CYCLE_MANUAL ||
        (post_bits & ~(PMU_POST_IRQ | PMU_POST_PASS | PMU_POST_ROUND | PMU_POST_DONE)))
        return PMU_EINVAL;
    es->cyc_mode = mode;
    es->rounds = rounds;
    es->post = post_bits;
    es->post_cb = cb;
    es->post_arg = arg;
    return PMU_OK;
}

int pmu_next_pass(pmu_eventset *es)
{
    uint32_t f;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (!es->running) return PMU_ENOTRUN;
    f = pmu_drv_lock(&es->ctx->dev);
    pmu_api_rotate(es);
    pmu_drv_unlock(&es->ctx->dev, f);
    return PMU_OK;
}
