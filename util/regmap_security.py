"""The "security-access" block of docs/security.md: who may access what
(privileged, user of the owning thread, user of another thread) for every
register group, from the register block's kinds; and the check that the
table states the rule of every kind of cmodel/pmu_regdec.h (make
regmap-check).

Part of the register generator util/regmap.py (layering: its docstring).
"""
import os
import re
import sys

import doc_block  # the table's generated block
import regblock  # the pmu_user=own arrays and registers
from regmap_tables import ROOT, README_CMD
from regmap_access import USER_CODE, join_names, kind_names, kinds, reg_fields_of


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
    for k in kinds():
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
        n.append(f"{r} assigns the elements of " + join_names(sorted(a for a, (x, _) in OWNER_BY.items() if x == r)) +
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


def security_checks(regdec):
    """check_security of the generated access table against the register
    block's C table regdec: it states every kind's rule, and the check itself
    catches a wrong cell (another thread's ring-3 channel shown reachable), a
    register assigning threads shown as user writable, and a missing row.
    Returns the number of problems."""
    tab = gen_security_table()
    sec = check_security(tab, regdec)
    row3 = [ln for ln in tab.splitlines() if ln.startswith("| YCH3[i]: ESV")]
    rowt = [ln for ln in tab.splitlines() if ln.startswith("| YTHR0, YTHR3 |")]
    sec += len(row3) != 1 or len(rowt) != 1
    if not sec:
        sec += check_security(tab.replace(row3[0], row3[0].replace("| R/W | R/W | PSLVERR |", "| R/W | R/W | R/W |")),
                              regdec, True) == 0
        sec += check_security(tab.replace(rowt[0], rowt[0].replace("| R/W | PSLVERR | PSLVERR |", "| R/W | R/W | PSLVERR |")),
                              regdec, True) == 0
        sec += check_security(tab.replace(rowt[0] + "\n", ""), regdec, True) == 0
    return sec
