/* Cycle-accurate C models of the pmu-ip bus bridges (C99, no dependencies):
 *   rtl/pmu_axil2apb.v  AXI4-Lite slave -> APB4 master
 *   rtl/pmu_wb2apb.v    Wishbone slave (classic and B4 pipelined) -> APB4 master
 * with the wrappers' protection override (rtl/pmu_core_axil.v,
 * rtl/pmu_core_wb.v parameter FORCE_PRIV: every request's PPROT = 3'b001).
 * PAUSER (APB5 user sideband: the thread ID of the request, pmu_core ptid_i)
 * is the request's AWUSER/ARUSER (AXI) or TGA (Wishbone), sampled with it
 * like PPROT (FORCE_PRIV does not change it).
 * Every output of both bridges is a register, so a cycle is:
 *   xxx_outputs(m, &o)  the outputs during the cycle (state only): drive the
 *                       APB slave (pmu_model_step) with o.apb, the bus master
 *                       sees the bus outputs;
 *   xxx_step(m, &in, &rsp) the rising edge, with the bus inputs and the APB
 *                       slave's response (PREADY/PRDATA/PSLVERR) of the cycle.
 */
#ifndef PMU_BUS_MODEL_H
#define PMU_BUS_MODEL_H
#include <stdint.h>

typedef struct {                 /* APB4 master outputs */
    uint8_t  psel, penable, pwrite, pstrb, pprot;
    uint8_t  pauser;             /* APB5 PAUSER: thread ID (3 bits) */
    uint32_t paddr, pwdata;
} apb_req;
typedef struct {                 /* APB4 slave response */
    uint8_t  pready, pslverr;
    uint32_t prdata;
} apb_rsp;

/* ---------------- AXI4-Lite ---------------- */
typedef struct {
    uint8_t  awvalid, awprot, wvalid, wstrb, bready, arvalid, arprot, rready;
    uint8_t  awuser, aruser;             /* AxUSER: thread ID of the request (3 bits) */
    uint32_t awaddr, wdata, araddr;
} axil_in;
typedef struct {
    uint8_t  awready, wready, bvalid, bresp, arready, rvalid, rresp;
    uint32_t rdata;
    apb_req  apb;
} axil_out;
typedef struct {
    unsigned abits;
    uint8_t  force_priv;                 /* FORCE_PRIV: AWPROT/ARPROT taken as 3'b001 */
    uint8_t  aw, w, ar;                  /* buffers full */
    uint32_t awaddr, araddr, wdata;
    uint8_t  awprot, arprot, wstrb;
    uint8_t  awuser, aruser;             /* buffered AxUSER */
    apb_req  apb;                        /* APB master registers */
    uint8_t  bvalid, berr, rvalid, rerr, rd_last;
    uint32_t rdata;
} axil_model;
void axil_model_reset(axil_model *m, unsigned abits, unsigned force_priv);
void axil_model_outputs(const axil_model *m, axil_out *o);
void axil_model_step(axil_model *m, const axil_in *in, const apb_rsp *rsp);

/* ---------------- Wishbone (classic and B4 pipelined) ---------------- */
typedef struct {
    uint8_t  cyc, stb, we, sel, prot;
    uint8_t  tga;                        /* address tag: thread ID of the request (3 bits) */
    uint32_t adr, dat;
} wb_in;
typedef struct {
    uint8_t  stall, ack, err;
    uint32_t dat;
    apb_req  apb;
} wb_out;
typedef struct {
    unsigned abits;
    uint8_t  pipelined_only;             /* PIPELINED_ONLY: STALL low in the ACK/ERR cycle */
    uint8_t  force_priv;                 /* FORCE_PRIV: prot taken as 3'b001 */
    uint8_t  busy, abort, ack, err;      /* busy = STALL */
    uint32_t dat;
    apb_req  apb;
} wb_model;
void wb_model_reset(wb_model *m, unsigned abits, unsigned pipelined_only, unsigned force_priv);
void wb_model_outputs(const wb_model *m, wb_out *o);
void wb_model_step(wb_model *m, const wb_in *in, const apb_rsp *rsp);

/* ---------------- a generic bus entry ----------------
 * A wrapper whose `model` in config/pmu_ip.yaml says bench: generic has its
 * bridge model in cmodel/pmu_bus_<bus>.h (static functions), run by the
 * lockstep bench tb/test_bus.cpp through tb/test_bus_gen.h (generated from
 * the wrapper's ports: <bus>_in / <bus>_out fields are its input / output
 * port names without the "<bus>_" prefix and the _i / _o suffix):
 *   <bus>_in, <bus>_out (holding apb_req apb), <bus>_model
 *   <bus>_model_reset(m, abits, the wrapper's parameters but ABITS, in table order)
 *   <bus>_model_outputs(m, &o), <bus>_model_step(m, &in, &rsp)   as above
 * and the master side of the bench's in-order master (one request at a time):
 *   <bus>_drive(&in, valid, &t)      present t (valid=0: idle, t's fields don't-care)
 *   <bus>_taken(&in, &o)             1: the presented request is taken at this edge
 *   <bus>_response(&o, &err, &rdata) 1: o carries a response (every one is accepted)
 */
typedef struct {
    uint8_t  write, strb, prot, tid;
    uint32_t addr, wdata;
} bus_txn;

#endif
