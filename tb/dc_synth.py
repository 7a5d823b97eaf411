#!/usr/bin/env python3
"""dc_synth: Yosys 0.23 area of the distributed counter system (rtl/dc_top.v)
against the same number of flat 64-bit counters (tb/dc_flat.v: same event
mux/qualifier path per counter, 64-bit counter registers, read mux).

Flow (one yosys run per design, work files in build/dc/synth/<label>/):
  read_verilog; hierarchy -check -top T -chparam ...;
  synth -flatten -noabc -run begin:fine   (coarse: memory -nomap keeps the
                                           inferred SRAM as one $mem_v2 cell)
  opt -fast -full; opt -full; techmap; opt -fast;
  abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; opt -fast; stat -json
Gates and flip-flops are weighted in NAND2 equivalents with the NanGate
FreePDK45 weights of synth/run_synth.py (imported, not copied). The SRAM is
not mapped to gates: the script checks that exactly one memory was inferred
for dc_top and reports its bits; its NAND2 equivalent is an ESTIMATE of
SRAM_NAND2_PER_BIT (6T bit cell ~0.30 um^2 + ~50% periphery, NAND2_X1 0.798 um^2).
It is also given with the SRAM counted as flip-flops (upper bound).

The full reference configuration (33 units) takes too long to synthesize on
this machine; a representative configuration is synthesized (NP core-type +
NL cache-type units, default 2 + 2) and the per-unit numbers are scaled to
17 + 16 units: each unit's logic is independent of the others (only the
central unit's SRAM depth and decoders depend on NU), see docs/dc_notes.md.
Prints Markdown tables; last line "N passed, N failed".
"""
import importlib.util
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("run_synth", os.path.join(ROOT, "synth", "run_synth.py"))
rs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rs)

SRAM_NAND2_PER_BIT = 0.56
GATES = "AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX"
EV = ["rtl/pmu_event_mux.v", "rtl/pmu_qualifier.v"]
DC = ["rtl/dc_top.v", "rtl/dc_central_unit.v", "rtl/dc_local_unit.v"] + EV
FLAT = ["tb/dc_flat.v"] + EV
WORK = os.path.join(ROOT, "build", "dc", "synth")


def synth(label, top, files, params):
    d = os.path.join(WORK, label)
    os.makedirs(d, exist_ok=True)
    chp = " ".join(f"-chparam {k} {v}" for k, v in params.items())
    stat = os.path.join(d, "stat.json")
    script = f"""read_verilog {' '.join(os.path.join(ROOT, f) for f in files)}
hierarchy -check -top {top} {chp}
synth -top {top} -flatten -noabc -run begin:fine
opt -fast -full
opt -full
techmap
opt -fast
abc -g {GATES}
opt -fast
opt_clean
tee -q -o {stat} stat -json -top {top}
"""
    with open(os.path.join(d, "synth.ys"), "w") as f:
        f.write(script)
    with open(os.path.join(d, "yosys.log"), "w") as log:
        r = subprocess.run(["yosys", "-q", "-s", os.path.join(d, "synth.ys")], stdout=log, stderr=subprocess.STDOUT)
    if r.returncode:
        raise SystemExit(f"yosys failed for {label}: see {d}/yosys.log")
    with open(stat) as f:
        js = json.load(f)
    mods = js["modules"]
    cells = mods.get(top, mods.get("\\" + top))["cells"] if (top in mods or "\\" + top in mods) else \
        list(mods.values())[0]["cells"]
    ff = nand2 = 0.0
    mem = 0
    for ct, n in cells.items():
        if ct.startswith("$mem"):
            mem += n
            continue
        w, kind, _ = rs.cell_info(ct)
        nand2 += w * n
        if kind == "ff":
            ff += n
    return {"ff": int(ff), "nand2": nand2, "mem_cells": mem}


