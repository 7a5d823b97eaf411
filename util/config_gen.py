# SPDX-License-Identifier: Apache-2.0
"""util/config.py's generators: config/config.mk, the C configuration
headers, the FuseSoC core files, the README blocks, the RTL parameter and
trap blocks; outputs() maps each generated file to its text.

Imports config_table and doc_block (util/config.py's docstring).
"""
import os
import re
import sys

from config_table import *  # noqa: F401,F403  (the table and its queries)
from config_table import ROOT, TOPS, CONFIGS, HEAD  # noqa: F401
import doc_block  # noqa: E402  (generated blocks inside hand-written docs)
import config_classes  # noqa: E402  (decoded event classes: RTL block, model header)

def gen_make():
    L = ["# SPDX-License-Identifier: Apache-2.0", "# " + HEAD, "# Make variables of the configuration table (included by the Makefile).", ""]
    L.append("# RTL / C-model file lists per top")
    for top in TOPS:
        L.append("CFG_RTL_%s := %s" % (top, " ".join(files(top))))
    for top in TOPS:
        if TOPS[top].get("cmodel"):
            L.append("CFG_CMODEL_%s := %s" % (top, " ".join(files(top, "cmodel"))))
    L.append("")
    L.append("# bus wrappers (tops with a `bus` entry): every one (lint, parameter checks),")
    L.append("# those the Icarus X-check bench drives, those in lockstep with a C bus model")
    L.append("# (short names; sim/core.mk) and the builds of their non-default modes")
    L.append("CFG_BUS_TOPS := %s" % " ".join(BUS_TOPS))
    L.append("CFG_BUS_XCHECK := %s" % " ".join(bus_short(t) for t in BUS_TOPS if TOPS[t]["bus"].get("xcheck")))
    lock = [t for t in BUS_TOPS if TOPS[t]["bus"].get("model")]
    L.append("CFG_BUS_LOCKSTEP := %s" % " ".join(bus_short(t) for t in lock))
    for t in lock:
        m = TOPS[t]["bus"]["model"]
        L.append("CFG_BUS_BENCH_%s := %s" % (bus_short(t), m.get("bench", "generic")))
        L.append("CFG_BUS_VARIANTS_%s := %s" % (bus_short(t), " ".join(m.get("variants") or {})))
        for v, ps in (m.get("variants") or {}).items():
            L.append("CFG_BUS_VARIANT_%s_%s := %s" % (bus_short(t), v, " ".join(ps)))
    L.append("")
    L.append("# named configurations: every parameter P=V (sim/core.mk gparams/dparams)")
    for n in CONFIGS:
        L.append("CFG_%s := %s" % (n, " ".join("%s=%s" % kv for kv in full(n).items())))
    L.append("")
    L.append("# configurations per flow")
    flows = {}
    for n, c in CONFIGS.items():
        for f in c.get("flows", []):
            flows.setdefault((c["top"], f), []).append(n)
    for (top, f), ns in sorted(flows.items()):
        L.append("CFG_FLOW_%s_%s := %s" % (top, f.replace("-", "_"), " ".join(ns)))
    L.append("")
    return "\n".join(L)


def c_init(top, vals):
    return "{ " + ", ".join("%d%s" % (vals[k], "u" if top == "pmu_core" else "")
                            for k in params(top)) + " }"


def c_cond(top, k, p, acc):
    v = acc + p["c"]
    parts = []
    if "values" in p:
        parts.append("(" + " && ".join("%s != %d" % (v, x) for x in p["values"]) + ")")
    else:
        if "min" in p and not (top == "pmu_core" and p["min"] == 0):   # pmu_cfg: unsigned fields
            parts.append("%s < %d" % (v, p["min"]))
        if "max" in p:
            parts.append("%s > %d" % (v, p["max"]))
        if p.get("even"):
            parts.append("%s %% 2" % v)
    for o in p.get("at_most", []):
        parts.append("%s > %s%s" % (v, acc, params(top)[o]["c"]))
    for o, c in p.get("caps", {}).items():
        parts.append("(%s != 0 && %s%s > %d)" % (v, acc, params(top)[o]["c"], c))
    return " || ".join(parts)


