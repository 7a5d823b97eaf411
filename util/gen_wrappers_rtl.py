# SPDX-License-Identifier: Apache-2.0
"""util/gen_wrappers.py's wrapper RTL: rtl/pmu_core_<short>.v of every top of
config/pmu_ip.yaml with a `bus` entry (whole files): pmu_core's parameters and
ports with its APB4 group replaced by the bus, the parameter traps, the glue,
the bridge and the core instance, and the regmap defines block the text uses.
"""
import re

import config as cfg
from gen_wrappers_desc import (APB_WIRES, BRIDGE_APB, CORE_BUS, CORE_FILE, GEN_HEAD, REGMAP_BEGIN, REGMAP_END,
                               WRAPPERS, comment_lines, join_groups, with_commas)


def port_decl(d, rng, name, comma, desc):
    s = "  %-6s wire %-16s %s%s" % (d, rng, name, comma)
    if desc:
        s = "%-46s // %s" % (s, desc) if len(s) < 46 else "%s // %s" % (s, desc)
    return s.rstrip()


def trap_cond(k, p):
    if "values" in p:
        return " && ".join("%s != %d" % (k, v) for v in p["values"])
    conds = []
    if "min" in p:
        conds.append("%s < %d" % (k, p["min"]))
    if "max" in p:
        conds.append("%s > %d" % (k, p["max"]))
    return " || ".join(conds)


def trap_label(k):
    parts = k.lower().split("_")
    return "g_bad_" + ("".join(x[0] for x in parts) if len(parts) > 1 else parts[0][:2])


# ---------------------------------------------------------------- wrappers
def gen_wrapper(name, core):
    w = WRAPPERS[name]
    own = cfg.TOPS[name].get("params") or {}
    if set(own) != set(w["params"]):
        raise SystemExit("gen_wrappers: %s: parameters of config/pmu_ip.yaml %s, of the description %s"
                         % (name, sorted(own), sorted(w["params"])))
    L = ["// SPDX-License-Identifier: Apache-2.0"] + GEN_HEAD.splitlines() + ["`timescale 1ns/1ps"]
    L += ["// " + ln if ln else "//" for ln in w["header"].splitlines()]
    body = []
    # parameters: pmu_core's (names parsed from the RTL, defaults from the table), then the wrapper's
    plist = [(k, v, "pmu_core parameters, passed through (%s)" % CORE_FILE if i == 0 else "")
             for i, (k, v) in enumerate(core.defaults.items())]
    plist += [(k, p["default"], w["params"][k].format(range=cfg.rng_text(p))) for k, p in own.items()]
    nw = max(len(k) for k, _, _ in plist)
    body.append("module %s #(" % name)
    for i, (k, v, c) in enumerate(plist):
        s = "  parameter integer %s = %d%s" % (k.ljust(nw), v, "," if i + 1 < len(plist) else "")
        body.append(("%s // %s" % (s.ljust(max(36, len(s) + 1)), c)).rstrip() if c else s)
    body.append(") (")
    # ports: pmu_core's in order, its APB4 group replaced by the bus
    ports_out = []                  # (kind, ...) rows: ("c", text) comment/pragma, ("p", d, rng, name, desc)
    rows = core.rows
    i = 0
    bus_done = False
    while i < len(rows):
        r = rows[i]
        if r[0] == "group":
            j = i + 1
            grp = []
            while j < len(rows) and rows[j][0] == "port":
                grp.append(rows[j][1])
                j += 1
            inbus = [p for p in grp if p in CORE_BUS]
            if inbus and len(inbus) != len(grp):
                raise SystemExit("gen_wrappers: %s: group '%s' mixes APB4 and other ports" % (CORE_FILE, r[1]))
            if inbus:
                ports_out.append(("c", "  // " + w["bus"][0]))
                for d, rng, pn, _, desc, unused in w["bus"][1]:
                    if unused:
                        ports_out.append(("c", "  /* verilator lint_off UNUSEDSIGNAL */"))
                    ports_out.append(("p", d, rng, pn, desc))
                    if unused:
                        ports_out.append(("c", "  /* verilator lint_on UNUSEDSIGNAL */"))
                bus_done = True
                i = j
                continue
            ports_out += [("c", c) for c in comment_lines(r[1], "  ", 100)]
        elif r[1] in CORE_BUS:
            raise SystemExit("gen_wrappers: %s: APB4 port %s outside its group" % (CORE_FILE, r[1]))
        else:
            ports_out.append(("p", r[2], r[3], r[1], r[4]))
        i += 1
    if not bus_done:
        raise SystemExit("gen_wrappers: %s: no comment group holding the APB4 ports" % CORE_FILE)
    last = max(k for k, r in enumerate(ports_out) if r[0] == "p")
    for k, r in enumerate(ports_out):
        body.append(r[1] if r[0] == "c" else port_decl(r[1], r[2], r[3], "," if k < last else "", r[4]))
    body.append(");")
    # body: APB wires, traps, glue, bridge, core
    if w["bridge"]:
        body += APB_WIRES.rstrip("\n").splitlines() + [""]
    body.append("  generate")
    for k, p in own.items():
        body.append("    if (%s)" % trap_cond(k, p))
        body.append("      begin : %s %s u_bad(); end" % (trap_label(k), cfg.trap_name(name, k)))
    body.append("  endgenerate")
    if w["bridge"]:
        body.append("")
    body += w["glue"].rstrip("\n").splitlines()
    if w["bridge"]:
        mod, bps = w["bridge"]
        body += ["", "  %s #(%s) u_bridge (" % (mod, ", ".join(".%s(%s)" % kv for kv in bps)),
                 "    .clk_i(clk_i), .rst_ni(rst_ni),"]
        pairs = [(pin, w["conn"].get(pin, pn)) for _, _, pn, pin, _, _ in w["bus"][1]]
        groups, k = [], 0
        for n in w["per_line"]:
            groups.append(pairs[k:k + n])
            k += n
        if k != len(pairs):
            raise SystemExit("gen_wrappers: %s: per_line covers %d of %d bus ports" % (name, k, len(pairs)))
        body += with_commas(join_groups(groups + BRIDGE_APB))
        body.append("  );")
        body.append("")
    core_pins = [pe for g in w["core_bus"] for pe in g]
    if sorted(p for p, _ in core_pins) != sorted(CORE_BUS):
        raise SystemExit("gen_wrappers: %s: core_bus must connect exactly %s" % (name, CORE_BUS))
    body.append("  pmu_core #(%s) u_core (" % ", ".join(".%s(%s)" % (k, k) for k in core.defaults))
    conn = ["    .clk_i(clk_i), .rst_ni(rst_ni)"] + join_groups(w["core_bus"])
    conn += ["    .%s(%s)" % (p[2], p[2]) for p in core.passthrough()]
    body += with_commas(conn)
    body += ["  );", "endmodule"]
    # the regmap defines block: the macros this file uses, as rtl/pmu_core.v defines them
    used = set(re.findall(r"`(\w+)", "\n".join(body)))
    miss = sorted(m for m in used if m not in core.macros)
    if miss:
        raise SystemExit("gen_wrappers: %s uses macros %s that %s does not define" % (name, miss, CORE_FILE))
    L += [REGMAP_BEGIN] + [ln for ln in core.define_lines if ln.split()[1] in used] + [REGMAP_END]
    return "\n".join(L + body) + "\n"
