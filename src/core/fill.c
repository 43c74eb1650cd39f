#include "burrow/fill.h"

/* What counts as open: tiles of a set on a grid, or set bits of a plane. */
typedef struct source {
    const bw_grid *g;
    const bw_tileset *ts;
    const bw_plane *mask;
    int w, h;
} source;

/* Grid cells and plane bits share one index, i = y * BW_GRID_MAX + x, so
 * the inner loops walk i instead of recomputing it from x and y. */
static inline int free_at(const source *s, const bw_plane *out, unsigned i)
{
    if ((out->w[i >> 5] >> (i & 31)) & 1u)
        return 0;
    if (s->mask)
        return (int)((s->mask->w[i >> 5] >> (i & 31)) & 1u);
    return (int)BW_TILESET_HAS(s->ts, s->g->cell[i]);
}

static int push(bw_fill *f, int *sp, int x, int y)
{
    /* a cap of 0 (a zeroed, never initialised bw_fill) or one above the
     * arrays means the whole stack */
    int cap = (f->cap == 0 || f->cap > BW_FILL_STACK) ? BW_FILL_STACK : f->cap;
    if (*sp >= cap)
        return 0;
    f->x[*sp] = (uint8_t)x;
    f->y[*sp] = (uint8_t)y;
    (*sp)++;
    if (*sp > f->peak)
        f->peak = (uint16_t)*sp;
    return 1;
}

/* Sets bits l..r of `out`, a word at a time. */
static void set_bits(bw_plane *out, unsigned l, unsigned r)
{
    unsigned wl = l >> 5, wr = r >> 5;
    uint32_t lo = 0xffffffffu << (l & 31), hi = 0xffffffffu >> (31 - (r & 31));
    if (wl == wr) {
        out->w[wl] |= lo & hi;
        return;
    }
    out->w[wl] |= lo;
    while (++wl < wr)
        out->w[wl] = 0xffffffffu;
    out->w[wr] |= hi;
}

/* Pushes one seed per run of free cells on row y between lx and rx.
 * Returns 0 if a seed was dropped because the stack was full. */
static int push_runs(bw_fill *f, int *sp, const source *s, const bw_plane *out,
                     int lx, int rx, int y)
{
    unsigned i, row = (unsigned)y * BW_GRID_MAX;
    int in_run = 0, ok = 1;
    /* a local copy: push() stores bytes, which the compiler must otherwise
     * assume may change *s, and reload it on every cell */
    const source src = *s;
    if (y < 0 || y >= src.h)
        return 1;
    for (i = row + (unsigned)lx; i <= row + (unsigned)rx; i++) {
        if (free_at(&src, out, i)) {
            if (!in_run && !push(f, sp, (int)(i - row), y))
                ok = 0;
            in_run = 1;
        } else {
            in_run = 0;
        }
    }
    return ok;
}

static int fill(bw_fill *f, const source *s, bw_plane *out, int x, int y)
{
    int sp = 0, n = 0, ok = 1, ymin = y, ymax = y;
    if (x < 0 || y < 0 || x >= s->w || y >= s->h ||
        !free_at(s, out, BW_BIT(x, y)))
        return 0;
    push(f, &sp, x, y);
    for (;;) {
        while (sp > 0) {
            unsigned row, l, r;
            sp--;
            x = f->x[sp];
            y = f->y[sp];
            row = (unsigned)y * BW_GRID_MAX;
            if (!free_at(s, out, row + (unsigned)x))
                continue;
            for (l = row + (unsigned)x; l > row && free_at(s, out, l - 1); l--)
                ;
            for (r = row + (unsigned)x; r < row + (unsigned)s->w - 1 && free_at(s, out, r + 1); r++)
                ;
            set_bits(out, l, r);
            n += (int)(r - l + 1);
            if (y < ymin) ymin = y;
            if (y > ymax) ymax = y;
            ok &= push_runs(f, &sp, s, out, (int)(l - row), (int)(r - row), y - 1);
            ok &= push_runs(f, &sp, s, out, (int)(l - row), (int)(r - row), y + 1);
        }
        if (ok)
            return n;
        /* The stack overflowed and seeds were dropped: every dropped seed is
         * a free cell next to a cell this call marked, inside rows
         * ymin-1..ymax+1, so re-seed from there. Each pass marks at least one
         * new cell, so this ends. */
        ok = 1;
        f->rescans++;
        for (y = ymin > 0 ? ymin - 1 : 0; y <= ymax + 1 && y < s->h; y++) {
            for (x = 0; x < s->w; x++) {
                int up = y > 0 && BW_PGET(out, x, y - 1);
                int dn = y < s->h - 1 && BW_PGET(out, x, y + 1);
                int lf = x > 0 && BW_PGET(out, x - 1, y);
                int rt = x < s->w - 1 && BW_PGET(out, x + 1, y);
                if ((up || dn || lf || rt) && free_at(s, out, BW_BIT(x, y)) &&
                    !push(f, &sp, x, y))
                    ok = 0;
            }
        }
        if (sp == 0)
            return n;
    }
}

