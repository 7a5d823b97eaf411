/* dc_simbus: a simulated CPU bus for the host tests of sw/dc_drv.
 *
 * Every register access of the driver becomes an APB4 transfer (setup, then
 * access cycles until PREADY: SRAM LO accesses wait) on a cycle-stepped
 * device: the C golden model (dc_sb_model_step) or the Verilated RTL in
 * lockstep with the model (tb/sw/test_dc_rtl.cpp). Each cycle an optional
 * generator drives the event and CPL inputs, so events keep arriving during
 * bus accesses. The bus_err hook of the dc_mmio returns the PSLVERR of the
 * last access.
 */
#ifndef DC_SIMBUS_H
#define DC_SIMBUS_H
#include <stdint.h>
#include "dc_model.h"
#include "dc_drv.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef void (*dc_sb_step_fn)(void *dut, const uint16_t *ev, const uint8_t *cpl, const dc_apb_in_t *in,
                              dc_apb_out_t *out);
typedef void (*dc_sb_gen_fn)(void *arg, uint64_t cycle, uint16_t *ev, uint8_t *cpl);

typedef struct {
    dc_sb_step_fn step;
    void         *dut;
    int           nu, nt, ncls;
    uint16_t      ev[DC_NU_MAX * DC_NG_MAX];   /* [(u*nt + t)*ncls + c]; ncls: the model's class stride (dc_model_ev_stride) */
    uint8_t       cpl[DC_NU_MAX * 8];
    dc_sb_gen_fn  gen;                     /* may be NULL: inputs stay as set */
    void         *gen_arg;
    uint64_t      cycle;
    uint8_t       pprot;                   /* default 1 (privileged) */
    uint32_t      n_access, n_err, max_wait;
    int           last_err;
} dc_simbus;

/* 0, or -1 when the configuration's event array does not fit */
int     dc_sb_init(dc_simbus *b, dc_sb_step_fn step, void *dut, int nu, int nt, int ncls);
dc_mmio dc_sb_mmio(dc_simbus *b);
void    dc_sb_run(dc_simbus *b, uint64_t n);
int     dc_sb_access(dc_simbus *b, int write, uint32_t addr, uint32_t wdata, uint32_t *rdata);  /* PSLVERR */
void    dc_sb_model_step(void *dut, const uint16_t *ev, const uint8_t *cpl, const dc_apb_in_t *in,
                         dc_apb_out_t *out);

#ifdef __cplusplus
}
#endif
#endif
