#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""fmax and logic-depth benchmark of pmu-ip against PicoRV32 (make timing).

FPGA part: three designs, each synthesised once with the same Yosys command
and placed and routed by nextpnr-ice40 with the same options and seeds
1, 2, 3 on an iCE40 UP5K (sg48) and an iCE40 HX8K (ct256); the median fmax
of the clock after routing is the result.
  picorv32  PicoRV32 alone, as instantiated in the example SoC
            (synth/timing/picorv32_fpga_top.v)
  pmu_small pmu_core, run_fpga.py's SMALL configuration
            (synth/fpga/pmu_fpga_top.v)
  soc       the example SoC, PicoRV32 + pmu_core, as `make fpga` builds it
            (synth/fpga/soc_fpga_top.v)
A design that does not fit a device is reported as "does not fit (N/M LC)".

ASIC proxy: register-to-register logic depth in gates, Yosys `ltp -noff`
after a generic gate mapping (abc -g ...), of pmu_core with its default
parameters and of PicoRV32 with the SoC's parameters.

The fmax and depth ratios against PicoRV32 measured in the same run are
printed with their goals; this is a benchmark, not a test: the exit status
is 0 whether a goal is met or not, and non-zero only when a tool fails.

Writes a Markdown report to stdout and to synth/reports/timing.md (ending in
the source stamp of synth/report_stamp.py).

Usage: run_timing.py [--rtl "<pmu_core RTL files>"] [--picorv32 picorv32.v]
                     [--workdir build/timing] [--quick] [--seeds 1,2,3]
                     [--devices up5k,hx8k] [--no-depth] [--jobs N] [--report FILE]
                     [--designs picorv32,pmu_small_rv,soc_rv]
  --quick  one seed, UP5K only, report written to <workdir>/timing-quick.md
           (the committed report is left alone) -- for development.
