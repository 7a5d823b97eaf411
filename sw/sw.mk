# sw/: register-level driver + PAPI-like API (C99) and their host tests.
#   sw-test      API/driver tests on the C golden model (default, alt and counter-area configurations)
#   sw-test-rtl  the same tests on the Verilated RTL, lockstep with the model, in the
#                core flow's default (NAREA=1) and alt (NAREA=3) configurations
SW_BUILD := $(BUILD)/sw
VERILATOR ?= verilator
SW_LIB_SRCS := sw/pmu_drv.c $(SW_API_SRCS) sw/pmu_events_soc.c
# the tests: sw/test_sw.c runs them in order; sw/test_sw/ holds them by concern
SW_TEST_PARTS := sw/test_sw/common.c sw/test_sw/basics.c sw/test_sw/counting.c sw/test_sw/areas.c \
                 sw/test_sw/pm_api.c sw/test_sw/pm_irq.c sw/test_sw/sampling.c
SW_HDRS := sw/pmu_drv.h sw/pmu_api.h sw/pmu_api_int.h sw/pmu_events_soc.h sw/pmu_simbus.h sw/test_sw.h sw/test_sw/common.h cmodel/pmu_regs.h cmodel/pmu_regdec.h cmodel/pmu_reg_field.h cmodel/pmu_model.h cmodel/pmu_model_int.h cmodel/pmu_prim.h cmodel/pmu_cfg_gen.h cmodel/pmu_classes_gen.h
SW_TEST_SRCS := sw/test_sw.c $(SW_TEST_PARTS) sw/pmu_simbus.c $(SW_LIB_SRCS)
SW_SEED ?= $(SEED)
# C-model sources: CFG_CMODEL_<top> (config/pmu_ip.yaml via config/config.mk)

.PHONY: deps-sw sw-test sw-test-rtl

deps-sw:
	$(call need_apt,gcc,gcc)

$(SW_BUILD)/test_sw_model: sw/test_sw_model.c $(SW_TEST_SRCS) $(CFG_CMODEL_pmu_core) $(SW_HDRS) | deps-sw
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Isw -Icmodel -o $@ sw/test_sw_model.c $(SW_TEST_SRCS) $(CFG_CMODEL_pmu_core)

# RTL builds (harness from tb/). The C sources are
# compiled as C (Verilator would compile them as C++) into one archive
# (sw/X.c -> rtlobj/X.o, sw/test_sw/X.c -> rtlobj/test_sw/X.o).
SW_RTL_OBJS := $(patsubst sw/%.c,$(SW_BUILD)/rtlobj/%.o,$(SW_TEST_SRCS)) \
               $(patsubst %.c,$(SW_BUILD)/rtlobj/%.o,$(notdir $(CFG_CMODEL_pmu_core)))
