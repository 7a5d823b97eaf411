#!/usr/bin/env python3
"""pmu-ip register map: the single source of truth.

This file holds the register map as data and generates from it:
  rtl/*.v             Verilog `defines used by the RTL decode, written inline
                      between the BEGIN/END markers below in every RTL file
                      that has them (no include path needed by any tool)
  cmodel/pmu_regs.h   C header used by the golden model, drivers and benches
  docs/regmap.md      the human-readable register map

Usage:
  util/regmap.py            regenerate all outputs
  util/regmap.py --check    exit 1 if any committed output differs from what
                            this file generates (run by `make test`)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ID_VALUE = 0x504D0100  # "PM", major 1, minor 0
ADDR_BITS = 12         # 4 KiB window; PADDR bits above this are not decoded

# Counter block: NC counters, one 16-byte slot each.
CNT_BASE = 0x100
CNT_STRIDE = 0x10
NC_MAX = 32

# Each register: name, offset, access, description, fields.
# Field: (name, lsb, width, access, reset, description).
# access: RW read/write, RO read-only, W1C write-1-to-clear, WO write-only
# (reads 0), W1P write-1-pulse (reads 0).
# A width written as a string is a parameter-dependent width; its maximum
# is given in FIELD_MAX.
GLOBAL_REGS = [
    ("ID", 0x000, "RO", "Identification: 'PM' + version 1.0", [
        ("ID", 0, 32, "RO", ID_VALUE, "Constant 0x504D0100"),
    ]),
    ("CFG", 0x004, "RO", "Build-time parameters of this instance", [
        ("NC", 0, 8, "RO", None, "Number of event counters (parameter NC)"),
        ("CW", 8, 8, "RO", None, "Counter width in bits (parameter CW)"),
        ("NT", 16, 4, "RO", None, "Number of hardware threads (parameter NT)"),
        ("NRET", 20, 4, "RO", None, "FLOP retire slots per thread (parameter NRET)"),
        ("FLOP_CLASS", 24, 6, "RO", None, "Event class number of the FLOP class (parameter FLOP_CLASS)"),
    ]),
    ("GCTL", 0x008, "RW", "Global control", [
        ("GEN", 0, 1, "RW", 0, "Global enable: a counter counts when GEN and its EN are both 1. "
                                "Every counter starts/stops on the same clock edge."),
        ("UEN", 1, 1, "RW", 0, "User read enable: unprivileged (PPROT[0]=0) reads of CNT_LO/HI and "
                               "TSC_LO/HI are allowed when 1; all other unprivileged accesses error"),
    ]),
    ("OVF", 0x00C, "W1C", "Sticky overflow flags, one per counter (write 1 to clear)", [
        ("OVF", 0, "NC", "W1C", 0, "Bit n set when counter n carries out of bit CW-1. A hardware set "
                                  "in the same cycle as a clear wins."),
    ]),
    ("CLR", 0x010, "W1P", "Clear counters (write 1 to clear counter n; reads 0)", [
        ("CLR", 0, "NC", "W1P", 0, "All selected counters clear on the same edge; the increment of "
                                  "that cycle is discarded for those counters"),
    ]),
    ("CNTEN", 0x014, "RW", "Counter enable bits of all counters (alias of CTL[n].EN)", [
        ("EN", 0, "NC", "RW", 0, "Bit n is CTL[n].EN; writing starts/stops any subset on one edge"),
    ]),
    ("TSC_LO", 0x018, "RW", "Time-stamp counter bits 31:0 (free running, +1 every cycle)", [
        ("TSC", 0, 32, "RW", 0, "Read: latches TSC[63:32] into the read shadow. "
                                "Write: TSC <= {write-stage, wdata}; clears the write stage"),
    ]),
    ("TSC_HI", 0x01C, "RW", "Time-stamp counter bits 63:32 (via shadow/stage)", [
        ("TSC", 0, 32, "RW", 0, "Read: the read shadow. Write: the write stage"),
    ]),
]

COUNTER_REGS = [
    ("CTL", 0x0, "RW", "Counter n control (ESCR/CCCR part 1)", [
        ("ES", 0, 6, "RW", 0, "Event select: event class 0..NCLS-1. A class >= NCLS counts nothing."),
        ("EN", 8, 1, "RW", 0, "Counter enable (same bit as CNTEN[n])"),
        ("IE", 9, 1, "RW", 0, "Overflow interrupt enable"),
        ("EDGE", 10, 1, "RW", 0, "Count rising edges of the condition instead of cycles"),
        ("INV", 11, 1, "RW", 0, "Invert the threshold condition"),
        ("THR", 16, 8, "RW", 0, "Threshold: with THR>0 count 1 per cycle where the masked, qualified "
                                "increment >= THR (< THR with INV). THR=0 with INV=EDGE=0: count the "
                                "increment itself."),
    ]),
    ("EMQ", 0x4, "RW", "Counter n event mask and qualification (ESCR part 2)", [
        ("EM", 0, 16, "RW", 0, "Event mask: sub-events of the selected class that are counted"),
        ("EQ", 16, "2*NT", "RW", 0, "Event qualification, 2 bits per thread (seed Table 1 order): "
                                    "thread t's OS bit (CPL 0) is 2*(NT-1-t)+1, its USR bit (CPL 1..3) "
                                    "is 2*(NT-1-t). With NT=2: bit 3 T0_OS, bit 2 T0_USR, bit 1 T1_OS, "
                                    "bit 0 T1_USR (register bits 19..16)."),
    ]),
    ("CNT_LO", 0x8, "RW", "Counter n bits 31:0", [
        ("CNT", 0, 32, "RW", 0, "Read: latches the high half into the read shadow; never disturbs "
                                "counting. Write: counter <= {write-stage, wdata}; clears the stage; "
                                "that cycle's increment is discarded"),
    ]),
    ("CNT_HI", 0xC, "RW", "Counter n bits CW-1:32 (via shadow/stage)", [
        ("CNT", 0, "CW-32", "RW", 0, "Read: the read shadow. Write: the write stage"),
    ]),
]

FIELD_MAX = {"NC": NC_MAX, "2*NT": 16, "CW-32": 32}

# FLOP class sub-events (EM bits when ES == FLOP_CLASS), Intel FP_ARITH umask order.
FLOP_SUBEVENTS = [
    ("SCALAR_DOUBLE", 0), ("SCALAR_SINGLE", 1),
    ("PACKED128_DOUBLE", 2), ("PACKED128_SINGLE", 3),
    ("PACKED256_DOUBLE", 4), ("PACKED256_SINGLE", 5),
    ("PACKED512_DOUBLE", 6), ("PACKED512_SINGLE", 7),
]
# Register-size codes on flop_rsz_i.
RSZ_CODES = [("RSZ32", 0), ("RSZ64", 1), ("RSZ128", 2), ("RSZ256", 3), ("RSZ512", 4)]


def fmax(w):
    return FIELD_MAX[w] if isinstance(w, str) else w


def mask(lsb, w):
    return ((1 << fmax(w)) - 1) << lsb


def gen_vh():
    o = ["// Generated by util/regmap.py -- do not edit.", "`ifndef PMU_REGS_VH", "`define PMU_REGS_VH", ""]
    o.append(f"`define PMU_ADDR_BITS {ADDR_BITS}")
    o.append(f"`define PMU_ID_VALUE 32'h{ID_VALUE:08X}")
    for name, off, _, _, fields in GLOBAL_REGS:
        o.append(f"`define PMU_REG_{name} {ADDR_BITS}'h{off:03X}")
    o.append(f"`define PMU_CNT_BASE {ADDR_BITS}'h{CNT_BASE:03X}")
    o.append(f"`define PMU_CNT_STRIDE_LOG2 {CNT_STRIDE.bit_length() - 1}")
    o.append(f"`define PMU_NC_MAX {NC_MAX}")
    for name, off, _, _, fields in COUNTER_REGS:
        o.append(f"`define PMU_CREG_{name} 4'h{off:X}")
    o.append("")
    for regs in (GLOBAL_REGS, COUNTER_REGS):
        for name, _, _, _, fields in regs:
            for fname, lsb, w, _, _, _ in fields:
                if isinstance(w, int):
                    o.append(f"`define PMU_{name}_{fname}_LSB {lsb}")
                    o.append(f"`define PMU_{name}_{fname}_W {w}")
                else:
                    o.append(f"`define PMU_{name}_{fname}_LSB {lsb}")
    o.append("")
    for n, b in FLOP_SUBEVENTS:
        o.append(f"`define PMU_FLOP_{n} {b}")
    for n, c in RSZ_CODES:
        o.append(f"`define PMU_{n} 3'd{c}")
    o += ["", "`endif", ""]
    return "\n".join(o)


def gen_h():
    o = ["/* Generated by util/regmap.py -- do not edit. */", "#ifndef PMU_REGS_H", "#define PMU_REGS_H", ""]
    o.append(f"#define PMU_ADDR_BITS {ADDR_BITS}u")
    o.append(f"#define PMU_ID_VALUE 0x{ID_VALUE:08X}u")
    for name, off, _, _, _ in GLOBAL_REGS:
        o.append(f"#define PMU_REG_{name} 0x{off:03X}u")
    o.append(f"#define PMU_CNT_BASE 0x{CNT_BASE:03X}u")
    o.append(f"#define PMU_CNT_STRIDE 0x{CNT_STRIDE:X}u")
    o.append(f"#define PMU_NC_MAX {NC_MAX}u")
    for name, off, _, _, _ in COUNTER_REGS:
        o.append(f"#define PMU_CREG_{name} 0x{off:X}u")
        o.append(f"#define PMU_REG_{name}(n) (PMU_CNT_BASE + (unsigned)(n) * PMU_CNT_STRIDE + PMU_CREG_{name})")
    o.append("")
    for regs in (GLOBAL_REGS, COUNTER_REGS):
        for name, _, _, _, fields in regs:
            for fname, lsb, w, _, _, _ in fields:
                o.append(f"#define PMU_{name}_{fname}_LSB {lsb}u")
                o.append(f"#define PMU_{name}_{fname}_MASK 0x{mask(lsb, w):08X}u")
    o.append("")
    o.append("/* EQ bit numbers inside the EQ field, seed Table 1 order generalised to nt threads. */")
    o.append("#define PMU_EQ_OS_BIT(t, nt)  (2u * ((nt) - 1u - (t)) + 1u)")
    o.append("#define PMU_EQ_USR_BIT(t, nt) (2u * ((nt) - 1u - (t)))")
    o.append("")
    for n, b in FLOP_SUBEVENTS:
        o.append(f"#define PMU_FLOP_{n} (1u << {b})")
    for n, c in RSZ_CODES:
        o.append(f"#define PMU_{n} {c}u")
    o += ["", "#endif", ""]
    return "\n".join(o)


def gen_md():
    o = ["# pmu-ip register map", "",
         "Generated by `util/regmap.py` (the single source of truth; `make test` checks that this file, "
         "the define blocks in `rtl/*.v` and `cmodel/pmu_regs.h` match it). All registers are 32 bits, word aligned, "
         f"in a {1 << ADDR_BITS}-byte window. Bits not listed are reserved: they read as 0 and writes to them are ignored.",
         "",
         "Bus rules (APB4, zero wait states, PREADY=1):",
         "- PSLVERR=1, nothing written and PRDATA=0 for: an unmapped offset, a misaligned PADDR (PADDR[1:0]!=0), "
         "a write whose PSTRB is not 4'b1111, a counter slot n >= NC, any unprivileged (PPROT[0]=0) write, and an "
         "unprivileged read other than CNT_LO/CNT_HI/TSC_LO/TSC_HI while GCTL.UEN=1.",
         "- 64-bit values are read LO then HI: a LO read latches the high half into one shared read shadow that "
         "HI reads return. They are written HI then LO: a HI write loads one shared write stage; the LO write "
         "commits {stage, LO} in one edge and clears the stage (so writing LO alone presets a value < 2^32).",
         "",
         "| offset | name | access | description |", "|---|---|---|---|"]

    def rows(name, off, acc, desc, fields, offs):
        o.append(f"| {offs} | {name} | {acc} | {desc} |")
        for fname, lsb, w, facc, rst, fdesc in fields:
            if isinstance(w, int):
                bits = f"[{lsb + w - 1}:{lsb}]" if w > 1 else f"[{lsb}]"
            else:
                bits = f"[{w}-1:0]" if lsb == 0 else f"[{lsb}+{w}-1:{lsb}]"
            r = "" if rst is None else f", reset 0x{rst:X}"
            o.append(f"| | `{fname}` {bits} | {facc}{r} | {fdesc} |")

    for name, off, acc, desc, fields in GLOBAL_REGS:
        rows(name, off, acc, desc, fields, f"0x{off:03X}")
    for name, off, acc, desc, fields in COUNTER_REGS:
        rows(name + "[n]", off, acc, desc, fields, f"0x{CNT_BASE:03X}+0x{CNT_STRIDE:X}*n+0x{off:X}")
    o += ["", "## FLOP class sub-events (EM bits when CTL.ES == FLOP_CLASS)", "",
          "Each valid retire slot adds 1 (2 when its FMA flag is set) if its (register size, element size) "
          "combination's bit is set in EM. Scalar = register size equal to the element size.", "",
          "| EM bit | sub-event | flop_rsz_i | flop_esz_i |", "|---|---|---|---|"]
    rs = {0: "0 (32-bit)", 1: "1 (64-bit)", 2: "2 (128-bit)", 3: "3 (256-bit)", 4: "4 (512-bit)"}
    for n, b in FLOP_SUBEVENTS:
        code = {0: 1, 1: 0}.get(b, b // 2 + 1)
        o.append(f"| {b} | {n} | {rs[code]} | {'1 (double)' if 'DOUBLE' in n else '0 (single)'} |")
    o += ["", "Other combinations (register-size codes 5..7, 32-bit double, 64-bit single) are not counted by any "
          "sub-event. EM bits 15:8 have no effect in the FLOP class.", ""]
    return "\n".join(o)


OUTPUTS = {"cmodel/pmu_regs.h": gen_h, "docs/regmap.md": gen_md}

BEGIN_MARK = "// BEGIN pmu regmap defines (generated by util/regmap.py; do not edit)"
END_MARK = "// END pmu regmap defines"


def inline_block(text, begin, end, body):
    """Return text with the lines between begin and end markers replaced by body."""
    i = text.index(begin) + len(begin)
    j = text.index(end, i)
    return text[:i] + "\n" + body.rstrip("\n") + "\n" + text[j:]


def used_defines(text, begin, end):
    """The `define lines of the full define list that text uses outside its block."""
    i = text.index(begin)
    j = text.index(end, i)
    return set(re.findall(r"`(\w+)", text[:i] + text[j:]))


