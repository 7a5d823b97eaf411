/* Cycle-accurate models of the bus bridges; see pmu_bus_model.h. */
#include <string.h>
#include "pmu_bus_model.h"

static uint32_t amask(unsigned abits) { return abits >= 32 ? 0xFFFFFFFFu : ((1u << abits) - 1u); }

/* ---------------- AXI4-Lite (rtl/pmu_axil2apb.v) ---------------- */
void axil_model_reset(axil_model *m, unsigned abits, unsigned force_priv) {
    memset(m, 0, sizeof *m);
    m->abits = abits;
    m->force_priv = (uint8_t)(force_priv != 0);
}

void axil_model_outputs(const axil_model *m, axil_out *o) {
    o->awready = !m->aw;
    o->wready = !m->w;
    o->arready = !m->ar;
    o->bvalid = m->bvalid;
    o->bresp = m->berr ? 2u : 0u;
    o->rvalid = m->rvalid;
    o->rresp = m->rerr ? 2u : 0u;
    o->rdata = m->rdata;
    o->apb = m->apb;
}

void axil_model_step(axil_model *m, const axil_in *in, const apb_rsp *rsp) {
    const int wr_go = m->aw && m->w && (!m->bvalid || in->bready);
    const int rd_go = m->ar && (!m->rvalid || in->rready);
    const int start_rd = !m->apb.psel && rd_go && (!wr_go || !m->rd_last);
    const int start_wr = !m->apb.psel && wr_go && !start_rd;
    const int last = m->apb.penable && rsp->pready;
    axil_model n = *m;
    if (in->awvalid && !m->aw) { n.awaddr = in->awaddr & amask(m->abits); n.awprot = m->force_priv ? 1u : in->awprot & 7u;
                                 n.awuser = in->awuser & 7u; }
    if (in->wvalid && !m->w) { n.wdata = in->wdata; n.wstrb = in->wstrb & 15u; }
    if (in->arvalid && !m->ar) { n.araddr = in->araddr & amask(m->abits); n.arprot = m->force_priv ? 1u : in->arprot & 7u;
                                 n.aruser = in->aruser & 7u; }
    n.aw = start_wr ? 0 : (m->aw || in->awvalid);
    n.w = start_wr ? 0 : (m->w || in->wvalid);
    n.ar = start_rd ? 0 : (m->ar || in->arvalid);
    if (start_wr || start_rd) {
        n.apb.psel = 1;
        n.apb.penable = 0;
        n.apb.pwrite = (uint8_t)start_wr;
        n.apb.paddr = start_wr ? m->awaddr : m->araddr;
        n.apb.pprot = start_wr ? m->awprot : m->arprot;
        n.apb.pauser = start_wr ? m->awuser : m->aruser;
        n.apb.pwdata = start_wr ? m->wdata : 0u;
        n.apb.pstrb = start_wr ? m->wstrb : 0u;
        n.rd_last = (uint8_t)start_rd;
    } else if (m->apb.psel && !m->apb.penable) {
        n.apb.penable = 1;
    } else if (last) {
        n.apb.psel = 0;
        n.apb.penable = 0;
    }
    if (last && m->apb.pwrite) { n.bvalid = 1; n.berr = rsp->pslverr; }
    else if (in->bready) n.bvalid = 0;
    if (last && !m->apb.pwrite) { n.rvalid = 1; n.rerr = rsp->pslverr; n.rdata = rsp->prdata; }
    else if (in->rready) n.rvalid = 0;
    *m = n;
}

/* ---------------- Wishbone (rtl/pmu_wb2apb.v) ---------------- */
void wb_model_reset(wb_model *m, unsigned abits, unsigned pipelined_only, unsigned force_priv) {
    memset(m, 0, sizeof *m);
    m->abits = abits;
    m->pipelined_only = (uint8_t)(pipelined_only != 0);
    m->force_priv = (uint8_t)(force_priv != 0);
}

void wb_model_outputs(const wb_model *m, wb_out *o) {
    o->stall = m->busy;
    o->ack = m->ack;
    o->err = m->err;
    o->dat = m->dat;
    o->apb = m->apb;
}

void wb_model_step(wb_model *m, const wb_in *in, const apb_rsp *rsp) {
    const int take = in->cyc && in->stb && !m->busy;
    const int last = m->apb.penable && rsp->pready;
    const int abort = m->abort || !in->cyc;   /* CYC low since the request was taken */
    wb_model n = *m;
    n.ack = 0;
    n.err = 0;
    if (take) {
        n.busy = 1;
        n.abort = 0;
        n.apb.psel = 1;
        n.apb.penable = 0;
        n.apb.pwrite = in->we & 1u;
        n.apb.paddr = in->adr & amask(m->abits);
        n.apb.pwdata = in->we ? in->dat : 0u;
        n.apb.pstrb = in->we ? (in->sel & 15u) : 0u;
        n.apb.pprot = m->force_priv ? 1u : in->prot & 7u;
        n.apb.pauser = in->tga & 7u;
    } else if (m->apb.psel && !m->apb.penable) {
        n.apb.penable = 1;
        n.abort = (uint8_t)abort;
    } else if (last) {
        n.apb.psel = 0;
        n.apb.penable = 0;
        n.busy = !m->pipelined_only;          /* STALL held through the response cycle */
        n.abort = 0;
        n.ack = !rsp->pslverr && !abort;
        n.err = rsp->pslverr && !abort;
        n.dat = rsp->prdata;
    } else if (m->busy && !m->apb.psel) {   /* the response cycle: STALL drops next */
        n.busy = 0;
    } else if (m->busy) {
        n.abort = (uint8_t)abort;
    }
    *m = n;
}
