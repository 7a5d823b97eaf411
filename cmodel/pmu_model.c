/* SPDX-License-Identifier: Apache-2.0
 * pmu-ip cycle-accurate C golden model (see pmu_model.h): the top, as
 * rtl/pmu_core.v: configuration, reset, the time-stamp counter, irq_o, and
 * pmu_model_step, which calls the blocks (cmodel/pmu_model_<block>.c, their
 * list in cmodel/pmu_model_int.h) in the RTL's order. */
#include "pmu_model_int.h"
#include <stdlib.h>
#include <string.h>

static const unsigned TB_BIT[4] = {PMU_TB_BIT0, PMU_TB_BIT1, PMU_TB_BIT2, PMU_TB_BIT3};

const char *pmu_cfg_check(const pmu_cfg *c)
{
    if (!c) return "cfg is NULL";
    return pmu_cfg_ranges(c);   /* generated from config/pmu_ip.yaml */
}

int pmu_cfg_class_ok(const pmu_cfg *c, unsigned n, unsigned es)
{
    if (!c) return 0;
    if (es == c->flop_class) return 1;
    return es < c->ncls && es % c->narea == n % c->narea;
}

pmu_model *pmu_model_new(const pmu_cfg *cfg)
{
    if (pmu_cfg_check(cfg)) return NULL;
    pmu_model *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->cfg = *cfg;
    pmu_model_reset(m);
    return m;
}

void pmu_model_free(pmu_model *m) { free(m); }

int pmu_model_reset(pmu_model *m)
{
    pmu_cfg cfg;
    if (!m) return PMU_MODEL_EINVAL;
    cfg = m->cfg;
    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->cmask = pmu_mask64(cfg.cw);
    m->amask = pmu_mask64(cfg.aw);
    m->dp.HAS_SAMPLE = cfg.has_sample;
    m->dp.HAS_YIELD = cfg.has_yield;
    m->dp.YCAP = cfg.ycap;
    m->dp.NT = cfg.nt;
    m->dp.NC = cfg.nc;
    m->dp.NCH = cfg.nch;
    m->csdp.NC = cfg.nc;
    m->csdp.NT = cfg.nt;
    m->csdp.CW = cfg.cw;
    m->rvp.xlen = cfg.xlen; m->rvp.nc = cfg.nc; m->rvp.nt = cfg.nt; m->rvp.cw = cfg.cw;
    for (unsigned n = 0; n < PMU_NC_MAX; n++) m->c[n].fmain = PMU_FMAIN_ALL;
    for (int k = 0; k < PMU_NK; k++)
        for (unsigned e = 0; e < PMU_KIND[k].dim; e++)
            m->st[k][e] = PMU_KIND[k].external ? 0u : PMU_KIND[k].reset & pmu_kind_smask(&m->dp, k);
    return 0;
}

const pmu_cfg *pmu_model_cfg(const pmu_model *m) { return m ? &m->cfg : NULL; }

int pmu_model_irq(const pmu_model *m)
{
    uint32_t ie = 0;
    if (!m) return 0;
    for (unsigned n = 0; n < m->cfg.nc; n++) ie |= (uint32_t)m->c[n].ie << n;
    return (ST(m, OVF, 0) & ie) != 0 || ST(m, PMSTAT, 0) != 0 || pmu_m_ych_act_pending(m, PMU_YACT_IRQ) ||
           (m->cc_ovf && m->cc_ie);
}

