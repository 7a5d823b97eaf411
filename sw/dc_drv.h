/* pmu-ip distributed-counter driver (dc_top), C99, no libc calls, no allocation.
 *
 * Same style as pmu_drv.h: works over any bus through read32/write32
 * callbacks (dc_mmio). Offsets and fields: cmodel/dc_regs.h (generated from
 * regs/dc.rdl), register map docs/dc_regmap.md.
 *
 * 64-bit values (SRAM counters, NOV threshold) go through one shared read
 * shadow / write stage: read LO then HI, write HI then LO. The driver brackets
 * every pair with the optional irq_save/irq_restore hooks so that no other
 * access of this CPU can come between the two halves. SRAM counter LO
 * accesses may wait (PREADY=0): the bus (read32/write32) is expected to wait.
 *
 * Errors the IP answers with PSLVERR (ACC GO while busy or naming a group
 * >= NGROUPS, bad unit / counter index, ...) are checked by the driver before
 * the access and returned as codes; the optional bus_err hook (PSLVERR of the
 * last access) lets the driver also report an error the IP signalled
 * (DC_DRV_EBUS), e.g. a concurrent ACC started by another master.
 */
#ifndef DC_DRV_H
#define DC_DRV_H

#include <stdint.h>
#include "dc_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dc_mmio {
    uint32_t (*read32)(void *ctx, uint32_t off);
    void     (*write32)(void *ctx, uint32_t off, uint32_t val);
    /* Optional (may be NULL) */
    uint32_t (*irq_save)(void *ctx);
    void     (*irq_restore)(void *ctx, uint32_t flags);
    int      (*bus_err)(void *ctx);      /* PSLVERR of the last access */
    void     *ctx;
} dc_mmio;

typedef struct dc_dev {
    dc_mmio  io;
    unsigned np, nl, nu, frame;          /* CFG */
    unsigned gp, gl;                     /* SRAM groups of 16 counters per core-type / cache-type unit */
    unsigned ngroups, ncnt;              /* NP*gp + NL*gl + 6 groups of 16 SRAM counters */
    uint8_t  nctr[DC_NU_MAX], lw[DC_NU_MAX], nt[DC_NU_MAX], nsub[DC_NU_MAX];  /* UCFG per unit */
} dc_dev;

#define DC_DRV_OK        0
#define DC_DRV_ENODEV    (-1)   /* ID does not read DC_ID_VALUE, or CFG/UCFG inconsistent */
#define DC_DRV_EINVAL    (-2)   /* NULL device/pointer, index out of range */
#define DC_DRV_EBUSY     (-3)   /* accumulate already in progress (the IP would answer PSLVERR) */
#define DC_DRV_ETIMEDOUT (-4)   /* polling limit reached */
#define DC_DRV_EBUS      (-5)   /* the IP answered PSLVERR (bus_err hook) */

/* NULL pointers: every function refuses a NULL dc_dev (or one whose dc_mmio
 * lacks read32/write32) without any access: int-returning functions return
 * DC_DRV_EINVAL, functions returning a value return 0. */

/* Probe: checks ID, reads CFG and every unit's UCFG; stops counting
 * (CCTL.RUN=0, other CCTL fields kept) and disables every local counter. */
int      dc_drv_init(dc_dev *d, const dc_mmio *io);

uint32_t dc_drv_rd(const dc_dev *d, uint32_t off);
int      dc_drv_wr(const dc_dev *d, uint32_t off, uint32_t v);

/* Field helpers. eq_bits: EQ bits of thread t of unit u (os: CPL 0, usr: CPL 1..3). */
uint32_t dc_drv_ctl(unsigned es, int en, int ie, int tc);
uint32_t dc_drv_emq(unsigned em, unsigned eq);
unsigned dc_drv_eq_bits(const dc_dev *d, unsigned u, unsigned t, int os, int usr);

/* Local counter n of unit u: CTL (event class, EN, IE, TC) and EMQ (sub-event
 * mask, thread qualification). */
int      dc_drv_program(const dc_dev *d, unsigned u, unsigned n, uint32_t ctl, uint32_t emq);
int      dc_drv_get_program(const dc_dev *d, unsigned u, unsigned n, uint32_t *ctl, uint32_t *emq);
uint32_t dc_drv_local_count(const dc_dev *d, unsigned u, unsigned n);   /* not yet transferred part */

/* CCTL read-modify-writes (the other fields are kept). */
int      dc_drv_set_run(const dc_dev *d, int run);
int      dc_drv_set_uen(const dc_dev *d, int uen);
int      dc_drv_local_reset(const dc_dev *d);                 /* one LRST pulse */
/* Detailed mode: mode 0 distributed, 1 detailed on unit dsel. The change is
 * applied at a frame boundary; dc_drv_mode_pending() is CSTAT.PEND,
 * dc_drv_wait_mode() polls it (max_polls reads). */
