/* Host tests of the sw/ driver and PAPI-like API on a simulated bus.
 *
 * The same test body runs against the C golden model (test_sw_model.c) and
 * against the Verilated RTL in lockstep with the model (test_sw_rtl.cpp).
 * Expected counts never come from the model: a deterministic event
 * generator drives the event/CPL inputs and tallies what it injected, and
 * the expected value of an event is the sum of the tallies its class, mask
 * and qualification select. Register encodings are checked against
 * hand-computed constants from docs/regmap.md.
 *
 * Counter areas (CAP.NAREA > 1, e.g. test_sw_model --narea 3 and the RTL
 * "alt" configuration): every counting test builds sets that fit the areas,
 * and the expected counts do not depend on the counter an event got, so an
 * event placed on a counter outside its area (which counts nothing there)
 * fails them; test_areas checks the placement, the errors and multiplexing.
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "pmu_api.h"
#include "pmu_events_soc.h"
#include "pmu_simbus.h"
#include "test_sw.h"
#include "pmu_cs_regs.h"

static unsigned n_pass, n_fail;
static const sw_target *T;
static pmu_simbus B;

#define CHECK(cond, ...) do { if (cond) n_pass++; else { n_fail++; \
    printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)

/* ------------------------------------------------------------ rng */
static uint64_t rs;
static uint32_t rnd(void)
{
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
    return (uint32_t)(rs >> 11);
}
static uint32_t rndn(uint32_t n) { return n ? rnd() % n : 0; }
static double fabs_frac(double x) { return x < 0 ? -x : x; }

/* ------------------------------------------------------------ event generator */
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
static gen_t G;
static uint64_t wcum[4][WMAX];
static uint64_t expect(const pmu_event_code *k);

static void watch_rec(gen_t *g, uint64_t cyc)
{
    unsigned k;
    if (cyc >= g->w0 && cyc - g->w0 < WMAX)
        for (k = 0; k < g->nw; k++) wcum[k][cyc - g->w0] = expect(&g->watch[k]);
}

static void gen_fn(void *arg, uint64_t cyc, pmu_inputs *in)
{
    gen_t *g = (gen_t *)arg;
    unsigned t, c, s;
    if (!g->on) { watch_rec(g, cyc); return; }
    if (g->addr_on) { in->iaddr = cyc; in->daddr = ~cyc; }
    for (t = 0; t < g->nt; t++) {
        unsigned cpl = (unsigned)((cyc >> 5) + 3u * t) & 3u, os = cpl == 0;
        in->cpl[t] = (uint8_t)cpl;
        for (c = 0; c < GC; c++)
            for (s = 0; s < GS; s++)
                if ((cyc + g->phase[t][c][s]) % g->period[t][c][s] < g->duty[t][c][s]) {
                    in->ev[t][c] |= (uint16_t)(1u << s);
                    g->tally[t][os][c][s]++;
                }
        for (s = 0; s < g->nf; s++)
            if ((cyc + g->fphase[t][s]) % g->fperiod[t][s] < g->fduty[t][s]) {
                unsigned fma = (unsigned)((cyc / 3u + t + s) % 4u == 0u);
                in->flop[t][s].valid = 1;
                in->flop[t][s].rsz = (uint8_t)(s == 0 ? PMU_RSZ64 : PMU_RSZ32);
                in->flop[t][s].esz = (uint8_t)(s == 0 ? 1u : 0u);
                in->flop[t][s].scalar = 0;   /* a one-element register: scalar all the same */
                in->flop[t][s].op = (uint8_t)(fma ? PMU_FOP_FMA : PMU_FOP_ADD);
                g->ftally[t][os][s] += fma ? 2u : 1u;
            }
        if (g->mem_on && (cyc + 3u * t) % 4u == 0u) {
            unsigned lat = (unsigned)((7u * cyc + 5u * t) % GL);
            in->mem_valid[t] = 1;
            in->mem_lat[t] = (uint16_t)lat;
            g->ltally[t][os][lat]++;
        }
    }
    watch_rec(g, cyc);
}

/* Expected count of a latency-class event: loads/stores with latency >= cycles
 * of the threads/privileges its EQ selects. */
static uint64_t expect_lat(const pmu_event_code *k, unsigned cycles)
{
    unsigned eq = (k->emq & PMU_EMQ_EQ_MASK) >> PMU_EMQ_EQ_LSB, t, l, nt = T->cfg.nt;
    uint64_t sum = 0;
    for (t = 0; t < nt; t++)
        for (l = cycles; l < GL; l++) {
            if (eq >> PMU_EQ_OS_BIT(t, nt) & 1u) sum += G.ltally[t][1][l];
            if (eq >> PMU_EQ_USR_BIT(t, nt) & 1u) sum += G.ltally[t][0][l];
        }
    return sum;
}

static void gen_setup(void)
{
    unsigned t, c, s;
    memset(&G, 0, sizeof G);
    G.nt = T->cfg.nt;
    G.nf = T->cfg.nret < GF ? T->cfg.nret : GF;
    for (t = 0; t < PMU_NT_MAX; t++)
        for (c = 0; c < GC; c++)
            for (s = 0; s < GS; s++) {
                G.period[t][c][s] = (uint8_t)(2 + rndn(11));
                G.duty[t][c][s] = (uint8_t)(1 + rndn(G.period[t][c][s]));
                G.phase[t][c][s] = (uint8_t)rndn(G.period[t][c][s]);
            }
    /* drawn after the event classes: the class rates of a seed stay what they were */
    for (t = 0; t < PMU_NT_MAX; t++)
        for (s = 0; s < GF; s++) {
            G.fperiod[t][s] = (uint8_t)(2 + rndn(11));
            G.fduty[t][s] = (uint8_t)(1 + rndn(G.fperiod[t][s]));
            G.fphase[t][s] = (uint8_t)rndn(G.fperiod[t][s]);
        }
}

