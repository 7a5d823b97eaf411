# SPDX-License-Identifier: Apache-2.0
"""The coverage waivers (sim/coverage_waivers.yaml) of the coverage report:
loading and checking them, the lines of a function a waiver names, the rule
of class `elaboration` (a function that runs only at elaboration), and the
lookups and tally that apply them to line, branch and toggle points."""
import fnmatch
import functools
import os
import re

from coverage_common import ROOT, TOPS, load_yaml, span_lines

WAIVERS = "sim/coverage_waivers.yaml"


def load_waivers(files):
    ws = load_yaml(WAIVERS) or []
    errs = []
    for i, w in enumerate(ws):
        where = "%s waiver %d" % (WAIVERS, i + 1)
        if w.get("top") not in TOPS:
            errs.append("%s: top must be one of %s" % (where, ", ".join(TOPS)))
            continue
        if w.get("file") not in files[w["top"]]:
            errs.append("%s: %s is not a file of %s" % (where, w.get("file"), w["top"]))
        if w.get("class") not in (None, "elaboration"):
            errs.append("%s: class must be elaboration or absent" % where)
        if w.get("class") == "elaboration":
            why = elaboration_only(w.get("file", ""), w.get("function"))
            if why:
                errs.append("%s: class elaboration: %s" % (where, why))
        if w.get("kind") not in ("line", "branch", "toggle"):
            errs.append("%s: kind must be line, branch or toggle" % where)
        if not str(w.get("reason", "")).strip():
            errs.append("%s: no reason" % where)
        if not w.get("configs"):
            errs.append("%s: no configs (the configurations that cannot reach it, or 'all')" % where)
        if w.get("kind") in ("line", "branch") and "function" in w:
            span = function_lines(w.get("file", ""), w["function"])
            if span is None:
                errs.append("%s: no function %s in %s" % (where, w["function"], w.get("file")))
            else:
                w["lines"] = "%d-%d" % span
        if w.get("kind") in ("line", "branch") and "lines" not in w:
            errs.append("%s: a %s waiver names its lines ('N' or 'N-M') or its function" % (where, w.get("kind")))
        elif w.get("kind") in ("line", "branch"):
            # the line numbers, parsed once here (waived_line looks them up for every point)
            try:
                w["line_set"] = frozenset(span_lines(str(w["lines"])))
            except ValueError:
                errs.append("%s: lines must be 'N' or 'N-M' (comma-separated), not %r" % (where, w["lines"]))
        if w.get("kind") == "toggle" and "signal" not in w:
            errs.append("%s: a toggle waiver names its signal (glob) and optionally bits [lo, hi]" % where)
    return ws, errs


@functools.lru_cache(maxsize=None)
def rtl_lines(f):
    """-> the lines of RTL file f (read once per run), or None when it cannot be read."""
    try:
        with open(os.path.join(ROOT, f)) as fh:
            return tuple(fh.read().splitlines())
    except OSError:
        return None


def function_lines(f, name):
    """-> (first, last) line of function `name` in RTL file f (its `function` line to its
    `endfunction`), or None: a waiver that names a function follows it when lines move."""
    text = rtl_lines(f)
    for i, ln in enumerate(text or ()):
        if re.match(r"\s*function\b.*\b%s\b" % re.escape(name), ln):
            for j in range(i, len(text)):
                if re.match(r"\s*endfunction\b", text[j]):
                    return i + 1, j + 1
    return None


def elaboration_only(f, name):
    """None when function `name` of RTL file f runs only at elaboration: it is called, and
    every call is in a localparam or parameter declaration (a constant expression); else
    what is wrong. Its lines are then no hardware and count in no line total."""
    if not name:
        return "names no function (function: NAME)"
    lines = rtl_lines(f)
    if lines is None:
        return "cannot read %s" % f
    span = function_lines(f, name)
    if span is None:
        return "no function %s in %s" % (name, f)
    lines = list(lines)
    calls = 0
    for i, ln in enumerate(lines, 1):
        if span[0] <= i <= span[1]:
            continue
        for m in re.finditer(r"\b%s\s*\(" % re.escape(name), ln.split("//")[0]):
            calls += 1
            start = "\n".join(lines[:i - 1] + [ln[:m.start()]]).rstrip()
            stmt = re.split(r"[;]|\bbegin\b|\bend\b|\bendfunction\b", start)[-1].strip()
            if not re.match(r"(localparam|parameter)\b", stmt):
                return "%s is called outside a localparam/parameter declaration (line %d)" % (name, i)
    return None if calls else "%s is never called" % name


def waived_line(ws, top, f, line, kind):
    """-> the first waiver of ws (from load_waivers: its line_set) of kind whose lines hold line, or None."""
    for w in ws:
        if w["top"] == top and w["file"] == f and w["kind"] == kind and line in w["line_set"]:
            return w
    return None


def tally(counts, used, w, hit, k, waived_key=None):
    """Counts one point of kind k (l line, b branch, t toggle) in a file's counts: a waived point
    (w, and not hit: a waiver applies only while its point is not hit) in waived_key (default
    k + "w"), any other in k + "t" and, when hit, k + "h". -> True for a counted point not hit."""
    if w and not hit:
        counts[waived_key or k + "w"] += 1
        used.add(id(w))
        return False
    counts[k + "t"] += 1
    counts[k + "h"] += 1 if hit else 0
    return not hit


def waived_toggle(ws, top, f, sig, bit):
    for w in ws:
        if w["top"] == top and w["file"] == f and w["kind"] == "toggle" and fnmatch.fnmatchcase(sig, w["signal"]):
            b = w.get("bits")
            if b is None or b[0] <= bit <= b[1]:
                return w
    return None
