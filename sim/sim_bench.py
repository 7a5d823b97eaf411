#!/usr/bin/env python3
"""`make bench` (core-bench): simulation speed of pmu_core, one table.

For each configuration: tb/bench.cpp (Verilated) times the C model alone,
the Verilated RTL alone and both in lockstep on the same fresh random
events every cycle (all counters counting), and records the first cycles of
that run as replay vectors; this script then times the Icarus replay of
them (tb/tb_replay.v, which compares every output and state field like the
lockstep bench) and prints each engine's speed with its time per cycle as a
ratio to the C model's, measured in the same run on the same machine: the
ratio, not the raw speed, is what to compare between runs and machines.
The replay must pass (its last line "N passed, 0 failed"), or the bench
fails: a speed of a wrong simulation is no number.

  sim_bench.py --cycles N --vec-cycles M CONFIG:VBENCH:ICARUS_SIM ...
"""
import argparse
import os
import re
import resource
import subprocess
import sys


ENGINES = ("C model", "Verilator", "lockstep")   # tb/bench.cpp's RESULT lines; the Icarus replay is timed here


def run_config(label, vbench, isim, cycles, vec_cycles):
    vec = os.path.join(os.path.dirname(isim), "bench.vec")
    out = subprocess.run([vbench, "--cycles", str(cycles), "--vec", vec,
                          "--vec-cycles", str(vec_cycles)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("core-bench: %s: %s failed:\n%s%s" % (label, vbench, out.stdout[-2000:], out.stderr[-2000:]))
    pm = re.search(r"^PARAMS (.*)$", out.stdout, re.M)
    params = pm.group(1) if pm else "-"
    rows = []
    for m in re.finditer(r"^RESULT (\S+) (\d+) ([0-9.]+)$", out.stdout, re.M):
        rows.append((m.group(1).replace("_", " "), int(m.group(2)), max(float(m.group(3)), 1e-9)))
    missing = [e for e in ENGINES if e not in [r[0] for r in rows]]
    if missing:
        sys.exit("core-bench: %s: %s printed no result for %s" % (label, vbench, ", ".join(missing)))
    # CPU time of the replay (user + system of the vvp child), as tb/bench.cpp
    # times its engines: a loaded machine does not skew the ratios
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    rep = subprocess.run(["vvp", "-n", isim, "+vec=" + vec], capture_output=True, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t_ic = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
    last = rep.stdout.strip().splitlines()[-1:] or [""]
    m = re.match(r"(\d+) passed, (\d+) failed", last[0])
    if rep.returncode != 0 or not m or m.group(2) != "0" or m.group(1) == "0":
        sys.exit("core-bench: %s: the Icarus replay of %s did not pass:\n%s" % (label, vec, rep.stdout[-2000:]))
    rows.append(("Icarus replay", vec_cycles, max(t_ic, 1e-9)))
    return [(label, params) + r for r in rows]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cycles", type=int, default=2000000)
    ap.add_argument("--vec-cycles", type=int, default=20000)
    ap.add_argument("configs", nargs="+", help="LABEL:VBENCH:ICARUS_SIM")
    a = ap.parse_args()
    rows = []
    for spec in a.configs:
        label, vbench, isim = spec.split(":")
        rows += run_config(label, vbench, isim, a.cycles, a.vec_cycles)
    print("Simulation speed (all counters counting fresh random events every cycle); "
          "seconds are CPU seconds; ratio = CPU time per simulated cycle / the C model's, same run.")
    print()
    print("| config | parameters | engine | cycles | seconds | cycles/s | time per cycle / C model |")
    print("|---|---|---|---:|---:|---:|---:|")
    for label in dict.fromkeys(r[0] for r in rows):
        mine = [r for r in rows if r[0] == label]
        ref = next(r for r in mine if r[2] == "C model")
        ref_per = ref[4] / ref[3]
        for _, params, engine, n, secs in mine:
            print("| %s | %s | %s | %d | %.3f | %.3g | %.1f |"
                  % (label, params, engine, n, secs, n / secs, (secs / n) / ref_per))


if __name__ == "__main__":
    main()
