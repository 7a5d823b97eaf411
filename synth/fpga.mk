# FPGA flow: iCE40 UP5K (yosys synth_ice40 + nextpnr-ice40 + icepack) and
# Xilinx 7-series resource counts (yosys synth_xilinx). Table on stdout and
# in synth/reports/fpga.md. `make synth` runs it too (SYNTH_TARGETS).
FPGA_BUILD := $(BUILD)/fpga
.PHONY: deps-fpga fpga

deps-fpga: deps-synth
	$(call need_apt,nextpnr-ice40,nextpnr-ice40)
	$(call need_apt,icepack,fpga-icestorm)
	@python3 -c "import pythondata_cpu_picorv32" 2>/dev/null || { \
	  echo "deps: installing pythondata-cpu-picorv32 (pip)"; \
	  python3 -m pip install -q pythondata-cpu-picorv32 || python3 -m pip install -q --break-system-packages pythondata-cpu-picorv32; }

fpga: deps-fpga
	python3 synth/fpga/run_fpga.py --rtl "$(RTL_SRCS)" --workdir $(FPGA_BUILD) \
	  --picorv32 "$$(python3 -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)')/picorv32.v"

SYNTH_TARGETS += fpga

# FuseSoC packaging check (sim/fusesoc_check.py): every core parses, runs its
# targets (pmu_core lint / sim / synth, dc_top lint, pmu_model lib + a bench
# linking libpmu_model.a), and runs lint (pmu_model: lib) with every
# parameter at a non-default legal value and with whole named
# configurations. The cores are generated from config/pmu_ip.yaml
# (config-check). fusesoc is pip-installed when missing (deps-fusesoc, also in
# make deps); the check skips (with a message) only if pip cannot install it.
FUSESOC_BUILD := $(BUILD)/fusesoc
.PHONY: fusesoc-check
fusesoc-check: deps-synth deps-py deps-fusesoc
	@if ! command -v fusesoc >/dev/null 2>&1; then \
	  echo "fusesoc-check: SKIPPED: fusesoc is not installed and 'pip install fusesoc' failed"; \
	  echo "0 passed, 0 failed"; exit 0; fi; \
	python3 sim/fusesoc_check.py --build $(FUSESOC_BUILD)
TEST_TARGETS += fusesoc-check
