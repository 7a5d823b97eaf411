// dc_lockstep tests written to close holes of the code coverage (make
// coverage, docs/coverage.md): paths the feature tests and the random
// traffic leave unreached. Shared helpers: tb/dc/dc_tests.h.
#include "dc_tests.h"

// ERRINJ into a check bit (64..71) of the next SRAM write (the feature test
// draws the bit at random, 8 of 72 codeword bits): each check bit of lane 1
// flipped in a software write of counter 1, corrected on the read (value
// unchanged; the error counters as the model's); an ACC write without GO stores the group
// fields and starts nothing. ECC=0: no injection path, the ACC part only.
void test_cov(Harness &h) {
  h.wr(DC_REG_CCTL, 0);
  drain(h);
  if (h.cfg.ecc) {
    for (unsigned b = 64; b < 72; b++) {
      h.wr(DC_REG_ERRINJ, (b << DC_ERRINJ_B0_LSB) | (0x7Fu << DC_ERRINJ_B1_LSB) | (1u << DC_ERRINJ_LANE_LSB) |
                              DC_ERRINJ_SRAM_MASK);
      const uint64_t v = 0x0123456789ABull + b;
      h.wr64(DC_SRAM_LO(1), v);
      check((h.rd(DC_REG_ERRINJ) & DC_ERRINJ_SRAM_MASK) == 0, "coverage: check-bit injection happened");
      uint64_t got = h.rd(DC_SRAM_LO(1));
      got |= (uint64_t)h.rd(DC_SRAM_LO(1) + 4) << 32;
      check(got == v, "coverage: a flipped check bit is corrected", "(bit %lld, got 0x%llx)", b, (long long)got);
      // (CECNT, ERRSTAT: compared with the model every cycle by the lockstep)
      h.rd(DC_REG_CECNT);
    }
    h.wr(DC_REG_ERRSTAT, ~0u);
  }
  h.wr(DC_REG_ACC, (1u << DC_ACC_A_LSB) | (2u << DC_ACC_B_LSB) | (3u << DC_ACC_C_LSB));
  h.idle(20);
  h.rd(DC_REG_ACC);
}

// Every unit's INV/EDGE bits (ELPSEL/ELP) and DGSEL group selects written
// all ones and read back, then all zeros and read back, as software would
// (the random configuration sets a few bits per event only: most INV/EDGE
// bits of the wider configurations never rose). Events off and counting
// stopped; the lockstep compares every INV/EDGE bit and every select with
// the model every cycle.
void test_elpall(Harness &h) {
  const uint64_t c0 = h.cyc;
  h.wr(DC_REG_CCTL, 0);
  set_all_events(h, false);
  drain(h);
  for (int pass = 0; pass < 2; pass++) {
    const uint32_t v = pass == 0 ? ~0u : 0u;
    int bad = 0, dbad = 0;
    for (int u = 0; u < h.nu; u++) {
      const uint32_t sm = (1u << h.nsub(u)) - 1;
      const uint32_t want = pass == 0 ? (sm << DC_ELP_INV_LSB) | (sm << DC_ELP_EDGE_LSB) : 0u;
      for (int e = 0; e < h.nt * h.nc(u); e++) {
        h.wr(DC_UNIT_ELPSEL(u), (uint32_t)e);
        h.wr(DC_UNIT_ELP(u), v);
        bad += h.rd(DC_UNIT_ELP(u)) != want;
      }
      const uint32_t m4 = h.m->u[u].dgm;
      uint32_t w0 = 0, w1 = 0;
      for (int g = 0; g < 8; g++) w0 |= (pass == 0 ? m4 : 0u) << (DC_DGSEL0_G0_LSB + 4 * g);
      for (int g = 0; g < 4; g++) w1 |= (pass == 0 ? m4 : 0u) << (DC_DGSEL1_G8_LSB + 4 * g);
      h.wr(DC_UNIT_DGSEL0(u), v);
      h.wr(DC_UNIT_DGSEL1(u), v);
      dbad += h.rd(DC_UNIT_DGSEL0(u)) != w0;
      dbad += h.rd(DC_UNIT_DGSEL1(u)) != w1;
    }
    // every unit holds the value: one more read per register of each unit
    // (a unit's read data is on the register bus whichever unit is read)
    for (int u = 0; u < h.nu; u++) {
      h.rd(DC_UNIT_ELP(u));
      h.rd(DC_UNIT_DGSEL0(u));
    }
    check(bad == 0, pass == 0 ? "ELP all ones: every unit's INV/EDGE bits of every event read back (NSUB bits)"
                              : "ELP all zeros: every unit's INV/EDGE bits read back 0", "(%lld bad)%lld", bad, 0);
    check(dbad == 0, pass == 0 ? "DGSEL all ones: every group select reads back its stored bits"
                               : "DGSEL all zeros read back 0", "(%lld bad)%lld", dbad, 0);
  }
  drain(h);
  printf("elpall: %d units, every INV/EDGE bit and DGSEL select set and cleared (%llu cycles)\n", h.nu,
         (unsigned long long)(h.cyc - c0));
}

