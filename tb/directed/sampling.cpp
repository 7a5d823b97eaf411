// Directed tests of pmu_core: sampling (PowerPC 604e style).
// Shared helpers and the test table: tb/directed/directed.h, tb/test_directed.cpp.
#include "directed.h"

// ===================================================== sampling (604e) tests
// Expected values below are derived by hand from docs/sampling.md, never
// from the model (the harness separately holds RTL == model every cycle).


void t_smp_regs(Harness &h) {
    int e = 0;
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);
    CHECK_EQ(h.read(PMU_REG_PMSTAT), 0);
    CHECK_EQ(rd64(h, PMU_REG_SIAR_LO), 0);
    CHECK_EQ(rd64(h, PMU_REG_SDAR_LO), 0);
    CHECK_EQ(h.read(PMU_REG_YRING0), (uint32_t)NCH_ << 24);
    CHECK_EQ(h.read(PMU_REG_YRING3), (uint32_t)NCH_ << 24);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(h.read(A_XCTL(n)), 0);
    // reserved bits read 0
    mmcr(h, 0xFFFFFFFF & ~(PMU_MMCR_PMXE_MASK | PMU_MMCR_TBEE_MASK));
    CHECK_EQ(h.read(PMU_REG_MMCR), 0xFFFF0300u | 0x0Bu);   // THRESH, TBSEL, TRIG, FOI, FRZ
    mmcr(h, 0);
    h.write(A_XCTL(0), 0xFFFFFFFF);
    CHECK_EQ(h.read(A_XCTL(0)), 0x1F);
    h.write(A_XCTL(0), 0);
    h.write(PMU_REG_PMSTAT, 0xFFFFFFFF);                  // W1C of nothing
    CHECK_EQ(h.read(PMU_REG_PMSTAT), 0);
    // SIAR/SDAR are read-only: writes ignored without error, the write stage untouched
    h.write(PMU_REG_CNT_HI(0), 0x12);
    CHECK_EQ(h.write(PMU_REG_SIAR_LO, 0x55), 0);
    CHECK_EQ(h.write(PMU_REG_SIAR_HI, 0x66), 0);
    CHECK_EQ(rd64(h, PMU_REG_SIAR_LO), 0);
    h.write(PMU_REG_CNT_LO(0), 7);
    CHECK_EQ(h.cnt(0), (0x12ull << 32 | 7) & cmax());
    // unmapped neighbours
    if (NC_ < 32) { h.read(A_XCTL(NC_), &e); CHECK_EQ(e, 1); CHECK_EQ(h.write(A_XCTL(NC_), 1), 1); }
    if (NCH_ < 8) {
        h.read(PMU_REG_YCH_CTL(0, NCH_), &e); CHECK_EQ(e, 1);
        CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, NCH_), 1, 0xF, 0), 1);
    }
    for (uint32_t a : {0x058u, 0x05Cu, 0x070u, 0x480u, 0x8FCu, 0xD00u, 0x041u, 0x902u, 0xB02u}) {
        h.read(a, &e); CHECK_EQ(e, 1);
    }
    // capture records: mapped with YCAP=1 only (read-only: a write is ignored)
    h.read(PMU_REG_YCAP_IP_LO(0, 0), &e); CHECK_EQ(e, YCAP_ ? 0u : 1u);
    h.read(PMU_REG_YCAP_CT_HI(3, NCH_ - 1), &e); CHECK_EQ(e, YCAP_ ? 0u : 1u);
    // yield channel registers: widths (VALID=1, ESM=0: the channel never triggers)
    const uint32_t c0 = PMU_REG_YCH_CTL(0, 0);
    // YER is set by hardware only ("the value of the YER field is set by
    // hardware"; EMONITOR programs "the various fields except the YER BIT"):
    // the write of bit 2 is ignored; ACT is 4 bits, 0..3 legal; COND 0..2,
    // DSEL 0..24; CSEL reads 0 without capture records
    const uint32_t all = 0xFE2FFF3Fu;   // every field at its largest legal value
    const uint32_t all_rd = 0x062FFF3Bu | (YCAP_ ? PMU_YCH_CTL_CSEL_MASK : 0u);
    CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, all), 0);
    CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), all_rd);
    // ACT 4..15, COND 3 and DSEL 25..31 are reserved: PSLVERR, nothing
    // changes (also the other fields)
    for (uint32_t a : {4u, 5u, 8u, 15u}) {
        CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, a << PMU_YCH_CTL_ACT_LSB), 1);
        CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), all_rd);
    }
    CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, 0xFFFFFF3Fu), 1);
    CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, 3u << PMU_YCH_CTL_COND_LSB), 1);
    for (uint32_t d : {25u, 31u}) CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, d << PMU_YCH_CTL_DSEL_LSB), 1);
    CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), all_rd);
    CHECK_EQ(h.write(PMU_REG_YCH_CTL(3, 0), 6u << PMU_YCH_CTL_ACT_LSB, 0xF, 0), 1);   // ring 3 too
    for (uint32_t a = 0; a < 4; a++) {
        CHECK_EQ(h.write(c0 + PMU_YCH_CTL_OFF, V | a << PMU_YCH_CTL_ACT_LSB), 0);
        CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), V | a << PMU_YCH_CTL_ACT_LSB);
    }
    h.write(c0 + PMU_YCH_CTL_OFF, V);
    h.write(c0 + PMU_YCH_ESV_OFF, 0xFFFFFFFF); CHECK_EQ(h.read(c0 + PMU_YCH_ESV_OFF), 0x1FFFFFFu);
    h.write(c0 + PMU_YCH_ESM_OFF, 0xFFFFFFFF); CHECK_EQ(h.read(c0 + PMU_YCH_ESM_OFF), 0x1FFFFFFu);
    h.write(c0 + PMU_YCH_ESM_OFF, 0);
    h.write(c0 + PMU_YCH_MISS_OFF, 0xFFFFFFFF); CHECK_EQ(h.read(c0 + PMU_YCH_MISS_OFF), 0xFFFFu);
    h.write(c0 + PMU_YCH_SAV_OFF, 0xDEADBEEF);
    CHECK_EQ(h.read(c0 + PMU_YCH_SAV_OFF), 0xDEADBEEF);
    CHECK_EQ(h.read(c0 + PMU_YCH_CNT_OFF), 0xDEADBEEF);          // a SAV write loads the down-counter
    h.write(c0 + PMU_YCH_CNT_OFF, 5); CHECK_EQ(h.read(c0 + PMU_YCH_CNT_OFF), 5);
    CHECK_EQ(h.read(c0 + PMU_YCH_SAV_OFF), 0xDEADBEEF);
    h.write(c0 + PMU_YCH_TGT_HI_OFF, 0x89ABCDEF); h.write(c0 + PMU_YCH_TGT_LO_OFF, 0x01234567);
    CHECK_EQ(h.read(c0 + PMU_YCH_TGT_HI_OFF), AW_ == 64 ? 0x89ABCDEF : 0);   // AW=32: reads 0
    CHECK_EQ(h.read(c0 + PMU_YCH_TGT_LO_OFF), 0x01234567);
    // "If the channel is invalid as indicated by the value in the valid field
    // all registers ... are read as 0": VALID=0 reads 0 everywhere, the
    // values are kept (and still written) and read back once VALID=1
    h.write(c0 + PMU_YCH_CTL_OFF, PMU_YCH_CTL_ANY_MASK | 0xAB00u);
    for (uint32_t o = 0; o < 0x20; o += 4) CHECK_EQ(h.read(c0 + o), 0);
    h.write(c0 + PMU_YCH_CNT_OFF, 6);
    CHECK_EQ(h.read(c0 + PMU_YCH_CNT_OFF), 0);
    h.write(c0 + PMU_YCH_CTL_OFF, V | PMU_YCH_CTL_ANY_MASK | 0xAB00u);
    CHECK_EQ(h.read(c0 + PMU_YCH_CTL_OFF), V | PMU_YCH_CTL_ANY_MASK | 0xAB00u);
    CHECK_EQ(h.read(c0 + PMU_YCH_SAV_OFF), 0xDEADBEEF);
    CHECK_EQ(h.read(c0 + PMU_YCH_CNT_OFF), 6);
    CHECK_EQ(h.read(c0 + PMU_YCH_TGT_LO_OFF), 0x01234567);
    // privilege: ring-3 channels and YRING3 accept unprivileged accesses, nothing else new does
    const uint32_t r3 = PMU_REG_YCH_SAV(3, NCH_ - 1), r0 = PMU_REG_YCH_SAV(0, NCH_ - 1);
    h.write(PMU_REG_YCH_CTL(3, NCH_ - 1), V); h.write(PMU_REG_YCH_CTL(0, NCH_ - 1), V);   // valid: readable
    // r0 keeps what it holds (NCH=1: channel 0 = c0, 0xDEADBEEF from above; else 0)
    const uint32_t r0_was = h.read(r0);
    CHECK_EQ(r0_was, NCH_ == 1 ? 0xDEADBEEFu : 0u);
    CHECK_EQ(h.write(r3, 77, 0xF, 0), 0);
    CHECK_EQ(h.read(r3, &e, 0), 77); CHECK_EQ(e, 0);
    CHECK_EQ(h.write(r0, 77, 0xF, 0), 1);
    CHECK_EQ(h.read(r0, &e, 0), 0);  CHECK_EQ(e, 1);
    CHECK_EQ(h.read(r0), r0_was);                             // the refused write did nothing
    CHECK_EQ(h.write(r0, 78, 0xF, 1), 0);                     // ring 0 may program ring-3 and ring-0
    CHECK_EQ(h.write(r3, 79, 0xF, 1), 0);
    CHECK_EQ(h.read(r3, &e, 0), 79);
    h.read(PMU_REG_YRING3, &e, 0); CHECK_EQ(e, 0);
    CHECK_EQ(h.write(PMU_REG_YRING3, 1, 0xF, 0), 0);
    h.read(PMU_REG_YRING0, &e, 0); CHECK_EQ(e, 1);
    CHECK_EQ(h.write(PMU_REG_YRING0, 1, 0xF, 0), 1);
    for (uint32_t a : {(uint32_t)PMU_REG_MMCR, (uint32_t)PMU_REG_PMSTAT, (uint32_t)PMU_REG_SIAR_LO, A_XCTL(0)}) {
        h.read(a, &e, 0); CHECK_EQ(e, 1);
        CHECK_EQ(h.write(a, 1, 0xF, 0), 1);
    }
    CHECK_EQ(h.write(r3, 1, 0x7, 0), 1);                      // partial strobe still refused
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);
}

