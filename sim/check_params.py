#!/usr/bin/env python3
"""Parameter checking of pmu_core: illegal values are refused, legal corner
values are accepted, by every tool and by the C model.

For each case below the RTL is elaborated by Verilator (--lint-only), Icarus
(-g2005) and Yosys (hierarchy -check) with the parameters overridden. An
illegal case must fail in every tool AND name the offending parameter (the
core instantiates a module called pmu_illegal_parameter_<NAME>, which does
not exist); a legal case must elaborate cleanly. The same cases go through
the C model's pmu_cfg_check() (a small C program built here), which must
refuse exactly the illegal ones.
  sim/check_params.py [--build DIR]
Last line: "N passed, N failed".
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = {"NT": 2, "NC": 8, "CW": 40, "NCLS": 64, "NRET": 4, "FLOP_CLASS": 63, "NCH": 4,
           "NAREA": 1, "HAS_SAMPLE": 1, "HAS_YIELD": 1, "AW": 64}
C_FIELD = {"NT": "nt", "NC": "nc", "CW": "cw", "NCLS": "ncls", "NRET": "nret",
           "FLOP_CLASS": "flop_class", "NCH": "nch", "NAREA": "narea", "HAS_SAMPLE": "has_sample",
           "HAS_YIELD": "has_yield", "AW": "aw"}
# the rule each trap module states: pmu_illegal_parameter_<NAME>_<RULE>
RULE = {"NT": "must_be_1_to_8", "NC": "must_be_1_to_32", "CW": "must_be_33_to_64", "NCLS": "must_be_1_to_64",
        "NRET": "must_be_1_to_8", "FLOP_CLASS": "must_be_0_to_63", "NCH": "must_be_1_to_8",
        "NAREA": "must_be_1_to_8_and_at_most_NC_and_NCLS", "HAS_SAMPLE": "must_be_0_or_1",
        "HAS_YIELD": "must_be_0_or_1", "AW": "must_be_32_or_64"}
# (overrides, offending parameter or None when legal)
CASES = [
    ({"NT": 0}, "NT"), ({"NT": 9}, "NT"),
    ({"NC": 0}, "NC"), ({"NC": 33}, "NC"),
    ({"CW": 32}, "CW"), ({"CW": 65}, "CW"),
    ({"NCLS": 0}, "NCLS"), ({"NCLS": 65}, "NCLS"),
    ({"NRET": 0}, "NRET"), ({"NRET": 9}, "NRET"),
    ({"FLOP_CLASS": 64}, "FLOP_CLASS"),
    ({"NCH": 9}, "NCH"), ({"NCH": 0}, "NCH"),
    ({"NAREA": 0}, "NAREA"), ({"NAREA": 9}, "NAREA"), ({"NAREA": 4, "NC": 3}, "NAREA"),
    ({"NAREA": 4, "NCLS": 3, "FLOP_CLASS": 2}, "NAREA"),
    ({"HAS_SAMPLE": 2}, "HAS_SAMPLE"), ({"HAS_YIELD": 2}, "HAS_YIELD"),
    ({"AW": 48}, "AW"), ({"AW": 0}, "AW"),
    ({"NT": 1, "NC": 1, "CW": 33, "NCLS": 1, "NRET": 1, "FLOP_CLASS": 0, "NCH": 1}, None),
    ({"NT": 8, "NC": 32, "CW": 64, "NCLS": 64, "NRET": 8, "FLOP_CLASS": 63, "NCH": 8, "NAREA": 8}, None),
    ({"NAREA": 3, "NC": 5, "NCLS": 16, "FLOP_CLASS": 5, "AW": 32}, None),
    ({"HAS_SAMPLE": 0, "HAS_YIELD": 0, "AW": 32, "NAREA": 4}, None),
    ({"HAS_SAMPLE": 0}, None), ({"HAS_YIELD": 0}, None),
]
# RTL-only cases (the model's unsigned fields cannot hold them)
RTL_ONLY = [({"FLOP_CLASS": -1}, "FLOP_CLASS")]


def rtl_srcs():
    out = subprocess.run(["make", "-s", "--no-print-directory", "print-RTL_SRCS"], cwd=ROOT,
                         capture_output=True, text=True)
    srcs = out.stdout.split()
    if out.returncode != 0 or not srcs:
        sys.exit("check_params: cannot get RTL_SRCS from make: " + out.stderr.strip())
    return srcs


def tool_cmds(params, srcs):
    g = [f"-G{k}={v}" for k, v in params.items()]
    p = [f"-Ppmu_core.{k}={v}" for k, v in params.items()]
    ch = " ".join(f"-chparam {k} {v}" for k, v in params.items())
    return {
        "verilator": ["verilator", "--lint-only", "-Wall", "-Wno-DECLFILENAME", "--top-module", "pmu_core"]
        + g + srcs,
        "iverilog": ["iverilog", "-g2005", "-o", "/dev/null", "-s", "pmu_core"] + p + srcs,
        "yosys": ["yosys", "-q", "-p", f"read_verilog {' '.join(srcs)}; hierarchy -check -top pmu_core {ch}"],
    }


def c_checker(build):
    os.makedirs(build, exist_ok=True)
    lines = ['#include <stdio.h>', '#include "pmu_model.h"', 'int main(void) {']
    for i, (ov, _) in enumerate(CASES):
        cfg = dict(DEFAULT)
        cfg.update(ov)
        init = ", ".join(f".{C_FIELD[k]} = {v}u" for k, v in cfg.items())
        lines.append(f'  {{ pmu_cfg c = {{ {init} }}; const char *e = pmu_cfg_check(&c);'
                     f' printf("%d %s\\n", {i}, e ? e : "-"); }}')
    lines += ["  return 0;", "}"]
    src = os.path.join(build, "cfgcheck.c")
    exe = os.path.join(build, "cfgcheck")
    with open(src, "w") as f:
        f.write("\n".join(lines) + "\n")
    r = subprocess.run(["cc", "-std=c99", "-Wall", "-I", os.path.join(ROOT, "cmodel"), src,
                        os.path.join(ROOT, "cmodel", "pmu_model.c"), "-o", exe], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("check_params: cannot build the C checker:\n" + r.stderr)
    out = subprocess.run([exe], capture_output=True, text=True).stdout
    return {int(l.split(" ", 1)[0]): l.split(" ", 1)[1] for l in out.splitlines()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "params"))
    args = ap.parse_args()
    srcs = rtl_srcs()
    passed = failed = 0

    def result(ok, what):
        nonlocal passed, failed
        passed += ok
        failed += not ok
        print(("PASS " if ok else "FAIL ") + what, flush=True)

    for ov, bad in CASES + RTL_ONLY:
        desc = " ".join(f"{k}={v}" for k, v in ov.items())
        namers = []
        for tool, cmd in tool_cmds(ov, srcs).items():
            r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
            msg = r.stdout + r.stderr
            if bad:
                named = f"pmu_illegal_parameter_{bad}_{RULE[bad]}" in msg
                namers += [tool] if named else []
                first = next((l for l in msg.splitlines() if l.strip()), "")
                result(r.returncode != 0, f"{tool} {desc}: refused (exit {r.returncode}): {first[:110]}")
            else:
                clean = r.returncode == 0 and "warning" not in msg.lower()
                result(clean, f"{tool} {desc}: accepted" + ("" if clean else ":\n" + msg[-800:]))
        if bad:
            # Every tool must name the parameter and its rule (Yosys cannot
            # parse a negative -chparam value: there two tools suffice).
            need = 2 if any(v < 0 for v in ov.values()) else 3
            result(len(namers) >= need, f"{desc}: the error names {bad}_{RULE[bad]} in "
                                        f"{', '.join(namers) or 'no tool'}")
    got = c_checker(args.build)
    for i, (ov, bad) in enumerate(CASES):
        desc = " ".join(f"{k}={v}" for k, v in ov.items())
        e = got.get(i, "?")
        if bad:
            result(e not in ("-", "?") and C_FIELD[bad] in e, f"C model {desc}: refused ({e})")
        else:
            result(e == "-", f"C model {desc}: accepted ({e})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
