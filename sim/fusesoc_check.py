#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""FuseSoC packaging check (make fusesoc-check).

Every core of pmu-ip (pmu_ip.core, dc_top.core, pmu_model.core; generated
from config/pmu_ip.yaml, config-check keeps them fresh) must:
  * parse (core-info) and list its targets;
  * run its default targets: pmu_core lint (Verilator -Wall), sim (Icarus APB
    smoke bench) and synth (Yosys iCE40 netlist, small configuration);
    dc_top lint (dc_small); pmu_model lib (libpmu_model.a, which a bench
    links and runs), also without --work-root: the library must be at the
    path the README documents (config.FUSESOC_LIB, below fusesoc's cwd);
  * run sim with the "fusesoc" configurations (every parameter): the bench
    passes, FuseSoC hands each value to the bench (+parameter+ in the .scr)
    and the CFG/CAP values the bench reads back from the DUT are the values;
  * run the bus-wrapper targets (config.WRAPPER_TARGETS: lint_<fs> with the
    wrapper's own parameters at non-default values, -G in the .vc; synth_<fs>
    setup: chparam of every value in FuseSoC's Yosys script);
  * run its lint / lib target with EVERY parameter, one at a time, at a
    non-default legal value (util/config.py probe), and the configurations
    of the table's "fusesoc" flow (alt, dc_small) with all parameters at once: lint-clean, and the value
    reaches Verilator (-G<P>=<V> in FuseSoC's .vc file). dc_top's
    one-parameter runs stop after FuseSoC's setup (the .vc must carry the
    value and every RTL file of the table): linting them would elaborate
    the 33-unit reference ring, about 13 s each, and dc-illegal lints the
    same values with the same Verilator -Wall.
  sim/fusesoc_check.py [--build DIR] [--quick]   (--quick: no per-parameter runs)
Last line "N passed, N failed".
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import config  # noqa: E402

# core file -> (VLNV, top of its parameters, per-parameter target, work dir of that target)
CORES = {
    "pmu_ip.core": ("pmu-ip:ip:pmu_core", "pmu_core", "lint"),
    "dc_top.core": ("pmu-ip:ip:dc_top", "dc_top", "lint"),
    "pmu_model.core": ("pmu-ip:sw:pmu_model", "pmu_core", "lib"),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "fusesoc"))
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    shutil.rmtree(build, ignore_errors=True)
    os.makedirs(build)
    passed = failed = 0

    def result(ok, what, log=None):
        nonlocal passed, failed
        passed += ok
        failed += not ok
        print("fusesoc-check: %s: %s" % (what, "ok" if ok else "FAILED"), flush=True)
        if not ok and log and os.path.exists(log):
            print("".join(open(log).readlines()[-20:]))

    def fusesoc(name, *argv, cwd=ROOT):
        log = os.path.join(build, name + ".log")
        with open(log, "w") as f:
            r = subprocess.run(["fusesoc", "--cores-root", ROOT] + list(argv), cwd=cwd, stdout=f,
                               stderr=subprocess.STDOUT)
        text = open(log).read()
        return r.returncode == 0 and "%Warning" not in text and "%Error" not in text, text, log

    def run_target(name, vlnv, target, ov, setup_files=None):
        """setup_files (RTL files of the top, config/pmu_ip.yaml): FuseSoC's
        setup stage only, and the .vc must also list every one of them."""
        wr = os.path.join(build, name)
        opts = [x for k, v in ov.items() for x in ("--%s" % k, str(v))]
        setup = setup_files is not None
        ok, _, log = fusesoc(name, "run", *(["--setup"] if setup else []), "--work-root", wr, "--target", target,
                             vlnv, *opts)
        vc = glob.glob(os.path.join(wr, "*.vc"))
        args_ = open(vc[0]).read().split() if vc else []
        missing = [k for k, v in ov.items() if "-G%s=%s" % (k, v) not in args_]
        if setup:
            have = {os.path.basename(a) for a in args_ if a.endswith(".v")}
            missing += [f for f in setup_files if os.path.basename(f) not in have]
        return ok and not missing, log, wr

    for core, (vlnv, top, target) in CORES.items():
        ok, text, log = fusesoc("info_" + core, "core-info", vlnv)
        want = {"pmu_ip.core": ["lint", "sim", "synth"] + ["%s_%s" % (t, fs) for fs in config.WRAPPER_TARGETS.values()
                                                         for t in ("lint", "synth")],
                "dc_top.core": ["lint", "synth"], "pmu_model.core": ["lib"]}[core]
        ok = ok and all(any(l.startswith(t) for l in text.splitlines()) for t in want)
        result(ok, "%s core-info (targets %s)" % (core, ", ".join(want)), log)

    ok, log, _ = run_target("pmu_lint", "pmu-ip:ip:pmu_core", "lint", {})
    result(ok, "pmu_ip.core lint target (Verilator -Wall)", log)
    ok, text, log = fusesoc("pmu_sim", "run", "--work-root", os.path.join(build, "pmu_sim"), "--target", "sim",
                            "pmu-ip:ip:pmu_core")
    result(ok and any(l.endswith("passed, 0 failed") for l in text.splitlines()),
           "pmu_ip.core sim target (Icarus APB smoke bench)", log)
    # sim with every parameter of the "fusesoc" configurations: the values reach the DUT
    for name in [n for n, c in config.CONFIGS.items() if c["top"] == "pmu_core" and "fusesoc" in c.get("flows", [])]:
        ov = config.full(name)
        wr = os.path.join(build, "pmu_sim_" + name)
        ok, text, log = fusesoc("pmu_sim_" + name, "run", "--work-root", wr, "--target", "sim", "pmu-ip:ip:pmu_core",
                                *[x for k, v in ov.items() for x in ("--%s" % k, str(v))])
        scr = glob.glob(os.path.join(wr, "*.scr"))
        scr = open(scr[0]).read().split() if scr else []
        seen = dict(w.split("=", 1) for l in text.splitlines() if l.startswith("tb_apb_smoke: C")
                    for w in l.split()[2:])
        # read back: every parameter but NCLS (no register holds it) and YSTORE (storage only:
        # software sees no difference); NCH, YCAP read 0 without yield channels
        bad = [k for k, v in ov.items() if "+parameter+tb_apb_smoke.%s=%s" % (k, v) not in scr
               or (k not in ("NCLS", "YSTORE") and
                   seen.get(k) != str(0 if k in ("NCH", "YCAP") and not ov["HAS_YIELD"] else v))]
        result(ok and not bad and any(l.endswith("passed, 0 failed") for l in text.splitlines()),
               "pmu_ip.core sim target, configuration %s (all %d parameters reach the bench's DUT: CFG/CAP)%s"
               % (name, len(ov), " BAD: " + " ".join(bad) if bad else ""), log)

    # the bus wrappers as top: their own parameters at non-default values (with a pmu_core one)
    for top, fs in config.WRAPPER_TARGETS.items():
        ov = config.probe(top, "NC")
        for k in config.TOPS[top].get("params") or {}:
            ov.update(config.probe(top, k))
        assert not config.violations(top, ov), (top, ov)
        desc = " ".join("%s=%s" % kv for kv in ov.items())
        ok, log, _ = run_target("pmu_lint_" + fs, "pmu-ip:ip:pmu_core", "lint_" + fs, ov)
        result(ok, "pmu_ip.core lint_%s target (%s, Verilator -Wall), %s" % (fs, top, desc), log)
        wr = os.path.join(build, "pmu_synth_" + fs)
        ok, _, log = fusesoc("pmu_synth_" + fs, "run", "--setup", "--work-root", wr, "--target", "synth_" + fs,
                             "pmu-ip:ip:pmu_core", *[x for k, v in ov.items() for x in ("--%s" % k, str(v))])
        tcl = "".join(open(f).read() for f in glob.glob(os.path.join(wr, "*.tcl")))
        bad = [k for k, v in ov.items() if "chparam -set %s %s %s" % (k, v, top) not in tcl]
        result(ok and not bad, "pmu_ip.core synth_%s target setup (%s, Yosys chparam of %s)%s"
               % (fs, top, desc, " MISSING: " + " ".join(bad) if bad else ""), log)

    # the C-model library at the documented path (no --work-root: FuseSoC's default build dir below its cwd)
    cwd = os.path.join(build, "lib_default_path")
    os.makedirs(cwd)
    ok, _, log = fusesoc("pmu_model_lib_default_path", "run", "--target", "lib", "pmu-ip:sw:pmu_model", cwd=cwd)
    doc = config.FUSESOC_LIB in open(os.path.join(ROOT, "README.md")).read()
    result(ok and doc and os.path.exists(os.path.join(cwd, config.FUSESOC_LIB)),
           "pmu_model.core lib target without --work-root: %s exists%s" % (
               config.FUSESOC_LIB, "" if doc else " (README does not name this path)"), log)

    small = config.CONFIGS["small"]["params"]
    opts = [x for k, v in small.items() for x in ("--%s" % k, str(v))]
    wr = os.path.join(build, "pmu_synth")
    ok, _, log = fusesoc("pmu_synth", "run", "--work-root", wr, "--target", "synth", "pmu-ip:ip:pmu_core", *opts)
    result(ok and bool(glob.glob(os.path.join(wr, "*.json"))),
           "pmu_ip.core synth target (Yosys iCE40 netlist, configuration small)", log)

    # whole named configurations (flow "fusesoc" in config/pmu_ip.yaml) through each core of their top
    for core, name in [(core, n) for core, (_, top, _) in CORES.items() for n, c in config.CONFIGS.items()
                       if c["top"] == top and "fusesoc" in c.get("flows", [])]:
        vlnv, top, target = CORES[core]
        ov = config.full(name)
        ok, log, wr = run_target("%s_%s" % (core.split(".")[0], name), vlnv, target, ov)
        if core == "pmu_model.core" and ok:
            lib = os.path.join(wr, "libpmu_model.a")
            exe = os.path.join(build, "dc_model_test")
            with open(log, "a") as f:
                ok = os.path.exists(lib) and subprocess.run(
                    [os.environ.get("CC", "cc"), "-std=c99", "-O2", "-I" + os.path.join(ROOT, "cmodel"),
                     os.path.join(ROOT, "tb", "dc_model_test.c"), lib, "-o", exe], stdout=f, stderr=f).returncode == 0 \
                    and subprocess.run([exe, "--cycles", "20000"], stdout=f, stderr=f).returncode == 0
            result(ok, "pmu_model.core lib target (%s): libpmu_model.a built, a bench links it and passes" % name, log)
        else:
            result(ok, "%s %s target, configuration %s (all %d parameters)" % (core, target, name, len(ov)), log)

    if not args.quick:
        for core, (vlnv, top, target) in CORES.items():
            for k in config.params(top):
                ov = config.probe(top, k)
                desc = " ".join("%s=%s" % kv for kv in ov.items())
                files = config.files(top) if core == "dc_top.core" else None
                ok, log, _ = run_target("%s_%s" % (core.split(".")[0], k), vlnv, target, ov, files)
                result(ok, "%s %s target, %s%s" % (core, target, desc,
                                                   " (setup: value and files in the .vc)" if files else ""), log)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
