/* SPDX-License-Identifier: Apache-2.0
 * pmu_core model: the yield channels (HAS_YIELD; rtl/pmu_yield.v,
 * docs/yield.md): NCH channels per ring, scenario match (same-cycle or
 * sticky, level or edge), the down-counter and its monitor conditions, YER,
 * delivery in the thread's slot, capture records (YCAP=1), and the read side
 * of their registers for the register block (pmu_model_apb.c). Called by
 * pmu_model_step (pmu_model.c). */
#include "pmu_model_int.h"
#include "pmu_reg_field.h"

/* a valid channel with YER set and action act (pmu_yield yirq_o / yfrz_o) */
int pmu_m_ych_act_pending(const pmu_model *m, unsigned act)
{
    for (unsigned k = 0; k < 2 * m->cfg.nch; k++)
        if (m->y[k].valid && m->y[k].yer && m->y[k].act == act) return 1;
    return 0;
}

int pmu_model_yact(const pmu_model *m, unsigned act)
{
    return m ? pmu_m_ych_act_pending(m, act) : 0;
}

uint32_t pmu_model_yer(const pmu_model *m)
{
    uint32_t v = 0;
    if (!m) return 0;
    for (unsigned k = 0; k < 2 * m->cfg.nch; k++) v |= (uint32_t)m->y[k].yer << k;
    return v;
}

uint32_t pmu_m_yring_word(const pmu_model *m, unsigned r3)
{
    uint32_t yer = 0;   /* YER & VALID */
    for (unsigned i = 0; i < m->cfg.nch; i++) yer |= (m->y[r3 * m->cfg.nch + i].yer & m->y[r3 * m->cfg.nch + i].valid) << i;
    return yer << PMU_YRING0_YER_LSB | (m->cfg.nch & 0xFu) << PMU_YRING0_NCH_LSB;   /* the read-only fields */
}

uint32_t pmu_m_ych_word(const pmu_ych *y, unsigned off)
{
    if (!y->valid) return 0;   /* an invalid channel reads 0 */
    switch (off) {
    case PMU_YCH_CTL_OFF:
        return y->valid << PMU_YCH_CTL_VALID_LSB | y->act << PMU_YCH_CTL_ACT_LSB | y->yer << PMU_YCH_CTL_YER_LSB |
               y->any << PMU_YCH_CTL_ANY_LSB | y->sid << PMU_YCH_CTL_SID_LSB |
               y->stk << PMU_YCH_CTL_STK_LSB | y->edge << PMU_YCH_CTL_EDGE_LSB | y->flt << PMU_YCH_CTL_FLT_LSB |
               y->pre << PMU_YCH_CTL_PRE_LSB | y->hint << PMU_YCH_CTL_HINT_LSB |
               y->cond << PMU_YCH_CTL_COND_LSB | y->dsel << PMU_YCH_CTL_DSEL_LSB | y->csel << PMU_YCH_CTL_CSEL_LSB;
    case PMU_YCH_ESV_OFF:    return y->esv;
    case PMU_YCH_ESM_OFF:    return y->esm;
    case PMU_YCH_SAV_OFF:    return y->sav;
    case PMU_YCH_CNT_OFF:    return y->cnt;
    case PMU_YCH_MISS_OFF:   return y->miss;
    case PMU_YCH_TGT_LO_OFF: return (uint32_t)y->tgt;
    default:             return (uint32_t)(y->tgt >> 32);
    }
}

/* stored bits of a channel's thread field: clog2(NT) (NT=1: none) */
static unsigned tid_mask(const pmu_cfg *c)
{
    unsigned w = 0;
    while ((1u << w) < c->nt) w++;
    return (1u << w) - 1u;
}

/* channel k's ring is its thread's current ring (a thread number >= NT names
 * no thread) */
static int ych_ring_ok(const pmu_model *m, const pmu_inputs *in, unsigned k)
{
    const pmu_ych *y = &m->y[k];
    return y->tid < m->cfg.nt && ((in->cpl[y->tid] & 3u) != 0) == (k >= m->cfg.nch);
}