def gen_header(top, guard, prefix):
    ps = params(top)
    st = TOPS[top]["cstruct"]
    L = ["/* SPDX-License-Identifier: Apache-2.0 */",
         "/* %s */" % HEAD,
         "/* %s's configurations for the C model (%s): the table's defaults," % (top, st),
         " * every named configuration, and the parameter ranges (the RTL's traps). */",
         "#ifndef %s" % guard, "#define %s" % guard, "#include <string.h>", ""]
    L.append("/* field order of %s: %s */" % (st, " ".join(p["c"] for p in ps.values())))
    regs = open(os.path.join(ROOT, "cmodel", "%s_regs.h" % prefix.lower())).read()
    for k, p in ps.items():
        if prefix == "PMU" and "max" in p and "#define %s_%s_MAX " % (prefix, k) not in regs:
            L.append("#define %s_%s_MAX %du" % (prefix, k, p["max"]))
    for n in CONFIGS:
        if CONFIGS[n]["top"] != top:
            continue
        cname = n[len("dc_"):] if prefix == "DC" and n.startswith("dc_") else n
        L.append("/* %s: %s */" % (n, CONFIGS[n].get("doc", "")))
        L.append("#define %s_CFG_%s %s" % (prefix, cname.upper(), c_init(top, full(n))))
    if True:
        L.append("")
        L.append("/* Range of every parameter: NULL when legal, else \"<field>: <RTL trap rule>\". */")
        L.append("static inline const char *%s_cfg_ranges(const %s *c)" % (prefix.lower(), st))
        L.append("{")
        for k, p in ps.items():
            cond = c_cond(top, k, p, "c->")
            if p.get("when"):
                cond = "c->%s > 0 && (%s)" % (ps[p["when"]]["c"], cond)
            L.append("    if (%s) return \"%s: %s\";" % (cond, p["c"], trap_name(top, k)))
        L.append("    return NULL;")
        L.append("}")
    L.append("")
    L.append("/* The named configuration NAME into *c: 0, or -1 for an unknown name. */")
    L.append("static inline int %s_cfg_named(const char *name, %s *c)" % (prefix.lower(), st))
    L.append("{")
    for n in CONFIGS:
        if CONFIGS[n]["top"] != top:
            continue
        cname = n[len("dc_"):] if prefix == "DC" and n.startswith("dc_") else n
        L.append("    if (!strcmp(name, \"%s\")) { const %s v = %s_CFG_%s; *c = v; return 0; }"
                 % (cname, st, prefix, cname.upper()))
    L.append("    return -1;")
    L.append("}")
    L.append("#endif")
    return "\n".join(L) + "\n"


# the bus wrappers: the tops with a `bus` entry (util/gen_wrappers.py), in
# table order; a wrapper's short name is its name after "pmu_core_"
BUS_TOPS = [t for t in TOPS if TOPS[t].get("bus")]


def bus_short(top):
    return top[len("pmu_core_"):]


# bus wrappers that pmu_ip.core has lint_<fileset> / synth_<fileset> targets
# for (top: fileset of its own files): those with a bridge; their parameters
# come from the table
WRAPPER_TARGETS = {t: bus_short(t) for t in BUS_TOPS if TOPS[t]["bus"].get("bridge")}
WRAPPER_TARGET_TEXT = """
  lint_{FS}:
    default_tool: verilator
    filesets: [rtl, {FS}]
    toplevel: {TOP}
    parameters: [{P}]
    tools:
      verilator:
        mode: lint-only
        verilator_options: [-Wall]

  synth_{FS}:
    default_tool: yosys
    filesets: [rtl, {FS}]
    toplevel: {TOP}
    parameters: [{P}]
    tools:
      yosys:
        arch: ice40
        output_format: json
"""

# where the pmu_model.core lib target leaves the library: FuseSoC's work root,
# by default build/<core name>/<target>-<tool> below the directory fusesoc
# runs in (README, checked by sim/fusesoc_check.py)
FUSESOC_LIB = "build/pmu-ip_sw_pmu_model_1.0.0/lib-verilator/libpmu_model.a"