// Counter negative -> interrupt, SIAR/SDAR of the event's cycle, frozen until PMXE is set again.
void t_neg_irq(Harness &h) {
    const unsigned E = cls(1);
    prog(h, 0, E, 0x0001, eq_all());
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half() - 5);
    if (NC_ > 1) {   // goes negative first, but NIE=0: no interrupt
        prog(h, 1, E, 0x0001, eq_all());
        h.write64(A_LO(1), half() - 2);
    }
    mmcr(h, PMU_MMCR_PMXE_MASK);
    gen(h, true);
    int irq_at = -1, fifth = -1, events = 0;
    for (int i = 0; i < 20; i++) {
        bool ev = i % 2 == 0;
        h.in.ev[0][E] = ev;
        h.in.iaddr = 0x4000 + 4 * i;
        h.in.daddr = 0x90000000ull + 8 * i;
        if (ev && ++events == 5) fifth = i;
        h.step();
        if (h.out.irq && irq_at < 0) irq_at = i;
    }
    h.clear_events();
    CHECK_EQ(fifth, 8);
    // the counter is negative from cycle fifth+LAT; the interrupt is signalled
    // at the edge that ends that cycle
    CHECK_EQ(irq_at, fifth + LAT + 1);
    printf("  latency: event making counter negative (cycle %d) -> irq_o/pmi_o (cycle %d): %d cycles\n", fifth,
           irq_at, irq_at - fifth);
    CHECK_EQ(h.dut->siar_o, 0x4000 + 4 * 8);
    CHECK_EQ(h.read(PMU_REG_PMSTAT), PMU_PMSTAT_NEG_MASK);
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);               // PMXE cleared by hardware
    CHECK_EQ(rd64(h, PMU_REG_SIAR_LO), 0x4000 + 32);
    CHECK_EQ(rd64(h, PMU_REG_SDAR_LO), 0x90000000ull + 64);
    CHECK(h.dut->pmi_o);
    // frozen: the counter stays negative, addresses change, nothing is latched
    h.in.iaddr = 0x1111; h.in.daddr = 0x2222;
    h.idle(5);
    CHECK_EQ(rd64(h, PMU_REG_SIAR_LO), 0x4020);
    // software: clear the status, re-enable: still negative -> signalled again at once
    h.write(PMU_REG_PMSTAT, PMU_PMSTAT_NEG_MASK);
    CHECK(!h.irq());
    h.in.iaddr = 0xABC0; h.in.daddr = 0xDEF0;
    h.idle(LAT);                                     // the address pipeline holds them
    mmcr(h, PMU_MMCR_PMXE_MASK);
    CHECK_EQ(h.dut->siar_o, 0x4020);                 // PMXE became 1 at the access edge
    h.step();
    CHECK_EQ(h.dut->siar_o, 0xABC0);
    CHECK_EQ(h.dut->sdar_o, 0xDEF0);
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);
    // NIE=0: a negative counter is no interrupt condition
    h.write(A_XCTL(0), 0);
    h.write(PMU_REG_PMSTAT, 3);
    mmcr(h, PMU_MMCR_PMXE_MASK);
    h.idle(5);
    CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_PMXE_MASK);
    CHECK_EQ(h.read(PMU_REG_PMSTAT), 0);
    CHECK(!h.irq());
    // positive again, NIE=1: nothing; a preset of a negative value is signalled at the LO write's edge
    h.write64(A_LO(0), 5);
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.idle(3);
    CHECK(!h.dut->pmi_o);
    h.in.iaddr = 0x5150;
    h.write64(A_LO(0), half() + 1);
    CHECK(!h.dut->pmi_o);                            // negative from the cycle after the LO write's edge,
    h.step();                                        // signalled at the edge that ends it
    CHECK(h.dut->pmi_o);
    CHECK_EQ(h.dut->siar_o, 0x5150);
    gen(h, false);
}

