# SPDX-License-Identifier: Apache-2.0
# RISC-V CSR view on the example SoC (issue 31, docs/riscv.md): soc_top with
# PMU_XLEN=32 routes the CSR instructions PicoRV32 does not execute itself
# through its PCPI to pmu_core's CSR port (sim/soc/pcpi_csr.v); the firmware
# sim/soc/fw/rv_hpm.c uses only csrr/csrw/csrs/csrc (probe, counting window,
# UINH/MINH, LCOFI overflow interrupt, an illegal access) and the bench
# sim/soc/tb_soc_rv.v compares every count with its RVFI ground truth.
#   soc-rv-test            the three runs below; "N passed, N failed"
#   soc-rv-test-unit       Icarus unit bench of the PCPI adapter (sim/soc/tb_pcpi_csr.v)
#   soc-rv-test-verilator  the full firmware on the Verilated SoC
#   soc-rv-test-icarus     a short firmware (-DSHORT) on Icarus
# Included after sim/soc/soc.mk (RV_CC, RV_FLAGS, SOC_BUILD, PICORV32_DIR, deps-soc).
RV_BUILD    := $(SOC_BUILD)/rv
RV_FW_SRCS  := sim/soc/fw/start.S sim/soc/fw/rv_hpm.c
RV_FW_DEPS  := $(RV_FW_SRCS) sim/soc/fw/fw_util.h sim/soc/fw/link.ld sw/pmu_events_soc.h
# soc_top's files (config/pmu_ip.yaml) plus the PCPI adapter, if the list lacks it
SOC_RV_RTL   = sim/soc/tb_soc_rv.v $(CFG_RTL_soc_top) $(filter-out $(CFG_RTL_soc_top),sim/soc/pcpi_csr.v)

.PHONY: soc-rv-test soc-rv-test-unit soc-rv-test-verilator soc-rv-test-icarus

$(RV_BUILD)/fw_rv_%.hex: $(RV_FW_DEPS) sim/soc/fw/bin2hex.py | deps-soc
	@mkdir -p $(@D)
	@echo "build: CSR-view firmware fw_rv_$*.hex (riscv64-unknown-elf-gcc, picolibc)"
	$(RV_CC) $(RV_FLAGS) $(if $(filter short,$*),-DSHORT) -Wl,--defsym=__ram_size=$$(( $(SOC_RAM_WORDS) * 4 )) \
	  -o $(RV_BUILD)/fw_rv_$*.elf $(RV_FW_SRCS)
	riscv64-unknown-elf-objcopy -O binary $(RV_BUILD)/fw_rv_$*.elf $(RV_BUILD)/fw_rv_$*.bin
	$(SOC_PY) sim/soc/fw/bin2hex.py $(RV_BUILD)/fw_rv_$*.bin $@

$(RV_BUILD)/verilator$(WSUF)/Vtb_soc_rv: $(SOC_RV_RTL) | deps-soc
	@mkdir -p $(@D)
	@echo "build: Verilating the PicoRV32 SoC with the CSR view (sim/soc/tb_soc_rv.v, log: $(@D)/build.log)"
	$(VERILATOR) --binary --timing -j 2 -O3 $(VTRACE) $(VBUILD_OPT) -Wno-fatal -Wno-lint -Wno-style -Wno-PINMISSING \
	  -DRISCV_FORMAL -Irtl --top-module tb_soc_rv -GMEM_WORDS=$(SOC_RAM_WORDS) \
	  -GFIRMWARE='"$(abspath $(RV_BUILD))/fw_rv_full.hex"' \
	  -Mdir $(@D) -o Vtb_soc_rv $(SOC_RV_RTL) $(PICORV32_DIR)/picorv32.v >$(@D)/build.log 2>&1 \
	  || { tail -30 $(@D)/build.log; exit 1; }

$(RV_BUILD)/icarus/tb_soc_rv.vvp: $(SOC_RV_RTL) | deps-soc
	@mkdir -p $(@D)
	iverilog -g2005 -DRISCV_FORMAL -Irtl -s tb_soc_rv -Ptb_soc_rv.MEM_WORDS=$(SOC_RAM_WORDS) \
	  -Ptb_soc_rv.FIRMWARE='"$(abspath $(RV_BUILD))/fw_rv_short.hex"' \
	  -o $@ $(SOC_RV_RTL) $(PICORV32_DIR)/picorv32.v

$(RV_BUILD)/unit/tb_pcpi_csr.vvp: sim/soc/tb_pcpi_csr.v sim/soc/pcpi_csr.v | deps-sim
	@mkdir -p $(@D)
	iverilog -g2005 -Wall -s tb_pcpi_csr -o $@ sim/soc/tb_pcpi_csr.v sim/soc/pcpi_csr.v

soc-rv-test-unit: $(RV_BUILD)/unit/tb_pcpi_csr.vvp
	@set -o pipefail; vvp -n $< | tee $(RV_BUILD)/unit.log

soc-rv-test-verilator: $(RV_BUILD)/verilator$(WSUF)/Vtb_soc_rv $(RV_BUILD)/fw_rv_full.hex
	@mkdir -p $(WAVES_DIR)
	@set -o pipefail; $(RV_BUILD)/verilator$(WSUF)/Vtb_soc_rv $(call waves_arg,tb_soc_rv_verilator.fst) \
	  | grep -v 'Verilog \$$finish' | tee $(RV_BUILD)/verilator.log

soc-rv-test-icarus: $(RV_BUILD)/icarus/tb_soc_rv.vvp $(RV_BUILD)/fw_rv_short.hex
	@mkdir -p $(WAVES_DIR)
	@set -o pipefail; vvp -n $< $(call waves_arg,tb_soc_rv_icarus.vcd) | grep -v '^VCD\|^WARNING: .*readmem' \
	  | tee $(RV_BUILD)/icarus.log

# The three runs; their "N passed, N failed" lines are summed.
soc-rv-test:
	@. sim/tally.sh; mkdir -p $(RV_BUILD); p=0; f=0; for t in soc-rv-test-unit soc-rv-test-verilator soc-rv-test-icarus; do \
	  echo "== $$t"; $(MAKE) --no-print-directory $$t >$(RV_BUILD)/$$t.out 2>&1; rc=$$?; cat $(RV_BUILD)/$$t.out; \
	  tally $$rc <$(RV_BUILD)/$$t.out; \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

TEST_TARGETS += soc-rv-test
