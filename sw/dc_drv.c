/* pmu-ip distributed-counter driver. See dc_drv.h. */
#include "dc_drv.h"

static int bad(const dc_dev *d) { return !d || !d->io.read32 || !d->io.write32; }
static uint32_t lock(const dc_dev *d) { return d->io.irq_save ? d->io.irq_save(d->io.ctx) : 0u; }
static void unlock(const dc_dev *d, uint32_t f) { if (d->io.irq_restore) d->io.irq_restore(d->io.ctx, f); }
static int berr(const dc_dev *d) { return d->io.bus_err ? d->io.bus_err(d->io.ctx) : 0; }
static uint32_t fld(uint32_t v, uint32_t mask, unsigned lsb) { return (v & mask) >> lsb; }

uint32_t dc_drv_rd(const dc_dev *d, uint32_t off) { return bad(d) ? 0u : d->io.read32(d->io.ctx, off); }
int dc_drv_wr(const dc_dev *d, uint32_t off, uint32_t v)
{
    if (bad(d)) return DC_DRV_EINVAL;
    d->io.write32(d->io.ctx, off, v);
    return DC_DRV_OK;
}

static int unit_ok(const dc_dev *d, unsigned u, unsigned n) { return u < d->nu && n < d->nctr[u]; }

int dc_drv_init(dc_dev *d, const dc_mmio *io)
{
    uint32_t cfg;
    unsigned u, n;
    if (!d || !io || !io->read32 || !io->write32) return DC_DRV_EINVAL;
    d->io = *io;
    if (dc_drv_rd(d, DC_REG_ID) != DC_ID_VALUE) return DC_DRV_ENODEV;
    cfg = dc_drv_rd(d, DC_REG_CFG);
    d->np = fld(cfg, DC_CFG_NP_MASK, DC_CFG_NP_LSB);
    d->nl = fld(cfg, DC_CFG_NL_MASK, DC_CFG_NL_LSB);
    d->frame = fld(cfg, DC_CFG_FRAME_MASK, DC_CFG_FRAME_LSB);
    d->nu = d->np + d->nl;
    if (d->nu < 1 || d->nu > DC_NU_MAX || d->frame < 1) return DC_DRV_ENODEV;
    for (u = 0; u < d->nu; u++) {
        uint32_t c = dc_drv_rd(d, DC_UNIT_UCFG(u));
        d->nctr[u] = (uint8_t)fld(c, DC_UCFG_NCTR_MASK, DC_UCFG_NCTR_LSB);
        d->lw[u] = (uint8_t)fld(c, DC_UCFG_LW_MASK, DC_UCFG_LW_LSB);
        d->nt[u] = (uint8_t)fld(c, DC_UCFG_NT_MASK, DC_UCFG_NT_LSB);
        d->nsub[u] = (uint8_t)fld(c, DC_UCFG_NSUB_MASK, DC_UCFG_NSUB_LSB);
        if (fld(c, DC_UCFG_ID_MASK, DC_UCFG_ID_LSB) != u || d->nctr[u] < 1 || d->nctr[u] > DC_NCTR_MAX ||
            d->nt[u] < 1 || d->nt[u] > 8)
            return DC_DRV_ENODEV;
    }
    /* SRAM layout: ceil(NCTR/16) groups of 16 counters per unit (core-type
     * units first), then the raw-event groups */
    d->gp = d->np ? (d->nctr[0] + 15u) / 16u : 0;
    d->gl = d->nl ? (d->nctr[d->np] + 15u) / 16u : 0;
    d->ngroups = d->np * d->gp + d->nl * d->gl + DC_RAW_GROUPS;
    d->ncnt = 16 * d->ngroups;
    dc_drv_set_run(d, 0);
    for (u = 0; u < d->nu; u++)
        for (n = 0; n < d->nctr[u]; n++) dc_drv_program(d, u, n, 0, 0);
    return DC_DRV_OK;
}

