// RISC-V CSR view conformance, access rules: scountovf's masks, counter
// gating by m/h/scounteren, RV32 halves, unimplemented counters, read-modify-
// write and the APB hold, reset values (tb/test_rv.cpp runs them; helpers
// tb/rv/rv_conf.h).
#include "rv_conf.h"

void t_scountovf(Harness &h) {
    // OF of counters 0, 1, 2 set by software
    for (unsigned n = 0; n < 3; n++) of_op(h, n, OP_S);
    const uint64_t ovf = 7ull << 3;
    CHECK_EQ(h.ovf(), 7);
    CHECK_EQ(RD(SCOUNTOVF), ovf);
    WR(MCOUNTEREN, 3ull << 3);   // counters 0, 1
    WR(HCOUNTEREN, 6ull << 3);   // counters 1, 2
    CHECK_EQ(RDP(SCOUNTOVF, P_M), ovf);
    CHECK_EQ(RDP(SCOUNTOVF, P_S), 3ull << 3);
    CHECK_EQ(RDP(SCOUNTOVF, P_VS), 2ull << 3);
    uint64_t rd = 1;
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_R, 0, P_U, &rd), ILL);
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_R, 0, P_VU, &rd), VIRT);
    // scounteren does not mask it
    WR(SCOUNTEREN, 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_S), 3ull << 3);
    WR(SCOUNTEREN, ~0ull);
    WR(MCOUNTEREN, 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_S), 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_VS), 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_M), ovf);
    WR(MCOUNTEREN, ~0ull);
    WR(HCOUNTEREN, 0);
    CHECK_EQ(RDP(SCOUNTOVF, P_S), ovf);
    CHECK_EQ(RDP(SCOUNTOVF, P_VS), 0);
    WR(HCOUNTEREN, ~0ull);
    CHECK_EQ(RDP(SCOUNTOVF, P_VS), ovf);
    // read-only: any write attempt is illegal (even from M), nothing changes
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_W, 0, P_M), ILL);
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_C, ~0ull, P_M), ILL);
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_S, 0, P_M), ILL);   // CSRRS with rs1 != x0 holding 0 is a write
    CHECK_EQ(h.ovf(), 7);
    // clearing OF updates it
    of_op(h, 1, OP_C);
    CHECK_EQ(RD(SCOUNTOVF), 5ull << 3);
}

