// RISC-V CSR view conformance, counting rules: OF / LCOFI, an mhpmcounter
// write against the same edge's increment, mcountinhibit, xINH / TX, stopcount
// (tb/test_rv.cpp runs them; helpers tb/rv/rv_conf.h).
#include "rv_conf.h"

// ------------------------------------------------------------- tests
void t_of_lcofi(Harness &h) {
    const unsigned n = NC_ - 1;
    set_event(h, n, EV(CLS, 1));
    WR(MCOUNTINHIBIT, 0);
    g_lcofi = 0;
    // a write of all-ones alone: no OF, no lcofi (the counter runs, no events)
    set_cnt(h, n, ~0ull);
    idle(h, 6);
    CHECK_EQ(get_cnt(h, n), CMASK);
    CHECK_EQ(of_bit(h, n), 0);
    CHECK_EQ(h.ovf(), 0);
    CHECK_EQ(g_lcofi, 0);
    // a write of 2^CW (wraps the CW-bit register by the write): no OF either
    set_cnt(h, n, CMASK + 1);
    idle(h, 4);
    CHECK_EQ(get_cnt(h, n), 0);
    CHECK_EQ(of_bit(h, n), 0);
    CHECK_EQ(g_lcofi, 0);
    // all-ones, then one event: the hardware increment wraps, sets OF, one lcofi pulse
    set_cnt(h, n, CMASK);
    events(h, 1);
    idle(h, 4);
    CHECK_EQ(get_cnt(h, n), 0);
    CHECK_EQ(of_bit(h, n), 1);
    CHECK_EQ(h.ovf(), 1u << n);
    CHECK_EQ(RD(SCOUNTOVF), 1ull << (3 + n));
    CHECK_EQ(g_lcofi, 1);
    // a second overflow while OF=1: no pulse
    set_cnt(h, n, CMASK - 1);
    events(h, 2);
    idle(h, 4);
    CHECK_EQ(get_cnt(h, n), 0);
    CHECK_EQ(of_bit(h, n), 1);
    CHECK_EQ(g_lcofi, 1);
    // software clears OF (csrc, returns the old value) and sets it (csrs): no lcofi
    uint64_t old = of_op(h, n, OP_C);
    CHECK_EQ(old, RV32 ? 1ull << 31 : (1ull << OF_BIT | EV(CLS, 1)));
    CHECK_EQ(of_bit(h, n), 0);
    CHECK_EQ(h.ovf(), 0);
    CHECK_EQ(get_event(h, n), EV(CLS, 1));   // the clear leaves the other fields
    old = of_op(h, n, OP_S);
    CHECK_EQ(old, RV32 ? 0 : EV(CLS, 1));
    CHECK_EQ(of_bit(h, n), 1);
    CHECK_EQ(g_lcofi, 1);
    // a hardware overflow while software's OF=1: no pulse
    set_cnt(h, n, CMASK);
    events(h, 1);
    idle(h, 4);
    CHECK_EQ(of_bit(h, n), 1);
    CHECK_EQ(g_lcofi, 1);
    // a whole-register write with OF=0 clears it; the next overflow pulses again, once
    set_event(h, n, EV(CLS, 1));
    CHECK_EQ(of_bit(h, n), 0);
    CHECK_EQ(g_lcofi, 1);
    set_cnt(h, n, CMASK);
    events(h, 1);
    idle(h, 4);
    CHECK_EQ(of_bit(h, n), 1);
    CHECK_EQ(g_lcofi, 2);
    // a write with OF=1 sets it (no lcofi), the counter untouched
    set_event(h, n, EV(CLS, 1));                  // OF=0
    set_event(h, n, EV(CLS, 1) | 1ull << OF_BIT); // OF=1 by software
    CHECK_EQ(of_bit(h, n), 1);
    CHECK_EQ(get_cnt(h, n), 0);
    CHECK_EQ(g_lcofi, 2);
}

