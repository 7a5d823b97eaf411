# RISC-V CSR view conformance (issue #31, docs/riscv.md): tb/test_rv.cpp + tb/rv/, a
# directed lockstep program with one test per rule of the view (OF/LCOFI,
# write-wins, mcountinhibit, xINH/TX, stopcount, scountovf, counter gating,
# RV32 halves, unimplemented counters, read-modify-write / APB hold), built
# like sim/core.mk's lockstep benches (vbuild) in every configuration of the
# rvconf flow: core-rvconf-<config> (today core-rvconf-rv, core-rvconf-rv32).
# Included after sim/core.mk (vbuild, CORE_BUILD). The tests are split by
# concern into tb/rv/*.cpp, sharing tb/rv/rv_conf.h (sim/mutate.py links the
# same files: BENCH_SRC_DIRS).
VBUILD_SRCS_test_rv := $(sort $(wildcard tb/rv/*.cpp))
VBUILD_HDRS_test_rv := $(wildcard tb/rv/*.h)
$(foreach c,$(CFG_FLOW_pmu_core_rvconf),$(eval $(call vbuild,test_rv,$(c))))

define rvconf_run
.PHONY: $(call cfg_name,core-rvconf,$(1))
$(call cfg_name,core-rvconf,$(1)): $(CORE_BUILD)/test_rv_$(1)/Vtest_rv
	$$<
endef
$(foreach c,$(CFG_FLOW_pmu_core_rvconf),$(eval $(call rvconf_run,$(c))))
$(foreach c,$(CFG_FLOW_pmu_core_rvconf),$(call cfg_test,$(c),rvconf,$(call cfg_name,core-rvconf,$(c))))
