/* dc_model.c: cycle-accurate twin of rtl/dc_top.v (see dc_model.h and
 * docs/dc_notes.md). Every function below mirrors one RTL block; the names
 * of the RTL signals are kept. */
#include "dc_model.h"
#include "dc_regdec.h"
#include "dc_secded.h"
#include "pmu_reg_field.h"
#include "pmu_prim.h"
#include <stdlib.h>
#include <string.h>

enum { K_NONE, K_ADD, K_BRD, K_BWR, K_ALD, K_AWR };

int dc_cfg_default(dc_cfg_t *c) {
  if (!c) return DC_MODEL_EINVAL;
  {
    const dc_cfg_t ref = DC_CFG_REF;   /* config/pmu_ip.yaml dc_ref */
    *c = ref;
  }
  return 0;
}

/* The rules between parameters of one unit type (the ranges of each
 * parameter: dc_cfg_ranges, generated from config/pmu_ip.yaml). */
static const char *unit_check(const dc_cfg_t *c, int nctr, int lw, int nsub) {
  if ((long)c->frame * c->nt * nsub >= (1L << lw)) return "dc_illegal_FRAME_x_max_increment_ge_2_pow_LW";
  if (nctr * lw > c->frame) return "dc_illegal_serial_window_exceeds_FRAME";
  return NULL;
}

const char *dc_cfg_check(const dc_cfg_t *c) {
  int nu;
  const char *e;
  if (!c) return "dc_cfg_is_NULL";
  nu = c->np + c->nl;
  if (c->np < 0 || c->nl < 0 || nu < 1 || nu > (int)DC_NU_MAX) return "dc_illegal_parameter_NU";
  if ((e = dc_cfg_ranges(c))) return e;
  if (c->np > 0 && (e = unit_check(c, c->ncp, c->lwp, c->nsubp))) return e;
  if (c->nl > 0 && (e = unit_check(c, c->ncl, c->lwl, c->nsubl))) return e;
  {
    int gp = (c->ncp + 15) / 16, gl = (c->ncl + 15) / 16, fp = (c->ncp + 3) / 4, fl = (c->ncl + 3) / 4;
    int ng = c->np * gp + c->nl * gl + DC_RAW_GROUPS;
    int tf = c->np * fp + c->nl * fl;
    if (ng > 64) return "dc_illegal_too_many_SRAM_groups";
    if (2 * tf + 2 * (int)DC_RAW_WORDS > c->frame) return "dc_illegal_FRAME_too_short_for_slots";
  }
  return NULL;
}

dc_model_t *dc_model_new(const dc_cfg_t *c) {
  dc_model_t *m;
  int u;
  if (dc_cfg_check(c)) return NULL;
  m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->cfg = *c;
  m->nu = c->np + c->nl;
  m->gp = (c->ncp + 15) / 16; m->gl = (c->ncl + 15) / 16;
  m->fp = (c->ncp + 3) / 4;   m->fl = (c->ncl + 3) / 4;
  m->tf = c->np * m->fp + c->nl * m->fl;
  m->rawbase = 2 * m->tf;
  m->raww = 4 * (c->np * m->gp + c->nl * m->gl);
  m->ng = c->np * m->gp + c->nl * m->gl + DC_RAW_GROUPS;
  m->nw = 4 * m->ng;
  m->ncnt = 4 * m->nw;
  m->mem = calloc((size_t)m->nw, sizeof *m->mem);
  m->cmem = calloc((size_t)m->nw, sizeof *m->cmem);
  m->u = calloc((size_t)m->nu, sizeof *m->u);
  m->ncs = c->np > 0 ? c->ncls : 1;
  if (c->nl > 0 && c->nclsl > m->ncs) m->ncs = c->nclsl;
  m->ev_seen = calloc((size_t)m->nu * c->nt * m->ncs, sizeof *m->ev_seen);
  m->evp = calloc((size_t)m->nu * c->nt * m->ncs, sizeof *m->evp);
  m->evs = calloc((size_t)c->nt * m->ncs, sizeof *m->evs);
  if (!m->mem || !m->cmem || !m->u || !m->ev_seen || !m->evp || !m->evs) { dc_model_free(m); return NULL; }
  for (u = 0; u < m->nu; u++) {
    dc_unit_t *x = &m->u[u];
    int core = u < c->np;
    x->id = u;
    x->nctr = core ? c->ncp : c->ncl;
    x->lw = core ? c->lwp : c->lwl;
    x->nsub = core ? c->nsubp : c->nsubl;
    x->ncls = core ? c->ncls : c->nclsl;
    x->nfl = (x->nctr + 3) / 4;
    {
      int nwin = (c->nt * x->ncls * x->nsub + (int)DC_RAW_EVENTS - 1) / (int)DC_RAW_EVENTS, dgw = 0;
      if (nwin > 16) nwin = 16;
      while ((1 << dgw) < nwin) dgw++;
      x->dgm = (uint8_t)((1u << dgw) - 1);
    }
    x->slot = core ? 2 * m->fp * u : 2 * m->fp * c->np + 2 * m->fl * (u - c->np);
    x->wbase = core ? 4 * m->gp * u : 4 * m->gp * c->np + 4 * m->gl * (u - c->np);
    x->d = m->nu - u;
    x->sync = 1;
  }
  m->nov_thr = 0xFFFFFFFF00000000ull;
  m->accsel = 0xFFFFu;
  m->quiet = 1;
  m->inj_b0 = m->inj_b1 = 0x7F;
  return m;
}

void dc_model_free(dc_model_t *m) {
  if (!m) return;
  free(m->mem);
  free(m->cmem);
  free(m->u);
  free(m->ev_seen);
  free(m->evp);
  free(m->evs);
  free(m);
}

int dc_unit_first_counter(const dc_model_t *m, int u)
{
  return m && u >= 0 && u < m->nu ? 4 * m->u[u].wbase : DC_MODEL_EINVAL;
}

int dc_model_irq(const dc_model_t *m, int u) { return m && u >= 0 && u < m->nu && m->u[u].uirq != 0; }
int dc_model_err_irq(const dc_model_t *m) { return m && m->err_ie && m->errstat != 0; }

static int fbit(const dc_flit_t *f, int b) { return (f->data[b >> 5] >> (b & 31)) & 1; }

