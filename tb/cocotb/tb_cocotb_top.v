// SPDX-License-Identifier: Apache-2.0
`timescale 1ns/1ps
// tb_cocotb_top: cocotb toplevel of the third-party bus-master benches
// (tb/cocotb/test_pmu_bus.py, make core-cocotb). It only renames ports so that
// the bus models find them: pmu_core_axil (default parameters) behind
// s_axil_* (cocotbext-axi AxiLiteBus.from_prefix(dut, "s_axil")) and
// pmu_core_wb (default parameters) behind wb_* (cocotbext-wishbone
// WishboneMaster(dut, "wb", ...)). Both share the non-bus inputs (events,
// privilege levels, FLOP and sampling inputs, yev_i), which the bench must
// drive (to 0) before it creates any bus model.
// With TB_FORCE_PRIV defined (sim/cocotb.mk defines it when the wrappers have
// a FORCE_PRIV parameter), a second, small pmu_core_axil / pmu_core_wb pair
// with FORCE_PRIV=1 sits behind fp_axil_* / fp_wb_*. With TB_PIPELINED_ONLY
// defined (the Wishbone wrapper has a PIPELINED_ONLY parameter), it is the
// Wishbone wrappers' PIPELINED_ONLY: 0 (serves classic masters; the bench's
// default) or 1 (pipelined masters only: the classic-master self-test of
// sim/cocotb.mk must then fail).
// Thread ID sideband (pmu_core ptid_i, APB5 PAUSER): s_axil_awuser /
// s_axil_aruser (AXI AWUSER/ARUSER; cocotbext-axi's AxiLiteMaster has no
// AxUSER, so the bench drives these pins itself, constant per transfer) and
// wb_tga (a Wishbone address tag, driven by the bench likewise).
// pmu_core's non-bus ports: the blocks between "BEGIN generated" and "END
// generated" (util/gen_wrappers.py, make wrappers).
module tb_cocotb_top (
  input  wire         clk,
  input  wire         rst_n,
  // AXI4-Lite slave of pmu_core_axil
  input  wire         s_axil_awvalid,
  output wire         s_axil_awready,
  input  wire [11:0]  s_axil_awaddr,
  input  wire [2:0]   s_axil_awprot,
  input  wire [2:0]   s_axil_awuser,
  input  wire         s_axil_wvalid,
  output wire         s_axil_wready,
  input  wire [31:0]  s_axil_wdata,
  input  wire [3:0]   s_axil_wstrb,
  output wire         s_axil_bvalid,
  input  wire         s_axil_bready,
  output wire [1:0]   s_axil_bresp,
  input  wire         s_axil_arvalid,
  output wire         s_axil_arready,
  input  wire [11:0]  s_axil_araddr,
  input  wire [2:0]   s_axil_arprot,
  input  wire [2:0]   s_axil_aruser,
  output wire         s_axil_rvalid,
  input  wire         s_axil_rready,
  output wire [31:0]  s_axil_rdata,
  output wire [1:0]   s_axil_rresp,
  // Wishbone B4 slave of pmu_core_wb (wb_prot: PPROT, not a Wishbone signal)
  input  wire         wb_cyc,
  input  wire         wb_stb,
  input  wire         wb_we,
  input  wire [11:0]  wb_adr,
  input  wire [31:0]  wb_datwr,
  input  wire [3:0]   wb_sel,
  input  wire [2:0]   wb_prot,
  input  wire [2:0]   wb_tga,
  output wire         wb_stall,
  output wire         wb_ack,
  output wire         wb_err,
  output wire [31:0]  wb_datrd,
  // FORCE_PRIV=1 pair (only with TB_FORCE_PRIV; else outputs 0)
  input  wire         fp_axil_awvalid,
  output wire         fp_axil_awready,
  input  wire [11:0]  fp_axil_awaddr,
  input  wire [2:0]   fp_axil_awprot,
  input  wire [2:0]   fp_axil_awuser,
  input  wire         fp_axil_wvalid,
  output wire         fp_axil_wready,
  input  wire [31:0]  fp_axil_wdata,
  input  wire [3:0]   fp_axil_wstrb,
  output wire         fp_axil_bvalid,
  input  wire         fp_axil_bready,
  output wire [1:0]   fp_axil_bresp,
  input  wire         fp_axil_arvalid,
  output wire         fp_axil_arready,
  input  wire [11:0]  fp_axil_araddr,
  input  wire [2:0]   fp_axil_arprot,
  input  wire [2:0]   fp_axil_aruser,
  output wire         fp_axil_rvalid,
  input  wire         fp_axil_rready,
  output wire [31:0]  fp_axil_rdata,
  output wire [1:0]   fp_axil_rresp,
  input  wire         fp_wb_cyc,
  input  wire         fp_wb_stb,
  input  wire         fp_wb_we,
  input  wire [11:0]  fp_wb_adr,
  input  wire [31:0]  fp_wb_datwr,
  input  wire [3:0]   fp_wb_sel,
  input  wire [2:0]   fp_wb_prot,
  input  wire [2:0]   fp_wb_tga,
  output wire         fp_wb_stall,
  output wire         fp_wb_ack,
  output wire         fp_wb_err,
  output wire [31:0]  fp_wb_datrd,
  // BEGIN generated: core-inputs (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
  // non-bus inputs of pmu_core, default parameters (NT=2, NC=8, CW=40, NCLS=64, NRET=4,
  // FLOP_CLASS=63, NCH=4, NAREA=1, HAS_SAMPLE=1, HAS_YIELD=1, AW=64, YCAP=0, YSTORE=0, VIEW=0,
  // XLEN=0)
  input  wire [2047:0] ev_i,
  input  wire [3:0]    cpl_i,
  input  wire [7:0]    flop_valid_i,
  input  wire [23:0]   flop_rsz_i,
  input  wire [7:0]    flop_esz_i,
  input  wire [7:0]    flop_scalar_i,
  input  wire [31:0]   flop_op_i,
  input  wire          csr_valid_i,
  input  wire [11:0]   csr_addr_i,
  input  wire [1:0]    csr_op_i,
  input  wire [63:0]   csr_wdata_i,
  input  wire [2:0]    csr_priv_i,
  input  wire [5:0]    rv_mode_i,
  input  wire          stopcount_i,
  input  wire [63:0]   iaddr_i,
  input  wire [63:0]   daddr_i,
  input  wire [1:0]    pm_i,
  input  wire [1:0]    mem_valid_i,
  input  wire [31:0]   mem_lat_i,
  input  wire [7:0]    yev_i,
  // END generated: core-inputs
  // counter values (debug), AXI4-Lite and Wishbone instance
  output wire [319:0]  axil_cnt_o,
  output wire [319:0]  wb_cnt_o
);
  /* verilator lint_off PINCONNECTEMPTY */
  pmu_core_axil #(
`ifdef TB_FORCE_PRIV
    .FORCE_PRIV(0),
