"""The register blocks' model for util/regblock.py: the kinds of a compiled
SystemRDL map (one register, or one register of every element of an array,
with its address, count, presence, access, pmu_user / pmu_uen / pmu_wide
rules and field masks; util/regblock.py's docstring has the whole list) and
the Block of each APB register block (the native map, the CoreSight view).
The generators util/regblock_v.py (Verilog), util/regblock_c.py (C) and
util/regblock_dc.py (the distributed counters' decodes) read these tables only.

Imports rdl_load only.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import rdl_load  # noqa: E402

ADDR_BITS = 12         # 4 KiB window; PADDR bits above this are not decoded
AW = ADDR_BITS


def _prop(node, name):
    """A pmu_* property of node or of the nearest parent that sets it."""
    while node is not None and type(node).__name__ != "RootNode":
        try:
            v = node.get_property(name, default=None)
        except LookupError:
            v = None
        if v is not None:
            return v
        node = node.parent
    return None


def _sw(f):
    return f.get_property("sw").name   # r, rw, w, na


def _external(node):
    while type(node).__name__ in ("RegNode", "RegfileNode"):
        if node.external:
            return True
        node = node.parent
    return False


class Kind:
    def __init__(self, reg, name, base, stride, off, dim, arr, wmax, window=False):
        self.window = window   # a whole array element decoded elsewhere (pmu_window)
        self.wmax = wmax
        self.name = name
        self.port = name.lower()
        self.base, self.stride, self.off, self.dim, self.arr = base, stride, off, dim, arr
        self.count = _prop(reg, "pmu_count") if dim > 1 else None
        self.present = _prop(reg, "pmu_present")
        self.inert = _prop(reg, "pmu_inert")
        self.user = _prop(reg, "pmu_user")
        self.uen = bool(_prop(reg, "pmu_uen"))
        self.wide = _prop(reg, "pmu_wide")
        self.rdgate = bool(_prop(reg, "pmu_rdgate")) and arr is not None
        self.external = _external(reg)
        fl = list(reg.fields()) if not window else []
        self.readable = any(_sw(f) in ("r", "rw") for f in fl)
        self.writable = any(_sw(f) in ("w", "rw") for f in fl)
        self.const = None
        if fl and all(_sw(f) == "r" and f.get_property("hw").name == "na" for f in fl):
            self.const = sum((f.get_property("reset") or 0) << f.lsb for f in fl)
        # masks at the maximum width; pexpr: {mask name: [(lsb, width expression)]}
        # for the fields whose width is a parameter expression (pmu_width)
        m = dict(rmask=0, rw=0, w1c=0, w1s=0, ro=0, hwset=0, hwclr=0, reset=0)
        self.pexpr = {k: [] for k in m}
        for f in fl:
            wx = f.get_property("pmu_width", default=None)
            w = wmax[wx] if wx is not None else f.width
            bits = ((1 << w) - 1) << f.lsb
            sw, ow = _sw(f), f.get_property("onwrite")
            ow = ow.name if ow is not None else None
            kinds_of = []
            if sw in ("r", "rw"):
                kinds_of.append("rmask")
            if sw == "rw":
                kinds_of.append({"woclr": "w1c", "woset": "w1s"}.get(ow, "rw"))
            if sw == "r" and f.get_property("hw").name != "na":
                kinds_of.append("ro")
            if sw == "rw" and f.get_property("hwset"):
                kinds_of.append("hwset")
            if sw == "rw" and f.get_property("hwclr"):
                kinds_of.append("hwclr")
            for k in kinds_of:
                m[k] |= bits
                if wx is not None:
                    self.pexpr[k].append((f.lsb, wx))
            m["reset"] |= ((f.get_property("reset") or 0) << f.lsb) & bits
        for k, v in m.items():
            setattr(self, k, v)
        # (lsb, width, largest legal value) of the fields with pmu_max: a
        # write of a larger value answers PSLVERR and changes nothing
        self.vmax = [(f.lsb, f.width, f.get_property("pmu_max")) for f in fl
                     if _sw(f) in ("rw", "w") and f.get_property("pmu_max", default=None) is not None]
        # (lsb, width, largest value an unprivileged write may set) of the
        # fields with pmu_user_max: a larger one from user code answers PSLVERR
        self.umax = [(f.lsb, f.width, f.get_property("pmu_user_max")) for f in fl
                     if _sw(f) in ("rw", "w") and f.get_property("pmu_user_max", default=None) is not None]
        self.store = 0 if self.external else (self.rw | self.w1c | self.w1s)
        if self.user not in (None, "read_uen", "rw", "own"):
            sys.exit(f"regblock: {reg.get_path()}: pmu_user {self.user!r} is not read_uen, rw or own")
        if self.user == "own" and arr is None and (self.external and self.writable or self.rw):
            # an own register's unprivileged write is masked to the owned bits:
            # only a W1C/W1S field keeps the other bits by writing 0 to them
            sys.exit(f"regblock: {reg.get_path()}: a pmu_user=own register must be stored and its writable fields W1C/W1S")
        if self.wide not in (None, "lo", "hi"):
            sys.exit(f"regblock: {reg.get_path()}: pmu_wide {self.wide!r} is not lo or hi")
        if self.wide and not self.external and self.store:
            sys.exit(f"regblock: {reg.get_path()}: a 64-bit (pmu_wide) register that software writes must be external")
        if dim > 1 and not self.count:
            sys.exit(f"regblock: {reg.get_path()}: an array needs pmu_count")
        # the register's element value: 64 bits for a LO half, else 32
        self.rw_bits = 64 if self.wide == "lo" else 32
        # a read input port: an external readable register (not a HI half:
        # the shadow), or the hardware-driven read-only bits of a stored one
        if self.external:
            self.has_rd = self.readable and self.wide != "hi"
        else:
            self.has_rd = self.ro != 0 and self.const is None and self.wide != "hi"
        # a write strobe: writable and not a HI half (the stage takes it)
        self.has_we = self.writable and self.wide != "hi"
        if window:
            self.readable = self.writable = True
            self.has_rd = self.has_we = False

    def vmask(self, which):
        """Verilog expression of a mask: the fixed-width fields' bits, plus
        each parameter-wide field (pmu_width) at its parameter width."""
        if not self.pexpr[which]:
            return f"32'h{getattr(self, which):08X}"
        e = f"32'h{self._static(which):08X}"
        for lsb, wx in self.pexpr[which]:
            e += f" | (({{32{{1'b1}}}} >> (32 - ({wx}))) << {lsb})"
        return f"({e})"

    def _static(self, which):
        """Bits of a mask that belong to fixed-width fields."""
        v = getattr(self, which)
        for lsb, wx in self.pexpr[which]:
            w = self.wmax[wx]
            v &= ~(((1 << w) - 1) << lsb)
        return v

def kinds(top, wmax):
    """Every kind under top (an addrmap or regfile), in address order, and the
    arrays (name, base, stride, dim, count, present) they belong to. A regfile
    array with pmu_window is one kind per element (any offset inside it): its
    registers are decoded by a decode of their own (kinds of the regfile).
    A regfile that is not an array is one kind per register, named
    <regfile>_<register> (PMCCNTR_LO), at the regfile's offset + the register's."""
    out, arrays = [], []
    for c in top.children():
        t = type(c).__name__
        if not c.is_array:
            if t == "RegfileNode":
                for r in c.children():
                    if type(r).__name__ != "RegNode" or r.is_array:
                        sys.exit(f"regblock: {r.get_path()}: a regfile that is not an array holds registers only")
                    out.append(Kind(r, f"{c.inst_name}_{r.inst_name}", c.raw_address_offset + r.raw_address_offset,
                                    0, 0, 1, None, wmax))
                continue
            if t != "RegNode":
                sys.exit(f"regblock: {c.get_path()}: only registers, regfiles and arrays are supported")
            out.append(Kind(c, c.inst_name, c.raw_address_offset, 0, 0, 1, None, wmax))
            continue
        base, dim, stride = rdl_load.array(c)
        if stride & (stride - 1):
            sys.exit(f"regblock: {c.get_path()}: the array stride must be a power of two")
        arrays.append((c.inst_name, base, stride, dim, _prop(c, "pmu_count"), _prop(c, "pmu_present")))
        if t == "RegNode":
            out.append(Kind(c, c.inst_name, base, stride, 0, dim, c.inst_name, wmax))
            continue
        if c.get_property("pmu_window", default=False):
            out.append(Kind(c, c.inst_name, base, stride, None, dim, c.inst_name, wmax, window=True))
            continue
        stem = re.sub(r"\d+$", "", c.inst_name) + "_"
        for r in c.children():
            if type(r).__name__ != "RegNode":
                sys.exit(f"regblock: {r.get_path()}: a nested array needs pmu_window on its parent")
            rn = r.inst_name[len(stem):] if r.inst_name.startswith(stem) else r.inst_name
            out.append(Kind(r, f"{c.inst_name}_{rn}", base, stride, r.raw_address_offset, dim, c.inst_name, wmax))
    return out, arrays


PAGE = 0x1000   # a pmu_raz map's span is a whole number of 4 KiB pages


class Block:
    """One APB register block (rtl/<module>.v, cmodel/<prefix>_regdec.h) of
    one address map: regs/<rdl_file>, addrmap top_name, decoding addr_bits of
    PADDR. Its tables are the generators' only input (gen_v(b), gen_c(b)).

    pmu_raz (addrmap property): RAZ/WI for the aligned words of the map's span
    (its size rounded up to 4 KiB pages) that select no kind; PSLVERR only for
    misaligned, out-of-span, partial-write and refused unprivileged accesses.
    mask_ext: an external register's read value is masked with its readable
    fields at their configured widths (pmu_width), not their maximum widths;
    those width expressions' parameters become the module's."""

    def __init__(self, rdl_file, top_name, module, prefix, addr_bits, what, mask_ext=False, hold=False):
        self.hold = hold   # a hold_i input: the access phase waits while 1 (pmu_core's CSR port writes)
        self.rdl_file, self.top_name, self.module, self.prefix, self.what = rdl_file, top_name, module, prefix, what
        self.lower = prefix.lower()   # C names: <lower>_reg_decode, ...
        self.ADDR_BITS = self.AW = addr_bits
        self.TOP = rdl_load.compile_rdl(rdl_file, top_name)
        if self.TOP.size > (1 << addr_bits):
            sys.exit(f"regblock: regs/{rdl_file} spans 0x{self.TOP.size:X} bytes, more than the {1 << addr_bits}-byte window")
        self.raz = bool(self.TOP.get_property("pmu_raz", default=False))
        self.span = -(-self.TOP.size // PAGE) * PAGE if self.raz else 1 << addr_bits
        self.mask_ext = mask_ext
        self.KINDS, self.ARRAYS = kinds(self.TOP, rdl_load.width_max(self.TOP))
        ks = self.KINDS
        # pmu_user=own: arrays whose elements belong to threads, registers whose bits do
        self.OWN_ARRAYS = sorted({k.arr for k in ks if k.user == "own" and k.arr is not None})
        self.OWN_REGS = [k for k in ks if k.user == "own" and k.arr is None]
        for a in self.OWN_ARRAYS:
            if any(k.user != "own" for k in ks if k.arr == a):
                sys.exit(f"regblock: {a}: pmu_user=own applies to a whole array (its elements belong to threads)")
        self.PARAMS = sorted({p for k in ks
                              for e in [k.count, k.present, k.inert]
                              + [wx for m in ("rw", "w1c", "w1s") for _, wx in k.pexpr[m] if k.store]
                              + [wx for _, wx in k.pexpr["rmask"] if mask_ext and k.external and k.has_rd]
                              if e
                              for p in re.findall(r"[A-Z_][A-Z0-9_]*", e)})
        self.NE_MAX = max(k.dim for k in ks)
        for k in ks:
            if k.dim > 1 and k.store and (k.hwset or k.hwclr):
                sys.exit(f"regblock: {k.name}: hardware set/clear of a stored array register is not supported")
        self.wide = any(k.wide for k in ks)          # the read shadow / write stage
        self.own = bool(self.OWN_ARRAYS or self.OWN_REGS)
        self.ptid = self.wide or self.own            # ptid_i: tags the shadow, selects the own_* inputs
        self.native = module == "pmu_apb"

    def rmask_v(self, k):
        """Verilog read mask of external kind k."""
        return k.vmask("rmask") if self.mask_ext else f"32'h{k.rmask:08X}"


# The native map (regs/pmu.rdl: rtl/pmu_apb.v, cmodel/pmu_regdec.h) and its
# tables under their historical module-level names (util/regmap.py, sim/)
NATIVE = Block("pmu.rdl", "pmu", "pmu_apb", "PMU", ADDR_BITS, "pmu_core", hold=True)
TOP = NATIVE.TOP   # the compiled map (util/regmap.py writes its other outputs)
KINDS, ARRAYS = NATIVE.KINDS, NATIVE.ARRAYS
OWN_ARRAYS, OWN_REGS = NATIVE.OWN_ARRAYS, NATIVE.OWN_REGS
PARAMS, NE_MAX = NATIVE.PARAMS, NATIVE.NE_MAX
# The CoreSight PMU view (regs/pmu_cs.rdl, pmu_raz): page 0 at 0x0000, page 1
# at 0x1000 of a 16 KiB window (the native map is the page at 0x2000, outside
# this block's span: pmu_core routes it to pmu_apb)
CS_ADDR_BITS = 14
CS = Block("pmu_cs.rdl", "pmu_cs", "pmu_cs_apb", "PMU_CS", CS_ADDR_BITS,
           "pmu_core's CoreSight PMU view", mask_ext=True)
BLOCKS = [NATIVE, CS]


def _cexpr(e):
    """A parameter expression in C: the parameters are fields of *p."""
    return re.sub(r"([A-Z_][A-Z0-9_]*)", r"p->\1", e)


def _log2(x):
    return x.bit_length() - 1



USER_CODE = {None: 0, "read_uen": 1, "rw": 2, "own": 3}   # pmu_user -> PMU_KIND[].user
