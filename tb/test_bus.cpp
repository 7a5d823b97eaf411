// Lockstep bench of the bus wrappers: rtl/pmu_core_axil.v (-DBUS_AXIL),
// rtl/pmu_core_wb.v (-DBUS_WB), or any wrapper whose C bus model is a generic
// entry (-DBUS_<BUS>: tb/test_bus_gen.h, cmodel/pmu_bus_<bus>.h; an in-order
// master, one request at a time, every response accepted) as the Verilated
// top. The wrapper's own
// parameters of the build come as -DBUS_<P>=V (sim/core.mk busbuild, with
// the same -G<P>=V): BUS_FORCE_PRIV, BUS_PIPELINED_ONLY (default 0); the
// bridge models get them and the directed tests expect what they select.
//   test_bus [--seed N] [--cycles N] [--only NAME]
// Every cycle: the bridge's C model (cmodel/pmu_bus_model.c) gives the APB
// request that drives the core's C model (pmu_model.c); the RTL bridge's bus
// outputs are compared with the bridge model's, the RTL's internal APB
// signals (bridge -> core and core -> bridge) with the bridge model's request
// and the core model's response, and the harness compares all core state.
// A protocol checker watches the bus (one response per request, no response
// without a request, response held stable while VALID & !READY; Wishbone: one
// ACK/ERR per taken request, none for an aborted one, never both, none in
// the cycle a request is taken unless PIPELINED_ONLY).
// Wishbone masters: a B4 pipelined one (STB dropped when taken, STALL
// obeyed) and a classic one (B3 / B4 standard mode: CYC & STB held until
// ACK/ERR, STALL ignored).
// Directed tests check the spec'd results (readback, SLVERR/ERR for
// partial strobes, unprivileged and unmapped accesses, back-to-back, read and
// write together, AW/W order, documented latencies, the thread ID sideband
// AWUSER/ARUSER/TGA -> PAUSER = pmu_core ptid_i); the random test runs
// random traffic (random thread IDs) with random back-pressure and checks
// coverage goals.
// Shared bench state, master and checker: tb/bus/bus.h, tb/bus/bus_bench.cpp and
// the bus's own file (tb/bus/bus_axil.cpp, bus_wb.cpp, bus_generic.cpp); the
// tests, one file per group: tb/bus/bus_access.cpp, bus_stream.cpp,
// bus_wb_classic.cpp, bus_pauser.cpp, bus_traffic.cpp.
#include "bus/bus.h"

int main(int argc, char **argv) {
    uint64_t seed = 1, cycles = 200000;
    const char *only = nullptr;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "--cycles")) cycles = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "--only")) only = argv[++i];
    }
    printf("test_bus: %s wrapper, config NT=%d NC=%d, seed=%" PRIu64 " cycles=%" PRIu64 "\n", BUS, CFG_NT, CFG_NC,
           seed, cycles);
    Bench b;
    struct { const char *name; std::function<void(Bench &)> fn; } tests[] = {
        {"write_readback", t_write_readback}, {"byte_strobes", t_byte_strobes}, {"errors", t_errors},
        {"back_to_back", t_back_to_back}, {"read_write_together", t_read_write_together},
#if defined(BUS_AXIL)
        {"aw_w_order", t_aw_w_order},
#elif defined(BUS_WB)
        {"abort", t_abort}, {"classic", t_classic},
#endif
        {"prot", t_prot},
        {"pauser", t_pauser},
        {"random", [&](Bench &bb) { t_random(bb, seed, cycles); }},
    };
    Tally tally;
    for (auto &t : tests) {
        if (only && strcmp(only, t.name)) continue;
        g_test = t.name;
        g_checks_failed = 0;
        b.fail = false;
        b.h.failed = false;
        b.p_req = b.p_req2 = b.p_rdy = 100;
        b.p_abort = 0;
        b.reset();
        // the yield channel registers serve as plain RW registers: an invalid
        // channel reads 0 (docs/yield.md), so make every channel valid (ESM=0
        // after reset: it never triggers)
        for (unsigned ring : {0u, 3u})
            for (unsigned i = 0; CFG_HAS_YIELD && i < CFG_NCH; i++)
                b.xfer(true, PMU_REG_YCH_CTL(ring, i), PMU_YCH_CTL_VALID_MASK);
        t.fn(b);
        tally.test(t.name, !b.fail && !b.h.failed && g_checks_failed == 0);
    }
    return tally.done(BUS);
}
