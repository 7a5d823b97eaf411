// Lockstep bench of the bus wrappers: the bench's per-cycle hooks on the APB side (bus
// inputs to the RTL, the bridge model's request to the core model and its comparison with
// the RTL's) and its reset.
// Shared bench state, master helpers and the test table: tb/bus/bus.h, tb/test_bus.cpp.
#include "bus.h"

void Bench::reset() {
#if defined(BUS_AXIL)
    ai = axil_in{};
    apply_inputs();
    h.reset();
    axil_model_reset(&bm, ABITS, BUS_FORCE_PRIV);
    aw_i = w_i = b_i = ar_i = r_i = 0;
    prev_b_stall = prev_r_stall = false;
#elif defined(BUS_WB)
    wi = wb_in{};
    apply_inputs();
    h.reset();
    wb_model_reset(&bm, ABITS, BUS_PIPELINED_ONLY, BUS_FORCE_PRIV);
    req_i = 0;
    outst.clear();
    classic = cls_gap = false;
    cls_i = 0;
    n_take = n_rsp = 0;
#else
    gi = bus_in{};
    apply_inputs();
    h.reset();
    bus_model_reset(&bm, ABITS);
    req_i = 0;
    presenting = false;
    outst.clear();
    n_take = n_rsp = 0;
#endif
    wr.clear(); rd.clear();
    apb_order.clear();
    apb_log.clear();
    rtl_user_setup.clear(); rtl_user_last.clear();
    rtl_user_changed = 0;
    idle_user = -1;
    hold_aw = hold_w = false;
}

void Bench::apply_inputs() {
    auto *d = h.dut;
#if defined(BUS_AXIL)
    d->awvalid_i = ai.awvalid; d->awaddr_i = ai.awaddr; d->awprot_i = ai.awprot; d->awuser_i = ai.awuser;
    d->wvalid_i = ai.wvalid; d->wdata_i = ai.wdata; d->wstrb_i = ai.wstrb;
    d->bready_i = ai.bready;
    d->arvalid_i = ai.arvalid; d->araddr_i = ai.araddr; d->arprot_i = ai.arprot; d->aruser_i = ai.aruser;
    d->rready_i = ai.rready;
#elif defined(BUS_WB)
    d->wb_cyc_i = wi.cyc; d->wb_stb_i = wi.stb; d->wb_we_i = wi.we; d->wb_adr_i = wi.adr;
    d->wb_dat_i = wi.dat; d->wb_sel_i = wi.sel; d->wb_prot_i = wi.prot; d->wb_tga_i = wi.tga;
#else
    BUS_APPLY(d, gi);
#endif
}

void Bench::pre() {
    apply_inputs();
#if defined(BUS_AXIL)
    axil_model_outputs(&bm, &bo);
    const apb_req &a = bo.apb;
#elif defined(BUS_WB)
    wb_model_outputs(&bm, &bo);
    const apb_req &a = bo.apb;
#else
    bus_model_outputs(&bm, &bo);
    const apb_req &a = bo.apb;
#endif
    h.in.psel = a.psel; h.in.penable = a.penable; h.in.pwrite = a.pwrite; h.in.paddr = a.paddr;
    h.in.pwdata = a.pwdata; h.in.pstrb = a.pstrb; h.in.pprot = a.pprot; h.in.ptid = a.pauser;
    if (a.psel && !a.penable) { apb_order += a.pwrite ? 'W' : 'R'; apb_log.push_back(a); }
}

void Bench::post() {
    const apb_req &a = bo.apb;
    BCMP("PSEL", SIG(psel), a.psel);
    BCMP("PENABLE", SIG(penable), a.penable);
    BCMP("PWRITE", SIG(pwrite), a.pwrite);
    BCMP("PADDR", SIG(paddr), a.paddr);
    BCMP("PWDATA", SIG(pwdata), a.pwdata);
    BCMP("PSTRB", SIG(pstrb), a.pstrb);
    BCMP("PPROT", SIG(pprot), a.pprot);
    BCMP("PAUSER", SIG(pauser), a.pauser);
    if (SIG(psel) && !SIG(penable)) rtl_user_setup.push_back(SIG(pauser));
    if (SIG(psel) && SIG(penable) && !rtl_user_setup.empty() && SIG(pauser) != rtl_user_setup.back())
        rtl_user_changed++;
    if (SIG(psel) && SIG(penable) && SIG(pready)) rtl_user_last.push_back(SIG(pauser));
    BCMP("PREADY", SIG(pready), h.out.pready);
    BCMP("PRDATA", SIG(prdata), h.out.prdata);
    BCMP("PSLVERR", SIG(pslverr), h.out.pslverr);
    apb_rsp rsp{h.out.pready, h.out.pslverr, h.out.prdata};
    post_bus(rsp);
}

void Bench::soft_restart() {
#if defined(BUS_AXIL)
    aw_i = w_i = b_i = ar_i = r_i = 0;
#elif defined(BUS_WB)
    req_i = 0;
    outst.clear();
    cls_i = 0;
    n_take = n_rsp = 0;
#else
    req_i = 0;
    outst.clear();
    n_take = n_rsp = 0;
#endif
    apb_log.clear();
    rtl_user_setup.clear(); rtl_user_last.clear();
}