int pmu_model_step(pmu_model *m, const pmu_inputs *in, pmu_outputs *out)
{
    if (!m || !in) return PMU_MODEL_EINVAL;
    const unsigned nc = m->cfg.nc;
    pmu_cyc x = {0};

    /* ---- combinational, from the pre-edge state: the RISC-V CSR port
     * (XLEN != 0), which holds off the APB access phase; the register
     * blocks' decode and read data; the yield delivery */
    pmu_m_rv_csr(m, in, &x);
    pmu_m_apb_decode(m, in, &x);
    const int ypick = x.ypick = pmu_m_yield_pick(m, in);
    /* pre-edge TSC and counter values a capture record takes (YCAP=1) */
    x.tsc_pre = m->tsc;
    if (m->cfg.ycap && m->cfg.has_yield)
        for (unsigned n = 0; n < nc; n++) x.cnt_pre[n] = m->c[n].cnt;
    if (out) {
        const int rhit = x.rhit, rexc = x.rexc, rv_hold = x.rv_hold;
        out->pready = !rv_hold;
        out->csr_hit = (uint8_t)rhit;
        out->csr_ill = (uint8_t)(rhit && in->csr_valid && rexc == PMU_RV_ILL);
        out->csr_virt = (uint8_t)(rhit && in->csr_valid && rexc == PMU_RV_VIRT);
        out->csr_rdata = x.rv_ok ? x.rv_rdata : 0u;
        out->lcofi = (uint8_t)m->lcofi_q;
        out->pslverr = (uint8_t)(x.acc && x.err);
        out->prdata = x.rd_ok ? x.rdata : 0u;
        out->irq = (uint8_t)pmu_model_irq(m);
        out->pmi = ST(m, PMSTAT, 0) != 0;
        out->yield = ypick >= 0;
        out->yield_ring = ypick >= 0 && (unsigned)ypick >= m->cfg.nch;
        out->yield_ch = ypick >= 0 ? (uint8_t)((unsigned)ypick % m->cfg.nch) : 0u;
        out->yield_tid = ypick >= 0 ? (uint8_t)m->y[ypick].tid : 0u;
        out->yield_tgt = ypick >= 0 ? m->y[ypick].tgt : 0u;
        out->yield_attr = ypick >= 0 ? (uint8_t)(m->y[ypick].flt | m->y[ypick].pre << 1 | m->y[ypick].hint << 2) : 0u;
    }

    /* ---- the edge: the event path (stages C, T, E of every counter) and
     * the hardware sides of the views' writes on the stored registers */
    x.wd = in->pwdata;
    x.wd64 = (uint64_t)m->wstage << 32 | x.wd;
    pmu_m_cs_ctl(m, &x);
    pmu_m_counters(m, in, &x);
    pmu_m_rv_hw(m, &x);
    pmu_m_cs_hw(m, &x);

    /* ---- time-stamp counter; time-base transition of the TBSEL bit ---- */
    const unsigned tb = TB_BIT[FLD(m, MMCR, 0, TBSEL) & 3u];
    const unsigned tb_cur = (unsigned)(m->tsc >> tb) & 1u;
    m->tsc = (x.wr_ok && x.r == PMU_K_TSC_LO) ? x.wd64 : m->tsc + 1u;
    pmu_m_cs_cycle(m, in, &x);
    /* (without the sampling block there is no time base: the yield event
     * vector's TB bit stays 0, as pmu_core's g_no_smp ties it) */
    x.tb_rise = m->cfg.has_sample && !tb_cur && ((m->tsc >> tb) & 1u);

    /* ---- sampling, yield channels (pre-edge state), register writes ---- */
    pmu_m_sample(m, in, &x);
    pmu_m_yield(m, in, &x);
    pmu_m_apb_write(m, &x);
    pmu_m_rv_write(m, &x);
    pmu_m_cs_write(m, &x);
    pmu_m_apb_store(m, &x);
    m->yslot = m->yslot + 1u >= m->cfg.nt ? 0u : m->yslot + 1u;   /* delivery slot: next thread */
    return 0;
}

uint64_t pmu_model_counter(const pmu_model *m, unsigned n) { return m && n < m->cfg.nc ? m->c[n].cnt : 0; }
uint32_t pmu_model_ovf(const pmu_model *m) { return m ? ST(m, OVF, 0) : 0; }
uint64_t pmu_model_tsc(const pmu_model *m) { return m ? m->tsc : 0; }

static int bus(pmu_model *m, uint32_t addr, int write, uint32_t wdata, uint32_t *rdata)
{
    pmu_inputs in;
    pmu_outputs o;
    memset(&in, 0, sizeof in);
    in.psel = 1; in.pwrite = (uint8_t)write; in.paddr = addr; in.pwdata = wdata;
    in.pstrb = write ? 0xFu : 0u; in.pprot = 1u;
    pmu_model_step(m, &in, NULL);          /* setup phase */
    in.penable = 1;
    pmu_model_step(m, &in, &o);            /* access phase */
    if (rdata) *rdata = o.prdata;
    return o.pslverr;
}

int pmu_model_write(pmu_model *m, uint32_t addr, uint32_t data)
{
    return m ? bus(m, addr, 1, data, NULL) : PMU_MODEL_EINVAL;
}
int pmu_model_read(pmu_model *m, uint32_t addr, uint32_t *data)
{
    return m ? bus(m, addr, 0, 0, data) : PMU_MODEL_EINVAL;
}
