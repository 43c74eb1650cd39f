/* play.h: a small terminal game on burrow's public API, the same code on
 * the desktop and on a Cortex-M board. The game walks a player through
 * every generator's levels: it generates a level from (seed, level) at
 * every level change and keeps nothing of the level it left, which is the
 * fixed-memory way. A front end (src/cli/play_term.c on the desktop,
 * src/play/firmware.c on a board) feeds it keys and writes out the screen
 * it draws through an output callback, one row at a time.
 *
 * Memory: the caller owns the bw_map and the play_game; the plane of what
 * the player has seen is either the caller's own (play_game.seen) or, when
 * the caller passes none, scratch plane b of the map, free after
 * generation. That is how the game fits the 20 KiB board. An Abyss
 * regeneration needs both scratch planes: the game then keeps the seen
 * bits of the areas it keeps (at most 2 x 2 of them, 200 bytes) in the
 * map's entity list, which the Abyss does not use, so either way it
 * forgets only the areas that were redrawn.
 *
 * Screens: the map; `?` the help (keys, a legend of the tiles on the
 * level and where its links lead, the RAM the game uses); `x` a cursor
 * that names the tile under it; `m` the last PLAY_LOG messages. The
 * overworld's `:h :r :hh :rr` show a trainer's distance as the CLI's
 * --dist does (" NN" a tile, or the whole distance in six columns), in a
 * window the move keys scroll. Messages are kept as (id, argument) pairs
 * in a ring, and written out only when drawn.
 *
 * A front end sets cols, rows, colour, abyss_every and ram, calls
 * play_start, then play_key and play_draw; it reads no other field (the
 * message line is no text field any more: play_draw writes it from the
 * ring). */
#ifndef BW_PLAY_H
#define BW_PLAY_H

#include <stddef.h>
#include <stdint.h>
#include "burrow/burrow.h"

#define PLAY_VIEW 9          /* view radius: what the player sees, and what the Abyss keeps */
#define PLAY_MIN_COLS 40     /* the smallest terminal the game draws in */
#define PLAY_MIN_ROWS 12
#define PLAY_ABYSS_EVERY 20  /* turns between Abyss regenerations (option --every) */
#define PLAY_LINE 160        /* bytes of output buffered while drawing (a row may take several) */
#define PLAY_LOG 8           /* messages kept for `m` */

/* What the screen shows (play_game.mode). */
enum { PLAY_MAP, PLAY_HELP, PLAY_LOOK, PLAY_MESSAGES };

/* Keys, beyond plain characters. */
enum { PLAY_KEY_UP = 0x100, PLAY_KEY_DOWN, PLAY_KEY_LEFT, PLAY_KEY_RIGHT,
       PLAY_KEY_HOME, PLAY_KEY_END, PLAY_KEY_PGUP, PLAY_KEY_PGDN, PLAY_KEY_NONE };

typedef void (*play_out)(void *ctx, const char *s, size_t n);

/* The game's RAM besides its small state: the map and, for the overworld,
 * its distance map, which lies in the grid rows an 80 x 21 map never
 * touches (3,360 bytes the 20 KiB board could not spare otherwise). */
#define PLAY_OW_ROWS ((offsetof(bw_map, grid) + offsetof(bw_grid, cell) + BW_OVERWORLD_H * BW_GRID_MAX + 3) & ~(size_t)3)
/* A grid too small for that (BW_MAP_W x BW_MAP_H, grid.h) keeps it after the map. */
#define PLAY_OW_KEEP (PLAY_OW_ROWS + sizeof(uint16_t) * BW_OVERWORLD_H * BW_OVERWORLD_W <= \
                      offsetof(bw_map, grid) + sizeof(bw_grid) ? PLAY_OW_ROWS : ((sizeof(bw_map) + 3) & ~(size_t)3))
