// Lockstep harness: the Verilated pmu_core and the C golden model driven by
// the same pmu_inputs every cycle. Before each rising edge it compares the
// outputs visible during the cycle (PRDATA, PSLVERR, PREADY, IRQ, PMI, the
// yield request/ring/channel/target); after the edge it compares all
// architectural state visible on the core's ports (every counter, OVF, TSC,
// SIAR, SDAR, MMCR, PMSTAT, yield block bits, YER bits, and every yield
// channel's down-counter and missed-trigger count). The first divergence stops
// the run with a dump.
// Optionally records every cycle as a vector line for the Icarus replay
// bench (tb/tb_replay.v).
#pragma once
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

// The top is pmu_core, or with PMU_TOP_HDR/PMU_TOP a bus wrapper
// (rtl/pmu_core_axil.v, rtl/pmu_core_wb.v) whose non-bus ports are the
// core's: the bench (tb/test_bus.cpp) then drives the bus itself through the
// bus_pre/bus_post hooks of step() and feeds the model's APB inputs from its
// bridge model.
#ifdef PMU_TOP_HDR
#include PMU_TOP_HDR
typedef PMU_TOP Vtop;
#define PMU_WRAPPED 1
#else
#include "Vpmu_core.h"
typedef Vpmu_core Vtop;
#endif
#include <functional>
#include "verilated.h"
#include "waves.h"
extern "C" {
#include "pmu_model.h"
}

// Every parameter of the configuration, -DCFG_<PARAM>=V (sim/core.mk dparams of a
// config/pmu_ip.yaml configuration, the same values as the RTL's -G options).
#if !defined(CFG_NT) || !defined(CFG_NC) || !defined(CFG_CW) || !defined(CFG_NCLS) || !defined(CFG_NRET) || \
    !defined(CFG_FLOP_CLASS) || !defined(CFG_NCH) || !defined(CFG_NAREA) || !defined(CFG_HAS_SAMPLE) || \
    !defined(CFG_HAS_YIELD) || !defined(CFG_AW) || !defined(CFG_YCAP) || !defined(CFG_VIEW) || !defined(CFG_XLEN)
#error "build with -DCFG_<P>=V for every pmu_core parameter (sim/core.mk dparams, config/pmu_ip.yaml)"
#endif

// NAME in a comma-separated list (the benches' --only NAME[,NAME...])
inline bool name_in(const char *list, const char *name) {
    const size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        const size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == n && !strncmp(p, name, n)) return true;
        if (!e) break;
        p = e + 1;
    }
    return false;
}

// The random benches' stream (tb/test_random.cpp, tb/test_bus.cpp): xorshift64
// from the seed; below(n) in [0, n), chance(pct) true pct% of the time
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) { if (!s) s = 1; }
    uint64_t next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
    uint32_t below(uint32_t n) { return (uint32_t)(next() % n); }
    bool chance(unsigned pct) { return below(100) < pct; }
};

// ---- generic bit access to Verilator port types (integral or VlWide) ----
template <typename T>
static typename std::enable_if<std::is_integral<T>::value>::type
put_bits(T &p, unsigned lsb, unsigned w, uint64_t v) {
    uint64_t m = (w >= 64 ? ~0ull : ((1ull << w) - 1)) << lsb;
    p = (T)(((uint64_t)p & ~m) | ((v << lsb) & m));
}
template <std::size_t N>
static void put_bits(VlWide<N> &p, unsigned lsb, unsigned w, uint64_t v) {
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lsb + i;
        uint32_t bit = 1u << (b % 32);
        if ((v >> i) & 1) p[b / 32] |= bit; else p[b / 32] &= ~bit;
    }
}
template <typename T>
static typename std::enable_if<std::is_integral<T>::value, uint64_t>::type
get_bits(const T &p, unsigned lsb, unsigned w) {
    uint64_t v = (uint64_t)p >> lsb;
    return w >= 64 ? v : (v & ((1ull << w) - 1));
}
template <std::size_t N>
static uint64_t get_bits(const VlWide<N> &p, unsigned lsb, unsigned w) {
    uint64_t v = 0;
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lsb + i;
        v |= (uint64_t)((p[b / 32] >> (b % 32)) & 1u) << i;
    }
    return v;
}
// fast path for the 16-bit event lanes (always 16-bit aligned)
template <std::size_t N>
static void put_lane16(VlWide<N> &p, unsigned lane, uint16_t v) {
    uint32_t &w = p[lane / 2];
    w = (lane & 1) ? ((w & 0x0000FFFFu) | ((uint32_t)v << 16)) : ((w & 0xFFFF0000u) | v);
}
template <typename T>
static typename std::enable_if<std::is_integral<T>::value>::type
put_lane16(T &p, unsigned lane, uint16_t v) { put_bits(p, lane * 16, 16, v); }

