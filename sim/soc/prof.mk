# SPDX-License-Identifier: Apache-2.0
# Sampling profiler on the example SoC (docs/profiling.md): the firmware
# built with -DPROF samples its workloads through the negative-counter
# interrupt (sw/pmu_prof.c), the Verilated bench (sim/soc/tb_soc.v) dumps the
# samples and counts the ground truth from PicoRV32's instruction trace, and
# sw/prof_report.py symbolizes (riscv64-unknown-elf-addr2line) and compares.
#   soc-prof       test: profiles vs ground truth, fault injection; "N passed, N failed"
#   soc-prof-demo  the profile report (perf report style), last demo of `make demo`
#   prof           profile YOUR program: make prof PROF_SRC="my/a.c my/b.c" [PROF_EVENTS=...
#                  PROF_PERIOD= PROF_JITTER= PROF_SEED= PROF_CAP= PROF_MAX_CYCLES= PROF_CFLAGS=
#                  PROF_OUT= PROF_TOL= PROF_LINES= PROF_INLINE=1] (sim/soc/prof_run.sh)
#   soc-prof-user  test: a -Os user workload with clones and an inlined helper
#                  (sim/soc/fw/prof_workload.c) through `make prof`, power-of-two
#                  periods; no jitter must fail (aliasing), a truncated and a
#                  timed-out run must fail with their message
# Included after every other fragment, so soc-prof-demo is the last demo.
PROF_BUILD := $(SOC_BUILD)/prof
PROF_RV    := riscv64-unknown-elf
PROF_TOL   ?= 3
PROF_MAX_CYCLES_DEMO := 60000000

.PHONY: soc-prof soc-prof-demo

