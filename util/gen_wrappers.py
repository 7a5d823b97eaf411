#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generator of pmu_core's bus wrappers and of the benches' copies of its port list.

One port description: pmu_core's parameter and port list as util/ports.py
parses it from rtl/pmu_core.v (names, directions, widths, comments), the
wrapper parameters of config/pmu_ip.yaml (names, defaults, ranges, trap
rules) and the `bus` entry of each wrapper's top in the table, a small
description per wrapper: its bus ports, their mapping to the bridge, the glue
and the core's APB4 ports' connections. From them:

  rtl/pmu_core_<short>.v of every top of config/pmu_ip.yaml with a `bus`
      entry (pmu_core_axil, pmu_core_wb, pmu_core_apb3)  (whole files)
  tb/tb_bus_x.v, tb/cocotb/tb_cocotb_top.v, tb/cocotb/pmu_bus.py  (the blocks
      between "// BEGIN generated: NAME" and "// END generated: NAME" (# in
      Python): the non-bus port connections of the wrapper instances, the
      declarations they need, the cocotb bench's list of inputs to drive)
  tb/test_bus_gen.h  (whole file) the lockstep bench's glue of every wrapper
      whose C bus model is a generic entry (model: {bench: generic})
  tb/pmu_harness.h, tb/random/stimulus.cpp, tb/tb_replay.v, sim/soc/soc_top.v,
  sim/soc/tb_apb_smoke.v, synth/fpga/pmu_fpga_top.v, formal/pmu_*_miter.v,
      formal/pmu_count_formal.v
      (PORT_BLOCKS, below: the drive, replay vectors and random stimulus of
      the simple inputs, the tie-offs of every hand instance of pmu_core)

so a new pmu_core port or parameter touches no hand-written port list (the
wrappers' `pmu regmap defines` block: the macros the generated text uses, in
the text rtl/pmu_core.v's own block has, i.e. what util/regmap.py writes).

  util/gen_wrappers.py            write them (make wrappers, also run by make ports)
  util/gen_wrappers.py --check    exit 1 when one is stale (make ports-check)

The generator is split by concern (no import circle: a module imports only
the ones listed before it):
  gen_wrappers_desc.py   the description: WRAPPERS from the table, pmu_core's
                         ports (Core), block markers, text helpers
  gen_wrappers_rtl.py    <- desc: the wrapper RTL (gen_wrapper)
  gen_wrappers_bench.py  <- desc: the bus benches' blocks (BENCHES, gen_benches)
                         and tb/test_bus_gen.h (gen_test_bus_gen)
  gen_wrappers_hand.py   <- desc: PORT_BLOCKS of the harness and hand instances
                         (gen_port_blocks)
  gen_wrappers.py        <- all four: outputs(), the CLI; every module's names stay
                         reachable as gen_wrappers.<name> (sim/wrapper_add_check.py,
                         sim/regs_port_add_check.py)

Last line with --check: "N passed, N failed".
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import config as cfg  # noqa: E402  (config/pmu_ip.yaml: wrapper parameters, ranges, trap rules)
from gen_wrappers_desc import *  # noqa: E402,F401,F403
from gen_wrappers_rtl import *  # noqa: E402,F401,F403
from gen_wrappers_bench import *  # noqa: E402,F401,F403
from gen_wrappers_hand import *  # noqa: E402,F401,F403


# ---------------------------------------------------------------- main
def outputs():
    core = Core()
    out = {cfg.files(n)[-1]: gen_wrapper(n, core) for n in WRAPPERS}
    out.update(gen_benches(core))
    out[TEST_BUS_GEN] = gen_test_bus_gen()
    out.update(gen_port_blocks(core))
    return out


def main(argv):
    check = argv == ["--check"]
    if argv and not check:
        print(__doc__)
        return 2
    out = outputs()
    bad = 0
    for rel, text in out.items():
        path = os.path.join(ROOT, rel)
        cur = open(path).read() if os.path.exists(path) else None
        if check:
            ok = cur == text
            bad += not ok
            print("wrappers: %s %s" % (rel, "up to date" if ok else "is STALE: run make wrappers"))
        elif cur != text:
            with open(path, "w") as f:
                f.write(text)
            print("wrappers: wrote %s" % rel)
    if check:
        print("%d passed, %d failed" % (len(out) - bad, bad))
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
