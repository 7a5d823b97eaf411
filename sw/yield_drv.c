/* pmu-ip yield-channel driver. See yield_drv.h. */
#include "yield_drv.h"

static int bad(const yield_dev *d) { return !d || !d->io.read32 || !d->io.write32; }
static int bad_ch(const yield_dev *d, unsigned ring, unsigned ch) { return bad(d) || (ring != 0 && ring != 3) || ch >= d->nch; }
static uint32_t rd(const yield_dev *d, uint32_t off) { return d->io.read32(d->io.ctx, off); }
static void wr(const yield_dev *d, uint32_t off, uint32_t v) { d->io.write32(d->io.ctx, off, v); }
static uint32_t yring(unsigned ring) { return ring ? PMU_REG_YRING3 : PMU_REG_YRING0; }
/* a bus error since the previous call (pmu_mmio bus_err hook; none: never) */
static int berr(const yield_dev *d) { return d->io.bus_err && d->io.bus_err(d->io.ctx) != 0; }
/* what a user-level handle may not do whatever the channel: ring 0 */
static int user_ring0(const yield_dev *d, unsigned ring) { return !d->priv && ring == 0; }
static uint32_t save(const yield_dev *d) { return d->io.irq_save ? d->io.irq_save(d->io.ctx) : 0u; }
static void restore(const yield_dev *d, uint32_t f) { if (d->io.irq_restore) d->io.irq_restore(d->io.ctx, f); }

int yield_drv_init(yield_dev *d, const pmu_mmio *io)
{
    uint32_t cap;
    unsigned ch;
    if (!d || !io || !io->read32 || !io->write32) return YIELD_DRV_EINVAL;
    d->io = *io;
    d->priv = 1;
    d->tid = 0;
    d->nch = 0;
    d->aw64 = 0;
    d->ycap = 0;
    d->nt = 0;
    if (rd(d, PMU_REG_ID) != PMU_ID_VALUE) return YIELD_DRV_ENODEV;
    cap = rd(d, PMU_REG_CAP);
    if (!(cap & PMU_CAP_YLD_MASK)) return YIELD_DRV_ENOTSUP;
    d->nch = (cap & PMU_CAP_NCH_MASK) >> PMU_CAP_NCH_LSB;
    d->aw64 = (cap & PMU_CAP_AW64_MASK) != 0;
    d->ycap = (cap & PMU_CAP_YCAP_MASK) != 0;
    d->nt = (rd(d, PMU_REG_CFG) & PMU_CFG_NT_MASK) >> PMU_CFG_NT_LSB;
    if (d->nch < 1 || d->nch > PMU_NCH_MAX) { d->nch = 0; return YIELD_DRV_ENODEV; }
    for (ch = 0; ch < d->nch; ch++) {
        wr(d, PMU_REG_YCH_CTL(0, ch), 0);
        wr(d, PMU_REG_YCH_CTL(3, ch), 0);
    }
    (void)berr(d);
    return YIELD_DRV_OK;
}

int yield_drv_init_user(yield_dev *u, const yield_dev *os, const pmu_mmio *io, unsigned thread)
{
    if (!u || !os || !io || !io->read32 || !io->write32 || os->nch < 1 || os->nch > PMU_NCH_MAX ||
        thread >= os->nt) return YIELD_DRV_EINVAL;
    *u = *os;
    u->io = *io;
    u->priv = 0;
    u->tid = thread;
    return YIELD_DRV_OK;
}

/* YTHRr field of channel ch := thread (interrupts saved by the caller) */
static void thr_set(const yield_dev *d, unsigned ring, unsigned ch, unsigned thread)
{
    const uint32_t thr = ring ? PMU_REG_YTHR3 : PMU_REG_YTHR0, m = 0x7u << (4u * ch);
    wr(d, thr, (rd(d, thr) & ~m) | (uint32_t)thread << (4u * ch));
}

int yield_drv_assign(const yield_dev *d, unsigned ring, unsigned ch, unsigned thread)
{
    uint32_t f;
    int e;
    if (bad_ch(d, ring, ch) || thread >= d->nt) return YIELD_DRV_EINVAL;
    if (!d->priv) return YIELD_DRV_EPERM;
    f = save(d);
    (void)berr(d);
    thr_set(d, ring, ch, thread);
    e = berr(d);
    restore(d, f);
    return e ? YIELD_DRV_EPERM : YIELD_DRV_OK;
}

