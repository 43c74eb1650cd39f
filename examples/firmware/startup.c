/* The least a Cortex-M3 or M4 on QEMU's mps2-an385 or mps2-an386 needs: a vector table, a reset
 * handler that sets up .data and .bss and calls main, output on the CMSDK
 * UART0, and exit through semihosting so QEMU ends with main's status.
 * On real hardware, use your vendor's start-up and UART instead. */
#include <stdint.h>

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack; /* mps2-an385.ld */
int main(void);
void reset(void);
void uart_puts(const char *s);

#define UART0 ((volatile uint32_t *)0x40004000u) /* DATA, STATE, CTRL, -, BAUDDIV */

void uart_puts(const char *s)
{
    for (; *s; s++) {
        while (UART0[1] & 1u) /* STATE.TXFULL */
            ;
        UART0[0] = (uint8_t)*s;
    }
}

/* Semihosting SYS_EXIT_EXTENDED: QEMU exits with `code`. */
static void semihost_exit(int code)
{
    uint32_t block[2] = { 0x20026u, 0 }; /* ADP_Stopped_ApplicationExit */
    register uint32_t r0 __asm__("r0") = 0x20u;
    register uint32_t *r1 __asm__("r1") = block;
    block[1] = (uint32_t)code;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    for (;;)
        ;
}

static void fault(void)
{
    uart_puts("fault\n");
    semihost_exit(3);
}

void reset(void)
{
    uint32_t *s = &_sidata, *d;
    for (d = &_sdata; d < &_edata;)
        *d++ = *s++;
    for (d = &_sbss; d < &_ebss;)
        *d++ = 0;
#ifdef __ARM_FP
    /* A hard-float build: CP10 and CP11 on before code that may use them. */
    *(volatile uint32_t *)0xe000ed88u |= 0xfu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    UART0[4] = 16; /* BAUDDIV, the least the UART takes */
    UART0[2] = 1;  /* CTRL.TX_EN: without it nothing is sent */
    semihost_exit(main());
}

/* ARMv7-M: the initial stack pointer, reset, then NMI .. SysTick. */
__attribute__((section(".vectors"), used))
static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)&_estack, reset,
    fault, fault, fault, fault, fault, 0, 0, 0, 0, fault, fault, 0, fault, fault,
};
