/* dc_model.c: cycle-accurate twin of rtl/dc_top.v (see dc_model.h and
 * docs/dc_notes.md): configuration, the central unit (rtl/dc_central_unit.v)
 * and the ring; a local unit is cmodel/dc_model_lu.c (dc_model_int.h). The
 * names of the RTL signals are kept. */
#include "dc_model_int.h"
#include "dc_regdec.h"
#include "dc_secded.h"
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
  perr = c->ecc && rx->fv && ((dc_m_data_par(rxf.data) + rxf.par) & 1);
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

  if (k == DC_CU_K_UNIT) rb_ok = dc_m_unit_read(m, &m->u[rb_unit], rb_off, &rb_rd);
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
      dc_m_unit_step(m, x, &prev, uev, cpl + (size_t)u * nt, &rb, &x->out);
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