$(PROF_BUILD)/fw_prof.elf: $(FW_DEPS) sw/pmu_prof.c sw/pmu_prof.h sim/soc/prof.mk | deps-soc
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
	@rm -f $@
	@set -o pipefail; $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc +firmware=$(abspath $(PROF_BUILD))/fw_prof.hex \
	  +funcs=$(abspath $(PROF_BUILD))/funcs.hex +max_cycles=$(PROF_MAX_CYCLES_DEMO) $(call waves_arg,tb_soc_prof.fst) \
	  | grep -v 'Verilog \$$finish' > $@.tmp || { tail -20 $@.tmp; rm -f $@.tmp; exit 1; }
	@if grep -q '^TIMEOUT after' $@.tmp; then echo "soc-prof: the run timed out ($$(grep -m1 '^TIMEOUT' $@.tmp);" \
	  "+max_cycles=$(PROF_MAX_CYCLES_DEMO)): incomplete, not kept or reported"; rm -f $@.tmp; exit 1; fi
	@grep -q '^firmware exit' $@.tmp || { tail -20 $@.tmp; echo "soc-prof: the run did not end with the firmware's exit"; rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

soc-prof: $(PROF_BUILD)/run.log
	@grep -v '^\[prof\] \(sample\|truth\)' $< | tail -n 12
	@$(SOC_PY) sw/prof_report.py check --elf $(PROF_BUILD)/fw_prof.elf --log $< --funcs $(PROF_BUILD)/funcs.hex --tol $(PROF_TOL)

soc-prof-demo: $(PROF_BUILD)/run.log
	@echo; echo "== sampling profiler: the SoC workloads sampled through SIAR, next to the bench's ground truth (docs/profiling.md)"
	@$(SOC_PY) sw/prof_report.py report --lines 5 --elf $(PROF_BUILD)/fw_prof.elf --log $< --funcs $(PROF_BUILD)/funcs.hex --tol $(PROF_TOL)

# ---------------------------------------------------------------- make prof
# Profile the user's own program (docs/profiling.md "Profiling your program").
PROF_SRC        ?=
PROF_EVENTS     ?= INST_RETIRED:USR CYCLES:USR
PROF_PERIOD     ?= 1000
PROF_JITTER     ?=
PROF_SEED       ?= 0
PROF_CAP        ?= 2048
PROF_MAX_CYCLES ?= 200000000
PROF_CFLAGS     ?=
PROF_OUT        ?= $(SOC_BUILD)/prof-user
PROF_LINES      ?= 5
PROF_INLINE     ?=
PROF_ENV = VTB=$(SOC_BUILD)/verilator$(WSUF)/Vtb_soc RV_CC="$(RV_CC)" RV_FLAGS="$(RV_FLAGS)" SW_API_SRCS="$(SW_API_SRCS)" \
  RAM_BYTES=$$(( $(SOC_RAM_WORDS) * 4 )) PY="$(SOC_PY)" PROF_SRC="$(PROF_SRC)" PROF_EVENTS="$(PROF_EVENTS)" \
  PROF_PERIOD="$(PROF_PERIOD)" PROF_JITTER="$(PROF_JITTER)" PROF_SEED="$(PROF_SEED)" PROF_CAP="$(PROF_CAP)" \
  PROF_MAX_CYCLES="$(PROF_MAX_CYCLES)" PROF_CFLAGS="$(PROF_CFLAGS)" PROF_OUT="$(PROF_OUT)" PROF_TOL="$(PROF_TOL)" \
  PROF_LINES="$(PROF_LINES)" PROF_INLINE="$(if $(PROF_INLINE),10)"

.PHONY: prof soc-prof-user
prof: $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc $(SOC_BUILD)/fw_full.hex | deps-soc
	@$(PROF_ENV) bash sim/soc/prof_run.sh

# The test of `make prof` on a user workload written for it. Each case is
# `make prof` itself; the last line sums them.
PU_OUT  := $(SOC_BUILD)/prof-user-test
PU_SRC  := sim/soc/fw/prof_workload.c
PU_MAKE  = $(MAKE) --no-print-directory prof PROF_SRC=$(PU_SRC)
soc-prof-user: $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc $(SOC_BUILD)/fw_full.hex | deps-soc
	@. sim/tally.sh; mkdir -p $(PU_OUT); p=0; f=0; \
	res() { if [ $$1 -eq 0 ]; then p=$$((p+1)); echo "ok   $$2"; else f=$$((f+1)); echo "FAIL $$2"; fi; }; \
	echo "== 1. make prof PROF_SRC=$(PU_SRC) PROF_EVENTS='INST_RETIRED:USR@128 CYCLES:USR@512' PROF_INLINE=1 (jitter: default)"; \
	$(PU_MAKE) PROF_EVENTS="INST_RETIRED:USR@128 CYCLES:USR@512" PROF_INLINE=1 PROF_OUT=$(PU_OUT)/main >$(PU_OUT)/main.out 2>&1; rc=$$?; \
	cat $(PU_OUT)/main.out; tally $$rc <$(PU_OUT)/main.out; \
	echo "== 2. the workload is what it claims: clones and an inlined helper in the ELF (nm, addr2line -i)"; \
	$(SOC_PY) sw/prof_report.py elfcheck --elf $(PU_OUT)/main/1/fw.elf --clone constprop --clone isra --inlined cswap \
	  >$(PU_OUT)/elf.out 2>&1; rc=$$?; cat $(PU_OUT)/elf.out; tally $$rc < <(tail -n1 $(PU_OUT)/elf.out); \
	echo "== 3. self-test: the same profile without jitter (PROF_JITTER=0) must fail: aliasing"; \
	$(PU_MAKE) PROF_EVENTS="INST_RETIRED:USR@128" PROF_JITTER=0 PROF_OUT=$(PU_OUT)/nojitter >$(PU_OUT)/nojitter.out 2>&1; rc=$$?; \
	grep -E '^#|out of tolerance|^FAIL' $(PU_OUT)/nojitter.out | grep -v '^# hottest' | head -n 16; \
	grep -q 'out of tolerance' $(PU_OUT)/nojitter.out; res $$(( rc != 0 && $$? == 0 ? 0 : 1 )) "fixed period 128: fails, shares out of tolerance (exit $$rc)"; \
	echo "== 4. a truncated profile must fail (PROF_CAP=200)"; \
	$(PU_MAKE) PROF_EVENTS="INST_RETIRED:USR@128" PROF_CAP=200 PROF_OUT=$(PU_OUT)/trunc >$(PU_OUT)/trunc.out 2>&1; rc=$$?; \
	grep -E 'TRUNCATED|REFUSED' $(PU_OUT)/trunc.out; \
	grep -q 'REFUSED: profile 1 .* is TRUNCATED: the sample buffer of 200 samples filled, [0-9]* of [0-9]* samples were lost.*PROF_CAP=' \
	  $(PU_OUT)/trunc.out; res $$(( rc != 0 && $$? == 0 ? 0 : 1 )) "truncated run: fails with the buffer size, the samples lost and the fix (exit $$rc)"; \
	echo "== 5. a timed-out run must fail (PROF_MAX_CYCLES=400000)"; \
	$(PU_MAKE) PROF_EVENTS="INST_RETIRED:USR@128" PROF_MAX_CYCLES=400000 PROF_OUT=$(PU_OUT)/timeout >$(PU_OUT)/timeout.out 2>&1; rc=$$?; \
	grep -E '^prof: ' $(PU_OUT)/timeout.out; \
	grep -q "^prof: profile 1 .*did not finish: bench says 'TIMEOUT after 400001 cycles'.*not reported" $(PU_OUT)/timeout.out \
	  && ! ls $(PU_OUT)/timeout/1/run.log >/dev/null 2>&1; res $$(( rc != 0 && $$? == 0 ? 0 : 1 )) "timed-out run: fails with TIMEOUT, no log kept (exit $$rc)"; \
	echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

TEST_TARGETS += soc-prof soc-prof-user
DEMO_TARGETS += soc-prof-demo
