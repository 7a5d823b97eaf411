# SPDX-License-Identifier: Apache-2.0
"""Linux (arm_cspmu) deliverables of the CoreSight PMU view (docs/linux.md),
run through sim/linux_check.py:

  sim/linux_check.py dt   [--dts FILE] [--self-test]
      sw/linux/pmu-ip-cspmu.dts (which /include/s pmu-ip-cspmu.dtsi)
      compiles with dtc with no warnings (default checks and the strict
      name checks), and the compiled tree has exactly one node with
      compatible "arm,coresight-pmu" (exactly that string, the binding's
      const), exactly two reg entries (page 0, page 1 = page 0 + 0x1000),
      each 0x1000 long, one interrupt (a GIC one: SPI, level-high), no
      property outside the binding (additionalProperties: false), and no
      reg-io-width other than 4.
  sim/linux_check.py json --gen EXE [--json FILE] [--self-test]
      EXE (build/linux/perf_json, built from sw/perf_json.c and the C API's
      event table sw/pmu_events_soc.c) prints exactly the committed
      sw/linux/pmu-ip-soc.json, which is valid JSON in perf's sys-event
      form: every entry has exactly BriefDescription, ConfigCode,
      EventName, Unit, Compat; names lowercase and unique, none the
      driver's own "cycles"; ConfigCode a hex PMEVTYPER value (bits 32+ 0);
      Unit "arm_cspmu"; Compat a regular expression that perf's whole-
      string match accepts for the sysfs identifier ("%x" of the PMIIDR
      reset value in regs/pmu_cs.rdl).
  --self-test corruptions (each must FAIL): dt: wrong compatible, one reg,
      the extension page as a third reg, a page of 0x2000, reg-io-width 8,
      no interrupt; json: Compat with 0x, a changed ConfigCode, another
      Unit, a broken file.
"""
import os
import re
import shutil
import subprocess

from linux_common import ROOT, cells, dt_compile, json_array, must_fail, scratch_dir, strings

DTS = os.path.join(ROOT, "sw", "linux", "pmu-ip-cspmu.dts")
JSON = os.path.join(ROOT, "sw", "linux", "pmu-ip-soc.json")
RDL = os.path.join(ROOT, "regs", "pmu_cs.rdl")
ALLOWED_PROPS = {"compatible", "reg", "interrupts", "cpus", "reg-io-width",
                 # always allowed by dt-schema's core schema
                 "interrupt-parent", "status", "phandle"}
DRIVER_EVENTS = {"cycles"}
UNIT = "arm_cspmu"


# ------------------------------------------------------------------ DT
def check_dt(dts, r, dtc):
    nodes = dt_compile(dts, r, dtc)
    if nodes is None:
        return
    pmus = [p for p, props in nodes.items() if "arm,coresight-pmu" in strings(props.get("compatible"))]
    if not r.check(len(pmus) == 1, "exactly one node with compatible arm,coresight-pmu (%d)" % len(pmus)):
        return
    path = pmus[0]
    props = nodes[path]
    parent = nodes[path.rsplit("/", 1)[0] or "/"]
    r.check(strings(props.get("compatible")) == ["arm,coresight-pmu"],
            "%s: compatible is exactly \"arm,coresight-pmu\"" % path)
    ac = (cells(parent.get("#address-cells", "<0x02>")) or [2])[0]
    sc = (cells(parent.get("#size-cells", "<0x01>")) or [1])[0]
    reg = cells(props.get("reg", "")) or []
    ents = []
    if ac + sc and len(reg) % (ac + sc) == 0:
        for i in range(0, len(reg), ac + sc):
            a = s = 0
            for x in reg[i:i + ac]:
                a = a << 32 | x
            for x in reg[i + ac:i + ac + sc]:
                s = s << 32 | x
            ents.append((a, s))
    r.check(len(ents) == 2, "%s: two reg entries, page 0 and page 1 (%d)" % (path, len(ents)))
    r.check(ents and all(s == 0x1000 for _, s in ents), "%s: every reg entry 0x1000 long" % path)
    r.check(len(ents) == 2 and ents[1][0] == ents[0][0] + 0x1000 and ents[0][0] % 0x4000 == 0,
            "%s: page 1 = page 0 + 0x1000, page 0 on a 16 KiB boundary" % path)
    unit = path.rsplit("@", 1)[1] if "@" in path else ""
    r.check(ents and unit and int(unit, 16) == ents[0][0], "%s: unit address = page 0" % path)
    irq = cells(props.get("interrupts", "")) or []
    ip = props.get("interrupt-parent") or parent.get("interrupt-parent") or nodes["/"].get("interrupt-parent")
    ctrl = None
    ph = cells(ip)[0] if ip and cells(ip) else None
    for p, pr in nodes.items():
        if ph is not None and cells(pr.get("phandle", "")) == [ph]:
            ctrl = pr
    icells = (cells(ctrl.get("#interrupt-cells", "")) or [0])[0] if ctrl else 0
    r.check(icells and len(irq) == icells, "%s: one interrupt specifier (%d cells, #interrupt-cells %d)"
            % (path, len(irq), icells))
    if ctrl and any(c.startswith("arm,gic") for c in strings(ctrl.get("compatible"))) and icells == 3:
        r.check(len(irq) == 3 and irq[0] == 0 and irq[2] == 4, "%s: GIC SPI, level-high (irq_o)" % path)
    extra = sorted(set(props) - ALLOWED_PROPS)
    r.check(not extra, "%s: only the binding's properties%s" % (path, " (extra: %s)" % extra if extra else ""))
    rw = cells(props.get("reg-io-width", "<0x04>")) or [0]
    r.check(rw == [4], "%s: reg-io-width absent or 4 (32-bit bus)" % path)


