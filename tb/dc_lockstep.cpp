// dc_lockstep: Verilator lockstep tests of the distributed counter system
// (rtl/dc_top.v vs cmodel/dc_model.c, compared every cycle by dc_harness.h).
//   --test maxrate   every local counter at its maximum event rate for
//                    --cycles cycles with SRAM MMIO reads during the traffic;
//                    64-bit totals == events injected (counted by this bench)
//   --test random    constrained-random registers, events and bus traffic
//   --test bench     cycles/s table: Verilator, C model, lockstep
//   --test directed  start/stop synchrony, near-overflow arming + interrupt
//                    (latency measured), detailed mode, accumulate, bus
//                    rules (errors, reserved bits, 64-bit atomic access),
//                    re-selection (CTL/EMQ/CPL) under steady event inputs,
//                    reliability: single / double SRAM bit faults and chain
//                    parity faults injected (ERRINJ) at random cycles under
//                    maximum-rate traffic, every SRAM counter checked;
//                    seed 002 edge/level/polarity, per-unit start/stop
//                    opt-in, freeze on the near-overflow interrupt,
//                    accumulate of selected counters; coverage holes:
//                    every INV/EDGE/DGSEL bit of every unit, every UIRQ
//                    bit, the error counters past 2^15 (tb/dc/coverage.cpp)
// Last line: "N passed, N failed"; exit status non-zero on failure.
// Tests: tb/dc/*.cpp (one file per concern), shared helpers tb/dc/dc_tests.h.
#include "dc/dc_tests.h"

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  Args a(argc, argv, 1000000);
  Harness h(a.seed);
  printf("dc_lockstep: test %s, seed %llu (rerun with --seed %llu), NP=%d NL=%d FRAME=%d\n", a.test.c_str(),
         (unsigned long long)a.seed, (unsigned long long)a.seed, h.cfg.np, h.cfg.nl, h.cfg.frame);
  if (!a.vec.empty() && !(h.vec = fopen(a.vec.c_str(), "w"))) { printf("cannot write %s\n", a.vec.c_str()); return 2; }
  h.idle(5);
  if (a.test == "maxrate") test_maxrate(h, a.cycles);
  else if (a.test == "random") test_random(h, a.cycles);
  else if (a.test == "bench") bench(h, a.cycles);
  else if (a.test == "directed") {
    test_bus(h);
    test_sync(h);
    test_nov(h);
    test_acc(h);
    test_detailed(h, 3 < h.cfg.np ? 3 : 0);                   // a core-type unit
    if (h.cfg.nl > 0) test_detailed(h, h.cfg.np + h.cfg.nl - 1);  // a cache-type unit
    test_lrst(h);
    test_reconf(h);
    if (h.cfg.ecc) test_rel(h);    // ECC=0: no detection to test (lockstep still compares all)
    test_elp(h);
    test_usync(h);
    test_freeze(h);
    test_accsel(h);
    test_cov(h);                    // holes of the code coverage (tb/dc/coverage.cpp)
    test_elpall(h);                 // ... every INV/EDGE bit and DGSEL select of every unit
    test_uirqall(h);                // ... every UIRQ bit and unit line; NOVCNT to 1024
    test_errcnt(h);                 // ... CECNT/UECNT/PARCNT past 2^15, cleared (ECC=1)
  } else { printf("unknown --test\n"); return 2; }
  check(h.fails == 0, "lockstep RTL == model every cycle", "(%lld mismatches)%lld", h.fails, 0);
  printf("%d passed, %d failed\n", passed, failed);
  fflush(stdout);
  // Verilator 5.006 can deadlock destroying a second model/context: skip teardown
  // (but complete the waveform file of a WAVES=1 build and the --vec file:
  // _Exit flushes no stdio buffer)
  h.waves.close();
  if (h.vec) { fprintf(h.vec, "# %ld cycles\n", h.vec_lines); fclose(h.vec); h.vec = nullptr; }
  std::_Exit(failed ? 1 : 0);
}
