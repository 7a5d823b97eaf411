# Linux (upstream arm_cspmu driver) deliverables of the CoreSight PMU view
# (pmu_core VIEW=1; docs/linux.md), both in make test:
#   linux-dt-check    sw/linux/pmu-ip-cspmu.dts(i) compiles with dtc, no
#                     warnings; one arm,coresight-pmu node, two 0x1000 reg
#                     pages, one interrupt, only the binding's properties;
#                     then corrupted copies must fail (sim/linux_check.py dt)
#   linux-json-check  build/linux/perf_json (sw/perf_json.c + the C API's
#                     event table sw/pmu_events_soc.c, gcc -Werror) prints
#                     exactly sw/linux/pmu-ip-soc.json, a valid perf sys-event
#                     file whose Compat matches the driver's identifier; then
#                     corrupted copies must fail (sim/linux_check.py json)
#   linux-json        regenerate sw/linux/pmu-ip-soc.json
#   riscv-dt-check    RISC-V CSR view (pmu_core XLEN=32/64; docs/riscv.md):
#                     build/linux/riscv_pmu_dt (sw/riscv_pmu_dt.c + the event
#                     table + cmodel/pmu_rv_csr.h, gcc -Werror) with the
#                     parameters of configuration soc prints exactly
#                     sw/linux/pmu-ip-riscv.dtsi (the OpenSBI riscv,pmu node);
#                     pmu-ip-riscv.dts compiles with dtc, no warnings; the
#                     property formats, the mhpmevent values (class < NCLS,
#                     mask != 0) and the counter bitmaps (bits 3..3+NC-1)
#                     are checked; then corrupted copies must fail
#                     (sim/linux_check.py riscv-dt)
#   riscv-json-check  build/linux/perf_json --riscv / --riscv-mapfile print
#                     exactly sw/linux/riscv/pmu-ip/picorv32-soc/events.json
#                     and sw/linux/riscv/mapfile.csv (perf's arch/riscv
#                     format); then corrupted copies must fail
#                     (sim/linux_check.py riscv-json)
#   riscv-dt, riscv-json  regenerate those files
# Last line of each check: "N passed, N failed".
LINUX_BUILD := $(BUILD)/linux
LINUX_CFLAGS := -std=c99 -O2 -Wall -Wextra -Werror -pedantic

.PHONY: deps-dt linux-dt-check linux-json-check linux-json riscv-dt-check riscv-json-check riscv-dt riscv-json
# dtc: apt (device-tree-compiler) as root, else says the command and fails
deps-dt:
	$(call need_apt,dtc,device-tree-compiler)
deps: deps-dt

$(LINUX_BUILD)/perf_json: sw/perf_json.c sw/pmu_events_soc.c sw/pmu_events_soc.h sw/pmu_api.h sw/pmu_drv.h | deps-sw
	@mkdir -p $(@D)
	$(CC) $(LINUX_CFLAGS) -Isw -Icmodel -o $@ sw/perf_json.c sw/pmu_events_soc.c

linux-dt-check: deps-dt
	@python3 sim/linux_check.py dt --self-test

linux-json-check: $(LINUX_BUILD)/perf_json
	@python3 sim/linux_check.py json --gen $(LINUX_BUILD)/perf_json --self-test

linux-json: $(LINUX_BUILD)/perf_json
	$(LINUX_BUILD)/perf_json > sw/linux/pmu-ip-soc.json

# RISC-V CSR view: the SoC's PMU parameters (config/config.mk CFG_soc_rv)
RV_SOC_P = $(patsubst $(1)=%,%,$(filter $(1)=%,$(CFG_soc_rv)))
RV_DT_ARGS = --nc $(call RV_SOC_P,NC) --ncls $(call RV_SOC_P,NCLS) \
             --flop-class $(call RV_SOC_P,FLOP_CLASS) --narea $(call RV_SOC_P,NAREA)
RV_JSON_DIR := sw/linux/riscv/pmu-ip/picorv32-soc

$(LINUX_BUILD)/riscv_pmu_dt: sw/riscv_pmu_dt.c sw/pmu_events_soc.c sw/pmu_events_soc.h sw/pmu_api.h sw/pmu_drv.h cmodel/pmu_rv_csr.h | deps-sw
	@mkdir -p $(@D)
	$(CC) $(LINUX_CFLAGS) -Isw -Icmodel -o $@ sw/riscv_pmu_dt.c sw/pmu_events_soc.c

riscv-dt-check: $(LINUX_BUILD)/riscv_pmu_dt deps-dt
	@python3 sim/linux_check.py riscv-dt --gen $(LINUX_BUILD)/riscv_pmu_dt --self-test

riscv-json-check: $(LINUX_BUILD)/perf_json
	@python3 sim/linux_check.py riscv-json --gen $(LINUX_BUILD)/perf_json --self-test

riscv-dt: $(LINUX_BUILD)/riscv_pmu_dt
	$(LINUX_BUILD)/riscv_pmu_dt $(RV_DT_ARGS) > sw/linux/pmu-ip-riscv.dtsi

riscv-json: $(LINUX_BUILD)/perf_json
	@mkdir -p $(RV_JSON_DIR)
	$(LINUX_BUILD)/perf_json --riscv --flop-class $(call RV_SOC_P,FLOP_CLASS) --ncls $(call RV_SOC_P,NCLS) > $(RV_JSON_DIR)/events.json
	$(LINUX_BUILD)/perf_json --riscv-mapfile > sw/linux/riscv/mapfile.csv

TEST_TARGETS += linux-dt-check linux-json-check riscv-dt-check riscv-json-check
