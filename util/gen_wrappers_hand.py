# SPDX-License-Identifier: Apache-2.0
"""util/gen_wrappers.py's blocks of the hand-written benches and instances of
pmu_core (PORT_BLOCKS): the harness's drive and replay record of the simple
inputs, the random bench's stimulus, the Icarus replay's G line, and the
tie-offs of every hand instance of pmu_core (SoC, FPGA top, formal miters).
"""
import os
import re

import ports
from gen_wrappers_desc import BLOCK_HEAD, BLOCK_RE, CORE, CORE_BUS, CORE_FILE, ROOT, pin_lines


# ---------------------------------------------------------------- simple inputs and hand instances
# The benches' and the hand instantiations' copies of pmu_core's port list
# (#29): a new simple core input becomes rtl/pmu_core.v (the port) and
# cmodel/pmu_model.h (its pmu_inputs field) and nothing here.
#
# A simple input is every non-bus input of pmu_core except SPECIAL (the event
# lanes and the FP retire slots, driven by hand). Name convention: port foo_i
# is field `foo` of pmu_inputs; a width of NT*W (or W*NT, or NT) is W bits per
# thread, field foo[t]; any other width (<= 64 bits) is one scalar field.
#
# PORT_BLOCKS: file -> {block name: kind}
#   drive        (tb/pmu_harness.h drive()) every simple input from its field
#   record       (tb/pmu_harness.h record()) a "G" vector line before each "C"
#                line: the simple inputs tb/tb_replay.v does not connect by hand
#   random       (tb/random/stimulus.cpp, the random bench's inputs) random
#                values for the simple inputs the bench does not assign by hand
#                (no `in.foo` in that file outside the block: every hand-driven
#                input of the bench is assigned there):
#                a new level every 8 cycles on average
#   replay-decl, replay-zero, replay-read   (tb/tb_replay.v) the G line's regs,
#                their zeroing (zero_inputs) and the "G" branch of the reader
#   ties         the first lines of a hand instance's port list: every port of
#                pmu_core the instance does not connect by hand, inputs tied to
#                zero of their width (the instance's parameters), outputs open;
#                in tb/tb_replay.v (kind replay-conn) the G line's inputs are
#                connected to their regs instead
SPECIAL = ["ev_i", "flop_valid_i", "flop_rsz_i", "flop_esz_i", "flop_scalar_i", "flop_op_i"]
REPLAY = "tb/tb_replay.v"
PORT_BLOCKS = {
    "tb/pmu_harness.h": {"core-drive": "drive", "replay-record": "record"},
    "tb/random/stimulus.cpp": {"core-stimulus": "random"},
    REPLAY: {"replay-decl": "replay-decl", "replay-zero": "replay-zero", "replay-read": "replay-read",
             "core-ties": "replay-conn"},
    "sim/soc/soc_top.v": {"core-ties": "ties"},
    "sim/soc/tb_apb_smoke.v": {"core-ties": "ties"},
    "synth/fpga/pmu_fpga_top.v": {"core-ties": "ties"},
    "formal/pmu_iso_miter.v": {"core-ties-a": "ties", "core-ties-b": "ties"},
    "formal/pmu_err_miter.v": {"core-ties-a": "ties", "core-ties-b": "ties"},
    "formal/pmu_count_formal.v": {"core-ties": "ties"},
}
MODEL_H = "cmodel/pmu_model.h"


def blank_comments(text):
    """text with // and /* */ comments replaced by spaces (positions kept)."""
    return re.sub(r"//[^\n]*|/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def matching(text, i):
    """Index of the parenthesis closing the one at text[i]."""
    depth = 0
    for k in range(i, len(text)):
        depth += {"(": 1, ")": -1}.get(text[k], 0)
        if depth == 0:
            return k
    raise SystemExit("gen_wrappers: unbalanced parentheses")


class Simple:
    """One simple input: port, field, per-thread or not, width (Verilog expression)."""

    def __init__(self, d, rng, name):
        self.port, self.field = name, name[:-2]
        w = ports.width_expr(rng)
        m = re.match(r"^NT$|^NT\s*\*\s*(.+)$|^(.+?)\s*\*\s*NT$", w)
        self.per_thread = bool(m)
        self.w = (m.group(1) or m.group(2) or "1") if m else w     # per thread / whole


def simple_inputs(core):
    out = []
    for d, rng, name, _ in core.passthrough():
        if d != "input" or name in SPECIAL:
            continue
        if not name.endswith("_i"):
            raise SystemExit("gen_wrappers: %s: input %s does not end in _i (name convention of the "
                             "generated drive code; add it to SPECIAL and drive it by hand)" % (CORE_FILE, name))
        out.append(Simple(d, rng, name))
    # the C model's input struct must hold a field of each one's name
    txt = open(os.path.join(ROOT, MODEL_H)).read()
    m = re.search(r"typedef struct \{(.*?)\} pmu_inputs;", txt, re.S)
    fields = set(re.findall(r"(\w+)\s*(?:\[[^\]]*\])?\s*[,;]", re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)))
    miss = [s.field for s in out if s.field not in fields]
    if miss:
        raise SystemExit("gen_wrappers: pmu_inputs (%s) has no field %s for the simple input(s) %s "
                         "(port foo_i <-> field foo; per-thread foo[PMU_NT_MAX])"
                         % (MODEL_H, ", ".join(miss), ", ".join(m + "_i" for m in miss)))
    return out


