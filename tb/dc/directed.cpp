// dc_lockstep directed tests: synchrony, near overflow, accumulate, detailed mode, re-selection.
// Shared helpers and the test declarations: tb/dc/dc_tests.h; main(): tb/dc_lockstep.cpp.
#include "dc_tests.h"

// ---------------------------------------------------------------- directed
void test_sync(Harness &h) {
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

void test_nov(Harness &h) {
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
void test_detailed(Harness &h, int U) {
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

void test_acc(Harness &h) {
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


void test_lrst(Harness &h) {
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

void test_reconf(Harness &h) {
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
