// FPGA wrapper of pmu_core for place & route (make fpga): the core's wide
// ports (ev_i: NT*NCLS*16 bits, APB) do not fit on package pins, so they are
// driven from two serial inputs through shift registers and PRDATA is
// shifted out; every register of the core stays observable, nothing is
// optimised away. The wrapper's own flip-flops are reported separately.
// Ports of the core not named here (outputs, or inputs added later) are left
// open; the sampling/yield inputs known today are driven.
module pmu_fpga_top #(
  parameter integer NT = 1, NC = 4, CW = 40, NCLS = 8, NRET = 1, FLOP_CLASS = 7, NCH = 1, VIEW = 0, XLEN = 0
) (
  input  wire clk,
  input  wire rst_n,
  input  wire req_sin,      // APB request bits
  input  wire ev_sin,       // event bits
  output wire rd_sout,      // PRDATA / PSLVERR bits
  output wire irq
);
  localparam integer RQ = 1 + 1 + 1 + 4 + 3 + 14 + 3 + 32;   // psel penable pwrite pstrb pprot paddr ptid pwdata
  // retire slots: valid 1, rsz 3, esz 1, scalar 1, op 4 bits each
  localparam integer EV0 = NT * NCLS * 16 + NT * 2 + NT * NRET * 10;
  // sampling / yield inputs appended to the port list later (tied from the
  // shift register too, so their logic is not optimised away)
  localparam integer EV1 = EV0 + 64 + 64 + NT + NT + 32 + 8;
  // the RISC-V CSR port (XLEN != 0): valid, number, op, data, privilege,
  // then the threads' modes and stopcount, from the same shift register
  localparam integer XW = XLEN == 32 ? 32 : 64;
  localparam integer EV = EV1 + 1 + 12 + 2 + XW + 3 + 3*NT + 1;
  reg [RQ-1:0] req;
  reg [EV-1:0] evs;
  reg [32:0]   rsh;
  wire         pready, pslverr;
  wire [31:0]  prdata;
  wire         irq_c, lcofi, csr_ill, csr_virt;
  wire [XW-1:0] csr_rdata;
  wire         csr_v = evs[EV1];
  // a CSR access's read value (folded to 32 bits) and exception leave on rd_sout
  /* verilator lint_off UNUSEDSIGNAL */
  wire [XW+63:0] csr_rx = {64'd0, csr_rdata};
  /* verilator lint_on UNUSEDSIGNAL */

  always @(posedge clk) begin
    req <= {req[RQ-2:0], req_sin};
    evs <= {evs[EV-2:0], ev_sin};
    if (req[RQ-1] && req[RQ-2] && pready) rsh <= {pslverr, prdata};
    else if (XLEN != 0 && csr_v)          rsh <= {csr_ill | csr_virt, csr_rx[31:0] ^ csr_rx[63:32]};
    else                                  rsh <= {1'b0, rsh[32:1]};
  end
  assign rd_sout = rsh[0];

  /* verilator lint_off PINCONNECTEMPTY */
  pmu_core #(.NT(NT), .NC(NC), .CW(CW), .NCLS(NCLS), .NRET(NRET), .FLOP_CLASS(FLOP_CLASS), .NCH(NCH), .VIEW(VIEW),
             .XLEN(XLEN)) u_pmu (
    // BEGIN generated: core-ties (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    // every other port of pmu_core: inputs tied to 0, outputs open
    .cnt_o(), .ovf_o(), .tsc_o(), .ccnt_o(), .csr_hit_o(), .pmi_o(), .siar_o(), .sdar_o(), .mmcr_o(),
    .yield_o(), .yield_ring_o(), .yield_ch_o(), .yield_tid_o(), .yield_tgt_o(), .yield_attr_o(), .yblk_o(),
    .yer_o(), .pmstat_o(), .ycnt_o(), .ymiss_o(), .yesv_o(), .ycap_o(),
    // END generated: core-ties
    .clk_i(clk), .rst_ni(rst_n),
    .psel_i(req[RQ-1]), .penable_i(req[RQ-2]), .pwrite_i(req[RQ-3]), .pstrb_i(req[RQ-4 -: 4]),
    .pprot_i(req[RQ-8 -: 3]), .paddr_i(req[RQ-11 -: 14]), .ptid_i(req[RQ-25 -: 3]), .pwdata_i(req[31:0]),
    .pready_o(pready), .prdata_o(prdata), .pslverr_o(pslverr),
    .ev_i(evs[NT*NCLS*16-1:0]), .cpl_i(evs[NT*NCLS*16 +: NT*2]),
    .flop_valid_i(evs[NT*NCLS*16 + NT*2 +: NT*NRET]),
    .flop_rsz_i(evs[NT*NCLS*16 + NT*2 + NT*NRET +: NT*NRET*3]),
    .flop_esz_i(evs[NT*NCLS*16 + NT*2 + NT*NRET*4 +: NT*NRET]),
    .flop_scalar_i(evs[NT*NCLS*16 + NT*2 + NT*NRET*5 +: NT*NRET]),
    .flop_op_i(evs[NT*NCLS*16 + NT*2 + NT*NRET*6 +: NT*NRET*4]),
    .iaddr_i(evs[EV0 +: 64]), .daddr_i(evs[EV0 + 64 +: 64]), .pm_i(evs[EV0 + 128 +: NT]),
    .mem_valid_i(evs[EV0 + 128 + NT +: NT]), .mem_lat_i(evs[EV0 + 128 + 2*NT +: 32]),
    .yev_i(evs[EV0 + 160 + 2*NT +: 8]),
    .irq_o(irq_c),
    .csr_valid_i(csr_v), .csr_addr_i(evs[EV1 + 1 +: 12]), .csr_op_i(evs[EV1 + 13 +: 2]),
    .csr_wdata_i(evs[EV1 + 15 +: XW]), .csr_priv_i(evs[EV1 + 15 + XW +: 3]),
    .rv_mode_i(evs[EV1 + 18 + XW +: 3*NT]), .stopcount_i(evs[EV1 + 18 + XW + 3*NT]),
    .csr_rdata_o(csr_rdata), .csr_ill_o(csr_ill), .csr_virt_o(csr_virt), .lcofi_o(lcofi)
  );
  assign irq = irq_c | lcofi;
  /* verilator lint_on PINCONNECTEMPTY */
endmodule
