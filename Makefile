# pmu-ip top-level flows. `make help` lists the targets.
SHELL      := /bin/bash
BUILD      := build
# File lists, parameters and named configurations: config/pmu_ip.yaml via the
# generated config/config.mk (util/config.py; make config / config-check).
include config/config.mk
RTL_SRCS   := $(CFG_RTL_pmu_core)
CMODEL_SRCS := $(CFG_CMODEL_pmu_core)
# the PAPI-like API, split by concern (sw/pmu_api_int.h): every build of it
# (sw/ tests, SoC firmware, profiler, null test) compiles this list
SW_API_SRCS := sw/pmu_api.c sw/pmu_api_names.c sw/pmu_api_sched.c sw/pmu_api_pm.c
export RTL_SRCS
CFLAGS     ?= -std=c99 -O2 -Wall -Wextra -pedantic
SEED       ?= 1
CYCLES     ?= 1000000

.PHONY: help deps regmap regmap-check lint test demo bench synth soak timing clean

help:
	@echo "make deps     install missing tools (apt-get/pip as root, else prints the commands)"
	@echo "make test     the commit suite (about 30 min on 2 cores); last line 'N passed, N failed'"
	@echo "make ci       what .ci/run runs: make test's targets at full length and the long ones (make test-long) in one run"
	@echo "make test-long the long targets alone: the flow meta-checks (a new register/port/class/configuration/wrapper)"
	@echo "make lint     every linter (Verilator, Icarus, Yosys) on every RTL top and configuration, C with -Werror"
	@echo "make demo     Verilated PMU counting a synthetic workload, perf-stat style"
	@echo "make bench    simulation speed table (Verilator vs C model)"
	@echo "make synth    Yosys area table (+ distributed-counter ratio, iCE40/xc7 FPGA numbers)"
	@echo "make fpga     iCE40 place and route + xc7 resource counts"
	@echo "make timing   fmax/logic-depth benchmark vs PicoRV32 (iCE40 UP5K/HX8K, 3 seeds; about 20-30 min)"
	@echo "make formal   formal proofs (yosys-smtbmc BMC, deep depths; docs/formal.md); make test runs formal-fast"
	@echo "make coverage line/branch/toggle coverage of the lockstep suites (pmu_core, dc_top), docs/coverage.md (not in make test)"
	@echo "make mutate   every mutant (make test: the model mutants and a sample of the RTL ones)"
	@echo "make soak     distributed-counter C model, 10^9 max-rate + 10^8 random cycles (measured runs: docs/dc_notes.md); pmu_core random lockstep, seeds 2..21, every lockstep configuration"
	@echo "make <bench target> WAVES=1   also dump waveforms to build/waves/<bench>.fst|.vcd"
	@echo "make wrappers regenerate the bus wrappers rtl/pmu_core_{axil,wb,apb3}.v, the benches' and hand instances' port blocks from rtl/pmu_core.v"
	@echo "make ports    make wrappers, then regenerate docs/ports.md (port tables and file lists of every top, from the RTL)"
	@echo "make config   regenerate config/config.mk, cmodel/*_cfg_gen.h, *.core, README tables from config/pmu_ip.yaml"
	@echo "make regmap   regenerate the rtl/*.v define blocks, cmodel/pmu_regs.h, docs/regmap.md, docs/security.md's access table"

# WAVES=1: the simulation benches dump waveforms under build/waves/, named
# after the bench: Verilator benches FST (built with --trace-fst into
# separate *-waves build directories, tb/waves.h), Icarus benches VCD
# (+waves=FILE plusarg of tb_replay / tb_soc). See README "Waveforms".
WAVES     ?= 0
WAVES_DIR := $(BUILD)/waves
ifeq ($(WAVES),1)
VTRACE    := --trace-fst
WSUF      := -waves
endif
# Extra Verilator options of every simulation build (sim/core.mk, sim/dc.mk,
# sw/sw.mk, sim/soc/soc.mk, sim/formal.mk): the C++ optimisation of the
# Verilated model, -O1 for its fast path and -O0 for its slow (initial,
# constructor) code instead of Verilator's -Os everywhere. Measured on the
# dc_top small lockstep bench: build 173 s -> 57 s, 3*10^5 random cycles
# 13.2 s either way (sim/mutate.py builds its mutants with the same options).
VBUILD_OPT ?= -MAKEFLAGS OPT_FAST=-O1 -MAKEFLAGS OPT_GLOBAL=-O1 -MAKEFLAGS OPT_SLOW=-O0
# Icarus/Verilator --binary run option: $(call waves_arg,NAME.ext)
waves_arg = $(if $(VTRACE),+waves=$(WAVES_DIR)/$(1))

