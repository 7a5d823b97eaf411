/* SPDX-License-Identifier: Apache-2.0 */
/* Example SoC firmware: user-level yield channels (make soc-yield,
 * docs/yield_soc.md; seed 001, the Intel yield-event patent).
 *
 * The workload (insertion sort + CRC-32) runs in user mode (CPL 3, ring 3).
 * Ring-3 channels armed through sw/yield_drv.h trigger on SoC events
 * (yev_i, sw/pmu_events_soc.h SOC_YEV_*) with a sample-after value; a
 * delivered yield raises PicoRV32 IRQ 5 and the interrupt entry calls the
 * delivered target (the SoC's yield capture) and ERETs (yield_drv_eret).
 * A PMU counter counts the same event (:USR) as an independent measure.
 *
 * Exactness: a ring-3 channel only triggers while ring 3 is current and a
 * :USR counter only counts at CPL 3, both on the same registered event and
 * CPL (soc_top). Arming/starting and stopping/reading/disarming are done in
 * ring 0 (a system call: ecall -> PicoRV32 IRQ 1), so the channel and the
 * counter see exactly the same ring-3 events E. Per channel (pmu_yield.v):
 * every (SAV+1)-th trigger underflows; an underflow sets YER, or, with YER
 * already set and not being delivered in that cycle, adds 1 to MISS; a
 * delivery clears YER and sets the ring's block bit until ERET. Hence
 *   serviced + in flight + MISS + YER == floor(E / (SAV+1))
 *   CNT == SAV - E mod (SAV+1)
 * where "serviced" counts the target calls and "in flight" a delivered
 * yield whose IRQ PicoRV32 had not taken yet at the ring-0 snapshot (the
 * SoC capture's delivery count minus the deliveries the interrupt entry
 * has seen; it is serviced right after the system call returns).
 *
 * Phase 1: two channels (every 100th load -> on_load, every 256th taken
 *          branch -> on_branch), handlers ERET at once.
 * Phase 2: blocking. The first yield's handler leaves the ring blocked; the
 *          workload runs on: no further yield may be delivered, underflows
 *          go to YER (pending) and MISS; the user-mode ERET then delivers the
 *          pending yield at once.
 * Phase 3: stopped while blocked (pending = 1 at the snapshot); the ERET
 *          after the disarm delivers nothing.
 * Phase 4: an underflow at the stop: a channel on retired instructions
 *          whose SAV+1 is the measured number of user-mode instructions
 *          between start and stop, minus d (d = 0..3), so the yield is
 *          requested on the system call itself or just before it (in flight
 *          or pending at the snapshot, or serviced).
 * Every target reads its channel's capture record (yield_drv_capture: the
 * underflow's TSC, instruction address and the value of the channel's PMU
 * counter, csel) and checks it.
 * Results are printed and checked (IO 0x14); the serviced count goes to the
 * bench (IO 0x20), which compares it with its count of yield_o pulses.
 */
#include <stdint.h>
#include "pmu_api.h"
#include "pmu_events_soc.h"
#include "yield_drv.h"

#define YCAP     ((volatile uint32_t *)0x30000000u)   /* soc_top's yield capture */

#define SORT_N  100
#define CRC_N   1024
#define CRC_REF 0x5D3DE8EDu     /* python3: zlib.crc32(bytes((i*7+3)&255 for i in range(1024))) */

#include "fw_util.h"

static pmu_ctx ctx;
static yield_dev yd;
static volatile uint32_t n_apb_err;

/* ------------------------------------------------------------ yield runtime */
/* What the interrupt entry passes to a yield target. */
typedef struct yield_event {
    unsigned ring, ch;   /* delivered channel */
    uint32_t tgt;        /* delivered target */
    uint32_t epc;        /* interrupted PC (the continuation point) */
    int      eret;       /* 1 (default): ERET when the target returns; 0: stay blocked */
} yield_event;
typedef void (*yield_fn)(yield_event *ev);

static uint32_t armed_tgt[PMU_NCH_MAX];            /* ring-3 targets armed by this firmware */
extern char __text_end[];                           /* link.ld */
static volatile uint32_t n_serviced, n_bad_capture;
static uint32_t cap_n;                              /* deliveries seen in the capture */

/* IRQ 5: the SoC latched ring, channel and target of the delivery. PicoRV32
 * cannot jump to the target itself: call it, then ERET (unblock the ring;
 * the interrupt return follows). */
