// Register tests of pmu_core driven by the generated register table
// (cmodel/pmu_regdec.h, from regs/pmu.rdl): every register of the map,
// including one added tomorrow, is covered without editing this file.
// Like OpenTitan's CSR tests (hw_reset, rw, aliasing, bus errors), in
// lockstep (RTL == C model every cycle, checked by the harness) and against
// the table's own expectations:
//   hw_reset   every stored register reads its reset value after reset
//   rw         random writes to every stored field read back (RW: the value,
//              W1C: cleared bits, W1S: set bits); reserved bits read 0
//   aliasing   a write changes no other stored register or element
//   unmapped   every word of the 4 KiB window: PSLVERR exactly where the
//              table maps nothing; misaligned and partial writes error
//   privilege  unprivileged reads/writes follow each register's pmu_user rule
// With VIEW=1 (the CoreSight view, docs/coresight.md) the native map is the
// extension page at 0x2000 and the tests above run there; the CoreSight
// pages are walked from their own generated table (cmodel/pmu_cs_regdec.h):
//   cs_reset     every CoreSight register reads its reset / constant value
//   cs_unmapped  every word of pages 0/1: RAZ/WI where nothing is mapped (and
//                at counter indices the configuration does not implement),
//                PSLVERR on page 3, misaligned and partial writes
//   cs_privilege unprivileged access: counter reads while GCTL.UEN=1 only
//   test_regs [--seed N]
#include <map>
#include <vector>

#include "pmu_harness.h"
// failure lines "[test] FILE:LINE a = 0xA, expected 0xB", the run's first 20
// (g_checks_failed counts the whole run: a test passes when it adds none)
#define CHECK_FORMAT CHECK_FMT_VALUE
#include "check.h"
#include "pmu_regdec.h"
#include "pmu_cs_regdec.h"
#include "pmu_cs_regs.h"

static uint64_t g_rng = 1;
static uint32_t rnd() {
    g_rng ^= g_rng << 13; g_rng ^= g_rng >> 7; g_rng ^= g_rng << 17;
    return (uint32_t)g_rng;
}

struct Elem { int k; unsigned e; uint32_t addr; };

static pmu_dec_param g_p;
static uint32_t g_nb;   // the native map's base: 0, or the extension page with VIEW=1
static uint32_t addr_of(int k, unsigned e) {
    const pmu_kind_info &i = PMU_KIND[k];
    return g_nb + i.base + e * i.stride + i.off;
}
static uint32_t stored(int k) {
    const pmu_kind_info &i = PMU_KIND[k];
    return i.external ? 0u : (i.rw | i.w1c | i.w1s) & pmu_kind_smask(&g_p, k);
}
// every element of every kind this configuration maps
static std::vector<Elem> elems() {
    std::vector<Elem> v;
    for (int k = 0; k < PMU_NK; k++)
        for (unsigned e = 0; e < pmu_kind_count(&g_p, k); e++) v.push_back({k, e, addr_of(k, e)});
    return v;
}
// stored registers whose value only software changes (no hardware side)
static bool sw_only(int k) { return stored(k) && !PMU_KIND[k].hwset && !PMU_KIND[k].hwclr && !PMU_KIND[k].ro; }

static void t_hw_reset(Harness &h) {
    for (const Elem &x : elems()) {
        const pmu_kind_info &i = PMU_KIND[x.k];
        if (!i.rd) continue;
        int err = 0;
        uint32_t v = h.read(x.addr, &err);
        CHECK_EQ(err, 0);
        if (i.is_const) CHECK_EQ(v, i.value);
        else if (sw_only(x.k)) CHECK_EQ(v, i.reset & stored(x.k));
        CHECK_EQ(v & ~i.rmask, 0u);   // reserved bits read 0
    }
}

// expected value of a software-only stored element after writing w over q
static uint32_t next(int k, uint32_t q, uint32_t w) {
    const pmu_kind_info &i = PMU_KIND[k];
    uint32_t s = stored(k);
    return ((w & i.rw) | (q & ~w & i.w1c) | ((q | w) & i.w1s)) & s;
}

static void t_rw_aliasing(Harness &h) {
    std::vector<Elem> sw;
    for (const Elem &x : elems())
        if (sw_only(x.k) && PMU_KIND[x.k].wr) sw.push_back(x);
    std::map<uint32_t, uint32_t> shadow;   // address -> expected value
    for (const Elem &x : sw) shadow[x.addr] = h.read(x.addr);
    for (unsigned round = 0; round < 8; round++)
        for (const Elem &x : sw) {
            uint32_t w = round == 0 ? 0xFFFFFFFFu : round == 1 ? 0u : rnd();
            CHECK_EQ(h.write(x.addr, w), 0);
            shadow[x.addr] = next(x.k, shadow[x.addr], w);
            CHECK_EQ(h.read(x.addr), shadow[x.addr]);
            // aliasing: one other random software-only element is unchanged
            const Elem &y = sw[rnd() % sw.size()];
            CHECK_EQ(h.read(y.addr), shadow[y.addr]);
        }
    for (const Elem &x : sw) CHECK_EQ(h.read(x.addr), shadow[x.addr]);   // and all of them at the end
    for (const Elem &x : sw) h.write(x.addr, 0);   // leave the block quiet (GCTL.GEN = 0 ...)
}

