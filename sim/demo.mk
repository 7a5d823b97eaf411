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
# make test's smoke run of the bench (default, a few cycles): the table comes
# out with all four engines and the Icarus replay passes; no time is judged
.PHONY: core-bench-smoke
core-bench-smoke: $(CORE_BUILD)/bench_default/Vbench $(CORE_BUILD)/icarus_default/sim
	@out=$$(python3 sim/sim_bench.py --cycles 20000 --vec-cycles 500 \
	  default:$(CORE_BUILD)/bench_default/Vbench:$(CORE_BUILD)/icarus_default/sim 2>&1); rc=$$?; \
	echo "$$out" | tail -4; \
	if [ $$rc -eq 0 ]; then echo "core-bench-smoke: 4 engines, replay passed: ok"; echo "1 passed, 0 failed"; \
	else echo "core-bench-smoke: FAILED (sim_bench.py exit $$rc: an engine without a result, or the replay failed)"; \
	  echo "0 passed, 1 failed"; exit 1; fi
TEST_TARGETS += core-bench-smoke