// Scripted trace: SIAR/SDAR of each sample is the instruction whose event made the counter negative.
void t_sample_trace(Harness &h) {
    struct Ins { uint64_t pc, da; bool ev; };
    std::vector<Ins> tr;
    uint64_t pc = 0x10000, s = 12345;
    for (int i = 0; i < 600; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        bool ev = ((s >> 33) % 5) == 0;                  // e.g. a load that misses
        tr.push_back({pc, 0x7F0000000000ull + ((s >> 20) & 0xFFFF8), ev});
        pc = ((s >> 40) % 7 == 0) ? 0x10000 + ((s >> 24) & 0xFFC) : pc + 4;   // branches
    }
    const unsigned N = 7;   // sample every 7th event
    std::vector<std::pair<uint64_t, uint64_t>> expect, got;
    // the sample is taken LAT cycles after the event that makes the counter
    // negative; the events of those cycles are still counted (skid) and then
    // overwritten by the handler's preset
    unsigned k = 0, skip = 0;
    for (auto &x : tr) {
        if (skip) { skip--; continue; }
        if (x.ev && ++k == N) { expect.push_back({amask(x.pc), amask(x.da)}); k = 0; skip = LAT; }
    }
    const unsigned E = cls(4);
    prog(h, 0, E, 0x0004, eq_os(0) | eq_usr(0));
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half() - N);
    mmcr(h, PMU_MMCR_FOI_MASK | PMU_MMCR_PMXE_MASK);
    gen(h, true);
    for (size_t p = 0; p < tr.size(); p++) {
        h.in.iaddr = tr[p].pc; h.in.daddr = tr[p].da;
        h.in.ev[0][E] = tr[p].ev ? 0x0004 : 0;
        h.step();
        if (h.dut->pmi_o) {                   // interrupt handler (bus only, no instructions retire)
            h.clear_events();
            got.push_back({rd64(h, PMU_REG_SIAR_LO), rd64(h, PMU_REG_SDAR_LO)});
            CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_FOI_MASK | PMU_MMCR_FRZ_MASK);
            h.write64(A_LO(0), half() - N);
            h.write(PMU_REG_PMSTAT, PMU_PMSTAT_NEG_MASK);
            mmcr(h, PMU_MMCR_FOI_MASK | PMU_MMCR_PMXE_MASK);   // unfreeze, re-arm
        }
    }
    h.clear_events();
    gen(h, false);
    CHECK(expect.size() >= 10);
    CHECK_EQ(got.size(), expect.size());
    for (size_t i = 0; i < got.size() && i < expect.size(); i++) {
        CHECK_EQ(got[i].first, expect[i].first);
        CHECK_EQ(got[i].second, expect[i].second);
    }
}

