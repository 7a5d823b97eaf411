# Tool checks/installation. Every flow depends on the deps-* target it needs,
# so a fresh Debian 12 machine gets its tools on first use.
APT_GET := $(shell command -v apt-get 2>/dev/null)
IS_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo 1)

define need_apt
	@if ! command -v $(1) >/dev/null 2>&1; then \
	  if [ -n "$(IS_ROOT)" ] && [ -n "$(APT_GET)" ]; then \
	    echo "deps: installing $(2) (apt-get)"; \
	    (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
	  else echo "deps: '$(1)' missing: run 'sudo apt-get install $(2)'"; exit 1; fi; \
	fi; echo "deps: ok  $(1) ($$(command -v $(1)))"
endef

.PHONY: deps deps-sim deps-synth deps-py deps-fusesoc
deps: deps-sim deps-synth deps-py deps-fusesoc

# PyYAML (util/config.py reads config/pmu_ip.yaml): apt, else pip.
deps-py:
	$(call need_apt,python3,python3)
	@python3 -c "import yaml" 2>/dev/null || { \
	  if [ -n "$(IS_ROOT)" ] && [ -n "$(APT_GET)" ]; then echo "deps: installing python3-yaml (apt-get)"; \
	    (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-yaml >/dev/null; fi; \
	  python3 -c "import yaml" 2>/dev/null || { echo "deps: installing pyyaml (pip)"; \
	    python3 -m pip install -q pyyaml || python3 -m pip install -q --break-system-packages pyyaml; }; }
	@python3 -c "import yaml" && echo "deps: ok  python3 yaml (PyYAML)"

# FuseSoC (pmu_ip.core, dc_top.core, pmu_model.core; make fusesoc-check): pip.
# Without it (pip failed) make deps goes on and fusesoc-check skips.
deps-fusesoc: deps-py
	@command -v fusesoc >/dev/null 2>&1 || { echo "deps: installing fusesoc (pip)"; \
	  python3 -m pip install -q fusesoc >/dev/null 2>&1 || python3 -m pip install -q --break-system-packages fusesoc >/dev/null 2>&1; \
	  command -v fusesoc >/dev/null 2>&1 && echo "deps: installed fusesoc (pip)" || \
	    echo "deps: fusesoc NOT installed ('python3 -m pip install fusesoc' failed): make fusesoc-check skips"; }
	@if command -v fusesoc >/dev/null 2>&1; then echo "deps: ok  fusesoc $$(fusesoc --version) ($$(command -v fusesoc))"; fi

deps-sim:
	$(call need_apt,verilator,verilator)
	$(call need_apt,iverilog,iverilog)
	$(call need_apt,g++,g++)
	$(call need_apt,python3,python3)

deps-synth:
	$(call need_apt,yosys,yosys)

# make deps and make demo say what they do (sim/setup_check.py)
.PHONY: setup-check
setup-check:
	@python3 sim/setup_check.py
TEST_TARGETS += setup-check
