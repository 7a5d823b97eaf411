"""Load a pmu-ip SystemRDL register description (regs/*.rdl) into the plain
tables the generators (util/regmap.py, util/dc_regmap.py) work from.

A register is (name, offset, access, description, fields); a field is
(name, lsb, width, access, reset, description), where width is an int, or
the parameter expression of the field's `pmu_width` property (the RDL field
is declared at that expression's maximum width), and reset is None for a
field without a reset value (a build parameter). Access types:
  RO  sw = r            RW  sw = rw
  W1C sw = rw; onwrite = woclr (hardware set wins: hwset)
  W1P sw = w; onwrite = woset (write-1 pulse, reads 0)
  WO  sw = w
A register's access is its fields' when they all agree, else RW.

The output helpers below (inline define blocks, sync / --check of every
output) are shared by util/regblock.py, util/regmap.py and util/dc_regmap.py.

systemrdl-compiler comes from PyPI; `ensure()` installs it on first use
(as every flow of the project installs its own tools).
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGS = os.path.join(ROOT, "regs")
# (import name, pinned PyPI package) of every tool this module uses
PYPI = {"systemrdl": "systemrdl-compiler==1.33.0",
        "peakrdl_ipxact": "peakrdl-ipxact==3.5.0",
        "peakrdl_uvm": "peakrdl-uvm==2.4.0"}


def ensure(module="systemrdl"):
    """Import check; install the module's pinned PyPI package when missing."""
    pkgs = [PYPI[module]]
    try:
        __import__(module)
        return
    except ImportError:
        pass
    print(f"deps: installing {' '.join(pkgs)} (pip)", file=sys.stderr)
    cmd = [sys.executable, "-m", "pip", "install", "-q"]
    r = subprocess.run(cmd + pkgs)
    if r.returncode != 0:   # Debian's externally managed Python
        r = subprocess.run(cmd + ["--break-system-packages"] + pkgs)
    if r.returncode != 0:
        sys.exit(f"deps: could not install {' '.join(pkgs)}: run '{' '.join(cmd + pkgs)}'")
    __import__(module)


def compile_rdl(fname, top):
    """Compiled and elaborated root node of regs/<fname> (exits on an RDL error)."""
    ensure()
    from systemrdl import RDLCompiler, RDLCompileError
    rdlc = RDLCompiler()
    try:
        rdlc.compile_file(os.path.join(REGS, fname), incl_search_paths=[REGS])
        return rdlc.elaborate(top_def_name=top).top
    except RDLCompileError:
        sys.exit(f"rdl: {fname} does not compile")


def field_access(f):
    from systemrdl.rdltypes import AccessType, OnWriteType
    sw = f.get_property("sw")
    ow = f.get_property("onwrite")
    if sw == AccessType.r:
        return "RO"
    if sw == AccessType.rw:
        return "W1C" if ow == OnWriteType.woclr else "RW"
    if sw == AccessType.w:
        return "W1P" if ow == OnWriteType.woset else "WO"
    sys.exit(f"rdl: {f.get_path()}: access {sw} not used by pmu-ip")


def fields(reg):
    out = []
    for f in reg.fields():
        w = f.get_property("pmu_width", default=None)
        out.append((f.inst_name, f.lsb, w if w is not None else f.width, field_access(f),
                    f.get_property("reset"), f.get_property("desc") or ""))
    return out


def reg_table(reg, offset=None):
    fl = fields(reg)
    accs = {a for _, _, _, a, _, _ in fl}
    acc = accs.pop() if len(accs) == 1 else "RW"
    off = reg.raw_address_offset if offset is None else offset
    return (reg.inst_name, off, acc, reg.get_property("desc") or "", fl)


def children(node):
    """{instance name: node} of node's direct children, in address order."""
    return {c.inst_name: c for c in node.children()}


def array(node):
    """(base offset, element count, stride) of an array instance."""
    return node.raw_address_offset, node.array_dimensions[0], node.array_stride


def width_max(top):
    """{pmu_width expression: its maximum width} over every field under top;
    one expression must have one maximum everywhere."""
    out = {}
    for node in top.descendants():
        if type(node).__name__ != "FieldNode":
            continue
        w = node.get_property("pmu_width", default=None)
        if w is None:
            continue
        if out.setdefault(w, node.width) != node.width:
            sys.exit(f"rdl: {node.get_path()}: pmu_width {w!r} declared {node.width} bits, elsewhere {out[w]}")
    return out


