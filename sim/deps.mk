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
	fi
endef

.PHONY: deps deps-sim deps-synth deps-py
deps: deps-sim deps-synth deps-py

# PyYAML (util/config.py reads config/pmu_ip.yaml): apt, else pip.
deps-py:
	$(call need_apt,python3,python3)
	@python3 -c "import yaml" 2>/dev/null || { \
	  if [ -n "$(IS_ROOT)" ] && [ -n "$(APT_GET)" ]; then echo "deps: installing python3-yaml (apt-get)"; \
	    (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-yaml >/dev/null; fi; \
	  python3 -c "import yaml" 2>/dev/null || { echo "deps: installing pyyaml (pip)"; \
	    python3 -m pip install -q pyyaml || python3 -m pip install -q --break-system-packages pyyaml; }; }

deps-sim:
	$(call need_apt,verilator,verilator)
	$(call need_apt,iverilog,iverilog)
	$(call need_apt,g++,g++)
	$(call need_apt,python3,python3)

deps-synth:
	$(call need_apt,yosys,yosys)
