/* The sw/ host tests' shared machinery (declared in common.h): the random
 * numbers, the deterministic event generator and the expected counts from
 * its tallies, the fixture, the counter-area rules and the helpers several
 * test files use. */
#include "common.h"

unsigned n_pass, n_fail;
const sw_target *T;
pmu_simbus B;

/* ------------------------------------------------------------ rng */
uint64_t rs;
uint32_t rnd(void)
{
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
    return (uint32_t)(rs >> 11);
}
uint32_t rndn(uint32_t n) { return n ? rnd() % n : 0; }
double fabs_frac(double x) { return x < 0 ? -x : x; }

/* ------------------------------------------------------------ event generator */
gen_t G;
uint64_t wcum[4][WMAX];

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
uint64_t expect_lat(const pmu_event_code *k, unsigned cycles)
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

void gen_setup(void)
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
uint64_t expect(const pmu_event_code *k)
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
pmu_ctx CTX;
int fixture(void)
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

void isr_pmu(void *a) { (void)pmu_irq((pmu_ctx *)a); }
void isr_tick(void *a) { (void)pmu_tick((pmu_ctx *)a); }
void hook_irqs(void)
{
    B.pmu_isr = isr_pmu; B.pmu_isr_arg = &CTX;
    B.tick_isr = isr_tick; B.tick_isr_arg = &CTX;
}

/* ------------------------------------------------------------ counter areas */
/* Independent of sw/: counter n sees class es iff es is the FLOP class or
 * es % NAREA == n % NAREA (docs/regmap.md, CAP.NAREA); classes >= NCLS are
 * never driven by the tests. */
int area_ok(unsigned n, unsigned es)
{
    return es == T->cfg.flop_class || es % T->cfg.narea == n % T->cfg.narea;
}
unsigned area_ctrs(unsigned a)           /* counters in area a */
{
    unsigned n, k = 0;
    for (n = 0; n < T->cfg.nc; n++) k += n % T->cfg.narea == a;
    return k;
}
/* The k-th (k >= 0) generator class 1..GC-1, then 0, of area a that is not
 * the FLOP class; GC if there is none. */
unsigned area_class(unsigned a, unsigned k)
{
    unsigned i, c;
    for (i = 1; i <= GC; i++) {
        c = i % GC;
        if (c == T->cfg.flop_class || c >= T->cfg.ncls || c % T->cfg.narea != a % T->cfg.narea) continue;
        if (k-- == 0) return c;
    }
    return GC;
}
unsigned code_class(const pmu_event_code *k) { return (k->ctl & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB; }
/* Every event on a counter of its area, no two events of a pass on one counter. */
int placement_ok(const pmu_eventset *es)
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

/* Random event names over the generator's classes 0..GC-1 (cls < 0: any),
 * or the FLOP class (sub-events of the slots the generator drives). */
void random_name(char *buf, size_t len, int cls_want)
{
    static const char *q[] = { "", ":OS", ":USR" };
    unsigned cls = cls_want < 0 ? rndn(GC) : (unsigned)cls_want, t;
    int n = cls == T->cfg.flop_class
          ? snprintf(buf, len, "CLASS%u:0x%x", cls, 1u + rndn((1u << G.nf) - 1u))
          : snprintf(buf, len, "CLASS%u:0x%x", cls, 1u + rndn((1u << GS) - 1u));
    if (rndn(2)) { t = rndn(T->cfg.nt); n += snprintf(buf + n, len - (size_t)n, ":T%u", t); }
    snprintf(buf + n, len - (size_t)n, "%s", q[rndn(3)]);
}

/* Run a started set with the generator on, stop it and check every event's
 * count against the stimulus; mux: estimates within 1% and each event on a
 * counter 1/np of the time, else exact. */
void run_and_check(pmu_eventset *es, uint64_t cycles, int mux, const char *what)
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

/* CAP.SMP = 0 (test_sw_model --smp 0): every feature that needs the
 * sampling block answers PMU_ENOSUP and changes nothing. */
int need_smp(const char *what)
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

/* Fresh fixture and a multiplexed set of 2(NC-1)+1 FLOP-class events
 * (every counter can take each one; with one counter pinned: 2 passes),
 * random sub-events/threads or all CLASSf:0x1. Returns n, 0 if NC < 2. */
unsigned flop_mux_set(pmu_eventset *es, int rnd_names)
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

/* Pass-cycling callback (test_cycling, test_timebase, test_throttle). */
void post_fn(pmu_eventset *es, unsigned why, void *arg)
{
    post_rec *p = (post_rec *)arg;
    p->n[why & 15u]++;
    if (why == PMU_POST_PASS && p->npass < 64) p->corr[p->npass++] = es->acc[0];
}
