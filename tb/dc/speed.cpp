// dc_lockstep --test bench: cycles/s of Verilator, the C model and lockstep.
// Shared helpers and the test declarations: tb/dc/dc_tests.h; main(): tb/dc_lockstep.cpp.
#include "dc_tests.h"

// ------------------------------------------------------------------- bench
// process CPU time, not wall time: the machine is shared, and all three
// simulators are single-threaded, so CPU seconds compare them fairly
static double now() {
  return (double)std::clock() / CLOCKS_PER_SEC;
}
void bench(Harness &h, long cyc) {
  Args a(0, nullptr, cyc);
  a.cycles = cyc; a.seed = h.seed;
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  for (int u = 0; u < h.nu; u++)
    for (int k = 0; k < h.nctr(u); k++) {
      h.wr(DC_UNIT_CEMQ(u, k), (((1u << h.nsub(u)) - 1) << DC_C_EMQ_EM_LSB) | (eqall << DC_C_EMQ_EQ_LSB));
      h.wr(DC_UNIT_CCTL(u, k), (1u << DC_C_CTL_EN_LSB) | (1u << DC_C_CTL_TC_LSB));
    }
  h.wr(DC_REG_CCTL, 1u << DC_CCTL_RUN_LSB);
  for (int u = 0; u < h.nu; u++)
    for (int e = 0; e < h.nt * h.ncls; e++) h.ev[(size_t)u * h.nt * h.ncls + e] = (uint16_t)((1u << h.nsub(u)) - 1);
  h.idle(1000);
  long n = a.cycles;
  // Verilator alone
  h.drive();
  double t0 = now();
  for (long i = 0; i < n; i++) {
    h.top->clk_i = 0; h.top->eval();
    h.top->clk_i = 1; h.top->eval();
  }
  double tv = now() - t0;
  // C model alone (10x the cycles: at >1M cycles/s, n cycles take too
  // little time for a stable figure)
  dc_apb_out_t o;
  long nm = 10 * n;
  t0 = now();
  for (long i = 0; i < nm; i++) dc_model_step(h.m, h.ev.data(), h.cpl.data(), &h.apb, &o);
  double tm = now() - t0;
  // lockstep (both re-synchronised: fresh harness)
  Harness &l = *new Harness(a.seed);   // not destroyed: see the end of main()
  for (int u = 0; u < l.nu; u++)
    for (int e = 0; e < l.nt * l.ncls; e++) l.ev[(size_t)u * l.nt * l.ncls + e] = h.ev[(size_t)u * h.nt * h.ncls + e];
  long nl = n / 4;
  t0 = now();
  l.idle(nl);
  double tl = now() - t0;
  // one table, all rows measured in this run; last column: speed relative
  // to the Verilated RTL (the C model's speed-up over Verilator)
  double rv = n / tv;
  printf("| simulator (reference config: %d units, %d local counters, FRAME %d) | cycles | CPU seconds | cycles/s | x Verilator |\n",
         h.nu, h.cfg.np * h.cfg.ncp + h.cfg.nl * h.cfg.ncl, h.cfg.frame);
  printf("|---|---:|---:|---:|---:|\n");
  printf("| Verilator 5.006 (-O3), dc_top | %ld | %.2f | %.0f | 1.0 |\n", n, tv, rv);
  printf("| C model (cmodel/dc_model.c, -O2) | %ld | %.2f | %.0f | %.1f |\n", nm, tm, nm / tm, (nm / tm) / rv);
  printf("| lockstep RTL + model + full state compare | %ld | %.2f | %.0f | %.2f |\n", nl, tl, nl / tl,
         (nl / tl) / rv);
  check(l.fails == 0, "bench lockstep");
}
