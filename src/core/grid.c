#include "burrow/grid.h"

/* A size outside 1..BW_GRID_MAX is clamped, so no caller can make the
 * grid's own loops run past cell[]. */
void bw_grid_init(bw_grid *g, int w, int h, uint8_t tile)
{
    g->w = (uint8_t)(w < 1 ? 1 : w > BW_GRID_MAX ? BW_GRID_MAX : w);
    g->h = (uint8_t)(h < 1 ? 1 : h > BW_GRID_ROWS ? BW_GRID_ROWS : h);
    bw_grid_rect(g, 0, 0, g->w - 1, g->h - 1, tile); /* bw_grid_fill, not linked for it */
}

void bw_grid_fill(bw_grid *g, uint8_t tile)
{
    bw_grid_rect(g, 0, 0, g->w - 1, g->h - 1, tile);
}

int bw_grid_in(const bw_grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h;
}

uint8_t bw_grid_get(const bw_grid *g, int x, int y, uint8_t outside)
{
    return bw_grid_in(g, x, y) ? BW_AT(g, x, y) : outside;
}

void bw_grid_set(bw_grid *g, int x, int y, uint8_t tile)
{
    if (bw_grid_in(g, x, y))
        BW_AT(g, x, y) = tile;
}

/* Rows are filled a word at a time where the compiler lets a word alias
 * the bytes (GCC and clang: may_alias), a byte at a time elsewhere: the
 * map's clear and every area's fill are most of some levels' stores. */
#if defined(__GNUC__)
typedef uint32_t __attribute__((may_alias)) bw_word_alias;
#endif

static void fill_row(uint8_t *p, int n, uint8_t tile)
{
#if defined(__GNUC__)
    uint32_t w = tile * 0x01010101u;
    int k;
    for (; n > 0 && ((uintptr_t)p & 3u) != 0; n--) /* bytes up to a word */
        *p++ = tile;
    for (k = n >> 2; k > 0; k--, p += 4) /* a word a turn */
        *(bw_word_alias *)(void *)p = w;
    n &= 3;
#endif
    for (; n > 0; n--) /* the bytes after the last word (or every byte) */
        *p++ = tile;
}

int bw_grid_span_replace(bw_grid *g, int x0, int x1, int y, uint8_t from, uint8_t to)
{
    uint8_t *p;
    int x, n = 0;
    /* clipped once a span, not a cell: the row loops below stay unchecked,
     * and x + 3 cannot overflow with 0 <= x0 <= x1 < w */
    if (y < 0 || y >= g->h)
        return 0;
    if (x0 < 0) x0 = 0;
    if (x1 >= g->w) x1 = g->w - 1;
    if (x0 > x1)
        return 0;
    p = &BW_AT(g, 0, y);
    x = x0;
#if BW_FAST
    const uint32_t f4 = from * 0x01010101u, t4 = to * 0x01010101u; /* config.h: the small build only has the byte loop after it */
    for (; x <= x1 && (x & 3); x++)
        if (p[x] == from) {
            p[x] = to;
            n++;
        }
    /* four cells a word: the bytes equal to `from` found without carries
     * between bytes (their top bits in z), then masked in */
    for (; x + 3 <= x1; x += 4) {
        uint8_t *q = p + x;
        uint32_t v = bw_load4(q), e = v ^ f4, z, m;
        z = ~(((e & 0x7f7f7f7fu) + 0x7f7f7f7fu) | e) & 0x80808080u;
        if (!z)
            continue;
        m = (z >> 7) * 0xffu;
        v = (v & ~m) | (t4 & m);
        bw_store4(q, v);
        n += (int)(((z >> 7) * 0x01010101u) >> 24);
    }
#endif
    for (; x <= x1; x++)
        if (p[x] == from) {
            p[x] = to;
            n++;
        }
    return n;
}

void bw_grid_rect(bw_grid *g, int x0, int y0, int x1, int y1, uint8_t tile)
{
    int y, n;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 >= g->w) x1 = g->w - 1;
    if (y1 >= g->h) y1 = g->h - 1;
    /* Empty once clipped: the width is worked out only after this, from
     * 0 <= x0 <= x1 < w, as x1 - x0 + 1 of an unclipped x1 = INT_MIN
     * overflows (and was a fill of about 2 GB past the grid). */
    if (x0 > x1 || y0 > y1)
        return;
    n = x1 - x0 + 1;
    for (y = y0; y <= y1; y++)
        fill_row(&BW_AT(g, x0, y), n, tile);
}

int bw_grid_rect_in(const bw_grid *g, int x0, int y0, int x1, int y1, const bw_tileset *ts)
{
    const uint8_t *c;
    int x;
    if (x0 < 0 || y0 < 0 || x1 >= g->w || y1 >= g->h)
        return 0;
    for (c = &BW_AT(g, x0, y0); y0 <= y1; y0++, c += BW_GRID_MAX) /* row by row */
        for (x = 0; x <= x1 - x0; x++)
            if (!BW_TILESET_HAS(ts, c[x]))
                return 0;
    return 1;
}

int bw_grid_count(const bw_grid *g, uint8_t tile)
{
    int x, y, n = 0;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            n += BW_AT(g, x, y) == tile;
    return n;
}

uint32_t bw_grid_fnv1a(uint32_t h, const uint8_t *p, int n)
{
    while (n-- > 0) {
        h ^= *p++;
        h *= 16777619u;
    }
    return h;
}

uint32_t bw_grid_hash(const bw_grid *g)
{
    uint32_t h = BW_GRID_FNV1A_INIT;
    int y;
    for (y = 0; y < g->h; y++)
        h = bw_grid_fnv1a(h, &BW_AT(g, 0, y), g->w);
    return h;
}
