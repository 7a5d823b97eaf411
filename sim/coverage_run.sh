#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One run of make coverage (sim/coverage.mk): coverage_run.sh DIR RUN TARGET CMD...
# runs CMD (a coverage build of a lockstep bench) with COV_DIR=DIR/dat (tb/cov.h
# writes its .dat there), its output in DIR/logs/RUN.log, and appends
# "RUN TARGET EXIT <its last 'N passed, N failed' line>" to DIR/results.txt
# (TARGET: the make target whose run it mirrors). Prints the same line.
set -u
dir=$1 run=$2 target=$3; shift 3
log=$dir/logs/$run.log
COV_DIR=$dir/dat "$@" >"$log" 2>&1
rc=$?
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
[ -n "$line" ] || line="0 passed, 1 failed (no result line)"
echo "$run $target $rc $line" >>"$dir/results.txt"
echo "coverage run: $run ($*): $line (exit $rc)"
