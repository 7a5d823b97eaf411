# sw/cspmu.mk: host tests of pmu_core's CoreSight PMU view (VIEW=1) driven by
# sw/cspmu_linux.c, a replica of the upstream Linux arm_cspmu driver
# (include after sw/sw.mk: uses SW_BUILD, SW_SEED, deps-sw, VERILATOR, gparams/dparams).
#   cspmu-model  sw/test_cspmu.c on the C model, every configuration of CSPMU_MODEL_CFGS
#   cspmu-rtl    the same on the Verilated RTL in lockstep with the model, every
#                configuration of CSPMU_RTL_CFGS (one Verilator build each)
# The last line of each is "N passed, N failed" (the runs summed, like sw-test).
# the configurations: flows cspmu-model / cspmu-rtl of config/pmu_ip.yaml
CSPMU_MODEL_CFGS ?= $(CFG_FLOW_pmu_core_cspmu_model)
CSPMU_RTL_CFGS ?= $(CFG_FLOW_pmu_core_cspmu_rtl)
TEST_TARGETS += cspmu-model cspmu-rtl
$(foreach c,$(CSPMU_MODEL_CFGS),$(call cfg_runs,$(c),cspmu-model,cspmu-model))
$(foreach c,$(CSPMU_RTL_CFGS),$(call cfg_runs,$(c),cspmu-rtl,cspmu-rtl))
CSPMU_SRCS := sw/test_cspmu.c sw/cspmu_linux.c sw/pmu_simbus.c
CSPMU_HDRS := sw/cspmu_linux.h sw/pmu_drv.h sw/pmu_simbus.h sw/test_sw.h cmodel/pmu_regs.h cmodel/pmu_regdec.h \
  cmodel/pmu_reg_field.h cmodel/pmu_model.h cmodel/pmu_model_int.h cmodel/pmu_prim.h cmodel/pmu_cfg_gen.h cmodel/pmu_classes_gen.h

.PHONY: cspmu-model cspmu-rtl

$(SW_BUILD)/test_cspmu_model: sw/test_cspmu_model.c $(CSPMU_SRCS) $(CFG_CMODEL_pmu_core) $(CSPMU_HDRS) | deps-sw
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -o $@ sw/test_cspmu_model.c $(CSPMU_SRCS) $(CFG_CMODEL_pmu_core)

cspmu-model: $(SW_BUILD)/test_cspmu_model
	@set -o pipefail; . sim/tally.sh; p=0; f=0; \
	for c in $(CSPMU_MODEL_CFGS); do \
	  echo "== test_cspmu_model --seed $(SW_SEED) --cfg $$c"; \
	  out=$$($< --seed $(SW_SEED) --cfg $$c); rc=$$?; echo "$$out"; tally $$rc <<<"$$out"; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

# RTL: the C sources compiled as C into one archive (as sw/sw.mk's libswtest.a)
CSPMU_RTL_OBJS := $(patsubst %.c,$(SW_BUILD)/cspmuobj/%.o,$(notdir $(CSPMU_SRCS) $(CFG_CMODEL_pmu_core)))
$(SW_BUILD)/cspmuobj/%.o: sw/%.c $(CSPMU_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -c $< -o $@
$(patsubst cmodel/%.c,$(SW_BUILD)/cspmuobj/%.o,$(CFG_CMODEL_pmu_core)): $(SW_BUILD)/cspmuobj/%.o: cmodel/%.c $(CSPMU_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Werror -Isw -Icmodel -c $< -o $@
$(SW_BUILD)/libcspmutest.a: $(CSPMU_RTL_OBJS)
	rm -f $@ && ar rcs $@ $^

cspmu_rtl_dir = $(SW_BUILD)/cspmu_rtl_$(1)$(WSUF)
define cspmu_rtl_build
$(call cspmu_rtl_dir,$(1))/Vtest_cspmu_rtl: sw/test_cspmu_rtl.cpp $(SW_BUILD)/libcspmutest.a $(CSPMU_HDRS) $(RTL_SRCS) tb/pmu_harness.h tb/waves.h
	@test -n "$(CFG_$(1))" || { echo "cspmu-rtl: no configuration $(1) in config/config.mk"; exit 1; }
	@mkdir -p $$(@D)
	@rm -f $$@   # Verilator's own make does not see the archive change
	$(VERILATOR) --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast -Wall -Wno-DECLFILENAME $(VTRACE) $(VBUILD_OPT) \
	  -Irtl --top-module pmu_core $(call gparams,$(1)) -Mdir $$(@D) -o Vtest_cspmu_rtl \
	  -CFLAGS "-O2 -I$(abspath sw) -I$(abspath cmodel) -I$(abspath tb) $(call dparams,$(1)) -DWAVES_NAME=test_cspmu_rtl_$(1)" \
	  -LDFLAGS "$(abspath $(SW_BUILD)/libcspmutest.a)" \
	  $(RTL_SRCS) $(abspath sw/test_cspmu_rtl.cpp) >$$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
endef
$(foreach c,$(CSPMU_RTL_CFGS),$(eval $(call cspmu_rtl_build,$(c))))
# never two Verilator builds at once, even under make -j
$(foreach c,$(wordlist 2,99,$(CSPMU_RTL_CFGS)),$(eval $(call cspmu_rtl_dir,$(c))/Vtest_cspmu_rtl: | $(call cspmu_rtl_dir,$(firstword $(CSPMU_RTL_CFGS)))/Vtest_cspmu_rtl))

cspmu-rtl: $(foreach c,$(CSPMU_RTL_CFGS),$(call cspmu_rtl_dir,$(c))/Vtest_cspmu_rtl)
	@set -o pipefail; . sim/tally.sh; p=0; f=0; \
	for c in $(CSPMU_RTL_CFGS); do \
	  echo "== test_cspmu_rtl ($$c configuration)"; \
	  out=$$($(SW_BUILD)/cspmu_rtl_$$c$(WSUF)/Vtest_cspmu_rtl --seed $(SW_SEED)); rc=$$?; echo "$$out"; tally $$rc <<<"$$out"; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]