int yield_drv_arm(const yield_dev *d, unsigned ring, unsigned ch, const yield_scenario *s)
{
    uint32_t f, ctl, act;
    int r;
    if (bad_ch(d, ring, ch) || !s || s->sid > 0xFFu) return YIELD_DRV_EINVAL;
    if (!d->aw64 && (s->tgt >> 32)) return YIELD_DRV_EINVAL;
    act = s->act_yield ? YIELD_ACT_YIELD : s->action;
    if (act > YIELD_ACT_FRZ) return YIELD_DRV_EINVAL;            /* reserved: the hardware would answer PSLVERR */
    if (s->cond > YIELD_COND_DIFF || s->dsel > YIELD_EV_TB || s->csel > 31u) return YIELD_DRV_EINVAL;   /* reserved too */
    if (s->thread >= d->nt) return YIELD_DRV_EINVAL;
    /* user level: ring 3, its own thread's channel, no action that reaches every thread */
    if (!d->priv && (ring == 0 || s->thread != d->tid || act == YIELD_ACT_IRQ || act == YIELD_ACT_FRZ))
        return YIELD_DRV_EPERM;
    ctl = PMU_YCH_CTL_VALID_MASK | act << PMU_YCH_CTL_ACT_LSB | (s->any ? PMU_YCH_CTL_ANY_MASK : 0u) |
          (s->sticky ? PMU_YCH_CTL_STK_MASK : 0u) | (s->sticky && s->edge ? PMU_YCH_CTL_EDGE_MASK : 0u) |
          ((s->sid << PMU_YCH_CTL_SID_LSB) & PMU_YCH_CTL_SID_MASK) | s->cond << PMU_YCH_CTL_COND_LSB |
          s->dsel << PMU_YCH_CTL_DSEL_LSB | s->csel << PMU_YCH_CTL_CSEL_LSB;
    f = save(d);
    (void)berr(d);
    wr(d, PMU_REG_YCH_CTL(ring, ch), 0);                       /* stop it while it is reprogrammed */
    if (berr(d)) { restore(d, f); return YIELD_DRV_EPERM; }    /* not this handle's channel: nothing changed */
    wr(d, PMU_REG_YCH_ESV(ring, ch), s->sticky ? 0u : (s->esv & PMU_YCH_ESV_ESV_MASK));
    wr(d, PMU_REG_YCH_ESM(ring, ch), s->esm & PMU_YCH_ESM_ESM_MASK);
    wr(d, PMU_REG_YCH_SAV(ring, ch), s->sav);                  /* also loads CNT */
    wr(d, PMU_REG_YCH_MISS(ring, ch), 0);
    wr(d, PMU_REG_YCH_TGT_LO(ring, ch), (uint32_t)s->tgt);
    if (d->aw64) wr(d, PMU_REG_YCH_TGT_HI(ring, ch), (uint32_t)(s->tgt >> 32));
    if (d->priv) thr_set(d, ring, ch, s->thread);             /* the OS assigns; a user handle's channel is its own */
    wr(d, PMU_REG_YCH_CTL(ring, ch), ctl);
    r = berr(d);
    restore(d, f);
    return r ? YIELD_DRV_EPERM : YIELD_DRV_OK;
}

static int ctl_rmw(const yield_dev *d, unsigned ring, unsigned ch, uint32_t clr)
{
    uint32_t f, v;
    int e;
    if (bad_ch(d, ring, ch)) return YIELD_DRV_EINVAL;
    if (user_ring0(d, ring)) return YIELD_DRV_EPERM;
    f = save(d);
    (void)berr(d);
    v = rd(d, PMU_REG_YCH_CTL(ring, ch));
    e = berr(d);
    if (!e) {   /* (a user-level write of an IRQ/FRZ channel's CTL answers PSLVERR: e) */
        wr(d, PMU_REG_YCH_CTL(ring, ch), v & ~clr);
        e = berr(d);
    }
    restore(d, f);
    return e ? YIELD_DRV_EPERM : YIELD_DRV_OK;
}

int yield_drv_disarm(const yield_dev *d, unsigned ring, unsigned ch)
{
    return ctl_rmw(d, ring, ch, PMU_YCH_CTL_VALID_MASK | PMU_YCH_CTL_YER_MASK);
}

int yield_drv_ack(const yield_dev *d, unsigned ring, unsigned ch) { return ctl_rmw(d, ring, ch, PMU_YCH_CTL_YER_MASK); }

