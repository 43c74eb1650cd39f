/* Cortex-M port: vector table and reset handler in C, exit through ARM
 * semihosting, SysTick as the counter. Output goes through semihosting on
 * QEMU's MPS2 machines; a board of a real part defines BW_CONSOLE_UART and
 * its port (port/<part>/) writes every line to the part's own UART,
 * sets up clocks and pins in bw_board_init and names its interrupt count
 * in BW_IRQS. Works on ARMv6-M (M0), ARMv7-M (M3, M4, M7) and ARMv8-M
 * (M33), with soft or hard float. */
#include <stdint.h>
#include "burrow/port.h"

#ifndef BW_NS_PER_TICK
#define BW_NS_PER_TICK 40 /* SysTick on the CPU clock: 25 MHz on an385/an386 */
#endif

#ifndef BW_IRQS
#define BW_IRQS 0 /* the part's external interrupts: slots after the 16 */
#endif

#define STACK_PAINT 0x5afe57acu

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _sstack, _estack;
int main(int argc, char **argv);
void bw_reset(void);
static void on_fault(void);
#ifndef BW_PORT_COUNTER
static void on_systick(void);
#endif

#if BW_IRQS > 127
#error "BW_IRQS: at most 127 interrupt slots"
#endif
#define F1 on_fault,
#define F2 F1 F1
#define F4 F2 F2
#define F8 F4 F4
#define F16 F8 F8
#define F32 F16 F16
#define F64 F32 F32

/* ARMv7-M B1.5.2: initial SP, reset, then the fixed exception slots. */
__attribute__((section(".vectors"), used))
static void (*const vectors[16 + BW_IRQS])(void) = {
    (void (*)(void))(uintptr_t)&_estack,
    bw_reset,
    on_fault, on_fault, on_fault, on_fault, on_fault, /* NMI .. UsageFault */
    on_fault, 0, 0, 0,                                  /* SecureFault, reserved */
    on_fault, on_fault, 0, on_fault,                    /* SVC, DebugMon, -, PendSV */
#ifndef BW_PORT_COUNTER
    on_systick,
#else
    on_fault,
#endif
    /* BW_IRQS more slots, spelled out bit by bit of the count: no interrupt
     * is enabled, so one that fires anyway is a fault */
#if BW_IRQS & 64
    F64
#endif
#if BW_IRQS & 32
    F32
#endif
#if BW_IRQS & 16
    F16
#endif
#if BW_IRQS & 8
    F8
#endif
#if BW_IRQS & 4
    F4
#endif
#if BW_IRQS & 2
    F2
#endif
#if BW_IRQS & 1
    F1
#endif
};

/* ---- semihosting (ARM DUI 0471, "Semihosting operations") ---- */
static int semihost(int op, const void *arg)
{
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

#ifndef BW_CONSOLE_UART
void bw_port_write(const char *buf, size_t n)
{
    char chunk[64];
    while (n > 0) {
        size_t k = n < sizeof chunk - 1 ? n : sizeof chunk - 1, i;
        for (i = 0; i < k; i++)
            chunk[i] = buf[i];
        chunk[k] = 0;
        semihost(0x04, chunk); /* SYS_WRITE0 */
        buf += k;
        n -= k;
    }
}
#else
void bw_board_init(void); /* the part's clocks, pins and UART (port/<part>/) */
#endif

void bw_port_exit(int code)
{
    /* SYS_EXIT_EXTENDED: QEMU exits with `code`. */
    uint32_t block[2];
    block[0] = 0x20026u; /* ADP_Stopped_ApplicationExit */
    block[1] = (uint32_t)code;
    semihost(0x20, block);
    for (;;)
        ;
}

int bw_port_cmdline(char *buf, size_t n)
{
    uint32_t block[2];
    block[0] = (uint32_t)(uintptr_t)buf;
    block[1] = (uint32_t)n;
    if (n == 0 || semihost(0x15, block) != 0) /* SYS_GET_CMDLINE */
        return 0;
    buf[n - 1] = 0;
    return 1;
}

/* ---- SysTick, extended to 64 bits by its wrap interrupt ---- */
/* A part without SysTick (the nRF51's M0) counts in its port instead
 * (BW_PORT_COUNTER); the slot then stays a fault. */
#ifndef BW_PORT_COUNTER
#define SYST_CSR (*(volatile uint32_t *)0xe000e010u)
#define SYST_RVR (*(volatile uint32_t *)0xe000e014u)
#define SYST_CVR (*(volatile uint32_t *)0xe000e018u)

static volatile uint32_t systick_wraps;

static void on_systick(void)
{
    systick_wraps++;
}

uint64_t bw_port_counter64(void)
{
    uint32_t w, v;
    do {
        w = systick_wraps;
        v = SYST_CVR;
    } while (w != systick_wraps);
    /* With -icount shift=0 one instruction is 1 ns of virtual time, so
     * ticks * ns-per-tick counts instructions (docs/bench.md, "How the numbers are made"). */
    return ((uint64_t)w * 0x1000000u + (0xffffffu - v)) * BW_NS_PER_TICK;
}

uint32_t bw_port_counter(void)
{
    return (uint32_t)bw_port_counter64();
}

uint32_t bw_port_entropy(void)
{
    return (uint32_t)bw_port_counter64() ^ 0xb0770b5u;
}
#endif

/* ---- stack high-water mark ---- */
uint32_t bw_port_stack_peak(void)
{
    const uint32_t *p = &_sstack;
    while (p < &_estack && *p == STACK_PAINT)
        p++;
    return (uint32_t)((uintptr_t)&_estack - (uintptr_t)p);
}

uint32_t bw_port_stack_size(void)
{
    return (uint32_t)((uintptr_t)&_estack - (uintptr_t)&_sstack);
}

/* Paints the unused stack below the current frame, so a later
 * bw_port_stack_peak() measures only what ran after this call. */
void bw_port_stack_paint(void)
{
    uint32_t *p = &_sstack, *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    sp -= 16; /* leave this frame alone */
    while (p < sp)
        *p++ = STACK_PAINT;
}

static void on_fault(void)
{
    static const char msg[] = "FAULT: CPU exception\n";
    bw_port_write(msg, sizeof msg - 1);
    bw_port_exit(3);
}

void bw_reset(void)
{
    uint32_t *src = &_sidata, *dst;
    for (dst = &_sdata; dst < &_edata;)
        *dst++ = *src++;
    for (dst = &_sbss; dst < &_ebss;)
        *dst++ = 0;
#ifdef __ARM_FP
    /* A hard-float build (boards m4f, m7): turn the FPU on (CPACR, CP10 and
     * CP11 full access) before any code that may use it. burrow's core has
     * no floating point; the C library and the caller's code may. */
    *(volatile uint32_t *)0xe000ed88u |= 0xfu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
#ifdef BW_TRAP_UNALIGNED
    /* A real Cortex-M0 faults on unaligned loads and stores; the M3 that
     * QEMU runs our ARMv6-M build on only does so with CCR.UNALIGN_TRP. */
    *(volatile uint32_t *)0xe000ed14u |= 1u << 3;
#endif
#ifdef BW_CONSOLE_UART
    bw_board_init();
#endif
    bw_port_stack_paint();
#ifndef BW_PORT_COUNTER
    SYST_RVR = 0xffffffu;
    SYST_CVR = 0;
    SYST_CSR = 7; /* enable, interrupt on wrap, CPU clock */
#endif
    bw_port_exit(main(0, 0));
}
