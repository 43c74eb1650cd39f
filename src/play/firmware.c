/* firmware.c: the game of play.h as Cortex-M firmware. Keys come from, and
 * the screen goes to, the port layer (semihosting under QEMU: `make play
 * BOARD=m3-20k`). The command line (QEMU's -append) picks the game:
 * GENERATOR [--seed N] [--level L] [--layout N] [--x X --y Y] [--every K].
 *
 * Memory: play_memory (the map, and the overworld's distance map inside
 * it), the game's state and the stack: the whole game fits the 20 KiB
 * board. The seen plane is the map's plane b. */
#include "play.h"
#include "burrow/port.h"

static play_memory mem;
static play_game game;

extern uint8_t _sdata[], _ebss[]; /* linker/sections.ld */

static void out(void *ctx, const char *s, size_t n)
{
    (void)ctx;
    bw_port_uart_write(s, n);
}

static int same(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

static int number(const char *s, long *v)
{
    long n = 0;
    int neg = *s == '-';
    s += neg;
    if (!*s)
        return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || n > 100000000L)
            return 0;
        n = n * 10 + (*s - '0');
    }
    *v = neg ? -n : n;
    return 1;
}

/* Splits the command line in place into at most 16 words. */
static int words(char *s, char **w)
{
    int n = 0;
    while (*s && n < 16) {
        while (*s == ' ')
            *s++ = 0;
        if (!*s)
            break;
        w[n++] = s;
        while (*s && *s != ' ')
            s++;
    }
    return n;
}

static int read_key(void)
{
    unsigned char b[4];
    size_t n = 0, used;
    int c = bw_port_getkey();
    if (c < 0)
        return -1;
    b[n++] = (unsigned char)c;
    if (c == 27) { /* an escape sequence: its next bytes are already there */
        int d = bw_port_getkey();
        if (d >= 0) {
            b[n++] = (unsigned char)d;
            d = bw_port_getkey();
            if (d >= 0) {
                b[n++] = (unsigned char)d;
                if (d >= '1' && d <= '8' && (d = bw_port_getkey()) >= 0)
                    b[n++] = (unsigned char)d;
            }
        }
    }
    return play_decode(b, n, &used);
}

/* Reads the command line into the game's choices; its buffer lives on
 * this function's stack, gone before any level is generated. */
__attribute__((noinline)) static const bw_generator *arguments(bw_opts *o, long *seed, long *level)
{
    char line[128];
    char *w[16];
    const bw_generator *gen;
    long v;
    int n, i;
    if (!bw_port_cmdline(line, sizeof line))
        line[0] = 0;
    n = words(line, w);
    /* QEMU puts the kernel's name first */
    i = n > 0 && !bw_generator_find(w[0]) ? 1 : 0;
    gen = bw_generator_find(i < n ? w[i] : "mines");
    for (i++; gen && i + 1 < n; i += 2) {
        if (!number(w[i + 1], &v))
            break;
        if (same(w[i], "--seed")) *seed = v;
        else if (same(w[i], "--level")) *level = v;
        else if (same(w[i], "--layout")) o->layout = (int)v;
        else if (same(w[i], "--x")) o->x = (int)v;
        else if (same(w[i], "--y")) o->y = (int)v;
        else if (same(w[i], "--every")) game.abyss_every = (int)v;
        else break;
    }
    return gen;
}

int main(int argc, char **argv)
{
    const bw_generator *gen;
    bw_opts o = { 0, 0, 0, 0 };
    long seed = 1, level = 1;
    (void)argc;
    (void)argv;
    bw_port_stack_paint();
    gen = arguments(&o, &seed, &level);
    if (!gen) {
        bw_port_write("play: unknown generator\n", 24);
        return 2;
    }
    game.colour = 1;
    game.cols = 80;
    game.rows = 24;
    if (play_start(&game, &mem, 0, gen, (uint32_t)seed, &o, (int)level) != 0) {
        bw_port_write("play: the generator rejected these options\n", 43);
        return 2;
    }
    bw_port_uart_write("\033[2J", 4);
    for (;;) {
        int key;
        game.ram = (uint32_t)(_ebss - _sdata) + bw_port_stack_peak();
        play_draw(&game, out, 0);
        key = read_key();
        if (key < 0 || play_key(&game, key))
            break;
    }
    bw_port_uart_write("\033[0m\r\n", 6);
    return 0;
}
