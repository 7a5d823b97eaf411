/* dc_model: cycle-accurate C golden model of the distributed counter system
 * (rtl/dc_top.v: dc_central_unit + NP core-type and NL cache-type
 * dc_local_unit on one registered ring). C99. */
#ifndef DC_MODEL_H
#define DC_MODEL_H
#include <stdint.h>
#include "dc_regs.h"

typedef struct {
  int np, nl, frame;        /* units of each type, frame length */
  int ncp, lwp, ncl, lwl;   /* counters / local width per unit type */
  int nt, ncls, nclsl;      /* threads; event classes per core-type / cache-type unit */
  int nsubp, nsubl;         /* physical sub-events per class per unit type */
  int ecc;                  /* 1: SECDED SRAM + chain parity; 0: none (parameter ECC) */
} dc_cfg_t;

/* From config/pmu_ip.yaml: DC_CFG_REF, DC_CFG_SMALL, dc_cfg_named(). */
#include "dc_cfg_gen.h"

/* NULL pointers: every function checks its pointer arguments and does not
 * dereference a NULL one (nor an out-of-range unit index u). Functions
 * returning int return DC_MODEL_EINVAL (dc_model_irq and dc_model_sram: 0);
 * dc_cfg_check returns a message, dc_model_new NULL; dc_model_free(NULL)
 * does nothing. dc_model_step's out is optional (may be NULL). */
#define DC_MODEL_EINVAL (-1)

/* The reference configuration of the patent: 17 core-type (24 x 14 bit) +
 * 16 cache-type (16 x 10 bit) units, FRAME 400, NT=2, 4 classes, 16 (core) /
 * 1 (cache) sub-events per class. */
int dc_cfg_default(dc_cfg_t *c);   /* 0 or DC_MODEL_EINVAL */
/* NULL when legal, else the reason (the RTL refuses to elaborate it too). */
const char *dc_cfg_check(const dc_cfg_t *c);

/* events (thread x class) per unit at most: NT <= 8, NCLS <= 63 */
#define DC_NG_MAX (8 * 63)

typedef struct {
  uint32_t data[3];         /* 96 data bits */
  uint8_t fv, run, lrst, mode, dsel, nv, na, nm;
  uint8_t par;              /* even parity of data, written where data is written */
  uint16_t cyc;
} dc_flit_t;

typedef struct {
  uint8_t es, en, ie, tc;
  uint16_t em;
  uint16_t eq;               /* 2 bits per thread (NT <= 8) */
  uint32_t cnt;
  uint8_t os_m, usr_m;      /* derived: threads counted at CPL 0 / CPL 1..3 */
} dc_ctr_t;

typedef struct {
  int id, nctr, lw, nsub, slot, wbase, d, nfl;
  int ncls;                 /* event classes of the unit's type (NCLS core, NCLSL cache) */
  uint64_t drun, dlrst;     /* delay lines, bit d-1 = applied */
  uint8_t ovb;
  uint8_t sync, lrun, frz;  /* UMODE: start/stop source, local run, freeze on interrupt */
  uint8_t dg[12];           /* DGSEL: window select of detailed-mode event group g (raw bit j = event 92*dg + j) */
  uint8_t dgm;              /* derived: stored bits of a select, (1 << DGW) - 1, DGW = clog2(min(16, ceil(NEV/92))) */
  uint16_t elpsel;          /* ELPSEL.E */
  uint16_t einv[DC_NG_MAX], eedge[DC_NG_MAX];   /* ELP: INV / EDGE bits of event e = t*NCLS + c (NSUB bits) */
  int elp_any;              /* derived: some INV or EDGE bit is set (else the stage is the identity) */
  uint32_t uirq, arm, sh;
  dc_ctr_t c[DC_NCTR_MAX];
  dc_flit_t out;            /* flit register */
  /* Speed cache (not RTL state): inc[k] = increment of counter k when
   * counting is enabled, for the event inputs ev_seen (in dc_model_t) and
   * the CPL==0 thread set inc_cplz; valid while inc_ok. Cleared by every
   * CTL/EMQ write through the bus (code that writes c[k].en/es/em/eq/tc or
   * os_m/usr_m directly must clear inc_ok). inc_any: some inc[k] != 0. */
  int inc_ok, inc_any;
  unsigned inc_cplz;
  uint32_t inc[DC_NCTR_MAX];
} dc_unit_t;

