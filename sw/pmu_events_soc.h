/* Event classes and sub-events of the PicoRV32 example SoC: the ev_i bit of
 * class c, sub-event s is c*16+s (NT=1). Must match the wiring in
 * sim/soc/soc_top.v (soc-test checks the counts against independent sources). */
#ifndef PMU_EVENTS_SOC_H
#define PMU_EVENTS_SOC_H

#define SOC_CLS_CYCLES 0
#define   SOC_EV_CYC_ANY        0
#define   SOC_EV_CYC_MEM_STALL  1
#define   SOC_EV_CYC_NO_RETIRE  2
#define   SOC_EV_CYC_IRQ        3
#define SOC_CLS_INST   1
#define   SOC_EV_INST_ANY       0
#define   SOC_EV_INST_ALU       1
#define   SOC_EV_INST_MULDIV    2
#define   SOC_EV_INST_SYSTEM    3
#define SOC_CLS_MEM    2
#define   SOC_EV_MEM_LOADS      0
#define   SOC_EV_MEM_STORES     1
#define SOC_CLS_BR     3
#define   SOC_EV_BR_TAKEN       0
#define   SOC_EV_BR_NOT_TAKEN   1
#define   SOC_EV_BR_JUMP        2
#define SOC_CLS_BUS    4
#define   SOC_EV_BUS_IFETCH     0
#define   SOC_EV_BUS_DREAD      1
#define   SOC_EV_BUS_DWRITE     2
#define   SOC_EV_BUS_PMU        3
#define SOC_FLOP_CLASS 7
#define SOC_NCLS       8

/* External scenario events of the yield channels (pmu_core yev_i[k], event
 * vector bit PMU_YEV_EXT_LSB + k), the same SoC signals as the counters'
 * events above, in the same cycle and at the same CPL (docs/yield_soc.md). */
#define SOC_YEV_LOAD          0   /* = MEM:LOADS */
#define SOC_YEV_STORE         1   /* = MEM:STORES */
#define SOC_YEV_BR_TAKEN      2   /* = BR:TAKEN */
#define SOC_YEV_BR_NOT_TAKEN  3   /* = BR:NOT_TAKEN */
#define SOC_YEV_JUMP          4   /* = BR:JUMP */
#define SOC_YEV_MULDIV        5   /* = INST:MULDIV */
#define SOC_YEV_INST          6   /* = INST:ANY */
#define SOC_YEV_MEM_STALL     7   /* = CYCLES:MEM_STALL */

#endif
