// Conformance tests of pmu_core's RISC-V CSR view (issue #31: Zihpm /
// Sscofpmf, docs/riscv.md), one test per rule, in lockstep (RTL == C model
// every cycle, checked by the harness, CSR port included) AND against
// expected values derived here from the rule (the privileged spec and the
// view's design), never read back from the model:
//   of_lcofi       OF set only by a hardware increment that overflows (never
//                  by an mhpmcounter write); lcofi_o one pulse, only when OF
//                  was 0; software sets / clears OF without lcofi
//   write_wins     an mhpmcounter write wins over the same edge's increment
//                  (events of cycle w-2, the 3-stage path): exactly the
//                  written value, no OF; events of w-1 and w are added on top
//   mcountinhibit  inhibited counters do not count; bit 3+n = ~CNTEN[n];
//                  a write starts / stops every counter on the same cycle and
//                  sets GCTL.GEN
//   xinh           MINH/SINH/UINH/VSINH/VUINH against rv_mode_i (each bit
//                  alone, combinations, per thread) and TX thread exclusion
//   stopcount      stopcount_i stops counting (aligned with the events)
//   scountovf      M sees every OF, HS masked by mcounteren, VS by
//                  mcounteren & hcounteren; U illegal, VU virtual
//   gating         hpmcounter from S/U/VS/VU per m/h/scounteren (illegal vs
//                  virtual as in the privileged spec); M-level CSRs from
//                  lower modes; writes to read-only CSRs; op READ legal
//   halves         RV32: the h CSRs hold bits 63:32, a low write keeps the
//                  high word; RV64: the h numbers are not the view's CSRs
//   unimpl         counters n >= NC read 0, ignore writes, no exception; the
//                  OpenSBI width probe reads back 2^CW-1
//   rmw            set / clear return the old value; reserved bits read 0
//                  and are not written; an APB access phase waits (PREADY=0)
//                  in a cycle with a CSR instruction (a write, a read, a
//                  faulting instruction: csr_valid_i alone)
//   apb_hold       a held APB write completes in the next cycle, after the
//                  CSR write; a set with a zero source holds it too
//   test_rv [--only NAME[,NAME...]]
// (they fail until they are): hcounteren from HS-mode (gating) and
// mhpmevent's reset value (reset_values).
#include <vector>

#include "pmu_harness.h"

