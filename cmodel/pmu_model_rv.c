/* SPDX-License-Identifier: Apache-2.0
 * pmu_core model: the RISC-V CSR view (XLEN != 0; rtl/pmu_rv_view.v with its
 * rtl/pmu_rv_csr.v, the decode and access rules in cmodel/pmu_rv_csr.h, and
 * the CSR writes; docs/riscv.md). Called by pmu_model_step (pmu_model.c). */
#include "pmu_model_int.h"

/* RISC-V view: thread exclusion bits (thread order) of EQ, and back */
static unsigned eq_tx(unsigned eq, unsigned nt)
{
    unsigned x = 0;
    for (unsigned t = 0; t < nt; t++)
        if (!((eq >> PMU_EQ_OS_BIT(t, nt)) & 1u) && !((eq >> PMU_EQ_USR_BIT(t, nt)) & 1u)) x |= 1u << t;
    return x;
}
static unsigned tx_eq(unsigned x, unsigned nt)
{
    unsigned eq = 0;
    for (unsigned t = 0; t < nt; t++)
        if (!((x >> t) & 1u)) eq |= 1u << PMU_EQ_OS_BIT(t, nt) | 1u << PMU_EQ_USR_BIT(t, nt);
    return eq;
}

/* RISC-V view: the 64-bit value of kind k, element idx (before the read mask) */
static uint64_t rv_read(const pmu_model *m, unsigned k, unsigned idx)
{
    const unsigned nc = m->cfg.nc;
    const pmu_ctr *c = &m->c[idx < nc ? idx : 0];
    switch (k) {
    case PMU_RV_K_SCOUNTEREN:    return (uint64_t)m->rv_sen << 3;
    case PMU_RV_K_MCOUNTEREN:    return (uint64_t)m->rv_men << 3;
    case PMU_RV_K_HCOUNTEREN:    return (uint64_t)m->rv_hen << 3;
    case PMU_RV_K_MCOUNTINHIBIT: return (uint64_t)(~m->cnten & ncmask(m)) << 3;
    case PMU_RV_K_SCOUNTOVF:     return (uint64_t)ST(m, OVF, 0) << 3;
    case PMU_RV_K_MHPMCOUNTER: case PMU_RV_K_HPMCOUNTER: return idx < nc ? c->cnt : 0u;
    case PMU_RV_K_MHPMEVENT:
        if (idx >= nc) return 0u;
        return (uint64_t)((ST(m, OVF, 0) >> idx) & 1u) << PMU_RV_MHPMEVENT_OF_LSB |
               (uint64_t)c->inh << PMU_RV_MHPMEVENT_VUINH_LSB |
               (uint64_t)eq_tx(c->eq, m->cfg.nt) << PMU_RV_MHPMEVENT_TX_LSB |
               (uint64_t)c->thr << PMU_RV_MHPMEVENT_THR_LSB | (uint64_t)c->inv << PMU_RV_MHPMEVENT_INV_LSB |
               (uint64_t)c->edge << PMU_RV_MHPMEVENT_EDGE_LSB | (uint64_t)c->es << PMU_RV_MHPMEVENT_ES_LSB |
               (uint64_t)c->em << PMU_RV_MHPMEVENT_EM_LSB;
    default: return 0u;
    }
}

/* The CSR port (combinational from pre-edge state): decode, the access
 * rules, the read-modify-write; every CSR instruction holds off the APB
 * access phase. */
