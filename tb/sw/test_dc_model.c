/* dc_drv host tests against the C golden model: test_dc_model [--seed N] [--cfg NAME] [--np N] [--nl N] [--frame N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_dc.h"

int main(int argc, char **argv)
{
    dc_cfg_t cfg;
    dc_target t;
    dc_model_t *m;
    uint32_t seed = 1;
    int i, r;
    dc_cfg_default(&cfg);
    for (i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed")) seed = (uint32_t)strtoul(argv[i + 1], 0, 0);
        else if (!strcmp(argv[i], "--cfg")) {   /* a named configuration of config/pmu_ip.yaml (without dc_) */
          if (dc_cfg_named(argv[i + 1], &cfg)) { fprintf(stderr, "unknown configuration %s\n", argv[i + 1]); return 2; }
        }
        else if (!strcmp(argv[i], "--np")) cfg.np = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--nl")) cfg.nl = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--frame")) cfg.frame = atoi(argv[i + 1]);
        else { fprintf(stderr, "usage: %s [--seed N] [--cfg NAME] [--np N] [--nl N] [--frame N]\n", argv[0]); return 2; }
    }
    m = dc_model_new(&cfg);
    if (!m) { fprintf(stderr, "bad cfg: %s\n", dc_cfg_check(&cfg)); return 2; }
    t.name = "C model";
    t.m = m;
    t.dut = m;
    t.step = dc_sb_model_step;
    t.ok = 0;
    r = dc_run_tests(&t, seed);
    dc_model_free(m);
    return r;
}
