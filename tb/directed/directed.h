// Shared part of the directed tests of pmu_core (tb/test_directed.cpp and
// tb/directed/*.cpp, one file per feature group; the check macros are
// tb/check.h's): the configuration globals, the common driving helpers (programming, counting
// window, sampling and yield-channel helpers, the stepping yield "CPU"), the
// tables the timing tests fill for --latency / --rules, and every test's
// declaration. Every test runs in lockstep (RTL == C model every cycle,
// checked by the harness) AND checks hand-derived expected values from the
// spec, so both implementations are held to the spec.
#pragma once
#include <algorithm>
#include <functional>
#include <vector>

#include "pmu_harness.h"
#include "check.h"   // CHECK_EQ, CHECK, g_test, g_checks_failed, Tally

// ------------------------------------------------------------- helpers
inline uint32_t A_CTL(unsigned n) { return PMU_REG_CTL(n); }
inline uint32_t A_EMQ(unsigned n) { return PMU_REG_EMQ(n); }
inline uint32_t A_LO(unsigned n) { return PMU_REG_CNT_LO(n); }

inline unsigned NT_, NC_, CW_, NCLS_, NRET_, FC_, NCH_;
inline uint32_t eq_all() { return (1u << (2 * NT_)) - 1; }
// yield channel CTL values: VALID, ACT = yield / PMU interrupt / freeze
inline const uint32_t V = PMU_YCH_CTL_VALID_MASK, ACT = PMU_YACT_YIELD << PMU_YCH_CTL_ACT_LSB;
inline const uint32_t ACT_IRQ = PMU_YACT_IRQ << PMU_YCH_CTL_ACT_LSB, ACT_FRZ = PMU_YACT_FRZ << PMU_YCH_CTL_ACT_LSB;
inline uint32_t eq_os(unsigned t) { return 1u << PMU_EQ_OS_BIT(t, NT_); }
inline uint32_t eq_usr(unsigned t) { return 1u << PMU_EQ_USR_BIT(t, NT_); }
inline unsigned AW_;   // SIAR/SDAR/yield target width
inline unsigned YCAP_; // capture records present
inline uint64_t amask(uint64_t a) { return AW_ == 64 ? a : a & 0xFFFFFFFFull; }
inline uint64_t cmax() { return CW_ == 64 ? ~0ull : ((1ull << CW_) - 1); }
// Counter areas: the tests use "canonical" classes E (E % NAREA == 0) whose
// NAREA-1 successors are copies of them (the pre_step hook copies the events),
// so that counter n, programmed by prog() with the copy of its own area,
// counts the same events as on a full crossbar.
inline unsigned NA_;
inline std::vector<unsigned> g_canon;   // canonical non-FLOP classes with all copies in range
inline void mirror_areas(pmu_inputs &in, const pmu_cfg &cfg) {
    for (unsigned t = 0; t < cfg.nt; t++)
        for (unsigned e : g_canon)
            for (unsigned k = 1; k < cfg.narea; k++) in.ev[t][e + k] = in.ev[t][e];
}
// a normal (non-FLOP) class number
inline unsigned cls(unsigned i) { return g_canon[i % g_canon.size()]; }
// the copy of class es that counter n can see
inline unsigned area_cls(unsigned n, unsigned es) {
    return (es == FC_ || es % NA_ || es + NA_ > NCLS_) ? es : es + n % NA_;
}

inline void prog(Harness &h, unsigned n, unsigned es, uint32_t em, uint32_t eq, uint32_t extra = 0,
                 bool en = true) {
    h.write(A_EMQ(n), em | eq << PMU_EMQ_EQ_LSB);
    h.write(A_CTL(n), area_cls(n, es) | (en ? PMU_CTL_EN_MASK : 0) | extra);
}
inline void gen(Harness &h, bool on) { h.write(PMU_REG_GCTL, on ? PMU_GCTL_GEN_MASK : 0); }
// Event-to-count latency (CAP.LAT): the events of cycle t are in the counter
// from cycle t+LAT on, i.e. LAT-1 cycles after the edge that ends cycle t.
inline const unsigned LAT = PMU_EV_LAT;
inline void drain(Harness &h) { for (unsigned i = 1; i < LAT; i++) h.step(); }

