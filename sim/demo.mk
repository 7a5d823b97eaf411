# Per-thread core demo and simulation-speed bench (programs built by the
# vbuild rule of sim/core.mk).
.PHONY: core-demo core-bench
core-demo: $(CORE_BUILD)/demo_default/Vdemo
	$< --cycles $(DEMO_CYCLES)
DEMO_CYCLES ?= 200000
DEMO_TARGETS += core-demo

core-bench: $(CORE_BUILD)/bench_default/Vbench $(CORE_BUILD)/bench_alt/Vbench
	@$(CORE_BUILD)/bench_default/Vbench --header --label default --cycles $(BENCH_CYCLES)
	@$(CORE_BUILD)/bench_alt/Vbench --label alt --cycles $(BENCH_CYCLES)
BENCH_CYCLES ?= 2000000
BENCH_TARGETS += core-bench
