// `make bench`: simulation speed of the per-thread core, in clock cycles per
// second of host time, for the C model alone, the Verilated RTL alone and
// both in lockstep (the test benches' mode). All counters are programmed
// with all qualification bits and counting; every cycle drives fresh random
// events on every class of every thread (a worst case for activity).
//   bench [--cycles N] [--label L] [--header]
#include <chrono>

#include "pmu_harness.h"

static double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Pre-generated stimulus pages, so that generation cost is outside the loop.
static const unsigned PAGES = 64;

int main(int argc, char **argv) {
    uint64_t cycles = 2000000;
    const char *label = "default";
    bool header = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cycles") && i + 1 < argc) cycles = strtoull(argv[++i], nullptr, 0);
        else if (!strcmp(argv[i], "--label") && i + 1 < argc) label = argv[++i];
        else if (!strcmp(argv[i], "--header")) header = true;
        else { fprintf(stderr, "usage: bench [--cycles N] [--label L] [--header]\n"); return 2; }
    }
    Harness h;
    const pmu_cfg &c = h.cfg;
    for (unsigned n = 0; n < c.nc; n++) {
        h.write(PMU_REG_EMQ(n), 0xFFFFu | ((1u << (2 * c.nt)) - 1) << PMU_EMQ_EQ_LSB);
        h.write(PMU_REG_CTL(n), (n % c.ncls) | PMU_CTL_EN_MASK);
    }
    h.write(PMU_REG_GCTL, PMU_GCTL_GEN_MASK);

    static pmu_inputs page[PAGES];
    uint64_t x = 88172645463325252ull;
    for (unsigned p = 0; p < PAGES; p++) {
        page[p] = h.in;
        for (unsigned t = 0; t < c.nt; t++) {
            page[p].cpl[t] = (uint8_t)(x & 3);
            for (unsigned k = 0; k < c.ncls; k++) {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                page[p].ev[t][k] = (uint16_t)x;
            }
            for (unsigned s = 0; s < c.nret; s++) {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                page[p].flop[t][s] = {(uint8_t)(x & 1), (uint8_t)((x >> 1) % 6), (uint8_t)((x >> 4) & 1),
                                      (uint8_t)((x >> 5) & 1), (uint8_t)((x >> 6) % 10)};
            }
        }
    }

    // C model alone
    pmu_model *m = h.m;
    pmu_outputs o;
    double t0 = now();
    for (uint64_t i = 0; i < cycles; i++) pmu_model_step(m, &page[i % PAGES], &o);
    double t_model = now() - t0;

    // Verilated RTL alone
    Vpmu_core *d = h.dut;
    t0 = now();
    for (uint64_t i = 0; i < cycles; i++) {
        h.in = page[i % PAGES];
        h.drive();
        d->clk_i = 0;
        d->eval();
        d->clk_i = 1;
        d->eval();
    }
    double t_rtl = now() - t0;

    // lockstep (RTL + model + compare every cycle), fresh state
    h.reset();
    for (unsigned n = 0; n < c.nc; n++) {
        h.write(PMU_REG_EMQ(n), 0xFFFFu | ((1u << (2 * c.nt)) - 1) << PMU_EMQ_EQ_LSB);
        h.write(PMU_REG_CTL(n), (n % c.ncls) | PMU_CTL_EN_MASK);
    }
    h.write(PMU_REG_GCTL, PMU_GCTL_GEN_MASK);
    uint64_t ls_cycles = cycles / 2;
    t0 = now();
    for (uint64_t i = 0; i < ls_cycles; i++) {
        h.in = page[i % PAGES];
        if (!h.step()) return 1;
    }
    double t_ls = now() - t0;

    char cfgs[96];
    snprintf(cfgs, sizeof cfgs, "NT=%u NC=%u CW=%u NCLS=%u", c.nt, c.nc, c.cw, c.ncls);
    if (header) {
        printf("| config | parameters | engine | cycles | seconds | cycles/s |\n");
        printf("|---|---|---|---:|---:|---:|\n");
    }
    printf("| %s | %s | C model | %" PRIu64 " | %.3f | %.3g |\n", label, cfgs, cycles, t_model, cycles / t_model);
    printf("| %s | %s | Verilator RTL | %" PRIu64 " | %.3f | %.3g |\n", label, cfgs, cycles, t_rtl, cycles / t_rtl);
    printf("| %s | %s | lockstep (RTL+model+compare) | %" PRIu64 " | %.3f | %.3g |\n", label, cfgs, ls_cycles, t_ls,
           ls_cycles / t_ls);
    return 0;
}
