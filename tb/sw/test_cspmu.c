/* Host tests of pmu_core's CoreSight PMU view (VIEW=1, regs/pmu_cs.rdl)
 * driven by sw/cspmu_linux.c, the replica of the upstream Linux arm_cspmu
 * driver, on the C model (tb/sw/test_cspmu_model.c) or the Verilated RTL in
 * lockstep with the model (tb/sw/test_cspmu_rtl.cpp). Build/run: sw/cspmu.mk.
 *
 * The bench injects events through a pmu_simbus generator and counts, per
 * perf event, what the counter must count (popcount of the EM-selected
 * sub-events of its class in the threads/privileges its PMEVFILTR does not
 * exclude; FLOP slots of the types PMEVFILT2R selects), so every perf total
 * is checked for equality.
 *
 * Bench rules that make the totals exact (a real system loses the events
 * of the cycles in which PMCR.E is 0; these runs inject none then):
 *  - events are injected only while every counter counts: after the
 *    PMCR.E=1 write of perf_pmu_enable and before perf_pmu_disable; after
 *    the last injected cycle the bench idles CAP.LAT+2 cycles before a read
 *    that must be exact;
 *  - the overflow interrupt: when irq_o is seen the bench stops injecting,
 *    idles CAP.LAT+2 cycles (the in-flight events reach the counters), then
 *    calls the driver's handler (arm_cspmu_handle_irq) and resumes.
 *  - the cycle counter's expected total: sum over the windows in which
 *    PMCR.E and PMCNTENSET0[31] are both 1 of (bus cycle after the access
 *    that closes the window) - (bus cycle after the access that opens it):
 *    a write takes effect at the edge ending its access phase (README
 *    "Cycle semantics": GEN=1 written in cycle a counts from a+1; GEN=0
 *    written in cycle d counts through d).
 */
#include <stdio.h>
#include <string.h>
#include "cspmu_linux.h"
#include "pmu_simbus.h"
#include "test_sw.h"

int cspmu_run_tests(const sw_target *tgt, uint32_t seed);

static unsigned n_pass, n_fail;
static const sw_target *T;
static pmu_simbus B;
static pmu_mmio SB;        /* the simbus master */
static pmu_mmio IO;        /* the tracking wrapper the driver uses */
static cspmu C;

#define BASE0 0x0000u
#define BASE1 0x1000u
#define NATIVE 0x2000u
#define LATD 5u            /* CAP.LAT (3) + 2 idle cycles */

#define CHECK(cond, ...) do { if (cond) n_pass++; else { n_fail++; \
    printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)

/* ------------------------------------------------------------ rng */
static uint64_t rs;
static uint32_t rnd(void)
{
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
    return (uint32_t)(rs >> 11);
}

static unsigned popc(uint32_t v) { unsigned n = 0; while (v) { v &= v - 1; n++; } return n; }

/* ------------------------------------------------------------ reference events */
typedef struct {
    int      active;
    int      flop;       /* FLOP class (counts slots) */
    unsigned es;
    uint32_t em;
    uint32_t filt;       /* PMEVFILTR */
    uint32_t ft;         /* PMEVFILT2R.FT */
    uint64_t expect;     /* events the counter must count */
} ref_ev;

#define NREF 8
static ref_ev R[NREF];
static int inject;
static int all16;        /* every sub-event of the used classes in every thread */
static int rnd_cpl;
static unsigned n_cls_used;
static unsigned cls_used[NREF];
static uint64_t n_injected_cycles;

static int excluded(uint32_t filt, unsigned t, unsigned cpl)
{
    return cpl == 0 ? (int)((filt >> (2 * t + 1)) & 1u) : (int)((filt >> (2 * t)) & 1u);
}
static int ft_selects(uint32_t ft, unsigned op)
{
    if (ft == 0) return op <= 8;
    if (ft == 6) return op == PMU_FOP_ADD || op == PMU_FOP_SUB || op == PMU_FOP_MUL || op == PMU_FOP_DIV || op == 8;
    if (ft >= 7) return op == 15 - ft;
    return 0;
}

static void gen(void *arg, uint64_t cycle, pmu_inputs *in)
{
    unsigned t, i, k;
    (void)arg;
    if (!inject) return;
    n_injected_cycles++;
    for (t = 0; t < T->cfg.nt; t++) {
        in->cpl[t] = (uint8_t)(rnd_cpl ? rnd() & 3u : 0u);
        for (i = 0; i < n_cls_used; i++)
            in->ev[t][cls_used[i]] = (uint16_t)(all16 ? 0xFFFFu : rnd());
        /* one FP slot per thread: scalar single on a 128-bit register,
         * ADD on even cycles, MUL on odd ones (1 instruction each) */
        in->flop[t][0].valid = 1;
        in->flop[t][0].rsz = PMU_RSZ128;
        in->flop[t][0].esz = 0;
        in->flop[t][0].scalar = 1;
        in->flop[t][0].op = (uint8_t)((cycle & 1) ? PMU_FOP_MUL : PMU_FOP_ADD);
    }
    for (k = 0; k < NREF; k++) {
        ref_ev *r = &R[k];
        if (!r->active) continue;
        for (t = 0; t < T->cfg.nt; t++) {
            if (excluded(r->filt, t, in->cpl[t])) continue;
            if (r->flop) r->expect += (ft_selects(r->ft, in->flop[t][0].op) && (r->em & 0x7FFu)) ? 1u : 0u;
            else r->expect += popc(in->ev[t][r->es] & r->em);
        }
    }
}

