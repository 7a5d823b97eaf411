/* SPDX-License-Identifier: Apache-2.0 */
/* Profiling harness of `make prof` (sim/soc/prof.mk, docs/profiling.md):
 * the firmware that profiles a user's own program on the example SoC.
 *
 * The user's C files are compiled with -Dmain=pmu_prof_user_main and linked
 * with this file, which initializes the PMU and runs one profile of the
 * user's main() (sw/pmu_prof.h pmu_prof_run: the named event PROF_EVENT
 * sampled every PROF_PERIOD events, +- PROF_JITTER, into a buffer of
 * PROF_CAP samples), then emits the record ("[prof] meta", the samples
 * through the bench's I/O port 0x1C) for sw/prof_report.py. `make prof`
 * builds one image per event, so each profile is a fresh run of the
 * program. The bench (sim/soc/tb_soc.v) counts the ground truth while the
 * profile runs (I/O 0x18).
 *   -DPROF_EVENT="\"INST_RETIRED:USR\"" -DPROF_ID=1 -DPROF_PERIOD=1000
 *   -DPROF_JITTER=-1 (default: period / 4; 0 = fixed period) -DPROF_SEED=0
 *   -DPROF_CAP=2048
 */
#include <stdint.h>
#include "pmu_api.h"
#include "pmu_events_soc.h"
#include "pmu_prof.h"

#ifndef PROF_EVENT
#define PROF_EVENT "INST_RETIRED:USR"
#endif
#ifndef PROF_ID
#define PROF_ID 1
#endif
#ifndef PROF_PERIOD
#define PROF_PERIOD 1000
#endif
#ifndef PROF_JITTER
#define PROF_JITTER (-1)
#endif
#ifndef PROF_SEED
#define PROF_SEED 0
#endif
#ifndef PROF_CAP
#define PROF_CAP 2048
#endif

/* fw_util.h's workloads are not used here */
#define SORT_N 1
#define CRC_N  1
#define WL_FN static inline
#include "fw_util.h"

int pmu_prof_user_main();            /* the user's main(), renamed (any of its two C signatures) */

static pmu_ctx ctx;
static volatile uint32_t n_pmu_irq, n_apb_err, irq_epc;
static int user_rc;

uint32_t irq_handler(uint32_t irqs, uint32_t epc);
uint32_t irq_handler(uint32_t irqs, uint32_t epc)
{
    irq_epc = epc;
    if (irqs & IRQ_PMU) { n_pmu_irq++; (void)pmu_irq(&ctx); }
    if (irqs & IRQ_TIMER) (void)pmu_tick(&ctx);
    if (irqs & IRQ_APBERR) n_apb_err++;
    return 0;
}

static pmu_prof_rec prof_buf[PROF_CAP];

static void put(void *a, const char *s) { (void)a; pstr(s); }
static void sample_out(void *a, const pmu_prof_rec *r)
{
    (void)a;
    IO[7] = (uint32_t)r->ip;              /* bench: "[prof] sample ID IP ADDR AUX" */
    IO[7] = (uint32_t)r->addr;
    IO[7] = r->aux;
}
static void begin(void *a, unsigned id)
{
    (void)a;
    n_pmu_irq = 0;
    (void)maskirq(~(IRQ_PMU | IRQ_APBERR));
    IO[6] = id << 1 | 1u;                 /* bench: ground truth on */
}
static void end(void *a, unsigned id)
{
    (void)a;
    IO[6] = id << 1;                      /* bench: off, prints "[prof] truth" */
    (void)maskirq(~0u);
}
static void extra(void *a) { (void)a; pstr(" pmu_irqs="); pu64(n_pmu_irq); }
static uint32_t aux(void *a) { (void)a; return irq_epc; }
static const pmu_prof_io io = { put, sample_out, begin, end, extra, aux, 0 };

static void user(void *a)
{
    static char arg0[] = "prof";
    static char *argv[] = { arg0, 0 };
    (void)a;
    user_rc = pmu_prof_user_main(1, argv);
}

int main(void)
{
    pmu_mmio mm = pmu_mmio_volatile((volatile void *)PMU_BASE);
    pmu_prof_opts o;
    pmu_prof_summary sm;
    int r;
    mm.irq_save = fw_irq_save;
    mm.irq_restore = fw_irq_restore;
    pstr("pmu-ip profiling harness: event " PROF_EVENT "\n");
    r = pmu_init(&ctx, &mm, &pmu_soc_events);
    check(r == PMU_OK, "pmu_init");
    if (r != PMU_OK) return (int)fails;
    pmu_prof_opts_init(&o, PROF_EVENT, PROF_PERIOD);
    if (PROF_JITTER >= 0) o.jitter = (uint32_t)(PROF_JITTER);
    o.seed = PROF_SEED;
    r = pmu_prof_run(&ctx, PROF_ID, &o, prof_buf, PROF_CAP, &io, user, 0, &sm);
    if (r != PMU_OK && r != PMU_PROF_ETRUNC) {
        pstr("[prof] ERROR: pmu_prof_run returned "); pu64((uint64_t)(-r));
        pstr(" (negated; sw/pmu_api.h PMU_E*): unknown event, or period / jitter out of range\n");
    }
    check(r != PMU_PROF_ETRUNC, "profile buffer large enough (PROF_CAP)");
    check(r == PMU_OK || r == PMU_PROF_ETRUNC, "pmu_prof_run");
    if (r == PMU_OK || r == PMU_PROF_ETRUNC)
        check(sm.consistent, "samples + throttled + lost == sampling periods done");
    pstr("[prof] user main returned "); pu64((uint64_t)(uint32_t)user_rc); pch('\n');
    check(n_apb_err == 0, "no APB errors");
    pstr("profiling harness done: "); pu64(fails); pstr(" failed checks\n");
    return (int)fails;
}
