# Per-thread core flows: Verilator lockstep benches, directed tests, Icarus
# replay, mutation check, demo and speed bench.
VERILATOR  ?= verilator
CORE_BUILD := $(BUILD)/core$(WSUF)
# Configurations (CFG_<name>: every parameter, from config/pmu_ip.yaml via
# config/config.mk). Every target of a configuration is derived from its
# flows (CFG_FLOW_pmu_core_<flow>; Makefile cfg_test / cfg_name), default's
# without the suffix:
#   lockstep  core-random[-C], core-regs[-C]   directed  core-directed[-C]
#   icarus    core-icarus-C                    bus       core-bus-axil[-C], core-bus-wb[-C]
# (today default, alt: moves every parameter, lean: sampling and yield left
# out, their registers must answer PSLVERR).
# configuration -> -G parameters / -D defines
gparams = $(foreach p,$(CFG_$(1)),-G$(p))
dparams = $(foreach p,$(CFG_$(1)),-DCFG_$(p))

# Sources may be redirected (the mutation check points these at mutated copies).
CORE_RTL_DIR ?= rtl
CORE_CM_DIR  ?= cmodel
VFLAGS := -O3 --x-assign fast --x-initial fast -Wall -Wno-DECLFILENAME $(VTRACE) \
          -I$(CORE_RTL_DIR) --top-module pmu_core $(VBUILD_OPT)
VCFLAGS := -O2 -std=c++17 -I$(abspath $(CORE_CM_DIR)) -I$(abspath tb)

