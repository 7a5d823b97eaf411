/* SPDX-License-Identifier: Apache-2.0 */
/* RISC-V CSR view of pmu-ip on the example SoC (soc_top PMU_XLEN=32, issue
 * 31, docs/riscv.md): firmware that reaches the PMU only with csrr / csrw /
 * csrs / csrc on mhpmcounter*, mhpmevent*, mcountinhibit and scountovf
 * (PicoRV32 hands them to pmu_core through PCPI, sim/soc/pcpi_csr.v). The
 * bench (sim/soc/tb_soc_rv.v) counts the ground truth from PicoRV32's RVFI
 * trace over the window it sees between the mcountinhibit writes, and
 * compares every count this firmware reports with it.
 *   a) probe like OpenSBI: counter width (all-ones to mhpmcounter3/3h) and
 *      number of implemented counters (write each mhpmcounter3..31, the
 *      unimplemented ones read 0); an all-ones write sets no OF
 *   b) window 1: cycles, instructions, loads, stores, conditional branches,
 *      jumps around a sort + CRC-32 workload with timer interrupts
 *   c) the same window: instructions with UINH (only the IRQ handlers'
 *      instructions, M-mode in the SoC) and with MINH (only the rest)
 *   d) window 2: instructions preset to 2^40 - k: exactly one LCOFI
 *      interrupt (irq[6]), scountovf and the OF bit in the handler, OF
 *      cleared with csrc, the wrapped value
 *   e) a write to hpmcounter3 (read-only) traps as an illegal instruction
 *      (PicoRV32's PCPI timeout, irq[1]) and changes nothing
 * I/O reports (tb_soc_rv.v): 0x40 (window << 8) | quantity, 0x44/0x48
 * preset lo/hi, 0x4C/0x50 counter lo/hi (the hi write compares: counter ==
 * (preset + truth) mod 2^CW), 0x54 LCOFI interrupts taken in the last window
 * (== the number of wraps of the last compared counter), 0x58 illegal-
 * instruction traps taken (== PCPI CSR requests left unanswered).
 */
#include <stdint.h>
#include "pmu_events_soc.h"

#ifdef SHORT
#define SORT_N 12
#define CRC_N  16
#else
#define SORT_N 60
#define CRC_N  256
#endif
#define WL_FN __attribute__((noinline)) static   /* real calls and returns: jumps in the window */
#include "fw_util.h"

#define CW     40          /* soc_top's pmu_core CW */
#define NC     8           /* soc_top's PMU_NC */

/* ------------------------------------------------------------ CSRs */
#define CSR_MCOUNTINHIBIT 0x320
#define CSR_MHPMEVENT3    0x323
#define CSR_MHPMEVENT3H   0x723
#define CSR_MHPMCOUNTER3  0xB03
#define CSR_MHPMCOUNTER3H 0xB83
#define CSR_HPMCOUNTER3   0xC03
#define CSR_SCOUNTOVF     0xDA0

#define csr_read(c) __extension__({ uint32_t v_; __asm__ volatile("csrr %0, %1" : "=r"(v_) : "i"(c)); v_; })
#define csr_write(c, v) __asm__ volatile("csrw %0, %1" :: "i"(c), "r"((uint32_t)(v)))
#define csr_set(c, v)   __asm__ volatile("csrs %0, %1" :: "i"(c), "r"((uint32_t)(v)))
#define csr_clear(c, v) __asm__ volatile("csrc %0, %1" :: "i"(c), "r"((uint32_t)(v)))

/* mhpmevent fields (docs/riscv.md): bits 15:0 EM, 21:16 ES; mhpmeventh
 * (bits 63:32) bit 28 UINH, 30 MINH, 31 OF */
#define HPM_EVENT(cls, em) (((uint32_t)(cls) << 16) | (uint32_t)(em))
#define HPMH_UINH (1u << (60 - 32))
#define HPMH_MINH (1u << (62 - 32))
#define HPMH_OF   (1u << (63 - 32))

