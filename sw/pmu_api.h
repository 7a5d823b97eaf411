/* pmu-ip PAPI-like API (C99, no allocation, no libc beyond <string.h>).
 *
 *   pmu_ctx        one per PMU instance: the driver, the event table, the
 *                  software high halves of the counters (overflow accumulation)
 *   pmu_eventset   events to count together; start / read / stop / reset
 *
 * Event names (case-insensitive):   NAME[:MOD]...
 *   NAME   an entry of the event table (e.g. BR_RETIRED) or CLASSn (any
 *          class 0..63 by number; default mask 0xFFFF = all sub-events)
 *   MOD    a unit-mask name of NAME (several are ORed; none = the entry's
 *          default mask), a number (0x.. or decimal: raw sub-event mask),
 *          Tn      count thread n only (several allowed; none = all threads)
 *          OS|USR  privilege filter, CPL 0 / CPL 1..3 (none = both)
 *          EQ=x    raw EQ field (instead of Tn/OS/USR)
 *          EDGE    count 0->1 transitions of the condition
 *          INV     invert the threshold condition
 *          THR=n   threshold 0..255
 *          CTR=n   constrain the event to counter n (several allowed)
 *   e.g. "BR_RETIRED:TAKEN:T0:USR", "CLASS3:0x5:OS:EDGE", "INST_RETIRED:THR=2"
 *
 * Overflow: every counter runs with IE set; the platform calls pmu_irq() on
 * the PMU interrupt and the API adds 2^CW to that counter's software high
 * part, so values are 64-bit whatever CW is. Reads also fold in an overflow
 * that is pending but not yet serviced (polling platforms work too).
 *
 * Counter areas: pmu_init reads CAP.NAREA. With NAREA > 1, counter n can
 * count only the event classes c with c % NAREA == n % NAREA, plus the FLOP
 * class (CFG.FLOP_CLASS), which every counter sees (pmu_drv_class_ok). The
 * API places every event on a counter of its area only: an event that no
 * counter can take (its area has no counter, or its CTR= constraints name
 * only counters outside its area) is PMU_ENOCOUNTER from pmu_event_encode
 * and pmu_add_event; a set whose events do not fit the counters of their
 * areas at once is PMU_ECONFLICT (PMU_ECNTR if there are simply more events
 * than counters) unless multiplexing is on, and multiplexing passes keep
 * every event inside its area. With NAREA = 1 any counter takes any class.
 *
 * Multiplexing: with pmu_set_multiplex(es, 1) a set may hold more events
 * than counters (or events whose counter constraints cannot all be met at
 * once). They are split into the fewest passes that the counter
 * constraints and areas allow. The platform calls pmu_tick() from a
 * timer and the API rotates to the next pass (or on interrupts or on
 * request: pmu_set_cycling). Each event's raw count, the
 * cycles the set was enabled and the cycles the event was on a counter
 * (both from the PMU's TSC) are kept; the estimate is raw*enabled/running,
 * where enabled is the time the set was counting (sum of its passes) and
 * running the part of it where the event had a counter. The pass switch
 * itself (PMU stopped, normally inside the timer handler) is in neither: on
 * a CPU whose handler is long compared with the tick, including it would
 * scale user-mode events by time in which they cannot occur.
 *
 * Concurrency: pmu_irq() and pmu_tick() run in interrupt context; the API
 * brackets its own register sequences with the pmu_mmio irq_save/restore
 * hooks, which must mask those interrupts.
 *
 * PM API features of seed 004 (Levine, PowerPC 604 PM API; docs/pm_api.md):
 * trigger and correlate events, interrupt-driven pass cycling with a round
 * count and post options, a time base given in seconds/nanoseconds, a
 * latency threshold in processor cycles, the status at the previous
 * interrupt, interrupt throttling and a revision query. The features that
 * use MMCR/PMSTAT/XCTL/SIAR need the sampling block (CAP.SMP) and answer
 * PMU_ENOSUP without it.
 */
