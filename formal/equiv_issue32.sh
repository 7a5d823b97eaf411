#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Issue #32 (per-counter event path area): Yosys proofs that the reworked
# blocks behave exactly as before, against a base commit (default 43723ac,
# the tree before the rework). Not part of make test; run by hand:
#   formal/equiv_issue32.sh [BASE]
#  * pmu_flop_decode + pmu_event_mux (their interface changed: the
#    composition, NT*NRET decoders feeding one mux) old vs new, combinational:
#    miter -equiv + sat -prove-asserts, for the default parameters with NAREA
#    1/2/4/8 (every AREA of NAREA=4), the alt and lean configurations'
#    parameters, NT=8, and dc_local_unit's use (FLOP inputs tied off);
#  * pmu_counter and pmu_threshold old vs new, sequential: equiv_make /
#    equiv_simple / equiv_induct on the outputs and registers (internal
#    wires whose meaning changed are hidden from the matching).
# Prints PASS/FAIL per proof; exit 1 if any fails. Work files: build/equiv32/.
set -u
BASE=${1:-43723ac}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
W=$ROOT/build/equiv32
mkdir -p "$W"
cd "$ROOT"
git show "$BASE:rtl/pmu_event_mux.v"   | sed 's/module pmu_event_mux/module pmu_event_mux_old/'     > "$W/old_mux.v"
git show "$BASE:rtl/pmu_flop_decode.v" | sed 's/module pmu_flop_decode/module pmu_flop_decode_old/' > "$W/old_dec.v"
git show "$BASE:rtl/pmu_counter.v"     | sed 's/module pmu_counter/module pmu_counter_old/'         > "$W/old_cnt.v"
git show "$BASE:rtl/pmu_threshold.v"   | sed 's/module pmu_threshold/module pmu_threshold_old/'     > "$W/old_thr.v"
PORTS='#(parameter integer NT=2, NCLS=64, NRET=4, FLOP_CLASS=63, IW=6, NAREA=1, AREA=0, SUM=1, DC=0) (
  input [NT*NRET-1:0] valid, input [NT*NRET*3-1:0] rsz, input [NT*NRET-1:0] esz, input [NT*NRET-1:0] scalar,
  input [NT*NRET*4-1:0] op, input [NT*NCLS*16-1:0] ev, input [3:0] ft, input [5:0] es, input [15:0] em,
  output [NT*IW-1:0] inc, output [NT*IW-1:0] inc_a, output [NT*IW-1:0] inc_b);
  genvar n;'
