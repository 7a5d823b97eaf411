// RISC-V CSR view tests written to close holes of the code coverage
// (make coverage, docs/coverage.md): CSR bits that the rule tests and the
// random traffic leave at one value.
// Shared helpers and the test table: tb/rv/rv_conf.h, tb/test_rv.cpp.
#include "rv_conf.h"

// Every mhpmevent(3+n) and mhpmcounter(3+n) of every implemented counter is
// written all ones, zero and the two alternating patterns (both halves with
// RV32) in M-mode while every counter is inhibited (mcountinhibit's reset
// value), and read back: the counter returns the pattern masked to CW bits;
// mhpmevent's stored fields are compared with the model by the lockstep.
// The reset values are restored.
void t_cov_csr_bits(Harness &h) {
    const uint64_t pats[] = {~0ull, 0ull, 0xAAAAAAAAAAAAAAAAull, 0x5555555555555555ull, 0ull};
    for (unsigned n = 0; n < NC_; n++)
        for (uint64_t p : pats) {
            set_event(h, n, p);
            get_event(h, n);
            set_cnt(h, n, p);
            CHECK_EQ(get_cnt(h, n), p & CMASK);
        }
    for (unsigned n = 0; n < NC_; n++) {
        set_event(h, n, ((1ull << NT_) - 1) << 32);   // reset value: every thread counted
        set_cnt(h, n, 0);
    }
}