static void t_unmapped(Harness &h) {
    std::map<uint32_t, int> mapped;
    for (const Elem &x : elems()) mapped[x.addr] = x.k;
    for (uint32_t a = g_nb; a < g_nb + 0x1000u; a += 4) {   // the native map's 4 KiB
        int err = 0;
        uint32_t v = h.read(a, &err);
        bool m = mapped.count(a) != 0;
        CHECK_EQ(err, !m);
        if (!m) CHECK_EQ(v, 0u);
        if (m) {   // misaligned: every byte offset errors, reads 0
            for (uint32_t b = 1; b < 4; b++) {
                v = h.read(a + b, &err);
                CHECK_EQ(err, 1);
                CHECK_EQ(v, 0u);
            }
        }
    }
    // partial write strobes error and write nothing
    for (const Elem &x : elems()) {
        if (!sw_only(x.k) || !PMU_KIND[x.k].wr) continue;
        uint32_t before = h.read(x.addr);
        CHECK_EQ(h.write(x.addr, ~before, 0x7), 1);
        CHECK_EQ(h.read(x.addr), before);
    }
}

// Element e of a pmu_user=own array belongs to the thread that YTHR3's field
// e names (the core's own_<array>_i inputs; a number >= NT names no thread).
static unsigned owner(Harness &h, unsigned e) {
    if (!h.cfg.has_yield) return 0;
    unsigned t = (h.read(g_nb + PMU_REG_YTHR3) >> (4 * e)) & 7u;
    return h.cfg.nt == 1 ? 0u : t;
}

static void t_privilege(Harness &h) {
    // channels spread over the threads, one (NT not a power of 2) on no thread
    if (h.cfg.has_yield && h.cfg.nt > 1) {
        uint32_t v = 0;
        for (unsigned e = 0; e < h.cfg.nch; e++) v |= (e % h.cfg.nt) << (4 * e);
        if (h.cfg.nch > 2 && (h.cfg.nt & (h.cfg.nt - 1))) v |= 7u << 4;
        CHECK_EQ(h.write(g_nb + PMU_REG_YTHR3, v), 0);
    }
    for (int uen = 0; uen < 2; uen++) {
        h.write(g_nb + PMU_REG_GCTL, uen ? PMU_GCTL_UEN_MASK : 0u);
        for (unsigned tid = 0; tid <= h.cfg.nt && tid < 8; tid++) {   // every thread, and one that is none
            for (const Elem &x : elems()) {
                const pmu_kind_info &i = PMU_KIND[x.k];
                const bool own = i.user == 3 && (i.dim == 1 || owner(h, x.e) == tid);
                int err = 0;
                h.in.ptid = (uint8_t)tid;
                h.read(x.addr, &err, 0);
                CHECK_EQ(err, !(i.user == 2 || (i.user == 1 && uen) || own) || (i.uen && !uen));
                if (sw_only(x.k) && i.wr) {
                    h.in.ptid = 0;
                    uint32_t before = h.read(x.addr);
                    h.in.ptid = (uint8_t)tid;
                    const int werr = !(i.user == 2 || own);
                    CHECK_EQ(h.write(x.addr, ~before, 0xF, 0), werr);
                    if (werr) CHECK_EQ(h.read(x.addr), before);   // an erroring write writes nothing
                    h.in.ptid = 0;
                    h.write(x.addr, before);
                }
                h.in.ptid = 0;
            }
        }
    }
    h.write(g_nb + PMU_REG_GCTL, 0);
    if (h.cfg.has_yield) h.write(g_nb + PMU_REG_YTHR3, 0);
}

// ---- the CoreSight view (VIEW=1) ----
static pmu_cs_dec_param g_cp;
struct CsElem { int k; unsigned e; uint32_t addr; };
static std::vector<CsElem> cs_elems() {
    std::vector<CsElem> v;
    for (int k = 0; k < PMU_CS_NK; k++)
        for (unsigned e = 0; e < pmu_cs_kind_count(&g_cp, k); e++)
            v.push_back({k, e, PMU_CS_KIND[k].base + e * PMU_CS_KIND[k].stride + PMU_CS_KIND[k].off});
    return v;
}

static void t_cs_reset(Harness &h) {
    for (const CsElem &x : cs_elems()) {
        const pmu_kind_info &i = PMU_CS_KIND[x.k];
        if (!i.rd) continue;
        int err = 0;
        uint32_t v = h.read(x.addr, &err);
        CHECK_EQ(err, 0);
        CHECK_EQ(v & ~i.rmask, 0u);   // reserved bits read 0
        if (i.is_const) CHECK_EQ(v, i.value);
        else if (x.k == PMU_CS_K_PMCFGR) CHECK_EQ(v, PMU_CS_PMCFGR_VALUE(&h.cfg));
        // reset: the exclusion filters exclude every thread (EQ = 0), the FLOP
        // filter selects every type, everything else 0 (the cycle counter
        // runs only once enabled)
        else if (x.k == PMU_CS_K_PMEVFILTR) CHECK_EQ(v, (1u << (2 * h.cfg.nt)) - 1u);
        else CHECK_EQ(v, 0u);
    }
}