static inline pmu_cfg build_cfg() {
    pmu_cfg c;
    c.nt = CFG_NT; c.nc = CFG_NC; c.cw = CFG_CW; c.ncls = CFG_NCLS; c.nret = CFG_NRET;
    c.flop_class = CFG_FLOP_CLASS;
    c.nch = CFG_NCH;
    c.narea = CFG_NAREA; c.has_sample = CFG_HAS_SAMPLE; c.has_yield = CFG_HAS_YIELD; c.aw = CFG_AW;
    c.ycap = CFG_YCAP;
    c.view = CFG_VIEW;
    c.xlen = CFG_XLEN;
    return c;
}

struct Harness {
    VerilatedContext *ctx;
    Vtop *dut;
    pmu_model *m;
    pmu_cfg cfg;
    pmu_inputs in;
    pmu_outputs out;        // outputs of the last cycle (model == RTL when ok)
    uint64_t cycle = 0;
    bool failed = false;
    FILE *vec = nullptr;    // vector recording for the Icarus replay
    uint64_t cmask;
    std::string last_bus;   // last bus transaction, for dumps
    Waves waves;            // FST dump when built with WAVES=1 (tb/waves.h)

    Harness() {
        cfg = build_cfg();
        ctx = new VerilatedContext;
        Waves::enable(ctx);
        dut = new Vtop{ctx};
        waves.open(dut);
        m = pmu_model_new(&cfg);
        if (!m) { fprintf(stderr, "model refused cfg: %s\n", pmu_cfg_check(&cfg)); exit(2); }
        cmask = cfg.cw == 64 ? ~0ull : ((1ull << cfg.cw) - 1);
        memset(&in, 0, sizeof in);
        memset(&out, 0, sizeof out);
        reset();
    }
    ~Harness() {
        waves.close();
        dut->final();
        delete dut;
        delete ctx;
        pmu_model_free(m);
    }

    void eval() { dut->eval(); waves.dump(); }

    void reset(const char *test_name = nullptr) {
        if (vec && test_name) fprintf(vec, "T %s\n", test_name);
        memset(&in, 0, sizeof in);
        drive();
        dut->clk_i = 0;
        dut->rst_ni = 1;        // a real falling edge, also at the first reset
        eval();
        dut->rst_ni = 0;
        eval();
        dut->rst_ni = 1;
        eval();
        pmu_model_reset(m);
        cycle = 0;
        check_state("after reset");
    }

