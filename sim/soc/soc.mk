# Example SoC (sim/soc): PicoRV32 from PyPI pythondata-cpu-picorv32 + RAM +
# I/O port + pmu_core via rtl/pmu_mem2apb.v, firmware in C (sw/ driver+API).
#   soc-test        Verilator run of the full firmware + Icarus run of a short one
#   soc-test-verilator / soc-test-icarus   the two halves
#   soc-demo        the firmware's PMU report (perf-stat style tables)
SOC_BUILD := $(BUILD)/soc
VERILATOR ?= verilator
SOC_PY    ?= python3
PICORV32_DIR = $(shell $(SOC_PY) -c "import pythondata_cpu_picorv32 as p; print(p.data_location)" 2>/dev/null)
RV_CC     := riscv64-unknown-elf-gcc
RV_FLAGS  := -march=rv32im -misa-spec=2.2 -mabi=ilp32 -Os -std=c99 -Wall -Wextra --specs=picolibc.specs \
             -nostartfiles -T sim/soc/fw/link.ld -Wl,--no-warn-rwx-segments -Isw -Icmodel
SOC_RAM_WORDS := 32768
FW_SRCS   := sim/soc/fw/start.S sim/soc/fw/main.c sw/pmu_drv.c $(SW_API_SRCS) sw/pmu_events_soc.c
FW_DEPS   := $(FW_SRCS) sim/soc/fw/fw_util.h sim/soc/fw/link.ld sw/pmu_drv.h sw/pmu_api.h sw/pmu_api_int.h sw/pmu_events_soc.h cmodel/pmu_regs.h
SOC_RTL    = sim/soc/tb_soc.v $(CFG_RTL_soc_top)   # config/pmu_ip.yaml soc_top

.PHONY: deps-soc soc-test soc-test-verilator soc-test-icarus soc-demo soc-fw

# Tools: the RISC-V cross compiler + picolibc (apt), PicoRV32 (pip).
deps-soc: deps-sim
	$(call need_apt,riscv64-unknown-elf-gcc,gcc-riscv64-unknown-elf)
	@if [ ! -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ]; then \
	  if [ -n "$(IS_ROOT)" ] && [ -n "$(APT_GET)" ]; then \
	    echo "deps: installing picolibc-riscv64-unknown-elf (apt-get)"; \
	    (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq picolibc-riscv64-unknown-elf >/dev/null; \
	  else echo "deps: picolibc missing: run 'sudo apt-get install picolibc-riscv64-unknown-elf'"; exit 1; fi; fi
	@$(SOC_PY) -c "import pythondata_cpu_picorv32" 2>/dev/null || { \
	  echo "deps: installing pythondata-cpu-picorv32 (pip)"; \
	  $(SOC_PY) -m pip install -q pythondata-cpu-picorv32 || $(SOC_PY) -m pip install -q --break-system-packages pythondata-cpu-picorv32; }
	@test -f "$$($(SOC_PY) -c 'import pythondata_cpu_picorv32 as p; print(p.data_location)')/picorv32.v" \
	  || { echo "deps: picorv32.v not found in pythondata_cpu_picorv32"; exit 1; }

$(SOC_BUILD)/fw_%.hex: $(FW_DEPS) sim/soc/fw/bin2hex.py | deps-soc
	@mkdir -p $(@D)
	@echo "build: SoC firmware fw_$*.hex (riscv64-unknown-elf-gcc, picolibc)"
	$(RV_CC) $(RV_FLAGS) $(if $(filter short,$*),-DSHORT) -Wl,--defsym=__ram_size=$$(( $(SOC_RAM_WORDS) * 4 )) \
	  -o $(SOC_BUILD)/fw_$*.elf $(FW_SRCS)
	riscv64-unknown-elf-objcopy -O binary $(SOC_BUILD)/fw_$*.elf $(SOC_BUILD)/fw_$*.bin
	$(SOC_PY) sim/soc/fw/bin2hex.py $(SOC_BUILD)/fw_$*.bin $@

soc-fw: $(SOC_BUILD)/fw_full.hex $(SOC_BUILD)/fw_short.hex

# Verilator (5.x --binary --timing runs the same Verilog bench as Icarus).
# -Wno-fatal: PicoRV32 itself is not lint-clean; pmu-ip's own RTL is linted by core-lint.
# The firmware image is read by $readmemh at run time (path fixed at build time).
$(SOC_BUILD)/verilator$(WSUF)/Vtb_soc: $(SOC_RTL) | deps-soc
	@mkdir -p $(@D)
	@echo "build: Verilating the PicoRV32 SoC bench (sim/soc/tb_soc.v, log: $(@D)/build.log)"
	$(VERILATOR) --binary --timing -j 2 -O3 $(VTRACE) $(VBUILD_OPT) -Wno-fatal -Wno-lint -Wno-style -Wno-PINMISSING \
	  -DRISCV_FORMAL -Irtl --top-module tb_soc -GMEM_WORDS=$(SOC_RAM_WORDS) \
	  -GFIRMWARE='"$(abspath $(SOC_BUILD))/fw_full.hex"' \
	  -Mdir $(@D) -o Vtb_soc $(SOC_RTL) $(PICORV32_DIR)/picorv32.v >$(@D)/build.log 2>&1 \
	  || { tail -30 $(@D)/build.log; exit 1; }

$(SOC_BUILD)/icarus/tb_soc.vvp: $(SOC_RTL) | deps-soc
	@mkdir -p $(@D)
	iverilog -g2005 -DRISCV_FORMAL -Irtl -s tb_soc -Ptb_soc.MEM_WORDS=$(SOC_RAM_WORDS) \
	  -Ptb_soc.FIRMWARE='"$(abspath $(SOC_BUILD))/fw_short.hex"' \
	  -o $@ $(SOC_RTL) $(PICORV32_DIR)/picorv32.v

soc-test-verilator: $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc $(SOC_BUILD)/fw_full.hex
	@mkdir -p $(WAVES_DIR)
	@set -o pipefail; $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc $(call waves_arg,tb_soc_verilator.fst) | grep -v 'Verilog \$$finish' | tee $(SOC_BUILD)/verilator.log

soc-test-icarus: $(SOC_BUILD)/icarus/tb_soc.vvp $(SOC_BUILD)/fw_short.hex
	@mkdir -p $(WAVES_DIR)
	@set -o pipefail; vvp -n $< $(call waves_arg,tb_soc_icarus.vcd) | grep -v '^VCD\|^WARNING: .*readmem' | tee $(SOC_BUILD)/icarus.log

# Both runs; their "N passed, N failed" lines are summed.
soc-test:
	@. sim/tally.sh; mkdir -p $(SOC_BUILD); p=0; f=0; for t in soc-test-verilator soc-test-icarus; do \
	  echo "== $$t"; $(MAKE) --no-print-directory $$t >$(SOC_BUILD)/$$t.out 2>&1; rc=$$?; cat $(SOC_BUILD)/$$t.out; \
	  tally $$rc <$(SOC_BUILD)/$$t.out; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

soc-demo: $(SOC_BUILD)/verilator$(WSUF)/Vtb_soc $(SOC_BUILD)/fw_full.hex
	@$(SOC_BUILD)/verilator$(WSUF)/Vtb_soc | grep -v '^\[bench\]'

TEST_TARGETS += soc-test
DEMO_TARGETS += soc-demo