void t_gating(Harness &h) {
    const unsigned n = 1;
    const uint64_t P = 0xAB12345678ull & CMASK;
    set_cnt(h, n, P);   // inhibited (reset): the value stays
    const uint64_t bit = 1ull << (3 + n), others = (ncmask() << 3) & ~bit;
    const unsigned privs[4] = {P_S, P_U, P_VS, P_VU};
    for (unsigned e = 0; e < 8; e++) {
        const bool m = e & 1, hh = e & 2, s = e & 4;
        // the counter's bit as e says, every other counter's bit the opposite
        WR(MCOUNTEREN, m ? bit : others);
        WR(HCOUNTEREN, hh ? bit : others);
        WR(SCOUNTEREN, s ? bit : others);
        for (unsigned p : {P_M, P_S, P_U, P_VS, P_VU}) {
            const int want = spec_gate(p, m, hh, s);
            uint64_t rd = 0;
            int got = try_acc(h, HPMCOUNTER + n, OP_R, 0, p, &rd);
            if (got != want) printf("  hpmcounter%u priv %u m=%d h=%d s=%d:\n", 3 + n, p, m, hh, s);
            CHECK_EQ(got, want);
            CHECK_EQ(rd, want == OK ? (RV32 ? P & 0xFFFFFFFFull : P) : 0);
            if (RV32) {
                got = try_acc(h, HPMCOUNTERH + n, OP_R, 0, p, &rd);
                CHECK_EQ(got, want);
                CHECK_EQ(rd, want == OK ? P >> 32 : 0);
            }
        }
    }
    // M-level CSRs from every lower mode: illegal (also with V=1), nothing written
    WR(MCOUNTEREN, ~0ull);
    WR(HCOUNTEREN, ~0ull);
    WR(SCOUNTEREN, ~0ull);
    const uint64_t E = EV(CLS, 1) | inh_bit(P_U);
    set_event(h, n, E);
    std::vector<uint16_t> mcsr = {MCOUNTEREN, MCOUNTINHIBIT, (uint16_t)(MHPMEVENT + n), (uint16_t)(MHPMCOUNTER + n)};
    if (RV32) { mcsr.push_back(MHPMEVENTH + n); mcsr.push_back(MHPMCOUNTERH + n); }
    for (uint16_t a : mcsr)
        for (unsigned p : privs) {
            CHECK_EQ(try_acc(h, a, OP_R, 0, p), ILL);
            CHECK_EQ(try_acc(h, a, OP_W, a == MCOUNTEREN ? 0 : ~0ull, p), ILL);
            CHECK_EQ(try_acc(h, a, OP_C, ~0ull, p), ILL);
        }
    CHECK_EQ(get_cnt(h, n), P);
    CHECK_EQ(RD(MCOUNTEREN), ncmask() << 3);
    CHECK_EQ(RD(MCOUNTINHIBIT), ncmask() << 3);
    CHECK_EQ(get_event(h, n), E);
    // scounteren (S-level, no VS copy: usual access with V=1): S and VS
    // legal, U illegal, VU virtual
    CHECK_EQ(acc(h, SCOUNTEREN, OP_W, bit, P_S, __LINE__), ncmask() << 3);
    CHECK_EQ(RDP(SCOUNTEREN, P_VS), bit);
    CHECK_EQ(acc(h, SCOUNTEREN, OP_S, others, P_VS, __LINE__), bit);
    CHECK_EQ(try_acc(h, SCOUNTEREN, OP_R, 0, P_U), ILL);
    CHECK_EQ(try_acc(h, SCOUNTEREN, OP_W, 0, P_U), ILL);
    CHECK_EQ(try_acc(h, SCOUNTEREN, OP_R, 0, P_VU), VIRT);
    CHECK_EQ(try_acc(h, SCOUNTEREN, OP_W, 0, P_VU), VIRT);
    CHECK_EQ(RD(SCOUNTEREN), ncmask() << 3);
    // hcounteren (hypervisor CSR): M legal, VS / VU virtual, U illegal, nothing written
    CHECK_EQ(WR(HCOUNTEREN, bit), ncmask() << 3);
    CHECK_EQ(try_acc(h, HCOUNTEREN, OP_W, 0, P_VS), VIRT);
    CHECK_EQ(try_acc(h, HCOUNTEREN, OP_R, 0, P_VS), VIRT);
    CHECK_EQ(try_acc(h, HCOUNTEREN, OP_W, 0, P_VU), VIRT);
    CHECK_EQ(try_acc(h, HCOUNTEREN, OP_W, 0, P_U), ILL);
    CHECK_EQ(RD(HCOUNTEREN), bit);
    {
        // hypervisor.adoc: hcounteren is one of the CSRs "provided to
        // HS-mode, but not to VS-mode": legal from HS (PRV=1, V=0)
        CHECK_EQ(try_acc(h, HCOUNTEREN, OP_R, 0, P_S), OK);
        CHECK_EQ(try_acc(h, HCOUNTEREN, OP_W, 0, P_S), OK);
        CHECK_EQ(RD(HCOUNTEREN), 0);
        WR(HCOUNTEREN, bit);
    }
    // writes to read-only CSRs: illegal for every write op, even with a zero
    // source (CSRRS/CSRRC with rs1 != x0); op READ (rs1 = x0) is legal
    for (unsigned p : {P_M, P_S, P_VS}) {
        for (unsigned op : {OP_W, OP_S, OP_C}) {
            CHECK_EQ(try_acc(h, HPMCOUNTER + n, op, 0, p), ILL);
            CHECK_EQ(try_acc(h, HPMCOUNTER + n, op, ~0ull, p), ILL);
            if (RV32) CHECK_EQ(try_acc(h, HPMCOUNTERH + n, op, 0, p), ILL);
        }
        CHECK_EQ(RDP(HPMCOUNTER + n, p), RV32 ? P & 0xFFFFFFFFull : P);
    }
    CHECK_EQ(try_acc(h, HPMCOUNTER + n, OP_W, 0, P_VU), ILL);   // also where a read would be legal
    CHECK_EQ(try_acc(h, SCOUNTOVF, OP_R, 0, P_M), OK);
    CHECK_EQ(get_cnt(h, n), P);
}

