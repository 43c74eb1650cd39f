/* The CMSDK APB UART0 of the MPS2 boards: keys in and the screen out for
 * firmware that talks to a terminal (the game: `make play BOARD=NAME` runs
 * QEMU with -serial stdio). Polled, no interrupts. The tests and the bench
 * use semihosting instead (startup.c). */
#include <stdint.h>
#include "burrow/port.h"

#ifndef BW_UART0
#define BW_UART0 0x40004000u /* mps2-an385; boards/m33.mk sets the AN505's */
#endif
#define UART_DATA  (*(volatile uint32_t *)(BW_UART0 + 0x00u))
#define UART_STATE (*(volatile uint32_t *)(BW_UART0 + 0x04u))
#define UART_CTRL  (*(volatile uint32_t *)(BW_UART0 + 0x08u))
#define UART_BAUD  (*(volatile uint32_t *)(BW_UART0 + 0x10u))
#define TX_FULL 1u
#define RX_FULL 2u

static void uart_on(void)
{
    if ((UART_CTRL & 3u) != 3u) {
        UART_BAUD = 16u; /* the least the UART takes; QEMU ignores the rate */
        UART_CTRL = 3u;  /* TX and RX enabled: without them nothing moves */
    }
}

void bw_port_uart_write(const char *buf, size_t n)
{
    uart_on();
    while (n--) {
        while (UART_STATE & TX_FULL)
            ;
        UART_DATA = (uint8_t)*buf++;
    }
}

int bw_port_getkey(void)
{
    uart_on();
    while (!(UART_STATE & RX_FULL))
        ;
    return (int)(UART_DATA & 0xffu);
}
