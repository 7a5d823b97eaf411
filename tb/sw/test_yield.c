/* Host tests of sw/yield_drv on pmu_core's yield channels (C model, or the
 * Verilated RTL in lockstep with the model): scenarios armed through the
 * driver, triggers injected through the simulated bus's generator (yev_i,
 * current ring from cpl_i[0]); yield_o pulses, YER, CNT, MISS and the block
 * bit are checked against the expected counts. Prints "N passed, N failed" last. */
#include <stdio.h>
#include <string.h>
#include "test_sw.h"
#include "yield_drv.h"
#include "test_yield.h"

static int n_pass, n_fail;
#define CHECK(c, ...) do { if (c) n_pass++; else { n_fail++; printf("FAIL %s:%d: ", __FILE__, __LINE__); \
    printf(__VA_ARGS__); printf("\n"); } } while (0)

/* step wrapper: records the yield outputs of every cycle */
typedef struct {
    const sw_target *t;
    unsigned n_yield, last_ring, last_ch, last_tid, n_irq;   /* n_irq: cycles with irq_o */
    uint64_t last_tgt;
    /* generator: yev bits for `trig` cycles, with a gap cycle after each */
    uint8_t yev, cpl0, cpl1;   /* cpl1: thread 1's CPL (NT > 1) */
    unsigned trig, phase;
    uint64_t ia, da;     /* iaddr_i / daddr_i driven in every cycle */
} ywrap;

static void wstep(void *p, const pmu_inputs *in, pmu_outputs *out)
{
    ywrap *w = (ywrap *)p;
    w->t->step(w->t->dut, in, out);
    if (out->irq) w->n_irq++;
    if (out->yield) {
        w->n_yield++; w->last_ring = out->yield_ring; w->last_ch = out->yield_ch; w->last_tid = out->yield_tid;
        w->last_tgt = out->yield_tgt;
    }
}

static void gen(void *arg, uint64_t cycle, pmu_inputs *in)
{
    ywrap *w = (ywrap *)arg;
    (void)cycle;
    in->cpl[0] = w->cpl0;
    if (w->t->cfg.nt > 1) in->cpl[1] = w->cpl1;
    in->iaddr = w->ia; in->daddr = w->da;
    if (w->trig && !w->phase) { in->yev = w->yev; w->trig--; }
    w->phase ^= 1u;
}

/* inject n triggers, then let the pipeline drain (trigger t -> yield_o t+2) */
static void fire(pmu_simbus *b, ywrap *w, uint8_t yev, unsigned n)
{
    w->yev = yev; w->trig = n; w->phase = 0;
    while (w->trig) pmu_sb_run(b, 1);
    pmu_sb_run(b, 4);
}

static uint32_t rng_s;
static uint32_t rnd(void) { rng_s ^= rng_s << 13; rng_s ^= rng_s >> 17; rng_s ^= rng_s << 5; return rng_s; }

