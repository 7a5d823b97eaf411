# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of pmu_core's bus wrappers driven by third-party bus models
(make core-cocotb; README "Third-party bus masters (cocotb)").

PMU_BUS selects the bus and master (tb/cocotb/pmu_bus.py): axil
(cocotbext-axi AxiLiteMaster -> pmu_core_axil), wb_pipelined / wb_classic
(cocotbext-wishbone WishboneMaster -> pmu_core_wb, STALL mapped / not).
Toplevel tb/cocotb/tb_cocotb_top.v, default pmu_core parameters. Register
offsets and fields: docs/regmap.md. PMU_SEED seeds the random values.
"""
import random

import cocotb
from cocotb.triggers import FallingEdge, RisingEdge

import pmu_bus
from pmu_bus import BUS, SEED, Monitor, make_bus, release_reset, start

# docs/regmap.md (default parameters: NT=2 NC=8 CW=40 NRET=4 FLOP_CLASS=63)
ID, CFG, GCTL, OVF, CLR, CNTEN, CAP = 0x000, 0x004, 0x008, 0x00C, 0x010, 0x014, 0x020
UNMAPPED = 0x030
NC, CW, NT, NRET, FLOP_CLASS, NCLS = 8, 40, 2, 4, 63, 64
ID_VALUE = 0x504D0100
CFG_VALUE = (FLOP_CLASS << 24) | (NRET << 20) | (NT << 16) | (CW << 8) | NC
GCTL_MASK = 0x3                  # GEN, UEN
CTL_MASK = 0x00FF0F3F            # ES[5:0] EN[8] IE[9] EDGE[10] INV[11] THR[23:16]
EMQ_MASK = (1 << (16 + 2 * NT)) - 1   # EM[15:0] EQ[19:16]
CTL_EN = 1 << 8
YTHR3 = 0x06C                    # thread of each ring-3 yield channel (4 bits per channel)
YCH3_CTL0, YCH3_SAV0 = 0xA00, 0xA0C   # ring-3 channel 0: YCH_CTL (VALID = bit 0), YCH_SAV


def CTL(n):
    return 0x100 + 0x10 * n


def EMQ(n):
    return CTL(n) + 0x4


def CNT_LO(n):
    return CTL(n) + 0x8


def CNT_HI(n):
    return CTL(n) + 0xC


def eq_os(t):
    """EMQ.EQ bit of thread t at CPL 0 (OS): register bit 16 + 2*(NT-1-t)+1"""
    return 1 << (16 + 2 * (NT - 1 - t) + 1)


def ev_bit(t, c, s):
    return 1 << ((t * NCLS + c) * 16 + s)


async def setup(dut, name):
    """inputs to 0 (before any bus model), reset, bus model, monitor"""
    rng = random.Random(f"{SEED}:{name}")
    dut._log.info("PMU_BUS=%s PMU_SEED=%d (test %s)", BUS, SEED, name)
    await start(dut)
    bus = make_bus(dut)
    mon = Monitor(dut, BUS)
    await release_reset(dut)
    return bus, mon, rng


async def wr(bus, addr, data, strb=0xF, prot=1, tid=0):
    (err, _), = await bus.xfer([("w", addr, data, strb)], prot, tid)
    return err


async def rd(bus, addr, prot=1, tid=0):
    (err, data), = await bus.xfer([("r", addr)], prot, tid)
    return err, data


async def rd_ok(bus, addr):
    err, data = await rd(bus, addr)
    assert not err, f"read of {addr:#05x} answered an error"
    return data


async def wr_ok(bus, addr, data):
    assert not await wr(bus, addr, data), f"write of {data:#x} to {addr:#05x} answered an error"


async def settle(dut, n=4):
    for _ in range(n):
        await RisingEdge(dut.clk)


def check_counts(mon, before, n_ops, n_writes):
    """exactly one request, one response, one APB transfer per issued op"""
    after = mon.snapshot()
    d = {k: after[k] - before[k] for k in after}
    if BUS == "axil":
        n_reads = n_ops - n_writes
        assert d["req"] == n_ops, f"{n_ops} transfers issued, {d['req']} AW/AR handshakes"
        assert d["wdata"] == n_writes, f"{n_writes} writes issued, {d['wdata']} W handshakes"
        assert d["resp"] == n_writes, f"{n_writes} writes issued, {d['resp']} B responses"
        assert d["rresp"] == n_reads, f"{n_reads} reads issued, {d['rresp']} R responses"
    else:
        assert d["req"] == n_ops, \
            f"{n_ops} transfers issued, {d['req']} requests taken by the slave (CYC&STB&!STALL)"
        assert d["resp"] == n_ops, f"{n_ops} transfers issued, {d['resp']} ACK/ERR cycles"
    assert d["apb"] == n_ops, f"{n_ops} transfers issued, {d['apb']} APB transfers in the wrapper"


@cocotb.test(timeout_time=200, timeout_unit="us")
async def test_id_cfg(dut):
    """register map identity: ID, CFG of the default configuration"""
    bus, mon, _ = await setup(dut, "id_cfg")
    before = mon.snapshot()
    assert await rd_ok(bus, ID) == ID_VALUE, "ID"
    assert await rd_ok(bus, CFG) == CFG_VALUE, "CFG"
    cap = await rd_ok(bus, CAP)
    dut._log.info("CAP = %#010x (LAT %d)", cap, (cap >> 12) & 0xF)
    await settle(dut)
    check_counts(mon, before, 3, 0)


@cocotb.test(timeout_time=200, timeout_unit="us")
async def test_rw_readback(dut):
    """random values to GCTL and every CTL/EMQ, all written first, then read
    back (no aliasing); written and read in one bus cycle each on Wishbone"""
    bus, mon, rng = await setup(dut, "rw_readback")
    regs = {GCTL: GCTL_MASK}
    for n in range(NC):
        regs[CTL(n)] = CTL_MASK
        regs[EMQ(n)] = EMQ_MASK
    for rnd in range(2):
        exp = {a: rng.getrandbits(32) & m for a, m in regs.items()}
        if rnd == 0:
            exp[GCTL] = 0   # GEN=0: nothing counts, whatever the CTL values
        before = mon.snapshot()
        res = await bus.xfer([("w", a, v | (rng.getrandbits(32) & ~m & 0xFFFFFFFF))
                              for (a, v), m in zip(exp.items(), regs.values())])
        assert not any(e for e, _ in res), "a write answered an error"
        addrs = list(exp)
        rng.shuffle(addrs)
        res = await bus.xfer([("r", a) for a in addrs])
        for a, (err, data) in zip(addrs, res):
            assert not err, f"read of {a:#05x} answered an error"
            assert data == exp[a], f"{a:#05x}: read {data:#010x}, wrote {exp[a]:#010x}"
        await settle(dut)
        check_counts(mon, before, 2 * len(exp), len(exp))
        dut._log.info("round %d: %d registers read back", rnd, len(exp))


@cocotb.test(timeout_time=200, timeout_unit="us")
async def test_counter_preset_hi_lo(dut):
    """a 64-bit counter preset written HI then LO reads back whole (0x12 to
    HI, 0x34 to LO must read 0x12_00000034, not 0x34); HI and LO writes in
    one bus cycle on Wishbone, as a driver does"""
    bus, mon, rng = await setup(dut, "preset")
    vals = [(0x12, 0x34)] + [(rng.getrandbits(CW - 32), rng.getrandbits(32)) for _ in range(NC - 1)]
    before = mon.snapshot()
    for n, (hi, lo) in enumerate(vals):
        res = await bus.xfer([("w", CNT_HI(n), hi), ("w", CNT_LO(n), lo)])
        assert not any(e for e, _ in res), f"counter {n}: preset answered an error"
    for n, (hi, lo) in enumerate(vals):
        res = await bus.xfer([("r", CNT_LO(n)), ("r", CNT_HI(n))])
        assert not any(e for e, _ in res), f"counter {n}: read answered an error"
        got = (res[1][1] << 32) | res[0][1]
        assert got == (hi << 32) | lo, \
            f"counter {n}: preset {(hi << 32) | lo:#012x} (HI {hi:#x} then LO {lo:#x}), read {got:#012x}"
    await settle(dut)
    check_counts(mon, before, 4 * NC, 2 * NC)


@cocotb.test(timeout_time=200, timeout_unit="us")
async def test_one_response_per_transfer(dut):
    """a random stream of reads and writes (incl. erroring ones): exactly one
    bus response per issued transfer and one APB transfer inside the wrapper
    per issued transfer; read data checked against a register model, and a
    W1P write (CLR) whose double execution would clear a counter twice"""
    bus, mon, rng = await setup(dut, "one_response")
    model = {GCTL: 0}
    masks = {GCTL: GCTL_MASK}
    for n in range(NC):
        model[CTL(n)] = 0
        model[EMQ(n)] = 0
        masks[CTL(n)] = CTL_MASK & ~CTL_EN   # counters stay disabled
        masks[EMQ(n)] = EMQ_MASK
    masks[GCTL] = 0x2                         # GEN stays 0
    total = writes = 0
    before = mon.snapshot()
    for _ in range(25):
        ops, exp = [], []
        for _ in range(rng.randint(1, 8)):
            kind = rng.random()
            a = rng.choice(list(model))
            if kind < 0.4:
                v = rng.getrandbits(32) & masks[a]
                ops.append(("w", a, v))
                exp.append((False, None))
                model[a] = v
            elif kind < 0.85:
                ops.append(("r", a))
                exp.append((False, model[a]))
            elif kind < 0.93:
                ops.append(("r", UNMAPPED))
                exp.append((True, 0))
            else:
                ops.append(("w", a, rng.getrandbits(32), 0x3))   # partial: error, no write
                exp.append((True, None))
        res = await bus.xfer(ops)
        for op, (err, data), (xerr, xdata) in zip(ops, res, exp):
            assert err == xerr, f"{op}: error {err}, expected {xerr}"
            if xdata is not None:
                assert data == xdata, f"{op}: read {data:#010x}, expected {xdata:#010x}"
        total += len(ops)
        writes += sum(op[0] == "w" for op in ops)
    await settle(dut)
    check_counts(mon, before, total, writes)
    dut._log.info("%d transfers (%d writes): one response and one APB transfer each", total, writes)


@cocotb.test(timeout_time=200, timeout_unit="us")
async def test_bus_errors(dut):
    """unmapped address, partial byte enables and unprivileged writes answer
    SLVERR (AXI resp 2) / ERR and change nothing; an unprivileged read of a
    privileged register too; privileged accesses still work afterwards"""
    bus, mon, rng = await setup(dut, "errors")
    g = 0x2
    c0 = rng.getrandbits(32) & CTL_MASK & ~CTL_EN
    await wr_ok(bus, GCTL, g)
    await wr_ok(bus, CTL(0), c0)
    before = mon.snapshot()
    err, data = await rd(bus, UNMAPPED)
    assert err and data == 0, f"unmapped read: error {err}, data {data:#x}"
    assert await wr(bus, UNMAPPED, 0xFFFFFFFF), "unmapped write answered OKAY/ACK"
    for strb in (0x1, 0x3, 0xC, 0x7, 0xE):
        assert await wr(bus, CTL(0), 0xFFFFFFFF, strb=strb), f"write with strobe {strb:#x} answered OKAY/ACK"
    assert await wr(bus, GCTL, 0x1, prot=0), "unprivileged write of GCTL answered OKAY/ACK"
    assert await wr(bus, CTL(0), 0x0, prot=0), "unprivileged write of CTL[0] answered OKAY/ACK"
    err, data = await rd(bus, GCTL, prot=0)
    assert err and data == 0, f"unprivileged read of GCTL: error {err}, data {data:#x}"
    assert await rd_ok(bus, GCTL) == g, "GCTL changed by an erroring write"
    assert await rd_ok(bus, CTL(0)) == c0, "CTL[0] changed by an erroring write"
    await settle(dut)
    check_counts(mon, before, 12, 8)


@cocotb.test(timeout_time=200, timeout_unit="us")
async def test_counting(dut):
    """program counters on event class 5 (CTL.ES, EN; EMQ.EM, EQ; GCTL.GEN),
    drive ev_i sub-events for a known number of cycles, read the exact counts;
    a counter on an undriven class, one on an unmasked sub-event and one
    qualified on the other thread must stay 0"""
    bus, mon, rng = await setup(dut, "counting")
    cap = await rd_ok(bus, CAP)
    lat = (cap >> 12) & 0xF
    cls = 5
    # counter: (class, EM, EQ)
    cfg = [(cls, 0x1, eq_os(0)), (cls, 0x2, eq_os(0)), (cls, 0x3, eq_os(0)),
           (cls + 1, 0x1, eq_os(0)), (cls, 0x4, eq_os(0)), (cls, 0x1, eq_os(1))]
    for n, (c, em, eq) in enumerate(cfg):
        await wr_ok(bus, CTL(n), c | CTL_EN)
        await wr_ok(bus, EMQ(n), em | eq)
    await wr_ok(bus, CLR, (1 << NC) - 1)
    await wr_ok(bus, GCTL, 0x1)
    await settle(dut, 3)
    n0 = n1 = n01 = 0
    cycles = rng.randint(150, 250)
    for _ in range(cycles):
        await FallingEdge(dut.clk)
        b0, b1 = rng.random() < 0.6, rng.random() < 0.3
        dut.ev_i.value = (ev_bit(0, cls, 0) if b0 else 0) | (ev_bit(0, cls, 1) if b1 else 0)
        n0 += b0
        n1 += b1
        n01 += b0 + b1
    await FallingEdge(dut.clk)
    dut.ev_i.value = 0
    await settle(dut, lat + 3)
    exp = [n0, n1, n01, 0, 0, 0]
    dut._log.info("%d cycles, sub-event 0 high in %d, sub-event 1 in %d (LAT %d)", cycles, n0, n1, lat)
    for n, e in enumerate(exp):
        res = await bus.xfer([("r", CNT_LO(n)), ("r", CNT_HI(n))])
        assert not any(err for err, _ in res), f"counter {n}: read answered an error"
        got = (res[1][1] << 32) | res[0][1]
        assert got == e, f"counter {n} {cfg[n]}: read {got}, expected {e}"
    await wr_ok(bus, GCTL, 0x0)


@cocotb.test(timeout_time=200, timeout_unit="us")
async def test_thread_id(dut):
    """thread ID sideband (AWUSER/ARUSER, Wishbone TGA -> pmu_core ptid_i):
    ring-3 channel 0 given to thread 1 (YTHR3); unprivileged reads and writes
    of it with thread ID 1 are answered, with thread ID 0 they answer
    SLVERR/ERR and change nothing (docs/security.md)"""
    bus, mon, rng = await setup(dut, "thread_id")
    v = rng.getrandbits(32)
    await wr_ok(bus, YTHR3, 0x1)
    await wr_ok(bus, YCH3_CTL0, 0x1)
    await wr_ok(bus, YCH3_SAV0, v)
    before = mon.snapshot()
    err, data = await rd(bus, YCH3_SAV0, prot=0, tid=1)
    assert not err and data == v, f"thread 1, own channel: error {err}, data {data:#x} (wrote {v:#x})"
    err, data = await rd(bus, YCH3_SAV0, prot=0, tid=0)
    assert err and data == 0, f"thread 0, thread 1's channel: error {err}, data {data:#x}"
    assert await wr(bus, YCH3_SAV0, v ^ 0xFFFF, prot=0, tid=0), "thread 0 wrote thread 1's channel"
    assert not await wr(bus, YCH3_SAV0, v ^ 0xFF, prot=0, tid=1), "thread 1's write of its channel refused"
    assert await rd_ok(bus, YCH3_SAV0) == v ^ 0xFF, "channel 0 SAV after the writes of thread 0 and 1"
    await settle(dut)
    check_counts(mon, before, 5, 2)
    await wr_ok(bus, YTHR3, 0x0)


@cocotb.test(timeout_time=200, timeout_unit="us", skip=not pmu_bus.FORCE_PRIV)
async def test_force_priv(dut):
    """FORCE_PRIV=1 (small instance u_fp_*): a prot=0 (unprivileged) write
    goes through and reads back; the default instance refuses it. Skipped
    when the wrappers have no FORCE_PRIV parameter (sim/cocotb.mk)."""
    bus, mon, rng = await setup(dut, "force_priv")
    fp = make_bus(dut, fp=True)
    assert await wr(bus, GCTL, 0x2, prot=0), "default instance: unprivileged GCTL write answered OKAY/ACK"
    assert await rd_ok(bus, GCTL) == 0, "default instance: GCTL changed by an unprivileged write"
    (err, data), = await fp.xfer([("r", ID)], prot=0)
    assert not err and data == ID_VALUE, f"FORCE_PRIV: unprivileged ID read: error {err}, data {data:#x}"
    (err, _), = await fp.xfer([("w", GCTL, 0x2)], prot=0)
    assert not err, "FORCE_PRIV: unprivileged GCTL write answered an error"
    (err, data), = await fp.xfer([("r", GCTL)], prot=0)
    assert not err and data == 0x2, f"FORCE_PRIV: GCTL read {data:#x} (error {err}), wrote 0x2"
    (err, _), = await fp.xfer([("w", UNMAPPED, 1)], prot=0)
    assert err, "FORCE_PRIV: unmapped write answered OKAY/ACK"