/* ------------------------------------------------------------ bus wrapper:
 * records the cycle-counter enable windows (PMCR.E & PMCNTENSET0[31]) */
static int pmcr_e, cnten31;
static uint64_t on_at, cyc_windows;
static void track(void)
{
    static int was;
    int now = pmcr_e && cnten31;
    if (now && !was) on_at = B.cycle;
    if (!now && was) cyc_windows += B.cycle - on_at;
    was = now;
}
static uint32_t io_rd(void *ctx, uint32_t off)
{
    (void)ctx;
    return SB.read32(SB.ctx, off);
}
static void io_wr(void *ctx, uint32_t off, uint32_t v)
{
    uint32_t f;
    (void)ctx;
    f = SB.irq_save(SB.ctx);          /* record the cycle before an interrupt runs */
    SB.write32(SB.ctx, off, v);
    if (off == BASE0 + CSPMU_PMCR) pmcr_e = (int)(v & 1u);
    if (off == BASE0 + CSPMU_PMCNTENSET && (v >> 31)) cnten31 = 1;
    if (off == BASE0 + CSPMU_PMCNTENCLR && (v >> 31)) cnten31 = 0;
    track();
    SB.irq_restore(SB.ctx, f);
}
static uint32_t io_save(void *ctx) { (void)ctx; return SB.irq_save(SB.ctx); }
static void io_restore(void *ctx, uint32_t f) { (void)ctx; SB.irq_restore(SB.ctx, f); }
static int io_err(void *ctx) { (void)ctx; return SB.bus_err(SB.ctx); }

static uint32_t rd(uint32_t off) { return IO.read32(IO.ctx, off); }
static void wr(uint32_t off, uint32_t v) { IO.write32(IO.ctx, off, v); }
static uint64_t rd64(uint32_t off) { return cspmu_read_reg64_hilohi(&C, off, CSPMU_HILOHI_MAX_POLL); }
static void wr64(uint32_t off, uint64_t v) { wr(off, (uint32_t)v); wr(off + 4, (uint32_t)(v >> 32)); }

/* raw two-cycle APB access with any PSTRB / PPROT; returns PSLVERR */
static int raw(int write, uint32_t addr, uint32_t wdata, uint8_t pstrb, uint8_t pprot, uint32_t *rdata)
{
    pmu_inputs in;
    pmu_outputs o;
    memset(&in, 0, sizeof in);
    in.psel = 1; in.pwrite = (uint8_t)(write != 0); in.paddr = addr; in.pwdata = wdata;
    in.pstrb = pstrb; in.pprot = pprot;
    B.step(B.dut, &in, &o); B.cycle++;
    in.penable = 1;
    B.step(B.dut, &in, &o); B.cycle++;
    B.irq_line = o.irq;
    if (rdata) *rdata = o.prdata;
    return o.pslverr;
}

/* ------------------------------------------------------------ interrupt */
static unsigned n_irq, n_irq_handled;
static void (*ff_hook)(void);
static void isr(void *arg)
{
    int saved = inject;
    (void)arg;
    inject = 0;
    pmu_sb_run(&B, LATD);            /* in-flight events reach the counters */
    n_irq++;
    if (cspmu_handle_irq(&C)) n_irq_handled++;
    if (ff_hook) ff_hook();
    inject = saved;
}

/* ------------------------------------------------------------ setup */
static uint64_t cmask(void) { return T->cfg.cw >= 64 ? ~0ull : ((1ull << T->cfg.cw) - 1); }

static void fresh(void)
{
    T->reset(T->dut);
    pmu_sb_init(&B, T->step, T->dut);
    B.gen = gen;
    B.pmu_isr = isr;
    SB = pmu_sb_mmio(&B);
    IO.read32 = io_rd; IO.write32 = io_wr; IO.irq_save = io_save; IO.irq_restore = io_restore;
    IO.bus_err = io_err; IO.ctx = 0;
    memset(R, 0, sizeof R);
    inject = 0; all16 = 0; rnd_cpl = 0; n_cls_used = 0;
    pmcr_e = 0; cnten31 = 0; track(); cyc_windows = 0;
    n_irq = n_irq_handled = 0; ff_hook = 0;
    memset(&C, 0, sizeof C);
    C.io = IO;                 /* rd64 before the probe */
}

static void use_class(unsigned es)
{
    unsigned i;
    for (i = 0; i < n_cls_used; i++) if (cls_used[i] == es) return;
    cls_used[n_cls_used++] = es;
}

/* a non-FLOP class counter n can count, different from the ones in avoid[] */
static unsigned pick_class(unsigned n, const unsigned *avoid, unsigned navoid)
{
    unsigned k, j, es;
    for (k = 0; k < T->cfg.ncls; k++) {
        es = (n * 7u + 3u + k) % T->cfg.ncls;
        if (es == T->cfg.flop_class || !pmu_cfg_class_ok(&T->cfg, n, es)) continue;
        for (j = 0; j < navoid; j++) if (avoid[j] == es) break;
        if (j == navoid) return es;
    }
    return (n + 1) % T->cfg.ncls;
}

static int probe(void)
{
    int r = cspmu_probe(&C, &IO, BASE0, BASE1, 1);
    return r;
}

static void ev_setup(cspmu_event *e, uint64_t config, uint64_t c1, uint64_t c2)
{
    memset(e, 0, sizeof *e);
    e->config = config; e->config1 = c1; e->config2 = c2;
}

static void run_inject(uint64_t cycles) { inject = 1; pmu_sb_run(&B, cycles); inject = 0; pmu_sb_run(&B, LATD); }

