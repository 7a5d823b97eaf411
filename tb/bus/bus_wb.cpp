// Lockstep bench of the bus wrappers: the Wishbone masters (-DBUS_WB: B4 pipelined, classic)
// and protocol checker: bus outputs against the bridge model, one ACK/ERR per taken request,
// none for an aborted one, coverage.
// Shared bench state, master helpers and the test table: tb/bus/bus.h, tb/test_bus.cpp.
#include "bus.h"

#if defined(BUS_WB)
void Bench::post_bus(apb_rsp rsp) {
    auto *d = h.dut;
    BCMP("STALL", d->wb_stall_o, bo.stall);
    BCMP("ACK", d->wb_ack_o, bo.ack);
    BCMP("ERR", d->wb_err_o, bo.err);
    BCMP("DAT_O", d->wb_dat_o, bo.dat);
    // protocol checker
    const bool take = wi.cyc && wi.stb && !d->wb_stall_o;
    if (wi.cyc && wi.stb && d->wb_stall_o) { cov_stall++; cov_bp++; }
    if (d->wb_ack_o && d->wb_err_o) error("ACK and ERR together");
    if (!BUS_PIPELINED_ONLY && take && (d->wb_ack_o || d->wb_err_o))
        error("request taken in an ACK/ERR cycle (PIPELINED_ONLY=0)");
    n_take += take;
    if (classic) {
        // classic master: the response ends the cycle of rd[cls_i]; the
        // slave may take the held request more than once (checked by
        // the tests from n_take and the APB transfers)
        const bool resp = d->wb_ack_o || d->wb_err_o;
        if (resp) {
            n_rsp++;
            if (n_rsp > n_take) error("ACK/ERR without a taken request");
            if (!wi.stb || cls_i >= rd.size()) error("ACK/ERR outside a classic cycle");
            else {
                Txn &x = rd[cls_i++];
                x.done = true; x.err = d->wb_err_o; x.rdata = d->wb_dat_o; x.t_done = h.cycle;
            }
        }
        wb_model_step(&bm, &wi, &rsp);
        if (resp || !wi.stb) {
            if (cls_i < rd.size() && !(resp && cls_gap)) {
                Txn &x = rd[cls_i];
                wi.cyc = 1; wi.stb = 1; wi.we = x.write; wi.adr = x.addr; wi.dat = x.data; wi.sel = x.strb;
                wi.prot = x.prot; wi.tga = x.tid;
                x.t_req = h.cycle + 1;   // the cycle STB is first presented
            } else {
                wi.cyc = 0; wi.stb = 0;
            }
        }
        return;
    }
    if (d->wb_ack_o || d->wb_err_o) {
        while (!outst.empty() && rd[outst.front()].aborted) outst.pop_front();   // no response for these
        if (outst.empty()) error("ACK/ERR without a taken request");
        else {
            Txn &x = rd[outst.front()];
            outst.pop_front();
            x.done = true; x.err = d->wb_err_o; x.rdata = d->wb_dat_o; x.t_done = h.cycle;
            cov_err += x.err;
            cov_ok_rd += !x.err && !x.write;
        }
    }
    if (!wi.cyc)
        for (size_t k : outst)
            if (!rd[k].aborted && rd[k].t_req < h.cycle) { rd[k].aborted = 1; rd[k].done = true; cov_abort++; }
    wb_model_step(&bm, &wi, &rsp);
    if (take) {
        rd[req_i].t_req = h.cycle;
        if (req_i && h.cycle == rd[req_i - 1].t_req + WB_PERIOD) cov_b2b++;   // at the earliest cycle
        outst.push_back(req_i++);
        wi.stb = 0;
    }
    while (outst.size() > 1 && rd[outst.front()].aborted) outst.pop_front();
    // master: next request (STB held while STALL)
    if (!wi.stb && req_i < rd.size() && r.chance(p_req)) {
        const Txn &x = rd[req_i];
        wi.cyc = 1; wi.stb = 1; wi.we = x.write; wi.adr = x.addr; wi.dat = x.data; wi.sel = x.strb;
        wi.prot = x.prot; wi.tga = x.tid;
    } else if (!wi.stb) {
        // idle: CYC low when nothing is pending; with p_abort sometimes drop it with a request pending
        bool pend = false;
        for (size_t k : outst) pend |= !rd[k].aborted;
        wi.cyc = pend ? !r.chance(p_abort) : r.chance(30);
        wi.we = r.below(2); wi.adr = (uint32_t)r.next() & 0xFFF; wi.dat = (uint32_t)r.next();
        wi.sel = r.below(16); wi.prot = r.below(8); wi.tga = idle_tid();
    }
}
#endif
