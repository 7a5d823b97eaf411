// Directed tests of pmu_core: thread isolation (issue #34).
// Shared helpers and the test table: tb/directed/directed.h, tb/test_directed.cpp.
#include "directed.h"

// Thread isolation (issue #34, docs/security.md): an unprivileged access
// (PPROT[0]=0) reaches only what its hardware thread (ptid_i) owns: the
// ring-3 channels (YCH3, YCAP3) YTHR3 gives it, its YRING3 bits (BLK[ptid],
// its channels' YER), the read shadow it latched itself; YTHR3 and the actions
// that reach every thread (ACT 2, 3) are privileged. Thread 0 attacks thread 1
// (ring-3 channel 0: thread 0, channel 1: thread 1); a ptid >= NT (names no
// thread) owns nothing. Left out of the Icarus replay vectors: their lines
// carry no ptid (tb/tb_replay.v drives thread 0).
void t_isolation(Harness &h) {
    if (!h.cfg.has_yield) { printf("  HAS_YIELD=0: no yield channels, skipped\n"); return; }
    int e = -1;
    // unprivileged write / read as thread t (privileged accesses keep ptid 0)
    auto uw = [&](unsigned t, uint32_t a, uint32_t d) {
        h.in.ptid = (uint8_t)t; const int err = h.write(a, d, 0xF, 0); h.in.ptid = 0; return err;
    };
    auto ur = [&](unsigned t, uint32_t a, int *err) {
        h.in.ptid = (uint8_t)t; const uint32_t v = h.read(a, err, 0); h.in.ptid = 0; return v;
    };
    const bool X = NT_ >= 2 && NCH_ >= 2;            // a second thread with a channel of its own
    const bool HAS_NB = NT_ < 8;
    const unsigned NB = NT_;                          // a ptid that names no thread
    const uint32_t NCHF = (uint32_t)NCH_ << PMU_YRING3_NCH_LSB, UEN = PMU_GCTL_UEN_MASK;
    const uint32_t ACTM = PMU_YCH_CTL_ACT_MASK;
    if (!X) printf("  NT=%u NCH=%u: no second thread with a channel: the cross-thread parts are skipped, "
                   "ptid %u (names no thread) is the intruder\n", NT_, NCH_, NB);
    static const uint32_t YOFF[8] = {PMU_YCH_ESV_OFF, PMU_YCH_ESM_OFF, PMU_YCH_SAV_OFF, PMU_YCH_CNT_OFF,
                                     PMU_YCH_MISS_OFF, PMU_YCH_TGT_LO_OFF, PMU_YCH_TGT_HI_OFF, PMU_YCH_CTL_OFF};
    // what an intruder writes (valid values, all differ from the victim's; CTL=0 last: it would invalidate)
    static const uint32_t YWD[8] = {1u, 1u, 0x1234u, 0x4321u, 0x77u, 0xBAD0u, 0xBAD1u, 0u};
    const uint64_t TGT0 = 0x0000000A00003000ull, TGT1 = 0x0000000B00003100ull;

    // ---- privileged set-up: ring-3 channel 0 -> thread 0, channel 1 -> thread 1
    CHECK_EQ(h.write(PMU_REG_YTHR3, 1u << 4), 0);
    const uint32_t ythr = NT_ > 1 ? 1u << 4 : 0u;    // NT=1: no field bits stored (every channel is thread 0's)
    CHECK_EQ(h.read(PMU_REG_YTHR3), ythr);
    ych(h, 3, 0, V | ACT, YE(4), YE(4), 5, TGT0);
    if (NCH_ > 1) ych(h, 3, 1, V | ACT, YE(5), YE(5), 0, TGT1);

    // ---- (a) thread 0 reads and writes its own channel
    const uint32_t ctl0 = h.read(PMU_REG_YCH_CTL(3, 0));
    CHECK_EQ(ctl0 & (PMU_YCH_CTL_VALID_MASK | ACTM), V | ACT);
    CHECK_EQ(ur(0, PMU_REG_YCH_CTL(3, 0), &e), ctl0); CHECK_EQ(e, 0);
    CHECK_EQ(uw(0, PMU_REG_YCH_SAV(3, 0), 0), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_SAV(3, 0)), 0);
    CHECK_EQ(uw(0, PMU_REG_YCH_TGT_LO(3, 0), 0x3004), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_TGT_LO(3, 0)), 0x3004);
    CHECK_EQ(ur(0, PMU_REG_YCH_TGT_LO(3, 0), &e), 0x3004); CHECK_EQ(e, 0);
    CHECK_EQ(ur(0, PMU_REG_YCH_TGT_HI(3, 0), &e), AW_ == 64 ? 0xAu : 0u); CHECK_EQ(e, 0);

    // ---- (b) another thread's channel: PSLVERR on every register, read and write; nothing changes
    auto intrude = [&](unsigned t, unsigned ch) {
        uint32_t before[8];
        for (unsigned k = 0; k < 8; k++) before[k] = h.read(PMU_YCH_BASE(3, ch) + YOFF[k]);
        for (unsigned k = 0; k < 8; k++) {
            const uint32_t a = PMU_YCH_BASE(3, ch) + YOFF[k];
            e = -1; CHECK_EQ(ur(t, a, &e), 0); CHECK_EQ(e, 1);
            CHECK_EQ(uw(t, a, YWD[k]), 1);
        }
        for (unsigned k = 0; k < 8; k++) CHECK_EQ(h.read(PMU_YCH_BASE(3, ch) + YOFF[k]), before[k]);
    };
    if (X) {
        CHECK_EQ(h.read(PMU_REG_YCH_TGT_LO(3, 1)), (uint32_t)TGT1);
        intrude(0, 1);                                // thread 0 -> thread 1's channel
        CHECK_EQ(h.read(PMU_REG_YCH_TGT_LO(3, 1)), (uint32_t)TGT1);   // the target: not redirected
        CHECK_EQ(h.read(PMU_REG_YCH_TGT_HI(3, 1)), AW_ == 64 ? (uint32_t)(TGT1 >> 32) : 0u);
        CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 1)) & (PMU_YCH_CTL_VALID_MASK | ACTM), V | ACT);
        CHECK_EQ(ur(1, PMU_REG_YCH_TGT_LO(3, 1), &e), (uint32_t)TGT1); CHECK_EQ(e, 0);   // its owner can
        intrude(1, 0);                                // and thread 1 -> thread 0's
    }
    if (HAS_NB)
        for (unsigned i = 0; i < NCH_; i++) intrude(NB, i);   // owns no channel
    else printf("  NT=8: every ptid names a thread, the no-thread intruder is skipped\n");

    // ---- (c) YTHR3 is privileged: the attack of re-assigning a channel fails
    CHECK_EQ(uw(0, PMU_REG_YTHR3, 0u), 1);            // take thread 1's channel
    CHECK_EQ(uw(0, PMU_REG_YTHR3, 0x11111111u), 1);   // point every channel at thread 1
    e = -1; CHECK_EQ(ur(0, PMU_REG_YTHR3, &e), 0); CHECK_EQ(e, 1);
    CHECK_EQ(h.read(PMU_REG_YTHR3), ythr);
    if (X) { e = -1; CHECK_EQ(ur(0, PMU_REG_YCH_TGT_LO(3, 1), &e), 0); CHECK_EQ(e, 1); }

    // ---- (f) actions that reach every thread: privileged only
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V | ACT_IRQ), 1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)), ctl0);
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V | ACT_FRZ), 1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)), ctl0);
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V), 0);     // ACT=0 and 1: its own to choose
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & (PMU_YCH_CTL_VALID_MASK | ACTM), V);
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V | ACT), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & (PMU_YCH_CTL_VALID_MASK | ACTM), V | ACT);
    CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, 0), V | ACT_FRZ), 0);   // privileged: 3 fine
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & ACTM, ACT_FRZ);
    CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, 0), V | ACT_IRQ), 0);   // ... and 2
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & ACTM, ACT_IRQ);
    CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, 0), V | 4u << PMU_YCH_CTL_ACT_LSB), 1);   // reserved for everyone
    CHECK_EQ(uw(0, PMU_REG_YCH_CTL(3, 0), V | 4u << PMU_YCH_CTL_ACT_LSB), 1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(3, 0)) & ACTM, ACT_IRQ);
    ych(h, 3, 0, V | ACT, YE(4), YE(4), 0, TGT0);     // back to a yield, SAV=0

    // ---- (d) YRING3: block both threads (a ring-3 yield each), channels' YER pending
    YCpu cpu(h);
    const unsigned TV = X ? 1 : 0;                    // the blocked victim (NT=1: thread 0 itself)
    const unsigned CV = X ? 1 : 0;                    // its channel
    h.in.cpl[TV] = 3;
    h.in.iaddr = 0x5100; h.in.daddr = 0x6100;         // channel 1's capture record
    cpu.align(TV, 2);                                 // slot rule: t+2 is the victim thread's slot
    h.in.yev = 1u << (X ? 5 : 4); CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0; CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), (int)CV);                   // delivered to the victim thread
    CHECK_EQ(h.out.yield_tid, TV);
    CHECK_EQ(h.out.yield_ring, 1);
    CHECK_EQ(h.out.yield_tgt, amask(X ? TGT1 : TGT0));
    CHECK_EQ(h.dut->yblk_o, 1u << (NT_ + TV));
    h.in.yev = 1u << (X ? 5 : 4); cpu.cycle(); cpu.cycle(); h.in.yev = 0;   // blocked: YER pending
    for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yer_o >> NCH_ >> CV & 1, 1);
    const uint32_t blk_v = 1u << TV, yer_v = 1u << (8 + CV);
    if (X) {                                          // thread 0 blocked too, its channel pending
        h.in.cpl[0] = 3; h.in.iaddr = 0x5000; h.in.daddr = 0x6000;
        cpu.align(0, 2);                              // slot rule: t+2 is thread 0's slot
        h.in.yev = 16; CHECK_EQ(cpu.cycle(), -1);
        h.in.yev = 0; CHECK_EQ(cpu.cycle(), -1);
        CHECK_EQ(cpu.cycle(), 0);
        CHECK_EQ(h.out.yield_tid, 0);
        CHECK_EQ(h.out.yield_tgt, amask(TGT0));
        h.in.yev = 16; cpu.cycle(); cpu.cycle(); h.in.yev = 0;
        for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
        h.in.cpl[0] = 0;                              // out of ring 3: its pending yield waits
        CHECK_EQ(h.dut->yblk_o, 3u << NT_);
        CHECK_EQ(h.dut->yer_o >> NCH_ & 3, 3);
        CHECK_EQ(h.read(PMU_REG_YRING3), 3u | 3u << 8 | NCHF);
        CHECK_EQ(ur(0, PMU_REG_YRING3, &e), 1u | 1u << 8 | NCHF); CHECK_EQ(e, 0);   // no BLK[1], no channel 1 YER
        CHECK_EQ(ur(1, PMU_REG_YRING3, &e), 2u | 2u << 8 | NCHF); CHECK_EQ(e, 0);
    } else {
        CHECK_EQ(ur(0, PMU_REG_YRING3, &e), blk_v | yer_v | NCHF); CHECK_EQ(e, 0);
    }
    const uint32_t yblk = (uint32_t)h.dut->yblk_o;
    if (HAS_NB) {                                     // owns nothing: reads NCH only, clears nothing
        CHECK_EQ(ur(NB, PMU_REG_YRING3, &e), NCHF); CHECK_EQ(e, 0);
        CHECK_EQ(uw(NB, PMU_REG_YRING3, 0xFFFFFFFFu), 0);
        CHECK_EQ(h.dut->yblk_o, yblk);
    }
    if (X) {
        CHECK_EQ(uw(0, PMU_REG_YRING3, 0xFFFFFFFFu), 0);   // thread 0's ERET of everything
        CHECK_EQ(h.dut->yblk_o, 2u << NT_);           // its own BLK cleared, thread 1 still blocked
        CHECK_EQ(h.read(PMU_REG_YRING3), 2u | 3u << 8 | NCHF);
        CHECK_EQ(ur(0, PMU_REG_YRING3, &e), 1u << 8 | NCHF); CHECK_EQ(e, 0);
        for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);   // thread 1's pending yield still waits
    }
    CHECK_EQ(uw(TV, PMU_REG_YRING3, PMU_YRING3_BLK_MASK), 0);   // the victim's own ERET
    CHECK_EQ(h.dut->yblk_o, 0);
    CHECK_EQ(cpu.deliver(TV), (int)CV);               // its pending yield delivered, in its first slot (slot rule)
    CHECK_EQ(h.out.yield_tid, TV);
    h.in.cpl[TV] = 0; h.in.iaddr = 0; h.in.daddr = 0;
    CHECK_EQ(h.write(PMU_REG_YRING3, PMU_YRING3_BLK_MASK), 0);
    CHECK_EQ(h.dut->yblk_o, 0);

    // ---- (e) capture records
    if (!YCAP_) printf("  YCAP=0: no capture records, YCAP3 part skipped\n");
    else {
        static const uint32_t COFF[8] = {PMU_YCAP_IP_LO_OFF, PMU_YCAP_IP_HI_OFF, PMU_YCAP_DA_LO_OFF,
                                         PMU_YCAP_DA_HI_OFF, PMU_YCAP_TS_LO_OFF, PMU_YCAP_TS_HI_OFF,
                                         PMU_YCAP_CT_LO_OFF, PMU_YCAP_CT_HI_OFF};
        h.write(PMU_REG_GCTL, UEN);                   // a counter's value readable: only ownership decides
        auto refuse = [&](unsigned t, unsigned ch) {
            for (unsigned k = 0; k < 8; k++) {
                e = -1; CHECK_EQ(ur(t, PMU_YCAP_BASE(3, ch) + COFF[k], &e), 0); CHECK_EQ(e, 1);
            }
            CHECK_EQ(uw(t, PMU_REG_YCAP_IP_LO(3, ch), 0), 1);
        };
        if (X) { refuse(0, 1); refuse(1, 0); }
        if (HAS_NB) for (unsigned i = 0; i < NCH_; i++) refuse(NB, i);
        // the owner reads its record (LO then HI, its own shadow) as privileged code does
        auto own64 = [&](unsigned t, unsigned ch, uint32_t lo) {
            int e1 = -1, e2 = -1;
            uint64_t v = ur(t, PMU_YCAP_BASE(3, ch) + lo, &e1);
            v |= (uint64_t)ur(t, PMU_YCAP_BASE(3, ch) + lo + 4, &e2) << 32;
            CHECK_EQ(e1, 0); CHECK_EQ(e2, 0);
            return v;
        };
        CHECK_EQ(h.read64(PMU_REG_YCAP_IP_LO(3, 0)), X ? 0x5000u : 0x5100u);
        for (unsigned k = 0; k < 8; k += 2)
            CHECK_EQ(own64(0, 0, COFF[k]), h.read64(PMU_YCAP_BASE(3, 0) + COFF[k]));
        if (X) {
            CHECK_EQ(own64(1, 1, PMU_YCAP_IP_LO_OFF), 0x5100u);
            CHECK_EQ(own64(1, 1, PMU_YCAP_DA_LO_OFF), 0x6100u);
        }
        // UEN=0: the counter value (CT) is refused even to its owner; IP/DA/TS are not
        h.write64(A_LO(0), 0x77ull);                  // (the record keeps the value it captured)
        h.write(PMU_REG_GCTL, 0);
        for (unsigned k = 0; k < 6; k++) { e = -1; ur(0, PMU_YCAP_BASE(3, 0) + COFF[k], &e); CHECK_EQ(e, 0); }
        e = -1; CHECK_EQ(ur(0, PMU_REG_YCAP_CT_LO(3, 0), &e), 0); CHECK_EQ(e, 1);
        e = -1; CHECK_EQ(ur(0, PMU_REG_YCAP_CT_HI(3, 0), &e), 0); CHECK_EQ(e, 1);
        e = -1; h.read(PMU_REG_YCAP_CT_LO(3, 0), &e); CHECK_EQ(e, 0);   // privileged: fine
    }

    // ---- (g) the read shadow answers an unprivileged HI read only for its own thread's LO read
    h.write(PMU_REG_GCTL, UEN);
    h.write(PMU_REG_TSC_HI, 0x1234); h.write(PMU_REG_TSC_LO, 0);   // TSC = 0x1234_0000_0000 + t
    const uint64_t C0 = ((0xABull << 32) | 0x5555u) & cmax();
    h.write64(A_LO(0), C0);
    CHECK_EQ(h.cnt(0), C0);
    h.read(PMU_REG_TSC_LO);                           // privileged latch of 0x1234
    CHECK_EQ(ur(0, PMU_REG_TSC_HI, &e), 0); CHECK_EQ(e, 0);
    CHECK_EQ(ur(0, PMU_REG_CNT_HI(0), &e), 0); CHECK_EQ(e, 0);
    CHECK_EQ(h.read(PMU_REG_TSC_HI), 0x1234);         // privileged: the shadow
    CHECK_EQ(ur(1, A_LO(0), &e), 0x5555u); CHECK_EQ(e, 0);   // ptid 1 latches counter 0's high half
    CHECK_EQ(ur(0, PMU_REG_CNT_HI(0), &e), 0); CHECK_EQ(e, 0);
    CHECK_EQ(ur(0, PMU_REG_TSC_HI, &e), 0); CHECK_EQ(e, 0);
    CHECK_EQ(ur(1, PMU_REG_CNT_HI(0), &e), (uint32_t)(C0 >> 32)); CHECK_EQ(e, 0);   // its own latch
    CHECK_EQ(h.read(PMU_REG_CNT_HI(0)), (uint32_t)(C0 >> 32));
    ur(0, PMU_REG_TSC_LO, &e); CHECK_EQ(e, 0);       // thread 0's own latch ...
    CHECK_EQ(ur(0, PMU_REG_TSC_HI, &e), 0x1234); CHECK_EQ(e, 0);
    CHECK_EQ(ur(1, PMU_REG_TSC_HI, &e), 0); CHECK_EQ(e, 0);   // ... not ptid 1's
    if (HAS_NB && NB != 1) { CHECK_EQ(ur(NB, PMU_REG_TSC_HI, &e), 0); CHECK_EQ(e, 0); }
    h.write(PMU_REG_GCTL, 0);
}
