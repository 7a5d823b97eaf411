# Yosys area flow (synth/run_synth.py; template synth/synth.ys).
.PHONY: synth-area synth-check
synth-area: deps-synth
	python3 synth/run_synth.py
SYNTH_TARGETS += synth-area

# Sanity test of the flow itself (small configurations): flip-flop counts per
# block and flattened equal the RTL's state bits, no latches.
synth-check: deps-synth
	python3 synth/run_synth.py --check --workdir $(BUILD)/synth-check
TEST_TARGETS += synth-check
