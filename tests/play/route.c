/* route.c: writes a key script for `burrow play` by playing the game: it
 * starts the game, and for each step of its plan finds a shortest walk on
 * the map to where the step goes and types the keys of that walk. The
 * scripts under tests/play/ were made with it; they are text files of
 * keys, replayed by the tests on the desktop and on every board.
 *
 *   build/play-route GEN SEED LEVEL [--layout N] [--x X --y Y] [--every K] -- PLAN...
 *
 * PLAN words: down, up (walk to the nearest tile that links that way and
 * climb), trunk (walk to a tree trunk), gate N|E|S|W (walk to that gate
 * and through it), fly X Y, wait N (N turns in place), walk N (N steps of
 * a fixed wander), keys TEXT (TEXT as it is), cover (take every kind of
 * link this generator makes on levels 1-5 of this seed, in each direction
 * it climbs, that the plan has not taken yet; in the overworld, walk out
 * by each side's gate not yet taken). cover is what keeps the scripts
 * covering every link when a generator's maps change: test_play's
 * play_scripts_take_every_link_kind checks the same set over all the
 * scripts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play.h"

static play_memory mem;
static bw_plane seen;
static play_game game;
static char script[65536];
static size_t len;

#define COVER_LEVELS 5 /* the levels cover (and the test) look at */
/* Links taken so far: taken[tile][d], d 0 for '>' and 1 for '<'; the
 * overworld's gate sides taken (0 N, 1 E, 2 S, 3 W). */
static unsigned char taken[BW_TILE_COUNT][2], sides[4];

static void type(int key, const char *text)
{
    const char *t;
    int level = game.level, tile, wx = game.opts.x, wy = game.opts.y, cmd = game.in_cmd;
    uint32_t changes = game.level_changes;
    if (text) {
        for (t = text; *t; t++)
            type((unsigned char)*t, 0);
        return;
    }
    if (len + 2 < sizeof script)
        script[len++] = (char)key;
    tile = BW_AT(&game.map->grid, game.x, game.y);
    play_key(&game, key);
    if (game.level_changes == changes)
        return;
    if (game.gen->id == BW_GEN_OVERWORLD) {
        int dx = game.opts.x - wx, dy = game.opts.y - wy;
        if (!cmd)
            sides[dy < 0 ? 0 : dx > 0 ? 1 : dy > 0 ? 2 : 3] = 1;
    } else if (game.level != level) {
        taken[tile][game.level > level ? 0 : 1] = 1;
    }
}

/* 8-way BFS from the player to the nearest cell where want() holds;
 * types the first key of that walk. Returns 1 when the player stands on
 * such a cell, 0 after a step, -1 if none is reachable. */
static int step_to(int (*want)(int x, int y, int arg), int arg)
{
    static int16_t from[BW_GRID_CELLS];
    static uint16_t queue[BW_GRID_CELLS];
    static const int dx[8] = { -1, 0, 0, 1, -1, 1, -1, 1 }, dy[8] = { 0, 1, -1, 0, -1, -1, 1, 1 };
    static const char keys[] = "hjklyubn";
    int head = 0, tail = 0, w = game.map->grid.w, h = game.map->grid.h, goal = -1, i;
    char path[4096];
    int n = 0;
    if (want(game.x, game.y, arg))
        return 1;
    for (i = 0; i < BW_GRID_CELLS; i++)
        from[i] = -1;
    queue[tail++] = (uint16_t)(game.y * BW_GRID_MAX + game.x);
    from[game.y * BW_GRID_MAX + game.x] = 8;
    while (head < tail) {
        int c = queue[head++], x = c % BW_GRID_MAX, y = c / BW_GRID_MAX, d;
        if (want(x, y, arg)) {
            goal = c;
            break;
        }
        for (d = 0; d < 8; d++) {
            int nx = x + dx[d], ny = y + dy[d], k = ny * BW_GRID_MAX + nx;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || from[k] >= 0 ||
                bw_tile_cost(BW_AT(&game.map->grid, nx, ny)) == 0)
                continue;
            from[k] = (int16_t)d;
            queue[tail++] = (uint16_t)k;
        }
    }
    if (goal < 0)
        return -1;
    while (from[goal] != 8 && n < (int)sizeof path) {
        int d = from[goal];
        path[n++] = keys[d];
        goal = (goal / BW_GRID_MAX - dy[d]) * BW_GRID_MAX + goal % BW_GRID_MAX - dx[d];
    }
    if (n > 0)
        type(path[n - 1], 0);
    return 0;
}

