// dc_lockstep directed test of the reliability logic (SECDED, chain parity).
// Shared helpers and the test declarations: tb/dc/dc_tests.h; main(): tb/dc_lockstep.cpp.
#include "dc_tests.h"

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

void test_rel(Harness &h) {
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
