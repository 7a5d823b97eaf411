// FPGA wrapper of the example SoC (sim/soc/soc_top.v): only the print port
// and trap reach pins (the bench's bus-monitor ports stay unconnected).
module soc_fpga_top #(
  parameter integer MEM_WORDS = 2048,
  parameter integer PMU_NC    = 8,
  parameter integer PMU_NCH   = 4,
  parameter integer PMU_YCAP  = 0,     // no capture records on the FPGA (area)
  parameter integer PMU_XLEN  = 0,     // 32: the RISC-V CSR view behind PicoRV32's PCPI (sim/soc/pcpi_csr.v)
  parameter integer PMU_YIELD = 1,     // 0: pmu_core without the yield block
  parameter         FIRMWARE  = "firmware.hex"
) (
  input  wire       clk,
  input  wire       resetn,
  output wire       trap,
  output reg        tx_valid,
  output reg  [7:0] tx_data,
  output wire       pmu_irq
);
  wire        io_valid;
  wire [7:0]  io_addr;
  wire [31:0] io_wdata;
  wire [3:0]  io_wstrb;
  /* verilator lint_off PINCONNECTEMPTY */
  soc_top #(.MEM_WORDS(MEM_WORDS), .PMU_NC(PMU_NC), .PMU_NCH(PMU_NCH), .PMU_YCAP(PMU_YCAP), .PMU_XLEN(PMU_XLEN), .PMU_YIELD(PMU_YIELD),
           .FIRMWARE(FIRMWARE)) u_soc (
    .clk(clk), .resetn(resetn), .trap(trap),
    .io_valid_o(io_valid), .io_addr_o(io_addr), .io_wdata_o(io_wdata), .io_wstrb_o(io_wstrb),
    .io_rdata_i(32'd0), .mon_valid_o(), .mon_ready_o(), .mon_instr_o(), .mon_addr_o(), .mon_wstrb_o(),
    .pmu_irq_o(pmu_irq)
  );
  /* verilator lint_on PINCONNECTEMPTY */
  always @(posedge clk) begin
    tx_valid <= io_valid && io_wstrb != 4'd0 && io_addr == 8'h00;
    tx_data  <= io_wdata[7:0];
  end
endmodule
