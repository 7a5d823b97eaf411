#!/usr/bin/env python3
"""Yosys area flow of pmu-ip: cells, flip-flops and NAND2 equivalents.

`make synth` runs this script with no arguments. It synthesizes every entry
of CONFIGS (below) with Yosys (`yosys` from PATH; written for Yosys 0.23),
one run per configuration, sequentially, and prints two Markdown tables:

  * per block (one row per module of the hierarchy, parameterized modules
    mapped back to their base name) for the configurations that ask for it;
  * totals of all configurations (the parameter sweep).

The same text goes to synth/reports/area.md. Work files (Yosys script, log,
`stat -json`, instance dump) are kept in build/synth/<config>/.

Flow per configuration (template synth/synth.ys):
  read_verilog; hierarchy -top T -chparam ...; synth -top T -noabc;
  abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; opt -fast; stat -json
The hierarchy is kept (no -flatten) so that a per-block breakdown comes out
of the same run as the totals; totals therefore do not include optimization
across module boundaries (see the notes in the report).

NAND2 equivalents: every Yosys internal cell type is weighted by the area of
the standard cell(s) that implement it in the NanGate FreePDK45 Open Cell
Library (X1 drive strengths), divided by the area of NAND2_X1 (LIB_AREA and
CELL_FAMILIES below). A cell type without a weight, and any cell that is not
a Yosys gate or flip-flop (a black box, a coarse $add left unmapped...),
stops the script with an error. Flip-flops = all $_FF_/$_DFF*/$_DFFE*/
$_SDFF*/$_DFFSR*/$_ALDFF* cells; latches are counted separately and warned
about.

Adding designs: append entries to CONFIGS, e.g. for another top
    Config("dc default", top="pmu_dc", files=DC_SRCS, params={},
           tables=("blocks", "sweep"))
`tables` selects the per-block table ("blocks") and/or the totals table
("sweep"). Identical configurations (same top, files, include dirs,
parameters, flatten) are synthesized only once.

Command line:
  run_synth.py                       all CONFIGS, tables to stdout and
                                     synth/reports/area.md
  run_synth.py --only LABEL ...      only the named CONFIGS entries
                                     (report written only with --report)
  run_synth.py --list                list CONFIGS
  run_synth.py --top X --files a.v b.v [--incdir D ...] [--define N[=V]]
               [--param K=V ...] [--label L] [--flatten] [--report F]
                                     one ad-hoc configuration on any top
  run_synth.py --check               sanity test (`make synth-check`):
                                     small pmu_core configurations, the
                                     flip-flop count of every block and of
                                     the flattened design must equal the
                                     number of state bits of the RTL; last
                                     line "N passed, N failed"
Other options: --yosys PATH, --workdir DIR (default build/synth),
--gates LIST (abc -g list).

Environment: RTL_SRCS (space separated) overrides the pmu_core source list
(synth/synth.mk passes the Makefile's RTL_SRCS).
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "synth", "synth.ys")
DEFAULT_REPORT = os.path.join(ROOT, "synth", "reports", "area.md")
DEFAULT_WORKDIR = os.path.join(ROOT, "build", "synth")
DEFAULT_GATES = "AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX"

# ----------------------------------------------------------------- designs
CORE_SRCS = os.environ.get("RTL_SRCS", "").split() or [
    "rtl/pmu_core.v", "rtl/pmu_apb.v", "rtl/pmu_escr.v", "rtl/pmu_counter.v",
    "rtl/pmu_threshold.v", "rtl/pmu_qualifier.v", "rtl/pmu_event_mux.v",
    "rtl/pmu_flop_decode.v", "rtl/pmu_sample.v", "rtl/pmu_yield.v"]


class Config:
    """One synthesis run: a top module, its sources and parameter overrides."""

    def __init__(self, label, top, files, params=None, incdirs=("rtl",),
                 defines=(), flatten=False, tables=("sweep",)):
        self.label = label
        self.top = top
        self.files = list(files)
        self.params = dict(params or {})
        self.incdirs = list(incdirs)
        self.defines = list(defines)
        self.flatten = flatten
        self.tables = tuple(tables)

    def key(self):
        return (self.top, tuple(self.files), tuple(self.incdirs),
                tuple(self.defines), tuple(sorted(self.params.items())),
                self.flatten)

    def slug(self):
        s = re.sub(r"[^A-Za-z0-9_.=-]+", "_", self.label).strip("_")
        return s or self.top

    def overrides(self):
        return " ".join("%s=%s" % kv for kv in self.params.items()) or "-"


# pmu_core defaults: NT=2 NC=8 CW=40 NCLS=64 NRET=4. The default run is
# shared by the per-block table and the sweep.
CONFIGS = [
    Config("pmu_core default", "pmu_core", CORE_SRCS, {},
           tables=("blocks", "sweep")),
    Config("pmu_core NC=4", "pmu_core", CORE_SRCS, {"NC": 4}),
    Config("pmu_core NC=16", "pmu_core", CORE_SRCS, {"NC": 16}),
    Config("pmu_core CW=48", "pmu_core", CORE_SRCS, {"CW": 48}),
    Config("pmu_core CW=64", "pmu_core", CORE_SRCS, {"CW": 64}),
]

# Sanity-test configurations (--check): small and quick. Each is synthesized
# twice, hierarchical (per-block flip-flop counts) and flattened (state must
# survive optimization across module boundaries).
CHECK_CONFIGS = [
    Config("check NT=1 NC=1 CW=33 NCLS=4", "pmu_core", CORE_SRCS,
           {"NT": 1, "NC": 1, "CW": 33, "NCLS": 4}),
    Config("check NT=3 NC=2 CW=64 NCLS=4 NRET=1", "pmu_core", CORE_SRCS,
           {"NT": 3, "NC": 2, "CW": 64, "NCLS": 4, "NRET": 1}),
]


def pmu_core_state_bits(base, mp, tp):
    """Flip-flops per instance the pmu_core RTL holds in module `base`.

    mp: parameters of that module instance, tp: parameters of pmu_core.
    Derived from rtl/*.v:
      pmu_apb        rshadow_q[31:0] + wstage_q[31:0]                = 64
      pmu_escr       es 6 + ie 1 + edge 1 + inv 1 + thr 8 + em 16
                     + eq 2*NT                                       = 33+2NT
      pmu_threshold  prev_q                                          = 1
      pmu_counter    cnt_o[W-1:0]: W=CW per event counter, W=64 TSC
      pmu_core glue  gen_q + uen_q 2, cnten_q NC, ovf_q NC           = 2+2NC
      pmu_event_mux, pmu_qualifier, pmu_flop_decode: combinational
    Returns None for a module the RTL does not have.
    """
    return {"pmu_apb": lambda: 64,
            "pmu_escr": lambda: 33 + 2 * mp["NT"],
            "pmu_threshold": lambda: 1,
            "pmu_counter": lambda: mp["W"],
            "pmu_core": lambda: 2 + 2 * tp["NC"],
            # MMCR 1+1+1+1+1+2+16, PMSTAT 2, SIAR/SDAR 128 = 153,
            # XCTL 5 per counter
            "pmu_sample": lambda: 153 + 5 * tp["NC"],
            # ring block bits 2; per channel valid/act/yer/any 4, sid 8,
            # schema vector+mask 2*25, sample-after + down-counter 64,
            # missed 16, target 64 = 206; 2 rings x NCH channels
            "pmu_yield": lambda: 2 + 412 * tp["NCH"],
            "pmu_event_mux": lambda: 0,
            "pmu_qualifier": lambda: 0,
            "pmu_flop_decode": lambda: 0}.get(base, lambda: None)()


def pmu_core_total_state_bits(tp):
    """All state bits of pmu_core: each block's bits times its instance count
    (NC event counters with their threshold and ESCR, one 64-bit TSC counter,
    one each of the other blocks)."""
    def per(base, **mp):
        return pmu_core_state_bits(base, mp, tp)
    return (tp["NC"] * (per("pmu_counter", W=tp["CW"]) + per("pmu_threshold")
                        + per("pmu_escr", NT=tp["NT"]))
            + per("pmu_counter", W=64) + per("pmu_apb") + per("pmu_core")
            + per("pmu_sample") + per("pmu_yield"))


# ------------------------------------------------------- NAND2 equivalents
# NanGate FreePDK45 Open Cell Library (NangateOpenCellLibrary_typical),
# cell areas in um^2, X1 drive strength.
LIB_AREA = {
    "INV_X1": 0.532, "BUF_X1": 0.798, "NAND2_X1": 0.798, "NOR2_X1": 0.798,
    "AND2_X1": 1.064, "OR2_X1": 1.064, "XOR2_X1": 1.596, "XNOR2_X1": 1.596,
    "MUX2_X1": 1.862, "AOI21_X1": 1.064, "OAI21_X1": 1.064,
    "AOI22_X1": 1.330, "OAI22_X1": 1.330, "TBUF_X1": 1.596,
    "DLH_X1": 2.926, "DFF_X1": 4.522, "DFFR_X1": 5.320, "DFFS_X1": 5.320,
    "DFFRS_X1": 6.384,
}
NAND2_AREA = LIB_AREA["NAND2_X1"]
WEIGHTS_SOURCE = ("NanGate FreePDK45 Open Cell Library X1 cell areas / "
                  "NAND2_X1 (%.3f um^2)" % NAND2_AREA)

# Yosys internal cell type (regex) -> cells that implement it, kind.
# Kinds: "comb", "ff" (flip-flop), "latch". The library has no enable,
# sync-reset or and-with-inverted-input cells, so those are composites
# (an enable flip-flop is the flop plus a MUX2 in front of D).
CELL_FAMILIES = [
    (r"\$_BUF_", ["BUF_X1"], "comb"),
    (r"\$_NOT_", ["INV_X1"], "comb"),
    (r"\$_(NAND|NOR)_", ["NAND2_X1"], "comb"),
    (r"\$_(AND|OR)_", ["AND2_X1"], "comb"),
    (r"\$_(ANDNOT|ORNOT)_", ["INV_X1", "NOR2_X1"], "comb"),  # A&~B = ~(~A|B)
    (r"\$_(XOR|XNOR)_", ["XOR2_X1"], "comb"),
    (r"\$_MUX_", ["MUX2_X1"], "comb"),
    (r"\$_NMUX_", ["MUX2_X1", "INV_X1"], "comb"),
    (r"\$_(AOI3|OAI3)_", ["AOI21_X1"], "comb"),
    (r"\$_(AOI4|OAI4)_", ["AOI22_X1"], "comb"),
    (r"\$_MUX4_", ["MUX2_X1"] * 3, "comb"),
    (r"\$_MUX8_", ["MUX2_X1"] * 7, "comb"),
    (r"\$_MUX16_", ["MUX2_X1"] * 15, "comb"),
    (r"\$_TBUF_", ["TBUF_X1"], "comb"),
    (r"\$_(FF|DFF_[NP])_", ["DFF_X1"], "ff"),
    (r"\$_DFF_[NP][NP][01]_", ["DFFR_X1"], "ff"),
    (r"\$_DFFE_[NP][NP]_", ["DFF_X1", "MUX2_X1"], "ff"),
    (r"\$_DFFE_[NP][NP][01][NP]_", ["DFFR_X1", "MUX2_X1"], "ff"),
    (r"\$_DFFSR_[NP]{3}_", ["DFFRS_X1"], "ff"),
    (r"\$_DFFSRE_[NP]{4}_", ["DFFRS_X1", "MUX2_X1"], "ff"),
    (r"\$_SDFF_[NP][NP][01]_", ["DFF_X1", "AND2_X1"], "ff"),
    (r"\$_SDFFC?E_[NP][NP][01][NP]_", ["DFF_X1", "MUX2_X1", "AND2_X1"], "ff"),
    (r"\$_ALDFF_[NP][NP]_", ["DFFRS_X1", "MUX2_X1"], "ff"),
    (r"\$_ALDFFE_[NP]{3}_", ["DFFRS_X1", "MUX2_X1", "MUX2_X1"], "ff"),
    (r"\$_DLATCH_[NP]_", ["DLH_X1"], "latch"),
    (r"\$_DLATCH_[NP][NP][01]_", ["DLH_X1", "AND2_X1"], "latch"),
    (r"\$_DLATCHSR_[NP]{3}_", ["DLH_X1", "AND2_X1", "OR2_X1"], "latch"),
    (r"\$_SR_[NP][NP]_", ["NAND2_X1", "NAND2_X1"], "latch"),
]


class SynthError(Exception):
    pass


def cell_info(ctype):
    """(NAND2 weight, kind, implementing cells) of a Yosys cell type."""
    for pat, cells, kind in CELL_FAMILIES:
        if re.fullmatch(pat, ctype):
            w = round(sum(LIB_AREA[c] for c in cells) / NAND2_AREA, 2)
            return w, kind, cells
    raise SynthError("no NAND2 weight for cell type %r: add it to "
                     "CELL_FAMILIES in synth/run_synth.py" % ctype)


# ----------------------------------------------------------------- running
def yosys_version(yosys):
    try:
        out = subprocess.run([yosys, "-V"], capture_output=True, text=True,
                             check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as e:
        raise SynthError("cannot run %r (make deps-synth): %s" % (yosys, e))
    return out


def chparam_args(params):
    out = []
    for k, v in params.items():
        if isinstance(v, str) and not re.fullmatch(r"-?\d+", v):
            v = '"%s"' % v
        out += ["-chparam", k, str(v)]
    return " ".join(out)


def run_config(cfg, args):
    """Synthesize one configuration; return the parsed result."""
    wd = os.path.join(args.workdir, cfg.slug())
    os.makedirs(wd, exist_ok=True)
    files = {
        "STAT_JSON": os.path.join(wd, "stat.json"),
        "STAT_TXT": os.path.join(wd, "stat.txt"),
        "INST_IL": os.path.join(wd, "instances.il"),
    }
    for f in files.values():
        if os.path.exists(f):
            os.remove(f)
    read_opts = ["-I" + d for d in cfg.incdirs] + ["-D" + d for d in cfg.defines]
    subst = dict(files)
    subst.update({
        "READ_OPTS": " ".join(read_opts),
        "FILES": " ".join(cfg.files),
        "TOP": cfg.top,
        "CHPARAMS": chparam_args(cfg.params),
        "FLATTEN": "-flatten" if cfg.flatten else "",
        "GATES": args.gates,
    })
    with open(TEMPLATE) as f:
        script = f.read()
    script = re.sub(r"@([A-Z_]+)@", lambda m: subst[m.group(1)], script)
    ys = os.path.join(wd, "synth.ys")
    log = os.path.join(wd, "yosys.log")
    with open(ys, "w") as f:
        f.write(script)
    t0 = time.time()
    p = subprocess.run([args.yosys, "-q", "-l", log, ys], cwd=ROOT,
                       capture_output=True, text=True)
    secs = time.time() - t0
    if p.returncode != 0 or not os.path.exists(files["STAT_JSON"]):
        tail = (p.stdout + p.stderr).strip().splitlines()[-15:]
        raise SynthError("yosys failed on %s (exit %d, log %s):\n  %s" % (
            cfg.label, p.returncode, os.path.relpath(log, ROOT),
            "\n  ".join(tail)))
    with open(files["STAT_JSON"]) as f:
        stat = json.load(f)
    with open(files["INST_IL"]) as f:
        inst = parse_dump(f.read())
    res = analyse(cfg, stat, inst)
    res["secs"] = secs
    res["warnings"] = count_check_problems(log)
    return res


def count_check_problems(log):
    n = 0
    with open(log, errors="replace") as f:
        for line in f:
            m = re.match(r"Found and reported (\d+) problems", line)
            if m:
                n = int(m.group(1))
    return n


def unescape(name):
    return name[1:] if name.startswith("\\") else name


def parse_dump(text):
    """RTLIL dump -> {module: {"params": {..}, "cells": [(type, name)]}}."""
    mods, cur = {}, None
    for line in text.splitlines():
        tok = line.split()
        if not tok:
            continue
        if tok[0] == "module":
            cur = mods.setdefault(unescape(tok[1]), {"params": {}, "cells": []})
        elif cur is not None and tok[0] == "parameter" and len(tok) >= 3:
            cur["params"][unescape(tok[1])] = " ".join(tok[2:])
        elif cur is not None and tok[0] == "cell" and len(tok) >= 3:
            cur["cells"].append((unescape(tok[1]), unescape(tok[2])))
    return mods


def base_name(mod):
    """$paramod$<hash>\\name or $paramod\\name\\P=V... -> name."""
    if mod.startswith("$paramod"):
        rest = mod[len("$paramod"):]
        if rest.startswith("$"):
            rest = rest[rest.index("\\"):]
        return rest.lstrip("\\").split("\\")[0]
    return unescape(mod)


def param_value(v):
    try:
        return int(v)
    except ValueError:
        m = re.fullmatch(r"(\d+)'([01xz]+)", v)
        if m and set(m.group(2)) <= {"0", "1"}:
            return int(m.group(2), 2)
        return v.strip('"')


def analyse(cfg, stat, inst):
    """Per-module own cells/FFs/NAND2, instance counts and totals."""
    mods = stat["modules"]
    names = {unescape(m) for m in mods}
    top = cfg.top
    if top not in names:
        cands = [m for m in names if base_name(m) == top]
        if len(cands) != 1:
            raise SynthError("top %s not found in stat output" % top)
        top = cands[0]
    own, children = {}, {}
    for m, s in mods.items():
        m = unescape(m)
        o = {"cells": 0, "ffs": 0, "latches": 0, "nand2": 0.0, "types": {}}
        ch = {}
        for ctype, n in s.get("num_cells_by_type", {}).items():
            if unescape(ctype) in names:
                ch[unescape(ctype)] = ch.get(unescape(ctype), 0) + n
                continue
            w, kind, _ = cell_info(ctype)
            o["cells"] += n
            o["nand2"] += w * n
            o["ffs"] += n if kind == "ff" else 0
            o["latches"] += n if kind == "latch" else 0
            o["types"][ctype] = o["types"].get(ctype, 0) + n
        own[m], children[m] = o, ch
    # modules under the top (breadth first), then instance counts
    order = [top]
    i = 0
    while i < len(order):
        for c in children[order[i]]:
            if c not in order:
                order.append(c)
        i += 1
    # topological accumulation: a module's count is final once all of its
    # parents have been processed
    indeg = {m: 0 for m in order}
    for m in order:
        for c in children[m]:
            indeg[c] += 1
    ready, done = [top], []
    count = {m: 0 for m in order}
    count[top] = 1
    while ready:
        m = ready.pop()
        done.append(m)
        for c, n in children[m].items():
            count[c] += count[m] * n
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)
    if len(done) != len(order):
        raise SynthError("cyclic module hierarchy?")
    # instance paths (for labels): walk the instance dump
    paths = {m: [] for m in order}

    def walk(m, prefix):
        for ctype, cname in inst.get(m, {}).get("cells", []):
            if ctype in paths:
                p = prefix + cname
                paths[ctype].append(p)
                walk(ctype, p + ".")
    walk(top, "")
    tot = {"cells": 0, "ffs": 0, "latches": 0, "nand2": 0.0, "types": {}}
    for m in order:
        for k in ("cells", "ffs", "latches", "nand2"):
            tot[k] += own[m][k] * count[m]
        for t, n in own[m]["types"].items():
            tot["types"][t] = tot["types"].get(t, 0) + n * count[m]
    # cross-check against Yosys' own flattened statistics
    design = stat.get("design", {}).get("num_cells_by_type")
    if design is not None:
        flat = {t: n for t, n in design.items() if unescape(t) not in names}
        if flat != tot["types"]:
            raise SynthError("hierarchy accounting does not match stat -top "
                             "for %s" % cfg.label)
    params = {}
    for m, d in inst.items():
        params[m] = {k: param_value(v) for k, v in d["params"].items()}
    return {"cfg": cfg, "top": top, "order": order, "own": own,
            "count": count, "paths": paths, "params": params, "total": tot}


# ----------------------------------------------------------------- tables
def block_rows(res):
    """Rows of the per-block table: base names, variants split by params."""
    order, own, count = res["order"], res["own"], res["count"]
    by_base = {}
    for m in order:
        if m == res["top"]:
            continue
        by_base.setdefault(base_name(m), []).append(m)
    rows = []
    for base, variants in by_base.items():
        diff = []
        if len(variants) > 1:
            keys = set()
            for v in variants:
                keys |= set(res["params"].get(v, {}))
            for k in sorted(keys):
                vals = {str(res["params"].get(v, {}).get(k)) for v in variants}
                if len(vals) > 1:
                    diff.append(k)
        for idx, v in enumerate(variants):
            name = base
            if len(variants) > 1:
                pv = res["params"].get(v, {})
                name += " " + (" ".join("%s=%s" % (k, pv.get(k)) for k in diff)
                               if diff else "#%d" % (idx + 1))
            rows.append((name, v))
    rows.append((base_name(res["top"]) + " (top-level glue)", res["top"]))
    out = []
    for name, m in rows:
        o, n = own[m], count[m]
        out.append({"block": name, "module": m, "inst": n,
                    "where": path_patterns(res["paths"].get(m, [])),
                    "cells1": o["cells"], "ffs1": o["ffs"], "nand1": o["nand2"],
                    "cells": o["cells"] * n, "ffs": o["ffs"] * n,
                    "nand2": o["nand2"] * n, "latches": o["latches"] * n})
    return out


def path_patterns(paths, limit=2):
    pats = []
    for p in paths:
        q = re.sub(r"\[\d+\]", "[*]", p)
        if q not in pats:
            pats.append(q)
    if not pats:
        return "-"
    s = ", ".join(pats[:limit])
    return s + (", ..." if len(pats) > limit else "")


def fmt_table(header, rows, align):
    """Aligned Markdown table. align: string of 'l'/'r' per column."""
    cols = list(zip(*([header] + rows)))
    width = [max(len(str(c)) for c in col) for col in cols]

    def line(cells):
        out = []
        for c, w, a in zip(cells, width, align):
            out.append(str(c).ljust(w) if a == "l" else str(c).rjust(w))
        return "| " + " | ".join(out) + " |"
    sep = "|" + "|".join(("-" * (w + 1) + ":") if a == "r" else ("-" * (w + 2))
                         for w, a in zip(width, align)) + "|"
    return "\n".join([line(header), sep] + [line(r) for r in rows])


def f1(x):
    return "%.1f" % x


def f0(x):
    return "{:,}".format(int(round(x)))


def blocks_table(res):
    rows = block_rows(res)
    tot = res["total"]
    body = []
    for r in rows:
        body.append([r["block"], r["where"], r["inst"], f0(r["cells1"]),
                     r["ffs1"], f1(r["nand1"]), f0(r["cells"]), f0(r["ffs"]),
                     f0(r["nand2"]),
                     "%.1f%%" % (100.0 * r["nand2"] / tot["nand2"])])
    body.append(["TOTAL", "", sum(r["inst"] for r in rows), "", "", "",
                 f0(tot["cells"]), f0(tot["ffs"]), f0(tot["nand2"]), "100.0%"])
    hdr = ["Block", "Instances", "#", "Cells/inst", "FFs/inst", "NAND2/inst",
           "Cells", "FFs", "NAND2-eq", "Share"]
    return fmt_table(hdr, body, "llrrrrrrrr")


def sweep_table(results, ref):
    body = []
    shown = []   # parameters overridden anywhere in the sweep
    for r in results:
        for k in r["cfg"].params:
            if k not in shown:
                shown.append(k)
    for r in results:
        t = r["total"]
        p = r["params"].get(r["top"], {})
        eff = " ".join("%s=%s" % (k, p[k]) for k in shown if k in p)
        body.append([r["cfg"].label, r["cfg"].overrides(), eff or "-",
                     f0(t["cells"]), f0(t["ffs"]), f0(t["nand2"]),
                     "%+.1f%%" % (100.0 * (t["nand2"] / ref["total"]["nand2"] - 1))
                     if ref else "-"])
    hdr = ["Configuration", "Overrides", "Effective", "Cells", "FFs",
           "NAND2-eq", "vs first"]
    return fmt_table(hdr, body, "lllrrrr")


def weights_table(results):
    seen = set()
    for r in results:
        seen |= set(r["total"]["types"])
    first = results[0]["total"]["types"] if results else {}
    body = []
    for t in sorted(seen):
        w, kind, cells = cell_info(t)
        n = first.get(t, 0)
        body.append([t, kind, " + ".join(cells), "%.2f" % w, f0(n),
                     f0(n * w)])
    hdr = ["Yosys cell", "Kind", "NanGate45 cells", "NAND2 weight",
           "Count (%s)" % results[0]["cfg"].label if results else "Count",
           "NAND2-eq"]
    return fmt_table(hdr, body, "lllrrr")


def all_weights_text():
    lines = []
    for pat, cells, kind in CELL_FAMILIES:
        w = sum(LIB_AREA[c] for c in cells) / NAND2_AREA
        lines.append("  %-30s %-5s %-28s %5.2f" % (
            pat.replace("\\", ""), kind, " + ".join(cells), w))
    return "\n".join(lines)


# ----------------------------------------------------------------- modes
def run_tables(configs, args, report):
    version = yosys_version(args.yosys)
    t_all = time.time()
    uniq, results = {}, {}
    for cfg in configs:
        k = cfg.key()
        if k in uniq:
            results[cfg.label] = dict(uniq[k], cfg=cfg)
            print("synth: %-22s same design as %s, reused" % (
                cfg.label, uniq[k]["cfg"].label), file=sys.stderr)
            continue
        print("synth: %-22s yosys ..." % cfg.label, file=sys.stderr, flush=True)
        res = run_config(cfg, args)
        print("synth: %-22s %6.1f s  %s cells, %s FFs" % (
            cfg.label, res["secs"], f0(res["total"]["cells"]),
            f0(res["total"]["ffs"])), file=sys.stderr, flush=True)
        uniq[k] = res
        results[cfg.label] = res
    total_secs = time.time() - t_all

    out = []
    out.append("# pmu-ip synthesis area report")
    out.append("")
    out.append("%s; gates: abc -g %s; NAND2-eq weights: %s."
               % (version, args.gates, WEIGHTS_SOURCE))
    out.append("Generated by `make synth` (synth/run_synth.py, template "
               "synth/synth.ys); hierarchy kept unless flattened.")
    latch_total = 0
    for cfg in configs:
        if "blocks" not in cfg.tables:
            continue
        r = results[cfg.label]
        p = r["params"].get(r["top"], {})
        ptxt = " ".join("%s=%s" % kv for kv in p.items())
        out.append("")
        out.append("## %s: per block (%s)" % (cfg.label, ptxt or cfg.overrides()))
        out.append("")
        if cfg.flatten:
            out.append("(flattened: no per-block breakdown)")
        out.append(blocks_table(r))
        latch_total += r["total"]["latches"]
    sweep = [results[c.label] for c in configs if "sweep" in c.tables]
    if sweep:
        out.append("")
        out.append("## Configuration sweep: totals")
        out.append("")
        out.append(sweep_table(sweep, sweep[0]))
    ordered = [results[c.label] for c in configs]
    out.append("")
    out.append("## NAND2-equivalent weights (cell types in these netlists)")
    out.append("")
    out.append(weights_table(ordered))
    for r in ordered:
        if r["total"]["latches"]:
            out.append("")
            out.append("WARNING: %s contains %d latch cells" % (
                r["cfg"].label, r["total"]["latches"]))
        if r["warnings"]:
            out.append("")
            out.append("WARNING: yosys `check` reported %d problems for %s "
                       "(see its log)" % (r["warnings"], r["cfg"].label))
    text = "\n".join(out) + "\n"
    notes = NOTES % {"nand2": NAND2_AREA, "families": all_weights_text()}
    print(text, end="")
    print("synth: %d configurations, %d yosys runs, %.0f s" % (
        len(configs), len(uniq), total_secs))
    if report:
        os.makedirs(os.path.dirname(os.path.abspath(report)), exist_ok=True)
        with open(report, "w") as f:
            f.write(text + notes)
        print("synth: report written to %s" % os.path.relpath(report, ROOT))
    return 0


NOTES = """
## Notes

* Flow per configuration (synth/synth.ys): `read_verilog`; `hierarchy -check
  -top <top> -chparam ...`; `synth -top <top> -noabc`; `abc -g <gates>`;
  `opt -fast`; `opt_clean`; `check`; `stat -json -top <top>`. One Yosys run
  per distinct configuration, run one after the other.
* The hierarchy is kept, so each uniquified module (`$paramod...`) is
  synthesized once and its cells are multiplied by its instance count (the
  script checks that this equals Yosys' own `stat -top` totals). Constants
  tied at a module boundary are not propagated into the module (for example
  the TSC instance of pmu_counter keeps its clear/preset/enable logic
  although clr_i/en_i/inc_i are constants); a flattened run would be
  somewhat smaller.
* Parameterized modules are mapped back to their base name; a base module
  with several parameter sets gets one row per set (the parameters that
  differ are shown, e.g. pmu_counter W=64 is the TSC).
* ABC maps with Yosys' unit gate costs (a MUX costs ABC about as much as an
  AND), not with the weights below, so the gate mix is not area-optimal for
  this metric. Absolute numbers are estimates for comparing blocks and
  configurations, not sign-off areas.
* Flip-flops: every `$_FF_`, `$_DFF*`, `$_DFFE*`, `$_SDFF*`, `$_DFFSR*`,
  `$_ALDFF*` cell. `make synth-check` verifies on small configurations that
  this equals the number of state bits of the RTL (no state optimized away).

### Weight table

NAND2-eq = (sum of the NanGate FreePDK45 X1 cell areas that implement the
Yosys cell) / NAND2_X1 area (%(nand2).3f um^2). Areas used (um^2): INV 0.532,
BUF 0.798, NAND2/NOR2 0.798, AND2/OR2 1.064, XOR2/XNOR2 1.596, MUX2 1.862,
AOI21/OAI21 1.064, AOI22/OAI22 1.330, TBUF 1.596, DLH 2.926, DFF 4.522,
DFFR/DFFS 5.320, DFFRS 6.384. The library has no enable flip-flop: an
enable flop is counted as flop + MUX2 (clock gating would save most of the
MUX2 but adds an integrated clock gate per register group).

```
%(families)s
```
"""


def run_check(args):
    passed = failed = 0

    def result(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
        print("%s: %s" % ("PASS" if ok else "FAIL", what), flush=True)

    try:
        print(yosys_version(args.yosys), flush=True)
    except SynthError as e:
        print("FAIL: %s" % e)
        print("0 passed, 1 failed")
        return 1
    defaults = {"NT": 2, "NC": 8, "CW": 40, "NCLS": 64, "NRET": 4, "NCH": 4}
    for chk in CHECK_CONFIGS:
        for flatten in (False, True):
            cfg = Config(chk.label + (" flat" if flatten else ""), chk.top,
                         chk.files, chk.params, chk.incdirs, chk.defines,
                         flatten=flatten)
            try:
                res = run_config(cfg, args)
            except SynthError as e:
                result(False, "%s: %s" % (cfg.label, e))
                continue
            tp = dict(defaults)
            tp.update(chk.params)
            total = pmu_core_total_state_bits(tp)
            got = res["total"]["ffs"]
            result(got == total, "%s: %d flip-flops, RTL holds %d state bits "
                   "(%.1f s)" % (cfg.label, got, total, res["secs"]))
            result(res["total"]["latches"] == 0,
                   "%s: %d latches" % (cfg.label, res["total"]["latches"]))
            if flatten:
                continue
            expected_blocks = {"pmu_apb", "pmu_escr", "pmu_threshold",
                               "pmu_counter", "pmu_core", "pmu_event_mux",
                               "pmu_qualifier", "pmu_flop_decode",
                               "pmu_sample", "pmu_yield"}
            seen = {base_name(m) for m in res["order"]}
            result(seen == expected_blocks, "%s: modules %s" % (
                cfg.label, " ".join(sorted(seen))))
            for m in res["order"]:
                bname = base_name(m)
                mp = res["params"].get(m, {})
                exp = pmu_core_state_bits(bname, mp, tp)
                ffs = res["own"][m]["ffs"]
                label = bname + "".join(" %s=%s" % kv for kv in sorted(mp.items())
                                       if kv[0] in ("W", "NT", "NC"))
                result(exp is not None and ffs == exp,
                       "%s: %s x%d has %d flip-flops per instance, RTL %s" % (
                           cfg.label, label, res["count"][m], ffs, exp))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See the module docstring (head of this file) for details.")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--workdir", default=DEFAULT_WORKDIR)
    ap.add_argument("--gates", default=DEFAULT_GATES)
    ap.add_argument("--report", help="write the Markdown report here")
    ap.add_argument("--no-report", action="store_true",
                    help="do not write synth/reports/area.md")
    ap.add_argument("--list", action="store_true", help="list CONFIGS")
    ap.add_argument("--only", nargs="+", metavar="LABEL",
                    help="run only these CONFIGS entries")
    ap.add_argument("--check", action="store_true",
                    help="flip-flop sanity test (make synth-check)")
    ap.add_argument("--top", help="ad-hoc run: top module")
    ap.add_argument("--files", nargs="+", help="ad-hoc run: Verilog sources")
    ap.add_argument("--incdir", action="append", default=None,
                    help="ad-hoc run: include directory (default rtl)")
    ap.add_argument("--define", action="append", default=[],
                    help="ad-hoc run: preprocessor define NAME[=VALUE]")
    ap.add_argument("--param", action="append", default=[], metavar="K=V",
                    help="ad-hoc run: parameter override of the top")
    ap.add_argument("--label", help="ad-hoc run: label")
    ap.add_argument("--flatten", action="store_true",
                    help="ad-hoc run: flatten (totals only)")
    return ap.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    os.chdir(ROOT)
    try:
        if args.check:
            return run_check(args)
        if args.list:
            for c in CONFIGS:
                print("%-22s top=%s params=%s tables=%s" % (
                    c.label, c.top, c.overrides(), ",".join(c.tables)))
            return 0
        if args.top or args.files:
            if not (args.top and args.files):
                raise SynthError("--top and --files go together")
            params = {}
            for kv in args.param:
                k, sep, v = kv.partition("=")
                if not sep:
                    raise SynthError("--param wants K=V, got %r" % kv)
                params[k] = int(v) if re.fullmatch(r"-?\d+", v) else v
            label = args.label or " ".join(
                [args.top] + ["%s=%s" % kv for kv in params.items()])
            cfg = Config(label, args.top, args.files, params,
                         incdirs=args.incdir if args.incdir is not None else ["rtl"],
                         defines=args.define, flatten=args.flatten,
                         tables=("sweep",) if args.flatten else ("blocks", "sweep"))
            return run_tables([cfg], args, args.report)
        configs = CONFIGS
        if args.only:
            labels = {c.label for c in CONFIGS}
            bad = [l for l in args.only if l not in labels]
            if bad:
                raise SynthError("unknown configuration(s) %s; --list shows "
                                 "them" % ", ".join(bad))
            configs = [c for c in CONFIGS if c.label in args.only]
        report = args.report
        if report is None and not args.only and not args.no_report:
            report = DEFAULT_REPORT
        return run_tables(configs, args, report)
    except SynthError as e:
        print("synth: ERROR: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
