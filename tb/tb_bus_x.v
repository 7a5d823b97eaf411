`timescale 1ns/1ps
// Icarus X-check and smoke bench of a bus wrapper (-DBUS_<BUS> selects
// rtl/pmu_core_<bus>.v, one of the wrappers with an xcheck entry in
// config/pmu_ip.yaml: CFG_BUS_XCHECK): every output of the wrapper must be
// free of X/Z from the first cycle after reset on, every cycle, while a few
// transfers run: write + readback of a plain RW register (yield channel 0's
// target, made valid first), ID read, unmapped read and (where the bus
// carries privilege) unprivileged write answered with an error, GEN on and
// the counter 0 counting a constant event (X on the event path would show on
// cnt_o). The counter value itself is checked by the Verilator lockstep
// benches; here the RTL must only be X-free in a 4-state simulator.
// pmu_core's non-bus ports and parameters, the wrapper's bus ports and
// instance and its transfer task body: the blocks between "BEGIN generated"
// and "END generated" (util/gen_wrappers.py, make wrappers).
// Last line: "N passed, N failed".
module tb_bus_x;
  // register offsets (docs/regmap.md)
  localparam [11:0] R_ID = 12'h000, R_GCTL = 12'h008, R_CTL0 = 12'h100, R_EMQ0 = 12'h104,
                    R_YCTL = 12'h900, R_TGT = 12'h918, R_NONE = 12'hFFC;   // yield channel 0 of ring 0
  localparam [31:0] ID_VALUE = 32'h504D0100;

  reg clk = 1'b0, rst_n = 1'b1;   // a real falling edge of the asynchronous reset at 1 ns
  always #5 clk = ~clk;

  // BEGIN generated: core-decl (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
  // pmu_core's parameters (at their defaults, as the DUT is built) and non-bus
  // ports: inputs 0 unless the bench drives them, every output in core_x (the
  // XOR of all their bits: X if any bit is X or Z)
  localparam integer NT = 2, NC = 8, CW = 40, NCLS = 64, NRET = 4, FLOP_CLASS = 63, NCH = 4, NAREA = 1,
    HAS_SAMPLE = 1, HAS_YIELD = 1, AW = 64, YCAP = 0, YSTORE = 0, VIEW = 0, XLEN = 0;
  reg  [NT*NCLS*16-1:0]         ev_i = {NT*NCLS*16{1'b0}};
  reg  [NT*2-1:0]               cpl_i = {NT*2{1'b0}};
  reg  [NT*NRET-1:0]            flop_valid_i = {NT*NRET{1'b0}};
  reg  [NT*NRET*3-1:0]          flop_rsz_i = {NT*NRET*3{1'b0}};
  reg  [NT*NRET-1:0]            flop_esz_i = {NT*NRET{1'b0}};
  reg  [NT*NRET-1:0]            flop_scalar_i = {NT*NRET{1'b0}};
  reg  [NT*NRET*4-1:0]          flop_op_i = {NT*NRET*4{1'b0}};
  wire                          irq_o;
  wire [NC*CW-1:0]              cnt_o;
  wire [NC-1:0]                 ovf_o;
  wire [63:0]                   tsc_o;
  wire [CW-1:0]                 ccnt_o;
  reg                           csr_valid_i = 1'b0;
  reg  [11:0]                   csr_addr_i = {12{1'b0}};
  reg  [1:0]                    csr_op_i = {2{1'b0}};
  reg  [(XLEN == 32 ? 32 : 64)-1:0] csr_wdata_i = {(XLEN == 32 ? 32 : 64){1'b0}};
  reg  [2:0]                    csr_priv_i = {3{1'b0}};
  reg  [NT*3-1:0]               rv_mode_i = {NT*3{1'b0}};
  reg                           stopcount_i = 1'b0;
  wire                          csr_hit_o;
  wire [(XLEN == 32 ? 32 : 64)-1:0] csr_rdata_o;
  wire                          csr_ill_o;
  wire                          csr_virt_o;
  wire                          lcofi_o;
  reg  [AW-1:0]                 iaddr_i = {AW{1'b0}};
  reg  [AW-1:0]                 daddr_i = {AW{1'b0}};
  reg  [NT-1:0]                 pm_i = {NT{1'b0}};
  reg  [NT-1:0]                 mem_valid_i = {NT{1'b0}};
  reg  [NT*16-1:0]              mem_lat_i = {NT*16{1'b0}};
  wire                          pmi_o;
  wire [AW-1:0]                 siar_o;
  wire [AW-1:0]                 sdar_o;
  wire [31:0]                   mmcr_o;
  reg  [7:0]                    yev_i = {8{1'b0}};
  wire                          yield_o;
  wire                          yield_ring_o;
  wire [2:0]                    yield_ch_o;
  wire [2:0]                    yield_tid_o;
  wire [AW-1:0]                 yield_tgt_o;
  wire [2:0]                    yield_attr_o;
  wire [2*NT-1:0]               yblk_o;
  wire [2*NCH-1:0]              yer_o;
  wire [1:0]                    pmstat_o;
  wire [2*NCH*32-1:0]           ycnt_o;
  wire [2*NCH*16-1:0]           ymiss_o;
  wire [2*NCH*25-1:0]           yesv_o;
  wire [2*NCH*(2*AW+64+CW)-1:0] ycap_o;
  wire core_x = ^{irq_o, cnt_o, ovf_o, tsc_o, ccnt_o, csr_hit_o, csr_rdata_o, csr_ill_o, csr_virt_o, lcofi_o,
    pmi_o, siar_o, sdar_o, mmcr_o, yield_o, yield_ring_o, yield_ch_o, yield_tid_o, yield_tgt_o, yield_attr_o,
    yblk_o, yer_o, pmstat_o, ycnt_o, ymiss_o, yesv_o, ycap_o};
  // END generated: core-decl

  integer passed = 0, failed = 0, xbad = 0;
  reg     chk_on = 1'b0;
  task check(input ok, input [8*48-1:0] what);
    if (ok) passed = passed + 1;
    else begin failed = failed + 1; $display("FAIL %0s", what); end
  endtask

  // BEGIN generated: bus-inst (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
`ifdef BUS_AXIL
  // AXI4-Lite slave of pmu_core_axil (ABITS=12, FORCE_PRIV=0)
  reg          awvalid_i = 1'd0;
  wire         awready_o;
  reg  [11:0]  awaddr_i = 12'd0;
  reg  [2:0]   awprot_i = 3'd0;
  reg  [2:0]   awuser_i = 3'd0;
  reg          wvalid_i = 1'd0;
  wire         wready_o;
  reg  [31:0]  wdata_i = 32'd0;
  reg  [3:0]   wstrb_i = 4'd0;
  wire         bvalid_o;
  reg          bready_i = 1'd0;
  wire [1:0]   bresp_o;
  reg          arvalid_i = 1'd0;
  wire         arready_o;
  reg  [11:0]  araddr_i = 12'd0;
  reg  [2:0]   arprot_i = 3'd0;
  reg  [2:0]   aruser_i = 3'd0;
  wire         rvalid_o;
  reg          rready_i = 1'd0;
  wire [31:0]  rdata_o;
  wire [1:0]   rresp_o;
  wire [40:0] bus_out = {awready_o, wready_o, bvalid_o, bresp_o, arready_o, rvalid_o, rdata_o, rresp_o};
  localparam integer BUS_UNPRIV = 1;   // 1: an unprivileged write gets an error response
  pmu_core_axil dut (
    .clk_i(clk), .rst_ni(rst_n),
    .awvalid_i(awvalid_i), .awready_o(awready_o), .awaddr_i(awaddr_i), .awprot_i(awprot_i),
    .awuser_i(awuser_i), .wvalid_i(wvalid_i), .wready_o(wready_o), .wdata_i(wdata_i), .wstrb_i(wstrb_i),
    .bvalid_o(bvalid_o), .bready_i(bready_i), .bresp_o(bresp_o), .arvalid_i(arvalid_i), .arready_o(arready_o),
    .araddr_i(araddr_i), .arprot_i(arprot_i), .aruser_i(aruser_i), .rvalid_o(rvalid_o), .rready_i(rready_i),
    .rdata_o(rdata_o), .rresp_o(rresp_o),
`elsif BUS_WB
  // Wishbone slave (classic and B4 pipelined) of pmu_core_wb (ABITS=12,
  // PIPELINED_ONLY=0, FORCE_PRIV=0)
  reg          wb_cyc_i = 1'd0;
  reg          wb_stb_i = 1'd0;
  reg          wb_we_i = 1'd0;
  reg  [11:0]  wb_adr_i = 12'd0;
  reg  [31:0]  wb_dat_i = 32'd0;
  reg  [3:0]   wb_sel_i = 4'd0;
  reg  [2:0]   wb_prot_i = 3'd0;
  reg  [2:0]   wb_tga_i = 3'd0;
  wire         wb_stall_o;
  wire         wb_ack_o;
  wire         wb_err_o;
  wire [31:0]  wb_dat_o;
  wire [34:0] bus_out = {wb_stall_o, wb_ack_o, wb_err_o, wb_dat_o};
  localparam integer BUS_UNPRIV = 1;   // 1: an unprivileged write gets an error response
  pmu_core_wb dut (
    .clk_i(clk), .rst_ni(rst_n),
    .wb_cyc_i(wb_cyc_i), .wb_stb_i(wb_stb_i), .wb_we_i(wb_we_i), .wb_adr_i(wb_adr_i), .wb_dat_i(wb_dat_i),
    .wb_sel_i(wb_sel_i), .wb_prot_i(wb_prot_i), .wb_tga_i(wb_tga_i), .wb_stall_o(wb_stall_o),
    .wb_ack_o(wb_ack_o), .wb_err_o(wb_err_o), .wb_dat_o(wb_dat_o),
`elsif BUS_APB3
  // APB3 slave of pmu_core_apb3 (PPROT=1)
  reg          psel_i = 1'd0;
  reg          penable_i = 1'd0;
  reg          pwrite_i = 1'd0;
  reg  [13:0]  paddr_i = 14'd0;
  reg  [31:0]  pwdata_i = 32'd0;
  reg  [2:0]   pauser_i = 3'd0;
  wire         pready_o;
  wire [31:0]  prdata_o;
  wire         pslverr_o;
  wire [33:0] bus_out = {pready_o, prdata_o, pslverr_o};
  localparam integer BUS_UNPRIV = 0;   // 1: an unprivileged write gets an error response
  pmu_core_apb3 dut (
    .clk_i(clk), .rst_ni(rst_n),
    .psel_i(psel_i), .penable_i(penable_i), .pwrite_i(pwrite_i), .paddr_i(paddr_i), .pwdata_i(pwdata_i),
    .pauser_i(pauser_i), .pready_o(pready_o), .prdata_o(prdata_o), .pslverr_o(pslverr_o),
`endif
  // END generated: bus-inst
    // BEGIN generated: core-conn (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
    .ev_i(ev_i), .cpl_i(cpl_i), .flop_valid_i(flop_valid_i), .flop_rsz_i(flop_rsz_i), .flop_esz_i(flop_esz_i),
    .flop_scalar_i(flop_scalar_i), .flop_op_i(flop_op_i), .irq_o(irq_o), .cnt_o(cnt_o), .ovf_o(ovf_o),
    .tsc_o(tsc_o), .ccnt_o(ccnt_o), .csr_valid_i(csr_valid_i), .csr_addr_i(csr_addr_i), .csr_op_i(csr_op_i),
    .csr_wdata_i(csr_wdata_i), .csr_priv_i(csr_priv_i), .rv_mode_i(rv_mode_i), .stopcount_i(stopcount_i),
    .csr_hit_o(csr_hit_o), .csr_rdata_o(csr_rdata_o), .csr_ill_o(csr_ill_o), .csr_virt_o(csr_virt_o),
    .lcofi_o(lcofi_o), .iaddr_i(iaddr_i), .daddr_i(daddr_i), .pm_i(pm_i), .mem_valid_i(mem_valid_i),
    .mem_lat_i(mem_lat_i), .pmi_o(pmi_o), .siar_o(siar_o), .sdar_o(sdar_o), .mmcr_o(mmcr_o), .yev_i(yev_i),
    .yield_o(yield_o), .yield_ring_o(yield_ring_o), .yield_ch_o(yield_ch_o), .yield_tid_o(yield_tid_o),
    .yield_tgt_o(yield_tgt_o), .yield_attr_o(yield_attr_o), .yblk_o(yblk_o), .yer_o(yer_o),
    .pmstat_o(pmstat_o), .ycnt_o(ycnt_o), .ymiss_o(ymiss_o), .yesv_o(yesv_o), .ycap_o(ycap_o)
    // END generated: core-conn
  );

  // X/Z check of every output, every cycle after reset
  always @(negedge clk)
    if (chk_on && ((^bus_out) === 1'bx || core_x === 1'bx)) begin
      if (xbad == 0) $display("FAIL X/Z on an output at %0t: bus %h", $time, bus_out);
      xbad = xbad + 1;
    end

  // one transfer; returns the read data and the error flag
  reg [31:0] rd;
  reg        er, hs_a, hs_w, hs_b;
  integer    n;
  task xfer(input w, input [11:0] a, input [31:0] d, input [2:0] pr);
    begin
      // BEGIN generated: bus-xfer (by util/gen_wrappers.py from rtl/pmu_core.v; do not edit, make wrappers)
`ifdef BUS_AXIL
      // inputs change 1 ns after the rising edge, outputs are sampled at the
      // falling edge (the bridge's outputs are registers)
      @(posedge clk); #1;
      if (w) begin
        awvalid_i = 1'b1; awaddr_i = a; awprot_i = pr; wvalid_i = 1'b1; wdata_i = d; wstrb_i = 4'hF; bready_i = 1'b1;
        hs_b = 1'b0;
        while (awvalid_i || wvalid_i || !hs_b) begin
          @(negedge clk); hs_a = awvalid_i & awready_o; hs_w = wvalid_i & wready_o; hs_b = bvalid_o;
          er = bresp_o == 2'b10;
          @(posedge clk); #1;
          if (hs_a) awvalid_i = 1'b0;
          if (hs_w) wvalid_i = 1'b0;
        end
        bready_i = 1'b0; rd = 32'd0;
      end else begin
        arvalid_i = 1'b1; araddr_i = a; arprot_i = pr; rready_i = 1'b1;
        hs_b = 1'b0;
        while (arvalid_i || !hs_b) begin
          @(negedge clk); hs_a = arvalid_i & arready_o; hs_b = rvalid_o;
          er = rresp_o == 2'b10; rd = rdata_o;
          @(posedge clk); #1;
          if (hs_a) arvalid_i = 1'b0;
        end
        rready_i = 1'b0;
      end
`elsif BUS_WB
      @(posedge clk); #1;
      wb_cyc_i = 1'b1; wb_stb_i = 1'b1; wb_we_i = w; wb_adr_i = a; wb_dat_i = d; wb_sel_i = w ? 4'hF : 4'h0; wb_prot_i = pr;
      hs_b = 1'b0;
      while (wb_stb_i || !hs_b) begin
        @(negedge clk); hs_a = wb_stb_i & ~wb_stall_o; hs_b = wb_ack_o | wb_err_o; er = wb_err_o; rd = wb_dat_o;
        @(posedge clk); #1;
        if (hs_a) wb_stb_i = 1'b0;
      end
      wb_cyc_i = 1'b0;
`elsif BUS_APB3
      @(posedge clk); #1;
      psel_i = 1'b1; penable_i = 1'b0; pwrite_i = w; paddr_i = a; pwdata_i = d;
      @(posedge clk); #1; penable_i = 1'b1;
      hs_b = 1'b0;
      while (!hs_b) begin
        @(negedge clk); hs_b = pready_o; er = pslverr_o; rd = prdata_o;
        @(posedge clk); #1;
      end
      psel_i = 1'b0; penable_i = 1'b0;
      n = pr;   // APB3: PPROT comes from the wrapper's parameter
`endif
      // END generated: bus-xfer
    end
  endtask

  initial begin
    #20000 $display("FAIL timeout (a transfer got no response)");
    $display("%0d passed, %0d failed", passed, failed + 1);
    $finish;
  end
  initial begin
    #1 rst_n = 1'b0;
    repeat (3) @(posedge clk);
    #1 rst_n = 1'b1;
    chk_on = 1'b1;
    xfer(1'b0, R_ID, 32'd0, 3'b001);          check(!er && rd == ID_VALUE, "ID read");
    xfer(1'b1, R_YCTL, 32'd1, 3'b001);        check(!er, "channel valid (an invalid channel reads 0)");
    xfer(1'b1, R_TGT, 32'hA5C3_0F1E, 3'b001); check(!er, "write");
    xfer(1'b0, R_TGT, 32'd0, 3'b001);         check(!er && rd == 32'hA5C3_0F1E, "readback");
    xfer(1'b0, R_NONE, 32'd0, 3'b001);        check(er && rd == 32'd0, "unmapped read -> error");
    if (BUS_UNPRIV) begin
      xfer(1'b1, R_GCTL, 32'd1, 3'b000);      check(er, "unprivileged write -> error");
    end
    // counter 0: class 0, all sub-events, all threads and CPLs, enabled; GEN on
    ev_i[15:0] = 16'h0001;
    xfer(1'b1, R_EMQ0, 32'hFFFF_FFFF, 3'b001); check(!er, "EMQ write");
    xfer(1'b1, R_CTL0, 32'h0000_0100, 3'b001); check(!er, "CTL write");
    xfer(1'b1, R_GCTL, 32'd1, 3'b001);         check(!er, "GCTL write");
    repeat (20) @(posedge clk);
    check(cnt_o[CW-1:0] != {CW{1'b0}}, "counter 0 counts");
    check(xbad == 0, "no X/Z on the outputs");
    $display("%0d passed, %0d failed", passed, failed);
    $finish;
  end
endmodule
