#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Yosys area flow of pmu-ip: cells, flip-flops and NAND2 equivalents.

`make synth` runs this script with no arguments. It synthesizes every entry
of CONFIGS (below) with Yosys (`yosys` from PATH; written for Yosys 0.23)
and prints Markdown tables:

  * a summary against the area goals (default + counter areas vs 1.25 x
    its floor, per-counter event path vs a plain CSR counter);
  * per block (one row per module of the hierarchy, parameterized modules
    mapped back to their base name) for the configurations that ask for it
    (the default and the default with counter areas, NAREA=4), and the two
    side by side;
  * totals of the parameter sweep (one parameter changed from the default
    per row, plus a minimal configuration);
  * the per-counter cost: marginal area of a counter, (total at NC=16 -
    total at NC=8) / 8, and the per-counter event path (the blocks
    instantiated once per counter) against synth/ref/ref_counter.v;
  * the floor of the default with counter areas: synth/ref/ref_floor.v
    (its readable state in enable flip-flops with an AND-OR read
    multiplexer, the counters' and TSC's adders, the area class
    multiplexers), synthesized in the same run with the readable state bits
    counted in the configuration itself (state_split: flattened, one cell
    per flip-flop bit, the flip-flops in the fan-in of prdata_o), plus its
    other flip-flops at the cost of a plain reset flip-flop; the same floor
    of each configuration of the goal table, from its own state.

The same text goes to synth/reports/area.md, whose last line is the source
stamp of synth/report_stamp.py. Work files (Yosys script, log, `stat -json`,
instance dump) are kept in build/synth/<run>/.

Flow (template synth/synth.ys), one Yosys run for all configurations:
  read_verilog; hierarchy -check -top <wrapper>; proc; opt_clean;
  stat -width (RTL state bits); synth -top <wrapper> -noabc;
  abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; opt -fast; stat