/* ------------------------------------------------------------ 1. probe */
static void test_probe(void)
{
    const pmu_cfg *g = &T->cfg;
    unsigned fails0 = n_fail, n;
    uint32_t v;
    fresh();
    /* nonzero counters before the probe (page 1 writes) */
    for (n = 0; n < g->nc; n++) wr64(BASE1 + 8 * n, 0x100000000ull + 17 * n + 1);
    wr64(BASE1 + 0xF8, 0x12345ull);
    CHECK(rd64(BASE1 + 8 * 0) == 0x100000001ull, "probe: preset counter 0 reads 0x%llx", (unsigned long long)rd64(BASE1));
    CHECK(probe() == 0, "probe: arm_cspmu_device_probe");
    CHECK((C.pmcfgr & 0xFFu) == g->nc, "probe: PMCFGR.N %u, want NC %u", C.pmcfgr & 0xFFu, g->nc);
    CHECK(((C.pmcfgr >> 8) & 0x3Fu) == g->cw - 1, "probe: PMCFGR.SIZE %u, want CW-1 %u", (C.pmcfgr >> 8) & 0x3Fu, g->cw - 1);
    CHECK((C.pmcfgr & CSPMU_PMCFGR_CC) != 0, "probe: PMCFGR.CC");
    CHECK((C.pmcfgr & CSPMU_PMCFGR_FZO) != 0, "probe: PMCFGR.FZO");
    CHECK((C.pmcfgr & ~(0xFFu | 0x3F00u | CSPMU_PMCFGR_CC | CSPMU_PMCFGR_FZO)) == 0, "probe: PMCFGR other bits 0x%08x", C.pmcfgr);
    CHECK(C.impl_pmiidr == 0x50401000u && !C.impl_vendor, "probe: PMIIDR 0x%08x", C.impl_pmiidr);
    CHECK(C.num_logical_ctrs == g->nc + 1, "probe: num_logical_ctrs %u", C.num_logical_ctrs);
    CHECK(C.cycle_counter_logical_idx == (int)(g->nc + 1 <= 31 ? g->nc : 31), "probe: cycle_counter_logical_idx %d",
          C.cycle_counter_logical_idx);
    CHECK(C.num_set_clr_reg == 1, "probe: num_set_clr_reg %u", C.num_set_clr_reg);
    CHECK(cspmu_counter_mask(&C) == cmask(), "probe: counter_mask");
    /* PMCR after C|P: P and C read 0, E 0 */
    v = rd(BASE0 + CSPMU_PMCR);
    CHECK(v == 0, "probe: PMCR reads 0x%08x after C|P", v);
    for (n = 0; n < g->nc; n++) {
        uint64_t x = rd64(BASE1 + 8 * n);
        CHECK(x == 0, "probe: counter %u = 0x%llx after PMCR.P", n, (unsigned long long)x);
    }
    CHECK(rd64(BASE1 + 0xF8) == 0, "probe: cycle counter 0x%llx after PMCR.C", (unsigned long long)rd64(BASE1 + 0xF8));
    /* identification registers */
    CHECK(rd(BASE0 + 0xFBC) == 0x47702A56u, "probe: PMDEVARCH 0x%08x", rd(BASE0 + 0xFBC));
    CHECK(rd(BASE0 + 0xFCC) == 0x16u, "probe: PMDEVTYPE");
    CHECK(rd(BASE0 + 0xFE0) == 0x04u && rd(BASE0 + 0xFE4) == 0x05u && rd(BASE0 + 0xFE8) == 0x10u &&
          rd(BASE0 + 0xFEC) == 0 && rd(BASE0 + 0xFD0) == 0, "probe: PMPIDR0..4");
    CHECK(rd(BASE0 + 0xFF0) == 0x0Du && rd(BASE0 + 0xFF4) == 0x90u && rd(BASE0 + 0xFF8) == 0x05u &&
          rd(BASE0 + 0xFFC) == 0xB1u, "probe: PMCIDR0..3");
    /* the native map as the extension page */
    CHECK(rd(NATIVE + PMU_REG_ID) == 0x504D0100u, "probe: native ID at +0x2000 reads 0x%08x", rd(NATIVE + PMU_REG_ID));
    CHECK(SB.bus_err(SB.ctx) == 0, "probe: no PSLVERR");
    CHECK(T->ok(T->dut), "probe: RTL/model lockstep");
    printf("%s 1 probe\n", n_fail == fails0 ? "PASS" : "FAIL");
}

