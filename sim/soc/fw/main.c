/* Example SoC firmware: the sw/ driver and API counting PicoRV32 events
 * around real workloads (sort, CRC-32, matrix multiply).
 *
 * 1. Exact regions: counters programmed through the driver, each workload
 *    bracketed by an asm sequence (GCTL.GEN=1 store, rdinstret, rdcycle,
 *    call, rdcycle, rdinstret, GCTL=0 store). Checks:
 *      PMU instructions == instret delta + 2  (the first rdinstret and the
 *                          GEN=1 store retire inside the PMU window but
 *                          before / outside the instret delta)
 *      PMU cycles - rdcycle delta is the same for every workload
 *      loads/stores are reported to the bench, which compares them with its
 *      own count of bus data accesses (sim/soc/tb_soc.v).
 * 2. API: named events around each workload, printed perf-stat style.
 * 3. Overflow: INST_RETIRED:USR with a threshold -> PMU IRQ -> pmu_irq();
 *    the count must equal the count without overflow (USR excludes the
 *    handler's own instructions).
 * 4. Multiplexing: 12 USR events on 8 counters rotated by the PicoRV32
 *    timer IRQ; estimates compared with exact single-pass counts.
 * Built with -DSHORT (the Icarus run) only part 1 runs, on small inputs.
 * Built with -DPROF (make soc-prof) only the sampling profiler runs
 * (profile_all below, docs/profiling.md).
 */
#include <stdint.h>
#include <string.h>
#include "pmu_api.h"
#include "pmu_events_soc.h"

#ifdef SHORT
#define SORT_N 16
#define CRC_N  16
#define CRC_REF 0x191F3D9Fu     /* python3: zlib.crc32(bytes((i*7+3)&255 for i in range(16))) */
#define MAT_N  3
#else
#define SORT_N 100
#define CRC_N  1024
#define CRC_REF 0x5D3DE8EDu     /* python3: zlib.crc32(bytes((i*7+3)&255 for i in range(1024))) */
#define MAT_N  10
#endif
/* Built for the profiler (-DPROF), the workloads and their helpers are not
 * inlined: it attributes samples to them by name. */
#ifdef PROF
#define WL_FN static __attribute__((noinline))
#else
#define WL_FN static
#endif
#include "fw_util.h"

static pmu_ctx ctx;
static volatile uint32_t tick_period, n_tick_irq, n_pmu_irq, n_apb_err;
static volatile uint32_t irq_epc;      /* interrupted PC of the running handler */

uint32_t irq_handler(uint32_t irqs, uint32_t epc);
uint32_t irq_handler(uint32_t irqs, uint32_t epc)
{
    irq_epc = epc;
    if (irqs & IRQ_PMU) { n_pmu_irq++; (void)pmu_irq(&ctx); }
    if (irqs & IRQ_TIMER) {
        n_tick_irq++;
        (void)pmu_tick(&ctx);
        if (tick_period) timer_set(tick_period);
    }
    if (irqs & IRQ_APBERR) n_apb_err++;
    return 0;
}

/* ------------------------------------------------------------ workloads */
static int32_t ma[MAT_N][MAT_N], mb[MAT_N][MAT_N], mc[MAT_N][MAT_N];

WL_FN void wl_matmul(void)
{
    int i, j, k;
    for (i = 0; i < MAT_N; i++)
        for (j = 0; j < MAT_N; j++) { ma[i][j] = i + 2 * j - 3; mb[i][j] = 3 * i - j + 1; }
    for (i = 0; i < MAT_N; i++)
        for (j = 0; j < MAT_N; j++) {
            int32_t s = 0;
            for (k = 0; k < MAT_N; k++) s += ma[i][k] * mb[k][j];
            mc[i][j] = s;
        }
}

typedef struct { const char *name; void (*fn)(void); } workload;
static const workload wls[] = { { "sort", wl_sort }, { "crc32", wl_crc }, { "matmul", wl_matmul } };
#define NWL 3

