# SPDX-License-Identifier: Apache-2.0
"""util/gen_wrappers.py's bench glue of the bus wrappers: the generated blocks of
tb/tb_bus_x.v (the X-check bench: every wrapper's bus ports and transfer task,
the non-bus pins), tb/cocotb/tb_cocotb_top.v and tb/cocotb/pmu_bus.py (BENCHES),
and the whole of tb/test_bus_gen.h (the lockstep bench's glue of every wrapper
whose C bus model is a generic entry).
"""
import glob
import os
import re

import config as cfg
import ports
from gen_wrappers_desc import (BLOCK_HEAD, BLOCK_RE, CORE, ROOT, WRAPPERS, cmt, comment_lines, pin_lines, short,
                               wrap_list)

# Benches: file -> {block name: what the block holds}
#   decl      declarations of pmu_core's parameters (localparams at the table's
#             defaults) and non-bus ports (reg inputs = 0, output wires), and
#             `core_x`: the XOR of every output (X/Z check)
#   top-ports ANSI input ports of the bench's top for every non-bus input of
#             pmu_core, numeric widths at the defaults (cocotb toplevel)
#   py-inputs NONBUS_INPUTS = [every non-bus input of pmu_core] (Python)
#   conn      the non-bus pins of the wrapper instance the block is in: an
#             input from the signal of its own name (a low part-select when the
#             instance's pmu_core parameters, its #( .P(value) ) overrides,
#             make it narrower than at the defaults), an output to `outputs`
#             (a wire of the port's own name with decl; else left open
#             unless named in `outputs`)
BENCHES = {
    "tb/tb_bus_x.v": {
        "core-decl": dict(kind="decl"),
        "bus-inst": dict(kind="bus-inst"),
        "bus-xfer": dict(kind="bus-xfer"),
        "core-conn": dict(kind="conn", outputs="self"),
    },
    "tb/cocotb/pmu_bus.py": {
        "core-inputs": dict(kind="py-inputs"),
    },
    "tb/cocotb/tb_cocotb_top.v": {
        "core-inputs": dict(kind="top-ports"),
        "core-conn-axil": dict(kind="conn", outputs={"cnt_o": "axil_cnt_o"}),
        "core-conn-wb": dict(kind="conn", outputs={"cnt_o": "wb_cnt_o"}),
        "core-conn-fp-axil": dict(kind="conn", outputs={}),
        "core-conn-fp-wb": dict(kind="conn", outputs={}),
    },
}



# ---------------------------------------------------------------- benches
def inst_overrides(text, pos):
    """pmu_core parameter overrides {P: value} of the instance whose port list
    holds position pos (its #( .P(value) ) list), and the instance's module."""
    head = text[:pos]
    mods = "|".join([CORE] + list(WRAPPERS))
    m = list(re.finditer(r"^\s*(%s)\s*(#\s*\(|\w+\s*\()" % mods, head, re.M))
    if not m:
        raise SystemExit("gen_wrappers: no pmu_core or wrapper instance before a conn block")
    m = m[-1]
    ov = {}
    if m.group(2).startswith("#"):
        plist = re.split(r"\)\s*\w+\s*\(", head[m.end():], maxsplit=1)[0]
        ov = {k: int(v) for k, v in re.findall(r"\.(\w+)\((\d+)\)", plist)}
    return m.group(1), ov


