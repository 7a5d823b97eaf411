"""The native register map's tables (regs/pmu.rdl, compiled by util/regblock.py)
and the interface constants that are not registers (event-vector layout, yield
actions and conditions, latencies), for util/regmap.py's outputs.

Part of the register generator util/regmap.py (layering: its docstring).
Imports rdl_load, regblock and config only.
"""
import os
import sys

import rdl_load  # compiles regs/*.rdl
import regblock  # the compiled map, its address window and register block
import config  # the configuration table: parameter limits

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the generator the generated document blocks name (README.md, docs/security.md)
README_CMD = "util/regmap.py from regs/pmu.rdl"

ADDR_BITS = regblock.ADDR_BITS          # the native map's window (4 KiB)
CORE_ADDR_BITS = 14                      # pmu_core's PADDR: 16 KiB (VIEW=1: CoreSight pages 0/1, native page 2)
TOP = regblock.TOP
CH = rdl_load.children(TOP)
# Global registers, in address order.
GLOBAL_REGS = [rdl_load.reg_table(c) for c in TOP.children()
               if not c.is_array and c.inst_name not in ("CNT", "XCTL", "FTYPE", "YCH0", "YCH3")]
ID_VALUE = [r for r in GLOBAL_REGS if r[0] == "ID"][0][4][0][4]
# Counter block: NC counters, one CNT_STRIDE-byte slot each.
CNT_BASE, NC_MAX, CNT_STRIDE = rdl_load.array(CH["CNT"])
COUNTER_REGS = [rdl_load.reg_table(c) for c in CH["CNT"].children()]
# Per-counter sampling control: one word per counter at XCTL_BASE + 4*n.
XCTL_BASE, _nx, _sx = rdl_load.array(CH["XCTL"])
XCTL_REGS = [rdl_load.reg_table(CH["XCTL"], 0)]
# Per-counter FLOP main-event select (seed 003): one word per counter at FTYPE_BASE + 4*n.
FTYPE_BASE, _nf, _sf = rdl_load.array(CH["FTYPE"])
FTYPE_REGS = [rdl_load.reg_table(CH["FTYPE"], 0)]
# Yield channels: NCH per ring; ring-0 block at YCH0_BASE, ring-3 at YCH3_BASE,
# YCH_STRIDE bytes per channel.
YCH0_BASE, NCH_MAX, YCH_STRIDE = rdl_load.array(CH["YCH0"])
YCH3_BASE, _n3, _s3 = rdl_load.array(CH["YCH3"])
YCH_REGS = [rdl_load.reg_table(c) for c in CH["YCH0"].children()]
YCAP0_BASE, _nc0, YCAP_STRIDE = rdl_load.array(CH["YCAP0"])
YCAP3_BASE, _nc3, _sc3 = rdl_load.array(CH["YCAP3"])
YCAP_REGS = [rdl_load.reg_table(c) for c in CH["YCAP0"].children()]
if (_nx, _sx) != (NC_MAX, 4) or (_nf, _sf) != (NC_MAX, 4) or (_n3, _s3) != (NCH_MAX, YCH_STRIDE) \
        or (_nc0, _nc3, _sc3) != (NCH_MAX, NCH_MAX, YCAP_STRIDE):
    sys.exit("regmap: regs/pmu.rdl: XCTL and FTYPE must have NC_MAX words, YCH3 the shape of YCH0, "
             "YCAP0/YCAP3 NCH_MAX elements of one stride")
# Maximum width of every parameter-dependent field width (its RDL width).
FIELD_MAX = rdl_load.width_max(TOP)

# Event-vector bits the channel scenarios see.
YEV_BITS = [("CNT", 0, 16, "counter k (k < NC) counted an event this cycle"),
            ("EXT", 16, 8, "external event yev_i[k-16]"),
            ("TB", 24, 1, "the MMCR.TBSEL bit of the TSC rises at the end of this cycle")]
# Yield channel actions (YCH_CTL.ACT, 4 bits; seed 001: "the action field is
# a four bit field that can therefore encode up to 16 action types"). Values
# above the last one are reserved: a write answers PSLVERR (pmu_max in
# regs/pmu.rdl must be the largest value here).
YACT = [("SILENT", 0, "status update only: YER (and MISS) are set, nothing is delivered"),
        ("YIELD", 1, "yield: delivered on yield_o (target, ring, channel) while the ring is not blocked"),
        ("IRQ", 2, "raise the PMU interrupt: irq_o while the channel is valid and YER is set"),
        ("FRZ", 3, "freeze counters: no counter counts while the channel is valid and YER is set")]
# Yield channel monitor conditions (YCH_CTL.COND; seed 001: "a certain count
# that is reached a count that is reached within a certain period a
# difference in count"). 3 is reserved (pmu_max in regs/pmu.rdl).
YCOND = [("COUNT", 0, "count: the (SAV+1)-th trigger underflows the down-counter"),
         ("PERIOD", 1, "within a period: an occurrence of event DSEL ends the period and reloads CNT with SAV"),
         ("DIFF", 2, "difference: an occurrence of event DSEL adds 1 to CNT (saturating); with a trigger in the same cycle they cancel")]
# MMCR.TBSEL -> TSC bit.
TB_BITS = [16, 12, 8, 0]
LAT_W = 16   # width of each thread's mem_lat_i
# Event-to-count latency of the pipelined event path (CAP.LAT): the events of
# cycle t are registered at the end of t (stage E), thresholded in t+1 (stage
# T) and added at the end of t+2 (stage C), so a read from cycle t+3 on
# includes them.
EV_LAT = 3
NAREA_MAX = config.params("pmu_core")["NAREA"]["max"]   # the configuration table's


def fmax(w):
    return FIELD_MAX[w] if isinstance(w, str) else w


def mask(lsb, w):
    return ((1 << fmax(w)) - 1) << lsb


def reg_fields(fields):
    """Bits of a register that hold a field (at its maximum width)."""
    m = 0
    for _, lsb, w, _, _, _ in fields:
        m |= mask(lsb, w)
    return m