MUXP='.NT(NT), .NCLS(NCLS), .NSUB(16), .NRET(NRET), .FLOP_CLASS(FLOP_CLASS), .IW(IW), .NAREA(NAREA), .AREA(AREA), .SUM(SUM)'
cat > "$W/w_old.v" <<V
module w_old $PORTS
  wire [NT*NRET*11-1:0] cat; wire [NT*NRET*9-1:0] typ;
  generate for (n = 0; n < NT*NRET; n = n + 1) begin : g
    pmu_flop_decode_old u (.valid_i(valid[n]), .rsz_i(rsz[3*n +: 3]), .esz_i(esz[n]), .scalar_i(scalar[n]),
      .op_i(op[4*n +: 4]), .cat_o(cat[11*n +: 11]), .typ_o(typ[9*n +: 9]));
  end endgenerate
  pmu_event_mux_old #($MUXP) m (.ev_i(ev), .flop_cat_i(DC ? {NT*NRET*11{1'b0}} : cat),
    .flop_typ_i(DC ? {NT*NRET*9{1'b0}} : typ), .ft_i(DC ? 4'd0 : ft), .es_i(DC ? 6'd0 : es), .em_i(em),
    .inc_o(inc), .inc_a_o(inc_a), .inc_b_o(inc_b));
endmodule
V
cat > "$W/w_new.v" <<V
module w_new $PORTS
  wire [NT*NRET*11-1:0] cat; wire [NT*NRET*4-1:0] fop; wire [NT*NRET-1:0] tv, fl, fma;
  generate for (n = 0; n < NT*NRET; n = n + 1) begin : g
    pmu_flop_decode u (.valid_i(valid[n]), .rsz_i(rsz[3*n +: 3]), .esz_i(esz[n]), .scalar_i(scalar[n]),
      .op_i(op[4*n +: 4]), .cat_o(cat[11*n +: 11]), .op_o(fop[4*n +: 4]), .tv_o(tv[n]), .fl_o(fl[n]), .fma_o(fma[n]));
  end endgenerate
  pmu_event_mux #($MUXP) m (.ev_i(ev), .flop_cat_i(DC ? {NT*NRET*11{1'b0}} : cat),
    .flop_op_i(DC ? {NT*NRET*4{1'b0}} : fop), .flop_tv_i(DC ? {NT*NRET{1'b0}} : tv),
    .flop_fl_i(DC ? {NT*NRET{1'b0}} : fl), .flop_fma_i(DC ? {NT*NRET{1'b0}} : fma),
    .ft_i(DC ? 4'd0 : ft), .es_i(DC ? 6'd0 : es), .em_i(em), .inc_o(inc), .inc_a_o(inc_a), .inc_b_o(inc_b));
endmodule
V
fails=0
report() { if [ "$1" = 0 ]; then echo "PASS $2"; else echo "FAIL $2 (log: $3)"; fails=$((fails+1)); fi; }
mux() {   # mux "K=V ..."
  local ps="" kv log; for kv in $1; do ps="$ps chparam -set ${kv%%=*} ${kv#*=} w_old w_new;"; done
  log="$W/mux_$(echo "$1" | tr ' =' '_-').log"
  yosys -q -l "$log" -p "read_verilog $W/old_mux.v $W/old_dec.v rtl/pmu_event_mux.v rtl/pmu_flop_decode.v $W/w_old.v $W/w_new.v;
    $ps hierarchy -check; proc; flatten; opt_clean; miter -equiv -flatten -make_assert w_old w_new miter;
    hierarchy -top miter; opt -fast; sat -verify -prove-asserts miter" >/dev/null 2>&1
  report $? "decode+mux $1" "$log"
}
seqeq() { # seqeq MODULE "hidden wires" "K=V ..."
  local m=$1 hide=$2 ps="" kv log; for kv in $3; do ps="$ps -set ${kv%%=*} ${kv#*=}"; done
  log="$W/${m}_$(echo "$3" | tr ' =' '_-').log"
  yosys -q -l "$log" -p "read_verilog $W/old_${4}.v rtl/$m.v; chparam $ps ${m}_old $m; hierarchy -check; proc;
    async2sync; opt_clean; cd ${m}_old; rename -hide $hide; cd; cd $m; rename -hide $hide; cd;
    equiv_make ${m}_old $m eq; hierarchy -top eq; equiv_simple -seq 2; equiv_induct -seq 2; equiv_status -assert" >/dev/null 2>&1
  report $? "$m $3" "$log"
}
mux "NAREA=1 AREA=0"
for a in 0 1 2 3; do mux "NAREA=4 AREA=$a"; mux "NAREA=4 AREA=$a SUM=0"; done
for a in 0 1; do mux "NAREA=2 AREA=$a"; done
for a in 0 7; do mux "NAREA=8 AREA=$a"; done
mux "NCLS=16 NAREA=1 AREA=0"
for a in 0 1 2; do mux "NT=3 NCLS=16 NRET=2 FLOP_CLASS=5 NAREA=3 AREA=$a IW=6"; done   # alt
for a in 0 1; do mux "NT=1 NCLS=8 NRET=1 FLOP_CLASS=7 NAREA=2 AREA=$a IW=5"; done     # lean
mux "NT=8 NAREA=4 AREA=2 IW=8"
for nt in 1 2 4; do mux "NT=$nt NCLS=1 NRET=1 FLOP_CLASS=63 DC=1 IW=8"; done          # dc_local_unit
for p in "W=40 IW=6" "W=64 IW=6" "W=40 IW=1" "W=64 IW=1" "W=33 IW=5" "W=48 IW=7" "W=64 IW=8"; do
  seqeq pmu_counter "w:sum" "$p" cnt
done
for iw in 1 4 5 6 7 8; do seqeq pmu_threshold "w:ge w:raw32 w:thr_e" "IW=$iw" thr; done
echo "$fails failed"
[ "$fails" = 0 ]
