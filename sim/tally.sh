# SPDX-License-Identifier: Apache-2.0
# Sums the closing "N passed, N failed" lines of several runs (bash; source it):
#   . sim/tally.sh; p=0; f=0
#   out=$(run ...); rc=$?; tally $rc <<<"$out"     (or: tally $rc <LOG)
#   echo "$p passed, $f failed"
# tally RC adds the last such line of its input to p and f. A run without
# one counts 1 failed, and so does a run that exited non-zero (RC) while
# its own line says 0 failed.
tally() {
  local l
  l=$(grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
  if [[ "$l" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    p=$((p + BASH_REMATCH[1])); f=$((f + BASH_REMATCH[2]))
    [ "$1" -eq 0 ] || [ "${BASH_REMATCH[2]}" -gt 0 ] || f=$((f + 1))
  else
    f=$((f + 1))
  fi
}
