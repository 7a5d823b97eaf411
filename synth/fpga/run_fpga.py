#!/usr/bin/env python3
"""FPGA resource / fmax table for pmu-ip (make fpga).

  1. pmu_core, small configuration, yosys synth_ice40 out of context
  2. the same inside synth/fpga/pmu_fpga_top.v, placed and routed by
     nextpnr-ice40 for an iCE40 UP5K (sg48): LUT/FF/BRAM use and fmax
  3. the example SoC (PicoRV32 + pmu_core, synth/fpga/soc_fpga_top.v) on
     the UP5K, 4 KiB EBR RAM
  4. pmu_core, mid configuration, yosys synth_xilinx (xc7) resource counts

Prints a table and writes it to synth/reports/fpga.md.
Usage: run_fpga.py --rtl "<rtl files>" [--workdir build/fpga] [--picorv32 path] [--quick]
"""
import argparse
import os
import re
import subprocess
import sys
import time

SMALL = dict(NT=1, NC=4, CW=40, NCLS=8, NRET=1, FLOP_CLASS=7, NCH=1)
SOC_PMU = dict(NT=1, NC=2, CW=40, NCLS=8, NRET=1, FLOP_CLASS=7, NCH=1)
MID = dict(NT=2, NC=8, CW=48, NCLS=32, NRET=4, FLOP_CLASS=31, NCH=4)


def cfg_str(c):
    return " ".join("%s=%d" % kv for kv in c.items())


def run(cmd, log, cwd=None):
    t0 = time.time()
    with open(log, "w") as f:
        r = subprocess.run(cmd, shell=True, stdout=f, stderr=subprocess.STDOUT, cwd=cwd)
    dt = time.time() - t0
    if r.returncode != 0:
        sys.stdout.write(open(log).read()[-3000:])
        raise SystemExit("FAILED (%s): %s" % (log, cmd))
    return dt


def yosys_stat(log):
    """Cell counts of the last 'Number of cells' block of a yosys log."""
    txt = open(log).read()
    blocks = txt.split("Printing statistics.")
    last = blocks[-1]
    cells = {}
    for m in re.finditer(r"^\s+(\$?[A-Za-z0-9_$]+)\s+(\d+)\s*$", last, re.M):
        cells[m.group(1)] = int(m.group(2))
    return cells


def ice40_counts(cells):
    lut = cells.get("SB_LUT4", 0)
    ff = sum(v for k, v in cells.items() if k.startswith("SB_DFF"))
    bram = cells.get("SB_RAM40_4K", 0)
    carry = cells.get("SB_CARRY", 0)
    dsp = cells.get("SB_MAC16", 0)
    return lut, ff, bram, carry, dsp


def xilinx_counts(cells):
    lut = sum(v for k, v in cells.items() if re.fullmatch(r"LUT[1-6]", k))
    ff = sum(v for k, v in cells.items() if k in ("FDRE", "FDSE", "FDCE", "FDPE"))
    carry = cells.get("CARRY4", 0)
    muxf = cells.get("MUXF7", 0) + cells.get("MUXF8", 0)
    bram = sum(v for k, v in cells.items() if k.startswith("RAMB"))
    lutram = sum(v for k, v in cells.items() if k.startswith("RAM") and not k.startswith("RAMB"))
    srl = sum(v for k, v in cells.items() if k.startswith("SRL"))
    dsp = sum(v for k, v in cells.items() if k.startswith("DSP"))
    return lut, ff, carry, muxf, bram, lutram, srl, dsp


