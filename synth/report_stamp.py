#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Source stamps of the committed measurement reports.

A report measured from the sources (area, FPGA, timing) carries one line
    <!-- sources: sha256=<hex> (<n> files) -->
whose hash covers the files that determine its numbers (the RTL, the flow
scripts, the wrappers). `--check` recomputes every stamp and fails when a
report is stale, naming the command that regenerates it (run by make test).

  report_stamp.py stamp REPORT          print the stamp line of REPORT's sources
  report_stamp.py --check               check every report in REPORTS
  report_stamp.py --list REPORT         list the files REPORT's stamp covers

A generator writes its report and calls stamp_line(report) for the line.
"""
import glob
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The bus wrappers and bridges of pmu_core (AXI4-Lite, Wishbone, APB3) are not
# synthesized or placed by any report (the reports measure pmu_core from
# $(RTL_SRCS), and the SoC with pmu_mem2apb), so they are left out of the
# stamps: a wrapper change needs no re-measurement.
# The list: every rtl/pmu_*.v file of the wrappers of config/pmu_ip.yaml (the
# tops with a `bus` entry) that is not pmu_core's (their other files, such as
# rtl/bus_apb_req.v, are outside the rtl/pmu_*.v globs anyway), read from the
# table's generated config/config.mk (CFG_BUS_TOPS, CFG_RTL_<top>; kept up to
# date by make config-check) so that the measurement flows need no PyYAML.


def _bus_wrappers():
    mk = dict(re.findall(r"^(CFG_\w+) := ?(.*)$", open(os.path.join(ROOT, "config", "config.mk")).read(), re.M))
    core = set(mk["CFG_RTL_pmu_core"].split())
    return sorted({f for t in mk["CFG_BUS_TOPS"].split() for f in mk["CFG_RTL_" + t].split()
                   if f not in core and re.match(r"rtl/pmu_[^/]*\.v$", f)})


BUS_WRAPPERS = _bus_wrappers()


def _rtl_of(*tops):
    """The RTL file list of tops (config/config.mk CFG_RTL_<top>), each file once."""
    mk = dict(re.findall(r"^(CFG_\w+) := ?(.*)$", open(os.path.join(ROOT, "config", "config.mk")).read(), re.M))
    return sorted({f for t in tops for f in mk["CFG_RTL_" + t].split()})


# report (relative to ROOT) -> (globs of the sources it is measured from, make target)
REPORTS = {
    "synth/reports/area.md": (["rtl/pmu_*.v", "synth/run_synth.py", "synth/synth_*.py", "synth/synth.ys",
                               "synth/ref/*.v"],
                              "make synth"),
    "synth/reports/fpga.md": (["rtl/pmu_*.v", "synth/fpga/*.py", "synth/fpga/*.v"], "make fpga"),
    # timing.md: also the SoC (its PicoRV32 parameters) and run_fpga.py (SMALL/SOC_PMU configurations)
    "synth/reports/timing.md": (["rtl/pmu_*.v", "synth/timing/*", "synth/fpga/*.v", "synth/fpga/run_fpga.py",
                                 "sim/soc/soc_top.v", "sim/soc/pcpi_csr.v"], "make timing"),
    # the area tables of docs/dc_notes.md (synth/dc_synth.py: the files it reads; NAND2 weights from
    # synth/synth_cells.py)
    "docs/dc_notes.md": (["rtl/dc_top.v", "rtl/dc_central_unit.v", "rtl/dc_local_unit.v", "rtl/dc_cu_dec.v", "rtl/dc_lu_dec.v", "rtl/dc_secded.v",
                          "rtl/pmu_reg_field.v",
                          "rtl/pmu_event_mux.v", "rtl/pmu_qualifier.v", "synth/dc_flat.v", "synth/dc_synth.py",
                          "synth/synth_cells.py"], "make synth"),
}
# code coverage (sim/coverage.mk): the RTL of pmu_core and dc_top, the lockstep benches it runs,
# the flow, the waivers and the testplan it applies. docs/coverage.md was measured on the tree of
# e0a11ec, before the #29 refactors of the benches (tb/random/, tb/check.h) and pmu_core.v's
# generated classes block were merged; it is registered here (and so checked by report-check)
# again once `make coverage` has re-run on the merged tree (#32, open).
COVERAGE_REPORT = {
    "docs/coverage.md": (_rtl_of("pmu_core", "dc_top") +
                         ["tb/test_random.cpp", "tb/random/*", "tb/test_regs.cpp", "tb/test_directed.cpp",
                          "tb/test_rv.cpp", "tb/directed/*", "tb/rv/*", "tb/pmu_harness.h", "tb/check.h",
                          "tb/dc_lockstep.cpp", "tb/dc/*", "tb/dc_harness.h", "tb/waves.h", "tb/cov.h",
                          "sim/coverage.mk", "sim/coverage_run.sh", "sim/coverage_report.py",
                          "sim/coverage_waivers.yaml", "docs/testplan.yaml"], "make coverage"),
}
STAMP_RE = re.compile(r"<!-- sources: sha256=([0-9a-f]{64}) \((\d+) files\) -->")


def sources(report):
    files = set()
    for g in {**REPORTS, **COVERAGE_REPORT}[report][0]:
        files.update(glob.glob(os.path.join(ROOT, g)))
    rels = (os.path.relpath(f, ROOT) for f in files if os.path.isfile(f))
    return sorted(r for r in rels if r not in BUS_WRAPPERS)


def digest(report):
    h = hashlib.sha256()
    files = sources(report)
    for rel in files:
        h.update(rel.encode() + b"\0")
        with open(os.path.join(ROOT, rel), "rb") as f:
            h.update(f.read())
        h.update(b"\0")
    return h.hexdigest(), len(files)


def stamp_line(report):
    """The stamp line for report (path relative to ROOT or absolute)."""
    rel = os.path.relpath(os.path.abspath(os.path.join(ROOT, report)), ROOT)
    hx, n = digest(rel)
    return "<!-- sources: sha256=%s (%d files) -->" % (hx, n)


def check():
    passed = failed = 0
    for rel, (_, target) in sorted(REPORTS.items()):
        path = os.path.join(ROOT, rel)
        if not os.path.exists(path):
            print("report-check: %s: missing (run '%s'): FAILED" % (rel, target))
            failed += 1
            continue
        m = STAMP_RE.search(open(path).read())
        hx, n = digest(rel)
        if not m:
            print("report-check: %s: no source stamp (run '%s'): FAILED" % (rel, target))
            failed += 1
        elif m.group(1) != hx:
            print("report-check: %s: STALE, measured from other sources than the tree's "
                  "(%s files now); regenerate with '%s': FAILED" % (rel, n, target))
            failed += 1
        else:
            print("report-check: %s: up to date with its %d source files" % (rel, n))
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return failed == 0


def main(argv):
    if argv[:1] == ["--check"]:
        return 0 if check() else 1
    if len(argv) == 2 and argv[0] == "stamp":
        print(stamp_line(argv[1]))
        return 0
    if len(argv) == 2 and argv[0] == "--list":
        print("\n".join(sources(argv[1])))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
