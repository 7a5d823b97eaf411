# SPDX-License-Identifier: Apache-2.0
"""Linux deliverables of the RISC-V CSR view (docs/riscv.md): the OpenSBI
riscv,pmu device-tree node and perf's arch/riscv JSON and mapfile, run
through sim/linux_check.py:

  sim/linux_check.py riscv-dt --gen EXE [--dts FILE] [--self-test]
      RISC-V CSR view (docs/riscv.md): EXE (build/linux/riscv_pmu_dt, from
      sw/riscv_pmu_dt.c, the event table and cmodel/pmu_rv_csr.h), run with
      the parameters of configuration "soc_rv" (config/config.mk CFG_soc_rv; NC
      = soc_top's PMU_NC), prints exactly the committed
      sw/linux/pmu-ip-riscv.dtsi; sw/linux/pmu-ip-riscv.dts (which
      /include/s it) compiles with dtc with no warnings; one node with
      compatible exactly "riscv,pmu" and only the binding's properties;
      riscv,event-to-mhpmevent in triplets, unique SBI event ids of type
      0/1, each value decoding (field positions from regs/pmu_rv.rdl) to a
      class < NCLS with a non-zero sub-event mask and no bit outside
      EM/ES/EDGE/INV/THR/TX; SBI events 1, 2, 5 (cycles, instructions,
      branch-instructions) = CYCLES:ANY, INST_RETIRED:ANY,
      BR_RETIRED:TAKEN|NOT_TAKEN of sw/pmu_events_soc.h;
      riscv,event-to-mhpmcounters in triplets, ranges ordered, not
      overlapping, covering exactly the ids that have an mhpmevent value;
      riscv,raw-event-to-mhpmcounters in quintuples (select, mask: 64 bits
      each, bitmap), select inside mask, mask = ES plus bits 63:40 (no EM),
      each class of the event table exactly once, no duplicate row; every
      bitmap non-zero, inside bits 3..3+NC-1 and equal to the counters
      that see the class (NAREA); at most 255 rows (OpenSBI's table);
      docs/riscv.md's mhpmevent table has the fields of regs/pmu_rv.rdl.
  sim/linux_check.py riscv-json --gen EXE [--self-test]
      EXE (build/linux/perf_json) --riscv prints exactly the committed
      sw/linux/riscv/pmu-ip/picorv32-soc/events.json and --riscv-mapfile
      exactly sw/linux/riscv/mapfile.csv. The JSON: an array of entries
      with exactly EventName, EventCode, BriefDescription; names unique
      (case-insensitively), none a perf generic hardware event name;
      EventCode hex, < 2^40 (fits riscv_pmu_sbi's config:0-47 and pmu-ip's
      bits 39:0), class < NCLS, EM != 0; CYCLES.ANY, INST_RETIRED.ANY and
      BR_RETIRED.COND equal the DT node's values for SBI events 1, 2, 5.
      The mapfile: one data line "REGEX,v1,DIR,core", DIR holding the JSON,
      REGEX matching the whole "0x0-0x0-0x0" (PicoRV32: no ID CSRs).
  --self-test corruptions (each must FAIL): see rv_dt_mutants (and two
      corruptions of docs/riscv.md's table in run_rv_dt) / rv_json_mutants.
"""
import os
import re
import shutil
import subprocess
import sys

from linux_common import ROOT, cells, dt_compile, json_array, must_fail, scratch_dir, strings

sys.path.insert(0, os.path.join(ROOT, "synth"))
from report_stamp import config_mk  # noqa: E402  (the one reader of config/config.mk)

RV_DTS = os.path.join(ROOT, "sw", "linux", "pmu-ip-riscv.dts")
RV_DTSI = os.path.join(ROOT, "sw", "linux", "pmu-ip-riscv.dtsi")
RV_DIR = "pmu-ip/picorv32-soc"
RV_JSON = os.path.join(ROOT, "sw", "linux", "riscv", RV_DIR, "events.json")
RV_MAPFILE = os.path.join(ROOT, "sw", "linux", "riscv", "mapfile.csv")
RV_RDL = os.path.join(ROOT, "regs", "pmu_rv.rdl")
RV_PROPS = {"compatible", "riscv,event-to-mhpmevent", "riscv,event-to-mhpmcounters",
            "riscv,raw-event-to-mhpmcounters", "status", "phandle"}