/* CSR number k (3..31) of a family: a switch, as csrr/csrw take the number
 * as an immediate */
#define HPM_LIST(X) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) \
    X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)
#define RD_CASE(k) case k: return csr_read(base_ + k - 3);
#define WR_CASE(k) case k: csr_write(base_ + k - 3, v); break;
#define HPM_RD_FN(name, base) \
    static uint32_t name(unsigned k) { enum { base_ = base }; switch (k) { HPM_LIST(RD_CASE) default: return 0; } }
#define HPM_WR_FN(name, base) \
    static void name(unsigned k, uint32_t v) { enum { base_ = base }; switch (k) { HPM_LIST(WR_CASE) default: break; } }
HPM_RD_FN(rd_cnt,  CSR_MHPMCOUNTER3)
HPM_RD_FN(rd_cnth, CSR_MHPMCOUNTER3H)
HPM_RD_FN(rd_evt,  CSR_MHPMEVENT3)
HPM_RD_FN(rd_evth, CSR_MHPMEVENT3H)
HPM_WR_FN(wr_cnt,  CSR_MHPMCOUNTER3)
HPM_WR_FN(wr_cnth, CSR_MHPMCOUNTER3H)
HPM_WR_FN(wr_evt,  CSR_MHPMEVENT3)
HPM_WR_FN(wr_evth, CSR_MHPMEVENT3H)

/* counter k as 64 bits: hi, lo, hi (re-read when hi changed) */
static uint64_t rd_cnt64(unsigned k)
{
    uint32_t h, l, h2;
    do { h = rd_cnth(k); l = rd_cnt(k); h2 = rd_cnth(k); } while (h != h2);
    return ((uint64_t)h << 32) | l;
}
static void wr_cnt64(unsigned k, uint64_t v) { wr_cnt(k, 0); wr_cnth(k, (uint32_t)(v >> 32)); wr_cnt(k, (uint32_t)v); }

/* ------------------------------------------------------------ interrupts */
#define IRQ_LCOFI (1u << 6)    /* soc_top PMU_XLEN=32: pmu_core lcofi_o, registered */
static volatile unsigned n_tick, n_ill, n_lcofi, tick_left;
static volatile uint32_t lcofi_ovf, lcofi_of, lcofi_ovf_after;
#define OVF_K 1                /* the counter the overflow test presets (instructions, CSR 3 + OVF_K) */
#define TICK 1500

uint32_t irq_handler(uint32_t irqs, uint32_t epc);
uint32_t irq_handler(uint32_t irqs, uint32_t epc)
{
    (void)epc;
    if (irqs & IRQ_TIMER) {
        n_tick++;
        if (tick_left) { tick_left--; timer_set(TICK); }
    }
    if (irqs & IRQ_ECALL) n_ill++;          /* PCPI timeout: the instruction is skipped */
    if (irqs & IRQ_LCOFI) {
        n_lcofi++;
        lcofi_ovf = csr_read(CSR_SCOUNTOVF);
        lcofi_of = rd_evth(3 + OVF_K) & HPMH_OF;
        csr_clear(CSR_MHPMEVENT3H + OVF_K, HPMH_OF);
        lcofi_ovf_after = csr_read(CSR_SCOUNTOVF);
    }
    return 0;
}

/* ------------------------------------------------------------ reports */
/* one firmware check: a PASS / FAIL line, reported to the bench (IO 0x14) */
static void ck(int ok, const char *what)
{
    if (ok) { pstr("PASS: "); pstr(what); pch('\n'); }
    check(ok, what);
}

enum { Q_CYCLES, Q_INSTR, Q_LOADS, Q_STORES, Q_CBR, Q_JUMPS, Q_INSTR_M, Q_INSTR_U };
static const char *const qname[] = { "cycles", "instret", "loads", "stores", "cond. branches", "jumps",
                                     "instret UINH (handlers)", "instret MINH (rest)" };