def exports(top, stem):
    """{path relative to the repository: text} of the PeakRDL exports of top:
    regs/gen/<stem>.xml (IP-XACT 1685-2014) and regs/gen/<stem>_uvm_pkg.sv
    (UVM register model). Both exporters are deterministic (no dates)."""
    ensure("peakrdl_ipxact")
    ensure("peakrdl_uvm")
    import tempfile
    from peakrdl_ipxact import IPXACTExporter
    from peakrdl_uvm import UVMExporter
    out = {}
    with tempfile.TemporaryDirectory() as d:
        for rel, fn in ((f"regs/gen/{stem}.xml", lambda p: IPXACTExporter().export(top, p)),
                        (f"regs/gen/{stem}_uvm_pkg.sv", lambda p: UVMExporter().export(top, p))):
            p = os.path.join(d, os.path.basename(rel))
            fn(p)
            with open(p) as f:
                out[rel] = f.read()
    return out


# ------------------------------------------------ writing the outputs (every generator)

def inline_block(text, begin, end, body):
    """Return text with the lines between begin and end markers replaced by body."""
    i = text.index(begin) + len(begin)
    j = text.index(end, i)
    return text[:i] + "\n" + body.rstrip("\n") + "\n" + text[j:]


def used_defines(text, begin, end):
    """The `define lines of the full define list that text uses outside its block."""
    i = text.index(begin)
    j = text.index(end, i)
    return set(re.findall(r"`(\w+)", text[:i] + text[j:]))


def subset_block(full, used):
    """Only the `define lines of full whose macro is in used (in full's order).

    Each RTL file carries just the constants it uses, so the files do not
    repeat one big block; a macro defined in several files has the same text
    everywhere (identical redefinition is legal and silent in all three tools).
    """
    keep = [ln for ln in full.splitlines()
            if ln.startswith("`define ") and ln.split()[1] in used]
    return "\n".join(keep)


def inline_outputs(begin, end, gen, rtl_dir="rtl", before=None):
    """{relative path: generator} for every RTL file holding the markers; before(text):
    the file's other generated blocks, regenerated first (the defines it uses are
    counted after them)."""
    out = {}
    d = os.path.join(ROOT, rtl_dir)
    for fn in sorted(os.listdir(d)):
        if not fn.endswith(".v"):
            continue
        rel = os.path.join(rtl_dir, fn)
        with open(os.path.join(ROOT, rel)) as f:
            cur = f.read()
        if begin in cur:
            out[rel] = (lambda cur=cur: _with_defines(before(cur) if before else cur, begin, end, gen))
    return out


def _with_defines(cur, begin, end, gen):
    return inline_block(cur, begin, end, subset_block(gen(), used_defines(cur, begin, end)))


def sync(outputs, check):
    """Write (or with check, compare) every output; return the number that differ."""
    bad = 0
    for rel, fn in outputs.items():
        path = os.path.join(ROOT, rel)
        text = fn()
        if text is None:   # a doc without its generated block (reported by fn)
            bad += 1
            continue
        if check:
            try:
                with open(path) as f:
                    cur = f.read()
            except FileNotFoundError:
                cur = None
            if cur != text:
                print(f"regmap: {rel} is out of date (run the generator: python3 util/{os.path.basename(sys.argv[0])})")
                bad += 1
        elif rel == "README.md" and open(path).read() == text:
            continue   # the README is edited by others too: touch it only to change it
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
    return bad


def _value(text):
    """Numeric value of a generated macro body (Verilog sized or C literal)."""
    t = text.strip()
    m = re.fullmatch(r"\d+'([hd])([0-9A-Fa-f]+)", t)
    if m:
        return int(m.group(2), 16 if m.group(1) == "h" else 10)
    m = re.fullmatch(r"\(1u << (\w+)\)", t)
    if m:
        return ("mask", m.group(1))
    try:
        return int(t.rstrip("u"), 0)
    except ValueError:
        return t


def same_names_same_values(vh, h, who="regmap", quiet=False):
    """A macro named in both the Verilog defines and the C header must mean
    the same number in both (no bit index in one and mask in the other, no
    word index in one and byte offset in the other). Returns the clashes."""
    v = {ln.split()[1]: " ".join(ln.split()[2:]) for ln in vh.splitlines()
         if ln.startswith("`define ") and len(ln.split()) > 2}
    c = {ln.split()[1]: " ".join(ln.split()[2:]) for ln in h.splitlines()
         if ln.startswith("#define ") and len(ln.split()) > 2 and "(" not in ln.split()[1]}
    bad = [k for k in sorted(set(v) & set(c)) if _value(v[k]) != _value(c[k])]
    for k in bad if not quiet else []:
        print(f"{who}: {k} is `define {v[k]} in Verilog but #define {c[k]} in C: give them different names")
    return len(bad)
