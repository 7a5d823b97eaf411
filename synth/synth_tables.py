#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Markdown tables of the area report (synth/run_synth.py): the aligned table
formatter and number formats, the per-block rows and table, two
configurations side by side, the sweep totals, the per-counter event path
(per_counter) and the weights of the cell types in the netlists.
"""
import re

from synth_cells import cell_info
from synth_yosys import base_name


# ----------------------------------------------------------------- tables
def block_rows(res):
    """Rows of the per-block table: base names, variants split by params."""
    order, own, count = res["order"], res["own"], res["count"]
    by_base = {}
    for m in order:
        if m == res["top"]:
            continue
        by_base.setdefault(base_name(m), []).append(m)
    rows = []
    for base, variants in by_base.items():
        diff = []
        if len(variants) > 1:
            keys = set()
            for v in variants:
                keys |= set(res["params"].get(v, {}))
            for k in sorted(keys):
                vals = {str(res["params"].get(v, {}).get(k)) for v in variants}
                if len(vals) > 1:
                    diff.append(k)
        if diff:
            def sortkey(v):
                pv = res["params"].get(v, {})
                return [(0, pv.get(k), "") if isinstance(pv.get(k), int)
                        else (1, 0, str(pv.get(k))) for k in diff]
            variants = sorted(variants, key=sortkey)
        for idx, v in enumerate(variants):
            name = base
            if len(variants) > 1:
                pv = res["params"].get(v, {})
                name += " " + (" ".join("%s=%s" % (k, pv.get(k)) for k in diff)
                               if diff else "#%d" % (idx + 1))
            rows.append((name, v))
    rows.append((base_name(res["top"]) + " (top-level glue)", res["top"]))
    out = []
    for name, m in rows:
        o, n = own[m], count[m]
        out.append({"block": name, "base": base_name(m), "module": m, "inst": n,
                    "where": path_patterns(res["paths"].get(m, [])),
                    "cells1": o["cells"], "ffs1": o["ffs"], "nand1": o["nand2"],
                    "bits1": res["own_bits"].get(m, 0),
                    "cells": o["cells"] * n, "ffs": o["ffs"] * n,
                    "nand2": o["nand2"] * n, "latches": o["latches"] * n})
    return out


def pattern(path):
    return re.sub(r"\[\d+\]", "[*]", path)


def path_patterns(paths, limit=2):
    pats = []
    for p in paths:
        q = pattern(p)
        if q not in pats:
            pats.append(q)
    if not pats:
        return "-"
    s = ", ".join(pats[:limit])
    return s + (", ..." if len(pats) > limit else "")


def fmt_table(header, rows, align):
    """Aligned Markdown table. align: string of 'l'/'r' per column."""
    cols = list(zip(*([header] + rows)))
    width = [max(len(str(c)) for c in col) for col in cols]

    def line(cells):
        out = []
        for c, w, a in zip(cells, width, align):
            out.append(str(c).ljust(w) if a == "l" else str(c).rjust(w))
        return "| " + " | ".join(out) + " |"
    sep = "|" + "|".join(("-" * (w + 1) + ":") if a == "r" else ("-" * (w + 2))
                         for w, a in zip(width, align)) + "|"
    return "\n".join([line(header), sep] + [line(r) for r in rows])


def f1(x):
    return "%.1f" % x


def f0(x):
    return "{:,}".format(int(round(x)))


def ok(res):
    return res is not None and "error" not in res


def blocks_table(res):
    rows = block_rows(res)
    tot = res["total"]
    body = []
    for r in rows:
        body.append([r["block"], r["where"], r["inst"], f0(r["cells1"]),
                     r["ffs1"], f1(r["nand1"]), f0(r["cells"]), f0(r["ffs"]),
                     f0(r["nand2"]),
                     "%.1f%%" % (100.0 * r["nand2"] / tot["nand2"])])
    body.append(["TOTAL", "", sum(r["inst"] for r in rows), "", "", "",
                 f0(tot["cells"]), f0(tot["ffs"]), f0(tot["nand2"]), "100.0%"])
    hdr = ["Block", "Instances", "#", "Cells/inst", "FFs/inst", "NAND2/inst",
           "Cells", "FFs", "NAND2-eq", "Share"]
    return fmt_table(hdr, body, "llrrrrrrrr")


def by_base(res):
    """NAND2-eq and FFs of all instances per base block name (top = glue)."""
    out = {}
    for r in block_rows(res):
        b = r["base"] + (" (top-level glue)" if r["module"] == res["top"] else "")
        d = out.setdefault(b, {"nand2": 0.0, "ffs": 0, "inst": 0})
        d["nand2"] += r["nand2"]
        d["ffs"] += r["ffs"]
        d["inst"] += r["inst"]
    return out


def compare_table(ra, rb, la, lb):
    """Two configurations side by side, per base block."""
    a, b = by_base(ra), by_base(rb)
    names = list(a) + [n for n in b if n not in a]
    body = []
    for n in names:
        x, y = a.get(n), b.get(n)
        body.append([n, x["inst"] if x else "-", f0(x["nand2"]) if x else "-",
                     y["inst"] if y else "-", f0(y["nand2"]) if y else "-",
                     f0((y["nand2"] if y else 0) - (x["nand2"] if x else 0))])
    ta, tb = ra["total"]["nand2"], rb["total"]["nand2"]
    body.append(["TOTAL", "", f0(ta), "", f0(tb), f0(tb - ta)])
    hdr = ["Block", "# " + la, "NAND2-eq " + la, "# " + lb, "NAND2-eq " + lb,
           "Change"]
    return fmt_table(hdr, body, "lrrrrr")


def sweep_table(items, ref):
    body = []
    for cfg, r in items:
        if not ok(r):
            body.append([cfg.label, cfg.overrides(), "-", "-", "-",
                         "not elaborated", "-"])
            continue
        t = r["total"]
        body.append([cfg.label, cfg.overrides(), f0(t["cells"]), f0(t["ffs"]),
                     f0(t["state_bits"]), f0(t["nand2"]),
                     "%+.1f%%" % (100.0 * (t["nand2"] / ref["total"]["nand2"] - 1))
                     if ok(ref) else "-"])
    hdr = ["Configuration", "Overrides", "Cells", "FFs", "RTL state bits",
           "NAND2-eq", "vs default"]
    return fmt_table(hdr, body, "llrrrrr")


def per_counter(r8, r16):
    """Per-counter event path of the NC=8 result r8: the instances whose
    path pattern (g_cnt[*].u_mux ...) occurs a number of times proportional
    to NC (NC8 times in r8 and NC16 times in r16). Returns (NC8, NC16,
    {base block: [NAND2-eq per counter, pattern list]}, marginal area per
    counter, marginal area per counter of the top module's own cells (the
    per-counter glue, such as pipeline registers kept in the top))."""
    nc8 = r8["params"][r8["top"]]["NC"]
    nc16 = r16["params"][r16["top"]]["NC"]

    def pats(r):
        d = {}
        for p, m in r["instances"]:
            d.setdefault(pattern(p), []).append(m)
        return d
    p8, p16 = pats(r8), pats(r16)
    blocks = {}
    for pat, mods in p8.items():
        n16 = len(p16.get(pat, []))
        if len(mods) * nc16 != n16 * nc8:
            continue
        for m in mods:
            b = blocks.setdefault(base_name(m), [0.0, []])
            b[0] += r8["own"][m]["nand2"] / nc8
            if pat not in b[1]:
                b[1].append(pat)
    marginal = (r16["total"]["nand2"] - r8["total"]["nand2"]) / (nc16 - nc8)
    glue = (r16["own"][r16["top"]]["nand2"] - r8["own"][r8["top"]]["nand2"]) / (nc16 - nc8)
    return nc8, nc16, blocks, marginal, glue


def weights_table(results):
    seen = set()
    for r in results:
        seen |= set(r["total"]["types"])
    first = results[0]["total"]["types"] if results else {}
    body = []
    for t in sorted(seen):
        w, kind, cells = cell_info(t)
        n = first.get(t, 0)
        body.append([t, kind, " + ".join(cells), "%.2f" % w, f0(n),
                     f0(n * w)])
    hdr = ["Yosys cell", "Kind", "NanGate45 cells", "NAND2 weight",
           "Count (%s)" % results[0]["cfg"].label if results else "Count",
           "NAND2-eq"]
    return fmt_table(hdr, body, "lllrrr")


def ratio_txt(x, goal, le=True):
    met = x <= goal if le else x >= goal
    return "met" if met else "not met"
