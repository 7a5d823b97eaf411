#!/usr/bin/env python3
"""pmu-ip register map generator.

The register map itself is regs/pmu.rdl (SystemRDL): every register's
address, fields, access type, reset value and description. This script
compiles it (systemrdl-compiler, util/rdl_load.py) and, together with the
interface constants below that are not registers (event-vector layout,
FLOP sub-events, latencies), generates:
  rtl/*.v             Verilog `defines used by the RTL decode, written inline
                      between the BEGIN/END markers below in every RTL file
                      that has them (no include path needed by any tool)
  cmodel/pmu_regs.h   C header used by the golden model, drivers and benches
  rtl/pmu_core.v      the read values of CFG and CAP (cfg, cap), packed from
                      their fields' pmu_value expressions (block "// BEGIN pmu
                      regmap values"); cmodel/pmu_regs.h has the same packing
                      as PMU_CFG_VALUE(c) / PMU_CAP_VALUE(c) (cmodel/pmu_model.c)
  rtl/pmu_apb.v, cmodel/pmu_regdec.h   the register block and its C decode
                      (util/regblock.py)
  docs/regmap.md      the human-readable register map, with each register's
                      privilege (pmu_user, as decoded by rtl/pmu_apb.v)
  README.md           the "regmap-summary" and "regmap-bus-errors" blocks of
                      its "Register map" section (util/doc_block.py markers)
  docs/security.md    the "security-access" block: who may access what
                      (privileged, user of the owning thread, user of another
                      thread) for every register, from the register block's
                      kinds
  regs/gen/*          IP-XACT and UVM register model (PeakRDL exporters)
  cmodel/pmu_cs_regs.h, docs/cs_regmap.md
                      the CoreSight PMU view (regs/pmu_cs.rdl): offsets,
                      fields, constant values and PMU_CS_PMCFGR_VALUE(c); its
                      documentation and bus rules (its register block:
                      util/regblock.py, rtl/pmu_cs_apb.v, cmodel/pmu_cs_regdec.h)
  rtl/pmu_core.v      PMCFGR's read value (pmcfgr) between the markers
                      "// BEGIN pmu_cs regmap values" / "// END pmu_cs regmap
                      values", in any rtl/*.v that has them

Usage:
  util/regmap.py            regenerate all outputs
  util/regmap.py --check    exit 1 if any committed output differs from what
                            the sources generate, or if docs/regmap.md's
                            privilege column misses or contradicts a register
                            of the register block's table (cmodel/pmu_regdec.h,
                            tested by tb/test_regs.cpp), or if docs/security.md's
                            access table misses or contradicts one (run by
                            `make test`)

Modules (one job each; util/regmap_*.py, none imports util/regmap.py):
  regmap_tables.py    the native map's tables and the interface constants
  regmap_flop.py      the FLOP class tables and docs/regmap.md's FLOP section
  regmap_values.py    build-time register values (pmu_value) for RTL and C
  regmap_defines.py   the Verilog define block and cmodel/pmu_regs.h
  regmap_access.py    privilege and bus-error rules from the register block's kinds
  regmap_doc.py       docs/regmap.md and its privilege-column check
  regmap_readme.py    README.md's register-map blocks
  regmap_security.py  docs/security.md's access table and its check
  regmap_cs.py        the CoreSight view's C header, docs and value block
  regmap.py           this file: the list of outputs, the RTL inline blocks, the CLI
"""
import os
import sys

