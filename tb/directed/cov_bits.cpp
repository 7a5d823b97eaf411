// Directed tests of pmu_core written to close holes of the code coverage
// (make coverage, docs/coverage.md): register bits that the feature tests
// and the random traffic leave at one value.
// Shared helpers and the test table: tb/directed/directed.h, tb/test_directed.cpp.
#include "directed.h"

// Every storage bit of every yield channel register (both rings, every
// channel) is written 1 and 0 and read back, privileged: SAV (which also
// loads CNT), CNT, MISS, ESV, ESM, TGT_LO/HI are written while the channel
// is invalid, then read with VALID=1 (an invalid channel reads 0) and no
// event input, and the channel is made invalid again. Read-back checked: SAV
// and the targets (TGT_HI reads 0 with AW=32); the lockstep compares every
// other bit with the model.
void t_cov_ych_bits(Harness &h) {
    if (!h.cfg.has_yield) return;
    const uint32_t pats[] = {0xFFFFFFFFu, 0x00000000u, 0xAAAAAAAAu, 0x55555555u, 0x00000000u};
    for (unsigned r : {0u, 1u})
        for (unsigned i = 0; i < NCH_; i++)
            for (uint32_t p : pats) {
                CHECK_EQ(h.write(PMU_REG_YCH_CTL(r, i), 0), 0);
                CHECK_EQ(h.write(PMU_REG_YCH_SAV(r, i), p), 0);
                CHECK_EQ(h.write(PMU_REG_YCH_CNT(r, i), ~p), 0);
                CHECK_EQ(h.write(PMU_REG_YCH_MISS(r, i), p), 0);
                CHECK_EQ(h.write(PMU_REG_YCH_ESV(r, i), p), 0);
                CHECK_EQ(h.write(PMU_REG_YCH_ESM(r, i), p), 0);
                CHECK_EQ(h.write(PMU_REG_YCH_TGT_LO(r, i), p), 0);
                CHECK_EQ(h.write(PMU_REG_YCH_TGT_HI(r, i), p), 0);
                CHECK_EQ(h.write(PMU_REG_YCH_CTL(r, i), V), 0);
                CHECK_EQ(h.read(PMU_REG_YCH_SAV(r, i)), p);
                h.read(PMU_REG_YCH_CNT(r, i));
                h.read(PMU_REG_YCH_MISS(r, i));
                h.read(PMU_REG_YCH_ESV(r, i));
                h.read(PMU_REG_YCH_ESM(r, i));
                CHECK_EQ(h.read(PMU_REG_YCH_TGT_LO(r, i)), p);
                CHECK_EQ(h.read(PMU_REG_YCH_TGT_HI(r, i)), AW_ == 64 ? p : 0u);
            }
    for (unsigned r : {0u, 1u})
        for (unsigned i = 0; i < NCH_; i++) h.write(PMU_REG_YCH_CTL(r, i), 0);
}

// Every counter is written all ones, zero and the two alternating patterns
// (64-bit write HI then LO, masked to CW bits) with GEN=0 and read back: the
// counter bits above those the counting tests reach (CW up to 64).
void t_cov_cnt_bits(Harness &h) {
    const uint64_t pats[] = {~0ull, 0ull, 0xAAAAAAAAAAAAAAAAull, 0x5555555555555555ull, 0ull};
    for (unsigned n = 0; n < NC_; n++)
        for (uint64_t p : pats) {
            h.write64(A_LO(n), p & cmax());
            CHECK_EQ(h.read64(A_LO(n)), p & cmax());
        }
    h.write(PMU_REG_OVF, 0xFFFFFFFFu);
}