# Each flow fragment appends its targets to these lists. LONG_TARGETS: the
# long ones, run by make ci (.ci/run: with make test's, in one run) and make
# test-long, not by make test (its ~30 min budget on a 2-core machine).
TEST_TARGETS  :=
LONG_TARGETS  :=
BENCH_TARGETS :=
SYNTH_TARGETS :=
DEMO_TARGETS  :=

# Named configurations -> make test targets (config/pmu_ip.yaml `flows`):
# the fragments derive each configuration's targets from the generated
# CFG_FLOW_<top>_<flow> lists ($(foreach)/$(eval)), never by name, so a new
# configuration runs in every flow it names. $(call cfg_test,CONFIG,FLOW,
# TARGETS) appends TARGETS to TEST_TARGETS and records them in
# CFG_TARGETS_<CONFIG>_<FLOW>; cfg_runs only records (a target that runs the
# flow's whole list, already in TEST_TARGETS). util/config.py --check
# (config-check) fails when a configuration's flow outside the table's
# offline_flows records no target of TEST_TARGETS.
cfg_test = $(eval TEST_TARGETS += $(3))$(eval CFG_TARGETS_$(1)_$(subst -,_,$(2)) += $(3))
cfg_runs = $(eval CFG_TARGETS_$(1)_$(subst -,_,$(2)) += $(3))
# a per-configuration target's name: PREFIX for default, PREFIX-CONFIG otherwise
cfg_name = $(1)$(if $(filter default,$(2)),,-$(2))

include sim/deps.mk
-include sim/lint.mk
-include sim/core.mk
-include sim/demo.mk
-include sim/params.mk
-include synth/synth.mk
-include sim/dc.mk
-include sim/soc/soc.mk
-include sim/soc/rv.mk
-include synth/fpga.mk
-include synth/timing.mk
-include sw/sw.mk
-include sim/formal.mk
-include sim/soc/yield.mk
-include sim/soc/prof.mk
-include sim/cocotb.mk
-include sim/linux.mk
-include sw/cspmu.mk
-include sim/rv.mk
-include sim/coverage.mk

# flows run by one target that reads the table itself (sim/fusesoc_check.py),
# and the SoC's PMU (soc_top's instance is checked equal to configuration soc)
$(foreach c,$(CFG_FLOW_pmu_core_fusesoc) $(CFG_FLOW_dc_top_fusesoc),$(call cfg_runs,$(c),fusesoc,fusesoc-check))
$(foreach c,$(filter soc,$(CFG_FLOW_pmu_core_soc)),$(call cfg_runs,$(c),soc,soc-test soc-yield soc-prof soc-prof-user))
$(foreach c,$(filter soc_rv,$(CFG_FLOW_pmu_core_soc_rv)),$(call cfg_runs,$(c),soc-rv,soc-rv-test))

# A background lane (sim/run_targets.sh) runs, one after another on one
# core, targets that build only under their own directories: the linters
# (build/lint/; first, so that its deps-soc installs before any foreground
# SoC target needs it), the mutation
# check (build/mut/; before formal-fast, mutants one at a time), the parameter
# checks (build/params/cfgcheck_<top>*), the synthesis flow check
# (build/synth-check/), the FuseSoC check (build/fusesoc/) and the fast
# proofs (build/formal/<proof>/), while the other targets run in the
# foreground; make ci adds two long ones, the event-class and register-port
# change checks (their scratch copies under /tmp).
TEST_BG := lint core-mutate dc-illegal synth-check fusesoc-check formal-fast core-params
LONG_BG := class-add-check regs-port-add-check
CI_BG   := $(TEST_BG) $(LONG_BG)
test: deps-sim
	@BG_TARGETS="$(TEST_BG)" BG_MAKEFLAGS="MUTATE_JOBS=1 MUTATE_SAMPLE=$(TEST_MUTATE_SAMPLE)" \
	  sim/run_targets.sh regmap-check $(TEST_TARGETS)