static void yield_dispatch(uint32_t epc)
{
    yield_event ev;
    uint32_t cap = YCAP[0];
    ev.ring = (cap >> 8) & 1u ? 3u : 0u;
    ev.ch = cap & 7u;
    ev.tgt = YCAP[1];
    ev.epc = epc;
    ev.eret = 1;
    /* exactly one new delivery per IRQ 5, a ring-3 channel this firmware armed */
    if ((cap >> 16) != ((cap_n + 1u) & 0xFFFFu) || ev.ring != 3u || ev.ch >= yd.nch || ev.tgt != armed_tgt[ev.ch])
        n_bad_capture++;
    cap_n = cap >> 16;
    n_serviced++;
    if (ev.ring == 3u && ev.ch < yd.nch && ev.tgt == armed_tgt[ev.ch] && ev.tgt)
        ((yield_fn)(uintptr_t)ev.tgt)(&ev);
    if (ev.eret) (void)yield_drv_eret(&yd, ev.ring);
}

/* Ring-0 calls: ecall -> IRQ 1 -> fn() inside the interrupt handler (CPL 0). */
static void (*volatile sys_fn)(void);
static void ring0_call(void (*fn)(void))
{
    sys_fn = fn;
    __asm__ volatile("ecall" ::: "memory");
}

uint32_t irq_handler(uint32_t irqs, uint32_t epc);
uint32_t irq_handler(uint32_t irqs, uint32_t epc)
{
    if (irqs & IRQ_YIELD) yield_dispatch(epc);
    if (irqs & IRQ_ECALL) {
        void (*f)(void) = sys_fn;
        sys_fn = 0;
        if (f) f();
        else {                                         /* ebreak or illegal instruction */
            pstr("FAIL: unexpected ebreak/illegal instruction at "); phex(epc - 4u); pch('\n');
            IO[1] = fails + 1u;
        }
    }
    if (irqs & IRQ_APBERR) n_apb_err++;
    return 0;
}

/* ------------------------------------------------------------ workload */
static void workload(void)
{
    int i, ok = 1;
    wl_sort();
    wl_crc();
    for (i = 1; i < SORT_N; i++) ok &= sort_a[i - 1] <= sort_a[i];
    check(ok && crc_result == CRC_REF, "workload results (sorted, CRC-32 == zlib)");
}

/* ------------------------------------------------------------ yield targets */
#define NREC 64
typedef struct { uint32_t epc, cycle; } yrec;
static yrec rec[2][NREC];
static volatile uint32_t h_cnt[2];                  /* target calls per channel */
static volatile uint32_t blk_seen, defer_first;     /* phase 2 */
static uint32_t cur_sav[2];                         /* SAV of the running experiment's channels */
/* capture records (YCAP0/YCAP3 via yield_drv_capture), checked per yield */
static uint32_t cap_bad, cap_n_rd, lat_min = ~0u, lat_max;
static uint64_t cap_last_tsc[2];

static void check_capture(const yield_event *ev)
{
    yield_capture cp;
    uint32_t p, lat;
    uint64_t now;
    if (yield_drv_capture(&yd, 3, ev->ch, &cp) != YIELD_DRV_OK) { cap_bad++; return; }
    now = pmu_drv_read_tsc(&ctx.dev);
    cap_n_rd++;
    lat = (uint32_t)(now - cp.tsc);                 /* underflow -> this read, in PMU cycles (a pending
                                                     * yield's record is as old as its underflow) */
    if (lat < lat_min) lat_min = lat;
    if (lat > lat_max) lat_max = lat;
    /* the counter csel = ch counts the same event (:USR); at the underflow
     * cycle it lags the channel by the event-to-count latency: the k-th
     * multiple of SAV+1 minus 1 or 2 events (at most 1 per cycle) */
    p = cur_sav[ev->ch & 1u] + 1u;
    if (cp.tsc <= cap_last_tsc[ev->ch & 1u] || now <= cp.tsc ||
        cp.ip == 0 || cp.ip >= (uint32_t)(uintptr_t)__text_end ||
        (uint32_t)(cp.ctr % p) + 3u < p || cp.ctr >> 32)
        cap_bad++;
    cap_last_tsc[ev->ch & 1u] = cp.tsc;
}

static void record(const yield_event *ev)
{
    uint32_t n = h_cnt[ev->ch & 1u]++;
    if (yield_drv_blocked(&yd, 3) == 0) blk_seen++;  /* delivery must have blocked ring 3 */
    if (n < NREC) { rec[ev->ch & 1u][n].epc = ev->epc; rec[ev->ch & 1u][n].cycle = rdcycle(); }
    check_capture(ev);
}
static void on_load(yield_event *ev)
{
    record(ev);
    if (defer_first) { defer_first = 0; ev->eret = 0; }   /* phase 2: stay blocked */
}
static void on_branch(yield_event *ev) { record(ev); }

