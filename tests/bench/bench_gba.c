/* bench_gba.c: the bench's Game Boy Advance ROM (make bench; build/gba/bench.gba
 * and build/gba-rom/bench.gba: the core's code in IWRAM, or all code in ROM).
 * At power-on it generates every level of every generator gba_bench.h lists
 * (tests/bench/bench.sh writes it) over seeds 1..GBA_SEEDS and prints, one
 * line a level through mGBA's debug output (tests/gba/harness.c's `print`
 * mode reads it):
 *     gba GENERATOR LEVEL SEED HASH CYCLES
 * then `end`. CYCLES is the difference of the cascaded timers TM0 + TM1
 * (prescaler 1: CPU cycles at 16.78 MHz) around the generate call alone;
 * the emulator charges the bus's wait states of each access. HASH is the
 * grid hash, which the bench compares with the desktop's for the same seed.
 *
 * The Game Pak's wait states are the start-up code's (boards/gba/crt0.S:
 * WAITCNT 0x4317, as most games set them), the same as the game's. */
#include "burrow/burrow.h"
#include "burrow/port.h"
#include "gba.h"
#include "gba_bench.h" /* GBA_SEEDS, gba_gens[] (names, then 0) */
#include "out.h"

/* The map in EWRAM, as in the game: its 17 KiB would crowd IWRAM. */
#ifdef GBA_MAP_IWRAM
static bw_map map;
#else
static bw_map map __attribute__((section(".ewram_bss")));
#endif

int main(void)
{
    unsigned i;
    gba_timer_start();
    for (i = 0; gba_gens[i]; i++) {
        const bw_generator *g = bw_generator_find(gba_gens[i]);
        int level;
        uint32_t seed;
        if (!g) {
            put("error no generator ");
            put(gba_gens[i]);
            put("\n");
            continue;
        }
        for (level = 1; level <= g->levels; level++)
            for (seed = 1; seed <= GBA_SEEDS; seed++) {
                bw_opts o = { 0, 0, 0, 0 };
                uint32_t t0, t1;
                int err;
                t0 = bw_port_counter();
                err = g->generate(&map, seed, level, &o);
                t1 = bw_port_counter();
                put(err ? "error " : "gba ");
                put(g->name);
                put_u((uint32_t)level);
                put_u(seed);
                put_x(bw_grid_hash(&map.grid));
                put_u(t1 - t0);
                put("\n");
            }
    }
    put("end\n");
    for (;;)
        ;
}
