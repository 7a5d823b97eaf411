#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Area attribution of pmu_core's default with counter areas (make synth-attrib).

Where the area above the floor goes: each entry of FEATURES takes one
feature's logic out of a copy of rtl/ (text edits, like the mutants of
sim/mutants.py: each original snippet must occur exactly once), keeps every
register (the same register map, so the same floor), synthesizes the
default with counter areas (NAREA=4) with the flow of make synth
(synth/run_synth.py's modules, same template and gate list), and reports
the total and the saving against the unmodified RTL synthesized in the same
run, with the floor of synth/ref/ref_floor.v computed as make synth does.
"all of the above" applies every edit at once (the savings overlap where
the features share logic, so it is not their sum).

A row is a measurement, not a design option: the logic it removes is the
feature. It answers how much of the area beyond the floor is the features'
own logic, and so whether the goal (1.25 x floor) is within reach of a
leaner implementation of the same features or needs fewer features.
Yosys/ABC results move by about 1% with internal net names (synth/reports/
area.md, notes), so a saving below about 700 NAND2-eq is within that noise.

  area_attrib.py [--workdir DIR] [--report FILE] [--no-report] [--only NAME ...]
      writes synth/reports/area_attrib.md (source-stamped, checked by make
      report-check) unless --no-report or --only; about 30 s of Yosys per entry
  area_attrib.py --check
      (make synth-attrib-check, in make test) every entry's edits still apply
      to rtl/ (each original text exactly once) and the copy with all of
      them elaborates in Yosys; last line "N passed, N failed"
"""
import argparse
import os
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtl_edit import replace_once  # noqa: E402
from synth_analyse import synthesize  # noqa: E402
from synth_report import yosys_version  # noqa: E402
from synth_cells import SynthError  # noqa: E402
from synth_designs import CONFIGS, DEFAULT_GATES, FLOOR_GOAL, L_AREAS, ROOT, Config  # noqa: E402
from synth_goals import floor_parts  # noqa: E402
from synth_tables import f0, fmt_table, ok  # noqa: E402
from synth_yosys import elaborate, floor_configs  # noqa: E402
import report_stamp  # noqa: E402

REPORT = os.path.join(ROOT, "synth", "reports", "area_attrib.md")

# (name, what is taken out, [(file under rtl/, original, replacement)])
FEATURES = [
    ("yield down-counter datapath",
     "pmu_yield: CNT's -1/+1 adder, its zero test and the SAV reload (an underflow is every trigger)",
     [("pmu_yield.v", "          else if (uf | (c_per & sel_q))  cnt_q <= sav_q;\n"
                      "          else if (dn | up)               cnt_q <= cnt_pm;\n", ""),
      ("pmu_yield.v", "      wire uf     = dn & (cnt_q == 32'd0);", "      wire uf     = dn;")]),
    ("yield sticky scenarios",
     "pmu_yield: STK/EDGE, ESV collecting the events and clearing on a fire",
     [("pmu_yield.v", "      wire [EVW-1:0] match  = stk_q ? (esv_n & esm_q) : (~(evt_i ^ esv) & esm_q);",
       "      wire [EVW-1:0] match  = ~(evt_i ^ esv) & esm_q;"),
      ("pmu_yield.v", "          end else if (stk_q) begin\n"
                      "            esv_r <= esv_n;            fired_q <= trig_d;\n"
                      "          end\n", "          end\n")]),
    ("yield scenario match",
     "pmu_yield: the ESV/ESM compare of the events (all or ANY); the trigger is ESM bit 0",
     [("pmu_yield.v", "      wire trig_d = act_ok & (|esm_q) & (any_q ? |match : (match == esm_q));",
       "      wire trig_d = act_ok & esm_q[0];")]),
    ("yield monitor condition",
     "pmu_yield: COND period (DSEL reloads CNT) and difference (DSEL counts up)",
     [("pmu_yield.v", "      wire c_per  = cond_q == 2'd1;", "      wire c_per  = 1'b0;"),
      ("pmu_yield.v", "      wire c_dif  = cond_q == 2'd2;", "      wire c_dif  = 1'b0;")]),
    ("yield missed-trigger count",
     "pmu_yield: MISS's saturating +1",
     [("pmu_yield.v", "          else if (missed & ~&miss_q)       miss_q <= miss_q + 16'd1;\n", "")]),
    ("yield target multiplexer",
     "pmu_yield: the delivered channel's 64-bit target (channel 0's instead)",
     [("pmu_yield.v", "        tgt_sel = tgt[j*AW +: AW]; attr_sel", "        attr_sel"),
      ("pmu_yield.v", "  assign yield_tgt_o  = tgt_sel;", "  assign yield_tgt_o  = tgt[AW-1:0];")]),
    ("FLOP class in every counter",
     "pmu_event_mux: each counter's match of the retire slots' FP sub-events and types",
     [("pmu_event_mux.v", "      sel = (csel & em_i) | (fsub & {NSUB{is_flop}});", "      sel = csel & em_i;")]),
    ("sub-event popcount",
     "pmu_event_mux: the popcount of each half (an OR instead: at most 1 per half)",
     [("pmu_event_mux.v", "      ca = {28'd0, pop8(sel[7:0])};", "      ca = {31'd0, |sel[7:0]};"),
      ("pmu_event_mux.v", "      cb = {28'd0, pop8(sel[15:8])};", "      cb = {31'd0, |sel[15:8]};")]),
    ("threshold, invert, edge",
     "pmu_threshold: the compare with THR, INV and EDGE (the raw count passes)",
     [("pmu_threshold.v", "    if (mode_i[1])      inc_o = {{(IW-1){1'b0}}, cond & ~prev_q};\n"
                          "    else if (mode_i[0]) inc_o = {{(IW-1){1'b0}}, cond};\n"
                          "    else                inc_o = raw_i;",
       "    inc_o = raw_i;")]),
    ("register block error response",
     "pmu_apb: PSLVERR's decode (unmapped, strobes, privilege, reserved values)",
     [("pmu_apb.v", "  wire err_d   = ~|k_d | (pwrite_i & (pstrb_i != 4'hF)) | bad_val |\n"
                    "                 (~priv & (~user_ok | (~pwrite_i & ~uen_i & user_uen) | bad_uval));",
       "  wire err_d   = 1'b0;")]),
]
ALL = "all of the above"


def with_all(feats):
    """feats plus, for more than one, ALL: every edit at once."""
    if len(feats) < 2:
        return list(feats)
    return list(feats) + [(ALL, "every edit above at once", [e for _, _, es in feats for e in es])]


def reference():
    """The configuration attributed: make synth's default with counter areas."""
    return next(c for c in CONFIGS if c.label == L_AREAS)


def slug(name):
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def edited_copy(wd, name, edits):
    """rtl/ copied to wd/<slug>/rtl with the edits applied -> its directory."""
    d = os.path.join(wd, slug(name), "rtl")
    if os.path.exists(d):
        shutil.rmtree(d)
    shutil.copytree(os.path.join(ROOT, "rtl"), d)
    for f, old, new in edits:
        n = replace_once(os.path.join(d, f), old, new)
        if n != 1:
            raise SynthError("%s: the original text of rtl/%s occurs %d times (must be once): %r"
                             % (name, f, n, old[:80]))
    return d


def variant(ref, name, d):
    files = [os.path.relpath(os.path.join(d, os.path.basename(f)), ROOT) for f in ref.files]
    return Config(name, ref.top, files, ref.params, incdirs=[os.path.relpath(d, ROOT)],
                  defines=ref.defines, tables=("sweep",))


def check(args):
    """Every entry's edits apply to rtl/, and the copy with all of them elaborates."""
    passed = failed = 0
    ref = reference()
    for n, _, edits in with_all(FEATURES):
        try:
            d = edited_copy(args.workdir, n, edits)
            err = elaborate(args, os.path.join(args.workdir, slug(n)), variant(ref, n, d).files, [d],
                            ref.defines, ref.top, ref.params) if n == ALL else None
        except SynthError as e:
            err = str(e)
        print("synth-attrib-check: %s: %s" % (n, "edits apply" + (" and elaborate" if n == ALL else "")
                                                   if err is None else "FAILED: " + err))
        passed, failed = passed + (err is None), failed + (err is not None)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def report_text(R, runs, yosys, gates, nconfigs, secs):
    """The report (without its stamp line) of the results R of runs (with_all's
    entries; R also has L_AREAS and L_FLOOR): yosys, the Yosys version line;
    gates, the abc -g gate list; nconfigs configurations synthesized in secs."""
    fl = floor_parts(R)
    total = R[L_AREAS]["total"]["nand2"]
    floor = fl["floor"]
    excess, room = total - floor, (FLOOR_GOAL - 1) * floor
    rows = []
    for n, what, edits in runs:
        t = R[n]["total"]["nand2"]
        if R[n]["total"]["ffs"] != R[L_AREAS]["total"]["ffs"] and n != ALL:
            what += " (flip-flops %d, reference %d)" % (R[n]["total"]["ffs"], R[L_AREAS]["total"]["ffs"])
        rows.append([("**%s**" % n) if n == ALL else n, what, f0(t), f0(total - t),
                     "%.0f%%" % (100.0 * (total - t) / excess), "%.2fx" % (t / floor)])
    out = ["# pmu-ip area attribution: the default with counter areas", "",
           "%s; gates: abc -g %s. Generated by `make synth-attrib` (synth/area_attrib.py, the modules "
           "and template of `make synth`)." % (yosys, gates), "",
           "Each row takes one feature's logic out of a copy of the RTL (its registers stay: the same "
           "register map, the same floor) and synthesizes pmu_core default NAREA=4 again; the saving is "
           "against the unmodified RTL of the same run. The removed logic *is* the feature: a row says "
           "what the feature's own logic costs, not an option. The edits are in `FEATURES` of "
           "synth/area_attrib.py. A saving below about 700 NAND2-eq is within Yosys/ABC's ~1% "
           "net-name noise.", "",
           "| quantity | NAND2-eq |", "|---|---:|",
           "| pmu_core default NAREA=4, unmodified (this run) | %s (%.2fx floor) |" % (f0(total), total / floor),
           "| its floor (synth/ref/ref_floor.v + other flip-flops, as in area.md) | %s |" % f0(floor),
           "| area beyond the floor | %s |" % f0(excess),
           "| room the goal (%.2f x floor) leaves above it | %s |" % (FLOOR_GOAL, f0(room)), ""]
    out.append(fmt_table(["Feature's logic taken out", "What", "Total NAND2-eq", "Saving",
                          "Share of the area beyond the floor", "Total / floor"], rows, "llrrrr"))
    need = total - FLOOR_GOAL * floor
    if need <= 0:
        out += ["", "The unmodified default is within the goal (%.2fx floor)." % FLOOR_GOAL]
    elif ALL in R:
        t_all = R[ALL]["total"]["nand2"]
        out += ["", "Reaching the goal (%.2fx floor = %s) needs %s NAND2-eq less: %.0f%% of the listed "
                "features' own logic, which is %s taken out all at once (%s, %.2fx floor). The rows "
                "overlap where features share logic, so their sum (%s) is more than that."
                % (FLOOR_GOAL, f0(FLOOR_GOAL * floor), f0(need), 100.0 * need / (total - t_all), f0(total - t_all),
                   f0(t_all), t_all / floor,
                   f0(sum(total - R[n]["total"]["nand2"] for n, _, _ in runs if n != ALL)))]
    out += ["", "Run time: %d configurations, %.0f s of Yosys." % (nconfigs, secs)]
    return "\n".join(out) + "\n"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build", "synth-attrib"))
    ap.add_argument("--report", default=REPORT)
    ap.add_argument("--no-report", action="store_true")
    ap.add_argument("--only", nargs="+", metavar="NAME")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--check", action="store_true", help="the edits apply and elaborate (no synthesis)")
    args = ap.parse_args(argv)
    args.gates = DEFAULT_GATES
    args.workdir = os.path.abspath(args.workdir)
    os.chdir(ROOT)
    feats = FEATURES
    if args.only:
        bad = [n for n in args.only if n not in {f[0] for f in FEATURES}]
        if bad:
            sys.exit("area_attrib: unknown feature(s) %s; known: %s"
                     % (", ".join(bad), "; ".join(f[0] for f in FEATURES)))
        feats = [f for f in FEATURES if f[0] in args.only]
    if args.check:
        return check(args)
    write = not (args.no_report or args.only)
    stamp = report_stamp.stamp_line(os.path.relpath(args.report, ROOT)) if write else None
    try:
        ref = reference()
        runs = with_all(feats)
        configs = [ref] + [variant(ref, n, edited_copy(args.workdir, n, e)) for n, _, e in runs]
        configs += floor_configs([ref], args)
        t0 = time.time()
        R, _ = synthesize(configs, args)
        secs = time.time() - t0
    except SynthError as e:
        print("synth-attrib: ERROR: %s" % e, file=sys.stderr)
        return 1
    bad = [c.label for c in configs if not ok(R.get(c.label))]
    if bad:
        print("synth-attrib: ERROR: not elaborated: %s" % ", ".join(bad), file=sys.stderr)
        return 1
    text = report_text(R, runs, yosys_version(args.yosys), args.gates, len(configs), secs)
    print(text)
    if write:
        with open(args.report, "w") as f:
            f.write(text + "\n" + stamp + "\n")
        print("synth-attrib: wrote %s" % os.path.relpath(args.report, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
