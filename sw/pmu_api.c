/* pmu-ip PAPI-like API. See pmu_api.h. C99, no allocation; only <string.h>. */
#include <string.h>
#include "pmu_api.h"

const char *pmu_strerror(int err)
{
    switch (err) {
    case PMU_OK:        return "ok";
    case PMU_EINVAL:    return "invalid argument";
    case PMU_ENODEV:    return "no PMU found (ID mismatch or bad CFG)";
    case PMU_ENOEVNT:   return "unknown event name";
    case PMU_EBADMOD:   return "unknown or invalid event modifier / unit mask / value";
    case PMU_ECONFLICT: return "counter constraints (CTR=, counter areas) of the events cannot be met together";
    case PMU_ECNTR:     return "more events than counters and multiplexing is off";
    case PMU_EISRUN:    return "an event set is running";
    case PMU_ENOTRUN:   return "the event set is not running";
    case PMU_ENOMEM:    return "event set is full";
    case PMU_ENOSPC:    return "output buffer too small";
    case PMU_ENOCOUNTER: return "no counter of this PMU can count this event's class (counter areas)";
    case PMU_ERANGE:    return "value out of the range the hardware can represent";
    case PMU_ENOSUP:    return "needs the sampling block (CAP.SMP), absent in this PMU";
    case PMU_ENODATA:   return "no interrupt of this event set serviced yet";
    case PMU_ENOSRC:    return "interrupt-driven cycling: a pass has no interrupt source (overflow threshold or time base)";
    case PMU_EREV:      return "API revision not compatible";
    default:            return "unknown error code";
    }
}

/* ------------------------------------------------------------ helpers */
static int up(int c) { return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c; }

/* token [t, t+len) equals s, case-insensitive */
static int tok_eq(const char *t, size_t len, const char *s)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (s[i] == '\0' || up((unsigned char)t[i]) != up((unsigned char)s[i])) return 0;
    return s[len] == '\0';
}

/* token starts with prefix p (case-insensitive) */
static int tok_pre(const char *t, size_t len, const char *p)
{
    size_t i;
    for (i = 0; p[i]; i++)
        if (i >= len || up((unsigned char)t[i]) != up((unsigned char)p[i])) return 0;
    return 1;
}