$(SW_BUILD)/rtlobj/%.o: sw/%.c $(SW_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Isw -Icmodel -c $< -o $@
$(patsubst cmodel/%.c,$(SW_BUILD)/rtlobj/%.o,$(CFG_CMODEL_pmu_core)): $(SW_BUILD)/rtlobj/%.o: cmodel/%.c $(SW_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Isw -Icmodel -c $< -o $@
$(SW_BUILD)/libswtest.a: $(SW_RTL_OBJS)
	rm -f $@ && ar rcs $@ $^

# One Verilator build per configuration of the sw-rtl flow (config/pmu_ip.yaml):
# $(SW_BUILD)/rtl (default) and $(SW_BUILD)/rtl_<name> (e.g. alt: NAREA=3, FLOP class 5).
SW_RTL_CFGS := $(CFG_FLOW_pmu_core_sw_rtl)
sw_rtl_dir = $(SW_BUILD)/rtl$(if $(filter default,$(1)),,_$(1))$(WSUF)
define sw_rtl_build
$(call sw_rtl_dir,$(1))/Vtest_sw_rtl: sw/test_sw_rtl.cpp $(SW_BUILD)/libswtest.a $(SW_HDRS) $(RTL_SRCS) tb/pmu_harness.h tb/waves.h
	@mkdir -p $$(@D)
	@rm -f $$@   # Verilator's own make does not see the archive change
	$(VERILATOR) --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast -Wall -Wno-DECLFILENAME $(VTRACE) $(VBUILD_OPT) \
	  -Irtl --top-module pmu_core $(call gparams,$(1)) -Mdir $$(@D) -o Vtest_sw_rtl \
	  -CFLAGS "-O2 -I$(abspath sw) -I$(abspath cmodel) -I$(abspath tb) $(call dparams,$(1)) -DWAVES_NAME=test_sw_rtl_$(1)" \
	  -LDFLAGS "$(abspath $(SW_BUILD)/libswtest.a)" \
	  $(RTL_SRCS) $(abspath sw/test_sw_rtl.cpp) >$$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
endef
$(foreach c,$(SW_RTL_CFGS),$(eval $(call sw_rtl_build,$(c))))
# never two Verilator builds at once, even under make -j
$(foreach c,$(filter-out default,$(SW_RTL_CFGS)),$(eval $(call sw_rtl_dir,$(c))/Vtest_sw_rtl: | $(call sw_rtl_dir,default)/Vtest_sw_rtl))

# Model configurations: the sw-model flow's of config/pmu_ip.yaml (default;
# other NT/NC/CW; alt's and lean's counters with counter areas NAREA=3 / 2;
# default with NAREA=4). The runner reads only the last line, so the runs
# are summed here.
SW_MODEL_ARGS := $(foreach c,$(CFG_FLOW_pmu_core_sw_model),"--cfg $(c)")
sw-test: $(SW_BUILD)/test_sw_model
	@set -o pipefail; p=0; f=0; \
	for a in $(SW_MODEL_ARGS); do args="--seed $(SW_SEED) $$a"; \
	  echo "== test_sw_model $$args"; \
	  out=$$($< $$args); rc=$$?; echo "$$out"; \
	  l=$$(tail -n1 <<<"$$out"); \
	  if [[ "$$l" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then p=$$((p+BASH_REMATCH[1])); f=$$((f+BASH_REMATCH[2])); else f=$$((f+1)); fi; \
	  [ $$rc -eq 0 ] || [ $$f -gt 0 ] || f=1; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

# Both configurations; their last lines are summed like sw-test's.
sw-test-rtl: $(foreach c,$(SW_RTL_CFGS),$(call sw_rtl_dir,$(c))/Vtest_sw_rtl)
	@set -o pipefail; p=0; f=0; \
	for c in $(SW_RTL_CFGS); do \
	  d=$(SW_BUILD)/rtl; [ $$c = default ] || d=$${d}_$$c; d=$$d$(WSUF); \
	  echo "== test_sw_rtl ($$c configuration)"; \
	  out=$$($$d/Vtest_sw_rtl --seed $(SW_SEED)); rc=$$?; echo "$$out"; \
	  l=$$(tail -n1 <<<"$$out"); \
	  if [[ "$$l" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then p=$$((p+BASH_REMATCH[1])); f=$$((f+BASH_REMATCH[2])); else f=$$((f+1)); fi; \
	  [ $$rc -eq 0 ] || [ $$f -gt 0 ] || f=1; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

TEST_TARGETS += sw-test sw-test-rtl
# (each runs every configuration of its flow: Makefile cfg_runs)
$(foreach c,$(CFG_FLOW_pmu_core_sw_model),$(call cfg_runs,$(c),sw-model,sw-test))
$(foreach c,$(SW_RTL_CFGS),$(call cfg_runs,$(c),sw-rtl,sw-test-rtl))

# NULL arguments: every public function of cmodel/pmu_model.h, dc_model.h,
# sw/pmu_drv.h and pmu_api.h called with NULL pointers (each in a child
# process: a crash is a FAILED line) must return its documented error.
$(SW_BUILD)/null_test: tb/null_test.c $(CFG_CMODEL_pmu_core) $(CFG_CMODEL_dc_top) sw/pmu_drv.c $(SW_API_SRCS) sw/pmu_prof.c \
    cmodel/pmu_model.h cmodel/dc_model.h sw/pmu_drv.h sw/pmu_api.h sw/pmu_api_int.h sw/pmu_prof.h | deps-sw
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Icmodel -Isw -o $@ tb/null_test.c $(CFG_CMODEL_pmu_core) $(CFG_CMODEL_dc_top) \
	  sw/pmu_drv.c $(SW_API_SRCS) sw/pmu_prof.c
.PHONY: c-null-test
c-null-test: $(SW_BUILD)/null_test
	@$<
TEST_TARGETS += c-null-test

# Distributed-counter driver (sw/dc_drv) host tests:
#   dc-sw-test      on the C model (dc_model): reference (NP=17 NL=16) and small (NP=3 NL=2) configurations
#   dc-sw-test-rtl  on the Verilated dc_top (small configuration) in lockstep with the model (tb/dc_harness.h)
DC_SW_SRCS := sw/test_dc.c sw/dc_simbus.c sw/dc_drv.c
DC_SW_HDRS := sw/dc_drv.h sw/dc_simbus.h sw/test_dc.h cmodel/dc_model.h cmodel/dc_model_int.h cmodel/dc_regs.h cmodel/dc_regdec.h cmodel/dc_cfg_gen.h cmodel/pmu_prim.h
$(SW_BUILD)/test_dc_model: sw/test_dc_model.c $(DC_SW_SRCS) $(CFG_CMODEL_dc_top) $(DC_SW_HDRS) | deps-sw
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -o $@ sw/test_dc_model.c $(DC_SW_SRCS) $(CFG_CMODEL_dc_top)
DC_SW_MODEL_ARGS := $(foreach c,$(CFG_FLOW_dc_top_sw_model),"--cfg $(c:dc_%=%)")
.PHONY: dc-sw-test dc-sw-test-rtl
dc-sw-test: $(SW_BUILD)/test_dc_model
	@set -o pipefail; p=0; f=0; \
	for a in $(DC_SW_MODEL_ARGS); do args="--seed $(SW_SEED) $$a"; \
	  echo "== test_dc_model $$args"; \
	  out=$$($< $$args); rc=$$?; echo "$$out"; \
	  l=$$(tail -n1 <<<"$$out"); \
	  if [[ "$$l" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then p=$$((p+BASH_REMATCH[1])); f=$$((f+BASH_REMATCH[2])); else f=$$((f+1)); fi; \
	  [ $$rc -eq 0 ] || [ $$f -gt 0 ] || f=1; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

DC_SW_RTL_OBJS := $(patsubst %.c,$(SW_BUILD)/dcobj/%.o,$(notdir $(DC_SW_SRCS) $(CFG_CMODEL_dc_top)))
$(SW_BUILD)/dcobj/%.o: sw/%.c $(DC_SW_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -c $< -o $@
$(patsubst cmodel/%.c,$(SW_BUILD)/dcobj/%.o,$(CFG_CMODEL_dc_top)): $(SW_BUILD)/dcobj/%.o: cmodel/%.c $(DC_SW_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -c $< -o $@
$(SW_BUILD)/libdcswtest.a: $(DC_SW_RTL_OBJS)
	rm -f $@ && ar rcs $@ $^
$(SW_BUILD)/dc_rtl$(WSUF)/Vtest_dc_rtl: sw/test_dc_rtl.cpp $(SW_BUILD)/libdcswtest.a $(DC_SW_HDRS) $(DC_RTL) tb/dc_harness.h tb/waves.h
	@mkdir -p $(@D)
	@rm -f $@   # Verilator's own make does not see the archive change
	$(VERILATOR) --cc --exe --build -j 2 $(DC_VFLAGS) $(DC_SMALL) -Mdir $(@D) -o Vtest_dc_rtl \
	  -CFLAGS "-O2 -std=c++17 -I$(abspath sw) -I$(abspath cmodel) -I$(abspath tb) $(DC_SMALL_D) -DWAVES_NAME=test_dc_rtl" \
	  -LDFLAGS "$(abspath $(SW_BUILD)/libdcswtest.a)" \
	  $(DC_RTL) $(abspath sw/test_dc_rtl.cpp) >$(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
dc-sw-test-rtl: $(SW_BUILD)/dc_rtl$(WSUF)/Vtest_dc_rtl
	@$< --seed $(SW_SEED)
TEST_TARGETS += dc-sw-test dc-sw-test-rtl
# dc-sw-test runs every sw-model configuration; dc-sw-test-rtl is built for dc_small only (DC_SMALL)
$(foreach c,$(CFG_FLOW_dc_top_sw_model),$(call cfg_runs,$(c),sw-model,dc-sw-test))
$(foreach c,$(filter dc_small,$(CFG_FLOW_dc_top_sw_rtl)),$(call cfg_runs,$(c),sw-rtl,dc-sw-test-rtl))

# Yield-channel driver (sw/yield_drv) host tests:
#   yield-sw-test      on the C model (pmu_model): default (NCH=4, AW=64), NCH=1 AW=32, NCH=8
#   yield-sw-test-rtl  on the Verilated pmu_core (default parameters) in lockstep with the model (tb/pmu_harness.h)
Y_SW_SRCS := sw/test_yield.c sw/yield_drv.c sw/pmu_simbus.c
Y_SW_HDRS := sw/yield_drv.h sw/test_yield.h sw/pmu_drv.h sw/pmu_simbus.h sw/test_sw.h cmodel/pmu_regs.h cmodel/pmu_regdec.h cmodel/pmu_reg_field.h cmodel/pmu_model.h cmodel/pmu_model_int.h cmodel/pmu_prim.h cmodel/pmu_cfg_gen.h cmodel/pmu_classes_gen.h
$(SW_BUILD)/test_yield_model: sw/test_yield_model.c $(Y_SW_SRCS) $(CFG_CMODEL_pmu_core) $(Y_SW_HDRS) | deps-sw
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -o $@ sw/test_yield_model.c $(Y_SW_SRCS) $(CFG_CMODEL_pmu_core)
Y_SW_MODEL_ARGS := $(foreach c,$(CFG_FLOW_pmu_core_yield_model),"--cfg $(c)")
.PHONY: yield-sw-test yield-sw-test-rtl
yield-sw-test: $(SW_BUILD)/test_yield_model
	@set -o pipefail; p=0; f=0; \
	for a in $(Y_SW_MODEL_ARGS); do args="--seed $(SW_SEED) $$a"; \
	  echo "== test_yield_model $$args"; \
	  out=$$($< $$args); rc=$$?; echo "$$out"; \
	  l=$$(tail -n1 <<<"$$out"); \
	  if [[ "$$l" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then p=$$((p+BASH_REMATCH[1])); f=$$((f+BASH_REMATCH[2])); else f=$$((f+1)); fi; \
	  [ $$rc -eq 0 ] || [ $$f -gt 0 ] || f=1; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

Y_SW_RTL_OBJS := $(patsubst %.c,$(SW_BUILD)/yobj/%.o,$(notdir $(Y_SW_SRCS) $(CFG_CMODEL_pmu_core)))
$(SW_BUILD)/yobj/%.o: sw/%.c $(Y_SW_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -c $< -o $@
$(patsubst cmodel/%.c,$(SW_BUILD)/yobj/%.o,$(CFG_CMODEL_pmu_core)): $(SW_BUILD)/yobj/%.o: cmodel/%.c $(Y_SW_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -c $< -o $@
$(SW_BUILD)/libyswtest.a: $(Y_SW_RTL_OBJS)
	rm -f $@ && ar rcs $@ $^
$(SW_BUILD)/yield_rtl$(WSUF)/Vtest_yield_rtl: sw/test_yield_rtl.cpp $(SW_BUILD)/libyswtest.a $(Y_SW_HDRS) $(RTL_SRCS) tb/pmu_harness.h tb/waves.h
	@mkdir -p $(@D)
	@rm -f $@   # Verilator's own make does not see the archive change
	$(VERILATOR) --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast -Wall -Wno-DECLFILENAME $(VTRACE) $(VBUILD_OPT) \
	  -Irtl --top-module pmu_core $(call gparams,$(CFG_FLOW_pmu_core_yield_rtl)) -Mdir $(@D) -o Vtest_yield_rtl \
	  -CFLAGS "-O2 -I$(abspath sw) -I$(abspath cmodel) -I$(abspath tb) $(call dparams,$(CFG_FLOW_pmu_core_yield_rtl)) -DWAVES_NAME=test_yield_rtl" \
	  -LDFLAGS "$(abspath $(SW_BUILD)/libyswtest.a)" \
	  $(RTL_SRCS) $(abspath sw/test_yield_rtl.cpp) >$(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
# never two Verilator builds at once
$(SW_BUILD)/yield_rtl$(WSUF)/Vtest_yield_rtl: | $(SW_BUILD)/dc_rtl$(WSUF)/Vtest_dc_rtl
yield-sw-test-rtl: $(SW_BUILD)/yield_rtl$(WSUF)/Vtest_yield_rtl
	@$< --seed $(SW_SEED)
TEST_TARGETS += yield-sw-test yield-sw-test-rtl
# yield-sw-test runs every yield-model configuration; yield-sw-test-rtl is built for
# one yield-rtl configuration (with two, none is registered and config-check fails)
$(foreach c,$(CFG_FLOW_pmu_core_yield_model),$(call cfg_runs,$(c),yield-model,yield-sw-test))
$(if $(word 2,$(CFG_FLOW_pmu_core_yield_rtl)),,$(foreach c,$(CFG_FLOW_pmu_core_yield_rtl),$(call cfg_runs,$(c),yield-rtl,yield-sw-test-rtl)))
