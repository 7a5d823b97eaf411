/* SPDX-License-Identifier: Apache-2.0
 * pmu_core model: the sampling block (HAS_SAMPLE; rtl/pmu_sample.v,
 * docs/sampling.md): the performance-monitor interrupt (a counter with
 * XCTL.NIE negative, the time-base transition), its hardware side on MMCR and
 * PMSTAT, and the address pipeline into SIAR/SDAR. Called by pmu_model_step
 * (pmu_model.c) after the event path (cmsb, cnt0_msb) and the time base
 * (tb_rise). */
#include "pmu_model_int.h"

/* decided on the pre-edge state */
void pmu_m_sample(pmu_model *m, const pmu_inputs *in, pmu_cyc *x)
{
    const unsigned nc = m->cfg.nc, cnt0_msb = x->cnt0_msb, tb_rise = x->tb_rise;
    const uint32_t cmsb = x->cmsb;
    uint32_t *hwset = x->hwset, *hwclr = x->hwclr;
    uint32_t nie = 0;
    for (unsigned n = 0; n < nc; n++) nie |= (uint32_t)FLD(m, XCTL, n, NIE) << n;
    const int cond_neg = (nie & cmsb) != 0;
    const int cond_tb = FLD(m, MMCR, 0, TBEE) && tb_rise;
    const int fire = FLD(m, MMCR, 0, PMXE) && (cond_neg || cond_tb);
    if (m->cfg.has_sample) {
        /* MMCR: FOI sets FRZ on the interrupt, which clears PMXE; counter 0
         * negative clears TRIG. PMSTAT: the interrupt's cause (the set wins). */
        hwset[PMU_K_MMCR] = fire && FLD(m, MMCR, 0, FOI) ? PMU_MMCR_FRZ_MASK : 0u;
        hwclr[PMU_K_MMCR] = (fire ? PMU_MMCR_PMXE_MASK : 0u) | (cnt0_msb ? PMU_MMCR_TRIG_MASK : 0u);
        hwset[PMU_K_PMSTAT] = (fire && cond_tb ? PMU_PMSTAT_TB_MASK : 0u) | (fire && cond_neg ? PMU_PMSTAT_NEG_MASK : 0u);
        if (fire) { m->siar = m->ia3; m->sdar = m->da3; }
        m->ia3 = m->ia2; m->da3 = m->da2;             /* address pipeline */
        m->ia2 = m->ia1; m->da2 = m->da1;
        m->ia1 = in->iaddr & m->amask; m->da1 = in->daddr & m->amask;
    }
}

uint64_t pmu_model_siar(const pmu_model *m) { return m ? m->siar : 0; }
uint64_t pmu_model_sdar(const pmu_model *m) { return m ? m->sdar : 0; }
uint32_t pmu_model_pmstat(const pmu_model *m) { return m ? ST(m, PMSTAT, 0) : 0; }
uint32_t pmu_model_mmcr(const pmu_model *m)
{
    if (!m) return 0;
    return ST(m, MMCR, 0);
}
