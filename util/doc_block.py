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


def main(argv):
    check = argv[:1] == ["--check"]
    if check:
        argv = argv[1:]
    if len(argv) != 3:
        print(__doc__)
        return 2
    doc, name, src = argv
    text = open(doc).read()
    pat = re.compile(r"(<!-- BEGIN generated: %s [^\n]*-->\n)(.*?)(<!-- END generated: %s -->)"
                     % (re.escape(name), re.escape(name)), re.S)
    m = pat.search(text)
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
    new = text[:m.start(2)] + body + text[m.end(2):]
    if new != text:
        open(doc, "w").write(new)
        print("doc_block: %s block '%s' updated" % (doc, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