def dt_mutants(dts):
    """(name, {file: text}) corrupted copies of the .dts and its /include/s."""
    d = os.path.dirname(dts)
    files = {os.path.basename(dts): open(dts).read()}
    for inc in re.findall(r'/include/\s+"([^"]+)"', files[os.path.basename(dts)]):
        files[inc] = open(os.path.join(d, inc)).read()
    muts = [
        ("wrong compatible", 'compatible = "arm,coresight-pmu"', 'compatible = "arm,coresight-pmu-x"'),
        ("one reg", re.compile(r"(reg = <0x0 0x[0-9a-f]+ 0x0 0x1000>),([^\n]*)\n\s*<[^>]*>;"), r"\1;\2"),
        ("extension page as a third reg", re.compile(r"(reg = <0x0 0x[0-9a-f]+ 0x0 0x1000>,[^\n]*\n\s*<[^>]*>)"),
         r"\1, <0x0 0x2a402000 0x0 0x1000>"),
        ("a page of 0x2000", re.compile(r"(reg = <0x0 0x[0-9a-f]+ 0x0 )0x1000>"), r"\g<1>0x2000>"),
        ("reg-io-width 8", "interrupts = <", "reg-io-width = <8>;\n\tinterrupts = <"),
        ("no interrupt", re.compile(r"\n\s*interrupts = <[^>]*>;[^\n]*"), ""),
    ]
    out = []
    for name, old, new in muts:
        changed = dict(files)
        hit = False
        for f, text in files.items():
            t = old.sub(new, text, count=1) if hasattr(old, "sub") else text.replace(old, new, 1)
            if t != text and not hit:
                changed[f] = t
                hit = True
        out.append((name, changed if hit else None))
    return out


def run_dt(args, r):
    dtc = shutil.which("dtc")
    if not r.check(dtc, "dtc found"):
        print("linux-dt-check: 'dtc' missing: run 'sudo apt-get install device-tree-compiler' (make deps-dt)")
        return
    print("linux-dt-check: %s" % os.path.relpath(args.dts, ROOT))
    check_dt(args.dts, r, dtc)
    if not args.self_test:
        return
    for name, files in dt_mutants(args.dts):
        if not r.check(files, "self-test: corruption '%s' applies" % name):
            continue
        with scratch_dir("linux_dt_mut_", files) as d:
            must_fail(r, "DT with %s" % name, lambda m: check_dt(os.path.join(d, os.path.basename(args.dts)), m, dtc))


