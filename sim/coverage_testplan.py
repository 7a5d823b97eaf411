# SPDX-License-Identifier: Apache-2.0
"""The testplan (docs/testplan.yaml) of the coverage report: the check that
make testplan-check runs (every register of the generated maps listed, every
feature and register with tests that exist, every waiver valid) and the
result of each named test in a make coverage run."""
import os
import re
import subprocess

from coverage_common import ROOT, die, load_yaml, top_files
from coverage_waivers import WAIVERS, elaboration_only, load_waivers

TESTPLAN = "docs/testplan.yaml"
# generated register maps: (document, reader)
REGMAPS = ("docs/regmap.md", "docs/cs_regmap.md", "docs/dc_regmap.md", "docs/rv_csrmap.md")
# sub-tests TARGET:NAME: the bench sources whose test table holds NAME and
# how NAME appears there (a table entry {"NAME", or a call test_NAME()
SUBTEST_SRC = [
    (r"core-(directed|icarus)", ["tb/test_directed.cpp"], '{{"{}"'),
    (r"core-regs", ["tb/test_regs.cpp"], '{{"{}"'),
    (r"core-rvconf", ["tb/test_rv.cpp"], '{{"{}"'),
    (r"core-bus-", ["tb/test_bus.cpp"], '{{"{}"'),
    (r"dc-lockstep-", ["tb/dc_lockstep.cpp"], "test_{}("),
]


def regmap_names():
    """-> {document: [register names]} of the generated register maps."""
    out = {}
    for doc in REGMAPS:
        names = []
        for ln in open(os.path.join(ROOT, doc)):
            cols = [c.strip() for c in ln.strip().strip("|").split("|")]
            if len(cols) < 3:
                continue
            if doc.endswith("rv_csrmap.md"):
                if re.match(r"^[a-z][a-z0-9.]*$", cols[0]) and cols[1].startswith("0x"):
                    names.append(cols[0])
            elif cols[0].startswith("0x") and re.match(r"^[A-Z][A-Z0-9_]*(\[\w+\])*$", cols[1]):
                n = re.sub(r"\[\w+\]", "", cols[1])
                if n not in names:
                    names.append(n)
        if doc.endswith("dc_regmap.md"):   # the SRAM counters: "`CNT_LO` at 0x2000+8*i" (no table row)
            names += [n for n in re.findall(r"`(\w+)` at 0x", open(os.path.join(ROOT, doc)).read()) if n not in names]
        out[doc] = names
    return out


def make_targets():
    out = subprocess.run(["make", "--no-print-directory", "-s", "print-TEST_TARGETS"], cwd=ROOT,
                         capture_output=True, text=True)
    if out.returncode:
        die("make print-TEST_TARGETS failed: " + out.stderr.strip()[-300:])
    return set(out.stdout.split()) | {"coverage", "mutate", "regmap-check"}


def check_test(name, targets, srcs_cache):
    tgt, _, sub = name.partition(":")
    if tgt not in targets:
        return "make target %s is not in make test's targets" % tgt
    if not sub:
        return None
    for pat, files, fmt in SUBTEST_SRC:
        if re.match(pat, tgt):
            txt = ""
            for f in files:
                if f not in srcs_cache:
                    srcs_cache[f] = open(os.path.join(ROOT, f)).read()
                txt += srcs_cache[f]
            return None if fmt.format(sub) in txt else "%s: no test %s in %s" % (tgt, sub, ", ".join(files))
    return "%s names no sub-tests (TARGET:NAME only for core-directed, core-regs, core-rvconf, core-bus, dc-lockstep)" % tgt


