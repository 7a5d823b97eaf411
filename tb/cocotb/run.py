#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs the cocotb bus-master benches (make core-cocotb): for each simulator
and bus mode one cocotb run of tb/cocotb/test_pmu_bus.py through
tb/cocotb/Makefile (cocotb's makefiles), each with its own results file; one
build per simulator serves every bus mode. Counts the test cases of each
run's results.xml (a run without one counts as 1 failed), prints a table and,
last, 'N passed, N failed'; exits 1 if any failed.

usage: run.py --venv DIR --rtl "FILES" [--sims "icarus verilator"]
              [--buses "axil wb_pipelined wb_classic"] [--defines "..."]
              [--seed N] [--out build/cocotb] [--testcase NAME]
"""
import argparse
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))


def count(xml_path):
    """(passed, failed, skipped, failed test names) of a cocotb results.xml"""
    root = ET.parse(xml_path).getroot()
    p = f = s = 0
    bad = []
    for tc in root.iter("testcase"):
        if tc.find("skipped") is not None:
            s += 1
        elif tc.find("failure") is not None or tc.find("error") is not None:
            f += 1
            bad.append(tc.get("name"))
        else:
            p += 1
    return p, f, s, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--venv", required=True)
    ap.add_argument("--rtl", required=True)
    ap.add_argument("--sims", default="icarus verilator")
    ap.add_argument("--buses", default="axil wb_pipelined wb_classic")
    ap.add_argument("--defines", default="")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--out", default="build/cocotb")
    ap.add_argument("--testcase", default="")
    ap.add_argument("--neg", action="store_true",
                    help="self-test: Icarus, classic Wishbone master, PIPELINED_ONLY=1 "
                         "(no classic support) must fail the preset and one-response tests")
    a = ap.parse_args()
    venv_bin = os.path.abspath(os.path.join(a.venv, "bin"))
    out = os.path.abspath(a.out)
    rtl = " ".join(os.path.abspath(f) for f in a.rtl.split())
    env = dict(os.environ)
    env["PATH"] = venv_bin + os.pathsep + env["PATH"]
    env["VIRTUAL_ENV"] = os.path.abspath(a.venv)
    env["PYTHONPATH"] = HERE
    env["PMU_SEED"] = a.seed
    env["PMU_FORCE_PRIV"] = "1" if "TB_FORCE_PRIV" in a.defines.split() else "0"
    env.pop("MAKEFLAGS", None)
    env.pop("MFLAGS", None)
    env.pop("MAKELEVEL", None)
    print(f"cocotb benches: seed {a.seed}, simulators {a.sims}, buses {a.buses}, "
          f"defines '{a.defines}' (FORCE_PRIV test {'on' if env['PMU_FORCE_PRIV'] == '1' else 'skipped'})")
    tp = tf = ts = 0
    rows = []
    runs = [(sim, bus, sim, a.defines) for sim in a.sims.split() for bus in a.buses.split()]
    if a.neg:
        defs = [d for d in a.defines.split() if not d.startswith("TB_PIPELINED_ONLY")]
        runs.append(("icarus", "wb_classic", "icarus-po1", " ".join(defs + ["TB_PIPELINED_ONLY=1"])))
    must_fail = {"test_counter_preset_hi_lo", "test_one_response_per_transfer"}
    for sim, bus, bdir, defines in runs:
        neg = bdir.endswith("-po1")
        if True:
            os.makedirs(os.path.join(out, bdir), exist_ok=True)
            res = os.path.join(out, bdir, f"results_{bus}.xml")
            log = os.path.join(out, f"{bdir}_{bus}.log")
            if os.path.exists(res):
                os.remove(res)
            # the build depends on the defines (a change rebuilds)
            stamp = os.path.join(out, bdir, "defines.stamp")
            if not os.path.exists(stamp) or open(stamp).read() != defines:
                with open(stamp, "w") as fh:
                    fh.write(defines)
            cmd = ["make", "--no-print-directory", "-f", os.path.join(HERE, "Makefile"),
                   f"SIM={sim}", f"SIM_BUILD={os.path.join(out, bdir, 'sim_build')}",
                   f"COCOTB_RESULTS_FILE={res}", f"PMU_RTL={rtl}", f"PMU_DEFINES={defines}",
                   f"PMU_DEFINES_STAMP={stamp}"]
            if a.testcase:
                cmd.append(f"TESTCASE={a.testcase}")
            env["PMU_BUS"] = bus
            t0 = time.time()
            with open(log, "w") as fh:
                rc = subprocess.call(cmd, env=env, stdout=fh, stderr=subprocess.STDOUT, cwd=out)
            secs = time.time() - t0
            if os.path.exists(res):
                p, f, s, bad = count(res)
            else:
                p, f, s, bad = 0, 1, 0, [f"no results file (make exit {rc})"]
            if neg:
                # self-test: counts as one passed check if the bench caught
                # the double execution, else as one failed
                caught = must_fail <= set(bad)
                print(f"[{'ok' if caught else 'FAIL'}] self-test {bdir} {bus}: {p} passed, {f} failed "
                      f"(must fail {', '.join(sorted(must_fail))}; failed: {', '.join(bad) or 'none'})")
                tp, tf = tp + caught, tf + (not caught)
                rows.append((bdir, bus, int(caught), int(not caught), 0, secs, "neg"))
                continue
            if rc != 0 and f == 0:
                f, bad = 1, [f"make exit {rc}"]
            tp, tf, ts = tp + p, tf + f, ts + s
            status = "FAIL" if f else "ok"
            rows.append((sim, bus, p, f, s, secs, status))
            print(f"[{status}] {sim:9s} {bus:13s} {p} passed, {f} failed, {s} skipped ({secs:.0f} s)"
                  + (f"  failed: {', '.join(bad)}; log {os.path.relpath(log)}" if f else ""), flush=True)
            if f:
                with open(log) as fh:
                    lines = [ln for ln in fh if "FAIL" in ln or "Error" in ln or "assert" in ln.lower()]
                for ln in lines[:12]:
                    print("    " + ln.rstrip()[:300])
    print(f"cocotb: {len(rows)} runs, {ts} skipped")
    print(f"{tp} passed, {tf} failed")
    return 1 if tf else 0


if __name__ == "__main__":
    sys.exit(main())
