/* pmu-ip yield-channel driver (pmu_core's user-level yield channels), C99,
 * no libc calls, no allocation.
 *
 * Same bus interface as pmu_drv.h (pmu_mmio read32/write32 callbacks).
 * Registers: docs/regmap.md (YRING0/YRING3, YCH_*), cmodel/pmu_regs.h
 * (PMU_REG_YCH_*(ring, i), field _LSB/_MASK); semantics docs/sampling.md.
 * Rings are named 0 and 3.
 *
 * Privilege (docs/security.md): a handle from yield_drv_init is privileged
 * (the OS: every function, every channel of both rings). A user-level runtime
 * gets an unprivileged handle from yield_drv_init_user (no bus access: the
 * probe registers are privileged) for the hardware thread it runs on; the IP
 * lets it reach only the ring-3 channels of that thread (YTHR3, assigned by
 * the OS with yield_drv_assign), that thread's YRING3 bits and its ERET.
 * Another thread's channel answers PSLVERR, reported as YIELD_DRV_EPERM when
 * the pmu_mmio has the bus_err hook. What the driver knows is refused before
 * any access with YIELD_DRV_EPERM: ring 0, yield_drv_assign, actions IRQ and
 * FRZ (they reach every thread), another thread's ERET.
 */
#ifndef YIELD_DRV_H
#define YIELD_DRV_H

#include <stdint.h>
#include "pmu_drv.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct yield_dev {
    pmu_mmio io;
    unsigned nch;        /* channels per ring (CAP.NCH) */
    unsigned nt;         /* hardware threads (CFG.NT): a channel's thread is 0..nt-1 */
    int      aw64;       /* CAP.AW64: 64-bit yield targets */
    int      ycap;       /* CAP.YCAP: each channel has a capture record */
    int      priv;       /* 1: privileged accesses (yield_drv_init); 0: a user-level handle (yield_drv_init_user) */
    unsigned tid;        /* the hardware thread the handle's code runs on (the ptid of its accesses):
                          * yield_drv_eret's thread; for a user-level handle the only thread it reaches */
} yield_dev;