uint32_t dc_drv_ctl(unsigned es, int en, int ie, int tc)
{
    return ((es << DC_C_CTL_ES_LSB) & DC_C_CTL_ES_MASK) | (en ? DC_C_CTL_EN_MASK : 0u) |
           (ie ? DC_C_CTL_IE_MASK : 0u) | (tc ? DC_C_CTL_TC_MASK : 0u);
}

uint32_t dc_drv_emq(unsigned em, unsigned eq)
{
    return (((uint32_t)em << DC_C_EMQ_EM_LSB) & DC_C_EMQ_EM_MASK) | (((uint32_t)eq << DC_C_EMQ_EQ_LSB) & DC_C_EMQ_EQ_MASK);
}

/* per-thread core Table 1 order: thread t's {os, usr} pair at bits 2*(NT-1-t)+{1,0} */
unsigned dc_drv_eq_bits(const dc_dev *d, unsigned u, unsigned t, int os, int usr)
{
    unsigned nt, s;
    if (bad(d) || u >= d->nu) return 0;
    nt = d->nt[u];
    if (t >= nt) return 0;
    s = 2 * (nt - 1 - t);
    return (os ? 2u << s : 0u) | (usr ? 1u << s : 0u);
}

int dc_drv_program(const dc_dev *d, unsigned u, unsigned n, uint32_t ctl, uint32_t emq)
{
    if (bad(d) || !unit_ok(d, u, n)) return DC_DRV_EINVAL;
    dc_drv_wr(d, DC_UNIT_CEMQ(u, n), emq);
    return dc_drv_wr(d, DC_UNIT_CCTL(u, n), ctl);
}

int dc_drv_get_program(const dc_dev *d, unsigned u, unsigned n, uint32_t *ctl, uint32_t *emq)
{
    if (bad(d) || !unit_ok(d, u, n)) return DC_DRV_EINVAL;
    if (ctl) *ctl = dc_drv_rd(d, DC_UNIT_CCTL(u, n));
    if (emq) *emq = dc_drv_rd(d, DC_UNIT_CEMQ(u, n));
    return DC_DRV_OK;
}

uint32_t dc_drv_local_count(const dc_dev *d, unsigned u, unsigned n)
{
    if (bad(d) || !unit_ok(d, u, n)) return 0;
    return dc_drv_rd(d, DC_UNIT_CCNT(u, n));
}

/* CCTL read-modify-write; LRST reads 0 and is never written back */
static int cctl_rmw(const dc_dev *d, uint32_t clr, uint32_t set)
{
    uint32_t v, f;
    if (bad(d)) return DC_DRV_EINVAL;
    f = lock(d);
    v = dc_drv_rd(d, DC_REG_CCTL) & (DC_CCTL_RUN_MASK | DC_CCTL_MODE_MASK | DC_CCTL_UEN_MASK | DC_CCTL_DSEL_MASK);
    dc_drv_wr(d, DC_REG_CCTL, (v & ~clr) | set);
    unlock(d, f);
    return DC_DRV_OK;
}

int dc_drv_set_run(const dc_dev *d, int run) { return cctl_rmw(d, DC_CCTL_RUN_MASK, run ? DC_CCTL_RUN_MASK : 0u); }
int dc_drv_set_uen(const dc_dev *d, int uen) { return cctl_rmw(d, DC_CCTL_UEN_MASK, uen ? DC_CCTL_UEN_MASK : 0u); }
int dc_drv_local_reset(const dc_dev *d) { return cctl_rmw(d, 0u, DC_CCTL_LRST_MASK); }

int dc_drv_set_mode(const dc_dev *d, int mode, unsigned dsel)
{
    if (bad(d) || dsel >= d->nu) return DC_DRV_EINVAL;
    return cctl_rmw(d, DC_CCTL_MODE_MASK | DC_CCTL_DSEL_MASK,
                    (mode ? DC_CCTL_MODE_MASK : 0u) | ((dsel << DC_CCTL_DSEL_LSB) & DC_CCTL_DSEL_MASK));
}

