#include "burrow/fill.h"
#include "burrow/geom.h"

/* Span fill (Heckbert, "A Seed Fill Algorithm", Graphics Gems I; after
 * A. R. Smith): the stack holds filled spans, each with the direction of
 * the row still to explore next to it. Popping a span scans only that row
 * under it, and goes back to the row it came from only where the new span
 * sticks out past the old one ("leaks"), so a cell is tested about once
 * instead of three times. In the fast build (config.h, BW_FAST) runs are
 * measured a word of the plane at a time (32 cells) on the plane path, and
 * on the grid path a run's tiles are read a byte at a time through a
 * 64-entry open table (tile ids are below 64, tile.h) and only its ends
 * are checked against `out` a word at a time. The small build is the
 * plain scanline fill, one path for grid and plane: a popped span scans
 * both rows next to it (about three tests a cell), a cell at a time,
 * through the caller's tile set; the cells it marks are the same.
 *
 * Grid cells and plane bits share one index, i = y * BW_GRID_MAX + x. */

/* The grid path's open tiles: a table of a byte a tile id in the fast
 * build (one load a cell), the caller's tile set itself in the small one
 * (config.h, BW_FAST: no table to build). */
#if BW_FAST
typedef const uint8_t *open_ref;
#define OPEN_HAS(o, t) ((o)[BW_TILE_SLOT(t)])
#else
typedef const bw_tileset *open_ref;
#define OPEN_HAS(o, t) BW_TILESET_HAS(o, t)
#endif

/* What a fill reads and writes. Held by value in the hot loops: stores into
 * the stack's bytes could otherwise alias these fields and force reloads. */
typedef struct src {
    const uint8_t *cell; /* grid path: the grid's tiles */
    open_ref lut;        /* grid path: OPEN_HAS(lut, tile) if tile is open */
    const uint32_t *mask; /* plane path: the open cells */
    uint32_t *out;
} src;

/* Lowest and highest set bit of v != 0 (bw_low_bit, bw_high_bit:
 * count-zeros where the core has it; plane.h). */
#define low_bit(v) bw_low_bit(v)
#define high_bit(v) bw_high_bit(v)

/* The helpers below are inlined into each path with `plane` a constant,
 * so neither path branches on the kind of source or carries the other's
 * values in registers. */
#define INLINE static inline BW_ALWAYS_INLINE
#define NOINLINE static BW_NOINLINE

#define OUT_AT(s, i) (((s).out[(i) >> 5] >> ((i) & 31)) & 1u)

#if BW_FAST
INLINE int is_free(src s, unsigned i, int plane)
{
    if (OUT_AT(s, i))
        return 0;
    if (plane)
        return (int)((s.mask[i >> 5] >> (i & 31)) & 1u);
    return s.lut[BW_TILE_SLOT(s.cell[i])];
}

/* The plane words the searches below look through: `out` (flipped by
 * find_up's `flip`: ~0u looks for the cells not in out), the free cells,
 * the cells not free. */
enum { W_OUT, W_FREE, W_NOT_FREE };

INLINE uint32_t word(src s, unsigned k, int kind)
{
    uint32_t o = s.out[k];
    if (kind == W_OUT)
        return o;
    if (kind == W_FREE)
        return s.mask[k] & ~o;
    return ~s.mask[k] | o;
}

/* First index in a..b whose bit of `kind` (xor flip) is set, or b + 1.
 * Reads at most the words a..b spans: 5 within one row. */
INLINE unsigned find_up(src s, unsigned a, unsigned b, int kind, uint32_t flip)
{
    unsigned k = a >> 5, kb = b >> 5, j;
    uint32_t v;
    if (a > b)
        return b + 1;
    v = (word(s, k, kind) ^ flip) & (0xffffffffu << (a & 31));
    while (!v) {
        if (++k > kb)
            return b + 1;
        v = word(s, k, kind) ^ flip;
    }
    j = (k << 5) + (unsigned)low_bit(v);
    return j <= b ? j : b + 1;
}

/* Last index in b..a whose bit of `kind` is set, or b - 1 (-1 at 0). */
INLINE int find_down(src s, int a, int b, int kind)
{
    unsigned k = (unsigned)a >> 5, kb = (unsigned)b >> 5;
    uint32_t v;
    int j;
    if (a < b)
        return b - 1;
    v = word(s, k, kind) & (0xffffffffu >> (31 - (a & 31)));
    while (!v) {
        if (k-- == kb)
            return b - 1;
        v = word(s, k, kind);
    }
    j = (int)(k << 5) + high_bit(v);
    return j >= b ? j : b - 1;
}

