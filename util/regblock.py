#!/usr/bin/env python3
"""Register-block generator of pmu-ip: the bus side of every register, from
the SystemRDL description (regs/*.rdl), in Verilog-2005 and in C.

A "kind" is one register of the map, or one register of every element of
an array (reg array or regfile array). For each kind the RDL gives:
  address   base (+ stride * n + offset for arrays), n < count
  count     pmu_count: the parameter expression of the decoded elements
  present   pmu_present: the parameter expression that maps the kind
  access    from its fields: readable (some field sw=r/rw), writable (some
            field sw=w/rw), a constant (every field sw=r, hw=na: the reset
            value), the read mask (readable fields at their maximum width;
            every other bit reads 0)
  user      pmu_user: "read_uen" (unprivileged reads while UEN=1), "rw", or
            "own" (what the issuing hardware thread owns: own_* inputs)
  uen       pmu_uen: an unprivileged read also needs UEN
  wide      pmu_wide: "lo" / "hi" half of a 64-bit value, through the one
            shared read shadow and write stage

From that it writes
  rtl/pmu_apb.v         the APB4 register block of pmu_core: setup-phase
                        decode registered (one flip-flop per kind, one shared
                        element index), PSLVERR/PPROT rules, AND-OR read mux
                        with reserved bits forced to 0, LO/HI shadow and
                        stage, one write strobe per kind and element
  cmodel/pmu_regdec.h   the same decode for the C model: kind enum, kind
                        table and decode/error functions
  rtl/pmu_cs_apb.v, cmodel/pmu_cs_regdec.h
                        the same for the CoreSight PMU view (regs/pmu_cs.rdl,
                        module pmu_cs_apb, C prefix PMU_CS_/pmu_cs_): every
                        register external or constant, the pmu_raz bus rules
                        (RAZ/WI for the unmapped aligned words of the map's
                        span, PSLVERR only for misaligned, out-of-span,
                        partial-write and refused unprivileged accesses)

One Block (address map, module, C prefix, address bits) per register block;
gen_v(b) / gen_c(b) generate from its tables alone. The native block's tables
keep their module-level names (TOP, KINDS, ARRAYS, OWN_ARRAYS, OWN_REGS,
PARAMS, NE_MAX) for util/regmap.py and sim/. A block without pmu_wide kinds
has no read shadow / write stage (no wdata64_o), one without pmu_user=own and
pmu_wide kinds no ptid_i / own logic.

Field storage with a hardware side (W1C with hardware set, hardware
set/clear) uses the one field primitive rtl/pmu_reg_field.v.

  util/regblock.py            regenerate
  util/regblock.py --check    exit 1 if a committed output is stale

The package, layered without import circles:
  regblock_kinds  <- rdl_load                 kinds, Block, the native / CS blocks
  regblock_v      <- regblock_kinds           gen_v: rtl/pmu_apb.v, rtl/pmu_cs_apb.v
  regblock_c      <- regblock_kinds           gen_c: cmodel/pmu_regdec.h, pmu_cs_regdec.h; c_decode
  regblock_dc     <- rdl_load, regblock_kinds, regblock_c
                                              rtl/dc_cu_dec.v, rtl/dc_lu_dec.v, cmodel/dc_regdec.h
  regblock (this) <- all four                 OUTPUTS, main; the tables under their
                                              module-level names for util/regmap*.py and sim/
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))

# the model's names, as util/regmap*.py and sim/ use them (regblock.TOP, KINDS, ...)
from regblock_kinds import (ADDR_BITS, AW, BLOCKS, CS, CS_ADDR_BITS, NATIVE, TOP, KINDS, ARRAYS,  # noqa: E402,F401
                            OWN_ARRAYS, OWN_REGS, PARAMS, NE_MAX, USER_CODE, Block, Kind, kinds)
import rdl_load  # noqa: E402
from regblock_v import gen_v  # noqa: E402
from regblock_c import gen_c  # noqa: E402
from regblock_dc import DC_SPACES, gen_comb_c, gen_comb_v  # noqa: E402,F401

OUTPUTS = {"rtl/pmu_apb.v": gen_v, "cmodel/pmu_regdec.h": gen_c,
           "rtl/pmu_cs_apb.v": lambda: gen_v(CS), "cmodel/pmu_cs_regdec.h": lambda: gen_c(CS),
           "rtl/dc_cu_dec.v": lambda: gen_comb_v("dc_cu_dec"), "rtl/dc_lu_dec.v": lambda: gen_comb_v("dc_lu_dec"),
           "cmodel/dc_regdec.h": gen_comb_c}


def main():
    check = "--check" in sys.argv[1:]
    bad = rdl_load.sync(OUTPUTS, check)
    if check:
        print(f"regblock: {len(OUTPUTS) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
