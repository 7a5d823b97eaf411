#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make prof` (sim/soc/prof.mk, docs/profiling.md): profile the user's own C
# program on the example SoC. For each event of PROF_EVENTS: build the
# profiling harness (sim/soc/fw/prof_harness.c, sw/pmu_prof.c) with the
# user's objects (their main() renamed pmu_prof_user_main), run it on the
# Verilated SoC bench (samples + RVFI ground truth), then
# sw/prof_report.py check: the perf-report table next to the truth.
# Fails, with the reason, on a build error, a timed-out run (the bench's
# "TIMEOUT after N cycles": the log is deleted, never reported), an
# incomplete log, a truncated profile (buffer full) or a share out of
# tolerance. Last line: "N passed, N failed".
# Environment (from prof.mk): VTB RV_CC RV_FLAGS SW_API_SRCS RAM_BYTES PY PROF_SRC
# PROF_EVENTS PROF_PERIOD PROF_JITTER PROF_SEED PROF_CAP PROF_MAX_CYCLES
# PROF_CFLAGS PROF_OUT PROF_TOL PROF_LINES PROF_INLINE
set -u -o pipefail
die() { echo "prof: $*" >&2; echo "0 passed, 1 failed"; exit 1; }
[ -n "${PROF_SRC:-}" ] || die "PROF_SRC is empty: name your C file(s), e.g. make prof PROF_SRC=\"my/a.c my/b.c\""
for f in $PROF_SRC; do [ -f "$f" ] || die "PROF_SRC: no such file: $f"; done
case "$PROF_CAP" in ''|*[!0-9]*|0) die "PROF_CAP=$PROF_CAP: a positive number of samples";; esac
case "$PROF_MAX_CYCLES" in ''|*[!0-9]*|0) die "PROF_MAX_CYCLES=$PROF_MAX_CYCLES: a positive number of cycles";; esac
mkdir -p "$PROF_OUT/obj" || exit 1
rm -f "$PROF_OUT"/*/run.log

# the user's program, compiled once: main() -> pmu_prof_user_main()
objs=()
for f in $PROF_SRC; do
  o="$PROF_OUT/obj/$(echo "$f" | tr '/.' '__').o"
  echo "build: $f (user program, main -> pmu_prof_user_main)"
  $RV_CC $RV_FLAGS -g $PROF_CFLAGS -Dmain=pmu_prof_user_main -c "$f" -o "$o" || die "compiling $f failed"
  objs+=("$o")
done

. sim/tally.sh
p=0; f=0; id=0
for ev in $PROF_EVENTS; do
  id=$((id + 1))
  name=${ev%%@*}; period=$PROF_PERIOD
  [ "$name" != "$ev" ] && period=${ev#*@}
  case "$period" in ''|*[!0-9]*|0) die "event $ev: period '$period' is not a positive number";; esac
  jit=${PROF_JITTER:--1}
  d="$PROF_OUT/$id"; mkdir -p "$d"
  echo "build: profiling harness for profile $id: $name every $period events (jitter ${PROF_JITTER:-period/4}), buffer $PROF_CAP samples"
  $RV_CC $RV_FLAGS -g -DPROF_EVENT="\"$name\"" -DPROF_ID=$id -DPROF_PERIOD=$period -DPROF_JITTER="($jit)" \
    -DPROF_SEED=${PROF_SEED:-0} -DPROF_CAP=$PROF_CAP -Wl,--defsym=__ram_size=$RAM_BYTES -o "$d/fw.elf" \
    sim/soc/fw/start.S sim/soc/fw/prof_harness.c sw/pmu_prof.c sw/pmu_drv.c $SW_API_SRCS sw/pmu_events_soc.c \
    "${objs[@]}" || die "building the profiling firmware failed (does the program fit in $RAM_BYTES bytes with $PROF_CAP x 24 bytes of samples?)"
  riscv64-unknown-elf-objcopy -O binary "$d/fw.elf" "$d/fw.bin" || exit 1
  $PY sim/soc/fw/bin2hex.py "$d/fw.bin" "$d/fw.hex" || exit 1
  $PY sw/prof_report.py funcs --elf "$d/fw.elf" --out "$d/funcs.hex" || die "function table"
  echo "run: profile $id on the Verilated SoC (at most $PROF_MAX_CYCLES cycles; log $d/run.log)"
  "$VTB" +firmware="$(cd "$d" && pwd)/fw.hex" +funcs="$(cd "$d" && pwd)/funcs.hex" +max_cycles=$PROF_MAX_CYCLES \
    | grep -v 'Verilog \$finish' > "$d/run.log.tmp"
  rc=$?
  if t=$(grep -m1 '^TIMEOUT after' "$d/run.log.tmp"); then
    rm -f "$d/run.log.tmp"
    die "profile $id ($name): the run did not finish: bench says '$t' (PROF_MAX_CYCLES=$PROF_MAX_CYCLES). \
The profile is incomplete and is not reported; raise PROF_MAX_CYCLES (each sample costs ~8500 cycles of handler) or shorten the program."
  fi
  if [ $rc -ne 0 ] || ! grep -q '^firmware exit' "$d/run.log.tmp"; then
    tail -n 20 "$d/run.log.tmp"; rm -f "$d/run.log.tmp"
    die "profile $id ($name): the run did not end with the firmware's exit (bench exit status $rc): not reported"
  fi
  mv "$d/run.log.tmp" "$d/run.log"
  grep -v '^\[prof\] \(sample\|truth\)' "$d/run.log" | grep -v '^\[prof\] meta' | tail -n 6
  out=$($PY sw/prof_report.py check --elf "$d/fw.elf" --log "$d/run.log" --funcs "$d/funcs.hex" --tol "$PROF_TOL" \
        --lines "${PROF_LINES:-5}" ${PROF_INLINE:+--inline} --no-faults 2>&1)
  rc=$?
  echo "$out"
  tally $rc <<<"$out"
  [ $rc -eq 0 ] || { echo "prof: profile $id ($name) failed (see above)" >&2; }
done
echo "$p passed, $f failed"
[ $f -eq 0 ]