def bench_blocks(path, core, widths, text, kinds=None):
    """{block name: (indent, body text)} of bench file `path` (its text; only
    the blocks of `kinds` if given)."""
    out = {}
    for name, b in BENCHES[path].items():
        if kinds is not None and b["kind"] not in kinds:
            continue
        m = re.search(BLOCK_RE % (cmt(path), re.escape(name), cmt(path), re.escape(name)), text, re.S | re.M)
        if not m:
            raise SystemExit("gen_wrappers: %s has no generated block '%s'" % (path, name))
        ind = m.group(1)
        L = []
        if b["kind"] in ("bus-inst", "bus-xfer"):
            L += xcheck_lines(b["kind"], core, ind)
        elif b["kind"] == "decl":
            L += comment_lines("pmu_core's parameters (at their defaults, as the DUT is built) and non-bus "
                               "ports: inputs 0 unless the bench drives them, every output in core_x "
                               "(the XOR of all their bits: X if any bit is X or Z)", ind)
            L += wrap_list(ind + "localparam integer ", ["%s = %d" % kv for kv in core.defaults.items()], ";", ind + "  ")
            for d, rng, pn, _ in core.passthrough():
                r = core.expand(rng)
                if d == "input":
                    init = "{%s{1'b0}}" % core.expand(ports.width_expr(rng)) if rng else "1'b0"
                    L.append("%s%-5s%-24s %s = %s;" % (ind, "reg", r, pn, init))
                else:
                    L.append("%s%-5s%-24s %s;" % (ind, "wire", r, pn))
            outs = [p[2] for p in core.passthrough() if p[0] == "output"]
            L += wrap_list(ind + "wire core_x = ^{", outs, "};", ind + "  ")
        elif b["kind"] == "py-inputs":
            L += wrap_list(ind + "NONBUS_INPUTS = [", ['"%s"' % p[2] for p in core.passthrough() if p[0] == "input"],
                           "]", ind + "                 ", 100)
        elif b["kind"] == "top-ports":
            dflt = widths[()]
            L += comment_lines("non-bus inputs of pmu_core, default parameters (%s)" %
                               ", ".join("%s=%d" % kv for kv in core.defaults.items()), ind, 100)
            for d, _, pn, _ in core.passthrough():
                if d == "input":
                    n = dflt[pn][1]
                    L.append("%sinput  wire %-8s %s," % (ind, "[%d:0]" % (n - 1) if n > 1 else "", pn))
        else:
            mod, ov = inst_overrides(text, m.start())
            ov = {k: v for k, v in ov.items() if k in core.defaults}
            bad = cfg.violations(CORE, dict(core.defaults, **ov))
            if bad:
                raise SystemExit("gen_wrappers: %s block %s: illegal pmu_core parameters %s" % (path, name, bad))
            dflt, here = widths[()], widths[tuple(sorted(ov.items()))]
            pairs = []
            for d, _, pn, _ in core.passthrough():
                if d == "input":
                    n = here[pn][1]
                    pairs.append((pn, pn if n == dflt[pn][1] else "%s[%s]" % (pn, "%d:0" % (n - 1) if n > 1 else "0")))
                elif b["outputs"] == "self":
                    pairs.append((pn, pn))
                else:
                    pairs.append((pn, b["outputs"].get(pn, "")))
            L += pin_lines(pairs, ind)
        out[name] = (m, "\n".join(L) + "\n")
    return out


def xcheck_lines(kind, core, ind):
    """tb/tb_bus_x.v: one `ifdef BUS_<SHORT> branch per wrapper with an xcheck
    entry: its bus ports' regs/wires, bus_out, BUS_UNPRIV and the head of its
    instance dut (bus-inst), or its transfer task body (bus-xfer)."""
    L = []
    xs = [n for n, w in WRAPPERS.items() if w["xcheck"]]
    for k, n in enumerate(xs):
        w = WRAPPERS[n]
        L.append("`%s BUS_%s" % ("ifdef" if k == 0 else "elsif", short(n).upper()))
        if kind == "bus-xfer":
            L += [(ind + ln).rstrip() for ln in w["xcheck"]["xfer"].rstrip("\n").split("\n")]
            continue
        own = {p: v["default"] for p, v in (cfg.TOPS[n].get("params") or {}).items()}
        ctx = dict(core.defaults, **own)
        L += comment_lines("%s of %s (%s)" % (w["bus"][0], n, ", ".join("%s=%d" % kv for kv in own.items())), ind)
        outs, width = [], 0
        for d, rng, pn, _, _, _ in w["bus"][1]:
            r = core.expand(rng)
            r = re.sub(r"\b[A-Z_]+\b", lambda m: str(ctx[m.group(0)]) if m.group(0) in ctx else m.group(0), r)
            n_ = eval(r[1:-1].split(":")[0]) - eval(r[1:-1].split(":")[1]) + 1 if r else 1
            rr = "[%d:0]" % (n_ - 1) if r else ""
            if d == "input":
                L.append("%sreg  %-7s %s = %d'd0;" % (ind, rr, pn, n_))
            else:
                L.append("%swire %-7s %s;" % (ind, rr, pn))
                outs.append(pn)
                width += n_
        L += wrap_list(ind + "wire [%d:0] bus_out = {" % (width - 1), outs, "};", ind + "  ")
        L.append("%slocalparam integer BUS_UNPRIV = %d;   // 1: an unprivileged write gets an error response"
                 % (ind, 1 if w["xcheck"].get("unpriv") else 0))
        L.append("%s%s dut (" % (ind, n))
        L.append("%s  .clk_i(clk), .rst_ni(rst_n)," % ind)
        pins = pin_lines([(p[2], p[2]) for p in w["bus"][1]], ind + "  ")
        L += pins[:-1] + [pins[-1] + ","]
    L.append("`endif")
    return L


def bench_insts(core, texts):
    """(key, module, params) of every pmu_core configuration the benches' blocks need."""
    need = {()}
    for path, blocks in BENCHES.items():
        text = texts[path]
        for name, b in blocks.items():
            if b["kind"] != "conn":
                continue
            m = re.search(BLOCK_RE % (cmt(path), re.escape(name), cmt(path), re.escape(name)), text, re.S | re.M)
            if m:
                _, ov = inst_overrides(text, m.start())
                need.add(tuple(sorted((k, v) for k, v in ov.items() if k in core.defaults)))
    return [(k, CORE, dict(k)) for k in sorted(need)]


