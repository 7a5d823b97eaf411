#!/usr/bin/env python3
"""`make lint`: every linter on every synthesizable top, plus the C code.

RTL: each top module of rtl/*.v (a module no other rtl/ module instantiates:
dc_top, pmu_mem2apb, the bus wrappers and any wrapper added later are found
without editing this file) and each top named by a --cfg (pmu_core, which
its wrappers instantiate, at each of its named configurations), the example SoC top sim/soc/soc_top.v and the area
references of `make synth` (synth/ref/*.v, each alone, at its defaults) are elaborated,
for each named configuration given with --cfg (the sim/*.mk ones), by
  Verilator  --lint-only -Wall
  Icarus     -g2005 -Wall
  Yosys      read_verilog; hierarchy -check; proc
with all of rtl/*.v as sources. A run passes only if the tool exits 0 and
prints no warning or error. No warning class is waived; the only exception is
third-party code: PicoRV32 (not our RTL, instantiated by soc_top) is read by
Yosys as a blackbox (-lib: its ports are still checked against the instance),
its Verilator warnings are turned off per file (lint_off -file) and Icarus
messages located in picorv32.v are dropped.

C: cmodel/*.c, sw/*.c, the sw/ tests tb/sw/*.c and tb/sw/test_sw/*.c and the C test programs are compiled with
-std=c99 -pedantic -Wall -Wextra -Werror.

Timescale: a user bench with its own `timescale, compiled together with
pmu_core and dc_top (before and after our files) in Verilator and Icarus,
must give no timescale warning (Verilator TIMESCALEMOD, Icarus "no
timescale").

Self-test (--selftest, also part of a full run): a known-bad RTL snippet (a
port width mismatch, which all three tools report) must be FAILED by each
tool and its corrected version must pass; a C file with an unused variable
must fail the C lint. This shows the checks are not no-ops.

One top alone (--top TOP[:CONFIG], repeatable; make core-lint, core-lint-bus,
dc-lint): the three tools on TOP with its own file list from the
configuration table (config/config.mk CFG_RTL_<TOP>: a file missing from the
list fails here) at its defaults, or at the parameters of the named
configuration CONFIG; nothing else runs.

Each check prints "lint <tool> <top>[<cfg>]: ok|FAILED"; last line
"N passed, N failed".
  sim/lint.py [--cfg TOP:NAME:'P=V ...']... [--only rtl|c|timescale|selftest]
  sim/lint.py --top TOP[:CONFIG]...
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "synth"))
from report_stamp import config_mk  # noqa: E402  (the one reader of config/config.mk)
BUILD = os.path.join(ROOT, "build", "lint")
WARN_RE = re.compile(r"warning|error", re.I)

passed = 0
failed = 0
INNER = False   # True while the self-test runs the checks on its snippets


def report(name, ok, out=""):
    global passed, failed
    if INNER:       # not a result of its own: the self-test judges it
        print("  (self-test run) %s: %s" % (name, "ok" if ok else "failed"))
        return
    if ok:
        passed += 1
        print("lint %s: ok" % name)
    else:
        failed += 1
        print("lint %s: FAILED" % name)
        for line in out.strip().splitlines()[:20]:
            print("    " + line)
    sys.stdout.flush()


def run(cmd, cwd=ROOT):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
    except OSError as e:      # tool not installed: a failure, never a skip
        return 127, "%s: %s (make deps)" % (cmd[0], e)
    return p.returncode, p.stdout


def picorv32_path():
    rc, out = run([sys.executable, "-c",
                   "import pythondata_cpu_picorv32 as p; print(p.data_location)"])
    path = os.path.join(out.strip(), "picorv32.v") if rc == 0 else ""
    return path if path and os.path.isfile(path) else None


# ---------------------------------------------------------------- RTL tops
def modules_of(path):
    txt = re.sub(r"//[^\n]*|/\*.*?\*/", "", open(path).read(), flags=re.S)
    return re.findall(r"^\s*module\s+(\w+)", txt, re.M), txt


def find_tops(files):
    """Modules of `files` that none of them instantiates."""
    mods, texts = [], []
    for f in files:
        m, t = modules_of(f)
        mods += m
        texts.append(t)
    inst = set()
    for t in texts:
        for m in mods:
            if re.search(r"^\s*%s\s*(#|\w+\s*\()" % m, t, re.M):
                inst.add(m)
    return [m for m in mods if m not in inst]


def lint_top(top, srcs, params=None, defines=(), incdirs=(), third_party=(), workdir=BUILD,
             label=None, tools=("verilator", "iverilog", "yosys"), yosys_pre=""):
    """Run each tool on `top`; report ok/FAILED per tool. Returns {tool: ok}."""
    params = params or {}
    label = label or top
    os.makedirs(workdir, exist_ok=True)
    res = {}
    dflags = ["-D" + d for d in defines]
    iflags = ["-I" + i for i in incdirs]
    for tool in tools:
        if tool == "verilator":
            extra = []
            if third_party:
                vlt = os.path.join(workdir, "third_party.vlt")
                with open(vlt, "w") as f:
                    f.write("`verilator_config\n")
                    for tp in third_party:
                        f.write('lint_off -file "%s"\n' % tp)
                extra = [vlt]
            cmd = ["verilator", "--lint-only", "-Wall", "--top-module", top] + dflags + iflags + \
                  ["-G%s=%s" % kv for kv in params.items()] + extra + list(srcs) + list(third_party)
            rc, out = run(cmd, cwd=workdir)
        elif tool == "iverilog":
            cmd = ["iverilog", "-g2005", "-Wall", "-o", os.devnull, "-s", top] + dflags + iflags + \
                  ["-P%s.%s=%s" % (top, k, v) for k, v in params.items()] + list(srcs) + list(third_party)
            rc, out = run(cmd, cwd=workdir)
            if third_party:   # drop messages located in third-party files
                out = "\n".join(l for l in out.splitlines()
                                if not any(l.startswith(tp + ":") for tp in third_party))
        else:
            rd = "read_verilog %s %s %s; " % (" ".join(dflags), " ".join(iflags), " ".join(srcs))
            for tp in third_party:
                rd += "read_verilog -lib %s %s; " % (" ".join(dflags), tp)
            chp = "".join(" -chparam %s %s" % kv for kv in params.items())
            script = rd + yosys_pre + "hierarchy -check -top %s%s; proc" % (top, chp)
            rc, out = run(["yosys", "-q", "-p", script], cwd=workdir)
        ok = rc == 0 and not WARN_RE.search(out)
        if rc != 0 and not out.strip():
            out = "exit code %d" % rc
        report("%s %s" % (tool, label), ok, out)
        res[tool] = ok
    return res


def parse_cfg(s):
    # TOP:NAME:'P=V P=V' (values may be given as -GP=V as in sim/dc.mk)
    top, name, ps = s.split(":", 2)
    params = {}
    for tok in ps.split():
        k, v = tok.lstrip("-").lstrip("G").split("=", 1) if tok.startswith("-G") else tok.split("=", 1)
        params[k] = v
    return top, name, params


def lint_rtl(cfgs):
    rtl = sorted(glob.glob(os.path.join(ROOT, "rtl", "*.v")))
    inc = [os.path.join(ROOT, "rtl")]
    own_tops = find_tops(rtl)
    tops = list(own_tops)
    # a top of the configuration table that another module instantiates (pmu_core, inside its bus
    # wrappers) is elaborated at its defaults inside them, and alone at each named configuration
    tops += sorted({t for (t, _, _) in cfgs} - set(tops))
    for top in tops:
        named = [(n, p) for (t, n, p) in cfgs if t == top]
        if not any(n == "default" for n, _ in named) and top in own_tops:
            named.insert(0, ("default", {}))
        for name, params in named:
            lint_top(top, rtl, params, incdirs=inc, label="%s[%s]" % (top, name))
    # the area references of make synth (synth/ref), at their defaults
    for ref in sorted(glob.glob(os.path.join(ROOT, "synth", "ref", "*.v"))):
        for top in find_tops([ref]):
            lint_top(top, [ref], label="%s[default]" % top)
    # example SoC top (our RTL around the third-party PicoRV32)
    soc = os.path.join(ROOT, "sim", "soc", "soc_top.v")
    pico = picorv32_path()
    if not pico:
        report("soc_top: PicoRV32 (pythondata-cpu-picorv32) not installed, make deps-soc", False)
        return
    wd = os.path.join(BUILD, "soc")
    os.makedirs(wd, exist_ok=True)
    hexf = os.path.join(wd, "firmware.hex")   # soc_top's RAM image (read at elaboration by Yosys)
    with open(hexf, "w") as f:
        f.write("0000006f\n")
    pcpi = os.path.join(ROOT, "sim", "soc", "pcpi_csr.v")   # the CSR port behind PCPI (PMU_XLEN=32)
    lint_top("soc_top", [soc, pcpi] + rtl, defines=["RISCV_FORMAL"], incdirs=inc, third_party=[pico],
             workdir=wd, label="soc_top[default]")
    lint_top("soc_top", [soc, pcpi] + rtl, {"PMU_XLEN": 32}, defines=["RISCV_FORMAL"], incdirs=inc,
             third_party=[pico], workdir=wd, label="soc_top[PMU_XLEN=32]")
    lint_top("pcpi_csr", [pcpi], label="pcpi_csr[default]")


# ---------------------------------------------------------------- C
C_FLAGS = ["-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror"]


def c_sources():
    srcs = sorted(glob.glob(os.path.join(ROOT, "cmodel", "*.c")) + glob.glob(os.path.join(ROOT, "sw", "*.c")) +
                  glob.glob(os.path.join(ROOT, "tb", "sw", "*.c")) +   # the sw/ tests
                  glob.glob(os.path.join(ROOT, "tb", "sw", "test_sw", "*.c")) +   # ... by concern
                  glob.glob(os.path.join(ROOT, "tb", "*.c")))
    return srcs


def lint_c_file(src, label=None):
    cc = os.environ.get("CC", "cc")
    cmd = [cc] + C_FLAGS + ["-O2", "-I" + os.path.join(ROOT, "cmodel"), "-I" + os.path.join(ROOT, "sw"),
                            "-I" + os.path.join(ROOT, "tb", "sw"), "-c", src, "-o", os.devnull]
    rc, out = run(cmd)
    ok = rc == 0 and not WARN_RE.search(out)
    report("cc %s" % (label or os.path.relpath(src, ROOT)), ok, out)
    return ok


def lint_c():
    for s in c_sources():
        lint_c_file(s)


# ---------------------------------------------------------------- timescale
USER_TB = """`timescale 10ps/1ps
module user_tb;
  reg clk = 1'b0, rst_n = 1'b0;
  always #50 clk = ~clk;
  initial begin #200 rst_n = 1'b1; #1000 $finish; end
  pmu_core u_pmu (.clk_i(clk), .rst_ni(rst_n));
  dc_top   u_dc  (.clk_i(clk), .rst_ni(rst_n));
endmodule
"""
TS_RE = re.compile(r"timescale", re.I)


def lint_timescale(rtl=None, wd=None, label="rtl"):
    """Returns True if every run is free of timescale messages."""
    wd = wd or os.path.join(BUILD, "userbench")
    os.makedirs(wd, exist_ok=True)
    tb = os.path.join(wd, "user_tb.v")
    with open(tb, "w") as f:
        f.write(USER_TB)
    rtl = rtl or sorted(glob.glob(os.path.join(ROOT, "rtl", "*.v")))
    inc = "-I" + os.path.dirname(rtl[0])
    all_ok = True
    for order, files in (("bench first", [tb] + rtl), ("bench last", rtl + [tb])):
        # the bench leaves most pins open: only timescale messages count here
        for tool, cmd in (("verilator", ["verilator", "--lint-only", "--timing", "-Wno-fatal", inc,
                                         "--top-module", "user_tb"] + files),
                          ("iverilog", ["iverilog", "-g2005", "-Wall", inc, "-o", os.path.join(wd, "tb.vvp"),
                                        "-s", "user_tb"] + files)):
            rc, out = run(cmd, cwd=wd)
            ts = "\n".join(l for l in out.splitlines() if TS_RE.search(l.replace(wd, "")))
            ok = rc == 0 and not ts
            all_ok = all_ok and ok
            report("timescale %s user_tb+%s (%s)" % (tool, label, order), ok, ts or out)
    return all_ok


# ---------------------------------------------------------------- self-test
SUB_V = """module st_sub (input wire clk, input wire [7:0] a, output reg [7:0] q);
  always @(posedge clk) q <= a;
endmodule
"""
BAD_V = """module st_top (input wire clk, input wire [%d:0] a, output wire [7:0] q);
  st_sub u_sub (.clk(clk), .a(a), .q(q));
endmodule
"""
BAD_C = "int st_f(int x)\n{\n  int unused_y%s;\n  return x;\n}\n"


def selftest():
    global INNER
    wd = os.path.join(BUILD, "selftest")
    if os.path.isdir(wd):
        shutil.rmtree(wd)
    os.makedirs(wd)
    results = []
    for kind, width in (("bad", 3), ("good", 7)):   # bad: 4-bit signal on an 8-bit port
        d = os.path.join(wd, kind)
        os.makedirs(d)
        v = [os.path.join(d, "st_sub.v"), os.path.join(d, "st_top.v")]
        with open(v[0], "w") as f:
            f.write(SUB_V)
        with open(v[1], "w") as f:
            f.write(BAD_V % width)
        # the tool runs below are reported as expected/unexpected, not as lint results
        INNER = True
        res = lint_top("st_top", v, workdir=d, label="selftest-%s" % kind)
        INNER = False
        results.append((kind, res))
    for kind, res in results:
        for tool, ok in res.items():
            want = kind == "good"
            report("selftest %s: %s snippet %s as expected" % (tool, kind, "passes" if want else "FAILED"),
                   ok == want)
    for kind, use in (("bad", ""), ("good", " = 0; (void)unused_y")):
        c = os.path.join(wd, "st_%s.c" % kind)
        with open(c, "w") as f:
            f.write(BAD_C % use)
        INNER = True
        ok = lint_c_file(c, label="selftest-%s.c" % kind)
        INNER = False
        report("selftest cc: %s C file %s as expected" % (kind, "passes" if kind == "good" else "FAILED"),
               ok == (kind == "good"))
    # the user-bench timescale check on a copy of rtl/ without `timescale
    d = os.path.join(wd, "nots")
    os.makedirs(d)
    for src in glob.glob(os.path.join(ROOT, "rtl", "*.v")):
        with open(src) as f:
            txt = re.sub(r"^`timescale[^\n]*\n", "", f.read(), flags=re.M)
        with open(os.path.join(d, os.path.basename(src)), "w") as f:
            f.write(txt)
    INNER = True
    ok = lint_timescale(sorted(glob.glob(os.path.join(d, "*.v"))), os.path.join(wd, "nots_bench"), "rtl-without-timescale")
    INNER = False
    report("selftest timescale: rtl/ without `timescale FAILED as expected", not ok)