#ifndef PMU_API_H
#define PMU_API_H

#include <stddef.h>
#include <stdint.h>
#include "pmu_drv.h"

/* ------------------------------------------------------ error codes */
#define PMU_OK          0
#define PMU_EINVAL    (-1)   /* invalid argument                                */
#define PMU_ENODEV    (-2)   /* no PMU (ID mismatch) or bad CFG                 */
#define PMU_ENOEVNT   (-3)   /* unknown event name                              */
#define PMU_EBADMOD   (-4)   /* unknown/invalid modifier, unit mask or value    */
#define PMU_ECONFLICT (-5)   /* counter constraints cannot be met together      */
#define PMU_ECNTR     (-6)   /* more events than counters, multiplexing is off  */
#define PMU_EISRUN    (-7)   /* the set (or another set) is running             */
#define PMU_ENOTRUN   (-8)   /* the set is not running                          */
#define PMU_ENOMEM    (-9)   /* event set full (PMU_MAX_EVENTS)                 */
#define PMU_ENOSPC    (-10)  /* output buffer too small                         */
#define PMU_ENOCOUNTER (-11) /* no counter of this PMU can count the event's   */
                             /* class (counter areas, CAP.NAREA), at least none */
                             /* of the counters its CTR= constraints name      */
#define PMU_ERANGE    (-12)  /* value not representable by the hardware        */
#define PMU_ENOSUP    (-13)  /* needs the sampling block (CAP.SMP = 0)          */
#define PMU_ENODATA   (-14)  /* no interrupt of this set serviced yet          */
#define PMU_ENOSRC    (-15)  /* PMU_CYCLE_IRQ: a pass has no interrupt source  */
#define PMU_EREV      (-16)  /* API revision not compatible                    */

const char *pmu_strerror(int err);

/* ------------------------------------------------------ event table */
#define PMU_CLASS_FLOP (-1)  /* resolved to CFG.FLOP_CLASS at run time */

typedef struct {
    const char *name;
    uint16_t    mask;
    const char *desc;
} pmu_umask;

typedef struct {
    const char      *name;
    int              cls;       /* event class 0..63 or PMU_CLASS_FLOP */
    uint16_t         def_mask;  /* mask when no unit mask is given     */
    uint32_t         cmask;     /* allowed counters (bit n), 0 = any   */
    const char      *desc;
    const pmu_umask *umasks;
    unsigned         n_umasks;
} pmu_event_info;

typedef struct {
    const char           *name;
    const pmu_event_info *ev;
    unsigned              n;
} pmu_event_table;

/* The event table of the PicoRV32 example SoC (sim/soc, sw/pmu_events_soc.c). */
extern const pmu_event_table pmu_soc_events;

/* Hardware encoding of one event. ctl holds ES/EDGE/INV/THR (EN and IE are
 * owned by the API), emq holds EM and EQ; cmask the allowed counters. */
typedef struct {
    uint32_t ctl;
    uint32_t emq;
    uint32_t cmask;
} pmu_event_code;

/* ------------------------------------------------------ context / sets */
#define PMU_MAX_EVENTS 32

struct pmu_eventset;
typedef void (*pmu_overflow_cb)(struct pmu_eventset *es, unsigned idx, void *arg);
/* One sample of the negative-counter interrupt (pmu_set_sampling). */
typedef struct {
    uint64_t siar;     /* SIAR: address of the instruction whose event made the counter negative */
    uint64_t sdar;     /* SDAR: its data address */
    uint64_t tsc;      /* TSC read in the handler */
} pmu_sample;
typedef void (*pmu_sample_cb)(struct pmu_eventset *es, unsigned idx, const pmu_sample *s, void *arg);
/* Post notification (pmu_set_cycling): why is one PMU_POST_* bit. */
typedef void (*pmu_post_cb)(struct pmu_eventset *es, unsigned why, void *arg);

