/* pmu-ip register-level driver. See pmu_drv.h. */
#include "pmu_drv.h"

/* A NULL device, or one whose pmu_mmio has no read32/write32 (never
 * initialised), is refused by every function: PMU_DRV_EINVAL, or 0 from the
 * functions returning a register value, a mask or a flag. */
static int bad(const pmu_dev *d) { return !d || !d->io.read32 || !d->io.write32; }

uint32_t pmu_drv_lock(const pmu_dev *d)
{
    if (!d) return 0u;
    return d->io.irq_save ? d->io.irq_save(d->io.ctx) : 0u;
}

int pmu_drv_unlock(const pmu_dev *d, uint32_t f)
{
    if (!d) return PMU_DRV_EINVAL;
    if (d->io.irq_restore) d->io.irq_restore(d->io.ctx, f);
    return PMU_DRV_OK;
}

uint32_t pmu_drv_rd(const pmu_dev *d, uint32_t off) { return bad(d) ? 0u : d->io.read32(d->io.ctx, off); }
int pmu_drv_wr(const pmu_dev *d, uint32_t off, uint32_t v)
{
    if (bad(d)) return PMU_DRV_EINVAL;
    d->io.write32(d->io.ctx, off, v);
    return PMU_DRV_OK;
}

int pmu_drv_init(pmu_dev *d, const pmu_mmio *io)
{
    uint32_t cfg, cap;
    if (!d || !io || !io->read32 || !io->write32) return PMU_DRV_EINVAL;
    d->io = *io;
    if (pmu_drv_rd(d, PMU_REG_ID) != PMU_ID_VALUE) return PMU_DRV_ENODEV;
    cfg = pmu_drv_rd(d, PMU_REG_CFG);
    d->nc = (cfg & PMU_CFG_NC_MASK) >> PMU_CFG_NC_LSB;
    d->cw = (cfg & PMU_CFG_CW_MASK) >> PMU_CFG_CW_LSB;
    d->nt = (cfg & PMU_CFG_NT_MASK) >> PMU_CFG_NT_LSB;
    d->nret = (cfg & PMU_CFG_NRET_MASK) >> PMU_CFG_NRET_LSB;
    d->flop_class = (cfg & PMU_CFG_FLOP_CLASS_MASK) >> PMU_CFG_FLOP_CLASS_LSB;
    if (d->nc < 1 || d->nc > PMU_NC_MAX || d->cw < 33 || d->cw > 64 || d->nt < 1)
        return PMU_DRV_ENODEV;
    /* CAP: read-only, no side effects; an older instance without it answers
     * PSLVERR with PRDATA 0, which decodes as one area (every counter sees
     * every class), the behaviour of such an instance. */
    cap = pmu_drv_rd(d, PMU_REG_CAP);
    d->cap = cap;
    d->narea = (cap & PMU_CAP_NAREA_MASK) >> PMU_CAP_NAREA_LSB;
    if (d->narea == 0) d->narea = 1;
    d->lat = (cap & PMU_CAP_LAT_MASK) >> PMU_CAP_LAT_LSB;
    d->cmask = d->cw == 64 ? ~(uint64_t)0 : (((uint64_t)1 << d->cw) - 1u);
    pmu_drv_global_enable(d, 0, 0);
    pmu_drv_set_cnten(d, 0);
    {
        unsigned n;
        for (n = 0; n < d->nc; n++) {
            pmu_drv_program(d, n, 0, 0);
            pmu_drv_set_flop_main(d, n, PMU_FMAIN_ALL);
        }
    }
    pmu_drv_clear(d, 0xFFFFFFFFu);
    pmu_drv_ovf_clear(d, 0xFFFFFFFFu);
    return PMU_DRV_OK;
}

int pmu_drv_class_ok(const pmu_dev *d, unsigned n, unsigned es)
{
    if (!d || n >= d->nc) return 0;
    return es == d->flop_class || d->narea <= 1 || es % d->narea == n % d->narea;
}

uint32_t pmu_drv_class_ctrs(const pmu_dev *d, unsigned es)
{
    uint32_t m = 0;
    unsigned n, nc;
    if (!d) return 0;
    nc = d->nc < PMU_NC_MAX ? d->nc : PMU_NC_MAX;
    if (es == d->flop_class || d->narea <= 1) return nc >= 32 ? 0xFFFFFFFFu : (1u << nc) - 1u;
    for (n = es % d->narea; n < nc; n += d->narea) m |= 1u << n;   /* one division: cheap on small CPUs */
    return m;
}

int pmu_drv_program(const pmu_dev *d, unsigned n, uint32_t ctl, uint32_t emq)
{
    if (bad(d)) return PMU_DRV_EINVAL;
    pmu_drv_wr(d, PMU_REG_EMQ(n), emq);
    return pmu_drv_wr(d, PMU_REG_CTL(n), ctl);
}

int pmu_drv_get_program(const pmu_dev *d, unsigned n, uint32_t *ctl, uint32_t *emq)
{
    if (bad(d)) return PMU_DRV_EINVAL;
    if (ctl) *ctl = pmu_drv_rd(d, PMU_REG_CTL(n));
    if (emq) *emq = pmu_drv_rd(d, PMU_REG_EMQ(n));
    return PMU_DRV_OK;
}

int pmu_drv_set_flop_main(const pmu_dev *d, unsigned n, unsigned code)
{
    if (bad(d) || n >= d->nc || (code >= PMU_FLOP_NTYPE && code != PMU_FMAIN_FLOPS && code != PMU_FMAIN_ALL))
        return PMU_DRV_EINVAL;
    return pmu_drv_wr(d, PMU_REG_FTYPE(n), code << PMU_FTYPE_MAIN_LSB);
}

