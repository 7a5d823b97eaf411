#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Mutation check: the benches must catch deliberate bugs.

Each mutant copies rtl/ and cmodel/ to build/mut/<name>/, replaces one
snippet (which must occur exactly once, so a stale mutant is an error, not a
silent pass), rebuilds the Verilator lockstep benches against the copies and
runs them. A mutant of a model source file (cmodel/*.c) leaves the RTL and
every bench object as they are: its benches are the unmutated Verilator
builds (made first, in build/mut/base/ from copies, so nothing another job
builds under build/ at the same time is read) relinked with the mutated model
objects, which takes seconds instead of a Verilator compile; a control
(the relinked benches with the unmutated model) must pass. A mutant is
"killed" when the directed tests or a short random run fail. Every mutant
must be killed. The mutants and the benches that must kill each: MUTANTS in
sim/mutants.py.
  sim/mutate.py [--only NAME[,NAME...]] [--cycles N] [--jobs N]  (default: up to 4 mutants at once)
                [--sample N [--seed S]]
--sample N (make test's core-mutate): every model mutant that relinks (a few
seconds each) and N of the others (a Verilator build or a proof each, 20 s
to 3 min), drawn with seed S, printed; the default seed is the checked-out commit,
so successive commits draw different samples and a run is reproduced with
--seed. `make mutate` runs every mutant.
"""
import argparse
import concurrent.futures
import glob
import os
import random
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "synth"))
from report_stamp import config_mk  # noqa: E402  (the one reader of config/config.mk)
from mutants import BENCHES, FORMAL_DEPTH, MUTANTS  # noqa: E402  (the table of mutants: sim/mutants.py)
from rtl_edit import replace_once  # noqa: E402  (synth/rtl_edit.py)


# the mutants' Verilator builds: C++ -O1 (Makefile VBUILD_OPT; the compile
# is most of a mutant's time, -O1 halves it and runs about as fast as -O2)
VBUILD_OPTS = (("FAST", "-O1"), ("GLOBAL", "-O1"), ("SLOW", "-O0"))
VBUILD_OPT = " ".join(f"-MAKEFLAGS OPT_{k}={v}" for k, v in VBUILD_OPTS)


def run(cmd, log):
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        return subprocess.run(cmd, cwd=ROOT, stdout=f, stderr=subprocess.STDOUT).returncode


def bench_exe(core, prog, cfg):
    """The bench executable of (prog, cfg); core: CORE_BUILD, whose dc/ is
    DC_BUILD for a mutant (sim/core.mk and sim/dc.mk: build/core, build/dc)."""
    if prog.startswith("dc_"):
        return f"{core}/dc/{cfg}/Vdc_lockstep"
    return f"{core}/{prog}_{cfg}/V{prog}"


def cmodel_srcs(top):
    """The C model sources of top: CFG_CMODEL_<top> of config/config.mk (from
    config/pmu_ip.yaml; pmu_core: cmodel/pmu_model.c and its blocks)."""
    srcs = config_mk().get(f"CFG_CMODEL_{top}")
    if srcs is not None:
        return srcs.split()
    raise SystemExit(f"mutate: CFG_CMODEL_{top} not in config/config.mk (make config)")


def benches_of(mut):
    """The (program, configuration) pairs that must kill mutant mut."""
    return mut[4] if len(mut) > 4 else BENCHES


def relinkable(rel, benches):
    """A model .c file mutant of Verilator benches: relink, do not rebuild.
    (A header may be included by the bench programs: those rebuild.)"""
    return (rel.startswith("cmodel/") and rel.endswith(".c")
            and all(p not in ("formal", "dc_icarus", "cspmu_model") for p, _ in benches))


def make_args(d):
    """make arguments that build the benches from the copies under d into d/build."""
    return ["make", "--no-print-directory", "VBUILD_OPT=" + VBUILD_OPT, f"CORE_RTL_DIR={d}/rtl",
            f"CORE_CM_DIR={d}/cmodel", f"CORE_BUILD={d}/build", f"DC_RTL_DIR={d}/rtl",
            f"DC_CM_DIR={d}/cmodel", f"DC_BUILD={d}/build/dc"]


def copy_sources(d):
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "rtl"), os.path.join(d, "rtl"))
    shutil.copytree(os.path.join(ROOT, "cmodel"), os.path.join(d, "cmodel"))


BASE = os.path.join(ROOT, "build", "mut", "base")   # the unmutated benches to relink


def verilator_mk(dst):
    """The makefile Verilator generated in build directory dst (not its
    _classes.mk nor a sibling.mk of link_from_sibling): (name, text), or
    None when there is not exactly one."""
    vmk = [f for f in os.listdir(dst) if f.endswith(".mk") and not f.endswith("_classes.mk") and f != "sibling.mk"]
    return (vmk[0], open(os.path.join(dst, vmk[0])).read()) if len(vmk) == 1 else None


def mk_list(text, var):
    """The words of the generated makefile's list variable var (VM_USER_LDLIBS, ...)."""
    return text.split(f"{var} = \\\n", 1)[1].split("\n\n", 1)[0].replace("\\", " ").split()


def relink(src_exe, dst_exe, d, mk, log):
    """dst_exe: the Verilator build of src_exe (unmutated RTL and bench
    objects under BASE, copied with their time stamps so make keeps them)
    linked with the model objects built from the mutated copy under d."""
    src, dst = os.path.dirname(src_exe), os.path.dirname(dst_exe)
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst, symlinks=True)
    os.remove(dst_exe)
    vmk = verilator_mk(dst)
    if vmk is None:
        return 2
    # a bench linked from its sibling's build (link_from_sibling) has its rule in sibling.mk
    sib = os.path.exists(os.path.join(dst, "sibling.mk"))
    mkfile = "sibling.mk" if sib else vmk[0]
    classes = user_classes(os.path.basename(dst_exe)[1:]) if sib else []
    objs = mk_list(vmk[1], "VM_USER_LDLIBS")
    # every model object the bench links, from the mutated sources under d
    new = [d + o[len(BASE):] if o.startswith(BASE + "/") else o for o in objs]
    if run(mk + [o for o in new if o.startswith(d)], log) != 0:
        return 2
    return run(["make", "--no-print-directory", "-C", dst, "-f", mkfile, os.path.basename(dst_exe),
                "VM_USER_LDLIBS=" + " ".join(new)] + classes, log)


def link_from_sibling(exe, prog, built, cfg, log):
    """A core bench of the same configuration already built for this mutant
    (test_directed before test_random) has compiled the same Verilated model
    (same RTL, parameters and flags): its build directory is copied and only
    this bench's program is compiled and linked against that model, with
    the generated makefile (Verilator itself would regenerate and recompile
    everything, its command line differing). Returns the make exit code, or
    None when there is no such sibling (then the bench is built in full)."""
    if prog not in CORE_PROGS:
        return None
    for p, c, e in built:
        if c != cfg or p not in CORE_PROGS:
            continue
        src, dst = os.path.dirname(e), os.path.dirname(exe)
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(src, dst, symlinks=True)
        os.remove(os.path.join(dst, os.path.basename(e)))
        vmk = verilator_mk(dst)
        if vmk is None:
            return 2
        # the sibling's own program objects go: a bench source of the same
        # name (tb/random/coverage.cpp, tb/dc/coverage.cpp) must be compiled, not
        # taken from the copy
        for c in mk_list(vmk[1], "VM_USER_CLASSES"):
            for ext in (".o", ".d"):
                if os.path.exists(os.path.join(dst, c + ext)):
                    os.remove(os.path.join(dst, c + ext))
        cflags = [f"-DWAVES_NAME={prog}_{cfg}" if f.startswith("-DWAVES_NAME=") else f
                  for f in mk_list(vmk[1], "VM_USER_CFLAGS")]
        name = os.path.basename(exe)
        with open(os.path.join(dst, "sibling.mk"), "w") as f:
            f.write(f"include {vmk[0]}\n{name}: $(VK_USER_OBJS) $(VK_GLOBAL_OBJS) $(VM_PREFIX)__ALL.a $(VM_HIER_LIBS)\n"
                    "\t$(LINK) $(LDFLAGS) $^ $(LOADLIBES) $(LDLIBS) $(LIBS) $(SC_LIBS) -o $@\n")
        opts = [f"OPT_{k}={v}" for k, v in VBUILD_OPTS]
        return run(["make", "--no-print-directory", "-C", dst, "-f", "sibling.mk", name,
                    "VM_USER_CFLAGS=" + " ".join(cflags)] + user_classes(prog) + opts, log)
    return None


# a bench program's sources beyond tb/<program>.cpp: the directory under tb/
# of its split-out .cpp files (the make rules' VBUILD_SRCS_<program>: sim/core.mk
# test_directed, feature groups; sim/rv.mk test_rv, the RISC-V view's rules by
# concern; sim/dc.mk dc_lockstep, the distributed-counter tests by concern;
# sim/core.mk busbuild test_bus, the bus wrappers' bench by bus and test group;
# sim/core.mk test_random, the random bench's operations, stimulus and coverage)
BENCH_SRC_DIRS = {"test_directed": "directed", "test_rv": "rv", "dc_lockstep": "dc", "test_bus": "bus",
                  "test_random": "random"}


def user_classes(prog):
    """make arguments naming a bench program's own sources for the generated
    makefile (its classes: the .cpp files without extension, and their
    directories): tb/<prog>.cpp and tb/<BENCH_SRC_DIRS[prog]>/*.cpp. Used
    where a core bench is linked from a sibling's build (sibling.mk); the dc
    benches are only relinked with Verilator's own makefile, which names
    tb/dc/*.cpp itself."""
    srcs = [os.path.join(ROOT, "tb", prog + ".cpp")]
    if prog in BENCH_SRC_DIRS:
        srcs += sorted(glob.glob(os.path.join(ROOT, "tb", BENCH_SRC_DIRS[prog], "*.cpp")))
    return ["VM_USER_CLASSES=" + " ".join(os.path.splitext(os.path.basename(s))[0] for s in srcs),
            "VM_USER_DIR=" + " ".join(sorted({os.path.dirname(s) for s in srcs}))]


# the per-thread core's lockstep bench programs (sim/core.mk vbuild: one
# Verilator build each, same RTL and parameters per configuration; test_rv:
# sim/rv.mk, the RISC-V CSR view's conformance tests, run without arguments)
CORE_PROGS = ("test_directed", "test_random", "test_regs", "test_rv")


def one(mut, cycles):
    """Builds and runs one mutant; returns (passed, message with its time)."""
    t0 = time.time()
    ok, msg = one_run(mut, cycles)
    return ok, f"{msg} [{time.time() - t0:.0f} s]"


def one_run(mut, cycles):
    name, rel, old, new = mut[:4]
    benches = benches_of(mut)
    d = os.path.join(ROOT, "build", "mut", name)
    copy_sources(d)
    if old is not None:     # None: the unmutated control (see main)
        n = replace_once(os.path.join(d, rel), old, new)
        if n != 1:
            return False, f"FAIL {name}: snippet found {n} times in {rel} (stale mutant)"
    log = os.path.join(d, "mutate.log")
    mk = make_args(d)
    # Both benches must kill every mutant (each mutant changes only one
    # side, so the lockstep random bench must see it as well).
    killed = []
    built = []      # (program, configuration, executable) built for this mutant
    for prog, cfg in benches:
        if prog == "cspmu_model":
            # the arm_cspmu driver-sequence test (sw/cspmu.mk) on the mutated model
            exe = f"{d}/build/test_cspmu_model"
            os.makedirs(os.path.dirname(exe), exist_ok=True)
            if run(["cc", "-std=c99", "-O2", f"-I{d}/cmodel", "-Isw", "-Itb/sw", "-o", exe, "tb/sw/test_cspmu_model.c",
                    "tb/sw/test_cspmu.c", "sw/cspmu_linux.c", "sw/pmu_simbus.c"]
                   + [f"{d}/{f}" for f in cmodel_srcs("pmu_core")], log) != 0:
                killed = None
                break
            if run([exe, "--seed", "1", "--cfg", cfg], log) != 0:
                killed.append(prog)
            continue
        if prog == "formal":
            # exit 1: the property fails (killed); 2: tool error (not a kill)
            proof = cfg[:-5] if cfg.endswith("-fast") else cfg
            rc = run(["python3", "formal/run_formal.py", "--only", proof, "--rtl", f"{d}/rtl",
                      "--build", f"{d}/build/formal"] + FORMAL_DEPTH.get(cfg, []), log)
            if rc == 2:
                killed = None
                break
            if rc == 1:
                killed.append(prog)
            continue
        extra = ["--seed", "1", "--cycles", cycles] if prog == "test_random" else []
        exe = bench_exe(f"{d}/build", prog, cfg)
        if prog.startswith("dc_"):
            extra = ["--test", prog[3:], "--seed", "1"] + (["--cycles", cycles] if prog == "dc_random" else [])
        if os.path.exists(exe):
            pass    # dc_directed and dc_random: one executable
        elif relinkable(rel, benches):
            if relink(bench_exe(f"{BASE}/build", prog, cfg), exe, d, mk, log) != 0:
                killed = None
                break
        else:
            rc = link_from_sibling(exe, prog, built, cfg, log)
            if rc is None:
                rc = run(mk + [exe], log)
            if rc != 0:
                killed = None
                break
        built.append((prog, cfg, exe))
        # dc_icarus: the Icarus 4-state replay of the small directed vectors
        cmd = mk + ["dc-icarus"] if prog == "dc_icarus" else [exe] + extra
        if run(cmd, log) != 0:
            killed.append(prog)
    if killed is None:
        return False, f"FAIL {name}: mutant does not build (see {log})"
    if len(killed) == len(benches):
        return True, f"PASS {name}: killed by " + " and ".join(f"{p} ({c})" for p, c in benches)
    alive = [f"{p} ({c})" for p, c in benches if p not in killed]
    return False, f"FAIL {name}: survived {', '.join(alive)} (see {log})"


def sample(todo, n, seed):
    """Every relinked model mutant of todo and n of the others (a build
    each), drawn with seed (default: the checked-out commit); printed."""
    if seed is None:
        r = subprocess.run(["git", "rev-parse", "--short=8", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        seed = r.stdout.strip() if r.returncode == 0 and r.stdout.strip() else "1"
    cheap = [m for m in todo if relinkable(m[1], benches_of(m))]
    built = [m for m in todo if m not in cheap]
    pick = set(m[0] for m in random.Random(seed).sample(built, min(n, len(built))))
    print(f"mutate: sample (seed {seed}): the {len(cheap)} relinked model mutants and {len(pick)} of the "
          f"{len(built)} built ones (RTL, model headers, Icarus, formal); `make mutate` runs all "
          f"{len(todo)}; this sample again: sim/mutate.py --sample {n} --seed {seed}", flush=True)
    return [m for m in todo if m in cheap or m[0] in pick]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--cycles", default="200000")
    # mutants are independent (one build directory each): run several at
    # once; results are printed in MUTANTS order
    ap.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    ap.add_argument("--sample", type=int)
    ap.add_argument("--seed")
    args = ap.parse_args()
    todo = [m for m in MUTANTS if not args.only or m[0] in args.only.split(",")]
    # every mutant's snippet, also of those a sample leaves out: a stale one
    # (its code changed) fails here, not only in the run that draws it
    stale = [m[0] for m in todo if open(os.path.join(ROOT, m[1])).read().count(m[2]) != 1]
    for n in stale:
        print(f"FAIL {n}: snippet not found exactly once (stale mutant)", flush=True)
    if args.sample is not None:
        todo = sample([m for m in todo if m[0] not in stale], args.sample, args.seed)
    # the benches of the model mutants: built unmutated under BASE, relinked
    benches = sorted({pc for m in todo if relinkable(m[1], benches_of(m)) for pc in benches_of(m)})
    t0 = time.time()
    if benches:
        copy_sources(BASE)
        plog = os.path.join(BASE, "build.log")
        built = []
        # per configuration, the first core bench in full, its siblings linked against its model
        for p, c in sorted(benches, key=lambda pc: (pc[1], CORE_PROGS.index(pc[0]) if pc[0] in CORE_PROGS else -1)):
            exe = bench_exe(f"{BASE}/build", p, c)
            if os.path.exists(exe):
                continue    # dc_directed and dc_random: one executable
            rc = link_from_sibling(exe, p, built, c, plog)
            if (run(make_args(BASE) + [exe], plog) if rc is None else rc) != 0:
                print(f"mutate: the unmutated benches do not build (see {plog})")
                return 1
            built.append((p, c, exe))
        print(f"mutate: {len(built)} unmutated benches built for the relinked model mutants [{time.time() - t0:.0f} s]",
              flush=True)
    passed = failed = 0
    # control for the relink path: every relinked bench, linked with the
    # unmutated model, must pass (else a broken relink would count as a kill)
    if benches:
        ok, msg = one(("control-relinked-unmutated", "cmodel/pmu_model.c", None, None, tuple(benches)), args.cycles)
        survived = not ok and "survived " + ", ".join(f"{p} ({c})" for p, c in benches) in msg
        print(("PASS control-relinked-unmutated: every relinked bench passes with the unmutated model "
               + msg[msg.rindex("["):] if survived else msg.replace("FAIL", "FAIL (the relinked benches must pass)", 1)),
              flush=True)
        passed += survived
        failed += not survived

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futs = [ex.submit(one, m, args.cycles) for m in todo]
        for f in futs:
            ok, msg = f.result()
            print(msg, flush=True)
            passed += ok
            failed += not ok
    failed += len(stale) if args.sample is not None else 0   # (a full run fails them itself)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
