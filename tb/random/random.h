// Shared part of the constrained-random lockstep bench of pmu_core
// (tb/test_random.cpp: options, seed, the cycle loop and the result; the
// bench's concerns in tb/random/*.cpp): the bench state (RandomBench: the
// harness, the random stream, the queued operations, the APB master's phase,
// the coverage counters) and its functions, one file per concern:
//   ops.cpp        constrained-random bus operations on the native map
//                  (counters, FLOP main event, globals, sampling and yield
//                  channels, bad and unprivileged accesses)
//   ops_views.cpp  the CoreSight view's bus operations (VIEW=1) and the
//                  RISC-V CSR port's instructions (XLEN != 0)
//   stimulus.cpp   each cycle's inputs: event traffic and FP retirements,
//                  the CSR port, generated levels of new simple inputs, the
//                  APB master that issues the queued operations
//   coverage.cpp   the per-cycle coverage counters and the goals at the end
// The random stream is drawn in this order every cycle: stimulus (events,
// CSR port, generated inputs, APB master), the step, then the APB master's
// gap after a completed access.
#pragma once
#include <deque>
#include <vector>

#include "pmu_harness.h"
#include "check.h"   // Tally
#include "pmu_cs_regs.h"
#include "pmu_rv_csr.h"

// tid1: the issuing thread + 1 (0: a random one when it is issued); foreign:
// an unprivileged HI read right after another thread's LO read (shadow tag)
// cs: a CoreSight-view access (VIEW=1) at addr as is; otherwise addr is of the
// native map, at the extension page (0x2000) with VIEW=1; nogap: issued
// right after the access before it (no idle cycle between them)
struct Txn { uint32_t addr; bool write; uint32_t data; uint8_t strb, prot, tid1, foreign, ptid, cs, nogap; };

// one RISC-V CSR instruction on the CSR port (XLEN != 0)
struct Csr { uint16_t addr; uint8_t op, priv; uint64_t wd; };

// Functional coverage: the goals' counters (report() checks them at the end,
// so a stimulus that never reaches a corner fails instead of passing quietly)
// and the state they are derived from.
struct Coverage {
    uint64_t ovf = 0, irq = 0, err = 0, rd = 0, wr = 0, maxinc = 0;
    uint64_t edge = 0, thr = 0, inv = 0, flop = 0, fma = 0, wrap_read = 0;
    uint64_t user_ok = 0;
    // thread isolation (docs/security.md): unprivileged ring-3 channel
    // accesses by the channel's thread (accepted) and by another (PSLVERR)
    uint64_t own_ok = 0, own_err = 0, yr3_user = 0, cap_own_ok = 0, cap_own_err = 0;
    uint64_t sh_foreign = 0;   // unprivileged HI reads of a shadow another thread latched
    uint64_t pmi = 0, pmi_tb = 0, siar = 0, y0 = 0, y3 = 0, pend_blk = 0;
    uint64_t frz = 0, trig = 0, hist = 0, u3 = 0, lat = 0;
    uint64_t yact_bad = 0, yirq = 0, yfrz = 0;   // yield actions
    uint64_t flt = 0, prehint = 0;   // yield types / attributes
    uint64_t deliv_wr = 0;   // deliveries at the edge of an accepted bus write to the delivered channel
    uint64_t flt_race = 0;   // ... a CTL write to a fault-like one, another fault-like request of its thread pending
    uint32_t prev_yer = 0, prev_yflt = 0;   // YER and the valid fault-like yield channels before this cycle's edge
    uint64_t stk_fire = 0, stk_edge = 0, stk_level = 0;   // sticky scenarios
    uint64_t ytid = 0, blk_other = 0;   // channels per thread
    uint64_t dif_sat = 0;   // a difference channel's CNT at its saturation value
    uint64_t dif_sat_ev = 0;   // ... with its DSEL event (no trigger) due at the next edge
    uint64_t miss_sat = 0;     // a missed trigger due with MISS saturated (0xFFFF)
    uint64_t cond_bad = 0, per = 0, dif = 0, cap = 0, cap_rd = 0;   // conditions, capture
    uint64_t area_in = 0, area_out = 0, absent = 0;
    // RISC-V CSR view (XLEN != 0): the port's accepted and refused
    // instructions, RV32 halves, xINH writes, LCOFI, held APB phases, stopcount
    uint64_t rv_wr = 0, rv_rd = 0, rv_ill = 0, rv_virt = 0, rv_h = 0, rv_inh = 0;
    uint64_t lcofi = 0, rv_stall = 0, rv_stop = 0;
    // CoreSight view (VIEW=1): its accesses, cycle-counter overflows, cycles
    // frozen by PMCR.FZO, cycles with the cycle counter counting / stopped
    uint64_t cs_wr = 0, cs_rd = 0, cs_err = 0, cc_ovf = 0, fzo = 0, cc_run = 0, cc_stop = 0;
    // FLOP class (seed 003): slots driven per type and with the scalar flag
    // on a wide register, 1024-bit registers, FTYPE writes, and counts by a
    // FLOP counter whose FTYPE selects only some types
    uint64_t fop[16] = {0}, sc_wide = 0, r1024 = 0, ftype_wr = 0, ftype_part = 0;

