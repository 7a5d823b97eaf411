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
