# SPDX-License-Identifier: Apache-2.0
# Yield channels on the example SoC (docs/yield_soc.md): the firmware
# sim/soc/fw/yield_demo.c arms ring-3 channels through sw/yield_drv.h on SoC
# events, services the yields that soc_top delivers on PicoRV32 IRQ 5 (call
# the captured target, ERET) around a sort + CRC-32 workload, and checks
# serviced + in flight + missed + pending == floor(events / (SAV+1)) against
# a PMU counter, and blocking/ERET. The Verilated bench (sim/soc/tb_soc.v,
# the model soc-test builds) compares the serviced count with its own count
# of yield_o pulses and prints the delivery latencies.
#   soc-yield       test; last line "N passed, N failed"
#   soc-yield-demo  the firmware's report and the latencies (make demo)
YIELD_BUILD   := $(SOC_BUILD)/yield
YIELD_FW_SRCS := sim/soc/fw/start.S sim/soc/fw/yield_demo.c sw/pmu_drv.c $(SW_API_SRCS) sw/pmu_events_soc.c sw/yield_drv.c
YIELD_FW_DEPS := $(YIELD_FW_SRCS) sim/soc/fw/fw_util.h sim/soc/fw/link.ld sw/pmu_drv.h sw/pmu_api.h sw/pmu_events_soc.h sw/yield_drv.h cmodel/pmu_regs.h

.PHONY: soc-yield soc-yield-demo

$(YIELD_BUILD)/fw_yield.elf: $(YIELD_FW_DEPS) | deps-soc
	@mkdir -p $(@D)
	@echo "build: yield-channel firmware fw_yield.elf (riscv64-unknown-elf-gcc, picolibc)"
	$(RV_CC) $(RV_FLAGS) -g -Wl,--defsym=__ram_size=$$(( $(SOC_RAM_WORDS) * 4 )) -o $@ $(YIELD_FW_SRCS)

$(YIELD_BUILD)/fw_yield.hex: $(YIELD_BUILD)/fw_yield.elf sim/soc/fw/bin2hex.py
	riscv64-unknown-elf-objcopy -O binary $< $(YIELD_BUILD)/fw_yield.bin
	$(SOC_PY) sim/soc/fw/bin2hex.py $(YIELD_BUILD)/fw_yield.bin $@

# the run log is kept only when the run reached the firmware's exit
$(YIELD_BUILD)/run.log: $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc $(SOC_BUILD)/fw_full.hex $(YIELD_BUILD)/fw_yield.hex
	@echo "run: the yield-channel firmware on the Verilated SoC (log: $@)"
	@set -o pipefail; $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc +firmware=$(abspath $(YIELD_BUILD))/fw_yield.hex \
	  +max_cycles=5000000 $(call waves_arg,tb_soc_yield.fst) | grep -v 'Verilog \$$finish' > $@.tmp \
	  || { tail -20 $@.tmp; exit 1; }
	@grep -q '^firmware exit' $@.tmp || { tail -20 $@.tmp; exit 1; }
	@mv $@.tmp $@

soc-yield: $(YIELD_BUILD)/run.log
	@grep -v '^\[bench\] region' $<
	@tail -n1 $< | grep -q '^[0-9]* passed, 0 failed$$'

soc-yield-demo: $(YIELD_BUILD)/run.log
	@echo; echo "== yield channels: ring-3 scenarios on SoC events, delivered on PicoRV32 IRQ 5 (docs/yield_soc.md)"
	@grep -v '^\[bench\]\|passed, .* failed$$' $<

TEST_TARGETS += soc-yield
DEMO_TARGETS += soc-yield-demo