int dc_drv_mode_pending(const dc_dev *d)
{
    if (bad(d)) return 0;
    return (dc_drv_rd(d, DC_REG_CSTAT) & DC_CSTAT_PEND_MASK) != 0;
}

int dc_drv_wait_mode(const dc_dev *d, unsigned max_polls)
{
    if (bad(d)) return DC_DRV_EINVAL;
    while (max_polls--)
        if (!dc_drv_mode_pending(d)) return DC_DRV_OK;
    return DC_DRV_ETIMEDOUT;
}

int dc_drv_wait_frames(const dc_dev *d, unsigned n, unsigned max_polls)
{
    uint32_t prev, c;
    if (bad(d)) return DC_DRV_EINVAL;
    prev = fld(dc_drv_rd(d, DC_REG_CSTAT), DC_CSTAT_CYC_MASK, DC_CSTAT_CYC_LSB);
    while (n) {
        if (!max_polls--) return DC_DRV_ETIMEDOUT;
        c = fld(dc_drv_rd(d, DC_REG_CSTAT), DC_CSTAT_CYC_MASK, DC_CSTAT_CYC_LSB);
        if (c < prev) n--;          /* wrapped: a new frame started */
        prev = c;
    }
    return DC_DRV_OK;
}

int dc_drv_stop_flush(const dc_dev *d, unsigned max_polls)
{
    int r = dc_drv_set_run(d, 0);
    if (r) return r;
    /* the first wrap may come before the units apply RUN=0; two more whole
     * frames carry every remainder through the chain into the SRAM */
    return dc_drv_wait_frames(d, 3, max_polls);
}

int dc_drv_detail_event(const dc_dev *d, unsigned u, unsigned l)
{
    unsigned j, w, g, off, sh;
    uint32_t v;
    if (bad(d) || u >= d->nu || l >= 16u * DC_RAW_EVENTS) return DC_DRV_EINVAL;
    j = l % DC_RAW_EVENTS;
    w = l / DC_RAW_EVENTS;
    g = j < 64 ? j / 8 : 8 + (j - 64) / 7;      /* groups 0-7: 8 bits, 8-11: 7 bits */
    off = g < 8 ? DC_UNIT_DGSEL0(u) : DC_UNIT_DGSEL1(u);
    sh = g < 8 ? DC_DGSEL0_G0_LSB + 4 * g : DC_DGSEL1_G8_LSB + 4 * (g - 8);
    v = dc_drv_rd(d, off);
    if (dc_drv_wr(d, off, (v & ~(0xFu << sh)) | (w << sh)) != DC_DRV_OK) return DC_DRV_EBUS;
    if (((dc_drv_rd(d, off) >> sh) & 0xFu) != w) {   /* window bits not stored: put the select back */
        dc_drv_wr(d, off, v);
        return DC_DRV_EINVAL;
    }
    return (int)(16 * (d->ngroups - DC_RAW_GROUPS) + j);
}

int dc_drv_counter_index(const dc_dev *d, unsigned u, unsigned n)
{
    if (bad(d) || !unit_ok(d, u, n)) return DC_DRV_EINVAL;
    return u < d->np ? (int)(16 * d->gp * u + n) : (int)(16 * (d->gp * d->np + d->gl * (u - d->np)) + n);
}

int dc_drv_read_counter(const dc_dev *d, unsigned i, uint64_t *v)
{
    uint32_t f, lo, hi;
    if (bad(d) || !v || i >= d->ncnt) return DC_DRV_EINVAL;
    f = lock(d);
    lo = dc_drv_rd(d, DC_SRAM_LO(i));     /* latches HI into the shared shadow */
    hi = dc_drv_rd(d, DC_SRAM_HI(i));
    unlock(d, f);
    *v = ((uint64_t)hi << 32) | lo;
    return DC_DRV_OK;
}

