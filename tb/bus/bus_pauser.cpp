// Lockstep bench of the bus wrappers: the thread ID sideband (AWUSER / ARUSER / TGA ->
// PAUSER = pmu_core ptid_i) and the core's own-thread rule through the bus.
// Shared bench state, master helpers and the test table: tb/bus/bus.h, tb/test_bus.cpp.
#include "bus.h"

// the thread ID sideband: AWUSER (writes) / ARUSER (reads) / TGA (Wishbone)
// is sampled with the request like AxPROT / prot and is the core's PAUSER
// (ptid_i) throughout the APB transfer, whatever the master drives on it
// after the handshake (the idle value differs from every request's). AXI: a
// write and a read with different IDs in flight together, the write's W beat
// held back so its AW waits in the buffer while the read goes first; this
// fails if AWUSER and ARUSER were swapped or if the bridge took USER/TGA in
// another cycle than the request's. Then the core's own-thread rule through
// the bus: channel 0 of ring 3 given to thread 1, an unprivileged access to
// it with thread ID 1 is answered, with thread ID 0 it gets SLVERR/ERR.
void t_pauser(Bench &b) {
    for (unsigned a = 0; a < 8; a++) {
        const unsigned c = (a + 5) & 7;                 // the read's ID (AXI), != a
        unsigned idle = 0;
        while (idle == a || idle == c) idle++;
        b.soft_restart(); b.wr.clear(); b.rd.clear(); b.apb_order.clear();
        b.idle_user = (int)idle;
#if defined(BUS_AXIL)
        b.put(true, plain_rw(), 0x7E570000u + a, 0xF, 1, (uint8_t)a);
        b.put(false, plain_rw(), 0, 0, 1, (uint8_t)c);
        b.hold_w = true;
        for (int i = 0; i < 8; i++) b.step();           // AW taken, its W held back; the read goes
        CHECK_EQ(b.aw_i, 1u);
        CHECK_EQ(b.w_i, 0u);
        b.hold_w = false;
        b.run();
        CHECK_EQ(b.apb_log.size(), 2u);
        CHECK(b.apb_order == "RW");
        for (size_t k = 0; k < b.apb_log.size(); k++) {
            const unsigned want = b.apb_log[k].pwrite ? a : c;
            CHECK_EQ(b.apb_log[k].pauser, want);
            if (k < b.rtl_user_setup.size()) CHECK_EQ(b.rtl_user_setup[k], want);
            if (k < b.rtl_user_last.size()) CHECK_EQ(b.rtl_user_last[k], want);
        }
#else
        b.put(true, plain_rw(), 0x7E570000u + a, 0xF, 1, (uint8_t)a);
        b.put(false, plain_rw(), 0, 0, 1, (uint8_t)c);
        b.run();
        CHECK_EQ(b.apb_log.size(), 2u);
        for (size_t k = 0; k < b.apb_log.size(); k++) {
            const unsigned want = k ? c : a;
            CHECK_EQ(b.apb_log[k].pauser, want);
            if (k < b.rtl_user_setup.size()) CHECK_EQ(b.rtl_user_setup[k], want);
            if (k < b.rtl_user_last.size()) CHECK_EQ(b.rtl_user_last[k], want);
        }
#endif
        CHECK_EQ(b.rtl_user_setup.size(), 2u);
        CHECK_EQ(b.rtl_user_last.size(), 2u);
        for (auto &x : b.wr) CHECK_EQ(x.err, 0);
        for (auto &x : b.rd) CHECK_EQ(x.err, 0);
#if !defined(BUS_AXIL)
        for (auto &x : b.rd) if (!x.write) CHECK_EQ(x.rdata, 0x7E570000u + a);
#endif
    }
    CHECK_EQ(b.rtl_user_changed, 0u);                   // PAUSER held from setup to the last access cycle
    b.idle_user = -1;
    // the core's rule, through the bus: ring-3 channel 0 belongs to thread 1
    if (CFG_HAS_YIELD && CFG_NT >= 2 && !BUS_FORCE_PRIV) {
        const uint32_t ch = PMU_REG_YCH_SAV(3, 0);
        CHECK_EQ(b.xfer(true, PMU_REG_YTHR3, 1u).err, 0);
        CHECK_EQ(b.xfer(true, ch, 0x1234u).err, 0);
        b.idle_user = 0;
        CHECK_EQ(b.xfer(false, ch, 0, 0, 0, 1).err, 0);
        CHECK_EQ(b.xfer(false, ch, 0, 0, 0, 1).rdata, 0x1234u);
        CHECK_EQ(b.xfer(false, ch, 0, 0, 0, 0).err, 1);
        b.idle_user = 1;
        CHECK_EQ(b.xfer(true, ch, 0x55u, 0xF, 0, 0).err, 1);
        CHECK_EQ(b.xfer(true, ch, 0x66u, 0xF, 0, 1).err, 0);
        b.idle_user = -1;
#if defined(BUS_AXIL)
        // a write of thread 0 and a read of thread 1 together (and the
        // reverse): each answered by its own ID
        for (int rev = 0; rev < 2; rev++) {
            b.soft_restart(); b.wr.clear(); b.rd.clear();
            b.put(true, ch, 0x77u + rev, 0xF, 0, rev ? 1 : 0);
            b.put(false, ch, 0, 0, 0, rev ? 0 : 1);
            b.run();
            CHECK_EQ(b.wr[0].err, rev ? 0 : 1);
            CHECK_EQ(b.rd[0].err, rev ? 1 : 0);
        }
#endif
#if defined(BUS_AXIL)
        CHECK_EQ(b.xfer(false, ch).rdata, 0x78u);     // the write of thread 1
#else
        CHECK_EQ(b.xfer(false, ch).rdata, 0x66u);
#endif
        CHECK_EQ(b.xfer(true, PMU_REG_YTHR3, 0u).err, 0);
    }
    printf("  [pauser] %s: thread ID -> PAUSER checked for %s\n", BUS,
#if defined(BUS_AXIL)
           "AWUSER and ARUSER (write and read in flight together, AW buffered while the read goes)"
#elif defined(BUS_WB)
           "TGA (idle TGA differs from the request's)"
#else
           "the request's thread ID field (the idle value differs from the request's)"
#endif
    );
}