/* The grid path's searches of out (run_right's cells in it, skip's cells
 * not in it): out of line, one copy. */
NOINLINE unsigned find_out(const src *s, unsigned a, unsigned b, uint32_t flip)
{
    return find_up(*s, a, b, W_OUT, flip);
}

/* The last cell of the free run that starts at free cell i, at most lim. */
INLINE unsigned run_right(src s, unsigned i, unsigned lim, int plane)
{
    unsigned j = i + 1;
    if (plane)
        return find_up(s, j, lim, W_NOT_FREE, 0) - 1;
#if BW_FAST
    /* four open cells at a time (the long runs of a cave), their tiles
     * read in one word */
    for (; j + 3 <= lim; j += 4) {
        uint32_t v = bw_load4(s.cell + j);
        if (!(s.lut[BW_TILE_SLOT(v)] & s.lut[BW_TILE_SLOT(v >> 8)] & s.lut[BW_TILE_SLOT(v >> 16)] &
              s.lut[BW_TILE_SLOT(v >> 24)]))
            break;
    }
#endif
    while (j <= lim && s.lut[BW_TILE_SLOT(s.cell[j])])
        j++;
    /* open i..j-1: cut at the first cell already in out */
    return find_out(&s, i + 1, j - 1, 0) - 1;
}

/* The first cell, at least lim, of the free run that ends at cell i - 1;
 * i if cell i - 1 is not free. */
INLINE unsigned run_left(src s, unsigned i, unsigned lim, int plane)
{
    if (plane)
        return (unsigned)(find_down(s, (int)i - 1, (int)lim, W_NOT_FREE) + 1);
    /* a cell at a time: the first run of a span seldom sticks out far */
    while (i > lim && is_free(s, i - 1, 0))
        i--;
    return i;
}

/* The first free cell in i..lim, or lim + 1. */
INLINE unsigned skip(src s, unsigned i, unsigned lim, int plane)
{
    if (plane)
        return find_up(s, i, lim, W_FREE, 0);
    while (i <= lim) {
        if (!s.lut[BW_TILE_SLOT(s.cell[i])]) {
            i++;
        } else if (OUT_AT(s, i)) {
            /* open but filled: jump the whole filled stretch */
            i = find_out(&s, i, lim, ~0u);
        } else {
            return i;
        }
    }
    return lim + 1;
}

/* Sets bits l..r of `out`, a word at a time. */
INLINE void set_bits(uint32_t *out, unsigned l, unsigned r)
{
    unsigned wl = l >> 5, wr = r >> 5;
    uint32_t lo = 0xffffffffu << (l & 31), hi = 0xffffffffu >> (31 - (r & 31));
    if (wl == wr) {
        out[wl] |= lo & hi;
        return;
    }
    out[wl] |= lo;
    while (++wl < wr)
        out[wl] = 0xffffffffu;
    out[wr] |= hi;
}

#else
/* Small build (config.h, BW_FAST 0): one path for both sources, which
 * s->mask tells apart (`plane` is not looked at), and the searches a cell
 * at a time and out of line: slower, a fraction of the code. */
static int free_at(const src *s, unsigned i)
{
    if (OUT_AT(*s, i))
        return 0;
    if (s->mask)
        return (int)((s->mask[i >> 5] >> (i & 31)) & 1u);
    return (int)OPEN_HAS(s->lut, s->cell[i]);
}
#define is_free(s, i, plane) free_at(&(s), (i))

/* From free cell i toward lim (either side of it), the last free cell
 * before a cell that is not, or lim. */
#define run_right(s, i, lim, plane) run_(&(s), (i), (lim), 1u)
#define run_left(s, i, lim, plane) run_(&(s), (i), (lim), 0u - 1u)
NOINLINE unsigned run_(const src *s, unsigned i, unsigned lim, unsigned step)
{
    while (i != lim && free_at(s, i + step))
        i += step;
    return i;
}

#define skip(s, i, lim, plane) skip_(&(s), (i), (lim))
#define skip_plane skip_
#define skip_grid skip_
/* The first free cell in i..lim, or lim + 1. Marked cells (the scans
 * pass over the rows they came from) are told apart without a call. */