static int verify_workloads(void)
{
    int i, ok = 1;
    for (i = 1; i < SORT_N; i++) ok &= sort_a[i - 1] <= sort_a[i];
    ok &= crc_result == CRC_REF;
    /* C[0][0] = sum_k (k*2-3)*(1-k)... checked against a direct recomputation */
    {
        int32_t s = 0;
        int k;
        for (k = 0; k < MAT_N; k++) s += (2 * k - 3) * (3 * k + 1);
        ok &= mc[0][0] == s;
    }
    return ok;
}

#ifndef PROF
/* ------------------------------------------------------------ 1: exact regions */
typedef struct { uint32_t i0, c0, i1, c1; } region_t;

static void __attribute__((noinline)) run_region(void (*fn)(void), region_t *r)
{
    register uint32_t g __asm__("s2") = PMU_BASE + PMU_REG_GCTL;
    register void (*f)(void) __asm__("s7") = fn;
    register uint32_t i0 __asm__("s3"), c0 __asm__("s4"), i1 __asm__("s5"), c1 __asm__("s6");
    __asm__ volatile(
        "li t0, 1\n\t"
        "sw t0, 0(%[g])\n\t"          /* GCTL.GEN = 1: the PMU starts */
        "rdinstret %[i0]\n\t"
        "rdcycle %[c0]\n\t"
        "jalr ra, 0(%[f])\n\t"
        "rdcycle %[c1]\n\t"
        "rdinstret %[i1]\n\t"
        "sw zero, 0(%[g])\n\t"        /* GCTL = 0: the PMU stops */
        : [i0] "=&r"(i0), [c0] "=&r"(c0), [i1] "=&r"(i1), [c1] "=&r"(c1)
        : [g] "r"(g), [f] "r"(f)
        : "ra", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a0", "a1", "a2", "a3", "a4", "a5", "a6",
          "a7", "memory");
    r->i0 = i0; r->c0 = c0; r->i1 = i1; r->c1 = c1;
}

static const char *const region_ev[8] = {
    "CYCLES", "INST_RETIRED", "MEM_INST_RETIRED:LOADS", "MEM_INST_RETIRED:STORES",
    "BR_RETIRED:TAKEN", "BR_RETIRED:NOT_TAKEN", "BUS:IFETCH", "CYCLES:MEM_STALL",
};

static void wl_empty(void) { }

static void exact_regions(void)
{
    const pmu_dev *d = &ctx.dev;
    uint32_t kc0 = 0;
    unsigned i, w, n;
    pmu_event_code k[8];
    pstr("\n== exact regions: PMU vs rdinstret/rdcycle and vs the bench's bus count\n");
    for (n = 0; n < 8; n++)
        if (pmu_event_encode(&ctx, region_ev[n], &k[n]) != PMU_OK) { check(0, region_ev[n]); return; }
    /* w == NWL: an empty region first (calibrates the fixed bracketing cost) */
    for (i = 0; i <= NWL; i++) {
        const char *name;
        region_t r;
        uint64_t v[8];
        uint32_t di, dc, kc;
        w = i == 0 ? NWL : i - 1u;
        name = w == NWL ? "empty" : wls[w].name;
        pmu_drv_global_enable(d, 0, 0);
        for (n = 0; n < 8 && n < d->nc; n++) pmu_drv_program(d, n, k[n].ctl | PMU_CTL_EN_MASK, k[n].emq);
        pmu_drv_clear(d, 0xFFu);
        run_region(w == NWL ? wl_empty : wls[w].fn, &r);
        for (n = 0; n < 8; n++) v[n] = pmu_drv_read_counter(d, n);
        di = r.i1 - r.i0;
        dc = r.c1 - r.c0;
        kc = (uint32_t)v[0] - dc;
        if (w == NWL) kc0 = kc;
        pstr(name);
        pstr(": PMU inst "); pu64(v[1]); pstr(", rdinstret delta "); pu64(di);
        pstr("; PMU cycles "); pu64(v[0]); pstr(", rdcycle delta "); pu64(dc);
        pstr("; loads "); pu64(v[2]); pstr(" stores "); pu64(v[3]);
        pstr("; br taken "); pu64(v[4]); pstr(" not taken "); pu64(v[5]);
        pstr("; ifetch "); pu64(v[6]); pstr(" mem-wait cycles "); pu64(v[7]); pch('\n');
        check(v[1] == (uint64_t)di + 2u, "PMU instructions == rdinstret delta + 2");
        check(kc == kc0, "PMU cycles - rdcycle delta is the same for every workload as for the empty region");
        if (w == NWL) check(di == 5u, "empty region: rdinstret delta = rdcycle, jalr, ret, rdcycle, rdinstret");
        check(v[6] >= v[1], "instruction fetches >= instructions retired");
        IO[3] = (uint32_t)v[2];
        IO[4] = (uint32_t)v[3];
        IO[2] = w;                      /* the bench compares with its bus count */
    }
    pstr("PMU cycles - rdcycle delta = "); pu64(kc0);
    pstr(" for the empty region and every workload (fixed bracketing cost)\n");
    check(verify_workloads(), "workload results");
}

