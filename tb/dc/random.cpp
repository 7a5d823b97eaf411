// dc_lockstep --test random: constrained-random registers, events and bus traffic.
// Shared helpers and the test declarations: tb/dc/dc_tests.h; main(): tb/dc_lockstep.cpp.
#include "dc_tests.h"

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
void test_random(Harness &h, long cycles) {
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