NOINLINE unsigned skip_(const src *s, unsigned i, unsigned lim)
{
    while (i <= lim && (OUT_AT(*s, i) || !free_at(s, i)))
        i++;
    return i;
}

#define set_bits(out, l, r) set_bits_((out), (l), (r))
NOINLINE void set_bits_(uint32_t *out, unsigned l, unsigned r)
{
    for (; l <= r; l++)
        out[l >> 5] |= 1u << (l & 31);
}
#endif

#define UP 0x80u /* in a stack entry's y: the row to explore is y - 1 */
#if BW_FAST /* a row 0..BW_GRID_ROWS (the seed's, fill_from) beside UP */
BW_STATIC_ASSERT(BW_GRID_ROWS < UP, rows_fit_beside_up);
#endif

/* One fill's state between fill_from calls. */
typedef struct run {
    bw_fill *f;
    unsigned cap;
    int w, h, n;
#if BW_FAST
    int dropped; /* 1 if a span was dropped since the last rescan */
#else
    int dmin, dmax; /* rows that dropped spans were to explore */
    int cmin, cmax; /* and their columns */
#endif
} run;

#if !BW_FAST
/* No span dropped yet. */
static void none_dropped(run *st)
{
    st->dmin = BW_GRID_SIDE;
    st->dmax = -1;
    st->cmin = BW_GRID_SIDE;
    st->cmax = -1;
}
#endif

/* Pushes the span l..r of row y, to explore the row below (up = 0) or
 * above (UP) it; a full stack drops it and notes that it did, for the
 * rescan. Rows off the map are pushed too and skipped when popped: fewer
 * live values in the loop than a test here. */
#if BW_FAST
/* Out of line: one copy for the loop's four pushes; returns the new top. */
NOINLINE unsigned push_span(run *st, unsigned sp, unsigned py, unsigned pl, unsigned pr, unsigned pu)
{
    bw_fill *f = st->f;
    if (sp < st->cap) {
        f->xl[sp] = (uint8_t)pl;
        f->xr[sp] = (uint8_t)pr;
        f->y[sp++] = (uint8_t)(py | pu);
    } else {
        st->dropped = 1;
    }
    return sp;
}
#define PUSH(py, pl, pr, pu) (sp = push_span(st, sp, (unsigned)(py), (unsigned)(pl), (unsigned)(pr), (pu)))

#else
/* Out of line (config.h, BW_FAST): pushes the span l..r of row py, 1 if
 * there was room. A span that finds none is not marked (the caller marks
 * only what it pushed), so its cells stay free next to the marked span it
 * was found from, and its row and columns are noted for the rescan (the
 * fast build notes only that a span was dropped, and rescans the map). */
NOINLINE int push(run *st, unsigned *sp, unsigned py, unsigned pl, unsigned pr)
{
    bw_fill *f = st->f;
    if (*sp >= st->cap) {
        if ((int)py < st->dmin)
            st->dmin = (int)py;
        if ((int)py > st->dmax)
            st->dmax = (int)py;
        if ((int)pl < st->cmin)
            st->cmin = (int)pl;
        if ((int)pr > st->cmax)
            st->cmax = (int)pr;
        return 0;
    }
    f->xl[*sp] = (uint8_t)pl;
    f->xr[*sp] = (uint8_t)pr;
    f->y[*sp] = (uint8_t)py;
    if (++*sp > f->peak)
        f->peak = (uint16_t)*sp;
    return 1;
}
#endif

/* A new span on row y sticks out past the one it came from, over columns
 * a..b; row `prow` (where it came from) must be explored there. Pushed only
 * when a cell there is free, and then from the first such cell: in a
 * diagonal tunnel every row leaks over walls, and pushing each such leak
 * would pile up one entry per row. */
#define LEAK(ly, lrow, la, lb, lu)                                           \
    do {                                                                     \
        unsigned j_ = plane ? skip_plane(ps, (lrow) + (la), (lrow) + (lb))   \
                            : skip_grid(ps, (lrow) + (la), (lrow) + (lb));   \
        if (j_ <= (lrow) + (lb))                                             \
            PUSH(ly, j_ - (lrow), lb, lu);                                   \
    } while (0)

#if BW_FAST
/* Leaks are rare and short: out of line, the loop keeps its registers. */
NOINLINE unsigned skip_plane(const src *s, unsigned i, unsigned lim)
{
    return skip(*s, i, lim, 1);
}
NOINLINE unsigned skip_grid(const src *s, unsigned i, unsigned lim)
{
    return skip(*s, i, lim, 0);
}
#endif

