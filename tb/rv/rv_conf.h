// Shared part of the RISC-V CSR view's conformance tests (tb/test_rv.cpp,
// tb/rv/*.cpp): the spec's CSR numbers, ops and privilege
// modes, the configuration globals, the CSR-instruction helpers and every
// test's declaration. Expected values are derived from the privileged spec
// and the view's design (docs/riscv.md), never read back from the model.
#pragma once
#include <vector>

#include "pmu_harness.h"
#define CHECK_FORMAT CHECK_FMT_HEX   // failure lines without the decimal values
#include "check.h"                   // CHECK_EQ, g_test, g_checks_failed, Tally

// ---- CSR numbers (privileged spec), ops and privilege modes {V, PRV} of the port
enum : uint16_t {
    SCOUNTEREN = 0x106, MCOUNTEREN = 0x306, HCOUNTEREN = 0x606, MCOUNTINHIBIT = 0x320,
    MHPMEVENT = 0x323, MHPMEVENTH = 0x723, MHPMCOUNTER = 0xB03, MHPMCOUNTERH = 0xB83,
    HPMCOUNTER = 0xC03, HPMCOUNTERH = 0xC83, SCOUNTOVF = 0xDA0,
};
enum : unsigned { OP_R = 0, OP_W = 1, OP_S = 2, OP_C = 3 };
enum : unsigned { P_U = 0, P_S = 1, P_M = 3, P_VU = 4, P_VS = 5 };
inline const unsigned MODES[5] = {P_M, P_S, P_U, P_VS, P_VU};
inline const char *const MODE_NAME[5] = {"M", "S", "U", "VS", "VU"};
// mhpmevent fields (design: bits 15:0 EM, 21:16 ES, 39:32 TX, 58.. VUINH VSINH UINH SINH MINH OF)
inline const unsigned TX_LSB = 32, OF_BIT = 63;
inline uint64_t inh_bit(unsigned mode) {   // the xINH bit that inhibits counting in mode
    switch (mode) {
    case P_M: return 1ull << 62;
    case P_S: return 1ull << 61;
    case P_U: return 1ull << 60;
    case P_VS: return 1ull << 59;
    default: return 1ull << 58;   // VU
    }
}
enum { OK = 0, ILL = 1, VIRT = 2 };

inline unsigned NT_, NC_, CW_;
inline bool RV32;
inline uint64_t CMASK;
inline const unsigned CLS = 1;   // the event class the tests count (sub-event 0: one per cycle)
inline uint64_t EV(unsigned cls, unsigned em) { return (uint64_t)cls << 16 | em; }
inline uint64_t ncmask() { return (1ull << NC_) - 1; }
inline unsigned g_lcofi;   // cycles with lcofi_o = 1

// ------------------------------------------------------------- helpers
inline void stp(Harness &h) {
    h.step();
    g_lcofi += h.out.lcofi;
}
inline void idle(Harness &h, unsigned n) { for (unsigned i = 0; i < n; i++) stp(h); }

// One CSR instruction: csr_valid for one cycle. The outputs are those of the
// cycle (the harness has compared them with the RTL's).
struct Res { uint64_t rd; unsigned hit, ill, virt; };
inline Res csr(Harness &h, uint16_t a, unsigned op, uint64_t wd, unsigned priv = P_M) {
    h.in.csr_valid = 1; h.in.csr_addr = a; h.in.csr_op = (uint8_t)op; h.in.csr_wdata = wd;
    h.in.csr_priv = (uint8_t)priv;
    stp(h);
    Res r{h.out.csr_rdata, h.out.csr_hit, h.out.csr_ill, h.out.csr_virt};
    h.in.csr_valid = 0; h.in.csr_addr = 0; h.in.csr_op = 0; h.in.csr_wdata = 0; h.in.csr_priv = 0;
    return r;
}
inline int outcome(const Res &r) { return r.ill ? (r.virt ? -1 : ILL) : r.virt ? VIRT : OK; }
// a legal instruction (checked): the old value
inline uint64_t acc(Harness &h, uint16_t a, unsigned op, uint64_t wd, unsigned priv, int line) {
    Res r = csr(h, a, op, wd, priv);
    if (!r.hit || r.ill || r.virt) {
        printf("  %s:%d [%s] CSR 0x%03x op %u priv %u: hit=%u ill=%u virt=%u, expected a legal access\n",
               __FILE__, line, g_test, a, op, priv, r.hit, r.ill, r.virt);
        g_checks_failed++;
    }
    return r.rd;
}
#define RD(a) acc(h, (a), OP_R, 0, P_M, __LINE__)
#define RDP(a, p) acc(h, (a), OP_R, 0, (p), __LINE__)
#define WR(a, v) acc(h, (a), OP_W, (v), P_M, __LINE__)
#define SET(a, v) acc(h, (a), OP_S, (v), P_M, __LINE__)
#define CLR(a, v) acc(h, (a), OP_C, (v), P_M, __LINE__)
// the outcome of an access (OK / ILL / VIRT); rdata must be 0 on an exception
inline int try_acc(Harness &h, uint16_t a, unsigned op, uint64_t wd, unsigned priv, uint64_t *rd = nullptr) {
    Res r = csr(h, a, op, wd, priv);
    CHECK_EQ(r.hit, 1);
    if (r.ill || r.virt) CHECK_EQ(r.rd, 0);
    if (rd) *rd = r.rd;
    return outcome(r);
}

