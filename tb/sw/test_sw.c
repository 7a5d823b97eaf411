/* Host tests of the sw/ driver and PAPI-like API on a simulated bus.
 *
 * The same test body runs against the C golden model (test_sw_model.c) and
 * against the Verilated RTL in lockstep with the model (test_sw_rtl.cpp).
 * Expected counts never come from the model: a deterministic event
 * generator drives the event/CPL inputs and tallies what it injected, and
 * the expected value of an event is the sum of the tallies its class, mask
 * and qualification select. Register encodings are checked against
 * hand-computed constants from docs/regmap.md.
 *
 * Counter areas (CAP.NAREA > 1, e.g. test_sw_model --narea 3 and the RTL
 * "alt" configuration): every counting test builds sets that fit the areas,
 * and the expected counts do not depend on the counter an event got, so an
 * event placed on a counter outside its area (which counts nothing there)
 * fails them; test_areas checks the placement, the errors and multiplexing.
 *
 * This file runs the tests in their fixed order (sw_run_tests); they are in
 * tb/sw/test_sw/, one concern per file, with their shared generator, fixture
 * and helpers in tb/sw/test_sw/common.c (declared in tb/sw/test_sw/common.h):
 *   basics.c    probe, driver, encoding, errors, revision, pmu_muldiv64
 *   counting.c  exact counts, overflow, live wrap, user read
 *   areas.c     multiplexing, counter areas
 *   pm_api.c    trigger, correlate, time base, latency threshold
 *   pm_irq.c    interrupt-driven cycling, status, throttling
 *   sampling.c  sampling, randomized sampling period
 */
#include "test_sw/common.h"

int sw_run_tests(const sw_target *tgt, uint32_t seed, unsigned iters)
{
    T = tgt;
    rs = 0x9E3779B97F4A7C15ull ^ ((uint64_t)seed << 17 | seed);
    if (!rs) rs = 1;
    gen_setup();
    printf("sw tests on %s, seed %u\n", tgt->name, seed);
    test_probe();
    test_driver();
    test_encode();
    test_errors();
    test_exact(iters);
    test_overflow();
    test_live_wrap();
    test_muldiv();
    test_user_read();
    test_areas();
    test_multiplex();
    test_revision();
    test_trigger();
    test_correlate();
    test_cycling();
    test_timebase();
    test_latency();
    test_status();
    test_throttle();
    test_sampling();
    test_sampling_jitter();
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
