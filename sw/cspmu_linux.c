/* cspmu_linux: replica of upstream drivers/perf/arm_cspmu/arm_cspmu.c
 * (torvalds/linux 04330be8dc7fddf36f4adb1271932788ad47e7ad), register access
 * for register access. See cspmu_linux.h for what is and is not modelled.
 * Each function names the Linux function it replicates; the statements
 * follow the upstream order.
 */
#include <string.h>
#include "cspmu_linux.h"

/* readl / writel on the pmu_mmio bus */
static uint32_t readl(const cspmu *c, uint32_t addr) { return c->io.read32(c->io.ctx, addr); }
static void writel(const cspmu *c, uint32_t val, uint32_t addr) { c->io.write32(c->io.ctx, addr, val); }

/* bitmap helpers (include/linux/bitmap.h semantics) */
static int test_bit(unsigned nr, const uint32_t *map) { return (map[nr / 32] >> (nr % 32)) & 1u; }
static void set_bit(unsigned nr, uint32_t *map) { map[nr / 32] |= 1u << (nr % 32); }
static void clear_bit(unsigned nr, uint32_t *map) { map[nr / 32] &= ~(1u << (nr % 32)); }
static int test_and_set_bit(unsigned nr, uint32_t *map) { int o = test_bit(nr, map); set_bit(nr, map); return o; }
static unsigned find_next_zero_bit(const uint32_t *map, unsigned size, unsigned off)
{
    for (; off < size; off++) if (!test_bit(off, map)) return off;
    return size;
}
static unsigned find_first_zero_bit(const uint32_t *map, unsigned size) { return find_next_zero_bit(map, size, 0); }
static int bitmap_empty(const uint32_t *map, unsigned size)
{
    unsigned i;
    for (i = 0; i < size; i++) if (test_bit(i, map)) return 0;
    return 1;
}

/* read_reg64_hilohi */
uint64_t cspmu_read_reg64_hilohi(cspmu *c, uint32_t addr, uint32_t max_poll_count)
{
    uint32_t val_lo, val_hi;
    /* Use high-low-high sequence to avoid tearing */
    do {
        if (max_poll_count-- == 0) {
            /* pr_err("ARM CSPMU: timeout hi-low-high sequence\n"); */
            c->n_hilohi_timeouts++;
            return 0;
        }
        val_hi = readl(c, addr + 4);
        val_lo = readl(c, addr);
    } while (val_hi != readl(c, addr + 4));
    return ((uint64_t)val_hi << 32) | val_lo;
}

/* supports_cycle_counter */
static int supports_cycle_counter(const cspmu *c) { return (c->pmcfgr & CSPMU_PMCFGR_CC) != 0; }
/* counter_size: PMCFGR.SIZE + 1 */
static uint32_t counter_size(const cspmu *c) { return ((c->pmcfgr >> CSPMU_PMCFGR_SIZE_SHIFT) & CSPMU_PMCFGR_SIZE_MASK) + 1; }
/* counter_mask: GENMASK_ULL(counter_size - 1, 0) */
uint64_t cspmu_counter_mask(const cspmu *c)
{
    uint32_t s = counter_size(c);
    return s >= 64 ? ~0ull : ((1ull << s) - 1);
}
/* use_64b_counter_reg */
static int use_64b_counter_reg(const cspmu *c) { return counter_size(c) > 32; }

/* arm_cspmu_event_type: attr.config & ARM_CSPMU_EVENT_MASK, returned as u32 */
static uint32_t arm_cspmu_event_type(const cspmu_event *ev) { return (uint32_t)ev->config; }
/* arm_cspmu_is_cycle_counter_event */
static int arm_cspmu_is_cycle_counter_event(const cspmu_event *ev) { return ev->config == CSPMU_EVT_CYCLES_DEFAULT; }

