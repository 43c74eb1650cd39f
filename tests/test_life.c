/* The core's Game of Life (docs/blocks.md): the classic and fecund rules,
 * the 4-5 cave rule, kept tiles and slopes. */
#include "check.h"
#include "arena.h"
#include "ground.h"

static bw_map *const m = &arena.map;

/* Soup of life tiles, other floor, kept tiles and slopes. */
static const uint8_t life_pal[] = {
    BW_T_ROCK, BW_T_ROCK, BW_T_ROCK, BW_T_DIRT, BW_T_DIRT, BW_T_LAVA,
    BW_T_UP_SLOPE, BW_T_DOWN_SLOPE, BW_T_STONE
};

#define LIFE_W 37
#define LIFE_H 29

/* Reference Game of Life on the ground, straight from the rule text: count
 * the 8 neighbours that are the life tile (off-map ones live if edge_alive),
 * then apply survive/birth; kept tiles and slopes stay. */
static uint8_t life_ref(uint32_t s, const bw_life *l, bw_rect reg, int x, int y)
{
    uint8_t t = t_ground(s, x, y, life_pal, NPAL(life_pal));
    int d, n = 0, alive, next;
    if (!bw_rect_contains(reg, x, y) || BW_TILESET_HAS(&l->keep, t) ||
        t == BW_T_UP_SLOPE || t == BW_T_DOWN_SLOPE)
        return t;
    for (d = 0; d < 8; d++) {
        int xx = x + bw_dx8[d], yy = y + bw_dy8[d];
        if (xx < 0 || yy < 0 || xx >= LIFE_W || yy >= LIFE_H)
            n += l->edge_alive;
        else
            n += t_ground(s, xx, yy, life_pal, NPAL(life_pal)) == l->life;
    }
    alive = t == l->life;
    next = alive ? n >= l->survive_min && n <= l->survive_max
                 : n >= l->birth_min && n <= l->birth_max;
    if (next == alive)
        return t;
    return next ? l->life : l->dead;
}

static void life_matches_rule(int fecund)
{
    bw_life l;
    int s, x, y, deaths = 0, births = 0;
    FOR_SEEDS(s, 300) {
        bw_rect reg;
        bw_rng r;
        t_seed((uint32_t)s);
        if (fecund)
            bw_life_fecund(&l, BW_T_ROCK, BW_T_CRUMBLE_DIRT);
        else
            bw_life_classic(&l, BW_T_ROCK, BW_T_CRUMBLE_DIRT);
        l.edge_alive = (uint8_t)(s & 1);
        if (s & 2)
            bw_tileset_add(&l.keep, BW_T_LAVA);
        t_lay_ground((uint32_t)s, LIFE_W, LIFE_H, life_pal, NPAL(life_pal));
        t_seed_rng(&r, (uint32_t)s);
        reg = t_rand_rect(&r, -3, 20, -3, 15, 10, LIFE_W + 3, 10, LIFE_H + 3);
        bw_life_run(&m->grid, &l, 1, reg.x0, reg.y0, reg.x1, reg.y1, &m->a);
        for (y = 0; y < LIFE_H; y++)
            for (x = 0; x < LIFE_W; x++) {
                uint8_t want = life_ref((uint32_t)s, &l, reg, x, y), now = BW_AT(&m->grid, x, y);
                uint8_t was = t_ground((uint32_t)s, x, y, life_pal, NPAL(life_pal));
                CHECK(now == want);
                deaths += was == l.life && now == l.dead;
                births += was != l.life && now == l.life;
            }
    }
    CHECK(deaths > 0 && births > 0);
}

static void life_classic_2_3_survive_3_birth(void) { life_matches_rule(0); }
static void life_fecund_1_5_survive_2_4_birth(void) { life_matches_rule(1); }