/* ------------------------------------------------------------ 2. several events */
static void test_multi(void)
{
    const pmu_cfg *g = &T->cfg;
    unsigned fails0 = n_fail, i, ne = g->nc < 3 ? g->nc : 3;
    cspmu_event ev[4], cyc, extra[32], *evs[5];
    unsigned cls[3];
    uint64_t last[4] = {0, 0, 0, 0};
    int r;
    fresh();
    CHECK(probe() == 0, "multi: probe");
    /* event_init refusals */
    ev_setup(&ev[0], 0, 0, 0); ev[0].sampling = 1;
    CHECK(cspmu_event_init(&C, &ev[0]) == CSPMU_EOPNOTSUPP, "multi: sampling event refused");
    ev_setup(&ev[0], 0, 0, 0); ev[0].per_task = 1;
    CHECK(cspmu_event_init(&C, &ev[0]) == CSPMU_EINVAL, "multi: per-task event refused");
    /* events: 3 counters (different classes, masks) + cycles, as one group */
    for (i = 0; i < ne; i++) {
        uint32_t em = i == 0 ? 0xFFFFu : i == 1 ? 0x00F3u : 0x8421u;
        cls[i] = pick_class(i, cls, i);
        use_class(cls[i]);
        ev_setup(&ev[i], ((uint64_t)cls[i] << 16) | em, 0, 0);
        R[i].active = 1; R[i].es = cls[i]; R[i].em = em;
        evs[i] = &ev[i];
    }
    ev_setup(&cyc, CSPMU_EVT_CYCLES_DEFAULT, 0, 0);
    evs[ne] = &cyc;
    for (i = 0; i <= ne; i++) { evs[i]->group_leader = evs[0]; }
    evs[0]->siblings = &evs[1]; evs[0]->nr_siblings = ne;
    for (i = 0; i <= ne; i++) CHECK(cspmu_event_init(&C, evs[i]) == 0, "multi: event_init %u", i);
    /* a group larger than the counters is refused by validate_group */
    {
        cspmu_event *big[33];
        unsigned nb = g->nc + 1;
        for (i = 0; i < nb && i < 32; i++) { ev_setup(&extra[i], 1u << 16, 0, 0); big[i] = &extra[i]; }
        for (i = 0; i < nb && i < 32; i++) extra[i].group_leader = big[0];
        extra[0].siblings = &big[1]; extra[0].nr_siblings = nb - 1;
        CHECK(cspmu_event_init(&C, big[nb - 1]) == CSPMU_EINVAL, "multi: group of NC+1 event counters refused");
    }
    r = cspmu_perf_enable(&C, evs, ne + 1);
    CHECK(r == 0, "multi: add/start %d", r);
    for (i = 0; i < ne; i++)
        CHECK(ev[i].hw.idx == (int)i && ev[i].hw.extra_reg_idx == (int)i, "multi: event %u on counter %d", i, ev[i].hw.idx);
    CHECK(cyc.hw.idx == 31 && cyc.hw.extra_reg_idx == C.cycle_counter_logical_idx, "multi: cycles on 31 (logical %d)",
          cyc.hw.extra_reg_idx);
    CHECK(rd(BASE0 + CSPMU_PMCNTENSET) == (((1u << ne) - 1) | 0x80000000u), "multi: PMCNTENSET 0x%08x",
          rd(BASE0 + CSPMU_PMCNTENSET));
    CHECK(rd(BASE0 + CSPMU_PMINTENSET) == (((1u << ne) - 1) | 0x80000000u), "multi: PMINTENSET");
    CHECK(rd(BASE0 + CSPMU_PMEVTYPER) == (uint32_t)ev[0].config, "multi: PMEVTYPER0 readback 0x%08x", rd(BASE0 + CSPMU_PMEVTYPER));
    /* inject, with perf reads while counting (monotonic) */
    for (i = 0; i < 8; i++) {
        unsigned k;
        inject = 1;
        pmu_sb_run(&B, 200 + (rnd() & 63));
        for (k = 0; k <= ne; k++) {
            cspmu_perf_read(&C, evs[k]);
            CHECK(evs[k]->count >= last[k], "multi: perf read %u not monotonic", k);
            last[k] = evs[k]->count;
        }
    }
    inject = 0;
    pmu_sb_run(&B, LATD);
    for (i = 0; i <= ne; i++) cspmu_perf_read(&C, evs[i]);
    for (i = 0; i < ne; i++)
        CHECK(ev[i].count == R[i].expect, "multi: event %u (class %u EM 0x%04x) perf total %llu, injected %llu", i, cls[i],
              R[i].em, (unsigned long long)ev[i].count, (unsigned long long)R[i].expect);
    cspmu_perf_disable(&C, evs, ne + 1);
    CHECK(rd(BASE0 + CSPMU_PMCR) == 0, "multi: PMCR 0 after the last del");
    CHECK(rd(BASE0 + CSPMU_PMCNTENSET) == 0 && rd(BASE0 + CSPMU_PMINTENSET) == 0, "multi: enables cleared by stop");
    for (i = 0; i < ne; i++)
        CHECK(ev[i].count == R[i].expect, "multi: final event %u perf total %llu, injected %llu", i,
              (unsigned long long)ev[i].count, (unsigned long long)R[i].expect);
    CHECK(cyc.count == cyc_windows, "multi: cycles perf total %llu, enabled cycles (bus-derived) %llu (diff %lld)",
          (unsigned long long)cyc.count, (unsigned long long)cyc_windows, (long long)(cyc.count - cyc_windows));
    CHECK(C.n_hilohi_timeouts == 0, "multi: hi-lo-hi timeouts");
    CHECK(n_irq == 0, "multi: no interrupt");
    CHECK(T->ok(T->dut), "multi: RTL/model lockstep");
    printf("%s 2 several events (%u counters + cycles, %llu cycles injected: totals", n_fail == fails0 ? "PASS" : "FAIL", ne,
           (unsigned long long)n_injected_cycles);
    for (i = 0; i < ne; i++) printf(" %llu", (unsigned long long)ev[i].count);
    printf(", cycles %llu)\n", (unsigned long long)cyc.count);
}

/* ------------------------------------------------------------ 3. wide counts */
static cspmu_event *FF_EV;
static uint64_t phantom;
static unsigned ff_dist;
/* test shortcut: move the overflowing counter close to its overflow with the
 * driver's own write path (arm_cspmu_write_counter); the perf total then
 * includes the skipped range (value written - prev_count), counted here */