/* ------------------------------------------------------------ experiments */
typedef struct {
    const char *ev;       /* the PMU counter's event (:USR) */
    unsigned    yev;      /* the channel's scenario event, SOC_YEV_* */
    uint32_t    sav;
    yield_fn    fn;
    const char *fn_name;
} chan_cfg;

static struct {
    const chan_cfg *cfg;
    unsigned n;
    pmu_event_code code[2];
    /* ring-0 snapshot at the stop */
    uint64_t e[2];
    yield_status st[2];
    uint32_t h[2], pending, infl;
    int blocked;
    unsigned infl_ch;
} xp;

static void xp_start(void)   /* ring 0 */
{
    const pmu_dev *d = &ctx.dev;
    unsigned c;
    (void)pmu_drv_global_enable(d, 0, 0);
    for (c = 0; c < xp.n; c++) (void)pmu_drv_program(d, c, xp.code[c].ctl | PMU_CTL_EN_MASK, xp.code[c].emq);
    (void)pmu_drv_clear(d, 3u);
    for (c = 0; c < xp.n; c++) {
        yield_scenario s = {0};
        s.esv = s.esm = 1u << (PMU_YEV_EXT_LSB + xp.cfg[c].yev);
        s.any = 0;
        s.sav = xp.cfg[c].sav;
        s.act_yield = 1;
        s.sid = c + 1u;
        s.csel = c;                               /* the record takes counter c (same event) */
        cap_last_tsc[c] = 0;
        cur_sav[c] = s.sav;
        s.tgt = (uint32_t)(uintptr_t)xp.cfg[c].fn;
        armed_tgt[c] = (uint32_t)s.tgt;
        check(yield_drv_arm(&yd, 3, c, &s) == YIELD_DRV_OK, "yield_drv_arm");
    }
    h_cnt[0] = h_cnt[1] = 0;
    (void)pmu_drv_set_gen(d, 1);
}

static void xp_stop(void)    /* ring 0: the ring-3 channels cannot trigger here */
{
    const pmu_dev *d = &ctx.dev;
    unsigned c;
    (void)pmu_drv_set_gen(d, 0);
    for (c = 0; c < xp.n; c++) {
        xp.e[c] = pmu_drv_read_counter(d, c);
        (void)yield_drv_status(&yd, 3, c, &xp.st[c]);
        xp.h[c] = h_cnt[c];
    }
    xp.blocked = yield_drv_blocked(&yd, 3);
    xp.pending = yield_drv_pending(&yd, 3);
    {
        uint32_t cap = YCAP[0];
        xp.infl = ((cap >> 16) - cap_n) & 0xFFFFu;   /* delivered, IRQ 5 not taken yet */
        xp.infl_ch = cap & 7u;
    }
    for (c = 0; c < xp.n; c++) (void)yield_drv_disarm(&yd, 3, c);
}

/* After the stop: the invariant of every channel, and a yield in flight at
 * the snapshot serviced right after the system call returned. */
static void xp_report(void)
{
    unsigned c, spin;
    uint32_t h_after[2];
    for (spin = 0; spin < 64 && (h_cnt[0] + h_cnt[1]) != xp.h[0] + (xp.n > 1 ? xp.h[1] : 0u) + xp.infl; spin++) { }
    h_after[0] = h_cnt[0];
    h_after[1] = h_cnt[1];
    check(xp.infl <= 1u, "at most one yield in flight (the ring blocks at a delivery)");
    for (c = 0; c < xp.n; c++) {
        const chan_cfg *k = &xp.cfg[c];
        uint32_t e = (uint32_t)xp.e[c], p = k->sav + 1u, infl = xp.infl && xp.infl_ch == c ? xp.infl : 0u;
        uint32_t lhs = xp.h[c] + infl + xp.st[c].miss + (uint32_t)xp.st[c].yer;
        uint32_t i, n = xp.h[c] + infl, dmin = ~0u, dmax = 0;
        pstr("ch"); pu32(c); pstr(" "); pstr(k->ev); pstr(" every "); pu32(p); pstr(" -> "); pstr(k->fn_name);
        pstr(": events "); pu32(e); pstr(", serviced "); pu32(xp.h[c]); pstr(" + in flight "); pu32(infl);
        pstr(" + missed "); pu32(xp.st[c].miss); pstr(" + pending "); pu32((uint32_t)xp.st[c].yer);
        pstr(" = "); pu32(lhs); pstr(", floor(events/"); pu32(p); pstr(") = "); pu32(e / p);
        pstr("; CNT "); pu32(xp.st[c].cnt); pch('\n');
        check(xp.e[c] >> 32 == 0, "event count fits 32 bits");
        check(lhs == e / p, "serviced + in flight + missed + pending == floor(events / (SAV+1))");
        check(xp.st[c].cnt == k->sav - e % p, "CNT == SAV - events mod (SAV+1)");
        check(h_after[c] == n, "a yield in flight at the stop is serviced after it");
        check(xp.st[c].sid == c + 1u && xp.st[c].act_yield && xp.st[c].valid, "channel status");
        for (i = 1; i < n && i < NREC; i++) {
            uint32_t dt = rec[c][i].cycle - rec[c][i - 1].cycle;
            if (dt < dmin) dmin = dt;
            if (dt > dmax) dmax = dt;
        }
        if (n) {
            pstr("  first interrupted PCs:");
            for (i = 0; i < n && i < 4; i++) { pch(' '); phex(rec[c][i].epc); }
            if (n > 1) { pstr("; cycles between yields min "); pu32(dmin); pstr(" max "); pu32(dmax); }
            pch('\n');
        }
    }
    check(xp.pending == ((uint32_t)xp.st[0].yer | (xp.n > 1 ? (uint32_t)xp.st[1].yer << 1 : 0u)),
          "YRING3.YER == the channels' YER bits");
}

