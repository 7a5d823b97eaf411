# Distributed counters (issue 3): lint, Verilator lockstep benches, C-model
# tests, elaboration refusal of illegal configurations, speed bench, synthesis.
# Everything builds under build/dc/.
DC_BUILD   ?= $(BUILD)/dc$(WSUF)
# sim/mutate.py builds the benches against mutated copies of rtl/ and cmodel/
DC_RTL_DIR ?= rtl
DC_CM_DIR  ?= cmodel
DC_RTL     := $(addprefix $(DC_RTL_DIR)/,$(notdir $(CFG_RTL_dc_top)))
# --hierarchical (reference build): dc_local_unit is a hier_block (code shared
# by all units; the small build is not hierarchical: Verilator 5.006 fails to
# build a hierarchical model whose top has -G parameters).
# UNOPTFLAT: the unit register-bus read/ok -> central decode -> write loop
# is only seen as circular across the hierarchical-block boundary.
DC_VFLAGS  := -O3 --x-assign fast --x-initial 0 -Wall -Wno-DECLFILENAME -Wno-UNOPTFLAT $(VTRACE) --top-module dc_top $(VBUILD_OPT)
DC_CFLAGS  := -std=c99 -O2 -Wall -Wextra -pedantic
DC_SEED    ?= $(SEED)
DC_LS_CYCLES   ?= 1000000
DC_MAXRATE_CYCLES ?= 200000
DC_RAND_CYCLES ?= 200000
DC_MODEL_CYCLES ?= 10000000
DC_SOAK_CYCLES ?= 1000000000
# smaller configuration (also lockstep-verified), config/pmu_ip.yaml dc_small:
# Verilator -G options and the harness's -DCFG_ defines (tb/dc_harness.h)
DC_SMALL   := $(foreach p,$(CFG_dc_small),-G$(p))
DC_SMALL_D := $(foreach p,$(CFG_dc_small),-DCFG_$(p))

.PHONY: deps-dc dc-regmap-check dc-lint dc-lockstep-maxrate dc-lockstep-random dc-lockstep-directed \
        dc-lockstep-noecc dc-lockstep-configs dc-model dc-illegal dc-soak soak dc-bench dc-synth

deps-dc: deps-sim

# the model (CFG_CMODEL_dc_top: cmodel/dc_model.c, the top and central unit, and
# cmodel/dc_model_lu.c, a local unit) as one archive
DC_CM_SRCS = $(addprefix $(DC_CM_DIR)/,$(notdir $(CFG_CMODEL_dc_top)))
$(DC_BUILD)/libdc_model.a: $(DC_CM_SRCS) $(addprefix $(DC_CM_DIR)/,dc_model.h dc_model_int.h dc_secded.h dc_regs.h \
    dc_cfg_gen.h dc_regdec.h pmu_reg_field.h pmu_prim.h)
	@mkdir -p $(@D)/cm
	cd $(@D)/cm && $(CC) $(DC_CFLAGS) -c $(abspath $(DC_CM_SRCS))
	rm -f $@ && ar rcs $@ $(addprefix $(@D)/cm/,$(notdir $(DC_CM_SRCS:.c=.o)))

