/* The device under test of the sw/ host tests (see test_sw.c). */
#ifndef TEST_SW_H
#define TEST_SW_H
#include "pmu_model.h"
#include "pmu_simbus.h"
#ifdef __cplusplus
extern "C" {
#endif
typedef struct {
    const char    *name;
    pmu_cfg        cfg;
    void          *dut;
    pmu_sb_step_fn step;
    void         (*reset)(void *dut);
    int          (*ok)(void *dut);      /* 0 after an RTL/model divergence */
} sw_target;
int sw_run_tests(const sw_target *t, uint32_t seed, unsigned iters);
#ifdef __cplusplus
}
#endif
#endif
