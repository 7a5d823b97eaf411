#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generator of everything that config/pmu_ip.yaml (the configuration table)
describes: parameters (default, range, trap rule), named configurations and
per-top file lists.

  util/config.py                 write every generated file (make config)
  util/config.py --check         exit 1 if a generated file is stale, or a
                                 bus wrapper's parameter defaults / dc_top's
                                 trap names differ from the table
                                 (make config-check); last
                                 line "N passed, N failed"
  util/config.py cases TOP       illegal-parameter cases of TOP as JSON
                                 (sim/check_params.py, tb/dc_illegal.sh)
  util/config.py files TOP       the RTL files of TOP, one line
  util/config.py params NAME [--fmt make|vlog|c]
                                 every parameter of configuration NAME

Generated files: config/config.mk, cmodel/pmu_cfg_gen.h, cmodel/pmu_classes_gen.h, cmodel/dc_cfg_gen.h,
pmu_ip.core, dc_top.core, pmu_model.core, the blocks between the "// BEGIN
config <what>" / "// END config <what>" markers of rtl/pmu_core.v (its
parameter list with defaults, LEGAL and the pmu_illegal_parameter_<NAME>_<rule>
traps) and rtl/dc_top.v (its table parameters), and the README's "config-params",
"config-names" and "config-files" (every top's file list, each file's role)
blocks (util/doc_block.py markers).
The package, layered without import circles:
  config_table  <- (PyYAML)                   the table, its queries
  config_classes <- config_table              decoded event classes: pmu_core.v's
                                              block, cmodel/pmu_classes_gen.h, docs
  config_gen    <- config_table, config_classes, doc_block   the generators, outputs()
  config_check  <- config_table, config_gen   the --check consistency checks
  config (this) <- all three                  the command line; every name above
                                              for `import config` users
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
from config_table import *  # noqa: E402,F401,F403
from config_gen import *  # noqa: E402,F401,F403
from config_check import *  # noqa: E402,F401,F403
from config_table import TABLE, HEAD, T, TOPS, CONFIGS  # noqa: E402,F401
import doc_block  # noqa: E402


def main(argv):
    if argv[:1] == ["cases"]:
        print(json.dumps(cases(argv[1]), indent=1))
        return 0
    if argv[:1] == ["files"]:
        print(" ".join(files(argv[1])))
        return 0
    if argv[:1] == ["params"]:
        fmt = argv[3] if argv[2:3] == ["--fmt"] else "make"
        vals = full(argv[1])
        if fmt == "json":
            print(json.dumps(vals))
        else:
            print(" ".join("%s=%s" % kv for kv in vals.items()))
        return 0
    check = argv[:1] == ["--check"]
    if argv and not check:
        print(__doc__)
        return 2
    passed = failed = 0
    for path, text in outputs().items():
        full_path = os.path.join(ROOT, path)
        old = open(full_path).read() if os.path.exists(full_path) else None
        if check:
            ok = old == text
            passed += ok
            failed += not ok
            print("config-check: %s: %s" % (path, "up to date" if ok else "STALE (make config)"))
        elif old != text:
            with open(full_path, "w") as f:
                f.write(text)
            print("config: wrote %s" % path)
    readme = os.path.join(ROOT, "README.md")
    text = open(readme).read()
    new = text
    for name, fn in BLOCKS.items():
        m = doc_block.find(new, name)
        if not m:
            print("config-check: README.md has no block %s" % name)
            failed += 1
            continue
        body = fn()
        if check:
            ok = m.group(2) == body
            passed += ok
            failed += not ok
            print("config-check: README.md block %s: %s" % (name, "up to date" if ok else "STALE (make config)"))
        new = doc_block.replace(new, m, body)
    if not check and new != text:
        with open(readme, "w") as f:
            f.write(new)
        print("config: wrote README.md blocks")
    if check:
        for ok, msg in check_rtl() + check_copies() + check_flows() + check_core_files():
            passed += ok
            failed += not ok
            print("config-check: %s%s" % (msg, "" if ok else ": FAILED"))
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
