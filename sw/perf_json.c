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
 * driver, allocating any free counter, cannot honour. Exit 1 on an error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "pmu_api.h"

#define PMIIDR_VALUE 0x50401000u  /* regs/pmu_cs.rdl PMIIDR (sim/linux_check.py cross-checks) */

static const char *const driver_events[] = { "cycles" };  /* arm_cspmu's own sysfs events */

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
    for (i = 0; i < sizeof(driver_events) / sizeof(driver_events[0]); i++)
        if (!strcmp(n, driver_events[i])) return 1;
    return 0;
}

int main(int argc, char **argv)
{
    const pmu_event_table *t = &pmu_soc_events;
    unsigned flop_class = 63, i, k;
    const char *unit = "arm_cspmu";
    char compat[16], name[96], desc[256];
    int a, err = 0;

    snprintf(compat, sizeof compat, "%x", PMIIDR_VALUE);
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--flop-class") && a + 1 < argc) {
            char *e;
            unsigned long v = strtoul(argv[++a], &e, 0);
            if (*e || v > 63) { fprintf(stderr, "perf_json: --flop-class must be 0..63\n"); return 1; }
            flop_class = (unsigned)v;
        } else if (!strcmp(argv[a], "--unit") && a + 1 < argc) {
            unit = argv[++a];
        } else if (!strcmp(argv[a], "--compat") && a + 1 < argc) {
            snprintf(compat, sizeof compat, "%s", argv[++a]);
        } else {
            fprintf(stderr, "usage: perf_json [--flop-class N] [--unit NAME] [--compat REGEX]\n");
            return 1;
        }
    }

    printf("[\n");
    for (i = 0; i < t->n; i++) {
        const pmu_event_info *e = &t->ev[i];
        unsigned cls = e->cls == PMU_CLASS_FLOP ? flop_class : (unsigned)e->cls;
        int dup = 0;
        if (cls > 63) { fprintf(stderr, "perf_json: %s: class %d out of 0..63\n", e->name, e->cls); err = 1; continue; }
        if (e->cmask) {
            fprintf(stderr, "perf_json: %s: counter constraint cmask 0x%x: arm_cspmu cannot honour it\n",
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
