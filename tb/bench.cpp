// `make bench`: simulation speed of the per-thread core, in clock cycles per
// second of host CPU time, for the C model alone, the Verilated RTL alone and
// both in lockstep (the test benches' mode). All counters are programmed
// with all qualification bits and counting; every cycle drives fresh random
// events on every class of every thread (a worst case for activity).
//   bench [--cycles N] [--vec FILE] [--vec-cycles M]
// prints its main parameters ("PARAMS ...") and one line per engine,
// "RESULT <engine> <cycles> <seconds>", for
// sim/sim_bench.py's table; --vec records the programming writes and the
// first M lockstep cycles (default 20000) for the Icarus replay (tb/tb_replay.v),
// which the table times as a fourth engine.
#include <time.h>

#include "pmu_harness.h"

// CPU time of this process (not wall time: a loaded machine, e.g. CI running
// other jobs on the same cores, would otherwise skew the ratios)
static double now() {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Pre-generated stimulus pages, so that generation cost is outside the loop.
static const unsigned PAGES = 64;

// reset, then every counter counts every sub-event of class n % NCLS on
// every thread and ring
static void program(Harness &h, const char *name = nullptr) {
    const pmu_cfg &c = h.cfg;
    h.reset(name);
    for (unsigned n = 0; n < c.nc; n++) {
        h.write(PMU_REG_EMQ(n), 0xFFFFu | ((1u << (2 * c.nt)) - 1) << PMU_EMQ_EQ_LSB);
        h.write(PMU_REG_CTL(n), (n % c.ncls) | PMU_CTL_EN_MASK);
    }
    h.write(PMU_REG_GCTL, PMU_GCTL_GEN_MASK);
}

int main(int argc, char **argv) {
    uint64_t cycles = 2000000;
    uint64_t vec_cycles = 20000;
    const char *vecf = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cycles") && i + 1 < argc) cycles = strtoull(argv[++i], nullptr, 0);
        else if (!strcmp(argv[i], "--vec") && i + 1 < argc) vecf = argv[++i];
        else if (!strcmp(argv[i], "--vec-cycles") && i + 1 < argc) vec_cycles = strtoull(argv[++i], nullptr, 0);
        else { fprintf(stderr, "usage: bench [--cycles N] [--vec FILE] [--vec-cycles M]\n"); return 2; }
    }
    Harness h;
    const pmu_cfg &c = h.cfg;
    program(h);

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
    program(h);
    uint64_t ls_cycles = cycles / 2;
    t0 = now();
    for (uint64_t i = 0; i < ls_cycles; i++) {
        h.in = page[i % PAGES];
        if (!h.step()) return 1;
    }
    double t_ls = now() - t0;

    // the Icarus replay's vectors (untimed): the same run's first vec_cycles
    // lockstep cycles, with the programming writes
    if (vecf) {
        if (!(h.vec = fopen(vecf, "w"))) { perror(vecf); return 2; }
        program(h, "bench");
        for (uint64_t i = 0; i < vec_cycles; i++) {
            h.in = page[i % PAGES];
            if (!h.step()) return 1;
        }
        fclose(h.vec);
        h.vec = nullptr;
    }

    printf("PARAMS NT=%u NC=%u CW=%u NCLS=%u NAREA=%u\n", c.nt, c.nc, c.cw, c.ncls, c.narea);
    printf("RESULT C_model %" PRIu64 " %.6f\n", cycles, t_model);
    printf("RESULT Verilator %" PRIu64 " %.6f\n", cycles, t_rtl);
    printf("RESULT lockstep %" PRIu64 " %.6f\n", ls_cycles, t_ls);
    return 0;
}
