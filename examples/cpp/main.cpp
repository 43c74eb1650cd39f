// burrow from C++: one Orc Mines level, and the line that
// `burrow mines --seed 12345 --level 3 --format hash` prints for it.
//
// The same file builds for the desktop (g++) and as a Cortex-M4F firmware
// (arm-none-eabi-g++, hard float, newlib-nano) with CMakeLists.txt beside
// it; on the board the lines go out on the UART.
#include <cstdint>
#include <cstring>
#include "burrow/mines.h"

#if defined(__arm__)
extern "C" void uart_puts(const char *s); // ../firmware/startup.c
static void out(const char *s) { uart_puts(s); }
#else
#include <cstdio>
static void out(const char *s) { std::fputs(s, stdout); }
#endif

namespace {

const std::uint32_t seed = 12345u;
const int level = 3;

bw_map map; // the level being made: all of burrow's RAM, no heap

// Appends s at p (a plain memcpy: the firmware's C library provides it).
char *put(char *p, const char *s)
{
    std::size_t n = std::strlen(s);
    std::memcpy(p, s, n);
    return p + n;
}

char *put_num(char *p, std::uint32_t v, bool hex)
{
    char tmp[12];
    int n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[hex ? v % 16 : v % 10];
        v = hex ? v / 16 : v / 10;
    } while (v || (hex && n < 8));
    while (n)
        *p++ = tmp[--n];
    return p;
}

} // namespace

int main()
{
    bw_opts opts = {};
    if (bw_mines_generate(&map, seed, level, &opts) != BW_OK) {
        out("mines: no such level\n");
        return 1;
    }
    char line[96], *p = line;
    p = put_num(put(p, "burrow mines --seed "), seed, false);
    p = put_num(put(p, " --level "), level, false);
    p = put_num(put(p, " --format hash\nlevel "), level, false);
    p = put_num(put(p, " "), static_cast<std::uint32_t>(map.grid.w), false);
    p = put_num(put(p, " "), static_cast<std::uint32_t>(map.grid.h), false);
    p = put_num(put(p, " "), bw_grid_hash(&map.grid), true);
    p = put(p, "\n");
    *p = 0;
    out(line);
    return 0;
}