SBI_RAW_IDX = 0x20000
# SBI generic hardware events pmu-ip's SoC maps (SBI spec / OpenSBI
# include/sbi/sbi_ecall_interface.h): id -> (class macro, sub-event macros)
RV_GENERIC = {1: ("SOC_CLS_CYCLES", ["SOC_EV_CYC_ANY"]),
              2: ("SOC_CLS_INST", ["SOC_EV_INST_ANY"]),
              5: ("SOC_CLS_BR", ["SOC_EV_BR_TAKEN", "SOC_EV_BR_NOT_TAKEN"])}
RV_JSON_GENERIC = {1: "CYCLES.ANY", 2: "INST_RETIRED.ANY", 5: "BR_RETIRED.COND"}
PERF_GENERIC = {"cycles", "cpu-cycles", "instructions", "cache-references", "cache-misses", "branches",
                "branch-instructions", "branch-misses", "bus-cycles", "stalled-cycles-frontend",
                "stalled-cycles-backend", "ref-cycles"}


def rv_params():
    """Parameters of configuration soc_rv (config/config.mk) and soc_top's PMU_NC."""
    p = dict(kv.split("=") for kv in config_mk().get("CFG_soc_rv", "").split())
    p = {k: int(v) for k, v in p.items()}
    v = open(os.path.join(ROOT, "sim", "soc", "soc_top.v")).read()
    m = re.search(r"parameter\s+integer\s+PMU_NC\s*=\s*(\d+)", v)
    p["PMU_NC"] = int(m.group(1)) if m else None
    return p


def rv_fields():
    """mhpmevent fields of regs/pmu_rv.rdl: {name: (lsb, width)}."""
    t = open(RV_RDL).read()
    end = re.search(r"\}\s*mhpmevent\[", t)
    body = t[t.rfind("external reg {", 0, end.start()):end.start()] if end else ""
    out = {}
    for name, hi, lo in re.findall(r"\}\s*(\w+)\[(\d+):(\d+)\]", body):
        out[name] = (int(lo), int(hi) - int(lo) + 1)
    return out


def soc_header():
    return {k: int(v) for k, v in re.findall(r"#define\s+(SOC_\w+)\s+(\d+)",
                                              open(os.path.join(ROOT, "sw", "pmu_events_soc.h")).read())}


def soc_classes(h, flop):
    """Classes of the event table entries of sw/pmu_events_soc.c."""
    t = open(os.path.join(ROOT, "sw", "pmu_events_soc.c")).read()
    m = re.search(r"soc_events\[\]\s*=\s*\{(.*?)\n\};", t, re.S)
    out = set()
    for c in re.findall(r'\{\s*"\w+",\s*(SOC_CLS_\w+|PMU_CLASS_FLOP)', m.group(1) if m else ""):
        out.add(flop if c == "PMU_CLASS_FLOP" else h.get(c, -1))
    return out


def fmask(f, name):
    lsb, w = f[name]
    return ((1 << w) - 1) << lsb


def rv_expected_bitmap(p, cls):
    nc, narea = p["NC"], p.get("NAREA", 1)
    return sum(1 << (3 + n) for n in range(nc)
               if narea <= 1 or cls == p["FLOP_CLASS"] or n % narea == cls % narea)