def fill_blocks(path, text, blocks):
    """text with the bodies of `blocks` ({name: (match, body)}) replaced."""
    for name, (m, body) in sorted(blocks.items(), key=lambda kv: -kv[1][0].start()):
        head = m.group(1) + BLOCK_HEAD % (cmt(path), name) + "\n"
        text = text[:m.start()] + head + body + m.group(1) + "%s END generated: %s\n" % (cmt(path), name) + text[m.end():]
    return text


def gen_benches(core):
    files = sorted(glob.glob(os.path.join(ROOT, "rtl", "*.v")))
    # the wrapper instances first (a conn block continues the instance before it)
    texts = {}
    for path in BENCHES:
        text = open(os.path.join(ROOT, path)).read()
        texts[path] = fill_blocks(path, text, bench_blocks(path, core, None, text, ("bus-inst", "bus-xfer")))
    el = ports.elaborate(bench_insts(core, texts), files)
    return {path: fill_blocks(path, texts[path], bench_blocks(path, core, el, texts[path])) for path in BENCHES}


# ---------------------------------------------------------------- lockstep glue
TEST_BUS_GEN = "tb/test_bus_gen.h"


def c_field(name, port):
    """The field of <bus>_in / <bus>_out for a bus port: the port name without
    the "<bus>_" prefix and the _i / _o suffix."""
    f = re.sub(r"_[io]$", "", port)
    return f[len(short(name)) + 1:] if f.startswith(short(name) + "_") else f


def gen_test_bus_gen():
    """tb/test_bus_gen.h: for every wrapper whose C model is a generic entry,
    the Verilated top, the bus model's names and the port glue of the bus bench (tb/bus/bus.h)."""
    L = ["// SPDX-License-Identifier: Apache-2.0",
         "// GENERATED by util/gen_wrappers.py from config/pmu_ip.yaml (the wrappers whose model says",
         "// bench: generic); do not edit (make wrappers). Included by tb/bus/bus.h for",
         "// -DBUS_<BUS>: the wrapper as the Verilated top, its C bridge model",
         "// (cmodel/pmu_bus_<bus>.h, interface in cmodel/pmu_bus_model.h) under the bench's",
         "// names, BUS_APPLY (inputs to the RTL) and BUS_COMPARE (every output against the model)."]
    gen = [n for n, w in WRAPPERS.items() if w["model"] and w["model"].get("bench", "generic") == "generic"]
    for k, n in enumerate(gen):
        b, B = short(n), short(n).upper()
        own = [p for p in (cfg.TOPS[n].get("params") or {}) if p != "ABITS"]
        dflt = {p: v["default"] for p, v in (cfg.TOPS[n].get("params") or {}).items()}
        L += ["%s defined(BUS_%s)" % ("#if" if k == 0 else "#elif", B),
              '#define PMU_TOP_HDR "V%s.h"' % n,
              "#define PMU_TOP V%s" % n,
              '#include "V%s___024root.h"' % n,
              "#define SIG(n) (h.dut->rootp->%s__DOT__##n)" % n,
              'static const char *BUS = "%s";' % b,
              'extern "C" {',
              '#include "pmu_bus_%s.h"' % b,
              "}"]
        for p in own:
            L += ["#ifndef BUS_%s" % p, "#define BUS_%s %d   // %s parameter %s of the build" % (p, dflt[p], n, p),
                  "#endif"]
        L += ["typedef %s_in bus_in;" % b, "typedef %s_out bus_out;" % b, "typedef %s_model bus_model;" % b,
              "static inline void bus_model_reset(bus_model *m, unsigned abits) { %s_model_reset(m, abits%s); }"
              % (b, "".join(", BUS_%s" % p for p in own)),
              "static inline void bus_model_outputs(const bus_model *m, bus_out *o) { %s_model_outputs(m, o); }" % b,
              "static inline void bus_model_step(bus_model *m, const bus_in *i, const apb_rsp *r) "
              "{ %s_model_step(m, i, r); }" % b,
              "static inline void bus_drive(bus_in *i, int valid, const bus_txn *t) { %s_drive(i, valid, t); }" % b,
              "static inline int bus_taken(const bus_in *i, const bus_out *o) { return %s_taken(i, o); }" % b,
              "static inline int bus_response(const bus_out *o, uint8_t *err, uint32_t *rdata) "
              "{ return %s_response(o, err, rdata); }" % b]
        ports_ = WRAPPERS[n]["bus"][1]
        L.append("#define BUS_APPLY(d, i) do { \\")
        L += ["    (d)->%s = (i).%s; \\" % (p[2], c_field(n, p[2])) for p in ports_ if p[0] == "input"]
        L.append("} while (0)")
        L.append("#define BUS_COMPARE(d, o) do { \\")
        L += ['    BCMP("%s", (d)->%s, (o).%s); \\' % (p[2], p[2], c_field(n, p[2])) for p in ports_ if p[0] == "output"]
        L.append("} while (0)")
    L += ["#else" if gen else "", '#error "build with -DBUS_<BUS> of a wrapper in lockstep (config/config.mk CFG_BUS_LOCKSTEP)"']
    if gen:
        L.append("#endif")
    return "\n".join(x for x in L if x != "") + "\n"
