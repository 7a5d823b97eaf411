#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The area goals' sections of the area report (synth/run_synth.py): the
summary against the goals, the floor of the default with counter areas
(synth/ref/ref_floor.v plus the other flip-flops), what the goal (the default
with counter areas <= FLOOR_GOAL x that floor) takes, and the per-counter cost against synth/ref/ref_counter.v.
"""
import re

from synth_cells import cell_info
from synth_designs import (EVENT_PATH_GOAL, FLOOR_GOAL, FLOOR_SPLIT, L_AREAS, L_DEFAULT, L_REF, MARGINAL,
                           PREVIOUS_REPORT_DEFAULT, floor_label)
from synth_tables import f0, f1, fmt_table, ok, per_counter, ratio_txt


def summary_section(R):
    """Goals: default+NAREA=4 <= FLOOR_GOAL x its floor, event path / ref counter <= EVENT_PATH_GOAL."""
    out = []
    rows = []
    ra, rd, rref = R.get(L_AREAS), R.get(L_DEFAULT), R.get(L_REF)
    fl = floor_parts(R)
    goal = fl["floor"] * FLOOR_GOAL if fl else None
    goal_txt = "<= %.2f x floor = %s" % (FLOOR_GOAL, f0(goal)) if fl else "-"
    if ok(ra) and fl:
        t = ra["total"]["nand2"]
        rows.append(["pmu_core default with counter areas (NAREA=4): total",
                     f0(t), goal_txt,
                     "%.2f x floor (%s)" % (t / fl["floor"], ratio_txt(t, goal))])
    elif ra is not None:
        rows.append(["pmu_core default with counter areas (NAREA=4): total",
                     "not elaborated" if not ok(ra) else f0(ra["total"]["nand2"]), goal_txt, "-"])
    if fl:
        rows.append(["floor of pmu_core default NAREA=4 (its state, read-out, counter "
                     "adders and area class multiplexers; section \"Floor\")",
                     f0(fl["floor"]), "",
                     "the goal leaves %s (%.0f%% of the floor) for all other logic" % (
                         f0(goal - fl["floor"]), 100 * (FLOOR_GOAL - 1))])
    if ok(rd):
        t = rd["total"]["nand2"]
        rows.append(["pmu_core default (NAREA=1): total", f0(t), "",
                     "context only (no counter areas: its class crossbar is not in the floor)"])
    if ra is not None or rd is not None:
        rows.append(["pmu_core default, previous report (commit 88922ef, "
                     "one Yosys run per configuration)",
                     f0(PREVIOUS_REPORT_DEFAULT), "", "context only"])
    for name, l8, l16 in MARGINAL:
        r8, r16 = R.get(l8), R.get(l16)
        if not (ok(r8) and ok(r16) and ok(rref)):
            if r8 is not None or r16 is not None:
                rows.append(["per-counter event path / ref_counter, %s" % name,
                             "not elaborated" if not (ok(r8) and ok(r16)) else "-",
                             "<= %.0fx" % EVENT_PATH_GOAL, "-"])
            continue
        _, _, blocks, _, glue = per_counter(r8, r16)
        ep = sum(b[0] for b in blocks.values())
        x = ep / rref["total"]["nand2"]
        rows.append(["per-counter event path / ref_counter, %s" % name,
                     "%s / %s" % (f0(ep), f0(rref["total"]["nand2"])),
                     "<= %.0fx" % EVENT_PATH_GOAL,
                     "%.2fx (%s); with the per-counter glue of pmu_core %.2fx" % (
                         x, ratio_txt(x, EVENT_PATH_GOAL),
                         (ep + glue) / rref["total"]["nand2"])])
    if not rows:
        return out
    out.append("## Summary against the area goals")
    out.append("")
    out.append(fmt_table(["Quantity", "NAND2-eq", "Goal", "Ratio"], rows, "lrrl"))
    return out


def split_nand2(r):
    """(flip-flop NAND2-eq, latch NAND2-eq, logic NAND2-eq) of a result."""
    ff = lt = lg = 0.0
    for t, n in r["total"]["types"].items():
        w, kind, _ = cell_info(t)
        if kind == "ff":
            ff += w * n
        elif kind == "latch":
            lt += w * n
        else:
            lg += w * n
    return ff, lt, lg


def floor_parts(R, label=L_AREAS):
    """The floor of configuration label (L_AREAS unless told): ref_floor
    (synthesized) plus the configuration's other flip-flops as plain reset
    flip-flops; None without both results."""
    ra, rf, split = R.get(label), R.get(floor_label(label)), FLOOR_SPLIT.get(floor_label(label))
    if not (ok(ra) and ok(rf) and split):
        return None
    dffr = cell_info("$_DFF_PN0_")[0]
    nr = split["read"] - split["decode"]
    # (the synthesized count: synthesis may prove a few more registers
    # constant than the split's opt; a latch is a state bit too)
    other = max(0, min(split["ffs"], ra["total"]["ffs"] + ra["total"]["latches"]) - nr)
    ref = rf["total"]["nand2"]
    return {"nr": nr, "other": other, "ref": ref, "other_n2": other * dffr,
            "floor": ref + other * dffr, "dffr": dffr, "split": split,
            "actual": ra["total"]["nand2"], "ref_ffs": rf["total"]["ffs"],
            "params": rf["params"].get(rf["top"], {}),
            # enable flip-flops of ref_floor; what an enable multiplexer adds
            "ref_en": sum(n for t, n in rf["total"]["types"].items()
                          if re.match(r"\$_DFFE_", t)),
            "en_save": cell_info("$_DFFE_PN0P_")[0] - dffr,
            "latch": cell_info("$_DLATCH_P_")[0],
            "latch_save": cell_info("$_DFFE_PN0P_")[0] - cell_info("$_DLATCH_P_")[0]}


def floor_section(R):
    fl = floor_parts(R)
    if not fl:
        return []
    sp = fl["split"]
    out = ["## Floor of the default with counter areas", ""]
    out.append("What any implementation of this parameter set's register map and "
               "counter areas contains, each part built the cheapest way this flow "
               "allows: synth/ref/ref_floor.v (%s), synthesized in this run, plus the "
               "configuration's other flip-flops at the cost of a plain reset "
               "flip-flop each. The readable state is counted in the configuration "
               "itself (flattened, one cell per flip-flop bit): of its %s flip-flops, "
               "%s reach PRDATA through logic alone; %s of those are the register "
               "block's decode (kind selects, element index, error, access phase), "
               "which leaves %s readable state bits."
               % (" ".join("%s=%s" % kv for kv in fl["params"].items()),
                  f0(sp["ffs"]), f0(sp["read"]), f0(sp["decode"]), f0(fl["nr"])))
    out.append("")
    rows = [
        ["readable state: %s bits as enable flip-flops in 32-bit words, one AND-OR "
         "read multiplexer; the counters' and the TSC's adders; per counter the "
         "class multiplexer of its area (ref_floor)" % f0(fl["nr"]),
         f0(fl["ref_ffs"]), f0(fl["ref"])],
        ["the configuration's other flip-flops (event pipeline, address pipe, edge "
         "and trigger registers, register-block decode), plain reset flip-flops "
         "(%.2f NAND2 each), no logic" % fl["dffr"], f0(fl["other"]), f0(fl["other_n2"])],
        ["**floor**", f0(fl["ref_ffs"] + fl["other"]), "**%s**" % f0(fl["floor"])],
        ["pmu_core default NAREA=4 as synthesized", "",
         "%s (%.2f x floor)" % (f0(fl["actual"]), fl["actual"] / fl["floor"])],
        ["its area beyond the floor", "", f0(fl["actual"] - fl["floor"])],
        ["room the goal (%.2f x floor) leaves above the floor" % FLOOR_GOAL, "",
         f0((FLOOR_GOAL - 1) * fl["floor"])],
    ]
    out.append(fmt_table(["Part", "FFs", "NAND2-eq"], rows, "lrr"))
    out.append("")
    out.append("The floor has no event masking, popcount, qualification, threshold "
               "or edge logic, no FLOP decode, no overflow or interrupt logic, no "
               "sampling, no yield trigger, down-counter or delivery logic, no "
               "address decode or error response. The parameter set needs all of "
               "them; the goal leaves %s NAND2-eq for them together, and this design "
               "spends %s beyond the floor. Two storage styles would lower the "
               "floor itself (it is counted with enable flip-flops): clock gating instead of enable "
               "multiplexers by at most %s (%.2f NAND2 for each of its %s enable "
               "flip-flops), latches (DLH_X1, %.2f NAND2) in place of all of them by "
               "at most %s (%.2f each), leaving %s and %s for that logic under the "
               "same goal NAND2-eq."
               % (f0((FLOOR_GOAL - 1) * fl["floor"]), f0(fl["actual"] - fl["floor"]),
                  f0(fl["ref_en"] * fl["en_save"]), fl["en_save"], f0(fl["ref_en"]),
                  fl["latch"], f0(fl["ref_en"] * fl["latch_save"]), fl["latch_save"],
                  f0(FLOOR_GOAL * fl["floor"] - (fl["floor"] - fl["ref_en"] * fl["en_save"])),
                  f0(FLOOR_GOAL * fl["floor"] - (fl["floor"] - fl["ref_en"] * fl["latch_save"]))))
    return out


def goal_section(R, configs):
    """The goal (FLOOR_GOAL x the floor of the default with counter areas)
    against the flip-flops of that default, and the measured configurations
    (counter areas on, a storage style, the optional blocks narrowed or left
    out) against the same floor."""
    ra = R.get(L_AREAS)
    fl = floor_parts(R)
    if not (ok(ra) and fl):
        return []
    goal = FLOOR_GOAL * fl["floor"]
    items = [(c, R.get(c.label)) for c in configs
             if "goal" in c.tables or c.label == L_AREAS]
    dffr = cell_info("$_DFF_PN0_")[0]
    ff, _, lg = split_nand2(ra)
    nff = ra["total"]["ffs"]
    out = ["## What the area goal takes", ""]
    out.append("The state of the default parameter set is architectural (counters, "
               "ESCRs, yield channels, SIAR/SDAR and their address pipe, the pipeline "
               "registers of the event path). Its flip-flops alone, each counted as a "
               "plain reset flip-flop (DFFR_X1, %.2f NAND2; no enable multiplexer, no "
               "logic), are %s FFs x %.2f = %s NAND2-eq; as synthesized (enable "
               "flip-flops DFFR_X1 + MUX2_X1) they are %s NAND2-eq, and the logic "
               "(read multiplexer, class multiplexers, adders, yield conditions) is %s. "
               "The goal (%.2f x the floor, %s NAND2-eq) leaves %s NAND2-eq for all the "
               "logic once the flip-flops are paid for as synthesized. The table "
               "divides each configuration by the floor of the default (%s), and "
               "by its own floor: the same construction (section \"Floor of the "
               "default with counter areas\") from the configuration's own readable "
               "state and other flip-flops, so a configuration with less state has "
               "a lower floor; a storage style (YSTORE=1) has the floor of its "
               "flip-flop twin (YSTORE=0: the same register map and state)."
               % (dffr, f0(nff), dffr, f0(nff * dffr), f0(ff), f0(lg),
                  FLOOR_GOAL, f0(goal), f0(goal - ff), f0(fl["floor"])))
    out.append("")
    body = []
    for c, r in items:
        if not ok(r):
            body.append([c.label, c.overrides(), "-", "-", "-", "not elaborated", "-", "-", "-"])
            continue
        f, _, g = split_nand2(r)
        t = r["total"]["nand2"]
        own = floor_parts(R, c.label)
        body.append([c.label, c.overrides(), f0(g), f0(r["total"]["ffs"]), f0(f), f0(t),
                     "%.2f x floor (%s)" % (t / fl["floor"], ratio_txt(t, goal)),
                     f0(own["floor"]) if own else "-",
                     "%.2f x (%s)" % (t / own["floor"], ratio_txt(t, FLOOR_GOAL * own["floor"])) if own else "-"])
    # (columns 3 and 5 are FFs and NAND2-eq, as in the sweep table, which
    # synth/config_guide.py also reads)
    out.append(fmt_table(["Configuration", "Overrides", "Logic NAND2-eq", "FFs",
                          "FF NAND2-eq", "NAND2-eq", "vs floor %s (goal <= %.2fx)" % (f0(fl["floor"]), FLOOR_GOAL),
                          "own floor", "vs own floor (goal <= %.2fx)" % FLOOR_GOAL],
                         body, "llrrrrlrl"))
    return out


def per_counter_section(R):
    rref = R.get(L_REF)
    cols = [(name, R.get(l8), R.get(l16)) for name, l8, l16 in MARGINAL]
    cols = [(n, a, b) for n, a, b in cols if ok(a) and ok(b)]
    if not cols and not ok(rref):
        return []
    out = ["## Per-counter cost", ""]
    data = []
    for name, r8, r16 in cols:
        nc8, nc16, blocks, marg, glue = per_counter(r8, r16)
        data.append((name, r8, r16, nc8, nc16, blocks, marg, glue))
    if data:
        out.append("Marginal area of a counter = (total at NC=%d - total at "
                   "NC=%d) / %d. Event path = the NAND2-eq per instance of "
                   "the blocks instantiated once per counter, summed (found "
                   "from the hierarchy: the instance paths whose number is "
                   "proportional to NC in the two runs). Glue = the "
                   "per-counter growth of pmu_core's own cells (pipeline "
                   "stage registers, enables, OVF/CNTEN bits kept in the "
                   "top), (own NAND2-eq at NC=%d - at NC=%d) / %d. "
                   "ref_counter = "
                   "synth/ref/ref_counter.v, a 40-bit counter with increment "
                   "enable and 32-bit low/high-half CSR writes "
                   "(ibex_counter-like), same flow and run."
                   % (data[0][4], data[0][3], data[0][4] - data[0][3],
                      data[0][4], data[0][3], data[0][4] - data[0][3]))
        out.append("")
        body = []
        ref_n = rref["total"]["nand2"] if ok(rref) else None
        for name, r8, r16, nc8, nc16, blocks, marg, glue in data:
            ep = sum(b[0] for b in blocks.values())
            rat = (lambda x: "%.2fx" % (x / ref_n)) if ref_n else (lambda x: "-")
            body.append([name, f0(r8["total"]["nand2"]), f0(r16["total"]["nand2"]),
                         f0(marg), f0(ep), f0(glue), f0(ref_n) if ref_n else "-",
                         rat(ep), rat(ep + glue), rat(marg)])
        hdr = ["Counter areas", "Total NC=%d" % data[0][3],
               "Total NC=%d" % data[0][4], "Marginal per counter",
               "Event path per counter", "Glue per counter", "ref_counter",
               "Event path / ref (goal <= %.0fx)" % EVENT_PATH_GOAL,
               "(Event path + glue) / ref", "Marginal / ref"]
        out.append(fmt_table(hdr, body, "lrrrrrrrrr"))
        out.append("")
        names = []
        for d in data:
            for b in d[5]:
                if b not in names:
                    names.append(b)
        body = []
        for b in names:
            pats = []
            for d in data:
                for p in d[5].get(b, [0, []])[1]:
                    if p not in pats:
                        pats.append(p)
            body.append([b, ", ".join(pats)] +
                        [f1(d[5][b][0]) if b in d[5] else "-" for d in data])
        body.append(["event path (blocks)", ""] +
                    [f1(sum(x[0] for x in d[5].values())) for d in data])
        body.append(["pmu_core glue per counter", "-"] + [f1(d[7]) for d in data])
        body.append(["event path + glue", ""] +
                    [f1(sum(x[0] for x in d[5].values()) + d[7]) for d in data])
        out.append(fmt_table(["Per-counter block", "Instances"] +
                             ["NAND2/counter %s" % d[0] for d in data],
                             body, "ll" + "r" * len(data)))
    if ok(rref):
        t = rref["total"]
        if data:
            out.append("")
        out.append("ref_counter (%s): %s cells, %s flip-flops, %s NAND2-eq."
                   % (" ".join("%s=%s" % kv for kv in
                               rref["params"].get(rref["top"], {}).items()),
                      f0(t["cells"]), f0(t["ffs"]), f1(t["nand2"])))
    return out
