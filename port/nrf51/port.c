/* nRF51822 port (board microbit): the part's UART0 for keys and every line
 * of output, TIMER0 as the counter, and the clock and pin set-up
 * (nRF51 Series Reference Manual: CLOCK 13, TIMER 18, UART 29). The
 * part's Cortex-M0 has no SysTick, so startup.c (BW_PORT_COUNTER) leaves
 * the counter to this file; it leaves bw_port_write to it too
 * (BW_CONSOLE_UART) and calls bw_board_init before anything is printed.
 * Polled, no interrupts. */
#include <stdint.h>
#include "burrow/port.h"

#define REG(a) (*(volatile uint32_t *)(a))

/* CLOCK */
#define HFCLKSTART    REG(0x40000000u)
#define HFCLKSTARTED  REG(0x40000100u)
/* UART0; on the micro:bit TX is P0.24 and RX P0.25 (the USB bridge) */
#define UART 0x40002000u
#define STARTRX   REG(UART + 0x000u)
#define STARTTX   REG(UART + 0x008u)
#define RXDRDY    REG(UART + 0x108u)
#define TXDRDY    REG(UART + 0x11cu)
#define ENABLE    REG(UART + 0x500u)
#define PSELTXD   REG(UART + 0x50cu)
#define PSELRXD   REG(UART + 0x514u)
#define RXD       REG(UART + 0x518u)
#define TXD       REG(UART + 0x51cu)
#define BAUDRATE  REG(UART + 0x524u)
/* TIMER0 */
#define TIMER 0x40008000u
#define T_START   REG(TIMER + 0x000u)
#define T_CAPTURE REG(TIMER + 0x040u)
#define T_MODE    REG(TIMER + 0x504u)
#define T_BITMODE REG(TIMER + 0x508u)
#define T_PRESCALER REG(TIMER + 0x510u)
#define T_CC0     REG(TIMER + 0x540u)

void bw_board_init(void);
void bw_board_init(void)
{
    int i;
    /* The 16 MHz crystal for an exact baud rate and timer; the part runs
     * from its RC oscillator until it is up. Bounded: QEMU's model of
     * the part has no CLOCK and never says it started, and the firmware
     * works on the RC oscillator too. */
    HFCLKSTART = 1u;
    for (i = 0; i < 10000 && !HFCLKSTARTED; i++)
        ;
    PSELTXD = 24u;
    PSELRXD = 25u;
    BAUDRATE = 0x01d7e000u; /* 115,200 baud */
    ENABLE = 4u;
    STARTTX = 1u;
    STARTRX = 1u;
    T_MODE = 0u;      /* timer, not counter */
    T_BITMODE = 3u;   /* 32 bits */
    T_PRESCALER = 0u; /* 16 MHz: 62.5 ns a tick */
    T_START = 1u;
}

void bw_port_uart_write(const char *buf, size_t n)
{
    while (n--) {
        TXDRDY = 0u;
        TXD = (uint8_t)*buf++;
        while (!TXDRDY)
            ;
    }
}

void bw_port_write(const char *buf, size_t n)
{
    bw_port_uart_write(buf, n);
}

int bw_port_getkey(void)
{
    while (!RXDRDY)
        ;
    RXDRDY = 0u;
    return (int)(RXD & 0xffu);
}

/* TIMER0 counts to 2^32 in 268 s; the wraps are counted in software on
 * each read (no interrupt), so a read at least every 268 s keeps the
 * 64-bit count right: the tests and the bench read it far more often. */
static uint32_t last, wraps;

uint64_t bw_port_counter64(void)
{
    uint32_t now;
    T_CAPTURE = 1u;
    now = T_CC0;
    if (now < last)
        wraps++;
    last = now;
    /* nanoseconds: 62.5 a tick */
    return ((uint64_t)wraps << 32 | now) * 125u / 2u;
}

uint32_t bw_port_counter(void)
{
    return (uint32_t)bw_port_counter64();
}

uint32_t bw_port_entropy(void)
{
    return (uint32_t)bw_port_counter64() ^ 0xb0770b5u;
}