    void drive() {
        const unsigned NT = cfg.nt, NCLS = cfg.ncls, NRET = cfg.nret;
        for (unsigned t = 0; t < NT; t++) {
            for (unsigned c = 0; c < NCLS; c++) put_lane16(dut->ev_i, t * NCLS + c, in.ev[t][c]);
            for (unsigned s = 0; s < NRET; s++) {
                const pmu_flop_slot &f = in.flop[t][s];
                unsigned k = t * NRET + s;
                put_bits(dut->flop_valid_i, k, 1, f.valid & 1);
                put_bits(dut->flop_rsz_i, 3 * k, 3, f.rsz & 7);
                put_bits(dut->flop_esz_i, k, 1, f.esz & 1);
                put_bits(dut->flop_scalar_i, k, 1, f.scalar & 1);
                put_bits(dut->flop_op_i, PMU_FLOP_OP_W * k, PMU_FLOP_OP_W, f.op & 0xF);
            }
        }
#ifndef PMU_WRAPPED
        dut->psel_i = in.psel & 1;
        dut->penable_i = in.penable & 1;
        dut->pwrite_i = in.pwrite & 1;
        dut->paddr_i = in.paddr & ((1u << PMU_ADDR_BITS) - 1);
        dut->pwdata_i = in.pwdata;
        dut->pstrb_i = in.pstrb & 0xF;
        dut->pprot_i = in.pprot & 7;
        dut->ptid_i = in.ptid & 7;
#endif
        // BEGIN generated: core-drive (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
        // every simple input foo_i from in.foo (per thread: in.foo[t])
        for (unsigned t = 0; t < CFG_NT; t++) put_bits(dut->cpl_i, 2 * t, 2, in.cpl[t]);
        put_bits(dut->csr_valid_i, 0, 1, in.csr_valid);
        put_bits(dut->csr_addr_i, 0, 12, in.csr_addr);
        put_bits(dut->csr_op_i, 0, 2, in.csr_op);
        put_bits(dut->csr_wdata_i, 0, (CFG_XLEN == 32 ? 32 : 64), in.csr_wdata);
        put_bits(dut->csr_priv_i, 0, 3, in.csr_priv);
        for (unsigned t = 0; t < CFG_NT; t++) put_bits(dut->rv_mode_i, 3 * t, 3, in.rv_mode[t]);
        put_bits(dut->stopcount_i, 0, 1, in.stopcount);
        put_bits(dut->iaddr_i, 0, CFG_AW, in.iaddr);
        put_bits(dut->daddr_i, 0, CFG_AW, in.daddr);
        for (unsigned t = 0; t < CFG_NT; t++) put_bits(dut->pm_i, 1 * t, 1, in.pm[t]);
        for (unsigned t = 0; t < CFG_NT; t++) put_bits(dut->mem_valid_i, 1 * t, 1, in.mem_valid[t]);
        for (unsigned t = 0; t < CFG_NT; t++) put_bits(dut->mem_lat_i, 16 * t, 16, in.mem_lat[t]);
        put_bits(dut->yev_i, 0, 8, in.yev);
        // END generated: core-drive
    }

    void fail_dump(const char *what, uint64_t rtl, uint64_t model) {
        if (failed) return;
        failed = true;
        fprintf(stderr,
                "MISMATCH at cycle %" PRIu64 ": %s: rtl=0x%" PRIx64 " model=0x%" PRIx64 "\n"
                "  bus: psel=%u penable=%u pwrite=%u paddr=0x%03x pwdata=0x%08x pstrb=0x%x pprot=%u ptid=%u\n"
                "  csr: valid=%u op=%u addr=0x%03x wdata=0x%016" PRIx64 " priv=%u stopcount=%u\n"
                "  last bus transaction: %s\n  cpl:",
                cycle, what, rtl, model, in.psel, in.penable, in.pwrite, in.paddr, in.pwdata, in.pstrb,
                in.pprot, in.ptid, in.csr_valid, in.csr_op, in.csr_addr, in.csr_wdata, in.csr_priv, in.stopcount,
                last_bus.c_str());
        for (unsigned t = 0; t < cfg.nt; t++) fprintf(stderr, " T%u=%u/mode%u", t, in.cpl[t], in.rv_mode[t]);
        fprintf(stderr, "\n  state (rtl | model):\n");
        for (unsigned n = 0; n < cfg.nc; n++)
            fprintf(stderr, "    cnt[%2u] 0x%016" PRIx64 " | 0x%016" PRIx64 "\n", n,
                    get_bits(dut->cnt_o, n * cfg.cw, cfg.cw), pmu_model_counter(m, n));
        fprintf(stderr, "    ovf     0x%08" PRIx64 " | 0x%08x\n", get_bits(dut->ovf_o, 0, cfg.nc),
                pmu_model_ovf(m));
        fprintf(stderr, "    tsc     0x%016" PRIx64 " | 0x%016" PRIx64 "\n", (uint64_t)dut->tsc_o,
                pmu_model_tsc(m));
        fprintf(stderr, "    siar    0x%016" PRIx64 " | 0x%016" PRIx64 "\n", (uint64_t)dut->siar_o,
                pmu_model_siar(m));
        fprintf(stderr, "    sdar    0x%016" PRIx64 " | 0x%016" PRIx64 "\n", (uint64_t)dut->sdar_o,
                pmu_model_sdar(m));
        fprintf(stderr, "    mmcr    0x%08x | 0x%08x\n", (unsigned)dut->mmcr_o, pmu_model_mmcr(m));
        fprintf(stderr, "    yblk    0x%" PRIx64 " | 0x%x   yer 0x%04" PRIx64 " | 0x%04x\n", get_bits(dut->yblk_o, 0, 2 * cfg.nt),
                pmu_model_yblk(m), get_bits(dut->yer_o, 0, 2 * cfg.nch), pmu_model_yer(m));
    }

