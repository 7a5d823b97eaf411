#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generated blocks inside hand-written docs.

A doc holds
    <!-- BEGIN generated: NAME (by COMMAND; do not edit) -->
    ...
    <!-- END generated: NAME -->
and this script replaces (or, with --check, compares) the text between the
markers with the content of SRC, a file a bench or flow produced.

  util/doc_block.py DOC NAME SRC            write the block
  util/doc_block.py --check DOC NAME SRC    exit 1 when the block differs
Last line with --check: "N passed, N failed".
"""
import re
import sys

# groups: 1 the BEGIN line, 2 the body, 3 the END line
_BLOCK = r"(<!-- BEGIN generated: %s [^\n]*-->\n)(.*?)(<!-- END generated: %s -->)"


def find(text, name):
    """The match of block NAME in TEXT (groups: BEGIN line, body, END line), or None."""
    return re.search(_BLOCK % (re.escape(name), re.escape(name)), text, re.S)


def replace(text, m, body):
    """TEXT with the body of block match M replaced by BODY."""
    return text[:m.start(2)] + body + text[m.end(2):]


def strip_bodies(text):
    """TEXT with every generated block's body removed (the hand-written rest)."""
    # groups with the name captured: 1 BEGIN line, 2 name, 3 body, 4 END line
    return re.sub(_BLOCK % (r"(?P<n>\S+)", "(?P=n)"), r"\1\4", text, flags=re.S)


def main(argv):
    check = argv[:1] == ["--check"]
    if check:
        argv = argv[1:]
    if len(argv) != 3:
        print(__doc__)
        return 2
    doc, name, src = argv
    text = open(doc).read()
    m = find(text, name)
    if not m:
        print("doc_block: %s has no generated block '%s'" % (doc, name))
        return 1
    body = open(src).read()
    if not body.endswith("\n"):
        body += "\n"
    if check:
        ok = m.group(2) == body
        print("doc_block: %s block '%s': %s" % (doc, name, "up to date" if ok else
                                                 "STALE (regenerate: make docs)"))
        print("%d passed, %d failed" % (ok, not ok))
        return 0 if ok else 1
    new = replace(text, m, body)
    if new != text:
        open(doc, "w").write(new)
        print("doc_block: %s block '%s' updated" % (doc, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
