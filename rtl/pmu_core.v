// pmu_core: per-thread performance-monitoring core of pmu-ip.
//
//   ev_i/flop_* --> [pmu_event_mux: ES class select, EM mask] --> per-thread
//   increments --> [pmu_qualifier: thread ID x CPL vs EQ] --> [pmu_threshold:
//   THR/INV/EDGE] --> [pmu_counter: CW bits, preset/clear/enable, wrap+OVF]
//   one such path per counter; plus a 64-bit free-running TSC, global
//   enable, sticky overflow flags and a level-high interrupt; all registers
//   behind an APB4 slave (pmu_apb). Cycle-exact twin: cmodel/pmu_model.c.
`include "pmu_regs.vh"
module pmu_core #(
  parameter integer NT         = 2,   // hardware threads (1..8)
  parameter integer NC         = 8,   // event counters (1..32)
  parameter integer CW         = 40,  // counter width (33..64)
  parameter integer NCLS       = 64,  // event classes (1..64), 16 sub-events each
  parameter integer NRET       = 4,   // FLOP retire slots per thread (1..8)
  parameter integer FLOP_CLASS = 63   // class number of the FLOP class (0..63)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // APB4 slave
  input  wire                  psel_i,
  input  wire                  penable_i,
  input  wire                  pwrite_i,
  input  wire [`PMU_ADDR_BITS-1:0] paddr_i,
  input  wire [31:0]           pwdata_i,
  input  wire [3:0]            pstrb_i,
  input  wire [2:0]            pprot_i,
  output wire                  pready_o,
  output wire [31:0]           prdata_o,
  output wire                  pslverr_o,
  // events: thread t, class c, sub-event s at bit ((t*NCLS+c)*16+s)
  input  wire [NT*NCLS*16-1:0] ev_i,
  input  wire [NT*2-1:0]       cpl_i,         // current privilege level per thread
  // retired FP instructions: NRET slots per thread, slot k of thread t at t*NRET+k
  input  wire [NT*NRET-1:0]    flop_valid_i,
  input  wire [NT*NRET*3-1:0]  flop_rsz_i,    // 0=32b 1=64b 2=128b 3=256b 4=512b
  input  wire [NT*NRET-1:0]    flop_esz_i,    // 0=single 1=double
  input  wire [NT*NRET-1:0]    flop_fma_i,
  // interrupt and observation
  output wire                  irq_o,
  output wire [NC*CW-1:0]      cnt_o,         // live counter values (trace/debug)
  output wire [NC-1:0]         ovf_o,
  output wire [63:0]           tsc_o
);
  localparam integer IW = 8;

  // Elaboration-time parameter checks: an illegal configuration fails to
  // elaborate in every tool (reference to a module that does not exist).
  generate
    if (NT < 1 || NT > 8)                 begin : g_bad_nt   pmu_illegal_parameter_NT   u_bad(); end
    if (NC < 1 || NC > `PMU_NC_MAX)       begin : g_bad_nc   pmu_illegal_parameter_NC   u_bad(); end
    if (CW < 33 || CW > 64)               begin : g_bad_cw   pmu_illegal_parameter_CW   u_bad(); end
    if (NCLS < 1 || NCLS > 64)            begin : g_bad_ncls pmu_illegal_parameter_NCLS u_bad(); end
    if (NRET < 1 || NRET > 8)             begin : g_bad_nret pmu_illegal_parameter_NRET u_bad(); end
    if (FLOP_CLASS < 0 || FLOP_CLASS > 63) begin : g_bad_fc  pmu_illegal_parameter_FLOP_CLASS u_bad(); end
  endgenerate

  // ---------------------------------------------------------------- bus
  wire          we_gctl, we_ovf, we_clr, we_cnten, we_tsc;
  wire [NC-1:0] we_ctl, we_emq, we_cnt;
  wire [31:0]   wdata;
  wire [63:0]   wdata64;
  wire [NC*32-1:0] ctl_rd, emq_rd;
  wire [NC*64-1:0] cnt64;

  reg           gen_q, uen_q;
  reg  [NC-1:0] cnten_q, ovf_q;
  wire [NC-1:0] ovf_set, ie;
  wire [63:0]   tsc;

  wire [31:0] cfg = {2'b00, FLOP_CLASS[5:0], NRET[3:0], NT[3:0], CW[7:0], NC[7:0]};
  wire [31:0] gctl_rd = {30'd0, uen_q, gen_q};

  pmu_apb #(.NC(NC)) u_apb (
    .clk_i, .rst_ni,
    .psel_i, .penable_i, .pwrite_i, .paddr_i, .pwdata_i, .pstrb_i, .pprot_i,
    .pready_o, .prdata_o, .pslverr_o,
    .cfg_i(cfg), .gctl_i(gctl_rd), .uen_i(uen_q), .ovf_i(ovf_q), .cnten_i(cnten_q),
    .tsc_i(tsc), .ctl_rd_i(ctl_rd), .emq_rd_i(emq_rd), .cnt_i(cnt64),
    .we_gctl_o(we_gctl), .we_ovf_o(we_ovf), .we_clr_o(we_clr), .we_cnten_o(we_cnten),
    .we_tsc_o(we_tsc), .we_ctl_o(we_ctl), .we_emq_o(we_emq), .we_cnt_o(we_cnt),
    .wdata_o(wdata), .wdata64_o(wdata64)
  );

  // ------------------------------------------------- global registers
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) begin
      gen_q <= 1'b0; uen_q <= 1'b0;
    end else if (we_gctl) begin
      gen_q <= wdata[`PMU_GCTL_GEN_LSB];
      uen_q <= wdata[`PMU_GCTL_UEN_LSB];
    end

  integer i;
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) cnten_q <= {NC{1'b0}};
    else if (we_cnten) cnten_q <= wdata[NC-1:0];
    else for (i = 0; i < NC; i = i + 1)
      if (we_ctl[i]) cnten_q[i] <= wdata[`PMU_CTL_EN_LSB];

  // sticky overflow: a hardware set wins over a same-cycle W1C
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) ovf_q <= {NC{1'b0}};
    else         ovf_q <= (ovf_q & ~(we_ovf ? wdata[NC-1:0] : {NC{1'b0}})) | ovf_set;

  assign irq_o = |(ovf_q & ie);
  assign ovf_o = ovf_q;

  // ----------------------------------------------- time-stamp counter
  /* verilator lint_off PINCONNECTEMPTY */
  pmu_counter #(.W(64), .IW(IW)) u_tsc (
    .clk_i, .rst_ni, .en_i(1'b1), .inc_i({{(IW-1){1'b0}}, 1'b1}), .clr_i(1'b0),
    .we_i(we_tsc), .wdata_i(wdata64), .cnt_o(tsc), .ovf_o()
  );
  /* verilator lint_on PINCONNECTEMPTY */
  assign tsc_o = tsc;

  // --------------------------------------------- shared FLOP decoders
  wire [NT*NRET*8-1:0] flop_cat;
  genvar n;
  generate
    for (n = 0; n < NT*NRET; n = n + 1) begin : g_flop
      pmu_flop_decode u_dec (
        .valid_i(flop_valid_i[n]), .rsz_i(flop_rsz_i[n*3 +: 3]), .esz_i(flop_esz_i[n]),
        .cat_o(flop_cat[n*8 +: 8])
      );
    end
  endgenerate

  // ----------------------------------------------------- counter paths
  generate
    for (n = 0; n < NC; n = n + 1) begin : g_cnt
      wire [5:0]      es;
      wire            edge_en, inv;
      wire [7:0]      thr;
      wire [15:0]     em;
      wire [2*NT-1:0] eq;
      wire [NT*IW-1:0] thr_inc;
      wire [IW-1:0]   raw, inc;
      wire [CW-1:0]   cnt;

      pmu_escr #(.NT(NT)) u_escr (
        .clk_i, .rst_ni, .we_ctl_i(we_ctl[n]), .we_emq_i(we_emq[n]), .wdata_i(wdata),
        .es_o(es), .ie_o(ie[n]), .edge_o(edge_en), .inv_o(inv), .thr_o(thr), .em_o(em), .eq_o(eq),
        .ctl_rd_o(ctl_rd[n*32 +: 32]), .emq_rd_o(emq_rd[n*32 +: 32])
      );
      pmu_event_mux #(.NT(NT), .NCLS(NCLS), .NSUB(16), .NRET(NRET),
                      .FLOP_CLASS(FLOP_CLASS), .IW(IW)) u_mux (
        .ev_i, .flop_cat_i(flop_cat), .flop_fma_i, .es_i(es), .em_i(em), .inc_o(thr_inc)
      );
      pmu_qualifier #(.NT(NT), .IW(IW)) u_qual (
        .inc_i(thr_inc), .cpl_i, .eq_i(eq), .inc_o(raw)
      );
      pmu_threshold #(.IW(IW)) u_thr (
        .clk_i, .rst_ni, .raw_i(raw), .thr_i(thr), .inv_i(inv), .edge_i(edge_en), .inc_o(inc)
      );
      pmu_counter #(.W(CW), .IW(IW)) u_cnt (
        .clk_i, .rst_ni, .en_i(gen_q & cnten_q[n]), .inc_i(inc),
        .clr_i(we_clr & wdata[n]), .we_i(we_cnt[n]), .wdata_i(wdata64[CW-1:0]),
        .cnt_o(cnt), .ovf_o(ovf_set[n])
      );

      assign cnt_o[n*CW +: CW] = cnt;
      if (CW < 64) begin : g_ext
        assign cnt64[n*64 +: 64] = {{(64-CW){1'b0}}, cnt};
      end else begin : g_full
        assign cnt64[n*64 +: 64] = cnt;
      end
    end
  endgenerate
endmodule