void t_freeze(Harness &h) {
    const unsigned E = cls(1), M = NC_ < 3 ? NC_ : 3;
    for (unsigned n = 0; n < M; n++) prog(h, n, E, 0x0001, eq_all());
    mmcr(h, PMU_MMCR_FRZ_MASK);
    h.in.ev[0][E] = 1;
    gen(h, true);
    h.idle(10);
    for (unsigned n = 0; n < M; n++) CHECK_EQ(h.cnt(n), 0);
    mmcr(h, 0);                                  // counting from the cycle after the access edge
    h.idle(10);
    mmcr(h, PMU_MMCR_FRZ_MASK);                  // its 2 cycles still count
    h.idle(10);
    for (unsigned n = 0; n < M; n++) CHECK_EQ(h.cnt(n), 12);
    CHECK_EQ(h.read(PMU_REG_CNTEN), (1u << M) - 1);   // EN/GEN untouched by FRZ
    h.clear_events();
    gen(h, false);
    // freeze on interrupt: every counter stops on the edge counter 0 goes negative
    h.reset("freeze_on_interrupt");
    for (unsigned n = 0; n < M; n++) prog(h, n, E, 0x0001, eq_all());
    h.write(A_XCTL(0), PMU_XCTL_NIE_MASK);
    h.write64(A_LO(0), half() - 3);
    mmcr(h, PMU_MMCR_FOI_MASK | PMU_MMCR_PMXE_MASK);
    h.in.ev[0][E] = 1;
    gen(h, true);
    h.idle(10);
    // the events of the LAT cycles between the one that made counter 0
    // negative and the freeze edge are still counted (skid)
    CHECK_EQ(h.cnt(0), half() + LAT);
    for (unsigned n = 1; n < M; n++) CHECK_EQ(h.cnt(n), 3 + LAT);
    CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_FOI_MASK | PMU_MMCR_FRZ_MASK);
    CHECK_EQ(h.read(PMU_REG_PMSTAT), PMU_PMSTAT_NEG_MASK);
    h.clear_events();
    gen(h, false);
}

