// dc_drv host tests against the Verilated RTL (rtl/dc_top.v): every cycle of
// the simulated bus steps the RTL and the C golden model in lockstep through
// tb/dc_harness.h (APB outputs, SRAM, local counters, chain flits and
// interrupt lines compared every cycle; any divergence fails the run).
// Build: sw/sw.mk (small configuration NP=3 NL=2, as sim/dc.mk's small build).
#include <cstdlib>
#include <cstring>
#include "dc_harness.h"
extern "C" {
#include "test_dc.h"
}

static void rtl_step(void *dut, const uint16_t *ev, const uint8_t *cpl, const dc_apb_in_t *in, dc_apb_out_t *out) {
    Harness *h = static_cast<Harness *>(dut);
    std::memcpy(h->ev.data(), ev, h->ev.size() * sizeof(uint16_t));
    std::memcpy(h->cpl.data(), cpl, h->cpl.size());
    h->apb = *in;
    h->tick();
    *out = h->out;   // the model's outputs, equal to the RTL's (else h->fails)
}
static int rtl_ok(void *dut) { return static_cast<Harness *>(dut)->fails == 0; }

int main(int argc, char **argv) {
    uint32_t seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed")) seed = (uint32_t)strtoul(argv[i + 1], 0, 0);
        else { fprintf(stderr, "usage: %s [--seed N]\n", argv[0]); return 2; }
    }
    Harness h(seed);
    dc_target t;
    t.name = "Verilated RTL + C model in lockstep";
    t.m = h.m;
    t.dut = &h;
    t.step = rtl_step;
    t.ok = rtl_ok;
    int r = dc_run_tests(&t, seed);
    if (h.fails) { printf("RTL/model divergence (%ld mismatches)\n0 passed, 1 failed\n", h.fails); return 1; }
    return r;
}
