# SPDX-License-Identifier: Apache-2.0
"""A scratch copy of the work tree for the change checks (sim/regs_port_add_check.py,
sim/class_add_check.py, sim/wrapper_add_check.py, sim/config_add_check.py): copy, run commands into one log, count checks, list
the files a change touched and which of them were edited by hand.

  s = Scratch("regs_add", keep=args.keep)     # s.src: the copy, s.log: its log
  rc, out = s.sh("make -s regmap")            # in s.src (cwd= to run elsewhere)
  s.check(ok, "what")                         # PASS/FAIL line, counted
  hand = s.hand_edited(generated)             # changed files a generator did not write
  s.lint_instances("xpend", "xpend_i")         # the hand instances of pmu_core in their tools
  rc, bd, pargs, rtl = s.build_bench(cpp, build, "tag", "Vprog")   # a lockstep bench outside the tree
  return s.finish()                           # totals line; the copy kept on failure
plus edit(), last_line(), ok_tail() for the checks' scripted edits and make output.
"""
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
sys.path.insert(0, os.path.join(ROOT, "synth"))
import doc_block  # noqa: E402  (generated blocks inside hand-written docs)
from rtl_edit import replace_once  # noqa: E402

SKIP = ("build", ".git", "__pycache__")
# a generated block of a source file (util/gen_wrappers.py): groups 1 BEGIN line, 2 name, 3 body, 4 END line
CODE_BLOCK = re.compile(r"(^[ \t]*(?://|#) BEGIN generated: (\S+)[^\n]*\n)(.*?)(^[ \t]*(?://|#) END generated: \2[ \t]*$)",
                        re.S | re.M)
# a check run from make must not hand its make flags (jobserver, -s) to the copy's make
CLEAN_ENV = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}


# The hand-written instances of pmu_core outside `make lint` (benches and miters with simulator or
# formal constructs, the FPGA top) and the tools that read each: a change to pmu_core's ports must
# cost none of them an error or a warning (Scratch.lint_instances).
INSTANCES = [("pmu_fpga_top", "synth/fpga/pmu_fpga_top.v", ["verilator", "iverilog", "yosys"]),
             ("tb_apb_smoke", "sim/soc/tb_apb_smoke.v", ["verilator", "iverilog"]),
             ("pmu_err_miter", "formal/pmu_err_miter.v", ["verilator", "yosys"]),
             ("pmu_iso_miter", "formal/pmu_iso_miter.v", ["verilator", "yosys"]),
             ("pmu_count_formal", "formal/pmu_count_formal.v", ["verilator", "yosys"])]


def edit(path, old, new):
    """Replace old by new in path; old must occur exactly once."""
    n = replace_once(path, old, new)
    if n != 1:
        raise SystemExit(f"{os.path.basename(sys.argv[0])}: {path}: anchor {old!r} found {n} times")


def last_line(out):
    lines = out.strip().splitlines()
    return lines[-1] if lines else ""


def ok_tail(rc, out):
    """rc is 0 and the output ends in "N passed, 0 failed" with N > 0."""
    m = re.match(r"(\d+) passed, (\d+) failed$", last_line(out))
    return rc == 0 and bool(m) and m.group(2) == "0" and int(m.group(1)) > 0


