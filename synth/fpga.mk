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

# FuseSoC packaging check: pmu_ip.core parses (core-info), its file list
# matches $(RTL_SRCS), it exposes every pmu_core parameter, and its lint / sim
# / synth targets run (lint also with every parameter overridden); dc_top.core
# lints with NP/NL overridden (its synth target is not run here: minutes);
# pmu_model.core's lib target builds libpmu_model.a, which a bench links. fusesoc is
# pip-installed when missing; the check skips (with a message) only if pip
# cannot install it.
FUSESOC_BUILD := $(BUILD)/fusesoc
FUSESOC_CORE  := pmu-ip:ip:pmu_core
.PHONY: fusesoc-check
fusesoc-check: deps-synth
	@command -v fusesoc >/dev/null 2>&1 || { echo "deps: installing fusesoc (pip)"; \
	  python3 -m pip install -q fusesoc >/dev/null 2>&1 || python3 -m pip install -q --break-system-packages fusesoc >/dev/null 2>&1; true; }
	@if ! command -v fusesoc >/dev/null 2>&1; then \
	  echo "fusesoc-check: SKIPPED: fusesoc is not installed and 'pip install fusesoc' failed"; \
	  echo "0 passed, 0 failed"; exit 0; fi; \
	p=0; f=0; rm -rf $(FUSESOC_BUILD); mkdir -p $(FUSESOC_BUILD); \
	ok() { echo "fusesoc-check: $$1: ok"; p=$$((p+1)); }; \
	bad() { echo "fusesoc-check: $$1: FAILED"; tail -20 $(FUSESOC_BUILD)/$$2.log; f=$$((f+1)); }; \
	fusesoc --cores-root . core-info $(FUSESOC_CORE) >$(FUSESOC_BUILD)/info.log 2>&1 \
	  && grep -q '^lint' $(FUSESOC_BUILD)/info.log && grep -q '^sim' $(FUSESOC_BUILD)/info.log \
	  && grep -q '^synth' $(FUSESOC_BUILD)/info.log && ok "core-info (targets lint, sim, synth)" || bad core-info info; \
	missing=""; for s in $(RTL_SRCS); do grep -q "^ *- $$s\$$" pmu_ip.core || missing="$$missing $$s"; done; \
	if [ -z "$$missing" ]; then ok "every RTL_SRCS file is in pmu_ip.core"; \
	else echo "fusesoc-check: pmu_ip.core lacks:$$missing: FAILED"; f=$$((f+1)); fi; \
	fusesoc --cores-root . run --build-root $(FUSESOC_BUILD) --target lint $(FUSESOC_CORE) >$(FUSESOC_BUILD)/lint.log 2>&1 \
	  && ! grep -q '%Warning\|%Error' $(FUSESOC_BUILD)/lint.log && ok "lint target (Verilator -Wall)" || bad lint lint; \
	fusesoc --cores-root . run --build-root $(FUSESOC_BUILD) --target sim $(FUSESOC_CORE) >$(FUSESOC_BUILD)/sim.log 2>&1 \
	  && grep -q '^[0-9]* passed, 0 failed' $(FUSESOC_BUILD)/sim.log && ok "sim target (Icarus APB smoke bench)" || bad sim sim; \
	fusesoc --cores-root . run --build-root $(FUSESOC_BUILD) --target synth $(FUSESOC_CORE) --NT 1 --NC 2 --NCLS 4 --FLOP_CLASS 3 \
	  >$(FUSESOC_BUILD)/synth.log 2>&1 && ls $(FUSESOC_BUILD)/*/synth-yosys/*.json >/dev/null 2>&1 \
	  && ok "synth target (Yosys iCE40 netlist, small parameters)" || bad synth synth; \
	missing=""; for q in $$(sed -n 's/^ *parameter integer \([A-Z_]*\) .*/\1/p' rtl/pmu_core.v); do \
	  grep -q "^  $$q: .*paramtype: vlogparam" pmu_ip.core && grep -q "parameters: \[.*\b$$q\b" pmu_ip.core || missing="$$missing $$q"; done; \
	if [ -z "$$missing" ]; then ok "pmu_ip.core exposes every pmu_core parameter"; \
	else echo "fusesoc-check: pmu_ip.core lacks parameters:$$missing: FAILED"; f=$$((f+1)); fi; \
	fusesoc --cores-root . run --build-root $(FUSESOC_BUILD) --target lint $(FUSESOC_CORE) \
	  --NT 4 --NC 5 --CW 64 --NCLS 16 --NRET 2 --FLOP_CLASS 5 --NCH 2 --NAREA 3 --HAS_SAMPLE 0 --HAS_YIELD 0 --AW 32 \
	  >$(FUSESOC_BUILD)/lint_params.log 2>&1 && ! grep -q '%Warning\|%Error' $(FUSESOC_BUILD)/lint_params.log \
	  && grep -qx -- -GNAREA=3 $(FUSESOC_BUILD)/pmu-ip_ip_pmu_core_1.0.0/lint-verilator/*.vc \
	  && grep -qx -- -GHAS_YIELD=0 $(FUSESOC_BUILD)/pmu-ip_ip_pmu_core_1.0.0/lint-verilator/*.vc \
	  && ok "lint target, all 11 parameters overridden" || bad "lint target (parameters)" lint_params; \
	fusesoc --cores-root . run --build-root $(FUSESOC_BUILD) --target lint pmu-ip:ip:dc_top --NP 3 --NL 2 --FRAME 400 \
	  >$(FUSESOC_BUILD)/dc_lint.log 2>&1 && ! grep -q '%Warning\|%Error' $(FUSESOC_BUILD)/dc_lint.log \
	  && grep -qx -- -GNP=3 $(FUSESOC_BUILD)/pmu-ip_ip_dc_top_1.0.0/lint-verilator/*.vc \
	  && ok "dc_top.core lint target (NP=3 NL=2)" || bad "dc_top.core lint" dc_lint; \
	fusesoc --cores-root . run --build-root $(FUSESOC_BUILD) --target lib pmu-ip:sw:pmu_model --NT 4 --NC 5 \
	  >$(FUSESOC_BUILD)/model_lib.log 2>&1 && ! grep -q '%Warning\|%Error' $(FUSESOC_BUILD)/model_lib.log \
	  && lib=$(FUSESOC_BUILD)/pmu-ip_sw_pmu_model_1.0.0/lib-verilator/libpmu_model.a && [ -f $$lib ] \
	  && $(CC) -std=c99 -O2 -Icmodel tb/dc_model_test.c $$lib -o $(FUSESOC_BUILD)/dc_model_test >>$(FUSESOC_BUILD)/model_lib.log 2>&1 \
	  && $(FUSESOC_BUILD)/dc_model_test --cycles 20000 >>$(FUSESOC_BUILD)/model_lib.log 2>&1 \
	  && ok "pmu_model.core lib target: libpmu_model.a built, a bench links it and passes" || bad "pmu_model.core lib" model_lib; \
	echo "$$p passed, $$f failed"; [ $$f -eq 0 ]
TEST_TARGETS += fusesoc-check
