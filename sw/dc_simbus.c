/* Simulated bus for the dc_drv host tests. See dc_simbus.h. */
#include <string.h>
#include "dc_simbus.h"

void dc_sb_model_step(void *dut, const uint16_t *ev, const uint8_t *cpl, const dc_apb_in_t *in, dc_apb_out_t *out)
{
    dc_model_step((dc_model_t *)dut, ev, cpl, in, out);
}

int dc_sb_init(dc_simbus *b, dc_sb_step_fn step, void *dut, int nu, int nt, int ncls)
{
    memset(b, 0, sizeof *b);
    if (nu < 1 || nu > (int)DC_NU_MAX || nt < 1 || nt > 8 || ncls < 1 || nt * ncls > DC_NG_MAX) return -1;
    b->step = step; b->dut = dut; b->nu = nu; b->nt = nt; b->ncls = ncls;
    b->pprot = 1;
    return 0;
}

static void cycle(dc_simbus *b, const dc_apb_in_t *in, dc_apb_out_t *o)
{
    if (b->gen) b->gen(b->gen_arg, b->cycle, b->ev, b->cpl);
    b->step(b->dut, b->ev, b->cpl, in, o);
    b->cycle++;
}

void dc_sb_run(dc_simbus *b, uint64_t n)
{
    dc_apb_in_t in;
    dc_apb_out_t o;
    memset(&in, 0, sizeof in);
    while (n--) cycle(b, &in, &o);
}

int dc_sb_access(dc_simbus *b, int write, uint32_t addr, uint32_t wdata, uint32_t *rdata)
{
    dc_apb_in_t in;
    dc_apb_out_t o;
    uint32_t w = 0;
    memset(&in, 0, sizeof in);
    in.psel = 1; in.pwrite = write != 0; in.paddr = addr; in.pwdata = write ? wdata : 0;
    in.pstrb = 0xFu; in.pprot = b->pprot;
    cycle(b, &in, &o);                    /* setup */
    in.penable = 1;
    for (;;) {                            /* access until PREADY */
        cycle(b, &in, &o);
        if (o.pready) break;
        if (++w > 10000) { o.pslverr = 1; o.prdata = 0; break; }
    }
    if (w > b->max_wait) b->max_wait = w;
    b->n_access++;
    b->last_err = o.pslverr;
    if (o.pslverr) b->n_err++;
    if (rdata) *rdata = o.prdata;
    return o.pslverr;
}

static uint32_t sb_rd(void *ctx, uint32_t off)
{
    uint32_t v = 0;
    (void)dc_sb_access((dc_simbus *)ctx, 0, off, 0, &v);
    return v;
}
static void sb_wr(void *ctx, uint32_t off, uint32_t v) { (void)dc_sb_access((dc_simbus *)ctx, 1, off, v, 0); }
static int sb_err(void *ctx) { return ((dc_simbus *)ctx)->last_err; }

dc_mmio dc_sb_mmio(dc_simbus *b)
{
    dc_mmio io;
    memset(&io, 0, sizeof io);
    io.read32 = sb_rd;
    io.write32 = sb_wr;
    io.bus_err = sb_err;
    io.ctx = b;
    return io;
}
