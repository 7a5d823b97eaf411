// Directed tests of pmu_core: bus rules and global registers: bus errors, TSC, interrupt enable.
// Shared helpers and the test table: tb/directed/directed.h, tb/test_directed.cpp.
#include "directed.h"

void t_bus_errors(Harness &h) {
    int e = 0;
    // set some state that must survive every bad access
    prog(h, 0, cls(1), 0x1234, eq_all(), PMU_CTL_IE_MASK);
    h.write64(A_LO(0), 0xABCDEF);
    h.write(PMU_REG_GCTL, PMU_GCTL_UEN_MASK);
    std::vector<uint32_t> bad = {0x028, 0x024, 0x0FC, 0x0F0, 0x300, 0xFFC, 0x800, 0x001, 0x002, 0x003,
                                 0x101, 0x10A, 0x10F, 0x01B};
    if (NC_ < PMU_NC_MAX) { bad.push_back(PMU_CNT_BASE + NC_ * 16); bad.push_back(PMU_CNT_BASE + NC_ * 16 + 8); }
    for (uint32_t a : bad) {
        uint32_t d = h.read(a, &e);
        CHECK_EQ(e, 1);
        CHECK_EQ(d, 0);
        CHECK_EQ(h.write(a, 0xFFFFFFFF), 1);
    }
    // partial strobes are refused, nothing written
    for (uint8_t s : {0x0, 0x1, 0x3, 0x7, 0xE, 0x8}) CHECK_EQ(h.write(PMU_REG_GCTL, 0x1, s), 1);
    CHECK_EQ(h.read(PMU_REG_GCTL), PMU_GCTL_UEN_MASK);
    // unprivileged (PPROT[0]=0) writes are refused
    CHECK_EQ(h.write(PMU_REG_GCTL, 1, 0xF, 0), 1);
    CHECK_EQ(h.write(A_LO(0), 0, 0xF, 2), 1);
    CHECK_EQ(h.read(PMU_REG_GCTL), PMU_GCTL_UEN_MASK);
    // unprivileged reads: counters and TSC only, and only with UEN
    CHECK_EQ(h.read(A_LO(0), &e, 0), 0xABCDEF); CHECK_EQ(e, 0);
    CHECK_EQ(h.read(A_LO(0) + 4, &e, 0), 0);    CHECK_EQ(e, 0);
    h.read(PMU_REG_TSC_LO, &e, 0);               CHECK_EQ(e, 0);
    CHECK_EQ(h.read(A_CTL(0), &e, 0), 0);       CHECK_EQ(e, 1);
    CHECK_EQ(h.read(PMU_REG_ID, &e, 0), 0);     CHECK_EQ(e, 1);
    h.write(PMU_REG_GCTL, 0);
    CHECK_EQ(h.read(A_LO(0), &e, 0), 0);        CHECK_EQ(e, 1);
    CHECK_EQ(h.read(A_LO(0), &e, 1), 0xABCDEF); CHECK_EQ(e, 0);
    // RO registers ignore writes (no error); W1P CLR reads 0
    CHECK_EQ(h.write(PMU_REG_ID, 0), 0);
    CHECK_EQ(h.read(PMU_REG_ID), PMU_ID_VALUE);
    // reserved bits read as 0
    h.write(A_CTL(0), 0xFFFFFFFF);
    CHECK_EQ(h.read(A_CTL(0)), PMU_CTL_ES_MASK | PMU_CTL_EN_MASK | PMU_CTL_IE_MASK | PMU_CTL_EDGE_MASK |
                                   PMU_CTL_INV_MASK | PMU_CTL_THR_MASK);
    h.write(A_EMQ(0), 0xFFFFFFFF);
    CHECK_EQ(h.read(A_EMQ(0)), 0xFFFFu | eq_all() << 16);
    h.write(PMU_REG_GCTL, 0xFFFFFFFC);
    CHECK_EQ(h.read(PMU_REG_GCTL), 0);
    h.write(PMU_REG_CNTEN, 0xFFFFFFFF);
    CHECK_EQ(h.read(PMU_REG_CNTEN), NC_ == 32 ? 0xFFFFFFFFu : (1u << NC_) - 1);
    h.write(PMU_REG_CNTEN, 0);
    // the counter survived all of it
    CHECK_EQ(h.read64(A_LO(0)), 0xABCDEF);
    // a read-then-errored access leaves the read shadow alone
    h.write64(A_LO(0), 0x5500000001ull & cmax());
    h.read(A_LO(0));
    h.read(0x101, &e);
    CHECK_EQ(h.read(A_LO(0) + 4), (uint32_t)((0x5500000001ull & cmax()) >> 32));
}

void t_tsc(Harness &h) {
    h.write(PMU_REG_TSC_HI, 0x1234);
    h.write(PMU_REG_TSC_LO, 0xFFFFFFF0);
    CHECK_EQ((uint64_t)h.dut->tsc_o, 0x1234FFFFFFF0ull);
    h.idle(100);                                   // free running, GEN=0
    CHECK_EQ((uint64_t)h.dut->tsc_o, 0x1234FFFFFFF0ull + 100);
    // the LO read's access phase is the 2nd cycle after the idle: TSC = base + 101 then
    uint64_t v = h.read64(PMU_REG_TSC_LO);
    CHECK_EQ(v, 0x1234FFFFFFF0ull + 101);
}

void t_irq_enable(Harness &h) {
    const unsigned E = cls(1);
    unsigned n = NC_ - 1;
    prog(h, n, E, 0x0001, eq_all());               // IE=0
    h.write64(A_LO(n), cmax());
    window(h, [&](unsigned) { h.in.ev[0][E] = 1; }, 1);
    CHECK_EQ(h.ovf(), 1u << n);
    CHECK(!h.irq());
    h.write(A_CTL(n), E | PMU_CTL_IE_MASK);          // enable later: level interrupt appears
    CHECK(h.irq());
    h.write(A_CTL(n), E);
    CHECK(!h.irq());
    h.write(A_CTL(n), E | PMU_CTL_IE_MASK);
    CHECK(h.irq());
    h.write(PMU_REG_OVF, 1u << n);
    CHECK(!h.irq());
}