int dc_drv_write_counter(const dc_dev *d, unsigned i, uint64_t v)
{
    uint32_t f;
    if (bad(d) || i >= d->ncnt) return DC_DRV_EINVAL;
    f = lock(d);
    dc_drv_wr(d, DC_SRAM_HI(i), (uint32_t)(v >> 32));   /* stage */
    dc_drv_wr(d, DC_SRAM_LO(i), (uint32_t)v);           /* commit */
    unlock(d, f);
    return DC_DRV_OK;
}

int dc_drv_read_unit_counter(const dc_dev *d, unsigned u, unsigned n, uint64_t *v)
{
    int i = dc_drv_counter_index(d, u, n);
    return i < 0 ? i : dc_drv_read_counter(d, (unsigned)i, v);
}

int dc_drv_acc_busy(const dc_dev *d)
{
    if (bad(d)) return 0;
    return (dc_drv_rd(d, DC_REG_CSTAT) & DC_CSTAT_ACC_BUSY_MASK) != 0;
}

int dc_drv_acc(const dc_dev *d, unsigned a, unsigned b, unsigned c, unsigned max_polls)
{
    return dc_drv_acc_sel(d, a, b, c, 0xFFFFu, max_polls);
}

int dc_drv_acc_sel(const dc_dev *d, unsigned a, unsigned b, unsigned c, unsigned mask, unsigned max_polls)
{
    uint32_t f;
    int e;
    if (bad(d) || a >= d->ngroups || b >= d->ngroups || c >= d->ngroups || mask > 0xFFFFu) return DC_DRV_EINVAL;
    f = lock(d);
    if (dc_drv_acc_busy(d)) { unlock(d, f); return DC_DRV_EBUSY; }
    dc_drv_wr(d, DC_REG_ACCSEL, (mask << DC_ACCSEL_MASK_LSB) & DC_ACCSEL_MASK_MASK);
    dc_drv_wr(d, DC_REG_ACC, ((a << DC_ACC_A_LSB) & DC_ACC_A_MASK) | ((b << DC_ACC_B_LSB) & DC_ACC_B_MASK) |
                                 ((c << DC_ACC_C_LSB) & DC_ACC_C_MASK) | DC_ACC_GO_MASK);
    e = berr(d);
    unlock(d, f);
    if (e) return DC_DRV_EBUS;
    while (max_polls--)
        if (!dc_drv_acc_busy(d)) return DC_DRV_OK;
    return DC_DRV_ETIMEDOUT;
}

int dc_drv_nov_setup(const dc_dev *d, uint64_t thr, int en)
{
    uint32_t f;
    if (bad(d)) return DC_DRV_EINVAL;
    f = lock(d);
    dc_drv_wr(d, DC_REG_NOV_HI, (uint32_t)(thr >> 32));
    dc_drv_wr(d, DC_REG_NOV_LO, (uint32_t)thr);
    unlock(d, f);
    return dc_drv_wr(d, DC_REG_NOVCTL, en ? DC_NOVCTL_EN_MASK : 0u);
}

int dc_drv_nov_threshold(const dc_dev *d, uint64_t *thr)
{
    uint32_t f, lo, hi;
    if (bad(d) || !thr) return DC_DRV_EINVAL;
    f = lock(d);
    lo = dc_drv_rd(d, DC_REG_NOV_LO);
    hi = dc_drv_rd(d, DC_REG_NOV_HI);
    unlock(d, f);
    *thr = ((uint64_t)hi << 32) | lo;
    return DC_DRV_OK;
}

uint32_t dc_drv_nov_count(const dc_dev *d) { return fld(dc_drv_rd(d, DC_REG_NOVCNT), DC_NOVCNT_CNT_MASK, DC_NOVCNT_CNT_LSB); }

int dc_drv_set_ovb(const dc_dev *d, unsigned u, unsigned ovb)
{
    if (bad(d) || u >= d->nu || ovb > 15) return DC_DRV_EINVAL;
    return dc_drv_wr(d, DC_UNIT_UCTL(u), ovb << DC_UCTL_OVB_LSB);
}

