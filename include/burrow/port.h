/* The port layer: what the programs around the core (the CLI, the game,
 * the tests and the bench) ask of a platform: output, input, entropy, a
 * counter, the command line, the stack's high-water mark and an exit. The
 * core itself calls none of it. */
#ifndef BURROW_PORT_H
#define BURROW_PORT_H

#include <stddef.h>
#include <stdint.h>
#include "burrow/config.h"

#ifdef __cplusplus
extern "C" {
#endif

void bw_port_write(const char *buf, size_t n);   /* to standard output */
uint32_t bw_port_entropy(void);                  /* a seed for --seed-less runs */
uint32_t bw_port_counter(void);                  /* cycles or instructions, wraps */
/* Instructions or cycles since start, 64-bit where the port can tell. */
uint64_t bw_port_counter64(void);
void bw_port_exit(int code);                     /* never returns */
/* One byte of keyboard input, waiting for it; -1 when input has ended
 * (boards: the UART, port/cortex-m/uart.c). */
int bw_port_getkey(void);
/* Boards only: bytes out through the UART, for firmware that talks to a
 * terminal rather than to the host's semihosting console. */
void bw_port_uart_write(const char *buf, size_t n);
/* The command line the program was started with (semihosting on a board:
 * QEMU's -append), NUL-terminated into buf; 0 if there is none. */
int bw_port_cmdline(char *buf, size_t n);

/* The painted stack (Cortex-M; the desktop has none and answers 0): the
 * high-water mark in bytes, a fresh paint of the stack below the caller
 * (bench and tests measure with these), and the stack's whole size, which
 * a peak reaches only when the stack ran into .bss. */
uint32_t bw_port_stack_peak(void);
void bw_port_stack_paint(void);
uint32_t bw_port_stack_size(void);

#ifdef __cplusplus
}
#endif

#endif
