#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Parameter checking of a top (pmu_core, dc_top, the bus wrappers
every top with a `bus` entry in config/pmu_ip.yaml): illegal values are refused,
legal values accepted, by every tool and by the C model.

The cases come from config/pmu_ip.yaml (util/config.py `cases`): every
parameter just outside its range (and a gap of a value set, an odd value of
an even range, each at_most rule broken), the legal corners, each
parameter at a non-default legal value, every named configuration, and the
top's rules between parameters; for dc_top (whose rules couple its
parameters) each parameter at its min and max must not trip its own rule.
For each case the RTL is elaborated by
Verilator (--lint-only; an edge case: its elaboration alone, --xml-only),
Icarus (-g2005) and Yosys (hierarchy -check) with the parameters overridden. An illegal case must fail in every tool and the
error must name the rule: the top instantiates a module whose name is the
rule (pmu_core and the wrappers: pmu_illegal_parameter_<NAME>_<rule>), which
does not exist. A legal case must elaborate cleanly. The same cases go
through the C model (pmu_cfg_check / dc_cfg_check, a small C program built
here), which must refuse exactly the illegal ones.
A bus wrapper's cases are those of its own parameters (ABITS, FORCE_PRIV,
PIPELINED_ONLY, PPROT; its pmu_core parameters stay at their defaults, which
pmu_core's own run covers), elaborated from the table's file list of the
wrapper (pmu_core + bridge + wrapper). The wrappers have no configuration
check in the C model (cmodel/pmu_bus_model.c takes the parameters as they
are): their C model part is skipped, and the output says so.
  sim/check_params.py [--top TOP [--top TOP ...]] [--build DIR]
(default: pmu_core; `--top pmu_core --top pmu_core_axil ...` runs each top
in turn, a "TOP: N passed, N failed" line after each when there are several).
Last line: "N passed, N failed" (the total).
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import config  # noqa: E402  config/pmu_ip.yaml

# C model of each top: header, source, struct, check function
C_MODEL = {"pmu_core": ("pmu_model.h", "pmu_cfg", "pmu_cfg_check", "PMU_CFG_DEFAULT"),
           "dc_top": ("dc_model.h", "dc_cfg_t", "dc_cfg_check", "DC_CFG_REF")}
# tops without a C model configuration check: the bus wrappers of the table
# (their own parameters go to the bus models' reset functions unchecked)
NO_C_MODEL = tuple(config.BUS_TOPS)


def tool_cmds(top, params, srcs):
    g = [f"-G{k}={v}" for k, v in params.items()]
    p = [f"-P{top}.{k}={v}" for k, v in params.items()]
    ch = " ".join(f"-chparam {k} {v}" for k, v in params.items())
    return {
        "verilator": ["verilator", "--lint-only", "-Wall", "-Wno-DECLFILENAME", "--top-module", top] + g + srcs,
        "iverilog": ["iverilog", "-g2005", "-o", "/dev/null", "-s", top] + p + srcs,
        "yosys": ["yosys", "-q", "-p", f"read_verilog {' '.join(srcs)}; hierarchy -check -top {top} {ch}"],
    }


def elab_cmd(top, params, srcs):
    """Verilator's elaboration alone (parameters, generate blocks, widths;
    --xml-only, its XML thrown away): where the parameter traps fire, without
    the lint passes after it (a tenth of --lint-only's time on dc_top's ring)."""
    return (["verilator", "--xml-only", "--xml-output", os.devnull, "-Wall", "-Wno-DECLFILENAME", "--top-module", top]
            + [f"-G{k}={v}" for k, v in params.items()] + srcs)


