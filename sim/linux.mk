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
# Last line of each check: "N passed, N failed".
LINUX_BUILD := $(BUILD)/linux
LINUX_CFLAGS := -std=c99 -O2 -Wall -Wextra -Werror -pedantic

.PHONY: deps-dt linux-dt-check linux-json-check linux-json
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

TEST_TARGETS += linux-dt-check linux-json-check
