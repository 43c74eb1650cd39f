/* An example firmware: burrow as a library on a Cortex-M3. It makes one
 * Orc Mines level and prints, on UART0, the command that makes the same
 * level on the desktop and the line that command prints:
 *
 *   burrow mines --seed 12345 --level 3 --format hash
 *   level 3 120 120 2e8c4235
 *
 * The direct call (bw_mines_generate) links only the mines generator;
 * going through bw_generator_find would link all of them. */
#include <stdint.h>
#include "burrow/mines.h"

#define SEED 12345u
#define LEVEL 3

void uart_puts(const char *s); /* startup.c */

static bw_map map; /* the level being made: about 18 KB of RAM, no heap */

/* v in decimal, or in 8 hex digits, at p; returns the end. */
static char *put_num(char *p, uint32_t v, int hex)
{
    char tmp[10];
    int n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[hex ? v % 16 : v % 10];
        v = hex ? v / 16 : v / 10;
    } while (v || (hex && n < 8));
    while (n)
        *p++ = tmp[--n];
    return p;
}

static char *put_str(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

int main(void)
{
    bw_opts opts = { 0 };
    char line[64], *p = line;

    if (bw_mines_generate(&map, SEED, LEVEL, &opts) != 0) {
        uart_puts("mines: no such level\n");
        return 1;
    }
    p = put_num(put_str(p, "burrow mines --seed "), SEED, 0);
    p = put_num(put_str(p, " --level "), LEVEL, 0);
    p = put_num(put_str(p, " --format hash\nlevel "), LEVEL, 0);
    p = put_num(put_str(p, " "), (uint32_t)map.grid.w, 0);
    p = put_num(put_str(p, " "), (uint32_t)map.grid.h, 0);
    p = put_num(put_str(p, " "), bw_grid_hash(&map.grid), 1); /* FNV-1a of the tile ids */
    p = put_str(p, "\n");
    *p = 0;
    uart_puts(line);
    return 0;
}
