#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A register with a hardware-set field fed by a new core input port costs at
most 4 hand-edited files (issue 29 item 4a), checked.

In a scratch copy of the work tree this adds
  regs/pmu.rdl         register XPEND: field PEND (W1C, hwset, one bit per thread)
  rtl/pmu_core.v       port xpend_i[NT-1:0]; it sets PEND through the register
                       block's generated hwset input
  cmodel/pmu_model.h   pmu_inputs field xpend[PMU_NT_MAX] (port foo_i <-> in.foo)
  cmodel/pmu_model.c   the same hardware set in the model
(scripted text edits, nothing else by hand), regenerates (make regmap ports:
the register block, the headers, the wrappers, every bench's and hand
instance's generated port block, docs/ports.md), and passes when
  - the hand-edited files are at most these 4 (the list is printed),
  - the generators' own checks (regmap-check, ports-check) pass,
  - lint: pmu_core in all three tools (core-lint) and sim/lint.py's RTL run
    (every rtl/ top in the lint configurations, soc_top, the synthesis
    references), plus the hand instances with a generated tie-off block
    (tb_apb_smoke, pmu_fpga_top, the two formal miters) in all three tools,
  - the lockstep suites pass with the port: core-regs, core-directed,
    core-random (the generated stimulus drives xpend_i at random), and the
    Icarus replay of the directed vectors (core-icarus-default),
  - a directed bench written by this check (outside the copy's tree, so not
    a file of the change) drives xpend_i: one thread's bit at a time is set
    by the port, held after it falls, cleared by a W1C write; then random
    port levels with reads of XPEND -- all in lockstep (the harness compares
    PRDATA with the model every cycle) and against expected values; its
    vectors (with the generated G line carrying xpend_i) replay on Icarus.
  sim/regs_port_add_check.py [--keep] [--cycles N]
Last line: "N passed, N failed".
"""
import argparse
import os
import re
import sys

from scratch import Scratch, edit, last_line, ok_tail

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# hand instances of pmu_core outside make lint, and the tools that read each
HAND = ["cmodel/pmu_model.c", "cmodel/pmu_model.h", "regs/pmu.rdl", "rtl/pmu_core.v"]

NEW_REG = '''
  reg {
    desc = "External pending status (added by sim/regs_port_add_check.py)";
    field { sw = rw; onwrite = woclr; hwset; pmu_width = "NT";
      desc = "Bit t: set by hardware while xpend_i[t] is 1 (the set wins); write 1 to clear";
    } PEND[7:0] = 0x0;
  } XPEND @ 0x030;
'''
PORT = "  input  wire [NT-1:0]         xpend_i,       // external pending request per thread (sets XPEND.PEND)\n"
APB_PIN = "    .xpend_hwset_i({{(32-NT){1'b0}}, xpend_i} << `PMU_XPEND_PEND_LSB),\n"
MODEL_FIELD = "    uint8_t  xpend[PMU_NT_MAX];              /* external pending request per thread (xpend_i) */\n"
MODEL_SET = ("    for (unsigned t = 0; t < m->cfg.nt; t++)   /* XPEND.PEND: set by xpend_i (the set wins) */\n"
             "        x.hwset[PMU_K_XPEND] |= (uint32_t)(in->xpend[t] & 1u) << (PMU_XPEND_PEND_LSB + t);\n")

BENCH = r'''// written by sim/regs_port_add_check.py: XPEND.PEND set by xpend_i, in lockstep
#include "pmu_harness.h"
static int g_fail;
#define EXPECT(a, b) do { uint64_t _a = (a), _b = (b); if (_a != _b) { \
    printf("  line %d: %s = 0x%" PRIx64 ", expected 0x%" PRIx64 "\n", __LINE__, #a, _a, _b); g_fail++; } } while (0)
int main(int argc, char **argv) {
    Harness h;
    if (argc > 1 && !(h.vec = fopen(argv[1], "w"))) { perror(argv[1]); return 2; }
    int passed = 0, failed = 0;
    auto done = [&](const char *name) {
        bool ok = !g_fail && !h.failed;
        printf("%s %s (%" PRIu64 " cycles)\n", ok ? "PASS" : "FAIL", name, h.cycle);
        ok ? passed++ : failed++;
        g_fail = 0; h.failed = false;
    };
    const uint32_t all = (1u << h.cfg.nt) - 1u;
    h.reset("xpend_directed");
    EXPECT(h.read(PMU_REG_XPEND), 0);
    for (unsigned t = 0; t < h.cfg.nt; t++) {
        h.in.xpend[t] = 1; h.step(); h.in.xpend[t] = 0; h.idle(3);
        EXPECT(h.read(PMU_REG_XPEND), 1u << t);                    // set by the port, held after it falls
        h.in.xpend[t] = 1;
        h.write(PMU_REG_XPEND, 1u << t);                           // W1C while the port is high: the set wins
        EXPECT(h.read(PMU_REG_XPEND) >> t & 1u, 1);
        h.in.xpend[t] = 0;
        h.write(PMU_REG_XPEND, 1u << t);
        EXPECT(h.read(PMU_REG_XPEND), 0);                          // cleared
    }
    done("xpend_directed");
    h.reset("xpend_random");
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    auto next = [&]() { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; };
    unsigned nonzero = 0, reads = 0;
    uint32_t acc = 0;   // the bits the port set since the last clear: the register's expected value
    for (unsigned i = 0; i < 400; i++) {
        for (unsigned t = 0; t < h.cfg.nt; t++) h.in.xpend[t] = (next() & 7) == 0;
        for (unsigned t = 0; t < h.cfg.nt; t++) acc |= (uint32_t)h.in.xpend[t] << t;
        h.step();   // the set of this cycle is in the register after the edge
        for (unsigned t = 0; t < h.cfg.nt; t++) h.in.xpend[t] = 0;
        if (next() % 4 == 0) {
            uint32_t v = h.read(PMU_REG_XPEND);
            EXPECT(v, acc & all);
            reads++;
            nonzero += v != 0;
            if (next() % 2) { h.write(PMU_REG_XPEND, v); acc &= ~v; }
        }
    }
    printf("  %u reads of XPEND, %u of them non-zero\n", reads, nonzero);
    EXPECT(nonzero > reads / 4, 1);
    done("xpend_random");
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", action="store_true", help="keep the scratch copy")
    ap.add_argument("--cycles", type=int, default=1000000,
                    help="core-random cycles (default 1000000: make test's CYCLES, the length its coverage goals are set for)")
    args = ap.parse_args()
    s = Scratch("regs_port_add", keep=args.keep)
    check = s.check
    src = s.src
    # ---- the four hand edits
    rdl = os.path.join(src, "regs", "pmu.rdl")
    text = open(rdl).read()
    i = text.rindex("};")                       # the end of addrmap pmu
    open(rdl, "w").write(text[:i] + NEW_REG + text[i:])
    core = os.path.join(src, "rtl", "pmu_core.v")
    ctext = open(core).read()
    lat = re.search(r"^[^\n]*\bmem_lat_i,[^\n]*\n", ctext, re.M)
    open(core, "w").write(ctext[:lat.end()] + PORT + ctext[lat.end():])
    edit(core, "    .pmstat_q_o(pmstat_q), .pmstat_hwset_i(pmstat_set),\n",
         "    .pmstat_q_o(pmstat_q), .pmstat_hwset_i(pmstat_set),\n" + APB_PIN)
    edit(os.path.join(src, "cmodel", "pmu_model.h"), "} pmu_inputs;", MODEL_FIELD + "} pmu_inputs;")
    edit(os.path.join(src, "cmodel", "pmu_model.c"), "    pmu_m_apb_store(m, &x);\n",
         MODEL_SET + "    pmu_m_apb_store(m, &x);\n")

    # ---- regenerate
    rc, out = s.sh("make -s regmap ports")
    check(rc == 0, "the generators accept the new register and port (make regmap ports)")
    sys.path.insert(0, os.path.join(ROOT, "util"))
    import regmap  # noqa: E402  (the generators' own lists of whole-file outputs)
    import regblock  # noqa: E402
    import gen_wrappers  # noqa: E402
    # whole files a generator writes; in every other changed file only the generated
    # blocks may differ (rtl/pmu_core.v's regmap defines block is one: its port is not)
    generated = set(regmap.OUTPUTS) | set(regblock.OUTPUTS) | {"docs/ports.md"}
    generated |= {f"rtl/{n}.v" for n in gen_wrappers.WRAPPERS}
    hand = s.hand_edited(generated, marks=[(regmap.BEGIN_MARK, regmap.END_MARK)])
    print("  hand-edited: " + ", ".join(hand))
    check(sorted(hand) == HAND and len(hand) <= 4, f"{len(hand)} hand-edited files (<= 4): {', '.join(hand)}")
    gen_blocks = sorted(set(s.changed()) - set(hand) - generated)
    print("  changed only inside generated blocks: " + ", ".join(gen_blocks))
    harness = open(os.path.join(src, "tb", "pmu_harness.h")).read()
    check("put_bits(dut->xpend_i" in harness and "in.xpend[b /" in harness,
          "the harness drives xpend_i from in.xpend[t] and records it on the replay's G line (generated)")
    check("g_xpend" in open(os.path.join(src, "tb", "tb_replay.v")).read() and
          "xpend_i(1'b0)" in open(os.path.join(src, "sim", "soc", "soc_top.v")).read() and
          "h.in.xpend[t]" in open(os.path.join(src, "tb", "random", "stimulus.cpp")).read(),
          "tb_replay reads it, soc_top ties it to 0, test_random drives it (generated)")

    rc, out = s.sh("make -s regmap-check ports-check")
    check(rc == 0, "regmap-check and ports-check pass (generated files up to date, every top compiles)")

    # ---- lint (and the other hand instances, not in make lint: benches and miters with simulator
    # or formal constructs, the FPGA top: the new port must cost no error and no warning naming it),
    # lockstep
    build = os.path.join(s.dir, "build")
    s.lint_and_lockstep("xpend", "xpend_i (generated tie-off)", "xpend_i", build, args.cycles)
    rc, out = s.sh(f"make -s CORE_BUILD={build} core-icarus-default")
    check(ok_tail(rc, out), f"core-icarus-default (Icarus replay of the directed vectors): {last_line(out)}")

    # ---- a directed bench of the new register's hardware side, outside the tree
    bench = os.path.join(s.dir, "xpend_check.cpp")
    open(bench, "w").write(BENCH)
    rc, bd, _, _ = s.build_bench(bench, build, "xpend_check", "Vxpend_check")
    check(rc == 0, "the directed XPEND bench builds (Verilator, configuration default)")
    vec = os.path.join(bd, "xpend.vec")
    rc, out = s.sh(f"{bd}/Vxpend_check {vec}")
    print("  " + "\n  ".join(out.strip().splitlines()))
    check(ok_tail(rc, out) and "PASS xpend_random" in out,
          "XPEND.PEND follows xpend_i in the RTL and the model (lockstep) and as expected")
    g = [ln for ln in open(vec) if ln.startswith("G ")] if os.path.exists(vec) else []
    rc, out = s.sh(f"vvp -n {build}/icarus_default/sim +vec={vec}")
    check(ok_tail(rc, out) and any(ln.split()[1] != "0" for ln in g),
          f"its vectors replay on Icarus, xpend_i from the G line ({len(g)} G lines, some non-zero): {last_line(out)}")
    return s.finish()


if __name__ == "__main__":
    sys.exit(main())
