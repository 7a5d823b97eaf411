"""The FLOP class (seed 003): its sub-events (EM bits), register-size codes,
instruction types and FTYPE.MAIN codes; which sub-event and which types a
retired instruction and a MAIN code select; and the "FLOP class" section of
docs/regmap.md. The define blocks and cmodel/pmu_regs.h take their FLOP
macros from these tables (util/regmap_defines.py).

Part of the register generator util/regmap.py (layering: its docstring).
Imports nothing of the generator.
"""

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


def types_mask(code):
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


def flop_md():
    """The "FLOP class" section of docs/regmap.md (its lines)."""
    o = []
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
    return o
