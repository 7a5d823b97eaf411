/* pmu-ip cycle-accurate C golden model. Structure follows rtl/pmu_core.v
 * block by block; see pmu_model.h. */
#include "pmu_model.h"
#include "pmu_regdec.h"
#include "pmu_cs_regdec.h"
#include "pmu_cs_regs.h"
#include "pmu_rv_csr.h"
#include "pmu_reg_field.h"
#include <stdlib.h>
#include <string.h>

#define IW_MASK 0xFFu   /* increments are 8-bit in the RTL (IW = 8) */

typedef struct {
    unsigned es, ie, edge, inv, thr;   /* CTL */
    unsigned em, eq;                   /* EMQ */
    unsigned fmain;                    /* FTYPE.MAIN (stored in pmu_core, reset 0xF) */
    unsigned inh;                      /* RISC-V view: {MINH, SINH, UINH, VSINH, VUINH} (mhpmevent bits 62:58) */
    unsigned prev_cond;                /* pmu_threshold state */
    unsigned raw_q, run_q, hist_q;     /* stage register E -> T */
    unsigned inc_q, run2_q, hist2_q;   /* stage register T -> C */
    uint64_t cnt;
} pmu_ctr;

typedef struct {                       /* one yield channel (pmu_yield) */
    unsigned valid, act, yer, any, sid, stk, edge, flt, pre, hint;   /* act: PMU_YACT_* (0..3; 4..15 answer PSLVERR) */
    unsigned trig_q;                   /* scenario met in the previous cycle (registered trigger) */
    unsigned cond, dsel, csel;         /* monitor condition (PMU_YCOND_*), its event, captured counter */
    unsigned tid;                      /* thread (YTHRr field; the stored clog2(NT) bits) */
    unsigned sel_q;                    /* event DSEL of the previous cycle */
    pmu_ycap cap;                      /* capture record (YCAP=1) */
    uint32_t esv, esm, sav, cnt;
    unsigned miss;
    uint64_t tgt;
} pmu_ych;

/* Registers stored by the register block (every kind that is not external:
 * GCTL, OVF, MMCR, PMSTAT, XCTL, YRING0/3), element e of kind K, and a field
 * F of it: generic storage updated by pmu_kind_next() (cmodel/pmu_regdec.h),
 * so a register added to regs/pmu.rdl is stored, read and written here
 * without a change to this file. */
#define ST(m, K, e) ((m)->st[PMU_K_##K][e])
#define FLD(m, R, e, F) ((ST(m, R, e) & PMU_##R##_##F##_MASK) >> PMU_##R##_##F##_LSB)
#define XF(m, c, F) FLD(m, XCTL, (unsigned)((c) - (m)->c), F)   /* XCTL field of counter c */

#define YEV_W 25u
#define YEV_MASK ((1u << YEV_W) - 1u)

struct pmu_model {
    pmu_cfg  cfg;
    uint64_t cmask;                    /* 2^cw - 1 */
    pmu_dec_param dp;                  /* the parameters of the generated decode */
    pmu_cs_dec_param csdp;             /* ... of the CoreSight view's decode (VIEW=1) */
    /* the CoreSight view's own state: the cycle counter's enable, interrupt
     * enable and overflow flag (bit 31), PMCR.FZO, PMCCFILTR */
    unsigned cc_en, cc_ie, cc_ovf, fzo, ccf;
    uint64_t ccnt;                     /* the cycle counter (CW bits; the TSC stays free-running) */
    pmu_rv_param rvp;                  /* the parameters of the RISC-V view's decode (XLEN != 0) */
    uint32_t rv_men, rv_sen, rv_hen;   /* mcounteren / scounteren / hcounteren bits 3+n, stored at n */
    unsigned lcofi_q;                  /* the registered LCOFI request (lcofi_o) */
    uint32_t st[PMU_NK][PMU_NE_MAX];   /* stored registers (see ST) */
    uint32_t cnten;
    uint64_t tsc;
    uint32_t rshadow, wstage;
    unsigned yslot;             /* yield delivery slot: the thread whose channels may be delivered */
    uint8_t  sh_user, sh_tid;   /* who latched the read shadow: an unprivileged access, its thread */
    pmu_ctr  c[PMU_NC_MAX];
    /* pmu_sample */
    uint64_t siar, sdar;
    uint64_t ia1, da1, ia2, da2, ia3, da3;   /* address pipeline (cycles t-1..t-3) */
    uint64_t amask;                    /* 2^aw - 1 */
    uint32_t cev_q;                    /* "counter counted" bits of the previous cycle (yield vector) */
    uint32_t evt_prev;                 /* yield event vector of the previous cycle (edge-triggered sticky scenarios) */
    /* pmu_yield: channel k = ring3 * nch + i */
    pmu_ych  y[2 * PMU_NCH_MAX];
};

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
    m->cmask = cfg.cw == 64 ? ~0ull : ((1ull << cfg.cw) - 1u);
    m->amask = cfg.aw == 64 ? ~0ull : ((1ull << cfg.aw) - 1u);
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