// Trigger: counters 1..NC-1 wait until counter 0 is negative.
void t_trigger(Harness &h) {
    if (NC_ < 2) return;
    const unsigned E = cls(2);
    prog(h, 0, E, 0x0001, eq_all());             // event A: sub-event 0
    for (unsigned n = 1; n < NC_; n++) prog(h, n, E, 0x0002, eq_all());   // event B: every cycle
    h.write64(A_LO(0), half() - 4);
    mmcr(h, PMU_MMCR_TRIG_MASK);
    CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_TRIG_MASK);
    window(h, [&](unsigned i) { h.in.ev[0][E] = (uint16_t)(0x0002 | (i % 3 == 2 ? 1 : 0)); }, 30);
    // A at i = 2, 5, 8, 11 -> counter 0 negative from cycle 11+LAT; B counted in cycles 11+LAT..29
    CHECK_EQ(h.cnt(0), half() + 6);
    for (unsigned n = 1; n < NC_; n++) CHECK_EQ(h.cnt(n), 30 - (11 + LAT));
    CHECK_EQ(h.read(PMU_REG_MMCR), 0);           // TRIG cleared by hardware
}

// Latency threshold class (loads/stores slower than THRESH).
void t_latency(Harness &h) {
    const unsigned T = 100;
    const unsigned lat[] = {50, 100, 101, 300, 0, 65535, 99, 150, 101, 7};
    const unsigned val[] = {1, 1, 1, 1, 1, 1, 1, 1, 0, 1};
    const unsigned L = sizeof lat / sizeof lat[0];
    unsigned exp0 = 0;
    for (unsigned i = 0; i < L; i++) exp0 += val[i] && lat[i] > T;   // 101, 300, 65535, 150
    CHECK_EQ(exp0, 4);
    mmcr(h, T << PMU_MMCR_THRESH_LSB);
    const unsigned E = cls(3);
    prog(h, 0, E, 0xFFFF, eq_all());
    h.write(A_XCTL(0), PMU_XCTL_LAT_MASK);
    if (NC_ > 1) { prog(h, 1, E, 0xFFFF, eq_os(0) | eq_usr(0)); h.write(A_XCTL(1), PMU_XCTL_LAT_MASK); }
    if (NC_ > 2) prog(h, 2, E, 0xFFFF, eq_all());   // not LAT: counts class E as usual
    window(h, [&](unsigned i) {
        h.in.mem_valid[0] = (uint8_t)val[i]; h.in.mem_lat[0] = (uint16_t)lat[i];
        if (NT_ > 1) { h.in.mem_valid[1] = i < 3; h.in.mem_lat[1] = 200; }   // 3 slow ops on thread 1
        h.in.ev[0][E] = 0x0003;
    }, L);
    CHECK_EQ(h.cnt(0), exp0 + (NT_ > 1 ? 3 : 0));
    if (NC_ > 1) CHECK_EQ(h.cnt(1), exp0);
    if (NC_ > 2) CHECK_EQ(h.cnt(2), 2 * L);
}

