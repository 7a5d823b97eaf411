#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Top-level port tables (docs/ports.md), generated from the RTL.

Tops: every top of config/pmu_ip.yaml whose module is in rtl/ (pmu_core, its
bus wrappers, pmu_mem2apb, dc_top) and every module of rtl/*.v that no other
rtl/ module instantiates (a wrapper added later). For each, the ANSI port list
is parsed: name, direction, width expression as written, description (the
port line's trailing // comment; a comment line above a group of ports
becomes a group row). The numeric widths come from elaboration, not from
evaluating the expressions here: one Yosys run (read_verilog -defer;
hierarchy) of a probe module that instantiates every top in each of its named
configurations (config/pmu_ip.yaml `configs`; a bus wrapper takes those of
the top it wraps, its own parameters at their defaults; a top without any:
its defaults). Yosys's port names and directions must match the parsed ones
(else this script fails: the parser missed something). Configurations whose
port widths are all equal share a column.

Also written (and checked): each top's file list (config/pmu_ip.yaml, the
build's CFG_RTL_<top>) in docs/ports.md, and the generated block
"sampling-ports" of docs/sampling.md (pmu_core's sampling and yield ports).
The check also, for each top of the table that has a file list: compiles it
from exactly its listed files (Verilator --lint-only in its first lint-flow
configuration, no search path, run in an empty directory; warnings off), and
looks for rtl/ modules that the listed files instantiate in any generate
branch (found in the text) but do not define: a file missing from the list
fails either way. soc_top (sim/soc, the example SoC) is not checked:
PicoRV32 is third-party, outside the list (sim/lint.py lints it).

  util/ports.py           write docs/ports.md and the docs/sampling.md block
  util/ports.py --check   exit 1 when one is stale or a top's file list is
                          incomplete
Last line with --check: "N passed, N failed".
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import config as cfg  # noqa: E402  (config/pmu_ip.yaml: file lists, named configurations)
import doc_block  # noqa: E402  (docs/sampling.md's generated block)

OUT = os.path.join(ROOT, "docs", "ports.md")
SAMPLING = os.path.join(ROOT, "docs", "sampling.md")
PORT_RE = re.compile(r"^\s*(input|output|inout)\s+(?:wire|reg)?\s*(?:signed\s+)?(\[[^\]]*\])?\s*(\w+)\s*,?\s*(?://\s*(.*))?$")


def strip_comments(txt):
    return re.sub(r"//[^\n]*|/\*.*?\*/", "", txt, flags=re.S)


def modules(files):
    mods = {}
    for f in files:
        txt = open(f).read()
        for m in re.finditer(r"^\s*module\s+(\w+)", txt, re.M):
            mods[m.group(1)] = (f, txt)
    return mods


def rtl_tops(mods):
    code = [strip_comments(t) for _, t in mods.values()]
    inst = {m for m in mods for t in code if re.search(r"^\s*%s\s*(#|\w+\s*\()" % m, t, re.M)}
    return sorted(m for m in mods if m not in inst)


def split_header(txt, name):
    """(parameter list text, port list text) of module `name`."""
    i = re.search(r"^\s*module\s+%s\b" % name, txt, re.M).start()
    j = txt.index("\n);", i)
    body = txt[i:j]
    k = body.index("(")
    plist = ""
    if body[:k].rstrip().endswith("#"):     # the #(...) parameter list
        depth = 0
        for n in range(k, len(body)):
            depth += {"(": 1, ")": -1}.get(body[n], 0)
            if depth == 0:
                break
        plist = body[k + 1:n]
        k = body.index("(", n + 1)
    return plist, body[k + 1:]


def module_params(txt, name):
    plist = strip_comments(split_header(txt, name)[0])
    return re.findall(r"\bparameter\s+(?:integer\s+|signed\s+)?(?:\[[^\]]*\]\s*)?(\w+)", plist)