    void check_state(const char *when) {
        char buf[96];
        for (unsigned n = 0; n < cfg.nc && !failed; n++) {
            uint64_t r = get_bits(dut->cnt_o, n * cfg.cw, cfg.cw), e = pmu_model_counter(m, n);
            if (r != e) { snprintf(buf, sizeof buf, "counter %u %s", n, when); fail_dump(buf, r, e); }
        }
        uint64_t ro = get_bits(dut->ovf_o, 0, cfg.nc);
        if (!failed && ro != pmu_model_ovf(m)) { snprintf(buf, sizeof buf, "OVF %s", when); fail_dump(buf, ro, pmu_model_ovf(m)); }
        if (!failed && (uint64_t)dut->tsc_o != pmu_model_tsc(m)) {
            snprintf(buf, sizeof buf, "TSC %s", when);
            fail_dump(buf, dut->tsc_o, pmu_model_tsc(m));
        }
        struct { const char *n; uint64_t r, e; } st[] = {
            {"SIAR", (uint64_t)dut->siar_o, pmu_model_siar(m)},
            {"SDAR", (uint64_t)dut->sdar_o, pmu_model_sdar(m)},
            {"MMCR", (uint64_t)dut->mmcr_o, pmu_model_mmcr(m)},
            {"CCNT", (uint64_t)dut->ccnt_o, pmu_model_cs_ccnt(m)},   // the CoreSight view's cycle counter
            {"YBLK", get_bits(dut->yblk_o, 0, 2 * cfg.nt), pmu_model_yblk(m)},
            {"YER", get_bits(dut->yer_o, 0, 2 * cfg.nch), pmu_model_yer(m)},
            {"PMSTAT", (uint64_t)dut->pmstat_o, pmu_model_pmstat(m)},
        };
        for (auto &x : st)
            if (!failed && x.r != x.e) { snprintf(buf, sizeof buf, "%s %s", x.n, when); fail_dump(buf, x.r, x.e); }
        for (unsigned k = 0; k < 2 * cfg.nch && !failed; k++) {
            const unsigned r3 = k / cfg.nch, i = k % cfg.nch;
            struct { const char *n; uint64_t r, e; } ch[] = {
                {"CNT", get_bits(dut->ycnt_o, k * 32, 32), pmu_model_ych_cnt(m, r3, i)},
                {"MISS", get_bits(dut->ymiss_o, k * 16, 16), pmu_model_ych_miss(m, r3, i)},
                {"ESV", get_bits(dut->yesv_o, k * 25, 25), pmu_model_ych_esv(m, r3, i)},
            };
            for (auto &x : ch)
                if (!failed && x.r != x.e) {
                    snprintf(buf, sizeof buf, "YCH ring%u[%u].%s %s", r3 ? 3 : 0, i, x.n, when);
                    fail_dump(buf, x.r, x.e);
                }
            // capture record {CT, TS, DA, IP} at [k*RW +: RW] (0 with YCAP=0)
            const unsigned aw = cfg.aw, rw = 2 * aw + 64 + cfg.cw;
            const pmu_ycap c = pmu_model_ych_cap(m, r3, i);
            struct { const char *n; uint64_t r, e; } cp[] = {
                {"CAP.IP", get_bits(dut->ycap_o, k * rw, aw), c.ip},
                {"CAP.DA", get_bits(dut->ycap_o, k * rw + aw, aw), c.da},
                {"CAP.TS", get_bits(dut->ycap_o, k * rw + 2 * aw, 64), c.ts},
                {"CAP.CT", get_bits(dut->ycap_o, k * rw + 2 * aw + 64, cfg.cw), c.ct},
            };
            for (auto &x : cp)
                if (!failed && x.r != x.e) {
                    snprintf(buf, sizeof buf, "YCH ring%u[%u].%s %s", r3 ? 3 : 0, i, x.n, when);
                    fail_dump(buf, x.r, x.e);
                }
        }
    }

