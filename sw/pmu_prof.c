/* SPDX-License-Identifier: Apache-2.0 */
/* pmu-ip sampling profiler. See pmu_prof.h. */
#include "pmu_prof.h"

/* pmu_set_sampling callback (interrupt context, PMU lock held) */
static void prof_sample(pmu_eventset *es, unsigned idx, const pmu_sample *s, void *arg)
{
    pmu_prof *p = (pmu_prof *)arg;
    pmu_prof_rec *r;
    (void)es; (void)idx;
    if (p->n >= p->cap) { p->lost++; return; }
    r = &p->buf[p->n++];
    r->ip = s->siar;
    r->addr = s->sdar;
    r->dt = (uint32_t)(s->tsc - p->last_tsc);
    r->aux = p->aux ? p->aux(p->aux_arg) : 0u;
    p->last_tsc = s->tsc;
}

int pmu_prof_init(pmu_prof *p, pmu_eventset *es, unsigned idx, uint64_t period,
                  uint64_t min_cycles, pmu_prof_rec *buf, uint32_t cap)
{
    int r;
    if (!p || !es || !es->ctx || !buf || cap == 0 || period == 0) return PMU_EINVAL;
    r = pmu_set_sampling(es, idx, period, prof_sample, p);
    if (r < 0) return r;
    r = pmu_set_irq_throttle(es->ctx, min_cycles);
    if (r < 0) return r;
    p->es = es;
    p->idx = idx;
    p->buf = buf;
    p->cap = cap;
    p->aux = 0;
    p->aux_arg = 0;
    p->period = period;
    /* jitter on by default: a fixed period that divides a loop's length in
     * events would sample one instruction of the loop (aliasing) */
    r = pmu_prof_set_jitter(p, (uint32_t)(period / 4u > 0xFFFFFFFEu ? 0xFFFFFFFEu : period / 4u), 0);
    if (r < 0) return r;
    return pmu_prof_clear(p);
}

int pmu_prof_set_jitter(pmu_prof *p, uint32_t jitter, uint32_t seed)
{
    int r;
    if (!p || !p->es) return PMU_EINVAL;
    r = pmu_set_sampling_jitter(p->es, jitter, seed);
    if (r < 0) return r;
    p->jitter = jitter;
    p->seed = seed;
    return PMU_OK;
}

void pmu_prof_opts_init(pmu_prof_opts *o, const char *event, uint64_t period)
{
    if (!o) return;
    o->event = event;
    o->period = period;
    o->jitter = PMU_PROF_JITTER_DEFAULT;
    o->seed = 0;
    o->min_cycles = 0;
}

/* ---------------------------------------------------------------- record */
static void put_u64(const pmu_prof_io *io, uint64_t v)
{
    char b[24];
    int n = sizeof b - 1;
    b[n] = '\0';
    do { b[--n] = (char)('0' + (int)(v % 10u)); v /= 10u; } while (v && n > 0);
    io->put(io->arg, &b[n]);
}

static void put_kv(const pmu_prof_io *io, const char *k, uint64_t v)
{
    io->put(io->arg, " ");
    io->put(io->arg, k);
    io->put(io->arg, "=");
    put_u64(io, v);
}

int pmu_prof_run(pmu_ctx *ctx, unsigned id, const pmu_prof_opts *o, pmu_prof_rec *buf, uint32_t cap,
                 const pmu_prof_io *io, void (*fn)(void *), void *fn_arg, pmu_prof_summary *sum)
{
    pmu_eventset es;
    pmu_prof p;
    pmu_prof_summary s;
    uint32_t i;
    int idx, r;
    if (!ctx || !o || !o->event || !buf || cap == 0 || o->period == 0 || !io || !io->put || !fn) return PMU_EINVAL;
    r = pmu_eventset_init(ctx, &es);
    if (r < 0) return r;
    idx = pmu_add_named_event(&es, o->event);
    if (idx < 0) return idx;
    r = pmu_prof_init(&p, &es, (unsigned)idx, o->period, o->min_cycles, buf, cap);
    if (r < 0) return r;
    if (o->jitter != PMU_PROF_JITTER_DEFAULT) {
        r = pmu_prof_set_jitter(&p, o->jitter, o->seed);
        if (r < 0) return r;
    } else if (o->seed) {
        r = pmu_prof_set_jitter(&p, p.jitter, o->seed);
        if (r < 0) return r;
    }
    p.aux = io->aux;
    p.aux_arg = io->arg;
    s.count = 0;
    if (io->begin) io->begin(io->arg, id);
    r = pmu_start(&es);
    if (r == PMU_OK) {
        fn(fn_arg);
        r = pmu_stop(&es, &s.count);
    }
    if (io->end) io->end(io->arg, id);
    if (r < 0) return r;
    s.samples = p.n;
    s.lost = p.lost;
    s.throttled = es.n_smp_throttled;
    s.cap = cap;
    s.jitter = p.jitter;
    s.seed = p.seed;
    s.min_dt = 0;
    for (i = 1; i < p.n; i++)
        if (i == 1 || buf[i].dt < s.min_dt) s.min_dt = buf[i].dt;
    s.events_done = s.cur_period = 0;
    s.periods_done = 0;
    (void)pmu_sampling_state(&es, &s.events_done, &s.cur_period, &s.periods_done);
    /* every period that ended is a sample (stored or lost) or throttled, but
     * one that ended while pmu_stop ran (its interrupt not taken) */
    s.consistent = s.samples + s.lost + s.throttled <= s.periods_done &&
                   s.periods_done <= s.samples + s.lost + s.throttled + 1u &&
                   s.events_done <= s.count && s.count < s.events_done + s.cur_period;
    /* the record */
    io->put(io->arg, "[prof] meta ");
    put_u64(io, id);
    io->put(io->arg, " event=");
    io->put(io->arg, o->event);
    put_kv(io, "period", o->period);
    put_kv(io, "jitter", s.jitter);
    put_kv(io, "seed", s.seed);
    put_kv(io, "count", s.count);
    put_kv(io, "samples", s.samples);
    put_kv(io, "throttled", s.throttled);
    put_kv(io, "lost", s.lost);
    put_kv(io, "cap", s.cap);
    put_kv(io, "min_cycles", o->min_cycles);
    put_kv(io, "min_dt", s.min_dt);
    put_kv(io, "periods", s.periods_done);
    put_kv(io, "events_done", s.events_done);
    put_kv(io, "cur_period", s.cur_period);
    if (io->meta_extra) io->meta_extra(io->arg);
    io->put(io->arg, "\n");
    if (io->sample)
        for (i = 0; i < p.n; i++) io->sample(io->arg, &buf[i]);
    if (sum) *sum = s;
    if (s.lost) {
        io->put(io->arg, "[prof] TRUNCATED ");
        put_u64(io, id);
        io->put(io->arg, ": the buffer of ");
        put_u64(io, cap);
        io->put(io->arg, " samples filled, ");
        put_u64(io, s.lost);
        io->put(io->arg, " samples lost: a larger buffer or a longer period is needed\n");
        return PMU_PROF_ETRUNC;
    }
    return PMU_OK;
}

int pmu_prof_clear(pmu_prof *p)
{
    if (!p || !p->es) return PMU_EINVAL;
    if (p->es->running) return PMU_EISRUN;
    p->n = 0;
    p->lost = 0;
    p->last_tsc = pmu_drv_read_tsc(&p->es->ctx->dev);
    return PMU_OK;
}

uint32_t pmu_prof_dropped(const pmu_prof *p)
{
    return p && p->es ? p->es->n_smp_throttled + p->lost : 0u;
}
