/* NULL-argument test of the public C entry points: cmodel/pmu_model.h,
 * cmodel/dc_model.h, sw/pmu_drv.h and sw/pmu_api.h. Every function is
 * called with NULL for each pointer argument (and with a NULL-initialised
 * object where it takes one); each call runs in a child process, so a crash
 * is reported as FAILED with the function's name instead of ending the test.
 * A call passes when it does not crash and returns the documented error
 * (PMU_MODEL_EINVAL, DC_MODEL_EINVAL, PMU_DRV_EINVAL, PMU_EINVAL) or safe
 * value (NULL, 0, a message). Last line "N passed, N failed". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "pmu_model.h"
#include "dc_model.h"
#include "pmu_drv.h"
#include "pmu_api.h"
#include "pmu_prof.h"

static int passed, failed;

/* Runs body() in a child: exit status 0 = the checks in body held. */
static void check(const char *name, int (*body)(void))
{
    pid_t pid;
    int st = 0;
    fflush(stdout);
    pid = fork();
    if (pid == 0) _exit(body() ? 0 : 1);
    if (pid < 0 || waitpid(pid, &st, 0) != pid) {
        printf("%-28s FAILED (fork)\n", name);
        failed++;
        return;
    }
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        printf("%-28s ok\n", name);
        passed++;
    } else {
        if (WIFSIGNALED(st)) printf("%-28s FAILED (signal %d)\n", name, WTERMSIG(st));
        else printf("%-28s FAILED (wrong return value)\n", name);
        failed++;
    }
}

/* ------------------------------------------------------------ pmu_model.h */
static pmu_model *new_model(void)
{
    pmu_cfg c;
    memset(&c, 0, sizeof c);
    c.nt = 2; c.nc = 8; c.cw = 40; c.ncls = 64; c.nret = 4; c.flop_class = 63;
    c.nch = 4; c.narea = 1; c.has_sample = 1; c.has_yield = 1; c.aw = 64;
    return pmu_model_new(&c);
}
static int t_cfg_check(void) { return pmu_cfg_check(NULL) != NULL; }
static int t_cfg_class_ok(void) { return pmu_cfg_class_ok(NULL, 0, 0) == 0; }
static int t_model_new(void) { return pmu_model_new(NULL) == NULL; }
static int t_model_free(void) { pmu_model_free(NULL); return 1; }
static int t_model_reset(void) { return pmu_model_reset(NULL) == PMU_MODEL_EINVAL; }
static int t_model_cfg(void) { return pmu_model_cfg(NULL) == NULL; }
static int t_model_step(void)
{
    pmu_inputs in;
    pmu_outputs out;
    pmu_model *m = new_model();
    memset(&in, 0, sizeof in);
    return m && pmu_model_step(NULL, &in, &out) == PMU_MODEL_EINVAL &&
           pmu_model_step(m, NULL, &out) == PMU_MODEL_EINVAL &&
           pmu_model_step(m, &in, NULL) == 0 && pmu_model_step(m, &in, &out) == 0;
}
static int t_model_getters(void)
{
    return pmu_model_counter(NULL, 0) == 0 && pmu_model_ovf(NULL) == 0 && pmu_model_tsc(NULL) == 0 &&
           pmu_model_irq(NULL) == 0 && pmu_model_siar(NULL) == 0 && pmu_model_sdar(NULL) == 0 &&
           pmu_model_mmcr(NULL) == 0 && pmu_model_pmstat(NULL) == 0 && pmu_model_yblk(NULL) == 0 &&
           pmu_model_yer(NULL) == 0 && pmu_model_ych_cnt(NULL, 0, 0) == 0 && pmu_model_ych_miss(NULL, 1, 0) == 0;
}
static int t_model_bus(void)
{
    uint32_t d;
    pmu_model *m = new_model();
    return m && pmu_model_write(NULL, 0, 0) == PMU_MODEL_EINVAL && pmu_model_read(NULL, 0, &d) == PMU_MODEL_EINVAL &&
           pmu_model_read(m, 0, NULL) == 0;   /* data is optional */
}