# Layers (no import circle: a module imports only the ones listed before it;
# none imports util/regmap.py):
#   rdl_load (compile regs/*.rdl, write and check outputs), doc_block
#   (generated document blocks), config (the configuration table; imports doc_block)
#   regblock            <- rdl_load, regblock_kinds / _v / _c / _dc (the compiled maps, the register
#                          blocks; its own layering: util/regblock.py's docstring)
#   regmap_flop         <- nothing
#   regmap_tables       <- rdl_load, regblock, config
#   regmap_values       <- rdl_load, config, regmap_tables, regmap_flop
#   regmap_defines      <- regmap_tables, regmap_flop, regmap_values
#   regmap_access       <- regblock, regmap_tables
#   regmap_doc          <- regmap_tables, regmap_flop, regmap_access
#   regmap_readme       <- doc_block, regmap_tables, regmap_access
#   regmap_security     <- doc_block, regblock, regmap_tables, regmap_access
#   regmap_cs           <- rdl_load, regblock, regmap_values, regmap_access
#   regmap (this file)  <- rdl_load, regblock, every regmap_* module
#   dc_regmap           <- rdl_load, config, regmap_tables;  sim/regs_add_check.py <- regmap, regblock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import rdl_load  # noqa: E402  (compiles regs/*.rdl; writes and checks outputs)
import regblock  # noqa: E402  (the compiled map, its address window and register block)
# every module's names stay reachable as regmap.<name> (scripts under sim/ and tb/)
from regmap_tables import *  # noqa: E402,F401,F403
from regmap_flop import *  # noqa: E402,F401,F403
from regmap_values import *  # noqa: E402,F401,F403
from regmap_defines import *  # noqa: E402,F401,F403
from regmap_access import *  # noqa: E402,F401,F403
from regmap_doc import *  # noqa: E402,F401,F403
from regmap_readme import *  # noqa: E402,F401,F403
from regmap_security import *  # noqa: E402,F401,F403
from regmap_cs import *  # noqa: E402,F401,F403
from regmap_tables import TOP  # noqa: E402
from regmap_values import values_block  # noqa: E402
from regmap_defines import gen_vh, gen_h  # noqa: E402
from regmap_doc import gen_md, privilege_checks  # noqa: E402
from regmap_readme import README, readme_text  # noqa: E402
from regmap_security import SECURITY, security_text, security_checks  # noqa: E402
from regmap_cs import CS_VALUES_BEGIN, CS_VALUES_END, gen_cs_h, gen_cs_md, gen_cs_values_v, cs_values_block  # noqa: E402

OUTPUTS = {"cmodel/pmu_regs.h": gen_h, "docs/regmap.md": gen_md,
           "cmodel/pmu_cs_regs.h": gen_cs_h, "docs/cs_regmap.md": gen_cs_md}
for _rel, _text in rdl_load.exports(TOP, "pmu").items():
    OUTPUTS[_rel] = (lambda t=_text: t)

BEGIN_MARK = "// BEGIN pmu regmap defines (generated by util/regmap.py; do not edit)"
END_MARK = "// END pmu regmap defines"


inline_block, used_defines, subset_block = rdl_load.inline_block, rdl_load.used_defines, rdl_load.subset_block
sync, same_names_same_values = rdl_load.sync, rdl_load.same_names_same_values


def _value_blocks(text):
    """text with its pmu_value blocks regenerated: the native map's (values_block)
    and, where the file has its markers, the CoreSight view's (cs_values_block)."""
    return cs_values_block(values_block(text))


def inline_outputs(begin=BEGIN_MARK, end=END_MARK, gen=None, rtl_dir="rtl"):
    """{relative path: generator} of every RTL file with the define markers
    (and its pmu_value blocks, values_block and cs_values_block); an RTL file
    with the pmu_cs value markers but no define block gets that block alone."""
    out = rdl_load.inline_outputs(begin, end, gen, rtl_dir, before=_value_blocks)
    for rel, fn in rdl_load.inline_outputs(CS_VALUES_BEGIN, CS_VALUES_END, gen_cs_values_v, rtl_dir).items():
        if rel not in out:
            out[rel] = (lambda rel=rel: cs_values_block(_read(rel)))
    return out


def _read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


def main():
    check = "--check" in sys.argv[1:]
    outputs = dict(OUTPUTS)
    outputs.update(inline_outputs(gen=gen_vh))
    outputs.update(regblock.OUTPUTS)
    outputs[README] = readme_text
    outputs[SECURITY] = security_text
    bad = sync(outputs, check)
    if check:
        with open(os.path.join(ROOT, "cmodel", "pmu_regdec.h")) as f:
            regdec = f.read()
        # docs/regmap.md's privilege column and docs/security.md's access table
        # state the register block's rule of every kind (and the checks catch
        # a wrong or missing one)
        outputs["(privilege column = the register block's pmu_user rules)"] = None
        bad += 1 if privilege_checks(regdec) else 0
        outputs[f"({SECURITY} access table = the register block's rules)"] = None
        bad += 1 if security_checks(regdec) else 0
        clash = same_names_same_values(gen_vh(), gen_h())
        # ... and the rule itself catches a word index / byte offset clash
        clash += same_names_same_values("`define PMU_X 3'd1", "#define PMU_X 0x04u", quiet=True) != 1
        outputs["(Verilog and C macro names)"] = None
        bad += 1 if clash else 0
    if check:
        print(f"regmap: {len(outputs) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
