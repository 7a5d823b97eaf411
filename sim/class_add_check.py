#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""An event class decoded from new core inputs costs at most 5 hand-edited
files (issue 29 item 4b), checked.

In a scratch copy of the work tree this adds the class BRX (control
transfers retired, decoded from three new per-thread inputs brx_valid_i,
brx_kind_i[1:0] and brx_taken_i into five sub-events):
  config/pmu_ip.yaml        the class-number parameter BRX_CLASS (default 62),
                            the class description (`classes`: decoder, inputs,
                            sub-event names and bits) and the two new files
                            in pmu_core's rtl / cmodel lists
  rtl/pmu_core.v            the three ports (nothing else: the decoder
                            instances and the event lanes are its generated
                            "classes" block)
  rtl/pmu_brx_decode.v      the RTL decoder (new)
  cmodel/pmu_model.h        pmu_inputs fields brx_valid/brx_kind/brx_taken[t]
  cmodel/pmu_model_brx.c    the model's decoder (new), written with the
                            generated sub-event masks PMU_BRX_<SUB>_MASK
(scripted text edits, nothing else by hand), regenerates (make config regmap
ports: parameter and trap blocks, the C model's cfg struct, the harness's
configuration, pmu_classes_gen.h, the wrappers, every bench's and hand
instance's port and parameter blocks, docs), and passes when
  - the hand-edited files are at most these 5 (the list is printed),
  - the generators' checks (config-check, regmap-check, ports-check) pass,
    and the generated header, RTL block and docs/regmap.md describe BRX,
  - lint: pmu_core in all three tools, make lint, and the hand instances
    of pmu_core outside make lint,
  - the lockstep suites: core-regs, core-directed, core-random (the
    generated stimulus drives the new inputs at random, and the default
    configuration's 64 classes include class 62),
  - a directed bench written by this check (outside the copy's tree) counts
    each sub-event alone, the whole class, per thread and with the EM mask,
    against expected counts and in lockstep with the model; its vectors
    (the new inputs on the replay's G line) replay on Icarus,
  - the same bench fails (lockstep) once the RTL decoder swaps two
    sub-events, so it can tell the decoder from the description.
  sim/class_add_check.py [--keep] [--cycles N]
Last line: "N passed, N failed".
"""
import argparse
import os
import re
import sys

from scratch import Scratch, edit, last_line, ok_tail

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HAND = ["cmodel/pmu_model.h", "cmodel/pmu_model_brx.c", "config/pmu_ip.yaml", "rtl/pmu_brx_decode.v",
        "rtl/pmu_core.v"]

PARAM = '''      BRX_CLASS:  {default: 62, min: 0,  max: 63, c: brx_class, rule: must_be_0_to_63,
                   doc: "class number of the BRX class (control transfers retired, decoded from `brx_*_i`)"}
'''
CLASSES = '''    classes:
      BRX:
        param: BRX_CLASS
        module: pmu_brx_decode
        inputs: {brx_valid_i: 1, brx_kind_i: 2, brx_taken_i: 1}
        cfunc: pmu_brx_decode
        doc: "control transfers retired (added by sim/class_add_check.py)"
        subevents:
          COND_TAKEN:     {bit: 0, doc: "conditional branch, taken"}
          COND_NOT_TAKEN: {bit: 1, doc: "conditional branch, not taken"}
          JUMP:           {bit: 2, doc: "direct jump"}
          CALL:           {bit: 3, doc: "call"}
          RETURN:         {bit: 4, doc: "return"}
'''
PORTS = '''  input  wire [NT-1:0]         brx_valid_i,   // BRX class: a control transfer retires (thread t)
  input  wire [NT*2-1:0]       brx_kind_i,    // ... its kind: 0 conditional, 1 jump, 2 call, 3 return
  input  wire [NT-1:0]         brx_taken_i,   // ... a conditional branch is taken
'''
DECODER = '''// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// pmu_brx_decode: the BRX class's sub-events of one thread (added by
// sim/class_add_check.py; bits: config/pmu_ip.yaml classes BRX).
module pmu_brx_decode (
  input  wire        brx_valid_i,
  input  wire [1:0]  brx_kind_i,
  input  wire        brx_taken_i,
  output wire [15:0] sub_o
);
  wire cond = brx_valid_i && brx_kind_i == 2'd0;
  assign sub_o = {11'd0,
                  brx_valid_i && brx_kind_i == 2'd3,    // RETURN
                  brx_valid_i && brx_kind_i == 2'd2,    // CALL
                  brx_valid_i && brx_kind_i == 2'd1,    // JUMP
                  cond && !brx_taken_i,                 // COND_NOT_TAKEN
                  cond && brx_taken_i};                 // COND_TAKEN
endmodule
'''
MODEL_FIELDS = '''    uint8_t  brx_valid[PMU_NT_MAX];          /* BRX class: a control transfer retires (brx_valid_i) */
    uint8_t  brx_kind[PMU_NT_MAX];           /* ... 0 conditional, 1 jump, 2 call, 3 return */
    uint8_t  brx_taken[PMU_NT_MAX];          /* ... a conditional branch is taken */
'''
MODEL_C = '''/* SPDX-License-Identifier: Apache-2.0
 * pmu_core model: pmu_brx_decode (added by sim/class_add_check.py). */
#include "pmu_classes_gen.h"

uint16_t pmu_brx_decode(const pmu_inputs *in, unsigned t)
{
    if (!(in->brx_valid[t] & 1u)) return 0;
    switch (in->brx_kind[t] & 3u) {
    case 0:  return (in->brx_taken[t] & 1u) ? PMU_BRX_COND_TAKEN_MASK : PMU_BRX_COND_NOT_TAKEN_MASK;
    case 1:  return PMU_BRX_JUMP_MASK;
    case 2:  return PMU_BRX_CALL_MASK;
    default: return PMU_BRX_RETURN_MASK;
    }
}
'''

BENCH = r'''// written by sim/class_add_check.py: the BRX class counted, in lockstep
#include "pmu_harness.h"
extern "C" {
#include "pmu_classes_gen.h"
}
static int g_fail;
#define EXPECT(a, b) do { uint64_t _a = (a), _b = (b); if (_a != _b) { \
    printf("  line %d: %s = %" PRIu64 ", expected %" PRIu64 "\n", __LINE__, #a, _a, _b); g_fail++; } } while (0)
struct Br { unsigned t, kind, taken; };
// the expected sub-event of one transfer (independent of the generated masks' values: by name)
static uint32_t sub_of(const Br &b) {
    switch (b.kind) {
    case 0:  return b.taken ? PMU_BRX_COND_TAKEN_MASK : PMU_BRX_COND_NOT_TAKEN_MASK;
    case 1:  return PMU_BRX_JUMP_MASK;
    case 2:  return PMU_BRX_CALL_MASK;
    default: return PMU_BRX_RETURN_MASK;
    }
}
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
    const unsigned nt = h.cfg.nt, nc = h.cfg.nc, cls = h.cfg.brx_class;
    const uint32_t subs[5] = {PMU_BRX_COND_TAKEN_MASK, PMU_BRX_COND_NOT_TAKEN_MASK, PMU_BRX_JUMP_MASK,
                              PMU_BRX_CALL_MASK, PMU_BRX_RETURN_MASK};
    // counter k: sub-event k (k < 5), counter 5: the whole class, counter 6: the
    // conditional branches of thread 0 only, counter 7: the class with EM = 0
    uint32_t em[8] = {subs[0], subs[1], subs[2], subs[3], subs[4], PMU_BRX_SUB_ALL,
                      subs[0] | subs[1], 0};
    uint32_t eq[8];
    const uint32_t eq_all = (1u << (2 * nt)) - 1;
    for (unsigned n = 0; n < 8; n++) eq[n] = eq_all;
    eq[6] = (1u << PMU_EQ_OS_BIT(0, nt)) | (1u << PMU_EQ_USR_BIT(0, nt));
    uint64_t rng = 0x243F6A8885A308D3ull;
    auto next = [&]() { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; };
    for (unsigned round = 0; round < 2; round++) {
        h.reset(round ? "brx_random" : "brx_directed");
        for (unsigned n = 0; n < nc && n < 8; n++) {
            h.write(PMU_REG_EMQ(n), em[n] | eq[n] << PMU_EMQ_EQ_LSB);
            h.write(PMU_REG_CTL(n), cls | PMU_CTL_EN_MASK);
        }
        uint64_t want[8] = {0};
        h.write(PMU_REG_GCTL, PMU_GCTL_GEN_MASK);
        const unsigned cycles = round ? 600 : 4 * 2 * 2 * 8;
        for (unsigned i = 0; i < cycles; i++) {
            for (unsigned t = 0; t < nt; t++) {
                Br b;
                bool v;
                if (round) { v = next() % 3 != 0; b = {t, (unsigned)(next() & 3), (unsigned)(next() & 1)}; }
                else { v = ((i >> 4) % nt) == t; b = {t, i & 3, (i >> 2) & 1}; }   // every kind x taken, thread by thread
                h.in.brx_valid[t] = v; h.in.brx_kind[t] = b.kind; h.in.brx_taken[t] = b.taken;
                if (!v) continue;
                for (unsigned n = 0; n < 8; n++)
                    if ((sub_of(b) & em[n]) && (n != 6 || t == 0)) want[n]++;
            }
            h.step();
        }
        for (unsigned t = 0; t < nt; t++) h.in.brx_valid[t] = 0;
        h.write(PMU_REG_GCTL, 0);
        for (unsigned i = 0; i < 4; i++) h.step();
        for (unsigned n = 0; n < nc && n < 8; n++) EXPECT(h.read64(PMU_REG_CNT_LO(n)), want[n]);
        if (!round) EXPECT(want[0] > 0 && want[4] > 0 && want[5] == want[0] + want[1] + want[2] + want[3] + want[4], 1);
        printf("  counts:");
        for (unsigned n = 0; n < nc && n < 8; n++) printf(" %" PRIu64, want[n]);
        printf("\n");
        done(round ? "brx_random" : "brx_directed");
    }
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
    s = Scratch("class_add", keep=args.keep)
    check = s.check
    src = s.src
    # ---- the five hand edits
    yml = os.path.join(src, "config", "pmu_ip.yaml")
    edit(yml, "rtl/pmu_flop_decode.v,", "rtl/pmu_flop_decode.v, rtl/pmu_brx_decode.v,")
    edit(yml, "cmodel/pmu_model_event.c,", "cmodel/pmu_model_event.c, cmodel/pmu_model_brx.c,")
    text = open(yml).read()
    m = re.search(r"^      FLOP_CLASS:.*\n.*\n", text, re.M)
    text = text[:m.end()] + PARAM + text[m.end():]
    m = re.search(r"^    classes: \{\}\n", text, re.M)
    if not m:
        raise SystemExit("class_add_check: config/pmu_ip.yaml has no '    classes: {}' line under pmu_core")
    open(yml, "w").write(text[:m.start()] + CLASSES + text[m.end():])
    core = os.path.join(src, "rtl", "pmu_core.v")
    ctext = open(core).read()
    lat = re.search(r"^[^\n]*\bmem_lat_i,[^\n]*\n", ctext, re.M)
    open(core, "w").write(ctext[:lat.end()] + PORTS + ctext[lat.end():])
    open(os.path.join(src, "rtl", "pmu_brx_decode.v"), "w").write(DECODER)
    edit(os.path.join(src, "cmodel", "pmu_model.h"), "} pmu_inputs;", MODEL_FIELDS + "} pmu_inputs;")
    open(os.path.join(src, "cmodel", "pmu_model_brx.c"), "w").write(MODEL_C)

    # ---- regenerate
    rc, out = s.sh("make -s config regmap ports")
    check(rc == 0, "the generators accept the new class (make config regmap ports)")
    if rc:
        print(out[-3000:])
    sys.path.insert(0, os.path.join(ROOT, "util"))
    import regmap  # noqa: E402  (the generators' own lists of whole-file outputs)
    import regblock  # noqa: E402
    import gen_wrappers  # noqa: E402
    import config_gen  # noqa: E402
    generated = set(regmap.OUTPUTS) | set(regblock.OUTPUTS) | {"docs/ports.md"}
    generated |= {f"rtl/{n}.v" for n in gen_wrappers.WRAPPERS}
    generated |= {"config/config.mk", "cmodel/pmu_cfg_gen.h", "cmodel/dc_cfg_gen.h", "cmodel/pmu_classes_gen.h"}
    generated |= set(config_gen.CORES)
    marks = [(regmap.BEGIN_MARK, regmap.END_MARK), ("// BEGIN config ", "// END config ")]
    hand = s.hand_edited(generated, marks=marks)
    print("  hand-edited: " + ", ".join(hand))
    check(sorted(hand) == HAND and len(hand) <= 5, f"{len(hand)} hand-edited files (<= 5): {', '.join(hand)}")
    gen_blocks = sorted(set(s.changed()) - set(hand) - generated)
    print("  changed only inside generated blocks: " + ", ".join(gen_blocks))
    hdr = open(os.path.join(src, "cmodel", "pmu_classes_gen.h")).read()
    vcore = open(os.path.join(src, "rtl", "pmu_core.v")).read()
    check("#define PMU_BRX_CALL_MASK 0x0008u" in hdr and "cls == cfg->brx_class" in hdr and
          "pmu_brx_decode u_dec" in vcore and "parameter integer BRX_CLASS  = 62" in vcore and
          "c.brx_class = CFG_BRX_CLASS;" in open(os.path.join(src, "tb", "pmu_harness.h")).read() and
          "| 3 | CALL | call |" in open(os.path.join(src, "docs", "regmap.md")).read(),
          "generated: sub-event masks and pmu_class_ev (model), the decoders and lanes (pmu_core.v), "
          "BRX_CLASS (RTL parameter, trap, harness), the docs/regmap.md table")
    check("h.in.brx_kind[t]" in open(os.path.join(src, "tb", "random", "stimulus.cpp")).read() and
          "brx_valid_i" in open(os.path.join(src, "tb", "tb_replay.v")).read(),
          "test_random drives the new inputs, tb_replay reads them from the G line (generated)")

    rc, out = s.sh("make -s config-check regmap-check ports-check")
    check(rc == 0, "config-check, regmap-check and ports-check pass (generated files up to date)")

    # ---- lint, the hand instances, lockstep
    build = os.path.join(s.dir, "build")
    s.lint_and_lockstep("brx", "the BRX inputs (generated tie-off)", "the BRX inputs", build, args.cycles)

    # ---- a directed bench of the class, outside the tree
    bench = os.path.join(s.dir, "brx_check.cpp")
    open(bench, "w").write(BENCH)
    rc, bd, pargs, rtl = s.build_bench(bench, build, "brx_check", "Vbrx_check")
    check(rc == 0, "the directed BRX bench builds (Verilator, configuration default)")
    vec = os.path.join(bd, "brx.vec")
    rc, out = s.sh(f"{bd}/Vbrx_check {vec}")
    print("  " + "\n  ".join(out.strip().splitlines()))
    check(ok_tail(rc, out) and "PASS brx_random" in out and "PASS brx_directed" in out,
          "each BRX sub-event, the class, one thread and EM = 0 count as expected, RTL and model in lockstep")
    g = [ln for ln in open(vec) if ln.startswith("G ")] if os.path.exists(vec) else []
    isim = os.path.join(build, "icarus_brx", "sim")
    os.makedirs(os.path.dirname(isim), exist_ok=True)
    rc, out = s.sh(f"iverilog -g2005 -Wall -Irtl {pargs}"
                   f" -s tb_replay -o {isim} tb/tb_replay.v {rtl} 2>&1")
    check(rc == 0 and "brx" not in out, "the Icarus replay bench (tb/tb_replay.v, generated G line) compiles")
    rc, out = s.sh(f"vvp -n {isim} +vec={vec}")
    check(ok_tail(rc, out) and any(set(ln.split()[1:]) - {"0"} for ln in g),
          f"its vectors replay on Icarus, the BRX inputs from the G line ({len(g)} G lines): {last_line(out)}")
    # ---- the bench can tell a decoder that disagrees with the description
    edit(os.path.join(src, "rtl", "pmu_brx_decode.v"), "brx_kind_i == 2'd3,    // RETURN",
         "brx_kind_i == 2'd2,    // RETURN (mutant: CALL)")
    rc, bd, _, _ = s.build_bench(bench, build, "brx_check_mutant", "Vbrx_check")
    rc2, out = s.sh(f"{bd}/Vbrx_check") if rc == 0 else (rc, "")
    check(rc == 0 and rc2 != 0 and "FAIL brx_directed" in out,
          "with the RTL decoder's RETURN taken from CALL the bench fails (lockstep and counts)")
    return s.finish()


if __name__ == "__main__":
    sys.exit(main())