def main():
    np_, nl = int(os.environ.get("DC_SYN_NP", 2)), int(os.environ.get("DC_SYN_NL", 2))
    ncp, ncl, frame = 24, 16, 400
    passed = failed = 0
    d = synth(f"dc_np{np_}_nl{nl}", "dc_top", DC, {"NP": np_, "NL": nl, "FRAME": frame})
    f = synth(f"flat_np{np_}_nl{nl}", "dc_flat", FLAT, {"NP": np_, "NL": nl})
    ng = 2 * np_ + nl + 6
    sram_bits = ng * 4 * 256
    ok = d["mem_cells"] == 1
    print(f"dc_top: Yosys inferred {d['mem_cells']} memory ({ng * 4} words x 256 bits = {sram_bits} bits)")
    passed, failed = (passed + 1, failed) if ok else (passed, failed + 1)
    if not ok:
        print("FAIL: the SRAM was not inferred as exactly one memory")
    ncnt = np_ * ncp + nl * ncl
    # scale to the reference configuration (17 + 16): one extra core-type unit costs the
    # difference of two synthesized configurations
    d2 = synth(f"dc_np{np_ + 1}_nl{nl}", "dc_top", DC, {"NP": np_ + 1, "NL": nl, "FRAME": frame})
    d3 = synth(f"dc_np{np_}_nl{nl + 1}", "dc_top", DC, {"NP": np_, "NL": nl + 1, "FRAME": frame})
    f2 = synth(f"flat_np{np_ + 1}_nl{nl}", "dc_flat", FLAT, {"NP": np_ + 1, "NL": nl})
    f3 = synth(f"flat_np{np_}_nl{nl + 1}", "dc_flat", FLAT, {"NP": np_, "NL": nl + 1})

    def scale(a, b, c, key, tp, tl):
        return a[key] + (b[key] - a[key]) * (tp - np_) + (c[key] - a[key]) * (tl - nl)

    rows = []
    for lab, tp, tl in ((f"{np_} core + {nl} cache units (synthesized)", np_, nl),
                        ("17 core + 16 cache units (reference, scaled)", 17, 16)):
        n = tp * ncp + tl * ncl
        sb = (2 * tp + tl + 6) * 4 * 256
        dff = scale(d, d2, d3, "ff", tp, tl)
        dn = scale(d, d2, d3, "nand2", tp, tl)
        ffl = scale(f, f2, f3, "ff", tp, tl)
        fn = scale(f, f2, f3, "nand2", tp, tl)
        sram_n = sb * SRAM_NAND2_PER_BIT
        sram_ff = sb * rs.cell_info("$_DFFE_PP_")[0]
        rows.append((lab, n, dff, dn, sb, sram_n, ffl, fn, sram_ff))
    print()
    print("| configuration | counters | distributed FFs | distributed logic+FF NAND2 | SRAM bits | SRAM NAND2 (est.) "
          "| distributed total NAND2 | flat 64-bit FFs | flat NAND2 | FF ratio dist/flat | NAND2 ratio dist/flat "
          "| NAND2 ratio, SRAM as FFs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for lab, n, dff, dn, sb, sram_n, ffl, fn, sram_ff in rows:
        tot = dn + sram_n
        print(f"| {lab} | {n} | {dff:.0f} | {dn:.0f} | {sb} | {sram_n:.0f} | {tot:.0f} | {ffl:.0f} | {fn:.0f} "
              f"| {dff / ffl:.3f} | {tot / fn:.3f} | {(dn + sram_ff) / fn:.3f} |")
    print()
    print(f"NAND2 weights: {rs.WEIGHTS_SOURCE}; SRAM estimate {SRAM_NAND2_PER_BIT} NAND2/bit. "
          "Distributed = local units + chain + central unit (APB, pipeline, raw-event counters); "
          "flat = per-counter event path + 64-bit counter + read mux.")
    ok = all(r[2] < r[6] for r in rows)
    passed, failed = (passed + 1, failed) if ok else (passed, failed + 1)
    if not ok:
        print("FAIL: distributed design has more flip-flops than the flat counters")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
