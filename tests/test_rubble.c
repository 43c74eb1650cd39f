/* PUT_RUBBLE and PUT_LICHEN (docs/blocks.md): one patch of 4-8 chunks
 * round a START, checked against the written rules over many seeds. */
#include "check.h"
#include "arena.h"
#include "ground.h"

static bw_map *const m = &arena.map;

/* Mostly floor, with every kind of tile rubble must spare. */
static const uint8_t rubble_pal[] = {
    BW_T_DIRT, BW_T_DIRT, BW_T_DIRT, BW_T_STONE, BW_T_STONE, BW_T_WOOD,
    BW_T_ROCK, BW_T_BWALL, BW_T_DOOR, BW_T_BROKEN_WALL, BW_T_CRUMBLE_WALL,
    BW_T_PIT, BW_T_UP_SLOPE, BW_T_DOWN_SLOPE, BW_T_DEEP, BW_T_SHALLOW,
    BW_T_LICHEN, BW_T_WATCHTOWER
};

/* A patch with a random START anywhere on the map, edges included. */
static void rubble_patch(uint32_t s, const bw_rubble_params *p, bw_rubble_log *log,
                         int *changed)
{
    bw_rng r;
    t_lay_ground(s, RUB_W, RUB_H, rubble_pal, NPAL(rubble_pal));
    t_seed_rng(&r, s);
    *changed = bw_rubble_put_at(&m->grid, &r, p, (int)(s * 7u % RUB_W),
                                (int)(s * 13u % RUB_H), log);
}

static void rubble_4_to_8_chunks(void)
{
    bw_rubble_params p;
    bw_rubble_log log;
    int seen[9] = { 0 }, s, k, changed;
    bw_rubble_defaults(&p);
    FOR_SEEDS(s, 500) {
        t_seed((uint32_t)s);
        rubble_patch((uint32_t)s, &p, &log, &changed);
        CHECK(log.n >= 4 && log.n <= 8);
        if (log.n <= 8)
            seen[log.n]++;
    }
    /* every count 4..8 turns up (1 in 5 each; 50 seeds on the boards) */
    for (k = 4; k <= 8; k++)
        CHECK(seen[k] > 0);
}

static void rubble_centre_within_5_of_start(void)
{
    bw_rubble_params p;
    bw_rubble_log log;
    int s, i, changed, far = 0;
    bw_rubble_defaults(&p);
    FOR_SEEDS(s, 500) {
        t_seed((uint32_t)s);
        rubble_patch((uint32_t)s, &p, &log, &changed);
        CHECK(log.sx == (int)((uint32_t)s * 7u % RUB_W) && log.sy == (int)((uint32_t)s * 13u % RUB_H));
        for (i = 0; i < log.n; i++) {
            int dx = bw_abs(log.c[i].cx - log.sx), dy = bw_abs(log.c[i].cy - log.sy);
            CHECK(dx <= 5 && dy <= 5);
            CHECK(bw_grid_in(&m->grid, log.c[i].cx, log.c[i].cy));
            far += dx == 5 || dy == 5;
        }
    }
    CHECK(far > 0); /* the bound is reached, not just respected */
}

static void rubble_chunk_is_length_by_width_1_to_4_around_centre(void)
{
    bw_rubble_params p;
    bw_rubble_log log;
    int s, i, changed, seen4 = 0;
    bw_rubble_defaults(&p);
    FOR_SEEDS(s, 500) {
        t_seed((uint32_t)s);
        rubble_patch((uint32_t)s, &p, &log, &changed);
        for (i = 0; i < log.n; i++) {
            const bw_rubble_chunk *c = &log.c[i];
            CHECK(c->len >= 1 && c->len <= 4 && c->wid >= 1 && c->wid <= 4);
            CHECK(bw_rect_w(c->rect) == c->len && bw_rect_h(c->rect) == c->wid);
            CHECK(bw_rect_contains(c->rect, c->cx, c->cy));
            /* CENTER is the middle cell (or next to it for even sides) */
            CHECK(bw_abs(c->rect.x0 + c->rect.x1 - 2 * c->cx) <= 1);
            CHECK(bw_abs(c->rect.y0 + c->rect.y1 - 2 * c->cy) <= 1);
            seen4 += c->len == 4 && c->wid == 4;
        }
    }
    CHECK(seen4 > 0);
}