static unsigned popcount16(unsigned v)
{
    unsigned n = 0;
    for (; v; v &= v - 1u) n++;
    return n;
}

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

/* ... and its one-hot instruction type (FTYPE bit; 0 for codes 9..15). */
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

/* pmu_event_mux: masked increment of thread t for counter c. FLOP class: a
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
        acc = popcount16(in->ev[t][c->es] & c->em);
    }
    return acc & IW_MASK;
}

/* pmu_core source select + process-mark gating of thread t (before the qualifier). */
static unsigned src_inc(const pmu_model *m, const pmu_ctr *c, const pmu_inputs *in, unsigned t)
{
    unsigned pm = in->pm[t] & 1u;
    if ((XF(m, c, PMS) && !pm) || (XF(m, c, PMC) && pm)) return 0;
    if (XF(m, c, LAT)) return (in->mem_valid[t] & 1u) && in->mem_lat[t] > FLD(m, MMCR, 0, THRESH);
    return mux_inc(m, c, in, t);
}

/* pmu_qualifier: sum of qualified threads' increments. */
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

static unsigned qual_inc(const pmu_model *m, const pmu_ctr *c, const pmu_inputs *in)
{
    unsigned sum = 0, nt = m->cfg.nt;
    for (unsigned t = 0; t < nt; t++) {
        unsigned bit = (in->cpl[t] & 3u) == 0 ? PMU_EQ_OS_BIT(t, nt) : PMU_EQ_USR_BIT(t, nt);
        if (m->cfg.xlen && rv_inhibited(c->inh, in->rv_mode[t])) continue;   /* RISC-V xINH */
        if ((c->eq >> bit) & 1u) sum += src_inc(m, c, in, t);
    }
    return sum & IW_MASK;
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

static uint32_t cfg_word(const pmu_cfg *c)
{
    return PMU_CFG_VALUE(c);   /* packed from regs/pmu.rdl (pmu_value) */
}

static uint32_t cap_word(const pmu_cfg *c)
{
    return PMU_CAP_VALUE(c);
}

static uint32_t ncmask(const pmu_model *m)
{
    return m->cfg.nc == 32 ? 0xFFFFFFFFu : ((1u << m->cfg.nc) - 1u);
}

/* a valid channel with YER set and action act (pmu_yield yirq_o / yfrz_o) */
static int ych_act_pending(const pmu_model *m, unsigned act)
{
    for (unsigned k = 0; k < 2 * m->cfg.nch; k++)
        if (m->y[k].valid && m->y[k].yer && m->y[k].act == act) return 1;
    return 0;
}

int pmu_model_yact(const pmu_model *m, unsigned act)
{
    return m ? ych_act_pending(m, act) : 0;
}

int pmu_model_irq(const pmu_model *m)
{
    uint32_t ie = 0;
    if (!m) return 0;
    for (unsigned n = 0; n < m->cfg.nc; n++) ie |= (uint32_t)m->c[n].ie << n;
    return (ST(m, OVF, 0) & ie) != 0 || ST(m, PMSTAT, 0) != 0 || ych_act_pending(m, PMU_YACT_IRQ) ||
           (m->cc_ovf && m->cc_ie);
}

uint32_t pmu_model_mmcr(const pmu_model *m)
{
    if (!m) return 0;
    return ST(m, MMCR, 0);
}

uint32_t pmu_model_yer(const pmu_model *m)
{
    uint32_t v = 0;
    if (!m) return 0;
    for (unsigned k = 0; k < 2 * m->cfg.nch; k++) v |= (uint32_t)m->y[k].yer << k;
    return v;
}

static uint32_t yring_word(const pmu_model *m, unsigned r3)
{
    uint32_t yer = 0;   /* YER & VALID */
    for (unsigned i = 0; i < m->cfg.nch; i++) yer |= (m->y[r3 * m->cfg.nch + i].yer & m->y[r3 * m->cfg.nch + i].valid) << i;
    return yer << PMU_YRING0_YER_LSB | (m->cfg.nch & 0xFu) << PMU_YRING0_NCH_LSB;   /* the read-only fields */
}

static uint32_t ych_word(const pmu_ych *y, unsigned off)
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
static int yield_pick(const pmu_model *m, const pmu_inputs *in)
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
static int ych3_own(const pmu_model *m, unsigned i, unsigned t)
{
    const pmu_ych *y = &m->y[m->cfg.nch + i];
    return y->tid < m->cfg.nt && y->tid == t;
}

/* YRING3 bits thread t reaches with an unprivileged access: BLK[t], the YER
 * bits of its channels, NCH */
static uint32_t yring3_own(const pmu_model *m, unsigned t)
{
    uint32_t v = t < m->cfg.nt ? 1u << (PMU_YRING3_BLK_LSB + t) : 0u;
    for (unsigned i = 0; i < m->cfg.nch; i++)
        if (ych3_own(m, i, t)) v |= 1u << (PMU_YRING3_YER_LSB + i);
    return v | PMU_YRING3_NCH_MASK;
}

/* YTHRr read value: channel i's thread at [4i +: 3] */
static uint32_t ythr_word(const pmu_model *m, unsigned r3)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < m->cfg.nch; i++) v |= m->y[r3 * m->cfg.nch + i].tid << (4u * i);
    return v;
}

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
static uint32_t cs_read(const pmu_model *m, int cr, unsigned n)
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