static void phase1(void)
{
    static const chan_cfg cfg[2] = {
        { "MEM_INST_RETIRED:LOADS:USR", SOC_YEV_LOAD, 99, on_load, "on_load" },
        { "BR_RETIRED:TAKEN:USR", SOC_YEV_BR_TAKEN, 255, on_branch, "on_branch" },
    };
    unsigned c;
    pstr("\n== phase 1: two ring-3 channels on SoC events, handlers ERET at once\n");
    xp.cfg = cfg;
    xp.n = 2;
    for (c = 0; c < 2; c++) check(pmu_event_encode(&ctx, cfg[c].ev, &xp.code[c]) == PMU_OK, cfg[c].ev);
    ring0_call(xp_start);
    workload();
    ring0_call(xp_stop);
    xp_report();
    check(xp.h[0] > 10 && xp.h[1] > 10, "both channels yielded more than 10 times");
}

static void phase2(void)
{
    static const chan_cfg cfg[1] = { { "MEM_INST_RETIRED:LOADS:USR", SOC_YEV_LOAD, 49, on_load, "on_load" } };
    yield_status st;
    uint32_t h_blk, h_eret, blocked, pend, spin;
    pstr("\n== phase 2: blocking and ERET (the first yield's handler does not ERET)\n");
    xp.cfg = cfg;
    xp.n = 1;
    check(pmu_event_encode(&ctx, cfg[0].ev, &xp.code[0]) == PMU_OK, cfg[0].ev);
    defer_first = 1;
    ring0_call(xp_start);
    workload();                                   /* blocked after the first yield */
    h_blk = h_cnt[0];
    blocked = (uint32_t)yield_drv_blocked(&yd, 3);
    pend = yield_drv_pending(&yd, 3);
    (void)yield_drv_status(&yd, 3, 0, &st);
    pstr("while blocked: yields serviced "); pu32(h_blk); pstr(", ring 3 blocked "); pu32(blocked);
    pstr(", YER pending "); pu32(pend); pstr(", missed "); pu32(st.miss); pch('\n');
    check(h_blk == 1, "no yield delivered while ring 3 is blocked");
    check(blocked == 1 && (pend & 1u) && st.yer, "ring 3 blocked, a request pending");
    check(st.miss >= 1, "underflows while blocked counted as missed");
    (void)yield_drv_eret(&yd, 3);                 /* user-mode ERET: the pending yield is delivered */
    for (spin = 0; spin < 32 && h_cnt[0] == h_blk; spin++) { }
    h_eret = h_cnt[0];                            /* before the printing's own loads yield again */
    pstr("after the ERET: yields serviced "); pu32(h_eret); pstr(" (polls before it: "); pu32(spin); pstr(")\n");
    check(h_eret == h_blk + 1u, "ERET delivered the pending yield");
    workload();
    ring0_call(xp_stop);
    xp_report();
    check(xp.blocked == (xp.infl != 0u), "ring 3 blocked at the stop only by a yield in flight");
}

