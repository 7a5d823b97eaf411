// Directed tests of pmu_core: yield channels: delivery, blocking, silent, actions, sticky vector, priority, scenario semantics.
// Shared helpers and the test table: tb/directed/directed.h, tb/test_directed.cpp.
#include "directed.h"

// Two channels with sample-after values 500k and 100k fire in the right order.
void t_yield_500k_100k(Harness &h) {
    const uint32_t S0 = 500000, S1 = 100000;
    ych(h, 0, 0, V | ACT | 0x5A00, YE(0), YE(0), S0, 0x00C0FFEE00000A00ull);
    if (NCH_ < 2) return;
    ych(h, 0, 1, V | ACT | 0xA500, YE(0), YE(0), S1, 0x0000000000000B00ull);
    // expected: channel with SAV S underflows on triggers k*(S+1); the trigger
    // (yev_i) of cycle t counts in cycle t+1 and the underflow is deliverable
    // from t+2 on (ERET right after each delivery d: deliverable again from d+3)
    struct D { uint64_t at; int ch; };
    std::vector<D> req, exp, got;
    const uint64_t TOTAL = 500010;
    for (uint64_t k = 1; k * (S1 + 1) <= TOTAL; k++) req.push_back({k * (S1 + 1) + 2, 1});
    req.push_back({(uint64_t)S0 + 3, 0});
    YCpu cpu(h);
    // slot rule: trigger number `at` runs in cycle c0 + at - 1; a delivery
    // (ring-0 channels: thread 0) happens in the first slot-0 cycle at or
    // after the cycle it is deliverable from, the lowest index first
    const uint64_t c0 = h.cycle;
    for (uint64_t free_at = 0; !req.empty();) {
        uint64_t at = ~0ull;
        for (auto &r : req) at = std::min(at, r.at);
        at = std::max(at, free_at);
        while (YCpu::slot(c0 + at - 1) != 0) at++;
        auto pick = req.end();
        for (auto r = req.begin(); r != req.end(); r++)
            if (r->at <= at && (pick == req.end() || r->ch < pick->ch)) pick = r;
        if (at <= TOTAL) exp.push_back({at, pick->ch});
        req.erase(pick);
        free_at = at + 3;
    }
    CHECK_EQ(exp.size(), 6);                        // 5 of channel 1, 1 of channel 0: all within TOTAL
    h.in.yev = 1;                                   // the scenario holds every cycle
    for (uint64_t t = 1; t <= TOTAL && !h.failed; t++) {   // t: trigger number of this cycle
        int ch = cpu.cycle();
        if (ch >= 0) {
            got.push_back({t, ch});
            CHECK_EQ(h.out.yield_tgt, ch ? 0xB00ull : amask(0x00C0FFEE00000A00ull));
            CHECK_EQ(h.out.yield_ring, 0);
            cpu.eret(0);                            // short handler: ERET right away
        }
    }
    h.in.yev = 0;
    CHECK_EQ(got.size(), exp.size());
    for (size_t i = 0; i < got.size() && i < exp.size(); i++) {
        CHECK_EQ(got[i].ch, exp[i].ch);
        CHECK_EQ(got[i].at, exp[i].at);
    }
    printf("  yield order:");
    for (auto &d : got) printf(" ch%d@%" PRIu64, d.ch, d.at);
    printf("\n  latency: yev_i that underflows the channel (cycle t) -> yield_o (cycle t+2, then thread 0's "
           "slot): %d cycles\n", got.empty() ? -1 : (int)(got[0].at - (S1 + 1)));
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 1)), 0);
}