    // One clock cycle with the current `in`. Returns false on divergence.
    // optional stimulus hook, applied to `in` before every cycle (a bench may
    // derive inputs from others, e.g. copy events to the classes of every area)
    void (*pre_step)(pmu_inputs &in, const pmu_cfg &cfg) = nullptr;

    // wrapped top: bus_pre drives the bus inputs and sets in.psel.. from the
    // bridge model (before the model step); bus_post compares the bridge and
    // steps its model (after it, with `out`)
    std::function<void()> bus_pre, bus_post, bus_edge;

    bool step() {
        if (pre_step) pre_step(in, cfg);
#ifdef PMU_WRAPPED
        if (bus_pre) bus_pre();
#endif
        drive();
        dut->clk_i = 0;
        eval();
        pmu_model_step(m, &in, &out);
#ifdef PMU_WRAPPED
        if (bus_post) bus_post();
#else
        if (dut->prdata_o != out.prdata) fail_dump("PRDATA", dut->prdata_o, out.prdata);
        if (dut->pslverr_o != out.pslverr) fail_dump("PSLVERR", dut->pslverr_o, out.pslverr);
        if (dut->pready_o != out.pready) fail_dump("PREADY", dut->pready_o, out.pready);
#endif
        if (dut->irq_o != out.irq) fail_dump("IRQ", dut->irq_o, out.irq);
        if (dut->pmi_o != out.pmi) fail_dump("PMI", dut->pmi_o, out.pmi);
        if (dut->yield_o != out.yield) fail_dump("YIELD", dut->yield_o, out.yield);
        if (dut->yield_ring_o != out.yield_ring) fail_dump("YIELD_RING", dut->yield_ring_o, out.yield_ring);
        if (dut->yield_ch_o != out.yield_ch) fail_dump("YIELD_CH", dut->yield_ch_o, out.yield_ch);
        if ((uint64_t)dut->yield_tgt_o != out.yield_tgt) fail_dump("YIELD_TGT", dut->yield_tgt_o, out.yield_tgt);
        if (dut->yield_attr_o != out.yield_attr) fail_dump("YIELD_ATTR", dut->yield_attr_o, out.yield_attr);
        if (dut->yield_tid_o != out.yield_tid) fail_dump("YIELD_TID", dut->yield_tid_o, out.yield_tid);
        if (dut->csr_hit_o != out.csr_hit) fail_dump("CSR_HIT", dut->csr_hit_o, out.csr_hit);
        if ((uint64_t)dut->csr_rdata_o != out.csr_rdata) fail_dump("CSR_RDATA", dut->csr_rdata_o, out.csr_rdata);
        if (dut->csr_ill_o != out.csr_ill) fail_dump("CSR_ILL", dut->csr_ill_o, out.csr_ill);
        if (dut->csr_virt_o != out.csr_virt) fail_dump("CSR_VIRT", dut->csr_virt_o, out.csr_virt);
        if (dut->lcofi_o != out.lcofi) fail_dump("LCOFI", dut->lcofi_o, out.lcofi);
        dut->clk_i = 1;
        eval();
#ifdef PMU_WRAPPED
        if (bus_edge) bus_edge();
#endif
        check_state("after edge");
        if (vec) record();
        cycle++;
        return !failed;
    }

