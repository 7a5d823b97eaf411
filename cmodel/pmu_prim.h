/* SPDX-License-Identifier: Apache-2.0
 * The event-path primitives the two C models share, as the two RTL tops
 * share their Verilog (config/pmu_ip.yaml: pmu_core and dc_top both list
 * rtl/pmu_event_mux.v and rtl/pmu_qualifier.v): cmodel/pmu_model_event.c
 * (pmu_core's counters) and cmodel/dc_model.c (the distributed counters'
 * local units) count a thread's sub-events, qualify them by thread and
 * privilege and mask them with these, so the two models cannot drift apart.
 * Header-only (static inline, like cmodel/pmu_reg_field.h). */
#ifndef PMU_PRIM_H
#define PMU_PRIM_H
#include <stdint.h>

/* increments are IW = 8 bits wide in both RTL tops */
#define PMU_IW_MASK 0xFFu

/* bits set in each byte value (table built by the preprocessor) */
#define PMU_PC2(n) n, n + 1, n + 1, n + 2
#define PMU_PC4(n) PMU_PC2(n), PMU_PC2(n + 1), PMU_PC2(n + 1), PMU_PC2(n + 2)
#define PMU_PC6(n) PMU_PC4(n), PMU_PC4(n + 1), PMU_PC4(n + 1), PMU_PC4(n + 2)
static const unsigned char pmu_pc8[256] = {PMU_PC6(0), PMU_PC6(1), PMU_PC6(1), PMU_PC6(2)};

/* bits set in the low 16 bits of v */
static inline unsigned pmu_popcount16(unsigned v)
{
    return (unsigned)pmu_pc8[v & 0xFFu] + pmu_pc8[(v >> 8) & 0xFFu];
}

/* pmu_event_mux: the increment of one thread's class word ev under the
 * sub-event mask em (EM): how many of the selected sub-events occurred */
static inline unsigned pmu_mux_count(unsigned ev, unsigned em)
{
    return pmu_popcount16(ev & em);
}

/* pmu_qualifier: is thread t (of nt) counted at privilege level OS (CPL 0)
 * or USR (CPL 1..3) by the qualifier bits EQ? The seed's order: thread t's
 * USR bit at 2(nt-1-t), its OS bit above it. */
static inline unsigned pmu_eq_bit(unsigned t, unsigned nt, int os)
{
    return 2u * (nt - 1u - t) + (os ? 1u : 0u);
}
static inline int pmu_qual_on(unsigned eq, unsigned t, unsigned nt, int os)
{
    return (int)((eq >> pmu_eq_bit(t, nt, os)) & 1u);
}

/* the mask of the n low bits (n up to the type's width) */
static inline uint32_t pmu_mask32(unsigned n) { return n >= 32u ? 0xFFFFFFFFu : (1u << n) - 1u; }
static inline uint64_t pmu_mask64(unsigned n) { return n >= 64u ? ~0ull : (1ull << n) - 1u; }

/* a 16-bit event / error counter that saturates at 0xFFFF */
static inline uint16_t pmu_sat_inc16(uint16_t v, int inc)
{
    return (uint16_t)(v + (inc && v != 0xFFFFu));
}
#endif