// Blocked yields: recorded (YER pending, missed count) but not delivered until ERET.
void t_yield_blocked(Harness &h) {
    ych(h, 0, 0, V | ACT, YE(1), YE(1), 0, 0x1234);
    YCpu cpu(h);
    cpu.align(0, 2);                                 // slot rule: t+2 is thread 0's slot
    h.in.yev = 2;
    CHECK_EQ(cpu.cycle(), -1);                       // trigger 1 in cycle t ...
    h.in.yev = 0;
    CHECK_EQ(cpu.cycle(), -1);                       // ... counts in t+1: underflow (SAV=0)
    CHECK_EQ(cpu.cycle(), 0);                        // delivered
    CHECK_EQ(h.out.yield_tgt, 0x1234);
    CHECK_EQ(h.dut->yblk_o, 1);
    h.in.yev = 2;
    for (int i = 0; i < 4; i++) CHECK_EQ(cpu.cycle(), -1);   // 4 triggers while blocked
    h.in.yev = 0;
    for (int i = 0; i < 20; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.read(PMU_REG_YRING0), 1u | 1u << 8 | (uint32_t)NCH_ << 24);   // BLK, YER pending
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 3);     // the first set YER, 3 more were missed
    CHECK_EQ(h.write(PMU_REG_YRING0, 1, 0xF, 0), 1); // ring 3 cannot ERET ring 0
    CHECK_EQ(h.dut->yblk_o, 1);
    CHECK_EQ(h.write(PMU_REG_YRING3, 1, 0xF, 0), 0); // ERET of ring 3: ring 0 stays blocked
    CHECK_EQ(h.dut->yblk_o, 1);
    // slot rule: the cycle after the ERET's access cycle is thread 0's slot,
    // so the old "next cycle" holds exactly (unaligned ERETs: yield_types, yield_priority)
    cpu.align(0, 2);
    cpu.eret(0);
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), -1);                       // access edge clears BLK
    CHECK_EQ(h.dut->yblk_o, 0);
    CHECK_EQ(cpu.cycle(), 0);                        // pending yield delivered the next cycle
    CHECK_EQ(h.dut->yblk_o, 1);
    CHECK_EQ(h.dut->yer_o, 0);
    cpu.eret(0);
    for (int i = 0; i < 10; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yblk_o, 0);
}

void t_yield_silent(Harness &h) {
    ych(h, 0, 0, V, YE(2), YE(2), 1, 0x99);         // ACT=0: silent ("status bit update value")
    YCpu cpu(h);
    h.in.yev = 4;
    for (int i = 0; i < 6; i++) CHECK_EQ(cpu.cycle(), -1);   // underflows at triggers 2, 4, 6
    h.in.yev = 0;
    for (int i = 0; i < 5; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)), V | PMU_YCH_CTL_YER_MASK);
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 2);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 1);
    CHECK_EQ(h.dut->yblk_o, 0);
    CHECK_EQ(h.read(PMU_REG_YRING0), 1u << 8 | (uint32_t)NCH_ << 24);
    // re-arming (a CTL write, here switching to yield) clears YER: nothing pending, nothing delivered
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT);
    CHECK_EQ(h.dut->yer_o, 0);
    for (int i = 0; i < 5; i++) CHECK_EQ(cpu.cycle(), -1);
    // software cannot set YER (only hardware sets it): no delivery
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT | PMU_YCH_CTL_YER_MASK);
    CHECK_EQ(h.dut->yer_o, 0);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)), V | ACT);
    for (int i = 0; i < 5; i++) CHECK_EQ(cpu.cycle(), -1);

    // a disarm write (access phase t+1) racing the underflow of its trigger
    // (cycle t): the hardware set wins, no event is lost; the invalid channel
    // reads 0 and YRING0.YER shows YER & VALID; re-arming clears YER
    ych(h, 0, 0, V, YE(2), YE(2), 0);
    h.in.yev = 4;
    h.write(PMU_REG_YCH_CTL(0, 0), 0);              // setup phase: cycle t (trigger), access: t+1
    h.in.yev = 0;
    h.idle(3);
    CHECK_EQ(h.dut->yer_o & 1, 1);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)), 0);
    CHECK_EQ(h.read(PMU_REG_YRING0) >> PMU_YRING0_YER_LSB & 0xFF, 0);
    h.write(PMU_REG_YCH_CTL(0, 0), V);
    CHECK_EQ(h.dut->yer_o & 1, 0);
    // MISS saturates at 0xFFFF
    h.reset("yield_miss_saturates");
    ych(h, 0, 0, V, YE(2), YE(2), 0);
    h.write(PMU_REG_YCH_MISS(0, 0), 0xFFFD);
    h.in.yev = 4;
    h.idle(6);                                      // 6 underflows: the first sets YER, 5 missed
    h.in.yev = 0;
    CHECK_EQ(h.read(PMU_REG_YCH_MISS(0, 0)), 0xFFFF);
}

