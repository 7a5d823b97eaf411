# Yosys area flow (synth/run_synth.py; template synth/synth.ys).
.PHONY: synth-area synth-check report-check
synth-area: deps-synth
	python3 synth/run_synth.py
SYNTH_TARGETS += synth-area

# Where the default's area beyond its floor goes (synth/area_attrib.py):
# each feature's logic taken out of a copy of the RTL, the default with
# counter areas synthesized again; writes synth/reports/area_attrib.md
# (source-stamped, report-check). About 9 min; not part of make synth.
.PHONY: synth-attrib synth-attrib-check
synth-attrib: deps-synth
	python3 synth/area_attrib.py
# (make test) its edits still apply to the RTL and elaborate: no synthesis
synth-attrib-check: deps-synth
	python3 synth/area_attrib.py --check --workdir $(BUILD)/synth-attrib-check
TEST_TARGETS += synth-attrib-check

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
