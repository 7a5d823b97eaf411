// The views' operations (tb/random/random.h): gen_cs, the CoreSight view's
// bus operations (VIEW=1: 30% of the operations, gen_ops); gen_rv, the
// RISC-V CSR port's instructions (XLEN != 0, queued for the port by
// stimulus.cpp's drive_csr).
#include "random.h"

// CoreSight-view bus operations (VIEW=1, docs/coresight.md): the
// architected registers over the same counting core
void RandomBench::gen_cs() {
    unsigned n = r.below(c.nc);
    const uint32_t xm = (1u << (2 * c.nt)) - 1u;
    auto w = [&](uint32_t a, uint32_t d) { q.push_back({a, true, d, 0xF, 1, 0, 0, 0, 1}); };
    auto rd = [&](uint32_t a) { q.push_back({a, false, 0, 0, 1, 0, 0, 0, 1}); };
    switch (r.below(17)) {
    case 0: {   // event type: a hot class, masks, sometimes edge/invert/threshold
        uint32_t es = hot_class(n), em = r.chance(40) ? 0xFFFF : (uint32_t)r.next() & 0xFFFF;
        uint32_t v = em | es << 16;
        if (r.chance(15)) v |= (uint32_t)r.next() & 0xFFC00000u;
        w(PMU_CS_PMEVTYPER(n), v);
        break;
    }
    case 1: w(PMU_CS_PMEVFILTR(n), r.chance(60) ? 0u : (uint32_t)r.next() & (r.chance(80) ? xm : ~0u)); break;
    case 2: w(PMU_CS_PMEVFILT2R(n), r.chance(50) ? 0u : (uint32_t)r.next()); break;
    case 3: w(PMU_CS_PMCCFILTR, r.chance(60) ? 0u : (uint32_t)r.next()); break;
    case 4: w(r.chance(75) ? PMU_CS_PMCNTENSET0 : PMU_CS_PMCNTENCLR0, r.chance(40) ? 0xFFFFFFFFu : (uint32_t)r.next()); break;
    case 5: w(r.chance(60) ? PMU_CS_PMINTENSET0 : PMU_CS_PMINTENCLR0, (uint32_t)r.next()); break;
    case 6: w(PMU_CS_PMCR, (r.chance(85) ? 1u : 0u) | (r.chance(5) ? 2u : 0u) | (r.chance(5) ? 4u : 0u) |
                           (r.chance(25) ? 0x200u : 0u) | (r.chance(10) ? (uint32_t)r.next() & ~0x207u : 0u)); break;
    case 7: {   // an event counter near its overflow, one word at a time (low then high, as Linux)
        uint64_t v = r.chance(70) ? (h.cmask - r.below(5000)) : (r.next() & h.cmask);
        if (r.chance(20)) v = 0xFFFFFFFFull - r.below(3000);
        w(PMU_CS_PMEVCNTR_LO(n), (uint32_t)v);
        w(PMU_CS_PMEVCNTR_HI(n), (uint32_t)(v >> 32));
        break;
    }
    case 8: case 16: {   // the cycle counter near its overflow
        uint64_t v = h.cmask - r.below(3000);
        w(PMU_CS_PMCCNTR_LO, (uint32_t)v);
        w(PMU_CS_PMCCNTR_HI, (uint32_t)(v >> 32));
        break;
    }
    case 9: w(r.chance(70) ? PMU_CS_PMOVSCLR0 : PMU_CS_PMOVSSET0, r.chance(50) ? ~0u : (uint32_t)r.next()); break;
    case 10: case 11: {   // a high-low-high counter read (the Linux driver's)
        uint32_t lo = r.chance(20) ? PMU_CS_PMCCNTR_LO : PMU_CS_PMEVCNTR_LO(n);
        rd(lo + 4); rd(lo); rd(lo + 4);
        break;
    }
    case 12: {   // read any page 0/1 word, mapped or not
        static const uint32_t g[] = {PMU_CS_PMCFGR, PMU_CS_PMCR, PMU_CS_PMIIDR, PMU_CS_PMCNTENSET0, PMU_CS_PMINTENCLR0,
                                     PMU_CS_PMOVSSET0, PMU_CS_PMOVSCLR0, PMU_CS_PMCCFILTR, PMU_CS_PMDEVARCH};
        rd(r.chance(50) ? g[r.below(9)] : r.below(0x2000) & ~3u);
        break;
    }
    case 13: rd(r.chance(50) ? PMU_CS_PMEVTYPER(n) : r.chance(50) ? PMU_CS_PMEVFILTR(n) : PMU_CS_PMEVFILT2R(n)); break;
    default: {   // bad, unprivileged, RAZ/WI accesses: anywhere, misaligned, partial, unimplemented counters
        uint32_t a;
        switch (r.below(4)) {
        case 0: a = r.below(0x4000); break;
        case 1: a = PMU_CS_PMEVCNTR_LO(n) | (1 + r.below(3)); break;
        case 2: a = PMU_CS_PMEVTYPER(c.nc + r.below(31 - c.nc + 1)); break;
        default: a = PMU_CS_PMEVCNTR_LO(n) + 4 * r.below(2); break;
        }
        bool wr = r.chance(50);
        q.push_back({a, wr, (uint32_t)r.next(), (uint8_t)(wr ? (r.chance(50) ? 0xF : r.below(16)) : 0),
                     (uint8_t)r.below(8), 0, 0, 0, 1});
        break;
    }
    }
}