/* pmu_yield delivery (combinational): in thread t's slot (round robin), the
 * lowest-indexed channel of thread t (ring-0 channels first) with VALID,
 * ACT=yield and YER whose ring is its thread's current ring and whose (ring,
 * thread) block bit is clear, or -1. */
int pmu_m_yield_pick(const pmu_model *m, const pmu_inputs *in)
{
    for (unsigned k = 0; k < 2 * m->cfg.nch; k++) {
        const pmu_ych *y = &m->y[k];
        const uint32_t blk = k >= m->cfg.nch ? FLD(m, YRING3, 0, BLK) : FLD(m, YRING0, 0, BLK);
        if (y->valid && y->act == PMU_YACT_YIELD && y->yer && ych_ring_ok(m, in, k) && !((blk >> y->tid) & 1u) &&
            y->tid == m->yslot)
            return (int)k;
    }
    return -1;
}

/* Ownership (docs/security.md): ring-3 channel i belongs to thread t when
 * its YTHR3 thread is t (a thread number >= NT names no thread). */
int pmu_m_ych3_own(const pmu_model *m, unsigned i, unsigned t)
{
    const pmu_ych *y = &m->y[m->cfg.nch + i];
    return y->tid < m->cfg.nt && y->tid == t;
}

/* YRING3 bits thread t reaches with an unprivileged access: BLK[t], the YER
 * bits of its channels, NCH */
uint32_t pmu_m_yring3_own(const pmu_model *m, unsigned t)
{
    uint32_t v = t < m->cfg.nt ? 1u << (PMU_YRING3_BLK_LSB + t) : 0u;
    for (unsigned i = 0; i < m->cfg.nch; i++)
        if (pmu_m_ych3_own(m, i, t)) v |= 1u << (PMU_YRING3_YER_LSB + i);
    return v | PMU_YRING3_NCH_MASK;
}

/* YTHRr read value: channel i's thread at [4i +: 3] */
uint32_t pmu_m_ythr_word(const pmu_model *m, unsigned r3)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < m->cfg.nch; i++) v |= m->y[r3 * m->cfg.nch + i].tid << (4u * i);
    return v;
}

/* Every channel at the edge (pre-edge state; x->ypick delivered this cycle,
 * x->cev and x->tb_rise the event vector's counter and time-base bits). */
