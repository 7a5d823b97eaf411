# SPDX-License-Identifier: Apache-2.0
# Code coverage (issue #32 item 1): Verilator coverage builds (line = block
# and branch points, toggle, user points) of the lockstep suites of pmu_core
# in every configuration of its lockstep / directed / rvconf flows and of the
# distributed counters (dc_top) in every configuration of its lockstep and
# lockstep-short flows but dc_ref (COV_DC_SKIP, below) plus the ECC=0 build, run with the existing tests'
# options, merged with verilator_coverage; sim/coverage_report.py writes the
# stamped docs/coverage.md (per-module table, totals against the signoff
# targets, the uncovered points not waived by sim/coverage_waivers.yaml, the
# testplan docs/testplan.yaml with each test's result) and the annotated
# listings under build/coverage/annotated/.
#   make coverage               build, run, merge, report (COV_SEED=$(SEED))
#   make coverage-report        report again from the .dat of the last run
#   make testplan-check         (make test) every register in the testplan,
#                               every named test exists (cheap: no build)
# Everything builds under build/coverage/ (one directory per bench and
# configuration); the .dat files of a run go to build/coverage/dat/ (tb/cov.h).
# Not in make test: measured run time in docs/coverage.md (README).
COV_BUILD    := $(BUILD)/coverage
COV_DAT      := $(COV_BUILD)/dat
COV_SEED     ?= $(SEED)
COV_CYCLES   ?= $(CYCLES)
COV_DC_CYCLES ?= $(DC_RAND_CYCLES)
COV_VFLAGS   := --coverage-line --coverage-toggle --coverage-user
COV_NICE     ?= nice -n 10

# configurations of each pmu_core bench (config/config.mk flows, never by name)
COV_CORE_RANDOM   := $(CFG_FLOW_pmu_core_lockstep)
COV_CORE_REGS     := $(CFG_FLOW_pmu_core_lockstep)
COV_CORE_DIRECTED := $(CFG_FLOW_pmu_core_directed)
COV_CORE_RV       := $(CFG_FLOW_pmu_core_rvconf)
COV_CORE_BINS := $(foreach c,$(COV_CORE_RANDOM),$(COV_BUILD)/core/test_random_$(c)/Vtest_random) \
                 $(foreach c,$(COV_CORE_REGS),$(COV_BUILD)/core/test_regs_$(c)/Vtest_regs) \
                 $(foreach c,$(COV_CORE_DIRECTED),$(COV_BUILD)/core/test_directed_$(c)/Vtest_directed) \
                 $(foreach c,$(COV_CORE_RV),$(COV_BUILD)/core/test_rv_$(c)/Vtest_rv)
# dc_top: every configuration of the lockstep and lockstep-short flows
# (directed + random; dc_small also maxrate, the run make test gives dc_ref)
# and noecc (dc_small, ECC=0), except dc_ref: its lockstep build is
# hierarchical (sim/dc.mk), a flat coverage build of its 33 units is 421 C++
# files (12 of them compiled in 6 min on this machine: hours). Its RTL is the same
# modules as dc_small's (3 + 2 units): what only a unit index >= 32 reaches
# (UIRQ1) is listed as not covered.
COV_DC_SKIP := dc_ref
COV_DC_CFGS := $(filter-out $(COV_DC_SKIP),$(CFG_FLOW_dc_top_lockstep) $(CFG_FLOW_dc_top_lockstep_short))
COV_DC_MAXRATE := $(firstword $(filter-out $(COV_DC_SKIP),$(CFG_FLOW_dc_top_lockstep)))
COV_DC_BINS := $(foreach c,$(COV_DC_CFGS) noecc,$(COV_BUILD)/dc/$(c)/Vdc_lockstep)

# the pmu_core model archive of a configuration (as sim/core.mk's)
$(COV_BUILD)/core/%/libpmu_model.a: $(CORE_CM_SRCS) $(CORE_CM_HDRS)
	@mkdir -p $(@D)/cm
	cd $(@D)/cm && $(CC) $(CFLAGS) -c $(abspath $(CORE_CM_SRCS))
	rm -f $@ && ar rcs $@ $(addprefix $(@D)/cm/,$(notdir $(CORE_CM_SRCS:.c=.o)))