// Actions (seed: "the action field is a four bit field that can therefore
// encode up to 16 action types ... a yield action value and a status bit
// update value"): 2 raises the PMU interrupt and 3 freezes the counters while
// the valid channel's YER is set; neither delivers a yield; re-arming (a CTL
// write) clears YER and ends both.
void t_yield_actions(Harness &h) {
    ych(h, 0, 0, V | ACT_IRQ, YE(4), YE(4), 0, 0x44);
    YCpu cpu(h);
    h.in.yev = 16;
    CHECK_EQ(cpu.cycle(), -1);                       // trigger in cycle t
    h.in.yev = 0;
    CHECK_EQ(cpu.cycle(), -1);                       // underflow at the end of t+1
    CHECK_EQ(h.out.irq, 0);
    for (int i = 0; i < 5; i++) { CHECK_EQ(cpu.cycle(), -1); CHECK_EQ(h.out.irq, 1); }   // from t+2, no yield
    CHECK_EQ(h.dut->yblk_o, 0);
    CHECK_EQ(h.read(PMU_REG_YCH_CTL(0, 0)), V | ACT_IRQ | PMU_YCH_CTL_YER_MASK);
    CHECK_EQ(h.out.irq, 1);
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT_IRQ);     // re-arm
    h.step();
    CHECK_EQ(h.out.irq, 0);
    // freeze: counter 0 counts every cycle until the channel's YER sets
    const unsigned E = cls(1);
    prog(h, 0, E, 0x0001, eq_all());
    h.in.ev[0][E] = 1;
    gen(h, true);
    ych(h, 0, 0, V | ACT_FRZ, YE(5), YE(5), 0);
    h.idle(4);
    const uint64_t c0 = h.cnt(0);                    // events up to cycle t-LAT (t: the trigger below)
    CHECK(c0 > 0);
    h.in.yev = 32; h.step(); h.in.yev = 0;           // trigger in cycle t: YER=1 from the end of t+1
    h.idle(6);
    const uint64_t c1 = h.cnt(0);
    h.idle(10);
    CHECK_EQ(h.cnt(0), c1);                          // frozen
    CHECK_EQ(h.out.irq, 0);
    CHECK_EQ(h.dut->yblk_o, 0);
    // the events of cycles t-LAT+1 .. t+1 counted, those of t+2.. (YER=1) not
    CHECK_EQ(c1, c0 + LAT + 1);
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT_FRZ);     // re-arm: counting resumes
    h.idle(10);
    CHECK(h.cnt(0) > c1);
    h.in.ev[0][E] = 0;
}

// Sticky event-schema vector (seed: "Occurrence of the particular event may
// set the bit in the event schema vector ... When all the non masked monitors
// reach their respective designated conditions then the handler is called";
// "the user may choose to specify the trigger as a level trigger or an edge
// trigger"): events of different cycles complete the scenario; a masked
// event still sets its bit; the fire and a re-arm clear the vector.
void t_yield_sticky(Harness &h) {
    const uint32_t STK = PMU_YCH_CTL_STK_MASK, EDG = PMU_YCH_CTL_EDGE_MASK;
    // scenario: external events 0 and 1 (cache miss, then pipeline stall, as the
    // seed's scenario 0), SAV=0: every completion underflows
    ych(h, 0, 0, V | ACT | STK, 0, YE(0) | YE(1), 0, 0x5710);
    YCpu cpu(h);
    h.in.yev = 1;  CHECK_EQ(cpu.cycle(), -1);        // event 0 in cycle t
    h.in.yev = 4;  CHECK_EQ(cpu.cycle(), -1);        // event 2 (masked): its bit is set all the same
    h.in.yev = 0;
    for (int i = 0; i < 3; i++) CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), YE(0) | YE(2));
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 0);       // no completion yet
    cpu.align(0, 2);                                 // slot rule: u+2 is thread 0's slot
    h.in.yev = 2;  CHECK_EQ(cpu.cycle(), -1);        // event 1 in cycle u completes the vector: fire
    h.in.yev = 0;  CHECK_EQ(cpu.cycle(), -1);        // counts (underflow) in u+1
    CHECK_EQ(cpu.cycle(), 0);                        // delivered in u+2
    CHECK_EQ(h.out.yield_tgt, 0x5710);
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), 0);       // the fire cleared the vector (event 2 too)
    cpu.eret(0); cpu.cycle(); cpu.cycle();
    // level: an event held high sets its bit again after each fire; edge: once
    h.in.yev = 1;                                    // event 0 held high
    for (int i = 0; i < 4; i++) cpu.cycle();
    h.in.yev = 3;  cpu.cycle();                      // + event 1: fire
    h.in.yev = 1;  cpu.cycle();
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), YE(0));   // level: event 0 set again right after the fire
    ych(h, 0, 0, V | ACT | STK | EDG, 0, YE(0) | YE(1), 0, 0x5710);   // edge; re-arm clears ESV
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), 0);       // event 0 still high, but it does not rise
    h.in.yev = 0;  cpu.cycle();
    h.in.yev = 1;  cpu.cycle();                      // rises: set
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), YE(0));
    // re-arm (CTL write with STK=1) clears the vector
    h.write(PMU_REG_YCH_CTL(0, 0), V | ACT | STK | EDG);
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), 0);
    h.in.yev = 0;
    h.idle(4);
    // ANY: one masked event suffices; the vector of another ring's channel does not collect
    ych(h, 0, 0, V | STK | PMU_YCH_CTL_ANY_MASK, 0, YE(0) | YE(1), 5);
    ych(h, 3, 0, V | STK, 0, YE(0), 5);
    h.in.yev = 2; h.step(); h.in.yev = 0; h.idle(3);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 4);      // one completion
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(0, 0)), 0);
    CHECK_EQ(h.read(PMU_REG_YCH_ESV(3, 0)), 0);      // ring 3 not current
}