// Counting window: GEN=1 (counting starts the cycle after the write's
// access phase), `body` runs N cycles of stimulus, then all events are
// cleared and GEN=0 is written: its setup and access cycles still count,
// with no events asserted; then the pipeline drains.
inline void window(Harness &h, std::function<void(unsigned)> body, unsigned cycles) {
    gen(h, true);
    for (unsigned i = 0; i < cycles; i++) { body(i); h.step(); }
    h.clear_events();
    gen(h, false);
    drain(h);
}

// ------------------------------------------------ sampling (604e) helpers
inline uint64_t half() { return 1ull << (CW_ - 1); }   // first negative value
inline uint32_t A_XCTL(unsigned n) { return PMU_REG_XCTL(n); }
inline void mmcr(Harness &h, uint32_t v) { h.write(PMU_REG_MMCR, v); }
inline uint64_t rd64(Harness &h, uint32_t lo) { return h.read64(lo); }
// TSC bit selected by MMCR.TBSEL: PowerPC bits 47, 51, 55, 63 (big-endian numbering)
inline const unsigned TB_LE[4] = {63 - 47, 63 - 51, 63 - 55, 63 - 63};

// ------------------------------------------------ yield channel helpers
inline uint32_t YE(unsigned k) { return 1u << (PMU_YEV_EXT_LSB + k); }   // external event k
inline void ych(Harness &h, unsigned ring, unsigned i, uint32_t ctl, uint32_t esv, uint32_t esm, uint32_t sav,
                uint64_t tgt = 0) {
    h.write(PMU_REG_YCH_CTL(ring, i), 0);          // invalid while being programmed
    h.write(PMU_REG_YCH_TGT_LO(ring, i), (uint32_t)tgt);
    h.write(PMU_REG_YCH_TGT_HI(ring, i), (uint32_t)(tgt >> 32));
    h.write(PMU_REG_YCH_ESV(ring, i), esv);
    h.write(PMU_REG_YCH_ESM(ring, i), esm);
    h.write(PMU_REG_YCH_SAV(ring, i), sav);
    h.write(PMU_REG_YCH_CTL(ring, i), ctl);
}

// A stepping "CPU": drives one cycle, returns the delivered channel (-1 none);
// with eret set it runs an APB write of YRINGr.BLK=1 in the next two cycles.
struct YCpu {
    Harness &h;
    // a bus write run in step with cycle(): its phase (0 none, 1 setup,
    // 2 access), address, data and PPROT
    unsigned wr_ph = 0;
    uint32_t wr_addr = 0, wr_data = 0;
    uint8_t wr_prot = 0;
    uint64_t last = 0;   // the cycle (h.cycle) the last cycle() ran
    explicit YCpu(Harness &hh) : h(hh) {}
    // Delivery slot rule (rtl/pmu_yield.v slot_q, reset with rst_ni): cycle c
    // (cycles since reset: h.cycle before its step) is thread (c mod NT)'s
    // slot; only that thread's channels can be delivered in it.
    static unsigned slot(uint64_t c) { return (unsigned)(c % NT_); }
    // cycles from the next cycle (h.cycle) to thread t's next slot
    unsigned wait(unsigned t) const { return (t + NT_ - slot(h.cycle)) % NT_; }
    // a request of thread t deliverable from the next cycle on (the old rule's
    // delivery cycle) is delivered in the first slot-t cycle at or after it:
    // wait(t) cycles with no delivery, then that cycle's result (a delivery
    // in a waiting cycle returns -100 - its channel: a mismatch)
    int deliver(unsigned t) {
        for (unsigned n = wait(t); n; n--) { const int c = cycle(); if (c >= 0) return -100 - c; }
        return cycle();
    }
    // idle cycles (no delivery expected) until the cycle d cycles from the next
    // one is thread t's slot: a cause now with old-rule latency d keeps it exactly
    void align(unsigned t, unsigned d) {
        while (slot(h.cycle + d) != t % NT_) CHECK_EQ(cycle(), -1);
    }
    int cycle() {
        last = h.cycle;
        if (wr_ph) {
            h.in.psel = 1; h.in.penable = wr_ph == 2; h.in.pwrite = 1;
            h.in.paddr = wr_addr; h.in.pwdata = wr_data; h.in.pstrb = 0xF; h.in.pprot = wr_prot;
        }
        h.step();
        if (wr_ph == 2) { CHECK_EQ(h.out.pslverr, 0); h.in.psel = h.in.penable = h.in.pwrite = 0; wr_ph = 0; }
        else if (wr_ph == 1) wr_ph = 2;
        if (h.out.yield) CHECK_EQ(slot(last), h.out.yield_tid);   // slot rule: only in its thread's slot
        return h.out.yield ? (int)h.out.yield_ch : -1;
    }
    // a bus write whose setup phase is the next cycle() and whose access
    // phase (its edge) the one after it; it must be accepted (no PSLVERR)
    void write(uint32_t addr, uint32_t data, uint8_t prot) { wr_ph = 1; wr_addr = addr; wr_data = data; wr_prot = prot; }
    // the ERET of a ring: a write of YRINGx.BLK from that ring (ring 3: PPROT[0]=0)
    void eret(unsigned ring3) { write(ring3 ? PMU_REG_YRING3 : PMU_REG_YRING0, PMU_YRING0_BLK_MASK, ring3 ? 0 : 1); }
};

