# Illegal parameter values are refused (RTL in every tool, and the C model);
# legal corner values are accepted. pmu_core, then the bus wrappers' own
# parameters (no C model check for those); one total line last.
.PHONY: core-params
core-params: deps-py
	python3 sim/check_params.py --top pmu_core $(foreach t,$(CFG_BUS_TOPS),--top $(t)) \
	  --build $(BUILD)/params
TEST_TARGETS += core-params