# ---------------------------------------------------------------- JSON
def pmiidr():
    m = re.search(r"IIDR\[31:0\]\s*=\s*(0x[0-9A-Fa-f]+);\s*\}\s*PMIIDR\s*@", open(RDL).read())
    return int(m.group(1), 16) if m else None


def check_json(text, r, reference=None):
    if reference is not None:
        r.check(text == reference, "regenerated output equals the committed file")
    data = json_array(text, r)
    if data is None:
        return
    keys = {"BriefDescription", "ConfigCode", "EventName", "Unit", "Compat"}
    iid = pmiidr()
    r.check(iid is not None, "PMIIDR reset value found in regs/pmu_cs.rdl")
    ident = "%x" % (iid or 0)
    bad_keys, bad_name, bad_code, bad_unit, bad_compat, names = [], [], [], [], [], []
    for e in data:
        if not isinstance(e, dict) or set(e) != keys:
            bad_keys.append(e)
            continue
        n = e["EventName"]
        names.append(n)
        if n != n.lower() or not re.fullmatch(r"[a-z0-9_.]+", n) or n in DRIVER_EVENTS:
            bad_name.append(n)
        try:
            c = int(e["ConfigCode"], 16)
            if not re.fullmatch(r"0x[0-9a-f]+", e["ConfigCode"]) or c >> 32 or (c & 0xFFFF) == 0:
                bad_code.append(n)
        except (ValueError, TypeError):
            bad_code.append(n)
        if e["Unit"] != UNIT:
            bad_unit.append(n)
        try:
            if not re.fullmatch(e["Compat"], ident):
                bad_compat.append(n)
        except re.error:
            bad_compat.append(n)
    r.check(not bad_keys, "every entry has exactly %s (%d bad)" % (", ".join(sorted(keys)), len(bad_keys)))
    r.check(not bad_name, "EventNames lowercase perf style, not the driver's own %s (%s)"
            % (sorted(DRIVER_EVENTS), bad_name[:3]))
    r.check(len(names) == len(set(names)), "EventNames unique")
    r.check(not bad_code, "ConfigCode: hex PMEVTYPER value, EM != 0, bits 32+ 0 (%s)" % bad_code[:3])
    r.check(not bad_unit, "Unit %s (the driver's PMU name without instance suffix) (%s)" % (UNIT, bad_unit[:3]))
    r.check(not bad_compat, "Compat matches the sysfs identifier \"%s\" (%%x of PMIIDR) as a whole (%s)"
            % (ident, bad_compat[:3]))


def json_mutants(text):
    def first_code(t):
        m = re.search(r'"ConfigCode": "0x([0-9a-f]+)"', t)
        return t[:m.start()] + '"ConfigCode": "0x%x"' % (int(m.group(1), 16) ^ 0x10000) + t[m.end():] if m else t
    # (name, corrupted text, caught by the comparison with the regenerated
    # output only: a valid file with another value)
    return [
        ("Compat with 0x", text.replace('"Compat": "', '"Compat": "0x'), False),
        ("a ConfigCode changed", first_code(text), True),
        ("another Unit", text.replace('"Unit": "arm_cspmu"', '"Unit": "arm_cspmu_0"', 1), False),
        ("a broken file", text[:len(text) // 2], False),
    ]


def run_json(args, r):
    print("linux-json-check: %s from %s" % (os.path.relpath(args.json, ROOT), os.path.relpath(args.gen, ROOT)))
    p = subprocess.run([args.gen], capture_output=True, text=True)
    if not r.check(p.returncode == 0, "%s exits 0%s" % (os.path.basename(args.gen),
                                                          " (%s)" % p.stderr.strip()[:120] if p.stderr else "")):
        return
    committed = open(args.json).read() if os.path.exists(args.json) else ""
    check_json(committed, r, p.stdout)
    if p.stdout != committed:
        print("  (regenerate: %s > %s)" % (os.path.relpath(args.gen, ROOT), os.path.relpath(args.json, ROOT)))
    if not args.self_test:
        return
    for name, bad, by_cmp in json_mutants(committed):
        if r.check(bad != committed, "self-test: corruption '%s' applies" % name):
            must_fail(r, "JSON with %s" % name, lambda m: check_json(bad, m, p.stdout if by_cmp else None))