class Scratch:
    def __init__(self, name, keep=False):
        self.dir = tempfile.mkdtemp(prefix="pmu_%s_" % name)
        self.log = os.path.join(self.dir, "%s_check.log" % name)
        self.src = os.path.join(self.dir, "src")
        self.keep = keep
        self.passed = self.failed = 0
        shutil.copytree(ROOT, self.src, ignore=shutil.ignore_patterns(*SKIP))

    def sh(self, cmd, cwd=None):
        """(exit code, stdout+stderr) of cmd in the copy (or cwd); logged with its time."""
        t0 = time.time()
        r = subprocess.run(cmd, cwd=cwd or self.src, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, env=CLEAN_ENV)
        with open(self.log, "a") as f:
            f.write(f"$ {cmd}   [{time.time() - t0:.0f} s, exit {r.returncode}]\n{r.stdout}\n")
        return r.returncode, r.stdout

    def check(self, ok, what):
        print(f"{'PASS' if ok else 'FAIL'} {what}", flush=True)
        self.passed, self.failed = self.passed + bool(ok), self.failed + (not ok)

    def changed(self):
        """Files of the copy that differ from the work tree's (or are new)."""
        out = []
        for dp, dns, fns in os.walk(self.src):
            dns[:] = [x for x in dns if x not in SKIP]
            for fn in fns:
                p = os.path.join(dp, fn)
                rel = os.path.relpath(p, self.src)
                o = os.path.join(ROOT, rel)
                if not os.path.exists(o) or not filecmp.cmp(p, o, shallow=False):
                    out.append(rel)
        return sorted(out)

    def hand_edited(self, generated, marks=()):
        """The changed files that are not a generator's: not in `generated` and not
        a hand-written file whose generated blocks alone changed (a doc's
        <!-- BEGIN generated: NAME --> blocks, a source's // or # BEGIN generated: NAME
        blocks, util/gen_wrappers.py's, and the blocks between each (begin, end)
        line pair of `marks`, e.g. util/regmap.py's define blocks). Prints the changes."""
        def strip(text):
            text = doc_block.strip_bodies(text)
            for b, e in marks:
                text = re.sub(r"(%s[^\n]*\n).*?(%s)" % (re.escape(b), re.escape(e)), r"\1\2", text, flags=re.S)
            return CODE_BLOCK.sub(r"\1\4", text)

        def blocks_only(rel):
            o = os.path.join(ROOT, rel)
            return os.path.exists(o) and (strip(open(o, errors="replace").read()) ==
                                          strip(open(os.path.join(self.src, rel), errors="replace").read()))
        changed = self.changed()
        print("  changed files: " + ", ".join(changed))
        return [c for c in changed if c not in generated and not blocks_only(c)]

    def make_check(self, target, what):
        """`make -s target` in the copy: one check, passed when it ends in "N passed, 0 failed"."""
        rc, out = self.sh(f"make -s {target}")
        self.check(ok_tail(rc, out), f"{what}: {last_line(out)}")
        return out

    def lint_and_lockstep(self, word, what, short, build, cycles):
        """The steps every change check runs after its edits: core-lint, make lint, the hand
        instances (lint_instances), and core-regs, core-directed and core-random (cycles) built in
        `build`; `what` names the change in the instance checks, `short` in the random run's."""
        self.make_check("core-lint", "core-lint: pmu_core in Verilator, Icarus, Yosys")
        self.make_check("lint", "make lint: every rtl/ top in its lint configurations, soc_top, the synthesis "
                        "references, the C code, in Verilator, Icarus and Yosys")
        self.lint_instances(word, what)
        self.make_check(f"CORE_BUILD={build} core-regs", "core-regs (the generated register tests)")
        self.make_check(f"CORE_BUILD={build} core-directed", "core-directed")
        self.make_check(f"CORE_BUILD={build} CYCLES={cycles} core-random", f"core-random, {cycles} cycles, "
                        f"{short} random")

    def lint_instances(self, word, what):
        """Every INSTANCES top in each of its tools, in the copy: one check each, passed when the
        tool compiles it with no error and no message naming `word` (the change's new ports)."""
        rc, rtl = self.sh("make -s print-RTL_SRCS")
        rtl = rtl.strip()
        for top, f, tools in INSTANCES:
            for tool in tools:
                cmd = {"verilator": f"verilator --lint-only -Wall -Wno-fatal --timing -Irtl --top-module {top} {f} {rtl}",
                       "iverilog": f"iverilog -g2005 -Wall -Irtl -o /dev/null -s {top} {f} {rtl}",
                       "yosys": f"yosys -q -p 'read_verilog -Irtl -sv -formal {f} {rtl}; hierarchy -check -top {top}; "
                                f"proc'"}[tool]
                rc, out = self.sh(cmd + " 2>&1")
                errs = [ln for ln in out.splitlines() if ln.startswith("%Error") or "ERROR" in ln or " error" in ln.lower()]
                named = [ln for ln in out.splitlines() if word in ln and re.match(r"%|\S+:\d+:|Warning|ERROR", ln)]
                self.check(rc == 0 and not errs and not named, f"{tool} {top} ({f}): compiles, no message names {what}")

    def build_bench(self, bench, build, tag, prog):
        """Builds the Verilator lockstep bench `bench` (a C++ file outside the tree) against the
        copy's pmu_core and the C model library of `build`/default (a core-* target built it), at
        the default configuration, into `build`/`tag`/`prog`. (exit code, its directory, -P overrides)."""
        rc, out = self.sh("make -s print-VFLAGS print-VCFLAGS print-RTL_SRCS print-CFG_default")
        vflags, vcflags, rtl, cfgd = (out.strip().splitlines() + [""] * 4)[:4]
        bd = os.path.join(build, tag)
        cmd = (f"verilator --cc --exe --build -j 2 {vflags} " + " ".join("-G" + p for p in cfgd.split()) +
               f" -Mdir {bd} -o {prog} -CFLAGS '{vcflags} " + " ".join("-DCFG_" + p for p in cfgd.split()) +
               f"' -LDFLAGS {build}/default/libpmu_model.a {rtl} {bench}")
        rc, _ = self.sh(cmd + " >/dev/null")
        return rc, bd, " ".join("-Ptb_replay." + p for p in cfgd.split()), rtl

    def finish(self):
        """Removes the copy (kept with --keep or on a failure), prints the totals; exit code."""
        if self.keep or self.failed:
            print(f"  scratch copy kept: {self.dir} (log {self.log})")
        else:
            shutil.rmtree(self.dir, ignore_errors=True)
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