#if BW_FAST
/* Fills the free run through free cell (x, y), then everything the stack
 * reaches from it. */
INLINE void fill_from(run *st, const src *ps, int x, int y, int plane)
{
    const src s = *ps; /* the searches out of line read *ps */
    bw_fill *f = st->f;
    unsigned sp = 0, n = 0;
    /* The seed is a span of the row below, (x, x), to explore row y up
     * from: popped like any other (no copy of the loop's run searches for
     * it), it fills its run and leaks back down beside column x. Column x
     * of the row below is the span pushed second (row y's, to explore
     * down), popped first: read from a row not yet marked, its cells are
     * free ones next to the free seed, so what it marks is the seed's
     * region still. Pushed first, the seed is the one a stack of one
     * keeps. Row y + 1 is at most BW_GRID_ROWS: it fits beside UP. */
    PUSH(y + 1, x, x, UP);
    PUSH(y, x, x, 0);
    while (sp > 0) {
        unsigned x1, x2, up, i1, i2, j, yy, row, l, r, la, lb;
        /* the stack's peak: a pop's depth is the most since the one
         * before (only pushes come between), so noted here, not a push */
        if (sp > f->peak)
            f->peak = (uint16_t)sp;
        sp--;
        x1 = f->xl[sp];
        x2 = f->xr[sp];
        up = f->y[sp] & UP;
        /* the span x1..x2 of row y is filled; explore row yy next to it */
        yy = (f->y[sp] & ~UP) + (up ? 0u - 1u : 1u);
        if (yy >= (unsigned)st->h) /* also -1 */
            continue;
        row = yy * BW_GRID_MAX;
        i1 = row + x1;
        i2 = row + x2;
        /* One copy each of the run search, the skip and the leak (their
         * code is most of this loop's flash): the first run may start left
         * of i1 and the last end right of i2, and each sticks out past
         * the old span there; a span leaks on one side at most once. */
        r = i1 - 1; /* the next run is looked for from r + 2: i1 + 1 */
        /* i1's run, from l, if i1 is free (l = i1 + 1 if not); the grid
         * path tests i1 in the loop that goes on left of it: one copy */
        l = plane && !is_free(s, i1, plane) ? i1 + 1 : run_left(s, i1 + 1, row, plane);
        if (l <= i1) {
            j = i1;
            /* leak: back to the old row left of the old span */
            la = l - row;
            lb = x1 - 1;
            if (l < i1)
                goto leak;
            goto run;
        }
        for (;;) {
            j = plane ? skip_plane(ps, r + 2, i2) : skip_grid(ps, r + 2, i2);
            if (j > i2)
                break;
            l = j;
        run:
            r = run_right(s, j, row + (unsigned)st->w - 1, plane);
            if (plane)
                set_bits(s.out, l, r);
            else /* out of line in the grid path: one copy with bw_plane_span's */
                bw_plane_set_bits(s.out, l, r);
            n += r - l + 1;
            PUSH(yy, l - row, r - row, up);
            if (r <= i2)
                continue;
            la = x2 + 1; /* leak right, the last run */
            lb = r - row;
        leak:
            LEAK(yy, up ? row + BW_GRID_MAX : row - BW_GRID_MAX, la, lb, up ^ UP);
            if (r > i2)
                break;
            goto run;
        }
    }
    st->n += (int)n;
}

/* The source by address: each call site passes one pointer, not four
 * words. */
NOINLINE void fill_from_grid(run *st, const src *ps, int x, int y)
{
    fill_from(st, ps, x, y, 0);
}

NOINLINE void fill_from_plane(run *st, const src *ps, int x, int y)
{
    fill_from(st, ps, x, y, 1);
}
#else
/* Small build (config.h, BW_FAST 0): the plain scanline fill. A popped
 * span looks at the rows on both sides of it (the one it came from too:
 * its cells are marked, so they are passed over), one free run at a time;
 * about three tests a cell instead of one, and no leak bookkeeping. The
 * cells marked, and so the count, are those of the fast build. */
