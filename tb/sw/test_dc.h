/* The device under test of the dc_drv host tests (see test_dc.c). */
#ifndef TEST_DC_H
#define TEST_DC_H
#include "dc_model.h"
#include "dc_simbus.h"
#ifdef __cplusplus
extern "C" {
#endif
typedef struct {
    const char   *name;
    const dc_model_t *m;        /* the reference model (configuration, SRAM index check) */
    void         *dut;
    dc_sb_step_fn step;
    int         (*ok)(void *dut);   /* 0 after an RTL/model divergence */
} dc_target;
/* Runs every test, prints "N passed, N failed" last; returns 0 when all passed. */
int dc_run_tests(const dc_target *t, uint32_t seed);
#ifdef __cplusplus
}
#endif
#endif
