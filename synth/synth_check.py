#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The sanity test of the area flow (`synth/run_synth.py --check`, make
synth-check): on small pmu_core configurations, per block and flattened,
the flip-flops after synthesis are the RTL state bits Yosys finds after
`proc`, matched by register name; no latches, but in a YSTORE=1
configuration (pmu_yield's latch file of its cold fields: latch cells, at
most the RTL's latch bits, the unused ones removed); the readable-state split the
report's floor is built from is sane.
"""
import re
import sys

from synth_analyse import find_top, synthesize
from synth_cells import RTL_FF_TYPES, SynthError, cell_info
from synth_designs import CHECK_CONFIGS, Config, module_defaults
from synth_yosys import base_name, state_split, unescape, yosys_version


# ----------------------------------------------------------- --check
def _public_nets(mod):
    """net id -> [(public wire name, position)] of a write_json module."""
    out = {}
    for n, d in mod.get("netnames", {}).items():
        if d.get("hide_name"):
            continue
        for i, b in enumerate(d["bits"]):
            if isinstance(b, int):
                out.setdefault(b, []).append((n, i))
    return out


def _rtl_state_names(pre, module, prefix, walk):
    """One entry per RTL flip-flop bit of `module` (and, with walk, of the
    modules below it): the public (wire, position) names of its Q net, with
    the instance path prefix a flattened design gives them."""
    m = pre[module]
    pub = _public_nets(m)
    out = []
    for cname, c in m.get("cells", {}).items():
        if c["type"] in RTL_FF_TYPES:
            for b in c["connections"].get("Q", []):
                names = [(prefix + n, i) for n, i in pub.get(b, [])] \
                    if isinstance(b, int) else []
                out.append(names)
        elif walk and unescape(c["type"]) in pre:
            out += _rtl_state_names(pre, unescape(c["type"]),
                                    prefix + unescape(cname) + ".", walk)
    return out


def _bit_label(mod, name, pos):
    d = mod["netnames"].get(name, {})
    if len(d.get("bits", [])) == 1 and not d.get("offset"):
        return name
    return "%s[%d]" % (name, d.get("offset", 0) + pos)


def _labels(items, limit=8):
    """Compact list of bit labels: wire[7:5] for runs of bits."""
    by = {}
    for lab in items:
        m = re.fullmatch(r"(.*)\[(\d+)\]", lab)
        if m:
            by.setdefault(m.group(1), []).append(int(m.group(2)))
        else:
            by.setdefault(lab, [])
    parts = []
    for w, idx in by.items():
        if not idx:
            parts.append(w)
            continue
        idx = sorted(set(idx))
        runs, start = [], idx[0]
        for a, b in zip(idx, idx[1:] + [None]):
            if b != a + 1:
                runs.append("%d" % a if a == start else "%d:%d" % (a, start))
                start = b
        parts.append("%s[%s]" % (w, ",".join(reversed(runs))))
    txt = ", ".join(parts[:limit])
    return txt + (", ..." if len(parts) > limit else "")


def state_map(pre, post, pre_top, post_top, flatten):
    """Match the RTL flip-flop bits (after `proc`) of pre_top (hierarchical:
    that module alone; flattened: the whole design under it) with the
    flip-flops of post_top after synthesis, by register name. Each RTL bit is
    kept (its name is driven by a flip-flop), constant (its name is tied to
    0/1: a register synthesis proved constant) or lost; a flip-flop no RTL
    bit names is extra."""
    pm = post[post_top]
    ffq = set()
    nff = 0
    for c in pm.get("cells", {}).values():
        t = c["type"]
        if t.startswith("$_"):
            _, kind, _ = cell_info(t)
            if kind == "ff":
                nff += 1
                ffq.update(b for b in c["connections"].get("Q", [])
                           if isinstance(b, int))
    entries = _rtl_state_names(pre, pre_top, "", flatten)
    kept, const, lost, nkept = set(), [], [], 0
    for names in entries:
        state, net = "lost", None
        for n, i in names:
            d = pm["netnames"].get(n)
            if d is None or i >= len(d["bits"]):
                continue
            b = d["bits"][i]
            if isinstance(b, int) and b in ffq:
                state, net = "kept", b
                break
            if b in ("0", "1"):
                state = "const"
        label = _bit_label(pm, *names[0]) if names else "(unnamed)"
        if state == "kept":
            nkept += 1
            kept.add(net)
        elif state == "const":
            const.append(label)
        else:
            lost.append(label)
    return {"rtl": len(entries), "ffs": nff, "const": const, "lost": lost,
            "merged": nkept - len(kept), "extra": len(ffq - kept)}


def state_text(m):
    t = "%d flip-flops = %d RTL state bits" % (m["ffs"], m["rtl"])
    if m["const"]:
        t += " - %d constant (%s)" % (len(m["const"]), _labels(m["const"]))
    if m["merged"]:
        t += " - %d merged duplicates" % m["merged"]
    if m["lost"]:
        t += "; LOST %d: %s" % (len(m["lost"]), _labels(m["lost"]))
    if m["extra"]:
        t += "; %d flip-flops named by no RTL register" % m["extra"]
    return t


def state_ok(m):
    return (not m["lost"] and not m["extra"] and
            m["ffs"] == m["rtl"] - len(m["const"]) - m["merged"])


def run_check(args):
    """Flow sanity on small configurations: the flip-flops after synthesis
    are the RTL's state bits (found by Yosys after `proc`, matched by
    register name), per block and flattened, minus registers synthesis
    proved constant (listed by name); no latches but the latch file of a
    YSTORE=1 configuration."""
    passed = failed = 0

    def result(good, what):
        nonlocal passed, failed
        if good:
            passed += 1
        else:
            failed += 1
        print("%s: %s" % ("PASS" if good else "FAIL", what), flush=True)

    try:
        print(yosys_version(args.yosys), flush=True)
    except SynthError as e:
        print("FAIL: %s" % e)
        print("0 passed, 1 failed")
        return 1
    cfgs = []
    for chk in CHECK_CONFIGS:
        for flatten in (False, True):
            cfgs.append(Config(chk.label + (" flat" if flatten else ""), chk.top,
                               chk.files, chk.params, chk.incdirs, chk.defines,
                               flatten=flatten))
    try:
        R, runs = synthesize(cfgs, args, log=sys.stdout, netlists=True)
    except SynthError as e:
        result(False, str(e))
        print("%d passed, %d failed" % (passed, failed))
        return 1
    for cfg in cfgs:
        res = R.get(cfg.label)
        if res is None:
            result(False, "%s: no result" % cfg.label)
            continue
        if "error" in res:
            if not cfg.flatten:
                result(False, "%s: does not elaborate: %s" % (cfg.label,
                                                              res["error"]))
            continue
        raw, tot = res["raw"], res["total"]
        if cfg.params.get("YSTORE", 0):
            # pmu_yield YSTORE=1: the cold fields' latch words and their clock
            # gates' enable latches (synthesis removes unused ones, e.g. CSEL
            # with YCAP=0), and no other latch (the flip-flops match below)
            result(0 < tot["latches"] <= tot["rtl_latches"],
                   "%s: %d latch cells of %d latch bits after proc (YSTORE=1 latch file)" % (
                       cfg.label, tot["latches"], tot["rtl_latches"]))
        else:
            result(tot["latches"] == 0 and tot["rtl_latches"] == 0,
                   "%s: %d latch cells (%d latch bits after proc)" % (
                       cfg.label, tot["latches"], tot["rtl_latches"]))
        if cfg.flatten:
            pre_top = find_top({"post": raw["rtl_net"]}, cfg.top)
            m = state_map(raw["rtl_net"], raw["net"], pre_top, res["top"], True)
            good = state_ok(m) and m["rtl"] == tot["state_bits"] > 0 \
                and m["ffs"] == tot["ffs"]
            result(good, "%s: %s" % (cfg.label, state_text(m)))
            # the split the area report's floor is built from
            try:
                sp = state_split(cfg, args)
                p = dict(module_defaults(cfg.top, cfg.files))
                p.update(cfg.params)
                # (synthesis may prove a few more registers constant than opt)
                good = tot["ffs"] <= sp["ffs"] <= tot["state_bits"] and \
                    0 < sp["decode"] < sp["read"] <= sp["ffs"] and \
                    sp["read"] - sp["decode"] >= p["NC"] * p["CW"] + 64
                result(good, "%s: state split: %d flip-flops (synthesized %d, RTL "
                       "state bits %d), %d reach PRDATA, %d of them register-block "
                       "decode (readable state >= the counters and the TSC, %d)" % (
                           cfg.label, sp["ffs"], tot["ffs"], tot["state_bits"],
                           sp["read"], sp["decode"], p["NC"] * p["CW"] + 64))
            except SynthError as e:
                result(False, "%s: state split: %s" % (cfg.label, e))
            continue
        agg = {"rtl": 0, "ffs": 0, "const": [], "lost": [], "merged": 0,
               "extra": 0}
        for mod in res["order"]:
            m = state_map(raw["rtl_net"], raw["net"], mod, mod, False)
            n = res["count"][mod]
            for k in ("rtl", "ffs", "merged", "extra"):
                agg[k] += m[k] * n
            for k in ("const", "lost"):
                agg[k] += m[k] * n
            bname = base_name(mod)
            mp = res["params"].get(mod, {})
            label = bname + "".join(" %s=%s" % kv for kv in sorted(mp.items())
                                   if kv[0] in ("W", "NT", "NC", "AREA", "AW"))
            result(state_ok(m) and m["ffs"] == res["own"][mod]["ffs"] and
                   m["rtl"] == res["own_bits"].get(mod),
                   "%s: %s x%d: %s per instance" % (cfg.label, label, n,
                                                    state_text(m)))
        result(state_ok(agg) and agg["rtl"] == tot["state_bits"] > 0 and
               agg["ffs"] == tot["ffs"],
               "%s: total %s" % (cfg.label, state_text(agg)))
    print("synth-check: %s" % ", ".join("run %s %d configuration(s) %.0f s" % (
        x["name"], x["configs"], x["secs"]) for x in runs))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0