// ------------------------------------------------ tables of the timing tests
// measured latencies (--latency FILE) and cycle rules of writes (--rules FILE),
// filled by t_latencies and t_boundaries (tb/directed/timing.cpp)
struct LatRow { std::string path, value; };
inline std::vector<LatRow> g_lat;
inline std::vector<std::string> g_rules;

// ------------------------------------------------ the tests (tb/directed/<group>.cpp)
// counting.cpp
void t_reset_values(Harness &h);
void t_qual_table1(Harness &h);
void t_mux_select_mask(Harness &h);
void t_max_increment(Harness &h);
void t_duration(Harness &h);
void t_threshold(Harness &h);
void t_invert(Harness &h);
void t_edge(Harness &h);
void t_wrap_preset(Harness &h);
void t_atomic_read(Harness &h);
void t_simultaneous(Harness &h);
void t_global_start_stop(Harness &h);
void t_areas(Harness &h);
// flop.cpp
void t_flop(Harness &h);
void t_flop_types(Harness &h);
void t_flop_seed_examples(Harness &h);
void t_flop_seed_total(Harness &h);
void t_flop_retired_1024(Harness &h);
// bus_regs.cpp
void t_bus_errors(Harness &h);
void t_tsc(Harness &h);
void t_irq_enable(Harness &h);
// sampling.cpp
void t_smp_regs(Harness &h);
void t_neg_irq(Harness &h);
void t_sample_trace(Harness &h);
void t_freeze(Harness &h);
void t_trigger(Harness &h);
void t_latency(Harness &h);
void t_timebase(Harness &h);
void t_process_mark(Harness &h);
void t_history(Harness &h);
// yield.cpp
void t_yield_500k_100k(Harness &h);
void t_yield_blocked(Harness &h);
void t_yield_silent(Harness &h);
void t_yield_actions(Harness &h);
void t_yield_sticky(Harness &h);
void t_yield_priority(Harness &h);
void t_yield_scenario(Harness &h);
// yield_ext.cpp
void t_yield_types(Harness &h);
void t_yield_cond(Harness &h);
void t_yield_capture(Harness &h);
void t_yield_threads(Harness &h);
// isolation.cpp
void t_isolation(Harness &h);
// timing.cpp
void t_latencies(Harness &h);
void t_boundaries(Harness &h);
// coverage.cpp (holes of make coverage)
void t_cov_ych_bits(Harness &h);
void t_cov_cnt_bits(Harness &h);
