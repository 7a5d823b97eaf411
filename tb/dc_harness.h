// dc_harness.h: Verilator (rtl/dc_top.v) + C model (cmodel/dc_model.c)
// lockstep harness of the distributed counter system. Every cycle it drives
// the same inputs into both, compares the APB outputs before the edge and,
// after the edge, every SRAM counter, every local counter, every chain flit
// register and every interrupt line. The first mismatch is reported with the
// cycle number and the seed.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "Vdc_top.h"
#include "Vdc_top___024root.h"
#include "verilated.h"
#include "waves.h"
extern "C" {
#include "dc_model.h"
}


struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x1234567ull) { next(); }
  uint64_t next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
  uint32_t below(uint32_t n) { return (uint32_t)(next() % n); }
  bool chance(unsigned pct) { return below(100) < pct; }
};

static inline void wset(uint32_t *w, int lsb, int width, uint32_t v) {
  for (int i = 0; i < width; i++) {
    int b = lsb + i;
    if ((v >> i) & 1) w[b >> 5] |= 1u << (b & 31);
    else w[b >> 5] &= ~(1u << (b & 31));
  }
}
static inline uint32_t wget(const uint32_t *w, int lsb, int width) {
  uint64_t lo = w[lsb >> 5];
  int sh = lsb & 31;
  if (sh + width > 32) lo |= (uint64_t)w[(lsb >> 5) + 1] << 32;
  uint64_t v = lo >> sh;
  return (uint32_t)(width >= 32 ? v : (v & ((1ull << width) - 1)));
}

struct Harness {
  dc_cfg_t cfg;
  dc_model_t *m = nullptr;
  Vdc_top *top = nullptr;
  VerilatedContext *ctx = nullptr;
  Waves waves;                // FST dump when built with WAVES=1 (tb/waves.h)
  uint64_t seed;
  Rng rng;
  int nu, nt, ncls;           // ncls: the class stride of ev (dc_model_ev_stride); nc(u): unit u's classes
  std::vector<uint16_t> ev;   // [(u*nt + t)*ncls + c], c < nc(u)
  std::vector<uint8_t> cpl;   // [u*nt + t]
  dc_apb_in_t apb{};
  dc_apb_out_t out{};
  uint64_t cyc = 0;
  long fails = 0;
  bool compare_state = true;
  int compare_every = 1;
  FILE *vec = nullptr;        // --vec: every cycle recorded for the Icarus replay (tb/dc_replay.v)
  long vec_lines = 0;         // ... closed by the trailer line "# <vec_lines> cycles"

  void eval() { top->eval(); waves.dump(); }

  explicit Harness(uint64_t sd) : seed(sd), rng(sd) {
    dc_cfg_default(&cfg);
    // -DCFG_<PARAM>=V (sim/dc.mk, every parameter of a config/pmu_ip.yaml
    // configuration) override the reference configuration field by field
#ifdef CFG_NP
    cfg.np = CFG_NP;
#endif
#ifdef CFG_NL
    cfg.nl = CFG_NL;
#endif
#ifdef CFG_FRAME
    cfg.frame = CFG_FRAME;
#endif
#ifdef CFG_NCP
    cfg.ncp = CFG_NCP;
#endif
#ifdef CFG_LWP
    cfg.lwp = CFG_LWP;
#endif
#ifdef CFG_NCL
    cfg.ncl = CFG_NCL;
#endif
#ifdef CFG_LWL
    cfg.lwl = CFG_LWL;
#endif
#ifdef CFG_NT
    cfg.nt = CFG_NT;
#endif
#ifdef CFG_NCLS
    cfg.ncls = CFG_NCLS;
#endif
#ifdef CFG_NCLSL
    cfg.nclsl = CFG_NCLSL;
#endif
#ifdef CFG_NSUBP
    cfg.nsubp = CFG_NSUBP;
#endif
#ifdef CFG_NSUBL
    cfg.nsubl = CFG_NSUBL;
#endif
#ifdef CFG_ECC
    cfg.ecc = CFG_ECC;
#endif
    m = dc_model_new(&cfg);
    if (!m) { printf("illegal configuration: %s\n", dc_cfg_check(&cfg)); exit(2); }
    nu = m->nu; nt = cfg.nt; ncls = dc_model_ev_stride(m);
    ev.assign((size_t)nu * nt * ncls, 0);
    cpl.assign((size_t)nu * nt, 0);
    ctx = new VerilatedContext;
    Waves::enable(ctx);
    top = new Vdc_top(ctx);
    waves.open(top);
    apb.pstrb = 15;
    top->clk_i = 0;
    top->rst_ni = 1;        // a real falling edge of the asynchronous reset
    drive();
    eval();
    top->rst_ni = 0;
    eval();
    top->rst_ni = 1;
    eval();
  }
  ~Harness() { if (vec) fclose(vec); waves.close(); top->final(); delete top; delete ctx; dc_model_free(m); }