CORES = {
    "pmu_ip.core": {
        "name": "pmu-ip:ip:pmu_core:1.0.0", "top": "pmu_core",
        "intro": ["FuseSoC core description of pmu-ip (checked by `make fusesoc-check`).",
                  "  fusesoc --cores-root . core-info pmu-ip:ip:pmu_core",
                  "  fusesoc --cores-root . run --target lint  pmu-ip:ip:pmu_core   (Verilator -Wall)",
                  "  fusesoc --cores-root . run --target sim   pmu-ip:ip:pmu_core   (Icarus APB smoke bench)",
                  "  fusesoc --cores-root . run --target synth pmu-ip:ip:pmu_core   (Yosys, iCE40 netlist)",
                  "Every target takes every parameter (--NC 5 ...). The bus wrappers as top",
                  "(their own parameters too, e.g. --ABITS 16):"]
        + [ln for t, fs in WRAPPER_TARGETS.items() for ln in (
            "  fusesoc --cores-root . run --target %-10s pmu-ip:ip:pmu_core   (%s, %s)"
            % ("lint_" + fs, t, TOPS[t]["bus"]["group"].split(" slave")[0]),
            "  fusesoc --cores-root . run --target %-10s pmu-ip:ip:pmu_core" % ("synth_" + fs))],
        "wrappers": WRAPPER_TARGETS,
        "description": "Synthesizable performance-monitoring unit (APB4 slave, per-thread event counters, "
                       "sampling, yield channels)",
        "filesets": [("rtl", "verilogSource", files("pmu_core"), {}),
                     # each file once: the wrappers share files (rtl/bus_apb_req.v), and
                     # a module listed twice is a duplicate declaration in every tool
                     ("bridge", "verilogSource",
                      list(dict.fromkeys(f for t in ["pmu_mem2apb"] + BUS_TOPS
                                         for f in files(t) if f not in files("pmu_core"))), {}),
                     ("sw", "cSource", ["cmodel/pmu_regs.h", "cmodel/pmu_regdec.h", "cmodel/pmu_reg_field.h",
                                        "cmodel/pmu_cs_regs.h", "cmodel/pmu_cs_regdec.h", "cmodel/pmu_rv_csr.h",
                                        "sw/pmu_drv.h", "sw/pmu_api.h", "sw/pmu_api_int.h", "sw/pmu_prof.h",
                                        "sw/pmu_drv.c", "sw/pmu_api.c", "sw/pmu_api_names.c", "sw/pmu_api_sched.c",
                                        "sw/pmu_api_pm.c", "sw/pmu_prof.c"], {}),
                     ("tb_smoke", "verilogSource", ["sim/soc/tb_apb_smoke.v"], {})]
        + [(fs, "verilogSource", [f for f in files(t) if f not in files("pmu_core")], {})
           for t, fs in WRAPPER_TARGETS.items()],
        "targets": """targets:
  default:
    filesets: [rtl, bridge, sw]

  lint:
    default_tool: verilator
    filesets: [rtl]
    toplevel: pmu_core
    parameters: [{P}]
    tools:
      verilator:
        mode: lint-only
        verilator_options: [-Wall]

  sim:
    default_tool: icarus
    filesets: [rtl, tb_smoke]
    toplevel: tb_apb_smoke
    parameters: [{P}]
    tools:
      icarus:
        iverilog_options: [-g2005]

  synth:
    default_tool: yosys
    filesets: [rtl]
    toplevel: pmu_core
    parameters: [{P}]
    tools:
      yosys:
        arch: ice40
        output_format: json
{WRAPPERS}"""},
    "dc_top.core": {
        "name": "pmu-ip:ip:dc_top:1.0.0", "top": "dc_top",
        "intro": ["FuseSoC core of the distributed counter system (rtl/dc_top.v: central unit",
                  "+ NP core-type and NL cache-type local units on one ring). Checked by",
                  "`make fusesoc-check`:",
                  "  fusesoc --cores-root . run --target lint  pmu-ip:ip:dc_top --NP 3 --NL 2   (Verilator -Wall)",
                  "  fusesoc --cores-root . run --target synth pmu-ip:ip:dc_top --NP 1 --NL 1   (Yosys, iCE40 netlist)"],
        "description": "Distributed event counters (Blue Gene/Q UPC style ring of local units, SRAM central "
                       "unit, APB4 slave)",
        "filesets": [("rtl", "verilogSource", files("dc_top"), {}),
                     ("model", "cSource", ["cmodel/dc_regs.h", "cmodel/dc_regdec.h", "cmodel/dc_secded.h",
                                           "cmodel/pmu_reg_field.h", "cmodel/pmu_prim.h"], {})],
        "targets": """targets:
  default:
    filesets: [rtl, model]

  lint:
    default_tool: verilator
    filesets: [rtl]
    toplevel: dc_top
    parameters: [{P}]
    tools:
      verilator:
        mode: lint-only
        verilator_options: [-Wall]

  synth:
    default_tool: yosys
    filesets: [rtl]
    toplevel: dc_top
    parameters: [{P}]
    tools:
      yosys:
        arch: ice40
        output_format: json
"""},
    "pmu_model.core": {
        "name": "pmu-ip:sw:pmu_model:1.0.0", "top": "pmu_core",
        "intro": ["FuseSoC core of the C golden models (C99, no dependencies), a library for",
                  "the user's own benches: depend on pmu-ip:sw:pmu_model and compile its",
                  "cSource files as C (not C++) into the bench, e.g.",
                  "  cc -std=c99 -O2 -c *.c && ar rcs libpmu_model.a *.o   (in the core's cmodel/ directory)",
                  "The `lib` target does exactly that in FuseSoC's work root (pre_build hook",
                  "cmodel/fusesoc_lib.sh) and lints the headers with the tool of the target",
                  "(Verilator lint of pmu_core at the parameters given, which must match the",
                  "pmu_cfg the model is created with). Checked by `make fusesoc-check`:",
                  "  fusesoc --cores-root . run --target lib pmu-ip:sw:pmu_model --NT 4 --NC 5",
                  "leaves the library in " + FUSESOC_LIB,
                  "(below the directory fusesoc runs in; with --work-root DIR: DIR/libpmu_model.a)."],
        "description": "Cycle-accurate C models of pmu_core (pmu_model) and dc_top (dc_model), C99 library",
        "filesets": [("model", "cSource",
                      ["cmodel/pmu_model.h", "cmodel/pmu_model_int.h", "cmodel/pmu_cfg_gen.h", "cmodel/pmu_classes_gen.h", "cmodel/pmu_regs.h", "cmodel/pmu_regdec.h",
                       "cmodel/pmu_cs_regs.h", "cmodel/pmu_cs_regdec.h", "cmodel/pmu_rv_csr.h",
                       "cmodel/pmu_reg_field.h", "cmodel/pmu_prim.h", "cmodel/dc_model.h", "cmodel/dc_model_int.h", "cmodel/dc_cfg_gen.h", "cmodel/dc_regs.h",
                       "cmodel/dc_regdec.h", "cmodel/dc_secded.h"]
                      + files("pmu_core", "cmodel") + files("dc_top", "cmodel"), {}),
                     ("lib_script", "user", ["cmodel/fusesoc_lib.sh"], {}),
                     ("rtl", None, [], {"depend": '["pmu-ip:ip:pmu_core"]'})],
        "extra": """scripts:
  build_lib:
    cmd: [sh, src/pmu-ip_sw_pmu_model_1.0.0/cmodel/fusesoc_lib.sh]
""",
        "targets": """targets:
  default:
    filesets: [model]

  lib:
    default_tool: verilator
    filesets: [model, lib_script, rtl]
    toplevel: pmu_core
    parameters: [{P}]
    hooks:
      pre_build: [build_lib]
    tools:
      verilator:
        mode: lint-only
        verilator_options: [-Wall]
"""},
}