static void t_cs_unmapped(Harness &h) {
    std::map<uint32_t, int> mapped;
    for (const CsElem &x : cs_elems()) mapped[x.addr] = x.k;
    for (uint32_t a = 0; a < 0x4000u; a += 4) {
        if (a >= 0x2000u && a < 0x3000u) { a = 0x3000u - 4u; continue; }   // the native page: tests above
        int err = 0;
        const bool m = mapped.count(a) != 0, pg3 = a >= 0x3000u;
        uint32_t v = h.read(a, &err);
        CHECK_EQ(err, pg3);
        if (!m) CHECK_EQ(v, 0u);   // RAZ
        if (!m && !pg3) {          // WI: a write answers OKAY and changes nothing that reads back
            CHECK_EQ(h.write(a, 0xFFFFFFFFu), 0);
            CHECK_EQ(h.read(a), 0u);
        }
        if (m || (a & 0xFFCu) == 0) {   // misaligned: every byte offset errors, reads 0
            for (uint32_t b = 1; b < 4; b++) {
                v = h.read(a + b, &err);
                CHECK_EQ(err, 1);
                CHECK_EQ(v, 0u);
            }
        }
    }
    // the WI writes above set nothing: every counter and flag still 0, GCTL.GEN 0
    CHECK_EQ(h.read(PMU_CS_PMCR), 0u);
    CHECK_EQ(h.read(PMU_CS_PMOVSSET0), 0u);
    // a partial write errors and writes nothing
    CHECK_EQ(h.write(PMU_CS_PMCNTENSET0, 1u, 0x7), 1);
    CHECK_EQ(h.read(PMU_CS_PMCNTENSET0), 0u);
    CHECK_EQ(h.write(PMU_CS_PMEVTYPER(0), 0x12345678u, 0x1), 1);
    CHECK_EQ(h.read(PMU_CS_PMEVTYPER(0)), 0u);
}

static void t_cs_privilege(Harness &h) {
    for (int uen = 0; uen < 2; uen++) {
        h.write(g_nb + PMU_REG_GCTL, uen ? PMU_GCTL_UEN_MASK : 0u);
        for (const CsElem &x : cs_elems()) {
            const pmu_kind_info &i = PMU_CS_KIND[x.k];
            int err = 0;
            h.read(x.addr, &err, 0);
            CHECK_EQ(err, !(i.user == 1 && uen));
            if (i.wr) {
                uint32_t before = h.read(x.addr);
                CHECK_EQ(h.write(x.addr, ~before, 0xF, 0), 1);
                CHECK_EQ(h.read(x.addr), before);   // an erroring write writes nothing
            }
        }
    }
    h.write(g_nb + PMU_REG_GCTL, 0);
}

int main(int argc, char **argv) {
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--seed")) g_rng = strtoull(argv[++i], nullptr, 0) | 1u;
    Harness h;
    g_p.HAS_SAMPLE = h.cfg.has_sample; g_p.HAS_YIELD = h.cfg.has_yield; g_p.NC = h.cfg.nc; g_p.NCH = h.cfg.nch;
    g_p.YCAP = h.cfg.ycap; g_p.NT = h.cfg.nt;
    g_cp.NC = h.cfg.nc; g_cp.NT = h.cfg.nt; g_cp.CW = h.cfg.cw;
    g_nb = h.cfg.view ? PMU_CS_NATIVE_PAGE : 0u;
    printf("test_regs: config NC=%u NCH=%u HAS_SAMPLE=%u HAS_YIELD=%u YCAP=%u, %zu register elements, seed %" PRIu64 "\n",
           h.cfg.nc, h.cfg.nch, h.cfg.has_sample, h.cfg.has_yield, h.cfg.ycap, elems().size(), g_rng);
    struct { const char *name; void (*fn)(Harness &); } tests[] = {
        {"hw_reset", t_hw_reset}, {"rw_aliasing", t_rw_aliasing}, {"unmapped", t_unmapped}, {"privilege", t_privilege},
        {"cs_reset", t_cs_reset}, {"cs_unmapped", t_cs_unmapped}, {"cs_privilege", t_cs_privilege}};
    Tally tally;
    for (auto &t : tests) {
        if (!h.cfg.view && !strncmp(t.name, "cs_", 3)) continue;   // the CoreSight view's tests
        g_test = t.name;
        h.reset(t.name);
        int before = g_checks_failed;
        t.fn(h);
        tally.test(t.name, g_checks_failed == before && !h.failed, h.cycle);
        h.failed = false;
    }
    return tally.done();
}
