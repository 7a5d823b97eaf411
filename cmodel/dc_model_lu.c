/* SPDX-License-Identifier: Apache-2.0
 * dc_model_lu.c: one local unit of the distributed-counter model, the twin of
 * rtl/dc_local_unit.v (its window decode: rtl/dc_lu_dec.v, cmodel/dc_regdec.h;
 * the event mux and qualifier: cmodel/pmu_prim.h). Stepped by dc_model_step
 * (cmodel/dc_model.c); see dc_model_int.h. The names of the RTL signals are
 * kept. */
#include "dc_model_int.h"
#include "dc_regdec.h"
#include "pmu_reg_field.h"
#include "pmu_prim.h"
#include <string.h>

/* even parity of a flit's 96 DATA bits (dc_model_int.h) */
unsigned dc_m_data_par(const uint32_t *d) {
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
int dc_m_unit_read(const dc_model_t *m, const dc_unit_t *x, int off, uint32_t *rd) {
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
void dc_m_unit_step(const dc_model_t *m, dc_unit_t *x, const dc_flit_t *in, const uint16_t *ev,
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
  if (nout->par == 2) nout->par = (uint8_t)((unsigned)m->cfg.ecc & dc_m_data_par(nout->data));

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