def gen_core(fname):
    d = CORES[fname]
    top = d["top"]
    L = ["CAPI=2:", "# SPDX-License-Identifier: Apache-2.0", "# " + HEAD]
    L += ["# " + x for x in d["intro"]]
    L += ["name: " + d["name"], "description: " + d["description"], "", "filesets:"]
    for name, ftype, fl, extra in d["filesets"]:
        L.append("  %s:" % name)
        for k, v in extra.items():
            L.append("    %s: %s" % (k, v))
        if fl:
            L.append("    files:")
            for f in fl:
                L.append("      - %s%s" % (f, ": {is_include_file: true}" if f.endswith(".h") else ""))
            L.append("    file_type: " + ftype)
        L.append("")
    if d.get("extra"):
        L.append(d["extra"])
    ps = params(top)
    desc = {k: "%s (%s)" % (p["doc"], rng_text(p)) for k, p in ps.items()}
    dflt = {k: p["default"] for k, p in ps.items()}
    # a wrapper's own parameters: one declaration per name; a name that two
    # wrappers share with different meanings names each, a different default
    # is set by the target (NAME=VALUE)
    own = {t: TOPS[t].get("params") or {} for t in d.get("wrappers", {})}
    for t, tps in own.items():
        for k, p in tps.items():
            txt = "%s (%s)" % (p["doc"], rng_text(p))
            if k not in desc:
                desc[k], dflt[k] = txt, p["default"]
            elif txt not in desc[k]:
                first = [u for u in own if k in own[u]][0]
                if not desc[k].startswith(first + ": "):
                    desc[k] = "%s: %s" % (first, desc[k])
                desc[k] += "; %s: %s" % (t, txt)
    L.append("parameters:")
    w = max(len(k) for k in desc) + 1
    for k in desc:
        L.append("  %-*s {datatype: int, default: %d, paramtype: vlogparam, description: \"%s\"}"
                 % (w, k + ":", dflt[k], re.sub(r"[`\"]", "", desc[k])))
    L.append("")
    wrappers = "".join(WRAPPER_TARGET_TEXT.replace("{FS}", fs).replace("{TOP}", t).replace(
        "{P}", ", ".join(k if p["default"] == dflt[k] else "%s=%d" % (k, p["default"]) for k, p in params(t).items()))
        for t, fs in d.get("wrappers", {}).items())
    L.append(d["targets"].replace("{WRAPPERS}", wrappers).replace("{P}", ", ".join(ps)))
    return "\n".join(L)


