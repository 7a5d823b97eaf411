#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Code-coverage report of pmu_core and dc_top (make coverage; issue #32 item 1).

  coverage_report.py --dat DIR --results FILE --out docs/coverage.md
                     [--annotate DIR] [--seed N] [--cycles N]
      merge DIR/*.dat (the coverage builds' runs, tb/cov.h) with
      verilator_coverage into DIR/../merged.dat, write the annotated listings
      (verilator_coverage --annotate, every source line with its counts, the
      uncovered ones marked '%') to --annotate, and write the stamped report:
      per-module table (lines, branches, toggle bits, user points), the
      totals of pmu_core and dc_top against the signoff targets, the waivers
      applied (sim/coverage_waivers.yaml) and their share, every uncovered
      point that is not waived (file:line and source text) and the testplan
      (docs/testplan.yaml) with the result of each test in this run
      (--results: one line per run of sim/coverage.mk, '<run> <make target>
      <exit> N passed, N failed'; its log build/coverage/logs/<run>.log).
  coverage_report.py --check-testplan
      (make testplan-check, in make test) every register of the generated
      register maps (docs/regmap.md, docs/cs_regmap.md, docs/rv_csrmap.md,
      docs/dc_regmap.md) is in the testplan's `registers`, every feature and
      register names at least one test, every named test exists (its make
      target is one of make test's targets or `coverage`; a sub-test
      TARGET:NAME is in its bench's test table) and every waiver names a file
      of its top and gives a reason. Last line "N passed, N failed".

Coverage points are merged per module definition: a point of a source file
(line block, branch arm, toggle bit of a signal) counts as hit when any
instance of the module in any configuration of any run hit it. A source line
is covered when a line or branch point that spans it was hit; a toggle bit is
covered when one instance changed it at least twice in one run (a rise and a
fall; with several instances merged by Verilator, their sum): the reset's
first change alone does not count. Verilator 5.006 offers line (block),
branch (if/else, case items) and toggle points; user points (cover
properties) are counted when the RTL has any. FSM coverage is not offered by
Verilator 5.006: the FSMs of the RTL are small hand-coded state registers
whose state bits are in the toggle table and whose case items are branch
points.

Needs python3 with PyYAML (make deps-py) and verilator_coverage (make deps-sim).
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import time

from coverage_common import ROOT, TOPS, die, load_yaml, report_stamp, span_lines, top_files
from coverage_testplan import TESTPLAN, check_testplan, read_results, test_result
from coverage_waivers import WAIVERS, load_waivers, tally, waived_line, waived_toggle

# signoff targets (issue #32): line % of non-waived lines, branch %, toggle % of non-constant bits
TARGETS = {"line": 100.0, "branch": 98.0, "toggle": 95.0}
WAIVER_MAX_PCT = 2.0
TOGGLE_MIN = 2          # changes for a covered toggle bit (a rise and a fall)


# ---------------------------------------------------------------- .dat

def parse_dat(path):
    """-> list of (fields dict, count)."""
    pts = []
    with open(path, encoding="latin-1") as f:
        for ln in f:
            if not ln.startswith("C '"):
                continue
            q = ln.rindex("'")
            key, cnt = ln[3:q], int(ln[q + 1:])
            d = {}
            for kv in key.split("\x01"):
                if "\x02" in kv:
                    k, v = kv.split("\x02", 1)
                    d[k] = v
            pts.append((d, cnt))
    return pts


class Cov:
    """Points merged per module definition, for one top."""

    def __init__(self):
        self.lines = {}     # (file, line) -> hit count (max over the points spanning it)
        self.branch = {}    # (file, line, col, kind) -> count
        self.toggle = {}    # (file, signal, bit) -> [count, line]
        self.user = {}      # (file, line, col, name) -> count


def sig_bit(o):
    m = re.match(r"^(.*?)(?:\[(\d+)\])?$", o)
    return m.group(1), int(m.group(2)) if m.group(2) is not None else 0


def collect(runs, files, consts):
    """runs: [(configuration, points of one .dat)]; consts: {configuration:
    set of (file, signal, bit) constant in it}. A toggle point of a run whose
    bit is constant in the run's configuration is left out (the bit goes into
    Cov.const unless another configuration has it non-constant)."""
    covs = {t: Cov() for t in TOPS}
    for t in TOPS:
        covs[t].const = set()
    for cfg, points in runs:
        cset = consts.get(cfg, set())
        _collect(covs, points, files, cset)
    for t in TOPS:
        covs[t].const -= set(covs[t].toggle)
    return covs


def _collect(covs, points, files, cset):
    for d, cnt in points:
        h = d.get("h", "")
        parts = h.split(".")
        top = parts[1] if len(parts) > 1 else ""
        if top not in covs:
            continue
        c = covs[top]
        f = d.get("f", "")
        if f not in files[top]:
            continue
        page = d.get("page", "").split("/")[0]
        l = int(d.get("l", 0))
        if page in ("v_line", "v_branch"):
            for x in span_lines(d.get("S", "")):
                c.lines[(f, x)] = max(c.lines.get((f, x), 0), cnt)
            if page == "v_branch":
                k = (f, l, int(d.get("n", 0)), d.get("o", ""))
                c.branch[k] = c.branch.get(k, 0) + cnt
        elif page == "v_toggle":
            s, b = sig_bit(d.get("o", ""))
            k = (f, s, b)
            if k in cset and cnt < TOGGLE_MIN:   # (a bit that toggled counts whatever Yosys says)
                c.const.add(k)
                continue
            e = c.toggle.setdefault(k, [0, l])
            e[0] = max(e[0], cnt)   # covered: one instance in one run changed TOGGLE_MIN times
        elif page == "v_user":
            k = (f, l, int(d.get("n", 0)), d.get("o", ""))
            c.user[k] = c.user.get(k, 0) + cnt


def decl_file(src, sig, cache={}):
    """The file of Yosys's src attribute (file:line.col-line.col|...: the
    flattened wire's own declaration and the instances it was flattened
    through) whose line declares sig."""
    for part in src.split("|"):
        m = re.match(r"^(.*?):(\d+)\.", part)
        if not m:
            continue
        f, n = m.group(1), int(m.group(2))
        if f not in cache:
            p = os.path.join(ROOT, f)
            cache[f] = open(p).read().split("\n") if os.path.exists(p) else []
        lines = cache[f]
        if 0 < n <= len(lines) and re.search(r"\b%s\b" % re.escape(sig), lines[n - 1]):
            return f
    return None


def const_bits(d):
    """Yosys netlists d/<configuration>.json (sim/coverage.mk cov_const) ->
    {configuration: set of (file, signal, bit) driven by a constant in every
    instance of the module}."""
    import json
    out = {}
    for path in sorted(glob.glob(os.path.join(d, "*.json"))):
        mods = json.load(open(path))["modules"]
        top = next((t for t in TOPS if t in mods), None)
        if top is None:
            continue
        c, live = set(), set()
        out[os.path.basename(path)[:-5]] = c
        for name, v in mods[top]["netnames"].items():
            src = v.get("attributes", {}).get("src", "")
            if not src or name.startswith("$"):
                continue
            sig = name.split(".")[-1].lstrip("\\")
            f = decl_file(src, sig)
            if f is None:
                continue
            off = int(v.get("offset", 0))
            upto = int(v.get("upto", 0))
            n = len(v["bits"])
            for i, b in enumerate(v["bits"]):
                (c if isinstance(b, str) else live).add((f, sig, off + (n - 1 - i if upto else i)))
        # constant in every instance of the module (coverage points are per module definition)
        c -= live
    return out


def dat_config(path, cfgs):
    """The configuration of a .dat (tb/cov.h: <bench>_<configuration>.<pid>.<n>.dat)."""
    stem = os.path.basename(path).split(".")[0]
    best = None
    for c in cfgs:
        if stem.endswith("_" + c) and (best is None or len(c) > len(best)):
            best = c
    return best


# ---------------------------------------------------------------- report

def pct(a, b):
    return 100.0 * a / b if b else 100.0


def ranges(bits):
    bits = sorted(bits)
    out, s = [], None
    for i, b in enumerate(bits):
        if s is None:
            s = b
        if i + 1 == len(bits) or bits[i + 1] != b + 1:
            out.append("%d" % b if s == b else "%d:%d" % (b, s))
            s = None
    return ",".join(reversed(out))


def src_line(f, n, cache={}):
    if f not in cache:
        cache[f] = open(os.path.join(ROOT, f)).read().split("\n")
    lines = cache[f]
    return lines[n - 1].strip() if 0 < n <= len(lines) else ""


def report(args):
    files = top_files()
    dats = sorted(glob.glob(os.path.join(args.dat, "*.dat")))
    if not dats:
        die("no .dat files in %s (run 'make coverage')" % args.dat)
    vc = "verilator_coverage"
    merged = os.path.join(os.path.dirname(os.path.abspath(args.dat)), "merged.dat")
    t0 = time.time()
    r = subprocess.run([vc, "--write", merged] + dats, capture_output=True, text=True)
    if r.returncode:
        die("verilator_coverage --write failed: " + r.stderr.strip()[-500:])
    if args.annotate:
        r = subprocess.run([vc, "--annotate", args.annotate, "--annotate-min", "1", merged],
                           capture_output=True, text=True, cwd=ROOT)
        if r.returncode:
            die("verilator_coverage --annotate failed: " + r.stderr.strip()[-500:])
    consts = const_bits(args.const) if args.const else {}
    nconst = {}
    runs = []
    for p in dats:
        cfg = dat_config(p, consts)
        if cfg is None and consts:
            die("%s: no Yosys netlist of its configuration in %s" % (p, args.const))
        runs.append((cfg, parse_dat(p)))
    for t in TOPS:
        nconst[t] = len({cfg for cfg, pts in runs if pts and any(d.get("h", "").startswith("TOP." + t) for d, _ in pts[:50])})
    covs = collect(runs, files, consts)
    ws, errs = load_waivers(files)
    if errs:
        die("\n  ".join(["bad waivers:"] + errs))
    used = set()
    rows, totals, unc = {}, {}, {}
    for top in TOPS:
        c = covs[top]
        per = {f: {"lt": 0, "lh": 0, "lw": 0, "bt": 0, "bh": 0, "bw": 0, "tt": 0, "th": 0, "tw": 0, "tc": 0, "le": 0,
                   "ut": 0, "uh": 0} for f in files[top]}
        ul, ub, ut = [], [], {}
        for (f, n), cnt in sorted(c.lines.items()):
            w = waived_line(ws, top, f, n, "line")
            # a constant function's body: no hardware, in no line total (like a constant bit
            # in no toggle total); any other waived line counts against the cap
            if tally(per[f], used, w, cnt > 0, "l", "le" if w and w.get("class") == "elaboration" else "lw"):
                ul.append((f, n))
        for (f, n, col, kind), cnt in sorted(c.branch.items()):
            w = waived_line(ws, top, f, n, "branch") or waived_line(ws, top, f, n, "line")
            if tally(per[f], used, w, cnt > 0, "b"):
                ub.append((f, n, kind))
        for (f, s, b), (cnt, n) in sorted(c.toggle.items()):
            if tally(per[f], used, waived_toggle(ws, top, f, s, b), cnt >= TOGGLE_MIN, "t"):
                ut.setdefault((f, n, s), []).append(b)
        for (f, n, col, name), cnt in c.user.items():
            per[f]["ut"] += 1
            per[f]["uh"] += cnt > 0
        for (f, s, b) in c.const:
            per[f]["tc"] += 1
        tot = {k: sum(p[k] for p in per.values()) for k in per[files[top][0]]}
        rows[top], totals[top], unc[top] = per, tot, (ul, ub, ut)
    unused = [w for w in ws if id(w) not in used]

    o = []
    o.append("# pmu-ip code coverage")
    o.append("")
    o.append(report_stamp.stamp_line(args.out))
    o.append("")
    o.append("Generated by `make coverage` (sim/coverage.mk, sim/coverage_report.py); do not edit. "
             "Verilator %s coverage builds (`--coverage-line --coverage-toggle --coverage-user`) of the "
             "lockstep benches, every run below, merged with `verilator_coverage`; seed %s, %s random "
             "cycles per pmu_core configuration (rerun: `make coverage COV_SEED=%s`)."
             % (verilator_version(), args.seed, args.cycles, args.seed))
    if args.run_time:
        o.append("Time of this `make coverage` on a 2-core machine shared with other jobs: %s (not part of `make test`, which "
                 "runs `testplan-check` and the stamp check `report-check`)." % args.run_time)
    if args.skipped.strip():
        o.append("")
        o.append("Not built for coverage: dc_top configuration %s (its lockstep build is hierarchical; a flat "
                 "coverage build of its 33 units is 421 C++ files, hours on this machine). Its modules are "
                 "dc_small's (3 + 2 units); its own runs are in `make test` (dc-lockstep-directed, -random, "
                 "-maxrate); here maxrate runs on dc_small." % args.skipped.strip())
    o.append("")
    o.append("Points are merged per module definition over every instance, configuration and run. A line is "
             "covered when a line (block) or branch point spanning it was hit; branch = Verilator's if/else "
             "and case-item points; a toggle bit is covered when one instance changed it %d times in one run (a rise and a fall). Waived points "
             "(`%s`) count in no total; a waiver applies only while its point is not hit. FSM and expression "
             "coverage: not offered by Verilator 5.006 (the state registers are in the toggle table, their "
             "case items are branch points)." % (TOGGLE_MIN, WAIVERS))
    o.append("")
    o.append("## Totals against the signoff targets")
    o.append("")
    o.append("| top | lines | branches | toggle bits | waived lines | result |")
    o.append("|---|---|---|---|---|---|")
    overall_ok = True
    for top in TOPS:
        t = totals[top]
        lp, bp, tp = pct(t["lh"], t["lt"]), pct(t["bh"], t["bt"]), pct(t["th"], t["tt"])
        wp = 100.0 * t["lw"] / (t["lt"] + t["lw"]) if t["lw"] else 0.0
        ok = (lp >= TARGETS["line"] and bp >= TARGETS["branch"] and tp >= TARGETS["toggle"]
              and wp <= WAIVER_MAX_PCT)
        overall_ok &= ok
        o.append("| %s | %d/%d = %.2f%% (target %.0f%%) | %d/%d = %.2f%% (target >= %.0f%%) | %d/%d = %.2f%% "
                 "(target >= %.0f%%) | %d = %.2f%% (max %.0f%%) | %s |"
                 % (top, t["lh"], t["lt"], lp, TARGETS["line"], t["bh"], t["bt"], bp, TARGETS["branch"],
                    t["th"], t["tt"], tp, TARGETS["toggle"], t["lw"], wp, WAIVER_MAX_PCT,
                    "met" if ok else "**NOT MET**"))
    o.append("")
    o.append("Elaboration-only lines (waivers of class elaboration: the bodies of constant functions, each "
             "checked to be called only in localparam/parameter declarations; Verilator gives them line "
             "points, but they run only at elaboration and are no hardware): left out of the line totals and "
             "of the waived share, like the constant bits of the toggle totals: %s." % "; ".join(
                 "%s %d" % (top, totals[top]["le"]) for top in TOPS))
    o.append("")
    o.append("Waived: %s." % "; ".join("%s %d lines, %d branch points, %d toggle bits"
                                          % (top, totals[top]["lw"], totals[top]["bw"], totals[top]["tw"])
                                          for top in TOPS))
    o.append("")
    o.append("Constant bits (left out of the toggle totals): %s. A bit is constant when Yosys, elaborating the "
             "top in each configuration measured (`proc; flatten; opt -full`), drives it from a constant in every "
             "one of them (%s netlists): reserved register bits, ports wider than a configuration uses, "
             "parameter-selected tie-offs. A bit that toggled counts as covered whatever Yosys says."
             % ("; ".join("%s %d" % (top, totals[top]["tc"]) for top in TOPS),
                ", ".join("%s %d" % (t, nconst.get(t, 0)) for t in TOPS)))
    o.append("")
    o.append("## Per module")
    o.append("")
    o.append("| top | file | lines | line % | branches | branch % | toggle bits | toggle % | constant bits | user points |")
    o.append("|---|---|---|---|---|---|---|---|---|---|")
    for top in TOPS:
        for f in files[top]:
            p = rows[top][f]
            if not (p["lt"] or p["bt"] or p["tt"]):
                o.append("| %s | %s | no points | | | | | | | |" % (top, f))
                continue
            o.append("| %s | %s | %d/%d | %.1f | %d/%d | %.1f | %d/%d | %.1f | %d | %s |"
                     % (top, f, p["lh"], p["lt"], pct(p["lh"], p["lt"]), p["bh"], p["bt"], pct(p["bh"], p["bt"]),
                        p["th"], p["tt"], pct(p["th"], p["tt"]), p["tc"],
                        "%d/%d" % (p["uh"], p["ut"]) if p["ut"] else "none"))
    o.append("")
    o.append("## Uncovered points (not waived)")
    o.append("")
    o.append("Full annotated sources: `build/coverage/annotated/` after `make coverage` (`%` marks a line "
             "below 1 hit).")
    for top in TOPS:
        ul, ub, ut = unc[top]
        o.append("")
        o.append("### %s" % top)
        o.append("")
        if not (ul or ub or ut):
            o.append("none")
            continue
        if ul:
            o.append("Lines:")
            o.append("")
            o.append("```")
            for f, n in ul:
                o.append("%s:%d  %s" % (f, n, src_line(f, n)))
            o.append("```")
        if ub:
            o.append("Branch arms:")
            o.append("")
            o.append("```")
            for f, n, kind in ub:
                o.append("%s:%d  %-5s %s" % (f, n, kind, src_line(f, n)))
            o.append("```")
        if ut:
            o.append("Toggle bits (signal[bits] declared at file:line):")
            o.append("")
            o.append("```")
            for (f, n, s), bits in sorted(ut.items()):
                o.append("%s:%d  %s[%s]" % (f, n, s, ranges(bits)))
            o.append("```")
    o.append("")
    o.append("## Waivers (%s)" % WAIVERS)
    o.append("")
    o.append("| top | file | kind | lines / signal | configurations | reason | applied |")
    o.append("|---|---|---|---|---|---|---|")
    for w in ws:
        what = ("function %s (%s)" % (w["function"], w["lines"]) if "function" in w else str(w.get("lines", ""))) \
            if w["kind"] != "toggle" else "%s%s" % (
            w["signal"], "[%d:%d]" % (w["bits"][1], w["bits"][0]) if w.get("bits") else "")
        o.append("| %s | %s | %s | `%s` | %s | %s | %s |" % (w["top"], w["file"], w["kind"], what, w["configs"],
                                                        str(w["reason"]).strip().replace("\n", " "),
                                                        "yes" if id(w) in used else "no (covered)"))
    if not ws:
        o.append("| | | | | | none | |")
    o.append("")
    o.append("## Runs")
    o.append("")
    by_target, logs = read_results(args.results)
    o.append("| run | make target it mirrors | result |")
    o.append("|---|---|---|")
    for tgt, runs in sorted(by_target.items()):
        for run, rc, line in runs:
            o.append("| %s | `%s` | %s%s |" % (run, tgt, line, "" if rc == 0 else " (exit %d)" % rc))
    o.append("")
    o.append("## Testplan (%s)" % TESTPLAN)
    o.append("")
    tp = load_yaml(TESTPLAN)
    o.append("| feature | seed | what is checked | tests: result in this run |")
    o.append("|---|---|---|---|")
    for ft in tp.get("features") or []:
        o.append("| %s | %s | %s | %s |" % (ft["id"], ft.get("seed", ""), str(ft.get("desc", "")).strip(),
                                        "<br>".join("`%s`: %s" % (t, test_result(t, by_target, logs))
                                                    for t in ft["tests"])))
    o.append("")
    o.append("Registers: every register of the generated maps and its tests (make testplan-check keeps the "
             "list complete):")
    o.append("")
    o.append("| map | register | tests |")
    o.append("|---|---|---|")
    for doc, regs in (tp.get("registers") or {}).items():
        for n, tests in regs.items():
            o.append("| %s | %s | %s |" % (doc, n, ", ".join("`%s`" % t for t in tests)))
    o.append("")
    with open(os.path.join(ROOT, args.out), "w") as f:
        f.write("\n".join(o))
    for top in TOPS:
        t = totals[top]
        print("coverage %s: lines %d/%d %.2f%%, branches %d/%d %.2f%%, toggle %d/%d %.2f%%, waived lines %d"
              % (top, t["lh"], t["lt"], pct(t["lh"], t["lt"]), t["bh"], t["bt"], pct(t["bh"], t["bt"]),
                 t["th"], t["tt"], pct(t["th"], t["tt"]), t["lw"]))
    if unused:
        print("coverage: %d waivers not applied (their points are covered): see %s" % (len(unused), args.out))
    print("coverage: wrote %s (merge + report %.0f s)" % (args.out, time.time() - t0))
    print("%d passed, %d failed" % (1 if overall_ok else 0, 0 if overall_ok else 1))
    return 0 if overall_ok else 1


def verilator_version():
    r = subprocess.run(["verilator", "--version"], capture_output=True, text=True)
    return r.stdout.split()[1] if r.returncode == 0 and r.stdout.split() else "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dat")
    ap.add_argument("--results")
    ap.add_argument("--const")
    ap.add_argument("--skipped", default="")
    ap.add_argument("--out", default="docs/coverage.md")
    ap.add_argument("--annotate")
    ap.add_argument("--seed", default="?")
    ap.add_argument("--cycles", default="?")
    ap.add_argument("--run-time", default="")
    ap.add_argument("--check-testplan", action="store_true")
    args = ap.parse_args()
    if args.check_testplan:
        return 0 if check_testplan() else 1
    if not args.dat:
        ap.error("--dat or --check-testplan")
    return report(args)


if __name__ == "__main__":
    sys.exit(main())
