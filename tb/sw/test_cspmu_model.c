/* CoreSight PMU view tests (tb/sw/test_cspmu.c) on the C golden model:
 * test_cspmu_model [--seed N] [--cfg NAME]   (NAME: a VIEW=1 configuration of config/pmu_ip.yaml) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_sw.h"

int cspmu_run_tests(const sw_target *tgt, uint32_t seed);

static void rst(void *d) { pmu_model_reset((pmu_model *)d); }
static int ok(void *d) { (void)d; return 1; }

int main(int argc, char **argv)
{
    sw_target t;
    pmu_cfg cfg = PMU_CFG_DEFAULT;
    uint32_t seed = 1;
    int i, r;
    for (i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed")) seed = (uint32_t)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--cfg")) {
            if (pmu_cfg_named(argv[i + 1], &cfg)) { fprintf(stderr, "unknown configuration %s\n", argv[i + 1]); return 2; }
        } else {
            fprintf(stderr, "usage: %s [--seed N] [--cfg NAME]\n", argv[0]);
            return 2;
        }
    }
    t.name = "C model";
    t.cfg = cfg;
    t.dut = pmu_model_new(&cfg);
    if (!t.dut) { fprintf(stderr, "bad cfg: %s\n", pmu_cfg_check(&cfg)); return 2; }
    t.step = pmu_sb_model_step;
    t.reset = rst;
    t.ok = ok;
    r = cspmu_run_tests(&t, seed);
    pmu_model_free((pmu_model *)t.dut);
    return r;
}
