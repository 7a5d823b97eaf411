// Shared part of the distributed-counter lockstep bench (tb/dc_lockstep.cpp:
// main() and the --test dispatch; tb/dc/*.cpp, one file per concern): the
// pass/fail tally and check(), the register-value helpers, the bench's own
// event bookkeeping (Book), the common driving helpers, and every test's
// declaration. Definitions are C++17 inline (one across the translation units).
#pragma once
#include <array>
#include <ctime>
#include "dc_harness.h"

inline int passed = 0, failed = 0;
inline void check(bool ok, const char *name, const char *fmt = "", long long a = 0, long long b = 0) {
  if (ok) passed++;
  else {
    failed++;
    printf("FAIL %s ", name);
    printf(fmt, a, b);
    printf("\n");
  }
}

inline uint32_t ctl(int es, int en, int ie, int tc) {
  return ((uint32_t)es << DC_C_CTL_ES_LSB) | ((uint32_t)en << DC_C_CTL_EN_LSB) |
         ((uint32_t)ie << DC_C_CTL_IE_LSB) | ((uint32_t)tc << DC_C_CTL_TC_LSB);
}
// seed 002 mechanisms: UMODE (start/stop source, freeze)
inline uint32_t umode(int sync, int lrun, int frz) {
  return ((uint32_t)sync << DC_UMODE_SYNC_LSB) | ((uint32_t)lrun << DC_UMODE_LRUN_LSB) |
         ((uint32_t)frz << DC_UMODE_FRZ_LSB);
}
inline uint32_t emq(uint32_t em, uint32_t eq) { return (em << DC_C_EMQ_EM_LSB) | (eq << DC_C_EMQ_EQ_LSB); }
inline uint32_t cctl(int run, int mode, int dsel, int lrst = 0, int uen = 0) {
  return ((uint32_t)run << DC_CCTL_RUN_LSB) | ((uint32_t)mode << DC_CCTL_MODE_LSB) |
         ((uint32_t)dsel << DC_CCTL_DSEL_LSB) | ((uint32_t)lrst << DC_CCTL_LRST_LSB) |
         ((uint32_t)uen << DC_CCTL_UEN_LSB);
}

// Independent event bookkeeping of the bench: per (unit, thread, class,
// sub-event) number of injected events while counting is known to be on.
struct Book {
  int nu, nt, ncls;            // ncls: the class stride of h.ev
  std::vector<int> nc;         // classes of unit u
  std::vector<uint64_t> sub;   // [((u*nt + t)*ncls + c)*16 + s]
  explicit Book(Harness &h) : nu(h.nu), nt(h.nt), ncls(h.ncls), nc(h.nu), sub((size_t)h.nu * h.nt * h.ncls * 16, 0) {
    for (int u = 0; u < nu; u++) nc[u] = h.nc(u);
  }
  void add(const std::vector<uint16_t> &ev) {
    for (size_t i = 0; i < ev.size(); i++) {
      uint16_t v = ev[i];
      while (v) { int s = __builtin_ctz(v); sub[i * 16 + s]++; v &= v - 1; }
    }
  }
  // expected count of a counter with EQ all ones: TC=1 all threads, else thread k%nt
  uint64_t expect(int u, int k, int es, uint32_t em, int tc) const {
    uint64_t e = 0;
    if (es >= nc[u]) return 0;
    for (int t = 0; t < nt; t++) {
      if (!tc && t != k % nt) continue;
      for (int s = 0; s < 16; s++)
        if ((em >> s) & 1) e += sub[((size_t)u * nt * ncls + t * ncls + es) * 16 + s];
    }
    return e;
  }
};

inline void set_all_events(Harness &h, bool on) {
  for (int u = 0; u < h.nu; u++)
    for (int e = 0; e < h.nt * h.ncls; e++)
      h.ev[(size_t)u * h.nt * h.ncls + e] = on ? (uint16_t)((1u << h.nsub(u)) - 1) : 0;
}

inline void program_all(Harness &h, int es, bool tc) {
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  for (int u = 0; u < h.nu; u++)
    for (int k = 0; k < h.nctr(u); k++) {
      h.wr(DC_UNIT_CEMQ(u, k), emq((1u << h.nsub(u)) - 1, eqall));
      h.wr(DC_UNIT_CCTL(u, k), ctl(es, 1, 0, tc));
    }
}

inline void drain(Harness &h) { h.idle(2 * h.cfg.frame + 2 * h.nu + 20); }

// ------------------------------------------------- the tests (tb/dc/<concern>.cpp)
// maxrate.cpp: --test maxrate
void test_maxrate(Harness &h, long cycles);
// random.cpp: --test random (with the seed 002 mechanism changes and coverage)
void test_random(Harness &h, long cycles);
// speed.cpp: --test bench (cycles/s table)
void bench(Harness &h, long cyc);
// directed.cpp: start/stop synchrony, near overflow, accumulate, detailed
// mode, local reset, re-selection under steady inputs
void test_sync(Harness &h);
void test_nov(Harness &h);
void test_detailed(Harness &h, int U);
void test_acc(Harness &h);
void test_lrst(Harness &h);
void test_reconf(Harness &h);
// bus_rules.cpp: errors, reserved bits, 64-bit atomic access, privilege
void test_bus(Harness &h);
// reliability.cpp: SECDED and chain parity faults (ERRINJ)
void test_rel(Harness &h);
// mechanisms.cpp: seed 002 edge/level/polarity, per-unit start/stop opt-in,
// freeze on the near-overflow interrupt, accumulate of selected counters
void test_elp(Harness &h);
void test_usync(Harness &h);
void test_freeze(Harness &h);
void test_accsel(Harness &h);
// coverage.cpp (holes of make coverage)
void test_cov(Harness &h);
void test_elpall(Harness &h);
void test_uirqall(Harness &h);
void test_errcnt(Harness &h);