typedef struct {
    uint64_t value;    /* estimate: raw * enabled / running (== raw if always counted) */
    uint64_t raw;      /* events actually counted */
    uint64_t enabled;  /* PMU cycles the set was counting (all passes) */
    uint64_t running;  /* PMU cycles this event had a counter */
} pmu_value;

/* What pmu_irq saw and counted at the last interrupt it serviced for a set
 * (seed 004 PMstatus "consistent with the previous interrupt"). */
typedef struct {
    uint32_t  seq;                  /* serviced interrupts of the set since pmu_start (0: none) */
    uint32_t  ovf;                  /* OVF bits of that interrupt */
    uint32_t  pmstat;               /* PMSTAT bits (NEG, TB) of that interrupt */
    unsigned  pass;                 /* pass that was counting */
    uint64_t  tsc;                  /* TSC read in the handler */
    uint64_t  siar, sdar;           /* sampled addresses (0 without CAP.SMP) */
    pmu_value v[PMU_MAX_EVENTS];    /* every event's value, as pmu_read_values then */
} pmu_irq_status;

typedef struct pmu_ctx {
    pmu_dev                dev;
    const pmu_event_table *tbl;
    uint64_t               base[PMU_NC_MAX];   /* 2^CW per overflow since the pass began */
    struct pmu_eventset   *running;
    uint32_t               n_irq, n_ovf, n_ticks, n_switches;
    /* time base (pmu_set_timebase), interrupt throttling (pmu_set_irq_throttle) */
    uint32_t               mmcr_tb;                /* TBEE | TBSEL, 0 = off */
    uint64_t               min_irq;                /* TSC cycles between serviced interrupts */
    uint64_t               last_irq;               /* TSC of the last serviced interrupt */
    int                    pmxe_held;              /* PMXE left clear by a throttled interrupt */
    uint32_t               n_serviced, n_throttled;
    uint32_t               xctl[PMU_NC_MAX];       /* XCTL shadow */
} pmu_ctx;

typedef struct pmu_eventset {
    pmu_ctx        *ctx;
    unsigned        n;
    pmu_event_code  code[PMU_MAX_EVENTS];
    uint64_t        preset[PMU_MAX_EVENTS];      /* counter preset: 2^CW - threshold, or 0 */
    pmu_overflow_cb ovf_cb[PMU_MAX_EVENTS];
    void           *ovf_arg[PMU_MAX_EVENTS];
    int             multiplex;
    int             running;
    /* seed 004 options */
    uint8_t         pin[PMU_MAX_EVENTS];        /* on a counter in every pass (correlate, trigger) */
    unsigned        trig;                       /* trigger event + 1, 0 none */
    uint64_t        trig_count;
    uint8_t         lat[PMU_MAX_EVENTS];        /* latency-class event (XCTL.LAT) */
    uint32_t        lat_cycles;                 /* their threshold in cycles, 0 none */
    int             cyc_mode;                   /* PMU_CYCLE_* */
    unsigned        rounds, post, round_no;
    int             done;                       /* the last round ended: stopped by the API */
    pmu_post_cb     post_cb;
    void           *post_arg;
    uint64_t        load[PMU_MAX_EVENTS];       /* value loaded at the start of the current pass */
    pmu_irq_status  snap;
    /* sampling (pmu_set_sampling): one event per set, SIAR is one register */
    unsigned        smp;                        /* sampled event + 1, 0 none */
    uint64_t        smp_period;
    pmu_sample_cb   smp_cb;
    void           *smp_arg;
    uint32_t        n_samples;                  /* samples delivered to smp_cb since pmu_start */
    uint32_t        n_smp_throttled;            /* samples not taken because of throttling */
    /* randomized period (pmu_set_sampling_jitter) and the exact accounting
     * (pmu_sampling_state); read them through pmu_sampling_state */
    uint32_t        smp_jitter, smp_seed;       /* 0 = fixed period */
    unsigned        smp_jshift;                 /* 64 - bit length of 2 * jitter */
    uint64_t        smp_rng;                    /* xorshift64 state, never 0 */
    uint64_t        smp_cur;                    /* period in progress */
    uint64_t        smp_done;                   /* events of the whole periods completed */
    uint32_t        smp_nper;                   /* whole periods completed */
    /* schedule */
    unsigned        npass, cur_pass;
    uint8_t         pass_of[PMU_MAX_EVENTS];
    uint8_t         ctr_of[PMU_MAX_EVENTS];
    int8_t          ev_on_ctr[PMU_NC_MAX];      /* event on counter n in this pass, -1 none */
    /* accounting */
    uint64_t        acc[PMU_MAX_EVENTS];        /* raw counts of finished passes */
    uint64_t        t_run[PMU_MAX_EVENTS];      /* TSC cycles on a counter, finished passes */
    uint64_t        t_enabled;                  /* TSC cycles of finished passes */
    uint64_t        t_pass;                     /* TSC when the current pass began */
} pmu_eventset;

