/* yield_drv host tests (see test_yield.c); the target is test_sw.h's sw_target. */
#ifndef TEST_YIELD_H
#define TEST_YIELD_H
#include "test_sw.h"
#ifdef __cplusplus
extern "C" {
#endif
int yield_run_tests(const sw_target *t, uint32_t seed);   /* prints "N passed, N failed" last; 0 = all passed */
#ifdef __cplusplus
}
#endif
#endif