/* Checks a patch against the ground: a cell changed only if it was one the
 * block may overwrite (may()), lies in a chunk, and became `tile`; every
 * such cell in a chunk did change. */
static void check_patch(uint32_t s, const bw_rubble_log *log, int changed,
                        uint8_t tile, int (*may)(int))
{
    int x, y, i, diff = 0;
    for (y = 0; y < RUB_H; y++)
        for (x = 0; x < RUB_W; x++) {
            uint8_t was = t_ground(s, x, y, rubble_pal, NPAL(rubble_pal));
            uint8_t now = BW_AT(&m->grid, x, y);
            int in = 0;
            for (i = 0; i < log->n; i++)
                in |= bw_rect_contains(log->c[i].rect, x, y);
            if (now != was) {
                diff++;
                CHECK(in && may(was) && now == tile);
            } else if (in && may(was)) {
                CHECK(was == tile);
            }
        }
    CHECK(diff == changed);
}

/* PUT_RUBBLE: only passable tiles are overwritten, so doors and walls
 * survive. */
static int rubble_may(int t)
{
    return bw_tile_passable(t) && t != BW_T_DOOR && t != BW_T_BROKEN_WALL &&
           !t_is_link(t);
}

static void rubble_only_passable_tiles_overwritten(void)
{
    bw_rubble_params p;
    bw_rubble_log log;
    int s, changed, total = 0;
    bw_rubble_defaults(&p);
    FOR_SEEDS(s, 500) {
        t_seed((uint32_t)s);
        rubble_patch((uint32_t)s, &p, &log, &changed);
        check_patch((uint32_t)s, &log, changed, BW_T_RUBBLE, rubble_may);
        total += changed;
    }
    CHECK(total > 0);
}

static void rubble_random_start_patch_lies_around_start(void)
{
    bw_rubble_params p;
    bw_rubble_log log;
    bw_rng r;
    int s, i;
    bw_rubble_defaults(&p);
    FOR_SEEDS(s, 200) {
        t_seed((uint32_t)s);
        t_lay_ground((uint32_t)s, RUB_W, RUB_H, rubble_pal, NPAL(rubble_pal));
        t_seed_rng(&r, (uint32_t)s);
        bw_rubble_put(&m->grid, &r, &p, &log);
        CHECK(bw_grid_in(&m->grid, log.sx, log.sy));
        for (i = 0; i < log.n; i++)
            CHECK(bw_abs(log.c[i].cx - log.sx) <= 5 && bw_abs(log.c[i].cy - log.sy) <= 5);
    }
}

static int lichen_may(int t) { return t == BW_T_STONE; }

static void lichen_only_on_stone_floor(void)
{
    bw_rubble_params p;
    bw_rubble_log log;
    int s, changed, total = 0;
    bw_rubble_lichen_defaults(&p);
    CHECK(p.tile == BW_T_LICHEN && p.chunks_min == 4 && p.chunks_max == 8 &&
          p.reach == 5 && p.size_min == 1 && p.size_max == 4);
    FOR_SEEDS(s, 500) {
        t_seed((uint32_t)s);
        rubble_patch((uint32_t)s, &p, &log, &changed);
        CHECK(log.n >= 4 && log.n <= 8);
        check_patch((uint32_t)s, &log, changed, BW_T_LICHEN, lichen_may);
        total += changed;
    }
    CHECK(total > 0);
}

static void rubble_golden(void)
{
    bw_rubble_params p;
    bw_rubble_log log;
    int changed;
    bw_rubble_defaults(&p);
    rubble_patch(4242u, &p, &log, &changed);
    t_golden("rubble_4242", bw_grid_hash(&m->grid), 0x75868e0eu);
    bw_rubble_lichen_defaults(&p);
    rubble_patch(4243u, &p, &log, &changed);
    t_golden("lichen_4243", bw_grid_hash(&m->grid), 0xb965b49fu);
}

void suite_rubble(void)
{
    RUN(rubble_4_to_8_chunks);
    RUN(rubble_centre_within_5_of_start);
    RUN(rubble_chunk_is_length_by_width_1_to_4_around_centre);
    RUN(rubble_only_passable_tiles_overwritten);
    RUN(rubble_random_start_patch_lies_around_start);
    RUN(lichen_only_on_stone_floor);
    RUN(rubble_golden);
}