static unsigned ff_rounds;
static void fast_forward(void)
{
    if (n_irq >= ff_rounds) return;   /* not after the last counted overflow */

    uint64_t v = cspmu_counter_mask(&C) - ff_dist;
    uint32_t f = IO.irq_save(IO.ctx);
    phantom += v - FF_EV->hw.prev_count;
    cspmu_write_counter(FF_EV, v);
    IO.irq_restore(IO.ctx, f);
}

static void test_wide(void)
{
    const pmu_cfg *g = &T->cfg;
    unsigned fails0 = n_fail, i, rounds = 3, ne = g->nc < 2 ? 1 : 2;
    cspmu_event ev[2], cyc, *evs[3];
    unsigned cls[2];
    uint64_t guard;
    fresh();
    CHECK(probe() == 0, "wide: probe");
    all16 = 1;
    for (i = 0; i < ne; i++) {
        uint32_t em = i == 0 ? 0xFFFFu : 0x0001u;
        cls[i] = pick_class(i, cls, i);
        use_class(cls[i]);
        ev_setup(&ev[i], ((uint64_t)cls[i] << 16) | em, 0, 0);
        CHECK(cspmu_event_init(&C, &ev[i]) == 0, "wide: event_init");
        R[i].active = 1; R[i].es = cls[i]; R[i].em = em;
        evs[i] = &ev[i];
    }
    ev_setup(&cyc, CSPMU_EVT_CYCLES_DEFAULT, 0, 0);
    CHECK(cspmu_event_init(&C, &cyc) == 0, "wide: event_init cycles");
    evs[ne] = &cyc;
    /* add/start with the PMU disabled, shortcut, then perf_pmu_enable */
    {
        uint32_t f = IO.irq_save(IO.ctx);
        cspmu_pmu_disable(&C);
        for (i = 0; i <= ne; i++) CHECK(cspmu_add(evs[i], CSPMU_EF_START) == 0, "wide: add %u", i);
        FF_EV = &ev[0];
        ff_rounds = rounds;
        phantom = 0;
        ff_dist = 1000u * 16u * g->nt + 12345u;     /* ~1000 cycles to the overflow */
        fast_forward();
        cspmu_pmu_enable(&C);
        IO.irq_restore(IO.ctx, f);
    }
    ff_hook = fast_forward;
    for (guard = 0; n_irq < rounds && guard < 40; guard++) {
        inject = 1;
        pmu_sb_run(&B, 150);
        inject = 0;
        cspmu_perf_read(&C, &ev[0]);   /* hi-lo-hi read across the wrap points */
    }
    ff_hook = 0;
    inject = 0;
    pmu_sb_run(&B, LATD);
    cspmu_perf_disable(&C, evs, ne + 1);
    CHECK(n_irq == rounds && n_irq_handled == rounds, "wide: %u overflow interrupts (%u handled), want %u", n_irq,
          n_irq_handled, rounds);
    CHECK(ev[0].count == R[0].expect + phantom,
          "wide: perf total %llu, want injected %llu + skipped %llu = %llu", (unsigned long long)ev[0].count,
          (unsigned long long)R[0].expect, (unsigned long long)phantom, (unsigned long long)(R[0].expect + phantom));
    CHECK(ev[0].count > 0xFFFFFFFFull, "wide: perf total 0x%llx > 2^32", (unsigned long long)ev[0].count);
    if (ne > 1)
        CHECK(ev[1].count == R[1].expect, "wide: second event perf total %llu, injected %llu",
              (unsigned long long)ev[1].count, (unsigned long long)R[1].expect);
    CHECK(cyc.count == cyc_windows, "wide: cycles perf total %llu, enabled cycles %llu (diff %lld)",
          (unsigned long long)cyc.count, (unsigned long long)cyc_windows, (long long)(cyc.count - cyc_windows));
    CHECK(rd(BASE1 + CSPMU_PMOVSCLR) == 0, "wide: PMOVSCLR 0 at the end");
    CHECK(T->ok(T->dut), "wide: RTL/model lockstep");
    printf("%s 3 wide counts (%u overflows, perf total 0x%llx = %llu injected + %llu skipped by the test shortcut)\n",
           n_fail == fails0 ? "PASS" : "FAIL", n_irq, (unsigned long long)ev[0].count,
           (unsigned long long)R[0].expect, (unsigned long long)phantom);
}