void bw_fill_init(bw_fill *f)
{
    f->cap = BW_FILL_STACK;
    f->peak = 0;
    f->rescans = 0;
}

int bw_fill_flood(bw_fill *f, const bw_grid *g, const bw_tileset *open,
            bw_plane *out, int x, int y)
{
    source s;
    s.g = g;
    s.ts = open;
    s.mask = 0;
    s.w = g->w;
    s.h = g->h;
    return fill(f, &s, out, x, y);
}

int bw_fill_flood_plane(bw_fill *f, const bw_plane *open, int w, int h,
                  bw_plane *out, int x, int y)
{
    source s;
    s.g = 0;
    s.ts = 0;
    s.mask = open;
    s.w = w > BW_GRID_MAX ? BW_GRID_MAX : w;
    s.h = h > BW_GRID_MAX ? BW_GRID_MAX : h;
    return fill(f, &s, out, x, y);
}

int bw_fill_open_mask(const bw_grid *g, const bw_tileset *open, bw_plane *mask)
{
    int x, y, n = 0;
    bw_plane_clear(mask);
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            if (BW_TILESET_HAS(open, BW_AT(g, x, y))) {
                BW_PSET(mask, x, y);
                n++;
            }
    return n;
}

int bw_fill_region_next(bw_fill *f, const bw_grid *g, const bw_tileset *open,
                   bw_plane *seen, int *x, int *y)
{
    int cx = *x < 0 ? 0 : *x, cy = *y < 0 ? 0 : *y, n;
    for (; cy < g->h; cy++, cx = 0)
        for (; cx < g->w; cx++)
            if ((n = bw_fill_flood(f, g, open, seen, cx, cy)) > 0) {
                *x = cx;
                *y = cy;
                return n;
            }
    return 0;
}

int bw_fill_regions(bw_fill *f, const bw_grid *g, const bw_tileset *open,
               bw_plane *scratch)
{
    int x = 0, y = 0, n = 0;
    bw_plane_clear(scratch);
    while (bw_fill_region_next(f, g, open, scratch, &x, &y) > 0)
        n++;
    return n;
}

/* 1 if no open cell of the map is left unmarked in `seen`. */
static int none_left(const bw_grid *g, const bw_tileset *open, const bw_plane *seen)
{
    int x, y;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            if (BW_TILESET_HAS(open, BW_AT(g, x, y)) && !BW_PGET(seen, x, y))
                return 0;
    return 1;
}

int bw_fill_all_reachable(bw_fill *f, const bw_grid *g, const bw_tileset *open,
                     bw_plane *scratch, int x, int y)
{
    bw_plane_clear(scratch);
    if (x >= 0 && bw_fill_flood(f, g, open, scratch, x, y) == 0)
        return 0;
    return none_left(g, open, scratch);
}

int bw_fill_connected(bw_fill *f, const bw_grid *g, const bw_tileset *open,
                 bw_plane *scratch)
{
    int x, y;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            if (BW_TILESET_HAS(open, BW_AT(g, x, y)))
                return bw_fill_all_reachable(f, g, open, scratch, x, y);
    return 1;
}