// Priority: same-cycle requests are delivered lowest index first, one per ERET; rings are separate.
void t_yield_priority(Harness &h) {
    for (unsigned i = 0; i < NCH_; i++) ych(h, 0, i, V | ACT, YE(3), YE(3), 0, 0x100 + i);
    ych(h, 3, 0, V | ACT, YE(3), YE(3), 0, 0x300);
    YCpu cpu(h);
    h.in.cpl[0] = 3;                                 // ring 3 current: only the ring-3 channel triggers
    h.in.yev = 8;
    CHECK_EQ(cpu.cycle(), -1);
    h.in.yev = 0;
    h.in.cpl[0] = 0;                                 // back in ring 0 before delivery: it stays pending
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yer_o, 1u << NCH_);
    cpu.align(0, 2);                                 // slot rule: t+2 is thread 0's slot (ring 0: thread 0)
    h.in.yev = 8;
    CHECK_EQ(cpu.cycle(), -1);                       // one trigger for every ring-0 channel (same cycle)
    h.in.yev = 0;
    CHECK_EQ(cpu.cycle(), -1);                       // the triggers count
    for (unsigned i = 0; i < NCH_; i++) {
        // lowest index first; slot rule: in the first slot-0 cycle at or after
        // the one the ERET makes it deliverable in (i=0: exactly t+2)
        if (i == 0) CHECK_EQ(cpu.cycle(), 0);
        else CHECK_EQ(cpu.deliver(0), (int)i);
        CHECK_EQ(h.out.yield_tgt, 0x100 + i);
        CHECK_EQ(h.out.yield_ring, 0);
        CHECK_EQ(cpu.cycle(), -1);                   // blocked: the others stay pending
        CHECK_EQ(h.read(PMU_REG_YRING0) >> 8 & 0xFF, ((1u << NCH_) - 1) & ~((2u << i) - 1));
        cpu.eret(0);
        CHECK_EQ(cpu.cycle(), -1);
        CHECK_EQ(cpu.cycle(), -1);
    }
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yer_o, 1u << NCH_);              // the ring-3 request is still pending
    h.in.cpl[0] = 2;                                 // CPL 1..3 is ring 3
    CHECK_EQ(cpu.deliver(0), 0);                     // slot rule: thread 0's first slot from now
    CHECK_EQ(h.out.yield_ring, 1);
    CHECK_EQ(h.out.yield_tgt, 0x300);
    CHECK_EQ(h.dut->yblk_o, 1u << NT_);                  // ring 3, thread 0
    cpu.eret(1);                                     // ring-3 software ERETs (unprivileged write)
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(cpu.cycle(), -1);
    CHECK_EQ(h.dut->yblk_o, 0);
    h.in.cpl[0] = 0;
}

