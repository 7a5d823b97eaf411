# SPDX-License-Identifier: Apache-2.0
"""Bus adapters and monitors of the cocotb benches (tb/cocotb/test_pmu_bus.py).

One bench drives pmu_core_axil with cocotbext-axi's AxiLiteMaster or
pmu_core_wb with cocotbext-wishbone's WishboneMaster, chosen by PMU_BUS:
  axil          AXI4-Lite (AxPROT passed per transfer; AWUSER/ARUSER, the
                thread ID, driven on the pins by the adapter: AxiLiteMaster
                has no AxUSER)
  wb_pipelined  Wishbone B4 pipelined: STALL mapped, the master drops STB
                once the request is taken
  wb_classic    Wishbone classic: STALL not mapped, the master holds STB
                (and CYC) until ACK/ERR
Every adapter offers xfer(ops, prot, tid) -> [(err, rdata)], one entry per
op, ops = [("w", addr, data[, strb]) | ("r", addr)]; tid is the thread ID
(pmu_core ptid_i, APB5 PAUSER) of every op: AWUSER/ARUSER or the Wishbone
address tag TGA, held on the pins for the whole call (neither bus model
drives a user sideband, so the adapter drives it, constant per transfer).
"""
import logging
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge, Timer

# every input of tb/cocotb/tb_cocotb_top.v except clk (rst_n included):
# driven to 0 before any bus model is created (cocotb 1.8 with Verilator or
# Icarus: an input left undriven would be X/garbage when a bus model reads or
# drives it)
# BEGIN generated: core-inputs (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
NONBUS_INPUTS = ["ev_i", "cpl_i", "flop_valid_i", "flop_rsz_i", "flop_esz_i", "flop_scalar_i",
                 "flop_op_i", "csr_valid_i", "csr_addr_i", "csr_op_i", "csr_wdata_i", "csr_priv_i",
                 "rv_mode_i", "stopcount_i", "iaddr_i", "daddr_i", "pm_i", "mem_valid_i",
                 "mem_lat_i", "yev_i"]
# END generated: core-inputs
AXIL_INPUTS = ["awvalid", "awaddr", "awprot", "awuser", "wvalid", "wdata", "wstrb", "bready",
               "arvalid", "araddr", "arprot", "aruser", "rready"]
WB_INPUTS = ["cyc", "stb", "we", "adr", "datwr", "sel", "prot", "tga"]
ALL_INPUTS = (["rst_n"] + NONBUS_INPUTS
              + [f"{p}_{s}" for p in ("s_axil", "fp_axil") for s in AXIL_INPUTS]
              + [f"{p}_{s}" for p in ("wb", "fp_wb") for s in WB_INPUTS])

BUS = os.environ.get("PMU_BUS", "axil")
FORCE_PRIV = os.environ.get("PMU_FORCE_PRIV", "0") == "1"
SEED = int(os.environ.get("PMU_SEED", "1"))


async def start(dut):
    """Drive every input to 0, start the clock, reset. Returns nothing; bus
    models are created afterwards (make_bus)."""
    for name in ALL_INPUTS:
        getattr(dut, name).value = 0
    await Timer(1, units="ns")
    cocotb.start_soon(Clock(dut.clk, 10, units="ns").start())
    for _ in range(5):
        await RisingEdge(dut.clk)


async def release_reset(dut):
    await FallingEdge(dut.clk)
    dut.rst_n.value = 1
    for _ in range(2):
        await RisingEdge(dut.clk)


def _contig(strb):
    """(byte offset, length) of a contiguous byte-enable mask"""
    lo = (strb & -strb).bit_length() - 1
    n = bin(strb).count("1")
    assert strb == ((1 << n) - 1) << lo, f"non-contiguous strobe {strb:#x}"
    return lo, n


class AxilAdapter:
    def __init__(self, dut, prefix):
        from cocotbext.axi import AxiLiteBus, AxiLiteMaster
        self.m = AxiLiteMaster(AxiLiteBus.from_prefix(dut, prefix), dut.clk, dut.rst_n,
                               reset_active_level=False)
        self.m.write_if.log.setLevel(logging.WARNING)
        self.m.read_if.log.setLevel(logging.WARNING)
        self.awuser = getattr(dut, f"{prefix}_awuser")
        self.aruser = getattr(dut, f"{prefix}_aruser")

    async def xfer(self, ops, prot=1, tid=0):
        from cocotbext.axi import AxiProt
        # thread ID: on both AxUSER pins for the whole call (one transfer at
        # a time: each write/read is awaited before the next)
        self.awuser.value = tid
        self.aruser.value = tid
        res = []
        for op in ops:
            if op[0] == "w":
                strb = op[3] if len(op) > 3 else 0xF
                lo, n = _contig(strb)
                data = (op[2] & 0xFFFFFFFF).to_bytes(4, "little")[lo:lo + n]
                r = await self.m.write(op[1] + lo, data, prot=AxiProt(prot))
                res.append((int(r.resp) != 0, None))
            else:
                r = await self.m.read(op[1], 4, prot=AxiProt(prot))
                res.append((int(r.resp) != 0, int.from_bytes(r.data, "little")))
        return res


