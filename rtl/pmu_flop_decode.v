// pmu_flop_decode: classifies one retired floating-point instruction (one
// retire slot) into the FLOP sub-event it belongs to (Intel SIMD FLOP patent:
// register size x element size). Output is one-hot over the 8 FLOP sub-events
// (EM bit order of the FLOP class, see docs/regmap.md), all zero when the slot
// is not valid or the combination is not a counted one.
`include "pmu_regs.vh"
module pmu_flop_decode (
  input  wire       valid_i,
  input  wire [2:0] rsz_i,   // register size code: 0=32b 1=64b 2=128b 3=256b 4=512b
  input  wire       esz_i,   // element size: 0=single, 1=double
  output reg  [7:0] cat_o
);
  always @* begin
    cat_o = 8'd0;
    if (valid_i) begin
      case (rsz_i)
        `PMU_RSZ32:  if (!esz_i) cat_o[`PMU_FLOP_SCALAR_SINGLE] = 1'b1;
        `PMU_RSZ64:  if (esz_i)  cat_o[`PMU_FLOP_SCALAR_DOUBLE] = 1'b1;
        `PMU_RSZ128: cat_o[esz_i ? `PMU_FLOP_PACKED128_DOUBLE : `PMU_FLOP_PACKED128_SINGLE] = 1'b1;
        `PMU_RSZ256: cat_o[esz_i ? `PMU_FLOP_PACKED256_DOUBLE : `PMU_FLOP_PACKED256_SINGLE] = 1'b1;
        `PMU_RSZ512: cat_o[esz_i ? `PMU_FLOP_PACKED512_DOUBLE : `PMU_FLOP_PACKED512_SINGLE] = 1'b1;
        default:     cat_o = 8'd0;
      endcase
    end
  end
endmodule