`endif
    .ABITS(12)
  ) u_axil (
    .clk_i(clk), .rst_ni(rst_n),
    .awvalid_i(s_axil_awvalid), .awready_o(s_axil_awready), .awaddr_i(s_axil_awaddr), .awprot_i(s_axil_awprot),
    .awuser_i(s_axil_awuser),
    .wvalid_i(s_axil_wvalid), .wready_o(s_axil_wready), .wdata_i(s_axil_wdata), .wstrb_i(s_axil_wstrb),
    .bvalid_o(s_axil_bvalid), .bready_i(s_axil_bready), .bresp_o(s_axil_bresp),
    .arvalid_i(s_axil_arvalid), .arready_o(s_axil_arready), .araddr_i(s_axil_araddr), .arprot_i(s_axil_arprot),
    .aruser_i(s_axil_aruser),
    .rvalid_o(s_axil_rvalid), .rready_i(s_axil_rready), .rdata_o(s_axil_rdata), .rresp_o(s_axil_rresp),
    // BEGIN generated: core-conn-axil (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    .ev_i(ev_i), .cpl_i(cpl_i), .flop_valid_i(flop_valid_i), .flop_rsz_i(flop_rsz_i), .flop_esz_i(flop_esz_i),
    .flop_scalar_i(flop_scalar_i), .flop_op_i(flop_op_i), .irq_o(), .cnt_o(axil_cnt_o), .ovf_o(), .tsc_o(),
    .ccnt_o(), .csr_valid_i(csr_valid_i), .csr_addr_i(csr_addr_i), .csr_op_i(csr_op_i),
    .csr_wdata_i(csr_wdata_i), .csr_priv_i(csr_priv_i), .rv_mode_i(rv_mode_i), .stopcount_i(stopcount_i),
    .csr_hit_o(), .csr_rdata_o(), .csr_ill_o(), .csr_virt_o(), .lcofi_o(), .iaddr_i(iaddr_i),
    .daddr_i(daddr_i), .pm_i(pm_i), .mem_valid_i(mem_valid_i), .mem_lat_i(mem_lat_i), .pmi_o(), .siar_o(),
    .sdar_o(), .mmcr_o(), .yev_i(yev_i), .yield_o(), .yield_ring_o(), .yield_ch_o(), .yield_tid_o(),
    .yield_tgt_o(), .yield_attr_o(), .yblk_o(), .yer_o(), .pmstat_o(), .ycnt_o(), .ymiss_o(), .yesv_o(),
    .ycap_o()
    // END generated: core-conn-axil
  );

  pmu_core_wb #(
`ifdef TB_FORCE_PRIV
    .FORCE_PRIV(0),
