/* pmu_simbus: a simulated CPU bus for host tests of the driver and the API.
 *
 * Every PMU register access of the driver becomes a two-cycle APB4 transfer
 * (setup + access) on a cycle-stepped device: the C golden model
 * (pmu_sb_model_step) or the Verilated RTL in lockstep with the model
 * (tb/sw/test_sw_rtl.cpp). Each cycle an optional generator drives the event
 * and CPL inputs, so events keep arriving during bus accesses as on a real
 * CPU. Two interrupt sources are simulated between accesses: the PMU's
 * irq_o level (-> pmu_isr) and a periodic timer (-> tick_isr); they are held
 * off while the driver's irq_save hook masks them and never nest.
 */
#ifndef PMU_SIMBUS_H
#define PMU_SIMBUS_H

#include <stdint.h>
#include "pmu_model.h"
#include "pmu_drv.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*pmu_sb_step_fn)(void *dut, const pmu_inputs *in, pmu_outputs *out);
typedef void (*pmu_sb_gen_fn)(void *arg, uint64_t cycle, pmu_inputs *in);
typedef void (*pmu_sb_isr_fn)(void *arg);

typedef struct {
    pmu_sb_step_fn step;
    void          *dut;
    pmu_sb_gen_fn  gen;          /* may be NULL: events idle */
    void          *gen_arg;
    uint64_t       cycle;
    uint8_t        pprot;        /* PPROT of the driver's accesses (default 1: privileged) */
    uint8_t        ptid;         /* hardware thread of the driver's accesses (ptid_i, APB5 PAUSER; default 0) */
    uint32_t       base;         /* added to the offsets of the pmu_mmio handles: where the native map is
                                  * (0; VIEW=1: PMU_CS_NATIVE_PAGE, the CoreSight view's extension page) */
    uint32_t       n_access, n_err;
    int            last_err;     /* PSLVERR of the last access */
    int            err_flag;     /* a PSLVERR since the last pmu_mmio bus_err call of pmu_sb_mmio's handle */
    int            irq_line;     /* irq_o during the last cycle */
    /* interrupts */
    int            masked;       /* irq_save depth */
    int            in_isr;
    pmu_sb_isr_fn  pmu_isr;   void *pmu_isr_arg;
    pmu_sb_isr_fn  tick_isr;  void *tick_isr_arg;
    uint64_t       tick_period, next_tick;
    int            tick_pending;
    uint32_t       n_pmu_isr, n_tick_isr;
} pmu_simbus;

void     pmu_sb_init(pmu_simbus *b, pmu_sb_step_fn step, void *dut);
/* A bus master of the bus's own PPROT / ptid (b->pprot, b->ptid) */
pmu_mmio pmu_sb_mmio(pmu_simbus *b);
/* Another bus master on the same bus with its own PPROT and hardware thread
 * (e.g. a user-level runtime on thread 1 next to the OS's privileged handle):
 * its accesses carry pprot/ptid, its bus_err hook reports its own PSLVERRs. */
typedef struct {
    pmu_simbus *bus;
    uint8_t     pprot, ptid;
    int         err_flag;     /* a PSLVERR since the last bus_err call */
    uint32_t    n_err;        /* PSLVERRs of this master */
} pmu_sb_port;
pmu_mmio pmu_sb_port_mmio(pmu_sb_port *p, pmu_simbus *b, uint8_t pprot, uint8_t ptid);
/* n cycles with an idle bus (interrupts delivered between cycles). */
void     pmu_sb_run(pmu_simbus *b, uint64_t n);
void     pmu_sb_set_tick(pmu_simbus *b, uint64_t period);   /* 0 = off */
/* Raw access (no interrupt delivery); returns PSLVERR. */
int      pmu_sb_access(pmu_simbus *b, int write, uint32_t addr, uint32_t wdata, uint32_t *rdata);

/* Step function for the C golden model: dut is a pmu_model *. */
void     pmu_sb_model_step(void *dut, const pmu_inputs *in, pmu_outputs *out);

#ifdef __cplusplus
}
#endif
#endif
