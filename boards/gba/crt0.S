/* crt0.S: the cartridge header and the start-up code of burrow's Game Boy
 * Advance ROM. The BIOS jumps to 0x08000000 in ARM state after checking the
 * header; this file's first word is a branch over the header.
 *
 * The header (192 bytes, GBATEK "GBA Cartridge Header"):
 *   0x00  ARM branch to the start-up code
 *   0x04  156 bytes of the boot logo: left zero here, the logo is not ours
 *         to ship. mGBA boots without it; real hardware and flash carts
 *         need it filled in by a header fixer (gbafix), docs/firmware.md.
 *   0xA0  title (12), game code (4), maker code (2), 0x96, unit code,
 *         device type, 7 reserved bytes, version
 *   0xBD  complement check: -(sum of bytes 0xA0..0xBC) - 0x19, low byte,
 *         which the BIOS checks on hardware; the assembler sums the bytes
 *         as it emits them (macro hb below).
 *   0xBE  2 reserved bytes
 */
    .syntax unified
    .section .gba_header, "ax"
    .arm
    .global gba_start
gba_start:
    b       start
    .fill   156, 1, 0

    .set    sum, 0
    .macro  hb bytes:vararg
    .irp    b, \bytes
    .byte   \b
    .set    sum, sum + \b
    .endr
    .endm

    hb      'B', 'U', 'R', 'R', 'O', 'W', 0, 0, 0, 0, 0, 0   /* title */
    hb      'Z', 'B', 'W', 'E'                               /* game code */
    hb      '0', '0'                                         /* maker code */
    hb      0x96, 0, 0                                       /* fixed, unit, device */
    hb      0, 0, 0, 0, 0, 0, 0                              /* reserved */
    hb      0                                                /* version */
    .byte   (-sum - 0x19) & 0xff                             /* complement check */
    .byte   0, 0

/* Start: the Game Pak's wait states set as most games set them (WAITCNT
 * 0x4317: ROM first access 3 cycles, sequential 1, the prefetch buffer on;
 * the power-on value is 4/2 without prefetch), IRQ and system-mode stacks
 * at the top of IWRAM, the IWRAM image (code placed there, then .data)
 * copied from ROM, .bss in IWRAM and EWRAM zeroed, then main in Thumb
 * state through bx. */
start:
    ldr     r0, =0x04000204         /* WAITCNT */
    ldr     r1, =0x4317
    strh    r1, [r0]
    mov     r0, #0x12               /* IRQ mode */
    msr     cpsr_c, r0
    ldr     sp, =__sp_irq
    mov     r0, #0x1f               /* system mode */
    msr     cpsr_c, r0
    ldr     sp, =__sp_usr

    ldr     r0, =__iwram_load
    ldr     r1, =__iwram_start
    ldr     r2, =__iwram_end
1:  cmp     r1, r2
    ldrlo   r3, [r0], #4
    strlo   r3, [r1], #4
    blo     1b

    mov     r3, #0
    ldr     r1, =__bss_start
    ldr     r2, =__bss_end
2:  cmp     r1, r2
    strlo   r3, [r1], #4
    blo     2b
    ldr     r1, =__ewram_bss_start
    ldr     r2, =__ewram_bss_end
3:  cmp     r1, r2
    strlo   r3, [r1], #4
    blo     3b

    ldr     r0, =main
    mov     lr, pc
    bx      r0
4:  b       4b
    .pool
