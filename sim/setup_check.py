#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A user's set-up says what it does (make setup-check, in make test).

  - `make deps` prints one "deps: ok  TOOL (PATH)" line per tool it checks
    (or "deps: installing ..."), never nothing;
  - every long build step of `make demo` (a Verilator build of a bench or of
    the SoC, the SoC firmware, the profiling run) is announced by a
    "build:" / "run:" line before it starts: `make -n -B demo` lists the
    recipes without running them, and each such command must follow such a
    line (within the 3 lines before it).
Last line: "N passed, N failed".
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = ["verilator", "iverilog", "g++", "python3", "yosys"]   # sim/deps.mk deps-sim, deps-synth


def make(*args):
    r = subprocess.run(["make", "--no-print-directory"] + list(args), cwd=ROOT, capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print("setup-check: %s: %s" % (what, "ok" if ok else "FAILED"))
        passed += ok
        failed += not ok

    rc, out = make("deps")
    check(rc == 0, "make deps exits 0")
    for t in TOOLS:
        check(re.search(r"^deps: (ok  %s \(|installing )" % re.escape(t), out, re.M) is not None,
              "make deps names %s" % t)

    rc, out = make("-n", "-B", "demo")
    lines = out.splitlines()
    vcmds = [i for i, l in enumerate(lines) if re.match(r"\s*verilator\s+--(cc|binary)\b", l)]
    check(rc == 0 and len(vcmds) >= 2, "make -n -B demo lists its Verilator builds (%d)" % len(vcmds))
    for i in vcmds:
        prev = lines[max(0, i - 3):i]
        said = any(re.match(r'\s*echo "build: ', p) for p in prev)
        check(said, "demo build announced before: %s" % lines[i].strip()[:90])
    for what, pat in (("firmware build", r"\s*riscv64-unknown-elf-gcc "), ("SoC run", r"(set -o pipefail; )?\S*Vtb_soc \+firmware=")):
        idx = [i for i, l in enumerate(lines) if re.match(pat, l)]
        check(len(idx) >= 2, "make -n -B demo lists its %ss (%d)" % (what, len(idx)))
        for i in idx:
            said = any(re.match(r'\s*echo "(build|run): ', p) for p in lines[max(0, i - 3):i])
            check(said, "%s announced before: %s" % (what, lines[i].strip()[:90]))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
