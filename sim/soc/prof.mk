# SPDX-License-Identifier: Apache-2.0
# Sampling profiler on the example SoC (docs/profiling.md): the firmware
# built with -DPROF samples its workloads through the negative-counter
# interrupt (sw/pmu_prof.c), the Verilated bench (sim/soc/tb_soc.v) dumps the
# samples and counts the ground truth from PicoRV32's instruction trace, and
# sw/prof_report.py symbolizes (riscv64-unknown-elf-addr2line) and compares.
#   soc-prof       test: profiles vs ground truth, fault injection; "N passed, N failed"
#   soc-prof-demo  the profile report (perf report style), last demo of `make demo`
# Included after every other fragment, so soc-prof-demo is the last demo.
PROF_BUILD := $(SOC_BUILD)/prof
PROF_RV    := riscv64-unknown-elf
PROF_TOL   ?= 3

.PHONY: soc-prof soc-prof-demo

$(PROF_BUILD)/fw_prof.elf: $(FW_DEPS) sw/pmu_prof.c sw/pmu_prof.h | deps-soc
	@mkdir -p $(@D)
	@echo "build: profiling firmware fw_prof.elf (riscv64-unknown-elf-gcc -DPROF)"
	$(RV_CC) $(RV_FLAGS) -g -DPROF -Wl,--defsym=__ram_size=$$(( $(SOC_RAM_WORDS) * 4 )) \
	  -o $@ $(FW_SRCS) sw/pmu_prof.c

$(PROF_BUILD)/fw_prof.hex: $(PROF_BUILD)/fw_prof.elf sim/soc/fw/bin2hex.py
	$(PROF_RV)-objcopy -O binary $< $(PROF_BUILD)/fw_prof.bin
	$(SOC_PY) sim/soc/fw/bin2hex.py $(PROF_BUILD)/fw_prof.bin $@

# function address ranges for the bench's ground truth (from the ELF symbol table)
$(PROF_BUILD)/funcs.hex: $(PROF_BUILD)/fw_prof.elf sw/prof_report.py
	$(SOC_PY) sw/prof_report.py funcs --elf $< --out $@

$(PROF_BUILD)/run.log: $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc $(SOC_BUILD)/fw_full.hex $(PROF_BUILD)/fw_prof.hex $(PROF_BUILD)/funcs.hex
	@echo "run: the profiling firmware on the Verilated SoC (samples and the RVFI ground truth to $@)"
	@set -o pipefail; $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc +firmware=$(abspath $(PROF_BUILD))/fw_prof.hex \
	  +funcs=$(abspath $(PROF_BUILD))/funcs.hex +max_cycles=60000000 $(call waves_arg,tb_soc_prof.fst) \
	  | grep -v 'Verilog \$$finish' > $@.tmp || { tail -20 $@.tmp; exit 1; }
	@mv $@.tmp $@

soc-prof: $(PROF_BUILD)/run.log
	@grep -v '^\[prof\] \(sample\|truth\)' $< | tail -n 12
	@$(SOC_PY) sw/prof_report.py check --elf $(PROF_BUILD)/fw_prof.elf --log $< --funcs $(PROF_BUILD)/funcs.hex --tol $(PROF_TOL)

soc-prof-demo: $(PROF_BUILD)/run.log
	@echo; echo "== sampling profiler: the SoC workloads sampled through SIAR, next to the bench's ground truth (docs/profiling.md)"
	@$(SOC_PY) sw/prof_report.py report --lines 5 --elf $(PROF_BUILD)/fw_prof.elf --log $< --funcs $(PROF_BUILD)/funcs.hex --tol $(PROF_TOL)

TEST_TARGETS += soc-prof
DEMO_TARGETS += soc-prof-demo
