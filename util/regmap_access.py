"""Who may access what, from the register block's kinds (util/regblock.py: the
pmu_user, pmu_uen, pmu_user_max and pmu_rdgate properties of regs/pmu.rdl):
the rows of docs/regmap.md and their privilege cells, the documented register
names of the kinds, the unprivileged-access rules and the bus-error rule
list. Shared by docs/regmap.md (util/regmap_doc.py), the README blocks
(util/regmap_readme.py), docs/security.md (util/regmap_security.py) and the
CoreSight view's docs (util/regmap_cs.py).

Part of the register generator util/regmap.py (layering: its docstring).
"""
import re
import sys

import regblock  # the register block's kinds
from regmap_tables import (GLOBAL_REGS, CNT_BASE, CNT_STRIDE, COUNTER_REGS, XCTL_BASE, XCTL_REGS, FTYPE_BASE,
                           FTYPE_REGS, YCH_REGS, YCH0_BASE, YCH3_BASE, YCH_STRIDE, YCAP_REGS, YCAP0_BASE,
                           YCAP3_BASE, YCAP_STRIDE)


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


def kinds():
    return regblock.KINDS


def kind_at(arr, off):
    """The register block kind of register offset off of array arr (None: a global register at off)."""
    for k in kinds():
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


def join_names(xs):
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def user_rules():
    """The generated unprivileged-access rule: (uen_reads, rw) lists of the
    register names (whole arrays as one item) of pmu_user read_uen and rw."""
    names = kind_names()
    ks = kinds()
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
    for k in kinds():
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
    for k in kinds():
        for lsb, w, mx in k.vmax:
            nm = names.get(k.name, k.name)
            fn = [f for f in reg_fields_of(nm) if f[1] == lsb]
            vmax.append((re.sub(r"\[.*", "", nm) + "." + (fn[0][0] if fn else f"[{lsb + w - 1}:{lsb}]"), mx))
    vm = sorted(set(vmax))
    umax = []
    for k in kinds():
        for lsb, w, mx in (k.umax if k.user is not None else []):
            nm = names.get(k.name, k.name)
            fn = [f for f in reg_fields_of(nm) if f[1] == lsb]
            umax.append((nm + "." + (fn[0][0] if fn else f"[{lsb + w - 1}:{lsb}]"), mx))
    uen = [names.get(k.name, k.name) for k in kinds() if k.uen and k.user is not None]
    counts = {}
    for a, c in sorted({(k.arr, k.count) for k in kinds() if k.arr}):
        counts.setdefault(c, []).append(a)
    cnt = "; ".join(f"{'/'.join(a)} element >= {c}" for c, a in counts.items())
    return [("an unmapped address, including an array element at or above its count (" + cnt +
             ") and the registers of a block the parameters leave out (CAP tells which are present)", []),
            ("a misaligned address (PADDR[1:0] != 0)", []),
            ("a write whose PSTRB is not 4'b1111", []),
            ("a write of a reserved field value (" + ", ".join(f"{n} > {mx}" for n, mx in vm) + ")", []),
            ("an unprivileged (PPROT[0]=0) read or write of any register, except:",
             ["reads of " + join_names(u["read_uen"]) + " while GCTL.UEN=1 (their unprivileged writes answer PSLVERR)"]
             + (["reads and writes of " + join_names(u["rw"])] if u["rw"] else [])
             + (["reads and writes of what the issuing hardware thread (ptid_i, APB5 PAUSER) owns: "
                 + join_names(u["own"]) + ", where a channel belongs to the thread its YTHR3 field names and "
                 "in YRING3 the thread's bits are BLK[ptid_i], the YER bits of its channels and NCH "
                 "(the other bits read 0 and are not written); another thread's channel answers PSLVERR "
                 "(docs/security.md)"] if u["own"] else [])),
            ] + ([("an unprivileged read of " + join_names(uen) + " while GCTL.UEN=0 (a counter's value, like a counter read)", [])]
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
            join_names([f"{a}[i]" for a in arrs]) + " (ring r, channel i) reads 0 while " +
            join_names(sorted({RDGATE_BY[a] for a in arrs})) + " is 0, YCH_CTL itself included "
            "(so VALID reads 0 too), for privileged and user reads alike; writes still land, so software "
            "programs a channel and sets VALID last (pmu_rdgate in regs/pmu.rdl; docs/yield.md). "
            "YRINGr.YER shows YER & VALID.")
