# Illegal parameter values are refused (RTL in every tool, and the C model);
# legal corner values are accepted.
.PHONY: core-params
core-params: deps-py
	python3 sim/check_params.py --build $(BUILD)/params
TEST_TARGETS += core-params