void t_write_wins(Harness &h) {
    const unsigned n = 0;
    set_event(h, n, EV(CLS, 1));
    WR(MCOUNTINHIBIT, 0);
    set_cnt(h, n, CMASK);
    idle(h, 4);
    g_lcofi = 0;
    // the events of cycle w-2 are in stage C at the edge of cycle w, where
    // the CSR write lands: the write wins, the (overflowing) increment is dropped
    const uint64_t W = 0x1234;
    h.in.ev[0][CLS] = 1;
    stp(h);                     // cycle w-2: one event
    h.clear_events();
    stp(h);                     // cycle w-1
    WR(MHPMCOUNTER + n, W);     // cycle w
    idle(h, 5);
    // RV32: the low-half write keeps the high word of the value before the edge
    const uint64_t exp = RV32 ? ((CMASK & ~0xFFFFFFFFull) | W) : W;
    CHECK_EQ(h.cnt(n), exp);
    CHECK_EQ(get_cnt(h, n), exp);
    CHECK_EQ(of_bit(h, n), 0);
    CHECK_EQ(h.ovf(), 0);
    CHECK_EQ(g_lcofi, 0);
    // events in cycles w-2, w-1 and w: w-2's increment is dropped, w-1's and
    // w's are added on top of the written value
    set_cnt(h, n, 100);
    idle(h, 4);
    h.in.ev[0][CLS] = 1;
    stp(h);                     // w-2
    stp(h);                     // w-1
    WR(MHPMCOUNTER + n, W);     // w, with an event
    h.clear_events();
    idle(h, 5);
    CHECK_EQ(get_cnt(h, n), W + 2);
    // RV32: a high-half write at w wins as well: {written high, low before the edge}
    if (RV32) {
        set_cnt(h, n, CMASK);
        idle(h, 4);
        h.in.ev[0][CLS] = 1;
        stp(h);                 // w-2
        h.clear_events();
        stp(h);                 // w-1
        WR(MHPMCOUNTERH + n, 5);  // w
        idle(h, 5);
        CHECK_EQ(h.cnt(n), 5ull << 32 | 0xFFFFFFFFull);
        CHECK_EQ(of_bit(h, n), 0);
        CHECK_EQ(g_lcofi, 0);
    }
    // a counter written in the cycle its increment (events of w-2) would
    // carry out leaves no OF; the others overflow normally
    set_event(h, 1, EV(CLS, 1));
    set_cnt(h, n, CMASK);
    set_cnt(h, 1, CMASK);
    idle(h, 4);
    h.in.ev[0][CLS] = 1;
    stp(h);
    h.clear_events();
    stp(h);
    WR(MHPMCOUNTER + n, 7);
    idle(h, 5);
    CHECK_EQ(h.ovf(), 1u << 1);
    CHECK_EQ(h.cnt(1), 0);
    CHECK_EQ(get_cnt(h, n), RV32 ? ((CMASK & ~0xFFFFFFFFull) | 7) : 7);
    CHECK_EQ(g_lcofi, 1);
}

