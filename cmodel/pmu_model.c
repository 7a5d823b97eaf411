/* pmu-ip cycle-accurate C golden model. Structure follows rtl/pmu_core.v
 * block by block; see pmu_model.h. */
#include "pmu_model.h"
#include <stdlib.h>
#include <string.h>

#define IW_MASK 0xFFu   /* increments are 8-bit in the RTL (IW = 8) */

typedef struct {
    unsigned es, ie, edge, inv, thr;   /* CTL */
    unsigned em, eq;                   /* EMQ */
    unsigned prev_cond;                /* pmu_threshold state */
    uint64_t cnt;
} pmu_ctr;

struct pmu_model {
    pmu_cfg  cfg;
    uint64_t cmask;                    /* 2^cw - 1 */
    unsigned gen, uen;
    uint32_t cnten, ovf;
    uint64_t tsc;
    uint32_t rshadow, wstage;
    pmu_ctr  c[PMU_NC_MAX];
};

const char *pmu_cfg_check(const pmu_cfg *c)
{
    if (!c) return "cfg is NULL";
    if (c->nt < 1 || c->nt > PMU_NT_MAX) return "nt must be 1..8";
    if (c->nc < 1 || c->nc > PMU_NC_MAX) return "nc must be 1..32";
    if (c->cw < 33 || c->cw > 64) return "cw must be 33..64";
    if (c->ncls < 1 || c->ncls > PMU_NCLS_MAX) return "ncls must be 1..64";
    if (c->nret < 1 || c->nret > PMU_NRET_MAX) return "nret must be 1..8";
    if (c->flop_class > 63) return "flop_class must be 0..63";
    return NULL;
}

pmu_model *pmu_model_new(const pmu_cfg *cfg)
{
    if (pmu_cfg_check(cfg)) return NULL;
    pmu_model *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->cfg = *cfg;
    m->cmask = cfg->cw == 64 ? ~0ull : ((1ull << cfg->cw) - 1u);
    pmu_model_reset(m);
    return m;
}

void pmu_model_free(pmu_model *m) { free(m); }

void pmu_model_reset(pmu_model *m)
{
    pmu_cfg cfg = m->cfg;
    uint64_t cmask = m->cmask;
    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->cmask = cmask;
}

const pmu_cfg *pmu_model_cfg(const pmu_model *m) { return &m->cfg; }

static unsigned popcount16(unsigned v)
{
    unsigned n = 0;
    for (; v; v &= v - 1u) n++;
    return n;
}

/* pmu_flop_decode: one-hot FLOP category of a retire slot. */
static unsigned flop_cat(const pmu_flop_slot *s)
{
    if (!s->valid) return 0;
    switch (s->rsz) {
    case PMU_RSZ32:  return s->esz ? 0u : PMU_FLOP_SCALAR_SINGLE;
    case PMU_RSZ64:  return s->esz ? PMU_FLOP_SCALAR_DOUBLE : 0u;
    case PMU_RSZ128: return s->esz ? PMU_FLOP_PACKED128_DOUBLE : PMU_FLOP_PACKED128_SINGLE;
    case PMU_RSZ256: return s->esz ? PMU_FLOP_PACKED256_DOUBLE : PMU_FLOP_PACKED256_SINGLE;
    case PMU_RSZ512: return s->esz ? PMU_FLOP_PACKED512_DOUBLE : PMU_FLOP_PACKED512_SINGLE;
    default:         return 0u;
    }
}

/* pmu_event_mux: masked increment of thread t for counter c. */
static unsigned mux_inc(const pmu_model *m, const pmu_ctr *c, const pmu_inputs *in, unsigned t)
{
    unsigned acc = 0;
    if (c->es == m->cfg.flop_class) {
        for (unsigned s = 0; s < m->cfg.nret; s++)
            if (flop_cat(&in->flop[t][s]) & c->em & 0xFFu)
                acc += in->flop[t][s].fma ? 2u : 1u;
    } else if (c->es < m->cfg.ncls) {
        acc = popcount16(in->ev[t][c->es] & c->em);
    }
    return acc & IW_MASK;
}