/* Expected count of a plain (THR=0, no EDGE/INV) code from the tallies. */
static uint64_t expect(const pmu_event_code *k)
{
    unsigned cls = (k->ctl & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB;
    unsigned em = (k->emq & PMU_EMQ_EM_MASK) >> PMU_EMQ_EM_LSB;
    unsigned eq = (k->emq & PMU_EMQ_EQ_MASK) >> PMU_EMQ_EQ_LSB;
    unsigned t, s, nt = T->cfg.nt;
    uint64_t sum = 0;
    if (cls == T->cfg.flop_class) {           /* FLOP class: the retire slots, not ev */
        for (t = 0; t < nt; t++)
            for (s = 0; s < GF; s++) {
                if (!(em >> s & 1u)) continue;
                if (eq >> PMU_EQ_OS_BIT(t, nt) & 1u) sum += G.ftally[t][1][s];
                if (eq >> PMU_EQ_USR_BIT(t, nt) & 1u) sum += G.ftally[t][0][s];
            }
        return sum;
    }
    if (cls >= GC || cls >= T->cfg.ncls) return 0;
    for (t = 0; t < nt; t++)
        for (s = 0; s < GS; s++) {
            if (!(em >> s & 1u)) continue;
            if (eq >> PMU_EQ_OS_BIT(t, nt) & 1u) sum += G.tally[t][1][cls][s];
            if (eq >> PMU_EQ_USR_BIT(t, nt) & 1u) sum += G.tally[t][0][cls][s];
        }
    return sum;
}

/* ------------------------------------------------------------ fixture */
static pmu_ctx CTX;
static int fixture(void)
{
    pmu_mmio io;
    T->reset(T->dut);
    pmu_sb_init(&B, T->step, T->dut);
    B.base = T->cfg.view ? PMU_CS_NATIVE_PAGE : 0u;   /* the API on either register view */
    B.gen = gen_fn;
    B.gen_arg = &G;
    G.on = 0;
    G.mem_on = 0;
    G.nw = 0;
    G.addr_on = 0;
    memset(G.tally, 0, sizeof G.tally);
    memset(G.ftally, 0, sizeof G.ftally);
    memset(G.ltally, 0, sizeof G.ltally);
    io = pmu_sb_mmio(&B);
    return pmu_init(&CTX, &io, &pmu_soc_events);
}

static void isr_pmu(void *a) { (void)pmu_irq((pmu_ctx *)a); }
static void isr_tick(void *a) { (void)pmu_tick((pmu_ctx *)a); }
static void hook_irqs(void)
{
    B.pmu_isr = isr_pmu; B.pmu_isr_arg = &CTX;
    B.tick_isr = isr_tick; B.tick_isr_arg = &CTX;
}

/* ------------------------------------------------------------ counter areas */
/* Independent of sw/: counter n sees class es iff es is the FLOP class or
 * es % NAREA == n % NAREA (docs/regmap.md, CAP.NAREA); classes >= NCLS are
 * never driven by the tests. */
static int area_ok(unsigned n, unsigned es)
{
    return es == T->cfg.flop_class || es % T->cfg.narea == n % T->cfg.narea;
}
static unsigned area_ctrs(unsigned a)           /* counters in area a */
{
    unsigned n, k = 0;
    for (n = 0; n < T->cfg.nc; n++) k += n % T->cfg.narea == a;
    return k;
}
/* The k-th (k >= 0) generator class 1..GC-1, then 0, of area a that is not
 * the FLOP class; GC if there is none. */
static unsigned area_class(unsigned a, unsigned k)
{
    unsigned i, c;
    for (i = 1; i <= GC; i++) {
        c = i % GC;
        if (c == T->cfg.flop_class || c >= T->cfg.ncls || c % T->cfg.narea != a % T->cfg.narea) continue;
        if (k-- == 0) return c;
    }
    return GC;
}
static unsigned code_class(const pmu_event_code *k) { return (k->ctl & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB; }
/* Every event on a counter of its area, no two events of a pass on one counter. */
static int placement_ok(const pmu_eventset *es)
{
    unsigned i, j;
    for (i = 0; i < es->n; i++) {
        if (es->ctr_of[i] >= T->cfg.nc || !area_ok(es->ctr_of[i], code_class(&es->code[i]))) return 0;
        if (es->code[i].cmask && !(es->code[i].cmask >> es->ctr_of[i] & 1u)) return 0;
        if (es->pass_of[i] >= es->npass) return 0;
        for (j = 0; j < i; j++)
            if (es->pass_of[j] == es->pass_of[i] && es->ctr_of[j] == es->ctr_of[i]) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ tests */
static uint32_t bad_rd(void *c, uint32_t o) { (void)c; (void)o; return 0xDEADBEEFu; }
static void bad_wr(void *c, uint32_t o, uint32_t v) { (void)c; (void)o; (void)v; }
/* An instance older than CAP: ID and CFG (NC=4 CW=40 NT=2 NRET=1 FLOP 9), every other read 0. */
static uint32_t old_rd(void *c, uint32_t o)
{
    (void)c;
    return o == PMU_REG_ID ? PMU_ID_VALUE : o == PMU_REG_CFG ? 0x09120000u | 40u << 8 | 4u : 0u;
}

static void test_probe(void)
{
    pmu_ctx c;
    pmu_mmio bad = { bad_rd, bad_wr, 0, 0, 0, 0 };
    int r = fixture();
    CHECK(r == PMU_OK, "pmu_init: %s", pmu_strerror(r));
    CHECK(CTX.dev.nc == T->cfg.nc && CTX.dev.cw == T->cfg.cw && CTX.dev.nt == T->cfg.nt &&
          CTX.dev.nret == T->cfg.nret && CTX.dev.flop_class == T->cfg.flop_class,
          "CFG decode nc=%u cw=%u nt=%u", CTX.dev.nc, CTX.dev.cw, CTX.dev.nt);
    {
        uint32_t want = T->cfg.narea | (T->cfg.has_sample ? PMU_CAP_SMP_MASK : 0u) |
                        (T->cfg.has_yield ? PMU_CAP_YLD_MASK : 0u) | (T->cfg.aw == 64 ? PMU_CAP_AW64_MASK : 0u) |
                        (T->cfg.has_yield ? T->cfg.nch << PMU_CAP_NCH_LSB : 0u) | PMU_EV_LAT << PMU_CAP_LAT_LSB |
                        (T->cfg.has_yield && T->cfg.ycap ? PMU_CAP_YCAP_MASK : 0u);
        CHECK(CTX.dev.narea == T->cfg.narea && CTX.dev.lat == PMU_EV_LAT && CTX.dev.cap == want,
              "CAP decode: narea %u (want %u), lat %u, cap 0x%08x (want 0x%08x)", CTX.dev.narea, T->cfg.narea,
              CTX.dev.lat, CTX.dev.cap, want);
    }
    {
        unsigned n, es, bad = 0;
        for (n = 0; n < T->cfg.nc; n++)
            for (es = 0; es < T->cfg.ncls; es++) {
                uint32_t m = pmu_drv_class_ctrs(&CTX.dev, es);
                bad += pmu_drv_class_ok(&CTX.dev, n, es) != area_ok(n, es);
                bad += (unsigned)(m >> n & 1u) != (unsigned)area_ok(n, es);
                bad += pmu_drv_class_ok(&CTX.dev, n, es) != pmu_cfg_class_ok(&T->cfg, n, es);
            }
        CHECK(bad == 0 && !pmu_drv_class_ok(&CTX.dev, T->cfg.nc, T->cfg.flop_class),
              "pmu_drv_class_ok/class_ctrs: %u mismatches", bad);
        if (T->cfg.narea == 3 && T->cfg.nc >= 5)     /* hand-computed */
            CHECK(pmu_drv_class_ok(&CTX.dev, 4, 7) && !pmu_drv_class_ok(&CTX.dev, 4, 6) &&
                  pmu_drv_class_ok(&CTX.dev, 2, 2) && !pmu_drv_class_ok(&CTX.dev, 0, 1) &&
                  (pmu_drv_class_ctrs(&CTX.dev, 4) & 0x1Fu) == 0x12u &&
                  pmu_drv_class_ok(&CTX.dev, 1, T->cfg.flop_class), "NAREA=3 examples");
    }
    {
        pmu_mmio old = { old_rd, bad_wr, 0, 0, 0, 0 };
        r = pmu_init(&c, &old, 0);
        CHECK(r == PMU_OK && c.dev.nc == 4 && c.dev.flop_class == 9 && c.dev.narea == 1 && c.dev.lat == 0 &&
              pmu_drv_class_ctrs(&c.dev, 5) == 0xFu, "instance without CAP: one area (r=%d narea=%u)", r,
              c.dev.narea);
    }
    CHECK(pmu_init(&c, &bad, 0) == PMU_ENODEV, "ID mismatch must be ENODEV");
    CHECK(pmu_init(0, &bad, 0) == PMU_EINVAL && pmu_init(&c, 0, 0) == PMU_EINVAL, "NULL args");
    CHECK(B.n_err == 0, "probe caused %u bus errors", B.n_err);
}

static void test_driver(void)
{
    unsigned i, n;
    fixture();
    for (i = 0; i < 40; i++) {
        uint64_t v = ((uint64_t)rnd() << 32 | rnd()) & CTX.dev.cmask, r;
        n = rndn(CTX.dev.nc);
        pmu_drv_write_counter(&CTX.dev, n, v);
        r = pmu_drv_read_counter(&CTX.dev, n);
        CHECK(r == v, "counter %u write/read 0x%llx -> 0x%llx", n, (unsigned long long)v, (unsigned long long)r);
    }
    {
        uint64_t t0 = pmu_drv_read_tsc(&CTX.dev), t1;
        pmu_sb_run(&B, 100);
        t1 = pmu_drv_read_tsc(&CTX.dev);
        /* LO sampled in its access cycle; then HI read (2), 100 idle, LO read (2) */
        CHECK(t1 - t0 == 104, "TSC advanced %llu, expected 104", (unsigned long long)(t1 - t0));
    }
    n = CTX.dev.nc > 1 ? 1 : 0;
    pmu_drv_program(&CTX.dev, n, pmu_drv_ctl(3, 1, 1, 1, 1, 7), pmu_drv_emq(0x1234, 0x5));
    {
        uint32_t ctl, emq;
        pmu_drv_get_program(&CTX.dev, n, &ctl, &emq);
        /* EQ is 2*NT bits wide: 0x5 loses bit 2 when NT=1 */
        uint32_t want = T->cfg.nt == 1 ? 0x00011234u : 0x00051234u;
        CHECK(ctl == 0x00070F03u && emq == want, "program readback ctl=%08x emq=%08x", ctl, emq);
        CHECK((pmu_drv_get_cnten(&CTX.dev) >> n & 1u) == 1u, "CTL.EN visible in CNTEN");
    }
    {   /* FLOP main event: init leaves every type; valid codes stored; a
         * reserved code or counter is refused without an access */
        unsigned k, ok = 1, m = CTX.dev.nc - 1;
        for (k = 0; k < CTX.dev.nc; k++) ok &= pmu_drv_get_flop_main(&CTX.dev, k) == (int)PMU_FMAIN_ALL;
        CHECK(ok, "pmu_drv_init: FTYPE.MAIN = every type on each counter");
        CHECK(pmu_drv_set_flop_main(&CTX.dev, m, PMU_FOP_FMA) == PMU_DRV_OK &&
              pmu_drv_get_flop_main(&CTX.dev, m) == (int)PMU_FOP_FMA &&
              pmu_drv_set_flop_main(&CTX.dev, m, PMU_FMAIN_FLOPS) == PMU_DRV_OK &&
              pmu_drv_get_flop_main(&CTX.dev, m) == (int)PMU_FMAIN_FLOPS, "FLOP main event set/get");
        CHECK(pmu_drv_set_flop_main(&CTX.dev, m, 12) == PMU_DRV_EINVAL &&
              pmu_drv_set_flop_main(&CTX.dev, CTX.dev.nc, 0) == PMU_DRV_EINVAL &&
              pmu_drv_get_flop_main(&CTX.dev, CTX.dev.nc) == PMU_DRV_EINVAL &&
              pmu_drv_get_flop_main(&CTX.dev, m) == (int)PMU_FMAIN_FLOPS, "FLOP main event: bad code/counter refused");
    }
    CHECK(B.n_err == 0, "driver caused %u bus errors", B.n_err);
}

typedef struct { const char *name; uint32_t ctl, emq, cmask; } enc_case;

static void test_encode(void)
{
    /* Hand-computed from docs/regmap.md for NT=2 (EQ: b3 T0_OS b2 T0_USR b1 T1_OS b0 T1_USR). */
    static const enc_case nt2[] = {
        { "BR_RETIRED:TAKEN:T0:USR",  0x00000003u, 0x00040001u, 0 },
        { "br_retired:taken:t0:usr",  0x00000003u, 0x00040001u, 0 },
        { "INST_RETIRED",             0x00000001u, 0x000F0001u, 0 },
        { "CYCLES:OS:THR=3:EDGE:INV", 0x00030C00u, 0x000A0001u, 0 },
        { "CLASS5:0x30:T1",           0x00000005u, 0x00030030u, 0 },
        { "class12",                  0x0000000Cu, 0x000FFFFFu, 0 },
        { "BUS:IFETCH:DREAD",         0x00000004u, 0x000F0003u, 0 },
        { "BR_RETIRED:COND:T1:OS",    0x00000003u, 0x00020003u, 0 },
        { "MEM_INST_RETIRED:LOADS:CTR=2:CTR=5", 0x00000002u, 0x000F0001u, 0x24u },
        { "CLASS3:EQ=0x5",            0x00000003u, 0x0005FFFFu, 0 },
        { "CLASS63:0:THR=255",        0x00FF003Fu, 0x000F0000u, 0 },
        { "INST_RETIRED:12",          0x00000001u, 0x000F000Cu, 0 },
    };
    const char *canon[][2] = {
        { "br_retired:taken:t0:usr", "BR_RETIRED:TAKEN:T0:USR" },
        { "INST_RETIRED:ANY", "INST_RETIRED" },
        { "BR_RETIRED:TAKEN:NOT_TAKEN", "BR_RETIRED:COND" },
        { "BUS:0x5", "BUS:IFETCH:DWRITE" },
        { "class7:0x3:t0:t1:os", "FP_RETIRED:SCALAR_DOUBLE:SCALAR_SINGLE:OS" },
        { "class9:0xffff", "CLASS9" },
        { "CYCLES:EQ=0x6", "CYCLES:EQ=0x6" },
        { "CYCLES:EQ=0xa", "CYCLES:OS" },
        { "CLASS3:0x8000", "BR_RETIRED:0x8000" },
    };
    pmu_event_code k, k2;
    char buf[160];
    unsigned i;
    int r;
    fixture();
    if (T->cfg.nt == 2 && T->cfg.flop_class == 63 && T->cfg.nc == 8) {
        for (i = 0; i < sizeof nt2 / sizeof nt2[0]; i++) {
            r = pmu_event_encode(&CTX, nt2[i].name, &k);
            CHECK(r == PMU_OK && k.ctl == nt2[i].ctl && k.emq == nt2[i].emq && k.cmask == nt2[i].cmask,
                  "encode %s: r=%d ctl=%08x emq=%08x cmask=%x", nt2[i].name, r, k.ctl, k.emq, k.cmask);
        }
        r = pmu_event_encode(&CTX, "FP_RETIRED:SCALAR_DOUBLE", &k);
        CHECK(r == PMU_OK && k.ctl == 63u && k.emq == 0x000F0001u, "FLOP class resolved from CFG");
        /* with the SoC's FLOP_CLASS 7 the same names would differ; canonical names: */
        for (i = 0; i < sizeof canon / sizeof canon[0]; i++) {
            r = pmu_event_encode(&CTX, canon[i][0], &k);
            if (r == PMU_OK) r = pmu_event_decode(&CTX, &k, buf, sizeof buf);
            if (strcmp(canon[i][0], "class7:0x3:t0:t1:os") == 0) continue;   /* needs FLOP_CLASS 7 */
            CHECK(r == PMU_OK && strcmp(buf, canon[i][1]) == 0, "canonical %s -> %s (want %s)",
                  canon[i][0], r == PMU_OK ? buf : pmu_strerror(r), canon[i][1]);
        }
    }
    /* Round trip over every table entry and unit mask with modifiers. */
    for (i = 0; i < pmu_soc_events.n; i++) {
        const pmu_event_info *e = &pmu_soc_events.ev[i];
        unsigned u, m;
        for (u = 0; u <= e->n_umasks; u++)
            for (m = 0; m < 6; m++) {
                char name[128];
                unsigned t = rndn(T->cfg.nt);
                snprintf(name, sizeof name, "%s%s%s%s", e->name,
                         u < e->n_umasks ? ":" : "", u < e->n_umasks ? e->umasks[u].name : "",
                         m == 0 ? "" : m == 1 ? ":OS" : m == 2 ? ":USR:EDGE" : m == 3 ? ":INV:THR=9" : "");
                if (m == 4) snprintf(name + strlen(name), sizeof name - strlen(name), ":T%u:OS", t);
                if (m == 5) {   /* a counter whose area sees the entry's class */
                    unsigned cls = e->cls == PMU_CLASS_FLOP ? T->cfg.flop_class : (unsigned)e->cls, n;
                    do n = rndn(T->cfg.nc); while (!area_ok(n, cls));
                    snprintf(name + strlen(name), sizeof name - strlen(name), ":CTR=%u", n);
                }
                r = pmu_event_encode(&CTX, name, &k);
                CHECK(r == PMU_OK, "encode %s: %s", name, pmu_strerror(r));
                r = pmu_event_decode(&CTX, &k, buf, sizeof buf);
                CHECK(r == PMU_OK, "decode of %s: %s", name, pmu_strerror(r));
                r = pmu_event_encode(&CTX, buf, &k2);
                CHECK(r == PMU_OK && k2.ctl == k.ctl && k2.emq == k.emq && k2.cmask == k.cmask,
                      "round trip %s -> %s", name, buf);
            }
    }
    /* Random codes: decode then encode gives the code back. */
    for (i = 0; i < 400; i++) {
        unsigned eqw = 2u * T->cfg.nt;
        k.ctl = pmu_drv_ctl(rndn(64), 0, 0, rndn(2), rndn(2), rndn(3) ? 0 : rndn(256));
        k.emq = pmu_drv_emq(rndn(4) ? rndn(0x10000) : (1u << rndn(16)), rndn(3) ? rndn(1u << eqw) : ((1u << eqw) - 1u));
        k.cmask = rndn(2) ? 0 : (rnd() & ((1u << T->cfg.nc) - 1u));
        r = pmu_event_decode(&CTX, &k, buf, sizeof buf);
        if (r == PMU_EINVAL && k.cmask == 0) { n_pass++; continue; }    /* "any" under a constrained entry */
        CHECK(r == PMU_OK, "decode random ctl=%08x emq=%08x cm=%x: %s", k.ctl, k.emq, k.cmask, pmu_strerror(r));
        r = pmu_event_encode(&CTX, buf, &k2);
        {
            unsigned n, countable = 0;
            for (n = 0; n < T->cfg.nc; n++)
                countable |= (!k.cmask || (k.cmask >> n & 1u)) && area_ok(n, code_class(&k));
            if (!countable) {   /* CTR= only outside the class's area */
                CHECK(r == PMU_ENOCOUNTER, "random %s: no counter of its area, got %s", buf, pmu_strerror(r));
                continue;
            }
        }
        CHECK(r == PMU_OK && k2.ctl == k.ctl && k2.emq == k.emq && k2.cmask == k.cmask,
              "random round trip %s: ctl %08x/%08x emq %08x/%08x cm %x/%x", buf, k.ctl, k2.ctl, k.emq, k2.emq,
              k.cmask, k2.cmask);
    }
}

static void test_errors(void)
{
    pmu_eventset es, es2;
    pmu_event_code k;
    char buf[8], name[32];
    unsigned i;
    uint64_t v[PMU_MAX_EVENTS];
    const int codes[] = { PMU_OK, PMU_EINVAL, PMU_ENODEV, PMU_ENOEVNT, PMU_EBADMOD, PMU_ECONFLICT,
                          PMU_ECNTR, PMU_EISRUN, PMU_ENOTRUN, PMU_ENOMEM, PMU_ENOSPC, PMU_ENOCOUNTER,
                          PMU_ERANGE, PMU_ENOSUP, PMU_ENODATA, PMU_ENOSRC, PMU_EREV, -17 };
    fixture();
    CHECK(pmu_event_encode(&CTX, "NO_SUCH_EVENT", &k) == PMU_ENOEVNT, "unknown event");
    CHECK(pmu_event_encode(&CTX, "CLASS64", &k) == PMU_ENOEVNT, "CLASS64");
    CHECK(pmu_event_encode(&CTX, "", &k) == PMU_ENOEVNT, "empty name");
    CHECK(pmu_event_encode(&CTX, "BR_RETIRED:BOGUS", &k) == PMU_EBADMOD, "unknown unit mask");
    CHECK(pmu_event_encode(&CTX, "BR_RETIRED::TAKEN", &k) == PMU_EBADMOD, "empty modifier");
    snprintf(name, sizeof name, "CYCLES:T%u", T->cfg.nt);
    CHECK(pmu_event_encode(&CTX, name, &k) == PMU_EBADMOD, "thread out of range");
    CHECK(pmu_event_encode(&CTX, "CYCLES:THR=256", &k) == PMU_EBADMOD, "THR too big");
    CHECK(pmu_event_encode(&CTX, "CYCLES:0x10000", &k) == PMU_EBADMOD, "mask too big");
    snprintf(name, sizeof name, "CYCLES:CTR=%u", T->cfg.nc);
    CHECK(pmu_event_encode(&CTX, name, &k) == PMU_EBADMOD, "CTR out of range");
    CHECK(pmu_event_encode(&CTX, "CYCLES:EQ=0x1:T0", &k) == PMU_EBADMOD, "EQ with Tn");
    CHECK(pmu_event_encode(&CTX, "CYCLES:EQ=0x1ff", &k) == PMU_EBADMOD, "EQ too wide");
    CHECK(pmu_event_encode(0, "CYCLES", &k) == PMU_EINVAL, "NULL ctx");
    pmu_event_encode(&CTX, "BR_RETIRED:TAKEN:T0:USR", &k);
    CHECK(pmu_event_decode(&CTX, &k, buf, sizeof buf) == PMU_ENOSPC, "decode into a small buffer");

    pmu_eventset_init(&CTX, &es);
    CHECK(pmu_start(&es) == PMU_EINVAL, "start of an empty set");
    CHECK(pmu_stop(&es, v) == PMU_ENOTRUN, "stop of a set never started");
    CHECK(pmu_add_named_event(&es, "NOPE") == PMU_ENOEVNT, "add unknown");
    CHECK(pmu_add_named_event(&es, "CYCLES:CTR=0") == 0, "first CTR=0 event");
    /* (class 0: counter 0's area whatever NAREA is) */
    CHECK(pmu_add_named_event(&es, "CYCLES:MEM_STALL:CTR=0") == (T->cfg.nc == 1 ? PMU_ECNTR : PMU_ECONFLICT),
          "second CTR=0 event conflicts");
    CHECK(es.n == 1, "failed add leaves the set unchanged");
    for (i = 1; i < T->cfg.nc; i++) {   /* NAREA=1: INST_RETIRED (class 1); else a class of counter i's area */
        snprintf(name, sizeof name, "CLASS%u:0x1", area_class(i, 0));
        CHECK(pmu_add_named_event(&es, name) == (int)i, "fill counter %u with %s", i, name);
    }
    if (T->cfg.nc < PMU_MAX_EVENTS)
        CHECK(pmu_add_named_event(&es, "INST_RETIRED") == PMU_ECNTR, "one event more than counters");
    CHECK(pmu_set_multiplex(&es, 1) == PMU_OK, "multiplex on");
    if (T->cfg.nc < PMU_MAX_EVENTS) {
        CHECK(pmu_add_named_event(&es, "CYCLES:CTR=0") >= 0, "conflict allowed when multiplexing");
        CHECK(pmu_set_multiplex(&es, 0) == PMU_ECNTR, "multiplex off with too many events");
    }
    while (es.n < PMU_MAX_EVENTS) if (pmu_add_named_event(&es, "CYCLES") < 0) break;
    CHECK(es.n == PMU_MAX_EVENTS && pmu_add_named_event(&es, "CYCLES") == PMU_ENOMEM, "set full");
    CHECK(pmu_set_overflow(&es, 0, CTX.dev.cmask + 1u, 0, 0) == PMU_EINVAL || CTX.dev.cw == 64, "threshold too big");
    CHECK(pmu_set_overflow(&es, PMU_MAX_EVENTS, 5, 0, 0) == PMU_EINVAL, "threshold on a bad index");
    k.ctl = PMU_CTL_EN_MASK; k.emq = 0; k.cmask = 0;
    pmu_eventset_init(&CTX, &es2);
    CHECK(pmu_add_event(&es2, &k) == PMU_EINVAL, "EN bit in a code is the API's");
    CHECK(pmu_start(&es) == PMU_OK, "start");
    CHECK(pmu_start(&es) == PMU_EISRUN, "start twice");
    CHECK(pmu_add_named_event(&es2, "CYCLES") == 0 && pmu_start(&es2) == PMU_EISRUN, "another set while running");
    CHECK(pmu_add_named_event(&es, "CYCLES") == PMU_EISRUN, "add while running");
    CHECK(pmu_set_multiplex(&es, 0) == PMU_EISRUN, "multiplex change while running");
    CHECK(pmu_set_overflow(&es, 0, 10, 0, 0) == PMU_EISRUN, "threshold while running");
    CHECK(pmu_stop(&es, v) == PMU_OK && pmu_stop(&es, v) == PMU_ENOTRUN, "stop; stop again");
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        unsigned j;
        for (j = 0; j < i; j++)
            CHECK(strcmp(pmu_strerror(codes[i]), pmu_strerror(codes[j])) != 0, "strerror %d vs %d", codes[i], codes[j]);
    }
    CHECK(B.n_err == 0, "API caused %u bus errors", B.n_err);
}

/* Random event names over the generator's classes 0..GC-1 (cls < 0: any),
 * or the FLOP class (sub-events of the slots the generator drives). */
static void random_name(char *buf, size_t len, int cls_want)
{
    static const char *q[] = { "", ":OS", ":USR" };
    unsigned cls = cls_want < 0 ? rndn(GC) : (unsigned)cls_want, t;
    int n = cls == T->cfg.flop_class
          ? snprintf(buf, len, "CLASS%u:0x%x", cls, 1u + rndn((1u << G.nf) - 1u))
          : snprintf(buf, len, "CLASS%u:0x%x", cls, 1u + rndn((1u << GS) - 1u));
    if (rndn(2)) { t = rndn(T->cfg.nt); n += snprintf(buf + n, len - (size_t)n, ":T%u", t); }
    snprintf(buf + n, len - (size_t)n, "%s", q[rndn(3)]);
}

static void test_exact(unsigned iters)
{
    unsigned it, i;
    for (it = 0; it < iters; it++) {
        pmu_eventset es;
        pmu_value val[PMU_MAX_EVENTS], mid[PMU_MAX_EVENTS];
        char names[PMU_MAX_EVENTS][48];
        unsigned n = 1 + rndn(T->cfg.nc), bad = 0;
        uint8_t perm[PMU_NC_MAX];
        fixture();
        hook_irqs();
        pmu_eventset_init(&CTX, &es);
        if (T->cfg.narea > 1) {   /* n distinct counters in random order: event i gets a class of perm[i]'s area */
            for (i = 0; i < T->cfg.nc; i++) perm[i] = (uint8_t)i;
            for (i = T->cfg.nc; i > 1; i--) {
                unsigned j = rndn(i);
                uint8_t x = perm[i - 1]; perm[i - 1] = perm[j]; perm[j] = x;
            }
        }
        for (i = 0; i < n; i++) {
            int cls = -1;
            if (T->cfg.narea > 1) {
                unsigned a = perm[i] % T->cfg.narea, k = 0;
                while (area_class(a, k) < GC) k++;          /* classes of the area */
                cls = rndn(5) == 0 || k == 0 ? (int)T->cfg.flop_class : (int)area_class(a, rndn(k));
            }
            random_name(names[i], sizeof names[i], cls);
            if (pmu_add_named_event(&es, names[i]) < 0) bad++;
        }
        CHECK(bad == 0 && pmu_num_passes(&es) == 1 && placement_ok(&es), "set of %u events", n);
        pmu_start(&es);
        G.on = 1;
        pmu_sb_run(&B, 500 + rndn(4000));
        pmu_read_values(&es, mid);
        pmu_sb_run(&B, 500 + rndn(4000));
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_read_values(&es, val);
        for (i = 0; i < n; i++) {
            uint64_t e = expect(&es.code[i]);
            CHECK(val[i].value == e && val[i].raw == e && val[i].running == val[i].enabled,
                  "iter %u %s: got %llu expected %llu", it, names[i], (unsigned long long)val[i].value,
                  (unsigned long long)e);
            CHECK(mid[i].value <= val[i].value && mid[i].enabled < val[i].enabled, "monotonic read %s", names[i]);
        }
        CHECK(B.n_err == 0 && T->ok(T->dut), "bus errors %u / RTL-model divergence", B.n_err);
    }
}

typedef struct { unsigned calls; uint64_t tally_at_first; } ovf_rec;
static void ovf_cb(pmu_eventset *es, unsigned idx, void *arg)
{
    ovf_rec *r = (ovf_rec *)arg;
    if (!r->calls) r->tally_at_first = expect(&es->code[idx]);
    r->calls++;
}

static void test_overflow(void)
{
    pmu_eventset es;
    pmu_value val[4];
    ovf_rec rec[4];
    const uint64_t thr[4] = { 1000, 1, 777, 0 };
    unsigned i, n = T->cfg.nc < 4 ? T->cfg.nc : 4, wraps;
    int polled;
    for (polled = 0; polled < 2; polled++) {
        fixture();
        if (!polled) hook_irqs();
        memset(rec, 0, sizeof rec);
        pmu_eventset_init(&CTX, &es);
        for (i = 0; i < n; i++) {
            /* NAREA=1: classes 1..4; else event i gets a class of counter i's area */
            static const char *mod[4] = { "0xf", "0x3:T0", "0x1:USR", "0x7" };
            char name[32];
            unsigned cls = 1 + i, j, k = 0;
            if (T->cfg.narea > 1)
                for (j = 0; j < i; j++) k += j % T->cfg.narea == i % T->cfg.narea;   /* earlier ones of the area */
            if (T->cfg.narea > 1) cls = area_class(i, k);
            snprintf(name, sizeof name, "CLASS%u:%s", cls, mod[i]);
            CHECK(pmu_add_named_event(&es, name) == (int)i, "overflow test add %s", name);
        }
        for (i = 0; i < n; i++)
            CHECK(pmu_set_overflow(&es, i, thr[i], ovf_cb, &rec[i]) == PMU_OK, "set_overflow %u", i);
        pmu_start(&es);
        G.on = 1;
        pmu_sb_run(&B, 6000);
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_read_values(&es, val);
        wraps = 0;
        for (i = 0; i < n; i++) {
            uint64_t e = expect(&es.code[i]);
            uint64_t hw = pmu_drv_read_counter(&CTX.dev, es.ctr_of[i]);
            int wrapped = thr[i] && e >= thr[i];   /* the generator's rates are random */
            wraps += (unsigned)wrapped;
            CHECK(val[i].value == e, "%s overflow test %u: got %llu expected %llu", polled ? "polled" : "irq", i,
                  (unsigned long long)val[i].value, (unsigned long long)e);
            /* the hardware counter really went through 2^CW */
            CHECK(hw == ((es.preset[i] + e) & CTX.dev.cmask), "hw counter %u", i);
            if (wrapped && !polled) {
                CHECK(rec[i].calls == 1, "callback %u called %u times", i, rec[i].calls);
                /* the interrupt comes a few cycles after the event that wrapped */
                CHECK(rec[i].tally_at_first >= thr[i] && rec[i].tally_at_first < thr[i] + 200,
                      "callback %u at count %llu (threshold %llu)", i, (unsigned long long)rec[i].tally_at_first,
                      (unsigned long long)thr[i]);
            }
            if (!wrapped || polled) CHECK(rec[i].calls == 0, "no callback %u", i);
        }
        CHECK(wraps >= 1, "at least one counter wrapped (%u)", wraps);
        if (!polled) CHECK(B.n_pmu_isr >= 1 && CTX.n_ovf == wraps, "irqs %u ovf %u", B.n_pmu_isr, CTX.n_ovf);
        else CHECK(B.n_pmu_isr == 0, "polled: no isr");
        CHECK(B.n_err == 0 && T->ok(T->dut), "bus errors / divergence");
    }
    /* pmu_irq with nothing running just clears flags */
    fixture();
    pmu_drv_write_counter(&CTX.dev, 0, CTX.dev.cmask);
    pmu_drv_program(&CTX.dev, 0, pmu_drv_ctl(0, 1, 1, 0, 0, 0), pmu_drv_emq(1, (1u << (2 * T->cfg.nt)) - 1u));
    pmu_drv_global_enable(&CTX.dev, 1, 0);
    G.on = 1;
    pmu_sb_run(&B, 50);
    pmu_drv_global_enable(&CTX.dev, 0, 0);
    CHECK(B.irq_line == 1, "irq raised by a wrap");
    CHECK(pmu_irq(&CTX) == 1u && pmu_drv_ovf(&CTX.dev) == 0 && B.irq_line == 0, "pmu_irq clears OVF and irq");
}

static void test_multiplex(void)
{
    static const char *ev[] = { "CLASS0:0x1", "CLASS0:0x6:OS", "CLASS1:0xf", "CLASS1:0x2:T0", "CLASS2:0x3",
                                "CLASS2:0x4:USR", "CLASS3:0x9", "CLASS3:0x1:T0:OS", "CLASS4:0x5", "CLASS4:0x2",
                                "CLASS5:0x3", "CLASS5:0xc:USR", "CLASS6:0x1", "CLASS6:0xe", "CLASS7:0x7:OS",
                                "CLASS7:0x8", "CLASS0:0x8:USR", "CLASS1:0x1", "CLASS2:0x8", "CLASS3:0x6" };
    unsigned nev = sizeof ev / sizeof ev[0], i, round;
    for (round = 0; round < 2; round++) {
        pmu_eventset es;
        pmu_value val[PMU_MAX_EVENTS];
        const char *sel[PMU_MAX_EVENTS];
        unsigned n = round == 0 ? (nev < 2 * T->cfg.nc + 2 ? nev : 2 * T->cfg.nc + 2) : 5;
        unsigned np, want, a, na[PMU_NAREA_MAX], nflop = 0;
        double worst = 0, worst_frac = 0;
        fixture();
        hook_irqs();
        pmu_eventset_init(&CTX, &es);
        CHECK(pmu_set_multiplex(&es, 1) == PMU_OK, "mux on");
        /* round 0: the first n events; round 1: the first 5 that counter 0 can
         * count (classes of area 0 or FLOP; with NAREA=1 the first 5), every
         * one constrained to counter 0 -> one pass each */
        for (i = 0, a = 0; i < nev && a < n; i++) {
            unsigned cls = (unsigned)strtoul(ev[i] + 5, 0, 10);
            if (round == 0 || area_ok(0, cls)) sel[a++] = ev[i];
        }
        n = a;
        memset(na, 0, sizeof na);
        for (i = 0; i < n; i++) {
            char name[64];
            unsigned cls = (unsigned)strtoul(sel[i] + 5, 0, 10);
            if (cls == T->cfg.flop_class) nflop++; else na[cls % T->cfg.narea]++;
            snprintf(name, sizeof name, "%s%s", sel[i], round ? ":CTR=0" : "");
            CHECK(pmu_add_named_event(&es, name) == (int)i, "mux add %s", name);
        }
        np = pmu_num_passes(&es);
        /* fewest passes (Hall): every area's events on its counters, all events on all counters */
        want = (n + T->cfg.nc - 1) / T->cfg.nc;
        for (a = 0; a < T->cfg.narea; a++)
            if (na[a] && (na[a] + area_ctrs(a) - 1) / area_ctrs(a) > want) want = (na[a] + area_ctrs(a) - 1) / area_ctrs(a);
        CHECK(np == (round ? n : want), "passes %u, expected %u (%u FLOP events)", np, round ? n : want, nflop);
        CHECK(placement_ok(&es), "mux passes keep every event in its area");
        pmu_sb_set_tick(&B, 20000);
        pmu_start(&es);
        G.on = 1;
        pmu_sb_run(&B, 20000ull * np * 8);
        G.on = 0;
        pmu_stop(&es, 0);
        pmu_sb_set_tick(&B, 0);
        pmu_read_values(&es, val);
        CHECK(np < 2 || CTX.n_switches >= np * 8 - 1, "pass switches %u", CTX.n_switches);
        for (i = 0; i < n; i++) {
            double e = (double)expect(&es.code[i]), err, frac;
            err = e > 0 ? ((double)val[i].value - e) / e : (double)val[i].value;
            frac = (double)val[i].running / (double)val[i].enabled;
            if (err < 0) err = -err;
            if (err > worst) worst = err;
            if (fabs_frac(frac - 1.0 / np) > worst_frac) worst_frac = fabs_frac(frac - 1.0 / np);
            CHECK(err < 0.01, "mux %s: estimate %llu truth %.0f (raw %llu, %.3f of the time)", sel[i],
                  (unsigned long long)val[i].value, e, (unsigned long long)val[i].raw, frac);
            CHECK(fabs_frac(frac * np - 1.0) < 0.02, "mux %s: counted %.4f of the time, expected ~%.4f", sel[i],
                  frac, 1.0 / np);
        }
        printf("multiplex: %u events, %u counters, %u passes: worst estimate error %.3f%%, "
               "worst time-fraction deviation %.4f\n", n, T->cfg.nc, np, 100 * worst, worst_frac);
        CHECK(B.n_err == 0 && T->ok(T->dut), "bus errors / divergence");
    }
}

/* Live reads while the counter wraps: whichever access of the read sequence
 * the wrap falls between, the value must be exact-or-monotonic, never off by
 * 2^CW (polled: no ISR clears OVF). */
static void test_live_wrap(void)
{
    unsigned gap, k;
    for (gap = 0; gap < 12; gap++) {
        pmu_eventset es;
        pmu_value v;
        uint64_t prev = 0;
        unsigned bad = 0;
        fixture();
        pmu_eventset_init(&CTX, &es);
        pmu_add_named_event(&es, "CLASS1:0xf");
        pmu_set_overflow(&es, 0, 200 + 7 * gap, 0, 0);
        pmu_start(&es);
        G.on = 1;
        for (k = 0; k < 60; k++) {
            pmu_read_values(&es, &v);
            if (v.value < prev || v.value > 100000u) bad++;
            prev = v.value;
            pmu_sb_run(&B, gap);
        }
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_read_values(&es, &v);
        CHECK(bad == 0 && v.value == expect(&es.code[0]) && v.value >= prev,
              "live reads across the wrap (gap %u): %u bad, final %llu expected %llu", gap, bad,
              (unsigned long long)v.value, (unsigned long long)expect(&es.code[0]));
    }
}

/* Run a started set with the generator on, stop it and check every event's
 * count against the stimulus; mux: estimates within 1% and each event on a
 * counter 1/np of the time, else exact. */
static void run_and_check(pmu_eventset *es, uint64_t cycles, int mux, const char *what)
{
    pmu_value val[PMU_MAX_EVENTS];
    unsigned i, np = pmu_num_passes(es);
    pmu_start(es);
    G.on = 1;
    pmu_sb_run(&B, cycles);
    G.on = 0;
    pmu_sb_run(&B, 3);
    pmu_stop(es, 0);
    pmu_read_values(es, val);
    for (i = 0; i < es->n; i++) {
        uint64_t e = expect(&es->code[i]);
        char nm[80];
        if (pmu_event_decode(&CTX, &es->code[i], nm, sizeof nm) != PMU_OK) strcpy(nm, "?");
        if (!mux || es->pin[i]) {   /* a correlate/trigger event counts in every pass */
            CHECK(val[i].value == e && val[i].raw == e && val[i].running == val[i].enabled,
                  "%s: event %u %s on counter %u: got %llu expected %llu", what, i, nm, es->ctr_of[i],
                  (unsigned long long)val[i].value, (unsigned long long)e);
        } else {
            double err = e ? ((double)val[i].value - (double)e) / (double)e : (double)val[i].value;
            double frac = (double)val[i].running / (double)val[i].enabled;
            CHECK(fabs_frac(err) < 0.01 && fabs_frac(frac * np - 1.0) < 0.02,
                  "%s: event %u %s (pass %u, counter %u): estimate %llu truth %llu, %.4f of the time (~%.4f)",
                  what, i, nm, es->pass_of[i], es->ctr_of[i], (unsigned long long)val[i].value,
                  (unsigned long long)e, frac, 1.0 / np);
        }
        CHECK(e > 0, "%s: event %u %s has stimulus", what, i, nm);
    }
    CHECK(B.n_err == 0 && T->ok(T->dut), "%s: bus errors %u / RTL-model divergence", what, B.n_err);
}

/* Counter areas (CAP.NAREA): placement, errors, multiplexing. With NAREA=1
 * the same sets are built (every counter sees every class) and must work. */
static void test_areas(void)
{
    const unsigned nc = T->cfg.nc, na = T->cfg.narea, fl = T->cfg.flop_class;
    const unsigned eqall = (1u << (2u * T->cfg.nt)) - 1u;
    pmu_eventset es;
    pmu_event_code k;
    char name[64];
    unsigned i, a, c, amin, nk;
    int r;

    fixture();
    /* every class has a counter (NAREA <= NC): plain names encode */
    for (c = 0, nk = 0; c < 64; c++) {
        snprintf(name, sizeof name, "CLASS%u", c);
        nk += pmu_event_encode(&CTX, name, &k) != PMU_OK;
    }
    CHECK(nk == 0, "%u classes without a counter", nk);
    /* FLOP class: every counter */
    for (c = 0, nk = 0; c < nc; c++) {
        snprintf(name, sizeof name, "CLASS%u:0x1:CTR=%u", fl, c);
        nk += pmu_event_encode(&CTX, name, &k) != PMU_OK;
    }
    CHECK(nk == 0, "FLOP class refused on %u counters", nk);

    /* An event whose CTR= names only counters outside its area: PMU_ENOCOUNTER
     * from encode and from add (named and raw code, multiplexing or not). */
    {
        unsigned cls = area_class(1, 0);       /* counter 0 is in area 0, the class in area 1 % NAREA */
        int want = na > 1 ? PMU_ENOCOUNTER : PMU_OK;
        snprintf(name, sizeof name, "CLASS%u:0x1:CTR=0", cls);
        r = pmu_event_encode(&CTX, name, &k);
        CHECK(r == want, "encode %s (NAREA %u): %s", name, na, pmu_strerror(r));
        pmu_eventset_init(&CTX, &es);
        r = pmu_add_named_event(&es, name);
        CHECK(r == (na > 1 ? PMU_ENOCOUNTER : 0) && es.n == (na > 1 ? 0u : 1u), "add %s: %s", name,
              r < 0 ? pmu_strerror(r) : "ok");
        pmu_eventset_init(&CTX, &es);
        k.ctl = pmu_drv_ctl(cls, 0, 0, 0, 0, 0);
        k.emq = pmu_drv_emq(1u, eqall);
        k.cmask = 1u;
        r = pmu_add_event(&es, &k);
        CHECK(r == (na > 1 ? PMU_ENOCOUNTER : 0), "raw code class %u on counter 0: %d", cls, r);
        if (na > 1) {
            CHECK(pmu_set_multiplex(&es, 1) == PMU_OK && pmu_add_event(&es, &k) == PMU_ENOCOUNTER && es.n == 0,
                  "multiplexing does not make an impossible event possible");
            CHECK(pmu_event_decode(&CTX, &k, name, sizeof name) == PMU_OK, "decode still names it: %s", name);
            /* one in-area counter among the constraints is enough */
            snprintf(name, sizeof name, "CLASS%u:0x1:CTR=0:CTR=1", cls);
            r = pmu_add_named_event(&es, name);
            CHECK(r == 0 && es.ctr_of[0] == 1, "%s placed on counter %u (%d)", name, es.ctr_of[0], r);
            CHECK(strstr(pmu_strerror(PMU_ENOCOUNTER), "area") != 0, "strerror: %s", pmu_strerror(PMU_ENOCOUNTER));
        }
    }

    /* One event more than the counters of the smallest area: PMU_ECONFLICT
     * with multiplexing off although the set has fewer events than counters. */
    amin = 0;
    for (a = 1; a < na; a++) if (area_ctrs(a) < area_ctrs(amin)) amin = a;
    for (nk = 0; area_class(amin, nk) < GC; nk++) { }
    if (na > 1 && nk > 0) {
        unsigned ca = area_ctrs(amin);
        pmu_eventset_init(&CTX, &es);
        for (i = 0; i <= ca; i++) {
            snprintf(name, sizeof name, "CLASS%u:0x%x", area_class(amin, i % nk), 1u + i % 15u);
            r = pmu_add_named_event(&es, name);
            if (i < ca) CHECK(r == (int)i, "area %u event %u: %d", amin, i, r);
            else CHECK(r == PMU_ECONFLICT && es.n == ca, "area %u (%u counters) over-subscribed, %u of %u counters: %s",
                       amin, ca, ca + 1, nc, r < 0 ? pmu_strerror(r) : "accepted");
        }
        CHECK(pmu_set_multiplex(&es, 1) == PMU_OK && pmu_add_named_event(&es, name) == (int)ca, "accepted when multiplexing");
        CHECK(pmu_num_passes(&es) == 2 && placement_ok(&es), "2 passes (%u), every event in its area (%d)",
              pmu_num_passes(&es), placement_ok(&es));
        CHECK(pmu_set_multiplex(&es, 0) == PMU_ECONFLICT && es.multiplex, "multiplex off refused: ECONFLICT");
    }

    /* Exact counts of a full set (one pass) that only fits if the scheduler
     * moves the FLOP event, added first, off the counter an area needs. */
    fixture();
    hook_irqs();
    pmu_eventset_init(&CTX, &es);
    random_name(name, sizeof name, (int)fl);
    CHECK(pmu_add_named_event(&es, name) == 0, "add %s", name);
    for (c = 0; c + 1 < nc; c++) {
        unsigned ar = c % na, kk = 0;
        while (area_class(ar, kk) < GC) kk++;
        random_name(name, sizeof name, kk ? (int)area_class(ar, c / na % kk) : (int)fl);
        r = pmu_add_named_event(&es, name);
        CHECK(r == (int)(c + 1), "full set: add %s: %s", name, r < 0 ? pmu_strerror(r) : "ok");
    }
    CHECK(es.n == nc && pmu_num_passes(&es) == 1 && placement_ok(&es), "full set placed in one pass");
    run_and_check(&es, 3000 + rndn(2000), 0, "full set");

    /* Multiplexing: NC FLOP events added before 2 x (counters of area 0)
     * events of area 0. Building pass 0 greedily would fill it with the FLOP
     * events and need 3 passes; 2 passes are enough (each pass: area 0's
     * counters for area-0 events, the other counters for FLOP events). */
    fixture();
    hook_irqs();
    for (nk = 0; area_class(0, nk) < GC; nk++) { }
    if (nk > 0 && nc + 2 * area_ctrs(0) <= PMU_MAX_EVENTS) {
        unsigned ca = area_ctrs(0), ntot = nc + 2 * ca, want = (ntot + nc - 1) / nc;
        if (want < 2) want = 2;
        pmu_eventset_init(&CTX, &es);
        CHECK(pmu_set_multiplex(&es, 1) == PMU_OK, "mux on");
        for (i = 0; i < ntot; i++) {
            random_name(name, sizeof name, i < nc ? (int)fl : (int)area_class(0, i % nk));
            r = pmu_add_named_event(&es, name);
            CHECK(r == (int)i, "mux areas: add %s: %d", name, r);
        }
        CHECK(pmu_num_passes(&es) == want, "mux areas: %u passes, expected %u", pmu_num_passes(&es), want);
        CHECK(placement_ok(&es), "mux areas: every event on a counter of its area, one per counter and pass");
        pmu_sb_set_tick(&B, 20000);
        run_and_check(&es, 20000ull * want * 8, 1, "mux areas");
        pmu_sb_set_tick(&B, 0);
        CHECK(CTX.n_switches >= want * 8 - 1, "pass switches %u", CTX.n_switches);
    }
}

/* GCTL.UEN set through the API survives start, pass switches, reset and
 * stop, which change only GEN. */
static void test_user_read(void)
{
    pmu_eventset es;
    uint32_t g;
    fixture();
    hook_irqs();
    CHECK(pmu_set_user_read(&CTX, 1) == PMU_OK, "user read on");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == PMU_GCTL_UEN_MASK, "GCTL after pmu_set_user_read(1): 0x%x", (unsigned)g);
    pmu_eventset_init(&CTX, &es);
    CHECK(pmu_set_multiplex(&es, 1) == PMU_OK, "mux on");
    CHECK(pmu_add_named_event(&es, "CLASS0:0x1:CTR=0") == 0, "add 0");
    CHECK(pmu_add_named_event(&es, "CLASS0:0x2:CTR=0") == 1, "add 1");
    CHECK(pmu_num_passes(&es) == 2, "two passes");
    CHECK(pmu_start(&es) == PMU_OK, "start");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == (PMU_GCTL_GEN_MASK | PMU_GCTL_UEN_MASK), "GCTL after start: 0x%x", (unsigned)g);
    CHECK(pmu_tick(&CTX) == 1, "pass switch");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == (PMU_GCTL_GEN_MASK | PMU_GCTL_UEN_MASK), "GCTL after a pass switch: 0x%x", (unsigned)g);
    CHECK(pmu_reset(&es) == PMU_OK, "reset");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == (PMU_GCTL_GEN_MASK | PMU_GCTL_UEN_MASK), "GCTL after reset: 0x%x", (unsigned)g);
    CHECK(pmu_stop(&es, 0) == PMU_OK, "stop");
    g = pmu_drv_rd(&CTX.dev, PMU_REG_GCTL);
    CHECK(g == PMU_GCTL_UEN_MASK, "GCTL after stop: 0x%x", (unsigned)g);
    CHECK(pmu_set_user_read(&CTX, 0) == PMU_OK && pmu_drv_rd(&CTX.dev, PMU_REG_GCTL) == 0, "user read off");
    CHECK(pmu_set_user_read(0, 1) == PMU_EINVAL, "NULL context");
    CHECK(B.n_err == 0 && T->ok(T->dut), "bus errors / divergence");
}

