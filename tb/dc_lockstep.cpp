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
//                    accumulate of selected counters
// Last line: "N passed, N failed"; exit status non-zero on failure.
#include <array>
#include <ctime>
#include "dc_harness.h"

static int passed = 0, failed = 0;
static void check(bool ok, const char *name, const char *fmt = "", long long a = 0, long long b = 0) {
  if (ok) passed++;
  else {
    failed++;
    printf("FAIL %s ", name);
    printf(fmt, a, b);
    printf("\n");
  }
}

static uint32_t ctl(int es, int en, int ie, int tc) {
  return ((uint32_t)es << DC_C_CTL_ES_LSB) | ((uint32_t)en << DC_C_CTL_EN_LSB) |
         ((uint32_t)ie << DC_C_CTL_IE_LSB) | ((uint32_t)tc << DC_C_CTL_TC_LSB);
}
// seed 002 mechanisms: UMODE (start/stop source, freeze)
static uint32_t umode(int sync, int lrun, int frz) {
  return ((uint32_t)sync << DC_UMODE_SYNC_LSB) | ((uint32_t)lrun << DC_UMODE_LRUN_LSB) |
         ((uint32_t)frz << DC_UMODE_FRZ_LSB);
}
static uint32_t emq(uint32_t em, uint32_t eq) { return (em << DC_C_EMQ_EM_LSB) | (eq << DC_C_EMQ_EQ_LSB); }
static uint32_t cctl(int run, int mode, int dsel, int lrst = 0, int uen = 0) {
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

static void set_all_events(Harness &h, bool on) {
  for (int u = 0; u < h.nu; u++)
    for (int e = 0; e < h.nt * h.ncls; e++)
      h.ev[(size_t)u * h.nt * h.ncls + e] = on ? (uint16_t)((1u << h.nsub(u)) - 1) : 0;
}

static void program_all(Harness &h, int es, bool tc) {
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  for (int u = 0; u < h.nu; u++)
    for (int k = 0; k < h.nctr(u); k++) {
      h.wr(DC_UNIT_CEMQ(u, k), emq((1u << h.nsub(u)) - 1, eqall));
      h.wr(DC_UNIT_CCTL(u, k), ctl(es, 1, 0, tc));
    }
}

static void drain(Harness &h) { h.idle(2 * h.cfg.frame + 2 * h.nu + 20); }

// ----------------------------------------------------------------- maxrate
struct MaxCtx { bool on; long window; };
static void maxrate_cb(Harness &h, void *p) {
  MaxCtx *c = (MaxCtx *)p;
  set_all_events(h, c->on);
  if (c->on) c->window++;
}

static void test_maxrate(Harness &h, long cycles) {
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

// ------------------------------------------------------------------ random
struct RandCtx { int density; };
static void random_cb(Harness &h, void *p) {
  RandCtx *c = (RandCtx *)p;
  if (h.rng.chance(2)) c->density = h.rng.below(101);
  for (int u = 0; u < h.nu; u++)
    for (int e = 0; e < h.nt * h.ncls; e++) {
      uint16_t v = 0;
      int ns = h.nsub(u);
      if (h.rng.below(100) < (unsigned)c->density) v = (uint16_t)(h.rng.next() & ((1u << ns) - 1));
      if (h.rng.chance(c->density / 2)) v = (uint16_t)((1u << ns) - 1);
      h.ev[(size_t)u * h.nt * h.ncls + e] = v;
    }
  if (h.rng.chance(5)) { int i = h.rng.below(h.nu * h.nt); h.cpl[i] = (uint8_t)h.rng.below(4); }
}

static uint32_t rand_addr(Harness &h) {
  int u = h.rng.below(h.nu + 1);
  switch (h.rng.below(8)) {
    case 0: return 4 * h.rng.below(h.rng.chance(50) ? 12 : 28);   // central registers, reliability ones included
    case 1: return DC_SRAM_LO(h.rng.below(h.m->ncnt + 2));
    case 2: return DC_SRAM_HI(h.rng.below(h.m->ncnt));
    case 3: return DC_UNIT_BASE + u * DC_UNIT_STRIDE + 4 * h.rng.below(5);
    case 4: return DC_UNIT_CCNT(u, h.rng.below(25)) - 8 + 4 * h.rng.below(4);
    case 5: return h.rng.below(0x10000) & ~3u;
    case 6: return h.rng.below(0x10000);
    default: return DC_SRAM_LO(h.rng.below(h.m->ncnt));
  }
}

struct MechCov;
static void random_mech(Harness &h, MechCov &cv);
static void random_mech_check(Harness &h, MechCov &cv);
static MechCov *mech_cov_new();
static void test_random(Harness &h, long cycles) {
  RandCtx c{50};
  MechCov *mcov = mech_cov_new();
  h.percycle = random_cb; h.pcarg = &c;
  long n_ce = 0, n_ue = 0, n_par = 0;
  long n_user = 0, n_err = 0, n_irq = 0, n_nov = 0, n_mode = 0, n_acc = 0, n_ser = 0, n_wait = 0;
  int last_mode = 0;
  uint16_t last_nov = h.m->novcnt;
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  // a configuration that counts a lot, then random changes
  program_all(h, 0, true);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  long start = (long)h.cyc;
  while ((long)h.cyc - start < cycles) {
    int op = h.rng.below(100);
    bool e = false;
    if (op < 25) {
      h.idle(1 + h.rng.below(60));
    } else if (op < 40) {             // local counter configuration
      int u = h.rng.below(h.nu), k = h.rng.below(h.nctr(u));
      if (h.rng.chance(50)) h.wr(DC_UNIT_CCTL(u, k), (uint32_t)h.rng.next() & (h.rng.chance(70) ? 0x1303u : ~0u));
      else h.wr(DC_UNIT_CEMQ(u, k), h.rng.chance(50) ? emq(0xFFFF, eqall) : (uint32_t)h.rng.next());
    } else if (op < 45) {             // unit registers
      int u = h.rng.below(h.nu);
      int r = h.rng.below(3);
      h.wr(DC_UNIT_BASE + u * DC_UNIT_STRIDE + 4 * r, (uint32_t)h.rng.next() & (r == 0 ? 0x3u : ~0u));
    } else if (op < 50) {             // run / mode / local reset
      int mode = h.rng.chance(30);
      int dsel = h.rng.chance(90) ? (int)h.rng.below(h.nu) : (int)h.rng.below(64);
      h.wr(DC_REG_CCTL, cctl(h.rng.chance(85), mode, dsel, h.rng.chance(3), h.rng.chance(50)));
    } else if (op < 55) {             // near-overflow threshold near the current values
      int u = h.rng.below(h.nu);
      int i = dc_unit_first_counter(h.m, u) + (int)h.rng.below(h.nctr(u));
      uint64_t thr = h.m->mem[i / 4][i % 4] + h.rng.below(3000);
      h.wr64(DC_REG_NOV_LO, thr);
      h.wr(DC_REG_NOVCTL, h.rng.chance(80));
    } else if (op < 58) {             // accumulate
      int ng = h.m->ng + (h.rng.chance(10) ? 2 : 0);
      uint32_t v = (h.rng.below(ng) << DC_ACC_A_LSB) | (h.rng.below(ng) << DC_ACC_B_LSB) |
                   (h.rng.below(ng) << DC_ACC_C_LSB) | (1u << DC_ACC_GO_LSB);
      h.wr(DC_REG_ACC, v, &e);
      if (!e) n_acc++;
    } else if (op < 62) {             // reliability: arm a random fault, or clear
      int r = h.rng.below(10);
      if (r < 7) {
        unsigned b0 = h.rng.below(r < 5 ? 72 : 128), b1 = h.rng.chance(50) ? h.rng.below(128) : 0x7Fu;
        h.wr(DC_REG_ERRINJ, (b0 << DC_ERRINJ_B0_LSB) | (b1 << DC_ERRINJ_B1_LSB) | (h.rng.below(4) << DC_ERRINJ_LANE_LSB) |
                            ((uint32_t)(r < 5) << DC_ERRINJ_SRAM_LSB) | ((uint32_t)(r >= 4) << DC_ERRINJ_FLIT_LSB));
      } else if (r < 9) h.wr(DC_REG_ERRSTAT, (uint32_t)h.rng.next());
      else h.wr(DC_REG_ERRCTL, (uint32_t)h.rng.next());
    } else if (op < 70) {             // SRAM write
      int i = h.rng.below(h.m->ncnt);
      h.wr64(DC_SRAM_LO(i), h.rng.next() >> h.rng.below(64));
    } else {                          // reads / random accesses
      uint32_t a = rand_addr(h);
      bool wr = h.rng.chance(15);
      int w = 0;
      // PPROT: mostly privileged; unprivileged (bit 0 clear) accesses must
      // answer PSLVERR without effect except SRAM counter reads with UEN=1
      unsigned prot = h.rng.chance(75) ? (1u | (h.rng.below(4) << 1)) : (h.rng.below(4) << 1);
      if (!(prot & 1)) n_user++;
      h.xfer(wr, a, (uint32_t)h.rng.next(), &e, h.rng.chance(95) ? 15 : h.rng.below(16), &w, prot);
      if (w) n_wait++;
    }
    random_mech(h, *mcov);
    if (e) n_err++;
    n_nov += (uint16_t)(h.m->novcnt - last_nov);
    last_nov = h.m->novcnt;
    for (int u = 0; u < h.nu; u++) if (h.m->u[u].uirq) { n_irq++; break; }
    if (h.m->mode_q != last_mode) { n_mode++; last_mode = h.m->mode_q; }
    if (h.m->s1_kind == 1 && h.m->inj.mode) n_ser++;
    if (h.m->errstat & 1) n_ce++;
    if (h.m->errstat & 2) n_ue++;
    if (h.m->errstat & 4) n_par++;
    if (h.fails) break;
  }
  h.percycle = nullptr;
  printf("random: %ld cycles, seed %llu: bus errors %ld, SRAM waits %ld, nov packets %ld, irq seen %ld, mode "
         "changes %ld, accumulates %ld, mode-1 SRAM adds %ld\n",
         (long)h.cyc - start, (unsigned long long)h.seed, n_err, n_wait, n_nov, n_irq, n_mode, n_acc, n_ser);
  printf("random: reliability status seen after %ld / %ld / %ld operations (CE / UE / PAR)\n", n_ce, n_ue, n_par);
  check(h.fails == 0, "random lockstep", "(%lld mismatches)%lld", h.fails, 0);
  if (h.cfg.ecc)
    check(n_ce > 0 && n_ue > 0 && n_par > 0, "random coverage goals (corrected, uncorrectable, parity errors)");
  else
    check(n_ce == 0 && n_ue == 0 && n_par == 0, "ECC=0: no reliability status ever set");
  check(n_err > 0 && n_wait > 0 && n_nov > 0 && n_irq > 0 && n_mode > 0 && n_acc > 0 && n_user > 0,
        "random coverage goals (errors, waits, nov, irq, mode change, accumulate, unprivileged)");
  random_mech_check(h, *mcov);
}

// ------------------------------------------------------------------- bench
// process CPU time, not wall time: the machine is shared, and all three
// simulators are single-threaded, so CPU seconds compare them fairly
static double now() {
  return (double)std::clock() / CLOCKS_PER_SEC;
}
static void bench(Harness &h, long cyc) {
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

// ---------------------------------------------------------------- directed
static void test_sync(Harness &h) {
  // start/stop synchrony: every unit starts on the same global cycle and
  // counts for exactly the number of cycles between the RUN writes.
  set_all_events(h, true);
  program_all(h, 2, true);
  uint64_t t_start_wr = h.cyc + 1;   // the access-phase edge of the write below
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  std::vector<long> first(h.nu, -1);
  for (int i = 0; i < 3 * h.nu; i++) {
    h.step();
    for (int u = 0; u < h.nu; u++)
      if (first[u] < 0 && h.m->u[u].c[0].cnt != 0) first[u] = (long)h.cyc;
  }
  bool same = true;
  for (int u = 0; u < h.nu; u++) same &= first[u] == first[0] && first[u] > 0;
  long lat = first[0] - (long)t_start_wr;
  printf("sync: RUN write edge at cycle %llu, every unit's first increment at cycle %ld (latency %ld cycles)\n",
         (unsigned long long)t_start_wr, first[0], lat);
  check(same, "start applied by all units on the same cycle");
  h.idle(1000 + h.rng.below(500));
  uint64_t t_stop_wr = h.cyc + 1;
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  drain(h);
  long run = (long)(t_stop_wr - t_start_wr);
  long bad = 0;
  for (int u = 0; u < h.nu; u++)
    for (int k = 0; k < h.nctr(u); k++) {
      uint64_t v = h.rd64(DC_SRAM_LO(dc_unit_first_counter(h.m, u) + k));
      if (v != (uint64_t)run * h.nt * h.nsub(u)) bad++;
    }
  printf("sync: RUN held for %ld cycles; every counter counted exactly %ld cycles x its max increment\n", run, run);
  check(bad == 0, "stop applied by all units on the same cycle (totals == run cycles x rate)", "(%lld bad)%lld", bad, 0);
  set_all_events(h, false);
}

static void test_nov(Harness &h) {
  const int U = 5 < h.cfg.np ? 5 : h.cfg.np - 1;   // a core-type unit (32 events/cycle)
  // the counters of the unit's first SRAM word (NCP may be < 4) and the IE
  // counter among them (counter 1; counter 0 when NCP=1)
  const int nw = h.nctr(U) < 4 ? h.nctr(U) : 4, K = nw > 1 ? 1 : 0;
  const uint32_t kbit = 1u << K, wmask = (1u << nw) - 1;
  set_all_events(h, false);
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  for (int k = 0; k < nw; k++) {
    h.wr(DC_UNIT_CEMQ(U, k), emq(0xFFFF, eqall));
    h.wr(DC_UNIT_CCTL(U, k), ctl(0, 1, k == K, 1));
  }
  int i0 = dc_unit_first_counter(h.m, U);
  uint64_t base = h.m->mem[i0 / 4][K];
  uint64_t thr = base + 5000;
  h.wr64(DC_REG_NOV_LO, thr);
  check(h.rd64(DC_REG_NOV_LO) == thr, "NOV threshold 64-bit write/read");
  h.wr(DC_UNIT_UCTL(U), 4);              // local overflow = crossing a multiple of 16
  h.wr(DC_REG_NOVCTL, 1);
  uint32_t nov0 = h.rd(DC_REG_NOVCNT);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  for (int u = 0; u < h.nu * h.nt; u++) h.cpl[u] = 3;
  for (int e = 0; e < h.nt * h.ncls; e++) h.ev[(size_t)U * h.nt * h.ncls + e] = (uint16_t)((1u << h.nsub(U)) - 1);
  long t_cross = -1, t_arm = -1, t_irq = -1;
  bool other_irq = false;
  for (long i = 0; i < 20000 && t_irq < 0; i++) {
    h.step();
    if (t_cross < 0 && h.m->mem[i0 / 4][K] >= thr) t_cross = (long)h.cyc;
    if (t_arm < 0 && ((h.m->u[U].arm >> K) & 1)) t_arm = (long)h.cyc;
    if (t_irq < 0 && ((h.top->irq_o >> U) & 1)) t_irq = (long)h.cyc;
    for (int u = 0; u < h.nu; u++) if (u != U && ((h.top->irq_o >> u) & 1)) other_irq = true;
  }
  set_all_events(h, false);
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  printf("nov: SRAM counter crossed the threshold at cycle %ld, unit %d armed at %ld (+%ld), irq at %ld "
         "(+%ld from the crossing)\n", t_cross, U, t_arm, t_arm - t_cross, t_irq, t_irq - t_cross);
  check(t_cross > 0 && t_arm > t_cross && t_irq >= t_arm, "near-overflow: crossing -> arm -> irq");
  check(t_arm - t_cross == U + 1, "near-overflow arm latency = chain position + 1", "(%lld vs %lld)", t_arm - t_cross, U + 1);
  check(t_irq - t_arm == 1, "armed counter interrupts on its next local overflow (OVB=4, 32 events/cycle)");
  check(!other_irq, "near-overflow: no other unit interrupts");
  check(h.rd(DC_UNIT_UIRQ(U)) == kbit, "near-overflow: UIRQ names only the IE counter", "(0x%llx)%lld", h.rd(DC_UNIT_UIRQ(U)), 0);
  check((h.rd(DC_UNIT_UARM(U)) & 0xF) == (wmask & ~kbit), "near-overflow: the other counters of the word stay armed",
        "(0x%llx)%lld", h.rd(DC_UNIT_UARM(U)), 0);
  check(h.rd(DC_REG_UIRQ0) == (1u << U), "UIRQ0 shows the unit line");
  check(h.rd(DC_REG_NOVCNT) != nov0, "NOVCNT counts packets");
  h.wr(DC_UNIT_UIRQ(U), kbit);
  h.idle(2);
  check(((h.top->irq_o >> U) & 1) == 0, "UIRQ W1C drops the interrupt");
  h.wr(DC_UNIT_UARM(U), 0xF);
  h.wr(DC_REG_NOVCTL, 0);
  drain(h);
}

struct DetCtx { Book *book; int U; bool on; };
static void det_cb(Harness &h, void *p) {
  DetCtx *c = (DetCtx *)p;
  for (int e = 0; e < h.nt * h.ncls; e++)
    h.ev[(size_t)c->U * h.nt * h.ncls + e] = c->on ? (uint16_t)(h.rng.next() & ((1u << h.nsub(c->U)) - 1)) : 0;
  if (c->on) c->book->add(h.ev);
}

// Detailed mode (seed 002 lines 62, 82, 90) on unit U: its local counters
// via the serial bit, and its events through the 12 event groups (groups
// 0-7 of 8 bits, 8-11 of 7, a window select each in DGSEL0/1: raw bit j =
// the unit's event 92*G + j, l = e*NSUB + s) with random selects
static void test_detailed(Harness &h, int U) {
  Book book(h);
  DetCtx c{&book, U, false};
  set_all_events(h, false);
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  std::vector<int> es(h.nctr(U)), tc(h.nctr(U));
  std::vector<uint32_t> em(h.nctr(U));
  for (int k = 0; k < h.nctr(U); k++) {
    es[k] = h.rng.below(h.nc(U)); tc[k] = h.rng.chance(50); em[k] = (uint32_t)h.rng.next() & 0xFFFF;
    h.wr(DC_UNIT_CEMQ(U, k), emq(em[k], eqall));
    h.wr(DC_UNIT_CCTL(U, k), ctl(es[k], 1, 0, tc[k]));
  }
  int first = dc_unit_first_counter(h.m, U);
  std::vector<uint64_t> before(h.nctr(U));
  for (int k = 0; k < h.nctr(U); k++) before[k] = h.rd64(DC_SRAM_LO(first + k));
  // random window selects; only the stored DGW bits read back
  const int nev = h.nt * h.nc(U) * h.nsub(U);
  const unsigned dgm = h.m->u[U].dgm;
  uint32_t d0 = (uint32_t)h.rng.next(), d1 = (uint32_t)h.rng.next() & 0xFFFF;
  h.wr(DC_UNIT_DGSEL0(U), d0);
  h.wr(DC_UNIT_DGSEL1(U), d1);
  int dg[12];
  uint32_t r0 = 0, r1 = 0;
  for (int gr = 0; gr < 12; gr++) {
    dg[gr] = (int)(((gr < 8 ? d0 >> (4 * gr) : d1 >> (4 * (gr - 8)))) & dgm);
    (gr < 8 ? r0 : r1) |= (uint32_t)dg[gr] << (4 * (gr % 8));
  }
  check(h.rd(DC_UNIT_DGSEL0(U)) == r0 && h.rd(DC_UNIT_DGSEL1(U)) == r1,
        "detailed: DGSEL reads back the stored select bits (others 0)");
  int rawc = 4 * h.m->raww;   // first raw-event SRAM counter
  std::vector<uint64_t> rawb(DC_RAW_EVENTS);
  for (int r = 0; r < (int)DC_RAW_EVENTS; r++) rawb[r] = h.rd64(DC_SRAM_LO(rawc + r));
  h.percycle = det_cb; h.pcarg = &c;
  h.wr(DC_REG_CCTL, cctl(1, 1, U));
  long polls = 0;
  while (((h.rd(DC_REG_CSTAT) >> DC_CSTAT_PEND_LSB) & 1) && polls < 10000) polls++;
  check((h.rd(DC_REG_CSTAT) >> DC_CSTAT_MODE_LSB) & 1, "detailed mode applied");
  h.idle(h.nu + 10);
  c.on = true;
  h.idle(5 * h.cfg.frame + 123);
  c.on = false;
  h.idle(h.nu + 10);
  h.wr(DC_REG_CCTL, cctl(0, 1, U));
  drain(h);
  h.wr(DC_REG_CCTL, cctl(0, 0, U));     // back to distributed mode: flushes everything
  drain(h);
  h.idle(h.cfg.frame);
  h.percycle = nullptr;
  long bad = 0, badraw = 0;
  for (int k = 0; k < h.nctr(U); k++) {
    uint64_t v = h.rd64(DC_SRAM_LO(first + k)) - before[k];
    if (v != book.expect(U, k, es[k], em[k], tc[k])) bad++;
  }
  uint64_t nraw = 0;
  int nreach = 0, nhigh = 0;   // raw bits carrying an event; events >= 92 among them
  for (int r = 0; r < (int)DC_RAW_EVENTS; r++) {
    uint64_t v = h.rd64(DC_SRAM_LO(rawc + r)) - rawb[r];
    int gr = r < 64 ? r / 8 : 8 + (r - 64) / 7;
    int l = (int)DC_RAW_EVENTS * dg[gr] + r;
    uint64_t exp = 0;
    if (l < nev) {
      int e = l / h.nsub(U);   // the unit's event t*nc + c
      exp = book.sub[(h.eb(U) + dc_model_ev_entry(e, h.nc(U), h.ncls)) * 16 + l % h.nsub(U)];
      nreach++;
      nhigh += l >= (int)DC_RAW_EVENTS;
    }
    if (v != exp) badraw++;
    nraw += exp;
  }
  printf("detailed: %s unit %d (%d events) owned the chain; %d local counters (serial bit) + %d raw events "
         "(%d of them >= event 92) = %d events; DGSEL %08x %04x; %llu raw events injected\n",
         U < h.cfg.np ? "core-type" : "cache-type", U, nev, h.nctr(U), nreach, nhigh, h.nctr(U) + nreach, r0, r1,
         (unsigned long long)nraw);
  check(bad == 0, "detailed: local counters via the serial bit == injected", "(%lld bad)%lld", bad, 0);
  check(badraw == 0, "detailed: 92 raw-event counters == the events their group windows select", "(%lld bad)%lld",
        badraw, 0);
  check(nraw > 0, "detailed: raw events injected");
  check(nreach == (nev < (int)DC_RAW_EVENTS ? nev : nreach), "detailed: a unit with <= 92 events sends all of them",
        "(%lld)%lld", nreach, nev);
  {   // seed 002: a cache-type unit of the reference ring sends all 32 L2 events in detailed mode
    const dc_cfg_t ref = DC_CFG_REF;
    if (U >= h.cfg.np && !memcmp(&ref, &h.cfg, sizeof ref))
      check(nreach == 32, "detailed: reference cache-type unit: the seed's 32 L2 events", "(%lld)%lld", nreach, 32);
  }
  h.wr(DC_UNIT_DGSEL0(U), 0);
  h.wr(DC_UNIT_DGSEL1(U), 0);
}

static void test_acc(Harness &h) {
  // traffic on every unit; A, B, C are the last three groups (raw-event
  // counters: in mode 0 the chain adds 0 to them, in any configuration)
  set_all_events(h, true);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  int A = h.m->ng - 3, B = h.m->ng - 1, C = h.m->ng - 2;
  std::vector<uint64_t> va(16), vb(16);
  for (int i = 0; i < 16; i++) {
    va[i] = h.rng.next(); vb[i] = h.rng.next();
    h.wr64(DC_SRAM_LO(16 * A + i), va[i]);
    h.wr64(DC_SRAM_LO(16 * B + i), vb[i]);
  }
  bool e1 = false, e2 = false;
  uint32_t go = (A << DC_ACC_A_LSB) | (B << DC_ACC_B_LSB) | (C << DC_ACC_C_LSB) | (1u << DC_ACC_GO_LSB);
  h.wr(DC_REG_ACC, go, &e1);
  h.wr(DC_REG_ACC, go, &e2);            // while busy -> error
  long polls = 0;
  while (((h.rd(DC_REG_CSTAT) >> DC_CSTAT_ACC_BUSY_LSB) & 1) && polls < 1000) polls++;
  long bad = 0;
  for (int i = 0; i < 16; i++) if (h.rd64(DC_SRAM_LO(16 * C + i)) != va[i] + vb[i]) bad++;
  check(!e1 && bad == 0, "accumulate: C = A + B during traffic", "(%lld bad)%lld", bad, 0);
  check(e2, "accumulate: GO while busy -> PSLVERR");
  // in place: B = B + A
  go = (A << DC_ACC_A_LSB) | (B << DC_ACC_B_LSB) | (B << DC_ACC_C_LSB) | (1u << DC_ACC_GO_LSB);
  h.wr(DC_REG_ACC, go, &e1);
  while (((h.rd(DC_REG_CSTAT) >> DC_CSTAT_ACC_BUSY_LSB) & 1)) {}
  bad = 0;
  for (int i = 0; i < 16; i++) if (h.rd64(DC_SRAM_LO(16 * B + i)) != va[i] + vb[i]) bad++;
  check(!e1 && bad == 0, "accumulate in place: B = A + B", "(%lld bad)%lld", bad, 0);
  h.wr(DC_REG_ACC, (uint32_t)(h.m->ng << DC_ACC_C_LSB) | (1u << DC_ACC_GO_LSB), &e1);
  check(e1, "accumulate: group >= NGROUPS -> PSLVERR");
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  set_all_events(h, false);
  drain(h);
}

static void test_bus(Harness &h) {
  bool e;
  check(h.rd(DC_REG_ID, &e) == DC_ID_VALUE && !e, "ID");
  uint32_t cfg = h.rd(DC_REG_CFG);
  check(((cfg >> DC_CFG_NP_LSB) & 63) == (uint32_t)h.cfg.np && ((cfg >> DC_CFG_NL_LSB) & 63) == (uint32_t)h.cfg.nl &&
            ((cfg >> DC_CFG_FRAME_LSB) & 2047) == (uint32_t)h.cfg.frame, "CFG");
  struct { uint32_t a; bool wr; unsigned strb; const char *n; } errs[] = {
      {0x0100, false, 15, "unmapped central"}, {0x0002, false, 15, "misaligned"},
      {DC_REG_CCTL, true, 3, "partial strobe"},
      {DC_UNIT_UCTL(h.nu), false, 15, "unit >= NU"},
      {DC_UNIT_CCTL(h.nu - 1, h.nctr(h.nu - 1)), false, 15, "counter >= NCTR"},
      {DC_UNIT_CCNT(0, 0) + 4, false, 15, "counter slot offset 0xC"},
      {DC_UNIT_BASE + 0x24, false, 15, "unit offset 0x24 (after ELP)"},
      {DC_SRAM_LO(h.m->ncnt), false, 15, "SRAM counter beyond the SRAM"},
      {0x7FFC, false, 15, "hole"},
  };
  for (auto &x : errs) {
    h.xfer(x.wr, x.a, 0xFFFFFFFF, &e, x.strb);
    check(e, x.n, "-> PSLVERR expected%lld%lld", 0, 0);
  }
  h.rd(DC_SRAM_LO(h.m->ncnt - 1), &e);
  check(!e, "last SRAM counter mapped");
  int un = h.nu - 1;
  h.wr(DC_UNIT_CCTL(un, 0), 0xFFFFFFFF);
  check(h.rd(DC_UNIT_CCTL(un, 0)) == ctl(63, 1, 1, 1), "reserved CTL bits read 0");
  for (int du : {0, un}) {   // ELPSEL 9 bits; ELP: NSUB bits per field, E >= NT*NCLS reads 0 and ignores writes
    uint32_t sm = (1u << h.nsub(du)) - 1, ng = (uint32_t)(h.nt * h.nc(du));
    h.wr(DC_UNIT_ELPSEL(du), 0xFFFFFFFF);
    check(h.rd(DC_UNIT_ELPSEL(du)) == 0x1FFu, "reserved ELPSEL bits read 0");
    h.wr(DC_UNIT_ELP(du), 0xFFFFFFFF);
    check(h.rd(DC_UNIT_ELP(du)) == 0u, "ELP of an event >= NT*NCLS reads 0");
    h.wr(DC_UNIT_ELPSEL(du), ng - 1);
    h.wr(DC_UNIT_ELP(du), 0xFFFFFFFF);
    check(h.rd(DC_UNIT_ELP(du)) == (sm << DC_ELP_INV_LSB | sm << DC_ELP_EDGE_LSB), "reserved ELP bits (>= NSUB) read 0");
    h.wr(DC_UNIT_ELP(du), 0);
    h.wr(DC_UNIT_ELPSEL(du), 0);
  }
  h.wr(DC_UNIT_UMODE(un), 0xFFFFFFFF);
  check(h.rd(DC_UNIT_UMODE(un)) == umode(1, 1, 1), "reserved UMODE bits read 0");
  h.wr(DC_UNIT_UMODE(un), umode(1, 0, 0));
  for (int du : {0, un}) {   // DGSEL: the DGW stored bits of each 4-bit select, the rest read 0
    uint32_t m4 = h.m->u[du].dgm;
    h.wr(DC_UNIT_DGSEL0(du), 0xFFFFFFFF);
    h.wr(DC_UNIT_DGSEL1(du), 0xFFFFFFFF);
    check(h.rd(DC_UNIT_DGSEL0(du)) == m4 * 0x11111111u && h.rd(DC_UNIT_DGSEL1(du)) == m4 * 0x1111u,
          "reserved DGSEL bits read 0", "(0x%llx)%lld", h.rd(DC_UNIT_DGSEL0(du)), m4);
    h.wr(DC_UNIT_DGSEL0(du), 0);
    h.wr(DC_UNIT_DGSEL1(du), 0);
  }
  h.wr(DC_UNIT_CEMQ(un, 0), 0xFFFFFFFF);
  check(h.rd(DC_UNIT_CEMQ(un, 0)) == emq((1u << h.nsub(un)) - 1, (1u << 2 * h.nt) - 1), "reserved EMQ bits read 0",
        "(0x%llx)%lld", h.rd(DC_UNIT_CEMQ(un, 0)), 0);
  h.wr(DC_UNIT_CCTL(un, 0), 0);
  h.wr(DC_UNIT_CEMQ(un, 0), 0);
  h.wr(DC_UNIT_UCTL(un), 0xFFFFFFFF);
  check(h.rd(DC_UNIT_UCTL(un)) == 0xF, "reserved UCTL bits read 0");
  h.wr(DC_UNIT_UCTL(un), 0);
  uint32_t ucfg = h.rd(DC_UNIT_UCFG(un));
  check(((ucfg >> DC_UCFG_NCTR_LSB) & 255) == (uint32_t)h.nctr(un) && ((ucfg >> DC_UCFG_LW_LSB) & 255) == (uint32_t)h.lw(un) &&
            ((ucfg >> DC_UCFG_ID_LSB) & 63) == (uint32_t)un, "UCFG");
  h.wr(DC_REG_CCTL, 0xFFFFFFFF & ~(1u << DC_CCTL_LRST_LSB) & ~(1u << DC_CCTL_MODE_LSB));
  check(h.rd(DC_REG_CCTL) == cctl(1, 0, 63, 0, 1), "reserved CCTL bits read 0, LRST reads 0", "(0x%llx)%lld", h.rd(DC_REG_CCTL), 0);
  h.wr(DC_REG_CCTL, 0);
  h.wr(DC_REG_ID, 0, &e);
  check(!e && h.rd(DC_REG_ID) == DC_ID_VALUE, "write to RO ignored");
  // 64-bit access rule
  int i = 16 * 2 + 5;
  h.wr64(DC_SRAM_LO(i), 0x123456789ABCDEF0ull);
  check(h.rd64(DC_SRAM_LO(i)) == 0x123456789ABCDEF0ull, "SRAM 64-bit write/read");
  uint32_t lo = h.rd(DC_SRAM_LO(i));
  h.wr64(DC_SRAM_LO(i), 0xAAAA0000BBBB0000ull);
  uint32_t hi = h.rd(DC_SRAM_HI(i));
  check(lo == 0x9ABCDEF0u && hi == 0x12345678u, "HI read returns the shadow latched by the LO read");
  h.wr(DC_SRAM_HI(i), 0x55);            // stage only
  check(h.rd64(DC_SRAM_LO(i)) == 0xAAAA0000BBBB0000ull, "HI write alone does not change the counter");
  h.wr(DC_SRAM_LO(i), 7);
  check(h.rd64(DC_SRAM_LO(i)) == 0x0000005500000007ull, "LO write commits {stage, LO}");
  h.wr(DC_SRAM_LO(i), 9);
  check(h.rd64(DC_SRAM_LO(i)) == 9ull, "LO write clears the stage");
  // privilege: PPROT[0]=0 is unprivileged. Every unprivileged access answers
  // PSLVERR and changes nothing, except SRAM counter reads while CCTL.UEN=1.
  h.wr64(DC_SRAM_LO(i), 0x0000000700000011ull);
  auto uwr = [&](uint32_t a, uint32_t d) { bool err; h.xfer(true, a, d, &err, 15, nullptr, 0); return err; };
  auto urd = [&](uint32_t a, bool *err) { return h.xfer(false, a, 0, err, 15, nullptr, 2); };
  check(uwr(DC_REG_NOVCTL, 1) && h.rd(DC_REG_NOVCTL) == 0, "unprivileged NOVCTL write: PSLVERR, no effect");
  check(uwr(DC_REG_CCTL, cctl(1, 0, 0, 0, 1)) && h.rd(DC_REG_CCTL) == 0, "unprivileged CCTL write: PSLVERR, no effect");
  check(uwr(DC_SRAM_HI(i), 0x99) && uwr(DC_SRAM_LO(i), 0x42) && h.rd64(DC_SRAM_LO(i)) == 0x0000000700000011ull,
        "unprivileged SRAM counter writes: PSLVERR, stage and counter unchanged");
  check(uwr(DC_UNIT_UCTL(un), 3) && h.rd(DC_UNIT_UCTL(un)) == 0, "unprivileged unit register write: PSLVERR, no effect");
  urd(DC_SRAM_LO(i), &e);
  check(e, "unprivileged SRAM counter read with UEN=0: PSLVERR");
  h.wr(DC_REG_CCTL, cctl(0, 0, 0, 0, 1));
  check(h.rd(DC_REG_CCTL) == cctl(0, 0, 0, 0, 1), "CCTL.UEN reads back");
  bool e2;
  uint32_t ulo = urd(DC_SRAM_LO(i), &e), uhi = urd(DC_SRAM_HI(i), &e2);
  check(!e && !e2 && ulo == 0x11u && uhi == 7u, "unprivileged SRAM counter LO/HI read with UEN=1",
        "(0x%llx)%lld", ((uint64_t)uhi << 32) | ulo, 0);
  urd(DC_REG_CSTAT, &e);
  check(e, "unprivileged read of a central register with UEN=1: PSLVERR");
  urd(DC_UNIT_CCNT(un, 0), &e);
  check(e, "unprivileged read of a local counter with UEN=1: PSLVERR");
  h.wr(DC_REG_CCTL, 0);
  h.wr64(DC_SRAM_LO(i), 0);
}

static void test_lrst(Harness &h) {
  set_all_events(h, true);
  program_all(h, 0, true);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  h.idle(h.cfg.frame / 2);
  h.wr(DC_REG_CCTL, cctl(0, 0, 0, 1));  // stop + local reset on the same global cycle
  h.idle(h.nu + 3);
  long nz = 0;
  for (int u = 0; u < h.nu; u++) for (int k = 0; k < h.nctr(u); k++) nz += h.m->u[u].c[k].cnt != 0;
  check(nz == 0, "LRST clears every local counter", "(%lld nonzero)%lld", nz, 0);
  set_all_events(h, false);
  drain(h);
}

static void test_reconf(Harness &h) {
  // Re-selection while counting under steady inputs: CTL/EMQ writes and CPL
  // changes while every event input holds a fixed pattern. The model caches
  // each counter's increment until its inputs or its selection change (the
  // RTL has no such cache); a stale cache shows up here as a local-counter
  // mismatch (the random test changes the events every cycle, so it would
  // not see one).
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  for (int u = 0; u < h.nu; u++)
    for (int e = 0; e < h.nt * h.ncls; e++)
      h.ev[(size_t)u * h.nt * h.ncls + e] = (uint16_t)(h.rng.next() & ((1u << h.nsub(u)) - 1));
  program_all(h, 0, true);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  h.idle(h.nu + 20);
  long f0 = h.fails;
  int nctl = 0, nemq = 0, ncpl = 0;
  for (int i = 0; i < 150; i++) {
    int u = (int)h.rng.below((uint32_t)h.nu), k = (int)h.rng.below((uint32_t)h.nctr(u));
    switch (h.rng.below(3)) {
      case 0:
        h.wr(DC_UNIT_CCTL(u, k), ctl((int)h.rng.below((uint32_t)h.nc(u) + 1), h.rng.chance(80), 0, h.rng.chance(50)));
        nctl++;
        break;
      case 1: {
        // EQ: all, OS only (odd bits), user only (even bits) or random, so
        // that CPL changes matter
        uint32_t eq = eqall, r = h.rng.below(4);
        if (r == 1) eq = eqall & 0xAAAAu;
        if (r == 2) eq = eqall & 0x5555u;
        if (r == 3) eq = h.rng.below(eqall + 1);
        h.wr(DC_UNIT_CEMQ(u, k), emq((uint32_t)h.rng.next() & ((1u << h.nsub(u)) - 1), eq));
        nemq++;
        break;
      }
      default: {
        // CPL 0 <-> 1..3 (the qualifier sees CPL == 0 or not)
        uint8_t &c = h.cpl[(size_t)u * h.nt + h.rng.below((uint32_t)h.nt)];
        c = c ? 0 : (uint8_t)(1 + h.rng.below(3));
        ncpl++;
        break;
      }
    }
    h.idle(1 + h.rng.below(20));
  }
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  set_all_events(h, false);
  for (size_t i = 0; i < h.cpl.size(); i++) h.cpl[i] = 0;
  drain(h);
  printf("reconf: %d CTL writes, %d EMQ writes, %d CPL changes while counting under fixed event inputs\n", nctl,
         nemq, ncpl);
  check(h.fails == f0, "re-selection under steady inputs: RTL == model", "(%lld mismatches)%lld", h.fails - f0, 0);
}

// ------------------------------------------------------------- reliability
// SECDED on the SRAM counters and parity on the chain flits (docs/dc_notes.md,
// Reliability). Faults are injected through ERRINJ at random cycles (from the
// printed seed) while every local counter counts at its maximum rate; the
// expected value of every SRAM counter is its value before the window plus
// window x NT x NSUB (unit counters; the others keep theirs).
struct RelCtx { bool on; long window; };
static void rel_cb(Harness &h, void *p) {
  RelCtx *c = (RelCtx *)p;
  set_all_events(h, c->on);
  if (c->on) c->window++;
}
static uint32_t errinj(unsigned b0, unsigned b1, unsigned lane, int sram, int flit) {
  return (b0 << DC_ERRINJ_B0_LSB) | (b1 << DC_ERRINJ_B1_LSB) | (lane << DC_ERRINJ_LANE_LSB) |
         ((uint32_t)sram << DC_ERRINJ_SRAM_LSB) | ((uint32_t)flit << DC_ERRINJ_FLIT_LSB);
}
// every SRAM counter (64-bit read; err: the LO read answered PSLVERR)
static void read_all(Harness &h, std::vector<uint64_t> &v, std::vector<int> &err) {
  v.assign((size_t)h.m->ncnt, 0);
  err.assign((size_t)h.m->ncnt, 0);
  for (int i = 0; i < h.m->ncnt; i++) {
    bool e = false;
    uint32_t lo = h.rd(DC_SRAM_LO(i), &e);
    v[i] = lo | ((uint64_t)h.rd(DC_SRAM_HI(i)) << 32);
    err[i] = e;
  }
}
// one window of maximum-rate counting with n faults of kind 0 (SRAM single
// bit), 1 (SRAM double bit), 2 (chain flit) at random cycles; returns the
// expected value of every counter
static std::vector<uint64_t> fault_window(Harness &h, RelCtx &c, int kind, int n, int *armed) {
  std::vector<uint64_t> base;
  const unsigned lane0 = h.rng.below(4);
  std::vector<int> e0;
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  c.on = false;
  drain(h);
  read_all(h, base, e0);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  h.idle(h.nu + 10);                      // RUN applied everywhere
  c.window = 0;
  c.on = true;
  *armed = 0;
  for (int j = 0; j < n; j++) {
    h.idle(20 + h.rng.below(400));
    unsigned b0 = h.rng.below(kind == 2 ? 97 : 72), b1 = 0x7F, lane = h.rng.below(4);
    // double faults: one per codeword (lane j of a random word: a second
    // double fault in a poisoned word is a 4-bit error, which SECDED cannot
    // promise to detect; docs/dc_notes.md, Reliability)
    if (kind == 1) lane = (lane0 + (unsigned)j) & 3;
    if (kind == 1) { b1 = h.rng.below(71); if (b1 >= b0) b1++; }
    if (kind == 0 && h.rng.chance(20)) b1 = b0;      // the same bit twice: one flip
    h.wr(DC_REG_ERRINJ, errinj(b0, b1, lane, kind != 2, kind == 2));
    uint32_t msk = kind == 2 ? DC_ERRINJ_FLIT_MASK : DC_ERRINJ_SRAM_MASK;
    long w = 0;
    while ((h.rd(DC_REG_ERRINJ) & msk) && w < 1000) w++;   // wait until it happened
    if (w < 1000) (*armed)++;
  }
  h.idle(100);
  c.on = false;
  long window = c.window;
  h.idle(h.cfg.frame + h.nu + 10);       // residues transferred while still running
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  drain(h);
  std::vector<uint64_t> exp = base;
  for (int u = 0; u < h.nu; u++)
    for (int k = 0; k < h.nctr(u); k++)
      exp[(size_t)dc_unit_first_counter(h.m, u) + k] += (uint64_t)window * h.nt * h.nsub(u);
  return exp;
}

static void test_rel(Harness &h) {
  RelCtx c{false, 0};
  h.percycle = rel_cb; h.pcarg = &c;
  // reset values, read-back, reserved bits
  check(h.rd(DC_REG_ERRINJ) == errinj(0x7F, 0x7F, 0, 0, 0) && h.rd(DC_REG_ERRSTAT) == 0 && h.rd(DC_REG_CECNT) == 0 &&
        h.rd(DC_REG_UECNT) == 0 && h.rd(DC_REG_PARCNT) == 0 && h.rd(DC_REG_ERRCTL) == 0,
        "reliability: reset values");
  h.wr(DC_REG_ERRCTL, ~0u);
  check(h.rd(DC_REG_ERRCTL) == DC_ERRCTL_IE_MASK, "reliability: ERRCTL reads IE only (CLR reads 0)");
  program_all(h, 1, true);
  std::vector<uint64_t> v;
  std::vector<int> err;
  int armed = 0;

  // 1. single-bit SRAM faults: corrected, nothing lost
  int n1 = 6 + (int)h.rng.below(8);
  uint32_t ce0 = h.rd(DC_REG_CECNT);
  std::vector<uint64_t> exp = fault_window(h, c, 0, n1, &armed);
  read_all(h, v, err);
  long bad = 0, nerr = 0;
  for (int i = 0; i < h.m->ncnt; i++) { bad += v[i] != exp[i]; nerr += err[i]; }
  uint32_t ce = h.rd(DC_REG_CECNT) - ce0, st = h.rd(DC_REG_ERRSTAT);
  printf("reliability: %d single-bit SRAM faults injected (%d happened), %u corrected reads, %ld counters checked\n",
         n1, armed, ce, (long)h.m->ncnt);
  check(armed == n1, "reliability: every single-bit injection happened");
  check(bad == 0 && nerr == 0, "reliability: single-bit faults lose nothing (every SRAM counter == expected)",
        "(%lld differ, %lld PSLVERR)", bad, nerr);
  check(ce == (uint32_t)armed && h.rd(DC_REG_UECNT) == 0 && (st & DC_ERRSTAT_CE_MASK) && !(st & DC_ERRSTAT_UE_MASK),
        "reliability: single-bit faults counted as corrected, none uncorrectable", "(CECNT +%lld, ERRSTAT %llx)", ce, st);
  check(h.top->err_irq_o == 1, "reliability: error interrupt with ERRCTL.IE=1");
  h.wr(DC_REG_ERRCTL, 0);
  check(h.top->err_irq_o == 0, "reliability: no error interrupt with ERRCTL.IE=0");
  h.wr(DC_REG_ERRSTAT, DC_ERRSTAT_CE_MASK | DC_ERRSTAT_UE_MASK | DC_ERRSTAT_PAR_MASK);
  h.wr(DC_REG_ERRCTL, DC_ERRCTL_IE_MASK | DC_ERRCTL_CLR_MASK);
  check(h.rd(DC_REG_ERRSTAT) == 0 && h.rd(DC_REG_CECNT) == 0 && h.top->err_irq_o == 0,
        "reliability: ERRSTAT W1C and ERRCTL.CLR clear status, counters and interrupt");

  // 2. double-bit SRAM faults: detected, counted, address captured, never a silent wrong value
  int n2 = 2 + (int)h.rng.below(3);   // at most 4: a lane each
  exp = fault_window(h, c, 1, n2, &armed);
  read_all(h, v, err);
  long silent = 0, pois = 0, lost_ok = 1;
  for (int i = 0; i < h.m->ncnt; i++) {
    if (err[i]) { pois++; if ((uint32_t)v[i] != 0) lost_ok = 0; }
    else if (v[i] != exp[i]) silent++;
  }
  uint32_t ea = h.rd(DC_REG_ERRADDR), ue = h.rd(DC_REG_UECNT);
  st = h.rd(DC_REG_ERRSTAT);
  int aw = (ea & DC_ERRADDR_WORD_MASK) >> DC_ERRADDR_WORD_LSB, al = (ea & DC_ERRADDR_LANES_MASK) >> DC_ERRADDR_LANES_LSB;
  bool ea_ok = al != 0;
  for (int l = 0; l < 4; l++) if ((al >> l) & 1) ea_ok = ea_ok && err[(size_t)4 * aw + l];
  printf("reliability: %d double-bit SRAM faults injected (%d happened), %ld counters poisoned (PSLVERR), "
         "%u uncorrectable reads, last at word %d lanes 0x%x\n", n2, armed, pois, ue, aw, al);
  check(armed == n2 && pois >= 1 && pois <= n2, "reliability: every double-bit fault leaves a poisoned counter",
        "(%lld poisoned)%lld", pois, 0);
  check(silent == 0, "reliability: double-bit faults never silently wrong (counter == expected or PSLVERR)",
        "(%lld silently wrong)%lld", silent, 0);
  check(lost_ok, "reliability: PRDATA 0 with PSLVERR on a poisoned counter");
  check(ue >= (uint32_t)pois && (st & DC_ERRSTAT_UE_MASK) && ea_ok && h.top->err_irq_o == 1,
        "reliability: uncorrectable errors counted, address captured, interrupt");
  // software repairs a poisoned counter by writing it
  long fixed = 0;
  for (int i = 0; i < h.m->ncnt; i++)
    if (err[i]) { h.wr64(DC_SRAM_LO(i), exp[i]); fixed++; }
  h.idle(h.cfg.frame);
  read_all(h, v, err);
  bad = nerr = 0;
  for (int i = 0; i < h.m->ncnt; i++) { bad += v[i] != exp[i]; nerr += err[i]; }
  check(fixed == pois && bad == 0 && nerr == 0, "reliability: a bus write clears the poison",
        "(%lld differ, %lld PSLVERR)", bad, nerr);
  h.wr(DC_REG_ERRSTAT, DC_ERRSTAT_CE_MASK | DC_ERRSTAT_UE_MASK | DC_ERRSTAT_PAR_MASK);
  h.wr(DC_REG_ERRCTL, DC_ERRCTL_IE_MASK | DC_ERRCTL_CLR_MASK);

  // 3. chain parity faults: counted, the flit's counts lost (never added wrong)
  int n3 = 2 + (int)h.rng.below(5);
  exp = fault_window(h, c, 2, n3, &armed);
  read_all(h, v, err);
  long lost = 0, over = 0;
  for (int i = 0; i < h.m->ncnt; i++) {
    if (v[i] > exp[i] || err[i]) over++;
    else if (v[i] < exp[i]) lost++;
  }
  uint32_t par = h.rd(DC_REG_PARCNT);
  st = h.rd(DC_REG_ERRSTAT);
  printf("reliability: %d chain flit faults injected (%d happened), PARCNT %u, %ld counters lost their flit's counts\n",
         n3, armed, par, lost);
  check(armed == n3 && par == (uint32_t)n3 && (st & DC_ERRSTAT_PAR_MASK) && h.top->err_irq_o == 1,
        "reliability: every flit fault counted in PARCNT / ERRSTAT.PAR, interrupt", "(PARCNT %lld)%lld", par, 0);
  check(over == 0 && lost >= 1 && lost <= 4 * n3,
        "reliability: a parity-error flit's counts are lost (<= 4 counters each), never over-counted",
        "(%lld lost, %lld over)", lost, over);
  h.wr(DC_REG_ERRSTAT, DC_ERRSTAT_CE_MASK | DC_ERRSTAT_UE_MASK | DC_ERRSTAT_PAR_MASK);
  h.wr(DC_REG_ERRCTL, DC_ERRCTL_CLR_MASK);
  h.percycle = nullptr;
}

// ------------------------------------------------- seed 002 mechanisms
// (docs/dc_seed.md maps each to its seed paragraph)

// Edge/level/polarity (seed 002: "Each performance bit has a configurable
// polarity invert and edge filter enable bit available via a configuration
// register"), per event bit through the ELPSEL/ELP window. Unit U, variant
// v < 4 (EDGE = v >> 1, INV = v & 1) on its own event bit: sub-event v of
// class 1 (NSUB >= 4), else sub-event 0 of class v. The bench drives a
// random waveform w[t] per thread, on the bit of variant v as w[t] ^ INV, so
// every variant's stage output is w[t] (level) or its rising edges (edge)
// and 0 while the bench is idle (w = 0): an INV or EDGE bit that acts on
// another bit, or not at all, changes a count. Local counter v (EM = its
// bit, TC=1) and, in detailed mode, the raw-event counter of each thread's
// bit must add exactly that.
struct ElpCtx {
  int U, nv, cls[4], sub[4];
  bool on;
  std::vector<uint8_t> w;                     // waveform per thread
  std::vector<std::array<uint64_t, 2>> n;     // per thread: cycles w = 1, rising edges of w
};
static void elp_cb(Harness &h, void *p) {
  ElpCtx *c = (ElpCtx *)p;
  size_t b = h.eb(c->U);
  for (int t = 0; t < h.nt; t++) {
    int prv = c->w[t];
    if (!c->on) c->w[t] = 0;
    else if (h.rng.chance(30)) c->w[t] ^= 1;   // long and short pulses
    for (int v = 0; v < c->nv; v++) {
      uint16_t &e = h.ev[b + t * h.ncls + c->cls[v]];
      e = (uint16_t)((e & ~(1u << c->sub[v])) | ((unsigned)(c->w[t] ^ (v & 1)) << c->sub[v]));
    }
    c->n[t][0] += c->w[t];
    c->n[t][1] += c->w[t] && !prv;
  }
}
static void test_elp_unit(Harness &h, int U) {
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  const int ns = h.nsub(U);
  ElpCtx c{};
  c.U = U;
  c.nv = h.nctr(U) < 4 ? h.nctr(U) : 4;
  const int nc = h.nc(U);
  if (ns < 4 && nc < c.nv) c.nv = nc;
  for (int v = 0; v < c.nv; v++) {
    c.cls[v] = ns >= 4 ? (nc > 1 ? 1 : 0) : v;
    c.sub[v] = ns >= 4 ? v : 0;
  }
  c.w.assign(h.nt, 0);
  c.n.assign(h.nt, {0, 0});
  set_all_events(h, false);
  // the INV/EDGE bits: variant v's bit on every thread's event, all other bits 0
  std::vector<uint32_t> word(h.nt * nc, 0);   // event e = t*nc + c (ELPSEL.E)
  for (int t = 0; t < h.nt; t++)
    for (int v = 0; v < c.nv; v++)
      word[t * nc + c.cls[v]] |= ((uint32_t)(v & 1) << (DC_ELP_INV_LSB + c.sub[v])) |
                                     ((uint32_t)(v >> 1) << (DC_ELP_EDGE_LSB + c.sub[v]));
  int rb_bad = 0;
  for (int e = 0; e < h.nt * nc; e++) {
    h.wr(DC_UNIT_ELPSEL(U), (uint32_t)e);
    h.wr(DC_UNIT_ELP(U), word[e]);
  }
  for (int e = 0; e < h.nt * nc; e++) {
    h.wr(DC_UNIT_ELPSEL(U), (uint32_t)e);
    rb_bad += h.rd(DC_UNIT_ELP(U)) != word[e];
  }
  check(rb_bad == 0, "ELP reads back the INV/EDGE bits of the selected event", "(%lld bad)%lld", rb_bad, 0);
  h.percycle = elp_cb; h.pcarg = &c;
  // the counters (TC=1, EM = the variant's bit); the unit runs with the chain
  for (int k = 0; k < c.nv; k++) {
    h.wr(DC_UNIT_CEMQ(U, k), emq(1u << c.sub[k], eqall));
    h.wr(DC_UNIT_CCTL(U, k), ctl(c.cls[k], 1, 0, 1));
  }
  drain(h);
  int first = dc_unit_first_counter(h.m, U), rawc = 4 * h.m->raww;
  uint64_t before[4] = {0, 0, 0, 0};
  for (int k = 0; k < c.nv; k++) before[k] = h.rd64(DC_SRAM_LO(first + k));
  // raw bit of thread t, variant v (DGSEL = 0: raw bit j = event j)
  auto rawbit = [&](int t, int v) { return (t * nc + c.cls[v]) * ns + c.sub[v]; };
  std::vector<uint64_t> rawb(DC_RAW_EVENTS);
  for (int r = 0; r < (int)DC_RAW_EVENTS; r++) rawb[r] = h.rd64(DC_SRAM_LO(rawc + r));
  // detailed mode on unit U (as test_detailed): local counters via the serial bit, raw events
  h.wr(DC_REG_CCTL, cctl(1, 1, U));
  long polls = 0;
  while (((h.rd(DC_REG_CSTAT) >> DC_CSTAT_PEND_LSB) & 1) && polls < 10000) polls++;
  h.idle(h.nu + 10);
  c.on = true;
  uint64_t t1 = h.cyc;
  h.idle(3 * h.cfg.frame + h.rng.below(h.cfg.frame));
  c.on = false;
  uint64_t t2 = h.cyc;
  h.idle(h.nu + 10);
  h.wr(DC_REG_CCTL, cctl(0, 1, U));
  drain(h);
  h.wr(DC_REG_CCTL, cctl(0, 0, U));
  drain(h);
  h.idle(h.cfg.frame);
  h.percycle = nullptr;
  uint64_t lvl = 0, rise = 0;
  for (int t = 0; t < h.nt; t++) { lvl += c.n[t][0]; rise += c.n[t][1]; }
  uint64_t got[4] = {0, 0, 0, 0};
  long bad = 0, badraw = 0, nraw = 0;
  for (int k = 0; k < c.nv; k++) {
    got[k] = h.rd64(DC_SRAM_LO(first + k)) - before[k];
    bad += got[k] != ((k >> 1) ? rise : lvl);
  }
  for (int t = 0; t < h.nt; t++)
    for (int v = 0; v < c.nv; v++) {
      int r = rawbit(t, v);
      if (r >= (int)DC_RAW_EVENTS) continue;
      nraw++;
      badraw += h.rd64(DC_SRAM_LO(rawc + r)) - rawb[r] != c.n[t][v >> 1];
    }
  printf("elp: unit %d, %llu cycles of waveform on %d threads (%llu cycles high, %llu rising edges): level %llu, "
         "inverted level %llu, edge %llu, inverted edge %llu; %ld raw-event counters checked\n",
         U, (unsigned long long)(t2 - t1), h.nt, (unsigned long long)lvl, (unsigned long long)rise,
         (unsigned long long)got[0], (unsigned long long)got[1], (unsigned long long)got[2],
         (unsigned long long)got[3], nraw);
  check(bad == 0, "local counters through the per-bit stage: level / inverted level == cycles high, "
        "edge / inverted edge == rising edges", "(%lld bad)%lld", bad, 0);
  check(badraw == 0 && nraw > 0, "detailed-mode raw events through the per-bit stage", "(%lld bad)%lld", badraw, 0);
  check(lvl > rise && rise > 0, "waveform has pulses longer than one cycle");
  for (int k = 0; k < c.nv; k++) h.wr(DC_UNIT_CCTL(U, k), 0);
  for (int e = 0; e < h.nt * nc; e++) {
    h.wr(DC_UNIT_ELPSEL(U), (uint32_t)e);
    h.wr(DC_UNIT_ELP(U), 0);
  }
  h.wr(DC_UNIT_ELPSEL(U), 0);
  set_all_events(h, false);
}
static void test_elp(Harness &h) {
  test_elp_unit(h, 0);                               // core-type unit
  if (h.cfg.nl > 0) test_elp_unit(h, h.cfg.np);      // cache-type unit
}

// Per-unit opt-in to the synchronous start/stop: a unit with UMODE.SYNC=0
// ignores RUN on the chain and counts while its own LRUN is 1.
static void test_usync(Harness &h) {
  // seed 002: "the UPC C sends a counter start stop bit on the daisy chain.
  // Each unit can be programmed to use this signal to enable or disable their
  // local counters." and "For local use each UPC P unit can act as a separate
  // counter unit with lower resolution controlled via local MMIO transactions."
  const int A = 0, B = h.nu - 1;         // A: opted out and stopped; B: opted out, local run
  // (NP + NL = 2: B is unit 1; NP + NL = 1: A == B, the one unit runs B's part)
  set_all_events(h, true);
  program_all(h, 2, true);
  bool rb = true;
  for (int u = 0; u < h.nu; u++) rb &= h.rd(DC_UNIT_UMODE(u)) == umode(1, 0, 0);
  h.wr(DC_UNIT_UMODE(A), umode(0, 0, 0));
  h.wr(DC_UNIT_UMODE(B), umode(0, 0, 0));
  for (int u = 0; u < h.nu; u++) rb &= h.rd(DC_UNIT_UMODE(u)) == umode(u == A || u == B ? 0 : 1, 0, 0);
  check(rb, "UMODE reads back (reset SYNC=1)");
  drain(h);
  std::vector<std::vector<uint64_t>> before(h.nu);
  for (int u = 0; u < h.nu; u++)
    for (int k = 0; k < h.nctr(u); k++) before[u].push_back(h.rd64(DC_SRAM_LO(dc_unit_first_counter(h.m, u) + k)));
  uint64_t t_run = h.cyc + 1;            // access-phase edge of the RUN write (as test_sync)
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  h.idle(300 + h.rng.below(200));
  h.wr(DC_UNIT_UMODE(B), umode(0, 1, 0));
  uint64_t t_l1 = h.cyc;
  h.idle(700 + h.rng.below(300));
  uint64_t t_stop = h.cyc + 1;
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  h.idle(100 + h.rng.below(100));        // B keeps counting after the central stop
  h.wr(DC_UNIT_UMODE(B), umode(0, 0, 0));
  uint64_t t_l2 = h.cyc;
  drain(h);
  long bad_sync = 0, bad_a = 0, bad_b = 0;
  for (int u = 0; u < h.nu; u++)
    for (int k = 0; k < h.nctr(u); k++) {
      uint64_t v = h.rd64(DC_SRAM_LO(dc_unit_first_counter(h.m, u) + k)) - before[u][k];
      uint64_t rate = (uint64_t)h.nt * h.nsub(u);
      if (u == B) bad_b += v != (t_l2 - t_l1) * rate;
      else if (u == A) bad_a += v != 0;
      else bad_sync += v != (t_stop - t_run) * rate;
    }
  printf("usync: central RUN %llu cycles; unit %d (SYNC=0, LRUN=0) counted nothing; unit %d (SYNC=0) counted its "
         "LRUN window of %llu cycles\n", (unsigned long long)(t_stop - t_run), A, B, (unsigned long long)(t_l2 - t_l1));
  check(bad_a == 0, "SYNC=0 unit ignores the chain's start/stop", "(%lld bad)%lld", bad_a, 0);
  check(bad_b == 0, "SYNC=0 unit counts exactly its LRUN window", "(%lld bad)%lld", bad_b, 0);
  check(bad_sync == 0, "SYNC=1 units count exactly the RUN window", "(%lld bad)%lld", bad_sync, 0);
  h.wr(DC_UNIT_UMODE(A), umode(1, 0, 0));
  h.wr(DC_UNIT_UMODE(B), umode(1, 0, 0));
  set_all_events(h, false);
}

// Freeze on the near-overflow interrupt: the interrupting counter stops
// until software clears its UIRQ bit; no event is lost or counted twice
// outside the frozen window.
static void test_freeze(Harness &h) {
  // seed 002: "If a subsequent overflow of the counter in UPC P or UPC L2
  // occurs the UPC P or UPC L2 may optionally freeze the bits in the
  // specified performance counter as well as generate an interrupt."
  const int U = 1 < h.cfg.np ? 1 : 0;
  // as test_nov: the first SRAM word's counters (NCP may be < 4), IE counter K
  const int nw = h.nctr(U) < 4 ? h.nctr(U) : 4, K = nw > 1 ? 1 : 0;
  uint32_t eqall = (1u << (2 * h.nt)) - 1;
  set_all_events(h, false);
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  for (int k = 0; k < nw; k++) {
    h.wr(DC_UNIT_CEMQ(U, k), emq(0xFFFF, eqall));
    h.wr(DC_UNIT_CCTL(U, k), ctl(0, 1, k == K, 1));
  }
  h.wr(DC_UNIT_UMODE(U), umode(0, 0, 1));
  h.wr(DC_UNIT_UCTL(U), 4);
  for (int e = 0; e < h.nt * h.ncls; e++) h.ev[(size_t)U * h.nt * h.ncls + e] = (uint16_t)((1u << h.nsub(U)) - 1);
  drain(h);
  int first = dc_unit_first_counter(h.m, U);
  uint64_t before[4] = {0, 0, 0, 0};
  for (int k = 0; k < nw; k++) before[k] = h.rd64(DC_SRAM_LO(first + k));
  h.wr64(DC_REG_NOV_LO, before[K] + 3000);
  h.wr(DC_REG_NOVCTL, 1);
  h.wr(DC_UNIT_UMODE(U), umode(0, 1, 1));
  uint64_t t1 = h.cyc, t_irq = 0;
  for (long i = 0; i < 20000 && !t_irq; i++) {
    h.step();
    if ((h.top->irq_o >> U) & 1) t_irq = h.cyc;
  }
  h.idle(300 + h.rng.below(100));
  uint32_t cnt_frozen = h.m->u[U].c[K].cnt;
  h.idle(50);
  bool held = h.m->u[U].c[K].cnt == cnt_frozen || h.m->u[U].c[K].cnt == 0;   // 0: transferred meanwhile
  h.wr(DC_UNIT_UIRQ(U), 1u << K);
  uint64_t t_clr = h.cyc;
  h.idle(400 + h.rng.below(100));
  h.wr(DC_UNIT_UMODE(U), umode(0, 0, 1));
  uint64_t t2 = h.cyc;
  drain(h);
  uint64_t rate = (uint64_t)h.nt * h.nsub(U), got[4] = {0, 0, 0, 0};
  for (int k = 0; k < nw; k++) got[k] = h.rd64(DC_SRAM_LO(first + k)) - before[k];
  bool others = true;                    // the word's other counters (none when NCP=1)
  for (int k = 0; k < nw; k++) others &= k == K || got[k] == rate * (t2 - t1);
  printf("freeze: unit %d counter %d interrupted at cycle %llu, frozen %llu cycles until the UIRQ clear; totals "
         "%llu (frozen) vs %llu (free, %d other counters)\n", U, K, (unsigned long long)t_irq,
         (unsigned long long)(t_clr - t_irq), (unsigned long long)got[K],
         (unsigned long long)(nw > 1 ? got[K ? 0 : 1] : 0), nw - 1);
  check(t_irq > t1 && t_clr - t_irq > 300, "freeze: near-overflow interrupt raised");
  check(held, "freeze: the frozen local counter holds its value");
  check(got[K] == rate * ((t2 - t1) - (t_clr - t_irq)), "freeze: frozen counter == events outside the frozen window",
        "(%lld off)%lld", (long long)(got[K] - rate * ((t2 - t1) - (t_clr - t_irq))), 0);
  check(others, "freeze: the other counters run on");
  h.wr(DC_REG_NOVCTL, 0);
  h.wr(DC_UNIT_UARM(U), 0xF);
  h.wr(DC_UNIT_UMODE(U), umode(1, 0, 0));
  h.wr(DC_UNIT_UCTL(U), 0);
  set_all_events(h, false);
  drain(h);
}

// Accumulate of selected counters: C[i] = B[i] + (ACCSEL[i] ? A[i] : 0),
// during chain traffic, then in place (C = B: the unselected stay).
static void test_accsel(Harness &h) {
  // seed 002: "In addition to reading and writing counters software may cause
  // selected counters of an arbitrary counter group to be added to a second
  // counter group with the results stored in a third counter group."
  check(h.rd(DC_REG_ACCSEL) == 0xFFFFu, "ACCSEL reset: every counter selected");
  set_all_events(h, true);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  const int A = h.m->ng - 3, B = h.m->ng - 1, C = h.m->ng - 2;   // as test_acc
  std::vector<uint64_t> va(16), vb(16), vc(16);
  uint32_t sel = ((uint32_t)h.rng.next() & 0xFFFFu) | 0x0001u;
  if (sel == 0xFFFFu) sel = 0x7FFFu;
  for (int i = 0; i < 16; i++) {
    va[i] = h.rng.next() >> 2; vb[i] = h.rng.next() >> 2; vc[i] = h.rng.next();
    h.wr64(DC_SRAM_LO(16 * A + i), va[i]);
    h.wr64(DC_SRAM_LO(16 * B + i), vb[i]);
    h.wr64(DC_SRAM_LO(16 * C + i), vc[i]);
  }
  h.wr(DC_REG_ACCSEL, sel | 0xFFFF0000u);
  check(h.rd(DC_REG_ACCSEL) == sel, "ACCSEL reads back, reserved bits 0");
  bool e1 = false, eb1 = false, eb2 = false;
  auto go = [&](int a, int b, int c) {
    h.wr(DC_REG_ACC, (a << DC_ACC_A_LSB) | (b << DC_ACC_B_LSB) | (c << DC_ACC_C_LSB) | (1u << DC_ACC_GO_LSB), &e1);
    // while it runs, neither its groups nor its selection can change
    h.wr(DC_REG_ACCSEL, 0xFFFFu, &eb1);
    h.wr(DC_REG_ACC, (uint32_t)(h.m->ng + 1) << DC_ACC_C_LSB, &eb2);
    long polls = 0;
    while (((h.rd(DC_REG_CSTAT) >> DC_CSTAT_ACC_BUSY_LSB) & 1) && polls < 1000) polls++;
  };
  go(A, B, C);
  long bad = 0;
  for (int i = 0; i < 16; i++)
    if (h.rd64(DC_SRAM_LO(16 * C + i)) != vb[i] + (((sel >> i) & 1) ? va[i] : 0)) bad++;
  printf("accsel: ACCSEL 0x%04x: C = B + selected A during traffic\n", sel);
  check(!e1 && bad == 0, "accumulate selected counters: C[i] = B[i] + (sel ? A[i] : 0)", "(%lld bad)%lld", bad, 0);
  check(eb1 && eb2, "ACCSEL / ACC (GO=0) written while busy -> PSLVERR");
  go(A, B, B);
  bad = 0;
  for (int i = 0; i < 16; i++)
    if (h.rd64(DC_SRAM_LO(16 * B + i)) != vb[i] + (((sel >> i) & 1) ? va[i] : 0)) bad++;
  check(!e1 && bad == 0, "accumulate selected counters in place: unselected B counters unchanged", "(%lld bad)%lld", bad, 0);
  h.wr(DC_REG_ACCSEL, 0xFFFFu);
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  set_all_events(h, false);
  drain(h);
}

// random mode: mechanism configuration changes and their coverage goals
struct MechCov { long edge = 0, inv = 0, nosync = 0, frozen = 0, accsel = 0, dgwin = 0; };
static void random_mech(Harness &h, MechCov &cv) {
  if (h.rng.chance(4)) {
    int u = h.rng.below(h.nu);
    h.wr(DC_UNIT_UMODE(u), umode(h.rng.chance(70), h.rng.chance(70), h.rng.chance(50)));
  }
  if (h.rng.chance(6)) {
    int u = h.rng.below(h.nu), k = h.rng.below(h.nctr(u));
    h.wr(DC_UNIT_CCTL(u, k), (uint32_t)h.rng.next() & 0x1F03u);
  }
  if (h.rng.chance(4)) {   // edge/level/polarity bits: a random event (sometimes >= NT*NCLS), sparse bits
    int u = h.rng.below(h.nu);
    uint32_t ng = (uint32_t)(h.nt * h.nc(u));
    h.wr(DC_UNIT_ELPSEL(u), h.rng.chance(90) ? h.rng.below(ng) : (uint32_t)h.rng.next());
    uint32_t v = (uint32_t)h.rng.next();
    h.wr(DC_UNIT_ELP(u), h.rng.chance(30) ? 0u : v & (uint32_t)h.rng.next());
  }
  if (h.rng.chance(3)) h.wr(DC_REG_ACCSEL, h.rng.chance(40) ? 0xFFFFu : (uint32_t)h.rng.next());
  if (h.rng.chance(3)) {   // detailed-mode event group windows
    int u = h.rng.chance(50) && h.m->dsel_q < h.nu ? h.m->dsel_q : (int)h.rng.below(h.nu);
    h.wr(h.rng.chance(50) ? DC_UNIT_DGSEL0(u) : DC_UNIT_DGSEL1(u), (uint32_t)h.rng.next());
  }
  if (h.m->mode_q && h.m->dsel_q < h.nu)
    for (int gr = 0; gr < 12; gr++)
      if (h.m->u[h.m->dsel_q].dg[gr]) { cv.dgwin++; break; }
  if (h.m->acc_busy && (h.m->accsel & 0xFFFF) != 0xFFFF) cv.accsel++;
  for (int u = 0; u < h.nu; u++) {
    const dc_unit_t *x = &h.m->u[u];
    bool run = x->sync ? (int)((x->drun >> (x->d - 1)) & 1) : x->lrun;
    if (!x->sync && x->lrun) cv.nosync++;
    if (x->frz && x->uirq) cv.frozen++;
    if (!run) continue;
    for (int k = 0; k < x->nctr; k++) {   // a counting counter with an EDGE / INV bit under its EM
      const dc_ctr_t *ck = &x->c[k];
      if (!ck->en || ck->es >= x->ncls) continue;
      bool ed = false, in = false;
      for (int t = 0; t < h.nt; t++) {
        ed |= (x->eedge[t * x->ncls + ck->es] & ck->em) != 0;
        in |= (x->einv[t * x->ncls + ck->es] & ck->em) != 0;
      }
      cv.edge += ed;
      cv.inv += in;
    }
  }
}
static MechCov *mech_cov_new() { static MechCov cv; return &cv; }
static void random_mech_check(Harness &h, MechCov &cv) {
  printf("random: seed 002 mechanisms: edge-counter samples %ld, inverted %ld, local-run units %ld, frozen %ld, "
         "partial-select accumulate samples %ld, detailed-mode cycles with a group window > 0 %ld\n", cv.edge, cv.inv,
         cv.nosync, cv.frozen, cv.accsel, cv.dgwin);
  check(cv.edge > 0 && cv.inv > 0 && cv.nosync > 0 && cv.frozen > 0 && cv.accsel > 0,
        "random coverage goals (edge, inverted, local run, frozen counter, selected-counter accumulate)");
  // a window > 0 exists only in a unit with more than 92 events (core type, reference)
  bool wide = false;
  for (int u = 0; u < h.nu; u++) wide |= h.m->u[u].dgm != 0;
  check(!wide || cv.dgwin > 0, "random coverage goal: detailed mode with an event group on a window > 0");
}

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
