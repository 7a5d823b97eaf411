/* SPDX-License-Identifier: Apache-2.0
 * Twin of rtl/pmu_reg_field.v: the next value of a register field with a
 * software side and a hardware side. sw: 0 RW (a write loads wd), 1 W1C (a
 * write clears the bits where wd is 1), 2 W1S (sets them); then hwclr clears
 * (wins over the write) and hwset sets (wins over everything, so "hardware
 * set wins over write-1-to-clear" and no event is lost). */
#ifndef PMU_REG_FIELD_H
#define PMU_REG_FIELD_H
#include <stdint.h>

enum { PMU_SW_RW = 0, PMU_SW_W1C = 1, PMU_SW_W1S = 2 };

static inline uint32_t pmu_reg_field(uint32_t q, int sw, int we, uint32_t wd, uint32_t hwclr, uint32_t hwset)
{
    const uint32_t wm = we ? wd : 0u;
    const uint32_t d = sw == PMU_SW_W1C ? (q & ~wm) : sw == PMU_SW_W1S ? (q | wm) : (we ? wd : q);
    return (d & ~hwclr) | hwset;
}
#endif
