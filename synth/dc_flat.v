`timescale 1ns/1ps
// dc_flat: area reference for `make synth` only (not part of the IP): the
// same number of counters as dc_top, but each a flat 64-bit counter fed by
// the same event path (pmu_event_mux + pmu_qualifier, same CTL/EMQ fields,
// thread combine), with a simple register write port and a read mux of all
// counter halves. NP groups of NCP counters on the core-type event space,
// NL groups of NCL counters on the cache-type event space.
module dc_flat_group #(
  parameter integer NCTR = 24,
  parameter integer NT   = 2,
  parameter integer NCLS = 4,
  parameter integer NSUB = 16
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire                     run_i,
  input  wire [NT*NCLS*NSUB-1:0]  ev_i,
  input  wire [NT*2-1:0]          cpl_i,
  input  wire                     we_i,
  input  wire [5:0]               ctr_i,
  input  wire [1:0]               reg_i,     // 0 CTL, 1 EMQ, 2 CNT_LO, 3 CNT_HI
  input  wire [31:0]              wdata_i,
  output reg  [31:0]              rdata_o
);
  reg [NT*NCLS*16-1:0] ev16;
  integer e;
  always @* begin
    ev16 = {NT*NCLS*16{1'b0}};
    for (e = 0; e < NT*NCLS; e = e + 1) ev16[e*16 +: NSUB] = ev_i[e*NSUB +: NSUB];
  end
  wire [NCTR*64-1:0] cnt_w;
  wire [NCTR*32-1:0] ctl_w, emq_w;
  localparam integer NFS = 11;   // FLOP sub-events of pmu_event_mux (tied off here)
  genvar k, t;
  generate
    for (k = 0; k < NCTR; k = k + 1) begin : g_ctr
      reg [5:0] es_q; reg en_q, tc_q; reg [NSUB-1:0] em_q; reg [2*NT-1:0] eq_q; reg [63:0] cnt_q;
      wire [2*NT-1:0] tmask;
      for (t = 0; t < NT; t = t + 1) begin : g_tm
        assign tmask[2*(NT-1-t) +: 2] = (t == (k % NT)) ? 2'b11 : 2'b00;
      end
      wire [NT*8-1:0] tinc; wire [7:0] qinc;
      // FLOP inputs tied off: any widths will do, passed explicitly
      pmu_event_mux #(.NT(NT), .NCLS(NCLS), .NSUB(16), .NRET(1), .FLOP_CLASS(63), .IW(8),
                      .NFS(NFS)) u_mux (
        .ev_i(ev16), .flop_cat_i({NT*NFS{1'b0}}), .flop_op_i({NT*4{1'b0}}), .flop_tv_i({NT{1'b0}}),
        .flop_fl_i({NT{1'b0}}), .flop_fma_i({NT{1'b0}}), .ft_i(4'd0), .es_i(es_q),
        .em_i({{(16-NSUB){1'b0}}, em_q}), .inc_o(tinc), .inc_a_o(), .inc_b_o());
      pmu_qualifier #(.NT(NT), .IW(8)) u_q (.inc_i(tinc), .cpl_i(cpl_i),
        .eq_i(tc_q ? eq_q : (eq_q & tmask)), .inc_o(qinc));
      wire sel = we_i && (ctr_i == k);
      always @(posedge clk_i or negedge rst_ni)
        if (!rst_ni) begin
          es_q <= 6'd0; en_q <= 1'b0; tc_q <= 1'b0; em_q <= {NSUB{1'b0}}; eq_q <= {2*NT{1'b0}}; cnt_q <= 64'd0;
        end else begin
          if (sel && reg_i == 2'd0) begin es_q <= wdata_i[5:0]; en_q <= wdata_i[8]; tc_q <= wdata_i[12]; end
          if (sel && reg_i == 2'd1) begin em_q <= wdata_i[NSUB-1:0]; eq_q <= wdata_i[16 +: 2*NT]; end
          if (sel && reg_i == 2'd2)      cnt_q <= {cnt_q[63:32], wdata_i};
          else if (sel && reg_i == 2'd3) cnt_q <= {wdata_i, cnt_q[31:0]};
          else if (run_i && en_q)        cnt_q <= cnt_q + {56'd0, qinc};
        end
      assign cnt_w[k*64 +: 64] = cnt_q;
      assign ctl_w[k*32 +: 32] = {19'd0, tc_q, 3'd0, en_q, 2'd0, es_q};
      assign emq_w[k*32 +: 32] = {{(16-2*NT){1'b0}}, eq_q, {(16-NSUB){1'b0}}, em_q};
    end
  endgenerate
  integer i;
  always @* begin
    rdata_o = 32'd0;
    for (i = 0; i < NCTR; i = i + 1)
      if (ctr_i == i)
        case (reg_i)
          2'd0: rdata_o = ctl_w[i*32 +: 32];
          2'd1: rdata_o = emq_w[i*32 +: 32];
          2'd2: rdata_o = cnt_w[i*64 +: 32];
          default: rdata_o = cnt_w[i*64+32 +: 32];
        endcase
  end
endmodule

module dc_flat #(
  parameter integer NP = 17, NL = 16, NCP = 24, NCL = 16, NT = 2, NCLS = 4, NSUBP = 16, NSUBL = 1,
  parameter integer NU = NP + NL
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  input  wire                         run_i,
  input  wire [NP*NT*NCLS*NSUBP-1:0]  evp_i,
  input  wire [NL*NT*NCLS*NSUBL-1:0]  evl_i,
  input  wire [NU*NT*2-1:0]           cpl_i,
  input  wire                         we_i,
  input  wire [15:0]                  addr_i,   // [15:10] group, [9:4] counter, [3:2] register
  input  wire [31:0]                  wdata_i,
  output reg  [31:0]                  rdata_o
);
  wire [NU*32-1:0] rd;
  genvar u;
  generate
    for (u = 0; u < NU; u = u + 1) begin : g_u
      if (u < NP) begin : g_p
        dc_flat_group #(.NCTR(NCP), .NT(NT), .NCLS(NCLS), .NSUB(NSUBP)) u_g (
          .clk_i(clk_i), .rst_ni(rst_ni), .run_i(run_i), .ev_i(evp_i[u*NT*NCLS*NSUBP +: NT*NCLS*NSUBP]),
          .cpl_i(cpl_i[u*NT*2 +: NT*2]), .we_i(we_i && addr_i[15:10] == u), .ctr_i(addr_i[9:4]),
          .reg_i(addr_i[3:2]), .wdata_i(wdata_i), .rdata_o(rd[u*32 +: 32]));
      end else begin : g_l
        dc_flat_group #(.NCTR(NCL), .NT(NT), .NCLS(NCLS), .NSUB(NSUBL)) u_g (
          .clk_i(clk_i), .rst_ni(rst_ni), .run_i(run_i), .ev_i(evl_i[(u-NP)*NT*NCLS*NSUBL +: NT*NCLS*NSUBL]),
          .cpl_i(cpl_i[u*NT*2 +: NT*2]), .we_i(we_i && addr_i[15:10] == u), .ctr_i(addr_i[9:4]),
          .reg_i(addr_i[3:2]), .wdata_i(wdata_i), .rdata_o(rd[u*32 +: 32]));
      end
    end
  endgenerate
  integer i;
  always @* begin
    rdata_o = 32'd0;
    for (i = 0; i < NU; i = i + 1) if (addr_i[15:10] == i) rdata_o = rd[i*32 +: 32];
  end
endmodule