// Time-base interrupt: the selected TSC bit goes 0 -> 1.
void t_timebase(Harness &h) {
    for (unsigned sel = 0; sel < 4; sel++) {
        if (sel) h.reset("timebase_sel");
        const unsigned b = TB_LE[sel];
        const uint64_t P = b ? (1ull << b) - 5 : 6;
        const uint64_t first = b ? (1ull << b) : 9;   // first TSC value with the bit risen after P+2
        h.in.iaddr = 0x7A6;                             // tag of the TSC and MMCR writes' cycles
        h.write64(PMU_REG_TSC_LO, P);
        mmcr(h, PMU_MMCR_TBEE_MASK | PMU_MMCR_PMXE_MASK | sel << PMU_MMCR_TBSEL_LSB);
        CHECK_EQ((uint64_t)h.dut->tsc_o, P + 2);
        uint64_t seen = 0, rose = 0;
        std::vector<uint64_t> tag;
        for (int i = 0; i < 10 && !seen; i++) {
            uint64_t tsc_pre = h.dut->tsc_o;
            h.in.iaddr = tsc_pre;                       // tag each cycle with its TSC
            tag.push_back(tsc_pre);
            h.step();
            if (h.dut->pmi_o && !rose) rose = tag.size();
            if (h.out.irq) seen = tsc_pre;
        }
        CHECK_EQ(seen, first);                          // irq in the first cycle the bit reads 1
        // latched at the edge the bit rose: the addresses of LAT cycles earlier
        CHECK_EQ(h.dut->siar_o, rose > LAT ? tag[rose - 1 - LAT] : 0x7A6);
        CHECK_EQ(tag[rose - 1], first - 1);
        CHECK_EQ(h.read(PMU_REG_PMSTAT), PMU_PMSTAT_TB_MASK);
        if (sel == 2) printf("  latency: TSC bit %u rises -> irq_o/pmi_o: 0 cycles (same cycle the bit reads 1)\n", b);
    }
    // a TSC write is the selected bit's next value: a write that sets it is
    // a transition at the write's edge, long before counting would set it
    h.reset("timebase_write");
    mmcr(h, PMU_MMCR_TBEE_MASK | PMU_MMCR_PMXE_MASK | 2u << PMU_MMCR_TBSEL_LSB);
    CHECK((uint64_t)h.dut->tsc_o < (1ull << TB_LE[2]) / 2);
    CHECK(!h.irq());
    h.write64(PMU_REG_TSC_LO, 1ull << TB_LE[2]);
    CHECK(h.irq());
    CHECK_EQ(h.read(PMU_REG_PMSTAT), PMU_PMSTAT_TB_MASK);
    // TBEE=0: no interrupt on the transition
    h.reset("timebase_off");
    h.write64(PMU_REG_TSC_LO, 0xF0);
    mmcr(h, PMU_MMCR_PMXE_MASK | 2u << PMU_MMCR_TBSEL_LSB);
    h.idle(30);
    CHECK((uint64_t)h.dut->tsc_o > 0x100);
    CHECK(!h.irq());
    CHECK_EQ(h.read(PMU_REG_MMCR), PMU_MMCR_PMXE_MASK | 2u << PMU_MMCR_TBSEL_LSB);
}

