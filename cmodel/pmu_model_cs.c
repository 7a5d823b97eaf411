/* SPDX-License-Identifier: Apache-2.0
 * pmu_core model: the CoreSight PMU view (VIEW=1; rtl/pmu_cs_view.v with its
 * rtl/pmu_cs_apb.v, the generated decode in cmodel/pmu_cs_regdec.h: the
 * cycle counter, PMCR, the set / clear words; docs/coresight.md). Called by
 * pmu_model_step (pmu_model.c). */
#include "pmu_model_int.h"
#include "pmu_cs_regs.h"

/* CoreSight view: exclusion bits in thread order (bit 2t USR, 2t+1 OS) <->
 * EQ in the seed's order (thread t's USR at 2(NT-1-t), OS above), inverted;
 * the mapping is its own inverse */
static unsigned eq_xbits(unsigned v, unsigned nt)
{
    unsigned x = 0;
    for (unsigned t = 0; t < nt; t++) {
        x |= (~(v >> (2u * (nt - 1u - t))) & 1u) << (2u * t);
        x |= (~(v >> (2u * (nt - 1u - t) + 1u)) & 1u) << (2u * t + 1u);
    }
    return x;
}

/* CoreSight view: the read value of kind cr, element n (docs/coresight.md) */
uint32_t pmu_m_cs_read(const pmu_model *m, int cr, unsigned n)
{
    uint32_t v = 0, ie = 0;
    for (unsigned k = 0; k < m->cfg.nc; k++) ie |= (uint32_t)m->c[k].ie << k;
    const pmu_ctr *c = &m->c[n < m->cfg.nc ? n : 0];
    switch (cr) {
    case PMU_CS_K_NONE: return 0;
    case PMU_CS_K_PMEVTYPER:
        v = c->thr << 24 | c->inv << 23 | c->edge << 22 | c->es << 16 | c->em;
        break;
    case PMU_CS_K_PMCCFILTR:  v = m->ccf; break;
    case PMU_CS_K_PMEVFILT2R: v = 15u - c->fmain; break;
    case PMU_CS_K_PMEVFILTR:  v = eq_xbits(c->eq, m->cfg.nt); break;
    case PMU_CS_K_PMCNTENSET0: case PMU_CS_K_PMCNTENCLR0: v = m->cc_en << 31 | m->cnten; break;
    case PMU_CS_K_PMINTENSET0: case PMU_CS_K_PMINTENCLR0: v = m->cc_ie << 31 | ie; break;
    case PMU_CS_K_PMOVSCLR0: case PMU_CS_K_PMOVSSET0: v = m->cc_ovf << 31 | ST(m, OVF, 0); break;
    case PMU_CS_K_PMCFGR:     v = PMU_CS_PMCFGR_VALUE(&m->cfg); break;
    case PMU_CS_K_PMCR:       v = (uint32_t)FLD(m, GCTL, 0, GEN) | m->fzo << 9; break;
    case PMU_CS_K_PMEVCNTR_LO: v = (uint32_t)c->cnt; break;
    case PMU_CS_K_PMEVCNTR_HI: v = (uint32_t)(c->cnt >> 32); break;
    case PMU_CS_K_PMCCNTR_LO:  v = (uint32_t)m->ccnt; break;
    case PMU_CS_K_PMCCNTR_HI:  v = (uint32_t)(m->ccnt >> 32); break;
    default: v = PMU_CS_KIND[cr].is_const ? PMU_CS_KIND[cr].value : 0u; break;
    }
    return v & PMU_CS_KIND[cr].rmask;
}

/* The view's write of this cycle (kind cw_k, element cidx), PMCR.P / PMCR.C,
 * and the PMCR.FZO freeze (pre-edge state). */
void pmu_m_cs_ctl(const pmu_model *m, pmu_cyc *x)
{
    const uint32_t wd = x->wd;
    const int cw_k = (x->wr_ok && x->cs_pg) ? x->cr : PMU_CS_K_NONE;
    const int cs_p = cw_k == PMU_CS_K_PMCR && ((wd >> 1) & 1u);   /* PMCR.P: event counters to 0 */
    const int cs_c = cw_k == PMU_CS_K_PMCR && ((wd >> 2) & 1u);   /* PMCR.C: the cycle counter to 0 */
    const int fz = m->fzo && (ST(m, OVF, 0) != 0 || m->cc_ovf);     /* PMCR.FZO freeze */
    x->cw_k = cw_k; x->cs_p = cs_p; x->cs_c = cs_c; x->fz = fz;
}

