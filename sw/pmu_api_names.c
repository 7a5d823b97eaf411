/* SPDX-License-Identifier: Apache-2.0
 * pmu-ip PAPI-like API (see pmu_api.h, sw/pmu_api_int.h): error strings and
 * event names, encode (name -> CTL/EMQ/counter constraint) and decode. */
#include <string.h>
#include "pmu_api_int.h"

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

static const pmu_event_info *find_event(const pmu_ctx *ctx, const char *t, size_t len)
{
    unsigned i;
    if (!ctx->tbl) return 0;
    for (i = 0; i < ctx->tbl->n; i++)
        if (tok_eq(t, len, ctx->tbl->ev[i].name)) return &ctx->tbl->ev[i];
    return 0;
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