/* ------------------------------------------------------------ seed 004 PM API */
/* CAP.SMP = 0 (test_sw_model --smp 0): every feature that needs the
 * sampling block answers PMU_ENOSUP and changes nothing. */
static int need_smp(const char *what)
{
    pmu_eventset es;
    uint64_t ns = 1;
    if (T->cfg.has_sample) return 1;
    pmu_eventset_init(&CTX, &es);
    pmu_add_named_event(&es, "CLASS0:0x1");
    CHECK(pmu_set_trigger(&es, 0, 10) == PMU_ENOSUP && pmu_set_latency(&es, 0, 5) == PMU_ENOSUP &&
          pmu_set_timebase(&CTX, 100000000u, 0, 80000, &ns) == PMU_ENOSUP && ns == 1 && !es.trig && !es.lat[0],
          "%s without the sampling block: PMU_ENOSUP", what);
    CHECK(B.n_err == 0, "no access to the absent registers (%u bus errors)", B.n_err);
    return 0;
}

/* Trigger (MMCR.TRIG): the other events count from LAT cycles after the
 * cycle of the trigger event's count-th occurrence (docs/sampling.md); the
 * expected counts come from the generator's per-cycle tallies. */
static void test_trigger(void)
{
    pmu_eventset es;
    pmu_value val[4];
    char name[48];
    unsigned i, n = T->cfg.nc < 4 ? T->cfg.nc : 4, t;
    const uint64_t count = 300 + rndn(200);
    int r;
    fixture();
    if (!need_smp("trigger")) return;
    hook_irqs();
    pmu_eventset_init(&CTX, &es);
    for (i = 0; i < n; i++) {       /* event i: a class of counter i's area */
        snprintf(name, sizeof name, "CLASS%u:0x%x", area_class(i, 0) < GC ? area_class(i, 0) : T->cfg.flop_class,
                 i ? 0xFu : 0x1u);
        CHECK(pmu_add_named_event(&es, name) == (int)i, "trigger set: add %s", name);
    }
    CHECK(pmu_set_trigger(&es, 0, (uint64_t)1 << (T->cfg.cw - 1u)) == PMU_OK, "count 2^(CW-1) is representable");
    CHECK(pmu_set_trigger(&es, 0, ((uint64_t)1 << (T->cfg.cw - 1u)) + 1u) == PMU_ERANGE, "count > 2^(CW-1): ERANGE");
    CHECK(pmu_set_overflow(&es, 0, 100, 0, 0) == PMU_EINVAL, "overflow threshold on the trigger event");
    CHECK(pmu_set_trigger(&es, 9, count) == PMU_EINVAL, "trigger on a bad index");
    if (T->cfg.narea > 1 && n > 1) {   /* event 1's class is outside counter 0's area */
        CHECK(pmu_set_trigger(&es, 1, count) == PMU_ENOCOUNTER && es.trig == 1u && es.pin[1] == 0,
              "trigger event counter 0 cannot count: ENOCOUNTER, set unchanged");
    }
    CHECK(pmu_set_trigger(&es, 0, count) == PMU_OK && es.ctr_of[0] == 0, "trigger on counter 0 (%u)", es.ctr_of[0]);
    for (i = 0; i < n; i++) G.watch[i] = es.code[i];
    G.nw = n;
    CHECK(pmu_start(&es) == PMU_OK, "start");
    CHECK((pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) & PMU_MMCR_TRIG_MASK) != 0, "MMCR.TRIG armed");
    G.w0 = B.cycle;
    G.on = 1;
    pmu_sb_run(&B, 6000);
    G.on = 0;
    pmu_sb_run(&B, 3);
    r = pmu_stop(&es, 0);
    pmu_read_values(&es, val);
    for (t = 0; t < WMAX && wcum[0][t] < count; t++) { }
    CHECK(r == PMU_OK && t + PMU_EV_LAT < 6000, "trigger reached at cycle %u of the run", t);
    CHECK(val[0].value == expect(&es.code[0]), "trigger event itself exact: %llu, expected %llu",
          (unsigned long long)val[0].value, (unsigned long long)expect(&es.code[0]));
    for (i = 1; i < n; i++) {
        uint64_t e = expect(&es.code[i]) - wcum[i][t + PMU_EV_LAT - 1u];
        CHECK(val[i].value == e && e < expect(&es.code[i]),
              "event %u counts from the trigger on: %llu, expected %llu (without trigger %llu)", i,
              (unsigned long long)val[i].value, (unsigned long long)e, (unsigned long long)expect(&es.code[i]));
    }
    CHECK(B.n_err == 0 && T->ok(T->dut), "trigger: bus errors / divergence");
}