/* ------------------------------------------------------------ bus errors */
/* A byte store to a PMU register (PSTRB != 1111) and a read of an unmapped
 * offset must both end in PSLVERR -> bridge error pulse -> IRQ 4, and the
 * byte store must not change the register. */
static void bus_errors(void)
{
    volatile uint32_t *gctl = (volatile uint32_t *)(PMU_BASE + PMU_REG_GCTL);
    uint32_t v, g;
    int spin;
    pstr("\n== bus errors through pmu_mem2apb\n");
    *gctl = 0;
    n_apb_err = 0;
    (void)maskirq(~IRQ_APBERR);
    *(volatile uint8_t *)gctl = 1;                              /* sb: PSTRB 0001 */
    for (spin = 0; spin < 20 && n_apb_err < 1; spin++) { }
    v = *(volatile uint32_t *)(PMU_BASE + 0xF00u);             /* unmapped */
    for (spin = 0; spin < 20 && n_apb_err < 2; spin++) { }
    (void)maskirq(~0u);
    g = *gctl;
    pstr("byte store + unmapped read: "); pu64(n_apb_err); pstr(" error IRQs, GCTL "); pu64(g);
    pstr(", unmapped read data "); pu64(v); pch('\n');
    check(n_apb_err == 2, "two PSLVERR interrupts");
    check(g == 0 && v == 0, "failed accesses change nothing and read 0");
    n_apb_err = 0;
}

#endif /* !PROF */

#if !defined(SHORT) && !defined(PROF)
/* ------------------------------------------------------------ 2: API, perf-stat style */
static const char *const api_ev[8] = {
    "CYCLES", "INST_RETIRED:USR", "INST_RETIRED:MULDIV", "MEM_INST_RETIRED:LOADS:USR",
    "MEM_INST_RETIRED:STORES:USR", "BR_RETIRED:TAKEN:T0:USR", "BR_RETIRED:NOT_TAKEN", "CYCLES:MEM_STALL",
};

static void api_stat(void)
{
    unsigned w, i;
    pstr("\n== PAPI-like API: named events around each workload\n");
    for (w = 0; w < NWL; w++) {
        pmu_eventset es;
        pmu_value v[8];
        char nm[64];
        pmu_eventset_init(&ctx, &es);
        for (i = 0; i < 8; i++) check(pmu_add_named_event(&es, api_ev[i]) == (int)i, api_ev[i]);
        check(pmu_start(&es) == PMU_OK, "start");
        wls[w].fn();
        check(pmu_stop(&es, 0) == PMU_OK, "stop");
        pmu_read_values(&es, v);
        pstr(" Performance counter stats for '"); pstr(wls[w].name); pstr("':\n");
        for (i = 0; i < 8; i++) {
            pmu_event_decode(&ctx, &es.code[i], nm, sizeof nm);
            pu64w(v[i].value, 12); pstr("  "); pstrw(nm, 30);
            if (i == 1) {   /* IPC x 1000 */
                uint64_t ipc = pmu_muldiv64(v[1].value, 1000u, v[0].value);
                pstr(" # "); pu64(ipc / 1000u); pch('.'); pu64w(ipc % 1000u / 100u, 1);
                pu64w(ipc % 100u / 10u, 1); pstr(" insn per cycle");
            }
            pch('\n');
        }
    }
}

