/* Device-tree node `compatible = "riscv,pmu"` of pmu_core's RISC-V CSR view
 * (parameter XLEN = 32 / 64; docs/riscv.md), generated from the C API's event
 * table (sw/pmu_events_soc.c) and the mhpmevent field layout of
 * cmodel/pmu_rv_csr.h (generated from regs/pmu_rv.rdl), so neither the
 * events nor the encoding are typed twice.
 *
 *   riscv_pmu_dt --nc N --ncls N --flop-class N --narea N > pmu-ip-riscv.dtsi
 *
 * The node is read by OpenSBI (lib/utils/fdt/fdt_pmu.c; binding: OpenSBI
 * docs/pmu_support.md, Linux Documentation/devicetree/bindings/perf/
 * riscv,pmu.yaml), which maps the SBI PMU events of S-mode software (Linux
 * drivers/perf/riscv_pmu_sbi.c) to mhpmevent values and counters:
 *   riscv,event-to-mhpmevent         <event_idx  mhpmevent[63:32]  mhpmevent[31:0]>
 *       one row per SBI generic hardware event pmu-ip's SoC wiring has
 *       (generic[] below: cycles, instructions, branch-instructions); the
 *       value = (class << ES_LSB) | (sub-event mask << EM_LSB)
 *   riscv,event-to-mhpmcounters      <first_idx  last_idx  counter bitmap>
 *       the same events (consecutive ids with the same bitmap merged), so
 *       no event of a range falls back to OpenSBI's default mhpmevent value
 *       (the zero-extended event_idx, a wrong pmu-ip event)
 *   riscv,raw-event-to-mhpmcounters  <select[63:32] select[31:0]  mask[63:32] mask[31:0]  bitmap>
 *       one row per event class of the table: OpenSBI accepts a raw event
 *       (perf -e rNNN / cpu/event=NNN/, NNN = the mhpmevent value) on the
 *       row's counters when (NNN & mask) == select; mask covers ES (the
 *       class) and bits 63:40 (reserved / Sscofpmf bits, which must be 0 in
 *       a raw event), so EM, EDGE, INV, THR and TX are free.
 * Counter bitmap: bit 3+n = mhpmcounter(3+n) = pmu-ip counter n, n < NC;
 * with NAREA > 1 only the counters of the class's area (n % NAREA ==
 * class % NAREA), every counter for FLOP_CLASS (rtl/pmu_event_mux.v).
 * Bits 0..2 (mcycle, time, minstret) are the core's and never listed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu_api.h"
#include "pmu_rv_csr.h"

/* SBI PMU generic hardware event ids (SBI spec "Performance Monitoring Unit
 * Extension", OpenSBI include/sbi/sbi_ecall_interface.h enum
 * sbi_pmu_hw_generic_events_t; type 0, so event_idx = the code). */
#define SBI_PMU_HW_CPU_CYCLES          1
#define SBI_PMU_HW_INSTRUCTIONS        2
#define SBI_PMU_HW_BRANCH_INSTRUCTIONS 5

static const struct {
    unsigned    idx;
    const char *sbi_name, *event, *umask;   /* table entry NAME and unit mask */
} generic[] = {
    { SBI_PMU_HW_CPU_CYCLES,          "SBI_PMU_HW_CPU_CYCLES",          "CYCLES",       "ANY"  },
    { SBI_PMU_HW_INSTRUCTIONS,        "SBI_PMU_HW_INSTRUCTIONS",        "INST_RETIRED", "ANY"  },
    { SBI_PMU_HW_BRANCH_INSTRUCTIONS, "SBI_PMU_HW_BRANCH_INSTRUCTIONS", "BR_RETIRED",   "COND" },
};
#define NGEN (sizeof(generic) / sizeof(generic[0]))

#define FIELD(f, v) ((uint64_t)(v) << PMU_RV_MHPMEVENT_##f##_LSB)
#define FMASK(f) ((((uint64_t)1 << PMU_RV_MHPMEVENT_##f##_W) - 1) << PMU_RV_MHPMEVENT_##f##_LSB)

static unsigned par_nc, par_ncls, par_flop, par_narea;