class WbAdapter:
    def __init__(self, dut, name, classic):
        from cocotbext.wishbone import WishboneMaster

        # SEL is attached after construction: cocotbext-wishbone 2.0.1's
        # constructor assigns a str ("1111") to SEL, which cocotb 1.8 refuses
        # (its transfers assign ints, as WBOp.sel is always given here)
        class ClassicMaster(WishboneMaster):
            # STALL not mapped: the master holds STB until ACK/ERR
            _optional_signals = ["err"]

        class PipelinedMaster(WishboneMaster):
            _optional_signals = ["err", "stall"]

        cls = ClassicMaster if classic else PipelinedMaster
        self.dut = dut
        self.prot = getattr(dut, f"{name}_prot")
        self.tga = getattr(dut, f"{name}_tga")
        self.m = cls(dut, name, dut.clk, width=32, timeout=200)
        self.m.bus.sel = getattr(dut, f"{name}_sel")
        self.m.bus.sel.value = 0xF
        self.m.log.setLevel(logging.WARNING)
        assert hasattr(self.m.bus, "stall") == (not classic)

    async def xfer(self, ops, prot=1, tid=0):
        """all ops in one Wishbone cycle (CYC held); TGA = tid throughout"""
        from cocotbext.wishbone import WBOp
        wops = []
        for op in ops:
            if op[0] == "w":
                wops.append(WBOp(adr=op[1], dat=op[2] & 0xFFFFFFFF,
                                 sel=op[3] if len(op) > 3 else 0xF, acktimeout=100))
            else:
                wops.append(WBOp(adr=op[1], dat=None, sel=0xF, acktimeout=100))
        self.prot.value = prot
        self.tga.value = tid
        res = await self.m.send_cycle(wops)
        assert len(res) == len(ops), \
            f"{len(ops)} Wishbone transfers issued in one cycle, {len(res)} ACK/ERR seen by the master"
        return [(r.ack != 1, None if op[0] == "w" else int(r.datrd))
                for r, op in zip(res, ops)]


class Monitor:
    """Counts, at each falling clock edge, bus handshakes/responses on the
    pins and the APB transfers (PSEL & PENABLE & PREADY) of the wrapper's
    internal APB (hierarchical handles u_axil.* / u_wb.*)."""

    def __init__(self, dut, bus):
        self.dut, self.bus = dut, bus
        self.n = {k: 0 for k in ("req", "wdata", "resp", "rresp", "apb")}
        cocotb.start_soon(self._run())

    async def _run(self):
        d = self.dut
        while True:
            await FallingEdge(d.clk)
            if self.bus == "axil":
                apb = d.u_axil
                self.n["req"] += int(d.s_axil_awvalid.value) & int(d.s_axil_awready.value)
                self.n["req"] += int(d.s_axil_arvalid.value) & int(d.s_axil_arready.value)
                self.n["wdata"] += int(d.s_axil_wvalid.value) & int(d.s_axil_wready.value)
                self.n["resp"] += int(d.s_axil_bvalid.value) & int(d.s_axil_bready.value)
                self.n["rresp"] += int(d.s_axil_rvalid.value) & int(d.s_axil_rready.value)
            else:
                apb = d.u_wb
                # a request taken by the slave: CYC & STB & !STALL, whether or
                # not the master looks at STALL
                self.n["req"] += (int(d.wb_cyc.value) & int(d.wb_stb.value)
                                  & (1 - int(d.wb_stall.value)))
                self.n["resp"] += int(d.wb_ack.value) | int(d.wb_err.value)
                assert not (int(d.wb_ack.value) and int(d.wb_err.value)), "ACK and ERR together"
            if os.environ.get("PMU_TRACE") and self.bus != "axil":
                d._log.info("cyc %s stb %s we %s adr %s stall %s ack %s err %s psel %s pen %s",
                            d.wb_cyc.value, d.wb_stb.value, d.wb_we.value, d.wb_adr.value,
                            d.wb_stall.value, d.wb_ack.value, d.wb_err.value, apb.psel.value, apb.penable.value)
            self.n["apb"] += int(apb.psel.value) & int(apb.penable.value) & int(apb.pready.value)

    def snapshot(self):
        return dict(self.n)


def make_bus(dut, fp=False):
    """bus adapter of PMU_BUS for the default instance (fp: the FORCE_PRIV=1
    instance)"""
    if BUS == "axil":
        return AxilAdapter(dut, "fp_axil" if fp else "s_axil")
    if BUS in ("wb_pipelined", "wb_classic"):
        return WbAdapter(dut, "fp_wb" if fp else "wb", classic=(BUS == "wb_classic"))
    raise ValueError(f"PMU_BUS={BUS}: want axil, wb_pipelined or wb_classic")
