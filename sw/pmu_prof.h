/* SPDX-License-Identifier: Apache-2.0 */
/* pmu-ip sampling profiler, the `perf record` half (C99, no allocation).
 *
 * Samples one event of an event set every `period` events through the
 * negative-counter interrupt (pmu_set_sampling: SIAR/SDAR, docs/profiling.md)
 * into a caller-provided buffer. Interrupt-storm protection is the API's
 * throttle (pmu_set_irq_throttle: a minimum number of TSC cycles between
 * serviced interrupts; the platform timer must call pmu_tick() while it is
 * on): throttled samples are counted, not stored. A full buffer counts the
 * further samples as lost. Host side: sw/prof_report.py symbolizes the
 * addresses and prints the hot functions (`perf report`).
 *
 *   pmu_prof p;  pmu_prof_rec buf[N];
 *   pmu_eventset_init(&ctx, &es);
 *   idx = pmu_add_named_event(&es, "INST_RETIRED:USR");
 *   pmu_prof_init(&p, &es, idx, 61, 0, buf, N);   // every 61st instruction
 *   pmu_start(&es);  workload();  pmu_stop(&es, 0);
 *   // buf[0 .. p.n-1]; pmu_prof_dropped(&p) samples not stored
 */
#ifndef PMU_PROF_H
#define PMU_PROF_H

#include <stdint.h>
#include "pmu_api.h"

typedef struct {
    uint64_t ip;       /* SIAR: instruction whose event made the counter negative */
    uint64_t addr;     /* SDAR: its data address (loads/stores) */
    uint32_t dt;       /* TSC cycles since the previous stored sample (since pmu_prof_init for the first) */
    uint32_t aux;      /* the platform's aux() value, e.g. the interrupted PC; 0 without aux */
} pmu_prof_rec;

typedef struct pmu_prof {
    pmu_eventset *es;
    unsigned      idx;
    pmu_prof_rec *buf;
    uint32_t      cap, n;      /* buffer size, samples stored */
    uint32_t      lost;        /* samples not stored: buffer full */
    uint64_t      last_tsc;
    /* optional: a platform value stored with each sample (interrupt context) */
    uint32_t    (*aux)(void *arg);
    void         *aux_arg;
} pmu_prof;

/* Sample event idx of es (stopped) every `period` events into buf[cap].
 * min_cycles: interrupt throttle (pmu_set_irq_throttle of es's context;
 * 0 = off). Errors of pmu_set_sampling / pmu_set_irq_throttle; PMU_EINVAL
 * for NULL pointers or cap 0. */
int      pmu_prof_init(pmu_prof *p, pmu_eventset *es, unsigned idx, uint64_t period,
                       uint64_t min_cycles, pmu_prof_rec *buf, uint32_t cap);
/* Samples the profile did not store: throttled (es->n_smp_throttled) plus
 * lost to a full buffer. */
uint32_t pmu_prof_dropped(const pmu_prof *p);
/* Start storing at buf[0] again (the set stopped). */
int      pmu_prof_clear(pmu_prof *p);

#endif