/* Fresh fixture and a multiplexed set of 2(NC-1)+1 FLOP-class events
 * (every counter can take each one; with one counter pinned: 2 passes),
 * random sub-events/threads or all CLASSf:0x1. Returns n, 0 if NC < 2. */
static unsigned flop_mux_set(pmu_eventset *es, int rnd_names)
{
    char name[48];
    unsigned i, n = 2 * (T->cfg.nc - 1) + 1;
    if (T->cfg.nc < 2) return 0;
    if (n > PMU_MAX_EVENTS) n = PMU_MAX_EVENTS;
    fixture();
    hook_irqs();
    pmu_eventset_init(&CTX, es);
    CHECK(pmu_set_multiplex(es, 1) == PMU_OK, "mux on");
    for (i = 0; i < n; i++) {
        if (rnd_names) random_name(name, sizeof name, (int)T->cfg.flop_class);
        else snprintf(name, sizeof name, "CLASS%u:0x1", T->cfg.flop_class);
        CHECK(pmu_add_named_event(es, name) == (int)i, "FLOP set: add %s", name);
    }
    return n;
}

/* Correlate event: on its own counter in every multiplexing pass, exact. */
static void test_correlate(void)
{
    pmu_eventset es;
    char name[48];
    unsigned i, n = flop_mux_set(&es, 1), fl = T->cfg.flop_class;
    if (!n) return;
    CHECK(pmu_num_passes(&es) == 2 || n < 2 * (T->cfg.nc - 1) + 1, "2 passes before pinning");
    CHECK(pmu_set_correlate(&es, 0, 1) == PMU_OK && es.pin[0], "correlate event 0");
    CHECK(pmu_num_passes(&es) == (n - 2 + T->cfg.nc - 1) / (T->cfg.nc - 1) && placement_ok(&es),
          "passes with a pinned counter: %u", pmu_num_passes(&es));
    for (i = 1; i < n; i++)
        CHECK(es.ctr_of[i] != es.ctr_of[0], "event %u shares the correlate counter %u", i, es.ctr_of[0]);
    CHECK(pmu_set_correlate(&es, n, 1) == PMU_EINVAL, "correlate on a bad index");
    pmu_sb_set_tick(&B, 20000);
    run_and_check(&es, 20000ull * pmu_num_passes(&es) * 8, 1, "correlate");
    pmu_sb_set_tick(&B, 0);
    /* every counter pinned: the rest cannot be placed */
    pmu_eventset_init(&CTX, &es);
    pmu_set_multiplex(&es, 1);
    for (i = 0; i <= T->cfg.nc && i < PMU_MAX_EVENTS; i++) {
        random_name(name, sizeof name, (int)fl);
        pmu_add_named_event(&es, name);
    }
    for (i = 0; i + 1 < T->cfg.nc; i++) CHECK(pmu_set_correlate(&es, i, 1) == PMU_OK, "pin %u", i);
    CHECK(pmu_set_correlate(&es, T->cfg.nc - 1, 1) == PMU_ECONFLICT && !es.pin[T->cfg.nc - 1],
          "pinning the last free counter: ECONFLICT, set unchanged");
}