static int g_fail;
static const char *g_test;
#define CHECK_EQ(a, b)                                                                                  \
    do {                                                                                                \
        uint64_t _a = (uint64_t)(a), _b = (uint64_t)(b);                                                \
        if (_a != _b) {                                                                                 \
            printf("  %s:%d [%s] CHECK_EQ(%s, %s): got 0x%" PRIx64 ", expected 0x%" PRIx64 "\n",       \
                   __FILE__, __LINE__, g_test, #a, #b, _a, _b);                                         \
            g_fail++;                                                                                   \
        }                                                                                               \
    } while (0)

// ---- CSR numbers (privileged spec), ops and privilege modes {V, PRV} of the port
enum : uint16_t {
    SCOUNTEREN = 0x106, MCOUNTEREN = 0x306, HCOUNTEREN = 0x606, MCOUNTINHIBIT = 0x320,
    MHPMEVENT = 0x323, MHPMEVENTH = 0x723, MHPMCOUNTER = 0xB03, MHPMCOUNTERH = 0xB83,
    HPMCOUNTER = 0xC03, HPMCOUNTERH = 0xC83, SCOUNTOVF = 0xDA0,
};
enum : unsigned { OP_R = 0, OP_W = 1, OP_S = 2, OP_C = 3 };
enum : unsigned { P_U = 0, P_S = 1, P_M = 3, P_VU = 4, P_VS = 5 };
static const unsigned MODES[5] = {P_M, P_S, P_U, P_VS, P_VU};
static const char *const MODE_NAME[5] = {"M", "S", "U", "VS", "VU"};
// mhpmevent fields (design: bits 15:0 EM, 21:16 ES, 39:32 TX, 58.. VUINH VSINH UINH SINH MINH OF)
static const unsigned TX_LSB = 32, OF_BIT = 63;
static uint64_t inh_bit(unsigned mode) {   // the xINH bit that inhibits counting in mode
    switch (mode) {
    case P_M: return 1ull << 62;
    case P_S: return 1ull << 61;
    case P_U: return 1ull << 60;
    case P_VS: return 1ull << 59;
    default: return 1ull << 58;   // VU
    }
}
enum { OK = 0, ILL = 1, VIRT = 2 };

static unsigned NT_, NC_, CW_;
static bool RV32;
static uint64_t CMASK;
static const unsigned CLS = 1;   // the event class the tests count (sub-event 0: one per cycle)
static uint64_t EV(unsigned cls, unsigned em) { return (uint64_t)cls << 16 | em; }
static uint64_t ncmask() { return (1ull << NC_) - 1; }
static unsigned g_lcofi;   // cycles with lcofi_o = 1

// ------------------------------------------------------------- helpers
static void stp(Harness &h) {
    h.step();
    g_lcofi += h.out.lcofi;
}
static void idle(Harness &h, unsigned n) { for (unsigned i = 0; i < n; i++) stp(h); }

// One CSR instruction: csr_valid for one cycle. The outputs are those of the
// cycle (the harness has compared them with the RTL's).
struct Res { uint64_t rd; unsigned hit, ill, virt; };
static Res csr(Harness &h, uint16_t a, unsigned op, uint64_t wd, unsigned priv = P_M) {
    h.in.csr_valid = 1; h.in.csr_addr = a; h.in.csr_op = (uint8_t)op; h.in.csr_wdata = wd;
    h.in.csr_priv = (uint8_t)priv;
    stp(h);
    Res r{h.out.csr_rdata, h.out.csr_hit, h.out.csr_ill, h.out.csr_virt};
    h.in.csr_valid = 0; h.in.csr_addr = 0; h.in.csr_op = 0; h.in.csr_wdata = 0; h.in.csr_priv = 0;
    return r;
}
static int outcome(const Res &r) { return r.ill ? (r.virt ? -1 : ILL) : r.virt ? VIRT : OK; }
// a legal instruction (checked): the old value
static uint64_t acc(Harness &h, uint16_t a, unsigned op, uint64_t wd, unsigned priv, int line) {
    Res r = csr(h, a, op, wd, priv);
    if (!r.hit || r.ill || r.virt) {
        printf("  %s:%d [%s] CSR 0x%03x op %u priv %u: hit=%u ill=%u virt=%u, expected a legal access\n",
               __FILE__, line, g_test, a, op, priv, r.hit, r.ill, r.virt);
        g_fail++;
    }
    return r.rd;
}
#define RD(a) acc(h, (a), OP_R, 0, P_M, __LINE__)
#define RDP(a, p) acc(h, (a), OP_R, 0, (p), __LINE__)
#define WR(a, v) acc(h, (a), OP_W, (v), P_M, __LINE__)
#define SET(a, v) acc(h, (a), OP_S, (v), P_M, __LINE__)
#define CLR(a, v) acc(h, (a), OP_C, (v), P_M, __LINE__)
// the outcome of an access (OK / ILL / VIRT); rdata must be 0 on an exception
static int try_acc(Harness &h, uint16_t a, unsigned op, uint64_t wd, unsigned priv, uint64_t *rd = nullptr) {
    Res r = csr(h, a, op, wd, priv);
    CHECK_EQ(r.hit, 1);
    if (r.ill || r.virt) CHECK_EQ(r.rd, 0);
    if (rd) *rd = r.rd;
    return outcome(r);
}

// 64-bit register writes / reads (RV32: low word, then the h CSR)
static void wr64(Harness &h, uint16_t lo, uint16_t hi, uint64_t v) {
    if (RV32) { WR(lo, (uint32_t)v); WR(hi, v >> 32); }
    else WR(lo, v);
}
static uint64_t rd64(Harness &h, uint16_t lo, uint16_t hi) {
    if (RV32) { uint64_t l = RD(lo); return RD(hi) << 32 | l; }
    return RD(lo);
}
static void set_event(Harness &h, unsigned n, uint64_t v) { wr64(h, MHPMEVENT + n, MHPMEVENTH + n, v); }
static uint64_t get_event(Harness &h, unsigned n) { return rd64(h, MHPMEVENT + n, MHPMEVENTH + n); }
static void set_cnt(Harness &h, unsigned n, uint64_t v) { wr64(h, MHPMCOUNTER + n, MHPMCOUNTERH + n, v); }
static uint64_t get_cnt(Harness &h, unsigned n) { return rd64(h, MHPMCOUNTER + n, MHPMCOUNTERH + n); }
static unsigned of_bit(Harness &h, unsigned n) { return (unsigned)(get_event(h, n) >> OF_BIT) & 1u; }
// OF of counter n by a set / clear of the register half that holds it
static uint64_t of_op(Harness &h, unsigned n, unsigned op) {
    return RV32 ? acc(h, MHPMEVENTH + n, op, 1ull << 31, P_M, __LINE__)
                : acc(h, MHPMEVENT + n, op, 1ull << OF_BIT, P_M, __LINE__);
}
static void zero_counters(Harness &h) { for (unsigned n = 0; n < NC_; n++) set_cnt(h, n, 0); }

// k cycles with the sub-events m[t] of class CLS on thread t, then none
static void events(Harness &h, unsigned k, uint16_t m0 = 1, uint16_t m1 = 0) {
    h.in.ev[0][CLS] = m0;
    if (NT_ > 1) h.in.ev[1][CLS] = m1;
    idle(h, k);
    h.clear_events();
}
// thread t's mode {V, PRV} (and the CPL the integrator drives: 3 for U/VU, 0 otherwise)
static void mode(Harness &h, unsigned t, unsigned m) {
    h.in.rv_mode[t] = (uint8_t)m;
    h.in.cpl[t] = (m & 3u) == 0 ? 3 : 0;
}

// the privileged spec's rule for hpmcounterN (and hpmcounterNh) below M-mode
// (machine.adoc mcounteren, supervisor.adoc scounteren, hypervisor.adoc
// hcounteren and the virtual-instruction list)
static int spec_gate(unsigned priv, bool m, bool hh, bool s) {
    switch (priv) {
    case P_M: return OK;
    case P_S: return m ? OK : ILL;                         // HS-mode: mcounteren
    case P_U: return m && s ? OK : ILL;                    // U (V=0): mcounteren, scounteren
    case P_VS: return !m ? ILL : !hh ? VIRT : OK;          // VS: mcounteren, then hcounteren
    default: return !m ? ILL : (!hh || !s) ? VIRT : OK;    // VU: either hcounteren or scounteren
    }
}

// ------------------------------------------------------------- tests
static void t_of_lcofi(Harness &h) {
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

static void t_write_wins(Harness &h) {
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

static void t_mcountinhibit(Harness &h) {
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

static void t_xinh(Harness &h) {
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

static void t_stopcount(Harness &h) {
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

static void t_scountovf(Harness &h) {
    // OF of counters 0, 1, 2 set by software
    for (unsigned n = 0; n < 3; n++) of_op(h, n, OP_S);
    const uint64_t ovf = 7ull << 3;
    CHECK_EQ(h.ovf(), 7);
    CHECK_EQ(RD(SCOUNTOVF), ovf);
    WR(MCOUNTEREN, 3ull << 3);   // counters 0, 1
    WR(HCOUNTEREN, 6ull << 3);   // counters 1, 2
    CHECK_EQ(RDP(SCOUNTOVF, P_M), ovf);
    CHECK_EQ(RDP(SCOUNTOVF, P_S), 3ull << 3);
    CHECK_EQ(RDP(SCOUNTOVF, P_VS), 2ull << 3);
    uint64_t rd = 1;
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_R, 0, P_U, &rd), ILL);
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_R, 0, P_VU, &rd), VIRT);
    // scounteren does not mask it
    WR(SCOUNTEREN, 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_S), 3ull << 3);
    WR(SCOUNTEREN, ~0ull);
    WR(MCOUNTEREN, 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_S), 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_VS), 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_M), ovf);
    WR(MCOUNTEREN, ~0ull);
    WR(HCOUNTEREN, 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_S), ovf);
    CHECK_EQ(RDP(SCOUNTOVF, P_VS), 0);
    WR(HCOUNTEREN, ~0ull);
    CHECK_EQ(RDP(SCOUNTOVF, P_VS), ovf);
    // read-only: any write attempt is illegal (even from M), nothing changes
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_W, 0, P_M), ILL);
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_C, ~0ull, P_M), ILL);
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_S, 0, P_M), ILL);   // CSRRS with rs1 != x0 holding 0 is a write
    CHECK_EQ(h.ovf(), 7);
    // clearing OF updates it
    of_op(h, 1, OP_C);
    CHECK_EQ(RD(SCOUNTOVF), 5ull << 3);
}

