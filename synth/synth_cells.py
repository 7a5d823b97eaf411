#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""NAND2-equivalent cell weights of the area flow (synth/run_synth.py) and of
synth/dc_synth.py: every Yosys internal cell type is weighted by the area of
the NanGate FreePDK45 Open Cell Library X1 cell(s) that implement it,
divided by the area of NAND2_X1 (LIB_AREA, CELL_FAMILIES), and the coarse
flip-flop and latch cell types Yosys has after `proc` (RTL state bits).
Imports nothing of the flow (the base of synth/synth_*.py).
"""
import re


# NanGate FreePDK45 Open Cell Library (NangateOpenCellLibrary_typical),
# cell areas in um^2, X1 drive strength.
LIB_AREA = {
    "INV_X1": 0.532, "BUF_X1": 0.798, "NAND2_X1": 0.798, "NOR2_X1": 0.798,
    "AND2_X1": 1.064, "OR2_X1": 1.064, "XOR2_X1": 1.596, "XNOR2_X1": 1.596,
    "MUX2_X1": 1.862, "AOI21_X1": 1.064, "OAI21_X1": 1.064,
    "AOI22_X1": 1.330, "OAI22_X1": 1.330, "TBUF_X1": 1.596,
    "DLH_X1": 2.926, "DFF_X1": 4.522, "DFFR_X1": 5.320, "DFFS_X1": 5.320,
    "DFFRS_X1": 6.384,
}
NAND2_AREA = LIB_AREA["NAND2_X1"]
WEIGHTS_SOURCE = ("NanGate FreePDK45 Open Cell Library X1 cell areas / "
                  "NAND2_X1 (%.3f um^2)" % NAND2_AREA)

# Yosys internal cell type (regex) -> cells that implement it, kind.
# Kinds: "comb", "ff" (flip-flop), "latch". The library has no enable,
# sync-reset or and-with-inverted-input cells, so those are composites
# (an enable flip-flop is the flop plus a MUX2 in front of D).
CELL_FAMILIES = [
    (r"\$_BUF_", ["BUF_X1"], "comb"),
    (r"\$_NOT_", ["INV_X1"], "comb"),
    (r"\$_(NAND|NOR)_", ["NAND2_X1"], "comb"),
    (r"\$_(AND|OR)_", ["AND2_X1"], "comb"),
    (r"\$_(ANDNOT|ORNOT)_", ["INV_X1", "NOR2_X1"], "comb"),  # A&~B = ~(~A|B)
    (r"\$_(XOR|XNOR)_", ["XOR2_X1"], "comb"),
    (r"\$_MUX_", ["MUX2_X1"], "comb"),
    (r"\$_NMUX_", ["MUX2_X1", "INV_X1"], "comb"),
    (r"\$_(AOI3|OAI3)_", ["AOI21_X1"], "comb"),
    (r"\$_(AOI4|OAI4)_", ["AOI22_X1"], "comb"),
    (r"\$_MUX4_", ["MUX2_X1"] * 3, "comb"),
    (r"\$_MUX8_", ["MUX2_X1"] * 7, "comb"),
    (r"\$_MUX16_", ["MUX2_X1"] * 15, "comb"),
    (r"\$_TBUF_", ["TBUF_X1"], "comb"),
    (r"\$_(FF|DFF_[NP])_", ["DFF_X1"], "ff"),
    (r"\$_DFF_[NP][NP][01]_", ["DFFR_X1"], "ff"),
    (r"\$_DFFE_[NP][NP]_", ["DFF_X1", "MUX2_X1"], "ff"),
    (r"\$_DFFE_[NP][NP][01][NP]_", ["DFFR_X1", "MUX2_X1"], "ff"),
    (r"\$_DFFSR_[NP]{3}_", ["DFFRS_X1"], "ff"),
    (r"\$_DFFSRE_[NP]{4}_", ["DFFRS_X1", "MUX2_X1"], "ff"),
    (r"\$_SDFF_[NP][NP][01]_", ["DFF_X1", "AND2_X1"], "ff"),
    (r"\$_SDFFC?E_[NP][NP][01][NP]_", ["DFF_X1", "MUX2_X1", "AND2_X1"], "ff"),
    (r"\$_ALDFF_[NP][NP]_", ["DFFRS_X1", "MUX2_X1"], "ff"),
    (r"\$_ALDFFE_[NP]{3}_", ["DFFRS_X1", "MUX2_X1", "MUX2_X1"], "ff"),
    (r"\$_DLATCH_[NP]_", ["DLH_X1"], "latch"),
    (r"\$_DLATCH_[NP][NP][01]_", ["DLH_X1", "AND2_X1"], "latch"),
    (r"\$_DLATCHSR_[NP]{3}_", ["DLH_X1", "AND2_X1", "OR2_X1"], "latch"),
    (r"\$_SR_[NP][NP]_", ["NAND2_X1", "NAND2_X1"], "latch"),
]

# Coarse (word-level) cells after `proc`: state elements and latches.
RTL_FF_TYPES = {"$ff", "$dff", "$dffe", "$adff", "$adffe", "$sdff", "$sdffe",
                "$sdffce", "$dffsr", "$dffsre", "$aldff", "$aldffe"}
RTL_LATCH_TYPES = {"$dlatch", "$adlatch", "$dlatchsr", "$sr"}


class SynthError(Exception):
    pass


def cell_info(ctype):
    """(NAND2 weight, kind, implementing cells) of a Yosys cell type."""
    for pat, cells, kind in CELL_FAMILIES:
        if re.fullmatch(pat, ctype):
            w = round(sum(LIB_AREA[c] for c in cells) / NAND2_AREA, 2)
            return w, kind, cells
    raise SynthError("no NAND2 weight for cell type %r: add it to "
                     "CELL_FAMILIES in synth/synth_cells.py" % ctype)


def all_weights_text():
    lines = []
    for pat, cells, kind in CELL_FAMILIES:
        w = sum(LIB_AREA[c] for c in cells) / NAND2_AREA
        lines.append("  %-30s %-5s %-28s %5.2f" % (
            pat.replace("\\", ""), kind, " + ".join(cells), w))
    return "\n".join(lines)