/* ------------------------------------------------------------ dc_model.h */
static int t_dc_cfg_default(void) { return dc_cfg_default(NULL) == DC_MODEL_EINVAL; }
static int t_dc_cfg_check(void) { return dc_cfg_check(NULL) != NULL; }
static int t_dc_model_new(void) { return dc_model_new(NULL) == NULL; }
static int t_dc_model_free(void) { dc_model_free(NULL); return 1; }
static int t_dc_model_step(void)
{
    static uint16_t ev[DC_NU_MAX * 8 * 64];
    static uint8_t cpl[DC_NU_MAX * 8];
    dc_apb_in_t in;
    dc_apb_out_t out;
    dc_cfg_t c;
    dc_model_t *m;
    dc_cfg_default(&c);
    c.np = 3; c.nl = 2;
    m = dc_model_new(&c);
    memset(&in, 0, sizeof in);
    return m && dc_model_step(NULL, ev, cpl, &in, &out) == DC_MODEL_EINVAL &&
           dc_model_step(m, NULL, cpl, &in, &out) == DC_MODEL_EINVAL &&
           dc_model_step(m, ev, NULL, &in, &out) == DC_MODEL_EINVAL &&
           dc_model_step(m, ev, cpl, NULL, &out) == DC_MODEL_EINVAL &&
           dc_model_step(m, ev, cpl, &in, NULL) == 0 && dc_model_step(m, ev, cpl, &in, &out) == 0;
}
static int t_dc_getters(void)
{
    return dc_model_irq(NULL, 0) == 0 && dc_unit_first_counter(NULL, 0) == DC_MODEL_EINVAL &&
           dc_model_sram(NULL, 0) == 0;
}
static int t_dc_flit_pack(void)
{
    dc_flit_t f;
    uint32_t w[5];
    memset(&f, 0, sizeof f);
    return dc_flit_pack(NULL, w) == DC_MODEL_EINVAL && dc_flit_pack(&f, NULL) == DC_MODEL_EINVAL &&
           dc_flit_pack(&f, w) == 0;
}

/* ------------------------------------------------------------ pmu_drv.h */
/* d == NULL, and a device never initialised (zeroed: no read32/write32) */
static int drv_refuses(const pmu_dev *d)
{
    uint32_t ctl = 1, emq = 1;
    return pmu_drv_class_ok(d, 0, 0) == 0 && pmu_drv_class_ctrs(d, 0) == 0 && pmu_drv_rd(d, 0) == 0 &&
           pmu_drv_wr(d, 0, 0) == PMU_DRV_EINVAL && pmu_drv_program(d, 0, 0, 0) == PMU_DRV_EINVAL &&
           pmu_drv_get_program(d, 0, &ctl, &emq) == PMU_DRV_EINVAL && ctl == 1 && emq == 1 &&
           pmu_drv_global_enable(d, 1, 1) == PMU_DRV_EINVAL && pmu_drv_set_gen(d, 1) == PMU_DRV_EINVAL &&
           pmu_drv_set_uen(d, 1) == PMU_DRV_EINVAL && pmu_drv_set_cnten(d, 1) == PMU_DRV_EINVAL &&
           pmu_drv_get_cnten(d) == 0 && pmu_drv_clear(d, 1) == PMU_DRV_EINVAL &&
           pmu_drv_read_counter(d, 0) == 0 && pmu_drv_write_counter(d, 0, 1) == PMU_DRV_EINVAL &&
           pmu_drv_read_tsc(d) == 0 && pmu_drv_ovf(d) == 0 && pmu_drv_ovf_clear(d, 1) == PMU_DRV_EINVAL &&
           pmu_drv_eq_bits(d, 0, 1, 1) == 0 && pmu_drv_set_flop_main(d, 0, 0) == PMU_DRV_EINVAL &&
           pmu_drv_get_flop_main(d, 0) == PMU_DRV_EINVAL;
}
static int t_drv_null(void)
{
    pmu_dev d;
    pmu_mmio io;
    memset(&io, 0, sizeof io);
    return pmu_drv_init(NULL, &io) == PMU_DRV_EINVAL && pmu_drv_init(&d, NULL) == PMU_DRV_EINVAL &&
           pmu_drv_init(&d, &io) == PMU_DRV_EINVAL &&   /* no read32/write32 */
           pmu_drv_lock(NULL) == 0 && pmu_drv_unlock(NULL, 0) == PMU_DRV_EINVAL && drv_refuses(NULL);
}
static int t_drv_uninit(void)
{
    pmu_dev d;
    memset(&d, 0, sizeof d);
    d.nc = 8; d.nt = 2; d.narea = 1;
    /* lock/unlock only need d (their hooks are optional) */
    return pmu_drv_lock(&d) == 0 && pmu_drv_unlock(&d, 0) == PMU_DRV_OK &&
           pmu_drv_rd(&d, 0) == 0 && pmu_drv_wr(&d, 0, 0) == PMU_DRV_EINVAL && pmu_drv_read_tsc(&d) == 0 &&
           pmu_drv_program(&d, 0, 0, 0) == PMU_DRV_EINVAL;
}