/* Interrupt-driven pass cycling: a correlate event with an overflow
 * threshold ends every pass; rounds and post options. */
typedef struct { unsigned n[16]; uint64_t corr[64]; unsigned npass; } post_rec;
static void post_fn(pmu_eventset *es, unsigned why, void *arg)
{
    post_rec *p = (post_rec *)arg;
    p->n[why & 15u]++;
    if (why == PMU_POST_PASS && p->npass < 64) p->corr[p->npass++] = es->acc[0];
}

static void test_cycling(void)
{
    pmu_eventset es;
    post_rec rec;
    uint64_t v[PMU_MAX_EVENTS], prev, per = 2000 + rndn(1000);
    unsigned i, np, bad = 0;
    const unsigned rounds = 3;
    if (!flop_mux_set(&es, 0)) return;
    CHECK(pmu_set_cycling(&es, 3, 0, 0, 0, 0) == PMU_EINVAL && pmu_set_cycling(&es, PMU_CYCLE_IRQ, 0, 16u, 0, 0) ==
          PMU_EINVAL, "bad mode / post bit");
    CHECK(pmu_set_cycling(&es, PMU_CYCLE_IRQ, rounds, PMU_POST_PASS | PMU_POST_ROUND | PMU_POST_DONE | PMU_POST_IRQ,
                          post_fn, &rec) == PMU_OK, "IRQ cycling");
    CHECK(pmu_start(&es) == PMU_ENOSRC, "no interrupt source: ENOSRC");
    CHECK(pmu_set_overflow(&es, 1, per, 0, 0) == PMU_OK && pmu_start(&es) == PMU_ENOSRC,
          "a threshold in one pass only: ENOSRC");
    pmu_set_overflow(&es, 1, 0, 0, 0);
    CHECK(pmu_set_correlate(&es, 0, 1) == PMU_OK && pmu_set_overflow(&es, 0, per, 0, 0) == PMU_OK, "correlate + threshold");
    np = pmu_num_passes(&es);
    memset(&rec, 0, sizeof rec);
    CHECK(pmu_start(&es) == PMU_OK, "start");
    G.on = 1;
    for (i = 0; i < 200 && es.running; i++) pmu_sb_run(&B, 1000);
    G.on = 0;
    CHECK(!es.running && CTX.running == 0, "stopped by the API after %u rounds", rounds);
    CHECK(rec.n[PMU_POST_PASS] == rounds * np && rec.n[PMU_POST_ROUND] == rounds && rec.n[PMU_POST_DONE] == 1 &&
          rec.n[PMU_POST_IRQ] == CTX.n_serviced && CTX.n_switches == rounds * np,
          "posts: pass %u round %u done %u irq %u (serviced %u), switches %u, %u passes", rec.n[PMU_POST_PASS],
          rec.n[PMU_POST_ROUND], rec.n[PMU_POST_DONE], rec.n[PMU_POST_IRQ], CTX.n_serviced, CTX.n_switches, np);
    /* each pass ends on the correlate counter's wrap: per events (+ the interrupt latency) */
    for (i = 0, prev = 0; i < rec.npass; i++) {
        bad += rec.corr[i] - prev < per || rec.corr[i] - prev > per + 400;
        prev = rec.corr[i];
    }
    CHECK(bad == 0 && rec.npass == rounds * np, "every pass ended after ~%llu correlate events (%u bad)",
          (unsigned long long)per, bad);
    CHECK(pmu_stop(&es, v) == PMU_OK && v[0] == es.acc[0] && pmu_stop(&es, v) == PMU_ENOTRUN,
          "stop after the last round reports, once");
    /* manual: only pmu_next_pass rotates */
    CHECK(pmu_set_cycling(&es, PMU_CYCLE_MANUAL, 0, 0, 0, 0) == PMU_OK && pmu_next_pass(&es) == PMU_ENOTRUN, "manual");
    pmu_sb_set_tick(&B, 500);
    CTX.n_switches = 0;
    pmu_start(&es);
    pmu_sb_run(&B, 3000);
    CHECK(CTX.n_switches == 0 && pmu_next_pass(&es) == PMU_OK && es.cur_pass == 1 % np && CTX.n_switches == 1,
          "manual: ticks do not rotate, pmu_next_pass does");
    CHECK(pmu_set_cycling(&es, PMU_CYCLE_TICK, 0, 0, 0, 0) == PMU_EISRUN, "cycling change while running");
    pmu_stop(&es, 0);
    pmu_sb_set_tick(&B, 0);
    CHECK(B.n_err == 0 && T->ok(T->dut), "cycling: bus errors / divergence");
}

