"""The "regmap-summary" and "regmap-bus-errors" blocks of README.md's "Register
map" section (util/doc_block.py markers): one summary row per register, the
bus-error rules and the privilege legend.

Part of the register generator util/regmap.py (layering: its docstring).
"""
import os
import re

import doc_block  # README's generated blocks
from regmap_tables import ROOT, CH, README_CMD
from regmap_access import PRIV_LEGEND, bus_error_md, doc_rows, priv_cell, rdgate_text


# ------------------------------------------------ README "Register map" blocks
README = "README.md"
README_BLOCKS = ("regmap-summary", "regmap-bus-errors")


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
            arr_desc = _summary(CH[k.arr].get_property("desc") or "")
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