/* NULL pointers: every function checks its pointer arguments (and an event
 * set's ctx, NULL until pmu_eventset_init) and returns PMU_EINVAL without
 * touching anything; pmu_num_passes, pmu_irq and pmu_tick return 0. The
 * optional pointers are documented at each function (tbl, pmu_stop's values,
 * pmu_set_overflow's cb/arg). tb/null_test.c checks this (make c-null-test). */

/* tbl may be NULL (then only CLASSn names work). */
int  pmu_init(pmu_ctx *ctx, const pmu_mmio *io, const pmu_event_table *tbl);

/* Name <-> code. decode writes the canonical name; encode(decode(c)) == c
 * for every code some counter of this PMU can count (else encode answers
 * PMU_ENOCOUNTER, see "Counter areas"). */
int  pmu_event_encode(const pmu_ctx *ctx, const char *name, pmu_event_code *code);
int  pmu_event_decode(const pmu_ctx *ctx, const pmu_event_code *code, char *buf, size_t len);

int  pmu_eventset_init(pmu_ctx *ctx, pmu_eventset *es);
int  pmu_set_multiplex(pmu_eventset *es, int on);
/* Returns the event's index (>= 0) or an error. */
int  pmu_add_event(pmu_eventset *es, const pmu_event_code *code);
int  pmu_add_named_event(pmu_eventset *es, const char *name);
/* Overflow notification: the event's counter is preset to 2^CW - threshold
 * whenever it is loaded (start, reset, each multiplexing pass), so the first
 * interrupt comes after `threshold` events, later ones every 2^CW events; the
 * reported count stays exact (the preset is subtracted). cb (may be NULL)
 * runs inside pmu_irq() on every wrap of that counter. Must be called while
 * stopped. threshold 0 removes it; threshold > 2^CW - 1 and a threshold on
 * the trigger event (pmu_set_trigger) are PMU_EINVAL. */
int  pmu_set_overflow(pmu_eventset *es, unsigned idx, uint64_t threshold,
                      pmu_overflow_cb cb, void *arg);
unsigned pmu_num_passes(const pmu_eventset *es);

/* GCTL.UEN: user-level (unprivileged) reads of CNT_LO/HI and TSC_LO/HI.
 * Start, stop, reset and pass switches change only GCTL.GEN and keep it.
 * The counters are shared by all hardware threads: with UEN=1 user code of
 * any thread reads every counter (docs/security.md, docs/pm_api.md). */
int  pmu_set_user_read(pmu_ctx *ctx, int on);
int  pmu_start(pmu_eventset *es);
int  pmu_read(pmu_eventset *es, uint64_t *values);          /* estimates */
int  pmu_read_values(pmu_eventset *es, pmu_value *values);
int  pmu_stop(pmu_eventset *es, uint64_t *values);          /* values may be NULL */
int  pmu_reset(pmu_eventset *es);                           /* zero the counts */

