// Lockstep bench of the bus wrappers: rtl/pmu_core_axil.v (-DBUS_AXIL) or
// rtl/pmu_core_wb.v (-DBUS_WB) as the Verilated top. The wrapper's own
// parameters of the build come as -DBUS_<P>=V (sim/core.mk busbuild, with
// the same -G<P>=V): BUS_FORCE_PRIV, BUS_PIPELINED_ONLY (default 0); the
// bridge models get them and the directed tests expect what they select.
//   test_bus [--seed N] [--cycles N] [--only NAME]
// Every cycle: the bridge's C model (cmodel/pmu_bus_model.c) gives the APB
// request that drives the core's C model (pmu_model.c); the RTL bridge's bus
// outputs are compared with the bridge model's, the RTL's internal APB
// signals (bridge -> core and core -> bridge) with the bridge model's request
// and the core model's response, and the harness compares all core state.
// A protocol checker watches the bus (one response per request, no response
// without a request, response held stable while VALID & !READY; Wishbone: one
// ACK/ERR per taken request, none for an aborted one, never both, none in
// the cycle a request is taken unless PIPELINED_ONLY).
// Wishbone masters: a B4 pipelined one (STB dropped when taken, STALL
// obeyed) and a classic one (B3 / B4 standard mode: CYC & STB held until
// ACK/ERR, STALL ignored).
// Directed tests check the spec'd results (readback, SLVERR/ERR for
// partial strobes, unprivileged and unmapped accesses, back-to-back, read and
// write together, AW/W order, documented latencies, the thread ID sideband
// AWUSER/ARUSER/TGA -> PAUSER = pmu_core ptid_i); the random test runs
// random traffic (random thread IDs) with random back-pressure and checks
// coverage goals.
#include <deque>
#include <vector>

#if defined(BUS_AXIL)
#define PMU_TOP_HDR "Vpmu_core_axil.h"
#define PMU_TOP Vpmu_core_axil
#include "Vpmu_core_axil___024root.h"
#define SIG(n) (h.dut->rootp->pmu_core_axil__DOT__##n)
static const char *BUS = "axil";
#elif defined(BUS_WB)
#define PMU_TOP_HDR "Vpmu_core_wb.h"
#define PMU_TOP Vpmu_core_wb
#include "Vpmu_core_wb___024root.h"
#define SIG(n) (h.dut->rootp->pmu_core_wb__DOT__##n)
static const char *BUS = "wb";
#else
#error "build with -DBUS_AXIL or -DBUS_WB"
#endif
#include "pmu_harness.h"
extern "C" {
#include "pmu_bus_model.h"
}
#ifndef BUS_FORCE_PRIV
#define BUS_FORCE_PRIV 0      // wrapper parameter FORCE_PRIV of the build
#endif
#ifndef BUS_PIPELINED_ONLY
#define BUS_PIPELINED_ONLY 0  // pmu_core_wb parameter PIPELINED_ONLY of the build
#endif
// Wishbone: cycles from one request taken to the next in a pipelined stream
// (rtl/pmu_wb2apb.v header, README bus section)
static const unsigned WB_PERIOD = BUS_PIPELINED_ONLY ? 3 : 4;

static int g_checks_failed;
static const char *g_test = "";
#define CHECK_EQ(a, b)                                                                                  \
    do {                                                                                                \
        uint64_t _a = (uint64_t)(a), _b = (uint64_t)(b);                                                \
        if (_a != _b) {                                                                                 \
            printf("  %s:%d [%s] CHECK_EQ(%s, %s): got 0x%" PRIx64 " (%" PRIu64 "), expected 0x%" PRIx64 \
                   " (%" PRIu64 ")\n", __FILE__, __LINE__, g_test, #a, #b, _a, _a, _b, _b);             \
            g_checks_failed++;                                                                          \
        }                                                                                               \
    } while (0)
#define CHECK(c) CHECK_EQ(!!(c), 1)

struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) { if (!s) s = 1; }
    uint64_t next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
    uint32_t below(uint32_t n) { return (uint32_t)(next() % n); }
    bool chance(unsigned pct) { return below(100) < pct; }
};

// one bus transfer and its result
struct Txn {
    bool write;
    uint32_t addr, data;
    uint8_t strb, prot;
    uint8_t tid;           // thread ID: AWUSER/ARUSER (AXI), TGA (WB) -> PAUSER
    // result
    bool done = false;
    uint8_t err = 0;       // AXI: resp == SLVERR; WB: ERR (aborted: no response)
    uint8_t aborted = 0;   // WB: CYC dropped after the request was taken
    uint32_t rdata = 0;
    uint64_t t_req = 0, t_done = 0;   // cycle of the request handshake, of the response handshake
};

static const unsigned ABITS = 12;