int dc_flit_pack(const dc_flit_t *f, uint32_t w[5]) {
  uint64_t hi = 0; /* bits 96..129 */
  if (!f || !w) return DC_MODEL_EINVAL;
  w[0] = f->data[0]; w[1] = f->data[1]; w[2] = f->data[2];
  hi |= (uint64_t)f->fv << (DC_CH_FV_LSB - 96);
  hi |= (uint64_t)f->cyc << (DC_CH_CYC_LSB - 96);
  hi |= (uint64_t)f->run << (DC_CH_RUN_LSB - 96);
  hi |= (uint64_t)f->lrst << (DC_CH_LRST_LSB - 96);
  hi |= (uint64_t)f->mode << (DC_CH_MODE_LSB - 96);
  hi |= (uint64_t)f->dsel << (DC_CH_DSEL_LSB - 96);
  hi |= (uint64_t)f->nv << (DC_CH_NOV_V_LSB - 96);
  hi |= (uint64_t)f->na << (DC_CH_NOV_ADDR_LSB - 96);
  hi |= (uint64_t)f->nm << (DC_CH_NOV_MASK_LSB - 96);
  hi |= (uint64_t)(f->par & 1) << (DC_CH_PAR_LSB - 96);
  w[3] = (uint32_t)hi;
  w[4] = (uint32_t)(hi >> 32);
  return 0;
}

/* ------------------------------------------------------------ local unit */
typedef struct { int sel, we, off; uint32_t wdata; } rbus_t;

/* even parity of a flit's 96 DATA bits (1: an odd number of ones) */
static unsigned data_par(const uint32_t *d) {
  return (pmu_popcount16(d[0]) + pmu_popcount16(d[0] >> 16) + pmu_popcount16(d[1]) + pmu_popcount16(d[1] >> 16) +
          pmu_popcount16(d[2]) + pmu_popcount16(d[2] >> 16)) & 1u;
}

/* thread masks of a counter from EQ/TC (pmu_qualifier, cmodel/pmu_prim.h,
 * + thread combine) */
static void ctr_derive(dc_ctr_t *c, int k, int nt) {
  int t;
  c->os_m = c->usr_m = 0;
  for (t = 0; t < nt; t++) {
    if (!c->tc && t != k % nt) continue;
    if (pmu_qual_on(c->eq, (unsigned)t, (unsigned)nt, 1)) c->os_m |= (uint8_t)(1u << t);
    if (pmu_qual_on(c->eq, (unsigned)t, (unsigned)nt, 0)) c->usr_m |= (uint8_t)(1u << t);
  }
}

/* the generated decode of a unit's window (rtl/dc_lu_dec.v) */
static int unit_kind(const dc_unit_t *x, int off, unsigned *cn) {
  dc_dec_param p;
  memset(&p, 0, sizeof p);
  p.NCTR = (unsigned)x->nctr;
  return dc_lu_decode(&p, (uint32_t)off, cn);
}

/* comb read of a unit register; returns ok */
static int unit_read(const dc_model_t *m, const dc_unit_t *x, int off, uint32_t *rd) {
  unsigned cn;
  int k = unit_kind(x, off, &cn);
  const dc_ctr_t *c = &x->c[k >= DC_LU_K_C_CTL ? cn : 0];
  *rd = 0;
  switch (k) {
    case DC_LU_K_UCTL: *rd = (uint32_t)x->ovb << DC_UCTL_OVB_LSB; return 1;
    case DC_LU_K_UIRQ: *rd = x->uirq; return 1;
    case DC_LU_K_UARM: *rd = x->arm; return 1;
    case DC_LU_K_UMODE:
      *rd = ((uint32_t)x->sync << DC_UMODE_SYNC_LSB) | ((uint32_t)x->lrun << DC_UMODE_LRUN_LSB) |
            ((uint32_t)x->frz << DC_UMODE_FRZ_LSB);
      return 1;
    case DC_LU_K_DGSEL0: {
      int g;
      for (g = 0; g < 8; g++) *rd |= (uint32_t)x->dg[g] << (DC_DGSEL0_G0_LSB + 4 * g);
      return 1;
    }
    case DC_LU_K_DGSEL1: {
      int g;
      for (g = 8; g < 12; g++) *rd |= (uint32_t)x->dg[g] << (DC_DGSEL1_G8_LSB + 4 * (g - 8));
      return 1;
    }
    case DC_LU_K_UCFG:
      *rd = ((uint32_t)x->nctr << DC_UCFG_NCTR_LSB) | ((uint32_t)x->lw << DC_UCFG_LW_LSB) |
            ((uint32_t)m->cfg.nt << DC_UCFG_NT_LSB) | ((uint32_t)x->nsub << DC_UCFG_NSUB_LSB) |
            ((uint32_t)x->id << DC_UCFG_ID_LSB);
      return 1;
    case DC_LU_K_ELPSEL: *rd = (uint32_t)x->elpsel << DC_ELPSEL_E_LSB; return 1;
    case DC_LU_K_ELP:
      if (x->elpsel < m->cfg.nt * x->ncls)
        *rd = ((uint32_t)x->einv[x->elpsel] << DC_ELP_INV_LSB) | ((uint32_t)x->eedge[x->elpsel] << DC_ELP_EDGE_LSB);
      return 1;
    case DC_LU_K_C_CTL:
      *rd = ((uint32_t)c->es << DC_C_CTL_ES_LSB) | ((uint32_t)c->en << DC_C_CTL_EN_LSB) |
            ((uint32_t)c->ie << DC_C_CTL_IE_LSB) | ((uint32_t)c->tc << DC_C_CTL_TC_LSB);
      return 1;
    case DC_LU_K_C_EMQ:
      *rd = ((uint32_t)c->em << DC_C_EMQ_EM_LSB) | ((uint32_t)c->eq << DC_C_EMQ_EQ_LSB);
      return 1;
    case DC_LU_K_C_CNT: *rd = c->cnt; return 1;
    default: return 0;
  }
}

/* Increments of all counters of unit x for the events ev (after the
 * edge/level/polarity stage) and the
 * CPL==0 thread set cplz, as if counting were enabled (pmu_event_mux: EM
 * mask + popcount of the selected class, per thread; pmu_qualifier + thread
 * combine: os_m/usr_m). Pure function of (ev, cplz, the counters' EN/ES/EM/
 * EQ/TC): it is evaluated only when one of them changed since the last call
 * (at a constant event pattern, e.g. the maximum-rate soak, never again). */
