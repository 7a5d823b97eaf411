#!/usr/bin/env bash
# dc_illegal.sh: illegal distributed-counter configurations must be refused at
# elaboration by every tool (Verilator, Icarus, Yosys), naming the violated
# rule; the legal reference configuration must elaborate (control case).
#   FRAME=600: 600 x 32 (2 threads x 16 sub-events) >= 2^14 for core-type units
#   LWL=8:     400 x 2 >= 2^8 for cache-type units
#   NP=40:     the data flits of 40+16 units do not fit in a 400-cycle frame
# Last line "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
RTL="rtl/dc_top.v rtl/dc_central_unit.v rtl/dc_local_unit.v rtl/dc_cu_dec.v rtl/dc_lu_dec.v rtl/pmu_reg_field.v rtl/pmu_event_mux.v rtl/pmu_qualifier.v"
pass=0; fail=0
run() { # tool param value -> output, rc
  local tool=$1 p=$2 v=$3
  case $tool in
    verilator) verilator --lint-only -Wall -Wno-DECLFILENAME --top-module dc_top ${p:+-G$p=$v} $RTL 2>&1 ;;
    iverilog)  iverilog -g2005 -o /dev/null -s dc_top ${p:+-Pdc_top.$p=$v} $RTL 2>&1 ;;
    yosys)     yosys -q -p "read_verilog $RTL; hierarchy -check -top dc_top ${p:+-chparam $p $v}" 2>&1 ;;
  esac
}
for tool in verilator iverilog yosys; do
  for case in "FRAME 600 dc_illegal_FRAME_x_max_increment_ge_2_pow_LW" \
              "LWL 8 dc_illegal_FRAME_x_max_increment_ge_2_pow_LW" \
              "NP 40 dc_illegal_FRAME_too_short_for_slots"; do
    set -- $case
    out=$(run $tool $1 $2); rc=$?
    if [ $rc -ne 0 ] && grep -q "$3" <<<"$out"; then
      echo "ok   $tool refuses $1=$2 ($3)"; pass=$((pass+1))
    else
      echo "FAIL $tool accepted $1=$2 or did not name $3 (rc=$rc)"; echo "$out" | head -5; fail=$((fail+1))
    fi
  done
  out=$(run $tool "" ""); rc=$?
  if [ $rc -eq 0 ]; then echo "ok   $tool elaborates the reference configuration"; pass=$((pass+1))
  else echo "FAIL $tool refuses the reference configuration"; echo "$out" | head -5; fail=$((fail+1)); fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