static void t_gating(Harness &h) {
    const unsigned n = 1;
    const uint64_t P = 0xAB12345678ull & CMASK;
    set_cnt(h, n, P);   // inhibited (reset): the value stays
    const uint64_t bit = 1ull << (3 + n), others = (ncmask() << 3) & ~bit;
    const unsigned privs[4] = {P_S, P_U, P_VS, P_VU};
    for (unsigned e = 0; e < 8; e++) {
        const bool m = e & 1, hh = e & 2, s = e & 4;
        // the counter's bit as e says, every other counter's bit the opposite
        WR(MCOUNTEREN, m ? bit : others);
        WR(HCOUNTEREN, hh ? bit : others);
        WR(SCOUNTEREN, s ? bit : others);
        for (unsigned p : {P_M, P_S, P_U, P_VS, P_VU}) {
            const int want = spec_gate(p, m, hh, s);
            uint64_t rd = 0;
            int got = try_acc(h, HPMCOUNTER + n, OP_R, 0, p, &rd);
            if (got != want) printf("  hpmcounter%u priv %u m=%d h=%d s=%d:\n", 3 + n, p, m, hh, s);
            CHECK_EQ(got, want);
            CHECK_EQ(rd, want == OK ? (RV32 ? P & 0xFFFFFFFFull : P) : 0);
            if (RV32) {
                got = try_acc(h, HPMCOUNTERH + n, OP_R, 0, p, &rd);
                CHECK_EQ(got, want);
                CHECK_EQ(rd, want == OK ? P >> 32 : 0);
            }
        }
    }
    // M-level CSRs from every lower mode: illegal (also with V=1), nothing written
    WR(MCOUNTEREN, ~0ull);
    WR(HCOUNTEREN, ~0ull);
    WR(SCOUNTEREN, ~0ull);
    const uint64_t E = EV(CLS, 1) | inh_bit(P_U);
    set_event(h, n, E);
    std::vector<uint16_t> mcsr = {MCOUNTEREN, MCOUNTINHIBIT, (uint16_t)(MHPMEVENT + n), (uint16_t)(MHPMCOUNTER + n)};
    if (RV32) { mcsr.push_back(MHPMEVENTH + n); mcsr.push_back(MHPMCOUNTERH + n); }
    for (uint16_t a : mcsr)
        for (unsigned p : privs) {
            CHECK_EQ(try_acc(h, a, OP_R, 0, p), ILL);
            CHECK_EQ(try_acc(h, a, OP_W, a == MCOUNTEREN ? 0 : ~0ull, p), ILL);
            CHECK_EQ(try_acc(h, a, OP_C, ~0ull, p), ILL);
        }
    CHECK_EQ(get_cnt(h, n), P);
    CHECK_EQ(RD(MCOUNTEREN), ncmask() << 3);
    CHECK_EQ(RD(MCOUNTINHIBIT), ncmask() << 3);
    CHECK_EQ(get_event(h, n), E);
    // scounteren (S-level, no VS copy: usual access with V=1): S and VS
    // legal, U illegal, VU virtual
    CHECK_EQ(acc(h, SCOUNTEREN, OP_W, bit, P_S, __LINE__), ncmask() << 3);
    CHECK_EQ(RDP(SCOUNTEREN, P_VS), bit);
    CHECK_EQ(acc(h, SCOUNTEREN, OP_S, others, P_VS, __LINE__), bit);
    CHECK_EQ(try_acc(h, SCOUNTEREN, OP_R, 0, P_U), ILL);
    CHECK_EQ(try_acc(h, SCOUNTEREN, OP_W, 0, P_U), ILL);
    CHECK_EQ(try_acc(h, SCOUNTEREN, OP_R, 0, P_VU), VIRT);
    CHECK_EQ(try_acc(h, SCOUNTEREN, OP_W, 0, P_VU), VIRT);
    CHECK_EQ(RD(SCOUNTEREN), ncmask() << 3);
    // hcounteren (hypervisor CSR): M legal, VS / VU virtual, U illegal, nothing written
    CHECK_EQ(WR(HCOUNTEREN, bit), ncmask() << 3);
    CHECK_EQ(try_acc(h, HCOUNTEREN, OP_W, 0, P_VS), VIRT);
    CHECK_EQ(try_acc(h, HCOUNTEREN, OP_R, 0, P_VS), VIRT);
    CHECK_EQ(try_acc(h, HCOUNTEREN, OP_W, 0, P_VU), VIRT);
    CHECK_EQ(try_acc(h, HCOUNTEREN, OP_W, 0, P_U), ILL);
    CHECK_EQ(RD(HCOUNTEREN), bit);
    {
        // hypervisor.adoc: hcounteren is one of the CSRs "provided to
        // HS-mode, but not to VS-mode": legal from HS (PRV=1, V=0)
        CHECK_EQ(try_acc(h, HCOUNTEREN, OP_R, 0, P_S), OK);
        CHECK_EQ(try_acc(h, HCOUNTEREN, OP_W, 0, P_S), OK);
        CHECK_EQ(RD(HCOUNTEREN), 0);
        WR(HCOUNTEREN, bit);
    }
    // writes to read-only CSRs: illegal for every write op, even with a zero
    // source (CSRRS/CSRRC with rs1 != x0); op READ (rs1 = x0) is legal
    for (unsigned p : {P_M, P_S, P_VS}) {
        for (unsigned op : {OP_W, OP_S, OP_C}) {
            CHECK_EQ(try_acc(h, HPMCOUNTER + n, op, 0, p), ILL);
            CHECK_EQ(try_acc(h, HPMCOUNTER + n, op, ~0ull, p), ILL);
            if (RV32) CHECK_EQ(try_acc(h, HPMCOUNTERH + n, op, 0, p), ILL);
        }
        CHECK_EQ(RDP(HPMCOUNTER + n, p), RV32 ? P & 0xFFFFFFFFull : P);
    }
    CHECK_EQ(try_acc(h, HPMCOUNTER + n, OP_W, 0, P_VU), ILL);   // also where a read would be legal
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_R, 0, P_M), OK);
    CHECK_EQ(get_cnt(h, n), P);
}