int pmu_model_step(pmu_model *m, const pmu_inputs *in, pmu_outputs *out)
{
    if (!m || !in) return PMU_MODEL_EINVAL;
    const unsigned nc = m->cfg.nc;
    const uint32_t a = in->paddr & ((1u << PMU_ADDR_BITS) - 1u);

    /* ---- RISC-V CSR port (XLEN != 0; rtl/pmu_rv_csr.v, cmodel/pmu_rv_csr.h):
     * combinational from pre-edge state; every CSR instruction holds off the APB access phase */
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
    const int acc = in->psel && in->penable && !rv_hold;

    /* ---- bus decode (combinational, from pre-edge state): the generated
     * decode of rtl/pmu_apb.v (cmodel/pmu_regdec.h) ---- */
    /* VIEW=1: page 2 is the native map, the others the CoreSight block's */
    const int cs_pg = m->cfg.view && ((a >> 12) & 3u) != 2u;
    unsigned idx = 0, cidx = 0;
    const int r = cs_pg ? PMU_K_NONE : pmu_reg_decode(&m->dp, a & 0xFFFu, &idx);
    const int cr = cs_pg ? pmu_cs_reg_decode(&m->csdp, a, &cidx) : PMU_CS_K_NONE;
    const int priv = in->pprot & 1u;
    const unsigned ptid = in->ptid & 7u;
    /* pmu_user=own: a ring-3 channel's registers (YCH3, YCAP3) belong to its thread */
    const int own = (r >= PMU_K_YCH3_CTL && r <= PMU_K_YCH3_TGT_HI) || (r >= PMU_K_YCAP3_IP_LO && r <= PMU_K_YCAP3_CT_HI)
                    ? ych3_own(m, idx, ptid) : 1;
    const int err = cs_pg ? pmu_cs_reg_err(cr, a, in->pwrite, in->pstrb, priv, (int)FLD(m, GCTL, 0, UEN), in->pwdata, 1)
                          : pmu_reg_err(r, a & 0xFFFu, in->pwrite, in->pstrb, priv, (int)FLD(m, GCTL, 0, UEN), in->pwdata, own);
    /* an unprivileged access to YRING3 reaches the issuing thread's bits only */
    const uint32_t own_m = (r == PMU_K_YRING3 && !priv) ? yring3_own(m, ptid) : 0xFFFFFFFFu;
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
    case PMU_K_YRING0:    rdata = yring_word(m, 0); break;
    case PMU_K_YRING3:    rdata = yring_word(m, 1); break;
    case PMU_K_YTHR0:     rdata = ythr_word(m, 0); break;
    case PMU_K_YTHR3:     rdata = ythr_word(m, 1); break;
    default:
        if (ycap) {   /* an invalid channel reads 0, its HI words too */
            const unsigned off = PMU_KIND[r].off;
            const uint64_t v = !ycap_ch->valid ? 0u : off < PMU_YCAP_DA_LO_OFF ? ycap_ch->cap.ip :
                               off < PMU_YCAP_TS_LO_OFF ? ycap_ch->cap.da :
                               off < PMU_YCAP_CT_LO_OFF ? ycap_ch->cap.ts : ycap_ch->cap.ct;
            if (PMU_KIND[r].wide == 1) { lo_val = v; rdata = (uint32_t)v; }
            else rdata = ycap_ch->valid ? shadow : 0u;
        } else if (ych) rdata = ych_word(&m->y[ych_k], yoff);
        else if (r != PMU_K_NONE && PMU_KIND[r].is_const) rdata = PMU_KIND[r].value;
        break;
    }
    if (r != PMU_K_NONE && !PMU_KIND[r].external && !PMU_KIND[r].is_const)
        rdata = m->st[r][idx] | (rdata & PMU_KIND[r].ro);
    if (r != PMU_K_NONE) rdata &= PMU_KIND[r].rmask & own_m;   /* reserved bits read 0 */
    if (cs_pg) rdata = cs_read(m, cr, cidx);
    const int ypick = yield_pick(m, in);
    /* pre-edge TSC and counter values a capture record takes (YCAP=1) */
    const uint64_t tsc_pre = m->tsc;
    uint64_t cnt_pre[PMU_NC_MAX];
    if (m->cfg.ycap && m->cfg.has_yield)
        for (unsigned n = 0; n < nc; n++) cnt_pre[n] = m->c[n].cnt;
    if (out) {
        out->pready = !rv_hold;
        out->csr_hit = (uint8_t)rhit;
        out->csr_ill = (uint8_t)(rhit && in->csr_valid && rexc == PMU_RV_ILL);
        out->csr_virt = (uint8_t)(rhit && in->csr_valid && rexc == PMU_RV_VIRT);
        out->csr_rdata = rv_ok ? rv_rdata : 0u;
        out->lcofi = (uint8_t)m->lcofi_q;
        out->pslverr = (uint8_t)(acc && err);
        out->prdata = rd_ok ? rdata : 0u;
        out->irq = (uint8_t)pmu_model_irq(m);
        out->pmi = ST(m, PMSTAT, 0) != 0;
        out->yield = ypick >= 0;
        out->yield_ring = ypick >= 0 && (unsigned)ypick >= m->cfg.nch;
        out->yield_ch = ypick >= 0 ? (uint8_t)((unsigned)ypick % m->cfg.nch) : 0u;
        out->yield_tid = ypick >= 0 ? (uint8_t)m->y[ypick].tid : 0u;
        out->yield_tgt = ypick >= 0 ? m->y[ypick].tgt : 0u;
        out->yield_attr = ypick >= 0 ? (uint8_t)(m->y[ypick].flt | m->y[ypick].pre << 1 | m->y[ypick].hint << 2) : 0u;
    }

    /* ---- event path (pmu_core; uses pre-edge state) ----
     * stage C adds the increment of the events of cycle t-2, stage T
     * thresholds those of t-1, stage E selects and qualifies this cycle's,
     * each with its count enable. */
    const uint32_t wd = in->pwdata;
    const uint64_t wd64 = (uint64_t)m->wstage << 32 | wd;
    const unsigned msb = m->cfg.cw - 1u;
    const unsigned cnt0_msb = (unsigned)(m->c[0].cnt >> msb) & 1u;
    const int hold = FLD(m, MMCR, 0, TRIG) && !cnt0_msb;   /* trigger: counters 1.. wait */
    /* the CoreSight view's write of this cycle (kind cw_k, element cidx) */
    const int cw_k = (wr_ok && cs_pg) ? cr : PMU_CS_K_NONE;
    const int cs_p = cw_k == PMU_CS_K_PMCR && ((wd >> 1) & 1u);   /* PMCR.P: event counters to 0 */
    const int cs_c = cw_k == PMU_CS_K_PMCR && ((wd >> 2) & 1u);   /* PMCR.C: the cycle counter to 0 */
    const int fz = m->fzo && (ST(m, OVF, 0) != 0 || m->cc_ovf);     /* PMCR.FZO freeze */
    const int yfrz = ych_act_pending(m, PMU_YACT_FRZ);        /* yield action 3: counters frozen */
    /* hardware sides of the stored registers (pmu_reg_field hwset / hwclr) */
    uint32_t hwset[PMU_NK] = {0}, hwclr[PMU_NK] = {0};
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
    /* RISC-V view: mhpmevent.OF is OVF[n] (a hardware overflow wins over a
     * write of 0); a write of mcountinhibit sets GCTL.GEN */
    if (rv_wk == PMU_RV_K_MHPMEVENT) {
        if ((rv_new >> PMU_RV_MHPMEVENT_OF_LSB) & 1u) hwset[PMU_K_OVF] |= 1u << ridx;
        else hwclr[PMU_K_OVF] |= 1u << ridx;
    }
    if (rv_wk == PMU_RV_K_MCOUNTINHIBIT) hwset[PMU_K_GCTL] |= 1u << PMU_GCTL_GEN_LSB;
    /* CoreSight view: PMOVSSET0/CLR0 and PMCR.E write the native block's OVF and GCTL.GEN */
    if (cw_k == PMU_CS_K_PMOVSSET0) hwset[PMU_K_OVF] |= wd & 0x7FFFFFFFu;
    if (cw_k == PMU_CS_K_PMOVSCLR0) hwclr[PMU_K_OVF] = wd;
    if (cw_k == PMU_CS_K_PMCR) {
        hwset[PMU_K_GCTL] = (wd & 1u) << PMU_GCTL_GEN_LSB;
        hwclr[PMU_K_GCTL] = (~wd & 1u) << PMU_GCTL_GEN_LSB;
    }

    /* ---- time-stamp counter; time-base transition of the TBSEL bit ---- */
    const unsigned tb = TB_BIT[FLD(m, MMCR, 0, TBSEL) & 3u];
    const unsigned tb_cur = (unsigned)(m->tsc >> tb) & 1u;
    m->tsc = (wr_ok && r == PMU_K_TSC_LO) ? wd64 : m->tsc + 1u;
    if (m->cfg.view) {
        /* the cycle counter: counts while PMCR.E, its enable, no freeze and a
         * thread at a privilege PMCCFILTR does not exclude */
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
    /* (without the sampling block there is no time base: the yield event
     * vector's TB bit stays 0, as pmu_core's g_no_smp ties it) */
    const unsigned tb_rise = m->cfg.has_sample && !tb_cur && ((m->tsc >> tb) & 1u);

    /* ---- sampling interrupt (pmu_sample; decided on the pre-edge state) ---- */
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

    /* ---- yield channels (pmu_yield; pre-edge state) ---- */
    {
        const unsigned nch = m->cfg.nch;
        const unsigned pick_r3 = ypick >= 0 && (unsigned)ypick >= nch, pick_tid = ypick >= 0 ? m->y[ypick].tid : 0u;
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
                              (ypick >= 0 && m->y[ypick].flt && ring == pick_r3 && y->tid == pick_tid && y->flt &&
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
            else if (missed && y->miss != 0xFFFFu) y->miss++;
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

    /* ---- register writes ---- */
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
    /* ---- the RISC-V view's writes (docs/riscv.md) ---- */
    switch (rv_wk) {
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
    /* ---- the CoreSight view's writes (docs/coresight.md) ---- */
    {
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

    /* ---- the registers stored by the register block: the written element,
     * and the hardware side of every stored register that has one ---- */
    for (int k = 0; k < PMU_NK; k++) {
        if (PMU_KIND[k].external || !(PMU_KIND[k].rw | PMU_KIND[k].w1c | PMU_KIND[k].w1s)) continue;
        if (wr_ok && r == k)
            m->st[k][idx] = pmu_kind_next(&m->dp, k, m->st[k][idx], 1, wd & own_m, hwclr[k], hwset[k]);
        else if (hwset[k] | hwclr[k])
            m->st[k][0] = pmu_kind_next(&m->dp, k, m->st[k][0], 0, 0u, hwclr[k], hwset[k]);
    }

    m->yslot = m->yslot + 1u >= m->cfg.nt ? 0u : m->yslot + 1u;   /* delivery slot: next thread */

    /* ---- read shadow / write stage ---- */
    if (rd_ok && PMU_KIND[r].wide == 1) {
        m->rshadow = (uint32_t)(lo_val >> 32);
        m->sh_user = (uint8_t)!priv; m->sh_tid = (uint8_t)ptid;
    }
    if (wr_ok && PMU_KIND[r].wr && PMU_KIND[r].wide == 2) m->wstage = wd;
    if (wr_ok && PMU_KIND[r].wr && PMU_KIND[r].wide == 1) m->wstage = 0;
    return 0;
}

uint64_t pmu_model_counter(const pmu_model *m, unsigned n) { return m && n < m->cfg.nc ? m->c[n].cnt : 0; }
uint32_t pmu_model_ovf(const pmu_model *m) { return m ? ST(m, OVF, 0) : 0; }
uint64_t pmu_model_tsc(const pmu_model *m) { return m ? m->tsc : 0; }
uint64_t pmu_model_siar(const pmu_model *m) { return m ? m->siar : 0; }
uint64_t pmu_model_sdar(const pmu_model *m) { return m ? m->sdar : 0; }
uint32_t pmu_model_pmstat(const pmu_model *m) { return m ? ST(m, PMSTAT, 0) : 0; }
uint32_t pmu_model_cs_pmovs(const pmu_model *m) { return m ? m->cc_ovf << 31 | ST(m, OVF, 0) : 0; }
uint64_t pmu_model_cs_ccnt(const pmu_model *m) { return m ? m->ccnt : 0; }
int pmu_model_cs_frozen(const pmu_model *m) { return m && m->fzo && (ST(m, OVF, 0) != 0 || m->cc_ovf); }
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

uint32_t pmu_model_ych_esv(const pmu_model *m, unsigned ring3, unsigned i)
{
    const pmu_ych *y = ych_at(m, ring3, i);
    return y ? y->esv : 0;
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
    return (ych_word(&v, PMU_YCH_CTL_OFF) & ~PMU_YCH_CTL_VALID_MASK) | y->valid << PMU_YCH_CTL_VALID_LSB;
}
