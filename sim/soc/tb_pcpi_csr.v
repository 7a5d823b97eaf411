`timescale 1ns/1ps
// Unit bench of sim/soc/pcpi_csr.v (Icarus): every CSR funct3 with a zero
// and a non-zero rs1 field, answered (hit, no exception), refused (no hit,
// illegal, virtual) with pcpi_valid held up to PicoRV32's timeout, non-CSR
// instructions (MUL, ECALL, a custom-0 op) ignored, and back-to-back
// requests. Checks: csr_valid exactly one cycle per CSR request, in its
// first pcpi_valid cycle; op / address / wdata / priv decode; pcpi_ready,
// pcpi_wr and pcpi_rd = csr_rdata only when answered, pcpi_wait never.
// Last line "N passed, N failed".
module tb_pcpi_csr;
  reg clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  reg         pv = 1'b0;
  reg  [31:0] pinsn = 32'd0, prs1 = 32'd0;
  wire        pwr, pwait, pready;
  wire [31:0] prd;
  wire        cv;
  wire [11:0] ca;
  wire [1:0]  cop;
  wire [31:0] cwd;
  wire [2:0]  cpriv;
  reg         hit = 1'b0, ill = 1'b0, virt = 1'b0;
  wire [31:0] crd = cv && hit && !ill && !virt ? {20'hCAFE0, ca} : 32'd0;   // like pmu_core: 0 unless answered

  pcpi_csr u_dut (
    .clk_i(clk), .rst_ni(rst_n),
    .pcpi_valid_i(pv), .pcpi_insn_i(pinsn), .pcpi_rs1_i(prs1),
    .pcpi_wr_o(pwr), .pcpi_rd_o(prd), .pcpi_wait_o(pwait), .pcpi_ready_o(pready),
    .csr_valid_o(cv), .csr_addr_o(ca), .csr_op_o(cop), .csr_wdata_o(cwd), .csr_priv_o(cpriv),
    .csr_hit_i(hit), .csr_rdata_i(crd), .csr_ill_i(ill), .csr_virt_i(virt)
  );

  integer passed = 0, failed = 0;
  task ck(input ok, input [8*64-1:0] what);
    begin
      if (ok) passed = passed + 1;
      else begin failed = failed + 1; $display("FAIL: %0s (time %0t)", what, $time); end
    end
  endtask

  // one PCPI request as PicoRV32 makes it: pcpi_valid from a rising edge,
  // held until pcpi_ready or for 16 cycles (its timeout); counts csr_valid
  integer nv, nr, k, first_v;
  reg     ans;
  task req(input [31:0] ins, input [31:0] rs1, input h, input i, input v, input is_csr);
    reg [1:0] eop;
    reg [31:0] ewd;
    reg okd;
    begin
      hit = h; ill = i; virt = v;
      @(negedge clk); pv = 1'b1; pinsn = ins; prs1 = rs1;
      nv = 0; nr = 0; ans = 1'b0; first_v = -1;
      eop = ins[13:12] == 2'b01 ? 2'd1 : ins[19:15] == 5'd0 ? 2'd0 : ins[13:12] == 2'b10 ? 2'd2 : 2'd3;
      ewd = ins[14] ? {27'd0, ins[19:15]} : rs1;
      okd = 1'b1;
      for (k = 0; k < 17 && !ans; k = k + 1) begin
        #1;
        if (cv) begin
          nv = nv + 1;
          if (first_v < 0) first_v = k;
          okd = okd && ca == ins[31:20] && cop == eop && cwd == ewd && cpriv == 3'b011;
        end
        if (pready) begin
          nr = nr + 1; ans = 1'b1;
          okd = okd && pwr && prd == {20'hCAFE0, ins[31:20]};
        end else okd = okd && !pwr && prd == 32'd0;
        okd = okd && !pwait;
        @(negedge clk);
        if (ans) pv = 1'b0;                  // PicoRV32 drops pcpi_valid at the edge that sees pcpi_ready
      end
      pv = 1'b0;
      if (is_csr) begin
        ck(nv == 1 && first_v == 0, "csr_valid exactly once, in the first cycle");
        ck(okd, "decode (addr, op, wdata, priv) and answer");
        ck(ans == (h && !i && !v), "answered iff hit and no exception");
      end else begin
        ck(nv == 0 && !ans, "a non-CSR instruction is ignored");
      end
    end
  endtask

  integer f, s;
  reg [31:0] ins;
  initial begin
    repeat (2) @(posedge clk);
    rst_n = 1'b1;
    for (f = 1; f < 8; f = f + 1)
      if (f != 4)
        for (s = 0; s < 2; s = s + 1) begin
          // csrXX x5, 0xB04 / 0x320 / 0xC03, rs1 field 0 or 7
          ins = {12'hB04, s ? 5'd7 : 5'd0, f[2:0], 5'd5, 7'h73};
          req(ins, 32'h1234_5678, 1'b1, 1'b0, 1'b0, 1'b1);
          ins = {12'h320, s ? 5'd31 : 5'd0, f[2:0], 5'd0, 7'h73};
          req(ins, 32'hFFFF_FFFF, 1'b1, 1'b0, 1'b0, 1'b1);
          ins = {12'hC03, s ? 5'd1 : 5'd0, f[2:0], 5'd6, 7'h73};
          req(ins, 32'h0000_0077, 1'b1, s != 0 || f[1:0] == 2'b01, 1'b0, 1'b1);   // a write: illegal
          ins = {12'h7C0, 5'd3, f[2:0], 5'd6, 7'h73};
          req(ins, 32'h0000_0001, 1'b0, 1'b0, 1'b0, 1'b1);                         // nobody's CSR
          ins = {12'hC03, 5'd0, f[2:0], 5'd6, 7'h73};
          req(ins, 32'h0000_0001, 1'b1, 1'b0, 1'b1, 1'b1);                         // virtual-instruction
        end
    req(32'h02B50533, 32'd3, 1'b1, 1'b0, 1'b0, 1'b0);   // mul a0, a0, a1
    req(32'h00000073, 32'd0, 1'b1, 1'b0, 1'b0, 1'b0);   // ecall
    req(32'h0600000B, 32'd0, 1'b1, 1'b0, 1'b0, 1'b0);   // picorv32 maskirq
    // back to back: two answered requests with one idle cycle between
    req({12'hB03, 5'd1, 3'b001, 5'd0, 7'h73}, 32'd1, 1'b1, 1'b0, 1'b0, 1'b1);
    req({12'hB03, 5'd1, 3'b010, 5'd0, 7'h73}, 32'd2, 1'b1, 1'b0, 1'b0, 1'b1);
    $display("%0d passed, %0d failed", passed, failed);
    $finish;
  end
endmodule