/* arm_cspmu_get_pmiidr */
static uint32_t arm_cspmu_get_pmiidr(cspmu *c)
{
    uint32_t pmiidr, pmpidr;
    pmiidr = readl(c, c->base0 + CSPMU_PMIIDR);
    if (pmiidr != 0)
        return pmiidr;
    /* Construct PMIIDR value from PMPIDRs. */
    pmpidr = readl(c, c->base0 + CSPMU_PMPIDR0);
    pmiidr |= (pmpidr & 0xFFu) << 20;                 /* PRODUCTID_PART_0 <- PMPIDR0.PART_0 */
    pmpidr = readl(c, c->base0 + CSPMU_PMPIDR1);
    pmiidr |= (pmpidr & 0xFu) << 28;                  /* PRODUCTID_PART_1 <- PMPIDR1.PART_1 */
    pmiidr |= (pmpidr >> 4) & 0xFu;                   /* IMPLEMENTER_DES_0 <- PMPIDR1.DES_0 */
    pmpidr = readl(c, c->base0 + CSPMU_PMPIDR2);
    pmiidr |= ((pmpidr >> 4) & 0xFu) << 16;           /* VARIANT <- PMPIDR2.REVISION */
    pmiidr |= (pmpidr & 0x7u) << 4;                   /* IMPLEMENTER_DES_1 <- PMPIDR2.DES_1 */
    pmpidr = readl(c, c->base0 + CSPMU_PMPIDR3);
    pmiidr |= ((pmpidr >> 4) & 0xFu) << 12;           /* REVISION <- PMPIDR3.REVAND */
    pmpidr = readl(c, c->base0 + CSPMU_PMPIDR4);
    pmiidr |= (pmpidr & 0xFu) << 8;                   /* IMPLEMENTER_DES_2 <- PMPIDR4.DES_2 */
    return pmiidr;
}

/* arm_cspmu_init_impl_ops (no APMT impl_id override; the match table of
 * upstream: NVIDIA 0x36B, Ampere 0xA16 on PMIIDR[11:0]) */
static int arm_cspmu_init_impl_ops(cspmu *c)
{
    uint32_t impl;
    c->impl_pmiidr = arm_cspmu_get_pmiidr(c);
    impl = c->impl_pmiidr & CSPMU_PMIIDR_IMPLEMENTER;
    c->impl_vendor = (impl == CSPMU_IMPL_ID_NVIDIA || impl == CSPMU_IMPL_ID_AMPERE);
    /* a vendor match loads its backend module (request_module_nowait,
     * -EPROBE_DEFER); pmu-ip must stay on the generic ops */
    return c->impl_vendor ? -517 /* -EPROBE_DEFER */ : 0;
}

/* arm_cspmu_init_mmio */
static int arm_cspmu_init_mmio(cspmu *c)
{
    c->pmcfgr = readl(c, c->base0 + CSPMU_PMCFGR);
    c->num_logical_ctrs = (c->pmcfgr & CSPMU_PMCFGR_N_MASK) + 1;
    c->cycle_counter_logical_idx = CSPMU_MAX_HW_CNTRS;
    if (supports_cycle_counter(c)) {
        /* The last logical counter is mapped to cycle counter if there is
         * a gap between regular and cycle counter. Otherwise, logical and
         * physical have 1-to-1 mapping. */
        c->cycle_counter_logical_idx =
            (c->num_logical_ctrs <= CSPMU_CYCLE_CNTR_IDX) ? (int)c->num_logical_ctrs - 1 : CSPMU_CYCLE_CNTR_IDX;
    }
    c->num_set_clr_reg = (c->num_logical_ctrs + 31) / 32;   /* DIV_ROUND_UP(num_logical_ctrs, 32) */
    return 0;
}

/* arm_cspmu_reset_counters / start_counters / stop_counters */
static void arm_cspmu_reset_counters(cspmu *c) { writel(c, CSPMU_PMCR_C | CSPMU_PMCR_P, c->base0 + CSPMU_PMCR); }
static void arm_cspmu_start_counters(cspmu *c) { writel(c, CSPMU_PMCR_E, c->base0 + CSPMU_PMCR); }
static void arm_cspmu_stop_counters(cspmu *c) { writel(c, 0, c->base0 + CSPMU_PMCR); }

