/* Shared by the sw/ host tests: tb/sw/test_sw.c (sw_run_tests, the test order)
 * runs the tests in tb/sw/test_sw/, one concern per file; the stimulus,
 * fixture and helpers they share are in tb/sw/test_sw/common.c. */
#ifndef TEST_SW_COMMON_H
#define TEST_SW_COMMON_H
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "pmu_api.h"
#include "pmu_events_soc.h"
#include "pmu_simbus.h"
#include "test_sw.h"
#include "pmu_cs_regs.h"

extern unsigned n_pass, n_fail;
extern const sw_target *T;
extern pmu_simbus B;

#define CHECK(cond, ...) do { if (cond) n_pass++; else { n_fail++; \
    printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)

/* ------------------------------------------------------------ rng (common.c) */
extern uint64_t rs;
uint32_t rnd(void);
uint32_t rndn(uint32_t n);
double fabs_frac(double x);

/* ------------------------------------------------------------ event generator (common.c) */
#define GC 8    /* classes driven */
#define GS 4    /* sub-events driven per class */
#define GF 2    /* FLOP retire slots driven: slot 0 scalar double (EM bit 0), slot 1 scalar single (bit 1) */
typedef struct {
    int      on;
    unsigned nt, nf;                          /* nf = min(GF, NRET) */
    uint8_t  period[PMU_NT_MAX][GC][GS], duty[PMU_NT_MAX][GC][GS], phase[PMU_NT_MAX][GC][GS];
    uint8_t  fperiod[PMU_NT_MAX][GF], fduty[PMU_NT_MAX][GF], fphase[PMU_NT_MAX][GF];
    uint64_t tally[PMU_NT_MAX][2][GC][GS];    /* [thread][os][class][sub] */
    uint64_t ftally[PMU_NT_MAX][2][GF];       /* FLOP class: [thread][os][EM bit], FMA counts 2 */
    /* loads/stores (latency class): thread t completes one when (cycle + 3t) % 4 == 0,
     * latency (7 * cycle + 5t) % GL */
    int      mem_on;
    uint64_t ltally[PMU_NT_MAX][2][64];       /* [thread][os][latency] */
    /* watched codes: wcum[k][i] = expected count of watch[k] up to cycle w0 + i */
    unsigned nw;
    pmu_event_code watch[4];
    uint64_t w0;
    int      addr_on;                         /* iaddr = cycle, daddr = ~cycle (sampling) */
} gen_t;
#define GL 48
#define WMAX 65536
extern gen_t G;
extern uint64_t wcum[4][WMAX];
uint64_t expect(const pmu_event_code *k);
uint64_t expect_lat(const pmu_event_code *k, unsigned cycles);
void gen_setup(void);

/* ------------------------------------------------------------ fixture (common.c) */
extern pmu_ctx CTX;
int fixture(void);
void isr_pmu(void *a);
void isr_tick(void *a);
void hook_irqs(void);

/* ------------------------------------------------------------ counter areas (common.c) */
int area_ok(unsigned n, unsigned es);
unsigned area_ctrs(unsigned a);
unsigned area_class(unsigned a, unsigned k);
unsigned code_class(const pmu_event_code *k);
int placement_ok(const pmu_eventset *es);

/* ------------------------------------------------------------ helpers of several tests (common.c) */
void random_name(char *buf, size_t len, int cls_want);
void run_and_check(pmu_eventset *es, uint64_t cycles, int mux, const char *what);
int need_smp(const char *what);
unsigned flop_mux_set(pmu_eventset *es, int rnd_names);
/* pass-cycling records (test_cycling, test_timebase, test_throttle) */
typedef struct { unsigned n[16]; uint64_t corr[64]; unsigned npass; } post_rec;
void post_fn(pmu_eventset *es, unsigned why, void *arg);

/* ------------------------------------------------------------ the tests, in sw_run_tests order */
void test_probe(void);            /* basics.c */
void test_driver(void);           /* basics.c */
void test_encode(void);           /* basics.c */
void test_errors(void);           /* basics.c */
void test_exact(unsigned iters);  /* counting.c */
void test_overflow(void);         /* counting.c */
void test_live_wrap(void);        /* counting.c */
void test_muldiv(void);           /* basics.c */
void test_user_read(void);        /* counting.c */
void test_areas(void);            /* areas.c */
void test_multiplex(void);        /* areas.c */
void test_revision(void);         /* basics.c */
void test_trigger(void);          /* pm_api.c */
void test_correlate(void);        /* pm_api.c */
void test_cycling(void);          /* pm_irq.c */
void test_timebase(void);         /* pm_api.c */
void test_latency(void);          /* pm_api.c */
void test_status(void);           /* pm_irq.c */
void test_throttle(void);         /* pm_irq.c */
void test_sampling(void);         /* sampling.c */
void test_sampling_jitter(void);  /* sampling.c */
#endif
