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
import shutil
import subprocess
import sys
import tempfile

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


def sh(cmd, cwd, log):
    r = subprocess.run(cmd, cwd=cwd, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(log, "a") as f:
        f.write(f"$ {cmd}\n{r.stdout}\n")
    return r.returncode, r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", action="store_true", help="keep the scratch copy")
    args = ap.parse_args()
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(f"{'PASS' if ok else 'FAIL'} {what}")
        passed, failed = passed + bool(ok), failed + (not ok)

    d = tempfile.mkdtemp(prefix="pmu_regs_add_")
    log = os.path.join(d, "regs_add_check.log")
    src = os.path.join(d, "src")
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns("build", ".git"))
    rdl = os.path.join(src, "regs", "pmu.rdl")
    text = open(rdl).read()
    i = text.rindex("};")                       # the end of addrmap pmu
    open(rdl, "w").write(text[:i] + NEW_REG + text[i:])

    rc, _ = sh("make -s regmap", src, log)
    check(rc == 0, "the generators accept the new register")
    # which files changed, and are they all generated?
    import filecmp
    changed = []
    for dp, _, fns in os.walk(src):
        for fn in fns:
            p = os.path.join(dp, fn)
            rel = os.path.relpath(p, src)
            o = os.path.join(ROOT, rel)
            if not os.path.exists(o) or not filecmp.cmp(p, o, shallow=False):
                changed.append(rel)
    sys.path.insert(0, os.path.join(ROOT, "util"))
    import regmap  # noqa: E402  (the generator's own list of outputs)
    import regblock  # noqa: E402
    generated = set(regmap.OUTPUTS) | set(regblock.OUTPUTS) | set(regmap.inline_outputs(gen=regmap.gen_vh))
    # a hand-written doc with generated blocks (README's register-map blocks)
    # counts as generated when nothing outside its blocks changed
    import doc_block  # noqa: E402

    def outside_blocks(path):
        return doc_block.strip_bodies(open(path, errors="replace").read())

    def blocks_only(rel):
        o = os.path.join(ROOT, rel)
        return os.path.exists(o) and outside_blocks(o) == outside_blocks(os.path.join(src, rel))
    hand = sorted(c for c in changed if c not in generated and not blocks_only(c))
    print("  changed files: " + ", ".join(sorted(changed)))
    check(hand == ["regs/pmu.rdl"], f"the only hand-edited file is regs/pmu.rdl (hand-edited: {hand})")
    check(re.search(r"K_SCRATCH", open(os.path.join(src, "rtl", "pmu_apb.v")).read()) is not None,
          "rtl/pmu_apb.v decodes and stores SCRATCH")

    rc0, out0 = sh("make -s core-regs", ROOT, log)
    rc, out = sh(f"make -s CORE_BUILD={d}/build core-regs", src, log)
    n0 = re.search(r"(\d+) register elements", out0)
    n1 = re.search(r"(\d+) register elements", out)
    check(rc0 == 0 and rc == 0 and n0 and n1 and int(n1.group(1)) == int(n0.group(1)) + 1,
          f"test_regs covers the new register ({n0.group(1) if n0 else '?'} -> {n1.group(1) if n1 else '?'} "
          "register elements) and passes on RTL and C model")
    rc, out = sh(f"make -s CORE_BUILD={d}/build core-directed", src, log)
    check(rc == 0 and "0 failed" in out.strip().splitlines()[-1], "the directed lockstep tests still pass")
    if args.keep or failed:
        print(f"  scratch copy kept: {d} (log {log})")
    else:
        shutil.rmtree(d, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
