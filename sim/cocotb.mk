# cocotb benches: pmu_core_axil driven by cocotbext-axi's AxiLiteMaster and
# pmu_core_wb by cocotbext-wishbone's WishboneMaster (pipelined: STALL mapped;
# classic: STALL not mapped, STB held until ACK), each on Icarus and
# Verilator (tb/cocotb/, README "Third-party bus masters (cocotb)").
# The first run creates $(COCOTB_VENV) with pinned versions
# (tb/cocotb/venv.sh: cocotb 1.8.1, the last line that runs on Debian 12's
# Verilator 5.006). One build per simulator (tb/cocotb/tb_cocotb_top.v holds
# both wrappers), plus an Icarus self-test build with PIPELINED_ONLY=1 that
# the classic-master bench must fail.
#   make core-cocotb                          everything (last line: N passed, N failed)
#   make core-cocotb COCOTB_SIMS=icarus COCOTB_BUSES=wb_classic [COCOTB_TEST=test_counting]
.PHONY: core-cocotb cocotb-venv
COCOTB_VENV  ?= $(BUILD)/cocotb-venv
COCOTB_SIMS  ?= icarus verilator
COCOTB_BUSES ?= axil wb_pipelined wb_classic
COCOTB_TEST  ?=
COCOTB_NEG   ?= 1
COCOTB_RTL   := $(RTL_SRCS) $(sort $(filter-out $(RTL_SRCS),$(CFG_RTL_pmu_core_axil) $(CFG_RTL_pmu_core_wb)))
# wrapper parameters used when the RTL has them (the FORCE_PRIV test is
# skipped without them)
COCOTB_DEFS   = $(if $(shell grep -l 'parameter integer FORCE_PRIV' rtl/pmu_core_axil.v rtl/pmu_core_wb.v 2>/dev/null | wc -l | grep -x 2),TB_FORCE_PRIV) \
                $(if $(shell grep -l 'parameter integer PIPELINED_ONLY' rtl/pmu_core_wb.v 2>/dev/null),TB_PIPELINED_ONLY=0)

cocotb-venv: deps-sim
	@tb/cocotb/venv.sh $(COCOTB_VENV)

core-cocotb: cocotb-venv
	@python3 tb/cocotb/run.py --venv $(COCOTB_VENV) --rtl "$(COCOTB_RTL)" --sims "$(COCOTB_SIMS)" \
	  --buses "$(COCOTB_BUSES)" --defines "$(strip $(COCOTB_DEFS))" --seed $(SEED) --out $(BUILD)/cocotb \
	  $(if $(COCOTB_TEST),--testcase $(COCOTB_TEST)) \
	  $(if $(and $(filter 1,$(COCOTB_NEG)),$(filter TB_PIPELINED_ONLY%,$(COCOTB_DEFS)),$(filter icarus,$(COCOTB_SIMS)),$(filter wb_classic,$(COCOTB_BUSES)),$(if $(COCOTB_TEST),,1)),--neg)
TEST_TARGETS += core-cocotb
