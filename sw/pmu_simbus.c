/* Simulated bus for the driver/API host tests. See pmu_simbus.h. */
#include <string.h>
#include "pmu_simbus.h"

void pmu_sb_model_step(void *dut, const pmu_inputs *in, pmu_outputs *out)
{
    pmu_model_step((pmu_model *)dut, in, out);
}

void pmu_sb_init(pmu_simbus *b, pmu_sb_step_fn step, void *dut)
{
    memset(b, 0, sizeof *b);
    b->step = step;
    b->dut = dut;
    b->pprot = 1;
}

static void cycle(pmu_simbus *b, pmu_inputs *in)
{
    pmu_outputs o;
    if (b->gen) b->gen(b->gen_arg, b->cycle, in);
    b->step(b->dut, in, &o);
    b->irq_line = o.irq;
    b->last_err = o.pslverr;
    b->cycle++;
    if (b->tick_period && b->cycle >= b->next_tick) {
        b->tick_pending = 1;
        b->next_tick += b->tick_period;
    }
}

static void deliver(pmu_simbus *b)
{
    if (b->masked || b->in_isr) return;
    b->in_isr = 1;
    if (b->irq_line && b->pmu_isr) { b->n_pmu_isr++; b->pmu_isr(b->pmu_isr_arg); }
    if (b->tick_pending && b->tick_isr) {
        b->tick_pending = 0;
        b->n_tick_isr++;
        b->tick_isr(b->tick_isr_arg);
    }
    b->in_isr = 0;
}

int pmu_sb_access(pmu_simbus *b, int write, uint32_t addr, uint32_t wdata, uint32_t *rdata)
{
    pmu_inputs in;
    pmu_outputs o;
    memset(&in, 0, sizeof in);
    in.psel = 1; in.pwrite = (uint8_t)(write != 0); in.paddr = addr; in.pwdata = wdata;
    in.pstrb = write ? 0xFu : 0u; in.pprot = b->pprot; in.ptid = b->ptid;
    cycle(b, &in);                       /* setup */
    memset(&in, 0, sizeof in);
    in.psel = 1; in.penable = 1; in.pwrite = (uint8_t)(write != 0); in.paddr = addr; in.pwdata = wdata;
    in.pstrb = write ? 0xFu : 0u; in.pprot = b->pprot; in.ptid = b->ptid;
    if (b->gen) b->gen(b->gen_arg, b->cycle, &in);
    b->step(b->dut, &in, &o);            /* access */
    b->irq_line = o.irq;
    b->last_err = o.pslverr;
    b->cycle++;
    if (b->tick_period && b->cycle >= b->next_tick) { b->tick_pending = 1; b->next_tick += b->tick_period; }
    b->n_access++;
    if (o.pslverr) b->n_err++;
    if (rdata) *rdata = o.prdata;
    return o.pslverr;
}

static uint32_t sb_rd(void *ctx, uint32_t off)
{
    pmu_simbus *b = (pmu_simbus *)ctx;
    uint32_t v = 0;
    if (pmu_sb_access(b, 0, b->base + off, 0, &v)) b->err_flag = 1;
    deliver(b);
    return v;
}

static void sb_wr(void *ctx, uint32_t off, uint32_t v)
{
    pmu_simbus *b = (pmu_simbus *)ctx;
    if (pmu_sb_access(b, 1, b->base + off, v, 0)) b->err_flag = 1;
    deliver(b);
}
static int sb_err(void *ctx)
{
    pmu_simbus *b = (pmu_simbus *)ctx;
    int e = b->err_flag;
    b->err_flag = 0;
    return e;
}

static uint32_t sb_save(void *ctx)
{
    ((pmu_simbus *)ctx)->masked++;
    return 0;
}

static void sb_restore(void *ctx, uint32_t f)
{
    pmu_simbus *b = (pmu_simbus *)ctx;
    (void)f;
    b->masked--;
}

pmu_mmio pmu_sb_mmio(pmu_simbus *b)
{
    pmu_mmio io;
    io.read32 = sb_rd;
    io.write32 = sb_wr;
    io.irq_save = sb_save;
    io.irq_restore = sb_restore;
    io.ctx = b;
    io.bus_err = sb_err;
    return io;
}

/* ------------------------------------------------ other bus masters */
static int port_access(pmu_sb_port *p, int write, uint32_t off, uint32_t v, uint32_t *rd)
{
    pmu_simbus *b = p->bus;
    const uint8_t pp = b->pprot, pt = b->ptid;
    int e;
    b->pprot = p->pprot; b->ptid = p->ptid;
    e = pmu_sb_access(b, write, b->base + off, v, rd);
    b->pprot = pp; b->ptid = pt;
    if (e) { p->err_flag = 1; p->n_err++; }
    deliver(b);
    return e;
}
static uint32_t port_rd(void *ctx, uint32_t off)
{
    uint32_t v = 0;
    (void)port_access((pmu_sb_port *)ctx, 0, off, 0, &v);
    return v;
}
static void port_wr(void *ctx, uint32_t off, uint32_t v) { (void)port_access((pmu_sb_port *)ctx, 1, off, v, 0); }
static uint32_t port_save(void *ctx) { return sb_save(((pmu_sb_port *)ctx)->bus); }
static void port_restore(void *ctx, uint32_t f) { sb_restore(((pmu_sb_port *)ctx)->bus, f); }
static int port_err(void *ctx)
{
    pmu_sb_port *p = (pmu_sb_port *)ctx;
    int e = p->err_flag;
    p->err_flag = 0;
    return e;
}
pmu_mmio pmu_sb_port_mmio(pmu_sb_port *p, pmu_simbus *b, uint8_t pprot, uint8_t ptid)
{
    pmu_mmio io;
    memset(p, 0, sizeof *p);
    p->bus = b; p->pprot = pprot; p->ptid = ptid;
    io.read32 = port_rd;
    io.write32 = port_wr;
    io.irq_save = port_save;
    io.irq_restore = port_restore;
    io.ctx = p;
    io.bus_err = port_err;
    return io;
}

void pmu_sb_run(pmu_simbus *b, uint64_t n)
{
    pmu_inputs in;
    while (n--) {
        memset(&in, 0, sizeof in);
        cycle(b, &in);
        deliver(b);
    }
}

void pmu_sb_set_tick(pmu_simbus *b, uint64_t period)
{
    b->tick_period = period;
    b->next_tick = b->cycle + period;
    b->tick_pending = 0;
}