def lint_tops(specs):
    """--top TOP[:CONFIG]: TOP with its own file list, at its defaults or CONFIG's parameters."""
    mk = config_mk()
    for spec in specs:
        top, _, cfg = spec.partition(":")
        if "CFG_RTL_" + top not in mk or (cfg and "CFG_" + cfg not in mk):
            report("%s: no top %s or configuration %s in config/config.mk" % (spec, top, cfg or "-"), False)
            continue
        srcs = [os.path.join(ROOT, f) for f in mk["CFG_RTL_" + top].split()]
        params = dict(kv.split("=", 1) for kv in mk["CFG_" + cfg].split()) if cfg else {}
        lint_top(top, srcs, params, incdirs=[os.path.join(ROOT, "rtl")], workdir=os.path.join(BUILD, "top"),
                 label="%s[%s]" % (top, cfg or "default"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cfg", action="append", default=[], help="TOP:NAME:'P=V ...'")
    ap.add_argument("--only", choices=["rtl", "c", "timescale", "selftest"])
    ap.add_argument("--top", action="append", default=[], help="TOP[:CONFIG]: that top alone (its file list)")
    a = ap.parse_args()
    cfgs = [parse_cfg(c) for c in a.cfg]
    os.makedirs(BUILD, exist_ok=True)
    if a.top:
        lint_tops(a.top)
        print("%d passed, %d failed" % (passed, failed))
        return 0 if failed == 0 and passed > 0 else 1
    if a.only in (None, "selftest"):
        selftest()
    if a.only in (None, "rtl"):
        lint_rtl(cfgs)
    if a.only in (None, "c"):
        lint_c()
    if a.only in (None, "timescale"):
        lint_timescale()
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