static void t_halves(Harness &h) {
    const unsigned n = 2;
    if (!RV32) {
        // RV64: the h numbers are not the view's CSRs (no hit, no exception, nothing written)
        set_cnt(h, n, 0xAB12345678ull);
        set_event(h, n, EV(CLS, 1) | 1ull << 60 | 3ull << TX_LSB);
        CHECK_EQ(RD(MHPMCOUNTER + n), 0xAB12345678ull);   // one 64-bit access
        CHECK_EQ(RD(MHPMEVENT + n), EV(CLS, 1) | 1ull << 60 | 3ull << TX_LSB);
        for (uint16_t a : {(uint16_t)(MHPMEVENTH + n), (uint16_t)(MHPMCOUNTERH + n), (uint16_t)(HPMCOUNTERH + n),
                           (uint16_t)MHPMEVENTH, (uint16_t)(MHPMCOUNTERH + 28), (uint16_t)(HPMCOUNTERH + 28)})
            for (unsigned op : {OP_R, OP_W}) {
                Res r = csr(h, a, op, ~0ull, P_M);
                CHECK_EQ(r.hit, 0);
                CHECK_EQ(r.ill, 0);
                CHECK_EQ(r.virt, 0);
                CHECK_EQ(r.rd, 0);
            }
        CHECK_EQ(RD(MHPMCOUNTER + n), 0xAB12345678ull);
        CHECK_EQ(RD(MHPMEVENT + n), EV(CLS, 1) | 1ull << 60 | 3ull << TX_LSB);
        return;
    }
    // mhpmcounterN / mhpmcounterNh: bits 31:0 / 63:32 (CW bits stored)
    WR(MHPMCOUNTER + n, 0x89ABCDEFu);
    WR(MHPMCOUNTERH + n, 0x1234u);
    CHECK_EQ(h.cnt(n), 0x123489ABCDEFull);
    CHECK_EQ(RD(MHPMCOUNTER + n), 0x89ABCDEFu);
    CHECK_EQ(RD(MHPMCOUNTERH + n), 0x1234u);
    CHECK_EQ(RD(HPMCOUNTER + n), 0x89ABCDEFu);
    CHECK_EQ(RD(HPMCOUNTERH + n), 0x1234u);
    // a low write keeps the high word, a high write the low word
    CHECK_EQ(WR(MHPMCOUNTER + n, 0x11111111u), 0x89ABCDEFu);
    CHECK_EQ(h.cnt(n), 0x123411111111ull);
    CHECK_EQ(WR(MHPMCOUNTERH + n, 0xFFFFFFFFu), 0x1234u);
    CHECK_EQ(RD(MHPMCOUNTERH + n), CMASK >> 32);   // bits >= CW are not stored
    CHECK_EQ(RD(MHPMCOUNTER + n), 0x11111111u);
    // set / clear on the high word
    CHECK_EQ(CLR(MHPMCOUNTERH + n, 0xFF00u), CMASK >> 32);
    CHECK_EQ(h.cnt(n), (((CMASK >> 32) & ~0xFF00ull) << 32) | 0x11111111u);
    // mhpmeventNh: bits 63:32 (TX, xINH, OF); the low write keeps them
    WR(MHPMEVENTH + n, 1u << 28 | 1u);   // UINH, TX bit 0
    CHECK_EQ(RD(MHPMEVENTH + n), 1u << 28 | 1u);
    WR(MHPMEVENT + n, EV(CLS, 1));
    CHECK_EQ(RD(MHPMEVENTH + n), 1u << 28 | 1u);
    CHECK_EQ(RD(MHPMEVENT + n), EV(CLS, 1));
    CHECK_EQ(SET(MHPMEVENTH + n, 1u << 30), 1u << 28 | 1u);   // MINH
    CHECK_EQ(get_event(h, n), EV(CLS, 1) | 1ull << 62 | 1ull << 60 | 1ull << TX_LSB);
    // the high write keeps the low word
    WR(MHPMEVENTH + n, 0);
    CHECK_EQ(get_event(h, n), EV(CLS, 1));
    // the high half's xINH act: UINH set by the h CSR inhibits U-mode counting
    WR(MHPMEVENTH + n, 1u << 28);
    set_cnt(h, n, 0);
    WR(MCOUNTINHIBIT, 0);
    mode(h, 0, P_U);
    events(h, 3);
    mode(h, 0, P_M);
    events(h, 2);
    idle(h, 4);
    CHECK_EQ(h.cnt(n), 2);
}

