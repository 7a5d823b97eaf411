// `make demo`: the Verilated pmu_core (in lockstep with the C model) counts a
// synthetic two-thread workload, programmed through the APB bus the way a
// driver would, and prints a perf-stat-like table. The "expected" column is
// counted by this program from the trace it generates, independently of the
// RTL and the model.
//   demo [--cycles N] [--seed S]
#include <cmath>
#include <vector>

#include "pmu_harness.h"

// ---- the synthetic core's event wiring (class number, sub-event bits) ----
enum : unsigned {
    C_INST = 0,   // INST_RETIRED: sub-event s = retire slot s (0..3)
    C_BR = 1,     // BR_RETIRED: 0 TAKEN, 1 NOT_TAKEN, 2 MISPREDICTED
    C_MEM = 2,    // MEM_UOPS: 0 LOAD, 1 STORE, 2 L1D_MISS
    C_STALL = 3,  // STALL (duration): 0 FRONTEND, 1 BACKEND
};

struct Xorshift {
    uint64_t s;
    explicit Xorshift(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    uint64_t next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
    unsigned below(unsigned n) { return (unsigned)(next() % n); }
    bool chance(unsigned pct) { return below(100) < pct; }
};

struct Row {
    const char *event, *qual;
    unsigned es;
    uint32_t em, eq, ctl_extra;
    uint64_t expected;
};

int main(int argc, char **argv) {
    uint64_t cycles = 200000, seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cycles") && i + 1 < argc) cycles = strtoull(argv[++i], nullptr, 0);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], nullptr, 0);
        else { fprintf(stderr, "usage: demo [--cycles N] [--seed S]\n"); return 2; }
    }
    Harness h;
    const unsigned NT = h.cfg.nt, FC = h.cfg.flop_class;
    if (NT < 2 || h.cfg.nc < 8 || h.cfg.ncls <= C_STALL || FC <= C_STALL) {
        fprintf(stderr, "demo needs NT>=2, NC>=8 and the default class layout\n");
        return 2;
    }
    const uint32_t T0 = 1u << PMU_EQ_OS_BIT(0, NT) | 1u << PMU_EQ_USR_BIT(0, NT);
    const uint32_t T1 = 1u << PMU_EQ_OS_BIT(1, NT) | 1u << PMU_EQ_USR_BIT(1, NT);
    const uint32_t T0_OS = 1u << PMU_EQ_OS_BIT(0, NT);
    const uint32_t ALL = (1u << (2 * NT)) - 1;
    const uint32_t DP = PMU_FLOP_SCALAR_DOUBLE_MASK | PMU_FLOP_PACKED128_DOUBLE_MASK | PMU_FLOP_PACKED256_DOUBLE_MASK |
                        PMU_FLOP_PACKED512_DOUBLE_MASK;
    std::vector<Row> rows = {
        {"INST_RETIRED:ANY", "T0:OS+USR", C_INST, 0xF, T0, 0, 0},
        {"INST_RETIRED:ANY", "T0:OS", C_INST, 0xF, T0_OS, 0, 0},
        {"INST_RETIRED:ANY", "T1:OS+USR", C_INST, 0xF, T1, 0, 0},
        {"BR_RETIRED:TAKEN+NOT_TAKEN", "all", C_BR, 0x3, ALL, 0, 0},
        {"BR_RETIRED:MISPREDICTED", "all", C_BR, 0x4, ALL, 0, 0},
        {"MEM_UOPS:L1D_MISS", "all", C_MEM, 0x4, ALL, 0, 0},
        {"STALL:BACKEND (episodes, edge)", "T0:OS+USR", C_STALL, 0x2, T0, PMU_CTL_EDGE_MASK, 0},
        {"FP_ARITH:DOUBLE (FMA x2)", "T1:OS+USR", FC, DP, T1, 0, 0},
    };

    // program the counters through the bus, as a driver would
    for (unsigned n = 0; n < rows.size(); n++) {
        h.write(PMU_REG_EMQ(n), rows[n].em | rows[n].eq << PMU_EMQ_EQ_LSB);
        h.write(PMU_REG_CTL(n), rows[n].es | PMU_CTL_EN_MASK | rows[n].ctl_extra);
    }
    h.write(PMU_REG_CLR, (1u << rows.size()) - 1);