int pmu_drv_get_flop_main(const pmu_dev *d, unsigned n)
{
    if (bad(d) || n >= d->nc) return PMU_DRV_EINVAL;
    return (int)((pmu_drv_rd(d, PMU_REG_FTYPE(n)) & PMU_FTYPE_MAIN_MASK) >> PMU_FTYPE_MAIN_LSB);
}

int pmu_drv_global_enable(const pmu_dev *d, int gen, int uen)
{
    return pmu_drv_wr(d, PMU_REG_GCTL, (gen ? PMU_GCTL_GEN_MASK : 0u) | (uen ? PMU_GCTL_UEN_MASK : 0u));
}

static int gctl_bit(const pmu_dev *d, uint32_t mask, int on)
{
    uint32_t g;
    if (bad(d)) return PMU_DRV_EINVAL;
    g = pmu_drv_rd(d, PMU_REG_GCTL) & (PMU_GCTL_GEN_MASK | PMU_GCTL_UEN_MASK);
    return pmu_drv_wr(d, PMU_REG_GCTL, on ? (g | mask) : (g & ~mask));
}
int pmu_drv_set_gen(const pmu_dev *d, int gen) { return gctl_bit(d, PMU_GCTL_GEN_MASK, gen); }
int pmu_drv_set_uen(const pmu_dev *d, int uen) { return gctl_bit(d, PMU_GCTL_UEN_MASK, uen); }

int pmu_drv_set_cnten(const pmu_dev *d, uint32_t mask) { return pmu_drv_wr(d, PMU_REG_CNTEN, mask); }
uint32_t pmu_drv_get_cnten(const pmu_dev *d) { return pmu_drv_rd(d, PMU_REG_CNTEN); }
int pmu_drv_clear(const pmu_dev *d, uint32_t mask) { return pmu_drv_wr(d, PMU_REG_CLR, mask); }
uint32_t pmu_drv_ovf(const pmu_dev *d) { return pmu_drv_rd(d, PMU_REG_OVF); }
int pmu_drv_ovf_clear(const pmu_dev *d, uint32_t mask) { return pmu_drv_wr(d, PMU_REG_OVF, mask); }

static uint64_t rd64(const pmu_dev *d, uint32_t lo_off, uint32_t hi_off)
{
    uint32_t f, lo, hi;
    if (bad(d)) return 0;
    f = pmu_drv_lock(d);
    lo = pmu_drv_rd(d, lo_off);
    hi = pmu_drv_rd(d, hi_off);
    pmu_drv_unlock(d, f);
    return (uint64_t)hi << 32 | lo;
}

uint64_t pmu_drv_read_counter(const pmu_dev *d, unsigned n)
{
    return rd64(d, PMU_REG_CNT_LO(n), PMU_REG_CNT_HI(n));
}

uint64_t pmu_drv_read_tsc(const pmu_dev *d)
{
    return rd64(d, PMU_REG_TSC_LO, PMU_REG_TSC_HI);
}

uint64_t pmu_drv_read_siar(const pmu_dev *d)
{
    return rd64(d, PMU_REG_SIAR_LO, PMU_REG_SIAR_HI);
}

uint64_t pmu_drv_read_sdar(const pmu_dev *d)
{
    return rd64(d, PMU_REG_SDAR_LO, PMU_REG_SDAR_HI);
}

int pmu_drv_write_counter(const pmu_dev *d, unsigned n, uint64_t v)
{
    uint32_t f;
    if (bad(d)) return PMU_DRV_EINVAL;
    f = pmu_drv_lock(d);
    pmu_drv_wr(d, PMU_REG_CNT_HI(n), (uint32_t)(v >> 32));
    pmu_drv_wr(d, PMU_REG_CNT_LO(n), (uint32_t)v);
    pmu_drv_unlock(d, f);
    return PMU_DRV_OK;
}

uint32_t pmu_drv_ctl(unsigned es, int en, int ie, int edge, int inv, unsigned thr)
{
    return ((uint32_t)es << PMU_CTL_ES_LSB & PMU_CTL_ES_MASK) |
           (en ? PMU_CTL_EN_MASK : 0u) | (ie ? PMU_CTL_IE_MASK : 0u) |
           (edge ? PMU_CTL_EDGE_MASK : 0u) | (inv ? PMU_CTL_INV_MASK : 0u) |
           ((uint32_t)thr << PMU_CTL_THR_LSB & PMU_CTL_THR_MASK);
}

uint32_t pmu_drv_emq(unsigned em, unsigned eq)
{
    return ((uint32_t)em << PMU_EMQ_EM_LSB & PMU_EMQ_EM_MASK) |
           ((uint32_t)eq << PMU_EMQ_EQ_LSB & PMU_EMQ_EQ_MASK);
}

unsigned pmu_drv_eq_bits(const pmu_dev *d, unsigned t, int os, int usr)
{
    unsigned eq = 0;
    if (!d || t >= d->nt) return 0;
    if (os) eq |= 1u << PMU_EQ_OS_BIT(t, d->nt);
    if (usr) eq |= 1u << PMU_EQ_USR_BIT(t, d->nt);
    return eq;
}

/* ------------------------------------------------ volatile backend */
static uint32_t vol_rd(void *ctx, uint32_t off)
{
    return *(volatile uint32_t *)((volatile uint8_t *)ctx + off);
}

static void vol_wr(void *ctx, uint32_t off, uint32_t v)
{
    *(volatile uint32_t *)((volatile uint8_t *)ctx + off) = v;
}

const pmu_mmio pmu_mmio_volatile_ops = { vol_rd, vol_wr, 0, 0, 0, 0 };

pmu_mmio pmu_mmio_volatile(volatile void *base)
{
    pmu_mmio io = pmu_mmio_volatile_ops;
    io.ctx = (void *)base;
    return io;
}