struct Bench {
    Harness h;
    Rng r{1};
    // master knobs: chance (%) per cycle to raise VALID / STB, or READY
    unsigned p_req = 100, p_req2 = 100, p_rdy = 100, p_abort = 0;
    bool hold_aw = false, hold_w = false;     // directed: keep a channel back
    // traffic
    std::vector<Txn> wr, rd;                  // AXI: per direction; WB: all in rd
    bool fail = false;
    // coverage
    uint64_t cov_aw_first = 0, cov_w_first = 0, cov_together = 0, cov_bp = 0, cov_err = 0, cov_ok_rd = 0;
    uint64_t cov_both = 0, cov_stall = 0, cov_abort = 0, cov_b2b = 0;
    // order of APB transfers (for the arbitration test): 'R'/'W' at each setup
    std::string apb_order;
    std::vector<apb_req> apb_log;             // every APB transfer, at its setup cycle
    // PAUSER of the RTL (bridge -> core) at the setup and at the last access
    // cycle of every APB transfer, and whether it changed in between
    std::vector<uint8_t> rtl_user_setup, rtl_user_last;
    uint64_t rtl_user_changed = 0;
    int idle_user = -1;                       // thread ID driven while no request is presented (-1: random)

#if defined(BUS_AXIL)
    axil_model bm;
    axil_in ai{};
    axil_out bo{}, prev_bo{};
    size_t aw_i = 0, w_i = 0, b_i = 0, ar_i = 0, r_i = 0;
    bool prev_b_stall = false, prev_r_stall = false;
#else
    wb_model bm;
    wb_in wi{};
    wb_out bo{};
    size_t req_i = 0;                         // next request to present
    std::deque<size_t> outst;                 // taken, response pending (checker)
    // classic master: rd[cls_i] is presented (CYC & STB) until its ACK/ERR;
    // cls_gap: CYC and STB low for a cycle between transfers (single
    // cycles), else the next transfer follows in the cycle after the ACK
    bool classic = false, cls_gap = false;
    size_t cls_i = 0;
    uint64_t n_take = 0, n_rsp = 0;           // requests taken by the slave, ACK/ERR pulses
#endif

    Bench() {
        h.bus_pre = [this] { pre(); };
        h.bus_post = [this] { post(); };
        reset();
    }