int yield_drv_status(const yield_dev *d, unsigned ring, unsigned ch, yield_status *st)
{
    uint32_t c;
    if (bad_ch(d, ring, ch) || !st) return YIELD_DRV_EINVAL;
    if (user_ring0(d, ring)) return YIELD_DRV_EPERM;
    (void)berr(d);
    c = rd(d, PMU_REG_YCH_CTL(ring, ch));
    st->valid = (c & PMU_YCH_CTL_VALID_MASK) != 0;
    st->action = (c & PMU_YCH_CTL_ACT_MASK) >> PMU_YCH_CTL_ACT_LSB;
    st->act_yield = st->action == YIELD_ACT_YIELD;
    st->yer = (c & PMU_YCH_CTL_YER_MASK) != 0;
    st->any = (c & PMU_YCH_CTL_ANY_MASK) != 0;
    st->sid = (c & PMU_YCH_CTL_SID_MASK) >> PMU_YCH_CTL_SID_LSB;
    st->cnt = rd(d, PMU_REG_YCH_CNT(ring, ch));
    st->miss = (rd(d, PMU_REG_YCH_MISS(ring, ch)) & PMU_YCH_MISS_MISS_MASK) >> PMU_YCH_MISS_MISS_LSB;
    /* YTHR is privileged: a user-level handle reached the channel, so it is its thread's */
    st->thread = d->priv ? (rd(d, ring ? PMU_REG_YTHR3 : PMU_REG_YTHR0) >> (4u * ch)) & 0x7u : d->tid;
    return berr(d) ? YIELD_DRV_EPERM : YIELD_DRV_OK;
}

uint32_t yield_drv_esv(const yield_dev *d, unsigned ring, unsigned ch)
{
    if (bad_ch(d, ring, ch) || user_ring0(d, ring)) return 0;
    return rd(d, PMU_REG_YCH_ESV(ring, ch)) & PMU_YCH_ESV_ESV_MASK;
}

int yield_drv_eret_thread(const yield_dev *d, unsigned ring, unsigned thread)
{
    if (bad(d) || (ring != 0 && ring != 3) || thread >= d->nt) return YIELD_DRV_EINVAL;
    if (!d->priv && (ring == 0 || thread != d->tid)) return YIELD_DRV_EPERM;   /* the IP would ignore it */
    (void)berr(d);
    wr(d, yring(ring), 1u << (PMU_YRING0_BLK_LSB + thread));   /* W1C: this thread's block bit only */
    return berr(d) ? YIELD_DRV_EPERM : YIELD_DRV_OK;
}

int yield_drv_eret(const yield_dev *d, unsigned ring) { return bad(d) ? YIELD_DRV_EINVAL : yield_drv_eret_thread(d, ring, d->tid); }

/* a 64-bit capture value: LO (latches HI into the shared read shadow), then HI */
static uint64_t rd64(const yield_dev *d, uint32_t lo_off)
{
    uint32_t lo = rd(d, lo_off);
    return (uint64_t)rd(d, lo_off + 4u) << 32 | lo;
}

int yield_drv_capture(const yield_dev *d, unsigned ring, unsigned ch, yield_capture *c)
{
    uint32_t f;
    int e;
    if (bad_ch(d, ring, ch) || !c) return YIELD_DRV_EINVAL;
    if (!d->ycap) return YIELD_DRV_ENOTSUP;
    if (user_ring0(d, ring)) return YIELD_DRV_EPERM;
    f = save(d);
    (void)berr(d);
    c->ip    = rd64(d, PMU_REG_YCAP_IP_LO(ring, ch));
    c->daddr = rd64(d, PMU_REG_YCAP_DA_LO(ring, ch));
    c->tsc   = rd64(d, PMU_REG_YCAP_TS_LO(ring, ch));
    e = berr(d);
    c->ctr   = e ? 0u : rd64(d, PMU_REG_YCAP_CT_LO(ring, ch));   /* user level: also needs GCTL.UEN */
    e |= berr(d);
    if (e) c->ctr = 0;
    restore(d, f);
    return e ? YIELD_DRV_EPERM : YIELD_DRV_OK;
}

int yield_drv_blocked(const yield_dev *d, unsigned ring)
{
    if (bad(d) || (ring != 0 && ring != 3) || user_ring0(d, ring)) return 0;
    return (int)((rd(d, yring(ring)) & PMU_YRING0_BLK_MASK) >> PMU_YRING0_BLK_LSB);
}

uint32_t yield_drv_pending(const yield_dev *d, unsigned ring)
{
    if (bad(d) || (ring != 0 && ring != 3) || user_ring0(d, ring)) return 0;
    return (rd(d, yring(ring)) & PMU_YRING0_YER_MASK) >> PMU_YRING0_YER_LSB;
}