static void life_blinker_and_block(void)
{
    bw_life l;
    int y;
    bw_life_classic(&l, BW_T_ROCK, BW_T_DIRT);
    CHECK(l.survive_min == 2 && l.survive_max == 3 && l.birth_min == 3 && l.birth_max == 3);
    bw_map_init(m, 20, 20, BW_T_DIRT);
    bw_grid_rect(&m->grid, 4, 5, 6, 5, BW_T_ROCK);     /* blinker */
    bw_grid_rect(&m->grid, 12, 12, 13, 13, BW_T_ROCK); /* block */
    CHECK(bw_life_run(&m->grid, &l, 1, 0, 0, 19, 19, &m->a) == 4);
    for (y = 3; y <= 7; y++)
        CHECK((BW_AT(&m->grid, 5, y) == BW_T_ROCK) == (y >= 4 && y <= 6));
    CHECK(BW_AT(&m->grid, 4, 5) == BW_T_DIRT && BW_AT(&m->grid, 6, 5) == BW_T_DIRT);
    bw_life_run(&m->grid, &l, 1, 0, 0, 19, 19, &m->a);
    CHECK(BW_AT(&m->grid, 4, 5) == BW_T_ROCK && BW_AT(&m->grid, 6, 5) == BW_T_ROCK &&
          BW_AT(&m->grid, 5, 4) == BW_T_DIRT);
    CHECK(bw_grid_count(&m->grid, BW_T_ROCK) == 3 + 4);
    CHECK(BW_AT(&m->grid, 12, 12) == BW_T_ROCK && BW_AT(&m->grid, 13, 13) == BW_T_ROCK);
    /* fecund: a lone pair grows (dead cells with 2 neighbours come alive) */
    bw_life_fecund(&l, BW_T_ROCK, BW_T_DIRT);
    bw_map_init(m, 20, 20, BW_T_DIRT);
    bw_grid_rect(&m->grid, 8, 8, 9, 8, BW_T_ROCK);
    bw_life_run(&m->grid, &l, 1, 0, 0, 19, 19, &m->a);
    CHECK(bw_grid_count(&m->grid, BW_T_ROCK) == 2 + 4);
}

/* bw_life_cave is bw_life_run with the 4-5 cave rule and edge_alive set,
 * cell for cell: maps of every width (one to four words a row, the last
 * one partial), regions cut by the map's edge, 1-7 generations (passes of
 * up to 3), walls of 25-75%; on every fourth map the open cells round the
 * region are dirt, which must read as open too. */
static void cave_ground(uint32_t s, int w, int h, bw_rect reg)
{
    static const uint8_t pal[3][4] = {
        { BW_T_ROCK, BW_T_STONE, BW_T_STONE, BW_T_STONE },
        { BW_T_ROCK, BW_T_ROCK, BW_T_STONE, BW_T_STONE },
        { BW_T_ROCK, BW_T_ROCK, BW_T_ROCK, BW_T_STONE },
    };
    int x, y;
    t_lay_ground(s, w, h, pal[s % 3], 4);
    if ((s & 3) == 3)
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                if (!bw_rect_contains(reg, x, y) && BW_AT(&m->grid, x, y) == BW_T_STONE)
                    BW_AT(&m->grid, x, y) = BW_T_DIRT;
}

static void life_cave_rule_equals_life_run(void)
{
    bw_life l;
    int s, changed = 0;
    bw_life_classic(&l, BW_T_ROCK, BW_T_STONE);
    l.survive_min = 4;
    l.survive_max = 8;
    l.birth_min = 5;
    l.birth_max = 8;
    l.edge_alive = 1;
    FOR_SEEDS(s, 300) {
        bw_rng r;
        bw_rect reg;
        uint32_t before, want;
        int w, h, gens;
        t_seed((uint32_t)s);
        t_seed_rng(&r, (uint32_t)s);
        w = bw_rng_range(&r, 3, BW_GRID_MAX);
        h = bw_rng_range(&r, 3, 40);
        gens = bw_rng_range(&r, 1, 7);
        reg = t_rand_rect(&r, -3, w - 1, -3, h - 1, 1, w + 3, 1, h + 3);
        cave_ground((uint32_t)s, w, h, reg);
        before = bw_grid_hash(&m->grid);
        bw_life_run(&m->grid, &l, gens, reg.x0, reg.y0, reg.x1, reg.y1, &m->a);
        want = bw_grid_hash(&m->grid);
        changed += want != before;
        cave_ground((uint32_t)s, w, h, reg);
        bw_life_cave(&m->grid, gens, reg.x0, reg.y0, reg.x1, reg.y1, BW_T_ROCK, BW_T_STONE);
        CHECK(bw_grid_hash(&m->grid) == want);
    }
    CHECK(changed > SEEDS(300) / 2);
}