void t_halves(Harness &h) {
    const unsigned n = 2;
    if (!RV32) {
        // RV64: the h numbers are not the view's CSRs (no hit, no exception, nothing written)
        set_cnt(h, n, 0xAB12345678ull);
        set_event(h, n, EV(CLS, 1) | 1ull << 60 | 3ull << TX_LSB);
        CHECK_EQ(RD(MHPMCOUNTER + n), 0xAB12345678ull);   // one 64-bit access
        CHECK_EQ(RD(MHPMEVENT + n), EV(CLS, 1) | 1ull << 60 | 3ull << TX_LSB);
        for (uint16_t a : {(uint16_t)(MHPMEVENTH + n), (uint16_t)(MHPMCOUNTERH + n), (uint16_t)(HPMCOUNTERH + n),
                           (uint16_t)MHPMEVENTH, (uint16_t)(MHPMCOUNTERH + 28), (uint16_t)(HPMCOUNTERH + 28)})
            for (unsigned op : {OP_R, OP_W}) {
                Res r = csr(h, a, op, ~0ull, P_M);
                CHECK_EQ(r.hit, 0);
                CHECK_EQ(r.ill, 0);
                CHECK_EQ(r.virt, 0);
                CHECK_EQ(r.rd, 0);
            }
        CHECK_EQ(RD(MHPMCOUNTER + n), 0xAB12345678ull);
        CHECK_EQ(RD(MHPMEVENT + n), EV(CLS, 1) | 1ull << 60 | 3ull << TX_LSB);
        return;
    }
    // mhpmcounterN / mhpmcounterNh: bits 31:0 / 63:32 (CW bits stored)
    WR(MHPMCOUNTER + n, 0x89ABCDEFu);
    WR(MHPMCOUNTERH + n, 0x1234u);
    CHECK_EQ(h.cnt(n), 0x123489ABCDEFull);
    CHECK_EQ(RD(MHPMCOUNTER + n), 0x89ABCDEFu);
    CHECK_EQ(RD(MHPMCOUNTERH + n), 0x1234u);
    CHECK_EQ(RD(HPMCOUNTER + n), 0x89ABCDEFu);
    CHECK_EQ(RD(HPMCOUNTERH + n), 0x1234u);
    // a low write keeps the high word, a high write the low word
    CHECK_EQ(WR(MHPMCOUNTER + n, 0x11111111u), 0x89ABCDEFu);
    CHECK_EQ(h.cnt(n), 0x123411111111ull);
    CHECK_EQ(WR(MHPMCOUNTERH + n, 0xFFFFFFFFu), 0x1234u);
    CHECK_EQ(RD(MHPMCOUNTERH + n), CMASK >> 32);   // bits >= CW are not stored
    CHECK_EQ(RD(MHPMCOUNTER + n), 0x11111111u);
    // set / clear on the high word
    CHECK_EQ(CLR(MHPMCOUNTERH + n, 0xFF00u), CMASK >> 32);
    CHECK_EQ(h.cnt(n), (((CMASK >> 32) & ~0xFF00ull) << 32) | 0x11111111u);
    // mhpmeventNh: bits 63:32 (TX, xINH, OF); the low write keeps them
    WR(MHPMEVENTH + n, 1u << 28 | 1u);   // UINH, TX bit 0
    CHECK_EQ(RD(MHPMEVENTH + n), 1u << 28 | 1u);
    WR(MHPMEVENT + n, EV(CLS, 1));
    CHECK_EQ(RD(MHPMEVENTH + n), 1u << 28 | 1u);
    CHECK_EQ(RD(MHPMEVENT + n), EV(CLS, 1));
    CHECK_EQ(SET(MHPMEVENTH + n, 1u << 30), 1u << 28 | 1u);   // MINH
    CHECK_EQ(get_event(h, n), EV(CLS, 1) | 1ull << 62 | 1ull << 60 | 1ull << TX_LSB);
    // the high write keeps the low word
    WR(MHPMEVENTH + n, 0);
    CHECK_EQ(get_event(h, n), EV(CLS, 1));
    // the high half's xINH act: UINH set by the h CSR inhibits U-mode counting
    WR(MHPMEVENTH + n, 1u << 28);
    set_cnt(h, n, 0);
    WR(MCOUNTINHIBIT, 0);
    mode(h, 0, P_U);
    events(h, 3);
    mode(h, 0, P_M);
    events(h, 2);
    idle(h, 4);
    CHECK_EQ(h.cnt(n), 2);
}

