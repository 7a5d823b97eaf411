// dc_lockstep directed tests of the seed 002 mechanisms.
// Shared helpers and the test declarations: tb/dc/dc_tests.h; main(): tb/dc_lockstep.cpp.
#include "dc_tests.h"

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
void test_elp(Harness &h) {
  test_elp_unit(h, 0);                               // core-type unit
  if (h.cfg.nl > 0) test_elp_unit(h, h.cfg.np);      // cache-type unit
}

// Per-unit opt-in to the synchronous start/stop: a unit with UMODE.SYNC=0
// ignores RUN on the chain and counts while its own LRUN is 1.
void test_usync(Harness &h) {
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
void test_freeze(Harness &h) {
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
void test_accsel(Harness &h) {
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