NOINLINE void fill_from_grid(run *st, const src *ps, int x, int y)
{
    src s = *ps;
    bw_fill *f = st->f;
    /* the row to scan is y0 - 1, then y0 + 1 (k = 0, 1), over x1..x2; k = 2
     * pops the next span. The seed is the scan of row y over x..x alone
     * (y0 = y - 1, k = 1; y = 0 wraps and back). */
    unsigned sp = 0, n = 0, k = 1, x1 = (unsigned)x, x2 = x1, y0 = (unsigned)y - 1;
    for (;;) {
        unsigned yy, row, j, l, r;
        if (k == 2) {
            if (sp == 0)
                break;
            sp--;
            x1 = f->xl[sp];
            x2 = f->xr[sp];
            y0 = f->y[sp];
            k = 0;
        }
        yy = y0 + (k++ ? 1u : 0u - 1u);
        if (yy >= (unsigned)st->h) /* also -1 */
            continue;
        row = yy * BW_GRID_MAX;
        for (j = skip(s, row + x1, row + x2, 0); j <= row + x2; j = skip(s, r + 2, row + x2, 0)) {
            l = run_left(s, j, row, 0);
            r = run_right(s, j, row + (unsigned)st->w - 1, 0);
            if (push(st, &sp, yy, l - row, r - row)) {
                set_bits(s.out, l, r);
                n += r - l + 1;
            }
        }
    }
    st->n += (int)n;
}
#define fill_from_plane fill_from_grid
#endif

INLINE int fill(bw_fill *f, src s, int w, int h, int x, int y, int plane)
{
    run st;
    int yy, xx, y0, y1;
    /* a closed start: the small build's first scan (row y over x..x)
     * finds no run, marks nothing and drops nothing, so it returns 0. The
     * fast build's grid callers (bw_fill_flood, first_free and
     * bw_fill_all_reachable) have each found the start free already. */
    if (!(BW_FAST && !plane) &&
        (x < 0 || y < 0 || x >= w || y >= h || (BW_FAST && !is_free(s, BW_BIT(x, y), plane))))
        return 0;
    st.f = f;
    /* a cap of 0 (a zeroed, never initialised bw_fill) or one above the
     * arrays means the whole stack */
    st.cap = (f->cap == 0 || f->cap > BW_FILL_STACK) ? BW_FILL_STACK : f->cap;
    st.w = w;
    st.h = h;
    st.n = 0;
#if BW_FAST
    st.dropped = 0;
#else
    none_dropped(&st);
#endif
    if (plane)
        fill_from_plane(&st, &s, x, y);
    else
        fill_from_grid(&st, &s, x, y);
    /* The stack overflowed and spans were dropped: each left free cells
     * next to cells this call marked, on the rows it was to explore, so
     * fill on from every free cell there next to a marked one. A pass that
     * dropped nothing leaves nothing behind, and a pass that drops again
     * has marked at least the run of its seed, so this ends (a span is
     * pushed, and dropped, only with a new cell to mark). */
    for (;;) {
#if BW_FAST
        /* the whole map (a fast build's fill never drops a span in the
         * generators: less code than keeping the rows) */
        int x0 = 0, x1 = w - 1;
        if (!st.dropped)
            break;
        st.dropped = 0;
        y0 = 0;
        y1 = h - 1;
#else
        /* the small build drops more: only the box of the dropped spans
         * (they are not marked, push) is rescanned */
        int x0 = st.cmin, x1 = st.cmax;
        if (st.dmax < 0)
            break;
        y0 = st.dmin;
        y1 = st.dmax;
        none_dropped(&st);
#endif
        f->rescans++;
        for (yy = y0; yy <= y1; yy++)
            for (xx = x0; xx <= x1; xx++) {
                unsigned i = BW_BIT(xx, yy);
                /* A dropped span lies above or below the span it was found
                 * from (a free run is marked whole, so the cells beside it
                 * are closed or marked): a free cell with a marked cell
                 * above or below it. */
                if (((yy > 0 && OUT_AT(s, i - BW_GRID_MAX)) || (yy < h - 1 && OUT_AT(s, i + BW_GRID_MAX))) &&
                    is_free(s, i, plane)) {
                    if (plane)
                        fill_from_plane(&st, &s, xx, yy);
                    else
                        fill_from_grid(&st, &s, xx, yy);
                }
            }
    }
    return st.n;
}

/* The two paths apart, so neither branches on the kind of source. Melted
 * into each caller (a generator links one or two of them): no frame of
 * its own between the caller's and fill_from_grid's. */
