/* The game's cost on a board (make bench): replays every key script of
 * tests/play through src/play under QEMU with -icount shift=0 and prints,
 * per key, `turn INSNS` (play_key and the whole screen drawn, output
 * thrown away) or `change INSNS` when the key changed the level (a level
 * generated from its seed), then the painted stack's peak and the static
 * RAM: `stack B` and `static B`, and `end`. Built for the 20 KiB board,
 * so the figures are the ones a game there pays. */
#include <stdint.h>
#include "burrow/burrow.h"
#include "burrow/port.h"
#include "play.h"
#include "play_scripts.h"
#include "out.h"

static play_memory mem;
static play_game game;

extern uint8_t _sdata[], _ebss[]; /* linker/sections.ld */

static void nowhere(void *ctx, const char *s, size_t n)
{
    (void)ctx;
    (void)s;
    (void)n;
}

/* `what N` on a line of its own */
static void put_line(const char *what, uint64_t v)
{
    put(what);
    put_u(v);
    put("\n");
}

int main(int argc, char **argv)
{
    unsigned k;
    (void)argc;
    (void)argv;
    bw_port_stack_paint();
    for (k = 0; k < sizeof play_scripts / sizeof play_scripts[0]; k++) {
        const play_script *p = &play_scripts[k];
        bw_opts o = { 0, 0, 0, 0 };
        size_t at = 0, used;
        game.cols = 80;
        game.rows = 24;
        game.colour = 1;
        game.abyss_every = p->every;
        if (play_start(&game, &mem, 0, bw_generator_find(p->gen), (uint32_t)p->seed, &o, p->level) != 0)
            continue;
        while (at < p->n) {
            uint32_t changes = game.level_changes;
            uint64_t t0 = bw_port_counter64(), t1;
            int key = play_decode((const unsigned char *)p->keys + at, p->n - at, &used), quit;
            at += used;
            quit = play_key(&game, key);
            if (!quit)
                play_draw(&game, nowhere, 0);
            t1 = bw_port_counter64();
            if (quit)
                break;
            put_line(game.level_changes != changes ? "change" : "turn", t1 - t0);
        }
    }
    put_line("stack", bw_port_stack_peak());
    put_line("static", (uint64_t)(_ebss - _sdata));
    put("end\n");
    return 0;
}