/* arm_cspmu_device_probe: arm_cspmu_alloc, arm_cspmu_init_mmio,
 * arm_cspmu_request_irq, arm_cspmu_get_cpus, arm_cspmu_init_impl_ops,
 * arm_cspmu_register_pmu */
int cspmu_probe(cspmu *c, const pmu_mmio *io, uint32_t base0, uint32_t base1, int irq)
{
    int ret;
    memset(c, 0, sizeof *c);
    c->io = *io;
    c->base0 = base0;
    c->base1 = base1;          /* "Base address for page 1 if supported" */
    c->has_atomic_dword = 0;   /* arm_cspmu_alloc: reg-io-width != 8 */
    ret = arm_cspmu_init_mmio(c);
    if (ret) return ret;
    c->irq = irq;              /* arm_cspmu_request_irq */
    ret = arm_cspmu_init_impl_ops(c);
    if (ret) return ret;
    /* arm_cspmu_register_pmu: ... "Hardware counter init" */
    arm_cspmu_reset_counters(c);
    return 0;
}

/* arm_cspmu_enable */
void cspmu_pmu_enable(cspmu *c)
{
    int disabled = bitmap_empty(c->hw_events.used_ctrs, c->num_logical_ctrs);
    if (disabled)
        return;
    arm_cspmu_start_counters(c);
}

/* arm_cspmu_disable */
void cspmu_pmu_disable(cspmu *c) { arm_cspmu_stop_counters(c); }

/* arm_cspmu_get_event_idx (no validate_event op in the generic driver) */
static int arm_cspmu_get_event_idx(cspmu *c, cspmu_hw_events *hw_events, cspmu_event *ev)
{
    unsigned idx;
    if (supports_cycle_counter(c)) {
        if (arm_cspmu_is_cycle_counter_event(ev)) {
            /* Search for available cycle counter. */
            if (test_and_set_bit((unsigned)c->cycle_counter_logical_idx, hw_events->used_ctrs))
                return CSPMU_EAGAIN;
            return c->cycle_counter_logical_idx;
        }
        /* Search a regular counter from the used counter bitmap. The cycle
         * counter divides the bitmap into two parts. Search the first then
         * second half to exclude the cycle counter bit. */
        idx = find_first_zero_bit(hw_events->used_ctrs, (unsigned)c->cycle_counter_logical_idx);
        if (idx >= (unsigned)c->cycle_counter_logical_idx)
            idx = find_next_zero_bit(hw_events->used_ctrs, c->num_logical_ctrs,
                                     (unsigned)c->cycle_counter_logical_idx + 1);
    } else {
        idx = find_first_zero_bit(hw_events->used_ctrs, c->num_logical_ctrs);
    }
    if (idx >= c->num_logical_ctrs)
        return CSPMU_EAGAIN;
    set_bit(idx, hw_events->used_ctrs);
    return (int)idx;
}

/* arm_cspmu_validate_event (software events: not modelled) */
static int arm_cspmu_validate_event(cspmu *c, cspmu_hw_events *hw_events, cspmu_event *ev)
{
    /* Reject groups spanning multiple HW PMUs. */
    if (ev->foreign_pmu)
        return 0;
    return arm_cspmu_get_event_idx(c, hw_events, ev) >= 0;
}

