/* SPDX-License-Identifier: Apache-2.0
 * pmu-ip PAPI-like API (see pmu_api.h, sw/pmu_api_int.h): event sets, the
 * events' counter constraints and their scheduling into counters and
 * multiplexing passes. */
#include <string.h>
#include "pmu_api_int.h"

/* ------------------------------------------------------------ scheduling */
/* Counters event i may use: its CTR= constraints (none = any) intersected
 * with the counters whose area sees its class (CAP.NAREA, FLOP class: all). */
uint32_t pmu_api_constrained(const pmu_eventset *es, unsigned i)
{
    uint32_t a = all_ctrs(&es->ctx->dev);
    return es->code[i].cmask ? (es->code[i].cmask & a) : a;
}

uint32_t pmu_api_allowed(const pmu_eventset *es, unsigned i)
{
    unsigned cls = (es->code[i].ctl & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB;
    return pmu_api_constrained(es, i) & pmu_drv_class_ctrs(&es->ctx->dev, cls);
}

/* Assignment of events to counters where every counter takes at most cap
 * events (cap = number of passes). Kuhn's augmenting paths on the bipartite
 * graph event -> allowed counter, every counter with cap slots. */
typedef struct {
    const pmu_eventset *es;
    unsigned cap, n;
    uint32_t ok[PMU_MAX_EVENTS];     /* pmu_api_allowed(es, i) */
    uint8_t  load[PMU_NC_MAX];       /* events on counter c */
    int8_t   ctr[PMU_MAX_EVENTS];    /* counter of event i, -1 none */
    uint32_t seen;                   /* counters visited by this search */
} sched_t;

static int augment(sched_t *s, unsigned i)
{
    unsigned nc = s->es->ctx->dev.nc, c, j, best;
    /* a free slot first, on the least loaded counter (spreads the events,
     * so that with one pass per counter event i tends to get counter i) */
    best = nc;
    for (c = 0; c < nc; c++)
        if ((s->ok[i] >> c & 1u) && !(s->seen >> c & 1u) && s->load[c] < s->cap &&
            (best == nc || s->load[c] < s->load[best])) {
            best = c;
            if (!s->load[c]) break;                 /* an empty counter: none is less loaded */
        }
    if (best < nc) {
        s->seen |= 1u << best;
        s->ctr[i] = (int8_t)best;
        s->load[best]++;
        return 1;
    }
    /* else move an event off a full counter (each counter visited once) */
    for (c = 0; c < nc; c++) {
        if (!(s->ok[i] >> c & 1u) || (s->seen >> c & 1u)) continue;
        s->seen |= 1u << c;
        for (j = 0; j < s->n; j++)
            if (s->ctr[j] == (int8_t)c && augment(s, j)) {
                s->load[c]--;                       /* j left c (augment counted its new one) */
                s->ctr[i] = (int8_t)c;
                s->load[c]++;
                return 1;
            }
    }
    return 0;
}

/* 1 if the events of `which` (bit i: event i) fit on the counters with at
 * most cap per counter. */
static int assign(sched_t *s, unsigned cap, uint32_t which)
{
    unsigned i;
    s->cap = cap;
    memset(s->load, 0, sizeof s->load);
    memset(s->ctr, -1, sizeof s->ctr);
    for (i = 0; i < s->n; i++) {
        if (!(which >> i & 1u)) continue;
        s->seen = 0;
        if (!augment(s, i)) return 0;
    }
    return 1;
}

/* Split the first n events into the fewest passes. Returns the number of
 * passes or an error. Pinned events (correlate, trigger) first get a counter
 * of their own, used in every pass (pass_of 0); the trigger counter 0. The
 * other events share the remaining counters: the events on one counter go
 * to passes 0, 1, ... in the order they were added, so every event runs in
 * exactly one pass. */
static int schedule(pmu_eventset *es, unsigned n, int mux, uint8_t *pass_of, uint8_t *ctr_of)
{
    sched_t s;
    const pmu_dev *d = &es->ctx->dev;
    unsigned i, cap, np = 0, nr = 0, npin = 0;
    uint32_t pin = 0, rest = 0, used = 0;
    int8_t pctr[PMU_MAX_EVENTS];
    uint8_t next[PMU_NC_MAX];
    memset(&s, 0, sizeof s);
    s.es = es;
    s.n = n;
    for (i = 0; i < n; i++) {
        if (!pmu_api_constrained(es, i)) return PMU_ECONFLICT;     /* CTR= names no counter of this PMU */
        s.ok[i] = pmu_api_allowed(es, i);
        if (es->trig == i + 1u) s.ok[i] &= 1u;            /* MMCR.TRIG watches counter 0 */
        if (!s.ok[i]) return PMU_ENOCOUNTER;              /* no counter of its area (in its CTR= set) */
        if (es->pin[i]) { pin |= 1u << i; npin++; } else { rest |= 1u << i; nr++; }
    }
    if (!mux && n > d->nc) return PMU_ECNTR;
    if (n == 0) return 0;
    if (pin) {
        if (npin > d->nc || !assign(&s, 1, pin)) return PMU_ECONFLICT;
        memcpy(pctr, s.ctr, sizeof pctr);
        for (i = 0; i < n; i++) if (pin >> i & 1u) used |= 1u << pctr[i];
        for (i = 0; i < n; i++)
            if ((rest >> i & 1u) && !(s.ok[i] &= ~used)) return PMU_ECONFLICT;   /* its counters are pinned */
    }
    /* lower bound: ceil(nr / free counters); cap = nr always fits */
    for (cap = nr ? (nr + d->nc - npin - 1u) / (d->nc - npin) : 0; cap <= nr && nr; cap++) {
        if (assign(&s, cap, rest)) break;
        if (!mux) return PMU_ECONFLICT;
    }
    if (nr && cap > nr) return PMU_ECONFLICT;                /* not reached */
    memset(next, 0, sizeof next);
    for (i = 0; i < n; i++) {
        if (pin >> i & 1u) { ctr_of[i] = (uint8_t)pctr[i]; pass_of[i] = 0; continue; }
        ctr_of[i] = (uint8_t)s.ctr[i];
        pass_of[i] = next[s.ctr[i]]++;
        if (next[s.ctr[i]] > np) np = next[s.ctr[i]];
    }
    return (int)(np ? np : 1u);
}

int pmu_eventset_init(pmu_ctx *ctx, pmu_eventset *es)
{
    if (!ctx || !es) return PMU_EINVAL;
    memset(es, 0, sizeof *es);
    es->ctx = ctx;
    return PMU_OK;
}

int pmu_api_reschedule(pmu_eventset *es, unsigned n, int mux)
{
    uint8_t po[PMU_MAX_EVENTS], co[PMU_MAX_EVENTS];
    int r = schedule(es, n, mux, po, co);
    if (r < 0) return r;
    memcpy(es->pass_of, po, sizeof po);
    memcpy(es->ctr_of, co, sizeof co);
    es->npass = (unsigned)r;
    return PMU_OK;
}

int pmu_set_multiplex(pmu_eventset *es, int on)
{
    int r;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    r = pmu_api_reschedule(es, es->n, on != 0);
    if (r < 0) return r;
    es->multiplex = on != 0;
    return PMU_OK;
}

int pmu_add_event(pmu_eventset *es, const pmu_event_code *code)
{
    int r;
    uint32_t emqok;
    if (!es || !es->ctx || !code) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    if (es->n >= PMU_MAX_EVENTS) return PMU_ENOMEM;
    emqok = PMU_EMQ_EM_MASK | (all_eq(&es->ctx->dev) << PMU_EMQ_EQ_LSB);
    if ((code->ctl & ~(PMU_CTL_ES_MASK | PMU_CTL_EDGE_MASK | PMU_CTL_INV_MASK | PMU_CTL_THR_MASK)) ||
        (code->emq & ~emqok))
        return PMU_EINVAL;
    es->code[es->n] = *code;
    es->preset[es->n] = 0;
    es->ovf_cb[es->n] = 0;
    es->ovf_arg[es->n] = 0;
    es->pin[es->n] = 0;
    es->lat[es->n] = 0;
    r = pmu_api_reschedule(es, es->n + 1, es->multiplex);
    if (r < 0) return r;
    return (int)es->n++;
}

int pmu_add_named_event(pmu_eventset *es, const char *name)
{
    pmu_event_code c;
    int r;
    if (!es || !es->ctx) return PMU_EINVAL;
    r = pmu_event_encode(es->ctx, name, &c);
    return r < 0 ? r : pmu_add_event(es, &c);
}

int pmu_set_overflow(pmu_eventset *es, unsigned idx, uint64_t threshold,
                     pmu_overflow_cb cb, void *arg)
{
    const pmu_dev *d;
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    d = &es->ctx->dev;
    if (threshold > d->cmask || (threshold && (es->trig == idx + 1u || es->smp == idx + 1u))) return PMU_EINVAL;
    es->preset[idx] = threshold ? ((d->cmask - threshold + 1u) & d->cmask) : 0u;
    es->ovf_cb[idx] = threshold ? cb : 0;
    es->ovf_arg[idx] = threshold ? arg : 0;
    return PMU_OK;
}

unsigned pmu_num_passes(const pmu_eventset *es) { return es ? es->npass : 0; }