/* ------------------------------------------------------------ pmu_api.h */
static int t_api_null(void)
{
    pmu_ctx ctx;
    pmu_eventset es;
    pmu_event_code code;
    pmu_value v[PMU_MAX_EVENTS];
    uint64_t u[PMU_MAX_EVENTS];
    pmu_irq_status st;
    pmu_revision rev;
    uint32_t k;
    pmu_prof prof;
    pmu_prof_rec rec;
    char buf[64];
    pmu_mmio io;
    memset(&io, 0, sizeof io);
    memset(&prof, 0, sizeof prof);   /* never initialised: prof.es == NULL */
    memset(&ctx, 0, sizeof ctx);
    memset(&es, 0, sizeof es);   /* an event set never initialised: es.ctx == NULL */
    memset(&code, 0, sizeof code);
    return pmu_strerror(PMU_EINVAL) != NULL &&
           pmu_init(NULL, &io, NULL) == PMU_EINVAL && pmu_init(&ctx, NULL, NULL) == PMU_EINVAL &&
           pmu_init(&ctx, &io, NULL) == PMU_EINVAL &&
           pmu_event_encode(NULL, "CLASS0", &code) == PMU_EINVAL &&
           pmu_event_encode(&ctx, NULL, &code) == PMU_EINVAL && pmu_event_encode(&ctx, "CLASS0", NULL) == PMU_EINVAL &&
           pmu_event_decode(NULL, &code, buf, sizeof buf) == PMU_EINVAL &&
           pmu_event_decode(&ctx, NULL, buf, sizeof buf) == PMU_EINVAL &&
           pmu_event_decode(&ctx, &code, NULL, sizeof buf) == PMU_EINVAL &&
           pmu_eventset_init(NULL, &es) == PMU_EINVAL && pmu_eventset_init(&ctx, NULL) == PMU_EINVAL &&
           pmu_set_multiplex(NULL, 1) == PMU_EINVAL && pmu_set_multiplex(&es, 1) == PMU_EINVAL &&
           pmu_add_event(NULL, &code) == PMU_EINVAL && pmu_add_event(&es, &code) == PMU_EINVAL &&
           pmu_add_named_event(NULL, "CLASS0") == PMU_EINVAL && pmu_add_named_event(&es, NULL) == PMU_EINVAL &&
           pmu_set_overflow(NULL, 0, 1, NULL, NULL) == PMU_EINVAL && pmu_set_overflow(&es, 0, 1, NULL, NULL) == PMU_EINVAL &&
           pmu_num_passes(NULL) == 0 && pmu_set_user_read(NULL, 1) == PMU_EINVAL &&
           pmu_start(NULL) == PMU_EINVAL && pmu_start(&es) == PMU_EINVAL &&
           pmu_read(NULL, u) == PMU_EINVAL && pmu_read(&es, NULL) == PMU_EINVAL && pmu_read(&es, u) == PMU_EINVAL &&
           pmu_read_values(NULL, v) == PMU_EINVAL && pmu_read_values(&es, NULL) == PMU_EINVAL &&
           pmu_stop(NULL, u) == PMU_EINVAL && pmu_stop(&es, NULL) == PMU_EINVAL &&
           pmu_reset(NULL) == PMU_EINVAL && pmu_reset(&es) == PMU_EINVAL &&
           pmu_irq(NULL) == 0 && pmu_tick(NULL) == 0 &&
           pmu_set_trigger(NULL, 0, 1) == PMU_EINVAL && pmu_set_trigger(&es, 0, 1) == PMU_EINVAL &&
           pmu_set_correlate(NULL, 0, 1) == PMU_EINVAL && pmu_set_correlate(&es, 0, 1) == PMU_EINVAL &&
           pmu_set_cycling(NULL, 0, 0, 0, NULL, NULL) == PMU_EINVAL &&
           pmu_set_cycling(&es, 0, 0, 0, NULL, NULL) == PMU_EINVAL &&
           pmu_next_pass(NULL) == PMU_EINVAL && pmu_next_pass(&es) == PMU_EINVAL &&
           pmu_set_timebase(NULL, 1, 0, 1, NULL) == PMU_EINVAL &&
           pmu_set_latency(NULL, 0, 1) == PMU_EINVAL && pmu_set_latency(&es, 0, 1) == PMU_EINVAL &&
           pmu_status_at_irq(NULL, &st) == PMU_EINVAL && pmu_status_at_irq(&es, &st) == PMU_EINVAL &&
           pmu_set_irq_throttle(NULL, 1) == PMU_EINVAL &&
           pmu_set_sampling(NULL, 0, 1, NULL, NULL) == PMU_EINVAL && pmu_set_sampling(&es, 0, 1, NULL, NULL) == PMU_EINVAL &&
           pmu_set_sampling_jitter(NULL, 1, 0) == PMU_EINVAL && pmu_set_sampling_jitter(&es, 1, 0) == PMU_EINVAL &&
           pmu_sampling_state(NULL, &u[0], &u[1], &k) == PMU_EINVAL && pmu_sampling_state(&es, &u[0], &u[1], &k) == PMU_EINVAL &&
           pmu_sampling_state(&es, NULL, &u[1], &k) == PMU_EINVAL && pmu_sampling_state(&es, &u[0], NULL, &k) == PMU_EINVAL &&
           pmu_sampling_state(&es, &u[0], &u[1], NULL) == PMU_EINVAL &&
           pmu_prof_init(NULL, &es, 0, 1, 0, &rec, 1) == PMU_EINVAL && pmu_prof_init(&prof, NULL, 0, 1, 0, &rec, 1) == PMU_EINVAL &&
           pmu_prof_init(&prof, &es, 0, 1, 0, NULL, 1) == PMU_EINVAL && pmu_prof_init(&prof, &es, 0, 1, 0, &rec, 1) == PMU_EINVAL &&
           pmu_prof_clear(NULL) == PMU_EINVAL && pmu_prof_dropped(NULL) == 0 &&
           pmu_get_revision(NULL, &rev) == PMU_EINVAL && pmu_get_revision(&ctx, NULL) == PMU_EINVAL;
}

int main(void)
{
    check("pmu_cfg_check", t_cfg_check);
    check("pmu_cfg_class_ok", t_cfg_class_ok);
    check("pmu_model_new", t_model_new);
    check("pmu_model_free", t_model_free);
    check("pmu_model_reset", t_model_reset);
    check("pmu_model_cfg", t_model_cfg);
    check("pmu_model_step", t_model_step);
    check("pmu_model_<state readers>", t_model_getters);
    check("pmu_model_write/read", t_model_bus);
    check("dc_cfg_default", t_dc_cfg_default);
    check("dc_cfg_check", t_dc_cfg_check);
    check("dc_model_new", t_dc_model_new);
    check("dc_model_free", t_dc_model_free);
    check("dc_model_step", t_dc_model_step);
    check("dc_model_irq/first/sram", t_dc_getters);
    check("dc_flit_pack", t_dc_flit_pack);
    check("pmu_drv_* (NULL dev)", t_drv_null);
    check("pmu_drv_* (uninit dev)", t_drv_uninit);
    check("pmu_api (NULL args)", t_api_null);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