/* arm_cspmu_validate_group */
static int arm_cspmu_validate_group(cspmu *c, cspmu_event *ev)
{
    static cspmu_hw_events fake_hw_events;   /* on the kernel stack upstream */
    cspmu_event *leader = ev->group_leader ? ev->group_leader : ev;
    unsigned i;
    if (leader == ev)
        return 1;
    memset(&fake_hw_events, 0, sizeof fake_hw_events);
    if (!arm_cspmu_validate_event(c, &fake_hw_events, leader))
        return 0;
    for (i = 0; i < leader->nr_siblings; i++) {  /* for_each_sibling_event */
        /* upstream, the event being initialised is not yet on the
         * leader's sibling list: skip it if the caller listed it */
        if (leader->siblings[i] == ev)
            continue;
        if (!arm_cspmu_validate_event(c, &fake_hw_events, leader->siblings[i]))
            return 0;
    }
    return arm_cspmu_validate_event(c, &fake_hw_events, ev);
}

/* arm_cspmu_event_init (associated_cpus / active_cpu checks: always pass) */
int cspmu_event_init(cspmu *c, cspmu_event *ev)
{
    ev->pmu = c;
    /* Following other "uncore" PMUs, we do not support sampling mode or
     * attach to a task (per-process mode). */
    if (ev->sampling)
        return CSPMU_EOPNOTSUPP;
    if (ev->per_task)
        return CSPMU_EINVAL;
    if (!arm_cspmu_validate_group(c, ev))
        return CSPMU_EINVAL;
    ev->hw.idx = -1;
    ev->hw.extra_reg_idx = -1;
    ev->hw.config = arm_cspmu_event_type(ev);
    ev->hw.state = CSPMU_HES_STOPPED | CSPMU_HES_UPTODATE;
    return 0;
}

/* counter_offset */
static uint32_t counter_offset(uint32_t reg_sz, uint32_t ctr_idx) { return CSPMU_PMEVCNTR_LO + reg_sz * ctr_idx; }

/* arm_cspmu_write_counter */
void cspmu_write_counter(cspmu_event *ev, uint64_t val)
{
    cspmu *c = ev->pmu;
    uint32_t offset;
    if (use_64b_counter_reg(c)) {
        offset = counter_offset(8, (uint32_t)ev->hw.idx);
        /* has_atomic_dword = 0: lo_hi_writeq */
        writel(c, (uint32_t)val, c->base1 + offset);
        writel(c, (uint32_t)(val >> 32), c->base1 + offset + 4);
    } else {
        offset = counter_offset(4, (uint32_t)ev->hw.idx);
        writel(c, (uint32_t)val, c->base1 + offset);
    }
}

/* arm_cspmu_read_counter */
uint64_t cspmu_read_counter(cspmu_event *ev)
{
    cspmu *c = ev->pmu;
    uint32_t offset;
    if (use_64b_counter_reg(c)) {
        offset = counter_offset(8, (uint32_t)ev->hw.idx);
        return cspmu_read_reg64_hilohi(c, c->base1 + offset, CSPMU_HILOHI_MAX_POLL);
    }
    offset = counter_offset(4, (uint32_t)ev->hw.idx);
    return readl(c, c->base1 + offset);
}

/* arm_cspmu_set_event_period: half of the max count */
static void arm_cspmu_set_event_period(cspmu_event *ev)
{
    uint64_t val = cspmu_counter_mask(ev->pmu) >> 1;
    ev->hw.prev_count = val;             /* local64_set */
    cspmu_write_counter(ev, val);
}

/* arm_cspmu_enable_counter: PMINTENSET then PMCNTENSET */
static void arm_cspmu_enable_counter(cspmu *c, int idx)
{
    uint32_t reg_id = (uint32_t)idx >> 5, reg_bit = (uint32_t)idx & 31;
    uint32_t inten_off = CSPMU_PMINTENSET + 4 * reg_id, cnten_off = CSPMU_PMCNTENSET + 4 * reg_id;
    writel(c, 1u << reg_bit, c->base0 + inten_off);
    writel(c, 1u << reg_bit, c->base0 + cnten_off);
}