static void unit_incs(const dc_model_t *m, dc_unit_t *x, const uint16_t *ev, unsigned cplz) {
  const int nt = m->cfg.nt, ncs = m->ncs;
  const uint32_t lmask = pmu_mask32((unsigned)x->lw);
  uint16_t *seen = m->ev_seen + (size_t)x->id * nt * ncs;
  /* (the entries of classes >= the unit's own count are not its inputs:
   * their bytes are skipped, one span per thread when the stride is wider) */
  size_t evbytes = (size_t)(x->ncls == ncs ? nt * ncs : x->ncls) * sizeof *ev;
  int k, t, any = 0, nspan = x->ncls == ncs ? 1 : nt;
  if (x->inc_ok && x->inc_cplz == cplz) {
    for (t = 0; t < nspan && !memcmp(seen + t * ncs, ev + t * ncs, evbytes); t++) {}
    if (t == nspan) return;
  }
  for (t = 0; t < nspan; t++) memcpy(seen + t * ncs, ev + t * ncs, evbytes);
  for (k = 0; k < x->nctr; k++) {
    const dc_ctr_t *c = &x->c[k];
    uint32_t inc = 0;
    if (c->en && c->es < x->ncls) {
      unsigned q = 0, qm = (c->os_m & cplz) | (c->usr_m & ~cplz);
      const uint16_t *evc = ev + c->es;
      for (t = 0; qm; t++, qm >>= 1)
        if (qm & 1) q += pmu_mux_count(evc[t * ncs], c->em);   /* pmu_event_mux */
      inc = (q & PMU_IW_MASK) & lmask;
    }
    x->inc[k] = inc;
    any |= inc != 0;
  }
  x->inc_ok = 1;
  x->inc_cplz = cplz;
  x->inc_any = any;
}

/* one clock of unit x: in = incoming flit, ev/cpl its inputs, rb the bus;
 * writes the next flit to *nout and updates the unit state.
 * Per counter k the RTL computes (all on the values before the edge):
 *   inc  = cnt_en ? (EN && ES < NCLS ? qualified popcount : 0) : 0
 *   base = xfer ? 0 : cnt    (xfer: its 4-counter group is sent in this
 *                             mode-0 slot, or it is loaded into the mode-1
 *                             serial shifter)
 *   nxt  = (base + inc) & lmask;  fire if ARM[k] && IE && bit OVB toggles
 *   cnt' = lrst_app ? 0 : nxt
 * The loops below compute exactly this, but touch only what can change:
 * increments come from the unit_incs cache, the interrupt term is evaluated
 * for armed counters only (ARM is normally 0), and the xfer counters (at most
 * 5) are patched after the common add. CNT is not bus-writable, so updating
 * it in place is safe once the outgoing flit and the serial load have read
 * the old values. */
