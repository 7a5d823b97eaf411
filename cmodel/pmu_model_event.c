/* SPDX-License-Identifier: Apache-2.0
 * pmu_core model: the event path of every counter, the blocks pmu_core
 * instantiates per counter and retire slot: pmu_flop_decode (FLOP class,
 * seed 003), pmu_event_mux, pmu_qualifier (with the process mark, latency
 * class and the RISC-V view's mode inhibits), pmu_threshold and pmu_counter,
 * in three pipeline stages (E: select and qualify, T: threshold, C: count;
 * README "Cycle semantics"). Called by pmu_model_step (pmu_model.c). */
#include "pmu_model_int.h"
#include "pmu_prim.h"
#include "pmu_classes_gen.h"   /* decoded event classes: pmu_class_ev() */

/* pmu_flop_decode: one-hot FLOP sub-event of a retire slot (seed 003):
 * scalar (flag set, or one element in the register) by element size, else
 * packed by register size x element size; 0 when not counted (no element:
 * a double in a 32-bit register, size codes 6/7). */
static unsigned flop_cat(const pmu_flop_slot *s)
{
    const unsigned d = s->esz & 1u;
    if (!s->valid || s->rsz > PMU_RSZ1024 || (s->rsz == PMU_RSZ32 && d)) return 0;
    if ((s->scalar & 1u) || (s->rsz == PMU_RSZ32 && !d) || (s->rsz == PMU_RSZ64 && d))
        return d ? PMU_FLOP_SCALAR_DOUBLE_MASK : PMU_FLOP_SCALAR_SINGLE_MASK;
    switch (s->rsz) {
    case PMU_RSZ64:   return d ? 0u : PMU_FLOP_PACKED64_SINGLE_MASK;
    case PMU_RSZ128:  return d ? PMU_FLOP_PACKED128_DOUBLE_MASK : PMU_FLOP_PACKED128_SINGLE_MASK;
    case PMU_RSZ256:  return d ? PMU_FLOP_PACKED256_DOUBLE_MASK : PMU_FLOP_PACKED256_SINGLE_MASK;
    case PMU_RSZ512:  return d ? PMU_FLOP_PACKED512_DOUBLE_MASK : PMU_FLOP_PACKED512_SINGLE_MASK;
    case PMU_RSZ1024: return d ? PMU_FLOP_PACKED1024_DOUBLE_MASK : PMU_FLOP_PACKED1024_SINGLE_MASK;
    default:          return 0u;   /* not reached: one element or none */
    }
}

/* ... and its one-hot instruction type (FTYPE bit; 0 for codes 9..15). The
 * RTL decoder gives the code with valid-type, FLOPS and FMA bits instead and
 * each counter compares the code with FTYPE.MAIN (rtl/pmu_event_mux.v): the
 * same slots count (issue #32, proven by formal/equiv_issue32.sh). */
static unsigned flop_typ(const pmu_flop_slot *s)
{
    const unsigned op = s->op & ((1u << PMU_FLOP_OP_W) - 1u);
    return s->valid && op < PMU_FLOP_NTYPE ? 1u << op : 0u;
}

/* FTYPE.MAIN -> the mask of the instruction types it selects (seed 003 main
 * event): one type, the seed's FLOPs, every type; other codes none. */
static unsigned flop_main_types(unsigned code)
{
    if (code < PMU_FLOP_NTYPE) return 1u << code;
    if (code == PMU_FMAIN_FLOPS) return PMU_FMAIN_FLOPS_TYPES;
    if (code == PMU_FMAIN_ALL) return PMU_FTYPE_ALL;
    return 0u;
}

/* pmu_event_mux (cmodel/pmu_prim.h): masked increment of thread t for counter c. FLOP class: a
 * slot counts if its sub-event is in EM and FTYPE.MAIN selects its type;
 * FMA adds 2. */
static unsigned mux_inc(const pmu_model *m, const pmu_ctr *c, const pmu_inputs *in, unsigned t)
{
    unsigned acc = 0;
    if (c->es == m->cfg.flop_class) {
        const unsigned ft = flop_main_types(c->fmain);
        for (unsigned s = 0; s < m->cfg.nret; s++) {
            const pmu_flop_slot *f = &in->flop[t][s];
            const unsigned typ = flop_typ(f);
            if ((flop_cat(f) & c->em & PMU_FLOP_SUB_ALL) && (typ & ft))
                acc += (typ & PMU_FTYPE_FMA_MASK) ? 2u : 1u;
        }
    } else if (pmu_cfg_class_ok(&m->cfg, (unsigned)(c - m->c), c->es)) {
        acc = pmu_mux_count(pmu_class_ev(&m->cfg, in, t, c->es), c->em);
    }
    return acc & PMU_IW_MASK;
}

/* pmu_core source select + process-mark gating of thread t (before the qualifier). */
static unsigned src_inc(const pmu_model *m, const pmu_ctr *c, const pmu_inputs *in, unsigned t)
{
    unsigned pm = in->pm[t] & 1u;
    if ((XF(m, c, PMS) && !pm) || (XF(m, c, PMC) && pm)) return 0;
    if (XF(m, c, LAT)) return (in->mem_valid[t] & 1u) && in->mem_lat[t] > FLD(m, MMCR, 0, THRESH);
    return mux_inc(m, c, in, t);
}

/* RISC-V view: is an event of a thread in mode {V, PRV} inhibited by the
 * xINH bits {MINH, SINH, UINH, VSINH, VUINH}? (other encodings: no mode, not inhibited) */