static void report(unsigned win, unsigned q, uint64_t preset, uint64_t v)
{
    IO[0x40 / 4] = (win << 8) | q;
    IO[0x44 / 4] = (uint32_t)preset;
    IO[0x48 / 4] = (uint32_t)(preset >> 32);
    IO[0x4C / 4] = (uint32_t)v;
    IO[0x50 / 4] = (uint32_t)(v >> 32);      /* the bench compares now */
    pstr("  "); pstrw(qname[q], 24); pu64w(v, 14);
    if (preset) { pstr("  (preset "); pu64(preset); pch(')'); }
    pch('\n');
}

/* the counters' programming: counter n counts quantity qof[n] */
static const uint32_t evsel[NC] = {
    HPM_EVENT(SOC_CLS_CYCLES, 1u << SOC_EV_CYC_ANY),
    HPM_EVENT(SOC_CLS_INST, 1u << SOC_EV_INST_ANY),
    HPM_EVENT(SOC_CLS_MEM, 1u << SOC_EV_MEM_LOADS),
    HPM_EVENT(SOC_CLS_MEM, 1u << SOC_EV_MEM_STORES),
    HPM_EVENT(SOC_CLS_BR, (1u << SOC_EV_BR_TAKEN) | (1u << SOC_EV_BR_NOT_TAKEN)),
    HPM_EVENT(SOC_CLS_BR, 1u << SOC_EV_BR_JUMP),
    HPM_EVENT(SOC_CLS_INST, 1u << SOC_EV_INST_ANY),
    HPM_EVENT(SOC_CLS_INST, 1u << SOC_EV_INST_ANY),
};
static const uint32_t evselh[NC] = { 0, 0, 0, 0, 0, 0, HPMH_UINH, HPMH_MINH };
static const unsigned qof[NC] = { Q_CYCLES, Q_INSTR, Q_LOADS, Q_STORES, Q_CBR, Q_JUMPS, Q_INSTR_M, Q_INSTR_U };

static void workload(void)
{
    wl_sort();
    wl_crc();
}

/* one counting window: program, preset, start, workload, stop, report */
static void window(unsigned win, const uint64_t *preset, unsigned ticks)
{
    unsigned n;
    uint64_t v[NC];
    uint32_t all = ~0u;
    for (n = 0; n < NC; n++) {
        wr_evt(3 + n, evsel[n]);
        wr_evth(3 + n, evselh[n]);           /* OF = 0 */
        wr_cnt64(3 + n, preset[n]);
    }
    n_lcofi = 0;
    tick_left = ticks;
    if (ticks) timer_set(TICK);
    __asm__ volatile("csrw mcountinhibit, zero" ::: "memory");
    workload();
    __asm__ volatile("csrw mcountinhibit, %0" :: "r"(all) : "memory");
    timer_set(0);
    for (n = 0; n < NC; n++) v[n] = rd_cnt64(3 + n);
    pstr("window "); pu32(win); pstr(":\n");
    for (n = 0; n < NC; n++) report(win, qof[n], preset[n], v[n]);
}

