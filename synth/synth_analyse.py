#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Hierarchy analysis of the area flow (synth/run_synth.py): per module own
cells, flip-flops, NAND2-eq and RTL state bits, instance counts and paths,
totals per configuration (analyse), and synthesize(), which groups the
configurations into Yosys runs (synth/synth_yosys.py) and analyses each.
"""
import os
import re
import sys

from synth_cells import RTL_FF_TYPES, RTL_LATCH_TYPES, SynthError, cell_info
from synth_designs import ROOT, WRAPPER
from synth_tables import f0
from synth_yosys import base_name, elaborate, run_yosys, unescape, wrapper_text


def param_value(v):
    try:
        return int(v)
    except ValueError:
        m = re.fullmatch(r"(\d+)'([01xz]+)", v)
        if m and set(m.group(2)) <= {"0", "1"}:
            return int(m.group(2), 2)
        return v.strip('"')


def hierarchy_counts(mods, top):
    """Modules under `top` (breadth first), instance counts, children.
    mods: {module: stat entry}; a cell type naming a module is an instance."""
    names = set(mods)
    children = {}
    for m, s in mods.items():
        ch = {}
        for ctype, n in s.get("num_cells_by_type", {}).items():
            if unescape(ctype) in names:
                ch[unescape(ctype)] = ch.get(unescape(ctype), 0) + n
        children[m] = ch
    if top not in names:
        raise SynthError("top %s not found in stat output" % top)
    order = [top]
    i = 0
    while i < len(order):
        for c in children[order[i]]:
            if c not in order:
                order.append(c)
        i += 1
    # topological accumulation: a module's count is final once all of its
    # parents have been processed
    indeg = {m: 0 for m in order}
    for m in order:
        for c in children[m]:
            indeg[c] += 1
    ready, done = [top], []
    count = {m: 0 for m in order}
    count[top] = 1
    while ready:
        m = ready.pop()
        done.append(m)
        for c, n in children[m].items():
            count[c] += count[m] * n
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)
    if len(done) != len(order):
        raise SynthError("cyclic module hierarchy?")
    return order, count, children


def rtl_state(stat_entry, names):
    """(state bits, latch bits) of one module after `proc` (stat -width)."""
    bits = stat_entry.get("num_memory_bits", 0) or 0
    latch = 0
    for ctype, n in stat_entry.get("num_cells_by_type", {}).items():
        if unescape(ctype) in names:
            continue
        if ctype.startswith("$_"):          # fine-grained cell in the RTL
            _, kind, _ = cell_info(ctype)
            bits += n if kind == "ff" else 0
            latch += n if kind == "latch" else 0
            continue
        m = re.fullmatch(r"(\$[a-z_]+?)(?:_(\d+))?", ctype)
        base = m.group(1) if m else ctype
        if base in RTL_FF_TYPES or base in RTL_LATCH_TYPES:
            if not (m and m.group(2)):
                raise SynthError("no width for %s in stat -width" % ctype)
            w = int(m.group(2)) * n
            if base in RTL_FF_TYPES:
                bits += w
            else:
                latch += w
    return bits, latch


def analyse(cfg, raw, top):
    """Per-module own cells/FFs/NAND2/RTL state bits, instance counts and
    totals of the configuration whose top module is `top`."""
    post, rtl = raw["post"], raw["rtl"]
    names = set(post)
    own = {}
    for m, s in post.items():
        o = {"cells": 0, "ffs": 0, "latches": 0, "nand2": 0.0, "types": {}}
        for ctype, n in s.get("num_cells_by_type", {}).items():
            if unescape(ctype) in names:
                continue
            w, kind, _ = cell_info(ctype)
            o["cells"] += n
            o["nand2"] += w * n
            o["ffs"] += n if kind == "ff" else 0
            o["latches"] += n if kind == "latch" else 0
            o["types"][ctype] = o["types"].get(ctype, 0) + n
        own[m] = o
    order, count, _ = hierarchy_counts(post, top)
    # RTL state bits, from the hierarchy before synthesis (a flattened run
    # has only the top after synthesis)
    rnames = set(rtl)
    rorder, rcount, _ = hierarchy_counts(rtl, top)
    own_bits, state_bits, rtl_latch = {}, 0, 0
    for m in rorder:
        b, l = rtl_state(rtl[m], rnames)
        own_bits[m] = b
        state_bits += b * rcount[m]
        rtl_latch += l * rcount[m]
    # instances (path, module): walk the instance dump
    inst = raw["inst"]
    instances = []

    def walk(m, prefix):
        for ctype, cname in inst.get(m, {}).get("cells", []):
            if ctype in count:
                p = prefix + cname
                instances.append((p, ctype))
                walk(ctype, p + ".")
    walk(top, "")
    paths = {m: [p for p, t in instances if t == m] for m in order}
    tot = {"cells": 0, "ffs": 0, "latches": 0, "nand2": 0.0, "types": {}}
    for m in order:
        for k in ("cells", "ffs", "latches", "nand2"):
            tot[k] += own[m][k] * count[m]
        for t, n in own[m]["types"].items():
            tot["types"][t] = tot["types"].get(t, 0) + n * count[m]
    tot["state_bits"] = state_bits
    tot["rtl_latches"] = rtl_latch
    params = {}
    for m, d in inst.items():
        params[m] = {k: param_value(v) for k, v in d["params"].items()}
    return {"cfg": cfg, "top": top, "order": order, "own": own,
            "count": count, "paths": paths, "instances": instances,
            "own_bits": own_bits, "rtl_count": rcount,
            "params": params, "total": tot, "secs": raw["secs"],
            "run": raw["name"], "warnings": raw["warnings"]}


def find_top(raw, name):
    names = set(raw["post"])
    if name in names:
        return name
    cands = [m for m in names if base_name(m) == name]
    if len(cands) != 1:
        raise SynthError("top %s not found in stat output" % name)
    return cands[0]


def synthesize(configs, args, log=sys.stderr, netlists=False):
    """Synthesize `configs` (identical ones once, groups in one run each).
    Returns ({label: result}, [runs]); a result is analyse()'s dict or
    {"cfg": cfg, "error": text} for a configuration that does not
    elaborate."""
    uniq, alias = {}, {}
    for cfg in configs:
        k = cfg.key()
        if k in uniq:
            alias[cfg.label] = uniq[k]
            print("synth: %-34s same design as %s" % (cfg.label, uniq[k].label),
                  file=log)
        else:
            uniq[k] = cfg
    groups = {}
    for cfg in uniq.values():
        groups.setdefault(cfg.group_key(), []).append(cfg)
    results, runs = {}, []
    for gi, (gkey, cfgs) in enumerate(groups.items()):
        flat = gkey[0] == "flat"
        nhier = sum(1 for g in groups if g[0] != "flat")
        name = cfgs[0].slug() if flat else ("group%d" % gi if nhier > 1
                                            else "all")
        wd = os.path.join(args.workdir, name)
        files = []
        for c in cfgs:
            for f in c.files:
                if f not in files:
                    files.append(f)
        incdirs, defines = cfgs[0].incdirs, cfgs[0].defines
        if flat:
            err = elaborate(args, wd, files, incdirs, defines, cfgs[0].top,
                            cfgs[0].effective_overrides())
            if err:
                results[cfgs[0].label] = {"cfg": cfgs[0], "error": err}
                print("synth: %-34s NOT ELABORATED: %s" % (cfgs[0].label, err),
                      file=log)
                continue
            ok = cfgs
        else:
            insts = [("c%d" % i, c) for i, c in enumerate(cfgs)]
            wfile = os.path.join(wd, WRAPPER + ".v")
            os.makedirs(wd, exist_ok=True)
            with open(wfile, "w") as f:
                f.write(wrapper_text(insts))
            err = elaborate(args, wd, files + [wfile], incdirs, defines, WRAPPER)
            ok = cfgs
            if err:
                ok = []
                for c in cfgs:
                    e = elaborate(args, wd, c.files, c.incdirs, c.defines, c.top,
                                  c.effective_overrides())
                    if e:
                        results[c.label] = {"cfg": c, "error": e}
                        print("synth: %-34s NOT ELABORATED: %s" % (c.label, e),
                              file=log)
                    else:
                        ok.append(c)
                if not ok:
                    continue
                insts = [("c%d" % i, c) for i, c in enumerate(ok)]
                with open(wfile, "w") as f:
                    f.write(wrapper_text(insts))
                files = []
                for c in ok:
                    for f in c.files:
                        if f not in files:
                            files.append(f)
        print("synth: run %-30s %d configuration(s), yosys ..." % (name, len(ok)),
              file=log, flush=True)
        if flat:
            c = ok[0]
            raw = run_yosys(name, files, incdirs, defines, c.top,
                            c.effective_overrides(), True, args, netlists)
            tops = [(c, find_top(raw, c.top))]
        else:
            raw = run_yosys(name, files + [os.path.relpath(wfile, ROOT)], incdirs,
                            defines, WRAPPER, {}, False, args, netlists)
            wcells = dict((n, t) for t, n in raw["inst"].get(WRAPPER, {}).get("cells", []))
            tops = []
            for iname, c in insts:
                if iname not in wcells:
                    raise SynthError("instance %s (%s) missing in the wrapper" % (
                        iname, c.label))
                tops.append((c, wcells[iname]))
        sums = {}
        for c, top in tops:
            res = analyse(c, raw, top)
            if netlists:
                res["raw"] = raw
            results[c.label] = res
            for t, n in res["total"]["types"].items():
                sums[t] = sums.get(t, 0) + n
            print("synth: %-34s %s cells, %s FFs, %s NAND2-eq" % (
                c.label, f0(res["total"]["cells"]), f0(res["total"]["ffs"]),
                f0(res["total"]["nand2"])), file=log)
        # cross-check against Yosys' own statistics of the whole design
        if raw["design"] is not None and raw["design"] != sums:
            raise SynthError("hierarchy accounting does not match stat -top "
                             "in run %s" % name)
        runs.append({"name": name, "configs": len(ok), "secs": raw["secs"]})
        print("synth: run %-30s %6.1f s" % (name, raw["secs"]), file=log,
              flush=True)
    for label, cfg in alias.items():
        if cfg.label in results:
            results[label] = dict(results[cfg.label], cfg=next(
                c for c in configs if c.label == label), same_as=cfg.label)
    return results, runs
