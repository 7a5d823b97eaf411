// Constrained-random lockstep test of pmu_core against the C golden model.
//   test_random [--seed N] [--cycles N]       (env SEED / CYCLES also work)
// Random ESCR programming, presets near overflow, random event traffic with
// phases up to the maximum increment per cycle, random FLOP retirements
// (register size incl. 1024 bits, element size, scalar flag, instruction
// type; FTYPE main-event programming), CPL changes, and random bus traffic including illegal, misaligned, partial and
// unprivileged accesses. Sampling and yield channels: random MMCR/PMSTAT/XCTL
// programming (negative interrupts, freeze, trigger, time base, latency class,
// process mark, history), presets just below negative, random addresses,
// process marks, load/store latencies and external events every cycle,
// random yield channel programming in both rings (privileged and not), ERET
// writes. Every cycle the harness compares outputs and state.
// Functional coverage goals are checked at the end, so a stimulus that never
// reaches a corner fails instead of passing quietly.
// The bench by concern: tb/random/random.h (the bench state, what each file
// holds), tb/random/ops.cpp and ops_views.cpp (the constrained-random
// operations), stimulus.cpp (each cycle's inputs), coverage.cpp (the coverage
// counters and goals); this file: the options and seed, the cycle loop with
// the lockstep check (RTL == model every cycle, tb/pmu_harness.h), the result.
#include "random/random.h"

struct Options {
    uint64_t seed = getenv("SEED") ? strtoull(getenv("SEED"), 0, 0) : 1;
    uint64_t cycles = getenv("CYCLES") ? strtoull(getenv("CYCLES"), 0, 0) : 1000000;
};

static Options options(int argc, char **argv) {
    Options o;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--seed")) o.seed = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "--cycles")) o.cycles = strtoull(argv[++i], 0, 0);
    }
    return o;
}

int main(int argc, char **argv) {
    const Options o = options(argc, argv);
    const uint64_t seed = o.seed, cycles = o.cycles;
    printf("test_random: config NT=%d NC=%d CW=%d NCLS=%d NRET=%d FLOP_CLASS=%d seed=%" PRIu64
           " cycles=%" PRIu64 "\n", CFG_NT, CFG_NC, CFG_CW, CFG_NCLS, CFG_NRET, CFG_FLOP_CLASS, seed, cycles);
    printf("test_random: reproduce with --seed %" PRIu64 "\n", seed);

    Harness h;
    RandomBench b(h, seed);
    Tally tally;
    for (uint64_t cyc = 0; cyc < cycles; cyc++) {
        b.drive();
        if (!h.step()) {   // the lockstep check: outputs and state, RTL == model
            printf("test_random: diverged at cycle %" PRIu64 " (seed %" PRIu64 ")\n", h.cycle - 1, seed);
            tally.add(false);
            return tally.done();
        }
        b.observe();
        b.bus_next();
    }
    printf("test_random: lockstep %" PRIu64 " cycles, no divergence\n", cycles);
    tally.add(true);
    b.cov.report(h.cfg, cycles, tally);
    return tally.done();
}