def parse_ports(txt, name):
    rows, group = [], []
    for line in split_header(txt, name)[1].splitlines():
        s = line.strip()
        if not s:
            continue
        m = PORT_RE.match(line)
        if m:
            if group:
                rows.append(("group", " ".join(group)))
                group = []
            d, rng, pname, desc = m.groups()
            rows.append(("port", pname, d, rng or "", (desc or "").strip()))
        elif s.startswith("//"):
            c = s.lstrip("/").strip().strip("-").strip()
            if c:
                group.append(c)
        elif s.startswith("/*") and "verilator" in s:
            continue                  # lint pragmas
        else:
            raise SystemExit("ports.py: %s: cannot parse port line: %s" % (name, s))
    return rows


def width_expr(rng):
    if not rng:
        return "1"
    m = re.match(r"\[\s*(.*?)\s*-\s*1\s*:\s*0\s*\]$", rng)
    if m:
        return m.group(1)
    m = re.match(r"\[\s*(\d+)\s*:\s*0\s*\]$", rng)
    if m:
        return str(int(m.group(1)) + 1)
    return rng


def defines(files):
    """{macro: (definition text, file)} of the `define lines of `files` (the
    first file that defines a macro wins)."""
    out = {}
    for f in files:
        for m in re.finditer(r"^\s*`define\s+(\w+)[ \t]*([^\n]*)", open(f).read(), re.M):
            out.setdefault(m.group(1), (re.sub(r"\s*//.*", "", m.group(2)).strip(), os.path.relpath(f, ROOT)))
    return out


def top_list(mods):
    """Config tops with their module in rtl/ (table order), then other rtl/ tops."""
    out = [t for t in cfg.TOPS if t in mods]
    return out + [t for t in rtl_tops(mods) if t not in out]


def top_configs(top):
    """Named configurations of `top`: its own, else those of a top it wraps."""
    own = [n for n, c in cfg.CONFIGS.items() if c["top"] == top]
    if own or top not in cfg.TOPS:
        return own
    for f in cfg.TOPS[top].get("rtl", []):
        if f in cfg.TOPS:
            got = top_configs(f)
            if got:
                return got
    return []


