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
 *
 * Period jitter is on by default (aliasing: a fixed period that divides a
 * loop's length in events samples one instruction of it): each period is
 * drawn from [period - jitter, period + jitter] (pmu_set_sampling_jitter),
 * jitter = period / 4 unless pmu_prof_set_jitter says otherwise (0 = off).
 *
 * One whole profile with its record (what the SoC firmware and the
 * profiling harness of `make prof` use, docs/profiling.md):
 *   pmu_prof_opts o;  pmu_prof_opts_init(&o, "INST_RETIRED:USR", 1000);
 *   r = pmu_prof_run(&ctx, id, &o, buf, N, &io, workload, arg, &sum);
 * runs workload(arg) between pmu_start and pmu_stop and emits, through the
 * platform's output callbacks (pmu_prof_io), the record
 *   [prof] meta ID event=E period=P jitter=J seed=S count=C samples=N ...
 * followed by the N samples; a full buffer returns PMU_PROF_ETRUNC and
 * emits "[prof] TRUNCATED ..." (the profile covers only the start of the
 * run: a larger buffer or a longer period is needed).
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
    uint64_t      period;      /* mean sampling period */
    uint32_t      jitter, seed; /* period jitter (pmu_set_sampling_jitter), 0 = fixed */
} pmu_prof;

/* pmu_prof_run's status for a profile whose buffer filled (samples lost) */
#define PMU_PROF_ETRUNC (-64)
/* pmu_prof_opts.jitter: period / 4 */
#define PMU_PROF_JITTER_DEFAULT 0xFFFFFFFFu

/* Options of one profile (pmu_prof_opts_init sets the defaults). */
typedef struct {
    const char *event;       /* named event sampled, e.g. "INST_RETIRED:USR" */
    uint64_t    period;      /* mean period in events */
    uint32_t    jitter;      /* +- events; PMU_PROF_JITTER_DEFAULT = period / 4; 0 = fixed period */
    uint32_t    seed;        /* jitter PRNG seed, 0 = the API's default */
    uint64_t    min_cycles;  /* interrupt throttle (pmu_set_irq_throttle), 0 = off */
} pmu_prof_opts;

/* Platform side of pmu_prof_run. Every callback may be NULL but put. */
typedef struct {
    void      (*put)(void *arg, const char *s);               /* text output (the record lines) */
    void      (*sample)(void *arg, const pmu_prof_rec *r);    /* one stored sample, after the run */
    void      (*begin)(void *arg, unsigned id);               /* right before pmu_start (interrupts on, markers) */
    void      (*end)(void *arg, unsigned id);                 /* right after pmu_stop */
    void      (*meta_extra)(void *arg);                       /* more " key=value" of the meta line, via put */
    uint32_t  (*aux)(void *arg);                              /* pmu_prof.aux: e.g. the interrupted PC */
    void       *arg;
} pmu_prof_io;

/* What pmu_prof_run measured (also in the meta record). */
typedef struct {
    uint64_t count;          /* the sampled event's count at pmu_stop */
    uint32_t samples, lost, throttled, cap;
    uint32_t min_dt;         /* smallest TSC interval between stored samples (0: fewer than 2) */
    uint32_t jitter, seed;   /* as applied */
    uint64_t events_done, cur_period;   /* pmu_sampling_state at pmu_stop */
    uint32_t periods_done;
    int      consistent;     /* samples + lost + throttled == periods_done (or one less: a period
                              * that ended inside pmu_stop), events_done <= count < events_done + cur_period */
} pmu_prof_summary;

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
/* Period jitter of the profile (the set stopped): each period drawn
 * uniformly from [period - jitter, period + jitter] by the API's PRNG
 * (seed 0 = default); 0 = fixed period. pmu_prof_init sets period / 4.
 * Errors of pmu_set_sampling_jitter (jitter >= period: PMU_ERANGE). */
int      pmu_prof_set_jitter(pmu_prof *p, uint32_t jitter, uint32_t seed);

/* Defaults: the event, the period, jitter period / 4, seed 0, no throttle. */
void     pmu_prof_opts_init(pmu_prof_opts *o, const char *event, uint64_t period);
/* One profile of fn(fn_arg) on ctx (no other set running): a set with
 * o->event sampled every o->period (+- jitter) events into buf[cap];
 * io->begin, pmu_start, fn, pmu_stop, io->end; then the record through
 * io->put / io->sample:
 *   [prof] meta ID event=E period=P jitter=J seed=S count=C samples=N
 *          throttled=T lost=L cap=K min_cycles=M min_dt=D periods=X
 *          events_done=Y cur_period=Z [io->meta_extra]
 *   io->sample(r) for each of the N stored samples
 *   [prof] TRUNCATED ID: ...   (only if lost > 0)
 * Returns PMU_OK, PMU_PROF_ETRUNC (buffer full: samples lost, the record
 * is still emitted), or an API error (event unknown, period out of range,
 * PMU_EINVAL for NULL pointers / cap 0 / period 0: nothing emitted). sum
 * (may be NULL) gets the counts. */
int      pmu_prof_run(pmu_ctx *ctx, unsigned id, const pmu_prof_opts *o, pmu_prof_rec *buf, uint32_t cap,
                      const pmu_prof_io *io, void (*fn)(void *), void *fn_arg, pmu_prof_summary *sum);

#endif
