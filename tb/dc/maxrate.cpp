// dc_lockstep --test maxrate: every local counter at its maximum event rate.
// Shared helpers and the test declarations: tb/dc/dc_tests.h; main(): tb/dc_lockstep.cpp.
#include "dc_tests.h"

// ----------------------------------------------------------------- maxrate
struct MaxCtx { bool on; long window; };
static void maxrate_cb(Harness &h, void *p) {
  MaxCtx *c = (MaxCtx *)p;
  set_all_events(h, c->on);
  if (c->on) c->window++;
}

void test_maxrate(Harness &h, long cycles) {
  MaxCtx c{false, 0};
  h.percycle = maxrate_cb; h.pcarg = &c;
  program_all(h, 1, true);
  for (int i = 0; i < h.nu * h.nt; i++) h.cpl[i] = (uint8_t)h.rng.below(4);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  h.idle(h.nu + 10);                      // RUN applied everywhere
  c.on = true;
  long start = (long)h.cyc, reads = 0, maxw = 0, bad_mono = 0;
  std::vector<uint64_t> last((size_t)h.m->ncnt, 0);
  while ((long)h.cyc - start < cycles) {
    h.idle(200 + h.rng.below(200));
    // MMIO read of a random local-unit SRAM counter during the traffic
    int u = h.rng.below(h.nu), k = h.rng.below(h.nctr(u));
    int i = dc_unit_first_counter(h.m, u) + k;
    int w = 0;
    uint64_t lo = h.xfer(false, DC_SRAM_LO(i), 0, nullptr, 15, &w);
    uint64_t v = lo | ((uint64_t)h.rd(DC_SRAM_HI(i)) << 32);
    uint64_t inj = (uint64_t)c.window * h.nt * h.nsub(u);
    if (v < last[i] || v > inj) bad_mono++;
    last[i] = v;
    if (w > maxw) maxw = w;
    reads++;
  }
  c.on = false;
  long window = c.window;
  h.idle(h.cfg.frame + h.nu + 10);       // residues transferred while still running
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  drain(h);
  long bad = 0, badlocal = 0;
  for (int u = 0; u < h.nu; u++)
    for (int k = 0; k < h.nctr(u); k++) {
      uint64_t v = h.rd64(DC_SRAM_LO(dc_unit_first_counter(h.m, u) + k));
      uint64_t exp = (uint64_t)window * h.nt * h.nsub(u);
      if (v != exp) {
        if (bad < 5) printf("unit %d counter %d: SRAM %llu, injected %llu\n", u, k, (unsigned long long)v,
                            (unsigned long long)exp);
        bad++;
      }
      if (h.rd(DC_UNIT_CCNT(u, k)) != 0) badlocal++;
    }
  h.percycle = nullptr;
  printf("maxrate: %ld cycles at max rate on %d counters, %ld MMIO reads during traffic (max %ld wait states)\n",
         window, h.m->u[0].nctr * h.cfg.np + h.cfg.nl * h.cfg.ncl, reads, maxw, 0L);
  check(bad == 0, "maxrate totals == injected events", "(%lld counters differ)%lld", bad, 0);
  check(badlocal == 0, "maxrate local counters drained", "(%lld)%lld", badlocal, 0);
  check(bad_mono == 0, "maxrate MMIO reads monotonic and <= injected", "(%lld)%lld", bad_mono, 0);
  check(maxw >= 1 && maxw <= 3, "maxrate SRAM read wait states 1..3", "(max %lld)%lld", maxw, 0);
  check(window >= cycles, "maxrate window length", "(%lld < %lld)", window, cycles);
}