void t_unimpl(Harness &h) {
    // known values in the implemented counters (counter 0 nonzero)
    for (unsigned n = 0; n < NC_; n++) set_cnt(h, n, 0x100 + n);
    for (unsigned n = 0; n < NC_; n++) set_event(h, n, EV(CLS, n + 1));
    std::vector<unsigned> us = {NC_, 28};
    if (NC_ + 1 < 28) us.push_back(NC_ + 1);
    for (unsigned u : us) {
        std::vector<uint16_t> as = {(uint16_t)(MHPMCOUNTER + u), (uint16_t)(MHPMEVENT + u), (uint16_t)(HPMCOUNTER + u)};
        if (RV32) { as.push_back(MHPMCOUNTERH + u); as.push_back(MHPMEVENTH + u); as.push_back(HPMCOUNTERH + u); }
        for (uint16_t a : as) {
            const bool ro = (a >> 10) == 3;
            CHECK_EQ(RD(a), 0);
            if (!ro) {
                CHECK_EQ(WR(a, ~0ull), 0);   // no exception, ignored
                CHECK_EQ(SET(a, 0x5), 0);
                CHECK_EQ(RD(a), 0);
            }
        }
    }
    for (unsigned n = 0; n < NC_; n++) {
        CHECK_EQ(h.cnt(n), 0x100 + n);
        CHECK_EQ(get_event(h, n), EV(CLS, n + 1));
    }
    CHECK_EQ(h.ovf(), 0);
    // the enables hold bits of implemented counters only: below M-mode an
    // unimplemented counter's hpmcounter is not enabled (illegal)
    WR(MCOUNTEREN, ~0ull);
    CHECK_EQ(RD(MCOUNTEREN), ncmask() << 3);
    CHECK_EQ(try_acc(h, HPMCOUNTER + NC_, OP_R, 0, P_S), ILL);
    CHECK_EQ(try_acc(h, HPMCOUNTER + NC_ - 1, OP_R, 0, P_S), OK);
    // the OpenSBI width probe: write all-ones, read back 2^CW-1, on every counter
    for (unsigned n = 0; n < NC_; n++) {
        set_cnt(h, n, ~0ull);
        CHECK_EQ(get_cnt(h, n), CMASK);
        CHECK_EQ(h.cnt(n), CMASK);
    }
    CHECK_EQ(h.ovf(), 0);
}

void t_rmw(Harness &h) {
    // set / clear return the old value
    CHECK_EQ(WR(MCOUNTEREN, 0), 0);
    CHECK_EQ(SET(MCOUNTEREN, 0x28), 0);
    CHECK_EQ(RD(MCOUNTEREN), 0x28);
    CHECK_EQ(CLR(MCOUNTEREN, 0x8), 0x28);
    CHECK_EQ(RD(MCOUNTEREN), 0x20);
    CHECK_EQ(SET(MCOUNTEREN, 0), 0x20);   // set with a zero source: a legal no-op write
    CHECK_EQ(RD(MCOUNTEREN), 0x20);
    // reserved bits read 0 and are not written: bits 0..2 (CY/TM/IR) and >= 3+NC
    CHECK_EQ(WR(MCOUNTEREN, 0x7), 0x20);
    CHECK_EQ(RD(MCOUNTEREN), 0);
    CHECK_EQ(SET(MCOUNTEREN, ~0ull), 0);
    CHECK_EQ(RD(MCOUNTEREN), ncmask() << 3);
    for (uint16_t a : {SCOUNTEREN, HCOUNTEREN}) {
        CHECK_EQ(WR(a, 0x7), 0);
        CHECK_EQ(RD(a), 0);
        CHECK_EQ(WR(a, ~0ull), 0);
        CHECK_EQ(CLR(a, 0x8), ncmask() << 3);
        CHECK_EQ(RD(a), (ncmask() << 3) & ~0x8ull);
    }
    // mhpmevent: every field but bits 57:40 and the TX bits of absent threads
    const unsigned n = 1;
    const uint64_t rm = 0xFFFFFFFFull | ((1ull << NT_) - 1) << TX_LSB | 0x3Full << 58;
    set_event(h, n, ~0ull);   // (OF=1 by software)
    CHECK_EQ(get_event(h, n), rm);
    if (RV32) {
        CHECK_EQ(CLR(MHPMEVENT + n, 0xFFFF00FFu), 0xFFFFFFFFu);
        CHECK_EQ(CLR(MHPMEVENTH + n, 0x7FFFFFFFu), rm >> 32);
    } else {
        CHECK_EQ(CLR(MHPMEVENT + n, 0x7FFFFFFFFFFF00FFull), rm);
    }
    CHECK_EQ(get_event(h, n), 1ull << OF_BIT | 0xFF00u);
    if (RV32) CHECK_EQ(SET(MHPMEVENT + n, EV(CLS, 1)), 0xFF00u);
    else CHECK_EQ(SET(MHPMEVENT + n, EV(CLS, 1)), 1ull << OF_BIT | 0xFF00u);
    CHECK_EQ(get_event(h, n), 1ull << OF_BIT | EV(CLS, 1) | 0xFF00u);
    // mhpmcounter: bits >= CW are not written
    set_cnt(h, n, 0);
    if (RV32) {
        CHECK_EQ(SET(MHPMCOUNTERH + n, 0xFFFF0001u), 0);
        CHECK_EQ(h.cnt(n), (CMASK & 0x1FFFFFFFFull & ~0xFFFFFFFFull));
    } else {
        CHECK_EQ(SET(MHPMCOUNTER + n, ~0ull << (CW_ - 1)), 0);
        CHECK_EQ(h.cnt(n), 1ull << (CW_ - 1));
        CHECK_EQ(CLR(MHPMCOUNTER + n, ~0ull), 1ull << (CW_ - 1));
        CHECK_EQ(h.cnt(n), 0);
    }
    // the APB access phase waits (PREADY=0) in a cycle with a CSR instruction
    h.write(PMU_REG_CNTEN, 0x5);
    auto apb_setup = [&](uint32_t a, bool w, uint32_t d) {
        h.in.psel = 1; h.in.penable = 0; h.in.pwrite = w; h.in.paddr = a; h.in.pwdata = d;
        h.in.pstrb = w ? 0xF : 0; h.in.pprot = 1;
        stp(h);
        h.in.penable = 1;
    };
    auto apb_end = [&]() { h.in.psel = 0; h.in.penable = 0; h.in.pwrite = 0; h.in.paddr = 0; h.in.pwdata = 0; h.in.pstrb = 0; };
    // a read of CNTEN: the access phase meets an mcounteren write -> waits a cycle
    apb_setup(PMU_REG_CNTEN, false, 0);
    WR(MCOUNTEREN, 0x8);
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x5);
    apb_end();
    CHECK_EQ(RD(MCOUNTEREN), 0x8);
    // every CSR instruction holds it (csr_valid_i alone): a CSR read (op
    // READ), a faulting write, a number that is not the view's
    apb_setup(PMU_REG_CNTEN, false, 0);
    RD(MCOUNTINHIBIT);
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x5);
    apb_end();
    apb_setup(PMU_REG_CNTEN, false, 0);
    CHECK_EQ(try_acc(h, MCOUNTEREN, OP_W, 0, P_S), ILL);
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x5);
    apb_end();
    apb_setup(PMU_REG_CNTEN, false, 0);
    CHECK_EQ(csr(h, 0xB00, OP_R, 0).hit, 0u);   // mcycle: the core's own CSR
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x5);
    apb_end();
    CHECK_EQ(RD(MCOUNTEREN), 0x8);
}