  // one hex field of nbits bits (MSB first) from little-endian 32-bit words
  void vhex(const uint32_t *w, int nbits) {
    for (int d = (nbits + 3) / 4 - 1; d >= 0; d--) fputc("0123456789abcdef"[wget(w, 4 * d, nbits - 4 * d < 4 ? nbits - 4 * d : 4)], vec);
    fputc(' ', vec);
  }
  // Vector line of one cycle: the inputs, the APB outputs before the edge
  // (as the lockstep compare checked them against the model) and, after the
  // edge, the interrupt lines, every local counter, every chain flit and the
  // units' mode/edge configuration.
  void record_pre(uint32_t prdata, int pready, int pslverr) {
    int np = cfg.np > 0 ? cfg.np : 1, nl = cfg.nl > 0 ? cfg.nl : 1;
    vhex(evp(), np * nt * cfg.ncls * cfg.nsubp);
    vhex(evl(), nl * nt * cfg.nclsl * cfg.nsubl);
    vhex(cplw(), nu * nt * 2);
    fprintf(vec, "%x %x %x %04x %08x %x %x %x %x %08x ", apb.psel & 1, apb.penable & 1, apb.pwrite & 1,
            apb.paddr & 0xFFFF, apb.pwdata, apb.pstrb & 15, apb.pprot & 7, pready & 1, pslverr & 1, prdata);
  }
  void record_post() {
    int lcw = 0;
    for (int u = 0; u < nu; u++) lcw += nctr(u) * lw(u);
    uint32_t irq[2] = {(uint32_t)top->irq_o, (uint32_t)((uint64_t)top->irq_o >> 32)};
    vhex(irq, nu);
    vhex(reinterpret_cast<const uint32_t *>(&top->lcnt_o), lcw);
    vhex(reinterpret_cast<const uint32_t *>(&top->chain_o), (nu + 1) * (int)DC_CH_W);
    vhex(reinterpret_cast<const uint32_t *>(&top->mcfg_o), nu * 128);
    vhex(reinterpret_cast<const uint32_t *>(&top->elp_o), elpw());
    fputc('\n', vec);
    vec_lines++;
  }

  int nsub(int u) const { return u < cfg.np ? cfg.nsubp : cfg.nsubl; }
  int nc(int u) const { return u < cfg.np ? cfg.ncls : cfg.nclsl; }
  size_t eb(int u) const { return (size_t)u * nt * ncls; }   // unit u's first ev entry
  int elpw() const { return 2 * nt * (cfg.np * cfg.ncls * cfg.nsubp + cfg.nl * cfg.nclsl * cfg.nsubl); }
  int nctr(int u) const { return m->u[u].nctr; }
  int lw(int u) const { return m->u[u].lw; }

  void drive() {
    // events
    int nevp = nt * cfg.ncls * cfg.nsubp, nevl = nt * cfg.nclsl * cfg.nsubl;
    uint32_t *wp = (uint32_t *)&top->evp_i, *wl = (uint32_t *)&top->evl_i;
    (void)wp; (void)wl;
    for (int u = 0; u < nu; u++)
      for (int e = 0; e < nt * nc(u); e++) {   // e: the unit's event t*nc(u) + c
        uint16_t v = ev[eb(u) + dc_model_ev_entry(e, nc(u), ncls)];
        if (u < cfg.np) {
          int lsb = u * nevp + e * cfg.nsubp;
          wset(evp(), lsb, cfg.nsubp, v);
        } else {
          int lsb = (u - cfg.np) * nevl + e * cfg.nsubl;
          wset(evl(), lsb, cfg.nsubl, v);
        }
      }
    for (int i = 0; i < nu * nt; i++) wset(cplw(), 2 * i, 2, cpl[i]);
    top->psel_i = apb.psel; top->penable_i = apb.penable; top->pwrite_i = apb.pwrite;
    top->paddr_i = apb.paddr & 0xFFFF; top->pwdata_i = apb.pwdata; top->pstrb_i = apb.pstrb & 15;
    top->pprot_i = apb.pprot & 7;
  }
  uint32_t *evp() { return reinterpret_cast<uint32_t *>(&top->evp_i); }
  uint32_t *evl() { return reinterpret_cast<uint32_t *>(&top->evl_i); }
  uint32_t *cplw() { return reinterpret_cast<uint32_t *>(&top->cpl_i); }

  void fail(const char *what, long a, unsigned long long got, unsigned long long exp) {
    if (fails < 10)
      printf("MISMATCH cycle %llu seed %llu: %s [%ld] rtl=0x%llx model=0x%llx\n", (unsigned long long)cyc,
             (unsigned long long)seed, what, a, got, exp);
    fails++;
  }