# the lockstep bench's sources beyond tb/dc_lockstep.cpp (main, --test
# dispatch): its tests, split by concern into tb/dc/*.cpp sharing
# tb/dc/dc_tests.h (as sim/core.mk VBUILD_SRCS_<program>; sim/mutate.py
# user_classes names the same files)
VBUILD_SRCS_dc_lockstep := $(sort $(wildcard tb/dc/*.cpp))
VBUILD_HDRS_dc_lockstep := $(wildcard tb/dc/*.h)

# $(1) = build name, $(2) = extra verilator parameters, $(3) = C defines
define dc_vbuild
$(DC_BUILD)/$(1)/Vdc_lockstep: $(DC_RTL) tb/dc_lockstep.cpp $(VBUILD_SRCS_dc_lockstep) $(VBUILD_HDRS_dc_lockstep) tb/dc_harness.h tb/waves.h $(DC_BUILD)/libdc_model.a
	@mkdir -p $$(@D); rm -f $$@   # Verilator's make does not see the model object: force the link
	verilator --cc --exe --build -j 2 $(DC_VFLAGS) $(2) -Mdir $$(@D) -o Vdc_lockstep \
	  -CFLAGS "-O2 -std=c++17 -I$(abspath $(DC_CM_DIR)) -I$(abspath tb) $(3) -DWAVES_NAME=dc_lockstep_$(1)" \
	  -LDFLAGS "$(abspath $(DC_BUILD)/libdc_model.a)" \
	  $(DC_RTL) $(abspath tb/dc_lockstep.cpp $(VBUILD_SRCS_dc_lockstep)) >$$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
endef
# Configurations of the lockstep and icarus flows (config/pmu_ip.yaml):
# dc_ref, the reference ring (every default; hierarchical build, no -G),
# runs dc-lockstep-directed, -random and -maxrate; every other one, built in
# $(DC_BUILD)/<name without dc_>, runs dc-lockstep-<name without dc_> (directed
# + DC_RAND_CYCLES random) and, in the icarus flow, dc-icarus-<name without
# dc_> (dc_small: dc-icarus). Makefile cfg_test registers them.
dc_short = $(1:dc_%=%)
DC_LS_CFGS := $(filter-out dc_ref,$(CFG_FLOW_dc_top_lockstep))
dc_icarus_name = dc-icarus$(if $(filter dc_small,$(1)),,-$(call dc_short,$(1)))
dc_icarus_dir = $(DC_BUILD)/icarus$(if $(filter dc_small,$(1)),,_$(call dc_short,$(1)))
# (WAVES=1: not hierarchical, Verilator 5.006's hierarchical model crashes when traced)
$(eval $(call dc_vbuild,ref,$(if $(VTRACE),,--hierarchical),))
$(foreach c,$(sort $(DC_LS_CFGS) $(CFG_FLOW_dc_top_icarus)),$(eval $(call dc_vbuild,$(call dc_short,$(c)),$(foreach p,$(CFG_$(c)),-G$(p)),$(foreach p,$(CFG_$(c)),-DCFG_$(p)))))
# the small configuration without the reliability logic (parameter ECC=0:
# no SECDED, no chain parity; docs/dc_notes.md, Reliability)
$(eval $(call dc_vbuild,noecc,$(filter-out -GECC=%,$(DC_SMALL)) -GECC=0,$(filter-out -DCFG_ECC=%,$(DC_SMALL_D)) -DCFG_ECC=0))
# short lockstep runs in further configurations (config/pmu_ip.yaml flow
# lockstep-short: thread counts 1/4/8, odd unit and counter counts, other
# local widths and FRAME): one flat build each, directed + DC_CFG_CYCLES random
DC_CFGS       := $(CFG_FLOW_dc_top_lockstep_short)
DC_CFG_CYCLES ?= 40000
$(foreach c,$(DC_CFGS),$(eval $(call dc_vbuild,$(c),$(foreach p,$(CFG_$(c)),-G$(p)),$(foreach p,$(CFG_$(c)),-DCFG_$(p)))))

dc-regmap-check:
	python3 util/dc_regmap.py --check

# dc_top alone with its file list, in the three tools, at its defaults and at dc_small
# (sim/lint.py --top)
dc-lint: deps-dc deps-synth
	@python3 sim/lint.py --top dc_top --top dc_top:dc_small

# the reference ring at the maximum rate: DC_MAXRATE_CYCLES (make test
# 2*10^5; make ci DC_LS_CYCLES, 10^6)
dc-lockstep-maxrate: $(DC_BUILD)/ref/Vdc_lockstep
	$< --test maxrate --cycles $(DC_MAXRATE_CYCLES) --seed $(DC_SEED)

dc-lockstep-random: $(DC_BUILD)/ref/Vdc_lockstep
	$< --test random --cycles $(DC_RAND_CYCLES) --seed $(DC_SEED)

dc-lockstep-directed: $(DC_BUILD)/ref/Vdc_lockstep
	$< --test directed --seed $(DC_SEED)

dc-lockstep-configs: $(foreach c,$(DC_CFGS),$(DC_BUILD)/$(c)/Vdc_lockstep)
	@for c in $(DC_CFGS); do \
	  $(DC_BUILD)/$$c/Vdc_lockstep --test directed --seed $(DC_SEED) | tail -n 1 | sed "s/^/$$c directed: /"; \
	  $(DC_BUILD)/$$c/Vdc_lockstep --test random --cycles $(DC_CFG_CYCLES) --seed $(DC_SEED) | tail -n 1 | sed "s/^/$$c random: /"; \
	done | tee $(DC_BUILD)/configs.txt
	@awk '{p+=$$3; f+=$$5} END {print p " passed, " f " failed"; exit f != 0}' $(DC_BUILD)/configs.txt

# $(1) = configuration name without dc_ (build directory)
define dc_lockstep_run
.PHONY: dc-lockstep-$(1)
dc-lockstep-$(1): $(DC_BUILD)/$(1)/Vdc_lockstep
	@$$< --test directed --seed $$(DC_SEED) | tail -n 1 | tee $(DC_BUILD)/$(1)/directed.txt
	@$$< --test random --cycles $$(DC_RAND_CYCLES) --seed $$(DC_SEED) | tail -n 1 | tee $(DC_BUILD)/$(1)/random.txt
	@cat $(DC_BUILD)/$(1)/directed.txt $(DC_BUILD)/$(1)/random.txt | \
	  awk '{p+=$$$$1; f+=$$$$3} END {print p " passed, " f " failed"; exit f != 0}'
endef
$(foreach c,$(DC_LS_CFGS),$(eval $(call dc_lockstep_run,$(call dc_short,$(c)))))

# ECC=0 (small configuration): directed + a short random run in lockstep;
# injected faults then corrupt silently (the model predicts it)
dc-lockstep-noecc: $(DC_BUILD)/noecc/Vdc_lockstep
	@$< --test directed --seed $(DC_SEED) | tail -n 1 | tee $(DC_BUILD)/noecc/directed.txt
	@$< --test random --cycles 50000 --seed $(DC_SEED) | tail -n 1 | tee $(DC_BUILD)/noecc/random.txt
	@cat $(DC_BUILD)/noecc/directed.txt $(DC_BUILD)/noecc/random.txt | \
	  awk '{p+=$$1; f+=$$3} END {print p " passed, " f " failed"; exit f != 0}'

$(DC_BUILD)/dc_model_test: tb/dc_model_test.c $(DC_BUILD)/libdc_model.a
	$(CC) $(DC_CFLAGS) -Icmodel $< $(DC_BUILD)/libdc_model.a -o $@

dc-model: $(DC_BUILD)/dc_model_test
	$< --cycles $(DC_MODEL_CYCLES) --seed $(DC_SEED)

# Icarus replay of the directed tests of each icarus-flow configuration
# (dc_small: dc-icarus; vectors recorded by the Verilator lockstep bench,
# checked there against the C model): every output compared 4-state every
# cycle, so an X or Z from reset on fails. DC_ICARUS_CYCLES: the replay's
# first cycles (make test 6*10^4 of about 1.1*10^5, the tests from the bus
# rules up to the freeze: Icarus runs about 300 cycles a second; make ci 0, all).
# $(1) = configuration
DC_ICARUS_CYCLES ?= 60000
define dc_icarus_run
.PHONY: $(call dc_icarus_name,$(1))
$(call dc_icarus_name,$(1)): $(DC_BUILD)/$(call dc_short,$(1))/Vdc_lockstep
	@mkdir -p $(call dc_icarus_dir,$(1))
	$$< --test directed --seed $$(DC_SEED) --vec $(call dc_icarus_dir,$(1))/directed.vec | tail -n 1
	@n=$$$$(tail -n 1 $(call dc_icarus_dir,$(1))/directed.vec | cut -d' ' -f2); \
	  if [ $$(DC_ICARUS_CYCLES) -gt 0 ] && [ $$(DC_ICARUS_CYCLES) -lt $$$$n ]; then \
	    echo "replaying the first $$(DC_ICARUS_CYCLES) of $$$$n cycles (DC_ICARUS_CYCLES; make ci: all)"; \
	    { head -n $$(DC_ICARUS_CYCLES) $(call dc_icarus_dir,$(1))/directed.vec; echo "# $$(DC_ICARUS_CYCLES) cycles"; } \
	      >$(call dc_icarus_dir,$(1))/replay.vec; \
	  else ln -sf directed.vec $(call dc_icarus_dir,$(1))/replay.vec; fi
	iverilog -g2005 -Wall $(foreach p,$(CFG_$(1)),-Pdc_replay.$(p)) -s dc_replay -o $(call dc_icarus_dir,$(1))/sim $$(DC_RTL) tb/dc_replay.v
	vvp -n $(call dc_icarus_dir,$(1))/sim +vec=$(call dc_icarus_dir,$(1))/replay.vec | tee $(call dc_icarus_dir,$(1))/replay.log
	@tail -n 1 $(call dc_icarus_dir,$(1))/replay.log | grep -q '^1 passed, 0 failed'   # vvp exits 0 either way
endef
$(foreach c,$(CFG_FLOW_dc_top_icarus),$(eval $(call dc_icarus_run,$(c))))
$(foreach c,$(CFG_FLOW_dc_top_icarus),$(call cfg_test,$(c),icarus,$(call dc_icarus_name,$(c))))

dc-soak: $(DC_BUILD)/dc_model_test
	$< --cycles $(DC_SOAK_CYCLES) --seed $(DC_SEED)

soak: dc-soak core-soak

# Illegal configurations must not elaborate (each tool is expected to fail
# and to name the violated rule).
dc-illegal: deps-dc deps-py
	@bash tb/dc_illegal.sh

TEST_TARGETS += dc-regmap-check dc-lint dc-illegal dc-model
$(foreach c,$(CFG_FLOW_dc_top_lockstep),$(call cfg_test,$(c),lockstep,$(if $(filter dc_ref,$(c)),\
  dc-lockstep-directed dc-lockstep-random dc-lockstep-maxrate,dc-lockstep-$(call dc_short,$(c)))))
TEST_TARGETS += dc-lockstep-noecc dc-lockstep-configs
$(foreach c,$(DC_CFGS),$(call cfg_runs,$(c),lockstep-short,dc-lockstep-configs))

dc-bench: $(DC_BUILD)/ref/Vdc_lockstep
	@$< --test bench --cycles 100000 | grep -v 'passed, '
BENCH_TARGETS += dc-bench

dc-synth: deps-synth
	python3 synth/dc_synth.py
SYNTH_TARGETS += dc-synth