/* Time base in seconds/nanoseconds: tap choice, actual period, errors, and
 * the number of interrupts over a run. */
static void test_timebase(void)
{
    static const struct { uint64_t hz, sec; uint32_t ns; int r; uint64_t act; unsigned tbsel; } c[] = {
        { 100000000u, 0, 80000, PMU_OK, 81920, 1 },       /* 8000 cycles -> 2^13 */
        { 100000000u, 0, 2560, PMU_OK, 5120, 2 },         /* 256 = 2^8: lowest accepted -> 2^9 */
        { 100000000u, 0, 2550, PMU_ERANGE, 0, 0 },        /* 255 cycles */
        { 100000000u, 0, 20480, PMU_OK, 5120, 2 },        /* 2048 = sqrt(2^9 * 2^13) -> the smaller */
        { 100000000u, 0, 20490, PMU_OK, 81920, 1 },       /* 2049 */
        { 100000000u, 0, 2621440, PMU_OK, 1310720, 0 },   /* 2^18: highest accepted -> 2^17 */
        { 100000000u, 0, 2621450, PMU_ERANGE, 0, 0 },
        { 100000000u, 1, 0, PMU_ERANGE, 0, 0 },
        { 100000000u, 0, 1, PMU_ERANGE, 0, 0 },
        { 1000000000u, 0, 1000, PMU_OK, 512, 2 },         /* 1 GHz, 1 us: 1000 cycles, nearer 512 than 8192 */
        { 0, 0, 80000, PMU_EINVAL, 0, 0 },
        { 100000000u, 0, 1000000000u, PMU_EINVAL, 0, 0 },
    };
    pmu_eventset es;
    post_rec rec;
    pmu_irq_status st;
    uint64_t act, t0, t1, want;
    unsigned i;
    int r;
    fixture();
    if (!need_smp("time base")) return;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        act = 7;
        r = pmu_set_timebase(&CTX, c[i].hz, c[i].sec, c[i].ns, &act);
        CHECK(r == c[i].r && (r != PMU_OK || (act == c[i].act && CTX.mmcr_tb == (PMU_MMCR_TBEE_MASK |
              c[i].tbsel << PMU_MMCR_TBSEL_LSB))) && (r == PMU_OK || act == 7),
              "timebase %llu Hz %llu s %u ns: %s, %llu ns (want %d, %llu ns)", (unsigned long long)c[i].hz,
              (unsigned long long)c[i].sec, c[i].ns, pmu_strerror(r), (unsigned long long)act, c[i].r,
              (unsigned long long)c[i].act);
    }
    hook_irqs();
    CHECK(pmu_set_timebase(&CTX, 100000000u, 0, 80000, &act) == PMU_OK && act == 81920, "8192-cycle time base");
    pmu_eventset_init(&CTX, &es);
    pmu_add_named_event(&es, "CLASS0:0x1");
    memset(&rec, 0, sizeof rec);
    pmu_set_cycling(&es, PMU_CYCLE_TICK, 0, PMU_POST_IRQ, post_fn, &rec);
    CHECK(pmu_status_at_irq(&es, &st) == PMU_ENODATA, "no interrupt yet: ENODATA");
    pmu_start(&es);
    t0 = pmu_drv_read_tsc(&CTX.dev);
    CHECK((pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) & (PMU_MMCR_TBEE_MASK | PMU_MMCR_TBSEL_MASK)) ==
          (PMU_MMCR_TBEE_MASK | 1u << PMU_MMCR_TBSEL_LSB), "MMCR TBEE, TBSEL 1 while running");
    CHECK(pmu_set_timebase(&CTX, 100000000u, 0, 80000, &act) == PMU_EISRUN, "time base change while running");
    pmu_sb_run(&B, 5 * 8192 + 1000);
    t1 = pmu_drv_read_tsc(&CTX.dev);
    pmu_stop(&es, 0);
    /* TSC bit 12 rises at t = 4096 mod 8192 */
    want = (t1 + 4096u) / 8192u - (t0 + 4096u) / 8192u;
    CHECK(rec.n[PMU_POST_IRQ] == want && want >= 5, "%u time-base interrupts over TSC %llu..%llu, expected %llu",
          rec.n[PMU_POST_IRQ], (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)want);
    CHECK(pmu_status_at_irq(&es, &st) == PMU_OK && st.seq == want && st.pmstat == PMU_PMSTAT_TB_MASK &&
          st.ovf == 0 && st.tsc % 8192u >= 4096u, "status at the last interrupt: seq %u pmstat %x tsc %llu",
          st.seq, st.pmstat, (unsigned long long)st.tsc);
    CHECK(pmu_set_timebase(&CTX, 100000000u, 0, 0, &act) == PMU_OK && act == 0 && CTX.mmcr_tb == 0, "time base off");
    CHECK(B.n_err == 0 && T->ok(T->dut), "time base: bus errors / divergence");
}

/* Latency threshold in processor cycles: >= cycles, THRESH = cycles - 1. */
static void test_latency(void)
{
    pmu_eventset es, es2;
    pmu_value val[3];
    char name[48];
    const unsigned cyc = 4 * (3 + rndn(6));   /* thread 0's latencies are the multiples of 4 */
    unsigned i, n = T->cfg.nc < 3 ? T->cfg.nc : 3;
    fixture();
    if (!need_smp("latency threshold")) return;
    hook_irqs();
    pmu_eventset_init(&CTX, &es);
    for (i = 0; i < n; i++) {
        static const char *q[3] = { ":T0", ":USR", "" };
        snprintf(name, sizeof name, "CLASS%u:0x3%s", area_class(i, 0) < GC ? area_class(i, 0) : T->cfg.flop_class, q[i]);
        CHECK(pmu_add_named_event(&es, name) == (int)i, "latency set: add %s", name);
    }
    CHECK(pmu_set_latency(&es, 0, 65537) == PMU_ERANGE && !es.lat[0], "65537 cycles: ERANGE");
    CHECK(pmu_set_latency(&es, 0, cyc) == PMU_OK, "latency >= %u on event 0", cyc);
    if (n > 1) {
        CHECK(pmu_set_latency(&es, 1, cyc + 1) == PMU_ECONFLICT && !es.lat[1], "a second threshold: ECONFLICT");
        CHECK(pmu_set_latency(&es, 1, cyc) == PMU_OK, "same threshold on event 1");
    }
    CHECK(pmu_set_latency(&es, 7, cyc) == PMU_EINVAL, "bad index");
    pmu_start(&es);
    CHECK((pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) >> PMU_MMCR_THRESH_LSB) == cyc - 1u &&
          pmu_drv_rd(&CTX.dev, PMU_REG_XCTL(es.ctr_of[0])) == PMU_XCTL_LAT_MASK &&
          (n < 3 || pmu_drv_rd(&CTX.dev, PMU_REG_XCTL(es.ctr_of[2])) == 0), "MMCR.THRESH %u, XCTL.LAT",
          (unsigned)(pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) >> PMU_MMCR_THRESH_LSB));
    G.on = 1;
    G.mem_on = 1;
    pmu_sb_run(&B, 3000 + rndn(2000));
    G.on = 0;
    G.mem_on = 0;
    pmu_sb_run(&B, 3);
    pmu_stop(&es, 0);
    pmu_read_values(&es, val);
    for (i = 0; i < n; i++) {
        uint64_t e = i < 2 ? expect_lat(&es.code[i], cyc) : expect(&es.code[i]);
        CHECK(val[i].value == e && e > 0 && (i == 2 || e != expect_lat(&es.code[i], cyc + 1u)),   /* >=, not > */
              "latency event %u: %llu, expected %llu", i, (unsigned long long)val[i].value, (unsigned long long)e);
    }
    pmu_eventset_init(&CTX, &es2);
    pmu_add_named_event(&es2, "CLASS0:0x1");
    CHECK(pmu_set_latency(&es2, 0, 65536) == PMU_OK && pmu_start(&es2) == PMU_OK &&
          (pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) >> PMU_MMCR_THRESH_LSB) == 0xFFFFu, "65536 cycles: THRESH 0xFFFF");
    pmu_stop(&es2, 0);
    CHECK(pmu_set_latency(&es2, 0, 0) == PMU_OK && !es2.lat[0] && es2.lat_cycles == 0, "latency off");
    CHECK(B.n_err == 0 && T->ok(T->dut), "latency: bus errors / divergence");
}

/* Status at the previous interrupt: the overflow callback freezes the
 * stimulus, so the snapshot taken after it in pmu_irq must equal the
 * tallies; counting then goes on and the snapshot stays. */
static uint64_t snap_want[4];
static void freeze_cb(pmu_eventset *es, unsigned idx, void *arg)
{
    unsigned i;
    (void)idx; (void)arg;
    G.on = 0;       /* the snapshot's reads come more than LAT cycles later */
    for (i = 0; i < es->n && i < 4; i++) snap_want[i] = expect(&es->code[i]);
}

static void test_status(void)
{
    pmu_eventset es;
    pmu_irq_status st;
    pmu_value val[4];
    char name[48];
    unsigned i, n = T->cfg.nc < 4 ? T->cfg.nc : 4;
    fixture();
    hook_irqs();
    pmu_eventset_init(&CTX, &es);
    for (i = 0; i < n; i++) {
        snprintf(name, sizeof name, "CLASS%u:0x%x", area_class(i, 0) < GC ? area_class(i, 0) : T->cfg.flop_class,
                 i + 1u);
        pmu_add_named_event(&es, name);
    }
    pmu_set_overflow(&es, 0, 700, freeze_cb, 0);
    CHECK(pmu_status_at_irq(&es, &st) == PMU_ENODATA && pmu_status_at_irq(&es, 0) == PMU_EINVAL, "ENODATA / EINVAL");
    pmu_start(&es);
    G.on = 1;
    pmu_sb_run(&B, 4000);
    CHECK(G.on == 0, "the overflow interrupt came");
    G.on = 1;
    pmu_sb_run(&B, 2000);
    G.on = 0;
    pmu_sb_run(&B, 3);
    pmu_stop(&es, 0);
    pmu_read_values(&es, val);
    CHECK(pmu_status_at_irq(&es, &st) == PMU_OK && st.seq == 1 && st.ovf == 1u << es.ctr_of[0] && st.pmstat == 0,
          "one interrupt: seq %u ovf %x", st.seq, st.ovf);
    for (i = 0; i < n; i++)
        CHECK(st.v[i].raw == snap_want[i] && val[i].raw == expect(&es.code[i]) && st.v[i].raw < val[i].raw &&
              st.v[i].enabled < val[i].enabled, "event %u at the interrupt %llu (want %llu), now %llu", i,
              (unsigned long long)st.v[i].raw, (unsigned long long)snap_want[i], (unsigned long long)val[i].raw);
    CHECK(B.n_err == 0 && T->ok(T->dut), "status: bus errors / divergence");
}

/* Interrupt-storm protection: a 512-cycle time base against a 4000-cycle
 * minimum period; the counts stay exact. */
static void test_throttle(void)
{
    pmu_eventset es;
    pmu_value val[2];
    post_rec rec;
    uint64_t act, storm = 0;
    unsigned pass, c2, c;
    uint32_t m0, m2;
    char name2[24];
    fixture();
    if (!need_smp("throttling")) return;
    /* event 1: with areas, class 0 again when a second counter sees it;
     * otherwise a driven class (1 first) that some counter sees with class 0
     * still on another one (e.g. NC=2, NAREA=2: class 0 only on counter 0,
     * class 1 on counter 1) */
    m0 = pmu_drv_class_ctrs(&CTX.dev, 0);
    c2 = 1;
    if (T->cfg.nc > 1 && T->cfg.narea > 1 && (m0 & (m0 - 1u))) {
        c2 = 0;
    } else {
        for (c = 1; c < GC && c < T->cfg.ncls; c++) {
            if (c == T->cfg.flop_class) continue;
            m2 = pmu_drv_class_ctrs(&CTX.dev, c);
            if (m2 && ((m0 | m2) & ((m0 | m2) - 1u))) { c2 = c; break; }   /* two counters for the two */
        }
    }
    snprintf(name2, sizeof name2, "CLASS%u:0x1", c2);
    CHECK(pmu_set_irq_throttle(0, 5) == PMU_EINVAL, "NULL ctx");
    for (pass = 0; pass < 2; pass++) {
        fixture();
        hook_irqs();
        pmu_sb_set_tick(&B, 1500);
        CHECK(pmu_set_timebase(&CTX, 1000000000u, 0, 512, &act) == PMU_OK && act == 512, "512-cycle time base");
        pmu_set_irq_throttle(&CTX, pass ? 4000u : 0u);
        pmu_eventset_init(&CTX, &es);
        pmu_add_named_event(&es, "CLASS0:0x3");
        CHECK(pmu_add_named_event(&es, name2) == 1, "throttle: add %s", name2);
        pmu_set_overflow(&es, 0, 1500, 0, 0);
        memset(&rec, 0, sizeof rec);
        pmu_set_cycling(&es, PMU_CYCLE_TICK, 0, PMU_POST_IRQ, post_fn, &rec);
        pmu_start(&es);
        G.on = 1;
        pmu_sb_run(&B, 40000);
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_sb_set_tick(&B, 0);
        pmu_read_values(&es, val);
        CHECK(val[0].value == expect(&es.code[0]) && val[1].value == expect(&es.code[1]),
              "counts exact (throttle %u): %llu/%llu", pass, (unsigned long long)val[0].value,
              (unsigned long long)expect(&es.code[0]));
        if (!pass) {
            storm = CTX.n_serviced;
            CHECK(storm >= 70 && CTX.n_throttled == 0, "no throttle: %llu interrupts", (unsigned long long)storm);
        } else {
            CHECK(CTX.n_serviced >= 5 && CTX.n_serviced <= 40000 / 4000 + 1 && CTX.n_throttled >= CTX.n_serviced - 1 &&
                  rec.n[PMU_POST_IRQ] == CTX.n_serviced,
                  "throttled: %u serviced, %u throttled (%llu without)", CTX.n_serviced, CTX.n_throttled,
                  (unsigned long long)storm);
        }
        CHECK(B.n_err == 0 && T->ok(T->dut), "throttle: bus errors / divergence");
    }
}

