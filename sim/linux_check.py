#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Linux deliverables of the CoreSight PMU view (arm_cspmu; docs/linux.md)
and of the RISC-V CSR view (riscv,pmu; docs/riscv.md).

  sim/linux_check.py dt   [--dts FILE] [--self-test]
      sw/linux/pmu-ip-cspmu.dts compiles with dtc with no warnings and has
      one arm,coresight-pmu node as the binding allows (sim/linux_cs.py).
  sim/linux_check.py json --gen EXE [--json FILE] [--self-test]
      EXE (build/linux/perf_json) prints exactly the committed
      sw/linux/pmu-ip-soc.json, a valid perf sys-event file whose Compat
      matches the driver's identifier (sim/linux_cs.py).
  sim/linux_check.py riscv-dt --gen EXE [--dts FILE] [--self-test]
      EXE (build/linux/riscv_pmu_dt) prints exactly the committed
      sw/linux/pmu-ip-riscv.dtsi, a valid riscv,pmu node whose values and
      bitmaps match the event table and configuration soc_rv; the
      .dts compiles with dtc with no warnings (sim/linux_rv.py).
  sim/linux_check.py riscv-json --gen EXE [--self-test]
      EXE (build/linux/perf_json) --riscv / --riscv-mapfile print exactly
      the committed sw/linux/riscv/ events.json and mapfile.csv, valid in
      perf's arch/riscv format (sim/linux_rv.py).
  --self-test: the same check also runs on corrupted copies (listed in
      sim/linux_cs.py and sim/linux_rv.py) and each must FAIL. The corrupted
      copies are checked without the regenerate-and-compare step, so the
      structural checks themselves must catch them; only a corruption that
      leaves a valid file with another value (the CoreSight JSON's 'a
      ConfigCode changed') is checked with it.
The details of each check: --help, or the docstrings of sim/linux_cs.py and
sim/linux_rv.py; their shared helpers are in sim/linux_common.py.
Last line: "N passed, N failed".
"""
import argparse
import sys

from linux_common import Result
import linux_cs
import linux_rv
from linux_cs import DTS, JSON, run_dt, run_json
from linux_rv import RV_DTS, run_rv_dt, run_rv_json


def main():
    ap = argparse.ArgumentParser(description=__doc__, epilog=linux_cs.__doc__ + "\n" + linux_rv.__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["dt", "json", "riscv-dt", "riscv-json"])
    ap.add_argument("--dts", default=None)
    ap.add_argument("--json", default=JSON)
    ap.add_argument("--gen", help="the JSON generator (build/linux/perf_json)")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    r = Result()
    if args.dts is None:
        args.dts = RV_DTS if args.what == "riscv-dt" else DTS
    if args.what == "dt":
        run_dt(args, r)
    elif args.what in ("riscv-dt", "riscv-json"):
        if not args.gen:
            ap.error("%s needs --gen EXE" % args.what)
        (run_rv_dt if args.what == "riscv-dt" else run_rv_json)(args, r)
    else:
        if not args.gen:
            ap.error("json needs --gen EXE")
        run_json(args, r)
    print("%d passed, %d failed" % (r.passed, r.failed))
    return 1 if r.failed else 0


if __name__ == "__main__":
    sys.exit(main())