typedef union play_memory {
    bw_map map;
    struct {
        uint8_t rows[PLAY_OW_KEEP];
        uint16_t dist[BW_OVERWORLD_H][BW_OVERWORLD_W];
    } ow;
} play_memory;
#if BW_MAP_W >= 120 && BW_MAP_H >= 120
BW_STATIC_ASSERT(PLAY_OW_KEEP + sizeof(uint16_t) * BW_OVERWORLD_H * BW_OVERWORLD_W <=
                 offsetof(bw_map, grid) + sizeof(bw_grid), play_dist_fits);
#endif

typedef struct play_game {
    const bw_generator *gen;
    bw_map *map;
    uint16_t (*dist_map)[BW_OVERWORLD_W]; /* the overworld's distance map, in play_memory */
    bw_plane *seen;          /* what the player has seen: own plane or &map->b */
    int own_seen;            /* 1 if seen is the caller's */
    uint32_t seed;
    bw_opts opts;
    int level, x, y;
    uint32_t turn, level_changes;
    int abyss_every;         /* turns between regenerations */
    uint32_t epoch, regen_turn; /* the Abyss: regenerations so far, the turn of the last */
    int cols, rows;          /* the terminal */
    int colour;              /* 1: ANSI colour */
    int dist;                /* overworld distance map shown: 0 none, 1 h, 2 r, 3 hh, 4 rr */
    char cmd[24];            /* the : command being typed */
    int cmd_len, in_cmd;
    uint8_t log[PLAY_LOG][2]; /* the last messages, a ring: message id, argument */
    uint8_t log_next, log_n; /* where the next goes; how many are kept */
    uint8_t msg_on;          /* 1 while the newest is on the message line */
    uint8_t mode;            /* PLAY_MAP, PLAY_HELP, PLAY_LOOK, PLAY_MESSAGES */
    int16_t cx, cy;          /* the look cursor, or the centre of a distance map's window */
    uint32_t ram;            /* bytes the game uses, for the help screen (0: not shown) */
    bw_tileset walls;        /* tiles that block sight */
    const char *const *keys; /* the help screen's key lines, n_keys of them, the first its title:
                              * a front end with other keys sets them after play_start, which
                              * sets the terminal's */
    int n_keys;
} play_game;

/* Starts `gen` at `level` (1 for single-map generators) from `seed`; seen
 * may be 0 (then the map's plane b). Returns 0, or a negative bw error when
 * the generator refuses the options. */
int play_start(play_game *g, play_memory *mem, bw_plane *seen, const bw_generator *gen,
               uint32_t seed, const bw_opts *o, int level);

/* One key; returns 1 when the player quits, else 0. Unknown keys are
 * ignored (a message says so). While the terminal is smaller than
 * PLAY_MIN_COLS x PLAY_MIN_ROWS only q, Ctrl-C and Ctrl-D are taken. */
int play_key(play_game *g, int key);

/* 1 if '>' (dir +1, a level down) or '<' (dir -1, a level up) on `tile`
 * takes the player through a link of `gen`'s levels: the tile's own link
 * direction, and a forest's tree trunk both ways (forest rule 4.8). Whether
 * the level beyond exists is the caller's to check. */
int play_takes_link(const bw_generator *gen, int tile, int dir);

/* The Mystery Dungeon's entity at (x, y) as the map draws it: its glyph,
 * and its SGR colour in *sgr; 0 where there is none. For a front end that
 * draws its own map (the GBA's tiles). */
int play_entity(const play_game *g, int x, int y, unsigned *sgr);

/* Draws the whole screen (cursor home first) through out, one row a call,
 * and returns the FNV-1a hash of everything written: the scripted tests
 * compare these between the desktop and the boards. */
uint32_t play_draw(const play_game *g, play_out out, void *ctx);

/* Turns the bytes of one key press (an escape sequence, a keypad key) into
 * a key; *used gets how many bytes it took (at least 1 when n > 0). */
int play_decode(const unsigned char *b, size_t n, size_t *used);

#endif