/* Sampling (pmu_set_sampling): the generator gives every cycle its number
 * as instruction address and stops while a handler runs (as a USR-only
 * event would), so the counter goes negative exactly at events P, 2P, ...
 * and each sample's SIAR must be the cycle of such an event (from the
 * per-cycle tallies); SDAR its complement (AW bits). Unthrottled: one sample per P
 * events (the last one may still be pending at the stop), the count exact.
 * Throttled: fewer samples, each still at a multiple of P, the dropped
 * ones counted. */
#define SMP_MAX 512
static uint64_t smp_ip[SMP_MAX], smp_da[SMP_MAX];
static unsigned smp_n;
static void smp_cb(pmu_eventset *es, unsigned idx, const pmu_sample *s, void *arg)
{
    (void)es; (void)idx; (void)arg;
    if (smp_n < SMP_MAX) { smp_ip[smp_n] = s->siar; smp_da[smp_n] = s->sdar; }
    smp_n++;
}
static void isr_pmu_quiet(void *a) { int on = G.on; G.on = 0; (void)pmu_irq((pmu_ctx *)a); G.on = on; }
static void isr_tick_quiet(void *a) { int on = G.on; G.on = 0; (void)pmu_tick((pmu_ctx *)a); G.on = on; }

static void test_sampling(void)
{
    pmu_eventset es;
    pmu_value v;
    unsigned pass, i, bad, nfree;
    const uint64_t P = 37 + rndn(40), RUN = 4000;   /* + the handlers' cycles < WMAX */
    const uint64_t amask = T->cfg.aw == 32 ? 0xFFFFFFFFu : ~(uint64_t)0;   /* SIAR/SDAR width */
    fixture();
    if (!need_smp("sampling")) return;
    pmu_eventset_init(&CTX, &es);
    CHECK(pmu_add_named_event(&es, "CLASS0:0x3") == 0, "sampling: add");
    CHECK(pmu_set_sampling(&es, 1, P, smp_cb, 0) == PMU_EINVAL, "sampling: bad index");
    CHECK(pmu_set_sampling(&es, 0, ((uint64_t)1 << (T->cfg.cw - 1u)) + 1u, smp_cb, 0) == PMU_ERANGE,
          "sampling: period > 2^(CW-1)");
    CHECK(pmu_set_overflow(&es, 0, 100, 0, 0) == PMU_OK && pmu_set_sampling(&es, 0, P, smp_cb, 0) == PMU_EINVAL &&
          pmu_set_overflow(&es, 0, 0, 0, 0) == PMU_OK, "sampling: not with an overflow threshold");
    for (pass = 0; pass < 2; pass++) {
        fixture();
        B.pmu_isr = isr_pmu_quiet; B.pmu_isr_arg = &CTX;
        B.tick_isr = isr_tick_quiet; B.tick_isr_arg = &CTX;
        pmu_eventset_init(&CTX, &es);
        pmu_add_named_event(&es, "CLASS0:0x3");
        CHECK(pmu_set_sampling(&es, 0, P, smp_cb, 0) == PMU_OK, "sampling: period %llu", (unsigned long long)P);
        CHECK(pmu_set_overflow(&es, 0, 100, 0, 0) == PMU_EINVAL && pmu_set_trigger(&es, 0, 10) == PMU_EINVAL,
              "sampling: no overflow threshold or trigger on the sampled event");
        pmu_set_irq_throttle(&CTX, pass ? 2000u : 0u);
        pmu_sb_set_tick(&B, pass ? 700u : 0u);
        G.watch[0] = es.code[0];
        G.nw = 1;
        G.addr_on = 1;
        smp_n = 0;
        CHECK(pmu_start(&es) == PMU_OK, "sampling: start");
        CHECK((pmu_drv_rd(&CTX.dev, PMU_REG_XCTL(es.ctr_of[0])) & PMU_XCTL_NIE_MASK) &&
              (pmu_drv_rd(&CTX.dev, PMU_REG_MMCR) & PMU_MMCR_PMXE_MASK), "sampling: XCTL.NIE and MMCR.PMXE set");
        G.w0 = B.cycle;
        G.on = 1;
        pmu_sb_run(&B, RUN);
        G.on = 0;
        pmu_sb_run(&B, 3);
        pmu_stop(&es, 0);
        pmu_sb_set_tick(&B, 0);
        pmu_read_values(&es, &v);
        CHECK(v.value == expect(&es.code[0]), "sampling %u: count exact %llu, expected %llu", pass,
              (unsigned long long)v.value, (unsigned long long)expect(&es.code[0]));
        /* every SIAR is the cycle of event kP, SDAR its complement */
        bad = 0;
        for (i = 0; i < smp_n && i < SMP_MAX; i++) {
            uint64_t c = smp_ip[i] - G.w0, k;
            if (smp_ip[i] < G.w0 || c >= WMAX || smp_da[i] != (~smp_ip[i] & amask)) { bad++; continue; }
            k = wcum[0][c] / P;
            if (k == 0 || wcum[0][c] < k * P || (c > 0 && wcum[0][c - 1] >= k * P)) bad++;
            else if (!pass && k != i + 1u) bad++;          /* unthrottled: the i-th sample is event (i+1)P */
        }
        CHECK(smp_n <= SMP_MAX && B.cycle - G.w0 < WMAX && bad == 0,
              "sampling %u: %u of %u samples not at the cycle of an event kP", pass, bad, smp_n);
        nfree = (unsigned)(expect(&es.code[0]) / P);
        if (!pass) {
            CHECK(smp_n > 20 && (smp_n == nfree || smp_n + 1u == nfree) && es.n_samples == smp_n &&
                  es.n_smp_throttled == 0, "sampling: %u samples, %u events / period %llu", smp_n, nfree,
                  (unsigned long long)P);
        } else {
            CHECK(es.n_smp_throttled > 0 && smp_n < nfree / 2 && smp_n + es.n_smp_throttled <= nfree &&
                  smp_n + es.n_smp_throttled + 2u >= nfree,
                  "sampling throttled: %u samples + %u throttled vs %u", smp_n, es.n_smp_throttled, nfree);
        }
        CHECK(B.n_err == 0 && T->ok(T->dut), "sampling: bus errors / divergence");
    }
    G.addr_on = 0;
    G.nw = 0;
}

/* Randomized sampling period (pmu_set_sampling_jitter). The sample
 * callback records SIAR and the API's exact accounting (pmu_sampling_state:
 * events_done = the event number of the sample, periods_done, the next
 * period); every events_done is checked against the injected events (the
 * SIAR cycle c must hold that event: wcum[c-1] < events_done <= wcum[c]), so
 * the gaps between samples are known exactly. Unthrottled: sample i ends
 * period i+1, every gap (the first from 0) lies in [P-J, P+J], every value
 * of that range occurs, their mean is within 5 sigma of P; the same seed
 * gives the same sequence, another seed another one; seed 0 is
 * PMU_SMP_SEED_DEFAULT; jitter 0 is the fixed period, sample for sample.
 * Throttled: each sample that ends period m is at the event sum of the first
 * m periods of the unthrottled run with the same seed, and at the stop
 * events_done <= count < events_done + cur_period, periods_done = samples +
 * throttled (+ 1 for a period ending in pmu_stop). */
#define JIT_MAX 2048
typedef struct {
    unsigned n;                                /* samples (callbacks) */
    uint64_t ip[JIT_MAX], done[JIT_MAX], cur[JIT_MAX];
    uint32_t nper[JIT_MAX];
    int      st_err;                           /* pmu_sampling_state failed in the callback */
} jit_run;
static jit_run JR[3];
static void jit_cb(pmu_eventset *es, unsigned idx, const pmu_sample *s, void *arg)
{
    jit_run *r = (jit_run *)arg;
    uint64_t d, c;
    uint32_t k;
    (void)idx;
    if (pmu_sampling_state(es, &d, &c, &k) != PMU_OK) r->st_err = 1;
    if (r->n < JIT_MAX) { r->ip[r->n] = s->siar; r->done[r->n] = d; r->cur[r->n] = c; r->nper[r->n] = k; }
    r->n++;
}

/* Event number `done` of the watched event is at SIAR cycle ip (from the tallies). */
static int jit_at(uint64_t ip, uint64_t done)
{
    uint64_t c = ip - G.w0;
    if (ip < G.w0 || c >= WMAX) return 0;
    return done <= wcum[0][c] && (c == 0 || wcum[0][c - 1] < done);
}

/* One run: jitter < 0 = no pmu_set_sampling_jitter call; jitter_first: a
 * jitter set before a second pmu_set_sampling (which must clear it). The
 * generator runs until `want` samples (throttled: `want` whole periods) or
 * the window is used up. Returns the final accounting in *fin. */
typedef struct { uint64_t done, cur, count; uint32_t nper, nsmp, nthr; int rc; } jit_fin;
static char jit_ev[32];    /* the sampled event: class 0, the densest sub-events, at most 4 (thread, sub-event) pairs */
static void jit_event(void)
{
    unsigned t, s, pick = 0, b;
    for (b = 0; b < GS && (b + 1u) * T->cfg.nt <= 4u; b++) {
        double best = -1.0, r;
        unsigned bs = 0;
        for (s = 0; s < GS; s++) {
            if (pick >> s & 1u) continue;
            for (t = 0, r = 0.0; t < T->cfg.nt; t++) r += (double)G.duty[t][0][s] / G.period[t][0][s];
            if (r > best) { best = r; bs = s; }
        }
        pick |= 1u << bs;
    }
    if (!pick) pick = 1u;
    sprintf(jit_ev, "CLASS0:0x%x", pick);
}
static void jit_one(jit_run *r, uint64_t P, long jitter, uint32_t seed, int jitter_first,
                    uint64_t throttle, unsigned want, jit_fin *fin)
{
    pmu_eventset es;
    pmu_value v;
    fixture();
    B.pmu_isr = isr_pmu_quiet; B.pmu_isr_arg = &CTX;
    B.tick_isr = isr_tick_quiet; B.tick_isr_arg = &CTX;
    pmu_eventset_init(&CTX, &es);
    pmu_add_named_event(&es, jit_ev);
    memset(r, 0, sizeof *r);
    memset(fin, 0, sizeof *fin);
    fin->rc = pmu_set_sampling(&es, 0, P, jit_cb, r);
    if (jitter_first) {
        fin->rc |= pmu_set_sampling_jitter(&es, (uint32_t)jitter_first, seed + 1u);
        fin->rc |= pmu_set_sampling(&es, 0, P, jit_cb, r);
    }
    if (jitter >= 0) fin->rc |= pmu_set_sampling_jitter(&es, (uint32_t)jitter, seed);
    pmu_set_irq_throttle(&CTX, throttle);
    pmu_sb_set_tick(&B, throttle ? throttle / 3u : 0u);
    G.watch[0] = es.code[0];
    G.nw = 1;
    G.addr_on = 1;
    fin->rc |= pmu_start(&es);
    G.w0 = B.cycle;
    G.on = 1;
    while ((throttle ? es.smp_nper : r->n) < want && B.cycle - G.w0 < WMAX - 4000u) pmu_sb_run(&B, 50);
    G.on = 0;
    pmu_sb_run(&B, 3);
    fin->rc |= pmu_stop(&es, 0);
    pmu_sb_set_tick(&B, 0);
    pmu_read_values(&es, &v);
    fin->count = v.raw;
    fin->rc |= pmu_sampling_state(&es, &fin->done, &fin->cur, &fin->nper);
    fin->nsmp = es.n_samples;
    fin->nthr = es.n_smp_throttled;
    CHECK(fin->rc == PMU_OK && !r->st_err && r->n <= JIT_MAX && v.raw == expect(&es.code[0]) &&
          B.cycle - G.w0 < WMAX && B.n_err == 0 && T->ok(T->dut),
          "jitter run (P %llu J %ld seed %u throttle %llu): rc %d, count %llu expected %llu, %u samples",
          (unsigned long long)P, jitter, seed, (unsigned long long)throttle, fin->rc,
          (unsigned long long)v.raw, (unsigned long long)expect(&es.code[0]), r->n);
    G.addr_on = 0;
    G.nw = 0;
}