void pmu_m_yield(pmu_model *m, const pmu_inputs *in, pmu_cyc *x)
{
    const unsigned nc = m->cfg.nc, ych_k = x->ych_k, yoff = x->yoff, tb_rise = x->tb_rise;
    const int ypick = x->ypick, wr_ok = x->wr_ok, r = x->r;
    const uint32_t wd = x->wd, cev = x->cev;
    const uint64_t tsc_pre = x->tsc_pre, *cnt_pre = x->cnt_pre;
    uint32_t *hwset = x->hwset;
    const unsigned nch = m->cfg.nch;
    /* the delivered channel as it was before the edge (a CTL write of this
     * edge to it, processed in the loop below, must not change what it drops) */
    const unsigned pick_r3 = ypick >= 0 && (unsigned)ypick >= nch, pick_tid = ypick >= 0 ? m->y[ypick].tid : 0u;
    const unsigned pick_flt = ypick >= 0 && m->y[ypick].flt;
    const uint32_t evt = ((m->cev_q & 0xFFFFu) | (uint32_t)in->yev << PMU_YEV_EXT_LSB |
                          tb_rise << PMU_YEV_TB_LSB) & YEV_MASK;
    for (unsigned k = 0; k < 2 * nch; k++) {
        pmu_ych *y = &m->y[k];
        const unsigned ring = k >= nch;
        /* STK=0: same-cycle match against ESV; STK=1: ESV collects the
         * events (level or edge), the ESM-selected bits must all be set */
        const int act_ok = y->valid && ych_ring_ok(m, in, k);
        const uint32_t esv_n = y->esv | (act_ok ? (y->edge ? evt & ~m->evt_prev : evt) : 0u);
        const uint32_t match = y->stk ? (esv_n & y->esm) : (~(evt ^ y->esv) & y->esm);
        const int trig = y->trig_q;   /* the scenario of the previous cycle counts now */
        /* monitor condition: DSEL ends the period (COND=1) or counts up
         * (COND=2; with a trigger of the same cycle they cancel) */
        const int per = y->cond == PMU_YCOND_PERIOD && y->sel_q;
        const int dif = y->cond == PMU_YCOND_DIFF && y->sel_q;
        const int dn = trig && !dif;
        const int up = dif && !trig && y->cnt != 0xFFFFFFFFu;
        const int uf = dn && y->cnt == 0;
        const int trig_d = act_ok && y->esm && (y->any ? match != 0 : match == y->esm);
        const unsigned stk_old = y->stk;
        y->trig_q = (unsigned)trig_d;
        y->sel_q = act_ok && ((evt >> y->dsel) & 1u);
        /* delivered, or dropped by a delivered fault-like yield of its ring and thread */
        const int deliv = ypick == (int)k ||
                          (pick_flt && ring == pick_r3 && y->tid == pick_tid && y->flt &&
                           y->act == PMU_YACT_YIELD);
        const int missed = uf && y->yer && !deliv;
        /* capture record: an underflow that sets YER (not a missed one) */
        if (m->cfg.ycap && uf && (!y->yer || deliv)) {
            y->cap.ip = in->iaddr & m->amask;
            y->cap.da = in->daddr & m->amask;
            y->cap.ts = tsc_pre;
            y->cap.ct = y->csel < nc ? cnt_pre[y->csel] : 0u;
        }
        const unsigned wreg = wr_ok && ych_k == k ? yoff : 0xFFu;
        if (wreg == PMU_YCH_CTL_OFF) {
            y->valid = (wd >> PMU_YCH_CTL_VALID_LSB) & 1u;
            y->act = (wd & PMU_YCH_CTL_ACT_MASK) >> PMU_YCH_CTL_ACT_LSB;
            y->any = (wd >> PMU_YCH_CTL_ANY_LSB) & 1u;
            y->sid = (wd & PMU_YCH_CTL_SID_MASK) >> PMU_YCH_CTL_SID_LSB;
            y->stk = (wd >> PMU_YCH_CTL_STK_LSB) & 1u;
            y->edge = (wd >> PMU_YCH_CTL_EDGE_LSB) & 1u;
            y->flt = (wd >> PMU_YCH_CTL_FLT_LSB) & 1u;
            y->pre = (wd >> PMU_YCH_CTL_PRE_LSB) & 1u;
            y->hint = (wd >> PMU_YCH_CTL_HINT_LSB) & 1u;
            y->cond = (wd & PMU_YCH_CTL_COND_MASK) >> PMU_YCH_CTL_COND_LSB;
            y->dsel = (wd & PMU_YCH_CTL_DSEL_MASK) >> PMU_YCH_CTL_DSEL_LSB;
            y->csel = m->cfg.ycap ? (wd & PMU_YCH_CTL_CSEL_MASK) >> PMU_YCH_CTL_CSEL_LSB : 0u;   /* YCAP=0: reads 0 */
        }
        /* YER: hardware only; delivery and a CTL write (re-arm) clear it,
         * an underflow sets it (the set wins) */
        y->yer = pmu_reg_field(y->yer, PMU_SW_RW, 0, 0u, (uint32_t)(deliv || wreg == PMU_YCH_CTL_OFF), (uint32_t)uf);
        const uint32_t sav_old = y->sav;
        /* ESV: a write loads it; sticky: re-arm or fire clears it, else it collects */
        if (wreg == PMU_YCH_ESV_OFF) y->esv = wd & YEV_MASK;
        else if (wreg == PMU_YCH_CTL_OFF && ((wd >> PMU_YCH_CTL_STK_LSB) & 1u)) y->esv = 0;
        else if (stk_old && trig_d) y->esv = 0;
        else if (stk_old) y->esv = esv_n;
        if (wreg == PMU_YCH_ESM_OFF) y->esm = wd & YEV_MASK;
        if (wreg == PMU_YCH_SAV_OFF) y->sav = wd;
        if (wreg == PMU_YCH_CNT_OFF || wreg == PMU_YCH_SAV_OFF) y->cnt = wd;
        else if (uf || per) y->cnt = sav_old;
        else if (dn) y->cnt--;
        else if (up) y->cnt++;
        if (wreg == PMU_YCH_MISS_OFF) y->miss = wd & 0xFFFFu;
        else y->miss = pmu_sat_inc16((uint16_t)y->miss, missed);
        if (wreg == PMU_YCH_TGT_LO_OFF) y->tgt = (y->tgt & ~0xFFFFFFFFull) | wd;
        if (wreg == PMU_YCH_TGT_HI_OFF) y->tgt = ((y->tgt & 0xFFFFFFFFull) | (uint64_t)wd << 32) & m->amask;
    }
    /* a delivery sets its ring's block bit (YRING0/3.BLK, W1C: the ERET write) */
    if (ypick >= 0) hwset[pick_r3 ? PMU_K_YRING3 : PMU_K_YRING0] = 1u << (PMU_YRING0_BLK_LSB + pick_tid);
    /* YTHRr write: the channels' threads */
    if (wr_ok && (r == PMU_K_YTHR0 || r == PMU_K_YTHR3))
        for (unsigned i = 0; i < nch; i++)
            m->y[(r == PMU_K_YTHR3) * nch + i].tid = (wd >> (4u * i)) & tid_mask(&m->cfg);
    m->cev_q = cev;   /* evt keeps counters 0..15 */
    m->evt_prev = evt;
}

