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
 * timer and the API rotates to the next pass. Each event's raw count, the
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

typedef struct pmu_ctx {
    pmu_dev                dev;
    const pmu_event_table *tbl;
    uint64_t               base[PMU_NC_MAX];   /* 2^CW per overflow since the pass began */
    struct pmu_eventset   *running;
    uint32_t               n_irq, n_ovf, n_ticks, n_switches;
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

typedef struct {
    uint64_t value;    /* estimate: raw * enabled / running (== raw if always counted) */
    uint64_t raw;      /* events actually counted */
    uint64_t enabled;  /* PMU cycles the set was counting (all passes) */
    uint64_t running;  /* PMU cycles this event had a counter */
} pmu_value;

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
 * stopped. threshold 0 removes it; threshold > 2^CW - 1 is PMU_EINVAL. */
int  pmu_set_overflow(pmu_eventset *es, unsigned idx, uint64_t threshold,
                      pmu_overflow_cb cb, void *arg);
unsigned pmu_num_passes(const pmu_eventset *es);

/* GCTL.UEN: user-level (unprivileged) reads of CNT_LO/HI and TSC_LO/HI.
 * Start, stop, reset and pass switches change only GCTL.GEN and keep it. */
int  pmu_set_user_read(pmu_ctx *ctx, int on);
int  pmu_start(pmu_eventset *es);
int  pmu_read(pmu_eventset *es, uint64_t *values);          /* estimates */
int  pmu_read_values(pmu_eventset *es, pmu_value *values);
int  pmu_stop(pmu_eventset *es, uint64_t *values);          /* values may be NULL */
int  pmu_reset(pmu_eventset *es);                           /* zero the counts */

/* Platform hooks (interrupt context). pmu_irq returns the overflow bits it
 * serviced; pmu_tick rotates the multiplexing pass, returns 1 if it did. */
uint32_t pmu_irq(pmu_ctx *ctx);
int      pmu_tick(pmu_ctx *ctx);

/* floor(a*b/c) without overflow (c != 0); used for estimates. */
uint64_t pmu_muldiv64(uint64_t a, uint64_t b, uint64_t c);

#endif
