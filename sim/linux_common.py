# SPDX-License-Identifier: Apache-2.0
"""Shared helpers of sim/linux_check.py (the CoreSight checks, sim/linux_cs.py,
and the RISC-V checks, sim/linux_rv.py): the pass/fail tally (Result), the
repository root, and the device-tree helpers (dtc with the strict warnings,
the canonical `dtc -O dts` parser, cell and string property values).
"""
import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTC_WARN = ["-W", "node_name_chars_strict", "-W", "property_name_chars_strict"]


class Result:
    def __init__(self, quiet=False):
        self.passed = self.failed = 0
        self.quiet = quiet
        self.msgs = []

    def check(self, ok, what):
        ok = bool(ok)
        self.passed += ok
        self.failed += not ok
        line = "%s: %s" % (what, "ok" if ok else "FAILED")
        self.msgs.append(line)
        if not self.quiet:
            print("  " + line)
        return ok


def parse_dts(text):
    """Canonical `dtc -O dts` output -> {path: {prop: raw value or True}}."""
    nodes, stack = {}, []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("/dts-v1/") or line.startswith("/memreserve/"):
            continue
        m = re.match(r"^(?:[\w,.+-]+:\s*)?([^\s=]+)\s*\{$", line)
        if m:
            name = m.group(1)
            path = "/" if name == "/" else (stack[-1].rstrip("/") + "/" + name)
            stack.append(path)
            nodes[path] = {}
            continue
        if line == "};":
            stack.pop()
            continue
        m = re.match(r"^([^\s=]+)\s*=\s*(.*);$", line)
        if m:
            nodes[stack[-1]][m.group(1)] = m.group(2)
        elif line.endswith(";"):
            nodes[stack[-1]][line[:-1]] = True
    return nodes


def cells(v):
    m = re.fullmatch(r"<([^>]*)>", v.strip()) if isinstance(v, str) else None
    return [int(x, 0) for x in m.group(1).split()] if m else None


def strings(v):
    return re.findall(r'"((?:[^"\\]|\\.)*)"', v) if isinstance(v, str) else []


def dt_compile(dts, r, dtc):
    """dtc -> dtb (no warnings) -> canonical dts nodes, or None."""
    d = tempfile.mkdtemp(prefix="linux_dt_")
    try:
        dtb = os.path.join(d, "out.dtb")
        p = subprocess.run([dtc] + DTC_WARN + ["-I", "dts", "-O", "dtb", "-o", dtb, dts],
                           capture_output=True, text=True, cwd=os.path.dirname(dts))
        if not r.check(p.returncode == 0, "dtc compiles %s" % os.path.basename(dts)):
            for l in p.stderr.splitlines()[:10]:
                r.msgs.append("    " + l)
                if not r.quiet:
                    print("    " + l)
            return None
        warn = [l for l in p.stderr.splitlines() if l.strip()]
        r.check(not warn, "dtc prints no warnings%s" % ("" if not warn else " (%s)" % warn[0][:120]))
        q = subprocess.run([dtc, "-I", "dtb", "-O", "dts", dtb], capture_output=True, text=True)
        if not r.check(q.returncode == 0, "dtc decompiles the blob"):
            return None
        return parse_dts(q.stdout)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@contextlib.contextmanager
def scratch_dir(prefix, files=None):
    """A temporary directory holding files ({name: text}), removed afterwards."""
    d = tempfile.mkdtemp(prefix=prefix)
    try:
        for f, t in (files or {}).items():
            with open(os.path.join(d, f), "w") as fh:
                fh.write(t)
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def must_fail(r, what, check):
    """Self-test: check(m) on a quiet Result m must fail; r records it, with m's first failure."""
    m = Result(quiet=True)
    check(m)
    why = next((x for x in m.msgs if x.endswith("FAILED")), "")
    return r.check(m.failed > 0, "self-test: %s fails the check%s" % (what, " (%s)" % why[:100] if why else ""))


def json_array(text, r):
    """The perf event file text as a non-empty JSON array (checked in r), or None."""
    try:
        data = json.loads(text)
    except ValueError as e:
        r.check(False, "valid JSON (%s)" % e)
        return None
    return data if r.check(isinstance(data, list) and data, "a non-empty JSON array") else None