uint32_t pmu_model_yblk(const pmu_model *m)
{
    return m ? FLD(m, YRING0, 0, BLK) | FLD(m, YRING3, 0, BLK) << m->cfg.nt : 0;
}
/* channel i of a ring, or NULL when i is not a channel */
static const pmu_ych *ych_at(const pmu_model *m, unsigned ring3, unsigned i)
{
    return m && i < m->cfg.nch ? &m->y[(ring3 ? m->cfg.nch : 0u) + i] : NULL;
}
uint32_t pmu_model_ych_cnt(const pmu_model *m, unsigned ring3, unsigned i)
{
    const pmu_ych *y = ych_at(m, ring3, i);
    return y ? y->cnt : 0u;
}
uint32_t pmu_model_ych_miss(const pmu_model *m, unsigned ring3, unsigned i)
{
    const pmu_ych *y = ych_at(m, ring3, i);
    return y ? y->miss : 0u;
}
unsigned pmu_model_ych_tid(const pmu_model *m, unsigned ring3, unsigned i)
{
    const pmu_ych *y = ych_at(m, ring3, i);
    return y ? y->tid : 0u;
}

uint32_t pmu_model_ych_esv(const pmu_model *m, unsigned ring3, unsigned i)
{
    const pmu_ych *y = ych_at(m, ring3, i);
    return y ? y->esv : 0;
}
unsigned pmu_model_ych_due(const pmu_model *m, unsigned ring3, unsigned i)
{
    const pmu_ych *y = ych_at(m, ring3, i);
    return y ? y->trig_q | y->sel_q << 1 : 0u;
}

pmu_ycap pmu_model_ych_cap(const pmu_model *m, unsigned ring3, unsigned i)
{
    const pmu_ych *y = ych_at(m, ring3, i);
    pmu_ycap z = {0, 0, 0, 0};
    return y ? y->cap : z;
}

uint32_t pmu_model_ych_ctl(const pmu_model *m, unsigned ring3, unsigned i)
{
    const pmu_ych *y = ych_at(m, ring3, i);
    if (!y) return 0;
    pmu_ych v = *y;
    v.valid = 1;   /* ych_word() reads 0 for an invalid channel */
    return (pmu_m_ych_word(&v, PMU_YCH_CTL_OFF) & ~PMU_YCH_CTL_VALID_MASK) | y->valid << PMU_YCH_CTL_VALID_LSB;
}