# $(1)=test program, $(2)=config (sim/core.mk vbuild with the coverage options)
define cov_vbuild
$(COV_BUILD)/core/$(1)_$(2)/V$(1): $(RTL_SRCS) tb/$(1).cpp $(VBUILD_SRCS_$(1)) $(VBUILD_HDRS_$(1)) tb/pmu_harness.h \
    tb/waves.h tb/cov.h $(COV_BUILD)/core/$(2)/libpmu_model.a
	@mkdir -p $$(@D)
	@rm -f $$@
	@echo "coverage build: pmu_core with tb/$(1).cpp, configuration $(2) (log: $$(@D)/build.log)"
	@$(COV_NICE) $(VERILATOR) --cc --exe --build -j 2 $(filter-out $(VTRACE),$(VFLAGS)) $(COV_VFLAGS) $(call gparams,$(2)) \
	  -Mdir $$(@D) -o V$(1) \
	  -CFLAGS "$(VCFLAGS) $(call dparams,$(2)) -DWAVES_NAME=$(1)_$(2)" \
	  -LDFLAGS "$(abspath $(COV_BUILD)/core/$(2)/libpmu_model.a)" \
	  $(RTL_SRCS) $(abspath tb/$(1).cpp $(VBUILD_SRCS_$(1))) >$$(@D)/build.log 2>&1 \
	  || { tail -30 $$(@D)/build.log; exit 1; }
endef
# A configuration's other benches link against test_random's Verilated model
# (same RTL, parameters and flags; as sim/mutate.py link_from_sibling): its
# build directory is copied and only the bench's own sources are compiled,
# with Verilator's generated makefile (a full build each: about 3 min apiece
# on the shared machine). $(1)=test program, $(2)=config
define cov_sibling
$(COV_BUILD)/core/$(1)_$(2)/V$(1): $(COV_BUILD)/core/test_random_$(2)/Vtest_random tb/$(1).cpp $(VBUILD_SRCS_$(1)) \
    $(VBUILD_HDRS_$(1)) tb/pmu_harness.h tb/waves.h tb/cov.h
	@echo "coverage build: tb/$(1).cpp, configuration $(2), linked with test_random_$(2)'s model (log: $$(@D)/build.log)"
	@rm -rf $$(@D); cp -a $(COV_BUILD)/core/test_random_$(2) $$(@D); rm -f $$(@D)/Vtest_random $(foreach o,$(basename $(notdir tb/test_random.cpp $(VBUILD_SRCS_test_random))),$$(@D)/$(o).o $$(@D)/$(o).d)
	@printf 'include Vpmu_core.mk\nV$(1): $$$$(VK_USER_OBJS) $$$$(VK_GLOBAL_OBJS) $$$$(VM_PREFIX)__ALL.a $$$$(VM_HIER_LIBS)\n\t$$$$(LINK) $$$$(LDFLAGS) $$$$^ $$$$(LOADLIBES) $$$$(LDLIBS) $$$$(LIBS) $$$$(SC_LIBS) -o $$$$@\n' >$$(@D)/sibling.mk
	@$(COV_NICE) $(MAKE) --no-print-directory -j 2 -C $$(@D) -f sibling.mk V$(1) \
	  VM_USER_CFLAGS="$(VCFLAGS) $(call dparams,$(2)) -DWAVES_NAME=$(1)_$(2)" \
	  VM_USER_CLASSES="$(basename $(notdir tb/$(1).cpp $(VBUILD_SRCS_$(1))))" \
	  VM_USER_DIR="$(sort $(abspath $(dir tb/$(1).cpp $(VBUILD_SRCS_$(1)))))" \
	  $(subst -MAKEFLAGS ,,$(VBUILD_OPT)) >$$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
endef
cov_bench = $(if $(filter $(2),$(COV_CORE_RANDOM)),$(call cov_sibling,$(1),$(2)),$(call cov_vbuild,$(1),$(2)))
$(foreach c,$(COV_CORE_RANDOM),$(eval $(call cov_vbuild,test_random,$(c))))
$(foreach c,$(COV_CORE_REGS),$(eval $(call cov_bench,test_regs,$(c))))
$(foreach c,$(COV_CORE_DIRECTED),$(eval $(call cov_bench,test_directed,$(c))))
$(foreach c,$(COV_CORE_RV),$(eval $(call cov_bench,test_rv,$(c))))

# the dc_top coverage models are compiled -O0 (Verilator's C++ of a
# coverage build is several times the plain build's: dc_small 81 files, about
# 10 min at -O1 on the shared machine; the runs are short)
COV_DC_OPT ?= -MAKEFLAGS OPT_FAST=-O0 -MAKEFLAGS OPT_GLOBAL=-O0 -MAKEFLAGS OPT_SLOW=-O0
COV_DC_MAXRATE_CYCLES ?= 200000
$(COV_BUILD)/dc/libdc_model.a: $(DC_CM_SRCS) $(addprefix $(DC_CM_DIR)/,dc_model.h dc_model_int.h dc_secded.h dc_regs.h \
    dc_cfg_gen.h dc_regdec.h pmu_reg_field.h pmu_prim.h)
	@mkdir -p $(@D)/cm
	cd $(@D)/cm && $(CC) $(DC_CFLAGS) -c $(abspath $(DC_CM_SRCS))
	rm -f $@ && ar rcs $@ $(addprefix $(@D)/cm/,$(notdir $(DC_CM_SRCS:.c=.o)))
