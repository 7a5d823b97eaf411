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
  rtl/pmu_core.v      the read values of CFG and CAP (cfg, cap), packed from
                      their fields' pmu_value expressions (block "// BEGIN pmu
                      regmap values"); cmodel/pmu_regs.h has the same packing
                      as PMU_CFG_VALUE(c) / PMU_CAP_VALUE(c) (cmodel/pmu_model.c)
  rtl/pmu_apb.v, cmodel/pmu_regdec.h   the register block and its C decode
                      (util/regblock.py)
  docs/regmap.md      the human-readable register map, with each register's
                      privilege (pmu_user, as decoded by rtl/pmu_apb.v)
  README.md           the "regmap-summary" and "regmap-bus-errors" blocks of
                      its "Register map" section (util/doc_block.py markers)
  docs/security.md    the "security-access" block: who may access what
                      (privileged, user of the owning thread, user of another
                      thread) for every register, from the register block's
                      kinds
  regs/gen/*          IP-XACT and UVM register model (PeakRDL exporters)
  cmodel/pmu_cs_regs.h, docs/cs_regmap.md
                      the CoreSight PMU view (regs/pmu_cs.rdl): offsets,
                      fields, constant values and PMU_CS_PMCFGR_VALUE(c); its
                      documentation and bus rules (its register block:
                      util/regblock.py, rtl/pmu_cs_apb.v, cmodel/pmu_cs_regdec.h)
  rtl/pmu_core.v      PMCFGR's read value (pmcfgr) between the markers
                      "// BEGIN pmu_cs regmap values" / "// END pmu_cs regmap
                      values", in any rtl/*.v that has them

Usage:
  util/regmap.py            regenerate all outputs
  util/regmap.py --check    exit 1 if any committed output differs from what
                            the sources generate, or if docs/regmap.md's
                            privilege column misses or contradicts a register
                            of the register block's table (cmodel/pmu_regdec.h,
                            tested by tb/test_regs.cpp), or if docs/security.md's
                            access table misses or contradicts one (run by
                            `make test`)
"""
import os
import re
import sys

# Layers (no import circle): util/rdl_load.py (compile regs/*.rdl, write and
# check outputs) <- util/regblock.py (the compiled map, the register block)
# <- util/regmap.py (the other outputs, CLI) <- util/dc_regmap.py;
# util/config.py (the configuration table) is imported by regmap and dc_regmap.

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import rdl_load  # noqa: E402  (compiles regs/*.rdl; writes and checks outputs)
import regblock  # noqa: E402  (the compiled map, its address window and register block)
import config  # noqa: E402  (the configuration table: parameter limits)
import doc_block  # noqa: E402  (README's generated blocks)

ADDR_BITS = regblock.ADDR_BITS          # the native map's window (4 KiB)
CORE_ADDR_BITS = 14                      # pmu_core's PADDR: 16 KiB (VIEW=1: CoreSight pages 0/1, native page 2)
_top = regblock.TOP
_ch = rdl_load.children(_top)
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
NAREA_MAX = config.params("pmu_core")["NAREA"]["max"]   # the configuration table's


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


# ------------------------------------------ build-time register values
# The read value of a register whose fields all carry pmu_value (CFG, CAP):
# packed from the fields' expressions for the RTL (a block of pmu_core) and
# the C model (PMU_<REG>_VALUE of cmodel/pmu_regs.h).
VALUES_BEGIN = "// BEGIN pmu regmap values (generated by util/regmap.py; do not edit)"
VALUES_END = "// END pmu regmap values"
CORE_PARAMS = config.params("pmu_core")   # name -> table entry (its C struct field: c)


def value_regs(top=None, src="regs/pmu.rdl"):
    """[(register, [(field, lsb, width, expression)])] in address order (of
    top: the native map by default)."""
    out = []
    for reg in (top or _top).children():
        if reg.is_array or not hasattr(reg, "fields"):
            continue
        fs = [(f.inst_name, f.lsb, f.width, f.get_property("pmu_value", default=None)) for f in reg.fields()]
        if fs and all(e is not None for *_, e in fs):
            out.append((reg.inst_name, fs))
        elif any(e is not None for *_, e in fs):
            sys.exit(f"regmap: {src} {reg.inst_name}: pmu_value on some fields only")
    return out


def value_expr(e, lang):
    """Expression e in Verilog ("v": parameters, `PMU_ constants) or C ("c":
    (c)->field of the parameter struct, PMU_ constants)."""
    def name(m):
        n = m.group(0)
        if n in CORE_PARAMS:
            return n if lang == "v" else f"(c)->{CORE_PARAMS[n]['c']}"
        if isinstance(globals().get(n), int):
            return ("`PMU_" if lang == "v" else "PMU_") + n
        sys.exit(f"regmap: regs/pmu.rdl pmu_value '{e}': {n} is neither a pmu_core parameter nor a regmap constant")
    return re.sub(r"\b[A-Z_][A-Z0-9_]*\b", name, e)


def gen_values_v(regs=None, what="the build-time registers (regs/pmu.rdl pmu_value)"):
    o = [f"  // read values of {what}"]
    for reg, fs in (value_regs() if regs is None else regs):
        o.append("  localparam integer " + ",\n                     ".join(
            f"{reg}_{f}_V = {value_expr(e, 'v')}" for f, _, _, e in fs) + ";")
        parts, pos = [], 32
        for f, lsb, w, _ in sorted(fs, key=lambda x: -x[1]):
            if lsb + w < pos:
                parts.append(f"{pos - lsb - w}'d0")
            parts.append(f"{reg}_{f}_V[{w - 1}:0]")
            pos = lsb
        if pos:
            parts.append(f"{pos}'d0")
        o.append(f"  wire [31:0] {reg.lower()} = {{{', '.join(parts)}}};")
    return "\n".join(o)


def values_block(text):
    """text (an RTL file) with its pmu_value block regenerated."""
    return inline_block(text, VALUES_BEGIN, VALUES_END, gen_values_v()) if VALUES_BEGIN in text else text


def gen_values_h(regs=None, prefix="PMU", src="regs/pmu.rdl"):
    o = [f"/* Read values of the build-time registers ({src} pmu_value); c: the core's",
         "   parameters (a pointer to pmu_cfg, cmodel/pmu_model.h) */"]
    for reg, fs in (value_regs() if regs is None else regs):
        terms = [f"((unsigned)({value_expr(e, 'c')}) & 0x{(1 << w) - 1:X}u) << {prefix}_{reg}_{f}_LSB"
                 for f, lsb, w, e in fs]
        o.append(f"#define {prefix}_{reg}_VALUE(c) (" + " | \\\n    ".join(terms) + ")")
    return o