/* pmu_qualifier: sum of qualified threads' increments. */
static unsigned qual_inc(const pmu_model *m, const pmu_ctr *c, const pmu_inputs *in)
{
    unsigned sum = 0, nt = m->cfg.nt;
    for (unsigned t = 0; t < nt; t++) {
        unsigned bit = (in->cpl[t] & 3u) == 0 ? PMU_EQ_OS_BIT(t, nt) : PMU_EQ_USR_BIT(t, nt);
        if ((c->eq >> bit) & 1u) sum += mux_inc(m, c, in, t);
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

/* pmu_apb decode of one access. */
typedef enum { R_NONE, R_ID, R_CFG, R_GCTL, R_OVF, R_CLR, R_CNTEN, R_TSC_LO, R_TSC_HI,
               R_CTL, R_EMQ, R_CNT_LO, R_CNT_HI } reg_id;

static reg_id decode(const pmu_model *m, uint32_t a, unsigned *idx)
{
    *idx = 0;
    if (a >= PMU_CNT_BASE && ((a - PMU_CNT_BASE) >> 4) < m->cfg.nc) {
        *idx = (a - PMU_CNT_BASE) >> 4;
        switch (a & 0xCu) {
        case PMU_CREG_CTL:    return R_CTL;
        case PMU_CREG_EMQ:    return R_EMQ;
        case PMU_CREG_CNT_LO: return R_CNT_LO;
        default:              return R_CNT_HI;
        }
    }
    switch (a) {
    case PMU_REG_ID:     return R_ID;
    case PMU_REG_CFG:    return R_CFG;
    case PMU_REG_GCTL:   return R_GCTL;
    case PMU_REG_OVF:    return R_OVF;
    case PMU_REG_CLR:    return R_CLR;
    case PMU_REG_CNTEN:  return R_CNTEN;
    case PMU_REG_TSC_LO: return R_TSC_LO;
    case PMU_REG_TSC_HI: return R_TSC_HI;
    default:             return R_NONE;
    }
}

static uint32_t cfg_word(const pmu_cfg *c)
{
    return (c->nc & 0xFFu) | (c->cw & 0xFFu) << 8 | (c->nt & 0xFu) << 16 |
           (c->nret & 0xFu) << 20 | (c->flop_class & 0x3Fu) << 24;
}

static uint32_t ncmask(const pmu_model *m)
{
    return m->cfg.nc == 32 ? 0xFFFFFFFFu : ((1u << m->cfg.nc) - 1u);
}

int pmu_model_irq(const pmu_model *m)
{
    uint32_t ie = 0;
    for (unsigned n = 0; n < m->cfg.nc; n++) ie |= (uint32_t)m->c[n].ie << n;
    return (m->ovf & ie) != 0;
}

void pmu_model_step(pmu_model *m, const pmu_inputs *in, pmu_outputs *out)
{
    const unsigned nc = m->cfg.nc;
    const uint32_t a = in->paddr & ((1u << PMU_ADDR_BITS) - 1u);
    const int acc = in->psel && in->penable;

    /* ---- bus decode (combinational, from pre-edge state) ---- */
    unsigned idx;
    reg_id r = decode(m, a, &idx);
    int user_ok = r == R_CNT_LO || r == R_CNT_HI || r == R_TSC_LO || r == R_TSC_HI;
    int err = (a & 3u) || r == R_NONE || (in->pwrite && (in->pstrb & 0xFu) != 0xFu) ||
              (!(in->pprot & 1u) && (in->pwrite || !(m->uen && user_ok)));
    int wr_ok = acc && in->pwrite && !err;
    int rd_ok = acc && !in->pwrite && !err;
    uint32_t rdata = 0;
    uint64_t lo_val = 0;
    switch (r) {
    case R_ID:     rdata = PMU_ID_VALUE; break;
    case R_CFG:    rdata = cfg_word(&m->cfg); break;
    case R_GCTL:   rdata = m->gen | m->uen << 1; break;
    case R_OVF:    rdata = m->ovf; break;
    case R_CNTEN:  rdata = m->cnten; break;
    case R_TSC_LO: lo_val = m->tsc; rdata = (uint32_t)lo_val; break;
    case R_CNT_LO: lo_val = m->c[idx].cnt; rdata = (uint32_t)lo_val; break;
    case R_TSC_HI: case R_CNT_HI: rdata = m->rshadow; break;
    case R_CTL: {
        const pmu_ctr *c = &m->c[idx];
        rdata = c->es << PMU_CTL_ES_LSB | ((m->cnten >> idx) & 1u) << PMU_CTL_EN_LSB |
                c->ie << PMU_CTL_IE_LSB | c->edge << PMU_CTL_EDGE_LSB |
                c->inv << PMU_CTL_INV_LSB | c->thr << PMU_CTL_THR_LSB;
        break;
    }
    case R_EMQ:    rdata = m->c[idx].em | m->c[idx].eq << PMU_EMQ_EQ_LSB; break;
    default:       break;
    }
    if (out) {
        out->pready = 1;
        out->pslverr = (uint8_t)(acc && err);
        out->prdata = rd_ok ? rdata : 0u;
        out->irq = (uint8_t)pmu_model_irq(m);
    }

    /* ---- counting (uses pre-edge state) ---- */
    const uint32_t wd = in->pwdata;
    const uint64_t wd64 = (uint64_t)m->wstage << 32 | wd;
    uint32_t ovf_set = 0;
    for (unsigned n = 0; n < nc; n++) {
        pmu_ctr *c = &m->c[n];
        unsigned cond, inc = thr_inc(c, qual_inc(m, c, in), &cond);
        int run = m->gen && ((m->cnten >> n) & 1u);
        int we = wr_ok && r == R_CNT_LO && idx == n;
        int clr = wr_ok && r == R_CLR && ((wd >> n) & 1u);
        c->prev_cond = cond;
        if (we) {
            c->cnt = wd64 & m->cmask;
        } else if (clr) {
            c->cnt = 0;
        } else if (run) {
            uint64_t sum = (c->cnt + inc) & m->cmask;
            if (sum < c->cnt) ovf_set |= 1u << n;   /* carry out of bit cw-1 */
            c->cnt = sum;
        }
    }
    m->ovf = (m->ovf & ~((wr_ok && r == R_OVF) ? wd : 0u)) | ovf_set;
    m->ovf &= ncmask(m);

    /* ---- time-stamp counter ---- */
    m->tsc = (wr_ok && r == R_TSC_LO) ? wd64 : m->tsc + 1u;

    /* ---- register writes ---- */
    if (wr_ok) {
        switch (r) {
        case R_GCTL:  m->gen = (wd >> PMU_GCTL_GEN_LSB) & 1u; m->uen = (wd >> PMU_GCTL_UEN_LSB) & 1u; break;
        case R_CNTEN: m->cnten = wd & ncmask(m); break;
        case R_CTL: {
            pmu_ctr *c = &m->c[idx];
            c->es = (wd & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB;
            c->ie = (wd >> PMU_CTL_IE_LSB) & 1u;
            c->edge = (wd >> PMU_CTL_EDGE_LSB) & 1u;
            c->inv = (wd >> PMU_CTL_INV_LSB) & 1u;
            c->thr = (wd & PMU_CTL_THR_MASK) >> PMU_CTL_THR_LSB;
            m->cnten = (m->cnten & ~(1u << idx)) | ((wd >> PMU_CTL_EN_LSB) & 1u) << idx;
            break;
        }
        case R_EMQ:
            m->c[idx].em = wd & PMU_EMQ_EM_MASK;
            m->c[idx].eq = (wd >> PMU_EMQ_EQ_LSB) & ((1u << (2u * m->cfg.nt)) - 1u);
            break;
        default: break;
        }
    }

    /* ---- read shadow / write stage ---- */
    if (rd_ok && (r == R_CNT_LO || r == R_TSC_LO)) m->rshadow = (uint32_t)(lo_val >> 32);
    if (wr_ok && (r == R_CNT_HI || r == R_TSC_HI)) m->wstage = wd;
    if (wr_ok && (r == R_CNT_LO || r == R_TSC_LO)) m->wstage = 0;
}

uint64_t pmu_model_counter(const pmu_model *m, unsigned n) { return n < m->cfg.nc ? m->c[n].cnt : 0; }
uint32_t pmu_model_ovf(const pmu_model *m) { return m->ovf; }
uint64_t pmu_model_tsc(const pmu_model *m) { return m->tsc; }

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

int pmu_model_write(pmu_model *m, uint32_t addr, uint32_t data) { return bus(m, addr, 1, data, NULL); }
int pmu_model_read(pmu_model *m, uint32_t addr, uint32_t *data) { return bus(m, addr, 0, 0, data); }