    // what the counters are derived from: per-counter views of the
    // programming (CTL, XCTL, FTYPE.MAIN) and the previous cycle's values
    std::vector<uint32_t> ctl, xctl, ftype;
    std::vector<uint64_t> prev;   // counter values
    uint32_t prev_ovf = 0, prev_pmstat = 0, cs_ovs_prev = 0;
    uint64_t prev_siar = 0, tsc_prev = 0;
    uint32_t prev_esv[2 * PMU_NCH_MAX] = {0}, prev_ycnt[2 * PMU_NCH_MAX] = {0};   // yield channels
    uint64_t prev_cts[2 * PMU_NCH_MAX] = {0};

    explicit Coverage(const pmu_cfg &c) : ctl(c.nc, 0), xctl(c.nc, 0), ftype(c.nc, PMU_FMAIN_ALL), prev(c.nc, 0) {}
    // the goals of configuration c (scaled with the run's length), one line
    // and one result in t each
    void report(const pmu_cfg &c, uint64_t cycles, Tally &t) const;
};

// a yield channel's CTL that delivers a yield when its condition fires:
// VALID and ACT=yield
inline bool ych_yields(uint32_t ctl) {
    return (ctl & PMU_YCH_CTL_VALID_MASK) && ((ctl & PMU_YCH_CTL_ACT_MASK) >> PMU_YCH_CTL_ACT_LSB) == PMU_YACT_YIELD;
}

struct RandomBench {
    Harness &h;
    Rng r;
    const pmu_cfg &c;
    const unsigned max_inc;   // the largest increment of a counter in one cycle
    const uint64_t half;      // a counter's sign bit (negative: sampling)
    const bool rv32;          // RV32 CSR view: 64-bit CSRs in two halves
    Coverage cov;

    std::deque<Txn> q;              // bus operations, issued in order by the APB master
    unsigned gap = 0, phase = 0;    // APB master: 0 idle, 1 setup, 2 access, 3 access ending
    Txn cur{};                      // the operation on the bus
    std::deque<Csr> rvq;            // CSR instructions, issued in order on the CSR port
    unsigned ev_mode = 0, ev_left = 0;   // event traffic: the phase's kind and its cycles left

    RandomBench(Harness &harness, uint64_t seed)
        : h(harness), r(seed), c(harness.cfg), max_inc(c.nt * 16), half(1ull << (c.cw - 1)), rv32(c.xlen == 32),
          cov(c) {}

    // ops.cpp
    uint32_t hot_class0();
    // thread t's yield channels of a ring with a yield pending (bit i: channel
    // i; YER set, VALID, ACT=yield) and, in *flt if given, their fault-like subset
    uint32_t ych_pending(unsigned ring3, unsigned t, uint32_t *flt = nullptr);
    uint32_t hot_class(unsigned n);
    static uint32_t cnt_addr(unsigned n, unsigned reg) { return PMU_CNT_BASE + n * PMU_CNT_STRIDE + reg; }
    void gen_ops();
    void gen_smp();
    // ops_views.cpp
    void gen_cs();
    void gen_rv();
    // stimulus.cpp: this cycle's inputs (before the step); after the step,
    // the APB master's next phase
    void drive();
    void drive_events();
    void drive_csr();
    void drive_bus();
    void bus_next();
    // coverage.cpp: this cycle's coverage (after the step, before bus_next)
    void observe();
};