/* Walks there a step at a time, planning again after each step: in the
 * Abyss the way may change under the player. */
static int walk_to(int (*want)(int x, int y, int arg), int arg)
{
    int k, r = 0;
    for (k = 0; k < 4000 && (r = step_to(want, arg)) == 0; k++)
        ;
    return r == 1 ? 0 : -1;
}

static int links(int x, int y, int dir)
{
    return bw_tile_link(BW_AT(&game.map->grid, x, y)) == dir;
}

static int is_tile(int x, int y, int t)
{
    return BW_AT(&game.map->grid, x, y) == t;
}

static int gate_on(int x, int y, int side)
{
    int w = game.map->grid.w, h = game.map->grid.h;
    if (BW_AT(&game.map->grid, x, y) != BW_T_OW_GATE)
        return 0;
    return side == 0 ? y == 0 : side == 1 ? x == w - 1 : side == 2 ? y == h - 1 : x == 0;
}

/* ---- cover ---- */

static play_memory scan_mem;
/* need[level][tile][d]: the tile on that level climbs that way to a level
 * that exists */
static unsigned char need[COVER_LEVELS + 1][BW_TILE_COUNT][2];

static int climbs(int level, int t, int d)
{
    int dir = d == 0 ? 1 : -1;
    return play_takes_link(game.gen, t, dir) && level + dir >= 1 && level + dir <= game.gen->levels &&
           level + dir <= COVER_LEVELS;
}

/* The links on levels 1-5 of seed: into need (seed 0 and up: into
 * elsewhere[0], the links test_play also looks for on seeds 0-9). */
static unsigned char elsewhere[1][BW_TILE_COUNT][2];

static void scan_links(uint32_t seed, unsigned char (*into)[BW_TILE_COUNT][2], int by_level)
{
    bw_map *m = &scan_mem.map;
    int level, x, y, d;
    for (level = 1; level <= game.gen->levels && level <= COVER_LEVELS; level++) {
        if (game.gen->generate(m, seed, level, &game.opts) != 0)
            continue;
        for (y = 0; y < m->grid.h; y++)
            for (x = 0; x < m->grid.w; x++)
                for (d = 0; d < 2; d++)
                    if (climbs(level, BW_AT(&m->grid, x, y), d))
                        into[by_level ? level : 0][BW_AT(&m->grid, x, y)][d] = 1;
    }
}

/* Links the generator makes on seeds 0-9 (as test_play looks) that the
 * plan has not taken: most likely not made on this seed at all. */
static void warn_elsewhere(void)
{
    uint32_t s;
    int t, d;
    for (s = 0; s < 10; s++)
        scan_links(s, elsewhere, 0);
    for (t = 0; t < BW_TILE_COUNT; t++)
        for (d = 0; d < 2; d++)
            if (elsewhere[0][t][d] && !taken[t][d])
                fprintf(stderr, "play-route: warning: %s makes %s (%c) on seeds 0-9 but the plan never takes it: "
                        "choose another seed (test_play will fail)\n", game.gen->name, bw_tiles[t].name, d ? '<' : '>');
}

/* A link still to take, needed on level `level`: its direction d + 1, or 0. */
static int wanted(int level, int t)
{
    int d;
    for (d = 0; d < 2; d++)
        if (need[level][t][d] && !taken[t][d] && climbs(level, t, d))
            return d + 1;
    return 0;
}

static int wanted_left(int level)
{
    int t;
    for (t = 0; t < BW_TILE_COUNT; t++)
        if (wanted(level, t))
            return 1;
    return 0;
}

static int wanted_here(int x, int y, int unused)
{
    (void)unused;
    return wanted(game.level, BW_AT(&game.map->grid, x, y)) != 0;
}

static int climbs_here(int x, int y, int d)
{
    return climbs(game.level, BW_AT(&game.map->grid, x, y), d);
}