# $(1)=build name, $(2)=verilator -G, $(3)=C defines (sim/dc.mk dc_vbuild, flat)
define cov_dc_vbuild
$(COV_BUILD)/dc/$(1)/Vdc_lockstep: $(DC_RTL) tb/dc_lockstep.cpp $(VBUILD_SRCS_dc_lockstep) $(VBUILD_HDRS_dc_lockstep) \
    tb/dc_harness.h tb/waves.h tb/cov.h $(COV_BUILD)/dc/libdc_model.a
	@mkdir -p $$(@D); rm -f $$@
	@echo "coverage build: dc_top, configuration $(1) (log: $$(@D)/build.log)"
	@$(COV_NICE) $(VERILATOR) --cc --exe --build -j 2 $(filter-out $(VTRACE) $(VBUILD_OPT),$(DC_VFLAGS)) $(COV_DC_OPT) $(COV_VFLAGS) $(2) -Mdir $$(@D) -o Vdc_lockstep \
	  -CFLAGS "-O2 -std=c++17 -I$(abspath $(DC_CM_DIR)) -I$(abspath tb) $(3) -DWAVES_NAME=dc_lockstep_$(1)" \
	  -LDFLAGS "$(abspath $(COV_BUILD)/dc/libdc_model.a)" \
	  $(DC_RTL) $(abspath tb/dc_lockstep.cpp $(VBUILD_SRCS_dc_lockstep)) >$$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
endef
$(foreach c,$(COV_DC_CFGS),$(eval $(call cov_dc_vbuild,$(c),$(foreach p,$(CFG_$(c)),-G$(p)),$(foreach p,$(CFG_$(c)),-DCFG_$(p)))))
$(eval $(call cov_dc_vbuild,noecc,$(filter-out -GECC=%,$(DC_SMALL)) -GECC=0,$(filter-out -DCFG_ECC=%,$(DC_SMALL_D)) -DCFG_ECC=0))

# Constant bits (the toggle target counts the non-constant ones): per
# configuration, Yosys elaborates the top with its parameters, flattens and
# optimizes (constant propagation across the hierarchy, flops whose input and
# reset value are the same constant removed) and writes the netlist's names;
# a bit of a signal is constant when every configuration drives it from a
# constant (sim/coverage_report.py --const).
# $(1)=top, $(2)=name, $(3)=P=V parameters, $(4)=RTL files
define cov_const
$(COV_BUILD)/const/$(2).json: $(4)
	@mkdir -p $$(@D)
	@echo "coverage: constant bits of $(1), configuration $(2) (Yosys)"
	@$(COV_NICE) yosys -q -l $$(@D)/$(2).log -p "read_verilog -I$(CORE_RTL_DIR) $(4); hierarchy -top $(1) $(foreach p,$(3),-chparam $(subst =, ,$(p))); proc; flatten; opt -full; opt_clean; write_json $$@" >/dev/null \
	  || { tail -20 $$(@D)/$(2).log; exit 1; }
endef
COV_CORE_CFGS := $(sort $(COV_CORE_RANDOM) $(COV_CORE_REGS) $(COV_CORE_DIRECTED) $(COV_CORE_RV))
$(foreach c,$(COV_CORE_CFGS),$(eval $(call cov_const,pmu_core,$(c),$(CFG_$(c)),$(RTL_SRCS))))
$(foreach c,$(COV_DC_CFGS),$(eval $(call cov_const,dc_top,$(c),$(CFG_$(c)),$(DC_RTL))))
$(eval $(call cov_const,dc_top,noecc,$(filter-out ECC=%,$(CFG_dc_small)) ECC=0,$(DC_RTL)))
COV_CONST := $(foreach c,$(COV_CORE_CFGS) $(COV_DC_CFGS) noecc,$(COV_BUILD)/const/$(c).json)

.PHONY: coverage coverage-build coverage-run coverage-report testplan-check
# (one build at a time: each Verilator build compiles with -j 2; the time
# taken goes into the report: 0 s when every build is up to date)
coverage-build: deps-sim deps-synth
	@mkdir -p $(COV_BUILD); start=$$(date +%s); \
	$(MAKE) --no-print-directory $(COV_CORE_BINS) $(COV_DC_BINS) $(COV_CONST) || exit 1; \
	echo $$(( $$(date +%s) - start )) >$(COV_BUILD)/build_time.txt

