#!/usr/bin/env python3
"""Adding a register is one edit of regs/pmu.rdl (issue 11), checked.

In a scratch copy of the work tree this appends a new register to
regs/pmu.rdl -- nothing else is edited by hand -- runs the generators
(`make regmap`), then builds and runs the register tests (tb/test_regs.cpp)
and the directed lockstep tests on the Verilated RTL with the C model. It
passes when
  - the only hand-edited file is regs/pmu.rdl (every other changed file is a
    generated output of util/regmap.py / util/regblock.py),
  - the new register is decoded, stored, read back and privilege-checked by
    the RTL and the C model alike (test_regs has one element more, all pass),
  - the existing directed tests still pass.
  sim/regs_add_check.py [--keep]
Last line: "N passed, N failed".
"""
import argparse
import os
import re
import sys

from scratch import Scratch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NEW_REG = '''
  reg {
    desc = "Scratch register (added by sim/regs_add_check.py)";
    field { sw = rw;
      desc = "Any value";
    } DATA[15:0] = 0x1234;
    field { sw = rw; onwrite = woclr;
      desc = "Write 1 to clear";
    } FLAGS[19:16] = 0xF;
  } SCRATCH @ 0x030;
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", action="store_true", help="keep the scratch copy")
    args = ap.parse_args()
    s = Scratch("regs_add", keep=args.keep)
    check = s.check
    rdl = os.path.join(s.src, "regs", "pmu.rdl")
    text = open(rdl).read()
    i = text.rindex("};")                       # the end of addrmap pmu
    open(rdl, "w").write(text[:i] + NEW_REG + text[i:])

    rc, _ = s.sh("make -s regmap")
    check(rc == 0, "the generators accept the new register")
    # which files changed, and are they all generated?
    sys.path.insert(0, os.path.join(ROOT, "util"))
    import regmap  # noqa: E402  (the generator's own list of outputs)
    import regblock  # noqa: E402
    generated = set(regmap.OUTPUTS) | set(regblock.OUTPUTS) | set(regmap.inline_outputs(gen=regmap.gen_vh))
    hand = s.hand_edited(generated)
    check(hand == ["regs/pmu.rdl"], f"the only hand-edited file is regs/pmu.rdl (hand-edited: {hand})")
    check(re.search(r"K_SCRATCH", open(os.path.join(s.src, "rtl", "pmu_apb.v")).read()) is not None,
          "rtl/pmu_apb.v decodes and stores SCRATCH")

    rc0, out0 = s.sh("make -s core-regs", cwd=ROOT)
    rc, out = s.sh(f"make -s CORE_BUILD={s.dir}/build core-regs")
    n0 = re.search(r"(\d+) register elements", out0)
    n1 = re.search(r"(\d+) register elements", out)
    check(rc0 == 0 and rc == 0 and n0 and n1 and int(n1.group(1)) == int(n0.group(1)) + 1,
          f"test_regs covers the new register ({n0.group(1) if n0 else '?'} -> {n1.group(1) if n1 else '?'} "
          "register elements) and passes on RTL and C model")
    rc, out = s.sh(f"make -s CORE_BUILD={s.dir}/build core-directed")
    check(rc == 0 and "0 failed" in out.strip().splitlines()[-1], "the directed lockstep tests still pass")
    return s.finish()


if __name__ == "__main__":
    sys.exit(main())