// Scenario semantics (AND/OR, ESV polarity, ESM=0, VALID, ring, counter and TB events), via the down-counter.
void t_yield_scenario(Harness &h) {
    const unsigned B0[] = {1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 1};
    const unsigned B1[] = {0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0};
    const unsigned L = 16, SAV = 1000;
    unsigned n_and = 0, n_or = 0;
    for (unsigned i = 0; i < L; i++) { n_and += B0[i] && !B1[i]; n_or += B0[i] || !B1[i]; }
    h.in.yev = 2;                                    // yev0=0, yev1=1: neither scenario holds
    // ch0: yev0=1 AND yev1=0; ch1: yev0=1 OR yev1=0; ring-3 ch0: same as ch0 but ring 3
    ych(h, 0, 0, V, YE(0), YE(0) | YE(1), SAV);
    if (NCH_ > 1) ych(h, 0, 1, V | PMU_YCH_CTL_ANY_MASK, YE(0), YE(0) | YE(1), SAV);
    ych(h, 3, 0, V, YE(0), YE(0) | YE(1), SAV);
    if (NCH_ > 1) ych(h, 3, 1, V, YE(0), 0, SAV);   // ESM=0: never
    for (unsigned i = 0; i < L; i++) { h.in.yev = (uint8_t)(B0[i] | B1[i] << 1); h.step(); }
    h.in.yev = 2;                                    // yev0=0, yev1=1: neither scenario holds
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), SAV - n_and);
    if (NCH_ > 1) CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 1)), SAV - n_or);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(3, 0)), SAV);                   // ring 3 not current
    if (NCH_ > 1) CHECK_EQ(h.read(PMU_REG_YCH_CNT(3, 1)), SAV);
    // ring 3 current: only ring-3 channels count; an invalid channel never does
    h.write(PMU_REG_YCH_CTL(0, 0), 0);
    h.in.cpl[0] = 3;
    h.in.yev = 1;
    h.idle(10);
    h.in.yev = 2;
    h.in.cpl[0] = 0;
    h.write(PMU_REG_YCH_CTL(0, 0), V);              // valid again (readable); neither scenario holds
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(3, 0)), SAV - 10);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), SAV - n_and);
    if (NCH_ > 1) CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 1)), SAV - n_or);
    // counter events: "counter 0 counted" AND NOT "counter 1 counted"
    const unsigned E = cls(1);
    prog(h, 0, E, 0x0001, eq_all());
    if (NC_ > 1) prog(h, 1, E, 0x0002, eq_all());
    const uint32_t c1 = NC_ > 1 ? 2u : 0u;
    ych(h, 0, 0, V, 1u, 1u | c1, SAV);
    const unsigned Q0[] = {1, 0, 1, 1, 0, 1, 1, 1, 0, 0};
    const unsigned Q1[] = {0, 0, 1, 0, 1, 1, 0, 0, 0, 1};
    unsigned n_cnt = 0;
    for (unsigned i = 0; i < 10; i++) n_cnt += Q0[i] && !(NC_ > 1 && Q1[i]);
    window(h, [&](unsigned i) { h.in.ev[0][E] = (uint16_t)(Q0[i] | Q1[i] << 1); }, 10);
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), SAV - n_cnt);
    // counter events need the counter to count: GEN=0 -> no trigger
    h.in.ev[0][E] = 1;
    h.idle(5);
    h.in.ev[0][E] = 0;
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), SAV - n_cnt);
    // time-base event (TBEE not needed): TSC bit 0 rising
    mmcr(h, 3u << PMU_MMCR_TBSEL_LSB);
    ych(h, 0, 0, V, 1u << PMU_YEV_TB_LSB, 1u << PMU_YEV_TB_LSB, SAV);
    unsigned rises = 0;
    for (int i = 0; i < 11; i++) { rises += (h.dut->tsc_o & 1) == 0; h.step(); }
    CHECK(rises == 5 || rises == 6);
    h.write(PMU_REG_YCH_CTL(0, 0), 0);              // its 2 edges: exactly one more rise of bit 0
    CHECK_EQ(h.read(PMU_REG_YCH_CNT(0, 0)), 0);     // invalid: reads 0
    CHECK_EQ(pmu_model_ych_cnt(h.m, 0, 0), SAV - rises - 1);
    CHECK_EQ(get_bits(h.dut->ycnt_o, 0, 32), SAV - rises - 1);
}