/* PMOVSSET0/CLR0 and PMCR.E write the native block's OVF and GCTL.GEN */
void pmu_m_cs_hw(const pmu_model *m, pmu_cyc *x)
{
    const int cw_k = x->cw_k;
    const uint32_t wd = x->wd;
    uint32_t *hwset = x->hwset, *hwclr = x->hwclr;
    (void)m;
    if (cw_k == PMU_CS_K_PMOVSSET0) hwset[PMU_K_OVF] |= wd & 0x7FFFFFFFu;
    if (cw_k == PMU_CS_K_PMOVSCLR0) hwclr[PMU_K_OVF] = wd;
    if (cw_k == PMU_CS_K_PMCR) {
        hwset[PMU_K_GCTL] = (wd & 1u) << PMU_GCTL_GEN_LSB;
        hwclr[PMU_K_GCTL] = (~wd & 1u) << PMU_GCTL_GEN_LSB;
    }
}

/* The cycle counter: counts while PMCR.E, its enable, no freeze and a
 * thread at a privilege PMCCFILTR does not exclude (VIEW=1 only). */
void pmu_m_cs_cycle(pmu_model *m, const pmu_inputs *in, const pmu_cyc *x)
{
    const int cw_k = x->cw_k, cs_c = x->cs_c, fz = x->fz;
    const uint32_t wd = x->wd;
    if (!m->cfg.view) return;
    unsigned thr = 0;
    for (unsigned t = 0; t < m->cfg.nt; t++)
        thr |= ((in->cpl[t] & 3u) != 0 ? 1u : 2u) << (2u * t);
    const int en = FLD(m, GCTL, 0, GEN) && m->cc_en && !fz && (thr & ~m->ccf);
    const int tw = cw_k == PMU_CS_K_PMCCNTR_LO || cw_k == PMU_CS_K_PMCCNTR_HI;
    const int carry = en && !tw && !cs_c && m->ccnt == m->cmask;
    if (cw_k == PMU_CS_K_PMCCNTR_LO) m->ccnt = (m->ccnt & ~0xFFFFFFFFull) | wd;
    else if (cw_k == PMU_CS_K_PMCCNTR_HI) m->ccnt = (((uint64_t)wd << 32) | (m->ccnt & 0xFFFFFFFFull)) & m->cmask;
    else if (cs_c) m->ccnt = 0;
    else if (en) m->ccnt = (m->ccnt + 1u) & m->cmask;
    /* its overflow flag: the set wins over a W1C */
    m->cc_ovf = (m->cc_ovf && !(cw_k == PMU_CS_K_PMOVSCLR0 && (wd >> 31))) ||
                (cw_k == PMU_CS_K_PMOVSSET0 && (wd >> 31)) || carry;
}

/* The view's writes of the counters' controls and its own state */
void pmu_m_cs_write(pmu_model *m, const pmu_cyc *x)
{
    const unsigned nc = m->cfg.nc, cidx = x->cidx;
    const int cw_k = x->cw_k;
    const uint32_t wd = x->wd;
    const uint32_t xm = (1u << (2u * m->cfg.nt)) - 1u;
    pmu_ctr *c = &m->c[cidx < nc ? cidx : 0];
    switch (cw_k) {
    case PMU_CS_K_PMEVTYPER:
        c->em = wd & 0xFFFFu; c->es = (wd >> 16) & 0x3Fu; c->edge = (wd >> 22) & 1u;
        c->inv = (wd >> 23) & 1u; c->thr = wd >> 24;
        break;
    case PMU_CS_K_PMEVFILTR:  c->eq = eq_xbits(wd & xm, m->cfg.nt); break;
    case PMU_CS_K_PMEVFILT2R: c->fmain = 15u - (wd & 15u); break;
    case PMU_CS_K_PMCCFILTR:  m->ccf = wd & xm; break;
    case PMU_CS_K_PMCNTENSET0: m->cnten |= wd & ncmask(m); if (wd >> 31) m->cc_en = 1; break;
    case PMU_CS_K_PMCNTENCLR0: m->cnten &= ~wd; if (wd >> 31) m->cc_en = 0; break;
    case PMU_CS_K_PMINTENSET0: case PMU_CS_K_PMINTENCLR0:
        for (unsigned n = 0; n < nc; n++)
            if ((wd >> n) & 1u) m->c[n].ie = cw_k == PMU_CS_K_PMINTENSET0;
        if (wd >> 31) m->cc_ie = cw_k == PMU_CS_K_PMINTENSET0;
        break;
    case PMU_CS_K_PMCR: m->fzo = (wd >> 9) & 1u; break;
    default: break;
    }
}

uint32_t pmu_model_cs_pmovs(const pmu_model *m) { return m ? m->cc_ovf << 31 | ST(m, OVF, 0) : 0; }
uint64_t pmu_model_cs_ccnt(const pmu_model *m) { return m ? m->ccnt : 0; }
int pmu_model_cs_frozen(const pmu_model *m) { return m && m->fzo && (ST(m, OVF, 0) != 0 || m->cc_ovf); }