def gen_readme_params():
    L = ["| parameter | default | range | meaning |", "|---|---|---|---|"]
    for top in ["pmu_core"] + BUS_TOPS + ["dc_top"]:
        for k, p in (TOPS[top].get("params") or {}).items():
            L.append("| %s`%s` | %d | %s | %s |" % ("" if top == "pmu_core" else top + " ", k, p["default"],
                                                     rng_text(p), p["doc"]))
    return "\n".join(L) + "\n"


def gen_readme_names():
    L = ["| configuration | top | parameters (vs default) | used by | what |", "|---|---|---|---|---|"]
    for n, c in CONFIGS.items():
        ov = " ".join("%s=%s" % kv for kv in (c.get("params") or {}).items()) or "-"
        L.append("| %s | %s | %s | %s | %s |" % (n, c["top"], ov, ", ".join(c.get("flows", [])), c.get("doc", "")))
    return "\n".join(L) + "\n"


def file_role(path):
    """One phrase on what a file is, from its comments: the sentence after
    "// <file name>: ", else the first sentence of the header comment (after
    the license and generated-file lines), up to its first '.' (after a file
    name also ':' or ';') outside parentheses."""
    src = open(os.path.join(ROOT, path)).read().splitlines()
    name = os.path.splitext(os.path.basename(path))[0]
    named = [i for i, l in enumerate(src) if re.match(r"\s*//\s*%s:\s" % re.escape(name), l)]
    lines = []
    for line in src[named[0] if named else 0:]:
        s = line.strip()
        if not s.startswith("//"):
            if lines or not (s.startswith("`") or not s):
                break
            continue
        c = s[2:].strip()
        if not lines and not named and (not c or re.match(r"SPDX|GENERATED", c) or "make regmap" in c):
            continue
        if not c:
            break
        lines.append(c)
    text = re.sub(r"^%s:\s+" % re.escape(name), "", " ".join(lines))
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and ch in (".:;" if named else ".") and (i + 1 == len(text) or text[i + 1] == " "):
            return text[:i]
    return text