def c_expr(core, expr):
    """A width expression of the RTL as C: parameters -> CFG_<P>, `MACRO -> its value."""
    e = core.expand(expr)
    return re.sub(r"\b(%s)\b" % "|".join(core.params), lambda m: "CFG_" + m.group(1), e)


def instance_at(text, pos):
    """(overrides {P: expr}, start, end) of the pmu_core instance whose port list holds pos:
    start/end = the port list's parentheses."""
    clean = blank_comments(text)
    found = None
    for m in re.finditer(r"^\s*%s\b\s*(#\s*\()?" % CORE, clean[:pos], re.M):
        found = m
    if not found:
        raise SystemExit("gen_wrappers: no pmu_core instance before position %d" % pos)
    ov, k = {}, found.end()
    if found.group(1):
        j = matching(clean, k - 1)
        plist = clean[k:j]
        for mm in re.finditer(r"\.(\w+)\s*\(", plist):
            e = matching(plist, mm.end() - 1)
            ov[mm.group(1)] = plist[mm.end():e].strip()
        k = j + 1
    k = clean.index("(", k)
    return ov, k, matching(clean, k)


def hand_pins(text, start, end, blocks):
    """Pin names connected in text[start:end] outside the generated blocks (spans)."""
    clean = list(blank_comments(text)[start:end])
    for b0, b1 in blocks:
        for i in range(max(b0, start), min(b1, end)):
            clean[i - start] = " "
    return set(re.findall(r"\.(\w+)\s*[(,)\n]", "".join(clean)))


def inst_width(core, expr, ov):
    """expr (pmu_core's width) in the instance's scope: a parameter becomes its
    override expression, else its default; `MACRO its value. An int when it is a
    plain number."""
    e = core.expand(expr)

    def sub(m):
        p = m.group(1)
        if p not in ov:
            return str(core.defaults[p])
        v = ov[p]
        return v if re.match(r"^\w+$", v) else "(%s)" % v
    e = re.sub(r"\b(%s)\b" % "|".join(core.params), sub, e)
    return const_int(e)


def const_int(e):
    """e as an int when it is a constant of digits, + - *, parentheses, == / != and
    a ? b : c (what the port widths use); else e unchanged."""
    x = e
    for _ in range(8):
        y = re.sub(r"(\d+)\s*(==|!=)\s*(\d+)", lambda m: str(int((m.group(1) == m.group(3)) == (m.group(2) == "=="))), x)
        y = re.sub(r"\(\s*(\d+)\s*\?\s*([\d\s+\-*]+?)\s*:\s*([\d\s+\-*]+?)\s*\)",
                   lambda m: "(%s)" % (m.group(2) if int(m.group(1)) else m.group(3)), y)
        if y == x:
            break
        x = y
    if re.match(r"^[\d\s+\-*()]+$", x):
        return int(eval(x))     # digits, + - * and parentheses only
    return e


def zero(w):
    if isinstance(w, int):
        return "1'b0" if w == 1 else "%d'd0" % w
    if not re.match(r"^\w+$", w) and not (w.startswith("(") and matching(w, 0) == len(w) - 1):
        w = "(%s)" % w
    return "{%s{1'b0}}" % w


def replay_set(core, simple):
    """The simple inputs tb/tb_replay.v does not connect by hand (the G line)."""
    text = open(os.path.join(ROOT, REPLAY)).read()
    m = re.search(BLOCK_RE % ("//", "core-ties", "//", "core-ties"), text, re.S | re.M)
    if not m:
        raise SystemExit("gen_wrappers: %s has no generated block 'core-ties'" % REPLAY)
    _, s0, s1 = instance_at(text, m.start())
    hand = hand_pins(text, s0, s1, [m.span()])
    return [s for s in simple if s.port not in hand]