/* arm_cspmu_disable_counter: PMCNTENCLR then PMINTENCLR */
static void arm_cspmu_disable_counter(cspmu *c, int idx)
{
    uint32_t reg_id = (uint32_t)idx >> 5, reg_bit = (uint32_t)idx & 31;
    uint32_t inten_off = CSPMU_PMINTENCLR + 4 * reg_id, cnten_off = CSPMU_PMCNTENCLR + 4 * reg_id;
    writel(c, 1u << reg_bit, c->base0 + cnten_off);
    writel(c, 1u << reg_bit, c->base0 + inten_off);
}

/* arm_cspmu_event_update */
static void arm_cspmu_event_update(cspmu_event *ev)
{
    uint64_t delta, prev, now;
    prev = ev->hw.prev_count;                 /* local64_read */
    now = cspmu_read_counter(ev);
    ev->hw.prev_count = now;                  /* local64_cmpxchg (no race here) */
    delta = (now - prev) & cspmu_counter_mask(ev->pmu);
    ev->count += delta;                       /* local64_add */
}

/* arm_cspmu_set_event */
static void arm_cspmu_set_event(cspmu *c, cspmu_event *ev)
{
    uint32_t offset = CSPMU_PMEVTYPER + 4 * (uint32_t)ev->hw.idx;
    writel(c, ev->hw.config, c->base0 + offset);
}

/* arm_cspmu_set_ev_filter: PMEVFILTR = config1, PMEVFILT2R = config2 */
static void arm_cspmu_set_ev_filter(cspmu *c, const cspmu_event *ev)
{
    uint32_t filter = (uint32_t)ev->config1, filter2 = (uint32_t)ev->config2;
    uint32_t offset = 4 * (uint32_t)ev->hw.idx;
    writel(c, filter, c->base0 + CSPMU_PMEVFILTR + offset);
    writel(c, filter2, c->base0 + CSPMU_PMEVFILT2R + offset);
}

/* arm_cspmu_set_cc_filter: PMCCFILTR = config1 */
static void arm_cspmu_set_cc_filter(cspmu *c, const cspmu_event *ev)
{
    writel(c, (uint32_t)ev->config1, c->base0 + CSPMU_PMCCFILTR);
}

/* arm_cspmu_start */
void cspmu_start(cspmu_event *ev, int pmu_flags)
{
    cspmu *c = ev->pmu;
    (void)pmu_flags;   /* PERF_EF_RELOAD: WARN_ON(!(state & UPTODATE)) only */
    arm_cspmu_set_event_period(ev);
    if (ev->hw.extra_reg_idx == c->cycle_counter_logical_idx) {
        arm_cspmu_set_cc_filter(c, ev);
    } else {
        arm_cspmu_set_event(c, ev);
        arm_cspmu_set_ev_filter(c, ev);
    }
    ev->hw.state = 0;
    arm_cspmu_enable_counter(c, ev->hw.idx);
}

/* arm_cspmu_stop (generic ops: no reset_ev_filter) */
void cspmu_stop(cspmu_event *ev, int pmu_flags)
{
    cspmu *c = ev->pmu;
    (void)pmu_flags;
    if (ev->hw.state & CSPMU_HES_STOPPED)
        return;
    arm_cspmu_disable_counter(c, ev->hw.idx);
    arm_cspmu_event_update(ev);
    ev->hw.state |= CSPMU_HES_STOPPED | CSPMU_HES_UPTODATE;
}

/* to_phys_idx */
static int to_phys_idx(const cspmu *c, int idx) { return idx == c->cycle_counter_logical_idx ? CSPMU_CYCLE_CNTR_IDX : idx; }

/* arm_cspmu_add */
int cspmu_add(cspmu_event *ev, int flags)
{
    cspmu *c = ev->pmu;
    int idx = arm_cspmu_get_event_idx(c, &c->hw_events, ev);
    if (idx < 0)
        return idx;
    c->hw_events.events[idx] = ev;
    ev->hw.idx = to_phys_idx(c, idx);
    ev->hw.extra_reg_idx = idx;
    ev->hw.state = CSPMU_HES_STOPPED | CSPMU_HES_UPTODATE;
    if (flags & CSPMU_EF_START)
        cspmu_start(ev, CSPMU_EF_RELOAD);
    return 0;
}