def check_testplan():
    tp = load_yaml(TESTPLAN)
    targets = make_targets()
    cache = {}
    passed = failed = 0

    def res(ok, msg):
        nonlocal passed, failed
        print("testplan-check: %s: %s" % (msg, "ok" if ok else "FAILED"))
        if ok:
            passed += 1
        else:
            failed += 1

    feats = tp.get("features") or []
    bad = []
    for ft in feats:
        if not ft.get("tests"):
            bad.append("%s: no tests" % ft.get("id"))
        for t in ft.get("tests") or []:
            e = check_test(t, targets, cache)
            if e:
                bad.append("%s: %s" % (ft.get("id"), e))
    for b in bad:
        print("  " + b)
    res(not bad, "%d features, each with existing tests" % len(feats))
    regs = tp.get("registers") or {}
    for doc, names in regmap_names().items():
        have = regs.get(doc) or {}
        missing = [n for n in names if n not in have]
        extra = [n for n in have if n not in names]
        bad = []
        for n, tests in have.items():
            if not tests:
                bad.append("%s: no tests" % n)
            for t in tests or []:
                e = check_test(t, targets, cache)
                if e:
                    bad.append("%s: %s" % (n, e))
        if missing:
            print("  %s: registers not in the testplan: %s" % (doc, " ".join(missing)))
        if extra:
            print("  %s: testplan registers not in the map: %s" % (doc, " ".join(extra)))
        for b in bad:
            print("  " + b)
        res(not (missing or extra or bad), "%s: %d registers in the testplan, with existing tests" % (doc, len(names)))
    _, errs = load_waivers(top_files())
    for e in errs:
        print("  " + e)
    res(not errs, "%s: every waiver names a file of its top, its configurations and a reason" % WAIVERS)
    # the elaboration-only rule refuses functions that run in simulation: pop8 (an always
    # block), area_events (a continuous assignment) and a name with no function
    wrong = [(f, n) for f, n in (("rtl/pmu_event_mux.v", "pop8"), ("rtl/pmu_event_mux.v", "area_events"),
                                 ("rtl/pmu_event_mux.v", "no_such_function"))
             if elaboration_only(f, n) is None]
    right = [(f, n) for f, n in (("rtl/pmu_event_mux.v", "area_classes"), ("rtl/dc_secded.v", "hcols"))
             if elaboration_only(f, n) is not None]
    for f, n in wrong + right:
        print("  elaboration_only(%s, %s) wrong: %s" % (f, n, elaboration_only(f, n)))
    res(not (wrong or right), "class elaboration: constant functions accepted, functions that run in simulation refused")
    print("%d passed, %d failed" % (passed, failed))
    return failed == 0


def read_results(path):
    """-> {make target: [(run, rc, line)]} and {run: log text}."""
    by_target, logs = {}, {}
    if not path or not os.path.exists(path):
        return by_target, logs
    for ln in open(path):
        p = ln.split(None, 3)
        if len(p) < 4:
            continue
        run, tgt, rc, line = p[0], p[1], int(p[2]), p[3].strip()
        by_target.setdefault(tgt, []).append((run, rc, line))
        lg = os.path.join(os.path.dirname(path), "logs", run + ".log")
        logs[run] = open(lg, errors="replace").read() if os.path.exists(lg) else ""
    return by_target, logs


def test_result(name, by_target, logs):
    tgt, _, sub = name.partition(":")
    runs = by_target.get(tgt)
    if not runs:
        return "not run by make coverage (make test: `%s`)" % tgt
    out = []
    for run, rc, line in runs:
        m = re.match(r"(\d+) passed, (\d+) failed", line)
        ok = rc == 0 and m and m.group(2) == "0"
        if sub:
            if re.search(r"^PASS %s\b" % re.escape(sub), logs.get(run, ""), re.M):
                out.append("PASS")
            elif re.search(r"^FAIL %s\b" % re.escape(sub), logs.get(run, ""), re.M):
                out.append("FAIL")
            else:
                out.append(("pass" if ok else "FAIL") + " (" + line + ")")
        else:
            out.append(("pass" if ok else "FAIL") + " (" + line + ")")
    return "; ".join(sorted(set(out)))