def elaborate(insts, files):
    """{instance key: {port: (dir, width)}} of every (key, module, {param: value})
    in `insts`, from one Yosys run over a probe module instantiating them all."""
    with tempfile.TemporaryDirectory() as d:
        probe = os.path.join(d, "ports_probe.v")
        with open(probe, "w") as f:
            f.write("module ports_probe;\n")
            for i, (_, mod, ps) in enumerate(insts):
                ov = ", ".join(".%s(%d)" % kv for kv in ps.items())
                f.write("  %s %s p%d ();\n" % (mod, "#(%s)" % ov if ov else "", i))
            f.write("endmodule\n")
        js = os.path.join(d, "p.json")
        script = "read_verilog -defer -I%s %s %s; hierarchy -top ports_probe; blackbox =* =ports_probe %%d; " \
                 "write_json %s" % (os.path.join(ROOT, "rtl"), " ".join(files), probe, js)
        p = subprocess.run(["yosys", "-q", "-p", script], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if p.returncode:
            raise SystemExit("ports.py: yosys failed:\n%s" % p.stdout)
        design = json.load(open(js))["modules"]
    cells = design["ports_probe"]["cells"]
    return {key: {n: (v["direction"], len(v["bits"])) for n, v in design[cells["p%d" % i]["type"]]["ports"].items()}
            for i, (key, _, _) in enumerate(insts)}


def md_escape(s):
    return s.replace("|", "\\|")


def code(s):
    """Markdown code span (double backticks when s holds a backtick: `PMU_ADDR_BITS)."""
    return "`` %s ``" % s if "`" in s else "`%s`" % s


class Top:
    def __init__(self, name, mods):
        self.name = name
        self.file, txt = mods[name]
        self.rows = parse_ports(txt, name)
        self.params = module_params(txt, name)
        self.configs = top_configs(name)

    def insts(self):
        if not self.configs:
            return [((self.name, "default"), self.name, {})]
        return [((self.name, c), self.name, {k: v for k, v in cfg.full(c).items() if k in self.params})
                for c in self.configs]

    def set_widths(self, el):
        names = self.configs or ["default"]
        parsed = {r[1]: r[2] for r in self.rows if r[0] == "port"}
        cols = {}
        for c in names:
            ys = el[(self.name, c)]
            if set(parsed) != set(ys) or any(ys[n][0] != d for n, d in parsed.items()):
                raise SystemExit("ports.py: %s (%s): parsed ports %s differ from Yosys %s" % (self.name, c, parsed, ys))
            key = tuple(ys[n][1] for n in parsed)
            cols.setdefault(key, []).append(c)
        # one column per distinct width vector, named after its first configuration
        self.cols = [(ns, dict(zip(parsed, key))) for key, ns in cols.items()]

    def table(self, rows):
        out = ["| Port | Dir | Width (RTL) | %s | Description |" % " | ".join(ns[0] for ns, _ in self.cols),
               "|---|---|---|%s---|" % ("---|" * len(self.cols))]
        for r in rows:
            if r[0] == "group":
                out.append("| | | |%s *%s* |" % (" |" * len(self.cols), md_escape(r[1])))
            else:
                _, n, d, rng, desc = r
                out.append("| `%s` | %s | %s | %s | %s |" % (n, d, md_escape(code(width_expr(rng))),
                                                            " | ".join(str(w[n]) for _, w in self.cols),
                                                            md_escape(desc)))
        return out

    def legend(self):
        if not self.configs:
            return "Widths at the parameter defaults (no named configuration)."
        own = cfg.CONFIGS[self.configs[0]]["top"]
        src = "" if own == self.name else " of `%s` (its own parameters at their defaults)" % own
        parts = ["`%s`%s" % (ns[0], " (also %s)" % ", ".join("`%s`" % n for n in ns[1:]) if ns[1:] else "")
                 for ns, _ in self.cols]
        return ("Width columns: the named configurations%s of config/pmu_ip.yaml; configurations with "
                "the same port widths share a column: %s." % (src, ", ".join(parts)))

    def macros(self, rows=None):
        """The definitions of the macros in the width expressions: from the
        top's own file first, then from its files in compile order."""
        listed = cfg.files(self.name) if self.name in cfg.TOPS else []
        defs = defines([self.file] + [os.path.join(ROOT, f) for f in listed])
        used = []
        for r in self.rows if rows is None else rows:
            if r[0] == "port":
                used += [m for m in re.findall(r"`(\w+)", r[3]) if m not in used]
        if not used:
            return []
        return ["Macros in the widths (`` `define `` in the RTL): %s." % "; ".join(
            "`` `%s `` = `%s` (%s)" % (m, defs[m][0], defs[m][1]) if m in defs else "`` `%s `` (not found)" % m
            for m in used)]

    def files_line(self):
        if self.name not in cfg.TOPS:
            return "Files: not in config/pmu_ip.yaml (add the top there)."
        return ("Files (compile order; config/pmu_ip.yaml, make variable `CFG_RTL_%s`): %s."
                % (self.name, ", ".join("`%s`" % f for f in cfg.files(self.name))))


def compile_check(top, params):
    """Verilator --lint-only of `top` from exactly its listed files: (ok, first error lines)."""
    files = [os.path.join(ROOT, f) for f in cfg.files(top)]
    with tempfile.TemporaryDirectory() as d:
        cmd = ["verilator", "--lint-only", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", top] + \
              ["-G%s=%d" % kv for kv in params.items()] + files
        p = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    err = [line for line in p.stdout.splitlines() if line.startswith("%Error")]
    return p.returncode == 0 and not err, err[:3]


def closure_check(top, mods):
    """Modules of rtl/ instantiated in `top`'s listed files (any generate branch,
    found in the text) that none of them defines: [(module, file)]."""
    listed = cfg.files(top)
    defined = {m for m, (f, _) in mods.items() if os.path.relpath(f, ROOT) in listed}
    for f in listed:
        defined.update(re.findall(r"^\s*module\s+(\w+)", open(os.path.join(ROOT, f)).read(), re.M))
    miss = []
    for f in listed:
        src = strip_comments(open(os.path.join(ROOT, f)).read())
        miss += [(m, f) for m in mods if m not in defined and (m, f) not in miss
                 and re.search(r"^\s*%s\s*(#|\w+\s*\()" % m, src, re.M)]
    return miss


def lint_config(t):
    """(name, parameters) of the compile check: the top's first configuration of
    the lint flow (dc_top: dc_small, not the 33-unit default), else its defaults."""
    lint = [c for c in t.configs if "lint" in cfg.CONFIGS[c].get("flows", [])]
    return (lint[0], {k: v for k, v in cfg.full(lint[0]).items() if k in t.params}) if lint else ("defaults", {})


def generate():
    files = sorted(glob.glob(os.path.join(ROOT, "rtl", "*.v")))
    mods = modules(files)
    tops = [Top(n, mods) for n in top_list(mods)]
    el = elaborate([i for t in tops for i in t.insts()], files)
    for t in tops:
        t.set_widths(el)
    out = ["# Top-level ports",
           "",
           "<!-- generated by util/ports.py from the RTL (make ports); make test fails when stale (ports-check). Do not edit. -->",
           "",
           "Every top: pmu_core, its bus wrappers, the bridge and dc_top (the tops of",
           "`config/pmu_ip.yaml` whose module is in `rtl/`), and any other module of `rtl/`",
           "that no other one instantiates. Width (RTL): the expression in the RTL",
           "(parameters of the module; a macro's definition is listed below the table).",
           "The numeric columns: the width in each named configuration, from elaborating",
           "the top in it (Yosys). Descriptions are the RTL comments; a comment line above",
           "a group of ports is shown as a group row. Files: what a build of the top",
           "compiles; `make ports-check` compiles each top from exactly these files.",
           ""]
    for t in tops:
        out += ["## `%s` (`%s`)" % (t.name, os.path.relpath(t.file, ROOT)), "",
                t.files_line(), "", t.legend(), ""] + t.table(t.rows) + [""]
        mac = t.macros()
        if mac:
            out += mac + [""]
    core = [t for t in tops if t.name == "pmu_core"][0]
    start = [i for i, r in enumerate(core.rows) if r[0] == "group" and r[1].startswith("sampling")]
    if not start:
        raise SystemExit("ports.py: pmu_core has no 'sampling' group row (docs/sampling.md block)")
    block = ["`pmu_core`'s ports from the sampling group on (`util/ports.py`; all of them:",
             "`docs/ports.md`). %s" % core.legend(), ""] + core.table(core.rows[start[0]:]) + [""] + core.macros(core.rows[start[0]:])
    return "\n".join(out), "\n".join(block).rstrip("\n") + "\n", tops, mods


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] and not check:
        print(__doc__)
        return 2
    text, block, tops, mods = generate()
    stext = open(SAMPLING).read()
    m = doc_block.find(stext, "sampling-ports")
    if check:
        passed = failed = 0
        cur = open(OUT).read() if os.path.exists(OUT) else ""
        ok = cur == text
        passed, failed = passed + ok, failed + (not ok)
        print("ports: docs/ports.md %s" % ("up to date" if ok else "is stale: run make ports"))
        ok = bool(m) and m.group(2) == block
        passed, failed = passed + ok, failed + (not ok)
        print("ports: docs/sampling.md block sampling-ports %s" % (
            "up to date" if ok else "is stale: run make ports" if m else "missing"))
        for t in tops:
            if t.name not in cfg.TOPS:
                continue
            miss = closure_check(t.name, mods)
            passed, failed = passed + (not miss), failed + bool(miss)
            print("ports: %s: every rtl/ module its listed files instantiate (any generate branch) is listed: %s"
                  % (t.name, "ok" if not miss else "FAILED: " + ", ".join("%s (in %s)" % mf for mf in miss)))
            cname, ps = lint_config(t)
            ok, err = compile_check(t.name, ps)
            passed, failed = passed + ok, failed + (not ok)
            print("ports: %s compiles from exactly its %d listed files (Verilator, %s): %s" % (
                t.name, len(cfg.files(t.name)), cname,
                "ok" if ok else "FAILED (config/pmu_ip.yaml file list incomplete?)\n  " + "\n  ".join(err)))
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    with open(OUT, "w") as f:
        f.write(text)
    print("ports: wrote docs/ports.md")
    if not m:
        print("ports: docs/sampling.md has no block sampling-ports")
        return 1
    new = stext[:m.start(2)] + block + stext[m.end(2):]
    if new != stext:
        with open(SAMPLING, "w") as f:
            f.write(new)
        print("ports: wrote docs/sampling.md block sampling-ports")
    return 0


if __name__ == "__main__":
    sys.exit(main())
