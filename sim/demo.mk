# Per-thread core demo and simulation-speed bench (programs built by the
# vbuild rule of sim/core.mk).
.PHONY: core-demo core-bench
core-demo: $(CORE_BUILD)/demo_default/Vdemo
	$< --cycles $(DEMO_CYCLES)
DEMO_CYCLES ?= 200000
DEMO_TARGETS += core-demo

# core-bench: the simulation speed of pmu_core on every engine (sim/sim_bench.py:
# C model, Verilated RTL, lockstep, Icarus replay of the same run's vectors),
# each as a ratio to the C model measured in the same run (configurations
# of the directed and icarus flows)
BENCH_CONFIGS ?= default alt
core-bench: $(foreach c,$(BENCH_CONFIGS),$(CORE_BUILD)/bench_$(c)/Vbench $(CORE_BUILD)/icarus_$(c)/sim)
	@python3 sim/sim_bench.py --cycles $(BENCH_CYCLES) --vec-cycles $(BENCH_VEC_CYCLES) \
	  $(foreach c,$(BENCH_CONFIGS),$(c):$(CORE_BUILD)/bench_$(c)/Vbench:$(CORE_BUILD)/icarus_$(c)/sim)
BENCH_CYCLES ?= 2000000
BENCH_VEC_CYCLES ?= 20000
BENCH_TARGETS += core-bench
