#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""README configuration guide, generated from the measured reports.

Reads synth/reports/area.md (the sweep table: NAND2-eq and flip-flops per
configuration) and synth/reports/timing.md (median iCE40 fmax) and writes
the Markdown table that `make docs` puts between the README's
"config-guide" markers (util/doc_block.py); `make test` (docs-check)
fails when the README's copy differs from what the reports give.

  synth/config_guide.py OUT.md
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (sweep row label in area.md, what an integrator would use it for)
GUIDE = [
    ("pmu_core default", "everything, full crossbar (the default parameters)"),
    ("pmu_core default NAREA=4", "everything, four counter areas as in the Pentium 4 (seed 000)"),
    ("pmu_core default NAREA=4 YSTORE=1", "as default NAREA=4, the yield channels' bus-written fields in latches "
     "(flip-flops column: latches aside; an ASIC option, docs/yield.md)"),
    ("pmu_core default VIEW=1", "everything, as an Arm CoreSight PMU for Linux perf (docs/coresight.md; the native map as its extension page)"),
    ("pmu_core default XLEN=64", "everything, as the Zihpm/Sscofpmf HPM unit of an RV64 hart (docs/riscv.md; the native map stays on APB)"),
    ("pmu_core default XLEN=32", "everything, as the HPM unit of an RV32 hart (the h CSRs)"),
    ("pmu_core NAREA=8", "eight areas: every class on NC/8 counters"),
    ("pmu_core NCH=1", "one yield channel per ring"),
    ("pmu_core NAREA=4 NCH=1 AW=32", "four areas, one yield channel per ring, 32-bit addresses"),
    ("pmu_core HAS_YIELD=0", "no yield channels"),
    ("pmu_core HAS_SAMPLE=0 HAS_YIELD=0", "counters, TSC and overflow interrupt only"),
    ("pmu_core minimal", "counters only, 4 areas, 32-bit addresses"),
    ("pmu_core NT=1", "single-threaded CPU"),
    ("pmu_core NC=4", "4 counters"),
]


def area_rows():
    rows = {}
    for line in open(os.path.join(ROOT, "synth", "reports", "area.md")):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 7 and cells[0].startswith("pmu_core") and re.match(r"^[\d,]+$", cells[5] or "x"):
            rows.setdefault(cells[0], (cells[1], cells[3], cells[5]))   # overrides, FFs, NAND2-eq
    return rows


def timing_rows():
    out = []
    path = os.path.join(ROOT, "synth", "reports", "timing.md")
    if not os.path.exists(path):
        return out
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 8 and cells[1] in ("UP5K", "HX8K") and "**" in cells[7]:
            out.append((cells[0].split(", `")[0], cells[1], cells[7].strip("*")))
    return out


def main(argv):
    if len(argv) != 1:
        print(__doc__)
        return 2
    rows = area_rows()
    lines = ["| configuration | parameters (vs default) | use | flip-flops | NAND2-eq |",
             "|---|---|---|---:|---:|"]
    for label, use in GUIDE:
        if label not in rows:
            continue
        ov, ff, nand = rows[label]
        lines.append("| %s | %s | %s | %s | %s |" % (label.replace("pmu_core ", ""), ov if ov != "-" else "-",
                                                    use, ff, nand))
    lines.append("")
    lines.append("iCE40 fmax after place and route (median of 3 seeds, `make timing`), next to "
                 "the CPU of the example SoC measured in the same run:")
    lines.append("")
    lines.append("| design | device | fmax (MHz) |")
    lines.append("|---|---|---:|")
    for name, dev, fmax in timing_rows():
        lines.append("| %s | %s | %s |" % (name, dev, fmax))
    with open(argv[0], "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