    void record() {
        const unsigned NT = cfg.nt, NCLS = cfg.ncls, NRET = cfg.nret;
        // BEGIN generated: replay-record (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
        // END generated: replay-record
        fputs("C ", vec);
        for (int l = (int)(NT * NCLS) - 1; l >= 0; l--) fprintf(vec, "%04x", in.ev[l / NCLS][l % NCLS]);
        uint64_t cpl = 0, fv = 0, fr = 0, fe = 0, fs = 0;
        std::string fo(NT * NRET * PMU_FLOP_OP_W / 4, '0');   // flop_op_i, one hex digit per slot
        for (unsigned t = 0; t < NT; t++) {
            cpl |= (uint64_t)(in.cpl[t] & 3) << (2 * t);
            for (unsigned s = 0; s < NRET; s++) {
                unsigned k = t * NRET + s;
                fv |= (uint64_t)(in.flop[t][s].valid & 1) << k;
                fr |= (uint64_t)(in.flop[t][s].rsz & 7) << (3 * k);
                fe |= (uint64_t)(in.flop[t][s].esz & 1) << k;
                fs |= (uint64_t)(in.flop[t][s].scalar & 1) << k;
                fo[NT * NRET - 1 - k] = "0123456789abcdef"[in.flop[t][s].op & 0xF];
            }
        }
        fprintf(vec, " %" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64 " %s", cpl, fv, fr, fe, fs,
                fo.c_str());
        fprintf(vec, " %x %x %x %x %x %x %x", in.psel & 1, in.penable & 1, in.pwrite & 1,
                in.paddr & ((1u << PMU_ADDR_BITS) - 1), in.pwdata, in.pstrb & 0xF, in.pprot & 7);
        fprintf(vec, " %x %x %x %x %x %" PRIx64 " ", out.prdata, out.pslverr, out.pready, out.irq,
                pmu_model_ovf(m), pmu_model_tsc(m));
        print_cnt_hex();
        // sampling / yield: inputs, then outputs during the cycle, then state after the edge
        uint64_t pm = 0, mv = 0;
        std::string lat(NT * PMU_LAT_W / 4, '0');
        for (unsigned t = 0; t < NT; t++) {
            pm |= (uint64_t)(in.pm[t] & 1) << t;
            mv |= (uint64_t)(in.mem_valid[t] & 1) << t;
            char b[8];
            snprintf(b, sizeof b, "%04x", in.mem_lat[t]);
            lat.replace((NT - 1 - t) * 4, 4, b);
        }
        fprintf(vec, " %" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64 " %s %x", in.iaddr, in.daddr, pm, mv,
                lat.c_str(), in.yev);
        fprintf(vec, " %x %x %x %x %" PRIx64, out.pmi, out.yield, out.yield_ring, out.yield_ch, out.yield_tgt);
        fprintf(vec, " %" PRIx64 " %" PRIx64 " %x %x %x", pmu_model_siar(m), pmu_model_sdar(m),
                pmu_model_mmcr(m), pmu_model_yblk(m), pmu_model_yer(m));
        // yield attributes (during the cycle), PMSTAT and every channel's
        // CNT / MISS / ESV after the edge (the lockstep's check_state set)
        const unsigned nk = 2 * cfg.nch;
        fprintf(vec, " %x %x ", out.yield_attr, pmu_model_pmstat(m));
        // channel k's W-bit field at [k*W +: W] (k = ring3 * NCH + i)
        auto chan = [&](unsigned w, uint32_t (*get)(const pmu_model *, unsigned, unsigned)) {
            hex_bits(nk * w, [&](unsigned b) { return (get(m, b / w / cfg.nch, b / w % cfg.nch) >> (b % w)) & 1; });
        };
        chan(32, pmu_model_ych_cnt);
        fputc(' ', vec);
        chan(16, pmu_model_ych_miss);
        fputc(' ', vec);
        chan(25, pmu_model_ych_esv);
        fputc(' ', vec);
        // capture records {CT, TS, DA, IP} of channel k at [k*RW +: RW]
        const unsigned aw = cfg.aw, rw = 2 * aw + 64 + cfg.cw;
        hex_bits(nk * rw, [&](unsigned b) -> uint64_t {
            const unsigned k = b / rw, o = b % rw;
            const pmu_ycap c = pmu_model_ych_cap(m, k / cfg.nch, k % cfg.nch);
            if (o < aw) return (c.ip >> o) & 1;
            if (o < 2 * aw) return (c.da >> (o - aw)) & 1;
            if (o < 2 * aw + 64) return (c.ts >> (o - 2 * aw)) & 1;
            return (c.ct >> (o - 2 * aw - 64)) & 1;
        });
        fprintf(vec, " %x", out.yield_tid);   // thread of the delivered yield (during the cycle)
        fprintf(vec, " %x\n", in.ptid & 7u);  // input: the bus access's thread (ptid_i), last so the fields before keep their places
    }