"""
import argparse
import glob
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True       # no __pycache__ next to the sources the report stamp covers
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "synth"))
sys.path.insert(0, os.path.join(ROOT, "synth", "fpga"))
import report_stamp                   # noqa: E402  synth/report_stamp.py
from run_fpga import SMALL, SOC_PMU   # noqa: E402  the configurations `make fpga` measures
from run_fpga import cfg_str, yosys_stat, nextpnr_report   # noqa: E402  its log parsers

# ---------------------------------------------------------------- flow options (one set for every design)
DEVICES = {"up5k": ("--up5k", "sg48"), "hx8k": ("--hx8k", "ct256")}
SEEDS = (1, 2, 3)
FREQ_MHZ = 100                      # fixed target, above every design's fmax; with nextpnr-ice40 0.4 the
                                    # target did not change the result (SoC/HX8K/seed 1: same routing and
                                    # fmax at 12, 40 and 100 MHz)
DEFINES = "-DRISCV_FORMAL"          # the SoC compiles PicoRV32 with its RVFI port (feeds the PMU events)
SYNTH_ICE40 = "synth_ice40 -top {top} -json {json}"     # Yosys' default ABC flow, as `make fpga`
NEXTPNR = ("nextpnr-ice40 {devopt} --package {pkg} --json {json} --pcf-allow-unconstrained "
           "--timing-allow-fail --freq %d --seed {seed} --log {log}" % FREQ_MHZ)
GATES = "AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX"
DEPTH = ("hierarchy -top {top}{chparams}; synth -top {top} -flatten -noabc; abc -g %s; opt -fast; "
         "ltp -noff; stat" % GATES)
MEM_WORDS = 1024                    # the SoC's RAM in `make fpga` (run_fpga.py: 4 KiB of EBR)
PNR_TIMEOUT = 1200                  # seconds per nextpnr run
GOAL_SOC = 0.95                     # SoC-with-PMU fmax / PicoRV32-alone fmax, HX8K
GOAL_PMU = 1.2                      # pmu_core small fmax / PicoRV32-alone fmax, UP5K and HX8K


def rel(p):
    return os.path.relpath(p, ROOT)


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip()
        return out.splitlines()[0] if out else "?"
    except OSError:
        return "?"


def run_yosys(script, log, cwd):
    """Run a Yosys script file; raise SystemExit with the log tail on failure."""
    ys = log[:-4] + ".ys"
    with open(ys, "w") as f:
        f.write(script + "\n")
    t0 = time.time()
    r = subprocess.run(["yosys", "-q", "-l", log, "-s", ys], cwd=cwd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    dt = time.time() - t0
    if r.returncode != 0:
        sys.stdout.write(open(log).read()[-3000:] if os.path.exists(log) else "")
        raise SystemExit("run_timing: yosys FAILED (%s)" % log)
    return dt


def yosys_cells(log):
    """Cell counts and total of the last statistics block of a Yosys log."""
    total = re.findall(r"Number of cells:\s+(\d+)", open(log).read().split("Printing statistics.")[-1])
    cells = yosys_stat(log)
    return cells, int(total[0]) if total else sum(cells.values())


# ---------------------------------------------------------------- sources
# bus bridges and wrappers: not part of pmu_core (the wrappers' rtl/pmu_*.v
# files from the configuration table, as the report stamps leave them out,
# plus the SoC's bridge)
BUS_FILES = {os.path.basename(f) for f in report_stamp.BUS_WRAPPERS} | {"pmu_mem2apb.v"}


def rtl_files(arg):
    """pmu_core's files: $(RTL_SRCS) (from --rtl or `make print-RTL_SRCS`); if it
    lacks pmu_sample.v / pmu_yield.v, every rtl/pmu_*.v except the bridge."""
    if arg is None:
        arg = subprocess.run(["make", "-s", "--no-print-directory", "print-RTL_SRCS"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    files = [os.path.join(ROOT, f) if not os.path.isabs(f) else f for f in arg.split()]
    names = {os.path.basename(f) for f in files}
    note = None
    if not {"pmu_sample.v", "pmu_yield.v"} <= names:
        extra = [f for f in sorted(glob.glob(os.path.join(ROOT, "rtl", "pmu_*.v")))
                 if os.path.basename(f) not in names and os.path.basename(f) not in BUS_FILES]
        files += extra
        note = "RTL_SRCS lacks pmu_sample.v/pmu_yield.v; added %s" % " ".join(rel(f) for f in extra)
    return files, note


def verilog_int(expr, env):
    """Value of a constant parameter expression (sized literals, integers,
    names from env, + - * /)."""
    e = re.sub(r"\b\d*'[sS]?([hHdDbBoO])([0-9a-fA-F_]+)",
               lambda m: str(int(m.group(2).replace("_", ""),
                                 {"h": 16, "d": 10, "b": 2, "o": 8}[m.group(1).lower()])), expr)
    e = re.sub(r"\b[A-Za-z_]\w*\b", lambda m: str(env[m.group(0)]), e)
    if not re.fullmatch(r"[0-9+\-*/() ]+", e):
        raise SystemExit("run_timing: cannot evaluate parameter expression %r" % expr)
    return int(eval(e.replace("/", "//")))      # only digits and operators reach eval


def picorv32_params(path):
    """The parameter overrides of the `picorv32 #(...) u_cpu` instance in path."""
    txt = re.sub(r"//[^\n]*", "", open(path).read())
    m = re.search(r"\bpicorv32\s*#\s*\((.*?)\)\s*u_cpu\b", txt, re.S)
    if not m:
        raise SystemExit("run_timing: no 'picorv32 #(...) u_cpu' instance in %s" % rel(path))
    return {k: " ".join(v.split()) for k, v in re.findall(r"\.(\w+)\s*\(([^()]*)\)", m.group(1))}


# ---------------------------------------------------------------- nextpnr
def parse_nextpnr(log):
    """run_fpga's utilization and fmax, plus the critical path after routing."""
    if not os.path.exists(log):
        return {}, None, None
    util, fmax = nextpnr_report(log)
    txt = open(log).read()
    # the last clock-to-clock critical path report (after routing)
    path = None
    secs = re.split(r"Info: Critical path report for ", txt)
    clk = [s for s in secs if s.startswith("clock ")]
    if clk:
        sec = clk[-1]
        src = re.findall(r"^Info:\s+[\d.]+\s+[\d.]+\s+Source (\S+)", sec, re.M)
        end = re.findall(r"^Info:\s+[\d.]+\s+[\d.]+\s+Setup (\S+)", sec, re.M)
        split = re.search(r"([\d.]+) ns logic, ([\d.]+) ns routing", sec)
        if src and end:
            path = dict(start=short_cell(src[0]), end=short_cell(end[-1]), cells=len(src),
                        logic=float(split.group(1)) if split else None,
                        routing=float(split.group(2)) if split else None)
    return util, fmax, path