/* ------------------------------------------------------------ 3: overflow */
static volatile unsigned n_cb;
static void ovf_cb(pmu_eventset *es, unsigned idx, void *arg) { (void)es; (void)idx; (void)arg; n_cb++; }

static void overflow_demo(void)
{
    pmu_eventset es;
    uint64_t ref, val;
    pstr("\n== overflow: 64-bit accumulation through the PMU interrupt\n");
    pmu_eventset_init(&ctx, &es);
    pmu_add_named_event(&es, "INST_RETIRED:USR");
    pmu_start(&es);
    wl_crc();
    pmu_stop(&es, &ref);
    pmu_set_overflow(&es, 0, 500, ovf_cb, 0);   /* counter preset to 2^40 - 500 */
    n_cb = 0;
    n_pmu_irq = 0;
    (void)maskirq(~(IRQ_PMU | IRQ_TIMER | IRQ_APBERR));
    pmu_start(&es);
    wl_crc();
    pmu_stop(&es, &val);
    (void)maskirq(~0u);
    pstr("crc32 INST_RETIRED:USR without overflow "); pu64(ref); pstr(", through a 40-bit wrap "); pu64(val);
    pstr(" (PMU irqs "); pu64(n_pmu_irq); pstr(", callbacks "); pu64(n_cb); pstr(")\n");
    check(val == ref, "count across the 40-bit wrap equals the count without wrap");
    check(n_cb == 1 && n_pmu_irq >= 1, "one overflow interrupt and callback");
}

/* ------------------------------------------------------------ 4: multiplexing */
static const char *const mux_ev[12] = {
    "INST_RETIRED:USR", "INST_RETIRED:ALU:USR", "INST_RETIRED:MULDIV:USR", "INST_RETIRED:SYSTEM:USR",
    "MEM_INST_RETIRED:LOADS:USR", "MEM_INST_RETIRED:STORES:USR", "BR_RETIRED:TAKEN:USR",
    "BR_RETIRED:NOT_TAKEN:USR", "BR_RETIRED:JUMP:USR", "BUS:IFETCH:USR", "BUS:DREAD:USR", "BUS:DWRITE:USR",
};

static void mux_workload(void)
{
    int r;
    for (r = 0; r < 2; r++) { wl_sort(); wl_crc(); wl_matmul(); }
}

