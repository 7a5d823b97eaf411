/* SPDX-License-Identifier: Apache-2.0
 * Private header of the PAPI-like API (sw/pmu_api*.c; users include
 * pmu_api.h). The API is split by concern:
 *   pmu_api_names.c   error strings, event names: encode / decode
 *   pmu_api_sched.c   event sets, counter constraints, scheduling into passes
 *   pmu_api.c         init; run time: start / read / stop / reset, 64-bit
 *                     accumulation, the sampling period engine; pass cycling
 *   pmu_api_pm.c      the 604 PM API options of seed 004 (trigger, correlate,
 *                     time base, latency, sampling, throttling, revision),
 *                     the interrupt context (pmu_irq, pmu_tick), pmu_muldiv64
 * C99, no allocation. */
#ifndef PMU_API_INT_H
#define PMU_API_INT_H
#include "pmu_api.h"

static inline uint32_t all_ctrs(const pmu_dev *d)
{
    return d->nc >= 32 ? 0xFFFFFFFFu : ((1u << d->nc) - 1u);
}
static inline unsigned all_eq(const pmu_dev *d)
{
    return (1u << (2u * d->nt)) - 1u;
}
static inline int has_smp(const pmu_dev *d) { return (d->cap & PMU_CAP_SMP_MASK) != 0; }
static inline int ev_class(const pmu_ctx *ctx, const pmu_event_info *e)
{
    return e->cls == PMU_CLASS_FLOP ? (int)ctx->dev.flop_class : e->cls;
}
static inline uint64_t wrap_amount(const pmu_dev *d) { return d->cmask + 1u; /* 0 when CW == 64 */ }

#define PIN_CORR 1u   /* es->pin bits */
#define PIN_TRIG 2u
#define PIN_SMP  4u

/* pmu_api_sched.c */
uint32_t pmu_api_constrained(const pmu_eventset *es, unsigned i);   /* counters event i may use (CTR=, areas) */
uint32_t pmu_api_allowed(const pmu_eventset *es, unsigned i);       /* ... and whose area sees its class */
int pmu_api_reschedule(pmu_eventset *es, unsigned n, int mux);      /* events 0..n-1 into passes */
/* pmu_api.c */
uint64_t pmu_api_smp_walk(pmu_eventset *es, uint64_t n, uint64_t *rem);   /* sampling periods in n events */
void pmu_api_current(pmu_eventset *es, pmu_value *out);             /* the values now (lock held) */
void pmu_api_post(pmu_eventset *es, unsigned why);                  /* the post callback of pass cycling */
void pmu_api_rotate(pmu_eventset *es);                              /* the next pass */

#endif