def short_cell(name):
    """'u_cpu.reg_op1_SB_DFFE_Q_11_D_SB_LUT4_O_LC.CEN' -> 'u_cpu.reg_op1'."""
    name = name.rsplit(".", 1)[0] if re.search(r"\.[A-Z0-9_]+$", name) else name
    return re.split(r"_SB_|\$SB_", name)[0]


def place_and_route(name, json, dev, seeds, wd, jobs):
    """One row per (design, device): per-seed fmax, LC use, or 'does not fit'."""
    devopt, pkg = DEVICES[dev]
    row = dict(design=name, device=dev, seeds={}, lc=None, ram=None, fit=True, error=None, paths={}, secs=0.0)
    # the seeds run `jobs` at a time, concurrently (nextpnr is deterministic
    # per seed, so this changes only the wall-clock time)
    procs = {}
    rcs = {}
    t0 = time.time()
    for i in range(0, len(seeds), max(1, jobs)):
        batch = {}
        tb = time.time()
        for seed in seeds[i:i + max(1, jobs)]:
            log = os.path.join(wd, "%s_%s_seed%d_nextpnr.log" % (name, dev, seed))
            if os.path.exists(log):
                os.remove(log)
            cmd = NEXTPNR.format(devopt=devopt, pkg=pkg, json=json, seed=seed, log=log)
            batch[seed] = procs[seed] = (log, subprocess.Popen(shlex.split(cmd), stdout=subprocess.DEVNULL,
                                                               stderr=subprocess.DEVNULL))
        for seed, (log, pr) in batch.items():
            try:
                rcs[seed] = pr.wait(timeout=max(1, PNR_TIMEOUT - (time.time() - tb)))
            except subprocess.TimeoutExpired:
                pr.kill()
                pr.wait()
                rcs[seed] = "timeout"
    row["secs"] = time.time() - t0
    for seed in seeds:
        log, rc = procs[seed][0], rcs[seed]
        util, fmax, path = parse_nextpnr(log)
        if "ICESTORM_LC" in util:
            row["lc"] = util["ICESTORM_LC"]
        if "ICESTORM_RAM" in util:
            row["ram"] = util["ICESTORM_RAM"]
        over = [(k, u) for k, u in util.items() if u[0] > u[1]]
        if rc != 0 and over:
            # packing is seed-independent: one run tells
            row["fit"] = False
            row["over"] = over
            print("  %-9s %-4s does not fit (%s)" % (name, dev, ", ".join("%s %d/%d" % (k, u[0], u[1])
                                                                          for k, u in over)), flush=True)
            break
        if rc != 0 or fmax is None:
            row["error"] = "nextpnr %s (seed %d, %s)" % ("timed out" if rc == "timeout" else "failed",
                                                         seed, rel(log))
            print("  %-9s %-4s seed %d: %s" % (name, dev, seed, row["error"]), flush=True)
            break
        row["seeds"][seed] = fmax
        row["paths"][seed] = path
        print("  %-9s %-4s seed %d: %6.2f MHz  (%d/%d LC, %.0f s)" %
              (name, dev, seed, fmax, row["lc"][0], row["lc"][1], time.time() - t0), flush=True)
    if row["seeds"] and not row["error"]:
        vals = sorted(row["seeds"].values())
        row["median"] = statistics.median(vals)
        # the seed whose fmax is the median (odd count) or closest below it
        mseed = min(row["seeds"], key=lambda s: (abs(row["seeds"][s] - row["median"]), s))
        row["mpath"] = row["paths"][mseed]
        row["mseed"] = mseed
    return row


