/* sw/ host tests against the C golden model: test_sw_model [--seed N] [--iters N] [--cfg NAME] [--nt N ...] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_sw.h"

static void rst(void *d) { pmu_model_reset((pmu_model *)d); }
static int ok(void *d) { (void)d; return 1; }

int main(int argc, char **argv)
{
    sw_target t;
    pmu_cfg cfg = PMU_CFG_DEFAULT;
    uint32_t seed = 1;
    unsigned iters = 20;
    int i, r;
    for (i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed")) seed = (uint32_t)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--iters")) iters = (unsigned)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--cfg")) {   /* a named configuration of config/pmu_ip.yaml */
            if (pmu_cfg_named(argv[i + 1], &cfg)) { fprintf(stderr, "unknown configuration %s\n", argv[i + 1]); return 2; }
        }
        else if (!strcmp(argv[i], "--nc")) cfg.nc = (unsigned)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--nt")) cfg.nt = (unsigned)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--cw")) cfg.cw = (unsigned)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--ncls")) cfg.ncls = (unsigned)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--nret")) cfg.nret = (unsigned)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--flop")) cfg.flop_class = (unsigned)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--narea")) cfg.narea = (unsigned)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--smp")) cfg.has_sample = (unsigned)strtoul(argv[i + 1], 0, 0);
        else {
            fprintf(stderr, "usage: %s [--seed N] [--iters N] [--cfg NAME] [--nc N] [--nt N] [--cw N] [--ncls N] [--nret N]"
                    " [--flop N] [--narea N] [--smp 0|1]\n", argv[0]);
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
    r = sw_run_tests(&t, seed, iters);
    pmu_model_free((pmu_model *)t.dut);
    return r;
}
