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
    return pmu_prof_clear(p);
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