def check_rv_dt(dts, r, dtc, reference=None):
    p = rv_params()
    f = rv_fields()
    h = soc_header()
    if reference is not None:
        committed = open(RV_DTSI).read() if os.path.exists(RV_DTSI) else ""
        r.check(committed == reference, "regenerated node equals the committed %s" % os.path.relpath(RV_DTSI, ROOT))
    if not r.check(all(k in p for k in ("NC", "NCLS", "FLOP_CLASS", "NAREA", "NT")),
                   "config/config.mk has CFG_soc_rv (NC, NCLS, FLOP_CLASS, NAREA, NT)"):
        return
    r.check(p["PMU_NC"] == p["NC"] and p["NC"] <= 29,
            "NC = %s (configuration soc) = soc_top PMU_NC %s, <= 29 (mhpmcounter3..31)" % (p["NC"], p["PMU_NC"]))
    need = ("EM", "ES", "EDGE", "INV", "THR", "TX", "OF")
    if not r.check(all(k in f for k in need), "regs/pmu_rv.rdl: mhpmevent fields %s" % ", ".join(need)):
        return
    nodes = dt_compile(dts, r, dtc)
    if nodes is None:
        return
    pmus = [q for q, pr in nodes.items() if any(c.startswith("riscv,pmu") for c in strings(pr.get("compatible")))]
    if not r.check(len(pmus) == 1, "exactly one riscv,pmu node (%d)" % len(pmus)):
        return
    path = pmus[0]
    props = nodes[path]
    r.check(strings(props.get("compatible")) == ["riscv,pmu"], "%s: compatible is exactly \"riscv,pmu\"" % path)
    extra = sorted(set(props) - RV_PROPS)
    r.check(not extra, "%s: only the binding's properties (additionalProperties: false)%s"
            % (path, " (extra: %s)" % extra if extra else ""))
    ev = cells(props.get("riscv,event-to-mhpmevent", "")) or []
    ctr = cells(props.get("riscv,event-to-mhpmcounters", "")) or []
    raw = cells(props.get("riscv,raw-event-to-mhpmcounters", "")) or []
    r.check(not ev or ctr, "riscv,event-to-mhpmevent needs riscv,event-to-mhpmcounters (binding dependencies)")
    r.check(ev and len(ev) % 3 == 0, "riscv,event-to-mhpmevent: triplets <idx hi lo> (%d cells)" % len(ev))
    r.check(ctr and len(ctr) % 3 == 0, "riscv,event-to-mhpmcounters: triplets <first last bitmap> (%d cells)" % len(ctr))
    r.check(raw and len(raw) % 5 == 0,
            "riscv,raw-event-to-mhpmcounters: quintuples <sel_hi sel_lo mask_hi mask_lo bitmap> (%d cells)" % len(raw))
    ctr_ok = ((1 << p["NC"]) - 1) << 3
    tx_w = min(p["NT"], f["TX"][1])
    legal = fmask(f, "EM") | fmask(f, "ES") | fmask(f, "EDGE") | fmask(f, "INV") | fmask(f, "THR") | \
        (((1 << tx_w) - 1) << f["TX"][0])
    es_lsb = f["ES"][0]
    # event-to-mhpmevent
    vals, bad_idx, bad_val = {}, [], []
    for i in range(0, len(ev) - len(ev) % 3, 3):
        idx, v = ev[i], ev[i + 1] << 32 | ev[i + 2]
        if idx in vals or idx >> 16 not in (0, 1) or idx >= SBI_RAW_IDX:
            bad_idx.append(hex(idx))
        vals[idx] = v
        c, m = (v & fmask(f, "ES")) >> es_lsb, v & fmask(f, "EM")
        if c >= p["NCLS"] or not m or v & ~legal:
            bad_val.append("%#x: %#x" % (idx, v))
    r.check(vals and not bad_idx, "event ids unique, SBI type 0 (hardware) or 1 (cache) (%s)" % bad_idx[:3])
    r.check(not bad_val, "every mhpmevent value: class < NCLS %d, sub-event mask != 0, no bit outside "
            "EM/ES/EDGE/INV/THR/TX (%s)" % (p["NCLS"], bad_val[:3]))
    exp = {}
    for idx, (cm, subs) in RV_GENERIC.items():
        if cm in h and all(x in h for x in subs):
            exp[idx] = h[cm] << es_lsb | sum(1 << h[x] for x in subs)
    r.check(len(exp) == len(RV_GENERIC) and vals == exp,
            "SBI events = {1 cycles: CYCLES:ANY, 2 instructions: INST_RETIRED:ANY, 5 branch-instructions: "
            "BR_RETIRED:TAKEN|NOT_TAKEN} of sw/pmu_events_soc.h (%s)"
            % ", ".join("%d: %#x" % kv for kv in sorted(vals.items())))
    # event-to-mhpmcounters
    ranges, bad_rng, bad_bm = [], [], []
    for i in range(0, len(ctr) - len(ctr) % 3, 3):
        a, b, bm = ctr[i:i + 3]
        if a > b or b >= SBI_RAW_IDX:
            bad_rng.append("%#x..%#x" % (a, b))
        ranges.append((a, b))
        for idx in range(a, min(b, a + 0x100) + 1):
            if idx in vals:
                want = rv_expected_bitmap(p, (vals[idx] & fmask(f, "ES")) >> es_lsb)
                if bm != want:
                    bad_bm.append("%#x: %#x (want %#x)" % (idx, bm, want))
        if not bm or bm & ~ctr_ok:
            bad_bm.append("%#x..%#x: %#x" % (a, b, bm))
    srt = sorted(ranges)
    overlap = any(srt[k][1] >= srt[k + 1][0] for k in range(len(srt) - 1))
    r.check(not bad_rng and not overlap, "ranges first <= last < 0x20000, not overlapping (%s%s)"
            % (bad_rng[:3], " overlap" if overlap else ""))
    covered = [idx for a, b in ranges for idx in range(a, min(b, a + 0x1000) + 1)]
    r.check(sorted(covered) == sorted(vals),
            "the ranges cover exactly the ids with an mhpmevent value (no fallback to the zero-extended "
            "event_idx) (%s vs %s)" % (sorted(set(covered) ^ set(vals))[:4], len(vals)))
    # raw
    sels, bad_raw, classes = set(), [], []
    want_mask = fmask(f, "ES") | ((1 << 64) - (1 << (f["TX"][0] + f["TX"][1])))
    for i in range(0, len(raw) - len(raw) % 5, 5):
        sel, msk, bm = raw[i] << 32 | raw[i + 1], raw[i + 2] << 32 | raw[i + 3], raw[i + 4]
        c = (sel & fmask(f, "ES")) >> es_lsb
        classes.append(c)
        if sel & ~msk or msk != want_mask or c >= p["NCLS"] or (sel, msk) in sels:
            bad_raw.append("%#x/%#x" % (sel, msk))
        sels.add((sel, msk))
        if not bm or bm & ~ctr_ok or bm != rv_expected_bitmap(p, c):
            bad_bm.append("raw %#x: %#x" % (sel, bm))
    r.check(not bad_raw, "raw rows: select inside mask, mask = ES + bits 63:%d (%#x), class < NCLS, no duplicate (%s)"
            % (f["TX"][0] + f["TX"][1], want_mask, bad_raw[:3]))
    tcls = soc_classes(h, p["FLOP_CLASS"])
    r.check(sorted(classes) == sorted(tcls), "raw rows: each class of the event table once (%s vs %s)"
            % (sorted(classes), sorted(tcls)))
    r.check(not bad_bm, "counter bitmaps non-zero, inside bits 3..%d (NC %d) and = the counters that see the "
            "class (NAREA %d) (%s)" % (2 + p["NC"], p["NC"], p["NAREA"], bad_bm[:3]))
    r.check(len(ev) // 3 + len(ctr) // 3 + len(raw) // 5 <= 255, "at most 255 rows (OpenSBI SBI_PMU_HW_EVENT_MAX)")


RV_DOC = os.path.join(ROOT, "docs", "riscv.md")


def check_rv_doc(text, r):
    """docs/riscv.md's mhpmevent table = the mhpmevent fields of regs/pmu_rv.rdl."""
    f = rv_fields()
    m = re.search(r"^## mhpmevent encoding\n(.*?)^## ", text, re.M | re.S)
    doc = {}
    for hi, lo, name in re.findall(r"^\|\s*(\d+)(?::(\d+))?\s*\|\s*([A-Z]+|-)\s*\|", m.group(1) if m else "", re.M):
        if name != "-":
            lo = int(lo) if lo else int(hi)
            doc[name] = (lo, int(hi) - lo + 1)
    diff = sorted(set(doc.items()) ^ set(f.items()))
    r.check(f and not diff, "docs/riscv.md mhpmevent table = regs/pmu_rv.rdl fields (%d; differ: %s)" % (len(doc), diff[:3]))


def rv_gen_args(p):
    return ["--nc", str(p.get("NC")), "--ncls", str(p.get("NCLS")), "--flop-class", str(p.get("FLOP_CLASS")),
            "--narea", str(p.get("NAREA"))]


def rv_dt_mutants(text):
    """(name, corrupted dtsi text) pairs."""
    def sub(pat, rep, t=None, n=1):
        t = text if t is None else t
        return re.sub(pat, rep, t, count=n)
    bm = re.search(r"(riscv,event-to-mhpmcounters =\s*<0x\w+ 0x\w+ )0x(\w+)>", text)
    return [
        ("wrong compatible", text.replace('"riscv,pmu"', '"riscv,pmu-x"', 1)),
        ("a dtc warning (unit address, no reg)", text.replace("pmu {", "pmu@0 {", 1)),
        ("interrupts-extended (not in the binding)",
         text.replace('compatible = "riscv,pmu";', 'compatible = "riscv,pmu";\n\tinterrupts-extended = <&cpu0_intc 13>;', 1)),
        ("an mhpmevent row of 4 cells", sub(r"(riscv,event-to-mhpmevent =\s*<0x\w+ 0x\w+ 0x\w+)>", r"\1 0x0>")),
        ("a raw row of 4 cells", sub(r"(riscv,raw-event-to-mhpmcounters =\s*<0x\w+ 0x\w+ 0x\w+ 0x\w+) 0x\w+>", r"\1>")),
        ("an mhpmevent value of class NCLS", text.replace("0x00010001>", "0x00080001>", 1)),
        ("an mhpmevent value with mask 0", text.replace("0x00010001>", "0x00010000>", 1)),
        ("instructions -> INST_RETIRED:ALU", text.replace("0x00010001>", "0x00010002>", 1)),
        ("an mhpmevent value with OF set", text.replace("<0x00002 0x00000000", "<0x00002 0x80000000", 1)),
        ("a bitmap with bit 2 (minstret)",
         text[:bm.start(2)] + "%08x" % (int(bm.group(2), 16) | 4) + text[bm.end(2):] if bm else text),
        ("a bitmap beyond NC",
         text[:bm.start(2)] + "%08x" % (int(bm.group(2), 16) << 1) + text[bm.end(2):] if bm else text),
        ("event 5 without a counter range", sub(r",\s*<0x00005 0x00005 0x\w+>;", ";")),
        ("a range over ids without mhpmevent (3, 4)", text.replace("<0x00005 0x00005", "<0x00003 0x00005", 1)),
        ("overlapping ranges", text.replace("<0x00005 0x00005", "<0x00002 0x00005", 1)),
        ("a raw select outside its mask",
         sub(r"(raw-event-to-mhpmcounters =\s*<0x\w+ )0x00000000", r"\g<1>0x00000001")),
        ("a raw mask without the reserved bits", text.replace("0xffffff00 0x003f0000", "0x00000000 0x003f0000", 1)),
        ("a raw mask including EM", text.replace("0xffffff00 0x003f0000", "0xffffff00 0x003fffff", 1)),
        ("a duplicate raw row", text.replace("0x00010000 0xffffff00", "0x00000000 0xffffff00", 1)),
        ("a raw row of class NCLS", text.replace("0x00070000 0xffffff00", "0x00080000 0xffffff00", 1)),
    ]


def run_rv_dt(args, r):
    dtc = shutil.which("dtc")
    if not r.check(dtc, "dtc found"):
        print("riscv-dt-check: 'dtc' missing: run 'sudo apt-get install device-tree-compiler' (make deps-dt)")
        return
    p = rv_params()
    print("riscv-dt-check: %s (+ %s) from %s %s" % (os.path.relpath(args.dts, ROOT), os.path.basename(RV_DTSI),
                                                    os.path.relpath(args.gen, ROOT), " ".join(rv_gen_args(p))))
    g = subprocess.run([args.gen] + rv_gen_args(p), capture_output=True, text=True)
    if not r.check(g.returncode == 0, "%s exits 0%s" % (os.path.basename(args.gen),
                                                     " (%s)" % g.stderr.strip()[:120] if g.stderr else "")):
        return
    check_rv_dt(args.dts, r, dtc, g.stdout)
    doc = open(RV_DOC).read() if os.path.exists(RV_DOC) else ""
    check_rv_doc(doc, r)
    if g.stdout != (open(RV_DTSI).read() if os.path.exists(RV_DTSI) else ""):
        print("  (regenerate: make riscv-dt)")
    if not args.self_test:
        return
    for name, bad in (("ES as 22:16", doc.replace("| 21:16 | ES |", "| 22:16 | ES |", 1)),
                      ("no OF row", re.sub(r"\n\| 63 \| OF \|[^\n]*", "", doc, count=1))):
        if r.check(bad != doc, "self-test: corruption '%s' applies" % name):
            must_fail(r, "docs/riscv.md table with %s" % name, lambda m: check_rv_doc(bad, m))
    d0 = os.path.dirname(args.dts)
    base = open(os.path.join(d0, os.path.basename(RV_DTSI))).read()
    for name, bad in rv_dt_mutants(base):
        if not r.check(bad != base, "self-test: corruption '%s' applies" % name):
            continue
        with scratch_dir("riscv_dt_mut_", {os.path.basename(args.dts): open(args.dts).read(),
                                            os.path.basename(RV_DTSI): bad}) as d:
            must_fail(r, "node with %s" % name, lambda m: check_rv_dt(os.path.join(d, os.path.basename(args.dts)), m, dtc))


def posix_ere(rx):
    """POSIX bracket classes -> Python re (perf's regcomp(REG_EXTENDED))."""
    for k, v in (("[:xdigit:]", "0-9A-Fa-f"), ("[:digit:]", "0-9"), ("[:alnum:]", "0-9A-Za-z"),
                 ("[:alpha:]", "A-Za-z"), ("[:upper:]", "A-Z"), ("[:lower:]", "a-z")):
        rx = rx.replace(k, v)
    return rx


def check_rv_json(text, mapfile, r, dtsi_vals, ref=None):
    p = rv_params()
    f = rv_fields()
    if ref is not None:
        r.check(text == ref[0], "regenerated JSON equals the committed %s" % os.path.relpath(RV_JSON, ROOT))
        r.check(mapfile == ref[1], "regenerated mapfile line equals the committed %s" % os.path.relpath(RV_MAPFILE, ROOT))
    data = json_array(text, r)
    if data is None or "ES" not in f or "EM" not in f or "NCLS" not in p:
        return
    keys = {"EventName", "EventCode", "BriefDescription"}
    bad_keys, bad_name, bad_code, names, codes = [], [], [], [], {}
    for e in data:
        if not isinstance(e, dict) or set(e) != keys or not all(isinstance(e[k], str) for k in keys):
            bad_keys.append(e)
            continue
        n = e["EventName"]
        names.append(n.lower())
        if not re.fullmatch(r"[A-Za-z0-9_.]+", n) or n.lower() in PERF_GENERIC:
            bad_name.append(n)
        try:
            c = int(e["EventCode"], 16)
            codes[n.upper()] = c
            if not re.fullmatch(r"0x[0-9a-f]+", e["EventCode"]) or c >> 40 or \
                    (c & fmask(f, "ES")) >> f["ES"][0] >= p["NCLS"] or not c & fmask(f, "EM"):
                bad_code.append(n)
        except (ValueError, TypeError):
            bad_code.append(n)
    r.check(not bad_keys, "every entry has exactly %s (%d bad)" % (", ".join(sorted(keys)), len(bad_keys)))
    r.check(not bad_name, "EventNames [A-Za-z0-9_.], none a perf generic hardware event name (%s)" % bad_name[:3])
    r.check(len(names) == len(set(names)), "EventNames unique (case-insensitive, as perf matches them)")
    r.check(not bad_code, "EventCode: hex mhpmevent value < 2^40, class < NCLS %d, EM != 0 (%s)"
            % (p["NCLS"], bad_code[:3]))
    mism = ["%s %#x != DT %#x" % (RV_JSON_GENERIC[i], codes.get(RV_JSON_GENERIC[i], -1), v)
            for i, v in sorted(dtsi_vals.items()) if codes.get(RV_JSON_GENERIC.get(i)) != v]
    r.check(dtsi_vals and not mism, "CYCLES.ANY / INST_RETIRED.ANY / BR_RETIRED.COND = the riscv,pmu node's "
            "SBI events 1 / 2 / 5 (%s)" % mism[:2])
    rows = [l for l in mapfile.splitlines() if l.strip() and not l.startswith("#")]
    r.check(len(rows) == 1, "mapfile: one data line (%d)" % len(rows))
    fl = rows[0].split(",") if rows else []
    ok = len(fl) == 4
    r.check(ok and fl[1] == "v1" and fl[3] == "core", "mapfile: REGEX,v1,DIR,core (%s)" % fl)
    r.check(ok and os.path.isfile(os.path.join(ROOT, "sw", "linux", "riscv", fl[2], os.path.basename(RV_JSON))),
            "mapfile: DIR %s holds the JSON (sw/linux/riscv/DIR)" % (fl[2] if ok else "?"))
    try:
        rx = re.compile(posix_ere(fl[0])) if ok else None
    except re.error:
        rx = None
    r.check(rx and rx.fullmatch("0x0-0x0-0x0") and not rx.fullmatch("0x489-0x8000000000000007-0x0"),
            "mapfile: the regex matches the whole cpuid 0x0-0x0-0x0 (PicoRV32), not a SiFive one")


def dtsi_generic_vals():
    t = open(RV_DTSI).read() if os.path.exists(RV_DTSI) else ""
    m = re.search(r"riscv,event-to-mhpmevent =([^;]*);", t)
    c = [int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]+)", re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S))] if m else []
    return {c[i]: c[i + 1] << 32 | c[i + 2] for i in range(0, len(c) - 2, 3)}