static void t_unimpl(Harness &h) {
    // known values in the implemented counters (counter 0 nonzero)
    for (unsigned n = 0; n < NC_; n++) set_cnt(h, n, 0x100 + n);
    for (unsigned n = 0; n < NC_; n++) set_event(h, n, EV(CLS, n + 1));
    std::vector<unsigned> us = {NC_, 28};
    if (NC_ + 1 < 28) us.push_back(NC_ + 1);
    for (unsigned u : us) {
        std::vector<uint16_t> as = {(uint16_t)(MHPMCOUNTER + u), (uint16_t)(MHPMEVENT + u), (uint16_t)(HPMCOUNTER + u)};
        if (RV32) { as.push_back(MHPMCOUNTERH + u); as.push_back(MHPMEVENTH + u); as.push_back(HPMCOUNTERH + u); }
        for (uint16_t a : as) {
            const bool ro = (a >> 10) == 3;
            CHECK_EQ(RD(a), 0);
            if (!ro) {
                CHECK_EQ(WR(a, ~0ull), 0);   // no exception, ignored
                CHECK_EQ(SET(a, 0x5), 0);
                CHECK_EQ(RD(a), 0);
            }
        }
    }
    for (unsigned n = 0; n < NC_; n++) {
        CHECK_EQ(h.cnt(n), 0x100 + n);
        CHECK_EQ(get_event(h, n), EV(CLS, n + 1));
    }
    CHECK_EQ(h.ovf(), 0);
    // the enables hold bits of implemented counters only: below M-mode an
    // unimplemented counter's hpmcounter is not enabled (illegal)
    WR(MCOUNTEREN, ~0ull);
    CHECK_EQ(RD(MCOUNTEREN), ncmask() << 3);
    CHECK_EQ(try_acc(h, HPMCOUNTER + NC_, OP_R, 0, P_S), ILL);
    CHECK_EQ(try_acc(h, HPMCOUNTER + NC_ - 1, OP_R, 0, P_S), OK);
    // the OpenSBI width probe: write all-ones, read back 2^CW-1, on every counter
    for (unsigned n = 0; n < NC_; n++) {
        set_cnt(h, n, ~0ull);
        CHECK_EQ(get_cnt(h, n), CMASK);
        CHECK_EQ(h.cnt(n), CMASK);
    }
    CHECK_EQ(h.ovf(), 0);
}

