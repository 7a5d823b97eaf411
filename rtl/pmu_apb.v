// pmu_apb: AMBA APB4 slave of pmu-ip (zero wait states). Decodes the register
// map of docs/regmap.md (generated, with rtl/pmu_regs.vh, by util/regmap.py),
// muxes read data, raises PSLVERR on bad accesses and owns the shared 64-bit
// read shadow and write stage:
//   - reading a *_LO register latches the high half into the read shadow,
//     reading any *_HI register returns the shadow;
//   - writing a *_HI register loads the write stage, writing a *_LO register
//     commits {stage, wdata} (wdata64_o) in one edge and clears the stage.
// PSLVERR (no write, PRDATA=0): unmapped or misaligned address, partial
// write strobe, counter slot >= NC, unprivileged write, unprivileged read of
// anything but CNT_LO/HI, TSC_LO/HI (and those only while UEN=1).
`include "pmu_regs.vh"
module pmu_apb #(
  parameter integer NC = 8,
  parameter integer AW = `PMU_ADDR_BITS
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // APB4
  input  wire           psel_i,
  input  wire           penable_i,
  input  wire           pwrite_i,
  input  wire [AW-1:0]  paddr_i,
  input  wire [31:0]    pwdata_i,
  input  wire [3:0]     pstrb_i,
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [2:0]     pprot_i,      // only PPROT[0] (privileged) is used
  /* verilator lint_on UNUSEDSIGNAL */
  output wire           pready_o,
  output reg  [31:0]    prdata_o,
  output wire           pslverr_o,
  // register read sources
  input  wire [31:0]    cfg_i,
  input  wire [31:0]    gctl_i,
  input  wire           uen_i,
  input  wire [NC-1:0]  ovf_i,
  input  wire [NC-1:0]  cnten_i,
  input  wire [63:0]    tsc_i,
  input  wire [NC*32-1:0] ctl_rd_i,   // without EN
  input  wire [NC*32-1:0] emq_rd_i,
  input  wire [NC*64-1:0] cnt_i,      // zero-extended counter values
  // write strobes (valid accesses only)
  output wire           we_gctl_o,
  output wire           we_ovf_o,
  output wire           we_clr_o,
  output wire           we_cnten_o,
  output wire           we_tsc_o,
  output wire [NC-1:0]  we_ctl_o,
  output wire [NC-1:0]  we_emq_o,
  output wire [NC-1:0]  we_cnt_o,
  output wire [31:0]    wdata_o,
  output wire [63:0]    wdata64_o
);
  localparam integer CIW = AW - 4;  // counter slot index width

  wire          acc   = psel_i & penable_i;
  wire [AW-1:0] a     = paddr_i;
  wire          misal = |a[1:0];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [AW-1:0] coff  = a - `PMU_CNT_BASE;   // [3:0] is the offset inside a slot
  /* verilator lint_on UNUSEDSIGNAL */
  wire [CIW-1:0] cidx = coff[AW-1:4];
  wire          in_cnt = (a >= `PMU_CNT_BASE) && ({{(32-CIW){1'b0}}, cidx} < NC);
  wire [3:0]    creg  = {a[3:2], 2'b00};

  reg [31:0] rshadow_q, wstage_q;

  // EN bit of the addressed counter (for the CTL read)
  reg en_bit;
  integer k;
  always @* begin
    en_bit = 1'b0;
    for (k = 0; k < NC; k = k + 1)
      if ({{(32-CIW){1'b0}}, cidx} == k) en_bit = cnten_i[k];
  end

  // decode
  reg        hit, user_ok, is_lo, is_hi;
  reg [63:0] lo_val;   // value whose high half a LO read latches
  reg [31:0] rdata;
  reg        sel_gctl, sel_ovf, sel_clr, sel_cnten, sel_tsc_lo, sel_ctl, sel_emq, sel_cnt_lo;

  always @* begin
    hit = 1'b0; user_ok = 1'b0; is_lo = 1'b0; is_hi = 1'b0;
    lo_val = 64'd0; rdata = 32'd0;
    sel_gctl = 1'b0; sel_ovf = 1'b0; sel_clr = 1'b0; sel_cnten = 1'b0;
    sel_tsc_lo = 1'b0; sel_ctl = 1'b0; sel_emq = 1'b0; sel_cnt_lo = 1'b0;
    if (in_cnt) begin
      hit = 1'b1;
      case (creg)
        `PMU_CREG_CTL:    begin sel_ctl = 1'b1;
                                rdata = ctl_rd_i[cidx*32 +: 32];
                                rdata[`PMU_CTL_EN_LSB] = en_bit; end
        `PMU_CREG_EMQ:    begin sel_emq = 1'b1; rdata = emq_rd_i[cidx*32 +: 32]; end
        `PMU_CREG_CNT_LO: begin sel_cnt_lo = 1'b1; is_lo = 1'b1; user_ok = 1'b1;
                                lo_val = cnt_i[cidx*64 +: 64]; rdata = lo_val[31:0]; end
        default:          begin is_hi = 1'b1; user_ok = 1'b1; rdata = rshadow_q; end
      endcase
    end else begin
      case (a)
        `PMU_REG_ID:     begin hit = 1'b1; rdata = `PMU_ID_VALUE; end
        `PMU_REG_CFG:    begin hit = 1'b1; rdata = cfg_i; end
        `PMU_REG_GCTL:   begin hit = 1'b1; sel_gctl = 1'b1; rdata = gctl_i; end
        `PMU_REG_OVF:    begin hit = 1'b1; sel_ovf = 1'b1; rdata[NC-1:0] = ovf_i; end
        `PMU_REG_CLR:    begin hit = 1'b1; sel_clr = 1'b1; end
        `PMU_REG_CNTEN:  begin hit = 1'b1; sel_cnten = 1'b1; rdata[NC-1:0] = cnten_i; end
        `PMU_REG_TSC_LO: begin hit = 1'b1; sel_tsc_lo = 1'b1; is_lo = 1'b1; user_ok = 1'b1;
                               lo_val = tsc_i; rdata = tsc_i[31:0]; end
        `PMU_REG_TSC_HI: begin hit = 1'b1; is_hi = 1'b1; user_ok = 1'b1; rdata = rshadow_q; end
        default:         hit = 1'b0;
      endcase
    end
  end

  wire priv = pprot_i[0];
  wire err  = misal | ~hit | (pwrite_i & (pstrb_i != 4'hF)) |
              (~priv & (pwrite_i | ~(uen_i & user_ok)));
  wire wr_ok = acc & pwrite_i & ~err;
  wire rd_ok = acc & ~pwrite_i & ~err;

  assign pready_o  = 1'b1;
  assign pslverr_o = acc & err;
  always @* prdata_o = rd_ok ? rdata : 32'd0;

  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) begin
      rshadow_q <= 32'd0;
      wstage_q  <= 32'd0;
    end else begin
      if (rd_ok & is_lo) rshadow_q <= lo_val[63:32];
      if (wr_ok & is_hi) wstage_q  <= pwdata_i;
      if (wr_ok & is_lo) wstage_q  <= 32'd0;
    end

  genvar n;
  generate
    for (n = 0; n < NC; n = n + 1) begin : g_we
      wire mine = wr_ok & ({{(32-CIW){1'b0}}, cidx} == n);
      assign we_ctl_o[n] = mine & sel_ctl;
      assign we_emq_o[n] = mine & sel_emq;
      assign we_cnt_o[n] = mine & sel_cnt_lo;
    end
  endgenerate

  assign we_gctl_o  = wr_ok & sel_gctl;
  assign we_ovf_o   = wr_ok & sel_ovf;
  assign we_clr_o   = wr_ok & sel_clr;
  assign we_cnten_o = wr_ok & sel_cnten;
  assign we_tsc_o   = wr_ok & sel_tsc_lo;
  assign wdata_o    = pwdata_i;
  assign wdata64_o  = {wstage_q, pwdata_i};
endmodule
