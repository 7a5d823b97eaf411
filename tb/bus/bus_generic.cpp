// Lockstep bench of the bus wrappers: the in-order master of a generic bus entry
// (tb/test_bus_gen.h): every bus output against the bridge model, one response per taken
// request.
// Shared bench state, master helpers and the test table: tb/bus/bus.h, tb/test_bus.cpp.
#include "bus.h"

#if !defined(BUS_AXIL) && !defined(BUS_WB)
void Bench::post_bus(apb_rsp rsp) {
    auto *d = h.dut;
    BUS_COMPARE(d, bo);   // every bus output of the RTL against the model's
    const bool take = presenting && bus_taken(&gi, &bo);
    if (presenting && !take) cov_bp++;
    uint8_t rerr = 0;
    uint32_t rdat = 0;
    if (bus_response(&bo, &rerr, &rdat)) {
        n_rsp++;
        if (outst.empty()) error("response without a taken request");
        else {
            Txn &x = rd[outst.front()];
            outst.pop_front();
            x.done = true; x.err = rerr; x.rdata = rdat; x.t_done = h.cycle;
            cov_err += x.err;
            cov_ok_rd += !x.err && !x.write;
        }
    }
    bus_model_step(&bm, &gi, &rsp);
    if (take) {
        rd[req_i].t_req = h.cycle;
        outst.push_back(req_i++);
        n_take++;
        presenting = false;
    }
    // master: the next request (held until taken), else idle with don't-care fields
    if (!presenting && req_i < rd.size() && r.chance(p_req)) {
        const Txn &x = rd[req_i];
        bus_txn t{x.write, x.strb, x.prot, x.tid, x.addr, x.data};
        bus_drive(&gi, 1, &t);
        presenting = true;
    } else if (!presenting) {
        bus_txn t{(uint8_t)r.below(2), (uint8_t)r.below(16), (uint8_t)r.below(8), idle_tid(),
                  (uint32_t)r.next() & 0xFFF, (uint32_t)r.next()};
        bus_drive(&gi, 0, &t);
    }
}
#endif