# a bench's sources beyond tb/$(1).cpp (VBUILD_SRCS_<program>) and headers
# (VBUILD_HDRS_<program>): the directed tests are split by feature group into
# tb/directed/*.cpp, sharing tb/directed/directed.h (sim/mutate.py links the
# same files: user_classes)
VBUILD_SRCS_test_directed := $(sort $(wildcard tb/directed/*.cpp))
VBUILD_HDRS_test_directed := $(wildcard tb/directed/*.h)
# the random lockstep bench: split by concern into tb/random/*.cpp (operations,
# stimulus, coverage), sharing tb/random/random.h
VBUILD_SRCS_test_random := $(sort $(wildcard tb/random/*.cpp))
VBUILD_HDRS_test_random := $(wildcard tb/random/*.h)

# $(1)=test program, $(2)=config
define vbuild
$(CORE_BUILD)/$(1)_$(2)/V$(1): $(addprefix $(CORE_RTL_DIR)/,$(notdir $(RTL_SRCS))) \
    tb/$(1).cpp $(VBUILD_SRCS_$(1)) $(VBUILD_HDRS_$(1)) tb/pmu_harness.h tb/check.h tb/waves.h $(CORE_BUILD)/$(2)/libpmu_model.a
	@mkdir -p $$(@D)
	@rm -f $$@   # Verilator's own make does not relink when only the model object changed
	@echo "build: Verilating pmu_core with tb/$(1).cpp, configuration $(2) (log: $$(@D)/build.log)"
	$(VERILATOR) --cc --exe --build -j 2 $(VFLAGS) $(call gparams,$(2)) \
	  -Mdir $$(@D) -o V$(1) \
	  -CFLAGS "$(VCFLAGS) $(call dparams,$(2)) -DWAVES_NAME=$(1)_$(2)" \
	  -LDFLAGS "$(abspath $(CORE_BUILD)/$(2)/libpmu_model.a)" \
	  $(addprefix $(CORE_RTL_DIR)/,$(notdir $(RTL_SRCS))) $(abspath tb/$(1).cpp $(VBUILD_SRCS_$(1))) >$$(@D)/build.log 2>&1 \
	  || { tail -30 $$(@D)/build.log; exit 1; }
endef

# the pmu_core model (CFG_CMODEL_pmu_core: cmodel/pmu_model.c and its blocks
# cmodel/pmu_model_<block>.c) as one archive per configuration directory
CORE_CM_SRCS = $(addprefix $(CORE_CM_DIR)/,$(notdir $(CFG_CMODEL_pmu_core)))
CORE_CM_HDRS = $(addprefix $(CORE_CM_DIR)/,pmu_model.h pmu_model_int.h pmu_regs.h pmu_cfg_gen.h pmu_classes_gen.h pmu_regdec.h \
                 pmu_reg_field.h pmu_prim.h pmu_cs_regs.h pmu_cs_regdec.h pmu_rv_csr.h)
$(CORE_BUILD)/%/libpmu_model.a: $(CORE_CM_SRCS) $(CORE_CM_HDRS)
	@mkdir -p $(@D)/cm
	cd $(@D)/cm && $(CC) $(CFLAGS) -c $(abspath $(CORE_CM_SRCS))
	rm -f $@ && ar rcs $@ $(addprefix $(@D)/cm/,$(notdir $(CORE_CM_SRCS:.c=.o)))

$(foreach t,test_directed demo bench,$(foreach c,$(CFG_FLOW_pmu_core_directed),$(eval $(call vbuild,$(t),$(c)))))
$(foreach c,$(CFG_FLOW_pmu_core_lockstep),$(eval $(call vbuild,test_random,$(c))))
$(foreach c,$(CFG_FLOW_pmu_core_lockstep),$(eval $(call vbuild,test_regs,$(c))))

# lockstep flow: random lockstep and register tests ($(1) = config)
define lockstep_run
.PHONY: $(call cfg_name,core-random,$(1)) $(call cfg_name,core-regs,$(1))
$(call cfg_name,core-random,$(1)): $(CORE_BUILD)/test_random_$(1)/Vtest_random
	$$< --seed $$(SEED) --cycles $$(CYCLES)
$(call cfg_name,core-regs,$(1)): $(CORE_BUILD)/test_regs_$(1)/Vtest_regs
	$$< --seed $$(SEED)
endef
$(foreach c,$(CFG_FLOW_pmu_core_lockstep),$(eval $(call lockstep_run,$(c))))
# seed sweep (make soak, not make test, which runs seed 1): the random
# lockstep bench of every lockstep configuration with each of SOAK_SEEDS for
# CYCLES cycles, SOAK_JOBS runs at once (sim/core_soak.sh; logs under
# build/core/soak/; 20 seeds x 9 configurations: 180 runs of 10^6 cycles).
SOAK_SEEDS ?= $(shell seq 2 21)
SOAK_JOBS  ?= 2
.PHONY: core-soak
core-soak: deps-sim $(foreach c,$(CFG_FLOW_pmu_core_lockstep),$(CORE_BUILD)/test_random_$(c)/Vtest_random)
	@sim/core_soak.sh "$(SOAK_SEEDS)" $(CYCLES) $(SOAK_JOBS) $(filter %/Vtest_random,$^)
# directed flow ($(1) = config; default's run also writes the latency table)
define directed_run
.PHONY: $(call cfg_name,core-directed,$(1))
$(call cfg_name,core-directed,$(1)): $(CORE_BUILD)/test_directed_$(1)/Vtest_directed
	$$< --vec $(CORE_BUILD)/directed_$(1).vec$(if $(filter default,$(1)), --latency $(CORE_BUILD)/latency.md)
endef
$(foreach c,$(CFG_FLOW_pmu_core_directed),$(eval $(call directed_run,$(c))))

.PHONY: core-lint

# pmu_core alone with its file list, in the three tools (sim/lint.py --top)
core-lint:
	@python3 sim/lint.py --top pmu_core

TEST_TARGETS += core-lint
$(foreach c,$(CFG_FLOW_pmu_core_lockstep),$(call cfg_test,$(c),lockstep,$(call cfg_name,core-random,$(c))))

# Generated blocks in hand-written docs: docs/sampling.md's latency table
# and README's cycle rules of GEN and counter writes (written by the
# directed bench, measured in lockstep) and README's configuration guide (from
# synth/reports/area.md and timing.md). `make docs` writes them, docs-check
# (make test) fails when any is stale.
.PHONY: docs docs-check
DOC_BLOCKS := "docs/sampling.md latency $(CORE_BUILD)/latency.md" \
              "README.md cycle-rules $(CORE_BUILD)/cycle_rules.md" \
              "README.md config-guide $(CORE_BUILD)/config_guide.md"
.PHONY: doc-blocks
doc-blocks: $(CORE_BUILD)/test_directed_default/Vtest_directed
	$< --only latencies,boundaries --latency $(CORE_BUILD)/latency.md --rules $(CORE_BUILD)/cycle_rules.md >/dev/null
	python3 synth/config_guide.py $(CORE_BUILD)/config_guide.md
docs: doc-blocks
	@for b in $(DOC_BLOCKS); do python3 util/doc_block.py $$b || exit 1; done
docs-check: doc-blocks
	@p=0; f=0; \
	for b in $(DOC_BLOCKS); do \
	  out=$$(python3 util/doc_block.py --check $$b); rc=$$?; echo "$$out" | head -1; \
	  if [ $$rc -eq 0 ]; then p=$$((p+1)); else f=$$((f+1)); fi; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]
TEST_TARGETS += docs-check

$(foreach c,$(CFG_FLOW_pmu_core_directed),$(call cfg_test,$(c),directed,$(call cfg_name,core-directed,$(c))))

# register tests from the generated register table (tb/test_regs.cpp): every
# register of regs/pmu.rdl, in every configuration of the lockstep flow
# (core-regs[-C], lockstep_run above)
$(foreach c,$(CFG_FLOW_pmu_core_lockstep),$(call cfg_test,$(c),lockstep,$(call cfg_name,core-regs,$(c))))

# adding a register is one edit of regs/pmu.rdl: a scratch copy gets a new
# register in the .rdl only, regenerates, and passes test_regs and the
# directed lockstep tests with it (sim/regs_add_check.py)
.PHONY: regs-add-check
regs-add-check:
	python3 sim/regs_add_check.py
LONG_TARGETS += regs-add-check

# a register whose field the hardware sets from a new core input port is four
# hand-edited files (regs/pmu.rdl, rtl/pmu_core.v, cmodel/pmu_model.h and .c):
# a scratch copy gets them, regenerates (make regmap ports: the benches' and
# hand instances' port blocks too), and passes lint, core-regs, core-directed,
# core-random, the Icarus replay and a directed bench of the port
# (sim/regs_port_add_check.py, #29 item 4a)
.PHONY: regs-port-add-check
regs-port-add-check:
	python3 sim/regs_port_add_check.py
LONG_TARGETS += regs-port-add-check

# an event class decoded from new core inputs is five hand-edited files
# (config/pmu_ip.yaml, rtl/pmu_core.v's ports, the RTL decoder, cmodel/pmu_model.h's
# inputs, the C decoder): a scratch copy gets them, regenerates (make config
# regmap ports), and passes lint, core-regs, core-directed, core-random and a
# directed bench of the class in lockstep and on Icarus, which a decoder
# mutant fails (sim/class_add_check.py, #29 item 4b)
.PHONY: class-add-check
class-add-check:
	python3 sim/class_add_check.py
LONG_TARGETS += class-add-check

# Icarus replay of the directed-test vectors ($(1) = config); the replay
# program is a file target, also run by core-bench (sim/demo.mk)
iparams = $(foreach p,$(CFG_$(1)),-Ptb_replay.$(p))
define icarus_run
$(CORE_BUILD)/icarus_$(1)/sim: $(addprefix $(CORE_RTL_DIR)/,$(notdir $(RTL_SRCS))) tb/tb_replay.v config/config.mk
	@mkdir -p $$(@D)
	iverilog -g2005 -Wall -I$(CORE_RTL_DIR) $(call iparams,$(1)) -s tb_replay -o $$@ \
	  tb/tb_replay.v $(addprefix $(CORE_RTL_DIR)/,$(notdir $(RTL_SRCS)))
core-icarus-$(1): $(CORE_BUILD)/test_directed_$(1)/Vtest_directed $(CORE_BUILD)/icarus_$(1)/sim
	$(CORE_BUILD)/test_directed_$(1)/Vtest_directed --vec $(CORE_BUILD)/icarus_$(1)/directed.vec >/dev/null
	$(if $(VTRACE),@mkdir -p $(WAVES_DIR))
	vvp -n $(CORE_BUILD)/icarus_$(1)/sim +vec=$(CORE_BUILD)/icarus_$(1)/directed.vec $(call waves_arg,tb_replay_$(1).vcd)
endef
$(foreach c,$(CFG_FLOW_pmu_core_icarus),$(eval $(call icarus_run,$(c))))
.PHONY: $(foreach c,$(CFG_FLOW_pmu_core_icarus),core-icarus-$(c)) core-icarus-neg
$(foreach c,$(CFG_FLOW_pmu_core_icarus),$(call cfg_test,$(c),icarus,core-icarus-$(c)))
# the replay's self-test: a wrong expected value in any compared field fails it
core-icarus-neg: core-icarus-default
	python3 sim/replay_neg.py $(CORE_BUILD)/icarus_default/sim $(CORE_BUILD)/icarus_default/directed.vec
TEST_TARGETS += core-icarus-neg

# Mutation check: deliberate bugs in RTL and model must be caught.
# `make mutate` runs every mutant (one Verilator build or proof per RTL
# mutant: together over make test's budget). make test's core-mutate runs
# every model mutant that relinks (seconds each) and a sample of
# MUTATE_SAMPLE of the others (make test: TEST_MUTATE_SAMPLE, 5; make ci:
# 10), drawn with MUTATE_SEED (default: the checked-out commit, so
# successive commits draw different samples; the log names the seed).
# MUTATE_JOBS: mutants at once (default: up to 4; make test: 1, in the
# background)
# deps-formal: the formal mutants need Yices (pip); make test starts this
# target early, before formal-fast would install it (with the z3 fallback
# one formal mutant took over 28 min on a fresh machine instead of seconds)
MUTATE_SAMPLE ?= 10
.PHONY: core-mutate mutate
core-mutate: deps-sim deps-formal
	python3 sim/mutate.py --sample $(MUTATE_SAMPLE) $(if $(MUTATE_SEED),--seed $(MUTATE_SEED)) \
	  $(if $(MUTATE_JOBS),--jobs $(MUTATE_JOBS))
TEST_TARGETS += core-mutate
mutate: deps-sim deps-formal
	python3 sim/mutate.py $(if $(MUTATE_JOBS),--jobs $(MUTATE_JOBS))

# Bus wrappers in lockstep with the core model and their bridge's C model
# (cmodel/pmu_bus_model.c, or cmodel/pmu_bus_<bus>.h for a wrapper whose
# model entry says bench: generic): tb/test_bus.cpp, directed tests + random
# traffic with back-pressure, in each configuration of the bus flow:
# core-bus-<bus>[-C] for every <bus> of CFG_BUS_LOCKSTEP (config/config.mk:
# the wrappers of config/pmu_ip.yaml with a `model`), and core-bus-<bus>-<v>
# for each of its non-default modes (the model's `variants`).
$(foreach b,$(CFG_BUS_LOCKSTEP),$(eval BUS_RTL_$(b) := $(filter-out $(RTL_SRCS),$(CFG_RTL_pmu_core_$(b)))))
bus_def = BUS_$(shell echo $(1) | tr a-z A-Z)
BUS_CYCLES   ?= 200000
$(CORE_BUILD)/%/pmu_bus_model.o: $(CORE_CM_DIR)/pmu_bus_model.c $(CORE_CM_DIR)/pmu_bus_model.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
# The bench is split by concern into tb/bus/*.cpp (the APB-side hooks, one
# master/checker file per bus, one file per test group), sharing
# tb/bus/bus.h; tb/test_bus.cpp holds the options and the test table
# (sim/mutate.py links the same files: BENCH_SRC_DIRS).
VBUILD_SRCS_test_bus := $(sort $(wildcard tb/bus/*.cpp))
VBUILD_HDRS_test_bus := $(wildcard tb/bus/*.h)
# $(1)=bus, $(2)=configuration, $(3)=variant (build directory suffix), $(4)=the
# wrapper's own parameters P=V of the variant (-GP=V to Verilator, -DBUS_P=V
# to the bench, which checks the behaviour they select)
define busbuild
$(CORE_BUILD)/test_bus_$(1)$(if $(filter default,$(2)),,_$(2))$(if $(3),_$(3))/Vtest_bus: $(addprefix $(CORE_RTL_DIR)/,$(notdir $(RTL_SRCS) $(BUS_RTL_$(1)))) \
    tb/test_bus.cpp $(VBUILD_SRCS_test_bus) $(VBUILD_HDRS_test_bus) tb/test_bus_gen.h tb/pmu_harness.h tb/check.h \
    $(wildcard $(CORE_CM_DIR)/pmu_bus_$(1).h) \
    $(CORE_BUILD)/$(2)/libpmu_model.a $(CORE_BUILD)/$(2)/pmu_bus_model.o
	@mkdir -p $$(@D)
	@rm -f $$@
	$(VERILATOR) --cc --exe --build -j 2 $(filter-out --top-module pmu_core,$(VFLAGS)) --top-module pmu_core_$(1) \
	  $(call gparams,$(2)) $(foreach p,$(4),-G$(p)) -Mdir $$(@D) -o Vtest_bus \
	  -CFLAGS "$(VCFLAGS) $(call dparams,$(2)) -D$(call bus_def,$(1)) $(foreach p,$(4),-DBUS_$(p))" \
	  -LDFLAGS "$(abspath $(CORE_BUILD)/$(2)/libpmu_model.a) $(abspath $(CORE_BUILD)/$(2)/pmu_bus_model.o)" \
	  $(addprefix $(CORE_RTL_DIR)/,$(notdir $(RTL_SRCS) $(BUS_RTL_$(1)))) $(abspath tb/test_bus.cpp $(VBUILD_SRCS_test_bus)) >$$(@D)/build.log 2>&1 \
	  || { tail -30 $$(@D)/build.log; exit 1; }
endef
$(foreach b,$(CFG_BUS_LOCKSTEP),$(foreach c,$(CFG_FLOW_pmu_core_bus),$(eval $(call busbuild,$(b),$(c)))))
# the wrappers' non-default modes, default configuration (e.g. Wishbone for
# B4 pipelined masters only with the privilege override, AXI4-Lite with the
# privilege override)
$(foreach b,$(CFG_BUS_LOCKSTEP),$(foreach v,$(CFG_BUS_VARIANTS_$(b)),$(eval $(call busbuild,$(b),default,$(v),$(CFG_BUS_VARIANT_$(b)_$(v))))))
# $(1)=bus, $(2)=build directory suffix (configuration[_variant]): core-bus-<bus>[-suffix]
define bus_run
.PHONY: core-bus-$(1)$(if $(2),-$(2))
core-bus-$(1)$(if $(2),-$(2)): $(CORE_BUILD)/test_bus_$(1)$(if $(2),_$(2))/Vtest_bus
	$$< --seed $$(SEED) --cycles $$(BUS_CYCLES)
endef
$(foreach c,$(CFG_FLOW_pmu_core_bus),$(foreach b,$(CFG_BUS_LOCKSTEP),$(eval $(call bus_run,$(b),$(filter-out default,$(c))))))
$(foreach b,$(CFG_BUS_LOCKSTEP),$(foreach v,$(CFG_BUS_VARIANTS_$(b)),$(eval $(call bus_run,$(b),$(v)))))
$(foreach c,$(CFG_FLOW_pmu_core_bus),$(call cfg_test,$(c),bus,$(foreach b,$(CFG_BUS_LOCKSTEP),$(call cfg_name,core-bus-$(b),$(c)))))
TEST_TARGETS += $(foreach b,$(CFG_BUS_LOCKSTEP),$(foreach v,$(CFG_BUS_VARIANTS_$(b)),core-bus-$(b)-$(v)))

# Bus wrappers: lint (the core-lint commands, one run per wrapper top) and
# the Icarus X-check/smoke bench (tb/tb_bus_x.v, the wrappers of CFG_BUS_XCHECK: no X/Z on any output after
# reset while a few transfers run; readback, error mapping, counting).
BUS_TOPS     := $(CFG_BUS_TOPS)
BUS_ALL_RTL  := $(sort $(filter-out $(RTL_SRCS),$(foreach t,$(BUS_TOPS),$(CFG_RTL_$(t)))))   # sort: once each (rtl/bus_apb_req.v is in two lists)
.PHONY: core-lint-bus core-icarus-bus
# every bus wrapper alone with its file list, in the three tools (sim/lint.py --top)
core-lint-bus:
	@python3 sim/lint.py $(addprefix --top ,$(BUS_TOPS))
core-icarus-bus:
	@mkdir -p $(CORE_BUILD)/icarus_bus
	@p=0; f=0; for b in $(CFG_BUS_XCHECK); do \
	  B=$$(tr a-z A-Z <<<$$b); \
	  iverilog -g2005 -Wall -I$(CORE_RTL_DIR) -DBUS_$$B -s tb_bus_x -o $(CORE_BUILD)/icarus_bus/sim_$$b tb/tb_bus_x.v \
	    $(addprefix $(CORE_RTL_DIR)/,$(notdir $(RTL_SRCS) $(BUS_ALL_RTL))) || { f=$$((f+1)); continue; }; \
	  out=$$(timeout 120 vvp -n $(CORE_BUILD)/icarus_bus/sim_$$b); echo "$$out" | grep FAIL; \
	  line=$$(tail -1 <<<"$$out"); echo "tb_bus_x $$b: $$line"; \
	  if grep -qE '^[0-9]+ passed, 0 failed' <<<"$$line"; then p=$$((p+1)); else f=$$((f+1)); fi; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]
TEST_TARGETS += core-lint-bus core-icarus-bus

# WAVES=1 sanity: the traced directed bench and the Icarus replay (with
# +waves) must each write a non-empty waveform file (FST header block /
# VCD header with the bench scope) and still pass.
.PHONY: waves-check
waves-check:
	@mkdir -p $(BUILD)/logs $(WAVES_DIR); rm -f $(WAVES_DIR)/test_directed_default.fst $(WAVES_DIR)/tb_replay_default.vcd; \
	$(MAKE) --no-print-directory core-icarus-default WAVES=1 >$(BUILD)/logs/waves-check-run.log 2>&1; rc=$$?; \
	p=0; f=0; \
	if [ $$rc -eq 0 ]; then echo "waves-check: core-icarus-default WAVES=1 passes: ok"; p=$$((p+1)); \
	else echo "waves-check: core-icarus-default WAVES=1: FAILED"; tail -20 $(BUILD)/logs/waves-check-run.log; f=$$((f+1)); fi; \
	w=$(WAVES_DIR)/test_directed_default.fst; \
	if [ -f $$w ] && [ $$(stat -c %s $$w) -gt 1000 ] && [ "$$(head -c1 $$w | od -An -tu1 | tr -d ' ')" = 0 ]; then \
	  echo "waves-check: $$w ($$(stat -c %s $$w) bytes, FST): ok"; p=$$((p+1)); \
	else echo "waves-check: $$w missing, small or not FST: FAILED"; f=$$((f+1)); fi; \
	w=$(WAVES_DIR)/tb_replay_default.vcd; \
	if [ -f $$w ] && [ $$(stat -c %s $$w) -gt 1000 ] && grep -q '^\$$scope module tb_replay' $$w && grep -q '^\$$enddefinitions' $$w; then \
	  echo "waves-check: $$w ($$(stat -c %s $$w) bytes, VCD): ok"; p=$$((p+1)); \
	else echo "waves-check: $$w missing, small or not a tb_replay VCD: FAILED"; f=$$((f+1)); fi; \
	echo "$$p passed, $$f failed"; [ $$f -eq 0 ]
TEST_TARGETS += waves-check
