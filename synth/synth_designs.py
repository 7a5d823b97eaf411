#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What the area flow (synth/run_synth.py) measures: the configurations
(CONFIGS; the labels the report's sections are computed from), the area
goals, the sanity-test configurations of --check (CHECK_CONFIGS), and the
area-floor configuration (floor_config). Config, one synthesis
configuration, with the top's parameter defaults read from its source.
"""
import glob
import os
import re

from synth_cells import SynthError


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "synth", "synth.ys")
DEFAULT_REPORT = os.path.join(ROOT, "synth", "reports", "area.md")
DEFAULT_WORKDIR = os.path.join(ROOT, "build", "synth")
DEFAULT_GATES = "AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX"
WRAPPER = "run_synth_wrap"


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
    # the yield channels' cold fields in latches (YSTORE=1, docs/yield.md)
    core("default NAREA=4 YSTORE=1", {"NAREA": 4, "YSTORE": 1}, tables=("blocks", "sweep", "goal")),
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
    core("YSTORE=1", {"YSTORE": 1}),
    core("NCH=1", {"NCH": 1}),
    core("NCH=8", {"NCH": 8}),
    core("HAS_SAMPLE=0", {"HAS_SAMPLE": 0}),
    core("HAS_YIELD=0", {"HAS_YIELD": 0}),
    core("HAS_SAMPLE=0 HAS_YIELD=0", {"HAS_SAMPLE": 0, "HAS_YIELD": 0}),
    core("AW=32", {"AW": 32}),
    core("minimal", {"HAS_SAMPLE": 0, "HAS_YIELD": 0, "AW": 32, "NAREA": 4},
         tables=("sweep", "goal")),
    # counter areas on and the optional blocks narrowed or left out, against
    # the floor of the default with counter areas and against their own
    # (section "What the area goal takes")
    core("NAREA=4 AW=32", {"NAREA": 4, "AW": 32}, tables=("goal",)),
    core("NAREA=4 NCH=2", {"NAREA": 4, "NCH": 2}, tables=("goal",)),
    core("NAREA=4 NCH=2 AW=32", {"NAREA": 4, "NCH": 2, "AW": 32}, tables=("goal",)),
    core("NAREA=4 NCH=1 AW=32", {"NAREA": 4, "NCH": 1, "AW": 32}, tables=("goal",)),
    core("NAREA=4 HAS_YIELD=0", {"NAREA": 4, "HAS_YIELD": 0}, tables=("goal",)),
    core("NAREA=4 HAS_SAMPLE=0", {"NAREA": 4, "HAS_SAMPLE": 0}, tables=("goal",)),
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
# (state_split) just before; likewise the own floor of every configuration
# of the goal table (tables "goal", floor_label).
L_FLOOR = "ref_floor of " + L_AREAS   # floor_label(L_AREAS)
# Flip-flops of pmu_apb that reach PRDATA as the read multiplexer's control,
# not as data (the registered kind selects, element index, error, access
# phase): wire-name patterns after flattening.
DECODE_WIRES = ["*u_apb.g_k*", "*u_apb.err_q", "*u_apb.idx_q", "*u_apb.setup_q"]
# (name, configuration at NC=8, same at NC=16)
MARGINAL = [("NAREA=1", L_DEFAULT, "pmu_core NC=16"),
            ("NAREA=4", L_AREAS, "pmu_core NC=16 NAREA=4")]
FLOOR_GOAL = 1.25            # goal: the default with counter areas <= 1.25 x its floor (#32)
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
    # the yield channels' cold fields in latches (the only latches allowed)
    Config("check NT=2 NC=1 CW=33 NCLS=4 NCH=1 YSTORE=1", "pmu_core", CORE_SRCS,
           dict(_SMALL, NT=2, NCH=1, YSTORE=1)),
]


FLOOR_SPLIT = {}   # floor_label(label) -> state_split of configuration label (for the report)


def floor_label(label):
    """The label of the floor configuration of configuration label (L_FLOOR for L_AREAS)."""
    return "ref_floor of " + label


def has_floor(cfg):
    """cfg is measured against a floor of its own: L_AREAS and the goal table's configurations."""
    return cfg.label == L_AREAS or "goal" in cfg.tables


def flop_twin(cfg):
    """cfg with flip-flop storage (YSTORE=0): the register map and readable
    state of cfg, in cells the state split counts (it counts flip-flops; the
    floor is counted in enable flip-flops whatever the storage style)."""
    if not int(cfg.params.get("YSTORE", 0)):
        return cfg
    return Config(cfg.label + " flip-flop twin", cfg.top, cfg.files, dict(cfg.params, YSTORE=0),
                  cfg.incdirs, cfg.defines, cfg.flatten, cfg.tables)


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
    return Config(floor_label(cfg.label), "ref_floor", FLOOR_SRCS,
                  {"NR": nr, "NC": nc, "CW": cw, "IW": (nt * 16).bit_length(),
                   "NT": nt, "NLOC": nloc, "NAREA": narea}, tables=("floor",))