/* bw_cave_rule, bit for bit, against a count of the 8 neighbour flags:
 * a wall bit stays wall with 4 or more wall neighbours, an open one
 * becomes wall with 5 or more. Random words of every density (a word
 * ANDed or ORed with more draws), so that every count 0-8 comes up. */
static void life_cave_rule_counts_8_neighbours(void)
{
    int s, k, j, seen[9] = { 0 };
    FOR_SEEDS(s, 2000) {
        bw_rng r;
        uint32_t nb[9], got;
        t_seed_rng(&r, (uint32_t)s);
        for (j = 0; j < 9; j++) {
            int mix = (int)bw_rng_below(&r, 3);
            nb[j] = bw_rng_next(&r);
            if (mix == 1)
                nb[j] &= bw_rng_next(&r);
            else if (mix == 2)
                nb[j] |= bw_rng_next(&r);
        }
        /* nb[4] is the cell itself, the rest its neighbours */
        got = bw_cave_rule(nb[0], nb[1], nb[2], nb[3], nb[4], nb[5], nb[6], nb[7], nb[8]);
        for (k = 0; k < 32; k++) {
            int count = 0, wall = (int)(nb[4] >> k & 1u);
            for (j = 0; j < 9; j++)
                count += j != 4 && (nb[j] >> k & 1u);
            seen[count]++;
            CHECK((int)(got >> k & 1u) == (count >= (wall ? 4 : 5)));
        }
    }
    for (k = 0; k <= 8; k++)
        CHECK(seen[k] > 0);
}

/* Many generations: kept tiles and both slopes are never replaced, and
 * every cell is the life tile, the dead tile or what it was. */
static void life_keep_and_slopes_never_replaced(void)
{
    bw_life l;
    int s, x, y;
    FOR_SEEDS(s, 200) {
        t_seed((uint32_t)s);
        bw_life_fecund(&l, BW_T_ROCK, BW_T_CRUMBLE_DIRT);
        bw_tileset_add(&l.keep, BW_T_LAVA);
        bw_tileset_add(&l.keep, BW_T_STONE);
        t_lay_ground((uint32_t)s, LIFE_W, LIFE_H, life_pal, NPAL(life_pal));
        bw_life_run(&m->grid, &l, 5, 0, 0, LIFE_W - 1, LIFE_H - 1, &m->a);
        for (y = 0; y < LIFE_H; y++)
            for (x = 0; x < LIFE_W; x++) {
                uint8_t was = t_ground((uint32_t)s, x, y, life_pal, NPAL(life_pal));
                uint8_t now = BW_AT(&m->grid, x, y);
                if (was == BW_T_LAVA || was == BW_T_STONE || was == BW_T_UP_SLOPE ||
                    was == BW_T_DOWN_SLOPE)
                    CHECK(now == was);
                else
                    CHECK(now == was || now == BW_T_ROCK || now == BW_T_CRUMBLE_DIRT);
            }
    }
}

static void life_golden(void)
{
    bw_life l;
    bw_life_fecund(&l, BW_T_ROCK, BW_T_CRUMBLE_DIRT);
    t_lay_ground(123u, LIFE_W, LIFE_H, life_pal, NPAL(life_pal));
    bw_life_run(&m->grid, &l, 4, 0, 0, LIFE_W - 1, LIFE_H - 1, &m->a);
    t_golden("life_fecund_123", bw_grid_hash(&m->grid), 0x6eb6036bu);
}

void suite_life(void)
{
    RUN(life_classic_2_3_survive_3_birth);
    RUN(life_fecund_1_5_survive_2_4_birth);
    RUN(life_blinker_and_block);
    RUN(life_keep_and_slopes_never_replaced);
    RUN(life_cave_rule_equals_life_run);
    RUN(life_cave_rule_counts_8_neighbours);
    RUN(life_golden);
}