def subset_block(full, used):
    """Only the `define lines of full whose macro is in used (in full's order).

    Each RTL file carries just the constants it uses, so the files do not
    repeat one big block; a macro defined in several files has the same text
    everywhere (identical redefinition is legal and silent in all three tools).
    """
    keep = [ln for ln in full.splitlines()
            if ln.startswith("`define ") and ln.split()[1] in used]
    return "\n".join(keep)


def inline_outputs(begin=BEGIN_MARK, end=END_MARK, gen=None, rtl_dir="rtl"):
    """{relative path: generator} for every RTL file holding the markers."""
    out = {}
    d = os.path.join(ROOT, rtl_dir)
    for fn in sorted(os.listdir(d)):
        if not fn.endswith(".v"):
            continue
        rel = os.path.join(rtl_dir, fn)
        with open(os.path.join(ROOT, rel)) as f:
            cur = f.read()
        if begin in cur:
            out[rel] = (lambda cur=cur: inline_block(
                cur, begin, end, subset_block(gen(), used_defines(cur, begin, end))))
    return out


def sync(outputs, check):
    """Write (or with check, compare) every output; return the number that differ."""
    bad = 0
    for rel, fn in outputs.items():
        path = os.path.join(ROOT, rel)
        text = fn()
        if check:
            try:
                with open(path) as f:
                    cur = f.read()
            except FileNotFoundError:
                cur = None
            if cur != text:
                print(f"regmap: {rel} is out of date (run the generator: python3 util/{os.path.basename(sys.argv[0])})")
                bad += 1
        else:
            with open(path, "w") as f:
                f.write(text)
    return bad


def main():
    check = "--check" in sys.argv[1:]
    outputs = dict(OUTPUTS)
    outputs.update(inline_outputs(gen=gen_vh))
    bad = sync(outputs, check)
    if check:
        print(f"regmap: {len(outputs) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