/* Platform hooks (interrupt context). pmu_irq services OVF (the 64-bit
 * accumulation) and, with CAP.SMP, PMSTAT (W1C, PMXE set again), then runs
 * the callbacks, the snapshot, post and PMU_CYCLE_IRQ cycling; it returns
 * the overflow bits it serviced. An interrupt with neither an OVF nor a
 * PMSTAT bit is spurious (PicoRV32 latches the IRQ level again while the
 * handler clears it) and returns 0 at once. pmu_tick rotates the multiplexing pass
 * (PMU_CYCLE_TICK) and re-arms a throttled PMXE; returns 1 if it rotated. */
uint32_t pmu_irq(pmu_ctx *ctx);
int      pmu_tick(pmu_ctx *ctx);

/* ------------------------------------------------------ seed 004 PM API */
/* Trigger (604 "discount", MMCR.TRIG): event idx goes to counter 0, preset
 * to 2^(CW-1) - count; the other counters count nothing until it has
 * counted `count` events (they start LAT cycles after the count-th event,
 * docs/sampling.md). count 1..2^(CW-1) (else PMU_ERANGE); 0 removes it. The
 * trigger is in every pass and keeps its count across pass switches; a
 * reset re-arms it. PMU_ENOCOUNTER if counter 0 cannot take the event (area,
 * CTR=), PMU_ECONFLICT if another event already needs counter 0 in every
 * pass, PMU_EINVAL if the event has an overflow threshold (and
 * pmu_set_overflow refuses the trigger event). Stopped sets only. */
int  pmu_set_trigger(pmu_eventset *es, unsigned idx, uint64_t count);
/* Correlate event: on a counter of its own in every pass, so each pass can
 * be related to it. Without an overflow threshold its counter runs on
 * through pass switches (only the other counters stop, on one CNTEN edge)
 * and its count is exact, never scaled (running == enabled); with one it is
 * reloaded every pass (the period of PMU_CYCLE_IRQ). on = 0 removes it.
 * PMU_ECONFLICT if the other events no longer fit; the set is unchanged. */
int  pmu_set_correlate(pmu_eventset *es, unsigned idx, int on);

/* Pass cycling (seed 004 PMprocessInit): mode
 *   PMU_CYCLE_TICK    pmu_tick() rotates to the next pass (default)
 *   PMU_CYCLE_IRQ     each serviced PMU interrupt of the set rotates: the
 *                     wrap of an event with an overflow threshold
 *                     (pmu_set_overflow; a correlate event with one is the
 *                     usual source) or the time base (pmu_set_timebase).
 *                     pmu_start answers PMU_ENOSRC if a pass has neither.
 *   PMU_CYCLE_MANUAL  only pmu_next_pass() rotates
 * rounds: times to cycle through all passes (0 = no limit); after the last
 * one the API stops the set (pmu_stop then returns PMU_OK and the values).
 * post: PMU_POST_* bits, cb (may be NULL) runs in interrupt context. A
 * round count or post option also applies to a one-pass set (each rotation
 * reloads it). Stopped sets only; a bad mode or post bit is PMU_EINVAL. */
#define PMU_CYCLE_TICK   0
#define PMU_CYCLE_IRQ    1
#define PMU_CYCLE_MANUAL 2
#define PMU_POST_IRQ   1u    /* each serviced interrupt */
#define PMU_POST_PASS  2u    /* each pass switch */
#define PMU_POST_ROUND 4u    /* each completed round (all passes once) */
#define PMU_POST_DONE  8u    /* the last round ended, the set is stopped */
int  pmu_set_cycling(pmu_eventset *es, int mode, unsigned rounds, unsigned post,
                     pmu_post_cb cb, void *arg);
/* Rotate now (any mode). PMU_ENOTRUN if the set is not running. */
int  pmu_next_pass(pmu_eventset *es);