static void unit_step(const dc_model_t *m, dc_unit_t *x, const dc_flit_t *in, const uint16_t *ev,
                      const uint8_t *cpl, const rbus_t *rb, dc_flit_t *nout) {
  const int nt = m->cfg.nt, ncs = m->ncs, ncls = x->ncls;
  int sel1 = in->fv && in->mode && in->dsel == x->id;
  int mode0 = in->fv && !in->mode;
  uint64_t dmask = pmu_mask64((unsigned)x->d);
  int run_app = (int)((x->drun >> (x->d - 1)) & 1);
  int lrst_app = (int)((x->dlrst >> (x->d - 1)) & 1);
  int run_eff = x->sync ? run_app : x->lrun;   /* UMODE.SYNC: chain RUN or local LRUN */
  int cnt_en = run_eff && !(in->fv && in->mode && in->dsel != x->id);
  uint32_t frzm = x->frz ? x->uirq : 0;        /* UMODE.FRZ: counters frozen while their UIRQ bit is set */
  uint32_t lmask = pmu_mask32((unsigned)x->lw);
  uint32_t fire = 0, nov_set = 0;
  int ld = 0, k, t, f, l;
  uint32_t ld_val = 0;

  unsigned cplz = 0;
  int f0 = -1, k1 = -1;
  const uint16_t *ev_in = ev;
  /* edge/level/polarity stage (per event bit, ELP): v = ev ^ INV, and with
   * EDGE v & ~(ev_prev ^ INV); counters and raw events see its output */
  if (x->elp_any) {
    const uint16_t *evp = m->evp + (size_t)x->id * nt * ncs;
    int e;   /* e: the unit's event t*ncls + c (the RTL's numbering), a: its entry in the arrays */
    for (e = 0; e < nt * ncls; e++) {
      int a = dc_model_ev_entry(e, ncls, ncs);
      m->evs[a] = (uint16_t)((ev[a] ^ x->einv[e]) & ~(x->eedge[e] & (evp[a] ^ x->einv[e])));
    }
    ev = m->evs;
  }
  for (t = 0; t < nt; t++) if (cpl[t] == 0) cplz |= 1u << t;
  if (mode0 && in->cyc >= x->slot && in->cyc < x->slot + 2 * x->nfl && !((in->cyc - x->slot) & 1))
    f0 = (in->cyc - x->slot) >> 1;
  if (sel1 && in->cyc % x->lw == 0 && in->cyc / x->lw < x->nctr) k1 = in->cyc / x->lw;
  if (cnt_en) unit_incs(m, x, ev, cplz);

  /* outgoing flit (uses the current counter values) */
  *nout = *in;
  if (f0 >= 0) {
    f = f0;
    memset(nout->data, 0, sizeof nout->data);
    nout->par = 2;   /* recomputed below: this unit writes DATA */
    for (l = 0; l < 4; l++)
      if (4 * f + l < x->nctr) {
        uint32_t v = x->c[4 * f + l].cnt;
        int b = 24 * l;
        nout->data[b >> 5] |= v << (b & 31);
        if ((b & 31) + 24 > 32) nout->data[(b >> 5) + 1] |= v >> (32 - (b & 31));
      }
  }
  if (k1 >= 0) { ld = 1; ld_val = x->c[k1].cnt; }

  /* overflow interrupts of armed counters (before the counters change) */
  if (x->arm) {
    uint32_t am = x->arm;
    for (k = 0; k < x->nctr; k++) {
      const dc_ctr_t *c = &x->c[k];
      uint32_t base, nxt;
      if (!((am >> k) & 1) || !c->ie) continue;
      base = (k == k1 || (f0 >= 0 && (k >> 2) == f0)) ? 0 : c->cnt;
      nxt = (base + (cnt_en && !((frzm >> k) & 1) ? x->inc[k] : 0)) & lmask;
      if ((nxt >> x->ovb) != (base >> x->ovb)) fire |= 1u << k;
    }
  }

  /* counter update */
  if (lrst_app) {
    for (k = 0; k < x->nctr; k++) x->c[k].cnt = 0;
  } else {
    if (cnt_en && x->inc_any) {
      if (!frzm)   /* the common case, without a test per counter */
        for (k = 0; k < x->nctr; k++) x->c[k].cnt = (x->c[k].cnt + x->inc[k]) & lmask;
      else
        for (k = 0; k < x->nctr; k++)
          if (!((frzm >> k) & 1)) x->c[k].cnt = (x->c[k].cnt + x->inc[k]) & lmask;
    }
    /* transferred counters restart from 0 (inc[k] is already < 2^LW) */
    if (f0 >= 0)
      for (k = 4 * f0; k < 4 * f0 + 4 && k < x->nctr; k++)
        x->c[k].cnt = cnt_en && !((frzm >> k) & 1) ? x->inc[k] : 0;
    if (k1 >= 0) x->c[k1].cnt = cnt_en && !((frzm >> k1) & 1) ? x->inc[k1] : 0;
  }

  if (in->fv && in->nv && in->na >= x->wbase && in->na < x->wbase + x->nfl)
    for (l = 0; l < 4; l++) {
      k = 4 * (in->na - x->wbase) + l;
      if (k < x->nctr && ((in->nm >> l) & 1)) nov_set |= 1u << k;
    }

  if (sel1) {
    int nev = nt * ncls * x->nsub, j;
    int ser_bit = ld ? (int)(ld_val & 1) : (int)(x->sh & 1);
    memset(nout->data, 0, sizeof nout->data);
    /* raw bit j (event group g = j / 8, or 8 + (j - 64) / 7 from bit 64) is
     * the unit's event l = 92 * DGSEL.Gg + j; event l = sub-event l % NSUB
     * of event input l / NSUB */
    if (run_app)
      for (j = 0; j < (int)DC_RAW_EVENTS; j++) {
        int g = j < 64 ? j / 8 : 8 + (j - 64) / 7;
        int ev_l = (int)DC_RAW_EVENTS * x->dg[g] + j;
        int e = ev_l / x->nsub;
        if (ev_l < nev && ((ev[dc_model_ev_entry(e, ncls, ncs)] >> (ev_l % x->nsub)) & 1)) nout->data[j >> 5] |= 1u << (j & 31);
      }
    if (ser_bit) nout->data[DC_SER_BIT >> 5] |= 1u << (DC_SER_BIT & 31);
    nout->par = 2;
    x->sh = (ld ? ld_val : x->sh) >> 1;
  }

  /* chain parity: generated where the unit writes DATA */
  if (nout->par == 2) nout->par = (uint8_t)((unsigned)m->cfg.ecc & data_par(nout->data));

  /* bus writes; UIRQ/UARM: W1C, the hardware set wins (pmu_reg_field) */
  {
    unsigned cn = 0;
    int k = rb->sel && rb->we ? unit_kind(x, rb->off, &cn) : DC_LU_K_NONE;
    uint32_t nmask = pmu_mask32((unsigned)x->nctr);
    if (k == DC_LU_K_UCTL) x->ovb = (rb->wdata >> DC_UCTL_OVB_LSB) & 15;
    if (k == DC_LU_K_DGSEL0 || k == DC_LU_K_DGSEL1) {
      int g0 = k == DC_LU_K_DGSEL0 ? 0 : 8, n = k == DC_LU_K_DGSEL0 ? 8 : 4, g;
      unsigned lsb = k == DC_LU_K_DGSEL0 ? DC_DGSEL0_G0_LSB : DC_DGSEL1_G8_LSB;
      for (g = 0; g < n; g++) x->dg[g0 + g] = (uint8_t)((rb->wdata >> (lsb + 4 * g)) & x->dgm);
    }
    if (k == DC_LU_K_ELPSEL) x->elpsel = (uint16_t)((rb->wdata >> DC_ELPSEL_E_LSB) & 0x1FFu);
    if (k == DC_LU_K_ELP && x->elpsel < nt * ncls) {
      uint16_t sm = (uint16_t)((1u << x->nsub) - 1);
      int e;
      x->einv[x->elpsel] = (uint16_t)((rb->wdata >> DC_ELP_INV_LSB) & sm);
      x->eedge[x->elpsel] = (uint16_t)((rb->wdata >> DC_ELP_EDGE_LSB) & sm);
      x->elp_any = 0;
      for (e = 0; e < nt * ncls; e++) x->elp_any |= (x->einv[e] | x->eedge[e]) != 0;
    }
    if (k == DC_LU_K_UMODE) {
      x->sync = (rb->wdata >> DC_UMODE_SYNC_LSB) & 1;
      x->lrun = (rb->wdata >> DC_UMODE_LRUN_LSB) & 1;
      x->frz = (rb->wdata >> DC_UMODE_FRZ_LSB) & 1;
    }
    if (k == DC_LU_K_C_CTL || k == DC_LU_K_C_EMQ) {
      dc_ctr_t *c = &x->c[cn];
      if (k == DC_LU_K_C_CTL) {
        c->es = (rb->wdata >> DC_C_CTL_ES_LSB) & 63;
        c->en = (rb->wdata >> DC_C_CTL_EN_LSB) & 1;
        c->ie = (rb->wdata >> DC_C_CTL_IE_LSB) & 1;
        c->tc = (rb->wdata >> DC_C_CTL_TC_LSB) & 1;
      } else {
        c->em = (uint16_t)((rb->wdata >> DC_C_EMQ_EM_LSB) & ((1u << x->nsub) - 1));
        c->eq = (uint16_t)((rb->wdata >> DC_C_EMQ_EQ_LSB) & ((1u << (2 * nt)) - 1));
      }
      ctr_derive(c, (int)cn, nt);
      x->inc_ok = 0;
    }
    x->uirq = pmu_reg_field(x->uirq, PMU_SW_W1C, k == DC_LU_K_UIRQ, rb->wdata & nmask, 0u, fire);
    x->arm = pmu_reg_field(x->arm, PMU_SW_W1C, k == DC_LU_K_UARM, rb->wdata & nmask, fire, nov_set);
  }
  memcpy(m->evp + (size_t)x->id * nt * ncs, ev_in, (size_t)nt * ncs * sizeof *ev);   /* evp_q <= ev_i */
  x->drun = ((x->drun << 1) | (uint64_t)(in->fv & in->run)) & dmask;
  x->dlrst = ((x->dlrst << 1) | (uint64_t)(in->fv & in->lrst)) & dmask;
}