    // An nbits-wide concatenation, bit b = bit(b), in hex (most significant digit first).
    void hex_bits(unsigned nbits, const std::function<uint64_t(unsigned)> &bit) {
        const unsigned digits = (nbits + 3) / 4;
        std::string s;
        for (unsigned d = digits; d-- > 0;) {
            unsigned v = 0;
            for (unsigned i = 0; i < 4 && d * 4 + i < nbits; i++) v |= (unsigned)(bit(d * 4 + i) & 1) << i;
            s += "0123456789abcdef"[v];
        }
        fputs(s.c_str(), vec);
    }

    // NC*CW-bit concatenation {cnt[NC-1], ..., cnt[0]} in hex.
    void print_cnt_hex() {
        hex_bits(cfg.nc * cfg.cw, [&](unsigned b) { return (pmu_model_counter(m, b / cfg.cw) >> (b % cfg.cw)) & 1; });
    }

#ifndef PMU_WRAPPED
    // ---------------- bus helpers (setup + access, events as in `in`) --------
    uint32_t access(uint32_t addr, bool write, uint32_t data, uint8_t strb, uint8_t prot, int *err) {
        char b[96];
        snprintf(b, sizeof b, "%s 0x%03x data=0x%08x strb=0x%x prot=%u ptid=%u @cycle %" PRIu64,
                 write ? "WRITE" : "READ", addr, data, strb, prot, in.ptid & 7u, cycle);
        last_bus = b;
        in.psel = 1; in.penable = 0; in.pwrite = write; in.paddr = addr;
        in.pwdata = write ? data : 0; in.pstrb = write ? strb : 0; in.pprot = prot;
        step();
        in.penable = 1;
        step();
        uint32_t rd = out.prdata;
        if (err) *err = out.pslverr;
        in.psel = 0; in.penable = 0; in.pwrite = 0; in.paddr = 0; in.pwdata = 0; in.pstrb = 0; in.pprot = 0;
        return rd;
    }
    int write(uint32_t addr, uint32_t data, uint8_t strb = 0xF, uint8_t prot = 1) {
        int e; access(addr, true, data, strb, prot, &e); return e;
    }
    uint32_t read(uint32_t addr, int *err = nullptr, uint8_t prot = 1) {
        return access(addr, false, 0, 0, prot, err);
    }
    uint64_t read64(uint32_t lo_addr) {
        uint64_t lo = read(lo_addr);
        uint64_t hi = read(lo_addr + 4);
        return hi << 32 | lo;
    }
    void write64(uint32_t lo_addr, uint64_t v) {
        write(lo_addr + 4, (uint32_t)(v >> 32));
        write(lo_addr, (uint32_t)v);
    }
#endif
    void idle(unsigned n) { for (unsigned i = 0; i < n; i++) step(); }

    // counter state straight from the (checked-equal) RTL ports
    uint64_t cnt(unsigned n) const { return get_bits(dut->cnt_o, n * cfg.cw, cfg.cw); }
    uint32_t ovf() const { return (uint32_t)get_bits(dut->ovf_o, 0, cfg.nc); }
    // the RTL's combinational outputs for the current inputs, before the edge
    void settle() { dut->clk_i = 0; drive(); eval(); }
    bool irq() { settle(); return dut->irq_o; }

    void clear_events() {
        memset(in.ev, 0, sizeof in.ev);
        memset(in.flop, 0, sizeof in.flop);
        memset(in.mem_valid, 0, sizeof in.mem_valid);
        in.yev = 0;
    }
};

// Callbacks that let the sw/ tests (pmu_simbus) step a Harness like the C
// model: dut is the Harness.
static inline void harness_step_cb(void *dut, const pmu_inputs *in, pmu_outputs *out) {
    Harness *h = static_cast<Harness *>(dut);
    h->in = *in;
    h->step();
    *out = h->out;
}
static inline void harness_reset_cb(void *dut) { static_cast<Harness *>(dut)->reset(); }
static inline int harness_ok_cb(void *dut) { return !static_cast<Harness *>(dut)->failed; }