// 64-bit register writes / reads (RV32: low word, then the h CSR)
inline void wr64(Harness &h, uint16_t lo, uint16_t hi, uint64_t v) {
    if (RV32) { WR(lo, (uint32_t)v); WR(hi, v >> 32); }
    else WR(lo, v);
}
inline uint64_t rd64(Harness &h, uint16_t lo, uint16_t hi) {
    if (RV32) { uint64_t l = RD(lo); return RD(hi) << 32 | l; }
    return RD(lo);
}
inline void set_event(Harness &h, unsigned n, uint64_t v) { wr64(h, MHPMEVENT + n, MHPMEVENTH + n, v); }
inline uint64_t get_event(Harness &h, unsigned n) { return rd64(h, MHPMEVENT + n, MHPMEVENTH + n); }
inline void set_cnt(Harness &h, unsigned n, uint64_t v) { wr64(h, MHPMCOUNTER + n, MHPMCOUNTERH + n, v); }
inline uint64_t get_cnt(Harness &h, unsigned n) { return rd64(h, MHPMCOUNTER + n, MHPMCOUNTERH + n); }
inline unsigned of_bit(Harness &h, unsigned n) { return (unsigned)(get_event(h, n) >> OF_BIT) & 1u; }
// OF of counter n by a set / clear of the register half that holds it
inline uint64_t of_op(Harness &h, unsigned n, unsigned op) {
    return RV32 ? acc(h, MHPMEVENTH + n, op, 1ull << 31, P_M, __LINE__)
                : acc(h, MHPMEVENT + n, op, 1ull << OF_BIT, P_M, __LINE__);
}
inline void zero_counters(Harness &h) { for (unsigned n = 0; n < NC_; n++) set_cnt(h, n, 0); }

// k cycles with the sub-events m[t] of class CLS on thread t, then none
inline void events(Harness &h, unsigned k, uint16_t m0 = 1, uint16_t m1 = 0) {
    h.in.ev[0][CLS] = m0;
    if (NT_ > 1) h.in.ev[1][CLS] = m1;
    idle(h, k);
    h.clear_events();
}
// thread t's mode {V, PRV} (and the CPL the integrator drives: 3 for U/VU, 0 otherwise)
inline void mode(Harness &h, unsigned t, unsigned m) {
    h.in.rv_mode[t] = (uint8_t)m;
    h.in.cpl[t] = (m & 3u) == 0 ? 3 : 0;
}

// the privileged spec's rule for hpmcounterN (and hpmcounterNh) below M-mode
// (machine.adoc mcounteren, supervisor.adoc scounteren, hypervisor.adoc
// hcounteren and the virtual-instruction list)
inline int spec_gate(unsigned priv, bool m, bool hh, bool s) {
    switch (priv) {
    case P_M: return OK;
    case P_S: return m ? OK : ILL;                         // HS-mode: mcounteren
    case P_U: return m && s ? OK : ILL;                    // U (V=0): mcounteren, scounteren
    case P_VS: return !m ? ILL : !hh ? VIRT : OK;          // VS: mcounteren, then hcounteren
    default: return !m ? ILL : (!hh || !s) ? VIRT : OK;    // VU: either hcounteren or scounteren
    }
}


// ------------------------------------------------------------- tests
// rv_counting.cpp
void t_of_lcofi(Harness &h);
void t_write_wins(Harness &h);
void t_mcountinhibit(Harness &h);
void t_xinh(Harness &h);
void t_stopcount(Harness &h);
// rv_access.cpp
void t_scountovf(Harness &h);
void t_gating(Harness &h);
void t_halves(Harness &h);
void t_unimpl(Harness &h);
void t_rmw(Harness &h);
void t_apb_hold(Harness &h);
void t_reset_values(Harness &h);
// rv_cov.cpp (holes of make coverage)
void t_cov_csr_bits(Harness &h);