static void mux_demo(void)
{
    pmu_eventset es;
    pmu_value v[12];
    uint64_t exact[12];
    unsigned i, worst = 0;
    pstr("\n== multiplexing: 12 events on 8 counters, rotated by the timer IRQ\n");
    /* exact reference: the 12 events in two single-pass runs */
    for (i = 0; i < 12; i += 6) {
        pmu_eventset ref;
        unsigned j;
        uint64_t x[6];
        pmu_eventset_init(&ctx, &ref);
        for (j = 0; j < 6; j++) pmu_add_named_event(&ref, mux_ev[i + j]);
        pmu_start(&ref);
        mux_workload();
        pmu_stop(&ref, x);
        for (j = 0; j < 6; j++) exact[i + j] = x[j];
    }
    pmu_eventset_init(&ctx, &es);
    check(pmu_set_multiplex(&es, 1) == PMU_OK, "mux on");
    for (i = 0; i < 12; i++) check(pmu_add_named_event(&es, mux_ev[i]) == (int)i, mux_ev[i]);
    n_tick_irq = 0;
    tick_period = 20000;
    timer_set(tick_period);
    (void)maskirq(~(IRQ_PMU | IRQ_TIMER | IRQ_APBERR));
    pmu_start(&es);
    mux_workload();
    pmu_stop(&es, 0);
    (void)maskirq(~0u);
    tick_period = 0;
    timer_set(0);
    pmu_read_values(&es, v);
    pstr("passes "); pu64(pmu_num_passes(&es)); pstr(", timer ticks "); pu64(n_tick_irq);
    pstr(", pass switches "); pu64(ctx.n_switches); pch('\n');
    pstrw("event", 30); pstr("    estimate       exact  error%  counted%\n");
    for (i = 0; i < 12; i++) {
        char nm[64];
        uint64_t e = exact[i], d = v[i].value > e ? v[i].value - e : e - v[i].value;
        unsigned err = e ? (unsigned)pmu_muldiv64(d, 10000u, e) : (v[i].value ? 10000u : 0u);  /* 0.01% */
        unsigned frac = (unsigned)pmu_muldiv64(v[i].running, 1000u, v[i].enabled);
        pmu_event_decode(&ctx, &es.code[i], nm, sizeof nm);
        pstrw(nm, 30); pu64w(v[i].value, 12); pu64w(e, 12);
        pu64w(err / 100u, 5); pch('.'); pu64w(err % 100u / 10u, 1); pu64w(err % 10u, 1);
        pu64w(frac / 10u, 7); pch('.'); pu64w(frac % 10u, 1); pch('\n');
        if (e >= 1000u && err > worst) worst = err;
    }
    check(pmu_num_passes(&es) == 2, "two passes");
    check(n_tick_irq >= 20, "timer rotated the passes");
    check(verify_workloads(), "workload results");
    pstr("worst error of the events with >= 1000 counts: "); pu64(worst / 100u); pch('.');
    pu64w(worst % 100u, 2); pstr("%\n");
    check(worst <= 200, "multiplexed estimates of events with >= 1000 counts within 2% of the exact counts");
}
#endif


#ifdef PROF
/* ------------------------------------------------------------ sampling profiler */
/* Profiles of the three workloads (one round: sort, CRC-32, matrix
 * multiply), sampled through the negative-counter interrupt (sw/pmu_prof.h).
 * The bench (sim/soc/tb_soc.v) counts, from PicoRV32's retired-instruction
 * trace (RVFI), the instructions and cycles of each function while the
 * profile runs (IO 0x18: profile id << 1 | on, between the GCTL.GEN=1 and
 * GCTL=0 writes, outside interrupt handlers); the samples go to the bench
 * through IO 0x1C (ip, addr, aux = interrupted PC, three words each), and
 * sw/prof_report.py compares the per-function shares with that ground truth. */
#include "pmu_prof.h"
#define PROF_CAP 2048
static pmu_prof_rec prof_buf[PROF_CAP];
static uint32_t prof_aux(void *a) { (void)a; return irq_epc; }

static void prof_workload(void *a) { unsigned w; (void)a; for (w = 0; w < NWL; w++) wls[w].fn(); }

/* the platform side of pmu_prof_run (sw/pmu_prof.h): console, the bench's
 * I/O ports, interrupts and the throttle's timer */
static uint32_t prof_tick;
static void prof_put(void *a, const char *s) { (void)a; pstr(s); }
static void prof_sample_out(void *a, const pmu_prof_rec *r)
{
    (void)a;                                   /* dump: three words a sample */
    IO[7] = (uint32_t)r->ip;
    IO[7] = (uint32_t)r->addr;
    IO[7] = r->aux;
}
static void prof_begin(void *a, unsigned id)
{
    (void)a;
    n_pmu_irq = 0;
    n_tick_irq = 0;
    tick_period = prof_tick;
    if (prof_tick) timer_set(prof_tick);
    (void)maskirq(~(IRQ_PMU | IRQ_TIMER | IRQ_APBERR));
    IO[6] = id << 1 | 1u;                      /* bench: ground truth on */
}
static void prof_end(void *a, unsigned id)
{
    (void)a;
    IO[6] = id << 1;                           /* bench: off, prints its table */
    (void)maskirq(~0u);
    tick_period = 0;
    timer_set(0);
}
static void prof_extra(void *a)
{
    (void)a;
    pstr(" pmu_irqs="); pu64(n_pmu_irq); pstr(" ticks="); pu64(n_tick_irq);
}
static const pmu_prof_io prof_io = { prof_put, prof_sample_out, prof_begin, prof_end, prof_extra, prof_aux, 0 };

