#!/usr/bin/env python3
"""Register-block generator of pmu-ip: the bus side of every register, from
the SystemRDL description (regs/*.rdl), in Verilog-2005 and in C.

A "kind" is one register of the map, or one register of every element of
an array (reg array or regfile array). For each kind the RDL gives:
  address   base (+ stride * n + offset for arrays), n < count
  count     pmu_count: the parameter expression of the decoded elements
  present   pmu_present: the parameter expression that maps the kind
  access    from its fields: readable (some field sw=r/rw), writable (some
            field sw=w/rw), a constant (every field sw=r, hw=na: the reset
            value), the read mask (readable fields at their maximum width;
            every other bit reads 0)
  user      pmu_user: "read_uen" (unprivileged reads while UEN=1), "rw", or
            "own" (what the issuing hardware thread owns: own_* inputs)
  uen       pmu_uen: an unprivileged read also needs UEN
  wide      pmu_wide: "lo" / "hi" half of a 64-bit value, through the one
            shared read shadow and write stage

From that it writes
  rtl/pmu_apb.v         the APB4 register block of pmu_core: setup-phase
                        decode registered (one flip-flop per kind, one shared
                        element index), PSLVERR/PPROT rules, AND-OR read mux
                        with reserved bits forced to 0, LO/HI shadow and
                        stage, one write strobe per kind and element
  cmodel/pmu_regdec.h   the same decode for the C model: kind enum, kind
                        table and decode/error functions
  rtl/pmu_cs_apb.v, cmodel/pmu_cs_regdec.h
                        the same for the CoreSight PMU view (regs/pmu_cs.rdl,
                        module pmu_cs_apb, C prefix PMU_CS_/pmu_cs_): every
                        register external or constant, the pmu_raz bus rules
                        (RAZ/WI for the unmapped aligned words of the map's
                        span, PSLVERR only for misaligned, out-of-span,
                        partial-write and refused unprivileged accesses)

One Block (address map, module, C prefix, address bits) per register block;
gen_v(b) / gen_c(b) generate from its tables alone. The native block's tables
keep their module-level names (TOP, KINDS, ARRAYS, OWN_ARRAYS, OWN_REGS,
PARAMS, NE_MAX) for util/regmap.py and sim/. A block without pmu_wide kinds
has no read shadow / write stage (no wdata64_o), one without pmu_user=own and
pmu_wide kinds no ptid_i / own logic.

Field storage with a hardware side (W1C with hardware set, hardware
set/clear) uses the one field primitive rtl/pmu_reg_field.v.

  util/regblock.py            regenerate
  util/regblock.py --check    exit 1 if a committed output is stale
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


# ------------------------------------------------------------------ Verilog
def gen_v(b=None):
    b = b or NATIVE
    KINDS, ARRAYS, OWN_ARRAYS, OWN_REGS, PARAMS, AW = b.KINDS, b.ARRAYS, b.OWN_ARRAYS, b.OWN_REGS, b.PARAMS, b.AW
    nk = len(KINDS)
    o = ["// SPDX-License-Identifier: Apache-2.0",
         "`timescale 1ns/1ps",
         f"// {b.module}: the APB4 register block of {b.what} (zero wait states).",
         f"// GENERATED by util/regblock.py from regs/{b.rdl_file} -- do not edit;",
         "// `make regmap` rewrites it and `make test` fails when it is stale.",
         "//",
         "// Decode: the setup-phase address is decoded into one select per",
         "// register kind (disjoint address ranges, no priority chain) and one",
         "// element index shared by the arrays, and registered, so the access",
         "// phase runs from flip-flops (APB holds PADDR/PWRITE/PSTRB/PPROT",
         "// stable from the setup into the access phase). The access phase is",
         "// the cycle after this slave's setup phase (PREADY is tied high)" +
         (";\n// hold_i=1 postpones it by a cycle (the core drives PREADY=0 then)." if b.hold else ".")]
    if not b.raz:
        o += ["// PSLVERR (no write, PRDATA=0): unmapped or misaligned address (also",
              "// array elements at or above their count and the registers of a",
              "// left-out block), a write whose PSTRB is not 4'hF, an unprivileged",
              "// (PPROT[0]=0) access other than the reads of the pmu_user=read_uen",
              "// registers while uen_i=1 and the accesses of pmu_user=rw registers,",
              "// a write of a value above a field's pmu_max (a reserved encoding).",
              "// Writes to read-only registers are ignored. Reserved bits read 0."]
    else:
        o += ["// Bus rules of the CoreSight architecture (pmu_raz): a word-aligned",
              f"// address inside the map's span (0x0..0x{b.span - 1:X}) that holds no register,",
              "// and an element of an array at or above its count, reads 0 and",
              "// ignores writes (RAZ/WI), without PSLVERR. PSLVERR (no write,",
              "// PRDATA=0) only for a misaligned address, an address at or above",
              f"// the span (0x{b.span:X}..0x{(1 << AW) - 1:X}), a write whose PSTRB is not 4'hF, an",
              "// unprivileged (PPROT[0]=0) access other than the reads of the",
              "// pmu_user=read_uen registers while uen_i=1" +
              (" and the accesses of pmu_user=rw registers." if any(k.user == "rw" for k in KINDS) else "."),
              "// Writes to read-only registers are ignored. Reserved bits read 0" +
              (",\n// and so do the bits of parameter-wide fields above their width." if b.mask_ext else ".")]
    if b.wide:
        o += ["// 64-bit values (pmu_wide): a LO read latches the high half into the",
              "// shared read shadow that HI reads return; a HI write loads the shared",
              "// write stage, a LO write commits {stage, wdata} (wdata64_o) and",
              "// clears the stage. Read-only LO halves latch but ignore writes."]
    o.append(f"module {b.module} #(")
    o.append(",\n".join(f"  parameter integer {p} = 1" for p in PARAMS))
    o.append(") (")
    ports = ["  input  wire        clk_i", "  input  wire        rst_ni",
             "  input  wire        psel_i", "  input  wire        penable_i", "  input  wire        pwrite_i",
             f"  input  wire [{AW - 1}:0] paddr_i", "  input  wire [31:0] pwdata_i",
             "  input  wire [3:0]  pstrb_i",
             "  /* verilator lint_off UNUSEDSIGNAL */",
             "  input  wire [2:0]  pprot_i,        // only PPROT[0] (privileged) is used",
             "  /* verilator lint_on UNUSEDSIGNAL */",
             "  output wire        pready_o", "  output reg  [31:0] prdata_o", "  output wire        pslverr_o",
             "  input  wire        uen_i,          // user-read enable (GCTL.UEN)"]
    if b.hold:
        ports.append("  input  wire        hold_i,         // the access phase waits while 1 (pmu_core: PREADY=0, a CSR-port write)")
    if b.ptid:
        ports.append("  input  wire [2:0]  ptid_i          // issuing hardware thread (tags the read shadow; the own_* inputs are of this thread)")
    ports.append("  output wire [31:0] wdata_o")
    if b.wide:
        ports.append("  output wire [63:0] wdata64_o     // {write stage, PWDATA}")
    ports.append("  /* verilator lint_off UNUSEDSIGNAL */  // reserved bits of the read values are not read")
    for k in KINDS:
        n = k.count
        if k.has_rd:
            w = f"[({n})*{k.rw_bits}-1:0]" if n else f"[{k.rw_bits - 1}:0]"
            ports.append(f"  input  wire {w} rd_{k.port}_i  // {k.name} read value"
                         + (f"s, element n at [n*{k.rw_bits} +: {k.rw_bits}]" if n else ""))
        if k.has_we and not k.store:
            w = f"[({n})-1:0] " if n else ""
            ports.append(f"  output wire {w}we_{k.port}_o  // {k.name} written" + (", element n at bit n" if n else ""))
        w = f"[({n})*32-1:0]" if n else "[31:0]"
        if k.store:
            ports.append(f"  output wire {w} {k.port}_q_o  // {k.name} stored fields")
        if k.store and k.hwset:
            ports.append(f"  input  wire {w} {k.port}_hwset_i  // {k.name} hardware set (wins)")
        if k.store and k.hwclr:
            ports.append(f"  input  wire {w} {k.port}_hwclr_i  // {k.name} hardware clear")
    for a in sorted({k.arr for k in KINDS if k.rdgate}):
        cnt = [x[4] for x in ARRAYS if x[0] == a][0]
        ports.append(f"  input  wire [({cnt})-1:0] rdgate_{a.lower()}_i  // {a}[n] reads 0 while bit n is 0 (pmu_rdgate)")
    for a in OWN_ARRAYS:
        cnt = [x[4] for x in ARRAYS if x[0] == a][0]
        ports.append(f"  input  wire [({cnt})-1:0] own_{a.lower()}_i  // {a}[n] belongs to thread ptid_i (pmu_user=own: else an unprivileged access answers PSLVERR)")
    for k in OWN_REGS:
        ports.append(f"  input  wire [31:0] own_{k.port}_i  // {k.name} bits of thread ptid_i (pmu_user=own: an unprivileged access reads and writes only these)")
    ports.append("  /* verilator lint_on UNUSEDSIGNAL */")
    # join with commas, leaving comment-only lines alone
    body = []
    real = [i for i, p in enumerate(ports) if not p.strip().startswith("/*")]
    for i, p in enumerate(ports):
        if p.strip().startswith("/*"):
            body.append(p)
            continue
        code, _, com = p.partition("//")
        code = code.rstrip().rstrip(",")
        sep = "," if i != real[-1] else ""
        body.append(f"{code}{sep}" + (f"  //{com}" if com else ""))
    o += body
    o.append(");")
    o.append(f"  localparam integer NK = {nk};")
    for i, k in enumerate(KINDS):
        o.append(f"  localparam integer K_{k.name} = {i};")
    # element index width and element count: the widest present array
    o.append("  localparam integer NE0 = 1;")
    for i, (_, _, _, _, c, p) in enumerate(ARRAYS):
        cnt = f"(({p}) != 0 ? ({c}) : 1)" if p else f"({c})"
        o.append(f"  localparam integer NE{i + 1} = {cnt} > NE{i} ? {cnt} : NE{i};")
    o.append(f"  localparam integer NE = NE{len(ARRAYS)};   // elements of the largest array")
    o.append("  localparam integer IW = NE > 1 ? $clog2(NE) : 1;")
    pres = ", ".join(f"({k.present}) != 0" if k.present else "1'b1" for k in reversed(KINDS))
    o.append(f"  localparam [NK-1:0] PRESENT = {{{pres}}};")
    inert = ", ".join(f"({k.inert}) != 0" if k.inert else "1'b0" for k in reversed(KINDS))
    o.append(f"  // mapped but inert (pmu_inert): reads 0, ignores writes, no select flip-flop")
    o.append(f"  localparam [NK-1:0] INERT = {{{inert}}};")
    o += ["",
          "  wire setup = psel_i & ~penable_i;",
          "  reg  setup_q;   // the access phase",
          "  always @(posedge clk_i or negedge rst_ni)",
          "    if (!rst_ni) setup_q <= 1'b0;",
          "    else         setup_q <= setup" + (" | (setup_q & hold_i);" if b.hold else ";"),
          "  wire acc = setup_q" + (" & ~hold_i;" if b.hold else ";"),
          f"  wire [{AW - 1}:0] a = paddr_i;",
          "",
          "  // ---- setup-phase decode"]
    o.append("  /* verilator lint_off UNUSEDSIGNAL */")
    for name, base, stride, dim, cnt, pres in ARRAYS:
        ls = _log2(stride)
        o.append(f"  wire [{AW - 1}:0] o_{name.lower()} = a - {AW}'h{base:03X};   // {name}[n] at 0x{base:03X} + 0x{stride:X}*n")
        o.append(f"  wire in_{name.lower()} = {'(' + pres + ' != 0) && ' if pres else ''}"
                 f"({{{{{32 - (AW - ls)}{{1'b0}}}}, o_{name.lower()}[{AW - 1}:{ls}]}} < ({cnt}));")
    o.append("  /* verilator lint_on UNUSEDSIGNAL */")
    o.append("  wire [NK-1:0] k_d;")
    for k in KINDS:
        pres = f"({k.present} != 0) && " if k.present else ""
        if k.arr is None:
            o.append(f"  assign k_d[K_{k.name}] = {pres}(a == {AW}'h{k.base:03X});")
        else:
            ls = _log2(k.stride)
            o.append(f"  assign k_d[K_{k.name}] = in_{k.arr.lower()} && "
                     f"(o_{k.arr.lower()}[{ls - 1}:0] == {ls}'h{k.off:X});")
    idx_terms = [f"({{IW{{in_{n.lower()}}}}} & o_{n.lower()}[{_log2(s)} +: IW])" for n, _, s, _, _, _ in ARRAYS]
    o.append("  wire [IW-1:0] idx_d = " + (" |\n                        ".join(idx_terms) if idx_terms else "{IW{1'b0}}") + ";")

    def any_of(pred):
        ks = [f"k_d[K_{k.name}]" for k in KINDS if pred(k)]
        return " | ".join(ks) if ks else "1'b0"

    vterms = [f"(k_d[K_{k.name}] & (pwdata_i[{l + w - 1}:{l}] > {w}'d{mx}))" for k in KINDS for l, w, mx in k.vmax]
    if vterms or not b.raz:
        o.append("  // a write of a reserved value of a field with pmu_max (PWDATA is valid in the setup phase)")
        o.append("  wire bad_val = pwrite_i & (" + (" |\n                          ".join(vterms) if vterms else "1'b0") + ");")
    uterms = [f"(k_d[K_{k.name}] & (pwdata_i[{l + w - 1}:{l}] > {w}'d{mx}))" for k in KINDS for l, w, mx in k.umax]
    if uterms or not b.raz:
        o.append("  // a value above a field's pmu_user_max, refused to unprivileged writes")
        o.append("  wire bad_uval = pwrite_i & (" + (" |\n                           ".join(uterms) if uterms else "1'b0") + ");")
    # pmu_user=own: the addressed element belongs to the issuing thread
    own_terms = [f"k_d[K_{k.name}]" for k in OWN_REGS]
    if b.own or not b.raz:
        o.append("  /* verilator lint_off UNUSEDSIGNAL */")
        for a in OWN_ARRAYS:
            cnt = [x[4] for x in ARRAYS if x[0] == a][0]
            o.append(f"  wire [31:0] own_{a.lower()}_x = {{{{(32-({cnt})){{1'b0}}}}, own_{a.lower()}_i}} >> idx_d;")
            own_terms.append(f"(in_{a.lower()} & own_{a.lower()}_x[0])")
        o.append("  /* verilator lint_on UNUSEDSIGNAL */")
    # the unprivileged rule: the native block keeps every term (constant 0
    # ones too); a pmu_raz block emits the terms its kinds use
    full = not b.raz
    has_r = any(k.user == "read_uen" for k in KINDS)
    has_rw = any(k.user == "rw" for k in KINDS)
    has_uen = any(k.uen for k in KINDS)
    if has_r or full:
        o.append(f"  wire user_r  = {any_of(lambda k: k.user == 'read_uen')};   // unprivileged reads while UEN=1")
    if has_rw or full:
        o.append(f"  wire user_rw = {any_of(lambda k: k.user == 'rw')};   // unprivileged reads and writes")
    if b.own or full:
        o.append(f"  wire user_own = {' | '.join(own_terms) or chr(48)};   // unprivileged reads and writes of the issuing thread's")
    if has_uen or full:
        o.append(f"  wire user_uen = {any_of(lambda k: k.uen)};   // unprivileged reads that also need UEN (pmu_uen)")
    ok = ([] if not (has_rw or full) else ["user_rw"]) + ([] if not (b.own or full) else ["user_own"]) + \
         ([] if not (has_r or full) else ["(~pwrite_i & uen_i & user_r)"])
    o += ["  wire priv    = pprot_i[0];",
          f"  wire user_ok = {' | '.join(ok) or chr(48)};"]
    uerr = ["~user_ok"] + (["(~pwrite_i & ~uen_i & user_uen)"] if has_uen or full else []) + \
           (["bad_uval"] if uterms or full else [])
    if not b.raz:
        o += ["  // a misaligned address matches no kind (every address bit is compared)",
              "  wire err_d   = ~|k_d | (pwrite_i & (pstrb_i != 4'hF)) | bad_val |",
              f"                 (~priv & ({' | '.join(uerr)}));"]
    else:
        span = [f"  wire in_span = a < {AW}'h{b.span:X};   // the map's {b.span // PAGE} pages"] if b.span < (1 << AW) else []
        o += ["  // pmu_raz: an aligned word of the span that selects no kind (no register,",
              "  // an array element at or above its count) reads 0 and ignores writes",
              "  // without PSLVERR (RAZ/WI); an unprivileged access to it answers PSLVERR"] + span + \
             ["  wire err_d   = (|a[1:0])" + (" | ~in_span" if span else "") + " | (pwrite_i & (pstrb_i != 4'hF))" +
              (" | bad_val" if vterms else "") + " |",
              f"                 (~priv & " + (f"({' | '.join(uerr)})" if len(uerr) > 1 else uerr[0]) + ");"]
    o += ["",
          "  // ---- the decode, registered (kinds a configuration leaves out are constant 0)",
          "  wire [NK-1:0] k_q;",
          "  genvar gk;",
          "  generate",
          "    for (gk = 0; gk < NK; gk = gk + 1) begin : g_k"]
    o += ["      if (PRESENT[gk] && !INERT[gk]) begin : g_ff",
          "        reg q;",
          "        always @(posedge clk_i or negedge rst_ni)",
          "          if (!rst_ni)    q <= 1'b0;",
          "          else if (setup) q <= k_d[gk];",
          "        assign k_q[gk] = q;",
          "      end else begin : g_none",
          "        assign k_q[gk] = 1'b0;",
          "      end",
          "    end",
          "  endgenerate",
          "  reg          err_q, wr_q;   // wr_q: a write without error"]
    # user_q: an unprivileged access (the shadow's tag, the own masks)
    uq = b.ptid
    if uq:
        o.append("  reg          user_q;        // an unprivileged access")
    o += ["  reg [IW-1:0] idx_q;",
          "  always @(posedge clk_i or negedge rst_ni)",
          "    if (!rst_ni) begin",
          "      err_q <= 1'b0; wr_q <= 1'b0; " + ("user_q <= 1'b0; " if uq else "") + "idx_q <= {IW{1'b0}};",
          "    end else if (setup) begin",
          "      err_q <= err_d; wr_q <= pwrite_i & ~err_d; " + ("user_q <= ~priv; " if uq else "") + "idx_q <= idx_d;",
          "    end",
          "",
          "  // ---- access phase",
          "  wire wr_ok = acc & wr_q;",
          "  wire rd_ok = acc & ~pwrite_i & ~err_q;"]
    if b.wide:
        o += ["  reg [31:0] rshadow_q, wstage_q;",
              "  // the read shadow's tag: who latched it ({unprivileged, thread}); an",
              "  // unprivileged HI read of a shadow another thread or privileged code",
              "  // latched reads 0",
              "  reg        sh_user_q;",
              "  reg [2:0]  sh_tid_q;",
              "  wire       sh_ok = ~user_q | (sh_user_q & (sh_tid_q == ptid_i));"]
    for k in OWN_REGS:
        o.append(f"  wire [31:0] own_m_{k.port} = user_q ? own_{k.port}_i : 32'hFFFFFFFF;   // {k.name}: the bits this access reaches")
    # read values
    lo = [k for k in KINDS if k.wide == "lo"]
    lo_terms = []
    for k in lo:
        v = f"rd_{k.port}_i[idx_q*64 +: 64]" if k.dim > 1 else f"rd_{k.port}_i"
        g = f" & rdgate_{k.arr.lower()}_i[idx_q*1 +: 1]" if k.rdgate else ""
        lo_terms.append(f"({{64{{k_q[K_{k.name}]{g}}}}} & {v})")
    if b.wide:
        o.append("  // value whose high half a LO read latches")
        o.append("  wire [63:0] lo_val = " + (" |\n                       ".join(lo_terms) if lo_terms else "64'd0") + ";")
    terms = []
    for k in KINDS:
        if not k.readable:
            continue
        m = f"32'h{k.rmask:08X}"
        if k.const is not None:
            terms.append(f"({{32{{k_q[K_{k.name}]}}}} & 32'h{k.const & k.rmask:08X})")
        elif k.wide == "hi":
            # a gated (pmu_rdgate) HI reads 0 too, whatever the shadow holds
            g = f" & rdgate_{k.arr.lower()}_i[idx_q*1 +: 1]" if k.rdgate else ""
            terms.append(f"({{32{{k_q[K_{k.name}]{g} & sh_ok}}}} & rshadow_q & {m})")
        elif k.wide == "lo":
            terms.append(f"({{32{{k_q[K_{k.name}]}}}} & lo_val[31:0] & {m})")
        elif k.external:
            v = f"rd_{k.port}_i[idx_q*32 +: 32]" if k.dim > 1 else f"rd_{k.port}_i"
            g = f" & rdgate_{k.arr.lower()}_i[idx_q*1 +: 1]" if k.rdgate else ""
            terms.append(f"({{32{{k_q[K_{k.name}]{g}}}}} & {v} & {b.rmask_v(k)})")
        else:   # stored fields and hardware-driven read-only fields
            sel = "[idx_q*32 +: 32]" if k.dim > 1 else ""
            v = []
            if k.store:
                v.append(f"{k.port}_q{sel}")
            if k.has_rd:
                v.append(f"(rd_{k.port}_i{sel} & 32'h{k.ro:08X})")
            om = f" & own_m_{k.port}" if k in OWN_REGS else ""
            terms.append(f"({{32{{k_q[K_{k.name}]}}}} & ({' | '.join(v)}) & {m}{om})")
    o.append("  // read data: AND-OR over the one-hot kinds, reserved bits 0")
    o.append("  wire [31:0] rdata = " + " |\n                      ".join(terms) + ";")
    if b.wide:
        o.append(f"  wire rd_lo = {' | '.join(f'k_q[K_{k.name}]' for k in lo) or chr(48)};")
        o.append(f"  wire wr_lo = {' | '.join(f'k_q[K_{k.name}]' for k in lo if k.writable) or chr(48)};")
        o.append(f"  wire wr_hi = {' | '.join(f'k_q[K_{k.name}]' for k in KINDS if k.wide == 'hi' and k.writable) or chr(48)};")
    o += ["  assign pready_o  = 1'b1;",
          "  assign pslverr_o = acc & err_q;",
          "  always @* prdata_o = rd_ok ? rdata : 32'd0;"]
    if b.wide:
        o += ["  always @(posedge clk_i or negedge rst_ni)",
              "    if (!rst_ni) begin",
              "      rshadow_q <= 32'd0;",
              "      wstage_q  <= 32'd0;",
              "      sh_user_q <= 1'b0; sh_tid_q <= 3'd0;",
              "    end else begin",
              "      if (rd_ok & rd_lo) begin",
              "        rshadow_q <= lo_val[63:32]; sh_user_q <= user_q; sh_tid_q <= ptid_i;",
              "      end",
              "      if (wr_ok & wr_hi) wstage_q  <= pwdata_i;",
              "      if (wr_ok & wr_lo) wstage_q  <= 32'd0;",
              "    end"]
    o.append("  assign wdata_o   = pwdata_i;")
    if b.wide:
        o.append("  assign wdata64_o = {wstage_q, pwdata_i};")
    o += ["",
          "  // ---- write strobes, one per kind and element"]
    o += ["  wire [NE-1:0] idx_hot;   // idx_q one-hot",
          "  genvar ge;",
          "  generate",
          "    for (ge = 0; ge < NE; ge = ge + 1) begin : g_idx",
          "      assign idx_hot[ge] = {{(32-IW){1'b0}}, idx_q} == ge;",
          "    end",
          "  endgenerate"]
    o.append("  /* verilator lint_off UNUSEDSIGNAL */   // strobes of a left-out block's registers")
    for k in KINDS:
        if not k.has_we:
            continue
        if k.dim == 1:
            o.append(f"  wire we_{k.port} = wr_ok & k_q[K_{k.name}];")
        else:
            o.append(f"  wire [({k.count})-1:0] we_{k.port} = {{({k.count}){{wr_ok & k_q[K_{k.name}]}}}} & idx_hot[({k.count})-1:0];")
        if not k.store:
            o.append(f"  assign we_{k.port}_o = we_{k.port};")
    o.append("  /* verilator lint_on UNUSEDSIGNAL */")
    if any(k.store for k in KINDS) or not b.raz:
        o += ["", "  // ---- stored registers: one pmu_reg_field per access type, reserved",
              "  // bits and bits of parameter-wide fields beyond their width are not",
              "  // flip-flops (MASK)"]
    for k in KINDS:
        if not k.store:
            continue
        n = k.count or "1"
        o += [f"  wire [({n})*32-1:0] {k.port}_q;",
              "  generate",
              f"    if (!PRESENT[K_{k.name}]) begin : g_no_{k.port}",
              f"      assign {k.port}_q = {{({n})*32{{1'b0}}}};",
              f"    end else begin : g_has_{k.port}",
              f"    for (ge = 0; ge < ({n}); ge = ge + 1) begin : g_st"]
        parts = []
        for acc, sw in (("rw", 0), ("w1c", 1), ("w1s", 2)):
            if not getattr(k, acc):
                continue
            we = f"we_{k.port}[ge]" if k.dim > 1 else f"we_{k.port}"
            hs = f"{k.port}_hwset_i[ge*32 +: 32] & {k.vmask('hwset')}" if k.hwset else "32'd0"
            hc = f"{k.port}_hwclr_i[ge*32 +: 32] & {k.vmask('hwclr')}" if k.hwclr else "32'd0"
            o += [f"      wire [31:0] q_{acc};",
                  f"      pmu_reg_field #(.W(32), .SW({sw}), .RESET(32'h{k.reset & getattr(k, acc):08X}), "
                  f".MASK({k.vmask(acc)})) u_{acc} (",
                  f"        .clk_i, .rst_ni, .we_i({we}), .wdata_i(pwdata_i{' & own_m_' + k.port if k in OWN_REGS else ''}),",
                  f"        .hwclr_i({hc}), .hwset_i({hs}), .q_o(q_{acc})",
                  "      );"]
            parts.append(f"q_{acc}")
        o += [f"      assign {k.port}_q[ge*32 +: 32] = {' | '.join(parts)};",
              "    end",
              "    end",
              "  endgenerate",
              f"  assign {k.port}_q_o = {k.port}_q;"]
    o.append("endmodule")
    o.append("")
    return "\n".join(o)


def c_decode(fn, ptype, P, ks, arrs, aw):
    """C function fn(p, a, &idx): the kind (P_K_*) of address a, as the RTL decodes it."""
    nd = (aw + 3) // 4
    o = [f"/* Kind of address a ({P}_K_NONE: unmapped); *idx: the array element. */",
         f"static inline int {fn}(const {ptype} *p, uint32_t a, unsigned *idx)",
         "{", f"    a &= 0x{(1 << aw) - 1:X}u;", "    *idx = 0;", "    (void)p;"]
    for name, base, stride, dim, cnt, pres in arrs:
        cond = f"a >= 0x{base:0{nd}X}u && (a - 0x{base:0{nd}X}u) / 0x{stride:X}u < ({_cexpr(cnt)})"
        if pres:
            cond = f"({_cexpr(pres)}) && " + cond
        o += [f"    if ({cond}) {{", f"        *idx = (a - 0x{base:0{nd}X}u) / 0x{stride:X}u;"]
        win = [k for k in ks if k.arr == name and k.window]
        if win:
            o += [f"        return {P}_K_{win[0].name};", "    }"]
            continue
        o.append(f"        switch ((a - 0x{base:0{nd}X}u) % 0x{stride:X}u) {{")
        o += [f"        case 0x{k.off:X}u: return {P}_K_{k.name};" for k in ks if k.arr == name]
        o += [f"        default: return {P}_K_NONE;", "        }", "    }"]
    o.append("    switch (a) {")
    for k in ks:
        if k.arr is None:
            v = f"({_cexpr(k.present)}) ? {P}_K_{k.name} : {P}_K_NONE" if k.present else f"{P}_K_{k.name}"
            o.append(f"    case 0x{k.base:0{nd}X}u: return {v};")
    o += [f"    default: return {P}_K_NONE;", "    }", "}", ""]
    return o


# ------------------------------------------------------------------ C
USER_CODE = {None: 0, "read_uen": 1, "rw": 2, "own": 3}   # pmu_user -> PMU_KIND[].user


def gen_c(b=None):
    b = b or NATIVE
    KINDS, ARRAYS, PARAMS, NE_MAX = b.KINDS, b.ARRAYS, b.PARAMS, b.NE_MAX
    P, lw = b.prefix, b.lower   # PMU / pmu, PMU_CS / pmu_cs
    nd = (b.AW + 3) // 4
    store = any(k.store for k in KINDS)
    if b.native:
        o = ["/* GENERATED by util/regblock.py from regs/pmu.rdl -- do not edit.",
             " * The register decode of pmu_core for C (the model and its benches): the same",
             " * kinds, address ranges, presence, privilege and read masks as rtl/pmu_apb.v. */",
             "#ifndef PMU_REGDEC_H", "#define PMU_REGDEC_H", "", "#include <stdint.h>", "#include \"pmu_reg_field.h\"", ""]
    else:
        o = [f"/* GENERATED by util/regblock.py from regs/{b.rdl_file} -- do not edit.",
             f" * The register decode of {b.what} for C: the same kinds, address",
             f" * ranges, privilege, read masks and bus rules as rtl/{b.module}.v",
             " * (kind table of the type of cmodel/pmu_regdec.h). */",
             f"#ifndef {P}_REGDEC_H", f"#define {P}_REGDEC_H", "", "#include <stdint.h>", "#include \"pmu_regdec.h\"", "",
             f"#define {P}_ADDR_BITS {b.AW}u   /* PADDR bits decoded */"]
        if b.raz:
            o.append(f"#define {P}_SPAN 0x{b.span:X}u   /* pmu_raz: the aligned words below it that hold no register are RAZ/WI; the others answer PSLVERR */")
        o.append("")
    o += [f"enum {lw}_kind {{", f"    {P}_K_NONE = -1,"]
    for k in KINDS:
        o.append(f"    {P}_K_{k.name},")
    o += [f"    {P}_NK", "};", "",
          "/* the parameters the decode depends on */",
          "typedef struct {"]
    for p in PARAMS:
        o.append(f"    unsigned {p};")
    o += [f"}} {lw}_dec_param;", ""]
    if b.native:
        o += ["typedef struct {",
              "    const char *name;",
              "    uint32_t base, stride, off, dim;",
              "    uint32_t rmask;       /* readable bits; the others read 0 */",
              "    uint8_t rd, wr;       /* sw readable / writable (writes to a read-only kind are ignored) */",
              "    uint8_t user;         /* 0 privileged only, 1 reads while UEN=1, 2 reads and writes,",
              "                           * 3 reads and writes of the issuing thread's elements / bits (own) */",
              "    uint8_t uen;          /* an unprivileged read also needs UEN (pmu_uen) */",
              "    uint8_t wide;         /* 0, 1 LO half, 2 HI half of a 64-bit value */",
              "    uint8_t is_const;",
              "    uint32_t value;       /* is_const: the value */",
              "    uint8_t external;     /* stored by the hardware that owns it, not by the register block */",
              "    /* stored fields by access type (maximum widths), hardware-driven read-only",
              "     * bits, fields with a hardware set / clear, reset value */",
              "    uint32_t rw, w1c, w1s, ro, hwset, hwclr, reset;",
              "} pmu_kind_info;", ""]
    else:
        o += [f"/* one row of {P}_KIND[]: the fields of pmu_kind_info (cmodel/pmu_regdec.h) */",
              f"typedef pmu_kind_info {lw}_kind_info;", ""]
    o += [f"#define {P}_NE_MAX {NE_MAX}u   /* elements of the largest array */", "",
          f"static const {'pmu' if b.native else lw}_kind_info {P}_KIND[{P}_NK] = {{"]
    for k in KINDS:
        o.append(f'    {{"{k.name}", 0x{k.base:0{nd}X}u, 0x{k.stride:X}u, 0x{k.off:X}u, {k.dim}u, 0x{k.rmask:08X}u, '
                 f'{int(k.readable)}, {int(k.writable)}, {USER_CODE[k.user]}, {int(k.uen)}, '
                 f'{dict([(None, 0), ("lo", 1), ("hi", 2)])[k.wide]}, {int(k.const is not None)}, '
                 f'0x{(k.const or 0):08X}u, {int(k.external)}, '
                 + ", ".join(f"0x{(getattr(k, m) if (k.store or m == 'ro') else 0):08X}u"
                             for m in ("rw", "w1c", "w1s", "ro", "hwset", "hwclr", "reset")) + "},")
    o += ["};", ""]

    def cmask(k, which):
        e = f"0x{k._static(which):08X}u"
        for lsb, wx in k.pexpr[which]:
            w = _cexpr(wx)
            e += f" | (((({w}) >= 32u) ? 0xFFFFFFFFu : ((1u << ({w})) - 1u)) << {lsb})"
        return e

    o += ["/* Elements of kind k this configuration decodes (0: not present). */",
          f"static inline unsigned {lw}_kind_count(const {lw}_dec_param *p, int k)", "{"]
    if not b.native:
        o.append("    (void)p;")
    o.append("    switch (k) {")
    for k in KINDS:
        cnt = _cexpr(k.count) if k.count else "1u"
        v = f"({_cexpr(k.present)}) ? {cnt} : 0u" if k.present else cnt
        if v != "1u":
            o.append(f"    case {P}_K_{k.name}: return {v};")
    o += ["    default: return 1u;", "    }", "}", ""]
    if b.mask_ext:
        o += ["/* The readable bits of kind k in this configuration (parameter-wide fields",
              f" * at their width), as rtl/{b.module}.v masks the read values. */",
              f"static inline uint32_t {lw}_kind_rmask(const {lw}_dec_param *p, int k)", "{", "    (void)p;", "    switch (k) {"]
        for k in KINDS:
            if k.pexpr["rmask"]:
                o.append(f"    case {P}_K_{k.name}: return {cmask(k, 'rmask')};")
        o += [f"    default: return {P}_KIND[k].rmask;", "    }", "}", ""]
    if store or b.native:
        o += ["/* The stored bits of kind k in this configuration (parameter-wide fields",
              " * at their width). */",
              f"static inline uint32_t {lw}_kind_smask(const {lw}_dec_param *p, int k)", "{", "    (void)p;", "    switch (k) {"]
        for k in KINDS:
            if k.store and any(k.pexpr[m] for m in ("rw", "w1c", "w1s")):
                o.append(f"    case {P}_K_{k.name}: return {' | '.join('(' + cmask(k, m) + ')' for m in ('rw', 'w1c', 'w1s') if getattr(k, m))};")
        o += [f"    default: return {P}_KIND[k].rw | {P}_KIND[k].w1c | {P}_KIND[k].w1s;", "    }", "}", "",
              "/* Next value of an element of stored kind k (rtl/pmu_reg_field.v per access",
              " * type): we/wd the software write of the element, hwclr/hwset its hardware side. */",
              f"static inline uint32_t {lw}_kind_next(const {lw}_dec_param *p, int k, uint32_t q, int we, uint32_t wd,",
              f"                                     {' ' * (len(lw) - 3)}uint32_t hwclr, uint32_t hwset)", "{",
              f"    const {'pmu' if b.native else lw}_kind_info *i = &{P}_KIND[k];",
              "    uint32_t n = (pmu_reg_field(q, PMU_SW_RW, we, wd, 0u, 0u) & i->rw) |",
              "                 (pmu_reg_field(q, PMU_SW_W1C, we, wd, 0u, 0u) & i->w1c) |",
              "                 (pmu_reg_field(q, PMU_SW_W1S, we, wd, 0u, 0u) & i->w1s);",
              "    n = (n & ~(hwclr & i->hwclr)) | (hwset & i->hwset);",
              f"    return n & {lw}_kind_smask(p, k);", "}", ""]
    o += c_decode(f"{lw}_reg_decode", f"{lw}_dec_param", P, KINDS, ARRAYS, b.AW)
    if b.raz:
        o += [f"/* 1: address a is a RAZ/WI word (pmu_raz): aligned, inside {P}_SPAN, no kind",
              " * (no register there, or an array element at or above its count). */",
              f"static inline int {lw}_raz(const {lw}_dec_param *p, uint32_t a)", "{",
              "    unsigned idx;",
              f"    a &= 0x{(1 << b.AW) - 1:X}u;",
              f"    return !(a & 3u) && a < {P}_SPAN && {lw}_reg_decode(p, a, &idx) == {P}_K_NONE;", "}", ""]
        o += [f"/* PSLVERR of an access to kind k ({P}_K_NONE: a RAZ/WI word or an error) at",
              f" * address a (the bus rules of rtl/{b.module}.v, pmu_raz): a misaligned address,",
              f" * one at or above {P}_SPAN, a partial write, an unprivileged access other",
              " * than the reads of a pmu_user=read_uen kind while uen. A RAZ/WI word: 0 for",
              " * privileged accesses. wd and own: as pmu_reg_err() (unused by this map"
              + (")." if not any(k.vmax or k.umax for k in KINDS) and not b.own else " where 0)."),
              " */",
              f"static inline int {lw}_reg_err(int k, uint32_t a, int write, unsigned strb, int priv, int uen, uint32_t wd, int own)",
              "{",
              f"    a &= 0x{(1 << b.AW) - 1:X}u;"]
        if not any(k.vmax or k.umax for k in KINDS):
            o.append("    (void)wd;")
        if not b.own:
            o.append("    (void)own;")
        o.append(f"    if ((a & 3u) || a >= {P}_SPAN || (write && (strb & 0xFu) != 0xFu)) return 1;")
        for k in KINDS:
            for l, w, mx in k.vmax:
                o.append(f"    if (write && k == {P}_K_{k.name} && ((wd >> {l}) & 0x{(1 << w) - 1:X}u) > {mx}u) return 1;   /* pmu_max */")
        o += ["    if (priv) return 0;",
              f"    if (k == {P}_K_NONE) return 1;   /* an unprivileged access to a RAZ/WI word */"]
        for k in KINDS:
            for l, w, mx in k.umax:
                o.append(f"    if (write && k == {P}_K_{k.name} && ((wd >> {l}) & 0x{(1 << w) - 1:X}u) > {mx}u) return 1;   /* pmu_user_max */")
    else:
        o += ["/* PSLVERR of an access to kind k at address a (the bus rules of rtl/pmu_apb.v).",
              " * own: the element of a pmu_user=own array belongs to the issuing thread (a",
              " * pmu_user=own register is masked instead: pass 1). */",
              f"static inline int {lw}_reg_err(int k, uint32_t a, int write, unsigned strb, int priv, int uen, uint32_t wd, int own)",
              "{",
              f"    if ((a & 3u) || k == {P}_K_NONE || (write && (strb & 0xFu) != 0xFu)) return 1;"]
        for k in KINDS:
            for l, w, mx in k.vmax:
                o.append(f"    if (write && k == {P}_K_{k.name} && ((wd >> {l}) & 0x{(1 << w) - 1:X}u) > {mx}u) return 1;   /* pmu_max */")
        o.append("    if (priv) return 0;")
        for k in KINDS:
            for l, w, mx in k.umax:
                o.append(f"    if (write && k == {P}_K_{k.name} && ((wd >> {l}) & 0x{(1 << w) - 1:X}u) > {mx}u) return 1;   /* pmu_user_max */")
    o += [
          f"    if (!write && {P}_KIND[k].uen && !uen) return 1;",
          f"    if ({P}_KIND[k].user == 2) return 0;",
          f"    if ({P}_KIND[k].user == 3) return !own;",
          f"    return write || !(uen && {P}_KIND[k].user == 1);",
          "}", "", "#endif", ""]
    return "\n".join(o)


# ------------------------------------------- combinational decodes (dc_top)
# The distributed counters' bus decodes in the APB access phase (the SRAM
# accesses add wait states) and in two levels: the central unit decodes its
# registers, the SRAM counters and the window of each local unit; a local
# unit decodes the registers inside its window. Each level gets a
# combinational decode module and its C twin.
DC_ADDR_BITS = 16
_dc_top = rdl_load.compile_rdl("dc.rdl", "dc")
_dc_wmax = rdl_load.width_max(_dc_top)
_dc_unit = [c for c in _dc_top.children() if c.inst_name == "UNIT"][0]
DC_SPACES = [
    # (module / C prefix, what it decodes, kinds, arrays, address bits)
    ("dc_cu_dec", "the central unit's registers, the SRAM counters and the local-unit windows",
     *kinds(_dc_top, _dc_wmax), DC_ADDR_BITS),
    ("dc_lu_dec", "the registers inside one local unit's window (rb_off)",
     *kinds(_dc_unit, _dc_wmax), _log2(_dc_unit.array_stride)),
]


def _params(ks):
    return sorted({p for k in ks for e in (k.count, k.present) if e for p in re.findall(r"[A-Z_][A-Z0-9_]*", e)})


def gen_comb_v(only):
    o = ["// SPDX-License-Identifier: Apache-2.0",
         "`timescale 1ns/1ps",
         "// GENERATED by util/regblock.py from regs/dc.rdl -- do not edit;",
         "// `make regmap` rewrites it and `make test` fails when it is stale.",
         "// Combinational register decodes of the distributed counters (dc_top):",
         "// one select per register (k_<name>_o), the element index of an array",
         "// (idx_o) and the bus error of the access (err_o): unmapped or",
         "// misaligned address (also array elements at or above their count), a",
         "// write whose PSTRB is not 4'hF, an unprivileged (PPROT[0]=0) access",
         "// other than the reads of the pmu_user=read_uen registers while uen_i=1.",
         "// A window (pmu_window) is selected as a whole; the decode inside it (and",
         "// whether the offset is mapped) is the next level's."]
    for mod, what, ks, arrs, aw in DC_SPACES:
        if mod != only:
            continue
        params = _params(ks)
        iw = max([_log2(d - 1) + 1 if d > 1 else 1 for _, _, _, d, _, _ in arrs] or [1])
        o += ["", f"// {mod}: {what}", f"module {mod} #("]
        o.append(",\n".join(f"  parameter integer {p} = 1" for p in params))
        o += [") (",
              f"  /* verilator lint_off UNUSEDSIGNAL */",
              f"  input  wire [{aw - 1}:0] addr_i,",
              "  /* verilator lint_on UNUSEDSIGNAL */",
              "  input  wire        write_i,",
              "  input  wire [3:0]  strb_i,",
              "  input  wire        priv_i,   // PPROT[0]",
              "  input  wire        uen_i,    // user-read enable"]
        for k in ks:
            o.append(f"  output wire        k_{k.port}_o,")
        o += [f"  output wire [{iw - 1}:0] idx_o,   // element of the selected array",
              "  output wire        err_o", ");",
              f"  wire [{aw - 1}:0] a = addr_i;",
              "  /* verilator lint_off UNUSEDSIGNAL */"]
        for name, base, stride, dim, cnt, pres in arrs:
            ls = _log2(stride)
            o.append(f"  wire [{aw - 1}:0] o_{name.lower()} = a - {aw}'h{base:X};   // {name}[n] at 0x{base:X} + 0x{stride:X}*n")
            o.append(f"  wire in_{name.lower()} = {'(' + pres + ' != 0) && ' if pres else ''}"
                     f"({{{{{32 - (aw - ls)}{{1'b0}}}}, o_{name.lower()}[{aw - 1}:{ls}]}} < ({cnt}));")
        o.append("  /* verilator lint_on UNUSEDSIGNAL */")
        for k in ks:
            pres = f"({k.present} != 0) && " if k.present else ""
            if k.arr is None:
                v = f"{pres}(a == {aw}'h{k.base:X})"
            elif k.window:
                v = f"in_{k.arr.lower()}"
            else:
                ls = _log2(k.stride)
                v = f"in_{k.arr.lower()} && (o_{k.arr.lower()}[{ls - 1}:0] == {ls}'h{k.off:X})"
            o.append(f"  assign k_{k.port}_o = {v};")
        terms = []
        for name, base, stride, dim, cnt, pres in arrs:
            ls, w = _log2(stride), min(iw, aw - _log2(stride))
            pad = f"{{{iw - w}'d0, " if iw > w else "{"
            terms.append(f"({{{iw}{{in_{name.lower()}}}}} & {pad}o_{name.lower()}[{ls} +: {w}]}})")
        o.append(f"  assign idx_o = " + (" |\n                 ".join(terms) if terms else f"{iw}'d0") + ";")
        anyk = " | ".join(f"k_{k.port}_o" for k in ks)
        ur = " | ".join(f"k_{k.port}_o" for k in ks if k.user == "read_uen") or "1'b0"
        urw = " | ".join(f"k_{k.port}_o" for k in ks if k.user == "rw") or "1'b0"
        o += [f"  wire user_r  = {ur};",
              f"  wire user_rw = {urw};",
              f"  assign err_o = (|a[1:0]) | ~({anyk}) | (write_i & (strb_i != 4'hF)) |",
              "                 (~priv_i & ~user_rw & (write_i | ~(uen_i & user_r)));",
              "endmodule"]
    o.append("")
    return "\n".join(o)


def gen_comb_c():
    o = ["/* GENERATED by util/regblock.py from regs/dc.rdl -- do not edit.",
         " * The register decodes of the distributed counters for C (cmodel/dc_model.c):",
         " * the same kinds, address ranges, counts and bus rules as rtl/dc_cu_dec.v, rtl/dc_lu_dec.v. */",
         "#ifndef DC_REGDEC_H", "#define DC_REGDEC_H", "", "#include <stdint.h>", ""]
    allp = sorted({p for _, _, ks, _, _ in DC_SPACES for p in _params(ks)})
    o += ["/* the parameters the decodes depend on */", "typedef struct {"]
    o += [f"    unsigned {p};" for p in allp]
    o += ["} dc_dec_param;", ""]
    for mod, what, ks, arrs, aw in DC_SPACES:
        P = mod.upper()[:-4]   # DC_CU / DC_LU
        o += [f"/* {mod}: {what} */", f"enum {mod}_kind {{", f"    {P}_K_NONE = -1,"]
        o += [f"    {P}_K_{k.name}," for k in ks]
        o += [f"    {P}_NK", "};",
              f"/* pmu_user of each kind: 0 privileged only, 1 reads while UEN=1, 2 reads and writes */",
              f"static const uint8_t {P}_USER[{P}_NK] = {{"
              + ", ".join(str({None: 0, "read_uen": 1, "rw": 2}[k.user]) for k in ks) + "};", "",
              ""]
        o += c_decode(f"{mod}ode", "dc_dec_param", P, ks, arrs, aw)
        o += [
              f"/* Bus error of an access to kind k at a (the rules of rtl/{mod}.v). */",
              f"static inline int {mod}_err(int k, uint32_t a, int write, unsigned strb, int priv, int uen)",
              "{",
              f"    if ((a & 3u) || k == {P}_K_NONE || (write && (strb & 0xFu) != 0xFu)) return 1;",
              f"    if (priv || {P}_USER[k] == 2) return 0;",
              f"    return write || !(uen && {P}_USER[k] == 1);", "}", ""]
    o += ["#endif", ""]
    return "\n".join(o)


OUTPUTS = {"rtl/pmu_apb.v": gen_v, "cmodel/pmu_regdec.h": gen_c,
           "rtl/pmu_cs_apb.v": lambda: gen_v(CS), "cmodel/pmu_cs_regdec.h": lambda: gen_c(CS),
           "rtl/dc_cu_dec.v": lambda: gen_comb_v("dc_cu_dec"), "rtl/dc_lu_dec.v": lambda: gen_comb_v("dc_lu_dec"),
           "cmodel/dc_regdec.h": gen_comb_c}


def main():
    check = "--check" in sys.argv[1:]
    bad = rdl_load.sync(OUTPUTS, check)
    if check:
        print(f"regblock: {len(OUTPUTS) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