/* ------------------------------------------------------------ central unit */
int dc_model_step(dc_model_t *m, const uint16_t *ev, const uint8_t *cpl, const dc_apb_in_t *in,
                  dc_apb_out_t *out) {
  dc_apb_out_t out_unused;
  if (!m || !ev || !cpl || !in) return DC_MODEL_EINVAL;
  if (!out) out = &out_unused;   /* out is optional */
  const dc_cfg_t *c = &m->cfg;
  dc_flit_t rxf = m->u[m->nu - 1].out;
  const dc_flit_t *rx = &rxf;
  int nt = c->nt, ncs = m->ncs, u, l, r;
  /* received flit: chain operation */
  int rx_cyc = rx->cyc;
  int op_data = rx->fv && !rx->mode && !(rx_cyc & 1) && rx_cyc < 2 * m->tf;
  /* ERRINJ.FLIT: flip data bit B0 (>= 96: the parity bit) of the next
   * received flit that carries counts; then the parity check */
  int rx_carry = op_data || (rx->fv && rx->mode);
  int fl_inj = m->inj_flit && rx_carry, perr;
  if (fl_inj) {
    if (m->inj_b0 < 96) rxf.data[m->inj_b0 >> 5] ^= 1u << (m->inj_b0 & 31);
    else rxf.par ^= 1;
  }
  perr = c->ecc && rx->fv && ((data_par(rxf.data) + rxf.par) & 1);
  int op_raw = rx->fv && !(rx_cyc & 1) && rx_cyc >= m->rawbase && rx_cyc < m->rawbase + 2 * (int)DC_RAW_WORDS;
  int raw_w = ((rx_cyc - m->rawbase) >> 1) & 31;
  int s_core = rx->dsel < c->np;
  int s_lw = s_core ? c->lwp : c->lwl, s_nctr = s_core ? c->ncp : c->ncl;
  int s_wbase = (s_core ? 4 * m->gp * rx->dsel : 4 * m->gp * c->np + 4 * m->gl * (rx->dsel - c->np)) & 255;
  int ser_act = rx->fv && rx->mode && rx->dsel < m->nu && rx_cyc < s_nctr * s_lw;
  int jj = rx_cyc == 0 ? 0 : m->ser_j, kk = rx_cyc == 0 ? 0 : m->ser_k;
  uint32_t shv = rx_cyc == 0 ? 0 : m->ser_sh;
  uint32_t sval = (shv | ((uint32_t)fbit(rx, DC_SER_BIT) << jj)) & 0xFFFFFFu;
  int slast = jj == ((s_lw - 1) & 31);
  int bad_cur = (rx_cyc == 0 ? 0 : m->ser_bad) || perr;
  int op_ser = ser_act && slast && ((kk & 3) == 3 || kk == ((s_nctr - 1) & 63));
  int int_op = op_data || op_raw || op_ser;
  /* APB decode */
  int acc_ph = in->psel && in->penable;
  uint32_t a = in->paddr & 0xFFFFu;
  /* the generated decode (rtl/dc_cu_dec.v, cmodel/dc_regdec.h) */
  dc_dec_param dp;
  unsigned idx;
  int k;
  memset(&dp, 0, sizeof dp);
  dp.NCNT = (unsigned)m->ncnt;
  dp.NU = (unsigned)m->nu;
  k = dc_cu_decode(&dp, a, &idx);
  int s_hit = k == DC_CU_K_SRAM_CNT_LO || k == DC_CU_K_SRAM_CNT_HI;
  int s_wd = (int)(idx >> 2) & 255, s_ln = (int)idx & 3, s_hi = k == DC_CU_K_SRAM_CNT_HI;
  int rb_unit = k == DC_CU_K_UNIT ? (int)idx : 0, rb_off = a & 511;
  uint32_t rb_rd = 0;
  int rb_ok = 0;
  int acc_err, err, ok, sram_lo, wr0, rd0, bus_go, acc_go, s1_bus;
  int s0_kind = K_NONE, s0_raddr = 0, s0_waddr = 0;
  uint32_t s0_add[4] = {0, 0, 0, 0};
  uint64_t old[4], nw[4], old_lane;
  unsigned ce_in = 0, pois_in = 0, pois_out = 0;
  int fwd, s1_rd, ce_ev, ue_ev, brd_ue, err_clr;
  int s1_we, nov_mask = 0, pend, apply, pend_n, run_n, cyc_n;
  rbus_t rb;

  if (k == DC_CU_K_UNIT) rb_ok = unit_read(m, &m->u[rb_unit], rb_off, &rb_rd);
  {
    int ga = (in->pwdata >> DC_ACC_A_LSB) & 63, gb = (in->pwdata >> DC_ACC_B_LSB) & 63,
        gc = (in->pwdata >> DC_ACC_C_LSB) & 63;
    /* ACC/ACCSEL written while an accumulate runs, or GO naming a group >= NG */
    acc_err = (in->pwrite && (k == DC_CU_K_ACC || k == DC_CU_K_ACCSEL) && m->acc_busy) ||
              (in->pwrite && k == DC_CU_K_ACC && ((in->pwdata >> DC_ACC_GO_LSB) & 1) &&
               (ga >= m->ng || gb >= m->ng || gc >= m->ng));
  }
  /* bus rules (unmapped, misaligned, partial write, privilege: unprivileged
     reads of the SRAM counters only, while CCTL.UEN=1), a local unit's window
     offset it does not map, an accumulate that cannot start */
  err = dc_cu_dec_err(k, a, in->pwrite, in->pstrb, in->pprot & 1, m->uen) || (k == DC_CU_K_UNIT && !rb_ok) ||
        acc_err;
  ok = acc_ph && !err;
  sram_lo = ok && s_hit && !s_hi;
  wr0 = ok && in->pwrite && !sram_lo;
  rd0 = ok && !in->pwrite && !sram_lo;
  bus_go = !int_op && sram_lo && !m->issued;
  acc_go = !int_op && !bus_go && m->acc_busy;
  s1_bus = m->s1_kind == K_BRD || m->s1_kind == K_BWR;

  /* stage 0 */
  if (op_data) {
    int fidx = rx_cyc >> 1, w;
    if (fidx < c->np * m->fp) w = 4 * m->gp * (fidx / m->fp) + fidx % m->fp;
    else { int fr = fidx - c->np * m->fp; w = 4 * m->gp * c->np + 4 * m->gl * (fr / m->fl) + fr % m->fl; }
    s0_kind = K_ADD; s0_raddr = s0_waddr = w & 255;
    for (l = 0; l < 4; l++) {
      int b = 24 * l;
      uint64_t v = ((uint64_t)rx->data[b >> 5] | ((uint64_t)(b >> 5 < 2 ? rx->data[(b >> 5) + 1] : 0) << 32)) >> (b & 31);
      s0_add[l] = perr ? 0 : (uint32_t)v & 0xFFFFFFu;
    }
  } else if (op_raw) {
    s0_kind = K_ADD; s0_raddr = s0_waddr = (m->raww + raw_w) & 255;
    for (l = 0; l < 4; l++) if (4 * raw_w + l < (int)DC_RAW_EVENTS) s0_add[l] = m->raw[4 * raw_w + l];
  } else if (op_ser) {
    int w = (s_wbase + (kk >> 2)) & 255;
    s0_kind = K_ADD; s0_raddr = s0_waddr = w;
    for (l = 0; l < 4; l++)
      s0_add[l] = l < (kk & 3) ? (((m->ser_badl >> l) & 1) ? 0 : m->ser_buf[l]) : (l == (kk & 3) && !bad_cur ? sval : 0);
  } else if (bus_go) {
    s0_kind = in->pwrite ? K_BWR : K_BRD; s0_raddr = s0_waddr = s_wd;
  } else if (acc_go) {
    int k = (m->acc_step >> 1) & 3;
    s0_kind = (m->acc_step & 1) ? K_AWR : K_ALD;
    s0_raddr = 4 * ((m->acc_step & 1) ? m->acc_b : m->acc_a) + k;
    s0_waddr = 4 * m->acc_c + k;
  }

  /* stage 1: SECDED decode of the word read (not of the forwarded one) */
  fwd = m->wl_v && m->wl_addr == m->s1_raddr;
  s1_rd = m->s1_kind != K_NONE;
  for (l = 0; l < 4; l++) {
    if (fwd) {
      old[l] = m->wl_data[l];
      pois_in |= m->wl_pois & (1u << l);
    } else {
      int e = m->cfg.ecc ? dc_secded_dec(m->rdata[l], m->rchk[l], &old[l]) : (old[l] = m->rdata[l], DC_ECC_OK);
      if (e == DC_ECC_CE) ce_in |= 1u << l;
      if (e == DC_ECC_UE) pois_in |= 1u << l;
    }
  }
  ce_ev = s1_rd && ce_in;
  ue_ev = s1_rd && pois_in;
  for (l = 0; l < 4; l++) {
    nw[l] = old[l];
    switch (m->s1_kind) {
      case K_ADD: nw[l] = old[l] + m->s1_add[l]; break;
      case K_AWR: nw[l] = old[l] + m->acc_tmp[l]; break;
      case K_BWR: if (s_ln == l) nw[l] = ((uint64_t)m->wstage << 32) | in->pwdata; break;
      default: break;
    }
    if (!(m->s1_kind == K_BWR && s_ln == l) &&
        (((pois_in >> l) & 1) || (m->s1_kind == K_AWR && ((m->acc_pois >> l) & 1))))
      pois_out |= 1u << l;
    if (m->s1_kind == K_ADD && m->nov_en && old[l] < m->nov_thr && (nw[l] >= m->nov_thr || nw[l] < old[l]) &&
        !((pois_out >> l) & 1))
      nov_mask |= 1 << l;
  }
  s1_we = m->s1_kind == K_ADD || m->s1_kind == K_AWR || m->s1_kind == K_BWR;
  old_lane = old[s_ln];

  /* APB outputs */
  out->pready = !sram_lo || s1_bus;
  brd_ue = sram_lo && m->s1_kind == K_BRD && ((pois_in >> s_ln) & 1);
  out->pslverr = (acc_ph && err) || brd_ue;
  out->prdata = 0;
  if (sram_lo && m->s1_kind == K_BRD) out->prdata = brd_ue ? 0 : (uint32_t)old_lane;
  else if (rd0) {
    switch (k) {
      case DC_CU_K_UNIT: out->prdata = rb_rd; break;
      case DC_CU_K_SRAM_CNT_HI: out->prdata = m->shadow; break;
      case DC_CU_K_ID: out->prdata = DC_ID_VALUE; break;
      case DC_CU_K_CFG:
        out->prdata = ((uint32_t)(c->np & 63) << DC_CFG_NP_LSB) | ((uint32_t)(c->nl & 63) << DC_CFG_NL_LSB) |
                      ((uint32_t)(c->frame & 2047) << DC_CFG_FRAME_LSB);
        break;
      case DC_CU_K_CCTL:
        out->prdata = ((uint32_t)m->run_req << DC_CCTL_RUN_LSB) | ((uint32_t)m->mode_req << DC_CCTL_MODE_LSB) |
                      ((uint32_t)m->uen << DC_CCTL_UEN_LSB) |
                      ((uint32_t)m->dsel_req << DC_CCTL_DSEL_LSB);
        break;
      case DC_CU_K_CSTAT: {
        int p = (m->mode_req != m->mode_q) || (m->mode_req && m->dsel_req != m->dsel_q);
        out->prdata = ((uint32_t)p << DC_CSTAT_PEND_LSB) | ((uint32_t)m->acc_busy << DC_CSTAT_ACC_BUSY_LSB) |
                      ((uint32_t)m->mode_q << DC_CSTAT_MODE_LSB) | ((uint32_t)m->dsel_q << DC_CSTAT_DSEL_LSB) |
                      ((uint32_t)m->inj.cyc << DC_CSTAT_CYC_LSB);
        break;
      }
      case DC_CU_K_NOVCTL: out->prdata = (uint32_t)m->nov_en << DC_NOVCTL_EN_LSB; break;
      case DC_CU_K_NOVCNT: out->prdata = m->novcnt; break;
      case DC_CU_K_ACCSEL: out->prdata = m->accsel << DC_ACCSEL_MASK_LSB; break;
      case DC_CU_K_NOV_LO: out->prdata = (uint32_t)m->nov_thr; break;
      case DC_CU_K_NOV_HI: out->prdata = m->shadow; break;
      case DC_CU_K_ACC:
        out->prdata = ((uint32_t)m->acc_a << DC_ACC_A_LSB) | ((uint32_t)m->acc_b << DC_ACC_B_LSB) |
                      ((uint32_t)m->acc_c << DC_ACC_C_LSB);
        break;
      case DC_CU_K_UIRQ0: case DC_CU_K_UIRQ1: {
        uint32_t v = 0;
        int base = k == DC_CU_K_UIRQ0 ? 0 : 32;
        for (u = base; u < m->nu && u < base + 32; u++) v |= (uint32_t)(m->u[u].uirq != 0) << (u - base);
        out->prdata = v;
        break;
      }
      case DC_CU_K_ERRCTL: out->prdata = (uint32_t)m->err_ie << DC_ERRCTL_IE_LSB; break;
      case DC_CU_K_ERRSTAT:
        out->prdata = ((m->errstat & 1u) << DC_ERRSTAT_CE_LSB) | (((m->errstat >> 1) & 1u) << DC_ERRSTAT_UE_LSB) |
                      (((m->errstat >> 2) & 1u) << DC_ERRSTAT_PAR_LSB);
        break;
      case DC_CU_K_ERRADDR: out->prdata = (m->ea_word << DC_ERRADDR_WORD_LSB) | (m->ea_lanes << DC_ERRADDR_LANES_LSB); break;
      case DC_CU_K_CECNT: out->prdata = m->cecnt; break;
      case DC_CU_K_UECNT: out->prdata = m->uecnt; break;
      case DC_CU_K_PARCNT: out->prdata = m->parcnt; break;
      case DC_CU_K_ERRINJ:
        out->prdata = (m->inj_b0 << DC_ERRINJ_B0_LSB) | (m->inj_b1 << DC_ERRINJ_B1_LSB) |
                      (m->inj_lane << DC_ERRINJ_LANE_LSB) | ((uint32_t)m->inj_sram << DC_ERRINJ_SRAM_LSB) |
                      ((uint32_t)m->inj_flit << DC_ERRINJ_FLIT_LSB);
        break;
      default: break;
    }
  }

  /* ---- clock edge: units (each reads its predecessor's current flit) */
  rb.sel = 0; rb.we = wr0 && k == DC_CU_K_UNIT; rb.off = rb_off; rb.wdata = in->pwdata;
  {
    dc_flit_t prev = m->inj, cur;
    for (u = 0; u < m->nu; u++) {
      dc_unit_t *x = &m->u[u];
      const uint16_t *uev = ev + (size_t)u * nt * ncs;
      rb.sel = rb_unit == u;
      cur = x->out;   /* this unit's current flit is the next unit's input */
      unit_step(m, x, &prev, uev, cpl + (size_t)u * nt, &rb, &x->out);
      prev = cur;
    }
  }

  /* ---- clock edge: central */
  cyc_n = (!m->inj.fv || m->inj.cyc == c->frame - 1) ? 0 : m->inj.cyc + 1;
  pend = (m->mode_req != m->mode_q) || (m->mode_req && m->dsel_req != m->dsel_q);
  apply = cyc_n == 0 && pend && m->quiet;
  pend_n = pend && !apply;
  run_n = m->run_req && !pend_n;
  {
    dc_flit_t f;
    memset(&f, 0, sizeof f);
    f.fv = 1;
    f.cyc = (uint16_t)cyc_n;
    f.run = (uint8_t)run_n;
    f.lrst = (uint8_t)m->lrst_pend;
    f.mode = (uint8_t)(apply ? m->mode_req : m->mode_q);
    f.dsel = (uint8_t)(apply ? m->dsel_req : m->dsel_q);
    f.nv = nov_mask != 0;
    f.na = (uint8_t)(nov_mask ? m->s1_raddr : 0);
    f.nm = (uint8_t)nov_mask;
    m->inj = f;
  }
  if (nov_mask) m->novcnt++;
  if (apply) { m->mode_q = m->mode_req; m->dsel_q = m->dsel_req; }
  m->quiet = (cyc_n == 0 ? 1 : m->quiet) && !run_n;
  m->lrst_pend = wr0 && k == DC_CU_K_CCTL && ((in->pwdata >> DC_CCTL_LRST_LSB) & 1);

  if (ser_act) {
    if (slast) {
      m->ser_j = 0; m->ser_k = (kk + 1) & 63; m->ser_sh = 0; m->ser_buf[kk & 3] = sval;
      m->ser_bad = 0;
      m->ser_badl = (m->ser_badl & ~(1u << (kk & 3))) | ((unsigned)bad_cur << (kk & 3));
    } else { m->ser_j = (jj + 1) & 31; m->ser_k = kk; m->ser_sh = sval; m->ser_bad = bad_cur; }
  }
  /* raw event counters: the group sent in this slot restarts from 0, then
   * every raw event bit of a mode-1 flit adds 1 (modulo 2^CRW). Only the
   * touched entries are visited (the others keep their value). */
  if (op_raw)
    for (r = 4 * raw_w; r < 4 * raw_w + 4 && r < (int)DC_RAW_EVENTS; r++) m->raw[r] = 0;
  if (rx->fv && rx->mode && !perr)
    for (r = 0; r < (int)DC_RAW_EVENTS; r++)
      if (fbit(rx, r)) m->raw[r] = (uint16_t)((m->raw[r] + 1u) & ((1u << DC_CRW) - 1));

  /* SRAM: read of stage 0 sees the old content, then the stage-1 write */
  for (l = 0; l < 4; l++) {
    m->rdata[l] = m->mem[s0_raddr < m->nw ? s0_raddr : 0][l];
    m->rchk[l] = m->cmem[s0_raddr < m->nw ? s0_raddr : 0][l];
  }
  if (s0_raddr >= m->nw) for (l = 0; l < 4; l++) { m->rdata[l] = 0; m->rchk[l] = 0; } /* RTL: out-of-range read (never used) */
  /* stored codeword: chk(data), ^ 0x03 when poisoned; ERRINJ.SRAM flips
   * B0/B1 of lane LANE's {check, data} */
  if (s1_we && m->s1_waddr < m->nw)
    for (l = 0; l < 4; l++) {
      uint64_t d = nw[l];
      uint8_t ck = (uint8_t)(dc_secded_chk(d) ^ (((pois_out >> l) & 1) ? 0x03 : 0));   /* ECC=0: no check byte (0) */
      if (m->inj_sram && (unsigned)l == m->inj_lane) {
        unsigned q, b;
        for (q = 0; q < 2; q++) {
          b = q ? m->inj_b1 : m->inj_b0;
          if (q == 1 && m->inj_b1 == m->inj_b0) continue;
          if (b < 64) d ^= 1ull << b;
          else if (b < 72) ck ^= (uint8_t)(1u << (b - 64));
        }
      }
      m->mem[m->s1_waddr][l] = d;
      m->cmem[m->s1_waddr][l] = m->cfg.ecc ? ck : 0;
    }
  m->wl_v = s1_we; m->wl_addr = m->s1_waddr;
  for (l = 0; l < 4; l++) m->wl_data[l] = nw[l];
  m->wl_pois = pois_out;
  /* ACCSEL: the loaded A word keeps its selected lanes (word (acc_step >> 1) & 3);
   * an unselected lane adds 0 and carries no poison */
  if (m->s1_kind == K_ALD) {
    unsigned sel = 0;
    for (l = 0; l < 4; l++) {
      const unsigned on = (m->accsel >> (4 * ((m->acc_step >> 1) & 3) + l)) & 1u;
      m->acc_tmp[l] = on ? old[l] : 0;
      sel |= on << l;
    }
    m->acc_pois = pois_in & sel;
  }
  if (m->s1_kind == K_BRD) m->shadow = ((pois_in >> s_ln) & 1) ? 0 : (uint32_t)(old_lane >> 32);
  /* reliability registers */
  {
    unsigned set = (unsigned)ce_ev | ((unsigned)ue_ev << 1) | ((unsigned)perr << 2), w1c = 0;
    if (wr0 && k == DC_CU_K_ERRSTAT)
      w1c = ((in->pwdata >> DC_ERRSTAT_CE_LSB) & 1) | (((in->pwdata >> DC_ERRSTAT_UE_LSB) & 1) << 1) |
            (((in->pwdata >> DC_ERRSTAT_PAR_LSB) & 1) << 2);
    m->errstat = (m->errstat & ~w1c) | set;
  }
  if (ue_ev) { m->ea_word = (unsigned)m->s1_raddr & 255; m->ea_lanes = pois_in; }
  err_clr = wr0 && k == DC_CU_K_ERRCTL && ((in->pwdata >> DC_ERRCTL_CLR_LSB) & 1);
  m->cecnt = err_clr ? 0 : pmu_sat_inc16(m->cecnt, ce_ev);
  m->uecnt = err_clr ? 0 : pmu_sat_inc16(m->uecnt, ue_ev);
  m->parcnt = err_clr ? 0 : pmu_sat_inc16(m->parcnt, perr);
  if (wr0 && k == DC_CU_K_ERRCTL) m->err_ie = (in->pwdata >> DC_ERRCTL_IE_LSB) & 1;
  /* an armed injection is consumed by the write / flit it flipped; a
   * software write in the same cycle wins (it arms the next one) */
  if (s1_we) m->inj_sram = 0;
  if (rx_carry) m->inj_flit = 0;
  if (wr0 && k == DC_CU_K_ERRINJ) {
    m->inj_b0 = (in->pwdata >> DC_ERRINJ_B0_LSB) & 127;
    m->inj_b1 = (in->pwdata >> DC_ERRINJ_B1_LSB) & 127;
    m->inj_lane = (in->pwdata >> DC_ERRINJ_LANE_LSB) & 3;
    m->inj_sram = (in->pwdata >> DC_ERRINJ_SRAM_LSB) & 1;
    m->inj_flit = (in->pwdata >> DC_ERRINJ_FLIT_LSB) & 1;
  }

  if (m->s1_kind == K_BWR) m->wstage = 0;
  m->issued = bus_go ? 1 : (s1_bus ? 0 : m->issued);
  m->s1_kind = s0_kind; m->s1_raddr = s0_raddr; m->s1_waddr = s0_waddr;
  for (l = 0; l < 4; l++) m->s1_add[l] = s0_add[l];
  if (acc_go) {
    if (m->acc_step == 7) m->acc_busy = 0;
    m->acc_step = (m->acc_step + 1) & 7;
  }
  if (rd0 && k == DC_CU_K_NOV_LO) m->shadow = (uint32_t)(m->nov_thr >> 32);
  if (wr0) {
    if (k == DC_CU_K_CCTL) {
      m->run_req = (in->pwdata >> DC_CCTL_RUN_LSB) & 1;
      m->uen = (in->pwdata >> DC_CCTL_UEN_LSB) & 1;
      m->mode_req = (in->pwdata >> DC_CCTL_MODE_LSB) & 1;
      m->dsel_req = (in->pwdata >> DC_CCTL_DSEL_LSB) & 63;
    }
    if (k == DC_CU_K_NOVCTL) m->nov_en = (in->pwdata >> DC_NOVCTL_EN_LSB) & 1;
    if (k == DC_CU_K_ACCSEL) m->accsel = (in->pwdata >> DC_ACCSEL_MASK_LSB) & 0xFFFFu;
    if (k == DC_CU_K_NOV_LO) { m->nov_thr = ((uint64_t)m->wstage << 32) | in->pwdata; m->wstage = 0; }
    if (k == DC_CU_K_NOV_HI || k == DC_CU_K_SRAM_CNT_HI) m->wstage = in->pwdata;
    if (k == DC_CU_K_ACC) {
      m->acc_a = (in->pwdata >> DC_ACC_A_LSB) & 63;
      m->acc_b = (in->pwdata >> DC_ACC_B_LSB) & 63;
      m->acc_c = (in->pwdata >> DC_ACC_C_LSB) & 63;
      if ((in->pwdata >> DC_ACC_GO_LSB) & 1) { m->acc_busy = 1; m->acc_step = 0; }
    }
  }
  m->cycle++;
  return 0;
}

int dc_model_ev_stride(const dc_model_t *m) { return m ? m->ncs : DC_MODEL_EINVAL; }