void pmu_m_rv_csr(const pmu_model *m, const pmu_inputs *in, pmu_cyc *x)
{
    const unsigned nc = m->cfg.nc;
    unsigned rk = 0, ridx = 0, rhi = 0;
    const int rhit = m->cfg.xlen && pmu_rv_decode(&m->rvp, in->csr_addr, &rk, &ridx, &rhi);
    int rexc = PMU_RV_OK;
    uint64_t rv_old = 0, rv_new = 0, rv_rdata = 0;
    if (rhit) {
        const uint64_t en_m = (uint64_t)m->rv_men << 3, en_h = (uint64_t)m->rv_hen << 3;
        rexc = pmu_rv_access(rk, in->csr_addr & 0xFFFu, in->csr_op & 3u, in->csr_priv & 7u,
                             en_m, en_h, (uint64_t)m->rv_sen << 3);
        rv_old = rv_read(m, rk, ridx) & pmu_rv_rmask(&m->rvp, rk);
        if (pmu_rv_kinds[rk].ovfmask) rv_old &= pmu_rv_ovfmask(in->csr_priv & 7u, en_m, en_h);
        rv_new = pmu_rv_rmw(m->cfg.xlen, rhi, in->csr_op & 3u, rv_old, pmu_rv_wmask(&m->rvp, rk), in->csr_wdata, &rv_rdata);
    }
    const int rv_ok = rhit && in->csr_valid && rexc == PMU_RV_OK;
    /* the register written (an element below NC of a writable kind); -1: none */
    const int rv_wk = rv_ok && (in->csr_op & 3u) != PMU_RV_OP_READ && pmu_rv_kinds[rk].writable &&
                      (!pmu_rv_kinds[rk].arr || ridx < nc) ? (int)rk : -1;
    /* every CSR instruction (whatever its number, operation or outcome) holds
     * off a same-cycle APB access phase for a cycle: the hold is csr_valid */
    const int rv_hold = m->cfg.xlen && in->csr_valid;
    x->rk = rk; x->ridx = ridx; x->rhi = rhi;
    x->rhit = rhit; x->rexc = rexc; x->rv_ok = rv_ok; x->rv_wk = rv_wk; x->rv_hold = rv_hold;
    x->rv_new = rv_new; x->rv_rdata = rv_rdata;
}

/* The hardware sides of the view's writes on the native block's stored
 * registers: mhpmevent.OF is OVF[n] (a hardware overflow wins over a write
 * of 0); a write of mcountinhibit sets GCTL.GEN. */
void pmu_m_rv_hw(const pmu_model *m, pmu_cyc *x)
{
    const int rv_wk = x->rv_wk;
    const unsigned ridx = x->ridx;
    const uint64_t rv_new = x->rv_new;
    uint32_t *hwset = x->hwset, *hwclr = x->hwclr;
    (void)m;
    if (rv_wk == PMU_RV_K_MHPMEVENT) {
        if ((rv_new >> PMU_RV_MHPMEVENT_OF_LSB) & 1u) hwset[PMU_K_OVF] |= 1u << ridx;
        else hwclr[PMU_K_OVF] |= 1u << ridx;
    }
    if (rv_wk == PMU_RV_K_MCOUNTINHIBIT) hwset[PMU_K_GCTL] |= 1u << PMU_GCTL_GEN_LSB;
}

/* The view's writes (docs/riscv.md); an mhpmcounter write is the counter's
 * (pmu_model_event.c, stage C). */
void pmu_m_rv_write(pmu_model *m, const pmu_cyc *x)
{
    const unsigned ridx = x->ridx;
    const uint64_t rv_new = x->rv_new;
    switch (x->rv_wk) {
    case PMU_RV_K_MCOUNTEREN: m->rv_men = (uint32_t)(rv_new >> 3) & ncmask(m); break;
    case PMU_RV_K_SCOUNTEREN: m->rv_sen = (uint32_t)(rv_new >> 3) & ncmask(m); break;
    case PMU_RV_K_HCOUNTEREN: m->rv_hen = (uint32_t)(rv_new >> 3) & ncmask(m); break;
    case PMU_RV_K_MCOUNTINHIBIT: m->cnten = ~(uint32_t)(rv_new >> 3) & ncmask(m); break;
    case PMU_RV_K_MHPMEVENT: {
        pmu_ctr *c = &m->c[ridx];
        c->em = (unsigned)(rv_new >> PMU_RV_MHPMEVENT_EM_LSB) & 0xFFFFu;
        c->es = (unsigned)(rv_new >> PMU_RV_MHPMEVENT_ES_LSB) & 0x3Fu;
        c->edge = (unsigned)(rv_new >> PMU_RV_MHPMEVENT_EDGE_LSB) & 1u;
        c->inv = (unsigned)(rv_new >> PMU_RV_MHPMEVENT_INV_LSB) & 1u;
        c->thr = (unsigned)(rv_new >> PMU_RV_MHPMEVENT_THR_LSB) & 0xFFu;
        c->eq = tx_eq((unsigned)(rv_new >> PMU_RV_MHPMEVENT_TX_LSB) & 0xFFu, m->cfg.nt);
        c->inh = (unsigned)(rv_new >> PMU_RV_MHPMEVENT_VUINH_LSB) & 0x1Fu;
        break;
    }
    default: break;
    }
}
