/* Desktop port: stdio for output, the clock and pid for entropy, the
 * monotonic clock in nanoseconds as the counter. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "burrow/port.h"

void bw_port_write(const char *buf, size_t n)
{
    fwrite(buf, 1, n, stdout);
}

uint32_t bw_port_entropy(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint32_t)ts.tv_nsec * 2654435761u ^ (uint32_t)ts.tv_sec ^ ((uint32_t)getpid() << 16);
}

uint64_t bw_port_counter64(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint32_t bw_port_counter(void)
{
    return (uint32_t)bw_port_counter64();
}

void bw_port_exit(int code)
{
    fflush(stdout);
    exit(code);
}

int bw_port_getkey(void)
{
    unsigned char c;
    fflush(stdout);
    return read(0, &c, 1) == 1 ? c : -1;
}

int bw_port_cmdline(char *buf, size_t n)
{
    (void)buf;
    (void)n;
    return 0; /* the desktop has argv */
}

/* The desktop's stack is the OS's: nothing painted, nothing to measure. */
uint32_t bw_port_stack_peak(void) { return 0; }
void bw_port_stack_paint(void) {}
uint32_t bw_port_stack_size(void) { return 0; }
