/* Reset and interrupt entry of the example SoC firmware (PicoRV32 with
 * ENABLE_IRQ_QREGS: q0 = return address, q1 = pending IRQ bits);
 * irq_handler(irqs = q1, epc = q0). */
#define PICORV32_GETQ(rd, qs)  .insn r 0x0B, 4, 0, rd, x##qs, x0
#define PICORV32_RETIRQ        .insn r 0x0B, 0, 2, x0, x0, x0
#define PICORV32_MASKIRQ(rd, rs) .insn r 0x0B, 6, 3, rd, rs, x0

    .section .text.start
    .global _start
_start:
    j 1f                              /* IRQs are masked from reset; C unmasks them */

    .balign 16
irq_vec:                              /* PROGADDR_IRQ = 0x10 */
    addi sp, sp, -80
    sw ra, 0(sp)
    sw t0, 4(sp)
    sw t1, 8(sp)
    sw t2, 12(sp)
    sw a0, 16(sp)
    sw a1, 20(sp)
    sw a2, 24(sp)
    sw a3, 28(sp)
    sw a4, 32(sp)
    sw a5, 36(sp)
    sw a6, 40(sp)
    sw a7, 44(sp)
    sw t3, 48(sp)
    sw t4, 52(sp)
    sw t5, 56(sp)
    sw t6, 60(sp)
    PICORV32_GETQ(a0, 1)
    PICORV32_GETQ(a1, 0)              /* interrupted PC (return address) */
    call irq_handler
    lw ra, 0(sp)
    lw t0, 4(sp)
    lw t1, 8(sp)
    lw t2, 12(sp)
    lw a0, 16(sp)
    lw a1, 20(sp)
    lw a2, 24(sp)
    lw a3, 28(sp)
    lw a4, 32(sp)
    lw a5, 36(sp)
    lw a6, 40(sp)
    lw a7, 44(sp)
    lw t3, 48(sp)
    lw t4, 52(sp)
    lw t5, 56(sp)
    lw t6, 60(sp)
    addi sp, sp, 80
    PICORV32_RETIRQ

1:
    /* all interrupts masked while C starts */
    li t0, -1
    PICORV32_MASKIRQ(zero, t0)
    la sp, __stack_top
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la t0, __bss_start
    la t1, __bss_end
2:  bgeu t0, t1, 3f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 2b
3:  call main
    li t0, 0x10000004                 /* exit port: main's return value */
    sw a0, 0(t0)
4:  j 4b