# make ci: what .ci/run runs on a fresh clone. make test's targets at their
# full length (CI_LONG: the maximum-rate run of the distributed counters'
# reference ring for 10^6 cycles instead of 2*10^5, dc_small's whole directed
# suite on Icarus instead of its first 6*10^4 cycles, 10 of the built mutants
# instead of 5) and the long targets (LONG_TARGETS: the flow meta-checks, a
# scratch copy getting a new register, port, class, configuration or
# wrapper) in one run, one "N passed, N failed" line. make test-long: the
# long targets alone.
TEST_MUTATE_SAMPLE := 5
CI_LONG := DC_MAXRATE_CYCLES=$(DC_LS_CYCLES) DC_ICARUS_CYCLES=0 MUTATE_SAMPLE=$(MUTATE_SAMPLE)
.PHONY: ci test-long
ci: deps-sim
	@env $(CI_LONG) BG_TARGETS="$(CI_BG)" BG_MAKEFLAGS="MUTATE_JOBS=1" \
	  sim/run_targets.sh regmap-check $(TEST_TARGETS) $(LONG_TARGETS)
test-long: deps-sim
	@BG_TARGETS="$(LONG_BG)" sim/run_targets.sh $(LONG_TARGETS)

demo: deps-sim
	@for t in $(DEMO_TARGETS); do $(MAKE) --no-print-directory $$t || exit 1; done

bench: deps-sim
	@for t in $(BENCH_TARGETS); do $(MAKE) --no-print-directory $$t || exit 1; done

synth: deps-synth $(SYNTH_TARGETS)

regmap:
	python3 util/regmap.py
	python3 util/dc_regmap.py
	python3 util/csrview.py

regmap-check:
	python3 util/csrview.py --check
	python3 util/regmap.py --check

# config/pmu_ip.yaml -> config/config.mk, cmodel/*_cfg_gen.h, *.core, README
# blocks; config-check (make test) fails when one is stale or the RTL's
# defaults / trap names differ from the table.
.PHONY: config config-check
config: deps-py
	python3 util/config.py
config-check: deps-py
	@python3 util/config.py --check
TEST_TARGETS += config-check
# a new named configuration is one edit of config/pmu_ip.yaml: a scratch copy
# gets one, regenerates, and its targets join make test and pass
# (sim/config_add_check.py; --full: every new target)
.PHONY: config-add-check
config-add-check: deps-py
	python3 sim/config_add_check.py
LONG_TARGETS += config-add-check
# a new bus wrapper is three hand-written files (its config/pmu_ip.yaml entry,
# its bridge, its C bridge model): a scratch copy gets one, regenerates, and
# it lints and runs in lockstep (sim/wrapper_add_check.py)
.PHONY: wrapper-add-check
wrapper-add-check: deps-py deps-sim
	python3 sim/wrapper_add_check.py
LONG_TARGETS += wrapper-add-check

# The bus wrappers rtl/pmu_core_{axil,wb,apb3}.v and the benches' blocks
# of pmu_core's port list (tb/tb_bus_x.v, tb/cocotb/tb_cocotb_top.v; the
# harness's drive and replay vector line, tb/tb_replay.v's reader,
# tb/random/stimulus.cpp's stimulus of new inputs; the tie-off block of every hand
# instance: soc_top, tb_apb_smoke, pmu_fpga_top, the formal miters) are
# generated from rtl/pmu_core.v's ports and config/pmu_ip.yaml (each wrapper's
# top entry holds its bus description; make wrappers; make ports runs it first).
# docs/ports.md: port tables of every top (pmu_core, wrappers, dc_top, ...)
# with the widths of each named configuration (Yosys), and the top's file
# list; the docs/sampling.md block sampling-ports (util/ports.py).
# ports-check (make test) fails when a wrapper, a bench block or a doc is
# stale or when a top does not compile from exactly its config/pmu_ip.yaml
# file list (Verilator); last line: the sum of both checks.
.PHONY: wrappers ports ports-check
wrappers: deps-synth deps-py
	python3 util/gen_wrappers.py
ports: wrappers
	python3 util/ports.py
ports-check: deps-synth deps-sim deps-py
	@w=$$(python3 util/gen_wrappers.py --check); wr=$$?; echo "$$w" | sed '$$d'; \
	p=$$(python3 util/ports.py --check); pr=$$?; echo "$$p" | sed '$$d'; \
	set -- $$(tail -n 1 <<<"$$w") $$(tail -n 1 <<<"$$p"); \
	echo "$$(($$1 + $$5)) passed, $$(($$3 + $$7)) failed"; [ $$wr -eq 0 ] && [ $$pr -eq 0 ]
TEST_TARGETS += ports-check

# print a make variable (used by scripts): make print-RTL_SRCS
print-%:
	@echo $($*)

clean:
	rm -rf $(BUILD)