static uint32_t bitmap(unsigned cls)
{
    uint32_t m = 0;
    unsigned n;
    for (n = 0; n < par_nc; n++)
        if (par_narea <= 1 || cls == par_flop || n % par_narea == cls % par_narea) m |= 1u << (3 + n);
    return m;
}

static unsigned resolve_cls(const pmu_event_info *e)
{
    return e->cls == PMU_CLASS_FLOP ? par_flop : (unsigned)e->cls;
}

static int find(const char *name, const char *umask, unsigned *cls, uint16_t *mask, const char **desc)
{
    const pmu_event_table *t = &pmu_soc_events;
    unsigned i, k;
    for (i = 0; i < t->n; i++) {
        const pmu_event_info *e = &t->ev[i];
        if (strcmp(e->name, name)) continue;
        for (k = 0; k < e->n_umasks; k++)
            if (!strcmp(e->umasks[k].name, umask)) {
                *cls = resolve_cls(e);
                *mask = e->umasks[k].mask;
                *desc = e->umasks[k].desc;
                return 0;
            }
    }
    return -1;
}

static int arg_u(const char *s, unsigned lo, unsigned hi, unsigned *out, const char *what)
{
    char *end;
    unsigned long v = strtoul(s, &end, 0);
    if (!*s || *end || v < lo || v > hi) {
        fprintf(stderr, "riscv_pmu_dt: %s must be %u..%u\n", what, lo, hi);
        return -1;
    }
    *out = (unsigned)v;
    return 0;
}