int dc_drv_set_elp(const dc_dev *d, unsigned u, unsigned e, uint32_t inv, uint32_t edge)
{
    uint32_t sm, w, rb;
    unsigned long f;
    if (bad(d) || u >= d->nu || e > (DC_ELPSEL_E_MASK >> DC_ELPSEL_E_LSB)) return DC_DRV_EINVAL;
    sm = (1u << d->nsub[u]) - 1u;
    if ((inv & ~sm) || (edge & ~sm)) return DC_DRV_EINVAL;
    w = (inv << DC_ELP_INV_LSB) | (edge << DC_ELP_EDGE_LSB);
    f = lock(d);
    dc_drv_wr(d, DC_UNIT_ELPSEL(u), e << DC_ELPSEL_E_LSB);
    dc_drv_wr(d, DC_UNIT_ELP(u), w);
    rb = dc_drv_rd(d, DC_UNIT_ELP(u));
    unlock(d, f);
    return rb == w ? DC_DRV_OK : DC_DRV_EINVAL;   /* e >= NT*NCLS reads 0: no such event */
}

int dc_drv_get_elp(const dc_dev *d, unsigned u, unsigned e, uint32_t *inv, uint32_t *edge)
{
    uint32_t rb;
    unsigned long f;
    if (bad(d) || u >= d->nu || e > (DC_ELPSEL_E_MASK >> DC_ELPSEL_E_LSB) || !inv || !edge) return DC_DRV_EINVAL;
    f = lock(d);
    dc_drv_wr(d, DC_UNIT_ELPSEL(u), e << DC_ELPSEL_E_LSB);
    rb = dc_drv_rd(d, DC_UNIT_ELP(u));
    unlock(d, f);
    *inv = fld(rb, DC_ELP_INV_MASK, DC_ELP_INV_LSB);
    *edge = fld(rb, DC_ELP_EDGE_MASK, DC_ELP_EDGE_LSB);
    return DC_DRV_OK;
}

int dc_drv_set_unit_mode(const dc_dev *d, unsigned u, int sync, int lrun, int frz)
{
    if (bad(d) || u >= d->nu) return DC_DRV_EINVAL;
    return dc_drv_wr(d, DC_UNIT_UMODE(u), (sync ? DC_UMODE_SYNC_MASK : 0u) | (lrun ? DC_UMODE_LRUN_MASK : 0u) |
                                          (frz ? DC_UMODE_FRZ_MASK : 0u));
}

uint32_t dc_drv_unit_mode(const dc_dev *d, unsigned u)
{
    if (bad(d) || u >= d->nu) return 0;
    return dc_drv_rd(d, DC_UNIT_UMODE(u));
}

uint64_t dc_drv_irq_units(const dc_dev *d)
{
    uint64_t v;
    if (bad(d)) return 0;
    v = dc_drv_rd(d, DC_REG_UIRQ0);
    if (d->nu > 32) v |= (uint64_t)dc_drv_rd(d, DC_REG_UIRQ1) << 32;
    return v;
}

uint32_t dc_drv_unit_irq(const dc_dev *d, unsigned u)
{
    if (bad(d) || u >= d->nu) return 0;
    return dc_drv_rd(d, DC_UNIT_UIRQ(u));
}

uint32_t dc_drv_unit_arm(const dc_dev *d, unsigned u)
{
    if (bad(d) || u >= d->nu) return 0;
    return dc_drv_rd(d, DC_UNIT_UARM(u));
}

int dc_drv_unit_irq_clear(const dc_dev *d, unsigned u, uint32_t mask)
{
    if (bad(d) || u >= d->nu) return DC_DRV_EINVAL;
    return dc_drv_wr(d, DC_UNIT_UIRQ(u), mask);
}

int dc_drv_unit_arm_clear(const dc_dev *d, unsigned u, uint32_t mask)
{
    if (bad(d) || u >= d->nu) return DC_DRV_EINVAL;
    return dc_drv_wr(d, DC_UNIT_UARM(u), mask);
}