def port_block(kind, path, text, m, core, simple, widths):
    ind = m.group(1)
    L = []
    if kind == "drive":
        L.append(ind + "// every simple input foo_i from in.foo (per thread: in.foo[t])")
        for s in simple:
            w = c_expr(core, s.w)
            if s.per_thread:
                L.append("%sfor (unsigned t = 0; t < CFG_NT; t++) put_bits(dut->%s, %s * t, %s, in.%s[t]);"
                         % (ind, s.port, w if re.match(r"^\w+$", w) else "(%s)" % w, w, s.field))
            else:
                L.append("%sput_bits(dut->%s, 0, %s, in.%s);" % (ind, s.port, w, s.field))
    elif kind == "record":
        rs = replay_set(core, simple)
        if rs:
            L.append(ind + "// the simple inputs tb/tb_replay.v takes from the G line, whole ports in hex")
            L.append(ind + 'fputs("G", vec);')
            for s in rs:
                w = c_expr(core, s.w)
                if s.per_thread:
                    L.append("%sfputc(' ', vec); hex_bits(CFG_NT * (%s), [&](unsigned b) -> uint64_t { "
                             "return ((uint64_t)in.%s[b / (%s)] >> (b %% (%s))) & 1; });" % (ind, w, s.field, w, w))
                else:
                    L.append("%sfputc(' ', vec); hex_bits(%s, [&](unsigned b) -> uint64_t { "
                             "return ((uint64_t)in.%s >> b) & 1; });" % (ind, w, s.field))
            L.append(ind + "fputc('\\n', vec);")
    elif kind == "random":
        blk = m.span()
        rest = text[:blk[0]] + text[blk[1]:]
        todo = [s for s in simple if not re.search(r"\bin\.%s\b" % s.field, rest)]
        if todo:
            L.append(ind + "// simple inputs no code above assigns: a new random level every 8 cycles on average")
        for s in todo:
            w = c_expr(core, s.w)
            lhs = "h.in.%s%s" % (s.field, "[t]" if s.per_thread else "")
            rhs = "static_cast<std::remove_reference<decltype(%s)>::type>(r.next() & (~0ull >> (64 - (%s))))" % (lhs, w)
            pre = "for (unsigned t = 0; t < c.nt; t++) " if s.per_thread else ""
            L.append("%s%sif (r.below(8) == 0) %s = %s;" % (ind, pre, lhs, rhs))
    elif kind in ("replay-decl", "replay-zero", "replay-read"):
        rs = replay_set(core, simple)
        ov = instance_at(text, text.index("%s BEGIN generated: core-ties" % "//"))[0]
        if kind == "replay-decl" and rs:
            L.append(ind + "// simple inputs of pmu_core this bench does not connect by hand: from the G line")
            for s in rs:
                w = inst_width(core, ports.width_expr(core_rng(core, s.port)), ov)
                L.append("%sreg %-18s g_%s;" % (ind, "" if w == 1 else "[%d:0]" % (w - 1) if isinstance(w, int)
                                                 else "[%s-1:0]" % w, s.field))
        elif kind == "replay-zero":
            L += ["%sg_%s = 0;" % (ind, s.field) for s in rs]
        elif rs:
            L.append(ind + 'else if (c == "G")')
            L.append('%s  r = $fscanf(fd, " %s\\n", %s);' % (ind, " ".join(["%h"] * len(rs)),
                                                           ", ".join("g_" + s.field for s in rs)))
    else:   # ties / replay-conn
        ov, s0, s1 = instance_at(text, m.start())
        hand = hand_pins(text, s0, s1, [m.span()])
        rs = {s.port: s for s in replay_set(core, simple)} if kind == "replay-conn" else {}
        pairs = []
        for d, rng, pn, _ in core.passthrough():
            if pn in hand:
                continue
            if d == "output":
                pairs.append((pn, ""))
            elif pn in rs:
                pairs.append((pn, "g_" + rs[pn].field))
            else:
                pairs.append((pn, zero(inst_width(core, ports.width_expr(rng), ov))))
        miss = [p for p in CORE_BUS + ["clk_i", "rst_ni"] if p not in hand]
        if miss:
            raise SystemExit("gen_wrappers: %s: the pmu_core instance of block %s does not connect %s by hand"
                             % (path, m.group(0).split(":")[1].split()[0], ", ".join(miss)))
        if pairs:
            L.append(ind + "// every other port of pmu_core: inputs %s, outputs open" %
                     ("from the G line or 0" if kind == "replay-conn" else "tied to 0"))
            L += [ln + "," if ln.endswith(")") else ln for ln in pin_lines(pairs, ind)]
    return "\n".join(L) + "\n" if L else ""


def core_rng(core, port):
    return [r[3] for r in core.rows if r[0] == "port" and r[1] == port][0]


def gen_port_blocks(core):
    """{file: new text} of PORT_BLOCKS' files."""
    simple = simple_inputs(core)
    for s in simple:     # the generated C code moves up to 64 bits (per thread), at the defaults
        w = inst_width(core, s.w, {})
        if not isinstance(w, int) or w > 64:
            raise SystemExit("gen_wrappers: simple input %s: %s bits%s at the defaults (at most 64: add it to "
                             "SPECIAL and drive it by hand)" % (s.port, w, " per thread" if s.per_thread else ""))
    out = {}
    for path, blocks in PORT_BLOCKS.items():
        text = open(os.path.join(ROOT, path)).read()
        c = "//"
        found = []
        for name, kind in blocks.items():
            m = re.search(BLOCK_RE % (c, re.escape(name), c, re.escape(name)), text, re.S | re.M)
            if not m:
                raise SystemExit("gen_wrappers: %s has no generated block '%s'" % (path, name))
            found.append((m, name, port_block(kind, path, text, m, core, simple, None)))
        new = text
        for m, name, body in sorted(found, key=lambda x: -x[0].start()):
            head = m.group(1) + BLOCK_HEAD % (c, name) + "\n"
            new = new[:m.start()] + head + body + m.group(1) + "%s END generated: %s\n" % (c, name) + new[m.end():]
        out[path] = new
    return out
