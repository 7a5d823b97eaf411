`timescale 1ns/1ps
// pmu_qualifier: event qualification by thread ID and thread CPL (seed 000,
// logic block 60 and Table 1). Thread t's events pass when the EQ bit for
// (t, OS) is set and the thread runs at CPL 0, or the bit for (t, USR) is set
// and it runs at CPL 1..3. EQ bit order follows Table 1: thread t's OS bit is
// 2*(NT-1-t)+1, its USR bit 2*(NT-1-t) (NT=2: T0_OS=3 T0_USR=2 T1_OS=1
// T1_USR=0). All bits set: no qualification; none set: nothing is counted.
// Outputs: which threads pass (q_o), and the sum of the qualified threads'
// increments (inc_o; with SUM=0 no adder is built and inc_o is 0, for a user
// that needs q_o only).
module pmu_qualifier #(
  parameter integer NT  = 2,
  parameter integer IW  = 8,
  parameter integer SUM = 1
) (
  input  wire [NT*IW-1:0] inc_i,  // per-thread masked increments
  input  wire [NT*2-1:0]  cpl_i,  // per-thread current privilege level
  input  wire [2*NT-1:0]  eq_i,
  output wire [NT-1:0]    q_o,
  output reg  [IW-1:0]    inc_o
);
  genvar gt;
  generate
    for (gt = 0; gt < NT; gt = gt + 1) begin : g_q
      assign q_o[gt] = (cpl_i[gt*2 +: 2] == 2'd0) ? eq_i[2*(NT-1-gt)+1] : eq_i[2*(NT-1-gt)];
    end
  endgenerate
  integer t;
  always @* begin
    inc_o = {IW{1'b0}};
    for (t = 0; t < NT; t = t + 1)
      if (SUM != 0 && q_o[t]) inc_o = inc_o + inc_i[t*IW +: IW];
  end
endmodule
