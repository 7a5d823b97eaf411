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

The flattened 33-unit design takes too long (> 4 min, > 2.5 GB) in Yosys
on this machine, so the blocks are synthesized one by one with the
reference parameters and added up: 17 x core-type dc_local_unit + 16 x
cache-type dc_local_unit + dc_central_unit(NP=17, NL=16), against 17 x
24-counter + 16 x 16-counter dc_flat_group.
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
    cells = js["design"]["num_cells_by_type"]
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
    np_, nl, frame, nt, ncls = 17, 16, 400, 2, 4
    ncp, lwp, ncl, lwl = 24, 14, 16, 10
    nu = np_ + nl
    passed = failed = 0
    core = {"NU": nu, "NCTR": ncp, "LW": lwp, "NT": nt, "NCLS": ncls, "NSUB": 16, "FRAME": frame}
    cache = {"NU": nu, "NCTR": ncl, "LW": lwl, "NT": nt, "NCLS": ncls, "NSUB": 1, "FRAME": frame}
    runs = {
        "core unit": synth("local_core", "dc_local_unit", DC, core),
        "cache unit": synth("local_cache", "dc_local_unit", DC, cache),
        "central unit": synth("central", "dc_central_unit", DC, {"NP": np_, "NL": nl, "FRAME": frame}),
        "flat core group": synth("flat_core", "dc_flat_group", FLAT, {"NCTR": ncp, "NT": nt, "NCLS": ncls, "NSUB": 16}),
        "flat cache group": synth("flat_cache", "dc_flat_group", FLAT, {"NCTR": ncl, "NT": nt, "NCLS": ncls, "NSUB": 1}),
    }
    ng = 2 * np_ + nl + 6
    sram_bits = ng * 4 * 256
    ok = runs["central unit"]["mem_cells"] == 1
    print(f"dc_central_unit: Yosys inferred {runs['central unit']['mem_cells']} memory "
          f"({ng * 4} words x 256 bits = {sram_bits} bits)")
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: the SRAM was not inferred as exactly one memory")
    print()
    print("| block (reference configuration) | instances | FFs each | NAND2 each (logic+FF) |")
    print("|---|---:|---:|---:|")
    for name, n in (("core unit", np_), ("cache unit", nl), ("central unit", 1),
                    ("flat core group (24 x 64-bit)", np_), ("flat cache group (16 x 64-bit)", nl)):
        r = runs[name.split(" (")[0]]
        print(f"| {name} | {n} | {r['ff']} | {r['nand2']:.0f} |")
    dff = np_ * runs["core unit"]["ff"] + nl * runs["cache unit"]["ff"] + runs["central unit"]["ff"]
    dn = np_ * runs["core unit"]["nand2"] + nl * runs["cache unit"]["nand2"] + runs["central unit"]["nand2"]
    fff = np_ * runs["flat core group"]["ff"] + nl * runs["flat cache group"]["ff"]
    fn = np_ * runs["flat core group"]["nand2"] + nl * runs["flat cache group"]["nand2"]
    sram_n = sram_bits * SRAM_NAND2_PER_BIT
    sram_ff = sram_bits * rs.cell_info("$_DFFE_PP_")[0]
    ncnt = np_ * ncp + nl * ncl
    print()
    print(f"| design ({ncnt} counters, 17 core + 16 cache units) | flip-flops | NAND2 logic+FF | SRAM bits "
          "| SRAM NAND2 (est.) | total NAND2 |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| distributed (dc_top) | {dff} | {dn:.0f} | {sram_bits} | {sram_n:.0f} | {dn + sram_n:.0f} |")
    print(f"| flat 64-bit counters (tb/dc_flat.v) | {fff} | {fn:.0f} | 0 | 0 | {fn:.0f} |")
    print(f"| ratio distributed / flat | {dff / fff:.3f} | {dn / fn:.3f} | | | {(dn + sram_n) / fn:.3f} |")
    print(f"| ratio with the SRAM counted as enable flip-flops | {(dff + sram_bits) / fff:.3f} | | | "
          f"| {(dn + sram_ff) / fn:.3f} |")
    print()
    print(f"NAND2 weights: {rs.WEIGHTS_SOURCE}; SRAM estimate {SRAM_NAND2_PER_BIT} NAND2/bit. Each block "
          "synthesized flattened on its own (ports as boundaries): the local units' id/slot/wbase inputs are "
          "not constant-folded, so each unit keeps the full NU-deep start/stop delay line (upper bound, "
          f"<= {2 * nu} FFs per unit). The flat reference has no APB slave (only a write port and a read mux).")
    ok = dff < fff
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: distributed design has more flip-flops than the flat counters")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