static int rv_inhibited(unsigned inh, unsigned mode)
{
    switch (mode & 7u) {
    case 3u: return (inh >> 4) & 1u;   /* M */
    case 1u: return (inh >> 3) & 1u;   /* S / HS */
    case 0u: return (inh >> 2) & 1u;   /* U */
    case 5u: return (inh >> 1) & 1u;   /* VS */
    case 4u: return inh & 1u;          /* VU */
    default: return 0;
    }
}

/* pmu_qualifier (cmodel/pmu_prim.h): sum of qualified threads' increments. */
static unsigned qual_inc(const pmu_model *m, const pmu_ctr *c, const pmu_inputs *in)
{
    unsigned sum = 0, nt = m->cfg.nt;
    for (unsigned t = 0; t < nt; t++) {
        if (m->cfg.xlen && rv_inhibited(c->inh, in->rv_mode[t])) continue;   /* RISC-V xINH */
        if (pmu_qual_on(c->eq, t, nt, (in->cpl[t] & 3u) == 0)) sum += src_inc(m, c, in, t);
    }
    return sum & PMU_IW_MASK;
}

/* pmu_threshold: final increment; *cond gets the condition for prev_cond. */
static unsigned thr_inc(const pmu_ctr *c, unsigned raw, unsigned *cond)
{
    unsigned thr_eff = c->thr ? c->thr : 1u;
    *cond = (raw >= thr_eff) ^ c->inv;
    if (c->edge) return *cond & !c->prev_cond;
    if (c->thr || c->inv) return *cond;
    return raw;
}

/* Every counter's three stages at the edge (pre-edge state): stage C adds
 * the increment of the events of cycle t-2 (or takes a write, a clear, the
 * history shift), stage T thresholds those of t-1, stage E selects and
 * qualifies this cycle's, each with its count enable. Sets x->cnt0_msb,
 * x->cmsb (the registered MSBs), x->cev (counters counted) and the OVF set; LCOFI. */
void pmu_m_counters(pmu_model *m, const pmu_inputs *in, pmu_cyc *x)
{
    const unsigned nc = m->cfg.nc;
    const int wr_ok = x->wr_ok, r = x->r, cw_k = x->cw_k, cs_p = x->cs_p, fz = x->fz, rv_wk = x->rv_wk;
    const unsigned idx = x->idx, cidx = x->cidx, ridx = x->ridx;
    const uint32_t wd = x->wd;
    const uint64_t wd64 = x->wd64, rv_new = x->rv_new;
    uint32_t *hwset = x->hwset;
    const unsigned msb = m->cfg.cw - 1u;
    const unsigned cnt0_msb = (unsigned)(m->c[0].cnt >> msb) & 1u;
    const int hold = FLD(m, MMCR, 0, TRIG) && !cnt0_msb;   /* trigger: counters 1.. wait */
    const int yfrz = pmu_m_ych_act_pending(m, PMU_YACT_FRZ);        /* yield action 3: counters frozen */
    uint32_t ovf_set = 0, cmsb = 0, cev = 0;
    for (unsigned n = 0; n < nc; n++) {
        pmu_ctr *c = &m->c[n];
        cmsb |= (uint32_t)((c->cnt >> msb) & 1u) << n;   /* registered MSB (negative) */
        /* stage C */
        int we = wr_ok && r == PMU_K_CNT_LO && idx == n;
        const int we_lo = cw_k == PMU_CS_K_PMEVCNTR_LO && cidx == n, we_hi = cw_k == PMU_CS_K_PMEVCNTR_HI && cidx == n;
        int clr = (wr_ok && r == PMU_K_CLR && ((wd >> n) & 1u)) || cs_p;
        if (c->run2_q && c->inc_q) cev |= 1u << n;
        if (rv_wk == PMU_RV_K_MHPMCOUNTER && ridx == n) {
            c->cnt = rv_new & m->cmask;   /* a CSR write wins over the increment */
        } else if (we_lo || we_hi) {
            c->cnt = (we_lo ? (c->cnt & ~0xFFFFFFFFull) | wd : (c->cnt & 0xFFFFFFFFull) | (uint64_t)wd << 32) & m->cmask;
        } else if (we) {
            c->cnt = wd64 & m->cmask;
        } else if (clr) {
            c->cnt = 0;
        } else if (c->run2_q && c->hist2_q) {
            c->cnt = ((c->cnt << 1) | (c->inc_q != 0)) & m->cmask;   /* history: shift in the event */
        } else if (c->run2_q) {
            uint64_t sum = (c->cnt + c->inc_q) & m->cmask;
            if (sum < c->cnt) ovf_set |= 1u << n;   /* carry out of bit cw-1 */
            c->cnt = sum;
        }
        /* stage T */
        unsigned cond;
        c->inc_q = thr_inc(c, c->raw_q, &cond);
        c->prev_cond = cond;
        c->run2_q = c->run_q;
        c->hist2_q = c->hist_q;
        /* stage E */
        int run = FLD(m, GCTL, 0, GEN) && ((m->cnten >> n) & 1u);
        run = run && !(m->cfg.xlen && in->stopcount);   /* RISC-V view: debug mode, dcsr.stopcount */
        run = run && !FLD(m, MMCR, 0, FRZ) && !yfrz && !fz && !(n && hold);
        c->raw_q = qual_inc(m, c, in);
        c->run_q = (unsigned)run;
        c->hist_q = XF(m, c, HIST);
    }
    hwset[PMU_K_OVF] = ovf_set;   /* sticky overflow: the set wins over a W1C */
    /* LCOFI: a hardware overflow while OF is 0, registered (lcofi_o pulses
     * in the next cycle) */
    m->lcofi_q = m->cfg.xlen && (ovf_set & ~ST(m, OVF, 0)) != 0;
    x->cnt0_msb = cnt0_msb;
    x->cmsb = cmsb;
    x->cev = cev;
}
