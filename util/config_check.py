# SPDX-License-Identifier: Apache-2.0
"""util/config.py --check's consistency checks beyond the generated files:
the RTL's parameters against the table, the copies of configurations in the
measurement scripts, every named configuration's flows, the FuseSoC file
lists.

Imports config_table and config_gen (util/config.py's docstring).
"""
import glob
import os
import re
import subprocess

from config_table import *  # noqa: F401,F403  (the table and its queries)
from config_table import ROOT, TOPS, CONFIGS  # noqa: F401
from config_gen import *  # noqa: F401,F403  (the generators: file lists, RTL blocks, FuseSoC cores)
from config_gen import RTL_BLOCKS, RTL_BEGIN, RTL_END, BENCH_PARAMS, BUS_TOPS  # noqa: F401

def rtl_params(top):
    """(name, default) of the integer-literal parameters of module TOP."""
    for f in files(top):
        text = re.sub(r"//[^\n]*", "", open(os.path.join(ROOT, f)).read())
        m = re.search(r"\bmodule\s+%s\s*#\s*\((.*?)\)\s*\(" % top, text, re.S)
        if m:
            return {p.group(1): int(p.group(2).split("'b")[1], 2) if "'b" in p.group(2) else int(p.group(2))
                    for p in re.finditer(r"\bparameter\s+(?:integer\s+|\[[^]]*\]\s*)?(\w+)\s*=\s*(\d+'b[01]+|\d+)\s*(?=[,)]|$)",
                                         m.group(1))}
    return None


def module_params(path, module):
    """{name: value} of the literal parameters and localparams of MODULE in
    PATH (a bench or wrapper that repeats the table)."""
    text = re.sub(r"//[^\n]*", "", open(os.path.join(ROOT, path)).read())
    m = re.search(r"\bmodule\s+%s\b(.*?)\bendmodule" % module, text, re.S)
    body = m.group(1) if m else ""
    return {k: int(v) for k, v in re.findall(r"\b(\w+)\s*=\s*(\d+)\s*(?=[,;)]|$)", body.split(");")[0])} | \
        {k: int(v) for k, v in re.findall(r"localparam\s+integer\s+(\w+)\s*=\s*(\d+)\s*;", body)}


def py_dicts(path):
    """NAME = dict(K=V, ...) assignments of a Python script, by name."""
    out = {}
    for name, body in re.findall(r"^\s*(\w+)\s*=\s*dict\(([^)]*)\)", open(os.path.join(ROOT, path)).read(), re.M):
        out[name] = {k: int(v) for k, v in re.findall(r"(\w+)=(-?\d+)", body)}
    return out


# Copies the measurement scripts and benches keep (editing a measurement
# script invalidates its committed report's source stamp, synth/report_stamp.py,
# so they are checked equal to the table instead of generated):
# (file, what, configuration or top)
COPIES = [("synth/fpga/run_fpga.py", "SMALL", "small"), ("synth/fpga/run_fpga.py", "SOC_PMU", "soc_fpga"),
          ("synth/fpga/run_fpga.py", "MID", "mid"), ("synth/fpga/run_fpga.py", "dflt", "default"),
          ("synth/fpga/pmu_fpga_top.v", "pmu_fpga_top", "small"),
          ("tb/dc_replay.v", "dc_replay", "dc_small")]


def check_copies():
    res = []
    for path, what, name in COPIES:
        if path.endswith(".py"):
            got = py_dicts(path).get(what, {})
        else:
            got = {k: v for k, v in module_params(path, what).items() if k in full(name)}
        want = {k: v for k, v in full(name).items()}
        merged = dict(defaults(CONFIGS[name]["top"]), **got)
        if what == "SOC_PMU":   # the SoC sets only NC/NCH of it (soc_top's instance sets the rest)
            merged = dict(want, **got)
        ok = bool(got) and merged == want
        res.append((ok, "%s %s = configuration %s%s" % (path, what, name, "" if ok else " (%s vs %s)" % (got, want))))
    # the SoC's pmu_core instance: every override resolved through soc_top's parameters
    text = open(os.path.join(ROOT, "sim/soc/soc_top.v")).read()
    m = re.search(r"pmu_core\s*#\((.*?)\)\s*u_pmu", text, re.S)
    env = module_params("sim/soc/soc_top.v", "soc_top")
    got = {k: (int(v) if v.isdigit() else env.get(v)) for k, v in re.findall(r"\.(\w+)\((\w+)\)", m.group(1) if m else "")}
    ok = bool(got) and dict(defaults("pmu_core"), **got) == full("soc")
    res.append((ok, "sim/soc/soc_top.v u_pmu parameters = configuration soc%s" % ("" if ok else " (%s)" % got)))
    # file lists of the measurement scripts
    dc = re.search(r"^DC = \[([^]]*)\] \+ EV", open(os.path.join(ROOT, "synth/dc_synth.py")).read(), re.M)
    ev = re.search(r"^EV = \[([^]]*)\]", open(os.path.join(ROOT, "synth/dc_synth.py")).read(), re.M)
    got = re.findall(r'"([^"]+)"', (dc.group(1) if dc else "") + (ev.group(1) if ev else ""))
    res.append((sorted(got) == sorted(files("dc_top")), "synth/dc_synth.py DC + EV = dc_top's files"))
    return res