    void reset() {
#if defined(BUS_AXIL)
        ai = axil_in{};
        apply_inputs();
        h.reset();
        axil_model_reset(&bm, ABITS, BUS_FORCE_PRIV);
        aw_i = w_i = b_i = ar_i = r_i = 0;
        prev_b_stall = prev_r_stall = false;
#else
        wi = wb_in{};
        apply_inputs();
        h.reset();
        wb_model_reset(&bm, ABITS, BUS_PIPELINED_ONLY, BUS_FORCE_PRIV);
        req_i = 0;
        outst.clear();
        classic = cls_gap = false;
        cls_i = 0;
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
    uint8_t idle_tid() { return idle_user >= 0 ? (uint8_t)idle_user : (uint8_t)r.below(8); }

    void error(const char *what) {
        if (!fail) printf("  [%s] %s bus check failed at cycle %" PRIu64 ": %s\n", g_test, BUS, h.cycle, what);
        fail = true;
        h.failed = true;
    }
#define BCMP(name, rtl, mdl)                                                                         \
    do {                                                                                            \
        if ((uint64_t)(rtl) != (uint64_t)(mdl)) {                                                   \
            char _b[160];                                                                           \
            snprintf(_b, sizeof _b, "%s: rtl=0x%" PRIx64 " model=0x%" PRIx64, name, (uint64_t)(rtl), \
                     (uint64_t)(mdl));                                                              \
            error(_b);                                                                              \
        }                                                                                           \
    } while (0)

    void apply_inputs() {
        auto *d = h.dut;
#if defined(BUS_AXIL)
        d->awvalid_i = ai.awvalid; d->awaddr_i = ai.awaddr; d->awprot_i = ai.awprot; d->awuser_i = ai.awuser;
        d->wvalid_i = ai.wvalid; d->wdata_i = ai.wdata; d->wstrb_i = ai.wstrb;
        d->bready_i = ai.bready;
        d->arvalid_i = ai.arvalid; d->araddr_i = ai.araddr; d->arprot_i = ai.arprot; d->aruser_i = ai.aruser;
        d->rready_i = ai.rready;
#else
        d->wb_cyc_i = wi.cyc; d->wb_stb_i = wi.stb; d->wb_we_i = wi.we; d->wb_adr_i = wi.adr;
        d->wb_dat_i = wi.dat; d->wb_sel_i = wi.sel; d->wb_prot_i = wi.prot; d->wb_tga_i = wi.tga;
#endif
    }

    // before the cycle's model step: bus inputs to the RTL, the bridge
    // model's APB request to the core model
    void pre() {
        apply_inputs();
#if defined(BUS_AXIL)
        axil_model_outputs(&bm, &bo);
        const apb_req &a = bo.apb;
#else
        wb_model_outputs(&bm, &bo);
        const apb_req &a = bo.apb;
#endif
        h.in.psel = a.psel; h.in.penable = a.penable; h.in.pwrite = a.pwrite; h.in.paddr = a.paddr;
        h.in.pwdata = a.pwdata; h.in.pstrb = a.pstrb; h.in.pprot = a.pprot; h.in.ptid = a.pauser;
        if (a.psel && !a.penable) { apb_order += a.pwrite ? 'W' : 'R'; apb_log.push_back(a); }
    }

    // after the model step (RTL evaluated with clk low): compare, check the
    // protocol, step the bridge model, advance the master
    void post() {
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
        auto *d = h.dut;
#if defined(BUS_AXIL)
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
#else
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
#endif
    }

    bool step() { return h.step() && !fail; }

    // queue transfers
    void put(bool write, uint32_t addr, uint32_t data = 0, uint8_t strb = 0xF, uint8_t prot = 1, uint8_t tid = 0) {
        Txn x{};
        x.write = write; x.addr = addr; x.data = write ? data : 0; x.strb = write ? strb : 0; x.prot = prot;
        x.tid = tid & 7u;
#if defined(BUS_AXIL)
        (write ? wr : rd).push_back(x);
#else
        rd.push_back(x);
#endif
    }
    bool all_done() const {
        for (auto &x : wr) if (!x.done) return false;
        for (auto &x : rd) if (!x.done) return false;
        return true;
    }
    // run until every queued transfer has its response (and a few idle cycles)
    bool run(unsigned timeout = 5000) {
        unsigned n = 0;
        while (!all_done()) {
            if (!step()) return false;
            if (++n > timeout) { error("timeout: a transfer got no response"); return false; }
        }
        for (int i = 0; i < 4; i++) if (!step()) return false;
        return true;
    }
    // one blocking transfer
    Txn xfer(bool write, uint32_t addr, uint32_t data = 0, uint8_t strb = 0xF, uint8_t prot = 1, uint8_t tid = 0) {
        wr.clear(); rd.clear();
        soft_restart();
        put(write, addr, data, strb, prot, tid);
        run();
#if defined(BUS_AXIL)
        return write ? wr.back() : rd.back();
#else
        return rd.back();
#endif
    }
    // forget completed transfers (indices restart)
    void soft_restart() {
#if defined(BUS_AXIL)
        aw_i = w_i = b_i = ar_i = r_i = 0;
#else
        req_i = 0;
        outst.clear();
        cls_i = 0;
        n_take = n_rsp = 0;
#endif
        apb_log.clear();
        rtl_user_setup.clear(); rtl_user_last.clear();
    }
};

// ------------------------------------------------------------------ tests
static uint32_t plain_rw() { return PMU_REG_YCH_TGT_LO(0, 0); }   // plain 32-bit RW register

static void t_write_readback(Bench &b) {
    Txn w = b.xfer(true, plain_rw(), 0xA5C3F00Du);
    CHECK_EQ(w.err, 0);
    Txn x = b.xfer(false, plain_rw());
    CHECK_EQ(x.err, 0);
    CHECK_EQ(x.rdata, 0xA5C3F00Du);
    x = b.xfer(false, PMU_REG_ID);
    CHECK_EQ(x.err, 0);
    CHECK_EQ(x.rdata, PMU_ID_VALUE);
}

// pmu_core stores only full-word writes: a partial WSTRB/SEL gets SLVERR/ERR
// and leaves the register; PSTRB passes through (compared every cycle)
static void t_byte_strobes(Bench &b) {
    CHECK_EQ(b.xfer(true, plain_rw(), 0x11223344u).err, 0);
    for (uint8_t s : {0x1, 0x3, 0xC, 0x7, 0x0}) {
        CHECK_EQ(b.xfer(true, plain_rw(), 0xFFFFFFFFu, s).err, 1);
        Txn x = b.xfer(false, plain_rw());
        CHECK_EQ(x.err, 0);
        CHECK_EQ(x.rdata, 0x11223344u);
    }
}

static void t_errors(Bench &b) {
    // unprivileged write (PPROT[0]=0) to GCTL, unprivileged read of CTL
    // (FORCE_PRIV: t_prot)
    if (!BUS_FORCE_PRIV) {
        CHECK_EQ(b.xfer(true, PMU_REG_GCTL, PMU_GCTL_GEN_MASK, 0xF, 0).err, 1);
        CHECK_EQ(b.xfer(false, PMU_REG_GCTL).rdata, 0u);
        CHECK_EQ(b.xfer(false, PMU_REG_CTL(0), 0, 0, 0).err, 1);
    }
    // unmapped, misaligned, counter slot >= NC
    Txn x = b.xfer(false, 0xFFC);
    CHECK_EQ(x.err, 1);
    CHECK_EQ(x.rdata, 0u);
    CHECK_EQ(b.xfer(true, 0xFFC, 1).err, 1);
    CHECK_EQ(b.xfer(false, PMU_REG_ID + 2).err, 1);
    if (CFG_NC < 32) CHECK_EQ(b.xfer(true, PMU_REG_CTL(CFG_NC), 1).err, 1);
    // ring-3 yield status accepts unprivileged accesses
    CHECK_EQ(b.xfer(false, PMU_REG_YRING3, 0, 0, 0).err, 0);
    // PPROT passes the other bits too: privileged with PPROT=3'b111
    CHECK_EQ(b.xfer(true, PMU_REG_GCTL, PMU_GCTL_GEN_MASK, 0xF, 7).err, 0);
    CHECK_EQ(b.xfer(false, PMU_REG_GCTL).rdata & PMU_GCTL_GEN_MASK, PMU_GCTL_GEN_MASK);
}

// AxPROT / prot = 3'b000, as many masters drive it by default: SLVERR/ERR
// on a write of GCTL that changes nothing (FORCE_PRIV=0), or a privileged
// data access that succeeds (FORCE_PRIV=1: PPROT=3'b001 on APB for every
// access, whatever the bus's protection)
static void t_prot(Bench &b) {
    CHECK_EQ(b.xfer(true, PMU_REG_GCTL, 0u).err, 0);
    Txn w = b.xfer(true, PMU_REG_GCTL, PMU_GCTL_GEN_MASK, 0xF, 0);
    CHECK_EQ(w.err, BUS_FORCE_PRIV ? 0 : 1);
    CHECK_EQ(b.apb_log.size(), 1u);
    if (!b.apb_log.empty()) CHECK_EQ(b.apb_log[0].pprot, BUS_FORCE_PRIV ? 1u : 0u);
    CHECK_EQ(b.xfer(false, PMU_REG_GCTL).rdata & PMU_GCTL_GEN_MASK, BUS_FORCE_PRIV ? PMU_GCTL_GEN_MASK : 0u);
    Txn r = b.xfer(false, PMU_REG_GCTL, 0, 0, 0);
    CHECK_EQ(r.err, BUS_FORCE_PRIV ? 0 : 1);
    CHECK_EQ(r.rdata & PMU_GCTL_GEN_MASK, BUS_FORCE_PRIV ? PMU_GCTL_GEN_MASK : 0u);
    // every other AxPROT value: PPROT passed through, or 3'b001
    for (uint8_t p = 0; p < 8; p++) {
        CHECK_EQ(b.xfer(false, PMU_REG_YRING3, 0, 0, p).err, 0);
        CHECK_EQ(b.apb_log.size(), 1u);
        if (!b.apb_log.empty()) CHECK_EQ(b.apb_log[0].pprot, BUS_FORCE_PRIV ? 1u : p);
    }
    CHECK_EQ(b.xfer(true, PMU_REG_GCTL, 0u).err, 0);
    printf("  [prot] %s FORCE_PRIV=%d: write with prot 0 answered %s\n", BUS, BUS_FORCE_PRIV,
           w.err ? "with an error" : "OK");
}

// a stream of transfers with VALID/STB and READY always high: documented
// latency (request handshake -> response) and throughput
static void t_back_to_back(Bench &b) {
    b.soft_restart(); b.wr.clear(); b.rd.clear();
    const unsigned N = 8;
#if defined(BUS_AXIL)
    const unsigned LAT = 4, PERIOD = 3;   // rtl/pmu_axil2apb.v header, README bus section
    // writes alone, then reads alone: latency of the first, period of the stream
    for (int dir = 0; dir < 2; dir++) {
        b.soft_restart(); b.wr.clear(); b.rd.clear();
        for (unsigned i = 0; i < N; i++)
            b.put(dir == 0, PMU_REG_YCH_TGT_LO(0, i % CFG_NCH), 0x1000u + i);
        b.run();
        std::vector<Txn> &v = dir == 0 ? b.wr : b.rd;
        for (size_t i = 0; i < v.size(); i++) {
            CHECK_EQ(v[i].err, 0);
            if (dir) CHECK_EQ(v[i].rdata, 0x1000u + (N - CFG_NCH) + i % CFG_NCH);
            if (i == 0) CHECK_EQ(v[i].t_done - v[i].t_req, LAT);
            else CHECK_EQ(v[i].t_done - v[i - 1].t_done, PERIOD);
        }
        printf("  [back_to_back] axil %s: %u cycles %s, one every %u cycles in a stream\n", dir ? "read" : "write",
               (unsigned)(v[0].t_done - v[0].t_req), dir ? "AR->R" : "AW&W->B", (unsigned)(v[1].t_done - v[0].t_done));
    }
    // both directions pending all the time: the APB transfers alternate
    b.soft_restart(); b.wr.clear(); b.rd.clear(); b.apb_order.clear();
    for (unsigned i = 0; i < N; i++) {
        b.put(true, PMU_REG_YCH_TGT_LO(0, i % CFG_NCH), 0x2000u + i);
        b.put(false, PMU_REG_YCH_TGT_LO(0, i % CFG_NCH));
    }
    b.run();
    printf("  [back_to_back] axil reads and writes together, APB order %s\n", b.apb_order.c_str());
    CHECK_EQ(b.apb_order.size(), 2 * N);
    for (size_t i = 1; i < b.apb_order.size(); i++) CHECK(b.apb_order[i] != b.apb_order[i - 1]);
#else
    for (unsigned i = 0; i < N; i++) b.put(true, PMU_REG_YCH_TGT_LO(0, i % CFG_NCH), 0x1000u + i);
    for (unsigned i = 0; i < N; i++) b.put(false, PMU_REG_YCH_TGT_LO(0, i % CFG_NCH));
    b.run();
    std::vector<Txn> &all = b.rd;
    const unsigned LAT = 3, PERIOD = WB_PERIOD;   // rtl/pmu_wb2apb.v header, README bus section
    for (size_t i = 0; i < all.size(); i++) {
        CHECK_EQ(all[i].err, 0);
        CHECK_EQ(all[i].t_done - all[i].t_req, LAT);
        if (i) CHECK_EQ(all[i].t_req - all[i - 1].t_req, PERIOD);
    }
    for (unsigned i = 0; i < N; i++) CHECK_EQ(b.rd[N + i].rdata, 0x1000u + (N - CFG_NCH) + i % CFG_NCH);
    printf("  [back_to_back] wb PIPELINED_ONLY=%d: %u cycles request->ACK, one transfer every %u cycles\n",
           BUS_PIPELINED_ONLY, (unsigned)(all[0].t_done - all[0].t_req), (unsigned)(all[1].t_req - all[0].t_req));
#endif
}

// writes and reads offered in the same cycle, with random back-pressure
static void t_read_write_together(Bench &b) {
    b.soft_restart(); b.wr.clear(); b.rd.clear();
    b.p_rdy = 40;
    for (unsigned i = 0; i < 6; i++) {
        b.put(true, PMU_REG_YCH_SAV(0, 0), 0x50u + i);
        b.put(false, PMU_REG_YCH_SAV(0, 0));
    }
    b.run();
    b.p_rdy = 100;
    for (auto &x : b.wr) CHECK_EQ(x.err, 0);
    for (auto &x : b.rd) CHECK_EQ(x.err, 0);
#if defined(BUS_AXIL)
    CHECK(b.cov_both > 0);
#endif
    Txn x = b.xfer(false, PMU_REG_YCH_SAV(0, 0));
    CHECK_EQ(x.rdata, 0x55u);
}

#if defined(BUS_AXIL)
// AW before W (and W before AW): nothing goes to APB until both are there,
// and the data written is the W beat's
static void t_aw_w_order(Bench &b) {
    for (int wfirst = 0; wfirst < 2; wfirst++) {
        b.soft_restart(); b.wr.clear(); b.rd.clear();
        b.put(true, plain_rw(), 0xC0DE0000u + wfirst);
        (wfirst ? b.hold_aw : b.hold_w) = true;
        for (int i = 0; i < 6; i++) {
            b.step();
            CHECK_EQ(b.h.in.psel, 0);   // (the model's request == the RTL's, compared every cycle)
        }
        CHECK_EQ(wfirst ? b.w_i : b.aw_i, 1u);
        CHECK_EQ(wfirst ? b.aw_i : b.w_i, 0u);
        b.hold_aw = b.hold_w = false;
        b.run();
        CHECK_EQ(b.wr[0].err, 0);
        CHECK_EQ(b.xfer(false, plain_rw()).rdata, 0xC0DE0000u + wfirst);
    }
}
#else
// CYC dropped while a request is on APB: the write is done, no ACK is given
static void t_abort(Bench &b) {
    CHECK_EQ(b.xfer(true, plain_rw(), 0x0u).err, 0);
    b.soft_restart(); b.rd.clear();
    b.put(true, plain_rw(), 0xABCD0123u);
    b.step();                    // STB presented in the next cycle
    b.step();                    // taken
    CHECK_EQ(b.req_i, 1u);
    b.wi.cyc = 0; b.wi.stb = 0;
    b.p_req = 0;
    bool ack = false;
    for (int i = 0; i < 6; i++) { b.step(); ack |= b.h.dut->wb_ack_o || b.h.dut->wb_err_o; b.wi.cyc = 0; }
    CHECK(!ack);
    b.p_req = 100;
    CHECK_EQ(b.xfer(false, plain_rw()).rdata, 0xABCD0123u);
}
#endif

#if !defined(BUS_AXIL)
// classic master (B3 / B4 standard mode): CYC & STB held until ACK/ERR,
// STALL ignored. PIPELINED_ONLY=0: each transfer is taken once (N issued =
// N APB transfers = N ACK/ERR), 3 cycles from STB to ACK, back-to-back
// cycles one every 4 cycles. PIPELINED_ONLY=1 (B4 pipelined masters only):
// the request still held in the ACK cycle is taken again there; the bench
// expects that double execution (the reason the mode excludes classic
// masters) and checks it, in lockstep with the model.
static void t_classic(Bench &b) {
    const bool twice = BUS_PIPELINED_ONLY;
    // single cycles (CYC low between): a 64-bit preset of counter 0, HI then
    // LO, read back LO then HI; an unmapped read (ERR)
    const uint32_t hi = 1u, lo = 0x3456789Au;   // hi fits every CW >= 33
    b.soft_restart(); b.rd.clear();
    b.classic = true; b.cls_gap = true;
    b.put(true, PMU_REG_CNT_HI(0), hi);
    b.put(true, PMU_REG_CNT_LO(0), lo);
    b.put(false, PMU_REG_CNT_LO(0));
    b.put(false, PMU_REG_CNT_HI(0));
    b.put(false, 0xFFC);
    b.run();
    const size_t n = b.rd.size();
    CHECK_EQ(b.n_rsp, n);
    CHECK_EQ(b.apb_log.size(), twice ? 2 * n : n);
    CHECK_EQ(b.n_take, twice ? 2 * n : n);
    for (size_t i = 0; i < n; i++) {
        const Txn &x = b.rd[i];
        // twice: the next STB waits (STALL ignored) for the second,
        // unanswered execution to leave APB
        CHECK_EQ(x.t_done - x.t_req, twice && i ? 4u : 3u);
        CHECK_EQ(x.err, i == n - 1 ? 1 : 0);
        // the APB transfer(s) of transfer i: its address, direction and data
        for (size_t k = 0; k < (twice ? 2u : 1u); k++) {
            const size_t j = (twice ? 2 * i : i) + k;
            if (j >= b.apb_log.size()) break;
            CHECK_EQ(b.apb_log[j].paddr, x.addr);
            CHECK_EQ(b.apb_log[j].pwrite, x.write);
            CHECK_EQ(b.apb_log[j].pwdata, x.data);
        }
    }
    // once: the preset is whole; twice: the second LO write commits {stage
    // cleared by the first, LO}, so the high half is lost
    const uint64_t want = twice ? lo : ((uint64_t)hi << 32 | lo);
    CHECK_EQ(b.h.cnt(0), want);
    CHECK_EQ(b.rd[2].rdata, lo);
    CHECK_EQ(b.rd[3].rdata, (uint32_t)(want >> 32));
    printf("  [classic] wb PIPELINED_ONLY=%d, single cycles: %zu transfers, %zu APB transfers, %" PRIu64
           " ACK/ERR; preset 0x%" PRIx64 " reads back 0x%" PRIx64 "%s\n", BUS_PIPELINED_ONLY, n, b.apb_log.size(),
           b.n_rsp, (uint64_t)hi << 32 | lo, b.h.cnt(0), twice ? " (each transfer executed twice, as expected)" : "");
    // back-to-back cycles (STB high throughout, the next transfer in the
    // cycle after the ACK): writes of K registers, then their reads
    const unsigned K = CFG_NCH < 4 ? CFG_NCH : 4;
    b.soft_restart(); b.rd.clear();
    b.cls_gap = false;
    for (unsigned i = 0; i < K; i++) b.put(true, PMU_REG_YCH_TGT_LO(0, i), 0x3000u + i);
    for (unsigned i = 0; i < K; i++) b.put(false, PMU_REG_YCH_TGT_LO(0, i));
    b.run();
    const size_t m = b.rd.size();
    CHECK_EQ(b.n_rsp, m);
    bool exact = b.apb_log.size() == m && b.n_take == m;
    for (size_t i = 0; i < m && exact; i++) {
        exact = b.apb_log[i].paddr == b.rd[i].addr && b.apb_log[i].pwrite == b.rd[i].write && !b.rd[i].err &&
                (b.rd[i].write || b.rd[i].rdata == 0x3000u + (unsigned)(i - K));
    }
    if (twice) {
        // the first request taken again in its ACK cycle; the following
        // responses are one transfer late for the master
        CHECK(!exact);
        CHECK_EQ(b.apb_log.size(), m + 1);
        if (b.apb_log.size() > 1) CHECK_EQ(b.apb_log[1].paddr, b.rd[0].addr);
    } else {
        CHECK(exact);
        for (size_t i = 0; i < m; i++) {
            CHECK_EQ(b.rd[i].t_done - b.rd[i].t_req, 3u);
            if (i) CHECK_EQ(b.rd[i].t_done - b.rd[i - 1].t_done, 4u);
            CHECK_EQ(b.rd[i].err, 0);
            if (!b.rd[i].write) CHECK_EQ(b.rd[i].rdata, 0x3000u + (unsigned)(i - K));
        }
    }
    printf("  [classic] wb PIPELINED_ONLY=%d, back-to-back: %zu transfers, %zu APB transfers, one every %u cycles%s\n",
           BUS_PIPELINED_ONLY, m, b.apb_log.size(), m > 1 ? (unsigned)(b.rd[1].t_done - b.rd[0].t_done) : 0,
           exact ? "" : " (not each once, as expected)");
    b.classic = false;
}
#endif

// the thread ID sideband: AWUSER (writes) / ARUSER (reads) / TGA (Wishbone)
// is sampled with the request like AxPROT / prot and is the core's PAUSER
// (ptid_i) throughout the APB transfer, whatever the master drives on it
// after the handshake (the idle value differs from every request's). AXI: a
// write and a read with different IDs in flight together, the write's W beat
// held back so its AW waits in the buffer while the read goes first; this
// fails if AWUSER and ARUSER were swapped or if the bridge took USER/TGA in
// another cycle than the request's. Then the core's own-thread rule through
// the bus: channel 0 of ring 3 given to thread 1, an unprivileged access to
// it with thread ID 1 is answered, with thread ID 0 it gets SLVERR/ERR.
static void t_pauser(Bench &b) {
    for (unsigned a = 0; a < 8; a++) {
        const unsigned c = (a + 5) & 7;                 // the read's ID (AXI), != a
        unsigned idle = 0;
        while (idle == a || idle == c) idle++;
        b.soft_restart(); b.wr.clear(); b.rd.clear(); b.apb_order.clear();
        b.idle_user = (int)idle;
#if defined(BUS_AXIL)
        b.put(true, plain_rw(), 0x7E570000u + a, 0xF, 1, (uint8_t)a);
        b.put(false, plain_rw(), 0, 0, 1, (uint8_t)c);
        b.hold_w = true;
        for (int i = 0; i < 8; i++) b.step();           // AW taken, its W held back; the read goes
        CHECK_EQ(b.aw_i, 1u);
        CHECK_EQ(b.w_i, 0u);
        b.hold_w = false;
        b.run();
        CHECK_EQ(b.apb_log.size(), 2u);
        CHECK(b.apb_order == "RW");
        for (size_t k = 0; k < b.apb_log.size(); k++) {
            const unsigned want = b.apb_log[k].pwrite ? a : c;
            CHECK_EQ(b.apb_log[k].pauser, want);
            if (k < b.rtl_user_setup.size()) CHECK_EQ(b.rtl_user_setup[k], want);
            if (k < b.rtl_user_last.size()) CHECK_EQ(b.rtl_user_last[k], want);
        }
#else
        b.put(true, plain_rw(), 0x7E570000u + a, 0xF, 1, (uint8_t)a);
        b.put(false, plain_rw(), 0, 0, 1, (uint8_t)c);
        b.run();
        CHECK_EQ(b.apb_log.size(), 2u);
        for (size_t k = 0; k < b.apb_log.size(); k++) {
            const unsigned want = k ? c : a;
            CHECK_EQ(b.apb_log[k].pauser, want);
            if (k < b.rtl_user_setup.size()) CHECK_EQ(b.rtl_user_setup[k], want);
            if (k < b.rtl_user_last.size()) CHECK_EQ(b.rtl_user_last[k], want);
        }
#endif
        CHECK_EQ(b.rtl_user_setup.size(), 2u);
        CHECK_EQ(b.rtl_user_last.size(), 2u);
        for (auto &x : b.wr) CHECK_EQ(x.err, 0);
        for (auto &x : b.rd) CHECK_EQ(x.err, 0);
#if !defined(BUS_AXIL)
        for (auto &x : b.rd) if (!x.write) CHECK_EQ(x.rdata, 0x7E570000u + a);
#endif
    }
    CHECK_EQ(b.rtl_user_changed, 0u);                   // PAUSER held from setup to the last access cycle
    b.idle_user = -1;
    // the core's rule, through the bus: ring-3 channel 0 belongs to thread 1
    if (CFG_HAS_YIELD && CFG_NT >= 2 && !BUS_FORCE_PRIV) {
        const uint32_t ch = PMU_REG_YCH_SAV(3, 0);
        CHECK_EQ(b.xfer(true, PMU_REG_YTHR3, 1u).err, 0);
        CHECK_EQ(b.xfer(true, ch, 0x1234u).err, 0);
        b.idle_user = 0;
        CHECK_EQ(b.xfer(false, ch, 0, 0, 0, 1).err, 0);
        CHECK_EQ(b.xfer(false, ch, 0, 0, 0, 1).rdata, 0x1234u);
        CHECK_EQ(b.xfer(false, ch, 0, 0, 0, 0).err, 1);
        b.idle_user = 1;
        CHECK_EQ(b.xfer(true, ch, 0x55u, 0xF, 0, 0).err, 1);
        CHECK_EQ(b.xfer(true, ch, 0x66u, 0xF, 0, 1).err, 0);
        b.idle_user = -1;
#if defined(BUS_AXIL)
        // a write of thread 0 and a read of thread 1 together (and the
        // reverse): each answered by its own ID
        for (int rev = 0; rev < 2; rev++) {
            b.soft_restart(); b.wr.clear(); b.rd.clear();
            b.put(true, ch, 0x77u + rev, 0xF, 0, rev ? 1 : 0);
            b.put(false, ch, 0, 0, 0, rev ? 0 : 1);
            b.run();
            CHECK_EQ(b.wr[0].err, rev ? 0 : 1);
            CHECK_EQ(b.rd[0].err, rev ? 1 : 0);
        }
#endif
#if defined(BUS_AXIL)
        CHECK_EQ(b.xfer(false, ch).rdata, 0x78u);     // the write of thread 1
#else
        CHECK_EQ(b.xfer(false, ch).rdata, 0x66u);
#endif
        CHECK_EQ(b.xfer(true, PMU_REG_YTHR3, 0u).err, 0);
    }
    printf("  [pauser] %s: thread ID -> PAUSER checked for %s\n", BUS,
#if defined(BUS_AXIL)
           "AWUSER and ARUSER (write and read in flight together, AW buffered while the read goes)"
#else
           "TGA (idle TGA differs from the request's)"
#endif
    );
}

// random traffic with random back-pressure; events make the counters count
static void t_random(Bench &b, uint64_t seed, uint64_t cycles) {
    b.r = Rng(seed);
    Rng &r = b.r;
    const unsigned NC = CFG_NC;
    auto addr = [&]() -> uint32_t {
        unsigned n = r.below(NC + (NC < 32 ? 1 : 0));
        switch (r.below(12)) {
        case 0: return PMU_REG_GCTL;
        case 1: return PMU_REG_CNTEN;
        case 2: return PMU_REG_CTL(n);
        case 3: return PMU_REG_EMQ(n);
        case 4: return PMU_REG_CNT_LO(n);
        case 5: return PMU_REG_CNT_HI(n);
        case 6: return r.chance(50) ? PMU_REG_TSC_LO : PMU_REG_OVF;
        case 7: return PMU_REG_YCH_TGT_LO(r.below(2), r.below(CFG_NCH));
        case 8: return PMU_REG_YCH_SAV(r.below(2), r.below(CFG_NCH));
        case 9: return (uint32_t)r.next() & 0xFFF;             // mostly unmapped or misaligned
        case 10: return PMU_REG_ID + (r.chance(50) ? r.below(4) : 0);
        default: return r.chance(50) ? PMU_REG_YRING3 : PMU_REG_CAP;
        }
    };
    uint64_t n = 0, ntx = 0, nerr = 0, ncls = 0;   // ncls: transfers of the classic master
    while (n < cycles && !b.fail) {
        b.soft_restart(); b.wr.clear(); b.rd.clear();
        // a burst of traffic with its own back-pressure profile
        b.p_req = 20 + r.below(81); b.p_req2 = 20 + r.below(81); b.p_rdy = 10 + r.below(91);
        b.p_abort = r.chance(20) ? 30 : 0;
#if !defined(BUS_AXIL)
        // a quarter of the bursts from a classic master, single or back-to-back cycles
        b.classic = r.chance(25);
        b.cls_gap = r.chance(50);
#endif
        unsigned k = 1 + r.below(12);
        for (unsigned i = 0; i < k; i++) {
            bool w = r.chance(50);
            uint32_t a = addr();
            uint32_t d = a == PMU_REG_GCTL ? (r.chance(80) ? PMU_GCTL_GEN_MASK | (r.chance(50) ? PMU_GCTL_UEN_MASK : 0) : 0)
                         : a == PMU_REG_CNTEN ? (uint32_t)r.next() : (a & 0xF0F) == PMU_REG_CTL(0) ? (uint32_t)r.next() & 0x3F3F
                         : (uint32_t)r.next();
            if ((a & 0xF0F) == PMU_REG_EMQ(0) && r.chance(70)) d |= 0xFFFF0000u;
            uint8_t s = r.chance(85) ? 0xF : r.below(16);
            uint8_t p = r.chance(80) ? (1 | r.below(8)) : r.below(8);
            // thread ID: mostly a thread of the core, sometimes one >= NT (owns nothing)
            uint8_t tid = r.chance(80) ? r.below(CFG_NT) : r.below(8);
            b.put(w, a, d, s, p, tid);
        }
        // events: random sub-events in a few classes, random CPL
        unsigned left = 0;
        unsigned guard = 0;
        while (!b.all_done()) {
            if (left == 0) {
                left = 1 + r.below(20);
                b.h.clear_events();
                for (unsigned t = 0; t < (unsigned)CFG_NT; t++) {
                    b.h.in.cpl[t] = r.below(4);
                    for (unsigned c = 0; c < 4 && c < (unsigned)CFG_NCLS; c++)
                        b.h.in.ev[t][c] = r.chance(50) ? (uint16_t)r.next() : 0;
                }
            }
            left--;
            if (!b.step()) break;
            n++;
            if (++guard > 20000) { b.error("timeout: a transfer got no response"); break; }
        }
        for (auto &x : b.wr) { ntx++; nerr += x.err; }
        for (auto &x : b.rd) { ntx++; nerr += x.err; }
#if !defined(BUS_AXIL)
        if (b.classic) ncls += b.rd.size();
#endif
    }
#if !defined(BUS_AXIL)
    b.classic = false;
#endif
    b.h.clear_events();
    printf("  [random] %s: %" PRIu64 " cycles, %" PRIu64 " transfers, %" PRIu64 " error responses\n", BUS, n, ntx,
           nerr);
    // coverage goals
    CHECK(b.cov_bp > 100);
    CHECK(b.cov_err > 20);
    CHECK(b.cov_ok_rd > 20);
#if defined(BUS_AXIL)
    printf("  [random] coverage: AW first %" PRIu64 ", W first %" PRIu64 ", together %" PRIu64
           ", write+read same cycle %" PRIu64 ", back-pressure cycles %" PRIu64 "\n",
           b.cov_aw_first, b.cov_w_first, b.cov_together, b.cov_both, b.cov_bp);
    CHECK(b.cov_aw_first > 10);
    CHECK(b.cov_w_first > 10);
    CHECK(b.cov_together > 10);
    CHECK(b.cov_both > 10);
#else
    printf("  [random] coverage: stalled requests %" PRIu64 ", aborted %" PRIu64 ", back-to-back %" PRIu64
           ", classic-master transfers %" PRIu64 "\n", b.cov_stall, b.cov_abort, b.cov_b2b, ncls);
    CHECK(ncls > 100);
    CHECK(b.cov_stall > 10);
    CHECK(b.cov_abort > 5);
    CHECK(b.cov_b2b > 10);
#endif
    // the counters must have counted something (GEN/CTL programming reached)
    uint64_t sum = 0;
    for (unsigned c = 0; c < NC; c++) sum += b.h.cnt(c);
    CHECK(sum != 0);
}

int main(int argc, char **argv) {
    uint64_t seed = 1, cycles = 200000;
    const char *only = nullptr;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "--cycles")) cycles = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "--only")) only = argv[++i];
    }
    printf("test_bus: %s wrapper, config NT=%d NC=%d, seed=%" PRIu64 " cycles=%" PRIu64 "\n", BUS, CFG_NT, CFG_NC,
           seed, cycles);
    Bench b;
    struct { const char *name; std::function<void(Bench &)> fn; } tests[] = {
        {"write_readback", t_write_readback}, {"byte_strobes", t_byte_strobes}, {"errors", t_errors},
        {"back_to_back", t_back_to_back}, {"read_write_together", t_read_write_together},
#if defined(BUS_AXIL)
        {"aw_w_order", t_aw_w_order},
#else
        {"abort", t_abort}, {"classic", t_classic},
#endif
        {"prot", t_prot},
        {"pauser", t_pauser},
        {"random", [&](Bench &bb) { t_random(bb, seed, cycles); }},
    };
    int passed = 0, failed = 0;
    for (auto &t : tests) {
        if (only && strcmp(only, t.name)) continue;
        g_test = t.name;
        g_checks_failed = 0;
        b.fail = false;
        b.h.failed = false;
        b.p_req = b.p_req2 = b.p_rdy = 100;
        b.p_abort = 0;
        b.reset();
        // the yield channel registers serve as plain RW registers: an invalid
        // channel reads 0 (docs/yield.md), so make every channel valid (ESM=0
        // after reset: it never triggers)
        for (unsigned ring : {0u, 3u})
            for (unsigned i = 0; CFG_HAS_YIELD && i < CFG_NCH; i++)
                b.xfer(true, PMU_REG_YCH_CTL(ring, i), PMU_YCH_CTL_VALID_MASK);
        t.fn(b);
        bool ok = !b.fail && !b.h.failed && g_checks_failed == 0;
        printf("%s %s\n", ok ? "PASS" : "FAIL", t.name);
        (ok ? passed : failed)++;
    }
    printf("%s: %d passed, %d failed\n", BUS, passed, failed);
    return failed ? 1 : 0;
}
