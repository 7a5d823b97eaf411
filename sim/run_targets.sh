#!/usr/bin/env bash
# Runs each make target given as an argument, logs it to build/logs/<target>.log,
# reads the target's own closing "N passed, N failed" line and adds it up.
# A target that fails (non-zero exit) without such a line counts as 1 failed.
# Prints a per-target table and, last, the total "N passed, N failed".
set -u
mkdir -p build/logs
tp=0; tf=0; rows=()
for t in "$@"; do
  log=build/logs/$t.log
  start=$(date +%s)
  make --no-print-directory "$t" >"$log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  line=$(grep -E '^([A-Za-z_-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  if [ -n "$line" ]; then
    p=$(sed -E 's/^([A-Za-z_-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/' <<<"$line")
    f=$(sed -E 's/^([A-Za-z_-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/' <<<"$line")
  else
    p=0; f=0
  fi
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  tp=$((tp + p)); tf=$((tf + f))
  status=ok; [ "$f" -ne 0 ] && status=FAIL
  rows+=("$(printf '%-18s %6s %6s %6ss  %s' "$t" "$p" "$f" "$secs" "$status")")
  printf '[%s] %s: %s passed, %s failed (%ss)\n' "$status" "$t" "$p" "$f" "$secs"
  if [ "$f" -ne 0 ]; then echo "---- $t failed; last lines of $log:"; tail -n 25 "$log"; fi
done
printf '%-18s %6s %6s %7s\n' target passed failed time
printf '%s\n' "${rows[@]}"
echo "$tp passed, $tf failed"
[ "$tf" -eq 0 ]
