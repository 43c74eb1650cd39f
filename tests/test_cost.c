/* Movement cost: the tile table's movement cost
 * (bw_tile_cost) against the connectivity every generator promises. A
 * player crosses rubble, stalactites, stalagmites, boulders, pillars,
 * coffins, sarcophagi and watchtowers by climbing or digging, at a cost,
 * so every cell of a connected region is reachable at a finite cost.
 * Reads the finished grid and the tile table only. */
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;
static bw_grid *const g = &arena.map.grid;

/* The tiles a walker can enter: movement cost above 0. */
static void walk_set(bw_tileset *ts)
{
    int t;
    bw_tileset_clear(ts);
    for (t = 0; t < BW_TILE_COUNT; t++)
        if (bw_tile_cost(t) > 0)
            bw_tileset_add(ts, t);
}

/* The table itself: a cost on every tile that connects and on no other;
 * plain floor costs 1, the climbed and dug tiles and lichen more. */
static void play_cost_nonzero_exactly_where_tiles_connect(void)
{
    int t;
    for (t = 0; t < BW_TILE_COUNT; t++) {
        t_seed((uint32_t)t);
        CHECK((bw_tile_cost(t) > 0) == bw_tile_connects(t));
        CHECK(!bw_tile_passable(t) || bw_tile_cost(t) >= 1);
    }
    CHECK(bw_tile_cost(BW_T_STONE) == 1 && bw_tile_cost(BW_T_DIRT) == 1);
    CHECK(bw_tile_cost(BW_T_LICHEN) > bw_tile_cost(BW_T_STONE)); /* PUT_LICHEN */
    CHECK(bw_tile_cost(BW_T_RUBBLE) > 1 && bw_tile_cost(BW_T_BOULDER) > 1);
    CHECK(bw_tile_cost(BW_T_DEEP) == 0 && bw_tile_cost(BW_T_ROCK) == 0);
}

/* A player stranded: 1 + the regions (4-connected, of tiles that connect,
 * holding a cell one can enter) minus the regions a walker covers, plus
 * the cells that connect and cannot be entered; 0 when every cell of every
 * connected region is reachable at a finite cost from any other. m->a
 * holds the walker's regions, m->b the connected ones. */
static int stranded(void)
{
    bw_tileset conn, walk;
    int x, y, regions = 0, walks = 0, lost = 0;
    bw_tileset_from_flags(&conn, BW_CONNECTS);
    walk_set(&walk);
    bw_plane_clear(&m->a);
    bw_plane_clear(&m->b);
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++) {
            uint8_t t = BW_AT(g, x, y);
            if (!BW_TILESET_HAS(&walk, t)) {
                lost += BW_TILESET_HAS(&conn, t) != 0;
                continue;
            }
            if (!BW_PGET(&m->b, x, y) && BW_TILESET_HAS(&conn, t)) {
                bw_fill_flood(&m->fill, g, &conn, &m->b, x, y);
                regions++;
            }
            if (!BW_PGET(&m->a, x, y)) {
                bw_fill_flood(&m->fill, g, &walk, &m->a, x, y);
                walks++;
            }
        }
    return walks - regions + lost;
}

/* Floors of mdungeon looked at, each with all 11 layouts. */
static const uint8_t md_floors[] = { 1, 10, 50, 99 };

/* World rule 3 (docs/tiles.md), where a tile that connects is open for
 * connectivity, read as "passable": on every level of every generator
 * (all 11 mdungeon layouts on floors 1, 10, 50, 99), over SEEDS(300)
 * seeds, no cell of a connected region is out of a walker's reach. */
static void play_every_connected_cell_reachable_at_finite_cost(void)
{
    uint32_t s, n = SEEDS(300);
    int gi;
    for (gi = 0; gi < bw_generator_count; gi++) {
        const bw_generator *gn = &bw_generators[gi];
        uint32_t bad = 0, maps = 0;
        FOR_SEEDS_N(s, n) {
            bw_opts o;
            int lv, lay, f;
            o.layout = 0;
            o.x = (int)(s % 7) - 3;
            o.y = (int)(s / 7 % 7) - 3;
            o.design = 0;
            t_seed(s);
            if (gn->id == BW_GEN_MDUNGEON) {
                for (lay = 1; lay <= 11; lay++)
                    for (f = 0; f < (int)sizeof md_floors; f++) {
                        o.layout = lay;
                        CHECK(gn->generate(m, s, md_floors[f], &o) == 0);
                        bad += stranded() != 0;
                        maps++;
                    }
                continue;
            }
            for (lv = 1; lv <= gn->levels; lv++) {
                CHECK(gn->generate(m, s, lv, &o) == 0);
                bad += stranded() != 0;
                maps++;
            }
        }
        {
            char name[40] = "play_stranded_maps_";
            int i = 0;
            while (gn->name[i] && i < 16) {
                name[19 + i] = gn->name[i];
                i++;
            }
            name[19 + i] = 0;
            t_info(name, bad);
        }
        CHECK(maps > 0 && bad == 0);
    }
}

void suite_cost(void)
{
    RUN(play_cost_nonzero_exactly_where_tiles_connect);
    RUN(play_every_connected_cell_reachable_at_finite_cost);
}