def gen_vh():
    o = ["// Generated by util/regmap.py -- do not edit.", "`ifndef PMU_REGS_VH", "`define PMU_REGS_VH", ""]
    o.append(f"`define PMU_ADDR_BITS {CORE_ADDR_BITS}")
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
    o.append("/* pmu_core's PADDR bits (16 KiB); the native map decodes 12 */")
    o.append(f"#define PMU_ADDR_BITS {CORE_ADDR_BITS}u")
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
    o += gen_values_h() + [""]
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


# ------------------------------------------------------------ privilege
# The unprivileged (PPROT[0]=0) access rule of every register comes from the
# register block generator's kinds (util/regblock.py: the pmu_user property of
# regs/pmu.rdl, the same source as rtl/pmu_apb.v's PPROT decode and the
# pmu_regdec.h table tb/test_regs.cpp tests): docs/regmap.md's privilege
# column, its bus rules and the README's register-map blocks.
PRIV = {0: "priv", 1: "user R if UEN", 2: "user R/W", 3: "user R/W own thread"}
PRIV_LEGEND = [
    ("priv", "privileged only: an unprivileged (PPROT[0]=0) read or write answers PSLVERR"),
    ("user R if UEN", "unprivileged reads allowed while GCTL.UEN=1 (PSLVERR while UEN=0); unprivileged writes answer PSLVERR"),
    ("user R/W", "unprivileged reads and writes allowed (a write to a read-only register is ignored, without PSLVERR)"),
    ("user R/W own thread", "unprivileged reads and writes of what the issuing hardware thread (ptid_i) owns: "
     "a ring-3 channel (YCH3, YCAP3) whose YTHR3 thread is ptid_i (another thread's channel answers PSLVERR); "
     "in YRING3 the issuing thread's bits (the others read 0 and are not written); docs/security.md"),
]
USER_CODE = regblock.USER_CODE   # pmu_user -> PMU_KIND[].user of cmodel/pmu_regdec.h
# The input that gates the reads of each pmu_rdgate array (rtl/pmu_core.v
# drives rdgate_<array>_i with the channel's VALID bit)
# (r: the array's ring, i: the element)
RDGATE_BY = {"YCH0": "YCH_CTL[r][i].VALID", "YCH3": "YCH_CTL[r][i].VALID",
             "YCAP0": "YCH_CTL[r][i].VALID", "YCAP3": "YCH_CTL[r][i].VALID"}


def _kinds():
    return regblock.KINDS


def kind_at(arr, off):
    """The register block kind of register offset off of array arr (None: a global register at off)."""
    for k in _kinds():
        if (arr is None and k.arr is None and k.base == off) or (arr is not None and k.arr == arr and k.off == off):
            return k
    sys.exit(f"regmap: no register-block kind for {arr or 'global'} offset 0x{off:X}")


def doc_rows():
    """Every register row of docs/regmap.md: (offset text, name, access,
    description, fields, [(qualifier, kind)]), in the table's order. The
    qualifier tells the rows that stand for the two rings apart ("r=0")."""
    out = [(f"0x{off:03X}", n, a, d, f, [(None, kind_at(None, off))]) for n, off, a, d, f in GLOBAL_REGS]
    out += [(f"0x{CNT_BASE:03X}+0x{CNT_STRIDE:X}*n+0x{off:X}", n + "[n]", a, d, f, [(None, kind_at("CNT", off))])
            for n, off, a, d, f in COUNTER_REGS]
    out += [(f"0x{XCTL_BASE:03X}+4*n", n + "[n]", a, d, f, [(None, kind_at("XCTL", 0))]) for n, _, a, d, f in XCTL_REGS]
    out += [(f"0x{FTYPE_BASE:03X}+4*n", n + "[n]", a, d, f, [(None, kind_at("FTYPE", 0))]) for n, _, a, d, f in FTYPE_REGS]
    for regs, b0, b3, st, a0, a3 in ((YCH_REGS, YCH0_BASE, YCH3_BASE, YCH_STRIDE, "YCH0", "YCH3"),
                                     (YCAP_REGS, YCAP0_BASE, YCAP3_BASE, YCAP_STRIDE, "YCAP0", "YCAP3")):
        out += [(f"0x{b0:03X} (r=0) / 0x{b3:03X} (r=3) +0x{st:X}*i+0x{off:02X}", n + "[r][i]", a, d, f,
                 [("r=0", kind_at(a0, off)), ("r=3", kind_at(a3, off))]) for n, off, a, d, f in regs]
    return out


def priv_cell(ks):
    """The privilege column of a row standing for the kinds ks [(qualifier, kind)]."""
    labels = [(q, PRIV[USER_CODE[k.user]]) for q, k in ks]
    if len({lb for _, lb in labels}) == 1:
        return labels[0][1]
    return "; ".join(f"{q}: {lb}" for q, lb in labels)


def kind_names():
    """{kind name: the register's name in the docs} ("YCH_CTL[3][i]" for YCH3_CTL)."""
    out = {}
    for _, name, _, _, _, ks in doc_rows():
        for q, k in ks:
            out[k.name] = name.replace("[r]", f"[{q[2:]}]") if q else name
    return out


def _join(xs):
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def user_rules():
    """The generated unprivileged-access rule: (uen_reads, rw) lists of the
    register names (whole arrays as one item) of pmu_user read_uen and rw."""
    names = kind_names()
    ks = _kinds()
    out = {"read_uen": [], "rw": [], "own": []}
    done = set()
    for k in ks:
        if k.user is None or k.name in done:
            continue
        same = [x for x in ks if x.arr is not None and x.arr == k.arr]
        if k.arr is not None and all(x.user == k.user for x in same):
            ro = all(not x.writable for x in same)
            first, last = names.get(same[0].name, same[0].name), names.get(same[-1].name, same[-1].name)
            out[k.user].append(f"every register of {k.arr}[i] (0x{k.base:03X}+0x{k.stride:X}*i: "
                               f"{first} .. {last}{'; read-only, so a write is ignored' if ro and k.user == 'rw' else ''})")
            done |= {x.name for x in same}
        else:
            ro = k.user == "rw" and not k.writable
            out[k.user].append(names.get(k.name, k.name) + (" (read-only: a write is ignored)" if ro else ""))
            done.add(k.name)
    return out