// RISC-V CSR-port operations (XLEN != 0, docs/riscv.md): one instruction
// per csr_valid_i cycle, at random privilege modes, on every CSR of the
// view, the RV32 high halves, unimplemented counters and non-CSR numbers
void RandomBench::gen_rv() {
    const unsigned n = r.below(c.nc);
    const uint8_t M = 3;
    auto op = [&](uint16_t a, uint8_t o, uint64_t v, uint8_t pv) { rvq.push_back({a, o, pv, v}); };
    auto wr64 = [&](uint16_t lo, uint16_t hi, uint64_t v) {   // a whole 64-bit write (RV32: two halves)
        if (rv32) { op(lo, PMU_RV_OP_WRITE, (uint32_t)v, M); op(hi, PMU_RV_OP_WRITE, v >> 32, M); }
        else op(lo, PMU_RV_OP_WRITE, v, M);
    };
    auto rd = [&](uint16_t a, uint8_t pv) { op(a, PMU_RV_OP_READ, r.next(), pv); };
    switch (r.below(16)) {
    case 0: case 1: {   // an event: a hot class, masks, sometimes threshold controls, xINH, TX, OF
        uint64_t v = hot_class(n) << PMU_RV_MHPMEVENT_ES_LSB | (r.chance(40) ? 0xFFFFu : (r.next() & 0xFFFFu));
        if (r.chance(15)) v |= r.next() & 0xFFC00000ull;
        if (r.chance(40)) v |= (r.next() & 0x1Full) << PMU_RV_MHPMEVENT_VUINH_LSB;
        if (r.chance(20)) v |= (r.next() & 0xFFull) << PMU_RV_MHPMEVENT_TX_LSB;
        if (r.chance(20)) v |= 1ull << PMU_RV_MHPMEVENT_OF_LSB;
        if (r.chance(5)) v = r.next();
        wr64(PMU_RV_CSR_MHPMEVENT + n, PMU_RV_CSR_MHPMEVENT_H + n, v);
        break;
    }
    case 2: {   // a counter near its overflow (OpenSBI: lo then hi on RV32)
        uint64_t v = r.chance(70) ? (h.cmask - r.below(3000)) : r.next();
        if (r.chance(10)) v = ~0ull;   // the width probe
        wr64(PMU_RV_CSR_MHPMCOUNTER + n, PMU_RV_CSR_MHPMCOUNTER_H + n, v);
        break;
    }
    case 3: {   // start / stop (mostly everything running)
        uint64_t v = r.chance(70) ? 0u : r.chance(50) ? ~0ull : r.next();
        op(PMU_RV_CSR_MCOUNTINHIBIT, (uint8_t)(r.chance(70) ? PMU_RV_OP_WRITE : 2 + r.below(2)), v, M);
        break;
    }
    case 4: {   // clear / set OF (the overflow handler's csrc), set/clear of any event bits
        const uint16_t a = rv32 ? PMU_RV_CSR_MHPMEVENT_H + n : PMU_RV_CSR_MHPMEVENT + n;
        const uint64_t of = rv32 ? 1ull << 31 : 1ull << 63;
        op(a, (uint8_t)(r.chance(70) ? PMU_RV_OP_CLEAR : PMU_RV_OP_SET), r.chance(70) ? of : r.next(), M);
        break;
    }
    case 5: {   // the counter enables
        static const uint16_t en[3] = {PMU_RV_CSR_MCOUNTEREN, PMU_RV_CSR_SCOUNTEREN, PMU_RV_CSR_HCOUNTEREN};
        op(en[r.below(3)], (uint8_t)(1 + r.below(3)), r.chance(50) ? ~0ull : r.next(), M);
        break;
    }
    case 6: case 7: case 8: {   // reads at any privilege: counters (hi-lo-hi on RV32), scountovf
        static const uint8_t pv[6] = {3, 3, 1, 0, 5, 4};   // M M S U VS VU
        const uint8_t p = pv[r.below(6)];
        if (r.chance(30)) { rd(PMU_RV_CSR_SCOUNTOVF, p); break; }
        const uint16_t base = r.chance(50) ? PMU_RV_CSR_HPMCOUNTER : PMU_RV_CSR_MHPMCOUNTER;
        if (rv32) { rd(base + 0x80 + n, p); rd(base + n, p); rd(base + 0x80 + n, p); }
        else rd(base + n, p);
        break;
    }
    case 9: {   // reads of the event and control CSRs
        static const uint16_t g[5] = {PMU_RV_CSR_MCOUNTINHIBIT, PMU_RV_CSR_MCOUNTEREN, PMU_RV_CSR_SCOUNTEREN,
                                      PMU_RV_CSR_HCOUNTEREN, PMU_RV_CSR_SCOUNTOVF};
        rd(r.chance(50) ? (uint16_t)(PMU_RV_CSR_MHPMEVENT + n + (rv32 && r.chance(50) ? 0x400 : 0)) : g[r.below(5)], M);
        break;
    }
    case 10: {   // unimplemented counters: read 0, writes ignored
        const unsigned u = c.nc + r.below(29 - c.nc + 1);
        static const uint16_t b[3] = {PMU_RV_CSR_MHPMCOUNTER, PMU_RV_CSR_MHPMEVENT, PMU_RV_CSR_HPMCOUNTER};
        const uint16_t a = (uint16_t)(b[r.below(3)] + (u < 29 ? u : 28));
        op(a, (uint8_t)r.below(4), r.next(), M);
        break;
    }
    default: {   // anything: any number near the view's, any op, any mode, any data
        static const uint16_t near[] = {0x106, 0x306, 0x320, 0x321, 0x322, 0x323, 0x33F, 0x340, 0x606, 0x723, 0xB00,
                                        0xB02, 0xB03, 0xB1F, 0xB20, 0xB83, 0xC00, 0xC03, 0xC83, 0xDA0, 0xDA1, 0x7A0};
        const uint16_t a = r.chance(50) ? near[r.below(sizeof near / sizeof near[0])] : (uint16_t)(r.below(0x1000));
        op(a, (uint8_t)r.below(4), r.chance(50) ? r.next() : r.below(32), (uint8_t)r.below(8));
        break;
    }
    }
}
