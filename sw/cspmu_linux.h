/* cspmu_linux: a register-for-register C replica of the upstream Linux
 * driver drivers/perf/arm_cspmu/arm_cspmu.[ch] (the generic "ARM CoreSight
 * Architecture PMU" driver, no vendor backend), over pmu-ip's MMIO
 * abstraction (pmu_mmio, sw/pmu_drv.h), for host tests of pmu_core's
 * CoreSight PMU view (VIEW=1, regs/pmu_cs.rdl).
 *
 * Replicated from torvalds/linux, commit 04330be8dc7fddf36f4adb1271932788ad47e7ad
 * (drivers/perf/arm_cspmu/arm_cspmu.c, arm_cspmu.h; the version with
 * HILOHI_MAX_POLL, arm_cspmu_set_ev_filter writing PMEVFILTR and PMEVFILT2R,
 * the optional reset_ev_filter op, has_atomic_dword from "reg-io-width").
 *
 * What is modelled and what is not:
 *  - the MMIO accesses, their order and values are the driver's, function by
 *    function (the Linux names are in comments in cspmu_linux.c);
 *  - platform glue (ioremap, ACPI/DT, cpumask, cpuhp, sysfs, module loading)
 *    is left out; the page bases are given to cspmu_probe (dual page: page 1
 *    at base0 + 0x1000 in pmu-ip's window);
 *  - has_atomic_dword = 0 (no "reg-io-width = <8>" / APMT atomic flag: the
 *    APB bus is 32 bits), so counters are written with lo_hi_writeq and read
 *    with read_reg64_hilohi;
 *  - local64 prev_count / count are plain uint64_t (the cmpxchg loop of
 *    arm_cspmu_event_update runs once: no concurrent updater here);
 *  - perf core: which callbacks it calls in which order (perf_pmu_disable
 *    around add/del, IRQs off while the callbacks run) is in the
 *    cspmu_perf_* helpers at the end, marked as perf core, not driver.
 */
#ifndef CSPMU_LINUX_H
#define CSPMU_LINUX_H

#include <stdint.h>
#include "pmu_drv.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- arm_cspmu.h register offsets / fields (same names, CSPMU_ prefix) ---- */
#define CSPMU_PMEVCNTR_LO   0x0u
#define CSPMU_PMEVCNTR_HI   0x4u
#define CSPMU_PMEVTYPER     0x400u
#define CSPMU_PMCCFILTR     0x47Cu
#define CSPMU_PMEVFILT2R    0x800u
#define CSPMU_PMEVFILTR     0xA00u
#define CSPMU_PMCNTENSET    0xC00u
#define CSPMU_PMCNTENCLR    0xC20u
#define CSPMU_PMINTENSET    0xC40u
#define CSPMU_PMINTENCLR    0xC60u
#define CSPMU_PMOVSCLR      0xC80u
#define CSPMU_PMOVSSET      0xCC0u
#define CSPMU_PMIMPDEF      0xD80u
#define CSPMU_PMCFGR        0xE00u
#define CSPMU_PMCR          0xE04u
#define CSPMU_PMIIDR        0xE08u
#define CSPMU_PMPIDR0       0xFE0u
#define CSPMU_PMPIDR1       0xFE4u
#define CSPMU_PMPIDR2       0xFE8u
#define CSPMU_PMPIDR3       0xFECu
#define CSPMU_PMPIDR4       0xFD0u

#define CSPMU_PMCFGR_FZO    (1u << 21)
#define CSPMU_PMCFGR_CC     (1u << 14)
#define CSPMU_PMCFGR_SIZE_SHIFT 8
#define CSPMU_PMCFGR_SIZE_MASK  0x3Fu
#define CSPMU_PMCFGR_N_MASK 0xFFu

#define CSPMU_PMCR_FZO      (1u << 9)
#define CSPMU_PMCR_C        (1u << 2)
#define CSPMU_PMCR_P        (1u << 1)
#define CSPMU_PMCR_E        (1u << 0)

#define CSPMU_IMPL_ID_NVIDIA 0x36Bu
#define CSPMU_IMPL_ID_AMPERE 0xA16u
#define CSPMU_PMIIDR_IMPLEMENTER 0xFFFu

#define CSPMU_EVT_CYCLES_DEFAULT (1ull << 32)   /* ARM_CSPMU_EVT_CYCLES_DEFAULT */
#define CSPMU_MAX_HW_CNTRS  256                 /* ARM_CSPMU_MAX_HW_CNTRS */
#define CSPMU_CYCLE_CNTR_IDX 31                 /* ARM_CSPMU_CYCLE_CNTR_IDX */
#define CSPMU_HILOHI_MAX_POLL 1000u             /* HILOHI_MAX_POLL */

/* perf core constants used by the driver */
#define CSPMU_EF_START   0x01   /* PERF_EF_START */
#define CSPMU_EF_RELOAD  0x02   /* PERF_EF_RELOAD */
#define CSPMU_EF_UPDATE  0x04   /* PERF_EF_UPDATE */
#define CSPMU_HES_STOPPED  0x01 /* PERF_HES_STOPPED */
#define CSPMU_HES_UPTODATE 0x02 /* PERF_HES_UPTODATE */