/* ------------------------------------------------------------ 4. filters */
static void test_filters(void)
{
    const pmu_cfg *g = &T->cfg;
    unsigned fails0 = n_fail, i, ne = 0, nt = g->nt;
    uint32_t all = (nt >= 16 ? 0xFFFFu : ((1u << (2 * nt)) - 1));
    cspmu_event ev[8], *evs[8];
    unsigned cls[8];
    struct { int flop; uint32_t em, filt, ft; const char *what; } spec[6];
    unsigned ns = 0;
    spec[ns].flop = 0; spec[ns].em = 0xFFFFu; spec[ns].filt = nt > 1 ? 0x3u : 0x2u;
    spec[ns++].what = nt > 1 ? "thread 0 excluded" : "thread 0 CPL 0 excluded";
    spec[ns].flop = 0; spec[ns].em = 0x0FF0u; spec[ns].filt = 0x5555u & all; spec[ns++].what = "CPL 1..3 excluded (all threads)";
    spec[ns].flop = 0; spec[ns].em = 0xA5A5u; spec[ns].filt = 2u << (2 * (nt - 1)); spec[ns++].what = "last thread CPL 0 excluded";
    spec[ns].flop = 1; spec[ns].em = 0xFFFFu; spec[ns].filt = 0; spec[ns].ft = 15; spec[ns++].what = "FLOP FT=15 (ADD)";
    spec[ns].flop = 1; spec[ns].em = 0xFFFFu; spec[ns].filt = 0; spec[ns].ft = 0; spec[ns++].what = "FLOP FT=0 (every type)";
    spec[ns].flop = 1; spec[ns].em = 0xFFFFu; spec[ns].filt = 0x1u; spec[ns].ft = 13; spec[ns++].what = "FLOP FT=13 (MUL), thread 0 USR excluded";
    unsigned first, npass = 0;
    cspmu_event cyc;
    for (first = 0; first < ns; first += ne, npass++) {
        unsigned base = first;
        ne = 0;
        fresh();
        CHECK(probe() == 0, "filters: probe");
        rnd_cpl = 1;
        for (i = base; i < ns && ne < g->nc; i++) {
            unsigned es = spec[i].flop ? g->flop_class : pick_class(ne, cls, ne);
            cls[ne] = es;
            if (!spec[i].flop) use_class(es);
            ev_setup(&ev[ne], ((uint64_t)es << 16) | spec[i].em, spec[i].filt, spec[i].ft);
            CHECK(cspmu_event_init(&C, &ev[ne]) == 0, "filters: event_init");
            R[ne].active = 1; R[ne].flop = spec[i].flop; R[ne].es = es; R[ne].em = spec[i].em;
            R[ne].filt = spec[i].filt; R[ne].ft = spec[i].ft;
            evs[ne] = &ev[ne];
            ne++;
        }
        /* the cycle counter with PMCCFILTR excluding every thread at every privilege: 0 cycles */
        ev_setup(&cyc, CSPMU_EVT_CYCLES_DEFAULT, all, 0);
        CHECK(cspmu_event_init(&C, &cyc) == 0, "filters: event_init cycles");
        evs[ne] = &cyc;
        CHECK(cspmu_perf_enable(&C, evs, ne + 1) == 0, "filters: add/start");
        CHECK(rd(BASE0 + CSPMU_PMCCFILTR) == all, "filters: PMCCFILTR readback 0x%x", rd(BASE0 + CSPMU_PMCCFILTR));
        for (i = 0; i < ne; i++) {
            CHECK(rd(BASE0 + CSPMU_PMEVFILTR + 4 * i) == (R[i].filt & all), "filters: PMEVFILTR%u readback 0x%x", i,
                  rd(BASE0 + CSPMU_PMEVFILTR + 4 * i));
            CHECK(rd(BASE0 + CSPMU_PMEVFILT2R + 4 * i) == R[i].ft, "filters: PMEVFILT2R%u readback", i);
        }
        run_inject(1500);
        cspmu_perf_disable(&C, evs, ne + 1);
        for (i = 0; i < ne; i++)
            CHECK(ev[i].count == R[i].expect, "filters: %s: perf total %llu, want %llu", spec[base + i].what,
                  (unsigned long long)ev[i].count, (unsigned long long)R[i].expect);
        CHECK(cyc.count == 0, "filters: cycles with PMCCFILTR excluding everything: %llu, want 0",
              (unsigned long long)cyc.count);
        CHECK(T->ok(T->dut), "filters: RTL/model lockstep");
    }
    printf("%s 4 filters (%u events in %u pass(es): PMEVFILTR thread/privilege, PMEVFILT2R FLOP type, PMCCFILTR all excluded)\n",
           n_fail == fails0 ? "PASS" : "FAIL", ns, npass);
}