def nextpnr_report(log):
    txt = open(log).read()
    util = {}
    for m in re.finditer(r"Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+(\d+)%", txt):
        util[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    fm = re.findall(r"Max frequency for clock\s+'([^']+)':\s+([\d.]+) MHz", txt)
    fmax = float(fm[-1][1]) if fm else None
    return util, fmax


def chparams(top, c):
    return "; ".join("chparam -set %s %d %s" % (k, v, top) for k, v in c.items())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rtl", required=True, help="space-separated pmu_core RTL files")
    ap.add_argument("--workdir", default="build/fpga")
    ap.add_argument("--picorv32", default="")
    ap.add_argument("--report", default="synth/reports/fpga.md")
    ap.add_argument("--seed", default="1")
    args = ap.parse_args()
    wd = args.workdir
    os.makedirs(wd, exist_ok=True)
    rtl = " ".join(os.path.abspath(f) for f in args.rtl.split())
    rows_ice, rows_pnr, rows_x = [], [], []
    notes = []

    # 1. pmu_core small, out of context
    log = os.path.join(wd, "ice40_core.log")
    dt = run("yosys -p 'read_verilog -Irtl %s; %s; synth_ice40 -top pmu_core; stat' " %
             (rtl, chparams("pmu_core", SMALL)), log)
    lut, ff, bram, carry, dsp = ice40_counts(yosys_stat(log))
    rows_ice.append(("pmu_core (%s)" % cfg_str(SMALL), lut, ff, bram, carry, "%.0fs" % dt))

    # 2. placed and routed wrapper
    top = os.path.abspath("synth/fpga/pmu_fpga_top.v")
    json = os.path.join(wd, "pmu_fpga_top.json")
    log = os.path.join(wd, "ice40_pmu_top_yosys.log")
    run("yosys -p 'read_verilog -Irtl %s %s; %s; synth_ice40 -top pmu_fpga_top -json %s; stat'" %
        (rtl, top, chparams("pmu_fpga_top", SMALL), json), log)
    wl, wff, wb, wc, _ = ice40_counts(yosys_stat(log))
    plog = os.path.join(wd, "ice40_pmu_top_nextpnr.log")
    t0 = time.time()
    r = subprocess.run("nextpnr-ice40 --up5k --package sg48 --json %s --asc %s --pcf-allow-unconstrained "
                       "--timing-allow-fail --freq 24 --seed %s --log %s" %
                       (json, os.path.join(wd, "pmu_fpga_top.asc"), args.seed, plog),
                       shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dt = time.time() - t0
    util, fmax = nextpnr_report(plog)
    if r.returncode == 0:
        run("icepack %s %s" % (os.path.join(wd, "pmu_fpga_top.asc"), os.path.join(wd, "pmu_fpga_top.bin")),
            os.path.join(wd, "icepack_pmu.log"))
    else:
        fmax = None
        notes.append("pmu_fpga_top did not place/route on the UP5K (see %s)." % plog)
    nt, ncls, nret = SMALL["NT"], SMALL["NCLS"], SMALL["NRET"]
    wrap_ff = (1 + 1 + 1 + 4 + 3 + 12 + 32) + (nt * ncls * 16 + nt * 2 + nt * nret * 6 + 64 + 64 + 2 * nt + 32 + 8) + 33
    rows_pnr.append(("pmu_fpga_top (pmu_core %s + %d wrapper FFs)" % (cfg_str(SMALL), wrap_ff),
                     util.get("ICESTORM_LC", (0, 0)), wff, util.get("ICESTORM_RAM", (0, 0)), fmax, "%.0fs" % dt))

    # 3. SoC
    if args.picorv32 and os.path.exists(args.picorv32):
        # soc_top's default FIRMWARE "firmware.hex" is read when the source is
        # parsed, so yosys runs inside the work directory that holds it
        hexf = os.path.abspath(os.path.join(wd, "firmware.hex"))
        with open(hexf, "w") as f:      # 'j .' then zeros: resources only, not the example firmware
            f.write("0000006f\n")
        soc = " ".join(os.path.abspath(f) for f in ("sim/soc/soc_top.v", "sim/soc/pcpi_csr.v", "rtl/pmu_mem2apb.v",
                                                     "synth/fpga/soc_fpga_top.v"))
        json = os.path.abspath(os.path.join(wd, "soc_fpga_top.json"))
        log = os.path.join(wd, "ice40_soc_yosys.log")
        run("yosys -p 'read_verilog -DRISCV_FORMAL -I%s %s %s %s; chparam -set MEM_WORDS 1024 -set PMU_NC %d -set PMU_NCH %d soc_fpga_top; "
            "chparam -set FIRMWARE \"%s\" soc_fpga_top; synth_ice40 -dsp -top soc_fpga_top -json %s; stat'" %
            (os.path.abspath("rtl"), rtl, soc, os.path.abspath(args.picorv32), SOC_PMU["NC"], SOC_PMU["NCH"], hexf, json), log, cwd=wd)
        sl, sff, sb, sc, sd = ice40_counts(yosys_stat(log))
        name = "SoC: PicoRV32 rv32im + pmu_core (%s), 4 KiB RAM" % cfg_str(SOC_PMU)
        for dev, pkg, lcs in (("up5k", "sg48", 5280), ("hx8k", "ct256", 7680)):
            plog = os.path.join(wd, "ice40_soc_%s_nextpnr.log" % dev)
            r = subprocess.run("nextpnr-ice40 --%s --package %s --json %s --asc %s --pcf-allow-unconstrained "
                               "--timing-allow-fail --freq 12 --seed %s --log %s" %
                               (dev, pkg, json, os.path.join(wd, "soc_%s.asc" % dev), args.seed, plog),
                               shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            util, fmax = nextpnr_report(plog)
            lc = util.get("ICESTORM_LC", (0, lcs))
            if r.returncode == 0:
                rows_pnr.append((name + " -- iCE40 %s" % dev.upper(), lc, sff, util.get("ICESTORM_RAM", (0, 0)),
                                 fmax, "-"))
                break
            rows_pnr.append((name + " -- iCE40 %s: does NOT fit" % dev.upper(), lc, sff,
                             util.get("ICESTORM_RAM", (0, 0)), None, "-"))
            notes.append("The SoC needs %d logic cells; the %s has %d, so it does not fit there "
                         "(PicoRV32 with MUL/DIV/IRQ/64-bit counters and its RVFI port is most of it)."
                         % (lc[0], dev.upper(), lc[1]))
        if sd:
            notes.append("The SoC uses %d SB_MAC16 DSP blocks (PicoRV32 multiplier)." % sd)

    # 4. Xilinx mid configuration
    log = os.path.join(wd, "xilinx_core.log")
    dt = run("yosys -p 'read_verilog -Irtl %s; %s; synth_xilinx -family xc7 -noiopad -top pmu_core; stat'" %
             (rtl, chparams("pmu_core", MID)), log)
    lut, ff, carry, muxf, bram, lutram, srl, dsp = xilinx_counts(yosys_stat(log))
    rows_x.append(("pmu_core (%s)" % cfg_str(MID), lut, ff, carry, muxf, lutram + srl, bram, dsp, "%.0fs" % dt))
    log = os.path.join(wd, "xilinx_core_default.log")
    dflt = dict(NT=2, NC=8, CW=40, NCLS=64, NRET=4, FLOP_CLASS=63, NCH=4)
    dt = run("yosys -p 'read_verilog -Irtl %s; %s; synth_xilinx -family xc7 -noiopad -top pmu_core; stat'" %
             (rtl, chparams("pmu_core", dflt)), log)
    lut, ff, carry, muxf, bram, lutram, srl, dsp = xilinx_counts(yosys_stat(log))
    rows_x.append(("pmu_core (%s, default)" % cfg_str(dflt), lut, ff, carry, muxf, lutram + srl, bram, dsp,
                   "%.0fs" % dt))

    # ------------------------------------------------------------ table
    out = []
    out.append("# pmu-ip FPGA results\n")
    out.append("Generated by `make fpga` (synth/fpga/run_fpga.py) with Yosys 0.23 and nextpnr-ice40 0.4.\n")
    out.append("## iCE40 (yosys synth_ice40, out of context)\n")
    out.append("| design | SB_LUT4 | FF | BRAM (SB_RAM40_4K) | SB_CARRY | time |")
    out.append("|---|---:|---:|---:|---:|---:|")
    for r in rows_ice:
        out.append("| %s | %d | %d | %d | %d | %s |" % r)
    out.append("\n## iCE40 UP5K (sg48), placed and routed by nextpnr-ice40\n")
    out.append("| design | logic cells used / device | FF | BRAM | fmax MHz | P&R time |")
    out.append("|---|---:|---:|---:|---:|---:|")
    for name, lc, ff, br, fm, t in rows_pnr:
        out.append("| %s | %d / %d (%d%%) | %d | %d / %d | %s | %s |" % (name, lc[0], lc[1], 100 * lc[0] // max(lc[1], 1),
                                                                     ff, br[0], br[1],
                                                            "%.1f" % fm if fm else "-", t))
    out.append("\n## Xilinx 7-series (yosys synth_xilinx -family xc7, out of context)\n")
    out.append("| design | LUT | FF | CARRY4 | MUXF7/8 | LUTRAM/SRL | BRAM | DSP | time |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows_x:
        out.append("| %s | %d | %d | %d | %d | %d | %d | %d | %s |" % r)
    out.append("")
    out.append("Notes:")
    out.append("- fmax is nextpnr's estimate for the single clock after routing (one seed, --seed %s); "
               "the UP5K is the slowest iCE40 family member." % args.seed)
    out.append("- pmu_fpga_top feeds the core's wide ports (events, APB) from two serial pins through shift "
               "registers so that nothing is optimised away; its FF column includes those %d wrapper FFs." % wrap_ff)
    out.append("- The SoC's RAM is 4 KiB of EBR (the example firmware needs ~18-21 KiB, which would need the UP5K's "
               "SPRAM, not inferred by Yosys); it is loaded with an idle loop: resource numbers only.")
    out.extend("- " + n for n in notes)
    # source stamp (make test: report-check flags the report when the sources change)
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from report_stamp import stamp_line
    out.append("")
    out.append(stamp_line("synth/reports/fpga.md"))
    text = "\n".join(out) + "\n"
    os.makedirs(os.path.dirname(args.report), exist_ok=True)
    with open(args.report, "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
