# `make lint`: Verilator --lint-only -Wall, Icarus -g2005 -Wall and Yosys
# (read_verilog; hierarchy -check; proc) on every top module of rtl/*.v (found
# by sim/lint.py: a module no other one instantiates) in each named
# configuration of the flows below, on the example SoC top and on the area
# references synth/ref/*.v; the C models,
# sw/ and the C tests with -Wall -Wextra -Werror; a user bench with its own
# `timescale; and a self-test (a known-bad snippet must be FAILED by every
# tool). Any warning fails. Last line "N passed, N failed".
LINT_CFGS = $(foreach c,$(CFG_FLOW_pmu_core_lint),--cfg "pmu_core:$(c):$(CFG_$(c))") \
            $(foreach c,$(CFG_FLOW_dc_top_lint),--cfg "dc_top:$(c:dc_%=%):$(CFG_$(c))")
.PHONY: lint lint-selftest
# deps-soc: PicoRV32 (pip) for the example SoC top; on a fresh machine
# lint runs before any SoC target has installed it
lint: deps-sim deps-synth deps-soc
	@python3 sim/lint.py $(LINT_CFGS)
# the self-test alone
lint-selftest: deps-sim deps-synth
	@python3 sim/lint.py --only selftest
TEST_TARGETS += lint
$(foreach c,$(CFG_FLOW_pmu_core_lint) $(CFG_FLOW_dc_top_lint),$(call cfg_runs,$(c),lint,lint))