    // ---- workload: thread 0 runs a user-mode integer sort with a system
    // call every ~5000 cycles (CPL 0 for ~300 cycles); thread 1 runs a
    // DAXPY-like FP loop with 256-bit packed-double FMAs and scalar tails.
    Xorshift rng(seed);
    unsigned t0_kernel_left = 0, t0_stall_left = 0;
    bool t0_prev_stall = false;
    h.write(PMU_REG_GCTL, PMU_GCTL_GEN_MASK);
    uint64_t tsc0 = h.read64(PMU_REG_TSC_LO);
    uint64_t t_start = h.cycle;
    for (uint64_t c = 0; c < cycles; c++) {
        h.clear_events();
        // thread 0
        if (t0_kernel_left == 0 && rng.below(5000) == 0) t0_kernel_left = 200 + rng.below(200);
        bool kern = t0_kernel_left > 0;
        if (kern) t0_kernel_left--;
        h.in.cpl[0] = kern ? 0 : 3;
        if (t0_stall_left == 0 && rng.chance(2)) t0_stall_left = 1 + rng.below(30);  // cache-miss stall
        bool stall = t0_stall_left > 0;
        if (stall) t0_stall_left--;
        if (stall) {
            h.in.ev[0][C_STALL] = 0x2;
        } else {
            unsigned n = 1 + rng.below(kern ? 2 : 4);
            h.in.ev[0][C_INST] = (uint16_t)((1u << n) - 1);
            rows[0].expected += n;
            if (kern) rows[1].expected += n;
            if (rng.chance(20)) {
                bool taken = rng.chance(60), miss = rng.chance(5);
                h.in.ev[0][C_BR] = (uint16_t)((taken ? 1 : 2) | (miss ? 4 : 0));
                rows[3].expected++;
                rows[4].expected += miss;
            }
            if (rng.chance(35)) {
                bool st = rng.chance(30), miss = rng.chance(4);
                h.in.ev[0][C_MEM] = (uint16_t)((st ? 2 : 1) | (miss ? 4 : 0));
                rows[5].expected += miss;
            }
        }
        if (stall && !t0_prev_stall) rows[6].expected++;
        t0_prev_stall = stall;
        // thread 1
        h.in.cpl[1] = 3;
        unsigned n1 = rng.below(4);
        h.in.ev[1][C_INST] = (uint16_t)((1u << n1) - 1);
        rows[2].expected += n1;
        for (unsigned s = 0; s < n1 && s < h.cfg.nret; s++) {
            pmu_flop_slot &f = h.in.flop[1][s];
            unsigned k = rng.below(10);
            if (k < 5) {        // vfmadd231pd ymm: 256-bit packed double FMA
                f.valid = 1; f.rsz = PMU_RSZ256; f.esz = 1; f.scalar = 0; f.op = PMU_FOP_FMA;
                rows[7].expected += 2;
            } else if (k < 7) { // vaddsd xmm: scalar double on a 128-bit register
                f.valid = 1; f.rsz = PMU_RSZ128; f.esz = 1; f.scalar = 1; f.op = PMU_FOP_ADD;
                rows[7].expected += 1;
            } else if (k < 8) { // vmulps xmm: 128-bit packed single (not counted)
                f.valid = 1; f.rsz = PMU_RSZ128; f.esz = 0; f.scalar = 0; f.op = PMU_FOP_MUL;
            }
        }
        if (rng.chance(10)) { h.in.ev[1][C_BR] = 1; rows[3].expected++; }
        if (!h.step()) return 1;
    }
    h.clear_events();
    h.write(PMU_REG_GCTL, 0);  // stop all counters on one cycle
    uint64_t elapsed = h.cycle - t_start;
    uint64_t tsc1 = h.read64(PMU_REG_TSC_LO);

    printf("\n Performance counter stats for 'synthetic 2-thread workload' (seed %" PRIu64 "):\n", seed);
    printf(" pmu_core NT=%u NC=%u CW=%u; RTL (Verilator) in lockstep with the C model\n\n", h.cfg.nt, h.cfg.nc,
           h.cfg.cw);
    printf("  %-3s  %-32s %-10s %16s %16s\n", "ctr", "event", "qualifier", "count", "expected");
    unsigned bad = 0;
    std::vector<uint64_t> got(rows.size());
    for (unsigned n = 0; n < rows.size(); n++) {
        got[n] = h.read64(PMU_REG_CNT_LO(n));
        bool ok = got[n] == rows[n].expected;
        bad += !ok;
        printf("  %-3u  %-32s %-10s %16" PRIu64 " %16" PRIu64 "  %s\n", n, rows[n].event, rows[n].qual, got[n],
               rows[n].expected, ok ? "" : "MISMATCH");
    }
    printf("  %-3s  %-32s %-10s %16" PRIu64 " %16s\n", "-", "TSC (cycles between the reads)", "", tsc1 - tsc0, "");
    printf("\n  %-40s %10.3f\n", "IPC thread 0 (over the trace cycles)", (double)got[0] / cycles);
    printf("  %-40s %10.3f\n", "IPC thread 1", (double)got[2] / cycles);
    printf("  %-40s %9.2f%%\n", "thread 0 kernel share of instructions", 100.0 * got[1] / (got[0] ? got[0] : 1));
    printf("  %-40s %9.2f%%\n", "branch mispredict rate", 100.0 * got[4] / (got[3] ? got[3] : 1));
    printf("  %-40s %10.3f\n", "DP FP ops/cycle, thread 1 (FMA = 2)", (double)got[7] / cycles);
    printf("  %-40s %10" PRIu64 "\n", "cycles from GEN=1 to GEN=0", elapsed);
    printf("\n%u passed, %u failed\n", (unsigned)rows.size() - bad, bad);
    return bad ? 1 : 0;
}
