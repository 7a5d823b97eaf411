#!/usr/bin/env python3
"""pmu-ip register map generator.

The register map itself is regs/pmu.rdl (SystemRDL): every register's
address, fields, access type, reset value and description. This script
compiles it (systemrdl-compiler, util/rdl_load.py) and, together with the
interface constants below that are not registers (event-vector layout,
FLOP sub-events, latencies), generates:
  rtl/*.v             Verilog `defines used by the RTL decode, written inline
                      between the BEGIN/END markers below in every RTL file
                      that has them (no include path needed by any tool)
  cmodel/pmu_regs.h   C header used by the golden model, drivers and benches
  rtl/pmu_apb.v, cmodel/pmu_regdec.h   the register block and its C decode
                      (util/regblock.py)
  docs/regmap.md      the human-readable register map
  regs/gen/*          IP-XACT and UVM register model (PeakRDL exporters)

Usage:
  util/regmap.py            regenerate all outputs
  util/regmap.py --check    exit 1 if any committed output differs from what
                            the sources generate (run by `make test`)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import rdl_load  # noqa: E402

ADDR_BITS = 12         # 4 KiB window; PADDR bits above this are not decoded

_top = rdl_load.compile_rdl("pmu.rdl", "pmu")
_ch = rdl_load.children(_top)
if _top.size > (1 << ADDR_BITS):
    sys.exit(f"regmap: regs/pmu.rdl spans 0x{_top.size:X} bytes, more than the {1 << ADDR_BITS}-byte window")
# Global registers, in address order.
GLOBAL_REGS = [rdl_load.reg_table(c) for c in _top.children()
               if not c.is_array and c.inst_name not in ("CNT", "XCTL", "FTYPE", "YCH0", "YCH3")]
ID_VALUE = [r for r in GLOBAL_REGS if r[0] == "ID"][0][4][0][4]
# Counter block: NC counters, one CNT_STRIDE-byte slot each.
CNT_BASE, NC_MAX, CNT_STRIDE = rdl_load.array(_ch["CNT"])
COUNTER_REGS = [rdl_load.reg_table(c) for c in _ch["CNT"].children()]
# Per-counter sampling control: one word per counter at XCTL_BASE + 4*n.
XCTL_BASE, _nx, _sx = rdl_load.array(_ch["XCTL"])
XCTL_REGS = [rdl_load.reg_table(_ch["XCTL"], 0)]
# Per-counter FLOP main-event select (seed 003): one word per counter at FTYPE_BASE + 4*n.
FTYPE_BASE, _nf, _sf = rdl_load.array(_ch["FTYPE"])
FTYPE_REGS = [rdl_load.reg_table(_ch["FTYPE"], 0)]
# Yield channels: NCH per ring; ring-0 block at YCH0_BASE, ring-3 at YCH3_BASE,
# YCH_STRIDE bytes per channel.
YCH0_BASE, NCH_MAX, YCH_STRIDE = rdl_load.array(_ch["YCH0"])
YCH3_BASE, _n3, _s3 = rdl_load.array(_ch["YCH3"])
YCH_REGS = [rdl_load.reg_table(c) for c in _ch["YCH0"].children()]
YCAP0_BASE, _nc0, YCAP_STRIDE = rdl_load.array(_ch["YCAP0"])
YCAP3_BASE, _nc3, _sc3 = rdl_load.array(_ch["YCAP3"])
YCAP_REGS = [rdl_load.reg_table(c) for c in _ch["YCAP0"].children()]
if (_nx, _sx) != (NC_MAX, 4) or (_nf, _sf) != (NC_MAX, 4) or (_n3, _s3) != (NCH_MAX, YCH_STRIDE) \
        or (_nc0, _nc3, _sc3) != (NCH_MAX, NCH_MAX, YCAP_STRIDE):
    sys.exit("regmap: regs/pmu.rdl: XCTL and FTYPE must have NC_MAX words, YCH3 the shape of YCH0, "
             "YCAP0/YCAP3 NCH_MAX elements of one stride")
# Maximum width of every parameter-dependent field width (its RDL width).
FIELD_MAX = rdl_load.width_max(_top)

# Event-vector bits the channel scenarios see.
YEV_BITS = [("CNT", 0, 16, "counter k (k < NC) counted an event this cycle"),
            ("EXT", 16, 8, "external event yev_i[k-16]"),
            ("TB", 24, 1, "the MMCR.TBSEL bit of the TSC rises at the end of this cycle")]
# Yield channel actions (YCH_CTL.ACT, 4 bits; seed 001: "the action field is
# a four bit field that can therefore encode up to 16 action types"). Values
# above the last one are reserved: a write answers PSLVERR (pmu_max in
# regs/pmu.rdl must be the largest value here).
YACT = [("SILENT", 0, "status update only: YER (and MISS) are set, nothing is delivered"),
        ("YIELD", 1, "yield: delivered on yield_o (target, ring, channel) while the ring is not blocked"),
        ("IRQ", 2, "raise the PMU interrupt: irq_o while the channel is valid and YER is set"),
        ("FRZ", 3, "freeze counters: no counter counts while the channel is valid and YER is set")]
# Yield channel monitor conditions (YCH_CTL.COND; seed 001: "a certain count
# that is reached a count that is reached within a certain period a
# difference in count"). 3 is reserved (pmu_max in regs/pmu.rdl).
YCOND = [("COUNT", 0, "count: the (SAV+1)-th trigger underflows the down-counter"),
         ("PERIOD", 1, "within a period: an occurrence of event DSEL ends the period and reloads CNT with SAV"),
         ("DIFF", 2, "difference: an occurrence of event DSEL adds 1 to CNT (saturating); with a trigger in the same cycle they cancel")]
# MMCR.TBSEL -> TSC bit.
TB_BITS = [16, 12, 8, 0]
LAT_W = 16   # width of each thread's mem_lat_i
# Event-to-count latency of the pipelined event path (CAP.LAT): the events of
# cycle t are registered at the end of t (stage E), thresholded in t+1 (stage
# T) and added at the end of t+2 (stage C), so a read from cycle t+3 on
# includes them.
EV_LAT = 3
NAREA_MAX = 8


# FLOP class sub-events (EM bits when ES == FLOP_CLASS, seed 003 "subevent":
# register size x element size), bits 7:0 in Intel FP_ARITH umask order, then
# the 1024-bit register and the 2-element 64-bit register. Each entry: name,
# EM bit, register-size code (None: any size, scalar), elements per
# instruction (the seed's software multiplier).
FLOP_SUBEVENTS = [
    ("SCALAR_DOUBLE", 0), ("SCALAR_SINGLE", 1),
    ("PACKED128_DOUBLE", 2), ("PACKED128_SINGLE", 3),
    ("PACKED256_DOUBLE", 4), ("PACKED256_SINGLE", 5),
    ("PACKED512_DOUBLE", 6), ("PACKED512_SINGLE", 7),
    ("PACKED1024_DOUBLE", 8), ("PACKED1024_SINGLE", 9),
    ("PACKED64_SINGLE", 10),
]
FLOP_NSUB = len(FLOP_SUBEVENTS)   # EM bits used in the FLOP class
# Register-size codes on flop_rsz_i (codes 6 and 7 are never counted).
RSZ_CODES = [("RSZ32", 0), ("RSZ64", 1), ("RSZ128", 2), ("RSZ256", 3), ("RSZ512", 4), ("RSZ1024", 5)]
RSZ_BITS = {0: 32, 1: 64, 2: 128, 3: 256, 4: 512, 5: 1024}
# Instruction types on flop_op_i (seed 003 "main event": ADD SUB MUL DIV MIN
# MAX RECIP SQRT FMA), FTYPE.MAIN code of that type alone, and the increment of one
# retired instruction (seed 003: an FMA counts two, every other type one).
FLOP_TYPES = [("ADD", 0, 1), ("SUB", 1, 1), ("MUL", 2, 1), ("DIV", 3, 1), ("MIN", 4, 1), ("MAX", 5, 1),
              ("RECIP", 6, 1), ("SQRT", 7, 1), ("FMA", 8, 2)]
FLOP_NTYPE = len(FLOP_TYPES)
FLOP_OP_W = 4   # width of each slot's flop_op_i (codes 9..15: other FP ops, never counted)
# FTYPE.MAIN, the main event of a FLOP-class counter (seed 003): one type
# (its flop_op_i code), the FLOPs of the seed (add, subtract, multiply,
# divide: "FLOPs ... add subtract multiply and divide", FMA being a fused
# multiply-add), or every type (the reset value: EM alone selects). The other
# codes count nothing.
FLOP_MAIN_FLOPS = 9
FLOP_MAIN_ALL = 15
FLOP_FLOPS_TYPES = ("ADD", "SUB", "MUL", "DIV", "FMA")


def flop_main_types(code):
    """The set of FLOP_TYPES codes a FTYPE.MAIN code selects."""
    if code < FLOP_NTYPE:
        return {code}
    if code == FLOP_MAIN_FLOPS:
        return {c for n, c, _ in FLOP_TYPES if n in FLOP_FLOPS_TYPES}
    if code == FLOP_MAIN_ALL:
        return {c for _, c, _ in FLOP_TYPES}
    return set()


def _types_mask(code):
    return sum(1 << c for c in flop_main_types(code))


def flop_subevent(rsz, esz, scalar):
    """The FLOP sub-event (EM bit) of one retired instruction, or None.

    rsz: register-size code, esz: 0 single / 1 double, scalar: the slot's
    scalar flag. A scalar instruction counts as scalar whatever its register
    (seed 003: it operates on one element of the full SIMD register); a packed
    one by its number of elements, register size / element size: one element
    is scalar too; none (element wider than the register, scalar or not;
    codes 6/7) counts nothing.
    """
    if rsz not in RSZ_BITS:
        return None
    elems = RSZ_BITS[rsz] // (64 if esz else 32)
    if elems == 0:
        return None
    if scalar or elems == 1:
        return 0 if esz else 1
    name = f"PACKED{RSZ_BITS[rsz]}_{'DOUBLE' if esz else 'SINGLE'}"
    return dict(FLOP_SUBEVENTS).get(name)


def fmax(w):
    return FIELD_MAX[w] if isinstance(w, str) else w


def mask(lsb, w):
    return ((1 << fmax(w)) - 1) << lsb


def reg_fields(fields):
    """Bits of a register that hold a field (at its maximum width)."""
    m = 0
    for _, lsb, w, _, _, _ in fields:
        m |= mask(lsb, w)
    return m


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
    o.append(f"`define PMU_XCTL_BASE {ADDR_BITS}'h{XCTL_BASE:03X}")
    o.append(f"`define PMU_FTYPE_BASE {ADDR_BITS}'h{FTYPE_BASE:03X}")
    o.append(f"`define PMU_YCH0_BASE {ADDR_BITS}'h{YCH0_BASE:03X}")
    o.append(f"`define PMU_YCH3_BASE {ADDR_BITS}'h{YCH3_BASE:03X}")
    o.append(f"`define PMU_YCH_STRIDE_LOG2 {YCH_STRIDE.bit_length() - 1}")
    o.append(f"`define PMU_NCH_MAX {NCH_MAX}")
    for i, b in enumerate(TB_BITS):
        o.append(f"`define PMU_TB_BIT{i} {b}")
    for n, lsb, w, _ in YEV_BITS:
        o.append(f"`define PMU_YEV_{n}_LSB {lsb}")
    for n, v, _ in YACT:
        o.append(f"`define PMU_YACT_{n} {v}")
    for n, v, _ in YCOND:
        o.append(f"`define PMU_YCOND_{n} {v}")
    o.append(f"`define PMU_LAT_W {LAT_W}")
    o.append(f"`define PMU_EV_LAT {EV_LAT}")
    o.append(f"`define PMU_NAREA_MAX {NAREA_MAX}")
    o.append("")
    for regs in (GLOBAL_REGS, COUNTER_REGS, XCTL_REGS, FTYPE_REGS, YCH_REGS):
        for name, _, _, _, fields in regs:
            o.append(f"`define PMU_{name}_FIELDS 32'h{reg_fields(fields):08X}")
            for fname, lsb, w, _, _, _ in fields:
                if isinstance(w, int):
                    o.append(f"`define PMU_{name}_{fname}_LSB {lsb}")
                    o.append(f"`define PMU_{name}_{fname}_W {w}")
                else:
                    o.append(f"`define PMU_{name}_{fname}_LSB {lsb}")
    o.append("")
    o.append(f"`define PMU_FLOP_NSUB {FLOP_NSUB}")
    o.append(f"`define PMU_FLOP_NTYPE {FLOP_NTYPE}")
    o.append(f"`define PMU_FLOP_OP_W {FLOP_OP_W}")
    for n, b in FLOP_SUBEVENTS:
        o.append(f"`define PMU_FLOP_{n}_BIT {b}")
    for n, c in RSZ_CODES:
        o.append(f"`define PMU_{n} 3'd{c}")
    for n, c, _ in FLOP_TYPES:
        o.append(f"`define PMU_FOP_{n} {c}")
    o.append(f"`define PMU_FMAIN_FLOPS 4'd{FLOP_MAIN_FLOPS}")
    o.append(f"`define PMU_FMAIN_ALL 4'd{FLOP_MAIN_ALL}")
    o.append(f"`define PMU_FMAIN_FLOPS_TYPES {FLOP_NTYPE}'h{_types_mask(FLOP_MAIN_FLOPS):X}")
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
    o.append(f"#define PMU_XCTL_BASE 0x{XCTL_BASE:03X}u")
    o.append("#define PMU_REG_XCTL(n) (PMU_XCTL_BASE + 4u * (unsigned)(n))")
    o.append(f"#define PMU_FTYPE_BASE 0x{FTYPE_BASE:03X}u")
    o.append("#define PMU_REG_FTYPE(n) (PMU_FTYPE_BASE + 4u * (unsigned)(n))")
    o.append(f"#define PMU_YCH0_BASE 0x{YCH0_BASE:03X}u")
    o.append(f"#define PMU_YCH3_BASE 0x{YCH3_BASE:03X}u")
    o.append(f"#define PMU_YCH_STRIDE 0x{YCH_STRIDE:X}u")
    o.append(f"#define PMU_NCH_MAX {NCH_MAX}u")
    o.append("/* ring: 0 or 3; i: channel 0..NCH-1 */")
    o.append("#define PMU_YCH_BASE(ring, i) (((ring) ? PMU_YCH3_BASE : PMU_YCH0_BASE) + (unsigned)(i) * PMU_YCH_STRIDE)")
    for name, off, _, _, _ in YCH_REGS:
        o.append(f"#define PMU_{name}_OFF 0x{off:02X}u")
        o.append(f"#define PMU_REG_{name}(ring, i) (PMU_YCH_BASE(ring, i) + PMU_{name}_OFF)")
    o.append(f"#define PMU_YCAP0_BASE 0x{YCAP0_BASE:03X}u")
    o.append(f"#define PMU_YCAP3_BASE 0x{YCAP3_BASE:03X}u")
    o.append(f"#define PMU_YCAP_STRIDE 0x{YCAP_STRIDE:X}u")
    o.append("/* capture record of channel i of ring 0 or 3 (YCAP=1) */")
    o.append("#define PMU_YCAP_BASE(ring, i) (((ring) ? PMU_YCAP3_BASE : PMU_YCAP0_BASE) + (unsigned)(i) * PMU_YCAP_STRIDE)")
    for name, off, _, _, _ in YCAP_REGS:
        o.append(f"#define PMU_{name}_OFF 0x{off:02X}u")
        o.append(f"#define PMU_REG_{name}(ring, i) (PMU_YCAP_BASE(ring, i) + PMU_{name}_OFF)")
    for i, b in enumerate(TB_BITS):
        o.append(f"#define PMU_TB_BIT{i} {b}u")
    for n, lsb, w, _ in YEV_BITS:
        o.append(f"#define PMU_YEV_{n}_LSB {lsb}u")
    for n, v, _ in YACT:
        o.append(f"#define PMU_YACT_{n} {v}u")
    for n, v, _ in YCOND:
        o.append(f"#define PMU_YCOND_{n} {v}u")
    o.append(f"#define PMU_LAT_W {LAT_W}u")
    o.append(f"#define PMU_EV_LAT {EV_LAT}u")
    o.append(f"#define PMU_NAREA_MAX {NAREA_MAX}u")
    o.append("")
    for regs in (GLOBAL_REGS, COUNTER_REGS, XCTL_REGS, FTYPE_REGS, YCH_REGS):
        for name, _, _, _, fields in regs:
            o.append(f"#define PMU_{name}_FIELDS 0x{reg_fields(fields):08X}u")
            for fname, lsb, w, _, _, _ in fields:
                o.append(f"#define PMU_{name}_{fname}_LSB {lsb}u")
                o.append(f"#define PMU_{name}_{fname}_MASK 0x{mask(lsb, w):08X}u")
    o.append("")
    o.append("/* EQ bit numbers inside the EQ field, seed Table 1 order generalised to nt threads. */")
    o.append("#define PMU_EQ_OS_BIT(t, nt)  (2u * ((nt) - 1u - (t)) + 1u)")
    o.append("#define PMU_EQ_USR_BIT(t, nt) (2u * ((nt) - 1u - (t)))")
    o.append("")
    o.append(f"#define PMU_FLOP_NSUB {FLOP_NSUB}u")
    o.append(f"#define PMU_FLOP_NTYPE {FLOP_NTYPE}u")
    o.append(f"#define PMU_FLOP_OP_W {FLOP_OP_W}u")
    o.append(f"#define PMU_FLOP_SUB_ALL 0x{(1 << FLOP_NSUB) - 1:X}u")
    o.append(f"#define PMU_FTYPE_ALL 0x{(1 << FLOP_NTYPE) - 1:X}u")
    o.append("/* FTYPE.MAIN codes: 0..8 one type (its PMU_FOP_ code), FLOPS the seed's FLOP types, ALL every type (reset); others count nothing */")
    o.append(f"#define PMU_FMAIN_FLOPS {FLOP_MAIN_FLOPS}u")
    o.append(f"#define PMU_FMAIN_ALL {FLOP_MAIN_ALL}u")
    o.append("/* the type mask of FLOPS */")
    o.append(f"#define PMU_FMAIN_FLOPS_TYPES 0x{_types_mask(FLOP_MAIN_FLOPS):X}u")
    for n, b in FLOP_SUBEVENTS:
        o.append(f"#define PMU_FLOP_{n}_BIT {b}u")
        o.append(f"#define PMU_FLOP_{n}_MASK (1u << PMU_FLOP_{n}_BIT)")
    for n, c in RSZ_CODES:
        o.append(f"#define PMU_{n} {c}u")
    o.append("/* instruction types (flop_op_i codes = FTYPE.MAIN codes of one type) and their type-mask bits */")
    for n, c, _ in FLOP_TYPES:
        o.append(f"#define PMU_FOP_{n} {c}u")
        o.append(f"#define PMU_FTYPE_{n}_MASK (1u << PMU_FOP_{n})")
    o += ["", "#endif", ""]
    return "\n".join(o)


def gen_md():
    o = ["# pmu-ip register map", "",
         "Generated by `util/regmap.py` from `regs/pmu.rdl` (SystemRDL, the single source of every register; "
         "`make test` checks that this file, the define blocks in `rtl/*.v`, `cmodel/pmu_regs.h` and the "
         "IP-XACT / UVM exports in `regs/gen/` match it). All registers are 32 bits, word aligned, "
         f"in a {1 << ADDR_BITS}-byte window. Bits not listed are reserved: they read as 0 and writes to them are ignored.",
         "",
         "Bus rules (APB4, zero wait states, PREADY=1):",
         "- PSLVERR=1, nothing written and PRDATA=0 for: an unmapped offset, a misaligned PADDR (PADDR[1:0]!=0), "
         "a write whose PSTRB is not 4'b1111, a counter slot n >= NC, any unprivileged (PPROT[0]=0) write, and an "
         "unprivileged read other than CNT_LO/CNT_HI/TSC_LO/TSC_HI while GCTL.UEN=1 -- except that YRING3 and the "
         "ring-3 yield channel registers accept unprivileged reads and writes.",
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
    for name, off, acc, desc, fields in XCTL_REGS:
        rows(name + "[n]", off, acc, desc, fields, f"0x{XCTL_BASE:03X}+4*n")
    for name, off, acc, desc, fields in FTYPE_REGS:
        rows(name + "[n]", off, acc, desc, fields, f"0x{FTYPE_BASE:03X}+4*n")
    for name, off, acc, desc, fields in YCH_REGS:
        rows(name + "[r][i]", off, acc, desc, fields,
             f"0x{YCH0_BASE:03X} (r=0) / 0x{YCH3_BASE:03X} (r=3) +0x{YCH_STRIDE:X}*i+0x{off:02X}")
    for name, off, acc, desc, fields in YCAP_REGS:
        rows(name + "[r][i]", off, acc, desc, fields,
             f"0x{YCAP0_BASE:03X} (r=0) / 0x{YCAP3_BASE:03X} (r=3) +0x{YCAP_STRIDE:X}*i+0x{off:02X}")
    o += ["", "## Sampling and yield channels", "",
          "Behaviour, timing and interrupt latencies: docs/sampling.md. Counter slots n >= NC of XCTL and "
          "channels i >= NCH are unmapped (PSLVERR). Ring-3 channel registers and YRING3 accept unprivileged "
          "(PPROT[0]=0) reads and writes; every other new register is privileged-only.", "",
          "Yield event vector (ESV/ESM bit k):", "", "| bits | event |", "|---|---|"]
    for n, lsb, w, d in YEV_BITS:
        o.append(f"| {lsb + w - 1}:{lsb} | {d} |" if w > 1 else f"| {lsb} | {d} |")
    o += ["", "Yield channel actions (YCH_CTL.ACT; docs/yield.md):", "", "| ACT | name | action |", "|---|---|---|"]
    for n, v, d in YACT:
        o.append(f"| {v} | {n} | {d} |")
    o.append(f"| {len(YACT)}..15 | reserved | a CTL write with this value answers PSLVERR and changes nothing |")
    o += ["", "Yield channel monitor conditions (YCH_CTL.COND; docs/yield.md):", "",
          "| COND | name | condition |", "|---|---|---|"]
    for n, v, d in YCOND:
        o.append(f"| {v} | {n} | {d} |")
    o.append(f"| {len(YCOND)} | reserved | a CTL write with this value answers PSLVERR and changes nothing |")
    o += [""]
    o += ["## FLOP class (CTL.ES == FLOP_CLASS, seed 003)", "",
          "A counter in the FLOP class counts retired FP instructions of the retire slots (flop_*_i) of the "
          "threads its EQ qualifies. Slot s of a thread adds its weight (below) iff it is valid, its "
          "instruction type is selected by FTYPE[n].MAIN (the seed's main event) and its sub-event's bit "
          "is set in EMQ[n].EM (the seed's subevent: register size x element size, scalar or packed). "
          "Several sub-events may be selected at once. The counter counts instructions, "
          "not elements: software multiplies each sub-event's count by its elements per instruction "
          "(docs/flop.md).", "",
          "Instruction types (flop_op_i code) and FTYPE.MAIN codes:", "",
          "| code | flop_op_i: type | increment per instruction | FTYPE.MAIN: types counted |", "|---|---|---|---|"]
    for n, c, w in FLOP_TYPES:
        o.append(f"| {c} | {n} | {w} | {n} |")
    names = {c: n for n, c, _ in FLOP_TYPES}
    for code in range(len(FLOP_TYPES), 1 << FLOP_OP_W):
        ts = sorted(flop_main_types(code))
        sel = ("every type" if code == FLOP_MAIN_ALL else " ".join(names[c] for c in ts) + " (the seed's FLOPs)"
               if ts else "none (reserved)")
        o.append(f"| {code} | other FP instruction | never counted | {sel}{' (reset)' if code == FLOP_MAIN_ALL else ''} |")
    o += ["",
          "Register-size codes (flop_rsz_i): " +
          ", ".join(f"{c} = {RSZ_BITS[c]}-bit" for _, c in RSZ_CODES) + "; 6 and 7 are never counted. "
          "Element size (flop_esz_i): 0 single (32-bit), 1 double (64-bit).", "",
          "Sub-events (EM bits in the FLOP class); bits 15:11 count nothing:", "",
          "| EM bit | sub-event | slots it counts (flop_scalar_i, flop_rsz_i, flop_esz_i) | elements per instruction |",
          "|---|---|---|---|"]
    for n, b in FLOP_SUBEVENTS:
        esz = 1 if "DOUBLE" in n else 0
        hits = []
        for _, c in RSZ_CODES:
            for sc in (1, 0):
                if flop_subevent(c, esz, sc) == b:
                    hits.append((sc, c))
        if n.startswith("SCALAR"):
            packed = [RSZ_BITS[c] for sc, c in hits if not sc]
            sizes = ", ".join(str(RSZ_BITS[c]) for sc, c in hits if sc)
            what = (f"scalar=1 on a {sizes}-bit register, esz={esz}; or scalar=0 on a register of one element "
                    f"({', '.join(str(x) + '-bit' for x in packed)})")
            el = 1
        else:
            c = hits[0][1]
            what = f"scalar=0, rsz={c} ({RSZ_BITS[c]}-bit), esz={esz}"
            el = RSZ_BITS[c] // (64 if esz else 32)
        o.append(f"| {b} | {n} | {what} | {el} |")
    o += ["", "Not counted by any sub-event: an instruction whose element is wider than its register "
          "(32-bit register, double; scalar or not), register-size codes 6 and 7.", ""]
    return "\n".join(o)


OUTPUTS = {"cmodel/pmu_regs.h": gen_h, "docs/regmap.md": gen_md}
for _rel, _text in rdl_load.exports(_top, "pmu").items():
    OUTPUTS[_rel] = (lambda t=_text: t)

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
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
    return bad


def _value(text):
    """Numeric value of a generated macro body (Verilog sized or C literal)."""
    t = text.strip()
    m = re.fullmatch(r"\d+'([hd])([0-9A-Fa-f]+)", t)
    if m:
        return int(m.group(2), 16 if m.group(1) == "h" else 10)
    m = re.fullmatch(r"\(1u << (\w+)\)", t)
    if m:
        return ("mask", m.group(1))
    try:
        return int(t.rstrip("u"), 0)
    except ValueError:
        return t


def same_names_same_values(vh, h, who="regmap", quiet=False):
    """A macro named in both the Verilog defines and the C header must mean
    the same number in both (no bit index in one and mask in the other, no
    word index in one and byte offset in the other). Returns the clashes."""
    v = {ln.split()[1]: " ".join(ln.split()[2:]) for ln in vh.splitlines()
         if ln.startswith("`define ") and len(ln.split()) > 2}
    c = {ln.split()[1]: " ".join(ln.split()[2:]) for ln in h.splitlines()
         if ln.startswith("#define ") and len(ln.split()) > 2 and "(" not in ln.split()[1]}
    bad = [k for k in sorted(set(v) & set(c)) if _value(v[k]) != _value(c[k])]
    for k in bad if not quiet else []:
        print(f"{who}: {k} is `define {v[k]} in Verilog but #define {c[k]} in C: give them different names")
    return len(bad)


def main():
    check = "--check" in sys.argv[1:]
    outputs = dict(OUTPUTS)
    outputs.update(inline_outputs(gen=gen_vh))
    import regblock  # noqa: E402  the register block, rtl/pmu_apb.v and its C decode
    outputs.update(regblock.OUTPUTS)
    bad = sync(outputs, check)
    if check:
        clash = same_names_same_values(gen_vh(), gen_h())
        # ... and the rule itself catches a word index / byte offset clash
        clash += same_names_same_values("`define PMU_X 3'd1", "#define PMU_X 0x04u", quiet=True) != 1
        outputs["(Verilog and C macro names)"] = None
        bad += 1 if clash else 0
    if check:
        print(f"regmap: {len(outputs) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
