/* out.h: line output of the firmwares without printf (the GBA ROM, and the
 * bench's bench_fw.c, parts_fw.c, play_fw.c, bench_gba.c): text and
 * decimal numbers through the port's write, no printf on the boards. */
#ifndef BURROW_PLAY_OUT_H
#define BURROW_PLAY_OUT_H

#include <stdint.h>
#include "burrow/port.h"

static void put(const char *s)
{
    const char *e = s;
    while (*e)
        e++;
    bw_port_write(s, (size_t)(e - s));
}

/* " N": a space, then v in decimal (a line's next field). */
static void put_u(uint64_t v)
{
    char b[21];
    int i = 20;
    b[i] = 0;
    do {
        b[--i] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v);
    put(" ");
    put(b + i);
}

/* " hhhhhhhh": a space, then v as 8 hex digits (a grid hash). Inline, so
 * a firmware that prints no hash has no unused function. */
static inline void put_x(uint32_t v)
{
    char b[10];
    int i;
    b[0] = ' ';
    for (i = 8; i >= 1; i--, v >>= 4)
        b[i] = "0123456789abcdef"[v & 15u];
    b[9] = 0;
    put(b);
}

#endif