def check_flows():
    """[(ok, message)]: every named configuration runs in make test: each of
    its flows, except the table's offline_flows, has at least one target in
    TEST_TARGETS (the make fragments register a configuration's targets in
    CFG_TARGETS_<name>_<flow>, Makefile cfg_test / cfg_runs)."""
    offline = set(T.get("offline_flows") or {})
    pairs = [(n, f) for n, c in CONFIGS.items() for f in c.get("flows", []) if f not in offline]
    names = ["TEST_TARGETS"] + ["CFG_TARGETS_%s_%s" % (n, f.replace("-", "_")) for n, f in pairs]
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
    r = subprocess.run(["make", "-s", "--no-print-directory", "-C", ROOT] + ["print-" + v for v in names],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    lines = r.stdout.split("\n")[:len(names)]
    if r.returncode or len(lines) != len(names):
        return [(False, "make print-TEST_TARGETS / print-CFG_TARGETS_*: %s" % r.stdout.strip()[-300:])]
    test = set(lines[0].split())
    got = {p: l.split() for p, l in zip(pairs, lines[1:])}
    res = []
    for n, c in CONFIGS.items():
        fl = c.get("flows", [])
        bad = [f for f in fl if f not in offline and not (got[(n, f)] and set(got[(n, f)]) <= test)]
        run = sorted({t for f in fl if f not in offline for t in got[(n, f)]})
        ok = bool(fl) and not bad
        if ok:
            msg = ("runs in make test: " + " ".join(run)) if run else \
                "is for offline flows only (%s): no make test target needed" % ", ".join(fl)
        else:
            msg = ("has NO make test target for flow %s (derive it from CFG_FLOW_%s_<flow> in sim/*.mk, "
                   "Makefile cfg_test)" % (", ".join(bad), c["top"])) if bad else "names no flow"
        res.append((ok, "configuration %s %s" % (n, msg)))
    return res


def check_rtl():
    """[(ok, message)]: RTL defaults and traps equal the table."""
    res = []
    for top, t in TOPS.items():
        if top == "soc_top":
            continue
        for f in files(top) + files(top, "cmodel"):
            res.append((os.path.exists(os.path.join(ROOT, f)), "%s: file %s exists" % (top, f)))
        # pmu_core's, dc_top's parameter lists and pmu_core's traps are
        # generated (RTL_BLOCKS, outputs(): their staleness is checked)
        got = defaults(top) if top in RTL_BLOCKS else rtl_params(top)
        if got is None:
            res.append((False, "%s: module parameter list not found in %s" % (top, " ".join(files(top)))))
            continue
        want = defaults(top)
        if top not in RTL_BLOCKS:
            res.append((got == want, "%s: RTL parameters and defaults %s the table%s" % (
                top, "equal" if got == want else "DIFFER from",
                "" if got == want else " (RTL %s, table %s)" % (got, want))))
        if t.get("params") and (top == "dc_top" or t.get("trap") and "traps" not in RTL_BLOCKS.get(top, ())):
            text = " ".join(open(os.path.join(ROOT, f)).read() for f in files(top))
            miss = [trap_name(top, k) for k in t["params"] if trap_name(top, k) not in text]
            miss += [r["rule"] for r in t.get("cross_rules", []) if r["rule"] not in text]
            res.append((not miss, "%s: every trap rule of the table is in the RTL%s" % (
                top, "" if not miss else ": MISSING " + ", ".join(miss))))
    listed = {f for top in TOPS for f in files(top)}
    unlisted = sorted(os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, "rtl", "*.v"))
                      if os.path.relpath(f, ROOT) not in listed)
    res.append((not unlisted, "every rtl/*.v is in a top's file list%s" % (
        "" if not unlisted else ": NOT LISTED " + " ".join(unlisted) + " (add it to config/pmu_ip.yaml)")))
    for n, c in CONFIGS.items():
        bad = violations(c["top"], full(n))
        res.append((not bad, "configuration %s is legal%s" % (n, "" if not bad else ": BAD " + ", ".join(bad))))
    # maxima the register headers define (from regs/*.rdl) equal the table's
    for top, prefix in (("pmu_core", "PMU"), ("dc_top", "DC")):
        regs = open(os.path.join(ROOT, "cmodel", "%s_regs.h" % prefix.lower())).read()
        for k, p in params(top).items():
            m = re.search(r"#define %s (\d+)u?" % p.get("regs_max", "%s_%s_MAX" % (prefix, k)), regs)
            if m and "max" in p:
                res.append((int(m.group(1)) == p["max"], "cmodel/%s_regs.h %s = %s, table max of %s %d" % (
                    prefix.lower(), p.get("regs_max", "%s_%s_MAX" % (prefix, k)), m.group(1), k, p["max"])))
    # the C structs list their fields in the table's order (positional initializers)
    for top, hdr in (("pmu_core", "cmodel/pmu_model.h"), ("dc_top", "cmodel/dc_model.h")):
        st = TOPS[top]["cstruct"]
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", open(os.path.join(ROOT, hdr)).read(), flags=re.S)
        m = re.search(r"typedef struct\s*\{([^}]*)\}\s*%s;" % st, text)
        fields = re.findall(r"(\w+)\s*[,;]", m.group(1)) if m else []
        want = [p["c"] for p in params(top).values()]
        res.append((fields == want, "%s (%s): fields %s the table's order" % (st, hdr, "in" if fields == want
                                                                                  else "NOT in")))
    return res


def check_core_files():
    """No FuseSoC target of a generated core lists a file twice (its filesets
    together): a module declared twice fails in every tool."""
    res = []
    for fname in CORES:
        fs = {name: fl for name, _, fl, _ in CORES[fname]["filesets"]}
        text = gen_core(fname)
        for tgt, sets in re.findall(r"(?m)^  (\w+):\n(?:    .*\n)*?    filesets: \[([^\]]*)\]", text):
            names = [x.strip() for x in sets.split(",") if x.strip()]
            fl = [f for n in names for f in fs.get(n, [])]
            dup = sorted({f for f in fl if fl.count(f) > 1})
            res.append((not dup, "%s target %s: every file once%s" % (fname, tgt, " (twice: %s)" % ", ".join(dup)
                                                                       if dup else "")))
    return res