void t_mcountinhibit(Harness &h) {
    const uint64_t all = ncmask() << 3;
    // reset: CNTEN = 0, every counter inhibited, GEN = 0
    CHECK_EQ(RD(MCOUNTINHIBIT), all);
    CHECK_EQ(h.read(PMU_REG_CNTEN), 0);
    CHECK_EQ(h.read(PMU_REG_GCTL) & PMU_GCTL_GEN_MASK, 0);
    for (unsigned n = 0; n < NC_; n++) set_event(h, n, EV(CLS, 1));
    h.in.ev[0][CLS] = 1;   // one event every cycle from here on
    idle(h, 8);            // inhibited: nothing counts
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), 0);
    // start all at once (bits 0..2, the core's CY/TM/IR, are not ours: read 0)
    WR(MCOUNTINHIBIT, 0x7);     // cycle w0: counting from the events of w0+1
    idle(h, 9);
    WR(MCOUNTINHIBIT, ~0ull);   // cycle w0+10: the events of w0+10 still count
    h.clear_events();
    idle(h, 4);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), 10);
    CHECK_EQ(RD(MCOUNTINHIBIT), all);
    CHECK_EQ(h.read(PMU_REG_CNTEN), 0);
    CHECK_EQ(h.read(PMU_REG_GCTL) & PMU_GCTL_GEN_MASK, 1);   // set by the mcountinhibit write
    // inhibit counters 0 and 2 only: they keep 10, the others count 7 more
    WR(MCOUNTINHIBIT, 1ull << 3 | 1ull << 5);
    CHECK_EQ(h.read(PMU_REG_CNTEN), ncmask() & ~5ull);
    events(h, 7);
    idle(h, 4);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), (n == 0 || n == 2) ? 10 : 17);
    // mcountinhibit bit 3+n is ~CNTEN[n] as the APB map writes it
    h.write(PMU_REG_CNTEN, 0x2);
    CHECK_EQ(RD(MCOUNTINHIBIT), (ncmask() & ~2ull) << 3);
    events(h, 3);
    idle(h, 4);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.cnt(n), n == 1 ? 20 : (n == 0 || n == 2) ? 10 : 17);
    // GEN cleared over APB stops everything; any mcountinhibit write sets it again
    h.write(PMU_REG_GCTL, 0);
    events(h, 3);
    idle(h, 4);
    CHECK_EQ(h.cnt(1), 20);
    WR(MCOUNTINHIBIT, (ncmask() & ~2ull) << 3);   // the same value
    CHECK_EQ(h.read(PMU_REG_GCTL) & PMU_GCTL_GEN_MASK, 1);
    events(h, 3);
    idle(h, 4);
    CHECK_EQ(h.cnt(1), 23);
    CHECK_EQ(h.cnt(0), 10);
    // set / clear ops on mcountinhibit
    CHECK_EQ(SET(MCOUNTINHIBIT, 1ull << 4), (ncmask() & ~2ull) << 3);
    CHECK_EQ(RD(MCOUNTINHIBIT), all);
    CHECK_EQ(CLR(MCOUNTINHIBIT, 1ull << 3), all);
    CHECK_EQ(h.read(PMU_REG_CNTEN), 1);
}

