#include "burrow/tile.h"

/* Every tile id is its own slot (tile.h): a compile error here if the list
 * outgrows the 64 slots a cell's byte is read through. */
BW_STATIC_ASSERT(BW_TILE_COUNT <= BW_TILE_SLOTS, tile_count_fits_the_slots);

const bw_tile_info bw_tiles[BW_TILE_COUNT] = {
#define BW_TILE_ROW(id, name, glyph, colour, flags, cost) { name, glyph, colour, flags, cost },
    BW_TILE_LIST(BW_TILE_ROW)
#undef BW_TILE_ROW
};

const uint8_t bw_tile_flags[BW_TILE_SLOTS] = {
#define BW_TILE_FLAGS_ROW(id, name, glyph, colour, flags, cost) flags,
    BW_TILE_LIST(BW_TILE_FLAGS_ROW)
#undef BW_TILE_FLAGS_ROW
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

/* Appends v in decimal at buf + n; returns the new length. */
static int put_dec(char *buf, int n, unsigned v)
{
    char t[4];
    int k = 0;
    do {
        t[k++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v);
    while (k)
        buf[n++] = t[--k];
    return n;
}

int bw_colour_sgr(uint32_t colour, char *buf)
{
    unsigned fg = BW_COLOUR_FG(colour), bg = BW_COLOUR_BG(colour);
    int n = 0;
    if (fg >= 0x100u) { /* a colour of the 256-colour palette */
        buf[n++] = '3', buf[n++] = '8', buf[n++] = ';', buf[n++] = '5', buf[n++] = ';';
        fg &= 0xffu;
    }
    n = put_dec(buf, n, fg);
    if (bg) {
        buf[n++] = ';';
        n = put_dec(buf, n, bg);
    }
    buf[n] = 0;
    return n;
}