`endif
`ifdef TB_PIPELINED_ONLY
    .PIPELINED_ONLY(`TB_PIPELINED_ONLY),
`endif
    .ABITS(12)
  ) u_wb (
    .clk_i(clk), .rst_ni(rst_n),
    .wb_cyc_i(wb_cyc), .wb_stb_i(wb_stb), .wb_we_i(wb_we), .wb_adr_i(wb_adr), .wb_dat_i(wb_datwr),
    .wb_sel_i(wb_sel), .wb_prot_i(wb_prot), .wb_tga_i(wb_tga),
    .wb_stall_o(wb_stall), .wb_ack_o(wb_ack), .wb_err_o(wb_err), .wb_dat_o(wb_datrd),
    // BEGIN generated: core-conn-wb (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    .ev_i(ev_i), .cpl_i(cpl_i), .flop_valid_i(flop_valid_i), .flop_rsz_i(flop_rsz_i), .flop_esz_i(flop_esz_i),
    .flop_scalar_i(flop_scalar_i), .flop_op_i(flop_op_i), .irq_o(), .cnt_o(wb_cnt_o), .ovf_o(), .tsc_o(),
    .ccnt_o(), .csr_valid_i(csr_valid_i), .csr_addr_i(csr_addr_i), .csr_op_i(csr_op_i),
    .csr_wdata_i(csr_wdata_i), .csr_priv_i(csr_priv_i), .rv_mode_i(rv_mode_i), .stopcount_i(stopcount_i),
    .csr_hit_o(), .csr_rdata_o(), .csr_ill_o(), .csr_virt_o(), .lcofi_o(), .iaddr_i(iaddr_i),
    .daddr_i(daddr_i), .pm_i(pm_i), .mem_valid_i(mem_valid_i), .mem_lat_i(mem_lat_i), .pmi_o(), .siar_o(),
    .sdar_o(), .mmcr_o(), .yev_i(yev_i), .yield_o(), .yield_ring_o(), .yield_ch_o(), .yield_tid_o(),
    .yield_tgt_o(), .yield_attr_o(), .yblk_o(), .yer_o(), .pmstat_o(), .ycnt_o(), .ymiss_o(), .yesv_o(),
    .ycap_o()
    // END generated: core-conn-wb
  );

