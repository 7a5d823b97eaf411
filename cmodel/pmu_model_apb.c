/* SPDX-License-Identifier: Apache-2.0
 * pmu_core model: the native register block (rtl/pmu_apb.v, generated from
 * regs/pmu.rdl; its decode and stored-register rules in cmodel/pmu_regdec.h):
 * decode, PSLVERR, thread ownership, read data, the stored registers with
 * their hardware sides (pmu_reg_field), the read shadow and write stage, and
 * the counters' control registers (rtl/pmu_escr.v, CNTEN). Called by
 * pmu_model_step (pmu_model.c). */
#include "pmu_model_int.h"

static uint32_t cfg_word(const pmu_cfg *c)
{
    return PMU_CFG_VALUE(c);   /* packed from regs/pmu.rdl (pmu_value) */
}

static uint32_t cap_word(const pmu_cfg *c)
{
    return PMU_CAP_VALUE(c);
}

/* Decode (combinational, from pre-edge state): the generated decode of
 * rtl/pmu_apb.v (cmodel/pmu_regdec.h), PSLVERR, read data. */
void pmu_m_apb_decode(const pmu_model *m, const pmu_inputs *in, pmu_cyc *x)
{
    const uint32_t a = in->paddr & ((1u << PMU_ADDR_BITS) - 1u);
    const int acc = in->psel && in->penable && !x->rv_hold;
    /* VIEW=1: page 2 is the native map, the others the CoreSight block's */
    const int cs_pg = m->cfg.view && ((a >> 12) & 3u) != 2u;
    unsigned idx = 0, cidx = 0;
    const int r = cs_pg ? PMU_K_NONE : pmu_reg_decode(&m->dp, a & 0xFFFu, &idx);
    const int cr = cs_pg ? pmu_cs_reg_decode(&m->csdp, a, &cidx) : PMU_CS_K_NONE;
    const int priv = in->pprot & 1u;
    const unsigned ptid = in->ptid & 7u;
    /* pmu_user=own: a ring-3 channel's registers (YCH3, YCAP3) belong to its thread */
    const int own = (r >= PMU_K_YCH3_CTL && r <= PMU_K_YCH3_TGT_HI) || (r >= PMU_K_YCAP3_IP_LO && r <= PMU_K_YCAP3_CT_HI)
                    ? pmu_m_ych3_own(m, idx, ptid) : 1;
    const int err = cs_pg ? pmu_cs_reg_err(cr, a, in->pwrite, in->pstrb, priv, (int)FLD(m, GCTL, 0, UEN), in->pwdata, 1)
                          : pmu_reg_err(r, a & 0xFFFu, in->pwrite, in->pstrb, priv, (int)FLD(m, GCTL, 0, UEN), in->pwdata, own);
    /* an unprivileged access to YRING3 reaches the issuing thread's bits only */
    const uint32_t own_m = (r == PMU_K_YRING3 && !priv) ? pmu_m_yring3_own(m, ptid) : 0xFFFFFFFFu;
    /* a HI read returns the read shadow; an unprivileged one only a shadow its
     * own thread latched with an unprivileged read (else 0) */
    const uint32_t shadow = (priv || (m->sh_user && m->sh_tid == ptid)) ? m->rshadow : 0u;
    const int wr_ok = acc && in->pwrite && !err;
    const int rd_ok = acc && !in->pwrite && !err;
    /* yield channel registers: channel k = ring3 * nch + idx, register offset yoff */
    const int ych_r3 = r >= PMU_K_YCH3_CTL && r <= PMU_K_YCH3_TGT_HI;
    const int ych = ych_r3 || (r >= PMU_K_YCH0_CTL && r <= PMU_K_YCH0_TGT_HI);
    const unsigned ych_k = ych ? (unsigned)ych_r3 * m->cfg.nch + idx : ~0u;
    const unsigned yoff = ych ? PMU_KIND[r].off : ~0u;
    /* capture records (YCAP0/YCAP3): channel ycap_k */
    const int ycap_r3 = r >= PMU_K_YCAP3_IP_LO && r <= PMU_K_YCAP3_CT_HI;
    const int ycap = ycap_r3 || (r >= PMU_K_YCAP0_IP_LO && r <= PMU_K_YCAP0_CT_HI);
    const pmu_ych *ycap_ch = ycap ? &m->y[(unsigned)ycap_r3 * m->cfg.nch + idx] : NULL;
    /* read data: the stored fields of a register of the register block, the
     * hardware's value of its read-only fields and of the external registers */
    uint32_t rdata = 0;
    uint64_t lo_val = 0;
    switch (r) {
    case PMU_K_CFG:    rdata = cfg_word(&m->cfg); break;
    case PMU_K_CAP:    rdata = cap_word(&m->cfg); break;
    case PMU_K_CNTEN:  rdata = m->cnten; break;
    case PMU_K_TSC_LO: lo_val = m->tsc; rdata = (uint32_t)lo_val; break;
    case PMU_K_CNT_LO: lo_val = m->c[idx].cnt; rdata = (uint32_t)lo_val; break;
    case PMU_K_TSC_HI: case PMU_K_CNT_HI: rdata = shadow; break;
    case PMU_K_CNT_CTL: {
        const pmu_ctr *c = &m->c[idx];
        rdata = c->es << PMU_CTL_ES_LSB | ((m->cnten >> idx) & 1u) << PMU_CTL_EN_LSB |
                c->ie << PMU_CTL_IE_LSB | c->edge << PMU_CTL_EDGE_LSB |
                c->inv << PMU_CTL_INV_LSB | c->thr << PMU_CTL_THR_LSB;
        break;
    }
    case PMU_K_CNT_EMQ:    rdata = m->c[idx].em | m->c[idx].eq << PMU_EMQ_EQ_LSB; break;
    case PMU_K_FTYPE:      rdata = m->c[idx].fmain << PMU_FTYPE_MAIN_LSB; break;
    case PMU_K_SIAR_LO: lo_val = m->siar; rdata = (uint32_t)lo_val; break;
    case PMU_K_SDAR_LO: lo_val = m->sdar; rdata = (uint32_t)lo_val; break;
    case PMU_K_SIAR_HI: case PMU_K_SDAR_HI: rdata = shadow; break;
    case PMU_K_YRING0:    rdata = pmu_m_yring_word(m, 0); break;
    case PMU_K_YRING3:    rdata = pmu_m_yring_word(m, 1); break;
    case PMU_K_YTHR0:     rdata = pmu_m_ythr_word(m, 0); break;
    case PMU_K_YTHR3:     rdata = pmu_m_ythr_word(m, 1); break;
    default:
        if (ycap) {   /* an invalid channel reads 0, its HI words too */
            const unsigned off = PMU_KIND[r].off;
            const uint64_t v = !ycap_ch->valid ? 0u : off < PMU_YCAP_DA_LO_OFF ? ycap_ch->cap.ip :
                               off < PMU_YCAP_TS_LO_OFF ? ycap_ch->cap.da :
                               off < PMU_YCAP_CT_LO_OFF ? ycap_ch->cap.ts : ycap_ch->cap.ct;
            if (PMU_KIND[r].wide == 1) { lo_val = v; rdata = (uint32_t)v; }
            else rdata = ycap_ch->valid ? shadow : 0u;
        } else if (ych) rdata = pmu_m_ych_word(&m->y[ych_k], yoff);
        else if (r != PMU_K_NONE && PMU_KIND[r].is_const) rdata = PMU_KIND[r].value;
        break;
    }
    if (r != PMU_K_NONE && !PMU_KIND[r].external && !PMU_KIND[r].is_const)
        rdata = m->st[r][idx] | (rdata & PMU_KIND[r].ro);
    if (r != PMU_K_NONE) rdata &= PMU_KIND[r].rmask & own_m;   /* reserved bits read 0 */
    if (cs_pg) rdata = pmu_m_cs_read(m, cr, cidx);
    x->acc = acc; x->cs_pg = cs_pg; x->r = r; x->cr = cr; x->priv = priv; x->err = err;
    x->wr_ok = wr_ok; x->rd_ok = rd_ok; x->idx = idx; x->cidx = cidx; x->ptid = ptid;
    x->ych_k = ych_k; x->yoff = yoff; x->own_m = own_m; x->rdata = rdata; x->lo_val = lo_val;
}