#define CSPMU_ENOENT     (-2)
#define CSPMU_EAGAIN     (-11)
#define CSPMU_EINVAL     (-22)
#define CSPMU_EOPNOTSUPP (-95)

struct cspmu;

/* struct perf_event, reduced to what arm_cspmu uses */
typedef struct cspmu_event {
    /* perf_event_attr */
    uint64_t config, config1, config2;
    int      sampling;       /* is_sampling_event(): attr.sample_period != 0 */
    int      per_task;       /* event->cpu < 0 || attach_state & PERF_ATTACH_TASK */
    int      foreign_pmu;    /* event->pmu != this pmu (group validation) */
    /* group: the leader holds its siblings */
    struct cspmu_event  *group_leader;   /* NULL or itself: its own leader */
    struct cspmu_event **siblings;
    unsigned             nr_siblings;
    struct cspmu        *pmu;
    /* struct hw_perf_event */
    struct {
        int      idx;            /* physical counter index */
        int      extra_reg_idx;  /* hw.extra_reg.idx: logical counter index */
        uint32_t config;         /* event type for PMEVTYPER */
        uint64_t prev_count;     /* local64 */
        int      state;          /* PERF_HES_* */
    } hw;
    uint64_t count;              /* event->count (local64), the perf total */
} cspmu_event;

/* struct arm_cspmu_hw_events */
typedef struct {
    cspmu_event *events[CSPMU_MAX_HW_CNTRS];
    uint32_t     used_ctrs[CSPMU_MAX_HW_CNTRS / 32];
} cspmu_hw_events;

/* struct arm_cspmu (platform parts left out) */
typedef struct cspmu {
    pmu_mmio io;
    uint32_t base0, base1;       /* page 0 / page 1 offsets on the bus */
    int      irq;                /* 0: PERF_PMU_CAP_NO_INTERRUPT */
    int      has_atomic_dword;   /* 0 here (see the file comment) */
    uint32_t pmcfgr;
    uint32_t num_logical_ctrs;
    uint32_t num_set_clr_reg;
    int      cycle_counter_logical_idx;
    cspmu_hw_events hw_events;
    uint32_t impl_pmiidr;        /* impl.pmiidr */
    int      impl_vendor;        /* 1: PMIIDR matched a vendor backend (NVIDIA/Ampere): -EPROBE_DEFER upstream */
    uint32_t n_hilohi_timeouts;  /* pr_err("ARM CSPMU: timeout hi-low-high sequence") count */
} cspmu;

/* arm_cspmu_device_probe: init_mmio (PMCFGR), init_impl_ops (PMIIDR,
 * PMPIDRs when PMIIDR is 0), register_pmu (PMCR = C|P). irq: nonzero when
 * the platform gives an interrupt. Returns 0 or a -errno. */
int      cspmu_probe(cspmu *c, const pmu_mmio *io, uint32_t base0, uint32_t base1, int irq);

/* struct pmu callbacks */
int      cspmu_event_init(cspmu *c, cspmu_event *ev);     /* arm_cspmu_event_init */
int      cspmu_add(cspmu_event *ev, int flags);           /* arm_cspmu_add */
void     cspmu_del(cspmu_event *ev, int flags);           /* arm_cspmu_del */
void     cspmu_start(cspmu_event *ev, int flags);         /* arm_cspmu_start */
void     cspmu_stop(cspmu_event *ev, int flags);          /* arm_cspmu_stop */
void     cspmu_read(cspmu_event *ev);                     /* arm_cspmu_read */
void     cspmu_pmu_enable(cspmu *c);                      /* arm_cspmu_enable */
void     cspmu_pmu_disable(cspmu *c);                     /* arm_cspmu_disable */
/* arm_cspmu_handle_irq: 1 = IRQ_HANDLED, 0 = IRQ_NONE */
int      cspmu_handle_irq(cspmu *c);

/* Driver internals exposed for tests */
uint64_t cspmu_counter_mask(const cspmu *c);              /* counter_mask() */
void     cspmu_write_counter(cspmu_event *ev, uint64_t v);/* arm_cspmu_write_counter */
uint64_t cspmu_read_counter(cspmu_event *ev);             /* arm_cspmu_read_counter */
uint64_t cspmu_read_reg64_hilohi(cspmu *c, uint32_t addr, uint32_t max_poll_count);

/* ---- perf core (kernel/events/core.c), not the driver ----
 * Each runs with the PMU interrupt masked (perf callbacks run with IRQs
 * off), through io.irq_save/irq_restore.
 *  enable: perf_pmu_disable; add(PERF_EF_START) each; perf_pmu_enable
 *  read:   pmu->read (perf_event_read -> __perf_event_read)
 *  disable: perf_pmu_disable; del(PERF_EF_UPDATE) each; perf_pmu_enable
 * cspmu_perf_enable returns the first add error (the events added before
 * it are deleted again, as group_sched_in's rollback does). */
int      cspmu_perf_enable(cspmu *c, cspmu_event **evs, unsigned n);
void     cspmu_perf_read(cspmu *c, cspmu_event *ev);
void     cspmu_perf_disable(cspmu *c, cspmu_event **evs, unsigned n);

#ifdef __cplusplus
}
#endif
#endif