# ---------------------------------------------------------------- logic depth
def logic_depth(name, top, files, chparams, wd):
    log = os.path.join(wd, "depth_%s.log" % name)
    chp = "".join(" -chparam %s %d" % kv for kv in chparams.items())
    script = "read_verilog %s %s\n%s" % (DEFINES, " ".join(files), DEPTH.format(top=top, chparams=chp))
    dt = run_yosys(script, log, wd)
    txt = open(log).read()
    m = re.search(r"Longest topological path in \S+ \(length=(\d+)\):\n((?:\s+(?:\d+|ff): .*\n)*)", txt)
    if not m:
        raise SystemExit("run_timing: no ltp result in %s" % log)
    steps = re.findall(r"^\s+(\d+|ff): (.*?)(?: \(via .*\))?$", m.group(2), re.M)
    start = steps[0][1] if steps else "?"
    end = steps[-1][1] if steps else "?"
    _, ncells = yosys_cells(log)
    res = dict(name=name, depth=int(m.group(1)), start=start.lstrip("\\"), end=end.lstrip("\\"),
               end_is_ff=bool(steps) and steps[-1][0] == "ff", cells=ncells, secs=dt)
    print("  depth %-9s %4d gates  (%s -> %s, %d cells, %.0f s)" %
          (name, res["depth"], res["start"], res["end"], ncells, dt), flush=True)
    return res


