// Lockstep bench of the bus wrappers: the AXI4-Lite master and protocol checker
// (-DBUS_AXIL): bus outputs against the bridge model, one response per request, responses
// held under back-pressure, coverage.
// Shared bench state, master helpers and the test table: tb/bus/bus.h, tb/test_bus.cpp.
#include "bus.h"

#if defined(BUS_AXIL)
void Bench::post_bus(apb_rsp rsp) {
    auto *d = h.dut;
    BCMP("AWREADY", d->awready_o, bo.awready);
    BCMP("WREADY", d->wready_o, bo.wready);
    BCMP("ARREADY", d->arready_o, bo.arready);
    BCMP("BVALID", d->bvalid_o, bo.bvalid);
    BCMP("BRESP", d->bresp_o, bo.bresp);
    BCMP("RVALID", d->rvalid_o, bo.rvalid);
    BCMP("RRESP", d->rresp_o, bo.rresp);
    BCMP("RDATA", d->rdata_o, bo.rdata);
    // protocol checker (on the RTL's outputs)
    const bool aw_hs = ai.awvalid && d->awready_o, w_hs = ai.wvalid && d->wready_o;
    const bool b_hs = d->bvalid_o && ai.bready, ar_hs = ai.arvalid && d->arready_o;
    const bool r_hs = d->rvalid_o && ai.rready;
    if (prev_b_stall && (!d->bvalid_o || d->bresp_o != prev_bo.bresp)) error("B changed while BVALID & !BREADY");
    if (prev_r_stall && (!d->rvalid_o || d->rresp_o != prev_bo.rresp || d->rdata_o != prev_bo.rdata))
        error("R changed while RVALID & !RREADY");
    if (d->bvalid_o && b_i >= std::min(aw_i, w_i)) error("BVALID without a pending write");
    if (d->rvalid_o && r_i >= ar_i) error("RVALID without a pending read");
    if ((d->bresp_o & 1) || (d->rresp_o & 1)) error("EXOKAY/DECERR response");
    prev_b_stall = d->bvalid_o && !ai.bready;
    prev_r_stall = d->rvalid_o && !ai.rready;
    prev_bo.bresp = d->bresp_o; prev_bo.rresp = d->rresp_o; prev_bo.rdata = d->rdata_o;
    if (prev_b_stall || prev_r_stall) cov_bp++;
    if ((ai.awvalid && !d->awready_o) || (ai.wvalid && !d->wready_o) || (ai.arvalid && !d->arready_o)) cov_bp++;
    if (aw_hs && w_hs) cov_together++;
    else if (aw_hs && w_i <= aw_i) cov_aw_first++;
    else if (w_hs && aw_i <= w_i) cov_w_first++;
    if ((aw_hs || w_hs) && ar_hs) cov_both++;
    axil_model_step(&bm, &ai, &rsp);
    // master: handshakes
    const uint64_t t = h.cycle;
    if (aw_hs) { wr[aw_i].t_req = t; aw_i++; ai.awvalid = 0; }
    if (w_hs) { wr[w_i].t_req = t; w_i++; ai.wvalid = 0; }   // writes: t_req = the later of AW / W
    if (b_hs) {
        Txn &x = wr[b_i++];
        x.done = true; x.err = d->bresp_o == 2; x.t_done = t;
        cov_err += x.err;
    }
    if (ar_hs) { rd[ar_i++].t_req = t; ai.arvalid = 0; }
    if (r_hs) {
        Txn &x = rd[r_i++];
        x.done = true; x.err = d->rresp_o == 2; x.rdata = d->rdata_o; x.t_done = t;
        cov_err += x.err;
        cov_ok_rd += !x.err;
    }
    // master: next cycle's inputs (VALID held until the handshake)
    if (!ai.awvalid && aw_i < wr.size() && !hold_aw && r.chance(p_req)) {
        ai.awvalid = 1; ai.awaddr = wr[aw_i].addr; ai.awprot = wr[aw_i].prot; ai.awuser = wr[aw_i].tid;
    }
    if (!ai.wvalid && w_i < wr.size() && !hold_w && r.chance(p_req2)) {
        ai.wvalid = 1; ai.wdata = wr[w_i].data; ai.wstrb = wr[w_i].strb;
    }
    if (!ai.arvalid && ar_i < rd.size() && r.chance(p_req)) {
        ai.arvalid = 1; ai.araddr = rd[ar_i].addr; ai.arprot = rd[ar_i].prot; ai.aruser = rd[ar_i].tid;
    }
    ai.bready = r.chance(p_rdy);
    ai.rready = r.chance(p_rdy);
    if (!ai.awvalid) { ai.awaddr = (uint32_t)r.next() & 0xFFF; ai.awprot = r.below(8); ai.awuser = idle_tid(); }   // don't-care when idle
    if (!ai.wvalid) { ai.wdata = (uint32_t)r.next(); ai.wstrb = r.below(16); }
    if (!ai.arvalid) { ai.araddr = (uint32_t)r.next() & 0xFFF; ai.arprot = r.below(8); ai.aruser = idle_tid(); }
}
#endif
