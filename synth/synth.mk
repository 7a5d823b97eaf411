# Yosys area flow (synth/run_synth.py; template synth/synth.ys).
.PHONY: synth-area synth-check report-check
synth-area: deps-synth
	python3 synth/run_synth.py
SYNTH_TARGETS += synth-area

# Sanity test of the flow itself (small configurations): flip-flop counts per
# block and flattened equal the RTL state bits Yosys finds after `proc`, no
# latches (but pmu_yield's latch file in a YSTORE=1 configuration).
synth-check: deps-synth
	python3 synth/run_synth.py --check --workdir $(BUILD)/synth-check
TEST_TARGETS += synth-check

# The committed measurement reports carry a hash of the sources they were
# measured from (synth/report_stamp.py); a stale or unstamped report fails.
report-check:
	python3 synth/report_stamp.py --check
TEST_TARGETS += report-check
