/* pmu-ip cycle-accurate C golden model (C99, no dependencies).
 *
 * One call of pmu_model_step() is one rising clock edge of rtl/pmu_core.v:
 * it takes the inputs that are stable during the cycle, returns the outputs
 * the RTL shows during that cycle (before the edge: PRDATA, PSLVERR, PREADY,
 * IRQ are functions of the state and the inputs) and then applies the edge.
 * Register semantics: docs/regmap.md; timing: README.md "Cycle semantics".
 * The event path is pipelined like the RTL (stage E registers each counter's
 * increment and count enable, stage C adds them), so every pmu_ctr carries
 * its stage register and the model stays cycle-exact.
 */
#ifndef PMU_MODEL_H
#define PMU_MODEL_H

#include <stdint.h>
#include "pmu_regs.h"

typedef struct {
    unsigned nt;          /* hardware threads, 1..8          (RTL NT)         */
    unsigned nc;          /* counters, 1..32                 (RTL NC)         */
    unsigned cw;          /* counter width, 33..64           (RTL CW)         */
    unsigned ncls;        /* event classes, 1..64            (RTL NCLS)       */
    unsigned nret;        /* FLOP retire slots/thread, 1..8  (RTL NRET)       */
    unsigned flop_class;  /* FLOP class number, 0..63        (RTL FLOP_CLASS) */
    unsigned nch;         /* yield channels per ring, 1..8   (RTL NCH)        */
    unsigned narea;       /* counter areas, 1..8, <= nc, <= ncls (RTL NAREA)   */
    unsigned has_sample;  /* sampling block, 0/1             (RTL HAS_SAMPLE) */
    unsigned has_yield;   /* yield channels, 0/1             (RTL HAS_YIELD)  */
    unsigned aw;          /* SIAR/SDAR/yield target width, 32 or 64 (RTL AW)  */
    unsigned ycap;        /* capture record per yield channel, 0/1 (RTL YCAP) */
    unsigned view;        /* register view: 0 native, 1 CoreSight PMU (RTL VIEW) */
    unsigned xlen;        /* RISC-V CSR view: 0 none, 32 / 64 (RTL XLEN) */
} pmu_cfg;

/* From config/pmu_ip.yaml: PMU_CFG_DEFAULT (the RTL's defaults) and every
 * named configuration (PMU_CFG_ALT, ...), pmu_cfg_named(), the parameter
 * maxima (PMU_NT_MAX, ...) and pmu_cfg_ranges(). */
#include "pmu_cfg_gen.h"

/* Counter areas (seed 000): can counter n count event class es? */
int pmu_cfg_class_ok(const pmu_cfg *cfg, unsigned n, unsigned es);

/* One FP retire slot (seed 003; docs/regmap.md "FLOP class"). */
typedef struct {
    uint8_t valid;
    uint8_t rsz;    /* PMU_RSZ32 .. PMU_RSZ1024 (0..5); 6, 7 never count */
    uint8_t esz;    /* 0 single, 1 double */
    uint8_t scalar; /* scalar instruction: one element, whatever the register size */
    uint8_t op;     /* instruction type PMU_FOP_ADD .. PMU_FOP_FMA (0..8; FMA counts 2); 9..15 never count */
} pmu_flop_slot;

typedef struct {
    /* APB4 */
    uint8_t  psel, penable, pwrite;
    uint32_t paddr;               /* low PMU_ADDR_BITS bits are used */
    uint32_t pwdata;
    uint8_t  pstrb;               /* 4 bits */
    uint8_t  pprot;               /* 3 bits; bit 0 = privileged */
    uint8_t  ptid;                /* 3 bits: hardware thread that issued the access (ptid_i, APB5 PAUSER) */
    /* events */
    uint16_t ev[PMU_NT_MAX][PMU_NCLS_MAX];   /* sub-event bits per thread, class */
    uint8_t  cpl[PMU_NT_MAX];                /* 0..3 */
    pmu_flop_slot flop[PMU_NT_MAX][PMU_NRET_MAX];
    /* sampling (docs/sampling.md) */
    uint64_t iaddr, daddr;                   /* instruction / data address this cycle */
    uint8_t  pm[PMU_NT_MAX];                 /* process mark per thread */
    uint8_t  mem_valid[PMU_NT_MAX];          /* a load/store completes on thread t */
    uint16_t mem_lat[PMU_NT_MAX];            /* ... with this latency */
    /* yield channels */
    uint8_t  yev;                            /* external scenario events yev_i[7:0] */
    /* RISC-V CSR port (XLEN != 0; docs/riscv.md) */
    uint8_t  csr_valid;                      /* a CSR instruction this cycle */
    uint8_t  csr_op;                         /* PMU_RV_OP_READ / WRITE / SET / CLEAR */
    uint16_t csr_addr;                       /* CSR number (12 bits) */
    uint64_t csr_wdata;                      /* rs1 / uimm (XLEN=32: bits 31:0 used) */
    uint8_t  csr_priv;                       /* {V, PRV[1:0]} of the hart */
    uint8_t  rv_mode[PMU_NT_MAX];            /* {V, PRV} of thread t's events (xINH filters) */
    uint8_t  stopcount;                      /* debug mode with dcsr.stopcount: no counting */
} pmu_inputs;

