/* perf JSON event file of the CoreSight PMU view (VIEW=1) of pmu_core, from
 * the C API's event table (sw/pmu_events_soc.c): the same table the
 * bare-metal API resolves names with, so the two cannot drift apart.
 *
 *   perf_json [--flop-class N] [--unit NAME] [--compat REGEX] > pmu-ip-soc.json
 *
 * One uncore "sys" event per table entry (its default mask) and one per unit
 * mask, in the format of tools/perf/pmu-events/arch/arm64/<vendor>/<soc>/sys/
 * (as e.g. freescale/imx8mm/sys/ddrc.json):
 *   EventName        lowercase NAME, NAME.UMASK for a unit mask
 *   BriefDescription the table's descriptions
 *   ConfigCode       perf `config` = PMEVTYPER<n>: EM[15:0] (the unit mask or
 *                    def_mask), ES[21:16] (the class; PMU_CLASS_FLOP ->
 *                    --flop-class, default 63 = pmu_core's FLOP_CLASS default),
 *                    EDGE, INV, THR 0
 *   Unit             the PMU name the arm_cspmu driver registers without its
 *                    instance suffix ("arm_cspmu" for arm_cspmu_<k>)
 *   Compat           matched by perf as a whole-string regular expression
 *                    against the PMU's sysfs `identifier`, which arm_cspmu
 *                    prints as "%x" of PMIIDR: "50401000" (no 0x)
 * An entry whose name equals an event the driver itself exposes in sysfs
 * ("cycles": the cycle counter, config bit 32) is left out when a unit mask
 * of the same event encodes the same mask (NAME.UMASK stays), else this is
 * an error; so is an entry with a counter constraint (cmask), which the
 * driver, allocating any free counter, cannot honour. Exit 1 on an error.
 *
 *   perf_json --riscv [--flop-class N] [--ncls N] > events.json
 *   perf_json --riscv-mapfile [--cpuid REGEX] [--dir PATH] > mapfile.csv
 *
 * --riscv: the same events as core events of the RISC-V CSR view (XLEN=32/64,
 * docs/riscv.md) for Linux's riscv_pmu_sbi PMU "cpu", in the format of
 * tools/perf/pmu-events/arch/riscv/<vendor>/<core>/ (as sifive/u74/instructions.json):
 *   EventName        NAME, NAME.UMASK (upper case as upstream; perf matches
 *                    names case-insensitively)
 *   EventCode        the raw mhpmevent value (class << 16 | mask): perf sets
 *                    config = EventCode (format `event` = config:0-47),
 *                    riscv_pmu_sbi passes it to SBI as a raw event
 *                    (event_idx 0x20000) and OpenSBI writes it to mhpmevent
 *   BriefDescription the table's descriptions
 * A name equal to one of perf's generic hardware events ("cycles",
 * "instructions", ...) is left out under the same rule as above; those map
 * through the riscv,pmu device-tree node (sw/riscv_pmu_dt.c). --ncls: a class
 * >= N is an error (default 64).
 * --riscv-mapfile: the line of tools/perf/pmu-events/arch/riscv/mapfile.csv,
 * "MVENDORID-MARCHID-MIMPID regex,v1,PATH,core"; perf matches the regex
 * (POSIX ERE, whole string) against "0x%lx-0x%lx-0x%lx" of /proc/cpuinfo's
 * mvendorid, marchid, mimpid. Default regex "0x0-0x0-0x0": PicoRV32 has none
 * of these CSRs (read as 0); an integrator puts the core's values here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "pmu_api.h"

#define PMIIDR_VALUE 0x50401000u  /* regs/pmu_cs.rdl PMIIDR (sim/linux_cs.py cross-checks) */

static const char *const driver_events[] = { "cycles" };  /* arm_cspmu's own sysfs events */
/* --riscv: perf's generic hardware event names (tools/perf/util/parse-events.c) */
static const char *const generic_events[] = {
    "cycles", "cpu-cycles", "instructions", "cache-references", "cache-misses", "branches",
    "branch-instructions", "branch-misses", "bus-cycles", "stalled-cycles-frontend",
    "stalled-cycles-backend", "ref-cycles"
};
static int riscv;

static int first = 1;

static void put_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') { putchar('\\'); putchar(*s); }
        else if ((unsigned char)*s < 0x20) printf("\\u%04x", (unsigned char)*s);
        else putchar(*s);
    }
    putchar('"');
}

static void lower(char *dst, size_t n, const char *a, const char *b)
{
    size_t i = 0;
    for (; *a && i + 1 < n; a++) dst[i++] = (char)tolower((unsigned char)*a);
    if (b) {
        if (i + 1 < n) dst[i++] = '.';
        for (; *b && i + 1 < n; b++) dst[i++] = (char)tolower((unsigned char)*b);
    }
    dst[i] = 0;
}

static void entry(const char *name, const char *desc, uint32_t code, const char *unit, const char *compat)
{
    if (riscv) {
        char up[96];
        size_t i;
        for (i = 0; name[i] && i + 1 < sizeof up; i++) up[i] = (char)toupper((unsigned char)name[i]);
        up[i] = 0;
        printf("%s  {\n    \"EventName\": ", first ? "" : ",\n");
        put_str(up);
        printf(",\n    \"EventCode\": \"0x%x\",\n    \"BriefDescription\": ", (unsigned)code);
        put_str(desc);
        printf("\n  }");
        first = 0;
        return;
    }
    printf("%s    {\n        \"BriefDescription\": ", first ? "" : ",\n");
    put_str(desc);
    printf(",\n        \"ConfigCode\": \"0x%x\",\n        \"EventName\": ", (unsigned)code);
    put_str(name);
    printf(",\n        \"Unit\": ");
    put_str(unit);
    printf(",\n        \"Compat\": ");
    put_str(compat);
    printf("\n    }");
    first = 0;
}