  // one clock cycle
  void tick() {
    drive();
    top->clk_i = 0;
    eval();
    dc_model_step(m, ev.data(), cpl.data(), &apb, &out);
    if (top->pready_o != out.pready) fail("pready", 0, top->pready_o, out.pready);
    if (top->pslverr_o != out.pslverr) fail("pslverr", 0, top->pslverr_o, out.pslverr);
    if (top->prdata_o != out.prdata) fail("prdata", apb.paddr, top->prdata_o, out.prdata);
    if (vec) record_pre(out.prdata, out.pready, out.pslverr);
    top->clk_i = 1;
    eval();
    if (vec) record_post();
    cyc++;
    if (compare_state && (cyc % compare_every) == 0) compare();
  }

  void compare() {
    // chain flits
    const uint32_t *ch = reinterpret_cast<const uint32_t *>(&top->chain_o);
    for (int s = 0; s <= nu; s++) {
      uint32_t w[5];
      dc_flit_pack(s == 0 ? &m->inj : &m->u[s - 1].out, w);
      int lsb = s * (int)DC_CH_W;
      for (int i = 0; i < 5; i++) {
        int wd = i < 4 ? 32 : (int)DC_CH_W - 128;
        uint32_t g = wget(ch, lsb + 32 * i, wd);
        if (g != w[i]) { fail("chain flit (segment, word)", s * 10 + i, g, w[i]); return; }
      }
    }
    // local counters
    const uint32_t *lc = reinterpret_cast<const uint32_t *>(&top->lcnt_o);
    int off = 0;
    for (int u = 0; u < nu; u++)
      for (int k = 0; k < nctr(u); k++) {
        uint32_t g = wget(lc, off, lw(u));
        if (g != m->u[u].c[k].cnt) { fail("local counter (unit*100+k)", u * 100 + k, g, m->u[u].c[k].cnt); return; }
        off += lw(u);
      }
    // irqs
    for (int u = 0; u < nu; u++) {
      int g = (int)((top->irq_o >> u) & 1);
      if (g != dc_model_irq(m, u)) { fail("irq", u, g, dc_model_irq(m, u)); return; }
    }
    // unit mode (UMODE SYNC/LRUN/FRZ), ELPSEL and DGSEL; every INV/EDGE bit
    const uint32_t *mc = reinterpret_cast<const uint32_t *>(&top->mcfg_o);
    const uint32_t *ep = reinterpret_cast<const uint32_t *>(&top->elp_o);
    int eoff = 0;
    for (int u = 0; u < nu; u++) {
      const dc_unit_t *x = &m->u[u];
      uint64_t e = (uint64_t)x->sync | (uint64_t)x->lrun << 1 | (uint64_t)x->frz << 2 | (uint64_t)x->elpsel << 3;
      uint64_t g = (uint64_t)mc[4 * u] | (uint64_t)mc[4 * u + 1] << 32;
      if (g != e) { fail("unit mode / ELPSEL (unit)", u, g, e); return; }
      int ns = nsub(u), nev = nt * nc(u) * ns;
      for (int ev_e = 0; ev_e < nt * nc(u); ev_e++) {
        uint32_t gi = wget(ep, eoff + ev_e * ns, ns), ge = wget(ep, eoff + nev + ev_e * ns, ns);
        if (gi != x->einv[ev_e]) { fail("ELP INV (unit*1000+event)", u * 1000 + ev_e, gi, x->einv[ev_e]); return; }
        if (ge != x->eedge[ev_e]) { fail("ELP EDGE (unit*1000+event)", u * 1000 + ev_e, ge, x->eedge[ev_e]); return; }
      }
      eoff += 2 * nev;
      // detailed-mode event group selects (DGSEL0/1: group gr at [64 + 4 gr])
      uint64_t dge = 0;
      for (int gr = 0; gr < 12; gr++) dge |= (uint64_t)x->dg[gr] << (4 * gr);
      uint64_t dgg = (uint64_t)mc[4 * u + 2] | (uint64_t)(mc[4 * u + 3] & 0xFFFF) << 32;
      if (dgg != dge || (mc[4 * u + 3] >> 16)) { fail("DGSEL group selects (unit)", u, dgg, dge); return; }
    }
    // accumulate counter select (ACCSEL)
    uint32_t gsel = top->rootp->dc_top__DOT__u_central__DOT__accsel_q;
    if (gsel != m->accsel) { fail("ACCSEL", 0, gsel, m->accsel); return; }
    // SRAM
    auto &mem = top->rootp->dc_top__DOT__u_central__DOT__mem;
    for (int w = 0; w < m->nw; w++)
      for (int l = 0; l < 4; l++) {
        uint64_t g = ((uint64_t)mem[w][2 * l + 1] << 32) | mem[w][2 * l];
        if (g != m->mem[w][l]) { fail("SRAM counter", 4 * w + l, g, m->mem[w][l]); return; }
      }
    // SECDED check bytes, reliability state and the error interrupt
    auto &cmem = top->rootp->dc_top__DOT__u_central__DOT__cmem;
    for (int w = 0; w < m->nw; w++)
      for (int l = 0; l < 4; l++) {
        unsigned g = (cmem[w] >> (8 * l)) & 255;
        if (g != m->cmem[w][l]) { fail("SRAM check byte", 4 * w + l, g, m->cmem[w][l]); return; }
      }
    const auto *rp = top->rootp;
    const struct { const char *n; unsigned long long g, e; } rel[] = {
      {"ERRSTAT", rp->dc_top__DOT__u_central__DOT__errstat, m->errstat},
      {"ERRADDR.WORD", rp->dc_top__DOT__u_central__DOT__ea_word, m->ea_word},
      {"ERRADDR.LANES", rp->dc_top__DOT__u_central__DOT__ea_lanes, m->ea_lanes},
      {"CECNT", rp->dc_top__DOT__u_central__DOT__cecnt, m->cecnt},
      {"UECNT", rp->dc_top__DOT__u_central__DOT__uecnt, m->uecnt},
      {"PARCNT", rp->dc_top__DOT__u_central__DOT__parcnt, m->parcnt},
      {"ERRINJ.SRAM", rp->dc_top__DOT__u_central__DOT__inj_sram, (unsigned long long)m->inj_sram},
      {"ERRINJ.FLIT", rp->dc_top__DOT__u_central__DOT__inj_flit, (unsigned long long)m->inj_flit},
      {"err_irq_o", top->err_irq_o, (unsigned long long)dc_model_err_irq(m)},
    };
    for (const auto &x : rel)
      if (x.g != x.e) { fail(x.n, 0, x.g, x.e); return; }
  }