/* One profile: event `ev` every `period` events (+- period / 4, the
 * profiler's default jitter), throttle min_cycles (a timer calls pmu_tick
 * every tick cycles while it is on). */
static void profile(unsigned id, const char *ev, uint32_t period, uint32_t min_cycles, uint32_t tick)
{
    pmu_prof_opts o;
    pmu_prof_summary sm;
    int r;
    pmu_prof_opts_init(&o, ev, period);
    o.min_cycles = min_cycles;
    prof_tick = tick;
    r = pmu_prof_run(&ctx, id, &o, prof_buf, PROF_CAP, &prof_io, prof_workload, 0, &sm);
    check(r != PMU_PROF_ETRUNC, "profile buffer large enough");
    check(r == PMU_OK || r == PMU_PROF_ETRUNC, "pmu_prof_run");
    if (r != PMU_OK && r != PMU_PROF_ETRUNC) return;
    check(verify_workloads(), "workload results");
    /* every sampling period that ended is one sample, throttled or lost
     * (the handler leaves the events beyond the period on the counter), but
     * one whose end fell inside pmu_stop (interrupts masked); the count at
     * pmu_stop lies in the open period (pmu_sampling_state) */
    check(sm.consistent, "samples + throttled == periods done (or one less), count within the open period");
    check(sm.jitter == period / 4u, "jitter on by default: period / 4");
    if (!min_cycles) {
        check(sm.throttled == 0, "no sample throttled");
    } else {
        uint32_t expect = (uint32_t)(sm.count / period);
        check(sm.throttled > 0, "throttling dropped samples");
        check(sm.samples > 1 && sm.min_dt >= min_cycles, "serviced samples at least min_cycles apart");
        check(sm.samples + sm.throttled <= expect + expect / 50u + 1u && sm.samples + sm.throttled + expect / 50u >= expect,
              "samples + throttled within 2% of count / period");
    }
}

static void profile_all(void)
{
    pstr("\n== sampling profiler: SIAR at every period-th event of the workloads\n");
    profile(1, "INST_RETIRED:USR", 101, 0, 0);
    profile(2, "CYCLES:USR", 557, 0, 0);
    profile(3, "INST_RETIRED:USR", 101, 20000, 5000);
}
#endif

int main(void)
{
    pmu_mmio io = pmu_mmio_volatile((volatile void *)PMU_BASE);
    int r;
    io.irq_save = fw_irq_save;
    io.irq_restore = fw_irq_restore;
    pstr("pmu-ip example SoC: PicoRV32 rv32im + pmu_core, firmware built with riscv64-unknown-elf-gcc/picolibc\n");
    r = pmu_init(&ctx, &io, &pmu_soc_events);
    check(r == PMU_OK, "pmu_init");
    if (r != PMU_OK) return (int)fails;
    pstr("PMU: "); pu64(ctx.dev.nc); pstr(" counters x "); pu64(ctx.dev.cw); pstr(" bits, ");
    pu64(ctx.dev.nt); pstr(" thread, FLOP class "); pu64(ctx.dev.flop_class); pch('\n');
#ifdef PROF
    profile_all();
#else
    exact_regions();
    bus_errors();
#endif
#if !defined(SHORT) && !defined(PROF)
    api_stat();
    overflow_demo();
    mux_demo();
#endif
    check(n_apb_err == 0, "no APB errors");
    pstr("\nfirmware done: "); pu64(fails); pstr(" failed checks\n");
    return (int)fails;
}