/* CNTEN and the counters' CTL / EMQ / FTYPE (pmu_escr) at the edge */
void pmu_m_apb_write(pmu_model *m, const pmu_cyc *x)
{
    const int wr_ok = x->wr_ok, r = x->r;
    const unsigned idx = x->idx;
    const uint32_t wd = x->wd;
    if (wr_ok) {
        switch (r) {
        case PMU_K_CNTEN: m->cnten = wd & ncmask(m); break;
        case PMU_K_CNT_CTL: {
            pmu_ctr *c = &m->c[idx];
            c->es = (wd & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB;
            c->ie = (wd >> PMU_CTL_IE_LSB) & 1u;
            c->edge = (wd >> PMU_CTL_EDGE_LSB) & 1u;
            c->inv = (wd >> PMU_CTL_INV_LSB) & 1u;
            c->thr = (wd & PMU_CTL_THR_MASK) >> PMU_CTL_THR_LSB;
            m->cnten = (m->cnten & ~(1u << idx)) | ((wd >> PMU_CTL_EN_LSB) & 1u) << idx;
            break;
        }
        case PMU_K_CNT_EMQ:
            m->c[idx].em = wd & PMU_EMQ_EM_MASK;
            m->c[idx].eq = (wd >> PMU_EMQ_EQ_LSB) & ((1u << (2u * m->cfg.nt)) - 1u);
            break;
        case PMU_K_FTYPE: m->c[idx].fmain = (wd & PMU_FTYPE_MAIN_MASK) >> PMU_FTYPE_MAIN_LSB; break;
        default: break;
        }
    }
}

/* The registers stored by the register block: the written element, and the
 * hardware side of every stored register that has one; the read shadow and
 * the write stage */
void pmu_m_apb_store(pmu_model *m, const pmu_cyc *x)
{
    const int wr_ok = x->wr_ok, rd_ok = x->rd_ok, r = x->r, priv = x->priv;
    const unsigned idx = x->idx, ptid = x->ptid;
    const uint32_t wd = x->wd, own_m = x->own_m;
    const uint64_t lo_val = x->lo_val;
    const uint32_t *hwset = x->hwset, *hwclr = x->hwclr;
    for (int k = 0; k < PMU_NK; k++) {
        if (PMU_KIND[k].external || !(PMU_KIND[k].rw | PMU_KIND[k].w1c | PMU_KIND[k].w1s)) continue;
        if (wr_ok && r == k)
            m->st[k][idx] = pmu_kind_next(&m->dp, k, m->st[k][idx], 1, wd & own_m, hwclr[k], hwset[k]);
        else if (hwset[k] | hwclr[k])
            m->st[k][0] = pmu_kind_next(&m->dp, k, m->st[k][0], 0, 0u, hwclr[k], hwset[k]);
    }
    if (rd_ok && PMU_KIND[r].wide == 1) {
        m->rshadow = (uint32_t)(lo_val >> 32);
        m->sh_user = (uint8_t)!priv; m->sh_tid = (uint8_t)ptid;
    }
    if (wr_ok && PMU_KIND[r].wr && PMU_KIND[r].wide == 2) m->wstage = wd;
    if (wr_ok && PMU_KIND[r].wr && PMU_KIND[r].wide == 1) m->wstage = 0;
}