typedef struct {
  dc_cfg_t cfg;
  int nu, gp, gl, fp, fl, tf, rawbase, raww, ng, nw, ncnt;
  int ncs;                  /* class stride of the event arrays: the larger class count of the unit types present */
  dc_unit_t *u;
  dc_flit_t inj;            /* central flit register */
  uint64_t (*mem)[4];
  uint8_t (*cmem)[4];       /* SECDED check byte per counter (dc_secded.h) */
  uint64_t rdata[4];
  uint8_t rchk[4];
  unsigned wl_pois, acc_pois;   /* poisoned lanes of wl_data / acc_tmp */
  int ser_bad;
  unsigned ser_badl;
  /* reliability registers (ERRCTL, ERRSTAT, ERRADDR, CECNT, UECNT, PARCNT, ERRINJ) */
  int err_ie;
  unsigned errstat, ea_word, ea_lanes;
  uint16_t cecnt, uecnt, parcnt;
  unsigned inj_b0, inj_b1, inj_lane;
  int inj_sram, inj_flit;
  int s1_kind, s1_raddr, s1_waddr;
  uint32_t s1_add[4];
  int wl_v, wl_addr;
  uint64_t wl_data[4];
  int issued;
  int acc_a, acc_b, acc_c, acc_busy, acc_step;
  uint64_t acc_tmp[4];
  uint32_t accsel;          /* ACCSEL.MASK: counters of the groups that the accumulate adds */
  uint64_t nov_thr;
  int nov_en;
  uint32_t wstage, shadow;
  int run_req, mode_req, mode_q, lrst_pend, quiet, dsel_req, dsel_q;
  int uen;                  /* CCTL.UEN: unprivileged SRAM counter reads allowed */
  uint16_t novcnt;
  int ser_j, ser_k;
  uint32_t ser_sh, ser_buf[4];
  uint16_t raw[DC_RAW_EVENTS];
  uint64_t cycle;
  uint16_t *ev_seen;        /* speed cache: event inputs of the last increment evaluation, per unit */
  uint16_t *evp;            /* event inputs of the previous cycle, per unit (RTL evp_q) */
  uint16_t *evs;            /* scratch: one unit's events after the edge/level/polarity stage */
} dc_model_t;

typedef struct { int psel, penable, pwrite; uint32_t paddr, pwdata; unsigned pstrb, pprot; } dc_apb_in_t;
typedef struct { int pready, pslverr; uint32_t prdata; } dc_apb_out_t;

dc_model_t *dc_model_new(const dc_cfg_t *c);   /* NULL if illegal */
void dc_model_free(dc_model_t *m);
/* Event bits of unit u: ev[(u*nt + t)*ncs + c] = sub-event mask (NSUB bits
 * of the unit's type) of thread t, class c < the unit's class count (NCLS
 * core type, NCLSL cache type; the other entries are ignored); ncs =
 * dc_model_ev_stride(m); cpl[u*nt + t] = CPL.
 * Computes the APB outputs of this cycle (before the edge) and advances
 * the model by one clock edge. 0, or DC_MODEL_EINVAL (m, ev, cpl or in NULL). */
int dc_model_step(dc_model_t *m, const uint16_t *ev, const uint8_t *cpl, const dc_apb_in_t *in,
                  dc_apb_out_t *out);
int dc_model_irq(const dc_model_t *m, int u);
/* the class stride ncs of the event arrays (DC_MODEL_EINVAL for NULL) */
int dc_model_ev_stride(const dc_model_t *m);
/* the entry, in a unit's block of an event array, of the unit's event
 * e = t*nc + c (nc: the unit's class count, the RTL's numbering): t*ncs + c */
static inline int dc_model_ev_entry(int e, int nc, int ncs) { return (e / nc) * ncs + e % nc; }
/* the error interrupt err_irq_o (ERRCTL.IE & ERRSTAT != 0); 0 for NULL */
int dc_model_err_irq(const dc_model_t *m);
/* SRAM counter 4*w+l, and the chain position helpers */
static inline uint64_t dc_model_sram(const dc_model_t *m, int i)
{
  return m && i >= 0 && i < m->ncnt ? m->mem[i / 4][i % 4] : 0;
}
int dc_unit_first_counter(const dc_model_t *m, int u);   /* SRAM counter index of local counter 0, or DC_MODEL_EINVAL */
/* 96-bit + framing + PAR flit packed in the RTL bit order into w[0..4] (130 bits, DC_CH_W) */
int dc_flit_pack(const dc_flit_t *f, uint32_t w[5]);   /* 0 or DC_MODEL_EINVAL */

#endif