def gen_readme_files():
    """Every top's RTL file list (the CFG_RTL_<top> of config/config.mk) and
    each file's role (util/ports.py compiles every rtl/ top from its list)."""
    L = ["| top | files, in compile order (`CFG_RTL_<top>` of config/config.mk) |", "|---|---|"]
    allf = []
    for top, d in TOPS.items():
        own = []
        for f in d.get("rtl", []):
            own.append("`%s`'s files" % f if f in TOPS else "`%s`" % f)
        L.append("| `%s` | %s |" % (top, ", ".join(own)))
        allf += [f for f in files(top) if f not in allf]
    L += ["", "| file | role (its header comment) |", "|---|---|"]
    for f in allf:
        L.append("| `%s` | %s |" % (f, file_role(f).replace("|", "\\|").replace("`", "\\`")))
    return "\n".join(L) + "\n"


# RTL blocks written into a top's first RTL file between marker comments
# (part of the module's parameter list and its elaboration traps; Verilog-2005,
# literals only: no include file or macro)
RTL_BEGIN = "// BEGIN config %s (generated by util/config.py from config/pmu_ip.yaml; do not edit)"
RTL_END = "// END config %s"
RTL_BLOCKS = {"pmu_core": ("parameters", "traps", "classes"), "dc_top": ("parameters",)}
# benches whose module takes a top's parameters (same names and defaults) and
# passes them on: their parameter list is the same generated block
BENCH_PARAMS = {"sim/soc/tb_apb_smoke.v": "pmu_core", "tb/tb_replay.v": "pmu_core"}


def v_rules(k, p):
    """[(legal condition, illegal condition)] of parameter k (Verilog)."""
    out = []
    if "values" in p:
        out.append(("(" + " || ".join("%s == %d" % (k, v) for v in p["values"]) + ")",
                    " && ".join("%s != %d" % (k, v) for v in p["values"])))
    else:
        for op, nop, key in ((">=", "<", "min"), ("<=", ">", "max")):
            if key in p:
                out.append(("%s %s %d" % (k, op, p[key]), "%s %s %d" % (k, nop, p[key])))
        if p.get("even"):
            out.append(("%s %% 2 == 0" % k, "%s %% 2 != 0" % k))
    out += [("%s <= %s" % (k, o), "%s > %s" % (k, o)) for o in p.get("at_most", [])]
    out += [("(%s == 0 || %s <= %d)" % (k, o, c), "(%s != 0 && %s > %d)" % (k, o, c))
            for o, c in p.get("caps", {}).items()]
    return out


def wrap(items, sep, end, first, cont, width=110):
    """Lines of items, each after a space and followed by sep (end after the last), filled up to
    width columns; the first line starts with first, the others with cont."""
    rows, line = [], first
    for i, it in enumerate(items):
        t = " " + it + (sep if i < len(items) - 1 else end)
        if len(line) + len(t) > width:
            rows.append(line)
            line = cont
        line += t
    return rows + [line]


def gen_rtl_block(top, what, last):
    """Text of block WHAT of TOP's RTL; LAST: the parameter list ends with it."""
    ps = TOPS[top]["params"]
    L = []
    if what == "classes":
        return config_classes.rtl_block()
    if what == "overrides":   # a bench's instance of TOP: every parameter passed on
        items = [".%s(%s)" % (k, k) for k in ps]
        return "\n".join(wrap(items, ",", "", "   ", "   "))
    if what == "parameters":
        w = max(len(k) for k in ps)
        for i, (k, p) in enumerate(ps.items()):
            sep = "" if last and i == len(ps) - 1 else ","
            doc = re.sub(r"`", "", "%s (%s)" % (p["doc"], rng_text(p)))
            L.append("  parameter integer %-*s = %s%s %s// %s" % (w, k, p["default"], sep,
                                                               " " * (4 - len(str(p["default"])) - len(sep)), doc))
    else:
        legal = [c for k, p in ps.items() for c, _ in v_rules(k, p)]
        L += wrap(legal, " &&", ";", "  localparam LEGAL =", " " * 19) + ["  generate"]
        for k, p in ps.items():
            bad = " || ".join(b for _, b in v_rules(k, p))
            L.append("    if (%s)" % bad)
            L.append("      begin : g_bad_%s %s u_bad(); end" % (k.lower(), trap_name(top, k)))
        L.append("  endgenerate")
    return "\n".join(L)


