#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Yosys area flow of pmu-ip: cells, flip-flops and NAND2 equivalents.

`make synth` runs this script with no arguments. It synthesizes every entry
of CONFIGS (below) with Yosys (`yosys` from PATH; written for Yosys 0.23)
and prints Markdown tables:

  * a summary against the area goals (default + counter areas vs the
    48,000 NAND2-eq goal, per-counter event path vs a plain CSR counter);
  * per block (one row per module of the hierarchy, parameterized modules
    mapped back to their base name) for the configurations that ask for it
    (the default and the default with counter areas, NAREA=4), and the two
    side by side;
  * totals of the parameter sweep (one parameter changed from the default
    per row, plus a minimal configuration);
  * the per-counter cost: marginal area of a counter, (total at NC=16 -
    total at NC=8) / 8, and the per-counter event path (the blocks
    instantiated once per counter) against synth/ref/ref_counter.v;
  * the floor of the default with counter areas: synth/ref/ref_floor.v
    (its readable state in enable flip-flops with an AND-OR read
    multiplexer, the counters' and TSC's adders, the area class
    multiplexers), synthesized in the same run with the readable state bits
    counted in the configuration itself (state_split: flattened, one cell
    per flip-flop bit, the flip-flops in the fan-in of prdata_o), plus its
    other flip-flops at the cost of a plain reset flip-flop.

The same text goes to synth/reports/area.md, whose last line is the source
stamp of synth/report_stamp.py. Work files (Yosys script, log, `stat -json`,
instance dump) are kept in build/synth/<run>/.

Flow (template synth/synth.ys), one Yosys run for all configurations:
  read_verilog; hierarchy -check -top <wrapper>; proc; opt_clean;
  stat -width (RTL state bits); synth -top <wrapper> -noabc;
  abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; opt -fast; stat