def c_checker(top, cases, build):
    hdr, st, fn, dflt = C_MODEL[top]
    fields = {k: p["c"] for k, p in config.params(top).items()}
    os.makedirs(build, exist_ok=True)
    lines = ['#include <stdio.h>', f'#include "{hdr}"', 'int main(void) {']
    for i, case in enumerate(cases):
        if not case["c"] and case["bad"] != "cross":
            continue
        sets = " ".join(f"c.{fields[k]} = {v};" for k, v in case["params"].items())
        lines.append(f'  {{ {st} c = {dflt}; const char *e; {sets} e = {fn}(&c);'
                     f' printf("%d %s\\n", {i}, e ? e : "-"); }}')
    lines += ["  return 0;", "}"]
    src = os.path.join(build, f"cfgcheck_{top}.c")
    exe = os.path.join(build, f"cfgcheck_{top}")
    with open(src, "w") as f:
        f.write("\n".join(lines) + "\n")
    csrcs = [os.path.join(ROOT, f) for f in config.files(top, "cmodel")]
    r = subprocess.run(["cc", "-std=c99", "-Wall", "-I", os.path.join(ROOT, "cmodel"), src] + csrcs + ["-o", exe],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("check_params: cannot build the C checker:\n" + r.stderr)
    out = subprocess.run([exe], capture_output=True, text=True).stdout
    return {int(l.split(" ", 1)[0]): l.split(" ", 1)[1] for l in out.splitlines()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", action="append", choices=sorted(C_MODEL) + list(NO_C_MODEL),
                    help="top to check (repeatable; default pmu_core)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "params"))
    args = ap.parse_args()
    tops = args.top or ["pmu_core"]
    passed = failed = 0
    for top in tops:
        if len(tops) > 1:
            print(f"=== {top}", flush=True)
        p, f = check_top(top, args.build)
        if len(tops) > 1:
            print(f"{top}: {p} passed, {f} failed", flush=True)
        passed, failed = passed + p, failed + f
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def check_top(top, build):
    """Elaborate (and C-model check) every case of TOP: (passed, failed)."""
    srcs = [os.path.join(ROOT, f) for f in config.files(top)]
    cases = config.cases(top)
    passed = failed = 0
    # One elaboration per tool and parameter set: cases that give the same
    # effective overrides (values equal to the default dropped, e.g. the
    # edge cases at a default value, or an edge case that is also a legal
    # probe) elaborate the same design, so the tool's answer is reused.
    dflt = config.defaults(top)
    memo = {}
    runs = [0, 0]   # tool runs made, reused

    def run(tool, ov):
        eff = tuple(sorted((k, v) for k, v in ov.items() if dflt.get(k) != v))
        key = (tool, eff)
        if key in memo:
            runs[1] += 1
        else:
            runs[0] += 1
            cmd = elab_cmd(top, ov, srcs) if tool == "verilator-elab" else tool_cmds(top, ov, srcs)[tool]
            memo[key] = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        return memo[key]

    def result(ok, what):
        nonlocal passed, failed
        passed += ok
        failed += not ok
        print(("PASS " if ok else "FAIL ") + what, flush=True)

    has_edges = any(c.get("edge") for c in cases)
    for case in cases:
        ov, rule = case["params"], case["rule"]
        desc = " ".join(f"{k}={v}" for k, v in ov.items())
        if case.get("edge"):
            # a value at the edge of its range: Verilator, which names every
            # trap it meets, must not name its own rule (Icarus would elaborate
            # the whole legal ring: seconds per case; Yosys stops at the first
            # trap). Its elaboration alone (the traps fire there) suffices:
            # every illegal case must name its rule there too (below)
            r = run("verilator-elab", ov)
            result(rule not in r.stdout + r.stderr, f"verilator elaboration {desc}: in range, {rule} not named")
            continue
        namers, any_rule = [], []
        for tool in tool_cmds(top, ov, srcs):
            r = run(tool, ov)
            msg = r.stdout + r.stderr
            if case["legal"]:
                clean = r.returncode == 0 and "warning" not in msg.lower()
                result(clean, f"{tool} {desc}: accepted" + ("" if clean else ":\n" + msg[-800:]))
                continue
            namers += [tool] if rule in msg else []
            any_rule += [tool] if ("illegal" in msg) else []
            first = next((l for l in msg.splitlines() if l.strip()), "")
            result(r.returncode != 0, f"{tool} {desc}: refused (exit {r.returncode}): {first[:110]}")
        if case["legal"]:
            continue
        if has_edges:
            # the edge cases' check is Verilator's elaboration alone: it must
            # name the rule of every illegal case too (so "not named" there
            # means in range, not "not elaborated far enough")
            r = run("verilator-elab", ov)
            result(r.returncode != 0 and rule in r.stdout + r.stderr,
                   f"verilator elaboration {desc}: refused, names {rule}")
        # The rule must be named by every tool. Exceptions: Yosys cannot
        # parse a negative -chparam value; and where one value breaks
        # several of dc_top's coupled rules, Yosys names only the first trap
        # it meets (Verilator and Icarus name them all): there every tool
        # must name a trap and Verilator the expected one.
        if any(v < 0 for v in ov.values()):
            ok, need = len(namers) >= 2, "2 tools"
        elif top == "dc_top" and case["bad"] != "cross":
            ok, need = "verilator" in namers and len(any_rule) == 3, "verilator, a trap in all"
        else:
            ok, need = len(namers) == 3, "every tool"
        result(ok, f"{desc}: the error names {rule} in {', '.join(namers) or 'no tool'} (needed: {need})")
    print(f"tool runs: {runs[0]} made, {runs[1]} reused (same effective parameters)", flush=True)
    if top in NO_C_MODEL:
        print(f"C model: skipped for {top} (no configuration check in the C model: "
              "cmodel/pmu_bus_model.c's reset functions take the parameters unchecked)", flush=True)
        return passed, failed
    got = c_checker(top, cases, build)
    for i, case in enumerate(cases):
        if i not in got:
            continue
        desc = " ".join(f"{k}={v}" for k, v in case["params"].items())
        e = got[i]
        if case.get("edge"):
            own = "%s: %s" % (config.params(top)[case["bad"]]["c"], rule)
            result(own not in e, f"C model {desc}: in range, not refused for {own} ({e})")
        elif case["legal"]:
            result(e == "-", f"C model {desc}: accepted ({e})")
        elif case["bad"] == "cross" or top == "dc_top":
            result(e != "-", f"C model {desc}: refused ({e})")
        else:
            result(e != "-" and config.params(top)[case["bad"]]["c"] in e, f"C model {desc}: refused ({e})")
    return passed, failed


if __name__ == "__main__":
    sys.exit(main())