void t_process_mark(Harness &h) {
    if (NC_ < 4) return;
    const unsigned E = cls(1);
    const uint32_t x[4] = {PMU_XCTL_PMS_MASK, PMU_XCTL_PMC_MASK, PMU_XCTL_PMS_MASK | PMU_XCTL_PMC_MASK, 0};
    for (unsigned n = 0; n < 4; n++) { prog(h, n, E, 0x0001, eq_all()); h.write(A_XCTL(n), x[n]); }
    const unsigned PM[] = {1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0};
    const unsigned L = sizeof PM / sizeof PM[0];
    unsigned ones = 0;
    for (unsigned i = 0; i < L; i++) ones += PM[i];
    window(h, [&](unsigned i) {
        h.in.pm[0] = (uint8_t)PM[i];
        h.in.ev[0][E] = 1;
        if (NT_ > 1) { h.in.pm[1] = 1; h.in.ev[1][E] = 1; }     // thread 1: mark always set
    }, L);
    const unsigned t1 = NT_ > 1 ? L : 0;
    CHECK_EQ(h.cnt(0), ones + t1);
    CHECK_EQ(h.cnt(1), L - ones);
    CHECK_EQ(h.cnt(2), 0);
    CHECK_EQ(h.cnt(3), L + t1);
}

void t_history(Harness &h) {
    const unsigned E = cls(1);
    const unsigned P[] = {1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1};
    const unsigned L = sizeof P / sizeof P[0];
    uint64_t pat = 0;
    for (unsigned i = 0; i < L; i++) pat = pat << 1 | P[i];
    prog(h, 0, E, 0x0001, eq_all(), 0, true);
    h.write(A_XCTL(0), PMU_XCTL_HIST_MASK);
    const uint64_t pre = half() | 0x3;               // MSB set: shifted out without OVF
    h.write64(A_LO(0), pre);
    window(h, [&](unsigned i) { h.in.ev[0][E] = (uint16_t)(P[i] ? 0xFFFF : 0); }, L);
    // L shifts with the pattern, then the 2 cycles of the GEN=0 write shift in zeros
    CHECK_EQ(h.cnt(0), ((0x3ull << (L + 2)) | pat << 2) & cmax());
    CHECK_EQ(h.ovf(), 0);
    // not counting (GEN=0): no shift
    h.idle(5);
    CHECK_EQ(h.cnt(0), ((0x3ull << (L + 2)) | pat << 2) & cmax());
    // a clear (CLR) at the edge of a shift wins over it: the counter
    // restarts from 0 and keeps only the shifts after the clear (the events
    // still in the pipeline, then the zeros of the GEN=0 write's cycles)
    h.write64(A_LO(0), cmax());
    h.in.ev[0][E] = 0xFFFF;                          // an event every cycle: all ones stay all ones
    gen(h, true);
    for (unsigned i = 0; i < 4; i++) h.step();
    CHECK_EQ(h.cnt(0), cmax());
    h.write(PMU_REG_CLR, 1);
    h.clear_events();
    gen(h, false);
    drain(h);
    const uint64_t v = h.cnt(0);
    CHECK(v != 0 && v < 0x100);
}