int      dc_drv_set_mode(const dc_dev *d, int mode, unsigned dsel);
int      dc_drv_mode_pending(const dc_dev *d);
int      dc_drv_wait_mode(const dc_dev *d, unsigned max_polls);
/* Detailed mode, event groups (DGSEL0/1): makes raw-event counter j count
 * event l of unit u in detailed mode (l = e*NSUB + s: event input e =
 * thread*NCLS + class, sub-event s; j = l % 92) by setting the window
 * select of j's event group to l / 92 (read-modify-write; the group's
 * other bits then carry events l/92*92 + its other bits). Returns the SRAM
 * counter index of raw counter j, or DC_DRV_EINVAL when the unit cannot
 * store that window (l beyond 92 x 2^DGW; an event beyond NT*NCLS*NSUB
 * within a stored window just counts 0: the unit's NCLS is not readable). */
int      dc_drv_detail_event(const dc_dev *d, unsigned u, unsigned l);
/* Waits until the central unit has injected n frame starts (polls CSTAT.CYC). */
int      dc_drv_wait_frames(const dc_dev *d, unsigned n, unsigned max_polls);
/* Stop and flush: RUN=0, then wait 2 whole frames so that every local
 * counter's remainder has been added to its SRAM counter. */
int      dc_drv_stop_flush(const dc_dev *d, unsigned max_polls);

/* SRAM counters (64-bit). Index of local counter n of unit u: */
int      dc_drv_counter_index(const dc_dev *d, unsigned u, unsigned n);  /* >= 0 or DC_DRV_EINVAL */
int      dc_drv_read_counter(const dc_dev *d, unsigned i, uint64_t *v);
int      dc_drv_write_counter(const dc_dev *d, unsigned i, uint64_t v);   /* preset; 0 = clear */
int      dc_drv_read_unit_counter(const dc_dev *d, unsigned u, unsigned n, uint64_t *v);

/* Group accumulate C <= A + B (16 counters each); waits for !ACC_BUSY. */
int      dc_drv_acc(const dc_dev *d, unsigned a, unsigned b, unsigned c, unsigned max_polls);
/* ... only the counters i of the groups with mask bit i: C[i] = B[i] + (mask[i] ? A[i] : 0) (seed 002) */
int      dc_drv_acc_sel(const dc_dev *d, unsigned a, unsigned b, unsigned c, unsigned mask, unsigned max_polls);
int      dc_drv_acc_busy(const dc_dev *d);

/* Near overflow: threshold (64-bit) and enable; local overflow bit per unit. */
int      dc_drv_nov_setup(const dc_dev *d, uint64_t thr, int en);
int      dc_drv_nov_threshold(const dc_dev *d, uint64_t *thr);
uint32_t dc_drv_nov_count(const dc_dev *d);
int      dc_drv_set_ovb(const dc_dev *d, unsigned u, unsigned ovb);

/* Seed 002 local-unit mechanisms (docs/dc_seed.md). set_elp: the
 * edge/level/polarity bits of event e = t*NCLS + c of unit u (bit s = sub-event
 * s: INV inverts it, EDGE counts its 0->1 transitions after INV), through the
 * ELPSEL/ELP window under the driver lock; DC_DRV_EINVAL for bits >= NSUB or
 * an event the unit does not have (ELP reads back 0). get_elp reads them. Unit mode: sync=1 the unit obeys the central start/stop
 * (reset), sync=0 it counts while lrun=1; frz=1 freezes a counter while its
 * UIRQ bit is set. unit_mode: the UMODE register (0 for a bad unit). */
int      dc_drv_set_elp(const dc_dev *d, unsigned u, unsigned e, uint32_t inv, uint32_t edge);
int      dc_drv_get_elp(const dc_dev *d, unsigned u, unsigned e, uint32_t *inv, uint32_t *edge);
int      dc_drv_set_unit_mode(const dc_dev *d, unsigned u, int sync, int lrun, int frz);
uint32_t dc_drv_unit_mode(const dc_dev *d, unsigned u);

/* Interrupts: bit u = unit u's line (UIRQ0 | UIRQ1 << 32); per unit UIRQ / UARM (W1C). */
uint64_t dc_drv_irq_units(const dc_dev *d);
uint32_t dc_drv_unit_irq(const dc_dev *d, unsigned u);
uint32_t dc_drv_unit_arm(const dc_dev *d, unsigned u);
int      dc_drv_unit_irq_clear(const dc_dev *d, unsigned u, uint32_t mask);
int      dc_drv_unit_arm_clear(const dc_dev *d, unsigned u, uint32_t mask);

#ifdef __cplusplus
}
#endif
#endif
