/* Event table of the PicoRV32 example SoC (sim/soc/soc_top.v, NT=1).
 * Class / sub-event numbers are the bit positions of soc_top's ev_i wiring;
 * sim/soc/README.md says how each is derived from PicoRV32's signals. */
#include "pmu_api.h"
#include "pmu_events_soc.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const pmu_umask um_cycles[] = {
    { "ANY",       1u << SOC_EV_CYC_ANY,       "every clock cycle" },
    { "MEM_STALL", 1u << SOC_EV_CYC_MEM_STALL, "memory request pending, not ready (wait state)" },
    { "NO_RETIRE", 1u << SOC_EV_CYC_NO_RETIRE, "no instruction retired this cycle" },
    { "IRQ",       1u << SOC_EV_CYC_IRQ,       "cycles inside an interrupt handler" },
};
static const pmu_umask um_inst[] = {
    { "ANY",    1u << SOC_EV_INST_ANY,    "instructions retired (RVFI)" },
    { "ALU",    1u << SOC_EV_INST_ALU,    "OP/OP-IMM/LUI/AUIPC retired" },
    { "MULDIV", 1u << SOC_EV_INST_MULDIV, "M-extension instructions retired" },
    { "SYSTEM", 1u << SOC_EV_INST_SYSTEM, "SYSTEM (csr/rdcycle/ecall) and custom-0 retired" },
};
static const pmu_umask um_mem[] = {
    { "LOADS",  1u << SOC_EV_MEM_LOADS,  "load instructions retired" },
    { "STORES", 1u << SOC_EV_MEM_STORES, "store instructions retired" },
};
static const pmu_umask um_br[] = {
    { "TAKEN",     1u << SOC_EV_BR_TAKEN,     "conditional branches retired, taken" },
    { "NOT_TAKEN", 1u << SOC_EV_BR_NOT_TAKEN, "conditional branches retired, not taken" },
    { "JUMP",      1u << SOC_EV_BR_JUMP,      "JAL/JALR retired" },
    { "COND",      (1u << SOC_EV_BR_TAKEN) | (1u << SOC_EV_BR_NOT_TAKEN), "conditional branches" },
};
static const pmu_umask um_bus[] = {
    { "IFETCH",     1u << SOC_EV_BUS_IFETCH,     "instruction fetches (bus handshakes)" },
    { "DREAD",      1u << SOC_EV_BUS_DREAD,      "data reads (bus handshakes)" },
    { "DWRITE",     1u << SOC_EV_BUS_DWRITE,     "data writes (bus handshakes)" },
    { "PMU_ACCESS", 1u << SOC_EV_BUS_PMU,        "accesses to the PMU's own APB window" },
};
static const pmu_umask um_fp[] = {
    { "SCALAR_DOUBLE", PMU_FLOP_SCALAR_DOUBLE_MASK, "scalar double" },
    { "SCALAR_SINGLE", PMU_FLOP_SCALAR_SINGLE_MASK, "scalar single" },
    { "PACKED128_DOUBLE", PMU_FLOP_PACKED128_DOUBLE_MASK, "" },
    { "PACKED128_SINGLE", PMU_FLOP_PACKED128_SINGLE_MASK, "" },
    { "PACKED256_DOUBLE", PMU_FLOP_PACKED256_DOUBLE_MASK, "" },
    { "PACKED256_SINGLE", PMU_FLOP_PACKED256_SINGLE_MASK, "" },
    { "PACKED512_DOUBLE", PMU_FLOP_PACKED512_DOUBLE_MASK, "" },
    { "PACKED512_SINGLE", PMU_FLOP_PACKED512_SINGLE_MASK, "" },
    { "PACKED1024_DOUBLE", PMU_FLOP_PACKED1024_DOUBLE_MASK, "" },
    { "PACKED1024_SINGLE", PMU_FLOP_PACKED1024_SINGLE_MASK, "" },
    { "PACKED64_SINGLE", PMU_FLOP_PACKED64_SINGLE_MASK, "2 singles in a 64-bit register" },
};

static const pmu_event_info soc_events[] = {
    { "CYCLES",          SOC_CLS_CYCLES, 1u << SOC_EV_CYC_ANY, 0, "core clock cycles", um_cycles, N(um_cycles) },
    { "INST_RETIRED",    SOC_CLS_INST,   1u << SOC_EV_INST_ANY, 0, "instructions retired", um_inst, N(um_inst) },
    { "MEM_INST_RETIRED", SOC_CLS_MEM,   (1u << SOC_EV_MEM_LOADS) | (1u << SOC_EV_MEM_STORES), 0,
      "memory instructions retired", um_mem, N(um_mem) },
    { "BR_RETIRED",      SOC_CLS_BR,     (1u << SOC_EV_BR_TAKEN) | (1u << SOC_EV_BR_NOT_TAKEN) | (1u << SOC_EV_BR_JUMP), 0,
      "control-transfer instructions retired", um_br, N(um_br) },
    { "BUS",             SOC_CLS_BUS,    (1u << SOC_EV_BUS_IFETCH) | (1u << SOC_EV_BUS_DREAD) | (1u << SOC_EV_BUS_DWRITE), 0,
      "CPU memory-bus transactions", um_bus, N(um_bus) },
    { "FP_RETIRED",      PMU_CLASS_FLOP, PMU_FLOP_SUB_ALL, 0,
      "FP instructions retired by register x element size (FLOP class, types: FTYPE; tied off in this SoC)",
      um_fp, N(um_fp) },
};

const pmu_event_table pmu_soc_events = { "picorv32-soc", soc_events, N(soc_events) };
