#!/usr/bin/env bash
# Seed sweep of pmu_core's random lockstep bench (make core-soak, part of
# make soak): every executable given (one tb/test_random.cpp build per
# lockstep configuration) runs with every seed of SEEDS for CYCLES cycles,
# JOBS runs at once. A run passes when it exits 0: no divergence from the C
# model and every coverage goal met. Prints one line per run, each failed
# run's log (build/core/soak/<configuration>_s<seed>.log) and how to
# reproduce it, and, last, "N passed, N failed".
#   sim/core_soak.sh "SEEDS" CYCLES JOBS EXE...
set -u
seeds=$1 cycles=$2 jobs=$3
shift 3
out=build/core/soak
mkdir -p "$out"
rm -f "$out"/*.log "$out"/*.rc

cfg_of() {   # the configuration of an executable build/core/test_random_<cfg>/Vtest_random
  local d
  d=$(basename "$(dirname "$1")"); echo "${d#test_random_}"
}
one() {   # one run: $1 executable, $2 seed
  local log
  log="$out/$(cfg_of "$1")_s$2.log"
  "$1" --seed "$2" --cycles "$cycles" > "$log" 2>&1
  echo $? > "${log%.log}.rc"
}
export -f cfg_of one
export out cycles

for exe in "$@"; do for s in $seeds; do echo "$exe $s"; done; done |
  xargs -P "$jobs" -n 2 bash -c 'one "$0" "$1"'

p=0; f=0
for exe in "$@"; do
  cfg=$(cfg_of "$exe")
  for s in $seeds; do
    log="$out/${cfg}_s$s.log"
    if [ "$(cat "${log%.log}.rc" 2>/dev/null)" = 0 ]; then
      p=$((p + 1)); echo "PASS test_random $cfg seed $s ($cycles cycles)"
    else
      f=$((f + 1))
      echo "FAIL test_random $cfg seed $s ($cycles cycles): $log; reproduce: $exe --seed $s --cycles $cycles"
      grep -E 'MISMATCH|diverged|MISSED' "$log" | head -n 5 | sed 's/^/    /'
    fi
  done
done
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