/* decimal or 0x-hex number, whole token, value <= max */
static int parse_num(const char *t, size_t len, uint32_t max, uint32_t *v)
{
    uint64_t x = 0;
    size_t i = 0;
    unsigned base = 10;
    if (len == 0) return 0;
    if (len > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) { base = 16; i = 2; }
    for (; i < len; i++) {
        int c = up((unsigned char)t[i]), d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (base == 16 && c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return 0;
        x = x * base + (unsigned)d;
        if (x > max) return 0;
    }
    *v = (uint32_t)x;
    return 1;
}

static uint32_t all_ctrs(const pmu_dev *d)
{
    return d->nc >= 32 ? 0xFFFFFFFFu : ((1u << d->nc) - 1u);
}

static unsigned all_eq(const pmu_dev *d)
{
    return (1u << (2u * d->nt)) - 1u;
}

static int has_smp(const pmu_dev *d) { return (d->cap & PMU_CAP_SMP_MASK) != 0; }

static int ev_class(const pmu_ctx *ctx, const pmu_event_info *e)
{
    return e->cls == PMU_CLASS_FLOP ? (int)ctx->dev.flop_class : e->cls;
}

static const pmu_event_info *find_event(const pmu_ctx *ctx, const char *t, size_t len)
{
    unsigned i;
    if (!ctx->tbl) return 0;
    for (i = 0; i < ctx->tbl->n; i++)
        if (tok_eq(t, len, ctx->tbl->ev[i].name)) return &ctx->tbl->ev[i];
    return 0;
}

/* ------------------------------------------------------------ init */
int pmu_init(pmu_ctx *ctx, const pmu_mmio *io, const pmu_event_table *tbl)
{
    int r;
    if (!ctx || !io) return PMU_EINVAL;
    memset(ctx, 0, sizeof *ctx);
    r = pmu_drv_init(&ctx->dev, io);
    if (r == PMU_DRV_ENODEV) return PMU_ENODEV;
    if (r != PMU_DRV_OK) return PMU_EINVAL;
    ctx->tbl = tbl;
    if (has_smp(&ctx->dev)) {        /* sampling controls off, XCTL shadow valid */
        unsigned c;
        pmu_drv_wr(&ctx->dev, PMU_REG_MMCR, 0);
        pmu_drv_wr(&ctx->dev, PMU_REG_PMSTAT, PMU_PMSTAT_NEG_MASK | PMU_PMSTAT_TB_MASK);
        for (c = 0; c < ctx->dev.nc; c++) pmu_drv_wr(&ctx->dev, PMU_REG_XCTL(c), 0);
    }
    return PMU_OK;
}

/* ------------------------------------------------------------ encode */
int pmu_event_encode(const pmu_ctx *ctx, const char *name, pmu_event_code *code)
{
    const pmu_event_info *e;
    const char *p, *t;
    size_t len;
    int cls;
    uint32_t v, mask = 0, threads = 0, eq = 0, ctr = 0, thr = 0, defc = 0;
    int mask_set = 0, os = 0, usr = 0, eq_raw = 0, edge = 0, inv = 0;
    unsigned def_mask, i;

    if (!ctx || !name || !code) return PMU_EINVAL;
    p = name;
    while (*p && *p != ':') p++;
    len = (size_t)(p - name);
    e = find_event(ctx, name, len);
    if (e) {
        cls = ev_class(ctx, e);
        def_mask = e->def_mask;
        defc = e->cmask & all_ctrs(&ctx->dev);
        if (e->cmask && !defc) return PMU_ECONFLICT;
    } else if (tok_pre(name, len, "CLASS") && parse_num(name + 5, len - 5, 63, &v)) {
        cls = (int)v;
        def_mask = 0xFFFFu;
    } else {
        return PMU_ENOEVNT;
    }

    while (*p == ':') {
        t = ++p;
        while (*p && *p != ':') p++;
        len = (size_t)(p - t);
        if (len == 0) return PMU_EBADMOD;
        if (e) {
            for (i = 0; i < e->n_umasks; i++)
                if (tok_eq(t, len, e->umasks[i].name)) break;
            if (i < e->n_umasks) { mask |= e->umasks[i].mask; mask_set = 1; continue; }
        }
        if (t[0] >= '0' && t[0] <= '9') {
            if (!parse_num(t, len, 0xFFFFu, &v)) return PMU_EBADMOD;
            mask |= v; mask_set = 1;
        } else if ((t[0] == 'T' || t[0] == 't') && len > 1 && t[1] >= '0' && t[1] <= '9') {
            if (!parse_num(t + 1, len - 1, 31, &v) || v >= ctx->dev.nt) return PMU_EBADMOD;
            threads |= 1u << v;
        } else if (tok_eq(t, len, "OS")) {
            os = 1;
        } else if (tok_eq(t, len, "USR")) {
            usr = 1;
        } else if (tok_pre(t, len, "EQ=")) {
            if (!parse_num(t + 3, len - 3, all_eq(&ctx->dev), &v)) return PMU_EBADMOD;
            eq |= v; eq_raw = 1;
        } else if (tok_eq(t, len, "EDGE")) {
            edge = 1;
        } else if (tok_eq(t, len, "INV")) {
            inv = 1;
        } else if (tok_pre(t, len, "THR=")) {
            if (!parse_num(t + 4, len - 4, 255, &thr)) return PMU_EBADMOD;
        } else if (tok_pre(t, len, "CTR=")) {
            if (!parse_num(t + 4, len - 4, 31, &v) || v >= ctx->dev.nc) return PMU_EBADMOD;
            ctr |= 1u << v;
        } else {
            return PMU_EBADMOD;
        }
    }
    if (eq_raw && (threads || os || usr)) return PMU_EBADMOD;
    if (!mask_set) mask = def_mask;
    if (!eq_raw) {
        if (!threads) threads = (1u << ctx->dev.nt) - 1u;
        if (!os && !usr) os = usr = 1;
        for (i = 0; i < ctx->dev.nt; i++)
            if (threads >> i & 1u) eq |= pmu_drv_eq_bits(&ctx->dev, i, os, usr);
    }
    if (ctr) {
        if (defc && (ctr & ~defc)) return PMU_ECONFLICT;
    } else {
        ctr = defc;
    }
    /* counter areas: some counter allowed by the constraints must see the class */
    if (!(pmu_drv_class_ctrs(&ctx->dev, (unsigned)cls) & (ctr ? ctr : all_ctrs(&ctx->dev))))
        return PMU_ENOCOUNTER;
    code->ctl = pmu_drv_ctl((unsigned)cls, 0, 0, edge, inv, thr);
    code->emq = pmu_drv_emq(mask, eq);
    code->cmask = ctr;
    return PMU_OK;
}

/* ------------------------------------------------------------ decode */
typedef struct { char *b; size_t len, pos; int err; } sbuf;

static void put_s(sbuf *s, const char *str)
{
    while (*str) {
        if (s->pos + 1 >= s->len) { s->err = 1; return; }
        s->b[s->pos++] = *str++;
    }
    s->b[s->pos] = '\0';
}

static void put_u(sbuf *s, uint32_t v, int hex)
{
    char tmp[16];
    int n = 0;
    if (hex) put_s(s, "0x");
    do {
        unsigned d = hex ? v % 16u : v % 10u;
        tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
        v = hex ? v / 16u : v / 10u;
    } while (v);
    while (n) { char c[2]; c[0] = tmp[--n]; c[1] = '\0'; put_s(s, c); }
}

int pmu_event_decode(const pmu_ctx *ctx, const pmu_event_code *code, char *buf, size_t len)
{
    const pmu_event_info *e = 0;
    sbuf s;
    unsigned i, cls, mask, eq, nt;
    uint32_t defc = 0, known = PMU_CTL_ES_MASK | PMU_CTL_EN_MASK | PMU_CTL_IE_MASK |
                               PMU_CTL_EDGE_MASK | PMU_CTL_INV_MASK | PMU_CTL_THR_MASK;

    if (!ctx || !code || !buf || len == 0) return PMU_EINVAL;
    if ((code->ctl & ~known) || (code->emq >> PMU_EMQ_EQ_LSB) > all_eq(&ctx->dev) ||
        (code->cmask & ~all_ctrs(&ctx->dev)))
        return PMU_EINVAL;
    s.b = buf; s.len = len; s.pos = 0; s.err = 0;
    buf[0] = '\0';
    nt = ctx->dev.nt;
    cls = (code->ctl & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB;
    mask = (code->emq & PMU_EMQ_EM_MASK) >> PMU_EMQ_EM_LSB;
    eq = (code->emq & PMU_EMQ_EQ_MASK) >> PMU_EMQ_EQ_LSB;
    if (ctx->tbl)
        for (i = 0; i < ctx->tbl->n && !e; i++)
            if (ev_class(ctx, &ctx->tbl->ev[i]) == (int)cls) e = &ctx->tbl->ev[i];
    if (e) {
        put_s(&s, e->name);
        defc = e->cmask & all_ctrs(&ctx->dev);
    } else {
        put_s(&s, "CLASS");
        put_u(&s, cls, 0);
    }

    /* unit masks */
    if (e ? mask != e->def_mask : mask != 0xFFFFu) {
        unsigned rem = mask, used = 0;
        if (e && mask) {
            for (i = 0; i < e->n_umasks; i++)       /* an exact single name first */
                if (e->umasks[i].mask == mask) { used = 1u << i; rem = 0; break; }
            for (i = 0; i < e->n_umasks && rem && i < 32; i++) {
                unsigned m = e->umasks[i].mask;
                if (m && !(m & ~mask) && (m & rem)) { used |= 1u << i; rem &= ~m; }
            }
        }
        if (e && mask && !rem) {
            for (i = 0; i < e->n_umasks && i < 32; i++)
                if (used >> i & 1u) { put_s(&s, ":"); put_s(&s, e->umasks[i].name); }
        } else {
            put_s(&s, ":");
            put_u(&s, mask, 1);
        }
    }

    /* qualification */
    if (eq != all_eq(&ctx->dev)) {
        unsigned tset = 0, kind = 0, uniform = 1;
        for (i = 0; i < nt; i++) {
            unsigned os = eq >> PMU_EQ_OS_BIT(i, nt) & 1u, usr = eq >> PMU_EQ_USR_BIT(i, nt) & 1u;
            unsigned k = os << 1 | usr;
            if (!k) continue;
            tset |= 1u << i;
            if (kind && kind != k) uniform = 0;
            kind = k;
        }
        if (tset && uniform) {
            if (tset != (1u << nt) - 1u)
                for (i = 0; i < nt; i++)
                    if (tset >> i & 1u) { put_s(&s, ":T"); put_u(&s, i, 0); }
            if (kind == 2) put_s(&s, ":OS");
            if (kind == 1) put_s(&s, ":USR");
        } else {
            put_s(&s, ":EQ=");
            put_u(&s, eq, 1);
        }
    }
    if (code->ctl & PMU_CTL_EDGE_MASK) put_s(&s, ":EDGE");
    if (code->ctl & PMU_CTL_INV_MASK) put_s(&s, ":INV");
    if (code->ctl & PMU_CTL_THR_MASK) {
        put_s(&s, ":THR=");
        put_u(&s, (code->ctl & PMU_CTL_THR_MASK) >> PMU_CTL_THR_LSB, 0);
    }
    if (code->cmask != defc) {
        if (!code->cmask) return PMU_EINVAL;   /* "any counter" under a constrained entry */
        for (i = 0; i < ctx->dev.nc; i++)
            if (code->cmask >> i & 1u) { put_s(&s, ":CTR="); put_u(&s, i, 0); }
    }
    return s.err ? PMU_ENOSPC : PMU_OK;
}

/* ------------------------------------------------------------ scheduling */
/* Counters event i may use: its CTR= constraints (none = any) intersected
 * with the counters whose area sees its class (CAP.NAREA, FLOP class: all). */
static uint32_t constrained(const pmu_eventset *es, unsigned i)
{
    uint32_t a = all_ctrs(&es->ctx->dev);
    return es->code[i].cmask ? (es->code[i].cmask & a) : a;
}

static uint32_t allowed(const pmu_eventset *es, unsigned i)
{
    unsigned cls = (es->code[i].ctl & PMU_CTL_ES_MASK) >> PMU_CTL_ES_LSB;
    return constrained(es, i) & pmu_drv_class_ctrs(&es->ctx->dev, cls);
}

/* Assignment of events to counters where every counter takes at most cap
 * events (cap = number of passes). Kuhn's augmenting paths on the bipartite
 * graph event -> allowed counter, every counter with cap slots. */
typedef struct {
    const pmu_eventset *es;
    unsigned cap, n;
    uint32_t ok[PMU_MAX_EVENTS];     /* allowed(es, i) */
    uint8_t  load[PMU_NC_MAX];       /* events on counter c */
    int8_t   ctr[PMU_MAX_EVENTS];    /* counter of event i, -1 none */
    uint32_t seen;                   /* counters visited by this search */
} sched_t;

static int augment(sched_t *s, unsigned i)
{
    unsigned nc = s->es->ctx->dev.nc, c, j, best;
    /* a free slot first, on the least loaded counter (spreads the events,
     * so that with one pass per counter event i tends to get counter i) */
    best = nc;
    for (c = 0; c < nc; c++)
        if ((s->ok[i] >> c & 1u) && !(s->seen >> c & 1u) && s->load[c] < s->cap &&
            (best == nc || s->load[c] < s->load[best])) {
            best = c;
            if (!s->load[c]) break;                 /* an empty counter: none is less loaded */
        }
    if (best < nc) {
        s->seen |= 1u << best;
        s->ctr[i] = (int8_t)best;
        s->load[best]++;
        return 1;
    }
    /* else move an event off a full counter (each counter visited once) */
    for (c = 0; c < nc; c++) {
        if (!(s->ok[i] >> c & 1u) || (s->seen >> c & 1u)) continue;
        s->seen |= 1u << c;
        for (j = 0; j < s->n; j++)
            if (s->ctr[j] == (int8_t)c && augment(s, j)) {
                s->load[c]--;                       /* j left c (augment counted its new one) */
                s->ctr[i] = (int8_t)c;
                s->load[c]++;
                return 1;
            }
    }
    return 0;
}

/* 1 if the events of `which` (bit i: event i) fit on the counters with at
 * most cap per counter. */
static int assign(sched_t *s, unsigned cap, uint32_t which)
{
    unsigned i;
    s->cap = cap;
    memset(s->load, 0, sizeof s->load);
    memset(s->ctr, -1, sizeof s->ctr);
    for (i = 0; i < s->n; i++) {
        if (!(which >> i & 1u)) continue;
        s->seen = 0;
        if (!augment(s, i)) return 0;
    }
    return 1;
}

/* Split the first n events into the fewest passes. Returns the number of
 * passes or an error. Pinned events (correlate, trigger) first get a counter
 * of their own, used in every pass (pass_of 0); the trigger counter 0. The
 * other events share the remaining counters: the events on one counter go
 * to passes 0, 1, ... in the order they were added, so every event runs in
 * exactly one pass. */
static int schedule(pmu_eventset *es, unsigned n, int mux, uint8_t *pass_of, uint8_t *ctr_of)
{
    sched_t s;
    const pmu_dev *d = &es->ctx->dev;
    unsigned i, cap, np = 0, nr = 0, npin = 0;
    uint32_t pin = 0, rest = 0, used = 0;
    int8_t pctr[PMU_MAX_EVENTS];
    uint8_t next[PMU_NC_MAX];
    memset(&s, 0, sizeof s);
    s.es = es;
    s.n = n;
    for (i = 0; i < n; i++) {
        if (!constrained(es, i)) return PMU_ECONFLICT;     /* CTR= names no counter of this PMU */
        s.ok[i] = allowed(es, i);
        if (es->trig == i + 1u) s.ok[i] &= 1u;            /* MMCR.TRIG watches counter 0 */
        if (!s.ok[i]) return PMU_ENOCOUNTER;              /* no counter of its area (in its CTR= set) */
        if (es->pin[i]) { pin |= 1u << i; npin++; } else { rest |= 1u << i; nr++; }
    }
    if (!mux && n > d->nc) return PMU_ECNTR;
    if (n == 0) return 0;
    if (pin) {
        if (npin > d->nc || !assign(&s, 1, pin)) return PMU_ECONFLICT;
        memcpy(pctr, s.ctr, sizeof pctr);
        for (i = 0; i < n; i++) if (pin >> i & 1u) used |= 1u << pctr[i];
        for (i = 0; i < n; i++)
            if ((rest >> i & 1u) && !(s.ok[i] &= ~used)) return PMU_ECONFLICT;   /* its counters are pinned */
    }
    /* lower bound: ceil(nr / free counters); cap = nr always fits */
    for (cap = nr ? (nr + d->nc - npin - 1u) / (d->nc - npin) : 0; cap <= nr && nr; cap++) {
        if (assign(&s, cap, rest)) break;
        if (!mux) return PMU_ECONFLICT;
    }
    if (nr && cap > nr) return PMU_ECONFLICT;                /* not reached */
    memset(next, 0, sizeof next);
    for (i = 0; i < n; i++) {
        if (pin >> i & 1u) { ctr_of[i] = (uint8_t)pctr[i]; pass_of[i] = 0; continue; }
        ctr_of[i] = (uint8_t)s.ctr[i];
        pass_of[i] = next[s.ctr[i]]++;
        if (next[s.ctr[i]] > np) np = next[s.ctr[i]];
    }
    return (int)(np ? np : 1u);
}

int pmu_eventset_init(pmu_ctx *ctx, pmu_eventset *es)
{
    if (!ctx || !es) return PMU_EINVAL;
    memset(es, 0, sizeof *es);
    es->ctx = ctx;
    return PMU_OK;
}

static int reschedule(pmu_eventset *es, unsigned n, int mux)
{
    uint8_t po[PMU_MAX_EVENTS], co[PMU_MAX_EVENTS];
    int r = schedule(es, n, mux, po, co);
    if (r < 0) return r;
    memcpy(es->pass_of, po, sizeof po);
    memcpy(es->ctr_of, co, sizeof co);
    es->npass = (unsigned)r;
    return PMU_OK;
}

int pmu_set_multiplex(pmu_eventset *es, int on)
{
    int r;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    r = reschedule(es, es->n, on != 0);
    if (r < 0) return r;
    es->multiplex = on != 0;
    return PMU_OK;
}

int pmu_add_event(pmu_eventset *es, const pmu_event_code *code)
{
    int r;
    uint32_t emqok;
    if (!es || !es->ctx || !code) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    if (es->n >= PMU_MAX_EVENTS) return PMU_ENOMEM;
    emqok = PMU_EMQ_EM_MASK | (all_eq(&es->ctx->dev) << PMU_EMQ_EQ_LSB);
    if ((code->ctl & ~(PMU_CTL_ES_MASK | PMU_CTL_EDGE_MASK | PMU_CTL_INV_MASK | PMU_CTL_THR_MASK)) ||
        (code->emq & ~emqok))
        return PMU_EINVAL;
    es->code[es->n] = *code;
    es->preset[es->n] = 0;
    es->ovf_cb[es->n] = 0;
    es->ovf_arg[es->n] = 0;
    es->pin[es->n] = 0;
    es->lat[es->n] = 0;
    r = reschedule(es, es->n + 1, es->multiplex);
    if (r < 0) return r;
    return (int)es->n++;
}

int pmu_add_named_event(pmu_eventset *es, const char *name)
{
    pmu_event_code c;
    int r;
    if (!es || !es->ctx) return PMU_EINVAL;
    r = pmu_event_encode(es->ctx, name, &c);
    return r < 0 ? r : pmu_add_event(es, &c);
}

int pmu_set_overflow(pmu_eventset *es, unsigned idx, uint64_t threshold,
                     pmu_overflow_cb cb, void *arg)
{
    const pmu_dev *d;
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    d = &es->ctx->dev;
    if (threshold > d->cmask || (threshold && (es->trig == idx + 1u || es->smp == idx + 1u))) return PMU_EINVAL;
    es->preset[idx] = threshold ? ((d->cmask - threshold + 1u) & d->cmask) : 0u;
    es->ovf_cb[idx] = threshold ? cb : 0;
    es->ovf_arg[idx] = threshold ? arg : 0;
    return PMU_OK;
}

unsigned pmu_num_passes(const pmu_eventset *es) { return es ? es->npass : 0; }

/* ------------------------------------------------------------ run time */
#define PIN_CORR 1u   /* es->pin bits */
#define PIN_TRIG 2u
#define PIN_SMP  4u

static uint64_t wrap_amount(const pmu_dev *d) { return d->cmask + 1u; /* 0 when CW == 64 */ }

/* Event i counts in the current pass (pinned events in every pass). */
static int on_pass(const pmu_eventset *es, unsigned i)
{
    return es->pin[i] || es->pass_of[i] == es->cur_pass;
}

/* Counters of the pinned events without an overflow threshold: they run
 * on through a pass switch, so a correlate or trigger event misses nothing
 * (one with a threshold is reloaded every pass, its interrupt period). */
static uint32_t kept_ctrs(const pmu_eventset *es)
{
    uint32_t m = 0;
    unsigned i;
    for (i = 0; i < es->n; i++)
        if (es->pin[i] && !es->preset[i]) m |= 1u << es->ctr_of[i];
    return m;
}

/* Sampling period generator (pmu_set_sampling_jitter): xorshift64
 * (Marsaglia 13/7/17) seeded with seed (0: PMU_SMP_SEED_DEFAULT) in both
 * halves against two different constants, so the state is never 0; a few
 * steps spread a small seed over the word. */
static uint64_t smp_step(uint64_t x)
{
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

/* Next period: period - jitter + d, d uniform in [0, 2*jitter] (the top
 * bits of the generator, rejected above 2*jitter: fewer than 2 steps on
 * average, no division), so the mean is period exactly. */
static uint64_t smp_draw(pmu_eventset *es)
{
    uint64_t x, w = 2u * (uint64_t)es->smp_jitter;
    if (!es->smp_jitter) return es->smp_period;
    do {
        es->smp_rng = smp_step(es->smp_rng);
        x = es->smp_rng >> es->smp_jshift;
    } while (x > w);
    return es->smp_period - es->smp_jitter + x;
}

/* Sampling accounting restarted (pmu_start, pmu_reset): the generator
 * seeded, the first period drawn. */
static void smp_restart(pmu_eventset *es)
{
    uint32_t s = es->smp_seed ? es->smp_seed : PMU_SMP_SEED_DEFAULT;
    unsigned j;
    es->smp_rng = ((uint64_t)(s ^ 0x9E3779B9u) << 32) | (s ^ 0x7F4A7C15u);
    for (j = 0; j < 4u; j++) es->smp_rng = smp_step(es->smp_rng);
    es->smp_done = 0;
    es->smp_nper = 0;
    es->smp_cur = es->smp ? smp_draw(es) : es->smp_period;
}

/* The whole periods in n events counted since the sampled counter's load:
 * fixed period: n / period; with jitter each period completed is added
 * and the next one drawn (while n >= cur: n -= cur, cur = draw()). Adds
 * them to the accounting, *rem = the events of the period in progress;
 * returns their number. */
static uint64_t smp_walk(pmu_eventset *es, uint64_t n, uint64_t *rem)
{
    uint64_t k;
    if (!es->smp_jitter) {
        k = n / es->smp_cur;
        n -= k * es->smp_cur;
        es->smp_done += k * es->smp_cur;
    } else {
        for (k = 0; n >= es->smp_cur; k++) {
            n -= es->smp_cur;
            es->smp_done += es->smp_cur;
            es->smp_cur = smp_draw(es);
        }
    }
    es->smp_nper += (uint32_t)k;
    *rem = n;
    return k;
}

/* The set stops (pmu_stop, last round; counters stopped, lock held): the
 * whole periods still on the sampled counter are accounted (the counter and
 * its load are left for the harvest); those of a throttling hold still open
 * are throttled samples. */
static void smp_close(pmu_eventset *es)
{
    const pmu_dev *d = &es->ctx->dev;
    unsigned i;
    uint64_t n, x, k;
    if (!es->smp) return;
    i = es->smp - 1u;
    n = (pmu_drv_read_counter(d, es->ctr_of[i]) - es->load[i]) & d->cmask;
    k = smp_walk(es, n, &x);
    if (es->ctx->pmxe_held) es->n_smp_throttled += (uint32_t)k;
}

/* Counter values loaded at start/reset: the overflow preset, or for the
 * trigger 2^(CW-1) - count (counter 0 turns negative at the count-th event),
 * for the sampled event 2^(CW-1) - the first period (smp_restart). */
static void reset_loads(pmu_eventset *es)
{
    const pmu_dev *d = &es->ctx->dev;
    unsigned i;
    for (i = 0; i < es->n; i++)
        es->load[i] = es->trig == i + 1u ? (((uint64_t)1 << (d->cw - 1u)) - es->trig_count) & d->cmask
                    : es->smp == i + 1u  ? (((uint64_t)1 << (d->cw - 1u)) - es->smp_cur) & d->cmask
                                         : es->preset[i];
}

/* Program the counters of the current pass except those in keep (stopped
 * or, in keep, still counting; lock held); CNTEN starts them on one edge. */
static void load_pass(pmu_eventset *es, uint32_t keep)
{
    pmu_ctx *ctx = es->ctx;
    const pmu_dev *d = &ctx->dev;
    uint32_t en = 0;
    unsigned i, c;
    for (c = 0; c < PMU_NC_MAX; c++) es->ev_on_ctr[c] = -1;
    for (i = 0; i < es->n; i++)
        if (on_pass(es, i)) es->ev_on_ctr[es->ctr_of[i]] = (int8_t)i;
    for (c = 0; c < d->nc; c++) {
        int e = es->ev_on_ctr[c];
        if (keep >> c & 1u) { en |= 1u << c; continue; }
        if (e >= 0) {
            pmu_drv_program(d, c, es->code[e].ctl | PMU_CTL_IE_MASK, es->code[e].emq);
            pmu_drv_write_counter(d, c, es->load[e]);
            en |= 1u << c;
        }   /* unused counters are disabled by the CNTEN write below */
        if (has_smp(d)) {   /* XCTL.LAT of latency-class events, NIE of the sampled one; written when it changes */
            uint32_t x = (e >= 0 && es->lat[e] ? PMU_XCTL_LAT_MASK : 0u) |
                         (e >= 0 && es->smp == (unsigned)e + 1u ? PMU_XCTL_NIE_MASK : 0u);
            if (ctx->xctl[c] != x) pmu_drv_wr(d, PMU_REG_XCTL(c), x);
            ctx->xctl[c] = x;
        }
        ctx->base[c] = 0;
    }
    pmu_drv_ovf_clear(d, ~keep);
    pmu_drv_set_cnten(d, en);
}

/* MMCR of a running set: time base and sampling (PMXE with them), latency
 * threshold and, at start/reset, the trigger (lock held). */
static void arm_mmcr(pmu_eventset *es)
{
    pmu_ctx *ctx = es->ctx;
    uint32_t m = ctx->mmcr_tb | (ctx->mmcr_tb || es->smp ? PMU_MMCR_PMXE_MASK : 0u);
    if (!has_smp(&ctx->dev)) return;
    if (es->lat_cycles) m |= (es->lat_cycles - 1u) << PMU_MMCR_THRESH_LSB;
    if (es->trig) m |= PMU_MMCR_TRIG_MASK;
    pmu_drv_wr(&ctx->dev, PMU_REG_MMCR, m);
    ctx->pmxe_held = 0;
}

/* Counts of the events on counters since their pass was loaded (lock held):
 * software base + hardware value - loaded value, folding an overflow that is
 * flagged in OVF but not yet serviced by pmu_irq(). */
static void pass_counts(pmu_eventset *es, uint64_t *cnt)
{
    const pmu_dev *d = &es->ctx->dev;
    uint64_t v[PMU_NC_MAX];
    uint32_t o1, o2;
    unsigned c;
    o1 = pmu_drv_ovf(d);
    for (c = 0; c < d->nc; c++)
        if (es->ev_on_ctr[c] >= 0) v[c] = pmu_drv_read_counter(d, c);
    o2 = pmu_drv_ovf(d);
    for (c = 0; c < d->nc; c++) {
        int e = es->ev_on_ctr[c];
        uint64_t b;
        if (e < 0) continue;
        if ((o1 ^ o2) >> c & 1u) v[c] = pmu_drv_read_counter(d, c);  /* wrapped in between: re-read */
        b = es->ctx->base[c] + ((o2 >> c & 1u) ? wrap_amount(d) : 0u);
        cnt[e] = b + v[c] - es->load[e];
    }
}

/* Fold the current pass into the totals (counters stopped except those
 * in keep, which are left for a later harvest; lock held). A pinned event
 * is on a counter all the time the set counts. */
static void harvest(pmu_eventset *es, uint64_t now, uint32_t keep)
{
    uint64_t cnt[PMU_MAX_EVENTS];
    unsigned i;
    pass_counts(es, cnt);
    es->t_enabled += now - es->t_pass;
    for (i = 0; i < es->n; i++)
        if (on_pass(es, i) && !(keep >> es->ctr_of[i] & 1u)) {
            es->acc[i] += cnt[i];
            es->t_run[i] = es->pin[i] ? es->t_enabled : es->t_run[i] + (now - es->t_pass);
        }
}

static void zero_counts(pmu_eventset *es)
{
    memset(es->acc, 0, sizeof es->acc);
    memset(es->t_run, 0, sizeof es->t_run);
    es->t_enabled = 0;
}

int pmu_set_user_read(pmu_ctx *ctx, int on)
{
    uint32_t f;
    if (!ctx) return PMU_EINVAL;
    f = pmu_drv_lock(&ctx->dev);
    pmu_drv_set_uen(&ctx->dev, on);
    pmu_drv_unlock(&ctx->dev, f);
    return PMU_OK;
}

/* PMU_CYCLE_IRQ: every pass has an interrupt source (the time base, or an
 * event with an overflow threshold counting in that pass). */
static int irq_sources_ok(const pmu_eventset *es)
{
    unsigned p, i;
    if (es->ctx->mmcr_tb) return 1;
    for (p = 0; p < es->npass; p++) {
        for (i = 0; i < es->n; i++)
            if (es->preset[i] && (es->pin[i] || es->pass_of[i] == p)) break;
        if (i == es->n) return 0;
    }
    return 1;
}

int pmu_start(pmu_eventset *es)
{
    pmu_ctx *ctx;
    uint32_t f;
    if (!es || !es->ctx || es->n == 0) return PMU_EINVAL;
    ctx = es->ctx;
    if (es->running || ctx->running) return PMU_EISRUN;
    if (es->cyc_mode == PMU_CYCLE_IRQ && !irq_sources_ok(es)) return PMU_ENOSRC;
    f = pmu_drv_lock(&ctx->dev);
    pmu_drv_set_gen(&ctx->dev, 0);
    zero_counts(es);
    es->cur_pass = 0;
    es->round_no = 0;
    es->done = 0;
    es->snap.seq = 0;
    es->n_samples = 0;
    es->n_smp_throttled = 0;
    smp_restart(es);
    reset_loads(es);
    load_pass(es, 0);
    arm_mmcr(es);
    es->running = 1;
    ctx->running = es;
    es->t_pass = pmu_drv_read_tsc(&ctx->dev);
    pmu_drv_set_gen(&ctx->dev, 1);
    pmu_drv_unlock(&ctx->dev, f);
    return PMU_OK;
}

static void compute(const pmu_eventset *es, const uint64_t *raw, const uint64_t *run,
                    uint64_t enabled, pmu_value *out)
{
    unsigned i;
    for (i = 0; i < es->n; i++) {
        out[i].raw = raw[i];
        out[i].running = run[i];
        out[i].enabled = enabled;
        if (run[i] == enabled) out[i].value = raw[i];
        else if (run[i] == 0) out[i].value = 0;
        else out[i].value = pmu_muldiv64(raw[i], enabled, run[i]);
    }
}

/* Values of every event now (lock held: pmu_tick/pmu_irq cannot change
 * acc, pass or base underneath). */
static void current(pmu_eventset *es, pmu_value *out)
{
    uint64_t raw[PMU_MAX_EVENTS], run[PMU_MAX_EVENTS], enabled;
    unsigned i;
    memcpy(raw, es->acc, sizeof raw);
    memcpy(run, es->t_run, sizeof run);
    enabled = es->t_enabled;
    if (es->running) {
        uint64_t cnt[PMU_MAX_EVENTS], now = pmu_drv_read_tsc(&es->ctx->dev);
        pass_counts(es, cnt);
        enabled += now - es->t_pass;
        for (i = 0; i < es->n; i++)
            if (on_pass(es, i)) {
                raw[i] += cnt[i];
                run[i] = es->pin[i] ? enabled : run[i] + (now - es->t_pass);
            }
    }
    compute(es, raw, run, enabled, out);
}

int pmu_read_values(pmu_eventset *es, pmu_value *values)
{
    uint32_t f;
    if (!es || !es->ctx || !values) return PMU_EINVAL;
    f = pmu_drv_lock(&es->ctx->dev);
    current(es, values);
    pmu_drv_unlock(&es->ctx->dev, f);
    return PMU_OK;
}

int pmu_read(pmu_eventset *es, uint64_t *values)
{
    pmu_value v[PMU_MAX_EVENTS];
    unsigned i;
    int r;
    if (!values) return PMU_EINVAL;
    r = pmu_read_values(es, v);
    if (r < 0) return r;
    for (i = 0; i < es->n; i++) values[i] = v[i].value;
    return PMU_OK;
}

/* Counters off, sampling controls off, set no longer running (PMU stopped
 * and harvested, lock held). */
static void release(pmu_eventset *es)
{
    pmu_ctx *ctx = es->ctx;
    unsigned c;
    pmu_drv_set_cnten(&ctx->dev, 0);
    for (c = 0; c < PMU_NC_MAX; c++) es->ev_on_ctr[c] = -1;
    pmu_drv_ovf_clear(&ctx->dev, 0xFFFFFFFFu);
    if (has_smp(&ctx->dev)) {
        pmu_drv_wr(&ctx->dev, PMU_REG_MMCR, 0);
        pmu_drv_wr(&ctx->dev, PMU_REG_PMSTAT, PMU_PMSTAT_NEG_MASK | PMU_PMSTAT_TB_MASK);
    }
    ctx->pmxe_held = 0;
    es->running = 0;
    ctx->running = 0;
}

int pmu_stop(pmu_eventset *es, uint64_t *values)
{
    pmu_ctx *ctx;
    uint32_t f;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (!es->running && !es->done) return PMU_ENOTRUN;
    ctx = es->ctx;
    if (es->running) {
        f = pmu_drv_lock(&ctx->dev);
        pmu_drv_set_gen(&ctx->dev, 0);
        smp_close(es);
        harvest(es, pmu_drv_read_tsc(&ctx->dev), 0);
        release(es);
        pmu_drv_unlock(&ctx->dev, f);
    }
    es->done = 0;      /* stopped by its last round: this stop only reports */
    return values ? pmu_read(es, values) : PMU_OK;
}

int pmu_reset(pmu_eventset *es)
{
    uint32_t f;
    const pmu_dev *d;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (!es->running) { zero_counts(es); return PMU_OK; }
    d = &es->ctx->dev;
    f = pmu_drv_lock(d);
    pmu_drv_set_gen(d, 0);
    zero_counts(es);
    smp_restart(es);
    reset_loads(es);
    load_pass(es, 0);
    arm_mmcr(es);      /* re-arms the trigger */
    es->t_pass = pmu_drv_read_tsc(d);
    pmu_drv_set_gen(d, 1);
    pmu_drv_unlock(d, f);
    return PMU_OK;
}

/* ------------------------------------------------------------ pass cycling */
static void post(pmu_eventset *es, unsigned why)
{
    if ((es->post & why) && es->post_cb) es->post_cb(es, why, es->post_arg);
}

/* Next pass (set running, lock held); the end of the last round stops the
 * set. The counters of kept_ctrs() run on; the others stop on one edge. */
static void rotate(pmu_eventset *es)
{
    pmu_ctx *ctx = es->ctx;
    unsigned next = (es->cur_pass + 1u) % es->npass;
    int last = next == 0 && es->rounds && es->round_no + 1u == es->rounds;
    uint32_t keep = last ? 0u : kept_ctrs(es);
    if (keep) pmu_drv_set_cnten(&ctx->dev, keep);
    else pmu_drv_set_gen(&ctx->dev, 0);
    if (last) smp_close(es);
    harvest(es, pmu_drv_read_tsc(&ctx->dev), keep);
    es->cur_pass = next;
    if (next == 0) es->round_no++;
    ctx->n_switches++;
    if (last) {
        release(es);
        es->done = 1;
    } else {
        load_pass(es, keep);
        es->t_pass = pmu_drv_read_tsc(&ctx->dev);
        if (!keep) pmu_drv_set_gen(&ctx->dev, 1);
    }
    post(es, PMU_POST_PASS);
    if (es->cur_pass == 0) post(es, PMU_POST_ROUND);
    if (es->done) post(es, PMU_POST_DONE);
}

int pmu_set_cycling(pmu_eventset *es, int mode, unsigned rounds, unsigned post_bits,
                    pmu_post_cb cb, void *arg)
{
    if (!es || !es->ctx) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    if (mode < PMU_CYCLE_TICK || mode > PMU_CYCLE_MANUAL ||
        (post_bits & ~(PMU_POST_IRQ | PMU_POST_PASS | PMU_POST_ROUND | PMU_POST_DONE)))
        return PMU_EINVAL;
    es->cyc_mode = mode;
    es->rounds = rounds;
    es->post = post_bits;
    es->post_cb = cb;
    es->post_arg = arg;
    return PMU_OK;
}

int pmu_next_pass(pmu_eventset *es)
{
    uint32_t f;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (!es->running) return PMU_ENOTRUN;
    f = pmu_drv_lock(&es->ctx->dev);
    rotate(es);
    pmu_drv_unlock(&es->ctx->dev, f);
    return PMU_OK;
}

/* ------------------------------------------------------------ seed 004 options */
/* Set or clear pin bit `bit` of event idx and reschedule; undone on error. */
static int repin(pmu_eventset *es, unsigned idx, unsigned bit, int on)
{
    uint8_t old = es->pin[idx];
    int r;
    es->pin[idx] = (uint8_t)(on ? (old | bit) : (old & ~bit));
    r = reschedule(es, es->n, es->multiplex);
    if (r < 0) es->pin[idx] = old;
    return r;
}

int pmu_set_trigger(pmu_eventset *es, unsigned idx, uint64_t count)
{
    const pmu_dev *d;
    unsigned otrig;
    int r;
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    d = &es->ctx->dev;
    if (!has_smp(d)) return PMU_ENOSUP;
    if (count > ((uint64_t)1 << (d->cw - 1u))) return PMU_ERANGE;
    if (count && (es->preset[idx] || es->smp == idx + 1u)) return PMU_EINVAL;
    if (!count && es->trig != idx + 1u) return PMU_OK;      /* not the trigger: nothing to remove */
    otrig = es->trig;
    if (otrig && otrig != idx + 1u) es->pin[otrig - 1u] &= (uint8_t)~PIN_TRIG;   /* one trigger per set */
    es->trig = count ? idx + 1u : 0u;
    r = repin(es, idx, PIN_TRIG, count != 0);
    if (r < 0) {
        es->trig = otrig;
        if (otrig && otrig != idx + 1u) es->pin[otrig - 1u] |= PIN_TRIG;
        return r;
    }
    if (count) es->trig_count = count;
    return PMU_OK;
}

int pmu_set_correlate(pmu_eventset *es, unsigned idx, int on)
{
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    return repin(es, idx, PIN_CORR, on);
}

int pmu_set_timebase(pmu_ctx *ctx, uint64_t hz, uint64_t sec, uint32_t nsec, uint64_t *actual_ns)
{
    /* TBSEL 2, 1, 0: TSC bits 8, 12, 16, periods ascending */
    static const unsigned sel[3] = { 2u, 1u, 0u }, bit[3] = { PMU_TB_BIT2, PMU_TB_BIT1, PMU_TB_BIT0 };
    uint64_t cyc, p;
    unsigned i;
    if (!ctx || hz == 0 || nsec >= 1000000000u) return PMU_EINVAL;
    if (ctx->running) return PMU_EISRUN;
    if (!has_smp(&ctx->dev)) return PMU_ENOSUP;
    if (sec == 0 && nsec == 0) {
        ctx->mmcr_tb = 0;
        if (actual_ns) *actual_ns = 0;
        return PMU_OK;
    }
    if (sec >= 18000000000ull) return PMU_ERANGE;             /* ns would not fit 64 bits */
    cyc = pmu_muldiv64(sec * 1000000000u + nsec, hz, 1000000000u);
    if (cyc < (uint64_t)1 << bit[0] || cyc > (uint64_t)1 << (bit[2] + 2u)) return PMU_ERANGE;
    /* nearest on a log scale: below the geometric mean of two neighbours, the smaller */
    for (i = 0; i < 2; i++)
        if (cyc * cyc <= ((uint64_t)1 << (bit[i] + 1u)) * ((uint64_t)1 << (bit[i + 1] + 1u))) break;
    p = (uint64_t)1 << (bit[i] + 1u);
    ctx->mmcr_tb = PMU_MMCR_TBEE_MASK | sel[i] << PMU_MMCR_TBSEL_LSB;
    if (actual_ns) *actual_ns = pmu_muldiv64(p, 1000000000u, hz);
    return PMU_OK;
}

int pmu_set_latency(pmu_eventset *es, unsigned idx, uint32_t cycles)
{
    unsigned i, others = 0;
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    if (!has_smp(&es->ctx->dev)) return PMU_ENOSUP;
    if (cycles > (uint32_t)1 << PMU_LAT_W) return PMU_ERANGE;   /* THRESH = cycles - 1 is 16 bits */
    for (i = 0; i < es->n; i++) others += i != idx && es->lat[i];
    if (cycles && others && cycles != es->lat_cycles) return PMU_ECONFLICT;
    es->lat[idx] = cycles != 0;
    if (cycles) es->lat_cycles = cycles;
    else if (!others) es->lat_cycles = 0;
    return PMU_OK;
}

int pmu_set_sampling(pmu_eventset *es, unsigned idx, uint64_t period, pmu_sample_cb cb, void *arg)
{
    const pmu_dev *d;
    unsigned osmp;
    int r;
    if (!es || !es->ctx || idx >= es->n) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    d = &es->ctx->dev;
    if (!has_smp(d)) return PMU_ENOSUP;
    if (period > ((uint64_t)1 << (d->cw - 1u))) return PMU_ERANGE;
    if (period && (es->preset[idx] || es->trig == idx + 1u)) return PMU_EINVAL;
    if (!period && es->smp != idx + 1u) return PMU_OK;       /* not the sampled event: nothing to remove */
    osmp = es->smp;
    if (osmp && osmp != idx + 1u) es->pin[osmp - 1u] &= (uint8_t)~PIN_SMP;   /* one per set */
    es->smp = period ? idx + 1u : 0u;
    r = repin(es, idx, PIN_SMP, period != 0);
    if (r < 0) {
        es->smp = osmp;
        if (osmp && osmp != idx + 1u) es->pin[osmp - 1u] |= PIN_SMP;
        return r;
    }
    es->smp_period = period;
    es->smp_cb = period ? cb : 0;
    es->smp_arg = period ? arg : 0;
    es->smp_jitter = 0;                                       /* fixed period again */
    es->smp_seed = 0;
    es->smp_cur = period;
    es->smp_done = 0;
    es->smp_nper = 0;
    return PMU_OK;
}

int pmu_set_sampling_jitter(pmu_eventset *es, uint32_t jitter, uint32_t seed)
{
    const pmu_dev *d;
    uint64_t w = 2u * (uint64_t)jitter;
    unsigned b = 0;
    if (!es || !es->ctx) return PMU_EINVAL;
    if (es->running) return PMU_EISRUN;
    d = &es->ctx->dev;
    if (!has_smp(d)) return PMU_ENOSUP;
    if (!es->smp) return PMU_EINVAL;
    if (jitter >= es->smp_period || es->smp_period + jitter > ((uint64_t)1 << (d->cw - 1u))) return PMU_ERANGE;
    while (w >> b) b++;                                       /* bit length of 2*jitter (0 for 0) */
    es->smp_jitter = jitter;
    es->smp_seed = seed;
    es->smp_jshift = 64u - b;
    return PMU_OK;
}

int pmu_sampling_state(const pmu_eventset *es, uint64_t *events_done, uint64_t *cur_period,
                       uint32_t *periods_done)
{
    uint32_t f;
    if (!es || !es->ctx || !events_done || !cur_period || !periods_done || !es->smp) return PMU_EINVAL;
    f = pmu_drv_lock(&es->ctx->dev);
    *events_done = es->smp_done;
    *cur_period = es->smp_cur;
    *periods_done = es->smp_nper;
    pmu_drv_unlock(&es->ctx->dev, f);
    return PMU_OK;
}

int pmu_status_at_irq(pmu_eventset *es, pmu_irq_status *st)
{
    uint32_t f;
    int r = PMU_OK;
    if (!es || !es->ctx || !st) return PMU_EINVAL;
    f = pmu_drv_lock(&es->ctx->dev);
    if (es->snap.seq) *st = es->snap;
    else r = PMU_ENODATA;
    pmu_drv_unlock(&es->ctx->dev, f);
    return r;
}

int pmu_set_irq_throttle(pmu_ctx *ctx, uint64_t min_cycles)
{
    if (!ctx) return PMU_EINVAL;
    ctx->min_irq = min_cycles;
    return PMU_OK;
}

int pmu_get_revision(const pmu_ctx *ctx, pmu_revision *rev)
{
    if (!ctx || !rev) return PMU_EINVAL;
    rev->api = PMU_API_REVISION;
    rev->id = pmu_drv_rd(&ctx->dev, PMU_REG_ID);
    rev->hw_major = rev->id >> 8 & 0xFFu;
    rev->hw_minor = rev->id & 0xFFu;
    rev->cfg = pmu_drv_rd(&ctx->dev, PMU_REG_CFG);
    rev->cap = ctx->dev.cap;
    return PMU_OK;
}

int pmu_check_revision(uint32_t rev)
{
    return (rev >> 16) == PMU_API_REV_MAJOR && (rev & 0xFFFFu) <= PMU_API_REV_MINOR ? PMU_OK : PMU_EREV;
}

/* ------------------------------------------------------------ interrupt context */
/* Sampled event of the running set (lock held): its counter counted n
 * events since its last load; the events beyond the last whole period
 * (those the CPU retired between the period-th event and the interrupt,
 * or during a throttling hold) stay on the counter, so the next sample
 * comes exactly `period` events after this one and no event is sampled
 * twice or skipped; the rest is folded into the software base (the count
 * stays exact). Returns the whole periods, n / period. */
static uint64_t smp_reload(pmu_eventset *es)
{
    const pmu_dev *d = &es->ctx->dev;
    unsigned i = es->smp - 1u, c = es->ctr_of[i];
    uint64_t v = pmu_drv_read_counter(d, c), n = (v - es->load[i]) & d->cmask, x;
    uint64_t k = smp_walk(es, n, &x);
    es->load[i] = (((uint64_t)1 << (d->cw - 1u)) - es->smp_cur) & d->cmask;   /* the next (drawn) period */
    pmu_drv_write_counter(d, c, (es->load[i] + x) & d->cmask);
    es->ctx->base[c] += n - x;
    return k;
}

/* Sampling interrupt enable again (the hardware clears PMXE when it signals).
 * After a throttling hold the sampled counter may have gone negative while
 * PMXE was 0: it is loaded again first, else the interrupt would be
 * signalled at once with SIAR naming the code that re-arms it. */
static void rearm_pmxe(pmu_ctx *ctx)
{
    pmu_eventset *es = ctx->running;
    if (ctx->pmxe_held && es && es->smp)
        es->n_smp_throttled += (uint32_t)smp_reload(es);
    ctx->pmxe_held = 0;
    if (ctx->running)
        pmu_drv_wr(&ctx->dev, PMU_REG_MMCR, pmu_drv_rd(&ctx->dev, PMU_REG_MMCR) | PMU_MMCR_PMXE_MASK);
}

uint32_t pmu_irq(pmu_ctx *ctx)
{
    pmu_eventset *es;
    uint32_t f, o, st = 0;
    uint64_t now;
    unsigned c;
    int src, smp = 0;
    pmu_sample sm;
    if (!ctx) return 0;
    f = pmu_drv_lock(&ctx->dev);
    ctx->n_irq++;
    es = ctx->running;
    o = pmu_drv_ovf(&ctx->dev);
    if (o) pmu_drv_ovf_clear(&ctx->dev, o);
    if (has_smp(&ctx->dev)) {
        st = pmu_drv_rd(&ctx->dev, PMU_REG_PMSTAT) & (PMU_PMSTAT_NEG_MASK | PMU_PMSTAT_TB_MASK);
        if (st) pmu_drv_wr(&ctx->dev, PMU_REG_PMSTAT, st);
        /* negative sampled counter: SIAR/SDAR, then the counter loaded again
         * (throttled or not) before anything re-arms PMXE */
        if ((st & PMU_PMSTAT_NEG_MASK) && es && es->running && es->smp) {
            sm.siar = pmu_drv_read_siar(&ctx->dev);
            sm.sdar = pmu_drv_read_sdar(&ctx->dev);
            (void)smp_reload(es);
            smp = 1;
        }
    }
    if (!o && !st) {                         /* spurious (e.g. a CPU that latched the level */
        pmu_drv_unlock(&ctx->dev, f);        /* again while the handler cleared it): nothing */
        return 0;                            /* serviced, no snapshot */
    }
    for (c = 0; c < ctx->dev.nc; c++)        /* counts are never throttled */
        if (o >> c & 1u) { ctx->n_ovf++; ctx->base[c] += wrap_amount(&ctx->dev); }
    now = pmu_drv_read_tsc(&ctx->dev);
    if (ctx->min_irq && ctx->n_serviced && now - ctx->last_irq < ctx->min_irq) {
        ctx->n_throttled++;
        if (smp) es->n_smp_throttled++;
        if (st) ctx->pmxe_held = 1;          /* pmu_tick re-arms it */
        pmu_drv_unlock(&ctx->dev, f);
        return o;
    }
    ctx->n_serviced++;
    ctx->last_irq = now;
    if (st || ctx->pmxe_held) rearm_pmxe(ctx);
    if (smp) {
        sm.tsc = now;
        es->n_samples++;
        if (es->smp_cb) es->smp_cb(es, es->smp - 1u, &sm, es->smp_arg);
    }
    /* an interrupt that only delivers a sample ends here: no snapshot, post
     * or cycling (the sample is its status; a profiler's handler stays short) */
    if (es && !(smp && !o && st == PMU_PMSTAT_NEG_MASK)) {
        pmu_irq_status *s = &es->snap;
        src = (st & PMU_PMSTAT_TB_MASK) != 0;
        for (c = 0; c < ctx->dev.nc; c++) {
            int e = es->ev_on_ctr[c];
            if (!(o >> c & 1u) || e < 0) continue;
            src |= es->preset[e] != 0;
            if (es->ovf_cb[e]) es->ovf_cb[e](es, (unsigned)e, es->ovf_arg[e]);
        }
        /* snapshot for pmu_status_at_irq, after the callbacks (their latency) */
        s->seq++;
        s->ovf = o;
        s->pmstat = st;
        s->pass = es->cur_pass;
        s->tsc = now;
        s->siar = has_smp(&ctx->dev) ? pmu_drv_read_siar(&ctx->dev) : 0u;
        s->sdar = has_smp(&ctx->dev) ? pmu_drv_read_sdar(&ctx->dev) : 0u;
        current(es, s->v);
        post(es, PMU_POST_IRQ);
        if (src && es->cyc_mode == PMU_CYCLE_IRQ && es->running) rotate(es);
    }
    pmu_drv_unlock(&ctx->dev, f);
    return o;
}

int pmu_tick(pmu_ctx *ctx)
{
    pmu_eventset *es;
    uint32_t f;
    int did = 0;
    if (!ctx) return 0;
    ctx->n_ticks++;
    f = pmu_drv_lock(&ctx->dev);
    if (ctx->pmxe_held && pmu_drv_read_tsc(&ctx->dev) - ctx->last_irq >= ctx->min_irq) rearm_pmxe(ctx);
    es = ctx->running;
    if (es && es->cyc_mode == PMU_CYCLE_TICK && (es->npass > 1 || es->rounds)) {
        rotate(es);
        did = 1;
    }
    pmu_drv_unlock(&ctx->dev, f);
    return did;
}

/* ------------------------------------------------------------ arithmetic */
uint64_t pmu_muldiv64(uint64_t a, uint64_t b, uint64_t c)
{
    /* 128-bit product hi:lo, then shift-subtract division; saturates at 2^64-1 */
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    uint64_t lo = (ll & 0xFFFFFFFFu) | (mid << 32);
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    uint64_t q = 0, r = 0;
    int i;
    if (c == 0) return ~(uint64_t)0;
    if (hi >= c) return ~(uint64_t)0;
    r = hi;
    for (i = 63; i >= 0; i--) {
        uint64_t top = r >> 63;
        r = (r << 1) | (lo >> i & 1u);
        q <<= 1;
        if (top || r >= c) { r -= c; q |= 1u; }
    }
    return q;
}
