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
    in.pstrb = write ? 0xFu : 0u; in.pprot = b->pprot;
    cycle(b, &in);                       /* setup */
    memset(&in, 0, sizeof in);
    in.psel = 1; in.penable = 1; in.pwrite = (uint8_t)(write != 0); in.paddr = addr; in.pwdata = wdata;
    in.pstrb = write ? 0xFu : 0u; in.pprot = b->pprot;
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
    (void)pmu_sb_access(b, 0, off, 0, &v);
    deliver(b);
    return v;
}

static void sb_wr(void *ctx, uint32_t off, uint32_t v)
{
    pmu_simbus *b = (pmu_simbus *)ctx;
    (void)pmu_sb_access(b, 1, off, v, 0);
    deliver(b);
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