typedef struct {
    uint32_t prdata;
    uint8_t  pready, pslverr, irq;
    /* sampling / yield outputs during the cycle */
    uint8_t  pmi;                            /* PMSTAT != 0 */
    uint8_t  yield, yield_ring, yield_ch;    /* yield_ring: 0 ring 0, 1 ring 3 (0 without a yield) */
    uint8_t  yield_tid;                      /* thread of the delivered channel */
    uint64_t yield_tgt;
    uint8_t  yield_attr;                     /* {HINT, PRE, FLT} of the delivered channel */
    /* RISC-V CSR port */
    uint8_t  csr_hit, csr_ill, csr_virt;     /* one of the view's CSRs; illegal / virtual instruction */
    uint64_t csr_rdata;                      /* the CSR's value before the instruction (0 on an exception) */
    uint8_t  lcofi;                          /* count-overflow interrupt request (one cycle) */
} pmu_outputs;

typedef struct pmu_model pmu_model;

/* NULL pointers: every function checks its pointer arguments and does not
 * dereference a NULL one. Functions returning int return PMU_MODEL_EINVAL
 * (pmu_model_irq and pmu_cfg_class_ok: 0); pmu_cfg_check returns a message,
 * pmu_model_new and pmu_model_cfg NULL, the state readers 0;
 * pmu_model_free(NULL) does nothing. Optional pointers: step's out and
 * pmu_model_read's data may be NULL (the result is then not stored). */
#define PMU_MODEL_EINVAL (-1)

/* Returns NULL if cfg is acceptable, else a message naming the bad field. */
const char *pmu_cfg_check(const pmu_cfg *cfg);
/* NULL on an illegal cfg (see pmu_cfg_check) or out of memory. In reset state. */
pmu_model *pmu_model_new(const pmu_cfg *cfg);
void pmu_model_free(pmu_model *m);
int pmu_model_reset(pmu_model *m);                 /* 0 or PMU_MODEL_EINVAL */
const pmu_cfg *pmu_model_cfg(const pmu_model *m);

/* One clock cycle. out may be NULL. 0, or PMU_MODEL_EINVAL (m or in NULL). */
int pmu_model_step(pmu_model *m, const pmu_inputs *in, pmu_outputs *out);

/* Architecturally visible state, read without side effects. */
uint64_t pmu_model_counter(const pmu_model *m, unsigned n);
uint32_t pmu_model_ovf(const pmu_model *m);
uint64_t pmu_model_tsc(const pmu_model *m);
int      pmu_model_irq(const pmu_model *m);
uint64_t pmu_model_siar(const pmu_model *m);
uint64_t pmu_model_sdar(const pmu_model *m);
uint32_t pmu_model_mmcr(const pmu_model *m);     /* MMCR register value */
uint32_t pmu_model_pmstat(const pmu_model *m);
/* CoreSight view (VIEW=1): PMOVSSET0 (bit 31 the cycle counter's flag), and
 * 1 while PMCR.FZO freezes the counters (an overflow flag set) */
uint32_t pmu_model_cs_pmovs(const pmu_model *m);
int      pmu_model_cs_frozen(const pmu_model *m);
uint64_t pmu_model_cs_ccnt(const pmu_model *m);   /* the cycle counter (0 with VIEW=0) */
uint32_t pmu_model_yblk(const pmu_model *m);     /* block bits: ring 0 [nt-1:0], ring 3 above (bit t = thread t) */
/* 1 while a valid yield channel with action act (PMU_YACT_IRQ: irq_o, PMU_YACT_FRZ: counters frozen) has YER set */
int      pmu_model_yact(const pmu_model *m, unsigned act);
uint32_t pmu_model_yer(const pmu_model *m);      /* ring-0 channels [nch-1:0], ring 3 above */
uint32_t pmu_model_ych_cnt(const pmu_model *m, unsigned ring3, unsigned i);  /* down-counter */
uint32_t pmu_model_ych_miss(const pmu_model *m, unsigned ring3, unsigned i); /* missed triggers */
unsigned pmu_model_ych_tid(const pmu_model *m, unsigned ring3, unsigned i);  /* thread (YTHRr field) */
uint32_t pmu_model_ych_ctl(const pmu_model *m, unsigned ring3, unsigned i);  /* CTL fields, also of an invalid channel */
uint32_t pmu_model_ych_esv(const pmu_model *m, unsigned ring3, unsigned i);  /* event-schema vector (sticky with STK) */
/* Capture record of a channel (YCAP=1; all 0 otherwise), also of an invalid channel */
typedef struct {
    uint64_t ip, da, ts, ct;   /* instruction / data address, TSC, counter CTL.CSEL */
} pmu_ycap;
pmu_ycap pmu_model_ych_cap(const pmu_model *m, unsigned ring3, unsigned i);

/* Convenience bus transactions: a two-cycle APB access (setup + access)
 * with all event inputs idle. Return PSLVERR (0/1), PMU_MODEL_EINVAL if m
 * is NULL. */
int pmu_model_write(pmu_model *m, uint32_t addr, uint32_t data);
int pmu_model_read(pmu_model *m, uint32_t addr, uint32_t *data);

#endif
