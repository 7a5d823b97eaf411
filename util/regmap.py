#!/usr/bin/env python3
"""pmu-ip register map: the single source of truth.

This file holds the register map as data and generates from it:
  rtl/*.v             Verilog `defines used by the RTL decode, written inline
                      between the BEGIN/END markers below in every RTL file
                      that has them (no include path needed by any tool)
  cmodel/pmu_regs.h   C header used by the golden model, drivers and benches
  docs/regmap.md      the human-readable register map

Usage:
  util/regmap.py            regenerate all outputs
  util/regmap.py --check    exit 1 if any committed output differs from what
                            this file generates (run by `make test`)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ID_VALUE = 0x504D0100  # "PM", major 1, minor 0
ADDR_BITS = 12         # 4 KiB window; PADDR bits above this are not decoded

# Counter block: NC counters, one 16-byte slot each.
CNT_BASE = 0x100
CNT_STRIDE = 0x10
NC_MAX = 32

# Each register: name, offset, access, description, fields.
# Field: (name, lsb, width, access, reset, description).
# access: RW read/write, RO read-only, W1C write-1-to-clear, WO write-only
# (reads 0), W1P write-1-pulse (reads 0).
# A width written as a string is a parameter-dependent width; its maximum
# is given in FIELD_MAX.
GLOBAL_REGS = [
    ("ID", 0x000, "RO", "Identification: 'PM' + version 1.0", [
        ("ID", 0, 32, "RO", ID_VALUE, "Constant 0x504D0100"),
    ]),
    ("CFG", 0x004, "RO", "Build-time parameters of this instance", [
        ("NC", 0, 8, "RO", None, "Number of event counters (parameter NC)"),
        ("CW", 8, 8, "RO", None, "Counter width in bits (parameter CW)"),
        ("NT", 16, 4, "RO", None, "Number of hardware threads (parameter NT)"),
        ("NRET", 20, 4, "RO", None, "FLOP retire slots per thread (parameter NRET)"),
        ("FLOP_CLASS", 24, 6, "RO", None, "Event class number of the FLOP class (parameter FLOP_CLASS)"),
    ]),
    ("GCTL", 0x008, "RW", "Global control", [
        ("GEN", 0, 1, "RW", 0, "Global enable: a counter counts when GEN and its EN are both 1. "
                                "Every counter starts/stops on the same clock edge."),
        ("UEN", 1, 1, "RW", 0, "User read enable: unprivileged (PPROT[0]=0) reads of CNT_LO/HI and "
                               "TSC_LO/HI are allowed when 1; all other unprivileged accesses error"),
    ]),
    ("OVF", 0x00C, "W1C", "Sticky overflow flags, one per counter (write 1 to clear)", [
        ("OVF", 0, "NC", "W1C", 0, "Bit n set when counter n carries out of bit CW-1. A hardware set "
                                  "in the same cycle as a clear wins."),
    ]),
    ("CLR", 0x010, "W1P", "Clear counters (write 1 to clear counter n; reads 0)", [
        ("CLR", 0, "NC", "W1P", 0, "All selected counters clear on the same edge; the increment of "
                                  "that cycle is discarded for those counters"),
    ]),
    ("CNTEN", 0x014, "RW", "Counter enable bits of all counters (alias of CTL[n].EN)", [
        ("EN", 0, "NC", "RW", 0, "Bit n is CTL[n].EN; writing starts/stops any subset on one edge"),
    ]),
    ("TSC_LO", 0x018, "RW", "Time-stamp counter bits 31:0 (free running, +1 every cycle)", [
        ("TSC", 0, 32, "RW", 0, "Read: latches TSC[63:32] into the read shadow. "
                                "Write: TSC <= {write-stage, wdata}; clears the write stage"),
    ]),
    ("TSC_HI", 0x01C, "RW", "Time-stamp counter bits 63:32 (via shadow/stage)", [
        ("TSC", 0, 32, "RW", 0, "Read: the read shadow. Write: the write stage"),
    ]),
    ("CAP", 0x020, "RO", "Build-time capabilities of this instance (what CFG does not hold)", [
        ("NAREA", 0, 4, "RO", None, "Counter areas (parameter NAREA, seed 000): counter n belongs to area "
                                    "n % NAREA and sees only the classes c with c % NAREA == n % NAREA, "
                                    "plus FLOP_CLASS, which every counter sees. 1 = every counter sees "
                                    "every class."),
        ("SMP", 4, 1, "RO", None, "1: sampling block present (parameter HAS_SAMPLE). 0: MMCR, PMSTAT, "
                                  "SIAR/SDAR and XCTL answer PSLVERR"),
        ("YLD", 5, 1, "RO", None, "1: yield channels present (parameter HAS_YIELD). 0: YRING0/3 and the "
                                  "channel registers answer PSLVERR"),
        ("AW64", 6, 1, "RO", None, "Address width of SIAR/SDAR and the yield targets: 1 = 64 bits, "
                                   "0 = 32 bits (parameter AW; the HI words read 0)"),
        ("NCH", 8, 4, "RO", None, "Yield channels per ring (parameter NCH; 0 without yield channels)"),
        ("LAT", 12, 4, "RO", None, "Event-to-count latency: the events of cycle t are in the counter "
                                   "value read from cycle t+LAT on"),
    ]),
    # ---- PowerPC 604e style sampling controls (docs/sampling.md) ----
    ("MMCR", 0x040, "RW", "Sampling control (604e MMCR0 style). All fields 0 at reset: old behaviour", [
        ("FRZ", 0, 1, "RW", 0, "Global freeze: no counter counts while 1 (GEN/EN unchanged)"),
        ("FOI", 1, 1, "RW", 0, "Freeze on interrupt: hardware sets FRZ when a sampling interrupt is signalled"),
        ("PMXE", 2, 1, "RW", 0, "Sampling interrupt enable. Hardware clears it when it signals the interrupt; "
                                "SIAR/SDAR stay frozen until software sets it again"),
        ("TRIG", 3, 1, "RW", 0, "Trigger (604 'discount'): while 1 and counter 0 is not negative, counters "
                                "1..NC-1 do not count; hardware clears it while counter 0 is negative"),
        ("TBEE", 4, 1, "RW", 0, "Time-base event enable: a 0->1 transition of the TSC bit selected by TBSEL "
                                "is an interrupt condition"),
        ("TBSEL", 8, 2, "RW", 0, "Time-base bit: 0 TSC[16], 1 TSC[12], 2 TSC[8], 3 TSC[0] (PowerPC bits 47, "
                                 "51, 55, 63)"),
        ("THRESH", 16, 16, "RW", 0, "Latency threshold: an XCTL.LAT counter counts loads/stores whose "
                                    "latency (mem_lat_i) is > THRESH"),
    ]),
    ("PMSTAT", 0x044, "W1C", "Sampling interrupt status (write 1 to clear); irq_o and pmi_o are high while any bit is 1", [
        ("NEG", 0, 1, "W1C", 0, "Signalled because a counter with XCTL.NIE=1 is negative (MSB set)"),
        ("TB", 1, 1, "W1C", 0, "Signalled because of a time-base transition (MMCR.TBEE)"),
    ]),
    ("SIAR_LO", 0x048, "RO", "Sampled instruction address bits 31:0 (latched from iaddr_i when the "
                             "interrupt is signalled)", [
        ("ADDR", 0, 32, "RO", 0, "Read: latches SIAR[63:32] into the read shadow"),
    ]),
    ("SIAR_HI", 0x04C, "RO", "Sampled instruction address bits 63:32 (via the read shadow)", [
        ("ADDR", 0, 32, "RO", 0, "Read: the read shadow"),
    ]),
    ("SDAR_LO", 0x050, "RO", "Sampled data address bits 31:0 (latched from daddr_i with SIAR)", [
        ("ADDR", 0, 32, "RO", 0, "Read: latches SDAR[63:32] into the read shadow"),
    ]),
    ("SDAR_HI", 0x054, "RO", "Sampled data address bits 63:32 (via the read shadow)", [
        ("ADDR", 0, 32, "RO", 0, "Read: the read shadow"),
    ]),
    # ---- user-level yield channels (docs/sampling.md) ----
    ("YRING0", 0x060, "RW", "Ring-0 yield status. Privileged access only", [
        ("BLK", 0, 1, "W1C", 0, "Yield block bit: set by hardware when a ring-0 yield is delivered; "
                                "writing 1 clears it (models ERET)"),
        ("YER", 8, "NCH", "RO", 0, "YER bit of ring-0 channel i at bit 8+i"),
        ("NCH", 24, 4, "RO", None, "Channels per ring (parameter NCH)"),
    ]),
    ("YRING3", 0x064, "RW", "Ring-3 yield status. Unprivileged (PPROT[0]=0) access allowed", [
        ("BLK", 0, 1, "W1C", 0, "Yield block bit of ring 3; writing 1 clears it (models ERET)"),
        ("YER", 8, "NCH", "RO", 0, "YER bit of ring-3 channel i at bit 8+i"),
        ("NCH", 24, 4, "RO", None, "Channels per ring (parameter NCH)"),
    ]),
]

COUNTER_REGS = [
    ("CTL", 0x0, "RW", "Counter n control (ESCR/CCCR part 1)", [
        ("ES", 0, 6, "RW", 0, "Event select: event class 0..NCLS-1. A class >= NCLS counts nothing."),
        ("EN", 8, 1, "RW", 0, "Counter enable (same bit as CNTEN[n])"),
        ("IE", 9, 1, "RW", 0, "Overflow interrupt enable"),
        ("EDGE", 10, 1, "RW", 0, "Count rising edges of the condition instead of cycles"),
        ("INV", 11, 1, "RW", 0, "Invert the threshold condition"),
        ("THR", 16, 8, "RW", 0, "Threshold: with THR>0 count 1 per cycle where the masked, qualified "
                                "increment >= THR (< THR with INV). THR=0 with INV=EDGE=0: count the "
                                "increment itself."),
    ]),
    ("EMQ", 0x4, "RW", "Counter n event mask and qualification (ESCR part 2)", [
        ("EM", 0, 16, "RW", 0, "Event mask: sub-events of the selected class that are counted"),
        ("EQ", 16, "2*NT", "RW", 0, "Event qualification, 2 bits per thread (seed Table 1 order): "
                                    "thread t's OS bit (CPL 0) is 2*(NT-1-t)+1, its USR bit (CPL 1..3) "
                                    "is 2*(NT-1-t). With NT=2: bit 3 T0_OS, bit 2 T0_USR, bit 1 T1_OS, "
                                    "bit 0 T1_USR (register bits 19..16)."),
    ]),
    ("CNT_LO", 0x8, "RW", "Counter n bits 31:0", [
        ("CNT", 0, 32, "RW", 0, "Read: latches the high half into the read shadow; never disturbs "
                                "counting. Write: counter <= {write-stage, wdata}; clears the stage; "
                                "that cycle's increment is discarded"),
    ]),
    ("CNT_HI", 0xC, "RW", "Counter n bits CW-1:32 (via shadow/stage)", [
        ("CNT", 0, "CW-32", "RW", 0, "Read: the read shadow. Write: the write stage"),
    ]),
]

# Per-counter sampling control: one word per counter at XCTL_BASE + 4*n.
XCTL_BASE = 0x400
XCTL_REGS = [
    ("XCTL", 0x0, "RW", "Counter n sampling control (all 0 at reset: old behaviour)", [
        ("NIE", 0, 1, "RW", 0, "Negative interrupt enable: counter n negative (MSB set) is an interrupt condition"),
        ("HIST", 1, 1, "RW", 0, "History mode: each counting cycle the counter shifts left by one and bit 0 "
                                "gets 1 if its event occurred that cycle (no OVF)"),
        ("LAT", 2, 1, "RW", 0, "Latency class: count the loads/stores with latency > MMCR.THRESH "
                               "(mem_valid_i/mem_lat_i) instead of the ES/EM event"),
        ("PMS", 3, 1, "RW", 0, "Process mark: thread t's events count only while pm_i[t]=1"),
        ("PMC", 4, 1, "RW", 0, "Process mark: thread t's events count only while pm_i[t]=0 (PMS=PMC=1: none)"),
    ]),
]

# Yield channels: NCH per ring; ring-0 block at YCH0_BASE, ring-3 at YCH3_BASE,
# YCH_STRIDE bytes per channel.
YCH0_BASE = 0x900
YCH3_BASE = 0xA00
YCH_STRIDE = 0x20
NCH_MAX = 8
YCH_REGS = [
    ("YCH_CTL", 0x00, "RW", "Channel control", [
        ("VALID", 0, 1, "RW", 0, "Channel valid: its scenario is evaluated while its ring is current"),
        ("ACT", 1, 1, "RW", 0, "Action: 1 yield, 0 silent (only YER/MISS are updated, never delivered)"),
        ("YER", 2, 1, "RW", 0, "Yield event request: set by hardware when the down-counter underflows, "
                               "cleared when the yield is delivered (software may set/clear it)"),
        ("ANY", 3, 1, "RW", 0, "Scenario combine: 0 = AND (every selected event matches), 1 = OR (any)"),
        ("SID", 8, 8, "RW", 0, "Scenario id (software tag, no hardware effect)"),
    ]),
    ("YCH_ESV", 0x04, "RW", "Event-schema vector: required value of each event-vector bit", [
        ("ESV", 0, 25, "RW", 0, "Event-vector bit k must be equal to ESV[k] (when ESM[k]=1)"),
    ]),
    ("YCH_ESM", 0x08, "RW", "Event-schema mask: 1 = event-vector bit k takes part in the scenario", [
        ("ESM", 0, 25, "RW", 0, "ESM=0: the scenario never triggers"),
    ]),
    ("YCH_SAV", 0x0C, "RW", "Sample-after value; a write also loads the down-counter", [
        ("SAV", 0, 32, "RW", 0, "The channel underflows on every (SAV+1)-th trigger"),
    ]),
    ("YCH_CNT", 0x10, "RW", "Down-counter", [
        ("CNT", 0, 32, "RW", 0, "Each trigger: 0 -> underflow (YER=1, reload SAV), else -1"),
    ]),
    ("YCH_MISS", 0x14, "RW", "Missed-trigger count", [
        ("MISS", 0, 16, "RW", 0, "+1 (saturating) on an underflow while YER is still set and not being delivered"),
    ]),
    ("YCH_TGT_LO", 0x18, "RW", "Yield target address bits 31:0", [
        ("TGT", 0, 32, "RW", 0, "Driven on yield_tgt_o when the channel's yield is delivered"),
    ]),
    ("YCH_TGT_HI", 0x1C, "RW", "Yield target address bits 63:32 (plain register, no stage)", [
        ("TGT", 0, 32, "RW", 0, "Upper half of the target"),
    ]),
]
# Event-vector bits the channel scenarios see.
YEV_BITS = [("CNT", 0, 16, "counter k (k < NC) counted an event this cycle"),
            ("EXT", 16, 8, "external event yev_i[k-16]"),
            ("TB", 24, 1, "the MMCR.TBSEL bit of the TSC rises at the end of this cycle")]
# MMCR.TBSEL -> TSC bit.
TB_BITS = [16, 12, 8, 0]
LAT_W = 16   # width of each thread's mem_lat_i
# Event-to-count latency of the pipelined event path (CAP.LAT): the events of
# cycle t are registered at the end of t (stage E), thresholded in t+1 (stage
# T) and added at the end of t+2 (stage C), so a read from cycle t+3 on
# includes them.
EV_LAT = 3
NAREA_MAX = 8

FIELD_MAX = {"NC": NC_MAX, "2*NT": 16, "CW-32": 32, "NCH": NCH_MAX}

# FLOP class sub-events (EM bits when ES == FLOP_CLASS), Intel FP_ARITH umask order.
FLOP_SUBEVENTS = [
    ("SCALAR_DOUBLE", 0), ("SCALAR_SINGLE", 1),
    ("PACKED128_DOUBLE", 2), ("PACKED128_SINGLE", 3),
    ("PACKED256_DOUBLE", 4), ("PACKED256_SINGLE", 5),
    ("PACKED512_DOUBLE", 6), ("PACKED512_SINGLE", 7),
]
# Register-size codes on flop_rsz_i.
RSZ_CODES = [("RSZ32", 0), ("RSZ64", 1), ("RSZ128", 2), ("RSZ256", 3), ("RSZ512", 4)]


def fmax(w):
    return FIELD_MAX[w] if isinstance(w, str) else w


def mask(lsb, w):
    return ((1 << fmax(w)) - 1) << lsb


def gen_vh():
    o = ["// Generated by util/regmap.py -- do not edit.", "`ifndef PMU_REGS_VH", "`define PMU_REGS_VH", ""]
    o.append(f"`define PMU_ADDR_BITS {ADDR_BITS}")
    o.append(f"`define PMU_ID_VALUE 32'h{ID_VALUE:08X}")
    for name, off, _, _, fields in GLOBAL_REGS:
        o.append(f"`define PMU_REG_{name} {ADDR_BITS}'h{off:03X}")
    o.append(f"`define PMU_CNT_BASE {ADDR_BITS}'h{CNT_BASE:03X}")
    o.append(f"`define PMU_CNT_STRIDE_LOG2 {CNT_STRIDE.bit_length() - 1}")
    o.append(f"`define PMU_NC_MAX {NC_MAX}")
    for name, off, _, _, fields in COUNTER_REGS:
        o.append(f"`define PMU_CREG_{name} 4'h{off:X}")
    o.append(f"`define PMU_XCTL_BASE {ADDR_BITS}'h{XCTL_BASE:03X}")
    o.append(f"`define PMU_YCH0_BASE {ADDR_BITS}'h{YCH0_BASE:03X}")
    o.append(f"`define PMU_YCH3_BASE {ADDR_BITS}'h{YCH3_BASE:03X}")
    o.append(f"`define PMU_YCH_STRIDE_LOG2 {YCH_STRIDE.bit_length() - 1}")
    o.append(f"`define PMU_NCH_MAX {NCH_MAX}")
    for name, off, _, _, fields in YCH_REGS:
        o.append(f"`define PMU_{name} 3'd{off // 4}")
    for i, b in enumerate(TB_BITS):
        o.append(f"`define PMU_TB_BIT{i} {b}")
    for n, lsb, w, _ in YEV_BITS:
        o.append(f"`define PMU_YEV_{n}_LSB {lsb}")
    o.append(f"`define PMU_LAT_W {LAT_W}")
    o.append(f"`define PMU_EV_LAT {EV_LAT}")
    o.append(f"`define PMU_NAREA_MAX {NAREA_MAX}")
    o.append("")
    for regs in (GLOBAL_REGS, COUNTER_REGS, XCTL_REGS, YCH_REGS):
        for name, _, _, _, fields in regs:
            for fname, lsb, w, _, _, _ in fields:
                if isinstance(w, int):
                    o.append(f"`define PMU_{name}_{fname}_LSB {lsb}")
                    o.append(f"`define PMU_{name}_{fname}_W {w}")
                else:
                    o.append(f"`define PMU_{name}_{fname}_LSB {lsb}")
    o.append("")
    for n, b in FLOP_SUBEVENTS:
        o.append(f"`define PMU_FLOP_{n} {b}")
    for n, c in RSZ_CODES:
        o.append(f"`define PMU_{n} 3'd{c}")
    o += ["", "`endif", ""]
    return "\n".join(o)


def gen_h():
    o = ["/* Generated by util/regmap.py -- do not edit. */", "#ifndef PMU_REGS_H", "#define PMU_REGS_H", ""]
    o.append(f"#define PMU_ADDR_BITS {ADDR_BITS}u")
    o.append(f"#define PMU_ID_VALUE 0x{ID_VALUE:08X}u")
    for name, off, _, _, _ in GLOBAL_REGS:
        o.append(f"#define PMU_REG_{name} 0x{off:03X}u")
    o.append(f"#define PMU_CNT_BASE 0x{CNT_BASE:03X}u")
    o.append(f"#define PMU_CNT_STRIDE 0x{CNT_STRIDE:X}u")
    o.append(f"#define PMU_NC_MAX {NC_MAX}u")
    for name, off, _, _, _ in COUNTER_REGS:
        o.append(f"#define PMU_CREG_{name} 0x{off:X}u")
        o.append(f"#define PMU_REG_{name}(n) (PMU_CNT_BASE + (unsigned)(n) * PMU_CNT_STRIDE + PMU_CREG_{name})")
    o.append(f"#define PMU_XCTL_BASE 0x{XCTL_BASE:03X}u")
    o.append("#define PMU_REG_XCTL(n) (PMU_XCTL_BASE + 4u * (unsigned)(n))")
    o.append(f"#define PMU_YCH0_BASE 0x{YCH0_BASE:03X}u")
    o.append(f"#define PMU_YCH3_BASE 0x{YCH3_BASE:03X}u")
    o.append(f"#define PMU_YCH_STRIDE 0x{YCH_STRIDE:X}u")
    o.append(f"#define PMU_NCH_MAX {NCH_MAX}u")
    o.append("/* ring: 0 or 3; i: channel 0..NCH-1 */")
    o.append("#define PMU_YCH_BASE(ring, i) (((ring) ? PMU_YCH3_BASE : PMU_YCH0_BASE) + (unsigned)(i) * PMU_YCH_STRIDE)")
    for name, off, _, _, _ in YCH_REGS:
        o.append(f"#define PMU_{name} 0x{off:02X}u")
        o.append(f"#define PMU_REG_{name}(ring, i) (PMU_YCH_BASE(ring, i) + PMU_{name})")
    for i, b in enumerate(TB_BITS):
        o.append(f"#define PMU_TB_BIT{i} {b}u")
    for n, lsb, w, _ in YEV_BITS:
        o.append(f"#define PMU_YEV_{n}_LSB {lsb}u")
    o.append(f"#define PMU_LAT_W {LAT_W}u")
    o.append(f"#define PMU_EV_LAT {EV_LAT}u")
    o.append(f"#define PMU_NAREA_MAX {NAREA_MAX}u")
    o.append("")
    for regs in (GLOBAL_REGS, COUNTER_REGS, XCTL_REGS, YCH_REGS):
        for name, _, _, _, fields in regs:
            for fname, lsb, w, _, _, _ in fields:
                o.append(f"#define PMU_{name}_{fname}_LSB {lsb}u")
                o.append(f"#define PMU_{name}_{fname}_MASK 0x{mask(lsb, w):08X}u")
    o.append("")
    o.append("/* EQ bit numbers inside the EQ field, seed Table 1 order generalised to nt threads. */")
    o.append("#define PMU_EQ_OS_BIT(t, nt)  (2u * ((nt) - 1u - (t)) + 1u)")
    o.append("#define PMU_EQ_USR_BIT(t, nt) (2u * ((nt) - 1u - (t)))")
    o.append("")
    for n, b in FLOP_SUBEVENTS:
        o.append(f"#define PMU_FLOP_{n} (1u << {b})")
    for n, c in RSZ_CODES:
        o.append(f"#define PMU_{n} {c}u")
    o += ["", "#endif", ""]
    return "\n".join(o)


def gen_md():
    o = ["# pmu-ip register map", "",
         "Generated by `util/regmap.py` (the single source of truth; `make test` checks that this file, "
         "the define blocks in `rtl/*.v` and `cmodel/pmu_regs.h` match it). All registers are 32 bits, word aligned, "
         f"in a {1 << ADDR_BITS}-byte window. Bits not listed are reserved: they read as 0 and writes to them are ignored.",
         "",
         "Bus rules (APB4, zero wait states, PREADY=1):",
         "- PSLVERR=1, nothing written and PRDATA=0 for: an unmapped offset, a misaligned PADDR (PADDR[1:0]!=0), "
         "a write whose PSTRB is not 4'b1111, a counter slot n >= NC, any unprivileged (PPROT[0]=0) write, and an "
         "unprivileged read other than CNT_LO/CNT_HI/TSC_LO/TSC_HI while GCTL.UEN=1 -- except that YRING3 and the "
         "ring-3 yield channel registers accept unprivileged reads and writes.",
         "- 64-bit values are read LO then HI: a LO read latches the high half into one shared read shadow that "
         "HI reads return. They are written HI then LO: a HI write loads one shared write stage; the LO write "
         "commits {stage, LO} in one edge and clears the stage (so writing LO alone presets a value < 2^32).",
         "",
         "| offset | name | access | description |", "|---|---|---|---|"]

    def rows(name, off, acc, desc, fields, offs):
        o.append(f"| {offs} | {name} | {acc} | {desc} |")
        for fname, lsb, w, facc, rst, fdesc in fields:
            if isinstance(w, int):
                bits = f"[{lsb + w - 1}:{lsb}]" if w > 1 else f"[{lsb}]"
            else:
                bits = f"[{w}-1:0]" if lsb == 0 else f"[{lsb}+{w}-1:{lsb}]"
            r = "" if rst is None else f", reset 0x{rst:X}"
            o.append(f"| | `{fname}` {bits} | {facc}{r} | {fdesc} |")

    for name, off, acc, desc, fields in GLOBAL_REGS:
        rows(name, off, acc, desc, fields, f"0x{off:03X}")
    for name, off, acc, desc, fields in COUNTER_REGS:
        rows(name + "[n]", off, acc, desc, fields, f"0x{CNT_BASE:03X}+0x{CNT_STRIDE:X}*n+0x{off:X}")
    for name, off, acc, desc, fields in XCTL_REGS:
        rows(name + "[n]", off, acc, desc, fields, f"0x{XCTL_BASE:03X}+4*n")
    for name, off, acc, desc, fields in YCH_REGS:
        rows(name + "[r][i]", off, acc, desc, fields,
             f"0x{YCH0_BASE:03X} (r=0) / 0x{YCH3_BASE:03X} (r=3) +0x{YCH_STRIDE:X}*i+0x{off:02X}")
    o += ["", "## Sampling and yield channels", "",
          "Behaviour, timing and interrupt latencies: docs/sampling.md. Counter slots n >= NC of XCTL and "
          "channels i >= NCH are unmapped (PSLVERR). Ring-3 channel registers and YRING3 accept unprivileged "
          "(PPROT[0]=0) reads and writes; every other new register is privileged-only.", "",
          "Yield event vector (ESV/ESM bit k):", "", "| bits | event |", "|---|---|"]
    for n, lsb, w, d in YEV_BITS:
        o.append(f"| {lsb + w - 1}:{lsb} | {d} |" if w > 1 else f"| {lsb} | {d} |")
    o += ["", "## FLOP class sub-events (EM bits when CTL.ES == FLOP_CLASS)", "",
          "Each valid retire slot adds 1 (2 when its FMA flag is set) if its (register size, element size) "
          "combination's bit is set in EM. Scalar = register size equal to the element size.", "",
          "| EM bit | sub-event | flop_rsz_i | flop_esz_i |", "|---|---|---|---|"]
    rs = {0: "0 (32-bit)", 1: "1 (64-bit)", 2: "2 (128-bit)", 3: "3 (256-bit)", 4: "4 (512-bit)"}
    for n, b in FLOP_SUBEVENTS:
        code = {0: 1, 1: 0}.get(b, b // 2 + 1)
        o.append(f"| {b} | {n} | {rs[code]} | {'1 (double)' if 'DOUBLE' in n else '0 (single)'} |")
    o += ["", "Other combinations (register-size codes 5..7, 32-bit double, 64-bit single) are not counted by any "
          "sub-event. EM bits 15:8 have no effect in the FLOP class.", ""]
    return "\n".join(o)


OUTPUTS = {"cmodel/pmu_regs.h": gen_h, "docs/regmap.md": gen_md}

BEGIN_MARK = "// BEGIN pmu regmap defines (generated by util/regmap.py; do not edit)"
END_MARK = "// END pmu regmap defines"


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


def inline_outputs(begin=BEGIN_MARK, end=END_MARK, gen=None, rtl_dir="rtl"):
    """{relative path: generator} for every RTL file holding the markers."""
    out = {}
    d = os.path.join(ROOT, rtl_dir)
    for fn in sorted(os.listdir(d)):
        if not fn.endswith(".v"):
            continue
        rel = os.path.join(rtl_dir, fn)
        with open(os.path.join(ROOT, rel)) as f:
            cur = f.read()
        if begin in cur:
            out[rel] = (lambda cur=cur: inline_block(
                cur, begin, end, subset_block(gen(), used_defines(cur, begin, end))))
    return out


def sync(outputs, check):
    """Write (or with check, compare) every output; return the number that differ."""
    bad = 0
    for rel, fn in outputs.items():
        path = os.path.join(ROOT, rel)
        text = fn()
        if check:
            try:
                with open(path) as f:
                    cur = f.read()
            except FileNotFoundError:
                cur = None
            if cur != text:
                print(f"regmap: {rel} is out of date (run the generator: python3 util/{os.path.basename(sys.argv[0])})")
                bad += 1
        else:
            with open(path, "w") as f:
                f.write(text)
    return bad


def main():
    check = "--check" in sys.argv[1:]
    outputs = dict(OUTPUTS)
    outputs.update(inline_outputs(gen=gen_vh))
    bad = sync(outputs, check)
    if check:
        print(f"regmap: {len(outputs) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