static inline BW_ALWAYS_INLINE int fill_grid(bw_fill *f, const bw_grid *g, open_ref lut, bw_plane *out, int x, int y)
{
    src s;
    s.cell = g->cell;
    s.lut = lut;
    s.mask = 0;
    s.out = out->w;
    return fill(f, s, g->w, g->h, x, y, 0);
}

/* The grid path's open table, on the stack of each call that floods a
 * grid: one byte a slot (tile.h), so a cell holding any byte reads inside
 * it, and the table says what BW_TILESET_HAS says of the same slot. */
#define LUT_SIZE BW_TILE_SLOTS
BW_STATIC_ASSERT(BW_FILL_STACK >= 1 && BW_FILL_STACK <= 255, fill_stack_in_range);

#if BW_FAST
/* Inline: a loop of a few instructions, less than its call (and a
 * generator that floods one way links one copy). */
INLINE void make_lut(uint8_t lut[LUT_SIZE], const bw_tileset *open)
{
    int t;
    for (t = 0; t < LUT_SIZE; t++)
        lut[t] = (uint8_t)BW_TILESET_HAS(open, t);
}
/* the open table of a call that floods a grid, made from `open` */
#define LUT(lut) uint8_t lut[LUT_SIZE]; make_lut(lut, open)
#else
#define LUT(lut) open_ref lut = open
#endif

void bw_fill_init(bw_fill *f)
{
    f->cap = BW_FILL_STACK;
    f->peak = 0;
    f->rescans = 0;
}

int bw_fill_flood(bw_fill *f, const bw_grid *g, const bw_tileset *open,
            bw_plane *out, int x, int y)
{
    LUT(lut);
    /* a closed start fills nothing: the fast build's loop needs it free
     * (the small build's fill() checks the bounds, and its first scan
     * finds no run there) */
    if (BW_FAST && ((unsigned)x >= g->w || (unsigned)y >= g->h || BW_PGET(out, x, y) ||
                    !OPEN_HAS(lut, BW_AT(g, x, y))))
        return 0;
    return fill_grid(f, g, lut, out, x, y);
}

int bw_fill_flood_plane(bw_fill *f, const bw_plane *open, int w, int h,
                  bw_plane *out, int x, int y)
{
    src s;
    s.cell = 0;
    s.lut = 0;
    s.mask = open->w;
    s.out = out->w;
    return fill(f, s, w > BW_GRID_MAX ? BW_GRID_MAX : w, h > BW_GRID_ROWS ? BW_GRID_ROWS : h,
                x, y, 1);
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

/* The first free cell at or after (*x, *y) in row order: 1 and the cell,
 * or 0 when there is none. */
static int first_free(const bw_grid *g, open_ref lut, const bw_plane *seen,
                      int *x, int *y)
{
    src s;
    int cx = *x < 0 ? 0 : *x, cy = *y < 0 ? 0 : *y;
    s.cell = g->cell;
    s.lut = lut;
    s.mask = 0;
    s.out = (uint32_t *)seen->w; /* only read */
    for (; cy < g->h; cy++, cx = 0) {
        unsigned row = (unsigned)cy * BW_GRID_MAX, i;
        if (cx >= g->w)
            continue;
        i = skip_grid(&s, row + (unsigned)cx, row + (unsigned)g->w - 1); /* out of line: one copy */
        if (i < row + (unsigned)g->w) {
            *x = (int)(i - row);
            *y = cy;
            return 1;
        }
    }
    return 0;
}

int bw_fill_region_next(bw_fill *f, const bw_grid *g, const bw_tileset *open,
                   bw_plane *seen, int *x, int *y)
{
    LUT(lut);
    if (!first_free(g, lut, seen, x, y))
        return 0;
    return fill_grid(f, g, lut, seen, *x, *y);
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

int bw_fill_all_reachable(bw_fill *f, const bw_grid *g, const bw_tileset *open,
                     bw_plane *scratch, int x, int y)
{
    int fx = 0, fy = 0;
    LUT(lut); /* one table for both passes: the stack is small */
    bw_plane_clear(scratch);
    if (x >= 0) {
        if (x >= g->w || y < 0 || y >= g->h || !OPEN_HAS(lut, BW_AT(g, x, y)))
            return 0;
        fill_grid(f, g, lut, scratch, x, y); /* fills the open start at least */
    }
    /* reachable from (x, y) is all there is when no open cell is left out */
    return !first_free(g, lut, scratch, &fx, &fy);
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
