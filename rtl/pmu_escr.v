// pmu_escr: event select control register of one counter: CTL (ES, IE, EDGE,
// INV, THR) and EMQ (EM, EQ). The EN bit lives in pmu_core's CNTEN vector so
// that all counters can be started together. Reserved bits are not stored and
// read as 0.
`include "pmu_regs.vh"
module pmu_escr #(
  parameter integer NT = 2
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          we_ctl_i,
  input  wire          we_emq_i,
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [31:0]   wdata_i,     // reserved bits are not stored
  /* verilator lint_on UNUSEDSIGNAL */
  output reg  [5:0]    es_o,
  output reg           ie_o,
  output reg           edge_o,
  output reg           inv_o,
  output reg  [7:0]    thr_o,
  output reg  [15:0]   em_o,
  output reg  [2*NT-1:0] eq_o,
  output wire [31:0]   ctl_rd_o,   // without EN
  output wire [31:0]   emq_rd_o
);
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) begin
      es_o <= 6'd0; ie_o <= 1'b0; edge_o <= 1'b0; inv_o <= 1'b0; thr_o <= 8'd0;
    end else if (we_ctl_i) begin
      es_o   <= wdata_i[`PMU_CTL_ES_LSB +: `PMU_CTL_ES_W];
      ie_o   <= wdata_i[`PMU_CTL_IE_LSB];
      edge_o <= wdata_i[`PMU_CTL_EDGE_LSB];
      inv_o  <= wdata_i[`PMU_CTL_INV_LSB];
      thr_o  <= wdata_i[`PMU_CTL_THR_LSB +: `PMU_CTL_THR_W];
    end

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) begin
      em_o <= 16'd0; eq_o <= {2*NT{1'b0}};
    end else if (we_emq_i) begin
      em_o <= wdata_i[`PMU_EMQ_EM_LSB +: `PMU_EMQ_EM_W];
      eq_o <= wdata_i[`PMU_EMQ_EQ_LSB +: 2*NT];
    end

  reg [31:0] ctl_rd, emq_rd;
  always @* begin
    ctl_rd = 32'd0;
    ctl_rd[`PMU_CTL_ES_LSB +: `PMU_CTL_ES_W]   = es_o;
    ctl_rd[`PMU_CTL_IE_LSB]                    = ie_o;
    ctl_rd[`PMU_CTL_EDGE_LSB]                  = edge_o;
    ctl_rd[`PMU_CTL_INV_LSB]                   = inv_o;
    ctl_rd[`PMU_CTL_THR_LSB +: `PMU_CTL_THR_W] = thr_o;
    emq_rd = 32'd0;
    emq_rd[`PMU_EMQ_EM_LSB +: `PMU_EMQ_EM_W]   = em_o;
    emq_rd[`PMU_EMQ_EQ_LSB +: 2*NT]            = eq_o;
  end
  assign ctl_rd_o = ctl_rd;
  assign emq_rd_o = emq_rd;
endmodule
