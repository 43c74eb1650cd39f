#include "burrow/tile.h"

/* A bw_tileset holds 128 tile ids: a compile error here if the list outgrows it. */
BW_STATIC_ASSERT(BW_TILE_COUNT <= 128, tile_count_fits_tileset);

const bw_tile_info bw_tiles[BW_TILE_COUNT] = {
#define BW_TILE_ROW(id, name, glyph, colour, flags, cost) { name, glyph, colour, flags, cost },
    BW_TILE_LIST(BW_TILE_ROW)
#undef BW_TILE_ROW
};

const uint8_t bw_tile_flags[BW_TILE_COUNT] = {
#define BW_TILE_FLAGS(id, name, glyph, colour, flags, cost) flags,
    BW_TILE_LIST(BW_TILE_FLAGS)
#undef BW_TILE_FLAGS
};

void bw_tileset_clear(bw_tileset *ts)
{
    ts->w[0] = ts->w[1] = ts->w[2] = ts->w[3] = 0;
}

/* 1 for an id of the table. One unsigned compare: -1 is far past the end. */
static int known(int tile)
{
    return (unsigned)tile < (unsigned)BW_TILE_COUNT;
}

void bw_tileset_add(bw_tileset *ts, int tile)
{
    if (known(tile))
        ts->w[tile >> 5] |= 1u << (tile & 31);
}

void bw_tileset_from_flags(bw_tileset *ts, unsigned flags)
{
    int t;
    bw_tileset_clear(ts);
    for (t = 0; t < BW_TILE_COUNT; t++)
        if ((bw_tile_flags[t] & flags) == flags)
            bw_tileset_add(ts, t);
}

/* bw_tile_cost is nonzero exactly where the tile connects: a compile-time
 * check is not possible over a table, so tests/test_play.c checks it. */
int bw_tile_cost(int tile) { return known(tile) ? bw_tiles[tile].cost : 0; }
int bw_tile_connects(int tile) { return known(tile) && (bw_tile_flags[tile] & BW_CONNECTS) != 0; }
int bw_tile_passable(int tile) { return known(tile) && (bw_tile_flags[tile] & BW_PASS) != 0; }

int bw_tile_link(int tile)
{
    unsigned f = known(tile) ? bw_tile_flags[tile] : 0u;
    return (f & BW_UP) ? 1 : (f & BW_DOWN) ? -1 : 0;
}
