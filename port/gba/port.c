/* The port layer on the Game Boy Advance: text out through mGBA's debug
 * output (nothing on hardware), the cascaded timers TM0 + TM1 as a 32-bit
 * cycle counter at the CPU clock (16.78 MHz), no command line and no exit
 * (a cartridge stops by being switched off).
 *
 * mGBA's debug output: writing 0xC0DE to 0x04FFF780 enables it (it then
 * reads back 0x1DEA); a string of up to 256 bytes goes to 0x04FFF600, and
 * writing 0x100 | level to 0x04FFF700 sends it to the emulator's log. */
#include <stdint.h>
#include "burrow/port.h"
#include "gba.h"

#define DEBUG_ENABLE (*(volatile uint16_t *)0x04fff780u)
#define DEBUG_FLAGS  (*(volatile uint16_t *)0x04fff700u)
#define DEBUG_STRING ((volatile char *)0x04fff600u)
#define DEBUG_INFO   3

static char line[128];
static unsigned line_n;
static int debug_on = -1; /* -1: not asked yet */

static void flush(void)
{
    unsigned i;
    if (debug_on < 0) {
        DEBUG_ENABLE = 0xc0de;
        debug_on = DEBUG_ENABLE == 0x1dea;
    }
    if (debug_on && line_n > 0) {
        for (i = 0; i < line_n; i++)
            DEBUG_STRING[i] = line[i];
        DEBUG_STRING[line_n] = 0;
        DEBUG_FLAGS = 0x100 | DEBUG_INFO;
    }
    line_n = 0;
}

/* One log line a '\n'; a longer line is sent in pieces. */
void bw_port_write(const char *buf, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (buf[i] == '\n') {
            flush();
            continue;
        }
        line[line_n++] = buf[i];
        if (line_n == sizeof line - 1)
            flush();
    }
}

void bw_port_uart_write(const char *buf, size_t n)
{
    bw_port_write(buf, n);
}

void gba_timer_start(void)
{
    REG_TM0CNT_H = 0;
    REG_TM1CNT_H = 0;
    REG_TM0CNT_L = 0;
    REG_TM1CNT_L = 0;
    REG_TM1CNT_H = TM_ENABLE | TM_CASCADE; /* counts TM0's overflows */
    REG_TM0CNT_H = TM_ENABLE;              /* prescaler 1: every CPU cycle */
}

/* TM1:TM0, read so that a TM0 overflow between the reads is not lost. */
uint32_t bw_port_counter(void)
{
    uint16_t hi, lo, hi2;
    do {
        hi = REG_TM1CNT_L;
        lo = REG_TM0CNT_L;
        hi2 = REG_TM1CNT_L;
    } while (hi != hi2);
    return (uint32_t)hi << 16 | lo;
}

uint64_t bw_port_counter64(void)
{
    return bw_port_counter();
}

uint32_t bw_port_entropy(void)
{
    return bw_port_counter() * 2654435761u;
}

void bw_port_exit(int code)
{
    (void)code;
    for (;;)
        gba_vsync();
}

int bw_port_getkey(void)
{
    return -1;
}

int bw_port_cmdline(char *buf, size_t n)
{
    (void)buf;
    (void)n;
    return 0;
}

uint32_t bw_port_stack_peak(void) { return 0; }
void bw_port_stack_paint(void) {}
uint32_t bw_port_stack_size(void) { return 0; }

/* Waits for the start of the next vertical blank (no interrupt: polls
 * VCOUNT, so it needs no handler). */
void gba_vsync(void)
{
    while (REG_VCOUNT >= 160)
        ;
    while (REG_VCOUNT < 160)
        ;
}