#define YIELD_DRV_OK      0
#define YIELD_DRV_ENODEV  (-1)   /* ID is not PMU_ID_VALUE */
#define YIELD_DRV_EINVAL  (-2)   /* NULL pointer, bad ring/channel, target wider than CAP.AW64 allows */
#define YIELD_DRV_ENOTSUP (-3)   /* CAP.YLD=0: no yield channels (yield_drv_capture: CAP.YCAP=0) */
#define YIELD_DRV_EPERM   (-4)   /* not allowed to this handle: refused without access, or an access
                                  * answered a bus error (pmu_mmio bus_err; e.g. another thread's channel) */

/* Channel actions (YCH_CTL.ACT; docs/yield.md). 4..15 are reserved. */
#define YIELD_ACT_SILENT PMU_YACT_SILENT   /* status only: YER (and MISS) */
#define YIELD_ACT_YIELD  PMU_YACT_YIELD    /* yield delivered on yield_o */
#define YIELD_ACT_IRQ    PMU_YACT_IRQ      /* PMU interrupt (irq_o) while YER=1 */
#define YIELD_ACT_FRZ    PMU_YACT_FRZ      /* every counter frozen while YER=1 */

/* Monitor conditions (YCH_CTL.COND; docs/yield.md). 3 is reserved. */
#define YIELD_COND_COUNT  PMU_YCOND_COUNT   /* the (sav+1)-th trigger underflows */
#define YIELD_COND_PERIOD PMU_YCOND_PERIOD  /* ... within a period: event dsel ends the period (CNT <= SAV) */
#define YIELD_COND_DIFF   PMU_YCOND_DIFF    /* ... in excess of event dsel: dsel adds 1 to CNT */
/* event-vector bits for dsel (docs/regmap.md) */
#define YIELD_EV_COUNTER(k) (PMU_YEV_CNT_LSB + (k))   /* counter k counted, k < 16 */
#define YIELD_EV_EXT(k)     (PMU_YEV_EXT_LSB + (k))   /* yev_i[k] */
#define YIELD_EV_TB         PMU_YEV_TB_LSB            /* time-base transition (MMCR.TBSEL) */

/* A scenario: the channel triggers in a cycle when it is valid, its ring is
 * the current one and (any ? some : every) event-vector bit k with esm[k]=1
 * equals esv[k] (event vector: docs/regmap.md). It underflows on every
 * (sav+1)-th trigger: the hardware sets YER; a yield action (act_yield=1) is
 * then delivered (yield_o, target tgt) while the ring is not blocked. With
 * act_yield=0 the channel takes `action` (YIELD_ACT_SILENT, _IRQ or _FRZ; 0,
 * the value of a zero-initialised scenario, is silent). */
typedef struct {
    uint32_t esv, esm;   /* 25 bits */
    int      any;        /* 0 AND, 1 OR */
    uint32_t sav;        /* sample-after value */
    int      act_yield;  /* 1 yield, 0: `action` */
    unsigned sid;        /* scenario id, 8 bits, software tag */
    uint64_t tgt;        /* yield target (bits 63:32 only with CAP.AW64) */
    unsigned action;     /* with act_yield=0: YIELD_ACT_* (> YIELD_ACT_FRZ: YIELD_DRV_EINVAL) */
    int      sticky;     /* 1: esv is ignored; the channel collects the events that occur
                          * (sticky vector, read with yield_drv_esv) and the scenario holds
                          * when every esm bit has been seen (any: one); the vector is
                          * cleared when it holds and when the channel is armed */
    int      edge;       /* with sticky: 1 an event counts when it rises, 0 while it is high */
    unsigned cond;       /* YIELD_COND_* (0, count, in a zero-initialised scenario) */
    unsigned dsel;       /* with cond PERIOD / DIFF: the event-vector bit (YIELD_EV_*, 0..24) */
    unsigned csel;       /* the counter whose value the capture record takes (0..31; >= NC: 0) */
    unsigned thread;     /* the channel's thread (< nt): it counts while that thread's ring is the
                          * channel's and yields to it (yield_tid_o); 0 in a zero-initialised scenario.
                          * A privileged handle assigns it (YTHRr); a user-level handle must name
                          * its own thread (d->tid, else YIELD_DRV_EPERM) and leaves YTHR3 alone */
} yield_scenario;

/* A channel's capture record (CAP.YCAP=1): taken when its down-counter
 * underflows and sets YER, so it describes the pending or the last
 * delivered yield. */
typedef struct {
    uint64_t ip;         /* instruction address (iaddr_i) of the underflow cycle */
    uint64_t daddr;      /* data address (daddr_i) */
    uint64_t tsc;        /* time-stamp counter */
    uint64_t ctr;        /* value of counter csel */
} yield_capture;

typedef struct {
    int      valid, act_yield, yer, any;   /* all 0 while the channel is invalid (it reads 0) */
    unsigned sid;
    unsigned action;     /* YIELD_ACT_* */
    uint32_t cnt;        /* down-counter */
    uint32_t miss;       /* missed triggers (saturating, 16 bits) */
    unsigned thread;     /* the channel's thread (YTHRr, read also while invalid; a user-level
                          * handle cannot read YTHR3: its own thread, d->tid) */
} yield_status;

/* NULL pointers: every function refuses a NULL yield_dev (or one whose
 * pmu_mmio lacks read32/write32) or a NULL scenario/status pointer without
 * any access: YIELD_DRV_EINVAL, or 0 from the functions returning a value. */

/* Probe (privileged): checks ID and CAP.YLD, reads NCH/AW64/YCAP and CFG.NT,
 * disarms every channel of both rings. The block bits are left as they are.
 * The handle is privileged, of thread 0 (set d->tid for another thread's ERET
 * by yield_drv_eret). */
int      yield_drv_init(yield_dev *d, const pmu_mmio *io);
/* A user-level (unprivileged) handle of hardware thread `thread` (< os->nt),
 * without any access: the instance description (nch, nt, aw64, ycap) comes
 * from a probed handle `os` (the OS publishes it to the runtime); io is the
 * runtime's own bus access (its accesses carry PPROT[0]=0 and the thread). */
int      yield_drv_init_user(yield_dev *u, const yield_dev *os, const pmu_mmio *io, unsigned thread);
/* Assign channel ch of ring r to hardware thread `thread` (< nt): read-modify-
 * write of YTHRr, interrupts saved. Privileged (the OS, when it creates a
 * context or on a context switch); a user-level handle gets YIELD_DRV_EPERM. */
int      yield_drv_assign(const yield_dev *d, unsigned ring, unsigned ch, unsigned thread);
/* Arm: disables the channel, writes ESV, ESM, SAV (which loads the
 * down-counter), clears MISS, writes the target and, with a privileged
 * handle, the channel's thread (yield_drv_assign), then enables it (the CTL
 * write re-arms: the hardware clears YER). A user-level handle arms a ring-3
 * channel the OS assigned to its thread (s->thread == d->tid), never writes
 * YTHR3 and may not use actions IRQ/FRZ (YIELD_DRV_EPERM without access);
 * another thread's channel: YIELD_DRV_EPERM (bus error, nothing changed). */
int      yield_drv_arm(const yield_dev *d, unsigned ring, unsigned ch, const yield_scenario *s);
/* Disarm: VALID=0 (the CTL write drops a pending YER; ACT/ANY/SID kept). */
int      yield_drv_disarm(const yield_dev *d, unsigned ring, unsigned ch);
int      yield_drv_status(const yield_dev *d, unsigned ring, unsigned ch, yield_status *st);
/* The channel's event-schema vector (sticky: the events seen since the last
 * fire or arm); 0 for a bad ring/channel, an invalid channel or one the
 * handle cannot reach (a user-level handle: ring 0, another thread's). */
uint32_t yield_drv_esv(const yield_dev *d, unsigned ring, unsigned ch);
/* Clear a channel's YER (the acknowledge of a silent, interrupt or freeze
 * channel): rewrites CTL, a re-arm; software cannot write YER itself (an
 * interrupt or freeze channel's CTL: privileged only, YIELD_DRV_EPERM). */
int      yield_drv_ack(const yield_dev *d, unsigned ring, unsigned ch);
/* ERET step of the handle's thread d->tid (0 after yield_drv_init): write 1
 * to YRINGr.BLK[tid] (a pending yield is delivered next cycle);
 * yield_drv_eret_thread: of thread t (< nt; a user-level handle: its own
 * thread only, else YIELD_DRV_EPERM without access; the IP would ignore it). */
int      yield_drv_eret(const yield_dev *d, unsigned ring);
int      yield_drv_eret_thread(const yield_dev *d, unsigned ring, unsigned thread);
/* Read a channel's capture record (each 64-bit value LO then HI, with
 * interrupts saved: the HI halves come from one shared read shadow).
 * YIELD_DRV_ENOTSUP with CAP.YCAP=0; an invalid channel reads all 0. A
 * user-level handle reads the counter value only while GCTL.UEN=1 (else
 * ip, daddr and tsc are read, ctr is 0 and the result YIELD_DRV_EPERM). */
int      yield_drv_capture(const yield_dev *d, unsigned ring, unsigned ch, yield_capture *c);
/* YRINGr.BLK: bit t = thread t blocked; YER bits of the ring's channels (bit
 * i = channel i). A user-level handle sees its own thread's bits only (the
 * IP reads the others as 0); ring 0 from a user-level handle: 0. */
int      yield_drv_blocked(const yield_dev *d, unsigned ring);
uint32_t yield_drv_pending(const yield_dev *d, unsigned ring);

#ifdef __cplusplus
}
#endif
#endif