# ---------------------------------------------------------------- report
def fmt_mhz(v):
    return "%.2f" % v if v is not None else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rtl", default=None, help="space-separated pmu_core RTL files (default: make print-RTL_SRCS)")
    ap.add_argument("--picorv32", default=None, help="picorv32.v (default: from pythondata_cpu_picorv32)")
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build", "timing"))
    ap.add_argument("--report", default=None)
    ap.add_argument("--quick", action="store_true", help="seed 1, UP5K only; report in the work directory")
    ap.add_argument("--seeds", default=None, help="comma-separated nextpnr seeds (default 1,2,3)")
    ap.add_argument("--devices", default=None, help="comma-separated from up5k,hx8k")
    ap.add_argument("--no-depth", action="store_true", help="skip the logic-depth (ASIC proxy) part")
    ap.add_argument("--designs", default=None,
                    help="comma-separated subset of picorv32,pmu_small,pmu_small_cs,pmu_small_rv,soc,soc_rv "
                         "(default: all; a subset is never the full report)")
    ap.add_argument("--jobs", type=int, default=0,
                    help="nextpnr runs at a time (seeds of one design; default: all its seeds at once; "
                         "1 on a shared machine). Only the wall-clock time depends on it")
    args = ap.parse_args()
    t_start = time.time()

    seeds = [1] if args.quick else list(SEEDS)
    devices = ["up5k"] if args.quick else list(DEVICES)
    if args.seeds:
        seeds = [int(s) for s in args.seeds.split(",")]
    if args.devices:
        devices = args.devices.split(",")
        for d in devices:
            if d not in DEVICES:
                raise SystemExit("run_timing: unknown device %s (use %s)" % (d, ",".join(DEVICES)))
    jobs = args.jobs if args.jobs > 0 else len(seeds)
    full = seeds == list(SEEDS) and devices == list(DEVICES) and not args.no_depth and not args.designs
    report = args.report or (os.path.join(ROOT, "synth", "reports", "timing.md") if full
                             else os.path.join(args.workdir, "timing-quick.md"))
    wd = os.path.abspath(args.workdir)
    os.makedirs(wd, exist_ok=True)

    rtl, rtl_note = rtl_files(args.rtl)
    rv = args.picorv32
    if not rv:
        import pythondata_cpu_picorv32 as p
        rv = os.path.join(p.data_location, "picorv32.v")
    rv = os.path.abspath(rv)
    try:
        from importlib.metadata import version
        rv_ver = version("pythondata-cpu-picorv32")
    except Exception:                                   # noqa: BLE001  version is informational
        rv_ver = "?"

    # PicoRV32 parameters: the wrapper's must be the SoC's
    soc_v = os.path.join(ROOT, "sim", "soc", "soc_top.v")
    rv_top = os.path.join(ROOT, "synth", "timing", "picorv32_fpga_top.v")
    p_soc, p_top = picorv32_params(soc_v), picorv32_params(rv_top)
    # the co-processor interface follows the SoC's PMU_XLEN (the CSR port,
    # sim/soc/pcpi_csr.v); the reference is PicoRV32 without it
    if "PMU_XLEN" in p_soc.get("ENABLE_PCPI", "") and p_top.get("ENABLE_PCPI") == "0":
        p_soc = dict(p_soc, ENABLE_PCPI="0")
    if p_soc != p_top:
        diff = sorted(set(p_soc.items()) ^ set(p_top.items()))
        raise SystemExit("run_timing: picorv32 parameters of %s differ from %s: %s" %
                         (rel(rv_top), rel(soc_v), diff))
    rv_params = {k: verilog_int(v, {"MEM_WORDS": MEM_WORDS}) for k, v in p_soc.items()}

    hexf = os.path.join(wd, "firmware.hex")
    with open(hexf, "w") as f:              # 'j .' then zeros, as make fpga: the SoC's RAM contents
        f.write("0000006f\n")
    designs = [
        ("picorv32", "picorv32_fpga_top", [rv_top, rv], {"MEM_WORDS": MEM_WORDS},
         "PicoRV32 alone (SoC parameters, RVFI), `synth/timing/picorv32_fpga_top.v`"),
        ("pmu_small", "pmu_fpga_top", rtl + [os.path.join(ROOT, "synth", "fpga", "pmu_fpga_top.v")], SMALL,
         "pmu_core small (%s), `synth/fpga/pmu_fpga_top.v`" % cfg_str(SMALL)),
        ("pmu_small_cs", "pmu_fpga_top", rtl + [os.path.join(ROOT, "synth", "fpga", "pmu_fpga_top.v")],
         dict(SMALL, VIEW=1), "pmu_core small, CoreSight view (VIEW=1, docs/coresight.md)"),
        ("pmu_small_rv", "pmu_fpga_top", rtl + [os.path.join(ROOT, "synth", "fpga", "pmu_fpga_top.v")],
         dict(SMALL, XLEN=32), "pmu_core small, RISC-V CSR view of an RV32 hart (XLEN=32, docs/riscv.md)"),
        ("soc", "soc_fpga_top", rtl + [os.path.join(ROOT, p) for p in
                                       ("rtl/pmu_mem2apb.v", "sim/soc/pcpi_csr.v", "sim/soc/soc_top.v",
                                        "synth/fpga/soc_fpga_top.v")] + [rv],
         {"MEM_WORDS": MEM_WORDS, "PMU_NC": SOC_PMU["NC"], "PMU_NCH": SOC_PMU["NCH"], "FIRMWARE": hexf},
         "SoC: PicoRV32 + pmu_core (NC=%d NCH=%d), %d KiB RAM, `synth/fpga/soc_fpga_top.v`"
         % (SOC_PMU["NC"], SOC_PMU["NCH"], MEM_WORDS * 4 // 1024)),
        ("soc_rv", "soc_fpga_top", rtl + [os.path.join(ROOT, p) for p in
                                          ("rtl/pmu_mem2apb.v", "sim/soc/pcpi_csr.v", "sim/soc/soc_top.v",
                                           "synth/fpga/soc_fpga_top.v")] + [rv],
         {"MEM_WORDS": MEM_WORDS, "PMU_NC": SOC_PMU["NC"], "PMU_NCH": SOC_PMU["NCH"], "PMU_XLEN": 32, "PMU_YIELD": 0,
          "FIRMWARE": hexf},
         "SoC with the CSR port: PicoRV32 (PCPI) + pmu_core XLEN=32 (NC=%d, no yield block), `sim/soc/pcpi_csr.v`"
         % SOC_PMU["NC"]),
    ]

    if args.designs:
        want = args.designs.split(",")
        known = [d[0] for d in designs]
        for n in want:
            if n not in known:
                raise SystemExit("run_timing: unknown design %s (use %s)" % (n, ",".join(known)))
        designs = [d for d in designs if d[0] in want]
    print("run_timing: seeds %s, devices %s, work directory %s" %
          (",".join(map(str, seeds)), ",".join(devices), rel(wd) if wd.startswith(ROOT) else wd), flush=True)
    synth_rows, pnr_rows = [], []
    for name, top, files, params, label in designs:
        json = os.path.join(wd, name + ".json")
        log = os.path.join(wd, name + "_yosys.log")
        chp = "\n".join("chparam -set %s %s %s" % (k, ('"%s"' % v) if isinstance(v, str) else v, top)
                        for k, v in params.items())
        script = "read_verilog %s %s\n%s\n%s\nstat" % (DEFINES, " ".join(files), chp,
                                                      SYNTH_ICE40.format(top=top, json=json))
        dt = run_yosys(script, log, wd)
        cells, _ = yosys_cells(log)
        lut = cells.get("SB_LUT4", 0)
        ff = sum(v for k, v in cells.items() if k.startswith("SB_DFF"))
        synth_rows.append(dict(design=name, label=label, lut=lut, ff=ff, carry=cells.get("SB_CARRY", 0),
                               ram=cells.get("SB_RAM40_4K", 0), secs=dt))
        print("  %-9s yosys: %d SB_LUT4, %d FF, %d SB_RAM40_4K (%.0f s)" %
              (name, lut, ff, cells.get("SB_RAM40_4K", 0), dt), flush=True)
        for dev in devices:
            pnr_rows.append(place_and_route(name, json, dev, seeds, wd, jobs))

    depth_rows = []
    if not args.no_depth:
        depth_rows.append(logic_depth("pmu_core", "pmu_core", rtl, {}, wd))
        depth_rows.append(logic_depth("picorv32", "picorv32", [rv], rv_params, wd))
    errors = [r["error"] for r in pnr_rows if r["error"]]

    # ------------------------------------------------------------ ratios
    def med(design, dev):
        for r in pnr_rows:
            if r["design"] == design and r["device"] == dev:
                return r.get("median"), r
        return None, None

    ratios = []
    for num, dev, goal, what in (("soc", "hx8k", GOAL_SOC, "SoC with PMU / PicoRV32 alone"),
                                 ("soc", "up5k", GOAL_SOC, "SoC with PMU / PicoRV32 alone"),
                                 ("pmu_small", "up5k", GOAL_PMU, "pmu_core small / PicoRV32 alone"),
                                 ("pmu_small", "hx8k", GOAL_PMU, "pmu_core small / PicoRV32 alone"),
                                 ("pmu_small_cs", "up5k", GOAL_PMU, "pmu_core small VIEW=1 / PicoRV32 alone"),
                                 ("pmu_small_cs", "hx8k", GOAL_PMU, "pmu_core small VIEW=1 / PicoRV32 alone"),
                                 ("pmu_small_rv", "up5k", GOAL_PMU, "pmu_core small XLEN=32 / PicoRV32 alone"),
                                 ("pmu_small_rv", "hx8k", GOAL_PMU, "pmu_core small XLEN=32 / PicoRV32 alone"),
                                 ("soc_rv", "hx8k", GOAL_SOC, "SoC with the CSR port / PicoRV32 alone"),
                                 ("soc_rv", "up5k", GOAL_SOC, "SoC with the CSR port / PicoRV32 alone")):
        if dev not in devices or num not in [d[0] for d in designs]:
            continue                # a --designs subset: no row for a design not run
        a, ra = med(num, dev)
        b, rb = med("picorv32", dev)
        if a is not None and b:
            v = a / b
            ratios.append((what, dev.upper(), "%.3f" % v, ">= %.2f" % goal, "met" if v >= goal else "NOT met"))
        else:
            why = "does not fit" if (ra and not ra["fit"]) or (rb and not rb["fit"]) else "no result"
            if num == "soc" and dev == "up5k" and why == "does not fit":
                continue            # no goal on the UP5K for the SoC; its row says it does not fit
            ratios.append((what, dev.upper(), why, ">= %.2f" % (goal), "-"))
    if len(depth_rows) == 2:
        dp, dr = depth_rows[0]["depth"], depth_rows[1]["depth"]
        ratios.append(("logic depth pmu_core (default) / PicoRV32", "gates", "%d / %d = %.3f" % (dp, dr, dp / dr),
                       "<= 1.00", "met" if dp <= dr else "NOT met"))

    # ------------------------------------------------------------ markdown
    ys_ver = tool_version("yosys -V")
    np_ver = tool_version("nextpnr-ice40 --version 2>&1")
    out = ["# pmu-ip timing benchmark (fmax and logic depth vs PicoRV32)", ""]
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    out.append("Generated by `make timing` (`synth/timing/run_timing.py`)%s; run time %.0f s wall clock, "
               "%.0f s of tool CPU time (%s; %d CPUs)."
               % ("" if full else " with `%s`" % " ".join(sys.argv[1:]), time.time() - t_start,
                  cpu.ru_utime + cpu.ru_stime,
                  "one tool run at a time" if jobs == 1 else "the seeds of a design place and route %d at a time"
                  % jobs, os.cpu_count() or 0))
    out.append("A benchmark, not a pass/fail test: fmax and depth are measured against PicoRV32 in the same run.")
    out.append("")
    out.append("Tools: %s; %s; PicoRV32 from pythondata-cpu-picorv32 %s." % (ys_ver, np_ver, rv_ver))
    out.append("")
    out.append("## Targets\n")
    out.append("| ratio | device | value (median fmax ratio) | goal | |")
    out.append("|---|---|---:|---|---|")
    for r in ratios:
        out.append("| %s | %s | %s | %s | %s |" % r)
    out.append("")
    out.append("## iCE40 fmax after routing (MHz)\n")
    out.append("| design | device | logic cells | RAM | %s | median | critical path at the median seed |"
               % " | ".join("seed %d" % s for s in seeds))
    out.append("|---|---|---:|---:|%s---:|---|" % ("---:|" * len(seeds)))
    labels = {r["design"]: r["label"] for r in synth_rows}
    for r in pnr_rows:
        lc = "%d / %d (%d%%)" % (r["lc"][0], r["lc"][1], 100 * r["lc"][0] // r["lc"][1]) if r["lc"] else "-"
        ram = "%d / %d" % r["ram"] if r["ram"] else "-"
        if not r["fit"]:
            lcs = r["lc"] or (0, 0)
            cells = " | ".join("-" for _ in seeds)
            what = "does not fit (%d/%d LC)" % lcs if r["lc"] and lcs[0] > lcs[1] else \
                "does not fit (%s)" % ", ".join("%s %d/%d" % (k, u[0], u[1]) for k, u in r["over"])
            out.append("| %s | %s | %s | %s | %s | %s | |" % (labels[r["design"]], r["device"].upper(), lc, ram,
                                                             cells, what))
            continue
        cells = " | ".join(fmt_mhz(r["seeds"].get(s)) for s in seeds)
        p = r.get("mpath")
        cp = ("`%s` -> `%s`, %d cells, %.1f ns logic + %.1f ns routing" %
              (p["start"], p["end"], p["cells"], p["logic"] or 0, p["routing"] or 0)) if p else \
            (r["error"] or "-")
        out.append("| %s | %s | %s | %s | %s | **%s** | %s |" % (labels[r["design"]], r["device"].upper(), lc, ram,
                                                                 cells, fmt_mhz(r.get("median")), cp))
    out.append("")
    out.append("Yosys `synth_ice40` (out of context, before placement):\n")
    out.append("| design | SB_LUT4 | FF | SB_CARRY | SB_RAM40_4K | Yosys time |")
    out.append("|---|---:|---:|---:|---:|---:|")
    for r in synth_rows:
        out.append("| %s | %d | %d | %d | %d | %.0f s |" % (r["label"], r["lut"], r["ff"], r["carry"], r["ram"],
                                                           r["secs"]))
    if depth_rows:
        out.append("")
        out.append("## ASIC proxy: register-to-register logic depth (gates)\n")
        out.append("| design | gates after abc -g | depth (ltp -noff) | longest path from | to |")
        out.append("|---|---:|---:|---|---|")
        names = {"pmu_core": "pmu_core, default parameters",
                 "picorv32": "PicoRV32, the SoC's parameters (RVFI)"}
        for d in depth_rows:
            out.append("| %s | %d | **%d** | `%s` | `%s`%s |" % (names[d["name"]], d["cells"], d["depth"], d["start"],
                                                              d["end"], "" if d["end_is_ff"] else " (port)"))
        out.append("")
        out.append("Yosys' generic `synth` maps every adder, incrementer and comparator to a ripple-carry chain "
                   "(one gate per bit for an incrementer, about two for an adder), so this proxy is dominated by "
                   "the widest such chain between two registers; an ASIC flow would use faster adders and shorten "
                   "both designs' paths.")
    out.append("")
    out.append("## Flow\n")
    out.append("- Synthesis, every design: `read_verilog %s <files>; chparam ...; %s` (one netlist per design, "
               "placed on both devices; no `-abc9`, no `-dsp`)." % (DEFINES, SYNTH_ICE40.format(top="<top>",
                                                                                                 json="<top>.json")))
    out.append("- Place and route, every design and device: `%s`, `--up5k --package sg48` and "
               "`--hx8k --package ct256`; fmax is the last \"Max frequency for clock\" line (after routing); "
               "the median over the seeds is the result, and the ratios use medians. The target frequency is fixed; "
               "with nextpnr-ice40 0.4 it did not change the result (checked once: SoC, HX8K, seed 1 routed "
               "identically at 12, 40 and 100 MHz), the seed does."
               % NEXTPNR.format(devopt="--<dev>", pkg="<pkg>", json="<top>.json", seed="{1,2,3}",
                                log="<log>").replace("--<dev> --package <pkg> ", ""))
    out.append("- PicoRV32 alone is the SoC's CPU: the parameters of `sim/soc/soc_top.v`'s instance (checked "
               "equal by the script), `RISCV_FORMAL`, the SoC's tie-offs and observed outputs. Its inputs come "
               "from a serial shift register and its outputs fold into a MISR (one xor between flip-flops), so it "
               "fits the 48-pin package and nothing is optimised away.")
    out.append("- pmu_core small is `make fpga`'s SMALL configuration in its serial wrapper; the SoC is `make "
               "fpga`'s (MEM_WORDS=%d, PMU_NC=%d, PMU_NCH=%d, RAM holding an idle loop)."
               % (MEM_WORDS, SOC_PMU["NC"], SOC_PMU["NCH"]))
    if depth_rows:
        out.append("- Logic depth: `read_verilog %s <files>; %s` on the bare module; ltp counts the gates of the "
                   "longest path between flip-flops, where a port counts as a flip-flop (the same as registering "
                   "every port). The pmu_core files are `$(RTL_SRCS)`." % (DEFINES, DEPTH.format(
                       top="<top>", chparams=" [-chparam ...]")))
    if rtl_note:
        out.append("- " + rtl_note + ".")
    out.extend("- ERROR: " + e for e in errors)
    text = "\n".join(out) + "\n"
    os.makedirs(os.path.dirname(os.path.abspath(report)), exist_ok=True)
    with open(report, "w") as f:
        f.write(text)
    stamp = report_stamp.stamp_line("synth/reports/timing.md")
    with open(report, "a") as f:
        f.write("\n" + stamp + "\n")
    print()
    print(text)
    print(stamp)
    print("run_timing: report written to %s (%.0f s)" % (rel(os.path.abspath(report)), time.time() - t_start))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