The configurations are instantiated side by side in a generated wrapper
module (build/synth/<run>/run_synth_wrap.v), with the hierarchy kept (no
-flatten): Yosys uniquifies each parameter set of a module once, so a block
shared by several configurations (the same pmu_yield, pmu_event_mux, ...) is
synthesized once and counted in each of them, and every configuration's
totals and per-block rows come from the same run. Totals therefore do not
include optimization across module boundaries (see the notes in the
report). Configurations with different include directories or defines, and
flattened ones, get runs of their own. Identical configurations (same top,
files, include dirs, defines, flatten and effective parameters: an override
equal to the top's default is dropped) are synthesized only once.

Before synthesis every configuration is elaborated on its own if the whole
group does not elaborate; one that fails (for example a parameter the RTL
does not have) is reported as "not elaborated" and left out of the run.
Then the script exits with status 1 and does not write the report unless
--allow-failures is given (the report is then not source-stamped).

NAND2 equivalents: every Yosys internal cell type is weighted by the area of
the standard cell(s) that implement it in the NanGate FreePDK45 Open Cell
Library (X1 drive strengths), divided by the area of NAND2_X1 (LIB_AREA and
CELL_FAMILIES below). A cell type without a weight, and any cell that is not
a Yosys gate or flip-flop (a black box, a coarse $add left unmapped...),
stops the script with an error. Flip-flops = all $_FF_/$_DFF*/$_DFFE*/
$_SDFF*/$_DFFSR*/$_ALDFF* cells; latches are counted separately and warned
about.

RTL state bits: after `proc; opt_clean` (before any optimization or
technology mapping) the sum of the WIDTH of every flip-flop cell ($dff,
$adff, $dffe, $adffe, $sdff, $sdffe, $sdffce, $dffsr, $dffsre, $aldff,
$aldffe, $ff) plus memory bits, per module and, multiplied by the instance
counts, per configuration. Nothing about the RTL's registers is written down
in this script.

Adding designs: append entries to CONFIGS, e.g. for another top
    Config("dc default", top="pmu_dc", files=DC_SRCS, params={},
           tables=("blocks", "sweep"))
`tables` selects the per-block table ("blocks") and/or the totals table
("sweep"); "goal" puts it in the table of configurations measured against
the 48,000 NAND2-eq goal; "marginal" and "ref" entries only feed the
per-counter section.
Configurations read in the same run must not define a module twice.

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
                                     small pmu_core configurations, every
                                     block and the flattened design: the
                                     flip-flops after synthesis are the
                                     RTL state bits Yosys finds after
                                     `proc`, matched by register name,
                                     minus registers synthesis proved
                                     constant (named in the PASS line) and
                                     merged duplicates; none lost, none
                                     unnamed; no latches; last line
                                     "N passed, N failed"
Other options: --yosys PATH, --workdir DIR (default build/synth),
--gates LIST (abc -g list), --allow-failures, --no-report.

Environment: RTL_SRCS (space separated) overrides the pmu_core source list
(default: every rtl/pmu_*.v; modules the top does not use are dropped by
`hierarchy`).
"""
import argparse
import glob
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "synth", "synth.ys")
DEFAULT_REPORT = os.path.join(ROOT, "synth", "reports", "area.md")
DEFAULT_WORKDIR = os.path.join(ROOT, "build", "synth")
DEFAULT_GATES = "AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX"
WRAPPER = "run_synth_wrap"

# ----------------------------------------------------------------- designs
CORE_SRCS = os.environ.get("RTL_SRCS", "").split() or sorted(
    os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, "rtl", "pmu_*.v")))
REF_SRCS = ["synth/ref/ref_counter.v"]
FLOOR_SRCS = ["synth/ref/ref_floor.v"]

_defaults_cache = {}


def module_defaults(top, files):
    """Default values of the integer parameters of module `top`, read from
    its parameter port list #(...) in `files` ({} if not found)."""
    key = (top, tuple(files))
    if key in _defaults_cache:
        return _defaults_cache[key]
    out = {}
    for f in files:
        try:
            with open(os.path.join(ROOT, f), errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        text = re.sub(r"//[^\n]*", "", text)
        m = re.search(r"\bmodule\s+%s\s*#\s*\((.*?)\)\s*\(" % re.escape(top),
                      text, re.S)
        if not m:
            continue
        for p in re.finditer(r"\bparameter\s+(?:integer\s+)?(\w+)\s*=\s*(-?\d+)\s*(?=[,)]|$)",
                             m.group(1)):
            out[p.group(1)] = int(p.group(2))
        break
    _defaults_cache[key] = out
    return out


class Config:
    """One synthesis configuration: a top module, its sources and parameter
    overrides."""

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

    def effective_overrides(self):
        """Overrides without those equal to the top's default value."""
        d = module_defaults(self.top, self.files)
        return {k: v for k, v in self.params.items()
                if not (k in d and str(d[k]) == str(v))}

    def key(self):
        return (self.top, tuple(self.files), tuple(self.incdirs),
                tuple(self.defines),
                tuple(sorted((k, str(v)) for k, v in self.effective_overrides().items())),
                self.flatten)

    def group_key(self):
        """Configurations with the same group key share one Yosys run."""
        if self.flatten:
            return ("flat", self.key())
        return ("group", tuple(self.incdirs), tuple(self.defines))

    def slug(self):
        s = re.sub(r"[^A-Za-z0-9_.=-]+", "_", self.label).strip("_")
        return s or self.top

    def overrides(self):
        return " ".join("%s=%s" % kv for kv in self.params.items()) or "-"


def core(label, params, tables=("sweep",)):
    return Config("pmu_core " + label, "pmu_core", CORE_SRCS, params,
                  tables=tables)


# pmu_core defaults: NT=2 NC=8 CW=40 NCLS=64 NRET=4 FLOP_CLASS=63 NCH=4,
# NAREA=1 HAS_SAMPLE=1 HAS_YIELD=1 AW=64. Sweep: one parameter changed from
# the default per row (the default value itself is the "default" row).
CONFIGS = [
    core("default", {}, tables=("blocks", "sweep")),
    core("default NAREA=4", {"NAREA": 4}, tables=("blocks", "sweep")),
    # the CoreSight PMU register view (docs/coresight.md) next to the native one
    core("default VIEW=1", {"VIEW": 1}, tables=("blocks", "sweep")),
    # the RISC-V CSR view (docs/riscv.md): RV64 and RV32 harts
    core("default XLEN=64", {"XLEN": 64}, tables=("blocks", "sweep")),
    core("default XLEN=32", {"XLEN": 32}, tables=("sweep",)),
    core("NC=4", {"NC": 4}),
    core("NC=16", {"NC": 16}),
    core("CW=48", {"CW": 48}),
    core("CW=64", {"CW": 64}),
    core("NT=1", {"NT": 1}),
    core("NT=4", {"NT": 4}),
    core("NCLS=16", {"NCLS": 16}),
    core("NAREA=2", {"NAREA": 2}),
    core("NAREA=8", {"NAREA": 8}),
    core("NCH=1", {"NCH": 1}),
    core("NCH=8", {"NCH": 8}),
    core("HAS_SAMPLE=0", {"HAS_SAMPLE": 0}),
    core("HAS_YIELD=0", {"HAS_YIELD": 0}),
    core("HAS_SAMPLE=0 HAS_YIELD=0", {"HAS_SAMPLE": 0, "HAS_YIELD": 0}),
    core("AW=32", {"AW": 32}),
    core("minimal", {"HAS_SAMPLE": 0, "HAS_YIELD": 0, "AW": 32, "NAREA": 4},
         tables=("sweep", "goal")),
    # counter areas on and the optional blocks narrowed or left out: which
    # configuration meets the 48,000 NAND2-eq goal (section "What the area
    # goal takes")
    core("NAREA=4 AW=32", {"NAREA": 4, "AW": 32}, tables=("goal",)),
    core("NAREA=4 NCH=2", {"NAREA": 4, "NCH": 2}, tables=("goal",)),
    core("NAREA=4 NCH=2 AW=32", {"NAREA": 4, "NCH": 2, "AW": 32}, tables=("goal",)),
    core("NAREA=4 NCH=1 AW=32", {"NAREA": 4, "NCH": 1, "AW": 32}, tables=("goal",)),
    core("NAREA=4 HAS_YIELD=0", {"NAREA": 4, "HAS_YIELD": 0}, tables=("goal",)),
    # second point of the per-counter marginal area with counter areas
    core("NC=16 NAREA=4", {"NC": 16, "NAREA": 4}, tables=("marginal",)),
    # area reference: a plain 40-bit CSR counter (ibex_counter-like)
    Config("ref_counter W=40", "ref_counter", REF_SRCS, {"W": 40},
           tables=("ref",)),
]

# Labels the summary and per-counter sections are computed from.
L_DEFAULT = "pmu_core default"
L_AREAS = "pmu_core default NAREA=4"
L_VIEW = "pmu_core default VIEW=1"
L_RV = "pmu_core default XLEN=64"
L_REF = "ref_counter W=40"
# The area floor of L_AREAS (synth/ref/ref_floor.v): added to a run that
# has L_AREAS, with the readable state bits counted in L_AREAS itself
# (state_split) just before.
L_FLOOR = "ref_floor of pmu_core default NAREA=4"
# Flip-flops of pmu_apb that reach PRDATA as the read multiplexer's control,
# not as data (the registered kind selects, element index, error, access
# phase): wire-name patterns after flattening.
DECODE_WIRES = ["*u_apb.g_k*", "*u_apb.err_q", "*u_apb.idx_q", "*u_apb.setup_q"]
# (name, configuration at NC=8, same at NC=16)
MARGINAL = [("NAREA=1", L_DEFAULT, "pmu_core NC=16"),
            ("NAREA=4", L_AREAS, "pmu_core NC=16 NAREA=4")]
AREA_GOAL = 48000            # NAND2-eq goal of the default with counter areas
EVENT_PATH_GOAL = 5.0        # per-counter event path / ref_counter
# pmu_core default total of the previous synth/reports/area.md (commit
# 88922ef, before counter areas; one Yosys run per configuration). Context
# only: never compared against by the script.
PREVIOUS_REPORT_DEFAULT = 96393

# Sanity-test configurations (--check): small and quick. Each is synthesized
# hierarchical (per-block flip-flop counts; all of them in one Yosys run) and
# flattened (state must survive optimization across module boundaries).
_SMALL = {"NT": 1, "NC": 1, "CW": 33, "NCLS": 4}
CHECK_CONFIGS = [
    Config("check NT=1 NC=1 CW=33 NCLS=4", "pmu_core", CORE_SRCS, _SMALL),
    Config("check NT=3 NC=2 CW=64 NCLS=4 NRET=1", "pmu_core", CORE_SRCS,
           {"NT": 3, "NC": 2, "CW": 64, "NCLS": 4, "NRET": 1}),
    # the optional parameters, with one yield channel per ring (pmu_yield
    # with the default 4 channels triples the run time of a small config)
    Config("check NT=1 NC=2 CW=33 NCLS=4 NCH=1 NAREA=2", "pmu_core", CORE_SRCS,
           dict(_SMALL, NC=2, NCH=1, NAREA=2)),
    Config("check NT=1 NC=1 CW=33 NCLS=4 NCH=1 HAS_SAMPLE=0", "pmu_core",
           CORE_SRCS, dict(_SMALL, NCH=1, HAS_SAMPLE=0)),
    Config("check NT=1 NC=1 CW=33 NCLS=4 HAS_YIELD=0", "pmu_core", CORE_SRCS,
           dict(_SMALL, HAS_YIELD=0)),
    Config("check NT=1 NC=1 CW=33 NCLS=4 NCH=1 AW=32", "pmu_core", CORE_SRCS,
           dict(_SMALL, NCH=1, AW=32)),
]

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

# Coarse (word-level) cells after `proc`: state elements and latches.
RTL_FF_TYPES = {"$ff", "$dff", "$dffe", "$adff", "$adffe", "$sdff", "$sdffe",
                "$sdffce", "$dffsr", "$dffsre", "$aldff", "$aldffe"}
RTL_LATCH_TYPES = {"$dlatch", "$adlatch", "$dlatchsr", "$sr"}


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


def report_stamp():
    """synth/report_stamp.py as a module."""
    spec = importlib.util.spec_from_file_location(
        "report_stamp", os.path.join(ROOT, "synth", "report_stamp.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ----------------------------------------------------------------- running
def yosys_version(yosys):
    try:
        out = subprocess.run([yosys, "-V"], capture_output=True, text=True,
                             check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as e:
        raise SynthError("cannot run %r (make deps-synth): %s" % (yosys, e))
    return out


def vlog_value(v):
    if isinstance(v, int) or re.fullmatch(r"-?\d+", str(v)):
        return str(v)
    return '"%s"' % v


def chparam_args(params):
    out = []
    for k, v in params.items():
        out += ["-chparam", k, vlog_value(v)]
    return " ".join(out)


def wrapper_text(insts):
    """Verilog of the wrapper: one kept, unconnected instance per
    configuration (the hierarchy is kept, so nothing is optimized across
    the instance boundaries and the ports need no connections)."""
    lines = ["// Generated by synth/run_synth.py: one instance per configuration.",
             "module %s;" % WRAPPER]
    for name, cfg in insts:
        ov = cfg.effective_overrides()
        ptxt = ""
        if ov:
            ptxt = " #(%s)" % ", ".join(".%s(%s)" % (k, vlog_value(v))
                                         for k, v in ov.items())
        lines.append("  (* keep *) %s%s %s ();  // %s" % (cfg.top, ptxt, name,
                                                          cfg.label))
    lines.append("endmodule")
    return "\n".join(lines) + "\n"


def read_opts(incdirs, defines):
    return " ".join(["-I" + d for d in incdirs] + ["-D" + d for d in defines])


def yosys_errors(text):
    errs = [l.strip() for l in text.splitlines() if "ERROR" in l]
    if errs:
        return " / ".join(errs[:2])
    tail = [l.strip() for l in text.strip().splitlines()[-3:]]
    return " / ".join(tail) or "unknown error"


def elaborate(args, wd, files, incdirs, defines, top, params=None):
    """Only read and elaborate; None if it works, else the error text."""
    os.makedirs(wd, exist_ok=True)
    ys = os.path.join(wd, "elaborate.ys")
    with open(ys, "w") as f:
        f.write("read_verilog %s %s\nhierarchy -check -top %s %s\n" % (
            read_opts(incdirs, defines), " ".join(files), top,
            chparam_args(params or {})))
    p = subprocess.run([args.yosys, "-q", ys], cwd=ROOT, capture_output=True,
                       text=True)
    if p.returncode == 0:
        return None
    return yosys_errors(p.stdout + p.stderr)


def load_stat_modules(path):
    """The "modules" object of a `stat -json` file. (Yosys 0.23 writes its
    text hierarchy into the "design" object of a nested design, which makes
    the file as a whole invalid JSON; only "modules" is used.)"""
    with open(path) as f:
        text = f.read()
    i = text.find('"modules":')
    if i < 0:
        raise SynthError("no modules in %s" % path)
    mods, _ = json.JSONDecoder().raw_decode(text[i + len('"modules":'):].lstrip())
    return {unescape(m): s for m, s in mods.items()}


def design_types_from_text(path):
    """Cell counts by type of the whole design (text `stat -top`)."""
    out, seen = {}, False
    with open(path) as f:
        for line in f:
            if "=== design hierarchy ===" in line:
                seen, out = True, {}
                continue
            m = re.match(r"^\s+(\$_[A-Za-z0-9_]+_)\s+(\d+)\s*$", line)
            if seen and m:
                out[m.group(1)] = out.get(m.group(1), 0) + int(m.group(2))
    return out if seen else None


def run_yosys(name, files, incdirs, defines, top, params, flatten, args,
              netlists=False):
    """One Yosys run of the template; raw results. netlists: also write the
    design as JSON after `proc` and after synthesis (for run_check)."""
    wd = os.path.join(args.workdir, name)
    os.makedirs(wd, exist_ok=True)
    outs = {
        "RTL_STAT_JSON": os.path.join(wd, "rtl_stat.json"),
        "STAT_JSON": os.path.join(wd, "stat.json"),
        "STAT_TXT": os.path.join(wd, "stat.txt"),
        "INST_IL": os.path.join(wd, "instances.il"),
        "RTL_JSON": os.path.join(wd, "rtl_netlist.json"),
        "NET_JSON": os.path.join(wd, "netlist.json"),
    }
    for f in outs.values():
        if os.path.exists(f):
            os.remove(f)
    subst = dict(outs)
    subst.update({
        "READ_OPTS": read_opts(incdirs, defines),
        "FILES": " ".join(files),
        "TOP": top,
        "CHPARAMS": chparam_args(params),
        "FLATTEN": "-flatten" if flatten else "",
        "GATES": args.gates,
        "WRITE_RTL_JSON": "write_json " + outs["RTL_JSON"] if netlists else "",
        "WRITE_NET_JSON": "write_json " + outs["NET_JSON"] if netlists else "",
    })
    with open(TEMPLATE) as f:
        script = f.read()
    script = re.sub(r"@([A-Z_0-9]+)@", lambda m: subst[m.group(1)], script)
    ys = os.path.join(wd, "synth.ys")
    log = os.path.join(wd, "yosys.log")
    with open(ys, "w") as f:
        f.write(script)
    t0 = time.time()
    p = subprocess.run([args.yosys, "-q", "-l", log, ys], cwd=ROOT,
                       capture_output=True, text=True)
    secs = time.time() - t0
    if p.returncode != 0 or not os.path.exists(outs["STAT_JSON"]):
        tail = (p.stdout + p.stderr).strip().splitlines()[-15:]
        raise SynthError("yosys failed on %s (exit %d, log %s):\n  %s" % (
            name, p.returncode, os.path.relpath(log, ROOT), "\n  ".join(tail)))
    with open(outs["INST_IL"]) as f:
        inst = parse_dump(f.read())
    nets = {}
    if netlists:
        for k in ("RTL_JSON", "NET_JSON"):
            with open(outs[k]) as f:
                nets[k] = {unescape(m): d for m, d in json.load(f)["modules"].items()}
    return {"name": name, "post": load_stat_modules(outs["STAT_JSON"]),
            "rtl_net": nets.get("RTL_JSON"), "net": nets.get("NET_JSON"),
            "rtl": load_stat_modules(outs["RTL_STAT_JSON"]),
            "design": design_types_from_text(outs["STAT_TXT"]),
            "inst": inst, "secs": secs, "log": log,
            "warnings": count_check_problems(log)}


def state_split(cfg, args):
    """Flip-flop bits of configuration cfg, split by what reads them:
    {"ffs": all, "read": those whose value reaches prdata_o through
    combinational logic only, "decode": the read ones that are the register
    block's decode (DECODE_WIRES)}. Yosys, flattened, after proc; opt;
    wreduce; simplemap (one cell per flip-flop bit), so a bit that no read
    sees is not counted as read."""
    wd = os.path.join(args.workdir, "state_" + cfg.slug())
    os.makedirs(wd, exist_ok=True)
    cnt = {k: os.path.join(wd, k + ".txt") for k in ("ffs", "other", "read", "decode")}
    for f in cnt.values():
        if os.path.exists(f):
            os.remove(f)
    ff = "t:$_DFF_* t:$_DFFE_* %u t:$_SDFF* %u t:$_DFFSR* %u t:$_ALDFF* %u t:$_FF_ %u"
    stop = ",".join("$_%s_" % t for t in (
        "DFF_PN0", "DFF_PN1", "DFF_P", "DFF_N", "DFFE_PN0P", "DFFE_PN1P", "DFFE_PP"))
    script = "\n".join([
        "read_verilog %s %s" % (read_opts(cfg.incdirs, cfg.defines), " ".join(cfg.files)),
        "hierarchy -check -top %s %s" % (cfg.top, chparam_args(cfg.params)),
        "proc", "flatten", "opt", "wreduce", "opt_clean", "simplemap", "opt_clean",
        "select -set ffs %s" % ff,
        "tee -o %s select -count @ffs" % cnt["ffs"],
        # flip-flop types the fan-in below does not stop at (must be none)
        "tee -o %s select -count @ffs %s %%d" % (
            cnt["other"], " ".join(["t:" + t for t in stop.split(",")[:1]] +
                                   ["t:%s %%u" % t for t in stop.split(",")[1:]])),
        # fan-in of the read data, not through a flip-flop's D or enable
        "select -set rd o:prdata_o %%ci*:-%s[D,E] @ffs %%i" % stop,
        "tee -o %s select -count @rd" % cnt["read"],
        "select -set dw w:%s" % " ".join(
            [DECODE_WIRES[0]] + ["w:%s %%u" % w for w in DECODE_WIRES[1:]]),
        "tee -o %s select -count @dw %%ci1:+[Q] @rd %%i" % cnt["decode"],
        ""])
    ys = os.path.join(wd, "state.ys")
    with open(ys, "w") as f:
        f.write(script)
    p = subprocess.run([args.yosys, "-q", ys], cwd=ROOT, capture_output=True, text=True)
    out = {}
    for k, path in cnt.items():
        m = re.search(r"(\d+) objects", open(path).read()) if os.path.exists(path) else None
        if p.returncode != 0 or not m:
            raise SynthError("state split of %s failed (exit %d, script %s):\n  %s" % (
                cfg.label, p.returncode, os.path.relpath(ys, ROOT),
                "\n  ".join(yosys_errors(p.stdout + p.stderr).splitlines()[-10:])))
        out[k] = int(m.group(1))
    if out.pop("other"):
        raise SynthError("state split of %s: flip-flop types other than %s (script %s)"
                         % (cfg.label, stop, os.path.relpath(ys, ROOT)))
    return out


FLOOR_SPLIT = {}   # L_FLOOR -> state_split of L_AREAS (for the report)


def floor_config(cfg, split):
    """The ref_floor configuration of pmu_core configuration cfg."""
    p = dict(module_defaults(cfg.top, cfg.files))
    p.update(cfg.params)
    nt, nc, cw, narea = p["NT"], p["NC"], p["CW"], p["NAREA"]
    nloc = -(-p["NCLS"] // narea)
    nr = split["read"] - split["decode"]
    lw = max(1, (nloc - 1).bit_length())
    if nr < nc * cw + 64 + nc * lw:
        raise SynthError("%s: %d readable bits cannot hold %d counters, the TSC "
                         "and the class selects" % (cfg.label, nr, nc))
    return Config(L_FLOOR, "ref_floor", FLOOR_SRCS,
                  {"NR": nr, "NC": nc, "CW": cw, "IW": (nt * 16).bit_length(),
                   "NT": nt, "NLOC": nloc, "NAREA": narea}, tables=("floor",))


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


def hierarchy_counts(mods, top):
    """Modules under `top` (breadth first), instance counts, children.
    mods: {module: stat entry}; a cell type naming a module is an instance."""
    names = set(mods)
    children = {}
    for m, s in mods.items():
        ch = {}
        for ctype, n in s.get("num_cells_by_type", {}).items():
            if unescape(ctype) in names:
                ch[unescape(ctype)] = ch.get(unescape(ctype), 0) + n
        children[m] = ch
    if top not in names:
        raise SynthError("top %s not found in stat output" % top)
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
    return order, count, children


def rtl_state(stat_entry, names):
    """(state bits, latch bits) of one module after `proc` (stat -width)."""
    bits = stat_entry.get("num_memory_bits", 0) or 0
    latch = 0
    for ctype, n in stat_entry.get("num_cells_by_type", {}).items():
        if unescape(ctype) in names:
            continue
        if ctype.startswith("$_"):          # fine-grained cell in the RTL
            _, kind, _ = cell_info(ctype)
            bits += n if kind == "ff" else 0
            latch += n if kind == "latch" else 0
            continue
        m = re.fullmatch(r"(\$[a-z_]+?)(?:_(\d+))?", ctype)
        base = m.group(1) if m else ctype
        if base in RTL_FF_TYPES or base in RTL_LATCH_TYPES:
            if not (m and m.group(2)):
                raise SynthError("no width for %s in stat -width" % ctype)
            w = int(m.group(2)) * n
            if base in RTL_FF_TYPES:
                bits += w
            else:
                latch += w
    return bits, latch


def analyse(cfg, raw, top):
    """Per-module own cells/FFs/NAND2/RTL state bits, instance counts and
    totals of the configuration whose top module is `top`."""
    post, rtl = raw["post"], raw["rtl"]
    names = set(post)
    own = {}
    for m, s in post.items():
        o = {"cells": 0, "ffs": 0, "latches": 0, "nand2": 0.0, "types": {}}
        for ctype, n in s.get("num_cells_by_type", {}).items():
            if unescape(ctype) in names:
                continue
            w, kind, _ = cell_info(ctype)
            o["cells"] += n
            o["nand2"] += w * n
            o["ffs"] += n if kind == "ff" else 0
            o["latches"] += n if kind == "latch" else 0
            o["types"][ctype] = o["types"].get(ctype, 0) + n
        own[m] = o
    order, count, _ = hierarchy_counts(post, top)
    # RTL state bits, from the hierarchy before synthesis (a flattened run
    # has only the top after synthesis)
    rnames = set(rtl)
    rorder, rcount, _ = hierarchy_counts(rtl, top)
    own_bits, state_bits, rtl_latch = {}, 0, 0
    for m in rorder:
        b, l = rtl_state(rtl[m], rnames)
        own_bits[m] = b
        state_bits += b * rcount[m]
        rtl_latch += l * rcount[m]
    # instances (path, module): walk the instance dump
    inst = raw["inst"]
    instances = []

    def walk(m, prefix):
        for ctype, cname in inst.get(m, {}).get("cells", []):
            if ctype in count:
                p = prefix + cname
                instances.append((p, ctype))
                walk(ctype, p + ".")
    walk(top, "")
    paths = {m: [p for p, t in instances if t == m] for m in order}
    tot = {"cells": 0, "ffs": 0, "latches": 0, "nand2": 0.0, "types": {}}
    for m in order:
        for k in ("cells", "ffs", "latches", "nand2"):
            tot[k] += own[m][k] * count[m]
        for t, n in own[m]["types"].items():
            tot["types"][t] = tot["types"].get(t, 0) + n * count[m]
    tot["state_bits"] = state_bits
    tot["rtl_latches"] = rtl_latch
    params = {}
    for m, d in inst.items():
        params[m] = {k: param_value(v) for k, v in d["params"].items()}
    return {"cfg": cfg, "top": top, "order": order, "own": own,
            "count": count, "paths": paths, "instances": instances,
            "own_bits": own_bits, "rtl_count": rcount,
            "params": params, "total": tot, "secs": raw["secs"],
            "run": raw["name"], "warnings": raw["warnings"]}


def find_top(raw, name):
    names = set(raw["post"])
    if name in names:
        return name
    cands = [m for m in names if base_name(m) == name]
    if len(cands) != 1:
        raise SynthError("top %s not found in stat output" % name)
    return cands[0]


def synthesize(configs, args, log=sys.stderr, netlists=False):
    """Synthesize `configs` (identical ones once, groups in one run each).
    Returns ({label: result}, [runs]); a result is analyse()'s dict or
    {"cfg": cfg, "error": text} for a configuration that does not
    elaborate."""
    uniq, alias = {}, {}
    for cfg in configs:
        k = cfg.key()
        if k in uniq:
            alias[cfg.label] = uniq[k]
            print("synth: %-34s same design as %s" % (cfg.label, uniq[k].label),
                  file=log)
        else:
            uniq[k] = cfg
    groups = {}
    for cfg in uniq.values():
        groups.setdefault(cfg.group_key(), []).append(cfg)
    results, runs = {}, []
    for gi, (gkey, cfgs) in enumerate(groups.items()):
        flat = gkey[0] == "flat"
        nhier = sum(1 for g in groups if g[0] != "flat")
        name = cfgs[0].slug() if flat else ("group%d" % gi if nhier > 1
                                            else "all")
        wd = os.path.join(args.workdir, name)
        files = []
        for c in cfgs:
            for f in c.files:
                if f not in files:
                    files.append(f)
        incdirs, defines = cfgs[0].incdirs, cfgs[0].defines
        if flat:
            err = elaborate(args, wd, files, incdirs, defines, cfgs[0].top,
                            cfgs[0].effective_overrides())
            if err:
                results[cfgs[0].label] = {"cfg": cfgs[0], "error": err}
                print("synth: %-34s NOT ELABORATED: %s" % (cfgs[0].label, err),
                      file=log)
                continue
            ok = cfgs
        else:
            insts = [("c%d" % i, c) for i, c in enumerate(cfgs)]
            wfile = os.path.join(wd, WRAPPER + ".v")
            os.makedirs(wd, exist_ok=True)
            with open(wfile, "w") as f:
                f.write(wrapper_text(insts))
            err = elaborate(args, wd, files + [wfile], incdirs, defines, WRAPPER)
            ok = cfgs
            if err:
                ok = []
                for c in cfgs:
                    e = elaborate(args, wd, c.files, c.incdirs, c.defines, c.top,
                                  c.effective_overrides())
                    if e:
                        results[c.label] = {"cfg": c, "error": e}
                        print("synth: %-34s NOT ELABORATED: %s" % (c.label, e),
                              file=log)
                    else:
                        ok.append(c)
                if not ok:
                    continue
                insts = [("c%d" % i, c) for i, c in enumerate(ok)]
                with open(wfile, "w") as f:
                    f.write(wrapper_text(insts))
                files = []
                for c in ok:
                    for f in c.files:
                        if f not in files:
                            files.append(f)
        print("synth: run %-30s %d configuration(s), yosys ..." % (name, len(ok)),
              file=log, flush=True)
        if flat:
            c = ok[0]
            raw = run_yosys(name, files, incdirs, defines, c.top,
                            c.effective_overrides(), True, args, netlists)
            tops = [(c, find_top(raw, c.top))]
        else:
            raw = run_yosys(name, files + [os.path.relpath(wfile, ROOT)], incdirs,
                            defines, WRAPPER, {}, False, args, netlists)
            wcells = dict((n, t) for t, n in raw["inst"].get(WRAPPER, {}).get("cells", []))
            tops = []
            for iname, c in insts:
                if iname not in wcells:
                    raise SynthError("instance %s (%s) missing in the wrapper" % (
                        iname, c.label))
                tops.append((c, wcells[iname]))
        sums = {}
        for c, top in tops:
            res = analyse(c, raw, top)
            if netlists:
                res["raw"] = raw
            results[c.label] = res
            for t, n in res["total"]["types"].items():
                sums[t] = sums.get(t, 0) + n
            print("synth: %-34s %s cells, %s FFs, %s NAND2-eq" % (
                c.label, f0(res["total"]["cells"]), f0(res["total"]["ffs"]),
                f0(res["total"]["nand2"])), file=log)
        # cross-check against Yosys' own statistics of the whole design
        if raw["design"] is not None and raw["design"] != sums:
            raise SynthError("hierarchy accounting does not match stat -top "
                             "in run %s" % name)
        runs.append({"name": name, "configs": len(ok), "secs": raw["secs"]})
        print("synth: run %-30s %6.1f s" % (name, raw["secs"]), file=log,
              flush=True)
    for label, cfg in alias.items():
        if cfg.label in results:
            results[label] = dict(results[cfg.label], cfg=next(
                c for c in configs if c.label == label), same_as=cfg.label)
    return results, runs


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
        if diff:
            def sortkey(v):
                pv = res["params"].get(v, {})
                return [(0, pv.get(k), "") if isinstance(pv.get(k), int)
                        else (1, 0, str(pv.get(k))) for k in diff]
            variants = sorted(variants, key=sortkey)
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
        out.append({"block": name, "base": base_name(m), "module": m, "inst": n,
                    "where": path_patterns(res["paths"].get(m, [])),
                    "cells1": o["cells"], "ffs1": o["ffs"], "nand1": o["nand2"],
                    "bits1": res["own_bits"].get(m, 0),
                    "cells": o["cells"] * n, "ffs": o["ffs"] * n,
                    "nand2": o["nand2"] * n, "latches": o["latches"] * n})
    return out


def pattern(path):
    return re.sub(r"\[\d+\]", "[*]", path)


def path_patterns(paths, limit=2):
    pats = []
    for p in paths:
        q = pattern(p)
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


def ok(res):
    return res is not None and "error" not in res


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


def by_base(res):
    """NAND2-eq and FFs of all instances per base block name (top = glue)."""
    out = {}
    for r in block_rows(res):
        b = r["base"] + (" (top-level glue)" if r["module"] == res["top"] else "")
        d = out.setdefault(b, {"nand2": 0.0, "ffs": 0, "inst": 0})
        d["nand2"] += r["nand2"]
        d["ffs"] += r["ffs"]
        d["inst"] += r["inst"]
    return out


def compare_table(ra, rb, la, lb):
    """Two configurations side by side, per base block."""
    a, b = by_base(ra), by_base(rb)
    names = list(a) + [n for n in b if n not in a]
    body = []
    for n in names:
        x, y = a.get(n), b.get(n)
        body.append([n, x["inst"] if x else "-", f0(x["nand2"]) if x else "-",
                     y["inst"] if y else "-", f0(y["nand2"]) if y else "-",
                     f0((y["nand2"] if y else 0) - (x["nand2"] if x else 0))])
    ta, tb = ra["total"]["nand2"], rb["total"]["nand2"]
    body.append(["TOTAL", "", f0(ta), "", f0(tb), f0(tb - ta)])
    hdr = ["Block", "# " + la, "NAND2-eq " + la, "# " + lb, "NAND2-eq " + lb,
           "Change"]
    return fmt_table(hdr, body, "lrrrrr")


def sweep_table(items, ref):
    body = []
    for cfg, r in items:
        if not ok(r):
            body.append([cfg.label, cfg.overrides(), "-", "-", "-",
                         "not elaborated", "-"])
            continue
        t = r["total"]
        body.append([cfg.label, cfg.overrides(), f0(t["cells"]), f0(t["ffs"]),
                     f0(t["state_bits"]), f0(t["nand2"]),
                     "%+.1f%%" % (100.0 * (t["nand2"] / ref["total"]["nand2"] - 1))
                     if ok(ref) else "-"])
    hdr = ["Configuration", "Overrides", "Cells", "FFs", "RTL state bits",
           "NAND2-eq", "vs default"]
    return fmt_table(hdr, body, "llrrrrr")


def per_counter(r8, r16):
    """Per-counter event path of the NC=8 result r8: the instances whose
    path pattern (g_cnt[*].u_mux ...) occurs a number of times proportional
    to NC (NC8 times in r8 and NC16 times in r16). Returns (NC8, NC16,
    {base block: [NAND2-eq per counter, pattern list]}, marginal area per
    counter, marginal area per counter of the top module's own cells (the
    per-counter glue, such as pipeline registers kept in the top))."""
    nc8 = r8["params"][r8["top"]]["NC"]
    nc16 = r16["params"][r16["top"]]["NC"]

    def pats(r):
        d = {}
        for p, m in r["instances"]:
            d.setdefault(pattern(p), []).append(m)
        return d
    p8, p16 = pats(r8), pats(r16)
    blocks = {}
    for pat, mods in p8.items():
        n16 = len(p16.get(pat, []))
        if len(mods) * nc16 != n16 * nc8:
            continue
        for m in mods:
            b = blocks.setdefault(base_name(m), [0.0, []])
            b[0] += r8["own"][m]["nand2"] / nc8
            if pat not in b[1]:
                b[1].append(pat)
    marginal = (r16["total"]["nand2"] - r8["total"]["nand2"]) / (nc16 - nc8)
    glue = (r16["own"][r16["top"]]["nand2"] - r8["own"][r8["top"]]["nand2"]) / (nc16 - nc8)
    return nc8, nc16, blocks, marginal, glue


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


def ratio_txt(x, goal, le=True):
    met = x <= goal if le else x >= goal
    return "met" if met else "not met"


def summary_section(R):
    """Goals: default+NAREA=4 vs 48,000 NAND2-eq, event path / ref counter."""
    out = []
    rows = []
    ra, rd, rref = R.get(L_AREAS), R.get(L_DEFAULT), R.get(L_REF)
    if ok(ra):
        t = ra["total"]["nand2"]
        rows.append(["pmu_core default with counter areas (NAREA=4): total",
                     f0(t), f0(AREA_GOAL),
                     "%.2f x goal (%s)" % (t / AREA_GOAL, ratio_txt(t, AREA_GOAL))])
    elif ra is not None:
        rows.append(["pmu_core default with counter areas (NAREA=4): total",
                     "not elaborated", f0(AREA_GOAL), "-"])
    fl = floor_parts(R)
    if fl:
        rows.append(["floor of pmu_core default NAREA=4 (its state, read-out, counter "
                     "adders and area class multiplexers; section \"Floor\")",
                     f0(fl["floor"]), f0(AREA_GOAL),
                     "%.2f x goal: the goal leaves %s for all other logic" % (
                         fl["floor"] / AREA_GOAL, f0(AREA_GOAL - fl["floor"]))])
    if ok(rd):
        t = rd["total"]["nand2"]
        rows.append(["pmu_core default (NAREA=1): total", f0(t), f0(AREA_GOAL),
                     "%.2f x goal" % (t / AREA_GOAL)])
    if ra is not None or rd is not None:
        rows.append(["pmu_core default, previous report (commit 88922ef, "
                     "one Yosys run per configuration)",
                     f0(PREVIOUS_REPORT_DEFAULT), "", "context only"])
    for name, l8, l16 in MARGINAL:
        r8, r16 = R.get(l8), R.get(l16)
        if not (ok(r8) and ok(r16) and ok(rref)):
            if r8 is not None or r16 is not None:
                rows.append(["per-counter event path / ref_counter, %s" % name,
                             "not elaborated" if not (ok(r8) and ok(r16)) else "-",
                             "<= %.0fx" % EVENT_PATH_GOAL, "-"])
            continue
        _, _, blocks, _, glue = per_counter(r8, r16)
        ep = sum(b[0] for b in blocks.values())
        x = ep / rref["total"]["nand2"]
        rows.append(["per-counter event path / ref_counter, %s" % name,
                     "%s / %s" % (f0(ep), f0(rref["total"]["nand2"])),
                     "<= %.0fx" % EVENT_PATH_GOAL,
                     "%.2fx (%s); with the per-counter glue of pmu_core %.2fx" % (
                         x, ratio_txt(x, EVENT_PATH_GOAL),
                         (ep + glue) / rref["total"]["nand2"])])
    if not rows:
        return out
    out.append("## Summary against the area goals")
    out.append("")
    out.append(fmt_table(["Quantity", "NAND2-eq", "Goal", "Ratio"], rows, "lrrl"))
    return out


def split_nand2(r):
    """(flip-flop NAND2-eq, latch NAND2-eq, logic NAND2-eq) of a result."""
    ff = lt = lg = 0.0
    for t, n in r["total"]["types"].items():
        w, kind, _ = cell_info(t)
        if kind == "ff":
            ff += w * n
        elif kind == "latch":
            lt += w * n
        else:
            lg += w * n
    return ff, lt, lg


def floor_parts(R):
    """The floor of L_AREAS: ref_floor (synthesized) plus the configuration's
    other flip-flops as plain reset flip-flops; None without both results."""
    ra, rf, split = R.get(L_AREAS), R.get(L_FLOOR), FLOOR_SPLIT.get(L_FLOOR)
    if not (ok(ra) and ok(rf) and split):
        return None
    dffr = cell_info("$_DFF_PN0_")[0]
    nr = split["read"] - split["decode"]
    # (the synthesized count: synthesis may prove a few more registers
    # constant than the split's opt)
    other = max(0, min(split["ffs"], ra["total"]["ffs"]) - nr)
    ref = rf["total"]["nand2"]
    return {"nr": nr, "other": other, "ref": ref, "other_n2": other * dffr,
            "floor": ref + other * dffr, "dffr": dffr, "split": split,
            "actual": ra["total"]["nand2"], "ref_ffs": rf["total"]["ffs"],
            "params": rf["params"].get(rf["top"], {}),
            # enable flip-flops of ref_floor; what an enable multiplexer adds
            "ref_en": sum(n for t, n in rf["total"]["types"].items()
                          if re.match(r"\$_DFFE_", t)),
            "en_save": cell_info("$_DFFE_PN0P_")[0] - dffr,
            "latch": cell_info("$_DLATCH_P_")[0],
            "latch_save": cell_info("$_DFFE_PN0P_")[0] - cell_info("$_DLATCH_P_")[0]}


def floor_section(R):
    fl = floor_parts(R)
    if not fl:
        return []
    sp = fl["split"]
    out = ["## Floor of the default with counter areas", ""]
    out.append("What any implementation of this parameter set's register map and "
               "counter areas contains, each part built the cheapest way this flow "
               "allows: synth/ref/ref_floor.v (%s), synthesized in this run, plus the "
               "configuration's other flip-flops at the cost of a plain reset "
               "flip-flop each. The readable state is counted in the configuration "
               "itself (flattened, one cell per flip-flop bit): of its %s flip-flops, "
               "%s reach PRDATA through logic alone; %s of those are the register "
               "block's decode (kind selects, element index, error, access phase), "
               "which leaves %s readable state bits."
               % (" ".join("%s=%s" % kv for kv in fl["params"].items()),
                  f0(sp["ffs"]), f0(sp["read"]), f0(sp["decode"]), f0(fl["nr"])))
    out.append("")
    rows = [
        ["readable state: %s bits as enable flip-flops in 32-bit words, one AND-OR "
         "read multiplexer; the counters' and the TSC's adders; per counter the "
         "class multiplexer of its area (ref_floor)" % f0(fl["nr"]),
         f0(fl["ref_ffs"]), f0(fl["ref"])],
        ["the configuration's other flip-flops (event pipeline, address pipe, edge "
         "and trigger registers, register-block decode), plain reset flip-flops "
         "(%.2f NAND2 each), no logic" % fl["dffr"], f0(fl["other"]), f0(fl["other_n2"])],
        ["**floor**", f0(fl["ref_ffs"] + fl["other"]),
         "**%s** (%.2f x goal)" % (f0(fl["floor"]), fl["floor"] / AREA_GOAL)],
        ["pmu_core default NAREA=4 as synthesized", "", f0(fl["actual"])],
        ["its area beyond the floor", "", f0(fl["actual"] - fl["floor"])],
        ["room the %s goal leaves above the floor" % f0(AREA_GOAL), "",
         f0(AREA_GOAL - fl["floor"])],
    ]
    out.append(fmt_table(["Part", "FFs", "NAND2-eq"], rows, "lrr"))
    out.append("")
    out.append("The floor has no event masking, popcount, qualification, threshold "
               "or edge logic, no FLOP decode, no overflow or interrupt logic, no "
               "sampling, no yield trigger, down-counter or delivery logic, no "
               "address decode or error response. The parameter set needs all of "
               "them; the goal leaves %s NAND2-eq for them together, and this design "
               "spends %s beyond the floor. Two storage styles this flow does not "
               "model would lower the floor: clock gating instead of enable "
               "multiplexers by at most %s (%.2f NAND2 for each of its %s enable "
               "flip-flops), latches (DLH_X1, %.2f NAND2) in place of all of them by "
               "at most %s (%.2f each), leaving %s and %s for that logic."
               % (f0(AREA_GOAL - fl["floor"]), f0(fl["actual"] - fl["floor"]),
                  f0(fl["ref_en"] * fl["en_save"]), fl["en_save"], f0(fl["ref_en"]),
                  fl["latch"], f0(fl["ref_en"] * fl["latch_save"]), fl["latch_save"],
                  f0(AREA_GOAL - fl["floor"] + fl["ref_en"] * fl["en_save"]),
                  f0(AREA_GOAL - fl["floor"] + fl["ref_en"] * fl["latch_save"])))
    return out


def goal_section(R, configs):
    """The 48,000 NAND2-eq goal against the flip-flops of the default with
    counter areas, and the measured configurations (counter areas on, the
    optional blocks narrowed or left out) that meet it."""
    ra = R.get(L_AREAS)
    if not ok(ra):
        return []
    items = [(c, R.get(c.label)) for c in configs
             if "goal" in c.tables or c.label == L_AREAS]
    dffr = cell_info("$_DFF_PN0_")[0]
    ff, _, lg = split_nand2(ra)
    nff = ra["total"]["ffs"]
    out = ["## What the area goal takes", ""]
    out.append("The state of the default parameter set is architectural (counters, "
               "ESCRs, yield channels, SIAR/SDAR and their address pipe, the pipeline "
               "registers of the event path). Its flip-flops alone, each counted as a "
               "plain reset flip-flop (DFFR_X1, %.2f NAND2; no enable multiplexer, no "
               "logic), are %s FFs x %.2f = %s NAND2-eq; as synthesized (enable "
               "flip-flops DFFR_X1 + MUX2_X1) they are %s NAND2-eq, and the logic "
               "(read multiplexer, class multiplexers, adders, yield conditions) is %s. "
               "The goal leaves %s NAND2-eq for all the logic once the flip-flops are "
               "paid for as synthesized."
               % (dffr, f0(nff), dffr, f0(nff * dffr), f0(ff), f0(lg),
                  f0(AREA_GOAL - ff)))
    out.append("")
    body = []
    for c, r in items:
        if not ok(r):
            body.append([c.label, c.overrides(), "-", "-", "-", "not elaborated", "-"])
            continue
        f, _, g = split_nand2(r)
        t = r["total"]["nand2"]
        body.append([c.label, c.overrides(), f0(g), f0(r["total"]["ffs"]), f0(f), f0(t),
                     "%.2f x goal (%s)" % (t / AREA_GOAL, ratio_txt(t, AREA_GOAL))])
    # (columns 3 and 5 are FFs and NAND2-eq, as in the sweep table, which
    # synth/config_guide.py also reads)
    out.append(fmt_table(["Configuration", "Overrides", "Logic NAND2-eq", "FFs",
                          "FF NAND2-eq", "NAND2-eq", "vs %s" % f0(AREA_GOAL)],
                         body, "llrrrrl"))
    return out


def per_counter_section(R):
    rref = R.get(L_REF)
    cols = [(name, R.get(l8), R.get(l16)) for name, l8, l16 in MARGINAL]
    cols = [(n, a, b) for n, a, b in cols if ok(a) and ok(b)]
    if not cols and not ok(rref):
        return []
    out = ["## Per-counter cost", ""]
    data = []
    for name, r8, r16 in cols:
        nc8, nc16, blocks, marg, glue = per_counter(r8, r16)
        data.append((name, r8, r16, nc8, nc16, blocks, marg, glue))
    if data:
        out.append("Marginal area of a counter = (total at NC=%d - total at "
                   "NC=%d) / %d. Event path = the NAND2-eq per instance of "
                   "the blocks instantiated once per counter, summed (found "
                   "from the hierarchy: the instance paths whose number is "
                   "proportional to NC in the two runs). Glue = the "
                   "per-counter growth of pmu_core's own cells (pipeline "
                   "stage registers, enables, OVF/CNTEN bits kept in the "
                   "top), (own NAND2-eq at NC=%d - at NC=%d) / %d. "
                   "ref_counter = "
                   "synth/ref/ref_counter.v, a 40-bit counter with increment "
                   "enable and 32-bit low/high-half CSR writes "
                   "(ibex_counter-like), same flow and run."
                   % (data[0][4], data[0][3], data[0][4] - data[0][3],
                      data[0][4], data[0][3], data[0][4] - data[0][3]))
        out.append("")
        body = []
        ref_n = rref["total"]["nand2"] if ok(rref) else None
        for name, r8, r16, nc8, nc16, blocks, marg, glue in data:
            ep = sum(b[0] for b in blocks.values())
            rat = (lambda x: "%.2fx" % (x / ref_n)) if ref_n else (lambda x: "-")
            body.append([name, f0(r8["total"]["nand2"]), f0(r16["total"]["nand2"]),
                         f0(marg), f0(ep), f0(glue), f0(ref_n) if ref_n else "-",
                         rat(ep), rat(ep + glue), rat(marg)])
        hdr = ["Counter areas", "Total NC=%d" % data[0][3],
               "Total NC=%d" % data[0][4], "Marginal per counter",
               "Event path per counter", "Glue per counter", "ref_counter",
               "Event path / ref (goal <= %.0fx)" % EVENT_PATH_GOAL,
               "(Event path + glue) / ref", "Marginal / ref"]
        out.append(fmt_table(hdr, body, "lrrrrrrrrr"))
        out.append("")
        names = []
        for d in data:
            for b in d[5]:
                if b not in names:
                    names.append(b)
        body = []
        for b in names:
            pats = []
            for d in data:
                for p in d[5].get(b, [0, []])[1]:
                    if p not in pats:
                        pats.append(p)
            body.append([b, ", ".join(pats)] +
                        [f1(d[5][b][0]) if b in d[5] else "-" for d in data])
        body.append(["event path (blocks)", ""] +
                    [f1(sum(x[0] for x in d[5].values())) for d in data])
        body.append(["pmu_core glue per counter", "-"] + [f1(d[7]) for d in data])
        body.append(["event path + glue", ""] +
                    [f1(sum(x[0] for x in d[5].values()) + d[7]) for d in data])
        out.append(fmt_table(["Per-counter block", "Instances"] +
                             ["NAND2/counter %s" % d[0] for d in data],
                             body, "ll" + "r" * len(data)))
    if ok(rref):
        t = rref["total"]
        if data:
            out.append("")
        out.append("ref_counter (%s): %s cells, %s flip-flops, %s NAND2-eq."
                   % (" ".join("%s=%s" % kv for kv in
                               rref["params"].get(rref["top"], {}).items()),
                      f0(t["cells"]), f0(t["ffs"]), f1(t["nand2"])))
    return out


# ----------------------------------------------------------------- modes
def stamp_sources_cover(report, files):
    """Every file the flow read must be covered by the report's stamp."""
    rs = report_stamp()
    rel = os.path.relpath(os.path.abspath(report), ROOT)
    if rel not in rs.REPORTS:
        return None
    covered = set(rs.sources(rel))
    missing = sorted(f for f in files if os.path.relpath(
        os.path.join(ROOT, f), ROOT) not in covered)
    if missing:
        raise SynthError("synth/report_stamp.py: the stamp of %s does not "
                         "cover %s" % (rel, ", ".join(missing)))
    return rs


def run_tables(configs, args, report):
    version = yosys_version(args.yosys)
    stamp = None
    if report:
        read = {os.path.relpath(TEMPLATE, ROOT), "synth/run_synth.py"}
        for c in configs:
            read.update(c.files)
        rs = stamp_sources_cover(report, sorted(read))
        if rs:
            stamp = (rs, rs.stamp_line(report))
    t_all = time.time()
    R, runs = synthesize(configs, args)
    total_secs = time.time() - t_all
    failed = [c for c in configs if not ok(R.get(c.label))]

    out = []
    out.append("# pmu-ip synthesis area report")
    out.append("")
    out.append("%s; gates: abc -g %s; NAND2-eq weights: %s."
               % (version, args.gates, WEIGHTS_SOURCE))
    out.append("Generated by `make synth` (synth/run_synth.py, template "
               "synth/synth.ys); hierarchy kept unless flattened.")
    if failed:
        out.append("")
        out.append("**%d configuration(s) did not elaborate** (left out):" % len(failed))
        out.append("")
        for c in failed:
            out.append("* %s (%s): %s" % (c.label, c.overrides(),
                                           R[c.label]["error"] if c.label in R else "-"))
    s = summary_section(R)
    if s:
        out.append("")
        out.extend(s)
    for cfg in configs:
        if "blocks" not in cfg.tables or not ok(R.get(cfg.label)):
            continue
        r = R[cfg.label]
        p = r["params"].get(r["top"], {})
        ptxt = " ".join("%s=%s" % kv for kv in p.items())
        out.append("")
        out.append("## %s: per block (%s)" % (cfg.label, ptxt or cfg.overrides()))
        out.append("")
        if cfg.flatten:
            out.append("(flattened: no per-block breakdown)")
        out.append(blocks_table(r))
    if ok(R.get(L_DEFAULT)) and ok(R.get(L_AREAS)) and \
            any(c.label == L_AREAS for c in configs):
        out.append("")
        out.append("## Default vs default with counter areas (NAREA=4), by block")
        out.append("")
        out.append(compare_table(R[L_DEFAULT], R[L_AREAS], "default", "NAREA=4"))
    if ok(R.get(L_DEFAULT)) and ok(R.get(L_VIEW)) and \
            any(c.label == L_VIEW for c in configs):
        out.append("")
        out.append("## Native view vs CoreSight view (VIEW=1), by block")
        out.append("")
        out.append("The same counting core; VIEW=1 adds the CoreSight register block "
                   "(pmu_cs_apb), the cycle counter and the masked event-select "
                   "writes (docs/coresight.md).")
        out.append("")
        out.append(compare_table(R[L_DEFAULT], R[L_VIEW], "native", "VIEW=1"))
    if ok(R.get(L_DEFAULT)) and ok(R.get(L_RV)) and \
            any(c.label == L_RV for c in configs):
        out.append("")
        out.append("## Native view vs RISC-V CSR view (XLEN=64), by block")
        out.append("")
        out.append("The same counting core; XLEN=64 adds the CSR decode block "
                   "(pmu_rv_csr), the counter-enable and mode-inhibit bits and the "
                   "event-select writes (whole CTL/EMQ writes; docs/riscv.md).")
        out.append("")
        out.append(compare_table(R[L_DEFAULT], R[L_RV], "native", "XLEN=64"))
    sweep = [(c, R.get(c.label)) for c in configs if "sweep" in c.tables]
    if sweep:
        out.append("")
        out.append("## Configuration sweep: totals")
        out.append("")
        out.append("One parameter changed from the default per row (NT 1/4, "
                   "NCLS 16, NAREA 2/4/8, NCH 1/8, NC 4/16, CW 48/64, "
                   "HAS_SAMPLE/HAS_YIELD 0, AW 32, VIEW 1, XLEN 64/32), plus \"minimal\". RTL "
                   "state bits: flip-flop bits of the RTL after `proc` "
                   "(must equal FFs).")
        out.append("")
        out.append(sweep_table(sweep, R.get(L_DEFAULT, sweep[0][1])))
    s = goal_section(R, configs)
    if s:
        out.append("")
        out.extend(s)
    s = floor_section(R)
    if s:
        out.append("")
        out.extend(s)
    s = per_counter_section({k: v for k, v in R.items()
                             if any(c.label == k for c in configs)})
    if s:
        out.append("")
        out.extend(s)
    ordered = [R[c.label] for c in configs if ok(R.get(c.label))]
    if ordered:
        out.append("")
        out.append("## NAND2-equivalent weights (cell types in these netlists)")
        out.append("")
        out.append(weights_table(ordered))
    mism = [r["cfg"].label for r in ordered
            if r["total"]["ffs"] != r["total"]["state_bits"]]
    if mism:
        out.append("")
        out.append("Note: flip-flops differ from the RTL state bits in: %s "
                   "(registers synthesis proved constant or merged; `make "
                   "synth-check` names them on small configurations)"
                   % ", ".join(mism))
    for r in ordered:
        if r["total"]["latches"]:
            out.append("")
            out.append("WARNING: %s contains %d latch cells" % (
                r["cfg"].label, r["total"]["latches"]))
    warned = set()
    for r in ordered:
        if r["warnings"] and r["run"] not in warned:
            warned.add(r["run"])
            out.append("")
            out.append("WARNING: yosys `check` reported %d problems in run %s "
                       "(see its log)" % (r["warnings"], r["run"]))
    text = "\n".join(out) + "\n"
    ndistinct = len({c.key() for c in configs})
    runtxt = ("%d configurations (%d distinct, %d not elaborated), %d Yosys "
              "run(s): %s; %.0f s wall time for the whole script on the "
              "machine that generated this report." % (
                  len(configs), ndistinct, len(failed), len(runs),
                  ", ".join("%s %d configuration(s) %.0f s" % (
                      x["name"], x["configs"], x["secs"]) for x in runs) or "-",
                  time.time() - t_all))
    notes = NOTES % {"nand2": NAND2_AREA, "families": all_weights_text(),
                     "runtime": runtxt}
    print(text, end="")
    print("synth: %d configurations, %d yosys runs, %.0f s" % (
        len(configs), len(runs), total_secs))
    rc = 0
    if failed:
        print("synth: %d configuration(s) did not elaborate: %s" % (
            len(failed), ", ".join(c.label for c in failed)), file=sys.stderr)
        rc = 0 if args.allow_failures else 1
    if report and (not failed or args.allow_failures):
        os.makedirs(os.path.dirname(os.path.abspath(report)), exist_ok=True)
        tail = ""
        if stamp:
            rs, line = stamp
            if failed:
                tail = ("<!-- sources: not stamped, %d configuration(s) did not "
                        "elaborate -->\n" % len(failed))
            else:
                now = rs.stamp_line(report)
                if now != line:
                    print("synth: WARNING: sources changed during the run; the "
                          "report carries the stamp of the sources at its start "
                          "(report-check will call it stale)", file=sys.stderr)
                tail = line + "\n"
        with open(report, "w") as f:
            f.write(text + notes + tail)
        print("synth: report written to %s" % os.path.relpath(report, ROOT))
    elif report:
        print("synth: report NOT written (--allow-failures writes it anyway)",
              file=sys.stderr)
    return rc


NOTES = """
## Notes

* Flow (synth/synth.ys): `read_verilog`; `hierarchy -check -top <wrapper>`;
  `proc`; `opt_clean`; `stat -width` (RTL state bits); `synth -top <wrapper>
  -noabc`; `abc -g <gates>`; `opt -fast`; `opt_clean`; `check`; `stat`. All
  configurations are instances of one generated wrapper module
  (`run_synth_wrap`) in one Yosys run: each distinct parameter set of a
  block is synthesized once and counted in every configuration that has it,
  so two rows of the sweep differ only in the blocks whose parameters
  differ. (Yosys/ABC results depend slightly on internal net names, so the
  numbers can move by about 1%% when configurations are added or removed.
  On the RTL of the previous report (commit 00018f2, same RTL as 88922ef)
  this flow, with the 11 configurations of this sweep that RTL has, gave
  97,238 NAND2-eq for the default, where the previous
  one-run-per-configuration flow gave 96,393: +0.9%% from the flow alone.)
* Run time: %(runtime)s
* The hierarchy is kept, so each uniquified module (`$paramod...`) is
  synthesized once and its cells are multiplied by its instance count (the
  script checks the sum over all configurations against Yosys' own `stat
  -top` totals). Constants tied at a module boundary are not propagated
  into the module (for example the TSC instance of pmu_counter keeps its
  clear/preset/enable logic although clr_i/en_i/inc_i are constants); a
  flattened run would be somewhat smaller.
* Parameterized modules are mapped back to their base name; a base module
  with several parameter sets gets one row per set (the parameters that
  differ are shown, e.g. pmu_counter W=64 is the TSC).
* ABC maps with Yosys' unit gate costs (a MUX costs ABC about as much as an
  AND), not with the weights below, so the gate mix is not area-optimal for
  this metric. Absolute numbers are estimates for comparing blocks and
  configurations, not sign-off areas.
* Flip-flops: every `$_FF_`, `$_DFF*`, `$_DFFE*`, `$_SDFF*`, `$_DFFSR*`,
  `$_ALDFF*` cell. RTL state bits: the WIDTH of every flip-flop cell after
  `proc` (before optimization), per module times its instances. Where the
  two differ, synthesis removed registers it proved constant (or merged
  duplicates). `make synth-check` matches them by register name on small
  configurations, per block and flattened: no state lost, constant
  registers named, no latches.

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


# ----------------------------------------------------------- --check
def _public_nets(mod):
    """net id -> [(public wire name, position)] of a write_json module."""
    out = {}
    for n, d in mod.get("netnames", {}).items():
        if d.get("hide_name"):
            continue
        for i, b in enumerate(d["bits"]):
            if isinstance(b, int):
                out.setdefault(b, []).append((n, i))
    return out


def _rtl_state_names(pre, module, prefix, walk):
    """One entry per RTL flip-flop bit of `module` (and, with walk, of the
    modules below it): the public (wire, position) names of its Q net, with
    the instance path prefix a flattened design gives them."""
    m = pre[module]
    pub = _public_nets(m)
    out = []
    for cname, c in m.get("cells", {}).items():
        if c["type"] in RTL_FF_TYPES:
            for b in c["connections"].get("Q", []):
                names = [(prefix + n, i) for n, i in pub.get(b, [])] \
                    if isinstance(b, int) else []
                out.append(names)
        elif walk and unescape(c["type"]) in pre:
            out += _rtl_state_names(pre, unescape(c["type"]),
                                    prefix + unescape(cname) + ".", walk)
    return out


def _bit_label(mod, name, pos):
    d = mod["netnames"].get(name, {})
    if len(d.get("bits", [])) == 1 and not d.get("offset"):
        return name
    return "%s[%d]" % (name, d.get("offset", 0) + pos)


def _labels(items, limit=8):
    """Compact list of bit labels: wire[7:5] for runs of bits."""
    by = {}
    for lab in items:
        m = re.fullmatch(r"(.*)\[(\d+)\]", lab)
        if m:
            by.setdefault(m.group(1), []).append(int(m.group(2)))
        else:
            by.setdefault(lab, [])
    parts = []
    for w, idx in by.items():
        if not idx:
            parts.append(w)
            continue
        idx = sorted(set(idx))
        runs, start = [], idx[0]
        for a, b in zip(idx, idx[1:] + [None]):
            if b != a + 1:
                runs.append("%d" % a if a == start else "%d:%d" % (a, start))
                start = b
        parts.append("%s[%s]" % (w, ",".join(reversed(runs))))
    txt = ", ".join(parts[:limit])
    return txt + (", ..." if len(parts) > limit else "")


def state_map(pre, post, pre_top, post_top, flatten):
    """Match the RTL flip-flop bits (after `proc`) of pre_top (hierarchical:
    that module alone; flattened: the whole design under it) with the
    flip-flops of post_top after synthesis, by register name. Each RTL bit is
    kept (its name is driven by a flip-flop), constant (its name is tied to
    0/1: a register synthesis proved constant) or lost; a flip-flop no RTL
    bit names is extra."""
    pm = post[post_top]
    ffq = set()
    nff = 0
    for c in pm.get("cells", {}).values():
        t = c["type"]
        if t.startswith("$_"):
            _, kind, _ = cell_info(t)
            if kind == "ff":
                nff += 1
                ffq.update(b for b in c["connections"].get("Q", [])
                           if isinstance(b, int))
    entries = _rtl_state_names(pre, pre_top, "", flatten)
    kept, const, lost, nkept = set(), [], [], 0
    for names in entries:
        state, net = "lost", None
        for n, i in names:
            d = pm["netnames"].get(n)
            if d is None or i >= len(d["bits"]):
                continue
            b = d["bits"][i]
            if isinstance(b, int) and b in ffq:
                state, net = "kept", b
                break
            if b in ("0", "1"):
                state = "const"
        label = _bit_label(pm, *names[0]) if names else "(unnamed)"
        if state == "kept":
            nkept += 1
            kept.add(net)
        elif state == "const":
            const.append(label)
        else:
            lost.append(label)
    return {"rtl": len(entries), "ffs": nff, "const": const, "lost": lost,
            "merged": nkept - len(kept), "extra": len(ffq - kept)}


def state_text(m):
    t = "%d flip-flops = %d RTL state bits" % (m["ffs"], m["rtl"])
    if m["const"]:
        t += " - %d constant (%s)" % (len(m["const"]), _labels(m["const"]))
    if m["merged"]:
        t += " - %d merged duplicates" % m["merged"]
    if m["lost"]:
        t += "; LOST %d: %s" % (len(m["lost"]), _labels(m["lost"]))
    if m["extra"]:
        t += "; %d flip-flops named by no RTL register" % m["extra"]
    return t


def state_ok(m):
    return (not m["lost"] and not m["extra"] and
            m["ffs"] == m["rtl"] - len(m["const"]) - m["merged"])


def run_check(args):
    """Flow sanity on small configurations: the flip-flops after synthesis
    are the RTL's state bits (found by Yosys after `proc`, matched by
    register name), per block and flattened, minus registers synthesis
    proved constant (listed by name); no latches."""
    passed = failed = 0

    def result(good, what):
        nonlocal passed, failed
        if good:
            passed += 1
        else:
            failed += 1
        print("%s: %s" % ("PASS" if good else "FAIL", what), flush=True)

    try:
        print(yosys_version(args.yosys), flush=True)
    except SynthError as e:
        print("FAIL: %s" % e)
        print("0 passed, 1 failed")
        return 1
    cfgs = []
    for chk in CHECK_CONFIGS:
        for flatten in (False, True):
            cfgs.append(Config(chk.label + (" flat" if flatten else ""), chk.top,
                               chk.files, chk.params, chk.incdirs, chk.defines,
                               flatten=flatten))
    try:
        R, runs = synthesize(cfgs, args, log=sys.stdout, netlists=True)
    except SynthError as e:
        result(False, str(e))
        print("%d passed, %d failed" % (passed, failed))
        return 1
    for cfg in cfgs:
        res = R.get(cfg.label)
        if res is None:
            result(False, "%s: no result" % cfg.label)
            continue
        if "error" in res:
            if not cfg.flatten:
                result(False, "%s: does not elaborate: %s" % (cfg.label,
                                                              res["error"]))
            continue
        raw, tot = res["raw"], res["total"]
        result(tot["latches"] == 0 and tot["rtl_latches"] == 0,
               "%s: %d latch cells (%d latch bits after proc)" % (
                   cfg.label, tot["latches"], tot["rtl_latches"]))
        if cfg.flatten:
            pre_top = find_top({"post": raw["rtl_net"]}, cfg.top)
            m = state_map(raw["rtl_net"], raw["net"], pre_top, res["top"], True)
            good = state_ok(m) and m["rtl"] == tot["state_bits"] > 0 \
                and m["ffs"] == tot["ffs"]
            result(good, "%s: %s" % (cfg.label, state_text(m)))
            # the split the area report's floor is built from
            try:
                sp = state_split(cfg, args)
                p = dict(module_defaults(cfg.top, cfg.files))
                p.update(cfg.params)
                # (synthesis may prove a few more registers constant than opt)
                good = tot["ffs"] <= sp["ffs"] <= tot["state_bits"] and \
                    0 < sp["decode"] < sp["read"] <= sp["ffs"] and \
                    sp["read"] - sp["decode"] >= p["NC"] * p["CW"] + 64
                result(good, "%s: state split: %d flip-flops (synthesized %d, RTL "
                       "state bits %d), %d reach PRDATA, %d of them register-block "
                       "decode (readable state >= the counters and the TSC, %d)" % (
                           cfg.label, sp["ffs"], tot["ffs"], tot["state_bits"],
                           sp["read"], sp["decode"], p["NC"] * p["CW"] + 64))
            except SynthError as e:
                result(False, "%s: state split: %s" % (cfg.label, e))
            continue
        agg = {"rtl": 0, "ffs": 0, "const": [], "lost": [], "merged": 0,
               "extra": 0}
        for mod in res["order"]:
            m = state_map(raw["rtl_net"], raw["net"], mod, mod, False)
            n = res["count"][mod]
            for k in ("rtl", "ffs", "merged", "extra"):
                agg[k] += m[k] * n
            for k in ("const", "lost"):
                agg[k] += m[k] * n
            bname = base_name(mod)
            mp = res["params"].get(mod, {})
            label = bname + "".join(" %s=%s" % kv for kv in sorted(mp.items())
                                   if kv[0] in ("W", "NT", "NC", "AREA", "AW"))
            result(state_ok(m) and m["ffs"] == res["own"][mod]["ffs"] and
                   m["rtl"] == res["own_bits"].get(mod),
                   "%s: %s x%d: %s per instance" % (cfg.label, label, n,
                                                    state_text(m)))
        result(state_ok(agg) and agg["rtl"] == tot["state_bits"] > 0 and
               agg["ffs"] == tot["ffs"],
               "%s: total %s" % (cfg.label, state_text(agg)))
    print("synth-check: %s" % ", ".join("run %s %d configuration(s) %.0f s" % (
        x["name"], x["configs"], x["secs"]) for x in runs))
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
    ap.add_argument("--allow-failures", action="store_true",
                    help="configurations that do not elaborate are left out "
                    "(exit 0, report written without a source stamp)")
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
    args.workdir = os.path.abspath(args.workdir)
    try:
        if args.check:
            return run_check(args)
        if args.list:
            for c in CONFIGS:
                print("%-34s top=%s params=%s tables=%s" % (
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
        for c in configs:
            if c.label == L_AREAS:
                FLOOR_SPLIT[L_FLOOR] = state_split(c, args)
                configs = configs + [floor_config(c, FLOOR_SPLIT[L_FLOOR])]
        report = args.report
        if report is None and not args.only and not args.no_report:
            report = DEFAULT_REPORT
        return run_tables(configs, args, report)
    except SynthError as e:
        print("synth: ERROR: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