  // ------------------------------------------------------------ APB master
  // Blocking transfer (setup + access until PREADY); events keep flowing via
  // the per-cycle callback.
  std::vector<uint16_t> *evsrc = nullptr;
  void (*percycle)(Harness &, void *) = nullptr;
  void *pcarg = nullptr;
  void step() {
    if (percycle) percycle(*this, pcarg);
    tick();
  }
  // prot: PPROT (bit 0 = privileged; the helpers below access privileged)
  uint32_t xfer(bool wr, uint32_t addr, uint32_t data, bool *err = nullptr, unsigned strb = 15,
                int *waits = nullptr, unsigned prot = 1) {
    apb.psel = 1; apb.penable = 0; apb.pwrite = wr; apb.paddr = addr; apb.pwdata = wr ? data : 0; apb.pstrb = strb;
    apb.pprot = prot;
    step();
    apb.penable = 1;
    int w = 0;
    for (;;) {
      if (percycle) percycle(*this, pcarg);
      drive();
      top->clk_i = 0;
      eval();
      bool rdy = top->pready_o;
      bool e = top->pslverr_o;
      uint32_t rd = top->prdata_o;
      tick();
      if (rdy) {
        if (err) *err = e;
        apb.psel = 0; apb.penable = 0; apb.pwrite = 0; apb.pwdata = 0;
        if (waits) *waits = w;
        return rd;
      }
      if (++w > 100) { fail("APB timeout", addr, 0, 0); apb.psel = apb.penable = 0; return 0; }
    }
  }
  uint32_t rd(uint32_t a, bool *e = nullptr) { return xfer(false, a, 0, e); }
  void wr(uint32_t a, uint32_t d, bool *e = nullptr) { xfer(true, a, d, e); }
  uint64_t rd64(uint32_t lo) { uint64_t l = rd(lo); return l | ((uint64_t)rd(lo + 4) << 32); }
  void wr64(uint32_t lo, uint64_t v) { wr(lo + 4, (uint32_t)(v >> 32)); wr(lo, (uint32_t)v); }
  void idle(long n) { for (long i = 0; i < n; i++) step(); }
};

// common argument parsing: --seed N --cycles N
struct Args {
  uint64_t seed = 1;
  long cycles = 0;
  std::string test, vec;
  Args(int argc, char **argv, long defcycles) {
    cycles = defcycles;
    for (int i = 1; i < argc; i++) {
      std::string a = argv[i];
      if (a == "--seed" && i + 1 < argc) seed = strtoull(argv[++i], nullptr, 0);
      else if (a == "--cycles" && i + 1 < argc) cycles = strtol(argv[++i], nullptr, 0);
      else if (a == "--test" && i + 1 < argc) test = argv[++i];
      else if (a == "--vec" && i + 1 < argc) vec = argv[++i];
      else if (a.rfind("+", 0) == 0) {}
      else { printf("usage: %s [--seed N] [--cycles N] [--test NAME] [--vec FILE]\n", argv[0]); exit(2); }
    }
  }
};