/* arm_cspmu_del */
void cspmu_del(cspmu_event *ev, int flags)
{
    cspmu *c = ev->pmu;
    int idx = ev->hw.extra_reg_idx;
    (void)flags;
    cspmu_stop(ev, CSPMU_EF_UPDATE);
    c->hw_events.events[idx] = 0;
    clear_bit((unsigned)idx, c->hw_events.used_ctrs);
}

/* arm_cspmu_read */
void cspmu_read(cspmu_event *ev) { arm_cspmu_event_update(ev); }

/* arm_cspmu_get_reset_overflow: each PMOVSCLR word of page 1, read and written back */
static int arm_cspmu_get_reset_overflow(cspmu *c, uint32_t *pmovs)
{
    uint32_t i, pmovclr_offset = CSPMU_PMOVSCLR, has_overflowed = 0;
    for (i = 0; i < c->num_set_clr_reg; ++i) {
        pmovs[i] = readl(c, c->base1 + pmovclr_offset);
        has_overflowed |= pmovs[i];
        writel(c, pmovs[i], c->base1 + pmovclr_offset);
        pmovclr_offset += 4;
    }
    return has_overflowed != 0;
}

/* arm_cspmu_handle_irq */
int cspmu_handle_irq(cspmu *c)
{
    uint32_t pmovs[CSPMU_MAX_HW_CNTRS / 32];
    unsigned idx;
    int handled = 0;
    memset(pmovs, 0, sizeof pmovs);
    arm_cspmu_stop_counters(c);
    if (arm_cspmu_get_reset_overflow(c, pmovs)) {
        for (idx = 0; idx < c->num_logical_ctrs; idx++) {   /* for_each_set_bit(used_ctrs) */
            cspmu_event *ev;
            if (!test_bit(idx, c->hw_events.used_ctrs)) continue;
            ev = c->hw_events.events[idx];
            if (!ev) continue;
            if (!test_bit((unsigned)ev->hw.idx, pmovs)) continue;
            arm_cspmu_event_update(ev);
            arm_cspmu_set_event_period(ev);
            handled = 1;
        }
    }
    /* done: */
    arm_cspmu_start_counters(c);
    return handled;
}

/* ------------------------------------------------ perf core (not the driver) */
static uint32_t irq_off(cspmu *c) { return c->io.irq_save ? c->io.irq_save(c->io.ctx) : 0; }
static void irq_on(cspmu *c, uint32_t f) { if (c->io.irq_restore) c->io.irq_restore(c->io.ctx, f); }

int cspmu_perf_enable(cspmu *c, cspmu_event **evs, unsigned n)
{
    uint32_t f = irq_off(c);
    unsigned i, j;
    int r = 0;
    cspmu_pmu_disable(c);                         /* perf_pmu_disable */
    for (i = 0; i < n; i++) {
        r = cspmu_add(evs[i], CSPMU_EF_START);    /* event_sched_in -> pmu->add */
        if (r) {                                  /* group_sched_in rollback */
            for (j = 0; j < i; j++) cspmu_del(evs[j], 0);
            break;
        }
    }
    cspmu_pmu_enable(c);                          /* perf_pmu_enable */
    irq_on(c, f);
    return r;
}

void cspmu_perf_read(cspmu *c, cspmu_event *ev)
{
    uint32_t f = irq_off(c);
    cspmu_read(ev);
    irq_on(c, f);
}

void cspmu_perf_disable(cspmu *c, cspmu_event **evs, unsigned n)
{
    uint32_t f = irq_off(c);
    unsigned i;
    cspmu_pmu_disable(c);
    for (i = 0; i < n; i++) cspmu_del(evs[i], CSPMU_EF_UPDATE);
    cspmu_pmu_enable(c);
    irq_on(c, f);
}
