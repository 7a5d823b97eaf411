// Lockstep bench of the bus wrappers: single transfers: readback, byte strobes, error
// responses, protection (AxPROT / prot, FORCE_PRIV).
// Shared bench state, master helpers and the test table: tb/bus/bus.h, tb/test_bus.cpp.
#include "bus.h"

void t_write_readback(Bench &b) {
    Txn w = b.xfer(true, plain_rw(), 0xA5C3F00Du);
    CHECK_EQ(w.err, 0);
    Txn x = b.xfer(false, plain_rw());
    CHECK_EQ(x.err, 0);
    CHECK_EQ(x.rdata, 0xA5C3F00Du);
    x = b.xfer(false, PMU_REG_ID);
    CHECK_EQ(x.err, 0);
    CHECK_EQ(x.rdata, PMU_ID_VALUE);
}

// pmu_core stores only full-word writes: a partial WSTRB/SEL gets SLVERR/ERR
// and leaves the register; PSTRB passes through (compared every cycle)
void t_byte_strobes(Bench &b) {
    CHECK_EQ(b.xfer(true, plain_rw(), 0x11223344u).err, 0);
    for (uint8_t s : {0x1, 0x3, 0xC, 0x7, 0x0}) {
        CHECK_EQ(b.xfer(true, plain_rw(), 0xFFFFFFFFu, s).err, 1);
        Txn x = b.xfer(false, plain_rw());
        CHECK_EQ(x.err, 0);
        CHECK_EQ(x.rdata, 0x11223344u);
    }
}

void t_errors(Bench &b) {
    // unprivileged write (PPROT[0]=0) to GCTL, unprivileged read of CTL
    // (FORCE_PRIV: t_prot)
    if (!BUS_FORCE_PRIV) {
        CHECK_EQ(b.xfer(true, PMU_REG_GCTL, PMU_GCTL_GEN_MASK, 0xF, 0).err, 1);
        CHECK_EQ(b.xfer(false, PMU_REG_GCTL).rdata, 0u);
        CHECK_EQ(b.xfer(false, PMU_REG_CTL(0), 0, 0, 0).err, 1);
    }
    // unmapped, misaligned, counter slot >= NC
    Txn x = b.xfer(false, 0xFFC);
    CHECK_EQ(x.err, 1);
    CHECK_EQ(x.rdata, 0u);
    CHECK_EQ(b.xfer(true, 0xFFC, 1).err, 1);
    CHECK_EQ(b.xfer(false, PMU_REG_ID + 2).err, 1);
    if (CFG_NC < 32) CHECK_EQ(b.xfer(true, PMU_REG_CTL(CFG_NC), 1).err, 1);
    // ring-3 yield status accepts unprivileged accesses
    CHECK_EQ(b.xfer(false, PMU_REG_YRING3, 0, 0, 0).err, 0);
    // PPROT passes the other bits too: privileged with PPROT=3'b111
    CHECK_EQ(b.xfer(true, PMU_REG_GCTL, PMU_GCTL_GEN_MASK, 0xF, 7).err, 0);
    CHECK_EQ(b.xfer(false, PMU_REG_GCTL).rdata & PMU_GCTL_GEN_MASK, PMU_GCTL_GEN_MASK);
}

// AxPROT / prot = 3'b000, as many masters drive it by default: SLVERR/ERR
// on a write of GCTL that changes nothing (FORCE_PRIV=0), or a privileged
// data access that succeeds (FORCE_PRIV=1: PPROT=3'b001 on APB for every
// access, whatever the bus's protection)
void t_prot(Bench &b) {
    CHECK_EQ(b.xfer(true, PMU_REG_GCTL, 0u).err, 0);
    Txn w = b.xfer(true, PMU_REG_GCTL, PMU_GCTL_GEN_MASK, 0xF, 0);
    CHECK_EQ(w.err, BUS_FORCE_PRIV ? 0 : 1);
    CHECK_EQ(b.apb_log.size(), 1u);
    if (!b.apb_log.empty()) CHECK_EQ(b.apb_log[0].pprot, BUS_FORCE_PRIV ? 1u : 0u);
    CHECK_EQ(b.xfer(false, PMU_REG_GCTL).rdata & PMU_GCTL_GEN_MASK, BUS_FORCE_PRIV ? PMU_GCTL_GEN_MASK : 0u);
    Txn r = b.xfer(false, PMU_REG_GCTL, 0, 0, 0);
    CHECK_EQ(r.err, BUS_FORCE_PRIV ? 0 : 1);
    CHECK_EQ(r.rdata & PMU_GCTL_GEN_MASK, BUS_FORCE_PRIV ? PMU_GCTL_GEN_MASK : 0u);
    // every other AxPROT value: PPROT passed through, or 3'b001
    for (uint8_t p = 0; p < 8; p++) {
        CHECK_EQ(b.xfer(false, PMU_REG_YRING3, 0, 0, p).err, 0);
        CHECK_EQ(b.apb_log.size(), 1u);
        if (!b.apb_log.empty()) CHECK_EQ(b.apb_log[0].pprot, BUS_FORCE_PRIV ? 1u : p);
    }
    CHECK_EQ(b.xfer(true, PMU_REG_GCTL, 0u).err, 0);
    printf("  [prot] %s FORCE_PRIV=%d: write with prot 0 answered %s\n", BUS, BUS_FORCE_PRIV,
           w.err ? "with an error" : "OK");
}