def rtl_text(top, path=None, blocks=None):
    """TOP's first RTL file (or PATH, with BLOCKS) with its generated blocks regenerated."""
    path = path or files(top)[0]
    text = open(os.path.join(ROOT, path)).read()
    for what in blocks or RTL_BLOCKS[top]:
        b, e = RTL_BEGIN % what, RTL_END % what
        if b not in text or e not in text:
            sys.exit("config.py: %s has no block '%s' (%s ... %s)" % (path, what, b, e))
        i = text.index(b) + len(b)
        j = text.index(e, i)
        last = re.match(r"\s*\)", text[j + len(e):]) is not None
        text = text[:i] + "\n" + gen_rtl_block(top, what, last) + "\n" + text[j:]
    return text


# C blocks written into hand-written C/C++ files between the same markers:
# the C model's configuration struct (one field per parameter) and the
# lockstep harness's configuration from the -DCFG_<P> options
def c_struct_block():
    ps = params("pmu_core")
    w = max(len(p["c"]) for p in ps.values())
    return "\n".join("    unsigned %-*s /* RTL %s: %s */" % (w + 1, p["c"] + ";", k, re.sub(r"`", "", p["doc"]))
                     for k, p in ps.items())


def c_harness_block():
    ps = params("pmu_core")
    L = ["// every parameter of the configuration, -DCFG_<PARAM>=V (sim/core.mk dparams of a",
         "// config/pmu_ip.yaml configuration, the same values as the RTL's -G options)",
         "#if " + " || ".join("!defined(CFG_%s)" % k for k in ps),
         "#error \"build with -DCFG_<P>=V for every pmu_core parameter (sim/core.mk dparams, config/pmu_ip.yaml)\"",
         "#endif",
         "static inline pmu_cfg build_cfg() {",
         "    pmu_cfg c;",
         "    memset(&c, 0, sizeof c);"]
    L += ["    c.%s = CFG_%s;" % (p["c"], k) for k, p in ps.items()]
    L += ["    return c;", "}"]
    return "\n".join(L)


C_BLOCKS = {"cmodel/pmu_model.h": {"cfg-fields": c_struct_block}, "tb/pmu_harness.h": {"cfg": c_harness_block}}


def c_text(path):
    text = open(os.path.join(ROOT, path)).read()
    for what, fn in C_BLOCKS[path].items():
        b, e = RTL_BEGIN % what, RTL_END % what
        if b not in text or e not in text:
            sys.exit("config.py: %s has no block '%s' (%s ... %s)" % (path, what, b, e))
        i = text.index(b) + len(b)
        j = text.index(e, i)
        text = text[:i] + "\n" + fn() + "\n" + text[j:]
    return text


def outputs():
    """{path: text} of every generated file (README blocks as (path, block))."""
    out = {"config/config.mk": gen_make(),
           "cmodel/pmu_cfg_gen.h": gen_header("pmu_core", "PMU_CFG_GEN_H", "PMU"),
           "cmodel/pmu_classes_gen.h": config_classes.c_header(),
           "cmodel/dc_cfg_gen.h": gen_header("dc_top", "DC_CFG_GEN_H", "DC")}
    for f in CORES:
        out[f] = gen_core(f)
    for top in RTL_BLOCKS:
        out[files(top)[0]] = rtl_text(top)
    for path, top in BENCH_PARAMS.items():
        out[path] = rtl_text(top, path, ("parameters", "overrides"))
    for path in C_BLOCKS:
        out[path] = c_text(path)
    return out


BLOCKS = {"config-params": gen_readme_params, "config-names": gen_readme_names, "config-files": gen_readme_files}
