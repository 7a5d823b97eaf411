# SPDX-License-Identifier: Apache-2.0
# fmax / logic-depth benchmark (synth/timing/run_timing.py): PicoRV32 alone,
# pmu_core's small configuration and the example SoC placed and routed by
# nextpnr-ice40 on the iCE40 UP5K and HX8K (seeds 1-3, median), plus the
# register-to-register gate depth of pmu_core and PicoRV32 (Yosys ltp).
# Prints the ratios against PicoRV32 and writes synth/reports/timing.md.
# A benchmark, not a test: goals that are not met do not fail the target.
#   make timing                          full run (20-30 min on 2 shared cores)
#   make timing TIMING_ARGS=--quick      seed 1, UP5K only, report in build/timing
#   make timing TIMING_ARGS=--jobs=1     one nextpnr at a time (a shared machine)
TIMING_BUILD := $(BUILD)/timing
TIMING_ARGS  ?=
.PHONY: timing

timing: deps-fpga
	python3 synth/timing/run_timing.py --rtl "$(RTL_SRCS)" --workdir $(TIMING_BUILD) \
	  --picorv32 "$$(python3 -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)')/picorv32.v" \
	  $(TIMING_ARGS)
