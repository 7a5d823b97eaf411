// Lockstep bench of the bus wrappers: the Wishbone classic master (B3 / B4 standard mode),
// with PIPELINED_ONLY=0 and 1.
// Shared bench state, master helpers and the test table: tb/bus/bus.h, tb/test_bus.cpp.
#include "bus.h"

#if defined(BUS_WB)
// classic master (B3 / B4 standard mode): CYC & STB held until ACK/ERR,
// STALL ignored. PIPELINED_ONLY=0: each transfer is taken once (N issued =
// N APB transfers = N ACK/ERR), 3 cycles from STB to ACK, back-to-back
// cycles one every 4 cycles. PIPELINED_ONLY=1 (B4 pipelined masters only):
// the request still held in the ACK cycle is taken again there; the bench
// expects that double execution (the reason the mode excludes classic
// masters) and checks it, in lockstep with the model.
void t_classic(Bench &b) {
    const bool twice = BUS_PIPELINED_ONLY;
    // single cycles (CYC low between): a 64-bit preset of counter 0, HI then
    // LO, read back LO then HI; an unmapped read (ERR)
    const uint32_t hi = 1u, lo = 0x3456789Au;   // hi fits every CW >= 33
    b.soft_restart(); b.rd.clear();
    b.classic = true; b.cls_gap = true;
    b.put(true, PMU_REG_CNT_HI(0), hi);
    b.put(true, PMU_REG_CNT_LO(0), lo);
    b.put(false, PMU_REG_CNT_LO(0));
    b.put(false, PMU_REG_CNT_HI(0));
    b.put(false, 0xFFC);
    b.run();
    const size_t n = b.rd.size();
    CHECK_EQ(b.n_rsp, n);
    CHECK_EQ(b.apb_log.size(), twice ? 2 * n : n);
    CHECK_EQ(b.n_take, twice ? 2 * n : n);
    for (size_t i = 0; i < n; i++) {
        const Txn &x = b.rd[i];
        // twice: the next STB waits (STALL ignored) for the second,
        // unanswered execution to leave APB
        CHECK_EQ(x.t_done - x.t_req, twice && i ? 4u : 3u);
        CHECK_EQ(x.err, i == n - 1 ? 1 : 0);
        // the APB transfer(s) of transfer i: its address, direction and data
        for (size_t k = 0; k < (twice ? 2u : 1u); k++) {
            const size_t j = (twice ? 2 * i : i) + k;
            if (j >= b.apb_log.size()) break;
            CHECK_EQ(b.apb_log[j].paddr, x.addr);
            CHECK_EQ(b.apb_log[j].pwrite, x.write);
            CHECK_EQ(b.apb_log[j].pwdata, x.data);
        }
    }
    // once: the preset is whole; twice: the second LO write commits {stage
    // cleared by the first, LO}, so the high half is lost
    const uint64_t want = twice ? lo : ((uint64_t)hi << 32 | lo);
    CHECK_EQ(b.h.cnt(0), want);
    CHECK_EQ(b.rd[2].rdata, lo);
    CHECK_EQ(b.rd[3].rdata, (uint32_t)(want >> 32));
    printf("  [classic] wb PIPELINED_ONLY=%d, single cycles: %zu transfers, %zu APB transfers, %" PRIu64
           " ACK/ERR; preset 0x%" PRIx64 " reads back 0x%" PRIx64 "%s\n", BUS_PIPELINED_ONLY, n, b.apb_log.size(),
           b.n_rsp, (uint64_t)hi << 32 | lo, b.h.cnt(0), twice ? " (each transfer executed twice, as expected)" : "");
    // back-to-back cycles (STB high throughout, the next transfer in the
    // cycle after the ACK): writes of K registers, then their reads
    const unsigned K = CFG_NCH < 4 ? CFG_NCH : 4;
    b.soft_restart(); b.rd.clear();
    b.cls_gap = false;
    for (unsigned i = 0; i < K; i++) b.put(true, PMU_REG_YCH_TGT_LO(0, i), 0x3000u + i);
    for (unsigned i = 0; i < K; i++) b.put(false, PMU_REG_YCH_TGT_LO(0, i));
    b.run();
    const size_t m = b.rd.size();
    CHECK_EQ(b.n_rsp, m);
    bool exact = b.apb_log.size() == m && b.n_take == m;
    for (size_t i = 0; i < m && exact; i++) {
        exact = b.apb_log[i].paddr == b.rd[i].addr && b.apb_log[i].pwrite == b.rd[i].write && !b.rd[i].err &&
                (b.rd[i].write || b.rd[i].rdata == 0x3000u + (unsigned)(i - K));
    }
    if (twice) {
        // the first request taken again in its ACK cycle; the following
        // responses are one transfer late for the master
        CHECK(!exact);
        CHECK_EQ(b.apb_log.size(), m + 1);
        if (b.apb_log.size() > 1) CHECK_EQ(b.apb_log[1].paddr, b.rd[0].addr);
    } else {
        CHECK(exact);
        for (size_t i = 0; i < m; i++) {
            CHECK_EQ(b.rd[i].t_done - b.rd[i].t_req, 3u);
            if (i) CHECK_EQ(b.rd[i].t_done - b.rd[i - 1].t_done, 4u);
            CHECK_EQ(b.rd[i].err, 0);
            if (!b.rd[i].write) CHECK_EQ(b.rd[i].rdata, 0x3000u + (unsigned)(i - K));
        }
    }
    printf("  [classic] wb PIPELINED_ONLY=%d, back-to-back: %zu transfers, %zu APB transfers, one every %u cycles%s\n",
           BUS_PIPELINED_ONLY, m, b.apb_log.size(), m > 1 ? (unsigned)(b.rd[1].t_done - b.rd[0].t_done) : 0,
           exact ? "" : " (not each once, as expected)");
    b.classic = false;
}
#endif
