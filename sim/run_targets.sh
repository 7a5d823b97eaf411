#!/usr/bin/env bash
# Runs each make target given as an argument, logs it to build/logs/<target>.log,
# reads the target's own closing "N passed, N failed" line and adds it up.
# A target that fails (non-zero exit) without such a line counts as 1 failed.
# Prints a per-target table and, last, the total "N passed, N failed".
# BG_TARGETS (space-separated): a background lane. It starts first and runs
# those of them that are among the arguments one after another, in the order
# of BG_TARGETS (with make arguments BG_MAKEFLAGS), while the other targets
# run in the foreground; they must build only under their own directories.
# Their results are collected at the end and listed in their places.
set -u
mkdir -p build/logs
tp=0; tf=0; rows=(); bg_idx=(); bg_pid=
BG_TARGETS=${BG_TARGETS:-}; BG_MAKEFLAGS=${BG_MAKEFLAGS:-}

# result of target $1 (exit code $2, seconds $3) -> row, totals, report
result() {
  local t=$1 rc=$2 secs=$3 log=build/logs/$1.log line p f status
  line=$(grep -E '^([A-Za-z_-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  if [ -n "$line" ]; then
    p=$(sed -E 's/^([A-Za-z_-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/' <<<"$line")
    f=$(sed -E 's/^([A-Za-z_-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/' <<<"$line")
  else
    p=0; f=0
  fi
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  tp=$((tp + p)); tf=$((tf + f))
  status=ok; [ "$f" -ne 0 ] && status=FAIL
  row="$(printf '%-18s %6s %6s %6ss  %s' "$t" "$p" "$f" "$secs" "$status")"
  printf '[%s] %s: %s passed, %s failed (%ss)\n' "$status" "$t" "$p" "$f" "$secs"
  if [ "$f" -ne 0 ]; then echo "---- $t failed; last lines of $log:"; tail -n 25 "$log"; fi
}

lane=build/logs/.bg_lane   # the background lane's "target rc seconds" lines
: >"$lane"
for b in $BG_TARGETS; do
  if [[ " $* " == *" $b "* ]]; then
    (
      for b in $BG_TARGETS; do
        [[ " $* " == *" $b "* ]] || continue
        s0=$(date +%s)
        # shellcheck disable=SC2086
        make --no-print-directory $BG_MAKEFLAGS "$b" >"build/logs/$b.log" 2>&1
        echo "$b $? $(( $(date +%s) - s0 ))" >>"$lane"
      done
    ) &
    bg_pid=$!
    printf '[..] background lane started: %s\n' "$BG_TARGETS"
    break
  fi
done
i=0
for t in "$@"; do
  log=build/logs/$t.log
  start=$(date +%s)
  if [[ " $BG_TARGETS " == *" $t "* ]]; then
    bg_idx+=("$i"); rows[$i]=""
  else
    make --no-print-directory "$t" >"$log" 2>&1
    rc=$?
    result "$t" "$rc" $(( $(date +%s) - start ))
    rows[$i]=$row
  fi
  i=$((i + 1))
done
args=("$@")
if [ ${#bg_idx[@]} -gt 0 ]; then
  wait "$bg_pid"
  for j in "${bg_idx[@]}"; do
    t=${args[$j]}
    read -r _ rc secs < <(grep "^$t " "$lane")
    result "$t" "${rc:-1}" "${secs:-0}"
    rows[$j]=$row
  done
fi
printf '%-18s %6s %6s %7s\n' target passed failed time
printf '%s\n' "${rows[@]}"
echo "$tp passed, $tf failed"
[ "$tf" -eq 0 ]