// The data counters of every unit preset (bus writes of the SRAM counters)
// just below the near-overflow threshold: the next chain add of each word
// crosses it, the packet arms all its counters, and every counter (IE=1,
// OVB=4) interrupts on its next local overflow: every UIRQ bit of every
// unit, every unit's line (irq_o, UIRQ0/1), then cleared (W1C). Then rounds
// of one preset per data word (lane 0) under a raised threshold, one
// near-overflow packet per word each, until NOVCNT has counted 1024
// packets (its bits 6..9 rise and fall; at most 64 rounds). Last, in
// detailed mode, the raw-event words (packet addresses above the units').
void test_uirqall(Harness &h) {
  const uint64_t c0 = h.cyc;
  h.wr(DC_REG_CCTL, 0);
  set_all_events(h, true);
  for (int i = 0; i < h.nu * h.nt; i++) h.cpl[i] = 3;
  drain(h);
  const uint32_t eqall = (1u << (2 * h.nt)) - 1;
  for (int u = 0; u < h.nu; u++) {
    h.wr(DC_UNIT_UMODE(u), umode(1, 0, 0));
    h.wr(DC_UNIT_UCTL(u), 4);
    h.wr(DC_UNIT_UIRQ(u), ~0u);
    h.wr(DC_UNIT_UARM(u), ~0u);
    for (int k = 0; k < h.nctr(u); k++) {
      h.wr(DC_UNIT_CEMQ(u, k), emq((1u << h.nsub(u)) - 1, eqall));
      h.wr(DC_UNIT_CCTL(u, k), ctl(0, 1, 1, 1));
    }
  }
  uint64_t thr = 1ull << 40;
  for (int u = 0; u < h.nu; u++) {
    const int first = dc_unit_first_counter(h.m, u);
    for (int k = 0; k < h.nctr(u); k++) h.wr64(DC_SRAM_LO(first + k), thr - 1);
  }
  h.wr64(DC_REG_NOV_LO, thr);
  h.wr(DC_REG_NOVCTL, 1);
  h.wr(DC_REG_CCTL, cctl(1, 0, 0));
  h.idle(2 * h.cfg.frame + 2 * h.nu + 40);
  int ubad = 0;
  uint64_t lines = 0;
  for (int u = 0; u < h.nu; u++) {
    const uint32_t all = h.nctr(u) >= 32 ? ~0u : (1u << h.nctr(u)) - 1;
    ubad += h.rd(DC_UNIT_UIRQ(u)) != all;
    lines |= 1ull << u;
  }
  const uint64_t got = h.rd(DC_REG_UIRQ0) | (uint64_t)h.rd(DC_REG_UIRQ1) << 32;
  check(ubad == 0, "preset below the threshold: every counter of every unit armed and interrupted", "(%lld units)%lld",
        ubad, 0);
  check(got == lines, "UIRQ0/1: every unit's line", "(0x%llx vs 0x%llx)", (long long)got, (long long)lines);
  // rounds: lane 0 of every data word below a raised threshold
  const uint16_t nov0 = h.m->novcnt;
  int rounds = 0;
  for (; rounds < 64 && (uint16_t)(h.m->novcnt - nov0) < 1024; rounds++) {
    thr += 1ull << 32;
    h.wr64(DC_REG_NOV_LO, thr);
    for (int u = 0; u < h.nu; u++) {
      const int first = dc_unit_first_counter(h.m, u);
      for (int k = 0; k < h.nctr(u); k += 4) h.wr64(DC_SRAM_LO(first + k), thr - 1);
    }
    h.idle(h.cfg.frame + 2 * h.nu + 20);
  }
  // detailed mode on unit 0: the raw-event words (above the units' words)
  // preset below a raised threshold cross with their next flush
  h.wr(DC_REG_CCTL, 0);
  drain(h);
  thr += 1ull << 32;
  h.wr64(DC_REG_NOV_LO, thr);
  for (int w = 0; w < (int)DC_RAW_WORDS; w++) h.wr64(DC_SRAM_LO(4 * (h.m->raww + w)), thr - 1);
  const uint16_t nov1 = h.m->novcnt;
  h.wr(DC_REG_CCTL, cctl(1, 1, 0));
  h.idle(3 * h.cfg.frame);
  // (a raw word whose four raw events the unit does not have, e.g. NEV < 92, adds 0: no packet)
  check(h.m->mode_q == 1 && (uint16_t)(h.m->novcnt - nov1) > 0, "raw-event words cross the threshold",
        "(%lld packets)%lld", (uint16_t)(h.m->novcnt - nov1), 0);
  const uint32_t nov = h.rd(DC_REG_NOVCNT);
  printf("uirqall: %d rounds, NOVCNT %u (+%u) (%llu cycles)\n", rounds, nov, (unsigned)(uint16_t)(nov - nov0),
         (unsigned long long)(h.cyc - c0));
  check(nov == h.m->novcnt, "NOVCNT reads the packets counted");
  h.wr(DC_REG_CCTL, 0);
  for (int i = 0; i < 3 * h.cfg.frame && h.m->mode_q != 0; i++) h.step();
  set_all_events(h, false);
  h.wr(DC_REG_NOVCTL, 0);
  drain(h);
  for (int u = 0; u < h.nu; u++) {
    h.wr(DC_UNIT_UIRQ(u), ~0u);
    h.wr(DC_UNIT_UARM(u), ~0u);
    h.wr(DC_UNIT_UCTL(u), 0);
    for (int k = 0; k < h.nctr(u); k++) h.wr(DC_UNIT_CCTL(u, k), 0);
  }
  h.idle(2);
  check(h.top->irq_o == 0, "UIRQ W1C of every unit drops every line");
  h.wr64(DC_REG_NOV_LO, 0xFFFFFFFF00000000ull);
  drain(h);
}