static void t_rmw(Harness &h) {
    // set / clear return the old value
    CHECK_EQ(WR(MCOUNTEREN, 0), 0);
    CHECK_EQ(SET(MCOUNTEREN, 0x28), 0);
    CHECK_EQ(RD(MCOUNTEREN), 0x28);
    CHECK_EQ(CLR(MCOUNTEREN, 0x8), 0x28);
    CHECK_EQ(RD(MCOUNTEREN), 0x20);
    CHECK_EQ(SET(MCOUNTEREN, 0), 0x20);   // set with a zero source: a legal no-op write
    CHECK_EQ(RD(MCOUNTEREN), 0x20);
    // reserved bits read 0 and are not written: bits 0..2 (CY/TM/IR) and >= 3+NC
    CHECK_EQ(WR(MCOUNTEREN, 0x7), 0x20);
    CHECK_EQ(RD(MCOUNTEREN), 0);
    CHECK_EQ(SET(MCOUNTEREN, ~0ull), 0);
    CHECK_EQ(RD(MCOUNTEREN), ncmask() << 3);
    for (uint16_t a : {SCOUNTEREN, HCOUNTEREN}) {
        CHECK_EQ(WR(a, 0x7), 0);
        CHECK_EQ(RD(a), 0);
        CHECK_EQ(WR(a, ~0ull), 0);
        CHECK_EQ(CLR(a, 0x8), ncmask() << 3);
        CHECK_EQ(RD(a), (ncmask() << 3) & ~0x8ull);
    }
    // mhpmevent: every field but bits 57:40 and the TX bits of absent threads
    const unsigned n = 1;
    const uint64_t rm = 0xFFFFFFFFull | ((1ull << NT_) - 1) << TX_LSB | 0x3Full << 58;
    set_event(h, n, ~0ull);   // (OF=1 by software)
    CHECK_EQ(get_event(h, n), rm);
    if (RV32) {
        CHECK_EQ(CLR(MHPMEVENT + n, 0xFFFF00FFu), 0xFFFFFFFFu);
        CHECK_EQ(CLR(MHPMEVENTH + n, 0x7FFFFFFFu), rm >> 32);
    } else {
        CHECK_EQ(CLR(MHPMEVENT + n, 0x7FFFFFFFFFFF00FFull), rm);
    }
    CHECK_EQ(get_event(h, n), 1ull << OF_BIT | 0xFF00u);
    if (RV32) CHECK_EQ(SET(MHPMEVENT + n, EV(CLS, 1)), 0xFF00u);
    else CHECK_EQ(SET(MHPMEVENT + n, EV(CLS, 1)), 1ull << OF_BIT | 0xFF00u);
    CHECK_EQ(get_event(h, n), 1ull << OF_BIT | EV(CLS, 1) | 0xFF00u);
    // mhpmcounter: bits >= CW are not written
    set_cnt(h, n, 0);
    if (RV32) {
        CHECK_EQ(SET(MHPMCOUNTERH + n, 0xFFFF0001u), 0);
        CHECK_EQ(h.cnt(n), (CMASK & 0x1FFFFFFFFull & ~0xFFFFFFFFull));
    } else {
        CHECK_EQ(SET(MHPMCOUNTER + n, ~0ull << (CW_ - 1)), 0);
        CHECK_EQ(h.cnt(n), 1ull << (CW_ - 1));
        CHECK_EQ(CLR(MHPMCOUNTER + n, ~0ull), 1ull << (CW_ - 1));
        CHECK_EQ(h.cnt(n), 0);
    }
    // the APB access phase waits (PREADY=0) in a cycle with a CSR instruction
    h.write(PMU_REG_CNTEN, 0x5);
    auto apb_setup = [&](uint32_t a, bool w, uint32_t d) {
        h.in.psel = 1; h.in.penable = 0; h.in.pwrite = w; h.in.paddr = a; h.in.pwdata = d;
        h.in.pstrb = w ? 0xF : 0; h.in.pprot = 1;
        stp(h);
        h.in.penable = 1;
    };
    auto apb_end = [&]() { h.in.psel = 0; h.in.penable = 0; h.in.pwrite = 0; h.in.paddr = 0; h.in.pwdata = 0; h.in.pstrb = 0; };
    // a read of CNTEN: the access phase meets an mcounteren write -> waits a cycle
    apb_setup(PMU_REG_CNTEN, false, 0);
    WR(MCOUNTEREN, 0x8);
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x5);
    apb_end();
    CHECK_EQ(RD(MCOUNTEREN), 0x8);
    // every CSR instruction holds it (csr_valid_i alone): a CSR read (op
    // READ), a faulting write, a number that is not the view's
    apb_setup(PMU_REG_CNTEN, false, 0);
    RD(MCOUNTINHIBIT);
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x5);
    apb_end();
    apb_setup(PMU_REG_CNTEN, false, 0);
    CHECK_EQ(try_acc(h, MCOUNTEREN, OP_W, 0, P_S), ILL);
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x5);
    apb_end();
    apb_setup(PMU_REG_CNTEN, false, 0);
    CHECK_EQ(csr(h, 0xB00, OP_R, 0).hit, 0u);   // mcycle: the core's own CSR
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x5);
    apb_end();
    CHECK_EQ(RD(MCOUNTEREN), 0x8);
}