// An APB write whose access phase meets a CSR write waits a cycle (PREADY=0)
// and completes in the next: the CSR write first, then the APB one
void t_apb_hold(Harness &h) {
    h.write(PMU_REG_CNTEN, 0x5);
    h.in.psel = 1; h.in.penable = 0; h.in.pwrite = 1; h.in.paddr = PMU_REG_CNTEN; h.in.pwdata = 0x3;
    h.in.pstrb = 0xF; h.in.pprot = 1;
    stp(h);                                 // setup
    h.in.penable = 1;
    CHECK_EQ(WR(MCOUNTINHIBIT, ~0ull), (ncmask() & ~5ull) << 3);   // access phase + CSR write
    CHECK_EQ(h.out.pready, 0);
    stp(h);                                 // the access phase again: done
    CHECK_EQ(h.out.pready, 1);
    h.in.psel = 0; h.in.penable = 0; h.in.pwrite = 0; h.in.paddr = 0; h.in.pwdata = 0; h.in.pstrb = 0;
    CHECK_EQ(h.read(PMU_REG_CNTEN), 0x3);
    CHECK_EQ(RD(MCOUNTINHIBIT), (ncmask() & ~3ull) << 3);
    // a set with a zero source is a write too (it holds the APB access)
    h.in.psel = 1; h.in.penable = 0; h.in.pwrite = 0; h.in.paddr = PMU_REG_CNTEN; h.in.pstrb = 0; h.in.pprot = 1;
    stp(h);
    h.in.penable = 1;
    SET(SCOUNTEREN, 0);
    CHECK_EQ(h.out.pready, 0);
    stp(h);
    CHECK_EQ(h.out.pready, 1);
    CHECK_EQ(h.out.prdata, 0x3);
    h.in.psel = 0; h.in.penable = 0; h.in.paddr = 0;
    idle(h, 2);
}

// Reset values: mhpmevent's TX reads 1 for every implemented thread (the
// native EQ resets to 0: nothing counts; regs/pmu_rv.rdl TX reset), the rest 0;
// every counter inhibited
void t_reset_values(Harness &h) {
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(get_event(h, n), (((1ull << NT_) - 1) << 32));
    CHECK_EQ(RD(MCOUNTINHIBIT), ncmask() << 3);
    for (unsigned n = 0; n < NC_; n++) CHECK_EQ(get_cnt(h, n), 0);
}
