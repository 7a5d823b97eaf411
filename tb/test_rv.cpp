// Conformance tests of pmu_core's RISC-V CSR view (issue #31: Zihpm /
// Sscofpmf, docs/riscv.md), one test per rule, in lockstep (RTL == C model
// every cycle, checked by the harness, CSR port included) AND against
// expected values derived here from the rule (the privileged spec and the
// view's design), never read back from the model:
//   of_lcofi       OF set only by a hardware increment that overflows (never
//                  by an mhpmcounter write); lcofi_o one pulse, only when OF
//                  was 0; software sets / clears OF without lcofi
//   write_wins     an mhpmcounter write wins over the same edge's increment
//                  (events of cycle w-2, the 3-stage path): exactly the
//                  written value, no OF; events of w-1 and w are added on top
//   mcountinhibit  inhibited counters do not count; bit 3+n = ~CNTEN[n];
//                  a write starts / stops every counter on the same cycle and
//                  sets GCTL.GEN
//   xinh           MINH/SINH/UINH/VSINH/VUINH against rv_mode_i (each bit
//                  alone, combinations, per thread) and TX thread exclusion
//   stopcount      stopcount_i stops counting (aligned with the events)
//   scountovf      M sees every OF, HS masked by mcounteren, VS by
//                  mcounteren & hcounteren; U illegal, VU virtual
//   gating         hpmcounter from S/U/VS/VU per m/h/scounteren (illegal vs
//                  virtual as in the privileged spec); M-level CSRs from
//                  lower modes; writes to read-only CSRs; op READ legal
//   halves         RV32: the h CSRs hold bits 63:32, a low write keeps the
//                  high word; RV64: the h numbers are not the view's CSRs
//   unimpl         counters n >= NC read 0, ignore writes, no exception; the
//                  OpenSBI width probe reads back 2^CW-1
//   rmw            set / clear return the old value; reserved bits read 0
//                  and are not written; an APB access phase waits (PREADY=0)
//                  in a cycle with a CSR instruction (a write, a read, a
//                  faulting instruction: csr_valid_i alone)
//   apb_hold       a held APB write completes in the next cycle, after the
//                  CSR write; a set with a zero source holds it too
//   test_rv [--only NAME[,NAME...]]
// Two of them found bugs in RTL and model alike, fixed since: hcounteren
// from HS-mode (gating) and mhpmevent's reset value (reset_values).
// The tests are in tb/rv/ by concern (rv_counting.cpp: what counts and when;
// rv_access.cpp: who reaches which CSR and what an access returns), sharing
// the helpers of tb/rv/rv_conf.h; this file is the test table and main().
#include "rv/rv_conf.h"

int main(int argc, char **argv) {
    const char *only = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    }
    Harness h;
    NT_ = h.cfg.nt; NC_ = h.cfg.nc; CW_ = h.cfg.cw;
    RV32 = h.cfg.xlen == 32;
    CMASK = CW_ == 64 ? ~0ull : (1ull << CW_) - 1;
    if (!h.cfg.xlen || NC_ < 5 || CLS >= h.cfg.ncls || CLS == h.cfg.flop_class || h.cfg.narea != 1) {
        printf("test_rv: needs XLEN != 0, NC >= 5, NAREA = 1 and class %u a plain class\n0 passed, 1 failed\n", CLS);
        return 1;
    }
    printf("test_rv: config XLEN=%u NT=%u NC=%u CW=%u\n", h.cfg.xlen, NT_, NC_, CW_);
    struct { const char *name; void (*fn)(Harness &); } tests[] = {
        {"of_lcofi", t_of_lcofi}, {"write_wins", t_write_wins}, {"mcountinhibit", t_mcountinhibit},
        {"xinh", t_xinh}, {"stopcount", t_stopcount}, {"scountovf", t_scountovf}, {"gating", t_gating},
        {"halves", t_halves}, {"unimpl", t_unimpl}, {"rmw", t_rmw}, {"apb_hold", t_apb_hold},
        {"reset_values", t_reset_values},
        {"cov_csr_bits", t_cov_csr_bits},   // holes of the code coverage (tb/rv/rv_cov.cpp)
    };
    Tally tally;
    for (auto &t : tests) {
        if (only && !name_in(only, t.name)) continue;
        g_test = t.name;
        g_checks_failed = 0;
        g_lcofi = 0;
        h.failed = false;
        h.reset(t.name);
        for (unsigned k = 0; k < NT_; k++) mode(h, k, P_M);
        t.fn(h);
        tally.test(t.name, !g_checks_failed && !h.failed, h.cycle);
    }
    return tally.done();
}