static void phase3(void)
{
    static const chan_cfg cfg[1] = { { "MEM_INST_RETIRED:LOADS:USR", SOC_YEV_LOAD, 199, on_load, "on_load" } };
    uint32_t h;
    pstr("\n== phase 3: stopped while blocked (the first yield's handler does not ERET)\n");
    xp.cfg = cfg;
    xp.n = 1;
    check(pmu_event_encode(&ctx, cfg[0].ev, &xp.code[0]) == PMU_OK, cfg[0].ev);
    defer_first = 1;
    ring0_call(xp_start);
    workload();
    ring0_call(xp_stop);
    xp_report();
    check(xp.blocked && xp.st[0].yer && xp.pending == 1u && xp.h[0] == 1u, "stopped blocked, one request pending");
    h = h_cnt[0];
    (void)yield_drv_eret(&yd, 3);                 /* the channel is disarmed: nothing to deliver */
    check(yield_drv_blocked(&yd, 3) == 0 && yield_drv_pending(&yd, 3) == 0 && h_cnt[0] == h,
          "ERET after the disarm: unblocked, nothing delivered");
}

static volatile uint32_t sink;
static void short_run(void) { uint32_t i; for (i = 0; i < 8u; i++) sink += i; }

static void phase4(void)
{
    static chan_cfg cfg[1] = { { "INST_RETIRED:USR", SOC_YEV_INST, 0xFFFFFFFFu, on_branch, "on_branch" } };
    uint32_t e0, d;
    pstr("\n== phase 4: an underflow at the system call that stops the channel\n");
    xp.cfg = cfg;
    xp.n = 1;
    check(pmu_event_encode(&ctx, cfg[0].ev, &xp.code[0]) == PMU_OK, cfg[0].ev);
    cfg[0].sav = 0xFFFFFFFFu;                     /* calibration: no underflow */
    ring0_call(xp_start);
    short_run();
    ring0_call(xp_stop);
    e0 = (uint32_t)xp.e[0];
    pstr("user-mode instructions between start and stop: "); pu32(e0); pch('\n');
    check(e0 > 16u && xp.h[0] == 0 && xp.st[0].cnt == 0xFFFFFFFFu - e0, "calibration run");
    for (d = 0; d < 4; d++) {
        cfg[0].sav = e0 - 1u - d;
        ring0_call(xp_start);
        short_run();
        ring0_call(xp_stop);
        pstr("d="); pu32(d); pstr(": ");
        xp_report();
        check(xp.e[0] == e0, "same instruction count as the calibration run");
        check(xp.h[0] + xp.infl + xp.st[0].miss + (uint32_t)xp.st[0].yer == 1u, "one underflow");
        if (xp.blocked && !xp.infl) { (void)yield_drv_eret(&yd, 3); }
    }
}

int main(void)
{
    pmu_mmio io = pmu_mmio_volatile((volatile void *)PMU_BASE);
    int r;
    io.irq_save = fw_irq_save;
    io.irq_restore = fw_irq_restore;
    pstr("pmu-ip example SoC: yield channels (PicoRV32 IRQ 5 -> target -> ERET)\n");
    r = pmu_init(&ctx, &io, &pmu_soc_events);
    check(r == PMU_OK, "pmu_init");
    if (r != PMU_OK) return (int)fails;
    r = yield_drv_init(&yd, &io);
    check(r == YIELD_DRV_OK && yd.nch >= 2, "yield_drv_init: yield channels, at least 2 per ring");
    if (r != YIELD_DRV_OK || yd.nch < 2) return (int)fails;
    pstr("yield channels: "); pu32(yd.nch); pstr(" per ring, targets "); pu32(yd.aw64 ? 64u : 32u); pstr(" bit\n");
    check(yield_drv_blocked(&yd, 3) == 0, "ring 3 not blocked after reset");
    (void)maskirq(~(IRQ_ECALL | IRQ_APBERR | IRQ_YIELD));
    phase1();
    phase2();
    phase3();
    phase4();
    (void)maskirq(~0u);
    check(blk_seen == 0, "every target ran with ring 3 blocked");
    check(n_bad_capture == 0, "one capture per IRQ 5, with the armed ring-3 channel's target");
    pstr("capture records read by the targets: "); pu32(cap_n_rd); pstr(", underflow-to-record-read cycles min ");
    pu32(lat_min); pstr(" max "); pu32(lat_max); pstr(" (max: a yield left pending while blocked)\n");
    check(yd.ycap && cap_n_rd == n_serviced && cap_bad == 0,
          "every target read its channel's capture record: TSC rising and before the read, "
          "IP in the code, counter csel one to three events short of a multiple of SAV+1");
    check(n_apb_err == 0, "no APB errors");
    pstr("serviced yields: "); pu32(n_serviced); pch('\n');
    IO[8] = n_serviced;                           /* the bench compares with its yield_o count */
    pstr("\nfirmware done: "); pu32(fails); pstr(" failed checks\n");
    return (int)fails;
}