static int is_driver_event(const char *n)
{
    size_t i;
    if (riscv) {
        for (i = 0; i < sizeof(generic_events) / sizeof(generic_events[0]); i++)
            if (!strcmp(n, generic_events[i])) return 1;
        return 0;
    }
    for (i = 0; i < sizeof(driver_events) / sizeof(driver_events[0]); i++)
        if (!strcmp(n, driver_events[i])) return 1;
    return 0;
}

int main(int argc, char **argv)
{
    const pmu_event_table *t = &pmu_soc_events;
    unsigned flop_class = 63, ncls = 64, i, k;
    const char *unit = "arm_cspmu", *cpuid = "0x0-0x0-0x0", *dir = "pmu-ip/picorv32-soc";
    char compat[16], name[96], desc[256];
    int a, err = 0, mapfile = 0;

    snprintf(compat, sizeof compat, "%x", PMIIDR_VALUE);
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--flop-class") && a + 1 < argc) {
            char *e;
            unsigned long v = strtoul(argv[++a], &e, 0);
            if (*e || v > 63) { fprintf(stderr, "perf_json: --flop-class must be 0..63\n"); return 1; }
            flop_class = (unsigned)v;
        } else if (!strcmp(argv[a], "--ncls") && a + 1 < argc) {
            char *e;
            unsigned long v = strtoul(argv[++a], &e, 0);
            if (*e || v < 1 || v > 64) { fprintf(stderr, "perf_json: --ncls must be 1..64\n"); return 1; }
            ncls = (unsigned)v;
        } else if (!strcmp(argv[a], "--riscv")) {
            riscv = 1;
        } else if (!strcmp(argv[a], "--riscv-mapfile")) {
            mapfile = 1;
        } else if (!strcmp(argv[a], "--cpuid") && a + 1 < argc) {
            cpuid = argv[++a];
        } else if (!strcmp(argv[a], "--dir") && a + 1 < argc) {
            dir = argv[++a];
        } else if (!strcmp(argv[a], "--unit") && a + 1 < argc) {
            unit = argv[++a];
        } else if (!strcmp(argv[a], "--compat") && a + 1 < argc) {
            snprintf(compat, sizeof compat, "%s", argv[++a]);
        } else {
            fprintf(stderr, "usage: perf_json [--flop-class N] [--unit NAME] [--compat REGEX]\n"
                            "       perf_json --riscv [--flop-class N] [--ncls N]\n"
                            "       perf_json --riscv-mapfile [--cpuid REGEX] [--dir PATH]\n");
            return 1;
        }
    }
    if (mapfile) {
        if (strchr(cpuid, ',') || strchr(dir, ',')) { fprintf(stderr, "perf_json: no ',' in --cpuid / --dir\n"); return 1; }
        printf("# pmu-ip RISC-V CSR view: line for tools/perf/pmu-events/arch/riscv/mapfile.csv\n"
               "# (GENERATED by sw/perf_json.c --riscv-mapfile; docs/riscv.md). Columns:\n"
               "#MVENDORID-MARCHID-MIMPID,Version,Filename,EventType\n"
               "%s,v1,%s,core\n", cpuid, dir);
        return 0;
    }

    printf("[\n");
    for (i = 0; i < t->n; i++) {
        const pmu_event_info *e = &t->ev[i];
        unsigned cls = e->cls == PMU_CLASS_FLOP ? flop_class : (unsigned)e->cls;
        int dup = 0;
        if (cls >= ncls) {
            fprintf(stderr, "perf_json: %s: class %u out of 0..%u\n", e->name, cls, ncls - 1);
            err = 1;
            continue;
        }
        if (e->cmask) {
            fprintf(stderr, "perf_json: %s: counter constraint cmask 0x%x: the driver (arm_cspmu, riscv_pmu_sbi) cannot honour it\n",
                    e->name, (unsigned)e->cmask);
            err = 1;
            continue;
        }
        lower(name, sizeof name, e->name, NULL);
        if (is_driver_event(name)) {
            for (k = 0; k < e->n_umasks; k++) dup |= e->umasks[k].mask == e->def_mask;
            if (!dup) {
                fprintf(stderr, "perf_json: %s: name taken by the driver's own event and no unit mask "
                        "encodes its default mask\n", e->name);
                err = 1;
            }
        }
        if (!dup) entry(name, e->desc, (uint32_t)cls << 16 | e->def_mask, unit, compat);
        for (k = 0; k < e->n_umasks; k++) {
            const pmu_umask *u = &e->umasks[k];
            lower(name, sizeof name, e->name, u->name);
            if (u->desc && *u->desc) snprintf(desc, sizeof desc, "%s: %s", e->desc, u->desc);
            else snprintf(desc, sizeof desc, "%s: %s", e->desc, u->name);
            entry(name, desc, (uint32_t)cls << 16 | u->mask, unit, compat);
        }
    }
    printf("\n]\n");
    return err;
}