// The reliability counters past 2^11 and cleared (ERRCTL.CLR): bits 11:0 of
// CECNT, UECNT and PARCNT rise and fall (bits 15:12 would take about 65,000
// cycles more: one flit error per two-cycle ERRINJ write, 2^15 of them; the
// directed run is also replayed on Icarus, so they are left). Detailed mode on no unit (DSEL =
// 63: no chain add but the raw flushes); first every bit of every lane's
// codeword flipped once by ERRINJ.SRAM; then the four words of group 0 each
// with a single-bit error in lane 0 and a double-bit error in lane 1
// (ERRINJ.SRAM into bus writes); accumulates C=1 = A + B (A = B = group 0)
// read them 8 times each (a CE and a UE per read) while ERRINJ.FLIT flips a
// bit of every carried flit (a parity error each). Groups 0 and 1 are
// rewritten by the bus afterwards (fresh values clear the poison).
static void away_from_raw(Harness &h) {
  for (int i = 0; i < 2 * h.cfg.frame; i++) {
    const int c = h.m->inj.cyc;
    if (c + 24 < h.m->rawbase || c > h.m->rawbase + 2 * (int)DC_RAW_WORDS + 4) return;
    h.step();
  }
}
static const unsigned ERR_TOP = 0x800;   // each count is taken to this
void test_errcnt(Harness &h) {
  if (!h.cfg.ecc) return;
  const uint64_t c0 = h.cyc;
  h.wr(DC_REG_CCTL, 0);
  set_all_events(h, false);
  drain(h);
  const int dsel = 63;   // (a unit only when NU=64)
  h.wr(DC_REG_CCTL, cctl(0, 1, dsel));
  for (int i = 0; i < 3 * h.cfg.frame && !(h.m->mode_q == 1 && h.m->dsel_q == dsel); i++) h.step();
  check(h.m->mode_q == 1, "errcnt: detailed mode on no unit applied");
  // every codeword bit of every lane flipped once (ERRINJ.SRAM, one bit,
  // into a bus write of word 2; the next write of the lane corrects it)
  int inj_miss = 0;
  for (unsigned ln = 0; ln < 4; ln++)
    for (unsigned b = 0; b < 72; b++) {
      away_from_raw(h);
      h.wr(DC_REG_ERRINJ, (b << DC_ERRINJ_B0_LSB) | (0x7Fu << DC_ERRINJ_B1_LSB) | (ln << DC_ERRINJ_LANE_LSB) |
                              DC_ERRINJ_SRAM_MASK);
      h.wr64(DC_SRAM_LO(8 + ln), 0x0F1E2D3C4B5A6978ull ^ ((uint64_t)b << 8));
      inj_miss += h.m->inj_sram != 0;
    }
  check(inj_miss == 0, "errcnt: every single-bit injection (4 lanes x 72 bits) consumed by its write");
  h.wr(DC_REG_ERRCTL, 1u << DC_ERRCTL_CLR_LSB);
  h.wr(DC_REG_ERRSTAT, ~0u);
  for (int w = 0; w < 4; w++) {
    away_from_raw(h);
    h.wr(DC_REG_ERRINJ, (3u << DC_ERRINJ_B0_LSB) | (9u << DC_ERRINJ_B1_LSB) | (1u << DC_ERRINJ_LANE_LSB) |
                            DC_ERRINJ_SRAM_MASK);
    h.wr64(DC_SRAM_LO(4 * w + 1), 0x5A5A5A5A00000000ull + w);
    away_from_raw(h);
    h.wr(DC_REG_ERRINJ, (5u << DC_ERRINJ_B0_LSB) | (0x7Fu << DC_ERRINJ_B1_LSB) | DC_ERRINJ_SRAM_MASK);
    h.wr64(DC_SRAM_LO(4 * w), 0xA5A5A5A500000000ull + w);
  }
  check((h.rd(DC_REG_ERRINJ) & DC_ERRINJ_SRAM_MASK) == 0, "errcnt: the injections happened");
  const uint32_t flit = DC_ERRINJ_FLIT_MASK | (0x7Fu << DC_ERRINJ_B1_LSB);
  long it = 0;
  for (; it < 12000 && (h.m->cecnt < ERR_TOP || h.m->uecnt < ERR_TOP || h.m->parcnt < ERR_TOP); it++) {
    while (h.m->acc_busy) h.step();
    if (h.m->cecnt < ERR_TOP || h.m->uecnt < ERR_TOP)
      h.wr(DC_REG_ACC, (0u << DC_ACC_A_LSB) | (0u << DC_ACC_B_LSB) | (1u << DC_ACC_C_LSB) | (1u << DC_ACC_GO_LSB));
    for (int j = 0; j < 8 && h.m->parcnt < ERR_TOP; j++) h.wr(DC_REG_ERRINJ, flit);
  }
  while (h.m->acc_busy) h.step();
  h.idle(4);
  const uint32_t ce = h.rd(DC_REG_CECNT), ue = h.rd(DC_REG_UECNT), par = h.rd(DC_REG_PARCNT);
  printf("errcnt: %ld rounds, CECNT %u UECNT %u PARCNT %u (%llu cycles)\n", it, ce, ue, par,
         (unsigned long long)(h.cyc - c0));
  check(ce >= ERR_TOP && ue >= ERR_TOP && par >= ERR_TOP, "errcnt: CECNT, UECNT and PARCNT count past 2^11",
        "(CE %lld, UE %lld)", ce, ue);
  // rewrite groups 0 and 1, then clear: every count falls to 0
  for (int i = 0; i < 32 && i < h.m->ncnt; i++) h.wr64(DC_SRAM_LO(i), 0);
  h.wr(DC_REG_CCTL, cctl(0, 0, 0));
  for (int i = 0; i < 3 * h.cfg.frame && h.m->mode_q != 0; i++) h.step();
  drain(h);
  h.wr(DC_REG_ERRCTL, 1u << DC_ERRCTL_CLR_LSB);
  check(h.rd(DC_REG_CECNT) == 0 && h.rd(DC_REG_UECNT) == 0 && h.rd(DC_REG_PARCNT) == 0, "errcnt: ERRCTL.CLR clears all three");
  h.wr(DC_REG_ERRSTAT, ~0u);
  int nz = 0, rerr = 0;
  for (int i = 0; i < 32 && i < h.m->ncnt; i++) {
    bool e0 = false, e1 = false;
    const uint32_t lo = h.rd(DC_SRAM_LO(i), &e0);   // (LO first: HI reads the shadow it loads)
    const uint32_t hi = h.rd(DC_SRAM_HI(i), &e1);
    nz += (lo | hi) != 0;
    rerr += e0 || e1;
  }
  check(nz == 0 && rerr == 0 && h.m->cecnt == 0 && h.m->uecnt == 0,
        "errcnt: groups 0 and 1 rewritten read 0 without an error", "(%lld nonzero, %lld PSLVERR)", nz, rerr);
  h.wr(DC_REG_ERRINJ, (0x7Fu << DC_ERRINJ_B0_LSB) | (0x7Fu << DC_ERRINJ_B1_LSB));
}