/* ------------------------------------------------------------ 5. architecture */
static void test_arch(void)
{
    const pmu_cfg *g = &T->cfg;
    unsigned fails0 = n_fail, n;
    uint32_t impl = (g->nc >= 31 ? 0x7FFFFFFFu : ((1u << g->nc) - 1)) | 0x80000000u, v;
    uint64_t hm = cmask() >> 32;   /* HI word bits */
    int e;
    fresh();
    B.pmu_isr = 0;                 /* irq_o observed, no handler */
    CHECK(probe() == 0, "arch: probe");
    /* PMCR.P / PMCR.C */
    for (n = 0; n < g->nc; n++) wr64(BASE1 + 8 * n, ((0x1ull + n) & hm) << 32 | (0x1234u + n));
    wr64(BASE1 + 0xF8, (0x2ull & hm) << 32 | 0x5678u);
    wr(BASE0 + CSPMU_PMCR, CSPMU_PMCR_P);
    for (n = 0; n < g->nc; n++) CHECK(rd64(BASE1 + 8 * n) == 0, "arch: PMCR.P clears counter %u", n);
    CHECK(rd64(BASE1 + 0xF8) == (((0x2ull & hm) << 32) | 0x5678u), "arch: PMCR.P keeps the cycle counter (0x%llx)",
          (unsigned long long)rd64(BASE1 + 0xF8));
    wr64(BASE1 + 0, 0x777u);
    wr(BASE0 + CSPMU_PMCR, CSPMU_PMCR_C);
    CHECK(rd64(BASE1 + 0xF8) == 0, "arch: PMCR.C clears the cycle counter");
    CHECK(rd64(BASE1 + 0) == 0x777u, "arch: PMCR.C keeps event counter 0 (0x%llx)", (unsigned long long)rd64(BASE1));
    CHECK(rd(BASE0 + CSPMU_PMCR) == 0, "arch: PMCR.P/C read 0");
    /* counter words: a write sets only its word */
    wr64(BASE1 + 0, 0);
    wr(BASE1 + 4, (uint32_t)(0x3 & hm));
    wr(BASE1 + 0, 0xCAFEF00Du);
    CHECK(rd64(BASE1 + 0) == (((0x3ull & hm) << 32) | 0xCAFEF00Du), "arch: HI then LO word writes (0x%llx)",
          (unsigned long long)rd64(BASE1));
    wr(BASE1 + 4, 0);
    CHECK(rd64(BASE1 + 0) == 0xCAFEF00Du, "arch: HI word write keeps LO");
    /* enable sets */
    wr(BASE0 + CSPMU_PMCNTENSET, 0xFFFFFFFFu);
    CHECK(rd(BASE0 + CSPMU_PMCNTENSET) == impl && rd(BASE0 + CSPMU_PMCNTENCLR) == impl, "arch: PMCNTENSET/CLR 0x%08x/0x%08x, want 0x%08x",
          rd(BASE0 + CSPMU_PMCNTENSET), rd(BASE0 + CSPMU_PMCNTENCLR), impl);
    wr(BASE0 + CSPMU_PMCNTENCLR, 0x80000001u);
    CHECK(rd(BASE0 + CSPMU_PMCNTENSET) == (impl & ~0x80000001u) && rd(BASE0 + CSPMU_PMCNTENCLR) == (impl & ~0x80000001u),
          "arch: PMCNTENCLR");
    wr(BASE0 + CSPMU_PMCNTENCLR, 0xFFFFFFFFu);
    CHECK(rd(BASE0 + CSPMU_PMCNTENSET) == 0, "arch: PMCNTENCLR all");
    wr(BASE0 + CSPMU_PMINTENSET, 0xFFFFFFFFu);
    CHECK(rd(BASE0 + CSPMU_PMINTENSET) == impl && rd(BASE0 + CSPMU_PMINTENCLR) == impl, "arch: PMINTENSET/CLR");
    wr(BASE0 + CSPMU_PMINTENCLR, 0xFFFFFFFFu);
    CHECK(rd(BASE0 + CSPMU_PMINTENSET) == 0, "arch: PMINTENCLR all");
    /* overflow status set/clear, irq_o */
    wr(BASE1 + CSPMU_PMOVSSET, 0x80000002u & impl);
    pmu_sb_run(&B, 2);
    CHECK(rd(BASE1 + CSPMU_PMOVSCLR) == (0x80000002u & impl) && rd(BASE1 + CSPMU_PMOVSSET) == (0x80000002u & impl),
          "arch: PMOVSSET sets (PMOVSCLR 0x%08x)", rd(BASE1 + CSPMU_PMOVSCLR));
    CHECK(!B.irq_line, "arch: no irq_o without PMINTEN");
    wr(BASE0 + CSPMU_PMINTENSET, 0x80000000u);
    pmu_sb_run(&B, 2);
    CHECK(B.irq_line, "arch: irq_o with PMOVS[31] & PMINTEN[31]");
    wr(BASE1 + CSPMU_PMOVSCLR, 0x80000000u);
    pmu_sb_run(&B, 2);
    CHECK(!B.irq_line, "arch: irq_o low after PMOVSCLR");
    CHECK(rd(BASE1 + CSPMU_PMOVSCLR) == (0x2u & impl), "arch: PMOVSCLR clears only bit 31");
    wr(BASE1 + CSPMU_PMOVSCLR, 0xFFFFFFFFu);
    CHECK(rd(BASE1 + CSPMU_PMOVSSET) == 0, "arch: PMOVSCLR all");
    wr(BASE0 + CSPMU_PMINTENCLR, 0xFFFFFFFFu);
    /* RAZ/WI: unimplemented counter index, reserved words */
    (void)SB.bus_err(SB.ctx);
    if (g->nc < 31) {
        wr(BASE0 + CSPMU_PMEVTYPER + 4 * g->nc, 0xFFFFFFFFu);
        wr(BASE0 + CSPMU_PMEVFILTR + 4 * g->nc, 0xFFFFFFFFu);
        wr(BASE0 + CSPMU_PMEVFILT2R + 4 * g->nc, 0xFu);
        wr64(BASE1 + 8 * g->nc, 0xFFFFFFFFFFFFFFFFull);
        CHECK(rd(BASE0 + CSPMU_PMEVTYPER + 4 * g->nc) == 0 && rd(BASE0 + CSPMU_PMEVFILTR + 4 * g->nc) == 0 &&
              rd(BASE0 + CSPMU_PMEVFILT2R + 4 * g->nc) == 0 && rd(BASE1 + 8 * g->nc) == 0 && rd(BASE1 + 8 * g->nc + 4) == 0,
              "arch: counter index NC=%u RAZ/WI", g->nc);
    }
    {
        static const uint32_t resv[] = {BASE0 + 0x100u, BASE0 + 0xC04u, BASE0 + 0xD80u, BASE0 + 0xE0Cu,
                                        BASE1 + 0x800u, BASE1 + 0xC84u, BASE1 + 0xE00u};
        unsigned k;
        for (k = 0; k < sizeof resv / sizeof resv[0]; k++) {
            wr(resv[k], 0xFFFFFFFFu);
            v = rd(resv[k]);
            CHECK(v == 0, "arch: reserved word 0x%04x reads 0x%08x", resv[k], v);
        }
    }
    CHECK(SB.bus_err(SB.ctx) == 0, "arch: RAZ/WI accesses answer no PSLVERR");
    /* PSLVERR */
    e = raw(0, 0x3000u, 0, 0, 1, &v);
    CHECK(e == 1, "arch: page 3 read PSLVERR");
    e = raw(1, 0x3004u, 1, 0xF, 1, 0);
    CHECK(e == 1, "arch: page 3 write PSLVERR");
    e = raw(1, BASE0 + CSPMU_PMCR, CSPMU_PMCR_E, 0x1, 1, 0);
    CHECK(e == 1 && rd(BASE0 + CSPMU_PMCR) == 0, "arch: partial write of PMCR answers PSLVERR and writes nothing");
    e = raw(0, BASE0 + CSPMU_PMCR + 2, 0, 0, 1, &v);
    CHECK(e == 1, "arch: misaligned read PSLVERR");
    e = raw(1, BASE0 + CSPMU_PMCR, CSPMU_PMCR_E, 0xF, 0, 0);
    CHECK(e == 1 && rd(BASE0 + CSPMU_PMCR) == 0, "arch: unprivileged PMCR write PSLVERR");
    e = raw(0, BASE0 + 0x100u, 0, 0, 1, &v);
    CHECK(e == 0 && v == 0, "arch: reserved word read, no PSLVERR (raw)");
    /* PMCR.FZO: an overflow freezes every counter until PMOVSCLR clears it */
    {
        unsigned c0, c1, cls[2];
        uint64_t a0, a1, ac, b0, b1, bc, d1;
        uint64_t per = 16ull * g->nt;
        wr(BASE0 + CSPMU_PMCR, CSPMU_PMCR_P | CSPMU_PMCR_C);
        all16 = 1;
        c0 = pick_class(0, cls, 0); cls[0] = c0; use_class(c0);
        c1 = g->nc > 1 ? pick_class(1, cls, 1) : c0; use_class(c1);
        wr(BASE0 + CSPMU_PMEVTYPER, (c0 << 16) | 0xFFFFu);
        wr(BASE0 + CSPMU_PMEVFILTR, 0);
        wr(BASE0 + CSPMU_PMEVFILT2R, 0);
        if (g->nc > 1) {
            wr(BASE0 + CSPMU_PMEVTYPER + 4, (c1 << 16) | 0xFFFFu);
            wr(BASE0 + CSPMU_PMEVFILTR + 4, 0);
            wr(BASE0 + CSPMU_PMEVFILT2R + 4, 0);
        }
        wr(BASE0 + CSPMU_PMCCFILTR, 0);
        wr64(BASE1 + 0, cmask() - 20 * per);   /* overflows after ~20 cycles */
        wr(BASE0 + CSPMU_PMCNTENSET, (g->nc > 1 ? 3u : 1u) | 0x80000000u);
        wr(BASE0 + CSPMU_PMCR, CSPMU_PMCR_E | CSPMU_PMCR_FZO);
        run_inject(100);
        CHECK((rd(BASE1 + CSPMU_PMOVSCLR) & 1u) == 1u, "arch: FZO: counter 0 overflowed");
        a0 = rd64(BASE1 + 0); a1 = rd64(BASE1 + 8); ac = rd64(BASE1 + 0xF8);
        run_inject(100);
        b0 = rd64(BASE1 + 0); b1 = rd64(BASE1 + 8); bc = rd64(BASE1 + 0xF8);
        CHECK(a0 == b0 && a0 < 200 * per, "arch: FZO: counter 0 frozen after its overflow (0x%llx, 0x%llx)",
              (unsigned long long)a0, (unsigned long long)b0);
        CHECK(a1 == b1, "arch: FZO: counter 1 frozen (%llu, %llu)", (unsigned long long)a1, (unsigned long long)b1);
        CHECK(ac == bc, "arch: FZO: cycle counter frozen (%llu, %llu)", (unsigned long long)ac, (unsigned long long)bc);
        wr(BASE1 + CSPMU_PMOVSCLR, 1u);
        inject = 1; pmu_sb_run(&B, 40); inject = 0;
        pmu_sb_run(&B, LATD);
        d1 = rd64(BASE1 + 8);
        if (g->nc > 1)
            CHECK(d1 - b1 == 40 * per, "arch: FZO: counter 1 counts again after PMOVSCLR: +%llu, want %llu (40 cycles)",
                  (unsigned long long)(d1 - b1), (unsigned long long)(40 * per));
        CHECK(rd64(BASE1 + 0) > b0, "arch: FZO: counter 0 counts again");
        CHECK(rd64(BASE1 + 0xF8) > bc, "arch: FZO: cycle counter counts again");
        wr(BASE0 + CSPMU_PMCR, 0);
    }
    CHECK(T->ok(T->dut), "arch: RTL/model lockstep");
    printf("%s 5 architecture (PMCR.P/C, PMOVSSET/CLR + irq_o, enable set/clear, RAZ/WI, PSLVERR, PMCR.FZO)\n",
           n_fail == fails0 ? "PASS" : "FAIL");
}

int cspmu_run_tests(const sw_target *tgt, uint32_t seed)
{
    T = tgt;
    rs = 0x9E3779B97F4A7C15ull ^ ((uint64_t)seed << 17 | seed);
    if (!rs) rs = 1;
    printf("cspmu (Linux arm_cspmu replica) tests on %s, seed %u, NT=%u NC=%u CW=%u\n", tgt->name, seed, tgt->cfg.nt,
           tgt->cfg.nc, tgt->cfg.cw);
    test_probe();
    test_multi();
    test_wide();
    test_filters();
    test_arch();
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
