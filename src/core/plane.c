#include "burrow/plane.h"

void bw_plane_clear(bw_plane *p)
{
    int i;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        p->w[i] = 0;
}

void bw_plane_fill(bw_plane *p)
{
    int i;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        p->w[i] = 0xffffffffu;
}

void bw_plane_copy(bw_plane *dst, const bw_plane *src)
{
    int i;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        dst->w[i] = src->w[i];
}

void bw_plane_or(bw_plane *dst, const bw_plane *src)
{
    int i;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        dst->w[i] |= src->w[i];
}

void bw_plane_and(bw_plane *dst, const bw_plane *src)
{
    int i;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        dst->w[i] &= src->w[i];
}

void bw_plane_andnot(bw_plane *dst, const bw_plane *src)
{
    int i;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        dst->w[i] &= ~src->w[i];
}

/* Portable popcount: no __builtin, so the core never needs libgcc's
 * __popcountsi2 on cores without a count instruction. */
int bw_popcount32(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (int)((v * 0x01010101u) >> 24);
}

/* bw_low_bit's table where the core has no count-zeros (plane.h). */
const uint8_t bw_debruijn32[32] = {
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
    31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9
};

int bw_plane_count(const bw_plane *p)
{
    int i, n = 0;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        n += bw_popcount32(p->w[i]);
    return n;
}

/* The mask of bits [lo, hi) that fall in word `wi`. */
static uint32_t span_mask(unsigned wi, unsigned lo, unsigned hi)
{
    unsigned a = wi * 32, b = a + 32;
    uint32_t m = 0xffffffffu;
    if (lo > a) m &= 0xffffffffu << (lo - a);
    if (hi < b) m &= 0xffffffffu >> (b - hi);
    return m;
}

void bw_plane_row_set(bw_plane *p, int y, int on)
{
    unsigned lo = (unsigned)y * BW_GRID_MAX, hi = lo + BW_GRID_MAX, wi;
    BW_ASSERT(y >= 0 && y < BW_GRID_ROWS);
    if ((unsigned)y >= BW_GRID_ROWS)
        return; /* no such row: nothing set */
    for (wi = lo >> 5; wi * 32 < hi; wi++) {
        uint32_t m = span_mask(wi, lo, hi);
        p->w[wi] = on ? (p->w[wi] | m) : (p->w[wi] & ~m);
    }
}

void bw_plane_set_bits(uint32_t *w, unsigned l, unsigned r)
{
    unsigned wl = l >> 5, wr = r >> 5;
    uint32_t m = 0xffffffffu << (l & 31);
    for (; wl < wr; wl++) { /* the words before r's: from l on */
        w[wl] |= m;
        m = 0xffffffffu;
    }
    w[wr] |= m & (0xffffffffu >> (31 - (r & 31)));
}

void bw_plane_span(bw_plane *p, int y, int x0, int x1)
{
    if (x0 < 0)
        x0 = 0;
    if (x1 > BW_MAP_W - 1)
        x1 = BW_MAP_W - 1;
    if ((unsigned)y >= BW_GRID_ROWS || x0 > x1)
        return; /* nothing to set */
    bw_plane_set_bits(p->w, BW_BIT(x0, y), BW_BIT(x1, y));
}

int bw_plane_row_count(const bw_plane *p, int y)
{
    unsigned lo = (unsigned)y * BW_GRID_MAX, hi = lo + BW_GRID_MAX, wi;
    int n = 0;
    BW_ASSERT(y >= 0 && y < BW_GRID_ROWS);
    if ((unsigned)y >= BW_GRID_ROWS)
        return 0; /* no such row: no bits */
    for (wi = lo >> 5; wi * 32 < hi; wi++)
        n += bw_popcount32(p->w[wi] & span_mask(wi, lo, hi));
    return n;
}

int bw_plane_row_find(const bw_plane *p, int y, int x0, int on)
{
    unsigned lo, hi = (unsigned)y * BW_GRID_MAX + BW_GRID_MAX, wi;
    BW_ASSERT(y >= 0 && y < BW_GRID_ROWS);
    if ((unsigned)y >= BW_GRID_ROWS) return -1; /* no such row */
    if (x0 < 0) x0 = 0;
    if (x0 >= BW_GRID_MAX) return -1;
    lo = (unsigned)y * BW_GRID_MAX + (unsigned)x0;
    for (wi = lo >> 5; wi * 32 < hi; wi++) {
        uint32_t v = (on ? p->w[wi] : ~p->w[wi]) & span_mask(wi, lo, hi);
        if (v) {
            unsigned bit = 0;
            while (!(v & 1u)) { v >>= 1; bit++; }
            return (int)(wi * 32 + bit - (unsigned)y * BW_GRID_MAX);
        }
    }
    return -1;
}

int bw_plane_get(const bw_plane *p, int x, int y)
{
    if (x < 0 || y < 0 || x >= BW_GRID_MAX || y >= BW_GRID_ROWS)
        return 0;
    return (int)BW_PGET(p, x, y);
}

void bw_plane_set(bw_plane *p, int x, int y, int on)
{
    if (x < 0 || y < 0 || x >= BW_GRID_MAX || y >= BW_GRID_ROWS)
        return;
    if (on) BW_PSET(p, x, y); else BW_PCLR(p, x, y);
}

void bw_plane_of_tiles(bw_plane *p, const bw_grid *g, uint8_t t1, uint8_t t2)
{
    const int zero = !t1 || !t2; /* four cells of tile 0 are in the plane */
    int i, j;
    for (i = 0; i < BW_PLANE_WORDS; i++) {
        const uint8_t *c = &g->cell[i * 32];
        uint32_t v = 0;
        uint8_t t = t1;
        for (;;) { /* t1, then t2 if it is another tile: one copy of the test */
            /* four cells of tile 0 (rock: much of a cave map), one test */
            for (j = 0; j < 32; j += 4)
                if (bw_load4(c + j))
                    v |= bw_eq4(c + j, t) << j;
                else if (zero)
                    v |= 0xfu << j;
            if (t == t2)
                break;
            t = t2;
        }
        p->w[i] = v;
    }
}