int main(void)
{
    unsigned n, impl = 0, width = 0, zero_ok = 1;
    uint32_t lo, hi, v;
    static const uint64_t no_preset[NC];
    uint64_t preset[NC];

    pstr("rv_hpm: RISC-V CSR view of pmu-ip (PCPI)\n");
    (void)maskirq(~(IRQ_TIMER | IRQ_ECALL | IRQ_LCOFI));

    /* ---- a) probe */
    v = csr_read(CSR_MCOUNTINHIBIT);
    ck((v & 0x7FFu) == (((1u << NC) - 1u) << 3), "mcountinhibit after reset: counters 0..NC-1 inhibited, bits 0..2 zero");
    csr_write(CSR_MHPMCOUNTER3, ~0u);
    csr_write(CSR_MHPMCOUNTER3H, ~0u);
    lo = csr_read(CSR_MHPMCOUNTER3);
    hi = csr_read(CSR_MHPMCOUNTER3H);
    if (lo == ~0u) { width = 32; while (width < 64 && (hi >> (width - 32) & 1u)) width++; }
    pstr("probe: mhpmcounter3 all-ones reads "); phex(hi); pch(' '); phex(lo);
    pstr(": width "); pu32(width); pch('\n');
    ck(width == CW, "probe: counter width == CW (40)");
    ck(!(rd_evth(3) & HPMH_OF) && csr_read(CSR_SCOUNTOVF) == 0 && n_lcofi == 0,
          "an all-ones write of mhpmcounter3 sets no OF, no LCOFI");
    ck(csr_read(CSR_HPMCOUNTER3) == lo, "hpmcounter3 (M-mode read) == mhpmcounter3");
    for (n = 3; n <= 31; n++) {
        wr_cnt(n, 0x5A5A0000u + n);
        wr_evt(n, HPM_EVENT(SOC_CLS_INST, 1u << SOC_EV_INST_ANY));
        if (rd_cnt(n) == 0x5A5A0000u + n) impl++;
        else if (rd_cnt(n) != 0 || rd_evt(n) != 0) zero_ok = 0;
        wr_cnt(n, 0); wr_cnth(n, 0); wr_evt(n, 0);
    }
    pstr("probe: "); pu32(impl); pstr(" of mhpmcounter3..31 implemented\n");
    ck(impl == NC, "probe: implemented counters == NC (8)");
    ck(zero_ok, "probe: unimplemented mhpmcounter/mhpmevent read 0");

    /* ---- b) + c) window 1: every quantity, UINH / MINH, timer interrupts */
    n_tick = 0;
    window(1, no_preset, 4);
    pstr("  timer interrupts: "); pu32(n_tick); pch('\n');
    ck(n_tick >= 2, "window 1: timer interrupts ran inside the window");
    IO[0x54 / 4] = n_lcofi;

    /* ---- d) window 2: overflow of instructions preset to 2^40 - k */
    for (n = 0; n < NC; n++) preset[n] = 0;
    preset[OVF_K] = (1ull << CW) - 700u;
    lcofi_ovf = lcofi_of = lcofi_ovf_after = 0;
    window(2, preset, 0);
    IO[0x54 / 4] = n_lcofi;
    pstr("  LCOFI interrupts: "); pu32(n_lcofi); pstr(", scountovf in the handler "); phex(lcofi_ovf);
    pstr(", after csrc "); phex(lcofi_ovf_after); pch('\n');
    ck(n_lcofi == 1, "window 2: exactly one LCOFI interrupt");
    ck(lcofi_ovf == 1u << (3 + OVF_K), "window 2: scountovf in the handler == the wrapped counter's bit");
    ck(lcofi_of != 0, "window 2: OF (mhpmeventh bit 31) set in the handler");
    ck(lcofi_ovf_after == 0 && !(rd_evth(3 + OVF_K) & HPMH_OF), "window 2: csrc of OF clears it (scountovf 0)");
    /* all-ones write again, now after a real overflow was cleared */
    wr_cnt(3 + OVF_K, ~0u); wr_cnth(3 + OVF_K, ~0u);
    ck(!(rd_evth(3 + OVF_K) & HPMH_OF) && csr_read(CSR_SCOUNTOVF) == 0 && n_lcofi == 1,
          "an all-ones write of a counter sets no OF, no LCOFI");

    /* ---- e) illegal: a write to hpmcounter3 (read-only CSR) */
    wr_cnt(3, 1234); wr_cnth(3, 0);
    n_ill = 0;
    __asm__ volatile("csrw hpmcounter3, %0" :: "r"(77u) : "memory");
    pstr("illegal: csrw hpmcounter3 -> "); pu32(n_ill); pstr(" illegal-instruction trap(s)\n");
    ck(n_ill == 1, "csrw hpmcounter3 traps as an illegal instruction (once)");
    ck(rd_cnt(3) == 1234 && rd_cnth(3) == 0, "the trapped write changed nothing");
    IO[0x58 / 4] = n_ill;

    pstr("rv_hpm: "); pu32(fails); pstr(" failure(s)\n");
    return (int)fails;
}