static int cover(void)
{
    int k, level, best, d;
    if (game.gen->id == BW_GEN_OVERWORLD) {
        for (k = 0; k < 4; k++)
            if (!sides[k]) {
                int wx = game.opts.x, wy = game.opts.y;
                if (walk_to(gate_on, k) != 0)
                    return -1;
                type("kljh"[k], 0);
                if (game.opts.x == wx && game.opts.y == wy)
                    return -1;
                type('\n', 0);
            }
        return 0;
    }
    scan_links(game.seed, need, 1);
    for (k = 0; k < 64; k++) {
        /* one still to take on this level, the nearest */
        if (walk_to(wanted_here, 0) == 0) {
            d = wanted(game.level, BW_AT(&game.map->grid, game.x, game.y)) - 1;
            type(d == 0 ? '>' : '<', 0);
            type('\n', 0);
            continue;
        }
        /* else a level towards the nearest level that has one */
        best = 0;
        for (level = 1; level <= game.gen->levels && level <= COVER_LEVELS; level++)
            if (level != game.level && wanted_left(level) &&
                (!best || abs(level - game.level) < abs(best - game.level)))
                best = level;
        if (!best) { /* done, unless one is left here out of reach */
            warn_elsewhere();
            return wanted_left(game.level) ? -1 : 0;
        }
        d = best > game.level ? 0 : 1;
        level = game.level;
        if (walk_to(climbs_here, d) != 0)
            return -1;
        type(d == 0 ? '>' : '<', 0);
        type('\n', 0);
        if (game.level == level)
            return -1;
    }
    return -1;
}

int main(int argc, char **argv)
{
    const bw_generator *gen;
    bw_opts o;
    int i, level;
    memset(&o, 0, sizeof o);
    if (argc < 4 || !(gen = bw_generator_find(argv[1]))) {
        fprintf(stderr, "usage: play-route GEN SEED LEVEL [options] -- PLAN...\n");
        return 2;
    }
    level = atoi(argv[3]);
    for (i = 4; i < argc && strcmp(argv[i], "--"); i += 2) {
        if (i + 1 >= argc)
            return 2;
        if (!strcmp(argv[i], "--layout")) o.layout = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--x")) o.x = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--y")) o.y = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--every")) game.abyss_every = atoi(argv[i + 1]);
    }
    game.cols = 80;
    game.rows = 24;
    if (play_start(&game, &mem, &seen, gen, (uint32_t)strtoul(argv[2], 0, 10), &o, level) != 0)
        return 2;
    for (i++; i < argc; i++) {
        const char *p = argv[i];
        int ok = 0;
        if (!strcmp(p, "down") || !strcmp(p, "up")) {
            int dir = p[0] == 'd' ? -1 : 1, before = game.level;
            /* already on a link: climb it; else walk to one */
            ok = walk_to(links, dir) == 0;
            if (ok) {
                type(dir < 0 ? '>' : '<', 0);
                ok = game.level != before;
            }
        } else if (!strcmp(p, "trunk")) {
            ok = walk_to(is_tile, BW_T_TRUNK) == 0;
        } else if (!strcmp(p, "gate") && i + 1 < argc) {
            int side = (int)(strchr("NESW", argv[++i][0]) - "NESW");
            ok = walk_to(gate_on, side) == 0;
            if (ok) {
                int wx = game.opts.x, wy = game.opts.y;
                type(side == 0 ? 'k' : side == 1 ? 'l' : side == 2 ? 'j' : 'h', 0);
                ok = game.opts.x != wx || game.opts.y != wy;
            }
        } else if (!strcmp(p, "fly") && i + 2 < argc) {
            type(':', 0);
            type(0, "f ");
            type(0, argv[i + 1]);
            type(' ', 0);
            type(0, argv[i + 2]);
            type('\n', 0);
            i += 2;
            ok = 1;
        } else if ((!strcmp(p, "wait") || !strcmp(p, "walk")) && i + 1 < argc) {
            int n = atoi(argv[++i]), k;
            for (k = 0; k < n; k++)
                type(p[1] == 'a' && p[2] == 'i' ? '.' : "lljjhhkk"[k % 8], 0);
            ok = 1;
        } else if (!strcmp(p, "cover")) {
            ok = cover() == 0;
        } else if (!strcmp(p, "keys") && i + 1 < argc) {
            type(0, argv[++i]);
            ok = 1;
        }
        if (!ok) {
            fprintf(stderr, "play-route: step %s failed at level %d (%d,%d)\n", p, game.level, game.x, game.y);
            return 1;
        }
        type('\n', 0); /* one step a line: the scripts stay readable */
    }
    type('q', 0);
    fwrite(script, 1, len, stdout);
    fprintf(stderr, "play-route: level %d, %lu level changes, %lu turns\n", game.level,
            (unsigned long)game.level_changes, (unsigned long)game.turn);
    return 0;
}