/* Time base (MMCR.TBEE/TBSEL): an interrupt every `sec`.`nsec` seconds,
 * given the TSC clock hz. The API picks the tap whose period (2^(b+1)
 * cycles for TSC bit b; bits 16, 12 and 8 = PowerPC TB bits 47, 51, 55) is
 * nearest on a log scale and returns it in *actual_ns (may be NULL). TSC[0]
 * (PowerPC bit 63, an interrupt every 2 cycles) is never used, as in the
 * seed. PMU_EINVAL: hz 0 or nsec >= 10^9; PMU_ERANGE: the request is more
 * than a factor 2 outside 2^9..2^17 cycles; 0 s 0 ns turns it off. Armed
 * while a set runs; its interrupts go through pmu_irq. Not while running. */
int  pmu_set_timebase(pmu_ctx *ctx, uint64_t hz, uint64_t sec, uint32_t nsec, uint64_t *actual_ns);

/* Latency threshold in processor cycles (MMCR.THRESH, XCTL.LAT): event idx
 * counts the loads/stores whose latency is >= cycles instead of its ES/EM
 * event (its EQ threads/OS/USR still qualify; its class only decides the
 * counter area). Encoded as THRESH = cycles - 1 (hardware: latency >
 * THRESH); cycles 1..65536, else PMU_ERANGE. One threshold per set: another
 * value is PMU_ECONFLICT. cycles 0 makes idx a normal event again. */
int  pmu_set_latency(pmu_eventset *es, unsigned idx, uint32_t cycles);

/* Sampling (604 SIAR sampling, docs/profiling.md): event idx's counter is
 * loaded with 2^(CW-1) - period (a drawn period with
 * pmu_set_sampling_jitter) and its XCTL.NIE set, MMCR.PMXE armed, so
 * the hardware signals a negative-counter interrupt at every period-th
 * event and latches SIAR/SDAR = the addresses of the instruction that
 * carried that event. pmu_irq reads them, loads the counter again (its
 * count is folded in, so pmu_read stays exact but for the events of the
 * few cycles between the handler's read and reload of the counter: none
 * for an event the handler's own privilege level does not count), re-arms
 * PMXE and calls cb(es, idx, sample, arg) in interrupt context; an
 * interrupt that only delivers a sample takes no pmu_status_at_irq
 * snapshot, post or PMU_CYCLE_IRQ step (it stays short). The event
 * is pinned to a counter in every pass. One sampled event per set (a second
 * call moves it); period 0 removes it; period 1..2^(CW-1), else PMU_ERANGE.
 * PMU_ENOSUP without CAP.SMP; PMU_EINVAL if idx has an overflow threshold
 * or is the trigger; PMU_ECONFLICT if the other events no longer fit.
 * Throttling (pmu_set_irq_throttle) applies: a throttled sample is dropped
 * (es->n_smp_throttled), and when pmu_tick re-arms PMXE the counter is
 * loaded again first, adding the periods that passed while it was held to
 * n_smp_throttled (so the first sample after a hold names an instruction of
 * the program, not of the tick handler). Stopped sets only. */
int  pmu_set_sampling(pmu_eventset *es, unsigned idx, uint64_t period, pmu_sample_cb cb, void *arg);

/* Randomized sampling period against aliasing (as Arm SPE and AMD IBS do: a
 * fixed period on a loop whose length divides it samples a few addresses
 * only). Every period of the sampled event, the first one at pmu_start /
 * pmu_reset too, is drawn anew, uniformly from [period - jitter, period +
 * jitter] (each of the 2*jitter + 1 values equally likely, so the mean period
 * is exactly `period`) by a xorshift64 generator (Marsaglia 13/7/17, top bits,
 * rejection sampling; no libc) seeded from `seed` at every pmu_start and
 * pmu_reset: a seed gives the same sequence of periods every run; seed 0 is
 * PMU_SMP_SEED_DEFAULT. jitter 0 (the default; every pmu_set_sampling call
 * sets it) is the fixed period. The accounting stays exact: the events
 * beyond a period stay on the counter and count towards the next drawn one,
 * so sample k is exactly at the event sum of the first k drawn periods; the
 * periods that end during a throttling hold are walked one by one (each
 * drawn) and counted whole in n_smp_throttled (interrupt context: a hold of
 * E events costs about E / (period - jitter) draws). Needs a sampled event
 * (else PMU_EINVAL); jitter >= period or period + jitter > 2^(CW-1):
 * PMU_ERANGE; PMU_EISRUN while the set runs, PMU_ENOSUP without CAP.SMP,
 * PMU_EINVAL for NULL. */