static void test_sampling_jitter(void)
{
    pmu_eventset es;
    uint64_t P = 32 + rndn(17), d, c, big = (uint64_t)1 << (T->cfg.cw - 1u), lo, hi, sum;
    const uint32_t J = 4 + rndn(3), seed = 1 + rnd() % 1000u;
    uint32_t k;
    unsigned i, n, bad, distinct, same, checked;
    uint8_t seen[2 * 6 + 1];
    jit_fin f0, f1, f2;
    long dev;

    fixture();
    if (!T->cfg.has_sample) {
        pmu_eventset_init(&CTX, &es);
        pmu_add_named_event(&es, "CLASS0:0x1");
        CHECK(pmu_set_sampling_jitter(&es, 1, 0) == PMU_ENOSUP && es.smp_jitter == 0,
              "jitter without the sampling block: PMU_ENOSUP");
        return;
    }
    /* errors and state */
    pmu_eventset_init(&CTX, &es);
    pmu_add_named_event(&es, "CLASS0:0x3");
    CHECK(pmu_set_sampling_jitter(0, 1, 0) == PMU_EINVAL && pmu_set_sampling_jitter(&es, 0, 0) == PMU_EINVAL &&
          pmu_sampling_state(&es, &d, &c, &k) == PMU_EINVAL, "jitter: NULL / no sampled event: PMU_EINVAL");
    pmu_set_sampling(&es, 0, P, smp_cb, 0);
    CHECK(pmu_set_sampling_jitter(&es, (uint32_t)P, 0) == PMU_ERANGE &&
          pmu_set_sampling_jitter(&es, (uint32_t)P + 1u, 0) == PMU_ERANGE && es.smp_jitter == 0 &&
          pmu_set_sampling_jitter(&es, (uint32_t)P - 1u, 0) == PMU_OK && es.smp_jitter == P - 1u,
          "jitter: PMU_ERANGE from the period up, period - 1 accepted");
    CHECK(pmu_sampling_state(0, &d, &c, &k) == PMU_EINVAL && pmu_sampling_state(&es, 0, &c, &k) == PMU_EINVAL &&
          pmu_sampling_state(&es, &d, 0, &k) == PMU_EINVAL && pmu_sampling_state(&es, &d, &c, 0) == PMU_EINVAL,
          "pmu_sampling_state: NULL arguments");
    CHECK(pmu_sampling_state(&es, &d, &c, &k) == PMU_OK && d == 0 && c == P && k == 0, "pmu_sampling_state at rest");
    CHECK(pmu_start(&es) == PMU_OK && pmu_set_sampling_jitter(&es, 1, 0) == PMU_EISRUN && es.smp_jitter == P - 1u &&
          pmu_sampling_state(&es, &d, &c, &k) == PMU_OK && c >= 1 && c <= 2 * P - 1u && pmu_stop(&es, 0) == PMU_OK,
          "jitter: PMU_EISRUN while running; first period drawn at the start");
    /* the first period is drawn too, at every start (16 seeds), and again at
     * pmu_reset (after some samples) */
    memset(seen, 0, sizeof seen);
    B.pmu_isr = isr_pmu_quiet; B.pmu_isr_arg = &CTX;
    for (i = 1, bad = 0, distinct = 0; i <= 16u; i++) {
        uint64_t c2 = 0, d2 = 1;
        uint32_t k2 = 1;
        if (pmu_set_sampling_jitter(&es, J, i) != PMU_OK || pmu_start(&es) != PMU_OK ||
            pmu_sampling_state(&es, &d, &c, &k) != PMU_OK)
            bad++;
        G.on = 1;
        pmu_sb_run(&B, 400);
        G.on = 0;
        if (pmu_sampling_state(&es, &d2, &c2, &k2) != PMU_OK || d2 == 0 || k2 == 0 || pmu_reset(&es) != PMU_OK ||
            pmu_sampling_state(&es, &d2, &c2, &k2) != PMU_OK || pmu_stop(&es, 0) != PMU_OK ||
            d != 0 || k != 0 || c < P - J || c > P + J || c2 != c || d2 != 0 || k2 != 0) {
            bad++;
            continue;
        }
        distinct += !seen[c - (P - J)];
        seen[c - (P - J)] = 1;
    }
    CHECK(bad == 0 && distinct >= 3, "jitter: first period drawn at pmu_start (%u values of 16 seeds), "
          "the same at pmu_reset (%u bad)", distinct, bad);
    CHECK(pmu_set_sampling(&es, 0, big, smp_cb, 0) == PMU_OK && es.smp_jitter == 0 &&
          pmu_set_sampling_jitter(&es, 1, 0) == PMU_ERANGE && pmu_set_sampling(&es, 0, big - 1u, smp_cb, 0) == PMU_OK &&
          pmu_set_sampling_jitter(&es, 1, 0) == PMU_OK, "jitter: period + jitter up to 2^(CW-1)");

    jit_event();
    /* jitter 0: today's fixed period, sample for sample; pmu_set_sampling clears a jitter */
    jit_one(&JR[0], P, -1, 0, 0, 0, 300, &f0);
    jit_one(&JR[1], P, 0, seed, 0, 0, 300, &f1);
    jit_one(&JR[2], P, -1, 0, (int)J, 0, 300, &f2);
    n = JR[0].n < JIT_MAX ? JR[0].n : JIT_MAX;
    for (i = 0, bad = 0; i < n; i++)
        if (JR[0].done[i] != (i + 1u) * P || JR[0].nper[i] != i + 1u || JR[0].cur[i] != P ||
            !jit_at(JR[0].ip[i], JR[0].done[i]))
            bad++;
    CHECK(n >= 200 && bad == 0 && f0.nsmp == JR[0].n && f0.nthr == 0 && f0.done <= f0.count &&
          f0.count < f0.done + P && f0.done == (uint64_t)f0.nper * P && (f0.nper == f0.nsmp || f0.nper == f0.nsmp + 1u),
          "fixed period %llu: %u of %u samples not at event kP, accounting %llu/%u vs count %llu",
          (unsigned long long)P, bad, n, (unsigned long long)f0.done, f0.nper, (unsigned long long)f0.count);
    CHECK(JR[1].n == JR[0].n && !memcmp(JR[1].ip, JR[0].ip, sizeof JR[0].ip) &&
          JR[2].n == JR[0].n && !memcmp(JR[2].ip, JR[0].ip, sizeof JR[0].ip) &&
          !memcmp(JR[1].done, JR[0].done, sizeof JR[0].done) && f1.done == f0.done && f2.done == f0.done,
          "jitter 0 (and pmu_set_sampling after a jitter): the fixed-period samples");

    /* jitter J, seed: gaps in [P-J, P+J], every value, mean P */
    jit_one(&JR[0], P, (long)J, seed, 0, 0, 400, &f0);
    n = JR[0].n < JIT_MAX ? JR[0].n : JIT_MAX;
    memset(seen, 0, sizeof seen);
    for (i = 0, bad = 0; i < n; i++) {
        uint64_t gap = JR[0].done[i] - (i ? JR[0].done[i - 1] : 0u);
        if (JR[0].nper[i] != i + 1u || !jit_at(JR[0].ip[i], JR[0].done[i]) || gap < P - J || gap > P + J ||
            JR[0].cur[i] < P - J || JR[0].cur[i] > P + J || (i + 1u < n && JR[0].cur[i] != JR[0].done[i + 1] - JR[0].done[i]))
            bad++;
        else seen[gap - (P - J)] = 1;
    }
    for (i = 0, distinct = 0; i <= 2u * J; i++) distinct += seen[i];
    CHECK(n >= 200 && bad == 0 && distinct == 2u * J + 1u,
          "jitter %u on period %llu: %u of %u gaps outside [P-J, P+J] or not at their events; %u of %u values drawn",
          J, (unsigned long long)P, bad, n, distinct, 2u * J + 1u);
    sum = n ? JR[0].done[n - 1] : 0u;          /* the sum of the n gaps */
    dev = (long)(sum - (uint64_t)n * P);
    CHECK(n >= 200 && 3.0 * (double)dev * (double)dev <= 25.0 * n * J * (J + 1u),
          "jitter: mean gap %.3f, period %llu (n %u)", n ? (double)sum / n : 0.0, (unsigned long long)P, n);
    CHECK(f0.nthr == 0 && f0.nsmp == JR[0].n && f0.done <= f0.count && f0.count < f0.done + f0.cur &&
          (f0.nper == f0.nsmp || f0.nper == f0.nsmp + 1u) && f0.cur >= P - J && f0.cur <= P + J,
          "jitter: final accounting events_done %llu cur %llu periods %u samples %u, count %llu",
          (unsigned long long)f0.done, (unsigned long long)f0.cur, f0.nper, f0.nsmp, (unsigned long long)f0.count);

    /* reproducible for the seed, another for another seed, seed 0 = the default */
    jit_one(&JR[1], P, (long)J, seed, 0, 0, 400, &f1);
    CHECK(JR[1].n == JR[0].n && !memcmp(JR[1].done, JR[0].done, sizeof JR[0].done) &&
          !memcmp(JR[1].ip, JR[0].ip, sizeof JR[0].ip), "jitter: the same seed, the same samples");
    jit_one(&JR[1], P, (long)J, seed + 1u, 0, 0, 400, &f1);
    for (i = 0, same = 0; i < n && i < JR[1].n; i++) same += JR[1].done[i] == JR[0].done[i];
    CHECK(same < n / 4u, "jitter: another seed, other samples (%u of %u at the same event)", same, n);
    jit_one(&JR[1], P, (long)J, 0, 0, 0, 100, &f1);
    jit_one(&JR[2], P, (long)J, PMU_SMP_SEED_DEFAULT, 0, 0, 100, &f2);
    CHECK(JR[1].n >= 100 && JR[1].n == JR[2].n && !memcmp(JR[1].done, JR[2].done, sizeof JR[1].done),
          "jitter: seed 0 is PMU_SMP_SEED_DEFAULT");

    /* throttled: samples at the periods' sums of the unthrottled run (JR[0]) */
    lo = (uint64_t)n;                                   /* periods known from JR[0] */
    jit_one(&JR[1], P, (long)J, seed, 0, 200, (unsigned)(3u * n / 4u), &f1);
    for (i = 0, bad = 0, checked = 0; i < JR[1].n && i < JIT_MAX; i++) {
        k = JR[1].nper[i];
        if (!jit_at(JR[1].ip[i], JR[1].done[i]) || k == 0 || (i && k <= JR[1].nper[i - 1])) bad++;
        else if (k <= lo) { checked++; if (JR[1].done[i] != JR[0].done[k - 1]) bad++; }
    }
    hi = f1.nper <= lo ? (f1.nper ? JR[0].done[f1.nper - 1] : 0u) : f1.done;
    CHECK(bad == 0 && checked >= 3 && f1.nthr > 0 && f1.nsmp == JR[1].n && f1.nsmp < f1.nper / 2u &&
          (f1.nper == f1.nsmp + f1.nthr || f1.nper == f1.nsmp + f1.nthr + 1u) &&
          f1.done <= f1.count && f1.count < f1.done + f1.cur && f1.done == hi,
          "jitter throttled: %u bad of %u samples (%u checked), periods %u = %u samples + %u throttled, "
          "events_done %llu (%llu) count %llu cur %llu", bad, JR[1].n, checked, f1.nper, f1.nsmp, f1.nthr,
          (unsigned long long)f1.done, (unsigned long long)hi, (unsigned long long)f1.count,
          (unsigned long long)f1.cur);
}

/* Revision: API revision constant, ID/CFG/CAP as hand-decoded. */
static void test_revision(void)
{
    pmu_revision rv;
    uint32_t cfg = T->cfg.nc | T->cfg.cw << 8 | T->cfg.nt << 16 | T->cfg.nret << 20 | T->cfg.flop_class << 24;
    fixture();
    CHECK(pmu_get_revision(&CTX, &rv) == PMU_OK && rv.api == 0x00020002u && rv.id == 0x504D0100u &&
          rv.hw_major == 1 && rv.hw_minor == 0 && rv.cfg == cfg && rv.cap == CTX.dev.cap,
          "revision: api %08x id %08x %u.%u cfg %08x (want %08x)", rv.api, rv.id, rv.hw_major, rv.hw_minor, rv.cfg, cfg);
    CHECK(pmu_get_revision(0, &rv) == PMU_EINVAL && pmu_get_revision(&CTX, 0) == PMU_EINVAL, "NULL");
    CHECK(pmu_check_revision(0x00020000u) == PMU_OK && pmu_check_revision(0x00020002u) == PMU_OK &&
          pmu_check_revision(0x00010000u) == PMU_EREV && pmu_check_revision(0x00020003u) == PMU_EREV &&
          pmu_check_revision(0x00030000u) == PMU_EREV,
          "pmu_check_revision");
}

static void test_muldiv(void)
{
    /* hand-computed: floor(a*b/c) with 128-bit intermediates */
    const uint64_t big = 0xFFFFFFFFFFFFFFFFull;
    CHECK(pmu_muldiv64(10, 3, 4) == 7, "10*3/4");
    CHECK(pmu_muldiv64(big, big, big) == big, "(2^64-1)^2/(2^64-1)");
    CHECK(pmu_muldiv64(big, 2, 3) == 0xAAAAAAAAAAAAAAAAull, "(2^64-1)*2/3");
    CHECK(pmu_muldiv64(0x8000000000000001ull, 6, 4) == 0xC000000000000001ull, "(2^63+1)*6/4");
    CHECK(pmu_muldiv64(1ull << 40, 1ull << 40, 1ull << 50) == 1ull << 30, "2^80/2^50");
    CHECK(pmu_muldiv64(big, big, 1) == big, "saturation");
    CHECK(pmu_muldiv64(5, 5, 0) == big, "division by 0 saturates");
}

int sw_run_tests(const sw_target *tgt, uint32_t seed, unsigned iters)
{
    T = tgt;
    rs = 0x9E3779B97F4A7C15ull ^ ((uint64_t)seed << 17 | seed);
    if (!rs) rs = 1;
    gen_setup();
    printf("sw tests on %s, seed %u\n", tgt->name, seed);
    test_probe();
    test_driver();
    test_encode();
    test_errors();
    test_exact(iters);
    test_overflow();
    test_live_wrap();
    test_muldiv();
    test_user_read();
    test_areas();
    test_multiplex();
    test_revision();
    test_trigger();
    test_correlate();
    test_cycling();
    test_timebase();
    test_latency();
    test_status();
    test_throttle();
    test_sampling();
    test_sampling_jitter();
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