int main(int argc, char **argv)
{
    const pmu_event_table *t = &pmu_soc_events;
    const uint64_t sel_mask = FMASK(ES) | ~(((uint64_t)1 << (PMU_RV_MHPMEVENT_TX_LSB + PMU_RV_MHPMEVENT_TX_W)) - 1);
    unsigned i, k, cls[64], ncls_seen = 0, have = 0;
    uint64_t val[NGEN];
    const char *desc[NGEN];
    int a;

    for (a = 1; a + 1 < argc; a += 2) {
        if (!strcmp(argv[a], "--nc")) { if (arg_u(argv[a + 1], 1, 29, &par_nc, "--nc")) return 1; have |= 1; }
        else if (!strcmp(argv[a], "--ncls")) { if (arg_u(argv[a + 1], 1, 64, &par_ncls, "--ncls")) return 1; have |= 2; }
        else if (!strcmp(argv[a], "--flop-class")) { if (arg_u(argv[a + 1], 0, 63, &par_flop, "--flop-class")) return 1; have |= 4; }
        else if (!strcmp(argv[a], "--narea")) { if (arg_u(argv[a + 1], 1, 8, &par_narea, "--narea")) return 1; have |= 8; }
        else break;
    }
    if (a != argc || have != 15) {
        fprintf(stderr, "usage: riscv_pmu_dt --nc N --ncls N --flop-class N --narea N\n"
                        "  (pmu_core parameters of the hart's PMU: NC <= 29 with XLEN != 0)\n");
        return 1;
    }

    for (i = 0; i < NGEN; i++) {
        unsigned c;
        uint16_t m;
        if (find(generic[i].event, generic[i].umask, &c, &m, &desc[i])) {
            fprintf(stderr, "riscv_pmu_dt: %s: no %s:%s in the event table\n",
                    generic[i].sbi_name, generic[i].event, generic[i].umask);
            return 1;
        }
        if (c >= par_ncls || !m) {
            fprintf(stderr, "riscv_pmu_dt: %s: class %u (NCLS %u), mask 0x%x\n", generic[i].sbi_name, c, par_ncls, m);
            return 1;
        }
        val[i] = FIELD(ES, c) | FIELD(EM, m);
    }
    for (i = 0; i < t->n; i++) {
        unsigned c = resolve_cls(&t->ev[i]);
        if (c >= par_ncls) {
            fprintf(stderr, "riscv_pmu_dt: %s: class %u out of 0..NCLS-1 (%u)\n", t->ev[i].name, c, par_ncls - 1);
            return 1;
        }
        for (k = 0; k < ncls_seen && cls[k] != c; k++) {}
        if (k == ncls_seen) cls[ncls_seen++] = c;
    }

    printf("// SPDX-License-Identifier: Apache-2.0\n"
           "/*\n"
           " * GENERATED by sw/riscv_pmu_dt.c (make riscv-dt) from the event table of\n"
           " * sw/pmu_events_soc.c and the mhpmevent layout of cmodel/pmu_rv_csr.h; do not\n"
           " * edit. pmu_core parameters: NC=%u NCLS=%u FLOP_CLASS=%u NAREA=%u.\n"
           " *\n"
           " * SBI PMU node of pmu_core's RISC-V CSR view (XLEN=32/64, docs/riscv.md) for\n"
           " * OpenSBI (lib/utils/fdt/fdt_pmu.c), which removes these properties before\n"
           " * it passes the tree on to Linux. Place it under the root node.\n"
           " * mhpmevent value of class c, sub-event mask m: (c << %u) | m.\n"
           " * Counters: bit 3+n = mhpmcounter(3+n) = pmu-ip counter n, n < NC.\n"
           " */\n", par_nc, par_ncls, par_flop, par_narea, PMU_RV_MHPMEVENT_ES_LSB);
    printf("pmu {\n\tcompatible = \"riscv,pmu\";\n");
    printf("\triscv,event-to-mhpmevent =\n");
    for (i = 0; i < NGEN; i++)
        printf("\t\t<0x%05x 0x%08x 0x%08x>%s\t/* %s: %s:%s, %s */\n",
               generic[i].idx, (unsigned)(val[i] >> 32), (unsigned)(val[i] & 0xFFFFFFFFu),
               i + 1 == NGEN ? ";" : ",", generic[i].sbi_name, generic[i].event, generic[i].umask, desc[i]);
    printf("\triscv,event-to-mhpmcounters =\n");
    for (i = 0; i < NGEN; i = k) {
        uint32_t bm = bitmap((unsigned)((val[i] & FMASK(ES)) >> PMU_RV_MHPMEVENT_ES_LSB));
        for (k = i + 1; k < NGEN && generic[k].idx == generic[k - 1].idx + 1 &&
             bitmap((unsigned)((val[k] & FMASK(ES)) >> PMU_RV_MHPMEVENT_ES_LSB)) == bm; k++) {}
        printf("\t\t<0x%05x 0x%05x 0x%08x>%s\n", generic[i].idx, generic[k - 1].idx,
               (unsigned)bm, k == NGEN ? ";" : ",");
    }
    printf("\t/*\n\t * Raw events: perf -e cpu/event=VALUE/ (or rVALUE, hex), VALUE = mhpmevent:\n");
    for (i = 0; i < t->n; i++) {
        const pmu_event_info *e = &t->ev[i];
        for (k = 0; k < e->n_umasks; k++)
            printf("\t *   0x%08x  %s:%s\n", (unsigned)(FIELD(ES, resolve_cls(e)) | FIELD(EM, e->umasks[k].mask)),
                   e->name, e->umasks[k].name);
    }
    printf("\t * plus EDGE (bit %u), INV (bit %u), THR (bits %u+) and TX (bits %u+) as in\n"
           "\t * docs/riscv.md; the SBI call sets the mode filters and OF (bits 58..63).\n\t */\n",
           PMU_RV_MHPMEVENT_EDGE_LSB, PMU_RV_MHPMEVENT_INV_LSB, PMU_RV_MHPMEVENT_THR_LSB, PMU_RV_MHPMEVENT_TX_LSB);
    printf("\triscv,raw-event-to-mhpmcounters =\n");
    for (k = 0; k < ncls_seen; k++) {
        uint64_t sel = FIELD(ES, cls[k]);
        const char *names = "";
        for (i = 0; i < t->n; i++)
            if (resolve_cls(&t->ev[i]) == cls[k]) { names = t->ev[i].name; break; }
        printf("\t\t<0x%08x 0x%08x 0x%08x 0x%08x 0x%08x>%s\t/* class %u: %s */\n",
               (unsigned)(sel >> 32), (unsigned)(sel & 0xFFFFFFFFu),
               (unsigned)(sel_mask >> 32), (unsigned)(sel_mask & 0xFFFFFFFFu), (unsigned)bitmap(cls[k]),
               k + 1 == ncls_seen ? ";" : ",", cls[k], names);
    }
    printf("};\n");
    return 0;
}
