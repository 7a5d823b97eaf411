// Each cycle's inputs of the random lockstep bench (tb/random/random.h), drawn
// before the step in this order: event traffic and FP retirements, the
// RISC-V CSR port, the generated levels of simple inputs no code here assigns
// (a new core input port gets them without an edit: util/gen_wrappers.py
// reads this file for `in.foo`), the APB master. After the step, bus_next
// moves the APB master on.
#include <type_traits>

#include "random.h"

void RandomBench::drive() {
    drive_events();
    drive_csr();
    // BEGIN generated: core-stimulus (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    // END generated: core-stimulus
    drive_bus();
}

// event traffic in phases (none, sparse, dense, maximum increment, slow levels),
// CPL changes, FP retirement slots, process marks, load/store latencies,
// addresses and external yield events
void RandomBench::drive_events() {
    if (ev_left == 0) {
        ev_mode = r.below(6);
        ev_left = 1 + r.below(r.chance(20) ? 4000 : 300);
    }
    ev_left--;
    for (unsigned t = 0; t < c.nt; t++) {
        if (r.below(64) == 0) h.in.cpl[t] = r.chance(50) ? 0 : (uint8_t)(1 + r.below(3));
        for (unsigned k = 0; k < c.ncls; k += 4) {
            uint64_t v;
            switch (ev_mode) {
            case 0: v = 0; break;
            case 1: v = r.next() & r.next() & r.next(); break;     // sparse
            case 2: v = r.next(); break;                           // dense
            case 3: v = ~0ull; break;                              // max increment
            case 4:                                                // slowly changing levels
                if (r.below(16)) continue;
                v = r.next() & r.next();
                break;
            default: v = r.next() & r.next(); break;
            }
            for (unsigned j = 0; j < 4 && k + j < c.ncls; j++) h.in.ev[t][k + j] = (uint16_t)(v >> (16 * j));
        }
        for (unsigned s = 0; s < c.nret; s++) {
            pmu_flop_slot &f = h.in.flop[t][s];
            if (ev_mode == 3) {   // max increment: counted sizes, FMA
                f.valid = 1; f.rsz = (uint8_t)(1 + r.below(5)); f.esz = (uint8_t)r.below(2);
                f.scalar = (uint8_t)r.chance(30); f.op = PMU_FOP_FMA;
            } else if (ev_mode == 0) f.valid = 0;
            else {
                f.valid = r.chance(60); f.rsz = (uint8_t)r.below(8); f.esz = (uint8_t)r.below(2);
                f.scalar = (uint8_t)r.chance(35);
                f.op = (uint8_t)(r.chance(30) ? PMU_FOP_FMA : r.chance(85) ? r.below(PMU_FLOP_NTYPE) : r.below(16));
            }
            if (f.valid && f.rsz <= PMU_RSZ1024) cov.flop++;
            if (f.valid && f.op == PMU_FOP_FMA) cov.fma++;
            if (f.valid) cov.fop[f.op & 15]++;
            if (f.valid && f.scalar && f.rsz >= PMU_RSZ128 && f.rsz <= PMU_RSZ1024) cov.sc_wide++;
            if (f.valid && f.rsz == PMU_RSZ1024) cov.r1024++;
        }
        if (r.below(32) == 0) h.in.pm[t] ^= 1;
        h.in.mem_valid[t] = ev_mode != 0 && r.chance(30);
        h.in.mem_lat[t] = (uint16_t)(r.chance(90) ? r.below(400) : r.next());
        if (h.in.mem_valid[t] && h.in.mem_lat[t] > ((uint32_t)h.dut->mmcr_o >> 16)) cov.lat++;
    }
    h.in.iaddr = r.next();
    h.in.daddr = r.next();
    h.in.yev = ev_mode == 3 ? 0xFF : ev_mode == 0 ? 0 : (uint8_t)(r.next() & r.next());
}

// the RISC-V CSR port (XLEN != 0): thread modes, stopcount, one queued
// instruction (gen_rv) at a time
void RandomBench::drive_csr() {
    h.in.csr_valid = 0;
    if (c.xlen) {
        for (unsigned t = 0; t < c.nt; t++)   // the mode of each thread's events: mostly U and M
            if (r.below(48) == 0) {
                static const uint8_t md[8] = {0, 0, 3, 3, 1, 5, 4, 2};   // U U M M S VS VU (2: no mode)
                h.in.rv_mode[t] = md[r.below(8)];
            }
        if (r.below(2000) == 0) h.in.stopcount = 1;
        else if (h.in.stopcount && r.below(200) == 0) h.in.stopcount = 0;
        if (rvq.empty() && r.chance(6)) gen_rv();
        if (!rvq.empty() && r.chance(60)) {
            const Csr o = rvq.front();
            rvq.pop_front();
            h.in.csr_valid = 1; h.in.csr_addr = o.addr; h.in.csr_op = o.op; h.in.csr_priv = o.priv;
            h.in.csr_wdata = o.wd;
        } else {   // idle: the other inputs still move (outputs must not care)
            h.in.csr_addr = (uint16_t)r.below(0x1000); h.in.csr_op = (uint8_t)r.below(4);
            h.in.csr_priv = (uint8_t)r.below(8); h.in.csr_wdata = r.next();
        }
    }
}

// the APB master: the next queued operation (gen_ops when none) after the
// gap, its setup and access phases
void RandomBench::drive_bus() {
    if (phase == 0) {
        h.in.psel = 0; h.in.penable = 0;
        if (gap) gap--;
        else {
            if (q.empty()) gen_ops();
            cur = q.front(); q.pop_front();
            // the issuing thread: mostly one that exists, sometimes a number >= NT
            cur.ptid = cur.tid1 ? (uint8_t)(cur.tid1 - 1) : (uint8_t)(r.chance(90) ? r.below(c.nt) : r.below(8));
            phase = 1;
        }
    }
    if (phase == 1) {
        h.in.psel = 1; h.in.penable = 0; h.in.pwrite = cur.write;
        h.in.paddr = c.view && !cur.cs ? PMU_CS_NATIVE_PAGE + cur.addr : cur.addr;
        h.in.pwdata = cur.write ? cur.data : (uint32_t)r.next();   // PWDATA is don't-care on reads
        h.in.pstrb = cur.strb; h.in.pprot = cur.prot; h.in.ptid = cur.ptid;
        phase = 2;
    } else if (phase == 2) {
        h.in.penable = 1;
        phase = 3;
    }
}

// after the step: an APB access phase held off by a same-cycle CSR
// instruction goes on; a completed one ends, the next one after a random gap
void RandomBench::bus_next() {
    if (phase == 3 && !h.out.pready) phase = 2;
    else if (phase == 3) {
        phase = 0;
        gap = r.chance(50) ? 0 : r.below(4);
        if (!q.empty() && q.front().nogap) gap = 0;
    }
}
