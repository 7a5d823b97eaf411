// sw/ host tests against the Verilated RTL: every cycle of the simulated bus
// steps rtl/pmu_core.v and the C golden model in lockstep through
// tb/pmu_harness.h (any divergence fails the run). Build: sw/sw.mk.
#include <cstdlib>
#include <cstring>
#include "pmu_harness.h"
extern "C" {
#include "test_sw.h"
}

int main(int argc, char **argv) {
    uint32_t seed = 1;
    unsigned iters = 6;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed")) seed = (uint32_t)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--iters")) iters = (unsigned)strtoul(argv[i + 1], 0, 0);
        else { fprintf(stderr, "usage: %s [--seed N] [--iters N]\n", argv[0]); return 2; }
    }
    Harness h;
    sw_target t;
    t.name = "Verilated RTL + C model in lockstep";
    t.cfg = h.cfg;
    t.dut = &h;
    t.step = harness_step_cb;
    t.reset = harness_reset_cb;
    t.ok = harness_ok_cb;
    int r = sw_run_tests(&t, seed, iters);
    if (h.failed) { printf("RTL/model divergence\n0 passed, 1 failed\n"); return 1; }
    return r;
}