void t_xinh(Harness &h) {
    const unsigned K = 4;
    WR(MCOUNTINHIBIT, 0);
    // each bit alone: counter k (k < 5) inhibited in mode MODES[k]
    for (unsigned k = 0; k < 5; k++) set_event(h, k, EV(CLS, 1) | inh_bit(MODES[k]));
    for (unsigned k = 0; k < 5; k++) CHECK_EQ(get_event(h, k), EV(CLS, 1) | inh_bit(MODES[k]));
    for (unsigned j = 0; j < 5; j++) {
        zero_counters(h);
        mode(h, 0, MODES[j]);
        events(h, K);
        idle(h, 4);
        for (unsigned k = 0; k < 5; k++) {
            if (h.cnt(k) != (k == j ? 0u : K)) printf("  mode %s, counter with the xINH of %s:\n", MODE_NAME[j], MODE_NAME[k]);
            CHECK_EQ(h.cnt(k), k == j ? 0u : K);
        }
    }
    // combinations
    const uint64_t combo[5] = {
        inh_bit(P_M) | inh_bit(P_U), inh_bit(P_S) | inh_bit(P_VS) | inh_bit(P_VU),
        inh_bit(P_M) | inh_bit(P_S) | inh_bit(P_U) | inh_bit(P_VS) | inh_bit(P_VU), 0, inh_bit(P_U) | inh_bit(P_VU)};
    for (unsigned k = 0; k < 5; k++) set_event(h, k, EV(CLS, 1) | combo[k]);
    for (unsigned j = 0; j < 5; j++) {
        zero_counters(h);
        mode(h, 0, MODES[j]);
        events(h, K);
        idle(h, 4);
        for (unsigned k = 0; k < 5; k++) CHECK_EQ(h.cnt(k), (combo[k] & inh_bit(MODES[j])) ? 0u : K);
    }
    // the mode is sampled with the events of the same cycle: 3 cycles in U, 2 in M
    set_event(h, 0, EV(CLS, 1) | inh_bit(P_U));
    zero_counters(h);
    h.in.ev[0][CLS] = 1;
    mode(h, 0, P_U); idle(h, 3);
    mode(h, 0, P_M); idle(h, 2);
    h.clear_events();
    mode(h, 0, P_U);
    idle(h, 4);
    CHECK_EQ(h.cnt(0), 2);
    mode(h, 0, P_M);
    if (NT_ > 1) {
        // per thread: thread 0 in mode m0, thread 1 in m1, one event each per
        // cycle; counters 0..4 inhibit {m0}, {m1}, neither, both, neither
        auto two_modes = [&](unsigned m0, unsigned m1, const uint64_t (&inh)[5]) {
            for (unsigned k = 0; k < 5; k++) set_event(h, k, EV(CLS, 1) | inh[k]);
            zero_counters(h);
            mode(h, 0, m0); mode(h, 1, m1);
            events(h, K, 1, 1);
            idle(h, 4);
            CHECK_EQ(h.cnt(0), K);
            CHECK_EQ(h.cnt(1), K);
            CHECK_EQ(h.cnt(2), 2 * K);
            CHECK_EQ(h.cnt(3), 0);
            CHECK_EQ(h.cnt(4), 2 * K);
        };
        two_modes(P_M, P_U, {inh_bit(P_M), inh_bit(P_U), 0, inh_bit(P_M) | inh_bit(P_U), inh_bit(P_S)});
        two_modes(P_VS, P_VU, {inh_bit(P_VS), inh_bit(P_VU), inh_bit(P_S) | inh_bit(P_U), inh_bit(P_VS) | inh_bit(P_VU), 0});
        // TX: bit t excludes thread t (thread 0: 1 event per cycle, thread 1: 2)
        mode(h, 0, P_M); mode(h, 1, P_M);
        const uint64_t tx[5] = {1, 2, 3, 0, 1};
        for (unsigned k = 0; k < 5; k++)
            set_event(h, k, EV(CLS, 3) | tx[k] << TX_LSB | (k == 4 ? inh_bit(P_U) : 0));
        for (unsigned k = 0; k < 4; k++) CHECK_EQ(get_event(h, k), EV(CLS, 3) | tx[k] << TX_LSB);
        zero_counters(h);
        mode(h, 1, P_U);   // counter 4: thread 0 excluded, thread 1 in U inhibited
        events(h, K, 1, 3);
        idle(h, 4);
        CHECK_EQ(h.cnt(0), 2 * K);
        CHECK_EQ(h.cnt(1), K);
        CHECK_EQ(h.cnt(2), 0);
        CHECK_EQ(h.cnt(3), 3 * K);
        CHECK_EQ(h.cnt(4), 0);
        mode(h, 1, P_M);
    } else {
        // TX with one thread: bit 0 excludes it; the bits of absent threads read 0
        set_event(h, 0, EV(CLS, 1) | 1ull << TX_LSB);
        set_event(h, 1, EV(CLS, 1) | 0xFEull << TX_LSB);
        CHECK_EQ(get_event(h, 0), EV(CLS, 1) | 1ull << TX_LSB);
        CHECK_EQ(get_event(h, 1), EV(CLS, 1));
        zero_counters(h);
        events(h, K);
        idle(h, 4);
        CHECK_EQ(h.cnt(0), 0);
        CHECK_EQ(h.cnt(1), K);
    }
}

void t_stopcount(Harness &h) {
    set_event(h, 0, EV(CLS, 1));
    set_event(h, 1, EV(CLS, 1));
    WR(MCOUNTINHIBIT, 0);
    zero_counters(h);
    // 20 cycles of events, stopcount in cycles 5..9 (aligned with the events)
    h.in.ev[0][CLS] = 1;
    for (unsigned i = 0; i < 20; i++) {
        h.in.stopcount = i >= 5 && i < 10;
        stp(h);
    }
    h.clear_events();
    h.in.stopcount = 0;
    idle(h, 4);
    CHECK_EQ(h.cnt(0), 15);
    CHECK_EQ(h.cnt(1), 15);
    // stopcount held: nothing counts, and counting resumes after it
    h.in.stopcount = 1;
    events(h, 10);
    idle(h, 4);
    CHECK_EQ(h.cnt(0), 15);
    h.in.stopcount = 0;
    events(h, 3);
    idle(h, 4);
    CHECK_EQ(h.cnt(0), 18);
    CHECK_EQ(h.cnt(1), 18);
}