def rdgate_rule():
    """The read gate of the pmu_rdgate arrays (a yield channel with VALID=0 reads 0)."""
    arrs = []
    for k in _kinds():
        if k.rdgate and k.arr not in arrs:
            arrs.append(k.arr)
    miss = [a for a in arrs if a not in RDGATE_BY]
    if miss:
        sys.exit(f"regmap: pmu_rdgate arrays {miss} have no RDGATE_BY entry (which input gates them)")
    return arrs


def bus_error_items():
    """The bus-error rule list (docs/regmap.md's bus rules, the README's block):
    [(item, [sub-items])]."""
    u = user_rules()
    vmax = []
    names = kind_names()
    for k in _kinds():
        for lsb, w, mx in k.vmax:
            nm = names.get(k.name, k.name)
            fn = [f for f in reg_fields_of(nm) if f[1] == lsb]
            vmax.append((re.sub(r"\[.*", "", nm) + "." + (fn[0][0] if fn else f"[{lsb + w - 1}:{lsb}]"), mx))
    vm = sorted(set(vmax))
    umax = []
    for k in _kinds():
        for lsb, w, mx in (k.umax if k.user is not None else []):
            nm = names.get(k.name, k.name)
            fn = [f for f in reg_fields_of(nm) if f[1] == lsb]
            umax.append((nm + "." + (fn[0][0] if fn else f"[{lsb + w - 1}:{lsb}]"), mx))
    uen = [names.get(k.name, k.name) for k in _kinds() if k.uen and k.user is not None]
    counts = {}
    for a, c in sorted({(k.arr, k.count) for k in _kinds() if k.arr}):
        counts.setdefault(c, []).append(a)
    cnt = "; ".join(f"{'/'.join(a)} element >= {c}" for c, a in counts.items())
    return [("an unmapped address, including an array element at or above its count (" + cnt +
             ") and the registers of a block the parameters leave out (CAP tells which are present)", []),
            ("a misaligned address (PADDR[1:0] != 0)", []),
            ("a write whose PSTRB is not 4'b1111", []),
            ("a write of a reserved field value (" + ", ".join(f"{n} > {mx}" for n, mx in vm) + ")", []),
            ("an unprivileged (PPROT[0]=0) read or write of any register, except:",
             ["reads of " + _join(u["read_uen"]) + " while GCTL.UEN=1 (their unprivileged writes answer PSLVERR)"]
             + (["reads and writes of " + _join(u["rw"])] if u["rw"] else [])
             + (["reads and writes of what the issuing hardware thread (ptid_i, APB5 PAUSER) owns: "
                 + _join(u["own"]) + ", where a channel belongs to the thread its YTHR3 field names and "
                 "in YRING3 the thread's bits are BLK[ptid_i], the YER bits of its channels and NCH "
                 "(the other bits read 0 and are not written); another thread's channel answers PSLVERR "
                 "(docs/security.md)"] if u["own"] else [])),
            ] + ([("an unprivileged read of " + _join(uen) + " while GCTL.UEN=0 (a counter's value, like a counter read)", [])]
                 if uen else []) + (
            [("an unprivileged write of " + ", ".join(f"{n} > {mx}" for n, mx in sorted(set(umax))) +
              " (an action that reaches every thread)", [])] if umax else [])


def bus_error_md(indent=""):
    o = []
    for it, sub in bus_error_items():
        o.append(f"{indent}- {it}")
        o += [f"{indent}  - {x}" for x in sub]
    return o


def reg_fields_of(name):
    for _, n, _, _, f, _ in doc_rows():
        if re.sub(r"\[.*", "", n) == re.sub(r"\[.*", "", name):
            return f
    return []


def rdgate_text():
    arrs = rdgate_rule()
    groups = {}
    for a in arrs:
        groups.setdefault(RDGATE_BY[a], []).append(a)
    return ("A yield channel that is not valid reads 0: every register of " +
            _join([f"{a}[i]" for a in arrs]) + " (ring r, channel i) reads 0 while " +
            _join(sorted({RDGATE_BY[a] for a in arrs})) + " is 0, YCH_CTL itself included "
            "(so VALID reads 0 too), for privileged and user reads alike; writes still land, so software "
            "programs a channel and sets VALID last (pmu_rdgate in regs/pmu.rdl; docs/yield.md). "
            "YRINGr.YER shows YER & VALID.")


