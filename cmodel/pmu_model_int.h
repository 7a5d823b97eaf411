/* SPDX-License-Identifier: Apache-2.0
 * Private header of the pmu_core model (cmodel/pmu_model*.c, not for users:
 * they include pmu_model.h). The model is split like rtl/pmu_core.v: one
 * file per block it instantiates, and cmodel/pmu_model.c, the top, calls them
 * in the RTL's order every cycle (pmu_model_step):
 *   pmu_model_rv.c      RISC-V CSR view (rtl/pmu_rv_view.v, rtl/pmu_rv_csr.v)
 *   pmu_model_apb.c     native register block (rtl/pmu_apb.v: decode, read data,
 *                       stored registers, read shadow / write stage) and the
 *                       per-counter control registers (rtl/pmu_escr.v)
 *   pmu_model_cs.c      CoreSight view (rtl/pmu_cs_view.v, rtl/pmu_cs_apb.v)
 *   pmu_model_event.c   event path (rtl/pmu_flop_decode.v, pmu_event_mux.v,
 *                       pmu_qualifier.v, pmu_threshold.v, pmu_counter.v)
 *   pmu_model_sample.c  sampling (rtl/pmu_sample.v)
 *   pmu_model_yield.c   yield channels (rtl/pmu_yield.v)
 * Every block reads the pre-edge state through pmu_model and this cycle's
 * combinational values through pmu_cyc, and applies its part of the edge. */
#ifndef PMU_MODEL_INT_H
#define PMU_MODEL_INT_H

#include "pmu_model.h"
#include "pmu_regdec.h"
#include "pmu_cs_regdec.h"
#include "pmu_rv_csr.h"
#include "pmu_prim.h"

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
 * without a change to the model. */
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

/* One cycle's combinational values, computed from the pre-edge state and the
 * inputs by the blocks in the RTL's order, read by the blocks after them
 * (the wires between pmu_core's blocks). */
typedef struct {
    /* RISC-V CSR port (pmu_model_rv.c): kind rk, element ridx, RV32 high half
     * rhi; the access's outcome rexc; the value written rv_new and read
     * rv_rdata; the register written rv_wk (-1: none); the APB hold */
    unsigned rk, ridx, rhi;
    int rhit, rexc, rv_ok, rv_wk, rv_hold;
    uint64_t rv_new, rv_rdata;
    /* APB decode (pmu_model_apb.c): the access phase acc; VIEW=1 CoreSight
     * page cs_pg; native kind r, element idx; CoreSight kind cr, element cidx;
     * PSLVERR err; the accepted write / read; the issuing thread's bit mask
     * own_m; yield channel ych_k, register offset yoff; read data */
    int acc, cs_pg, r, cr, priv, err, wr_ok, rd_ok;
    unsigned idx, cidx, ptid, ych_k, yoff;
    uint32_t own_m, rdata;
    uint64_t lo_val;                   /* the 64-bit value whose HI word the read shadow takes */
    /* the write data (wd64: with the write stage), the CoreSight view's
     * write (kind cw_k; PMCR.P, PMCR.C) and its freeze fz */
    uint32_t wd;
    uint64_t wd64;
    int cw_k, cs_p, cs_c, fz;
    /* the yield channel delivered (-1: none); the pre-edge TSC and counter
     * values a capture record takes */
    int ypick;
    uint64_t tsc_pre, cnt_pre[PMU_NC_MAX];
    /* the event path: counter 0's registered MSB, every counter's, the
     * counters counted (yield event vector); the time-base rise */
    unsigned cnt0_msb, tb_rise;
    uint32_t cmsb, cev;
    /* hardware sides of the stored registers (pmu_reg_field hwset / hwclr) */
    uint32_t hwset[PMU_NK], hwclr[PMU_NK];
} pmu_cyc;

static inline uint32_t ncmask(const pmu_model *m)
{
    return pmu_mask32(m->cfg.nc);
}

/* pmu_model_rv.c: the RISC-V CSR view */
void pmu_m_rv_csr(const pmu_model *m, const pmu_inputs *in, pmu_cyc *x);    /* decode, access rules, RMW */
void pmu_m_rv_hw(const pmu_model *m, pmu_cyc *x);                           /* OF / GEN sides of its writes */
void pmu_m_rv_write(pmu_model *m, const pmu_cyc *x);                        /* its registers at the edge */

/* pmu_model_apb.c: the native register block */
void pmu_m_apb_decode(const pmu_model *m, const pmu_inputs *in, pmu_cyc *x);   /* decode, PSLVERR, read data */
void pmu_m_apb_write(pmu_model *m, const pmu_cyc *x);    /* CNTEN and the counters' CTL / EMQ / FTYPE */
void pmu_m_apb_store(pmu_model *m, const pmu_cyc *x);    /* stored registers, read shadow, write stage */

/* pmu_model_cs.c: the CoreSight view */
void pmu_m_cs_ctl(const pmu_model *m, pmu_cyc *x);                          /* its write: cw_k, PMCR.P / C; FZO freeze */
uint32_t pmu_m_cs_read(const pmu_model *m, int cr, unsigned n);
void pmu_m_cs_hw(const pmu_model *m, pmu_cyc *x);                           /* OVF / GCTL.GEN sides of its writes */
void pmu_m_cs_cycle(pmu_model *m, const pmu_inputs *in, const pmu_cyc *x);  /* the cycle counter */
void pmu_m_cs_write(pmu_model *m, const pmu_cyc *x);                        /* its registers at the edge */

/* pmu_model_event.c: the event path of every counter (stages E, T, C) */
void pmu_m_counters(pmu_model *m, const pmu_inputs *in, pmu_cyc *x);

/* pmu_model_sample.c: the sampling interrupt and the address pipeline */
void pmu_m_sample(pmu_model *m, const pmu_inputs *in, pmu_cyc *x);

/* pmu_model_yield.c: the yield channels */
int pmu_m_yield_pick(const pmu_model *m, const pmu_inputs *in);             /* delivered channel, or -1 */
void pmu_m_yield(pmu_model *m, const pmu_inputs *in, pmu_cyc *x);           /* every channel at the edge */
int pmu_m_ych_act_pending(const pmu_model *m, unsigned act);                /* yirq_o / yfrz_o */
int pmu_m_ych3_own(const pmu_model *m, unsigned i, unsigned t);             /* ring-3 channel i owned by thread t */
uint32_t pmu_m_yring3_own(const pmu_model *m, unsigned t);                  /* YRING3 bits of thread t */
uint32_t pmu_m_yring_word(const pmu_model *m, unsigned r3);                 /* YRING0/3 read-only fields */
uint32_t pmu_m_ythr_word(const pmu_model *m, unsigned r3);                  /* YTHR0/3 read value */
uint32_t pmu_m_ych_word(const pmu_ych *y, unsigned off);                    /* a channel register's read value */

#endif
