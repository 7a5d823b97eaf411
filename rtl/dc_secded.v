`timescale 1ns/1ps
// dc_secded: Hsiao (72,64) single-error-correcting, double-error-detecting
// code of one 64-bit SRAM counter (docs/dc_notes.md, Reliability; C twin
// cmodel/dc_secded.h). Check bit i = XOR of the data bits j whose column
// H[j] has bit i set; the 64 data columns are the 56 weight-3 8-bit values
// in increasing order, then the first 8 weight-5 values (every column odd,
// all distinct, none a check-bit column, which are the unit vectors).
// Decode: syndrome s = c_i ^ chk(d_i). s = 0: clean. s = a data column j:
// data bit j flipped (corrected in q_o), ce_o. s = a unit vector: a check bit
// flipped (data correct), ce_o. Any other s (even weight = two bits, or an
// odd weight that is no column = three or more): ue_o, q_o = d_i unchanged
// (never used as a correct value by dc_central_unit).
// As an encoder: chk_o is the check byte of d_i (c_i, q_o, ce_o, ue_o unused).
module dc_secded (
  input  wire [63:0] d_i,
  input  wire [7:0]  c_i,
  output reg  [7:0]  chk_o,
  output reg  [63:0] q_o,
  output wire        ce_o,
  output wire        ue_o
);
  // the 64 columns of H, column j at [8j +: 8] (constant function, one call:
  // evaluated once at elaboration, not once per column)
  function [511:0] hcols;
    input integer unused;
    integer v, w, b, n, pass;
    begin
      hcols = 512'd0;
      n = 0;
      for (pass = 0; pass < 2; pass = pass + 1)
        for (v = 0; v < 256; v = v + 1) begin
          w = 0;
          for (b = 0; b < 8; b = b + 1) w = w + ((v >> b) & 1);
          if (w == 3 + 2 * pass && n < 64) begin
            hcols[8*n +: 8] = v[7:0];
            n = n + 1;
          end
        end
    end
  endfunction

  localparam [511:0] HM = hcols(0);
  wire [511:0] hm = HM;   // hm[8j +: 8] = column j

  integer j;
  reg [7:0] syn;
  reg       hit;
  always @* begin
    chk_o = 8'd0;
    for (j = 0; j < 64; j = j + 1)
      if (d_i[j]) chk_o = chk_o ^ hm[8*j +: 8];
    syn = c_i ^ chk_o;
    q_o = d_i;
    hit = 1'b0;
    for (j = 0; j < 64; j = j + 1)
      if (syn == hm[8*j +: 8]) begin
        q_o[j] = ~d_i[j];
        hit = 1'b1;
      end
    for (j = 0; j < 8; j = j + 1)
      if (syn == (8'd1 << j)) hit = 1'b1;
  end
  assign ce_o = hit;
  assign ue_o = (syn != 8'd0) & ~hit;
endmodule