def rv_json_mutants(text, mapfile):
    def code(name, new):
        return re.sub(r'("EventName": "%s",\s*"EventCode": ")0x[0-9a-f]+"' % re.escape(name), r'\g<1>%s"' % new, text, count=1)
    return [
        ("a class of NCLS", code("MEM_INST_RETIRED.LOADS", "0x80001"), mapfile),
        ("an EventCode with EM 0", code("MEM_INST_RETIRED.LOADS", "0x20000"), mapfile),
        ("an EventCode with bit 48 set", code("MEM_INST_RETIRED.LOADS", "0x1000000020001"), mapfile),
        ("INST_RETIRED.ANY != the DT's instructions", code("INST_RETIRED.ANY", "0x10002"), mapfile),
        ("an extra key (Unit)", text.replace('"EventCode": ', '"Unit": "cpu",\n    "EventCode": ', 1), mapfile),
        ("a duplicate name", text.replace('"CYCLES.MEM_STALL"', '"cycles.any"', 1), mapfile),
        ("a perf generic name", text.replace('"CYCLES.MEM_STALL"', '"BRANCHES"', 1), mapfile),
        ("a broken file", text[:len(text) // 2], mapfile),
        ("a mapfile regex with 0x00", text, mapfile.replace("0x0-0x0-0x0,", "0x00-0x0-0x0,", 1)),
        ("a mapfile regex matching any cpuid", text, mapfile.replace("0x0-0x0-0x0,", ".*,", 1)),
        ("a mapfile type uncore", text, mapfile.replace(",core", ",uncore", 1)),
        ("a mapfile directory that does not exist", text, mapfile.replace(",%s," % RV_DIR, ",pmu-ip/other,", 1)),
    ]


def run_rv_json(args, r):
    p = rv_params()
    print("riscv-json-check: %s, %s from %s" % (os.path.relpath(RV_JSON, ROOT), os.path.relpath(RV_MAPFILE, ROOT),
                                               os.path.relpath(args.gen, ROOT)))
    g1 = subprocess.run([args.gen, "--riscv", "--flop-class", str(p.get("FLOP_CLASS")), "--ncls", str(p.get("NCLS"))],
                        capture_output=True, text=True)
    g2 = subprocess.run([args.gen, "--riscv-mapfile"], capture_output=True, text=True)
    if not r.check(g1.returncode == 0 and g2.returncode == 0, "%s --riscv / --riscv-mapfile exit 0%s"
                   % (os.path.basename(args.gen), " (%s)" % (g1.stderr + g2.stderr).strip()[:120])):
        return
    text = open(RV_JSON).read() if os.path.exists(RV_JSON) else ""
    mapf = open(RV_MAPFILE).read() if os.path.exists(RV_MAPFILE) else ""
    dv = dtsi_generic_vals()
    check_rv_json(text, mapf, r, dv, (g1.stdout, g2.stdout))
    if (text, mapf) != (g1.stdout, g2.stdout):
        print("  (regenerate: make riscv-json)")
    if not args.self_test:
        return
    for name, bt, bm in rv_json_mutants(text, mapf):
        if not r.check((bt, bm) != (text, mapf), "self-test: corruption '%s' applies" % name):
            continue
        must_fail(r, "JSON with %s" % name, lambda m: check_rv_json(bt, bm, m, dv))