The configurations are instantiated side by side in a generated wrapper
module (build/synth/<run>/run_synth_wrap.v), with the hierarchy kept (no
-flatten): Yosys uniquifies each parameter set of a module once, so a block
shared by several configurations (the same pmu_yield, pmu_event_mux, ...) is
synthesized once and counted in each of them, and every configuration's
totals and per-block rows come from the same run. Totals therefore do not
include optimization across module boundaries (see the notes in the
report). Configurations with different include directories or defines, and
flattened ones, get runs of their own. Identical configurations (same top,
files, include dirs, defines, flatten and effective parameters: an override
equal to the top's default is dropped) are synthesized only once.

Before synthesis every configuration is elaborated on its own if the whole
group does not elaborate; one that fails (for example a parameter the RTL
does not have) is reported as "not elaborated" and left out of the run.
Then the script exits with status 1 and does not write the report unless
--allow-failures is given (the report is then not source-stamped).

NAND2 equivalents: every Yosys internal cell type is weighted by the area of
the standard cell(s) that implement it in the NanGate FreePDK45 Open Cell
Library (X1 drive strengths), divided by the area of NAND2_X1 (LIB_AREA and
CELL_FAMILIES in synth/synth_cells.py). A cell type without a weight, and any cell that is not
a Yosys gate or flip-flop (a black box, a coarse $add left unmapped...),
stops the script with an error. Flip-flops = all $_FF_/$_DFF*/$_DFFE*/
$_SDFF*/$_DFFSR*/$_ALDFF* cells; latches are counted separately and warned
about.

RTL state bits: after `proc; opt_clean` (before any optimization or
technology mapping) the sum of the WIDTH of every flip-flop cell ($dff,
$adff, $dffe, $adffe, $sdff, $sdffe, $sdffce, $dffsr, $dffsre, $aldff,
$aldffe, $ff) plus memory bits, per module and, multiplied by the instance
counts, per configuration. Nothing about the RTL's registers is written down
in this script.

Adding designs: append entries to CONFIGS (synth/synth_designs.py), e.g.
for another top
    Config("dc default", top="pmu_dc", files=DC_SRCS, params={},
           tables=("blocks", "sweep"))
`tables` selects the per-block table ("blocks") and/or the totals table
("sweep"); "goal" puts it in the table of configurations measured against
the floor of the default with counter areas and against its own floor (goal <= 1.25 x floor); "marginal" and "ref" entries only feed the
per-counter section.
Configurations read in the same run must not define a module twice.

Command line:
  run_synth.py                       all CONFIGS, tables to stdout and
                                     synth/reports/area.md
  run_synth.py --only LABEL ...      only the named CONFIGS entries
                                     (report written only with --report)
  run_synth.py --list                list CONFIGS
  run_synth.py --top X --files a.v b.v [--incdir D ...] [--define N[=V]]
               [--param K=V ...] [--label L] [--flatten] [--report F]
                                     one ad-hoc configuration on any top
  run_synth.py --check               sanity test (`make synth-check`):
                                     small pmu_core configurations, every
                                     block and the flattened design: the
                                     flip-flops after synthesis are the
                                     RTL state bits Yosys finds after
                                     `proc`, matched by register name,
                                     minus registers synthesis proved
                                     constant (named in the PASS line) and
                                     merged duplicates; none lost, none
                                     unnamed; no latches; last line
                                     "N passed, N failed"
Other options: --yosys PATH, --workdir DIR (default build/synth),
--gates LIST (abc -g list), --allow-failures, --no-report.

Files (this script keeps the command line; each module imports only those
above it in this list, no circles):
  synth/synth_cells.py     NAND2 weights of the Yosys cell types (also used
                           by synth/dc_synth.py)
  synth/synth_designs.py   CONFIGS, goals, CHECK_CONFIGS, the floor config
  synth/synth_yosys.py     running Yosys (template, wrapper) and parsing its
                           outputs; the readable-state split
  synth/synth_tables.py    Markdown tables and number formats
  synth/synth_analyse.py   hierarchy analysis, synthesize()
  synth/synth_goals.py     the goal, floor and per-counter sections
  synth/synth_report.py    the report text, its notes and source stamp
  synth/synth_check.py     the --check flow

Environment: RTL_SRCS (space separated) overrides the pmu_core source list
(default: every rtl/pmu_*.v; modules the top does not use are dropped by
`hierarchy`).
"""
import argparse
import os
import re
import sys

from synth_cells import SynthError
from synth_check import run_check
from synth_designs import CONFIGS, DEFAULT_GATES, DEFAULT_REPORT, DEFAULT_WORKDIR, ROOT, Config
from synth_report import run_tables
from synth_yosys import floor_configs


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See the module docstring (head of this file) for details.")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--workdir", default=DEFAULT_WORKDIR)
    ap.add_argument("--gates", default=DEFAULT_GATES)
    ap.add_argument("--report", help="write the Markdown report here")
    ap.add_argument("--no-report", action="store_true",
                    help="do not write synth/reports/area.md")
    ap.add_argument("--allow-failures", action="store_true",
                    help="configurations that do not elaborate are left out "
                    "(exit 0, report written without a source stamp)")
    ap.add_argument("--list", action="store_true", help="list CONFIGS")
    ap.add_argument("--only", nargs="+", metavar="LABEL",
                    help="run only these CONFIGS entries")
    ap.add_argument("--check", action="store_true",
                    help="flip-flop sanity test (make synth-check)")
    ap.add_argument("--top", help="ad-hoc run: top module")
    ap.add_argument("--files", nargs="+", help="ad-hoc run: Verilog sources")
    ap.add_argument("--incdir", action="append", default=None,
                    help="ad-hoc run: include directory (default rtl)")
    ap.add_argument("--define", action="append", default=[],
                    help="ad-hoc run: preprocessor define NAME[=VALUE]")
    ap.add_argument("--param", action="append", default=[], metavar="K=V",
                    help="ad-hoc run: parameter override of the top")
    ap.add_argument("--label", help="ad-hoc run: label")
    ap.add_argument("--flatten", action="store_true",
                    help="ad-hoc run: flatten (totals only)")
    return ap.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    os.chdir(ROOT)
    args.workdir = os.path.abspath(args.workdir)
    try:
        if args.check:
            return run_check(args)
        if args.list:
            for c in CONFIGS:
                print("%-34s top=%s params=%s tables=%s" % (
                    c.label, c.top, c.overrides(), ",".join(c.tables)))
            return 0
        if args.top or args.files:
            if not (args.top and args.files):
                raise SynthError("--top and --files go together")
            params = {}
            for kv in args.param:
                k, sep, v = kv.partition("=")
                if not sep:
                    raise SynthError("--param wants K=V, got %r" % kv)
                params[k] = int(v) if re.fullmatch(r"-?\d+", v) else v
            label = args.label or " ".join(
                [args.top] + ["%s=%s" % kv for kv in params.items()])
            cfg = Config(label, args.top, args.files, params,
                         incdirs=args.incdir if args.incdir is not None else ["rtl"],
                         defines=args.define, flatten=args.flatten,
                         tables=("sweep",) if args.flatten else ("blocks", "sweep"))
            return run_tables([cfg], args, args.report)
        configs = CONFIGS
        if args.only:
            labels = {c.label for c in CONFIGS}
            bad = [l for l in args.only if l not in labels]
            if bad:
                raise SynthError("unknown configuration(s) %s; --list shows "
                                 "them" % ", ".join(bad))
            configs = [c for c in CONFIGS if c.label in args.only]
        configs = configs + floor_configs(configs, args)
        report = args.report
        if report is None and not args.only and not args.no_report:
            report = DEFAULT_REPORT
        return run_tables(configs, args, report)
    except SynthError as e:
        print("synth: ERROR: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