#define PMU_SMP_SEED_DEFAULT 0x2545F491u
int  pmu_set_sampling_jitter(pmu_eventset *es, uint32_t jitter, uint32_t seed);

/* Exact accounting of the sampled event since pmu_start or pmu_reset (they
 * restart it with the count; after pmu_stop it stays until the next start,
 * pmu_set_sampling clears it): *events_done = the events of the whole periods
 * completed, *periods_done = their number, *cur_period = the period in
 * progress (drawn; == period without jitter). The event's count (pmu_read)
 * is events_done + the events of the period in progress, so after pmu_stop
 * (which walks the periods still on the counter)
 *   events_done <= count < events_done + cur_period,
 * and inside the sample callback events_done is the exact event number of
 * that sample. periods_done = n_samples + n_smp_throttled + the periods that
 * ended without an interrupt of their own: one that ended while pmu_stop (or
 * the last round of pmu_set_cycling) stopped the set, its interrupt not yet
 * taken, or those of an interrupt that came a whole
 * period late (period shorter than the interrupt latency). n_samples and
 * n_smp_throttled restart only at pmu_start. PMU_EINVAL for NULL (any
 * argument) or a set without a sampled event. */
int  pmu_sampling_state(const pmu_eventset *es, uint64_t *events_done, uint64_t *cur_period,
                        uint32_t *periods_done);

/* Status at the previous interrupt: copy of the snapshot pmu_irq took for
 * this set. PMU_ENODATA before the first serviced interrupt. */
int  pmu_status_at_irq(pmu_eventset *es, pmu_irq_status *st);

/* Interrupt-storm protection: a PMU interrupt less than min_cycles TSC
 * cycles after the last serviced one is throttled: its counts are still
 * accumulated (OVF folded, nothing lost) but callbacks, snapshot, post and
 * pass cycling are skipped and the sampling interrupt (PMXE) stays off until
 * pmu_tick() runs min_cycles after the last serviced one. ctx->n_serviced /
 * ctx->n_throttled count both kinds. 0 = off (default). */
int  pmu_set_irq_throttle(pmu_ctx *ctx, uint64_t min_cycles);

/* Revision: the API revision (major << 16 | minor; a new minor only adds)
 * and the hardware's ID / CFG / CAP words. */
#define PMU_API_REV_MAJOR 2u
#define PMU_API_REV_MINOR 2u   /* 2.1: pmu_set_sampling; 2.2: pmu_set_sampling_jitter, pmu_sampling_state */
#define PMU_API_REVISION  (PMU_API_REV_MAJOR << 16 | PMU_API_REV_MINOR)
typedef struct {
    uint32_t api;                /* PMU_API_REVISION of the library */
    uint32_t id;                 /* ID register: 'P' 'M' major minor */
    unsigned hw_major, hw_minor; /* ID[15:8], ID[7:0] */
    uint32_t cfg, cap;           /* CFG and CAP registers */
} pmu_revision;
int  pmu_get_revision(const pmu_ctx *ctx, pmu_revision *rev);
/* PMU_OK if a caller built against revision `rev` can use this library
 * (same major, minor <= ours), else PMU_EREV. */
int  pmu_check_revision(uint32_t rev);

/* floor(a*b/c) without overflow (c != 0); used for estimates. */
uint64_t pmu_muldiv64(uint64_t a, uint64_t b, uint64_t c);

#endif