// An APB write whose access phase meets a CSR write waits a cycle (PREADY=0)
// and completes in the next: the CSR write first, then the APB one
static void t_apb_hold(Harness &h) {
    h.write(PMU_REG_CNTEN, 0x5);
    h.in.psel = 1; h.in.penable = 0; h.in.pwrite = 1; h.in.paddr = PMU_REG_CNTEN; h.in.pwdata = 0x3;
    h.in.pstrb = 0xF; h.in.pprot = 1;
    stp(h);                                 // setup
    h.in.penable = 1;
    CHECK_EQ(WR(MCOUNTINHIBIT, ~0ull), (ncmask() & ~5ull) << 3);   // access phase + CSR write
    CHECK_EQ(h.out.pready, 0);
    stp(h);                                 // the access phase again: done
    CHECK_EQ(h.out.pready, 1);
    h.in.psel = 0; h.in.penable = 0; h.in.pwrite = 0; h.in.paddr = 0; h.in.pwdata = 0; h.in.pstrb = 0;
    CHECK_EQ(h.read(PMU_REG_CNTEN), 0x3);
    CHECK_EQ(RD(MCOUNTINHIBIT), (ncmask() & ~3ull) << 3);
    // a set with a zero source is a write too (it holds the APB access)
    h.in.psel = 1; h.in.penable = 0; h.in.pwrite = 0; h.in.paddr = PMU_REG_CNTEN; h.in.pstrb = 0; h.in.pprot = 1;
    stp(h);
    h.in.penable = 1;
    SET(SCOUNTEREN, 0);
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x3);
    h.in.psel = 0; h.in.penable = 0; h.in.paddr = 0;
    idle(h, 2);
}