def gen_md():
    o = ["# pmu-ip register map", "",
         "Generated by `util/regmap.py` from `regs/pmu.rdl` (SystemRDL, the single source of every register; "
         "`make test` checks that this file, the define blocks in `rtl/*.v`, `cmodel/pmu_regs.h` and the "
         "IP-XACT / UVM exports in `regs/gen/` match it). All registers are 32 bits, word aligned, "
         f"in a {1 << ADDR_BITS}-byte window. Bits not listed are reserved: they read as 0 and writes to them are ignored.",
         "",
         "Bus rules (APB4, zero wait states, PREADY=1):",
         "- PSLVERR=1, nothing written and PRDATA=0 for:"] + bus_error_md("  ") + [
         "- " + rdgate_text(),
         "- 64-bit values are read LO then HI: a LO read latches the high half into one shared read shadow that "
         "HI reads return. They are written HI then LO: a HI write loads one shared write stage; the LO write "
         "commits {stage, LO} in one edge and clears the stage (so writing LO alone presets a value < 2^32).",
         "",
         "Privilege column (the register's `pmu_user` property in `regs/pmu.rdl`, decoded by the generated "
         "`rtl/pmu_apb.v` and checked for every register by `tb/test_regs.cpp` \"privilege\"); a privileged "
         "access is PPROT[0]=1:", ""]
    for lb, d in PRIV_LEGEND:
        o.append(f"- `{lb}`: {d}")
    o += ["", "| offset | name | access | privilege | description |", "|---|---|---|---|---|"]

    def rows(offs, name, acc, desc, fields, ks):
        o.append(f"| {offs} | {name} | {acc} | {priv_cell(ks)} | {desc} |")
        for fname, lsb, w, facc, rst, fdesc in fields:
            if isinstance(w, int):
                bits = f"[{lsb + w - 1}:{lsb}]" if w > 1 else f"[{lsb}]"
            else:
                bits = f"[{w}-1:0]" if lsb == 0 else f"[{lsb}+{w}-1:{lsb}]"
            r = "" if rst is None else f", reset 0x{rst:X}"
            o.append(f"| | `{fname}` {bits} | {facc}{r} | | {fdesc} |")

    for row in doc_rows():
        rows(*row)
    o += ["", "## Sampling and yield channels", "",
          "Behaviour, timing and interrupt latencies: docs/sampling.md. Counter slots n >= NC of XCTL and "
          "channels i >= NCH are unmapped (PSLVERR). Reachable at user level (PPROT[0]=0): reads and writes of "
          + _join(user_rules()["rw"] + user_rules()["own"]) + " (of the issuing thread's own: docs/security.md); "
          "every other sampling and yield register is privileged-only "
          "(the privilege column above).", "",
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


# ------------------------------------------------ README "Register map" blocks
README = "README.md"
README_BLOCKS = ("regmap-summary", "regmap-bus-errors")
README_CMD = "util/regmap.py from regs/pmu.rdl"


def _summary(desc, long=100):
    """First sentence of an RDL description; a long one up to its first ':'
    or ';' outside parentheses."""
    t = re.split(r"(?<=[A-Za-z0-9_)])\. ", desc)[0].rstrip(".")
    if len(t) > long:
        depth = 0
        for n, ch in enumerate(t):
            depth += (ch == "(") - (ch == ")")
            if depth == 0 and ch in ":;":
                return t[:n]
    return t


def gen_readme_summary():
    """The README's summary table: one row per register, LO/HI pair (pmu_wide)
    or array element (a regfile array of both rings: one row)."""
    o = ["| offset | register | access | privilege | summary |", "|---|---|---|---|---|"]
    rows = doc_rows()
    i = 0
    while i < len(rows):
        offs, name, acc, desc, fields, ks = rows[i]
        k = ks[0][1]
        idx = "(n)" if "[n]" in name else ""
        base = re.sub(r"\[.*", "", name)
        if "[r][i]" in name:   # the registers of one channel of both rings: one row
            same = [r for r in rows[i:] if r[5][0][1].arr == k.arr]
            a0, a3 = ks[0][1], ks[1][1]
            regs = " ".join(re.sub(r"\[.*", "", r[1]).split("_", 1)[1] for r in same)
            accs = {r[2] for r in same}
            arr_desc = _summary(_ch[k.arr].get_property("desc") or "")
            o.append(f"| 0x{a0.base:03X}/0x{a3.base:03X}+0x{a0.stride:X}i | {a0.arr}/{a3.arr}[i]: {regs} | "
                     f"{accs.pop() if len(accs) == 1 else 'RW'} | {priv_cell(ks).replace('r=0', 'ring 0').replace('r=3', 'ring 3')} | "
                     f"{arr_desc} |")
            i += len(same)
            continue
        if k.wide == "lo" and i + 1 < len(rows) and rows[i + 1][5][0][1].wide == "hi":
            hi = rows[i + 1]
            off2 = (f"0x{k.base:03X}/0x{hi[5][0][1].base:03X}" if k.arr is None
                    else f"0x{k.base + k.off:03X}/0x{k.base + hi[5][0][1].off:03X}+0x{k.stride:X}n")
            pc = priv_cell(ks) if priv_cell(hi[5]) == priv_cell(ks) else priv_cell(ks) + " / " + priv_cell(hi[5])
            o.append(f"| {off2} | {base[:-3]}_LO/HI{idx} | {acc} | {pc} | "
                     f"{_summary(re.sub(r' bits 31:0', '', desc))}, 64 bits |")
            i += 2
            continue
        off1 = f"0x{k.base:03X}" if k.arr is None else f"0x{k.base + k.off:03X}+0x{k.stride:X}n"
        fl = [f[0] for f in fields]
        summ = _summary(desc)
        if k.const is not None:
            summ += f": 0x{k.const:08X}"
        elif len(fl) > 1:
            summ += ": " + ", ".join(fl)
        o.append(f"| {off1} | {base}{idx} | {acc} | {priv_cell(ks)} | {summ} |")
        i += 1
    return "\n".join(o)


def gen_readme_bus():
    return "\n".join(["Bus errors (PSLVERR, PRDATA=0, nothing changes):", ""] + bus_error_md() + [
        "", rdgate_text() + " Reserved bits read 0; writes to read-only registers are ignored.", "",
        "The table's privilege column (also in `docs/regmap.md`; PPROT[0]=1 is privileged):", ""] +
        [f"- `{lb}`: {d}" for lb, d in PRIV_LEGEND])


README_GEN = {"regmap-summary": gen_readme_summary, "regmap-bus-errors": gen_readme_bus}


def readme_text():
    """README.md with the regmap blocks regenerated (read now: others edit other sections)."""
    with open(os.path.join(ROOT, README)) as f:
        text = f.read()
    for name, fn in README_GEN.items():
        m = doc_block.find(text, name)
        if not m:
            print(f"regmap: {README} has no generated block '{name}' "
                  f"(<!-- BEGIN generated: {name} (by {README_CMD}; do not edit) --> ... <!-- END generated: {name} -->)")
            return None
        text = doc_block.replace(text, m, fn().rstrip("\n") + "\n")
    return text


# ------------------------------------------------ the privilege column check
def check_privilege(md, regdec, quiet=False):
    """Every register kind of the register block's C table (cmodel/pmu_regdec.h,
    the table tb/test_regs.cpp tests the privilege of) has a row in the
    generated docs/regmap.md whose privilege column states its pmu_user rule,
    and every user-accessible kind is named in the bus rules. Returns the
    number of problems."""
    tab = re.findall(r'\{"(\w+)", 0x([0-9A-F]+)u, 0x([0-9A-F]+)u, 0x([0-9A-F]+)u, (\d+)u, 0x[0-9A-F]+u, '
                     r'(\d), (\d), (\d),', regdec)
    lines = md.splitlines()
    rowtext = {}
    for offs, name, _, _, _, ks in doc_rows():
        for q, k in ks:
            rowtext[k.name] = (q, [ln for ln in lines if ln.startswith(f"| {offs} | {name} |")])
    i = lines.index("- PSLVERR=1, nothing written and PRDATA=0 for:") if \
        "- PSLVERR=1, nothing written and PRDATA=0 for:" in lines else len(lines)
    bus = ["\n".join(lines[i:i + 1 + len(bus_error_md())])] if i < len(lines) else []
    names = kind_names()
    bad = []
    if not tab:
        bad.append("no PMU_KIND table")
    for kname, _, _, _, _, _, _, user in tab:
        want = PRIV[int(user)]
        q, found = rowtext.get(kname, (None, []))
        if len(found) != 1:
            bad.append(f"{kname}: no row in docs/regmap.md")
            continue
        cell = found[0].split(" | ")[3]
        if cell != want and f"{q}: {want}" not in cell.split("; "):
            bad.append(f"{kname}: privilege column '{cell}', the register block's rule is '{want}'")
        if int(user) and not (bus and (names.get(kname, kname) in bus[0] or
                                       re.sub(r"_.*", "", kname) + "[i]" in bus[0])):
            bad.append(f"{kname}: user-accessible (pmu_user) but not named in the bus rules")
    for b in bad if not quiet else []:
        print(f"regmap: {b}")
    return len(bad)



# ------------------------------------------------ docs/security.md access table
# Who may access what (issue 34): one row per register group (a global
# register or LO/HI pair, or the registers of one array element that share
# one rule), from the register block's kinds (util/regblock.py: pmu_user,
# pmu_uen, pmu_user_max, pmu_rdgate of regs/pmu.rdl). The ownership of the
# pmu_user=own arrays and the owned bits of the pmu_user=own registers are
# decoded by pmu_core (own_*_i inputs of rtl/pmu_apb.v); which register
# names them is stated here, and every own array / register must have an
# entry (like RDGATE_BY).
SECURITY = "docs/security.md"
SECURITY_BLOCK = "security-access"
OWNER_BY = {"YCH3": ("YTHR3", "T"), "YCAP3": ("YTHR3", "T")}   # array -> (register, field prefix) naming element i's thread
OWN_BITS = {"YRING3": "BLK[ptid], the YER bits of the thread's channels and NCH"}
SHARED = "= own (one register shared by all threads)"


def sec_cells(rd, wr, user, uen, arr):
    """(privileged, user own thread, user other thread) of a kind with these
    register-block properties (user: the PMU_KIND[].user code; arr: an array
    kind (its elements belong to threads when user is 3))."""
    acc = "R/W" if rd and wr else "R" if rd else "W"
    if user == 0:
        return acc, "PSLVERR", "PSLVERR"
    if user == 1:
        return acc, "R if UEN=1 (else PSLVERR); W: PSLVERR", SHARED
    if user == 2:
        return acc, acc + (" (W ignored)" if not wr else ""), SHARED
    if arr:
        r = acc if not uen else ("R if UEN=1 (else PSLVERR)" if not wr else acc + " (R only if UEN=1)")
        return acc, r, "PSLVERR"
    return acc, acc + " of its own bits only", "another thread's bits read 0, writes to them ignored"


def _sec_groups():
    """[(label, offset text, [kinds])] in address order."""
    out = []
    for k in _kinds():
        u = USER_CODE[k.user]
        key = (k.arr, k.readable, k.writable, u, k.const is not None) + \
            ((k.uen, k.rdgate, tuple(k.umax)) if u else ())
        if out and out[-1][0] == key:
            out[-1][1].append(k)
        else:
            out.append((key, [k]))
    rows = []
    for _, ks in out:
        k0 = ks[0]
        names = [k.name if k.arr is None else (k.name[len(k.arr) + 1:] if k.name != k.arr else k.arr) for k in ks]
        toks, j = [], 0
        while j < len(names):   # X_LO X_HI -> X_LO/HI
            n = names[j]
            if n.endswith("LO") and j + 1 < len(names) and names[j + 1] == n[:-2] + "HI":
                toks.append(n + "/HI")
                j += 2
            else:
                toks.append(n)
                j += 1
        if k0.arr is None:
            label, off = ", ".join(toks), f"0x{k0.base:03X}"
        else:
            idx = "i" if k0.arr.startswith("Y") else "n"
            label = f"{k0.arr}[{idx}]" + ("" if toks == [k0.arr] else ": " + " ".join(toks))
            off = f"0x{k0.base:03X}+0x{k0.stride:X}{idx}" + (f"+0x{k0.off:X}" if k0.off else "")
        rows.append((label, off, ks))
    return rows


def sec_label_kinds(label):
    """The kind names a row label stands for (the inverse of _sec_groups' label)."""
    m = re.match(r"(\w+)\[\w\](?:: (.*))?$", label)
    arr, toks = (m.group(1), (m.group(2) or m.group(1)).split()) if m else (None, label.split(", "))
    out = []
    for t in toks:
        for n in ([t[:-3], t[:-5] + "HI"] if t.endswith("LO/HI") else [t]):
            out.append(n if arr is None or n == arr else f"{arr}_{n}")
    return out


def sec_notes(ks):
    k0 = ks[0]
    u = USER_CODE[k0.user]
    names = kind_names()
    n = []
    if k0.const is not None or (not k0.writable and k0.user is None and k0.arr is None and not k0.wide):
        n.append("build-time value (instance description)")
    if any(k.wide for k in ks):
        n.append("64-bit, read LO then HI through the shared read shadow" +
                 (" (tagged: see below)" if u else ""))
    if u == 1:
        n.append("every thread reads the same value: the count of what the counter counts, of whichever "
                 "threads its EQ qualifies" if k0.arr else "every thread reads the same value")
    if u and any(k.uen for k in ks) and k0.arr:
        n.append("reads also need GCTL.UEN=1 (a counter's value)")
    if u:
        for lsb, w, mx in k0.umax:
            fn = [f[0] for f in reg_fields_of(names.get(k0.name, k0.name)) if f[1] == lsb]
            n.append(f"a user write of {fn[0] if fn else f'[{lsb + w - 1}:{lsb}]'} > {mx} answers PSLVERR "
                     "(an action that reaches every thread)")
    if u == 3 and k0.arr:
        reg, fp = OWNER_BY[k0.arr]
        n.append(f"element i belongs to the thread {reg}.{fp}i names (none when >= NT)")
        if any(k.wide for k in ks) and not any(k.uen for k in ks):
            n.append("addresses and times of the owning thread's own execution")
    if u == 3 and not k0.arr:
        n.append("a thread's bits: " + OWN_BITS[k0.name] + "; the W1C ERET write clears only BLK[ptid]")
    if k0.rdgate:
        n.append("reads 0 while the channel is not valid")
    for r in sorted({r for r, _ in OWNER_BY.values() if r in [k.name for k in ks]}):
        n.append(f"{r} assigns the elements of " + _join(sorted(a for a, (x, _) in OWNER_BY.items() if x == r)) +
                 " to threads: privileged only")
    return "; ".join(n)


def gen_security_table():
    miss = [a for a in regblock.OWN_ARRAYS if a not in OWNER_BY] + \
           [k.name for k in regblock.OWN_REGS if k.name not in OWN_BITS]
    if miss:
        sys.exit(f"regmap: pmu_user=own {miss} have no OWNER_BY / OWN_BITS entry (which register names the owner)")
    o = ["| register | offset | privileged | user, own thread | user, other thread | notes |",
         "|---|---|---|---|---|---|"]
    for label, off, ks in _sec_groups():
        k0 = ks[0]
        cells = sec_cells(k0.readable, k0.writable, USER_CODE[k0.user], k0.uen, k0.arr is not None)
        o.append(f"| {label} | {off} | " + " | ".join(cells) + f" | {sec_notes(ks)} |")
    o += ["", "Columns: privileged is PPROT[0]=1, user PPROT[0]=0; own / other thread: the thread of the access "
          "(ptid_i) is / is not the one the register or element belongs to. R/W: read and write "
          "(a write to a read-only register is ignored, a read of a write-only one returns 0); PSLVERR: the access "
          "answers a bus error, PRDATA=0 and nothing changes. `" + SHARED + "`: the register belongs to no thread, "
          "so another thread reads what the issuing thread reads. Tagged read shadow: a user read of a HI half "
          "returns 0 unless the last LO read, which latched the shadow, was a user read "
          "of the same thread; privileged reads see the shadow as it is. Every row also answers PSLVERR for an "
          "element at or above its count, a misaligned address or a partial write (docs/regmap.md)."]
    return "\n".join(o)


def security_text():
    """docs/security.md with its access table regenerated."""
    path = os.path.join(ROOT, SECURITY)
    with open(path) as f:
        text = f.read()
    m = doc_block.find(text, SECURITY_BLOCK)
    if not m:
        print(f"regmap: {SECURITY} has no generated block '{SECURITY_BLOCK}' "
              f"(<!-- BEGIN generated: {SECURITY_BLOCK} (by {README_CMD}; do not edit) --> ... "
              f"<!-- END generated: {SECURITY_BLOCK} -->)")
        return None
    return doc_block.replace(text, m, gen_security_table().rstrip("\n") + "\n")


def check_security(md, regdec, quiet=False):
    """Every register kind of the register block's C table (cmodel/pmu_regdec.h)
    is in exactly one row of the access table md, whose privileged / own /
    other cells state its rule (from the C table's rd, wr, user, uen, dim).
    Returns the number of problems."""
    tab = re.findall(r'\{"(\w+)", 0x[0-9A-F]+u, 0x[0-9A-F]+u, 0x[0-9A-F]+u, (\d+)u, 0x[0-9A-F]+u, '
                     r'(\d), (\d), (\d), (\d),', regdec)
    rows = {}
    for ln in md.splitlines():
        c = [x.strip() for x in ln.strip().strip("|").split(" | ")]
        if len(c) == 6 and c[0] not in ("register", "---|---|---|---|---|---"):
            for kn in sec_label_kinds(c[0]):
                rows.setdefault(kn, []).append(tuple(c[2:5]))
    bad = [] if tab else ["no PMU_KIND table"]
    for name, dim, rd, wr, user, uen in tab:
        want = sec_cells(int(rd), int(wr), int(user), int(uen), int(dim) > 1)
        got = rows.get(name, [])
        if len(got) != 1:
            bad.append(f"{name}: {len(got)} rows in the {SECURITY} access table (want 1)")
        elif got[0] != want:
            bad.append(f"{name}: {SECURITY} says {got[0]}, the register block's rule is {want}")
    for b in bad if not quiet else []:
        print(f"regmap: {b}")
    return len(bad)


# ------------------------------------------------ the CoreSight PMU view (regs/pmu_cs.rdl)
# The second register view of the same core (VIEW=1): its register block and
# C decode come from util/regblock.py (regblock.CS: rtl/pmu_cs_apb.v,
# cmodel/pmu_cs_regdec.h); here its offsets and fields for C
# (cmodel/pmu_cs_regs.h), its documentation (docs/cs_regmap.md) and the read
# value of its build-time register PMCFGR (pmu_value) for pmu_core (block
# "// BEGIN pmu_cs regmap values") and C (PMU_CS_PMCFGR_VALUE(c)).
CS = regblock.CS
_cs_top = CS.TOP
CS_SRC = "regs/pmu_cs.rdl"
CS_NATIVE_PAGE = 0x2000   # the native map's page in this view (pmu_core routes it to pmu_apb)
CS_CC_IDX = 31            # the cycle counter's counter number (bit 31 of the set/clear registers)
CS_VALUES_BEGIN = "// BEGIN pmu_cs regmap values (generated by util/regmap.py; do not edit)"
CS_VALUES_END = "// END pmu_cs regmap values"


def cs_value_regs():
    return value_regs(_cs_top, CS_SRC)


def gen_cs_values_v():
    """The pmu_cs values block of rtl/pmu_core.v: wire [31:0] pmcfgr, ..."""
    return gen_values_v(cs_value_regs(), f"the CoreSight view's build-time registers ({CS_SRC} pmu_value)")


def cs_values_block(text):
    """text (an RTL file) with its pmu_cs value block regenerated (unchanged without the markers)."""
    return inline_block(text, CS_VALUES_BEGIN, CS_VALUES_END, gen_cs_values_v()) if CS_VALUES_BEGIN in text else text


def _cs_access(f):
    """RO, RW, W1C, W1S, W1P (write-1 pulse, reads 0), WO of a field."""
    sw, ow = f.get_property("sw").name, f.get_property("onwrite")
    ow = ow.name if ow is not None else None
    if sw == "r":
        return "RO"
    if sw == "rw":
        return {"woclr": "W1C", "woset": "W1S"}.get(ow, "RW")
    return "W1P" if ow == "woset" else "WO"


def cs_regs():
    """Every register of the view, in address order: (C name, offset text,
    doc name, kind, node, [(array, base, stride)] or None)."""
    out = []
    for c in _cs_top.children():
        t = type(c).__name__
        if t == "RegNode" and not c.is_array:
            out.append((c.inst_name, f"0x{c.raw_address_offset:04X}", c.inst_name, c.inst_name, c, None))
        elif t == "RegNode":
            base, dim, stride = rdl_load.array(c)
            out.append((c.inst_name, f"0x{base:04X}+0x{stride:X}*n", f"{c.inst_name}[n]", c.inst_name, c,
                        (c.inst_name, base, stride, dim)))
        else:
            for r in c.children():
                kn = f"{c.inst_name}_{r.inst_name}"
                if c.is_array:
                    base, dim, stride = rdl_load.array(c)
                    out.append((kn, f"0x{base:04X}+0x{stride:X}*n+0x{r.raw_address_offset:X}", f"{kn}[n]", kn, r,
                                (c.inst_name, base, stride, dim)))
                else:
                    a = c.raw_address_offset + r.raw_address_offset
                    out.append((kn, f"0x{a:04X}", kn, kn, r, None))
    return out


def _cs_kind(name):
    return [k for k in CS.KINDS if k.name == name][0]


def _cs_fields(reg):
    """[(name, lsb, width (max), width expression or None, access, reset, desc)]"""
    return [(f.inst_name, f.lsb, f.width, f.get_property("pmu_width", default=None), _cs_access(f),
             f.get_property("reset"), f.get_property("desc") or "") for f in reg.fields()]


def gen_cs_h():
    P = CS.prefix
    o = [f"/* Generated by util/regmap.py from {CS_SRC} -- do not edit.",
         " * The CoreSight PMU view of pmu_core (VIEW=1): byte offsets of its registers,",
         " * their fields and values (docs/cs_regmap.md); the decode and bus rules are",
         " * cmodel/pmu_cs_regdec.h. */",
         f"#ifndef {P}_REGS_H", f"#define {P}_REGS_H", "",
         f"#define {P}_PAGE0 0x0000u   /* configuration page */",
         f"#define {P}_PAGE1 0x1000u   /* counters and overflow status */",
         f"#define {P}_NATIVE_PAGE 0x{CS_NATIVE_PAGE:04X}u   /* the native register map (cmodel/pmu_regs.h offsets) in this view */",
         f"#define {P}_CC_IDX {CS_CC_IDX}u   /* the cycle counter's counter number */"]
    arrays = {}
    for _, _, _, _, _, arr in cs_regs():
        if arr:
            arrays.setdefault(arr[0], arr)
    nmax = {d for _, _, _, d in arrays.values()}
    if len(nmax) == 1:
        o.append(f"#define {P}_NC_MAX {nmax.pop()}u   /* elements of the counter arrays (event counters n < NC) */")
    o.append("")
    o.append("/* register offsets (bytes); n: the event counter */")
    done = set()
    for cname, _, _, _, node, arr in cs_regs():
        if arr is None:
            k = _cs_kind(cname)
            o.append(f"#define {P}_{cname} 0x{k.base:04X}u")
            continue
        an, base, stride, dim = arr
        if an not in done:
            done.add(an)
            o.append(f"#define {P}_{an}_BASE 0x{base:04X}u")
            o.append(f"#define {P}_{an}_STRIDE 0x{stride:X}u")
        off = node.raw_address_offset if cname != an else 0
        o.append(f"#define {P}_{cname}(n) ({P}_{an}_BASE + (unsigned)(n) * {P}_{an}_STRIDE"
                 + (f" + 0x{off:X}u)" if off else ")"))
    o += ["", "/* fields: LSB, width (the maximum of a parameter-wide field), mask (at that width) */"]
    for cname, _, _, kname, node, _ in cs_regs():
        fl = _cs_fields(node)
        o.append(f"#define {P}_{cname}_FIELDS 0x{sum(((1 << w) - 1) << l for _, l, w, *_ in fl):08X}u")
        for fn, lsb, w, wx, *_ in fl:
            o.append(f"#define {P}_{cname}_{fn}_LSB {lsb}u")
            o.append(f"#define {P}_{cname}_{fn}_W {w}u" + (f"   /* configured: {wx} */" if wx else ""))
            o.append(f"#define {P}_{cname}_{fn}_MASK 0x{((1 << w) - 1) << lsb:08X}u")
    o += ["", "/* values of the constant registers (identification) */"]
    for cname, _, _, kname, _, _ in cs_regs():
        k = _cs_kind(kname)
        if k.const is not None:
            o.append(f"#define {P}_{cname}_VALUE 0x{k.const:08X}u")
    o += [""] + gen_values_h(cs_value_regs(), P, CS_SRC) + ["", "#endif", ""]
    return "\n".join(o)


def cs_bus_items():
    """The view's bus rules (docs/cs_regmap.md): [(item, [sub-items])]."""
    arrs = {}
    for k in CS.KINDS:
        if k.arr:
            arrs.setdefault(k.count, [])
            if k.arr not in arrs[k.count]:
                arrs[k.count].append(k.arr)
    cnt = "; ".join(f"{_join(a)} element n >= {c}" for c, a in arrs.items())
    ur = []
    for k in CS.KINDS:
        if k.user == "read_uen":
            n = (f"{k.arr}[n]" if k.name == k.arr else f"{k.name}[n]") if k.arr else k.name
            ur.append(n)
    rw = [k.name for k in CS.KINDS if k.user == "rw"]
    return [("RAZ/WI (reads 0, writes ignored, no PSLVERR): a word-aligned address inside the view's span "
             f"(0x0000..0x{CS.span - 1:04X}) that holds no register, and an element of an array at or above "
             f"its count ({cnt})", []),
            ("PSLVERR=1, nothing written and PRDATA=0 for:",
             ["a misaligned address (PADDR[1:0] != 0)",
              f"an address at or above the span (0x{CS.span:04X}..0x{(1 << CS.AW) - 1:04X} of the "
              f"{1 << CS.AW - 10} KiB window of rtl/{CS.module}.v)",
              "a write whose PSTRB is not 4'b1111",
              "an unprivileged (PPROT[0]=0) read or write, except reads of " + _join(ur) +
              " while the native GCTL.UEN=1 (uen_i)" + (" and reads and writes of " + _join(rw) if rw else "") +
              "; an unprivileged access to a RAZ/WI word answers PSLVERR too"]),
            ("Writes to read-only registers and fields are ignored. Reserved bits read 0, and so do the bits of "
             "a parameter-wide field above its configured width (the read mux masks them).", [])]


def gen_cs_md():
    top = _cs_top
    o = ["# pmu-ip CoreSight PMU register view", "",
         f"Generated by `util/regmap.py` from `{CS_SRC}` (SystemRDL) -- do not edit. "
         + (top.get_property("desc") or "").rstrip(".") + ". "
         f"The register block is `rtl/{CS.module}.v` and its C decode `cmodel/pmu_cs_regdec.h` "
         "(`util/regblock.py`); the offsets, fields and values for C are `cmodel/pmu_cs_regs.h`. "
         "Every register is 32 bits and word aligned. Every register that is not a constant is `external`: "
         "pmu_core stores the state (its description says which native state it is) and the register "
         "block gives the decode, the bus rules, a write strobe and a read value input. "
         f"The native register map (`docs/regmap.md`) is the page at 0x{CS_NATIVE_PAGE:04X} of this view.", "",
         "Bus rules (APB4, zero wait states, PREADY=1; the CoreSight architecture's, `pmu_raz`):", ""]
    for it, sub in cs_bus_items():
        o.append(f"- {it}")
        o += [f"  - {x}" for x in sub]
    o += ["", "Access: RO read-only, RW read/write, W1S write 1 to set, W1C write 1 to clear, W1P write-1 pulse "
          "(reads 0). Privilege (PPROT[0]=1 is privileged):", ""]
    for lb, d in PRIV_LEGEND[:2]:
        o.append(f"- `{lb}`: {d}")
    o += ["", "Field widths written as an expression (`NC`, `2*NT`, `CW-32`) depend on the core's parameters: "
          "the bits above that width read 0 and are not written.", "",
          "| offset | name | access | privilege | reset | description |", "|---|---|---|---|---|---|"]
    for cname, offs, dname, kname, node, arr in cs_regs():
        k = _cs_kind(kname)
        fl = _cs_fields(node)
        accs = {f[4] for f in fl}
        acc = accs.pop() if len(accs) == 1 else "RW"
        if k.const is not None:
            acc, rst = "RO (constant)", f"0x{k.const:08X}"
        elif any(f[5] is None for f in fl):
            rst = "build-time (pmu_value)"
        else:
            rst = f"0x{sum(f[5] << f[1] for f in fl):08X}"
        desc = node.get_property("desc") or ""
        if arr:
            desc = desc.rstrip(".") + f"; elements n >= {k.count} are RAZ/WI"
        o.append(f"| {offs} | {dname} | {acc} | {PRIV[USER_CODE[k.user]]} | {rst} | {desc} |")
        for fn, lsb, w, wx, facc, frst, fdesc in fl:
            if wx is None:
                bits = f"[{lsb + w - 1}:{lsb}]" if w > 1 else f"[{lsb}]"
            else:
                bits = f"[{wx}-1:0]" if lsb == 0 else f"[{lsb}+{wx}-1:{lsb}]"
            r = "" if frst is None else f"0x{frst:X}"
            o.append(f"| | `{fn}` {bits} | {facc} | | {r} | {fdesc} |")
    o += ["", "Regfile arrays: " + "; ".join(
        f"{c.inst_name}[n] (0x{c.raw_address_offset:04X}+0x{c.array_stride:X}*n, n < {_cs_kind(c.inst_name + '_' + list(c.children())[0].inst_name).count}): "
        + (c.get_property("desc") or "").rstrip(".")
        for c in _cs_top.children() if type(c).__name__ == "RegfileNode" and c.is_array) + ".",
          "", "Other regfiles: " + "; ".join(
        f"{c.inst_name} (0x{c.raw_address_offset:04X}): " + (c.get_property("desc") or "").rstrip(".")
        for c in _cs_top.children() if type(c).__name__ == "RegfileNode" and not c.is_array) + ".", ""]
    return "\n".join(o)


OUTPUTS = {"cmodel/pmu_regs.h": gen_h, "docs/regmap.md": gen_md,
           "cmodel/pmu_cs_regs.h": gen_cs_h, "docs/cs_regmap.md": gen_cs_md}
for _rel, _text in rdl_load.exports(_top, "pmu").items():
    OUTPUTS[_rel] = (lambda t=_text: t)

BEGIN_MARK = "// BEGIN pmu regmap defines (generated by util/regmap.py; do not edit)"
END_MARK = "// END pmu regmap defines"


inline_block, used_defines, subset_block = rdl_load.inline_block, rdl_load.used_defines, rdl_load.subset_block
sync, same_names_same_values = rdl_load.sync, rdl_load.same_names_same_values


def _value_blocks(text):
    """text with its pmu_value blocks regenerated: the native map's (values_block)
    and, where the file has its markers, the CoreSight view's (cs_values_block)."""
    return cs_values_block(values_block(text))


def inline_outputs(begin=BEGIN_MARK, end=END_MARK, gen=None, rtl_dir="rtl"):
    """{relative path: generator} of every RTL file with the define markers
    (and its pmu_value blocks, values_block and cs_values_block); an RTL file
    with the pmu_cs value markers but no define block gets that block alone."""
    out = rdl_load.inline_outputs(begin, end, gen, rtl_dir, before=_value_blocks)
    for rel, fn in rdl_load.inline_outputs(CS_VALUES_BEGIN, CS_VALUES_END, gen_cs_values_v, rtl_dir).items():
        if rel not in out:
            out[rel] = (lambda rel=rel: cs_values_block(_read(rel)))
    return out


def _read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()

def main():
    check = "--check" in sys.argv[1:]
    outputs = dict(OUTPUTS)
    outputs.update(inline_outputs(gen=gen_vh))
    outputs.update(regblock.OUTPUTS)
    outputs[README] = readme_text
    outputs[SECURITY] = security_text
    bad = sync(outputs, check)
    if check:
        with open(os.path.join(ROOT, "cmodel", "pmu_regdec.h")) as f:
            regdec = f.read()
        md = gen_md()
        priv = check_privilege(md, regdec)
        # ... and the check itself catches a register missing from the column
        # and a wrong rule (a user-accessible register shown as privileged)
        yt = kind_names()["YRING3"]
        priv += check_privilege("\n".join(ln for ln in md.splitlines() if f"| {yt} |" not in ln), regdec, True) == 0
        assert f"| {yt} | RW | {PRIV[3]} |" in md
        priv += check_privilege(md.replace(f"| {yt} | RW | {PRIV[3]} |", f"| {yt} | RW | {PRIV[0]} |"),
                                regdec, True) == 0
        outputs["(privilege column = the register block's pmu_user rules)"] = None
        bad += 1 if priv else 0
        # docs/security.md's access table states every kind's rule ...
        tab = gen_security_table()
        sec = check_security(tab, regdec)
        # ... and the check itself catches a wrong cell (another thread's ring-3
        # channel shown reachable), a register assigning threads shown as user
        # writable, and a missing row
        row3 = [ln for ln in tab.splitlines() if ln.startswith("| YCH3[i]: ESV")]
        rowt = [ln for ln in tab.splitlines() if ln.startswith("| YTHR0, YTHR3 |")]
        sec += len(row3) != 1 or len(rowt) != 1
        if not sec:
            sec += check_security(tab.replace(row3[0], row3[0].replace("| R/W | R/W | PSLVERR |", "| R/W | R/W | R/W |")),
                                  regdec, True) == 0
            sec += check_security(tab.replace(rowt[0], rowt[0].replace("| R/W | PSLVERR | PSLVERR |", "| R/W | R/W | PSLVERR |")),
                                  regdec, True) == 0
            sec += check_security(tab.replace(rowt[0] + "\n", ""), regdec, True) == 0
        outputs[f"({SECURITY} access table = the register block's rules)"] = None
        bad += 1 if sec else 0
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