int yield_run_tests(const sw_target *t, uint32_t seed)
{
    pmu_simbus b;
    pmu_mmio io;
    yield_dev d;
    ywrap w;
    yield_scenario s;
    yield_status st;
    int r;
    unsigned ch, sav, y0;
    rng_s = seed * 2654435761u + 7u;
    if (!rng_s) rng_s = 1;
    n_pass = n_fail = 0;
    printf("== yield_drv tests on %s (NCH=%u AW=%u, seed %u)\n", t->name, t->cfg.nch, t->cfg.aw, seed);
    memset(&w, 0, sizeof w);
    w.t = t;
    if (t->reset) t->reset(t->dut);
    pmu_sb_init(&b, wstep, &w);
    b.gen = gen; b.gen_arg = &w;
    io = pmu_sb_mmio(&b);

    memset(&d, 0, sizeof d);
    CHECK(yield_drv_init(NULL, &io) == YIELD_DRV_EINVAL && yield_drv_init(&d, NULL) == YIELD_DRV_EINVAL &&
          yield_drv_eret(&d, 0) == YIELD_DRV_EINVAL && yield_drv_pending(NULL, 0) == 0 &&
          yield_drv_arm(&d, 0, 0, NULL) == YIELD_DRV_EINVAL && b.n_access == 0, "NULL / uninitialised refused without access");

    /* ---- probe */
    r = yield_drv_init(&d, &io);
    CHECK(r == YIELD_DRV_OK && d.nch == t->cfg.nch && d.aw64 == (t->cfg.aw == 64) && d.ycap == (int)t->cfg.ycap &&
          d.nt == t->cfg.nt, "probe: r %d NCH %u AW64 %d YCAP %d NT %u", r, d.nch, d.aw64, d.ycap, d.nt);
    if (r) { printf("%d passed, %d failed\n", n_pass, n_fail + 1); return 1; }
    y0 = b.n_access;
    memset(&s, 0, sizeof s);
    CHECK(yield_drv_arm(&d, 1, 0, &s) == YIELD_DRV_EINVAL && yield_drv_arm(&d, 0, d.nch, &s) == YIELD_DRV_EINVAL &&
          yield_drv_eret(&d, 2) == YIELD_DRV_EINVAL && b.n_access == y0, "bad ring / channel refused without access");

    /* ---- sample-after: a yield channel fires on trigger sav+1 */
    ch = d.nch > 1 ? 1 : 0;
    sav = 2 + rnd() % 6;
    s.esm = 1u << 16; s.esv = 1u << 16; s.any = 0; s.sav = sav; s.act_yield = 1; s.sid = 0x5A;
    s.tgt = d.aw64 ? 0x0123456789ABCDE0ull : 0x89ABCDE0ull;
    w.cpl0 = 0;                           /* ring 0 current */
    r = yield_drv_arm(&d, 0, ch, &s);
    yield_drv_status(&d, 0, ch, &st);
    CHECK(r == 0 && st.valid && st.act_yield && !st.yer && !st.any && st.sid == 0x5A && st.cnt == sav && st.miss == 0,
          "armed: valid %d act %d yer %d sid 0x%x cnt %u", st.valid, st.act_yield, st.yer, st.sid, st.cnt);
    fire(&b, &w, 1, sav);                 /* sav triggers: no underflow yet */
    yield_drv_status(&d, 0, ch, &st);
    CHECK(w.n_yield == 0 && st.cnt == 0 && !st.yer, "after %u triggers: %u yields, cnt %u", sav, w.n_yield, st.cnt);
    fire(&b, &w, 1, 1);                   /* trigger sav+1: underflow -> yield */
    yield_drv_status(&d, 0, ch, &st);
    CHECK(w.n_yield == 1 && w.last_ring == 0 && w.last_ch == ch && w.last_tgt == s.tgt,
          "yield delivered: n %u ring %u ch %u tgt 0x%llx", w.n_yield, w.last_ring, w.last_ch, (unsigned long long)w.last_tgt);
    CHECK(!st.yer && st.cnt == sav && yield_drv_blocked(&d, 0) && yield_drv_pending(&d, 0) == 0,
          "after delivery: YER %d cnt %u BLK %d", st.yer, st.cnt, yield_drv_blocked(&d, 0));
    /* blocked: the next underflow stays pending, the one after is missed */
    fire(&b, &w, 1, sav + 1);
    CHECK(w.n_yield == 1 && yield_drv_pending(&d, 0) == (1u << ch), "blocked: pending 0x%x, yields %u",
          yield_drv_pending(&d, 0), w.n_yield);
    fire(&b, &w, 1, sav + 1);
    yield_drv_status(&d, 0, ch, &st);
    CHECK(st.miss == 1 && st.yer && w.n_yield == 1, "missed underflow counted: MISS %u", st.miss);
    /* ERET: the pending yield is delivered, the ring blocks again */
    yield_drv_eret(&d, 0);
    pmu_sb_run(&b, 2);
    yield_drv_status(&d, 0, ch, &st);
    CHECK(w.n_yield == 2 && !st.yer && yield_drv_blocked(&d, 0) && yield_drv_pending(&d, 0) == 0,
          "ERET delivered the pending yield: yields %u YER %d", w.n_yield, st.yer);
    yield_drv_eret(&d, 0);
    pmu_sb_run(&b, 2);
    CHECK(!yield_drv_blocked(&d, 0) && w.n_yield == 2, "ERET with nothing pending unblocks");

    /* ---- silent channel, OR scenario: YER only, acknowledged by software */
    s.esm = (1u << 17) | (1u << 18); s.esv = (1u << 17) | (1u << 18); s.any = 1; s.sav = 0; s.act_yield = 0; s.sid = 1;
    yield_drv_arm(&d, 0, 0, &s);
    fire(&b, &w, 1u << 2, 3);             /* yev[2] = event bit 18 alone: OR holds */
    yield_drv_status(&d, 0, 0, &st);
    CHECK(st.yer && st.any && st.miss == 2 && w.n_yield == 2 && yield_drv_pending(&d, 0) == 1u,
          "silent OR channel: YER %d MISS %u, yields %u", st.yer, st.miss, w.n_yield);
    yield_drv_ack(&d, 0, 0);
    yield_drv_status(&d, 0, 0, &st);
    CHECK(!st.yer && st.valid && yield_drv_pending(&d, 0) == 0, "ack cleared YER, channel still valid");
    fire(&b, &w, 1u << 3, 3);             /* yev[3]: not selected, OR does not hold */
    yield_drv_status(&d, 0, 0, &st);
    CHECK(!st.yer && st.miss == 2, "unselected event does not trigger");

    /* ---- AND scenario on ring 3: counts only while ring 3 is current */
    s.esm = (1u << 16) | (1u << 17); s.esv = 1u << 16; s.any = 0; s.sav = 1; s.act_yield = 1; s.sid = 3; s.tgt = 0x3000;
    yield_drv_arm(&d, 3, 0, &s);
    fire(&b, &w, 1, 4);                   /* ring 0 current: ring-3 channel idle */
    yield_drv_status(&d, 3, 0, &st);
    CHECK(st.cnt == 1 && !st.yer, "ring-3 channel idle while ring 0 is current (cnt %u)", st.cnt);
    w.cpl0 = 3;
    fire(&b, &w, 3, 4);                   /* yev 0 and 1: AND with ESV bit 17 = 0 fails */
    yield_drv_status(&d, 3, 0, &st);
    CHECK(st.cnt == 1 && w.n_yield == 2, "AND scenario does not hold (cnt %u)", st.cnt);
    b.pprot = 0;                          /* user level from here: ring-3 registers only */
    fire(&b, &w, 1, 2);                   /* holds: second trigger underflows */
    CHECK(w.n_yield == 3 && w.last_ring == 1 && w.last_ch == 0 && (w.last_tgt & 0xFFFFFFFFu) == 0x3000 &&
          yield_drv_blocked(&d, 3), "ring-3 yield: n %u ring %u", w.n_yield, w.last_ring);
    yield_drv_eret(&d, 3);
    pmu_sb_run(&b, 2);
    CHECK(!yield_drv_blocked(&d, 3) && b.n_err == 0, "unprivileged ERET of ring 3 (%u bus errors)", b.n_err);
    y0 = b.n_err;
    (void)yield_drv_blocked(&d, 0);
    CHECK(b.n_err == y0 + 1, "unprivileged YRING0 access refused by the IP");
    b.pprot = 1;

    /* ---- interrupt action: irq_o while YER=1 and no yield; the ack (a re-arm) ends it */
    memset(&s, 0, sizeof s);
    s.esm = s.esv = 1u << 19; s.action = YIELD_ACT_IRQ; s.sid = 2;
    CHECK(yield_drv_arm(&d, 0, 0, &s) == YIELD_DRV_OK, "interrupt-action channel armed");
    w.n_irq = 0;
    w.cpl0 = 0;                           /* ring 0 current again */
    fire(&b, &w, 1u << 3, 1);
    yield_drv_status(&d, 0, 0, &st);
    CHECK(st.yer && st.action == YIELD_ACT_IRQ && !st.act_yield && w.n_yield == 3 && w.n_irq > 0,
          "interrupt action: YER %d action %u yields %u irq cycles %u", st.yer, st.action, w.n_yield, w.n_irq);
    yield_drv_ack(&d, 0, 0);
    w.n_irq = 0;
    pmu_sb_run(&b, 4);
    yield_drv_status(&d, 0, 0, &st);
    CHECK(!st.yer && st.valid && w.n_irq == 0, "ack ended the interrupt (irq cycles %u)", w.n_irq);
    y0 = b.n_access;
    s.action = 4;
    CHECK(yield_drv_arm(&d, 0, 0, &s) == YIELD_DRV_EINVAL && b.n_access == y0, "reserved action refused without access");
    /* ---- sticky scenario: event 16 then (later) event 17 complete it, once */
    memset(&s, 0, sizeof s);
    s.esm = (1u << 16) | (1u << 17); s.sticky = 1; s.edge = 1; s.act_yield = 1; s.tgt = 0x5700;
    yield_drv_eret(&d, 0);
    CHECK(yield_drv_arm(&d, 0, 1 % d.nch, &s) == YIELD_DRV_OK, "sticky channel armed");
    y0 = w.n_yield;
    fire(&b, &w, 1u << 0, 1);
    CHECK(yield_drv_esv(&d, 0, 1 % d.nch) == 1u << 16 && w.n_yield == y0, "sticky: event 16 seen (ESV 0x%x)",
          yield_drv_esv(&d, 0, 1 % d.nch));
    fire(&b, &w, 1u << 1, 1);
    CHECK(w.n_yield == y0 + 1 && w.last_tgt == 0x5700 && yield_drv_esv(&d, 0, 1 % d.nch) == 0,
          "sticky: event 17 completes the scenario, yield, ESV cleared (yields %u)", w.n_yield - y0);
    yield_drv_eret(&d, 0);
    yield_drv_disarm(&d, 0, 1 % d.nch);
    w.cpl0 = 3;                           /* ring 3 current for the disarm check */

    /* ---- monitor conditions: "a count that is reached within a certain
     * period" (yev[1] ends the period) and "a difference in count" (yev[1]
     * counts up); a silent channel, ring 3 current */
    memset(&s, 0, sizeof s);
    s.esm = s.esv = 1u << 16; s.sav = 2; s.cond = YIELD_COND_PERIOD; s.dsel = YIELD_EV_EXT(1);
    CHECK(yield_drv_arm(&d, 3, 0, &s) == YIELD_DRV_OK, "period channel armed");
    fire(&b, &w, 1, 2);
    fire(&b, &w, 2, 1);                   /* period ends: CNT back to SAV */
    fire(&b, &w, 1, 2);
    yield_drv_status(&d, 3, 0, &st);
    CHECK(!st.yer && st.cnt == 0, "period: 2 + 2 triggers in two periods do not reach SAV+1 (cnt %u)", st.cnt);
    fire(&b, &w, 1, 1);
    yield_drv_status(&d, 3, 0, &st);
    CHECK(st.yer && st.cnt == 2, "period: the third trigger of one period underflows");
    s.cond = YIELD_COND_DIFF;
    yield_drv_arm(&d, 3, 0, &s);
    fire(&b, &w, 1, 2);                   /* 2 triggers ... */
    fire(&b, &w, 2, 2);                   /* ... minus 2 events ... */
    fire(&b, &w, 1, 2);                   /* ... plus 2 */
    yield_drv_status(&d, 3, 0, &st);
    CHECK(!st.yer && st.cnt == 0, "difference: 4 - 2 < SAV+1 (cnt %u)", st.cnt);
    fire(&b, &w, 1, 1);
    yield_drv_status(&d, 3, 0, &st);
    CHECK(st.yer, "difference: 5 - 2 = SAV+1 underflows");
    y0 = b.n_access;
    s.cond = 3;
    CHECK(yield_drv_arm(&d, 3, 0, &s) == YIELD_DRV_EINVAL, "reserved condition refused");
    s.cond = YIELD_COND_DIFF; s.dsel = 25;
    CHECK(yield_drv_arm(&d, 3, 0, &s) == YIELD_DRV_EINVAL && b.n_access == y0, "reserved event refused without access");

    /* ---- a channel of thread 1 (NT > 1): counts while thread 1 is in its
     * ring, yields to thread 1, blocks and is ERETed per thread */
    memset(&s, 0, sizeof s);
    s.esm = s.esv = 1u << 16; s.act_yield = 1; s.tgt = 0x3100; s.thread = d.nt;
    y0 = b.n_access;
    CHECK(yield_drv_arm(&d, 3, 0, &s) == YIELD_DRV_EINVAL && b.n_access == y0, "thread >= NT refused without access");
    if (d.nt > 1) {
        s.thread = 1;
        yield_drv_eret(&d, 3);
        CHECK(yield_drv_arm(&d, 3, 0, &s) == YIELD_DRV_OK, "thread-1 channel armed");
        yield_drv_status(&d, 3, 0, &st);
        CHECK(st.thread == 1, "status: thread %u", st.thread);
        w.cpl0 = 0; w.cpl1 = 0;
        y0 = w.n_yield;
        fire(&b, &w, 1, 2);               /* thread 1 in ring 0: nothing */
        CHECK(w.n_yield == y0, "thread 1 not in ring 3: no yield");
        w.cpl1 = 3;
        fire(&b, &w, 1, 1);
        CHECK(w.n_yield == y0 + 1 && w.last_tid == 1 && w.last_ring == 1 && yield_drv_blocked(&d, 3) == 2,
              "thread 1 in ring 3: yield to thread 1 (tid %u), ring 3 blocked for thread 1 only (BLK 0x%x)",
              w.last_tid, (unsigned)yield_drv_blocked(&d, 3));
        yield_drv_eret(&d, 3);            /* thread 0's ERET: thread 1 stays blocked */
        CHECK(yield_drv_blocked(&d, 3) == 2, "thread 0's ERET leaves thread 1 blocked");
        CHECK(yield_drv_eret_thread(&d, 3, 1) == YIELD_DRV_OK && yield_drv_blocked(&d, 3) == 0, "thread 1's ERET");
        CHECK(yield_drv_eret_thread(&d, 3, d.nt) == YIELD_DRV_EINVAL, "ERET of a thread >= NT refused");
        w.cpl1 = 0;
        yield_drv_disarm(&d, 3, 0);
    }
    w.cpl0 = 3;                           /* ring 3 current again */

    /* ---- capture record: the underflow's instruction / data address, TSC
     * and counter csel (preset, not counting) */
    {
        yield_capture cp;
        const unsigned cs = t->cfg.nc - 1;
        io.write32(io.ctx, PMU_REG_CNT_LO(cs), 0x5151u);
        memset(&s, 0, sizeof s);
        s.esm = s.esv = 1u << 16; s.csel = cs;
        yield_drv_arm(&d, 3, 0, &s);
        w.ia = 0x7000; w.da = d.aw64 ? 0x1234567800000010ull : 0x80000010u;
        fire(&b, &w, 1, 1);
        w.ia = w.da = 0;
        r = yield_drv_capture(&d, 3, 0, &cp);
        if (!d.ycap) {
            CHECK(r == YIELD_DRV_ENOTSUP, "no capture records (CAP.YCAP=0): %d", r);
        } else {
            CHECK(r == YIELD_DRV_OK && cp.ip == 0x7000 && cp.daddr == (d.aw64 ? 0x1234567800000010ull : 0x80000010u) &&
                  cp.ctr == 0x5151u && cp.tsc > 0 && cp.tsc < b.cycle,
                  "capture: ip 0x%llx daddr 0x%llx ctr 0x%llx tsc %llu", (unsigned long long)cp.ip,
                  (unsigned long long)cp.daddr, (unsigned long long)cp.ctr, (unsigned long long)cp.tsc);
            yield_drv_disarm(&d, 3, 0);
            CHECK(yield_drv_capture(&d, 3, 0, &cp) == YIELD_DRV_OK && !cp.ip && !cp.daddr && !cp.tsc && !cp.ctr,
                  "capture record of an invalid channel reads 0");
        }
        CHECK(yield_drv_capture(&d, 1, 0, &cp) == YIELD_DRV_EINVAL && yield_drv_capture(&d, 3, 0, NULL) == YIELD_DRV_EINVAL,
              "capture: bad ring / NULL refused");
    }

    /* ---- isolation of the ring-3 channels between hardware threads
     * (issue 34, docs/security.md): user-level handles of thread 0 and 1
     * (PPROT[0]=0, ptid 0 / 1) next to the OS's privileged handle d */
    {
        pmu_sb_port p0, p1;
        pmu_mmio io0 = pmu_sb_port_mmio(&p0, &b, 0, 0), io1 = pmu_sb_port_mmio(&p1, &b, 0, d.nt > 1 ? 1 : 0);
        yield_dev u0, u1;
        uint32_t v;
        const unsigned c1 = 0, c0 = d.nch > 1 ? 1 : 0;   /* c1: thread 1's channel, c0: thread 0's */
        CHECK(yield_drv_init_user(&u0, &d, &io0, 0) == YIELD_DRV_OK && !u0.priv && u0.tid == 0 &&
              u0.nch == d.nch && yield_drv_init_user(&u1, &d, &io1, d.nt) == YIELD_DRV_EINVAL &&
              yield_drv_init_user(NULL, &d, &io0, 0) == YIELD_DRV_EINVAL, "user handle: init");
        memset(&s, 0, sizeof s);
        s.esm = s.esv = 1u << 16; s.act_yield = 1; s.tgt = 0x3300; s.sid = 0x33;
        y0 = b.n_access;
        CHECK(yield_drv_assign(&u0, 3, 0, 0) == YIELD_DRV_EPERM && yield_drv_arm(&u0, 0, 0, &s) == YIELD_DRV_EPERM &&
              yield_drv_status(&u0, 0, 0, &st) == YIELD_DRV_EPERM && yield_drv_eret(&u0, 0) == YIELD_DRV_EPERM &&
              yield_drv_disarm(&u0, 0, 0) == YIELD_DRV_EPERM && b.n_access == y0,
              "user handle: YTHR assignment and ring 0 refused without access");
        s.act_yield = 0; s.action = YIELD_ACT_IRQ;
        CHECK(yield_drv_arm(&u0, 3, c0, &s) == YIELD_DRV_EPERM && b.n_access == y0, "user handle: IRQ action refused");
        s.action = YIELD_ACT_FRZ;
        CHECK(yield_drv_arm(&u0, 3, c0, &s) == YIELD_DRV_EPERM && b.n_access == y0, "user handle: FRZ action refused");
        s.act_yield = 1; s.action = 0;
        /* the OS assigns thread 0's channel; its runtime arms it (YTHR3 untouched) and reads it */
        CHECK(yield_drv_assign(&d, 3, c0, 0) == YIELD_DRV_OK, "OS assigns channel %u to thread 0", c0);
        CHECK(yield_drv_arm(&u0, 3, c0, &s) == YIELD_DRV_OK && yield_drv_status(&u0, 3, c0, &st) == YIELD_DRV_OK &&
              st.valid && st.sid == 0x33 && st.thread == 0 && p0.n_err == 0,
              "user handle arms and reads its own channel (valid %d sid 0x%x, %u bus errors)", st.valid, st.sid, p0.n_err);
        /* a user write of ACT 2 to its own channel: PSLVERR from the IP too */
        (void)io0.bus_err(io0.ctx);
        io0.write32(io0.ctx, PMU_REG_YCH_CTL(3, c0), PMU_YCH_CTL_VALID_MASK | YIELD_ACT_IRQ << PMU_YCH_CTL_ACT_LSB);
        yield_drv_status(&d, 3, c0, &st);
        CHECK(io0.bus_err(io0.ctx) && st.valid && st.act_yield && st.sid == 0x33, "IP: user write of ACT=IRQ answers PSLVERR");
        CHECK(yield_drv_disarm(&u0, 3, c0) == YIELD_DRV_OK, "user handle disarms its own channel");
        if (d.nt > 1) {
            CHECK(yield_drv_init_user(&u1, &d, &io1, 1) == YIELD_DRV_OK, "user handle of thread 1");
            CHECK(yield_drv_assign(&d, 3, c1, 1) == YIELD_DRV_OK, "OS assigns channel %u to thread 1", c1);
            s.thread = 0;
            CHECK(yield_drv_arm(&u1, 3, c1, &s) == YIELD_DRV_EPERM, "user handle: a scenario of another thread refused");
            s.thread = 1; s.tgt = 0x3110; s.sid = 0x11;
            CHECK(yield_drv_arm(&u1, 3, c1, &s) == YIELD_DRV_OK && p1.n_err == 0, "thread 1's runtime arms its channel");
            /* thread 0's runtime: every access to thread 1's channel fails, nothing changes */
            s.thread = 0; s.tgt = 0x6660; s.sid = 0x66;
            y0 = p0.n_err;
            CHECK(yield_drv_arm(&u0, 3, c1, &s) == YIELD_DRV_EPERM && p0.n_err > y0, "thread 0 cannot arm thread 1's channel");
            CHECK(yield_drv_disarm(&u0, 3, c1) == YIELD_DRV_EPERM, "thread 0 cannot disarm thread 1's channel");
            CHECK(yield_drv_ack(&u0, 3, c1) == YIELD_DRV_EPERM, "thread 0 cannot ack thread 1's channel");
            CHECK(yield_drv_status(&u0, 3, c1, &st) == YIELD_DRV_EPERM && !st.valid && !st.sid,
                  "thread 0 cannot read thread 1's channel");
            if (d.ycap) {
                yield_capture cp;
                CHECK(yield_drv_capture(&u0, 3, c1, &cp) == YIELD_DRV_EPERM && !cp.ip && !cp.tsc,
                      "thread 0 cannot read thread 1's capture record");
            }
            yield_drv_status(&d, 3, c1, &st);
            v = d.io.read32(d.io.ctx, PMU_REG_YCH_TGT_LO(3, c1));
            CHECK(st.valid && st.sid == 0x11 && st.thread == 1 && v == 0x3110, "thread 1's channel unchanged "
                  "(valid %d sid 0x%x thread %u tgt 0x%x)", st.valid, st.sid, st.thread, v);
            /* block and ERET: thread 1 yields, thread 0 cannot ERET it */
            w.cpl0 = 0; w.cpl1 = 3;
            y0 = w.n_yield;
            fire(&b, &w, 1, 1);
            CHECK(w.n_yield == y0 + 1 && w.last_tid == 1 && (w.last_tgt & 0xFFFFFFFFu) == 0x3110 &&
                  yield_drv_blocked(&d, 3) == 2, "thread 1's yield (tid %u), BLK 0x%x", w.last_tid,
                  (unsigned)yield_drv_blocked(&d, 3));
            CHECK(yield_drv_blocked(&u0, 3) == 0 && yield_drv_blocked(&u1, 3) == 2,
                  "YRING3 from user level: each thread sees its own block bit (0x%x / 0x%x)",
                  (unsigned)yield_drv_blocked(&u0, 3), (unsigned)yield_drv_blocked(&u1, 3));
            y0 = b.n_access;
            CHECK(yield_drv_eret_thread(&u0, 3, 1) == YIELD_DRV_EPERM && b.n_access == y0,
                  "driver: thread 0's handle refuses thread 1's ERET without access");
            io0.write32(io0.ctx, PMU_REG_YRING3, 2u << PMU_YRING0_BLK_LSB);   /* raw W1C of BLK[1] from thread 0 */
            CHECK(yield_drv_eret(&u0, 3) == YIELD_DRV_OK && yield_drv_blocked(&d, 3) == 2,
                  "IP: thread 0's ERET write clears only its own block bit (BLK 0x%x)", (unsigned)yield_drv_blocked(&d, 3));
            CHECK(yield_drv_eret(&u1, 3) == YIELD_DRV_OK && yield_drv_blocked(&d, 3) == 0, "thread 1's own ERET");
            w.cpl1 = 0;
            /* the OS reaches every thread's channel */
            CHECK(yield_drv_disarm(&d, 3, c1) == YIELD_DRV_OK && yield_drv_status(&d, 3, c1, &st) == YIELD_DRV_OK &&
                  !st.valid, "the OS disarms thread 1's channel");
            CHECK(yield_drv_assign(&d, 3, c1, 0) == YIELD_DRV_OK && yield_drv_status(&d, 3, c1, &st) == YIELD_DRV_OK &&
                  st.thread == 0, "the OS reassigns it to thread 0");
        }
        w.cpl0 = 3;
    }

    /* ---- disarm: triggers no longer count; an invalid channel reads 0 */
    yield_drv_disarm(&d, 3, 0);
    y0 = w.n_yield;
    fire(&b, &w, 1, 5);
    yield_drv_status(&d, 3, 0, &st);
    CHECK(!st.valid && st.cnt == 0 && w.n_yield == y0, "disarmed: reads 0 (cnt %u), yields %u", st.cnt, w.n_yield);
    if (!d.aw64) {
        s.tgt = 0x100000000ull;
        CHECK(yield_drv_arm(&d, 0, 0, &s) == YIELD_DRV_EINVAL, "64-bit target refused with CAP.AW64=0");
    }

    if (t->ok && !t->ok(t->dut)) { printf("FAIL: RTL/model divergence\n"); n_fail++; }
    printf("%u accesses, %llu cycles\n", b.n_access, (unsigned long long)b.cycle);
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail != 0;
}
