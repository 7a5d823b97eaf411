// CoreSight PMU view tests (tb/sw/test_cspmu.c) on the Verilated RTL (a VIEW=1
// configuration) in lockstep with the C model through tb/pmu_harness.h.
// Build: sw/cspmu.mk (cspmu-rtl).
#include <cstdlib>
#include <cstring>
#include "pmu_harness.h"
extern "C" {
#include "test_sw.h"
int cspmu_run_tests(const sw_target *tgt, uint32_t seed);
}

int main(int argc, char **argv) {
    uint32_t seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed")) seed = (uint32_t)strtoul(argv[i + 1], 0, 0);
        else { fprintf(stderr, "usage: %s [--seed N]\n", argv[0]); return 2; }
    }
    Harness h;
    sw_target t;
    t.name = "Verilated RTL + C model in lockstep";
    t.cfg = h.cfg;
    t.dut = &h;
    t.step = harness_step_cb;
    t.reset = harness_reset_cb;
    t.ok = harness_ok_cb;
    int r = cspmu_run_tests(&t, seed);
    if (h.failed) { printf("RTL/model divergence\n0 passed, 1 failed\n"); return 1; }
    return r;
}