`ifdef TB_FORCE_PRIV
  // small configuration (1 thread, 2 counters, 8 classes, no sampling or
  // yield block) with FORCE_PRIV=1: every access privileged
  pmu_core_axil #(
    .NT(1), .NC(2), .NCLS(8), .NRET(1), .FLOP_CLASS(7), .NCH(1), .HAS_SAMPLE(0), .HAS_YIELD(0), .AW(32),
    .FORCE_PRIV(1), .ABITS(12)
  ) u_fp_axil (
    .clk_i(clk), .rst_ni(rst_n),
    .awvalid_i(fp_axil_awvalid), .awready_o(fp_axil_awready), .awaddr_i(fp_axil_awaddr), .awprot_i(fp_axil_awprot),
    .awuser_i(fp_axil_awuser),
    .wvalid_i(fp_axil_wvalid), .wready_o(fp_axil_wready), .wdata_i(fp_axil_wdata), .wstrb_i(fp_axil_wstrb),
    .bvalid_o(fp_axil_bvalid), .bready_i(fp_axil_bready), .bresp_o(fp_axil_bresp),
    .arvalid_i(fp_axil_arvalid), .arready_o(fp_axil_arready), .araddr_i(fp_axil_araddr), .arprot_i(fp_axil_arprot),
    .aruser_i(fp_axil_aruser),
    .rvalid_o(fp_axil_rvalid), .rready_i(fp_axil_rready), .rdata_o(fp_axil_rdata), .rresp_o(fp_axil_rresp),
    // BEGIN generated: core-conn-fp-axil (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    .ev_i(ev_i[127:0]), .cpl_i(cpl_i[1:0]), .flop_valid_i(flop_valid_i[0]), .flop_rsz_i(flop_rsz_i[2:0]),
    .flop_esz_i(flop_esz_i[0]), .flop_scalar_i(flop_scalar_i[0]), .flop_op_i(flop_op_i[3:0]), .irq_o(),
    .cnt_o(), .ovf_o(), .tsc_o(), .ccnt_o(), .csr_valid_i(csr_valid_i), .csr_addr_i(csr_addr_i),
    .csr_op_i(csr_op_i), .csr_wdata_i(csr_wdata_i), .csr_priv_i(csr_priv_i), .rv_mode_i(rv_mode_i[2:0]),
    .stopcount_i(stopcount_i), .csr_hit_o(), .csr_rdata_o(), .csr_ill_o(), .csr_virt_o(), .lcofi_o(),
    .iaddr_i(iaddr_i[31:0]), .daddr_i(daddr_i[31:0]), .pm_i(pm_i[0]), .mem_valid_i(mem_valid_i[0]),
    .mem_lat_i(mem_lat_i[15:0]), .pmi_o(), .siar_o(), .sdar_o(), .mmcr_o(), .yev_i(yev_i), .yield_o(),
    .yield_ring_o(), .yield_ch_o(), .yield_tid_o(), .yield_tgt_o(), .yield_attr_o(), .yblk_o(), .yer_o(),
    .pmstat_o(), .ycnt_o(), .ymiss_o(), .yesv_o(), .ycap_o()
    // END generated: core-conn-fp-axil
  );

  pmu_core_wb #(
    .NT(1), .NC(2), .NCLS(8), .NRET(1), .FLOP_CLASS(7), .NCH(1), .HAS_SAMPLE(0), .HAS_YIELD(0), .AW(32),
    .FORCE_PRIV(1),
`ifdef TB_PIPELINED_ONLY
    .PIPELINED_ONLY(`TB_PIPELINED_ONLY),
`endif
    .ABITS(12)
  ) u_fp_wb (
    .clk_i(clk), .rst_ni(rst_n),
    .wb_cyc_i(fp_wb_cyc), .wb_stb_i(fp_wb_stb), .wb_we_i(fp_wb_we), .wb_adr_i(fp_wb_adr), .wb_dat_i(fp_wb_datwr),
    .wb_sel_i(fp_wb_sel), .wb_prot_i(fp_wb_prot), .wb_tga_i(fp_wb_tga),
    .wb_stall_o(fp_wb_stall), .wb_ack_o(fp_wb_ack), .wb_err_o(fp_wb_err), .wb_dat_o(fp_wb_datrd),
    // BEGIN generated: core-conn-fp-wb (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    .ev_i(ev_i[127:0]), .cpl_i(cpl_i[1:0]), .flop_valid_i(flop_valid_i[0]), .flop_rsz_i(flop_rsz_i[2:0]),
    .flop_esz_i(flop_esz_i[0]), .flop_scalar_i(flop_scalar_i[0]), .flop_op_i(flop_op_i[3:0]), .irq_o(),
    .cnt_o(), .ovf_o(), .tsc_o(), .ccnt_o(), .csr_valid_i(csr_valid_i), .csr_addr_i(csr_addr_i),
    .csr_op_i(csr_op_i), .csr_wdata_i(csr_wdata_i), .csr_priv_i(csr_priv_i), .rv_mode_i(rv_mode_i[2:0]),
    .stopcount_i(stopcount_i), .csr_hit_o(), .csr_rdata_o(), .csr_ill_o(), .csr_virt_o(), .lcofi_o(),
    .iaddr_i(iaddr_i[31:0]), .daddr_i(daddr_i[31:0]), .pm_i(pm_i[0]), .mem_valid_i(mem_valid_i[0]),
    .mem_lat_i(mem_lat_i[15:0]), .pmi_o(), .siar_o(), .sdar_o(), .mmcr_o(), .yev_i(yev_i), .yield_o(),
    .yield_ring_o(), .yield_ch_o(), .yield_tid_o(), .yield_tgt_o(), .yield_attr_o(), .yblk_o(), .yer_o(),
    .pmstat_o(), .ycnt_o(), .ymiss_o(), .yesv_o(), .ycap_o()
    // END generated: core-conn-fp-wb
  );
`else
  assign fp_axil_awready = 1'b0;
  assign fp_axil_wready  = 1'b0;
  assign fp_axil_bvalid  = 1'b0;
  assign fp_axil_bresp   = 2'b00;
  assign fp_axil_arready = 1'b0;
  assign fp_axil_rvalid  = 1'b0;
  assign fp_axil_rdata   = 32'd0;
  assign fp_axil_rresp   = 2'b00;
  assign fp_wb_stall = 1'b0;
  assign fp_wb_ack   = 1'b0;
  assign fp_wb_err   = 1'b0;
  assign fp_wb_datrd = 32'd0;
`endif
  /* verilator lint_on PINCONNECTEMPTY */
endmodule
