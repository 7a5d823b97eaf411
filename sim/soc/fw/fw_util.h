/* SPDX-License-Identifier: Apache-2.0 */
/* Shared by the SoC firmware images (main.c: make soc-test / soc-prof,
 * yield_demo.c: make soc-yield): console output and check reporting through
 * the bench's I/O page (sim/soc/tb_soc.v), PicoRV32 interrupt primitives and
 * the sort / CRC-32 workloads. Each image is one translation unit, so
 * everything is static; the including file defines SORT_N, CRC_N (and may
 * define WL_FN, the workloads' storage class, before the include).
 */
#ifndef FW_UTIL_H
#define FW_UTIL_H
#include <stdint.h>
#include <string.h>

#define IO       ((volatile uint32_t *)0x10000000u)   /* bench I/O: 0 console, 5 check */
#define PMU_BASE 0x20000000u

static unsigned fails;

/* ------------------------------------------------------------ output */
static inline void pch(char c) { IO[0] = (uint8_t)c; }
static inline void pstr(const char *s) { while (*s) pch(*s++); }
static inline void pu64w(uint64_t v, int w)
{
    char b[24];
    int n = 0;
    while (v >> 32) { b[n++] = (char)('0' + v % 10u); v /= 10u; }   /* libgcc 64-bit division */
    {
        uint32_t x = (uint32_t)v;                                     /* rv32im divu */
        do { b[n++] = (char)('0' + x % 10u); x /= 10u; } while (x);
    }
    while (w-- > n) pch(' ');
    while (n) pch(b[--n]);
}
static inline void pu64(uint64_t v) { pu64w(v, 0); }
static inline void pu32(uint32_t x) { pu64w(x, 0); }
static inline void phex(uint32_t x)
{
    int i;
    pstr("0x");
    for (i = 28; i >= 0; i -= 4) pch("0123456789abcdef"[(x >> i) & 15u]);
}
static inline void pstrw(const char *s, int w) { int n = (int)strlen(s); pstr(s); while (n++ < w) pch(' '); }
/* one check: reported to the bench (IO 0x14) and counted */
static inline void check(int ok, const char *what)
{
    IO[5] = ok ? 1u : 0u;
    if (!ok) { fails++; pstr("FAIL: "); pstr(what); pch('\n'); }
}

/* ------------------------------------------------------------ PicoRV32 IRQ */
static inline uint32_t maskirq(uint32_t m)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0B, 6, 3, %0, %1, x0" : "=r"(r) : "r"(m));
    return r;
}
static inline void timer_set(uint32_t t)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0B, 6, 5, %0, %1, x0" : "=r"(r) : "r"(t));
    (void)r;
}
static inline uint32_t rdcycle(void) { uint32_t c; __asm__ volatile("rdcycle %0" : "=r"(c)); return c; }
#define IRQ_TIMER  (1u << 0)
#define IRQ_ECALL  (1u << 1)    /* ecall/ebreak/illegal instruction */
#define IRQ_PMU    (1u << 3)    /* soc_top: pmu_core irq_o */
#define IRQ_APBERR (1u << 4)    /* soc_top: PSLVERR of a PMU access */
#define IRQ_YIELD  (1u << 5)    /* soc_top: pmu_core yield_o, registered */
/* the driver's critical-section hooks (pmu_drv / yield_drv: irq_save, irq_restore) */
static inline uint32_t fw_irq_save(void *c) { (void)c; return maskirq(~0u); }
static inline void fw_irq_restore(void *c, uint32_t f) { (void)c; (void)maskirq(f); }

/* ------------------------------------------------------------ workloads */
#ifndef WL_FN
#define WL_FN static
#endif
static int32_t sort_a[SORT_N];
static uint8_t crc_buf[CRC_N];
static volatile uint32_t crc_result;
static uint32_t lcg = 1;
WL_FN uint32_t rnd(void) { lcg = lcg * 1664525u + 1013904223u; return lcg >> 8; }

/* insertion sort of SORT_N pseudo-random values */
WL_FN void wl_sort(void)
{
    int i, j;
    lcg = 12345;
    for (i = 0; i < SORT_N; i++) sort_a[i] = (int32_t)(rnd() % 10000u);
    for (i = 1; i < SORT_N; i++) {
        int32_t v = sort_a[i];
        for (j = i - 1; j >= 0 && sort_a[j] > v; j--) sort_a[j + 1] = sort_a[j];
        sort_a[j + 1] = v;
    }
}

WL_FN uint32_t crc8(uint32_t c, uint32_t b)
{
    int k;
    c ^= b;
    for (k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    return c;
}

/* CRC-32 (zlib's) of CRC_N bytes (i*7+3): crc_result */
WL_FN void wl_crc(void)
{
    uint32_t c = 0xFFFFFFFFu;
    int i;
    for (i = 0; i < CRC_N; i++) crc_buf[i] = (uint8_t)(i * 7 + 3);
    for (i = 0; i < CRC_N; i++) c = crc8(c, crc_buf[i]);
    crc_result = ~c;
}
#endif