// Reset values: mhpmevent's TX reads 1 for every implemented thread (the
// native EQ resets to 0: nothing counts; regs/pmu_rv.rdl TX reset), the rest 0;
// every counter inhibited
static void t_reset_values(Harness &h) {
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(get_event(h, n), (((1ull << NT_) - 1) << 32));
    CHECK_EQ(RD(MCOUNTINHIBIT), ncmask() << 3);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(get_cnt(h, n), 0);
}

static bool name_in(const char *list, const char *name) {
    const size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == n && !strncmp(p, name, n)) return true;
        if (!e) break;
        p = e + 1;
    }
    return false;
}

int main(int argc, char **argv) {
    const char *only = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    }
    Harness h;
    NT_ = h.cfg.nt; NC_ = h.cfg.nc; CW_ = h.cfg.cw;
    RV32 = h.cfg.xlen == 32;
    CMASK = CW_ == 64 ? ~0ull : (1ull << CW_) - 1;
    if (!h.cfg.xlen || NC_ < 5 || CLS >= h.cfg.ncls || CLS == h.cfg.flop_class || h.cfg.narea != 1) {
        printf("test_rv: needs XLEN != 0, NC >= 5, NAREA = 1 and class %u a plain class\n0 passed, 1 failed\n", CLS);
        return 1;
    }
    printf("test_rv: config XLEN=%u NT=%u NC=%u CW=%u\n", h.cfg.xlen, NT_, NC_, CW_);
    struct { const char *name; void (*fn)(Harness &); } tests[] = {
        {"of_lcofi", t_of_lcofi}, {"write_wins", t_write_wins}, {"mcountinhibit", t_mcountinhibit},
        {"xinh", t_xinh}, {"stopcount", t_stopcount}, {"scountovf", t_scountovf}, {"gating", t_gating},
        {"halves", t_halves}, {"unimpl", t_unimpl}, {"rmw", t_rmw}, {"apb_hold", t_apb_hold},
        {"reset_values", t_reset_values},
    };
    int passed = 0, failed = 0;
    for (auto &t : tests) {
        if (only && !name_in(only, t.name)) continue;
        g_test = t.name;
        g_fail = 0;
        g_lcofi = 0;
        h.failed = false;
        h.reset(t.name);
        for (unsigned k = 0; k < NT_; k++) mode(h, k, P_M);
        t.fn(h);
        const bool ok = !g_fail && !h.failed;
        printf("%s %s (%" PRIu64 " cycles)\n", ok ? "PASS" : "FAIL", t.name, h.cycle);
        (ok ? passed : failed)++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