# every run: one line "RUN TARGET COMMAND" (TARGET: the make target it
# mirrors), run COV_JOBS at a time by sim/coverage_run.sh (log
# build/coverage/logs/RUN.log, result line in build/coverage/results.txt)
COV_JOBS ?= 2
# (the command stripped: a trailing blank makes xargs -L join the next line)
cov_run = echo "$(1) $(2) $(COV_NICE) $(strip $(3))";
coverage-run: coverage-build
	@rm -rf $(COV_DAT) $(COV_BUILD)/logs; mkdir -p $(COV_DAT) $(COV_BUILD)/logs; : >$(COV_BUILD)/results.txt; \
	echo "coverage: seed $(COV_SEED), $(COV_CYCLES) random cycles per pmu_core configuration, $(COV_JOBS) runs at a time (rerun: make coverage COV_SEED=$(COV_SEED))"; \
	start=$$(date +%s); \
	{ $(foreach c,$(COV_CORE_RANDOM),$(call cov_run,core-random-$(c),$(call cfg_name,core-random,$(c)),$(COV_BUILD)/core/test_random_$(c)/Vtest_random --seed $(COV_SEED) --cycles $(COV_CYCLES))) \
	$(call cov_run,dc-maxrate-$(COV_DC_MAXRATE),dc-lockstep-maxrate,$(COV_BUILD)/dc/$(COV_DC_MAXRATE)/Vdc_lockstep --test maxrate --seed $(COV_SEED) --cycles $(COV_DC_MAXRATE_CYCLES)) \
	$(foreach c,$(COV_DC_CFGS) noecc,$(foreach t,directed random,$(call cov_run,dc-$(t)-$(c),$(if $(filter $(CFG_FLOW_dc_top_lockstep_short),$(c)),dc-lockstep-configs,dc-lockstep-$(call dc_short,$(c))),$(COV_BUILD)/dc/$(c)/Vdc_lockstep --test $(t) --seed $(COV_SEED) $(if $(filter random,$(t)),--cycles $(if $(filter $(CFG_FLOW_dc_top_lockstep_short),$(c)),$(DC_CFG_CYCLES),$(COV_DC_CYCLES)))))) \
	$(foreach c,$(COV_CORE_DIRECTED),$(call cov_run,core-directed-$(c),$(call cfg_name,core-directed,$(c)),$(COV_BUILD)/core/test_directed_$(c)/Vtest_directed)) \
	$(foreach c,$(COV_CORE_REGS),$(call cov_run,core-regs-$(c),$(call cfg_name,core-regs,$(c)),$(COV_BUILD)/core/test_regs_$(c)/Vtest_regs --seed $(COV_SEED))) \
	$(foreach c,$(COV_CORE_RV),$(call cov_run,core-rvconf-$(c),$(call cfg_name,core-rvconf,$(c)),$(COV_BUILD)/core/test_rv_$(c)/Vtest_rv)) \
	} >$(COV_BUILD)/runs.list; \
	xargs -P $(COV_JOBS) -L 1 sim/coverage_run.sh $(COV_BUILD) <$(COV_BUILD)/runs.list; \
	echo $$(( $$(date +%s) - start )) >$(COV_BUILD)/run_time.txt; echo "coverage: runs took $$(cat $(COV_BUILD)/run_time.txt) s"; \
	awk 'NF < 7 || $$4 !~ /^[0-9]+$$/ { f++; next } { p += $$4; f += $$6 + ($$3 != 0 && $$6 == 0) } \
	  END { print p+0 " passed, " f+0 " failed"; exit f != 0 }' $(COV_BUILD)/results.txt

coverage-report: deps-py
	python3 sim/coverage_report.py --dat $(COV_DAT) --const $(COV_BUILD)/const --results $(COV_BUILD)/results.txt --out docs/coverage.md \
	  --annotate $(COV_BUILD)/annotated --seed $(COV_SEED) \
	  --cycles "$(COV_CYCLES) (dc_top: random $(COV_DC_CYCLES), lockstep-short random $(DC_CFG_CYCLES), maxrate $(COV_DC_MAXRATE_CYCLES))" \
	  --skipped "$(COV_DC_SKIP)" \
	  --run-time "builds $$(cat $(COV_BUILD)/build_time.txt 2>/dev/null || echo ?) s, runs $$(cat $(COV_BUILD)/run_time.txt 2>/dev/null || echo ?) s"

# the report is written also when a run failed (its table shows it); the
# target fails then, and when a total misses its signoff target
coverage:
	@$(MAKE) --no-print-directory coverage-run; rc=$$?; \
	$(MAKE) --no-print-directory coverage-report && exit $$rc

testplan-check: deps-py
	@python3 sim/coverage_report.py --check-testplan
TEST_TARGETS += testplan-check
