/* WallCrawlers (docs/crawler.md); see include/burrow/crawler.h. The map
 * starts open inside the outer wall and the design's walls; crawlers take
 * turns at MakeStep until none is left (or the step cap), then a bounded
 * fix opens a door into every region the walls closed off.
 *
 * Where the crawlers live: plane b of the bw_map, which nothing else uses
 * until the crawlers are done, holds the crawler array, 3 words a crawler
 * (BW_CRAWLER_MAX_CRAWLERS = 150 of them: all of its 1,800 bytes, so no RAM
 * beyond the map; the built-in design peaks at 138 over 100,000 seeds).
 * Plane a holds the open tiles as bits, kept by every wall written, so
 * the fix floods those bits a word at a time without reading the grid
 * again; the fix marks what it reached in plane b and uses the fill stack.
 * At the end every open tile is reached, plane a holds exactly the reached
 * tiles and plane b is cleared. */
#include "burrow/crawler.h"
#include "burrow/fill.h"
#include "burrow/geom.h"
#include "burrow/tile.h"

/* The built-in design's map, and the largest a design may ask for, must
 * fit the grid the build holds (grid.h, BW_MAP_W x BW_MAP_H). */
BW_STATIC_ASSERT(BW_MAP_W >= BW_CRAWLER_MAX_SIDE && BW_MAP_H >= BW_CRAWLER_MAX_SIDE,
                 crawler_needs_BW_MAP_W_120_and_BW_MAP_H_120);

/* Purposes for bw_rng_stream(seed, BW_GEN_CRAWLER, 1, purpose). */
enum { P_CRAWL = 1, P_FIX = 2 };

#define WALL BW_T_CR_WALL
#define OPEN BW_T_CR_OPEN
#define WORDS 3 /* plane-b words per crawler */

/* The array fits plane b. */
BW_STATIC_ASSERT(BW_CRAWLER_MAX_CRAWLERS * WORDS <= BW_PLANE_WORDS, cr_array_fits);
/* bw_crawler_event.slot is a uint8_t. */
BW_STATIC_ASSERT(BW_CRAWLER_MAX_CRAWLERS >= 1 && BW_CRAWLER_MAX_CRAWLERS <= 255, cr_slot_fits);

/* Bit f: Forward f legal. Direction N allows W, N, E; NE only N and E. */
const uint8_t bw_crawler_legal[9] = {
    0xF,                    /* 0: anywhere */
    0xB, 0x3, 0x7, 0x6,     /* N (W N E), NE (N E), E (N E S), SE (E S) */
    0xE, 0xC, 0xD, 0x9      /* S (E S W), SW (S W), W (S W N), NW (W N) */
};

/* ------------------------------------------------------ the crawler array */

typedef struct cr_run {
    bw_map *m;
    const bw_crawler_design *d;
    bw_rng r;
    int count;                /* crawlers alive, slots 0..count-1 */
    int walls;                /* wall tiles on the map (for the fix's count of open ones) */
    bw_crawler_info info;
    bw_crawler_event *ev;     /* 0 unless traced */
} cr_run;

static int16_t s16(uint32_t v)
{
    return (int16_t)((int32_t)(v & 0xFFFFu) - (int32_t)((v & 0x8000u) << 1));
}

static void load(const cr_run *u, int i, bw_crawler *c)
{
    const uint32_t *w = &u->m->b.w[i * WORDS];
    c->x = (uint8_t)w[0];
    c->y = (uint8_t)(w[0] >> 8);
    c->step_length = (uint8_t)(w[0] >> 16);
    c->corridor_width = (uint8_t)(w[0] >> 24);
    c->age = s16(w[1]);
    c->max_age = s16(w[1] >> 16);
    c->forward = (uint8_t)(w[2] & 3u);
    c->direction = (uint8_t)((w[2] >> 2) & 15u);
    c->opening = (uint8_t)((w[2] >> 6) & 3u);
    c->gen = (uint8_t)(w[2] >> 8);
    c->gap = (uint8_t)(w[2] >> 16);
}

static void store(cr_run *u, int i, const bw_crawler *c)
{
    uint32_t *w = &u->m->b.w[i * WORDS];
    w[0] = (uint32_t)c->x | (uint32_t)c->y << 8 | (uint32_t)c->step_length << 16 |
           (uint32_t)c->corridor_width << 24;
    w[1] = ((uint32_t)(uint16_t)c->age) | (uint32_t)(uint16_t)c->max_age << 16;
    w[2] = (uint32_t)c->forward | (uint32_t)c->direction << 2 | (uint32_t)c->opening << 6 |
           (uint32_t)c->gen << 8 | (uint32_t)c->gap << 16;
}

/* Deletion keeps the others in order, so getNextCrawler stays round-robin. */
static void drop(cr_run *u, int i)
{
    uint32_t *w = u->m->b.w;
    int k;
    for (k = i * WORDS; k < (u->count - 1) * WORDS; k++)
        w[k] = w[k + WORDS];
    u->count--;
}

/* ------------------------------------------------------------- MakeStep */

static int is_open(const bw_grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h && BW_AT(g, x, y) == OPEN;
}

/* A wall tile, on the grid and out of the open bits (plane a). */
static void wall(bw_map *m, int x, int y)
{
    BW_AT(&m->grid, x, y) = WALL;
    BW_PCLR(&m->a, x, y);
}

/* LookAhead: rows in front of (x, y) facing f that are free of wall to a
 * width of 2 cw + 1 (cw each side of the line), counted up to `limit`.
 * Off the map counts as wall. The outer ring is wall from the start and
 * never opened while crawlers run, so a row that leaves the map holds a
 * ring tile: only rows inside it need reading, with unchecked indices. */
static int look_ahead(const bw_grid *g, int x, int y, int f, int cw, int limit)
{
    int fx = bw_dx4[f], fy = bw_dy4[f], k, j;
    int side = fx * BW_GRID_MAX - fy; /* the index step across the line: (-fy, fx) */
    int ahead = fy * BW_GRID_MAX + fx; /* the index step along it */
    int across = fx ? y : x, room;
    const uint8_t *row;
    /* the band's width is the same on every row, and the rows left before
     * the map's edge are known: both are checked once, not once a row */
    if (limit <= 0)
        return limit;
    if (across - cw < 0 || across + cw >= (fx ? g->h : g->w))
        return 0;
    room = fx > 0 ? g->w - 1 - x : fx < 0 ? x : fy > 0 ? g->h - 1 - y : y;
    if (limit > room)
        limit = room; /* the row past the edge reads as wall */
    row = &BW_AT(g, x, y) - cw * side;
    for (k = 1; k <= limit; k++) {
        const uint8_t *p = row + k * ahead;
        for (j = -cw; j <= cw; j++, p += side)
            if (*p != OPEN)
                return k - 1;
    }
    return limit;
}

/* TurnCrawlerToLookSideways: a side (90 degrees either way) that the
 * Direction allows and that has room to build (more than cw + 1 free rows,
 * MakeStep's own test); either at random when both do. Returns the new
 * Forward, or -1 when neither side has room. */
static int pick_side(cr_run *u, const bw_crawler *c)
{
    int side[2], n = 0, k, cw = c->corridor_width;
    for (k = 1; k <= 3; k += 2) {
        int s = (c->forward + k) & 3;
        if (((bw_crawler_legal[c->direction] >> s) & 1u) &&
            look_ahead(&u->m->grid, c->x, c->y, s, cw, cw + 2) > cw + 1)
            side[n++] = s;
    }
    return n == 0 ? -1 : n == 1 ? side[0] : side[bw_rng_below(&u->r, 2)];
}

/* CreateNewCrawler: a baby at the parent's tip, facing f, with the
 * parameters of the parent's next generation (none if it has no `baby`
 * line). Not created when the array is full. */
static void spawn(cr_run *u, const bw_crawler *p, int f)
{
    const bw_crawler_gen *b;
    bw_crawler c;
    if (p->gen + 1 >= BW_CRAWLER_GENS || !u->d->gen[p->gen + 1].born)
        return;
    if (u->count >= BW_CRAWLER_MAX_CRAWLERS) {
        u->info.dropped++;
        if (u->ev)
            u->ev->dropped++;
        return;
    }
    b = &u->d->gen[p->gen + 1];
    c.x = p->x;
    c.y = p->y;
    c.forward = (uint8_t)f;
    c.direction = (uint8_t)(bw_rng_chance(&u->r, b->no_direction, 100) ? BW_CRAWLER_DIR_NONE : 1 + 2 * f);
    c.age = (int16_t)-b->delay;
    c.max_age = b->max_age;
    c.step_length = b->step_length;
    c.corridor_width = b->corridor_width;
    c.opening = b->opening;
    if (b->open_mix[0] + b->open_mix[1] + b->open_mix[2]) { /* an `openings` line: one draw */
        uint32_t d = bw_rng_below(&u->r, 100);
        c.opening = (uint8_t)(d < b->open_mix[0] ? 0 : d < (uint32_t)b->open_mix[0] + b->open_mix[1] ? 1 : 2);
    }
    c.gen = (uint8_t)(p->gen + 1);
    c.gap = (uint8_t)(c.opening == 2 ? b->corridor_width + 1 : 0);
    if (u->ev && u->ev->babies < 2)
        u->ev->baby[u->ev->babies] = c;
    if (u->ev)
        u->ev->babies++;
    u->info.born++;
    store(u, u->count++, &c);
}

/* The roll of the dice after a run of wall: maybe turn, maybe babies.
 * Turning, babies look back the other way (and one goes on the old way);
 * going straight, they look sideways. */
static int dice(cr_run *u, bw_crawler *c)
{
    const bw_crawler_gen *g = &u->d->gen[c->gen];
    int old = c->forward, side;
    if (bw_rng_chance(&u->r, g->turn, 100) && (side = pick_side(u, c)) >= 0) {
        c->forward = (uint8_t)side;
        if (bw_rng_chance(&u->r, g->turn2, 100)) {
            spawn(u, c, (side + 2) & 3);
            spawn(u, c, old);
        } else if (bw_rng_chance(&u->r, g->turn1, 100)) {
            spawn(u, c, (side + 2) & 3);
        }
        return 1;
    }
    if (bw_rng_chance(&u->r, g->straight2, 100)) {
        spawn(u, c, (old + 1) & 3);
        spawn(u, c, (old + 3) & 3);
    } else if (bw_rng_chance(&u->r, g->straight1, 100)) {
        spawn(u, c, (old + (bw_rng_chance(&u->r, 1, 2) ? 1 : 3)) & 3);
    }
    return 0;
}

/* MakeStep (crawler rule 2). Returns the event; the crawler is deleted
 * for BW_CRAWLER_EV_JOIN, _STUCK and _OLD. */
static int make_step(cr_run *u, bw_crawler *c)
{
    bw_grid *g = &u->m->grid;
    int cw = c->corridor_width, keep = cw + 1, fx = bw_dx4[c->forward], fy = bw_dy4[c->forward];
    int front, n, k, side;
    if (c->age < 0) { /* dormant: does nothing but age */
        c->age++;
        return BW_CRAWLER_EV_DORMANT;
    }
    if (c->age > c->max_age)
        return BW_CRAWLER_EV_OLD;
    c->age++;
    /* seeing stepLength tiles plus the gap kept is enough to decide */
    front = look_ahead(g, c->x, c->y, c->forward, cw, c->step_length + keep);
    if (u->ev)
        u->ev->front_free = (uint8_t)front;
    if (front > keep) {
        /* BuildSomeWallTiles: as many as leave `keep` free rows ahead (the
         * rule's test frontFree > corridorWidth + 1 is "at least one"), at
         * most stepLength; opening 2 leaves its first `keep` tiles open. */
        n = bw_min(c->step_length, front - keep);
        for (k = 1; k <= n; k++) {
            if (c->gap) {
                c->gap--;
                if (u->ev)
                    u->ev->skipped++;
                continue;
            }
            wall(u->m, c->x + k * fx, c->y + k * fy);
            u->walls++;
            if (u->ev)
                u->ev->built++;
        }
        if (c->opening == 2 && !c->gap)
            c->opening = 0;
        /* RepositionCrawlerToFrontOfWall */
        c->x = (uint8_t)(c->x + n * fx);
        c->y = (uint8_t)(c->y + n * fy);
        if (u->ev)
            u->ev->advanced = (uint8_t)n;
        if (dice(u, c) && u->ev)
            u->ev->turned = 1;
        return BW_CRAWLER_EV_BUILD;
    }
    /* Opening 0 builds right up to the wall that blocks it straight ahead
     * (its run ends there, leaving no opening); off the map is wall too. */
    if (c->opening == 0 && !is_open(g, c->x + (front + 1) * fx, c->y + (front + 1) * fy)) {
        for (k = 1; k <= front; k++)
            wall(u->m, c->x + k * fx, c->y + k * fy);
        u->walls += front;
        if (u->ev)
            u->ev->built = (uint8_t)front;
        return BW_CRAWLER_EV_JOIN;
    }
    if ((side = pick_side(u, c)) >= 0) { /* RoomToGoSideways */
        c->forward = (uint8_t)side;
        if (u->ev)
            u->ev->turned = 1;
        return BW_CRAWLER_EV_SIDEWAYS;
    }
    return BW_CRAWLER_EV_STUCK;
}

/* The main loop: while there are crawlers, the next one makes a step, in
 * slot order, round and round; babies join at the end. At most
 * d->max_steps steps in all, never more than BW_CRAWLER_MAX_STEPS (40,000).
 * Why that is enough: a working crawler never idles. Each of its steps
 * lays wall, or turns toward room it has just seen (so its next step lays
 * wall unless another crawler took that room first), or deletes it; and a
 * 120 x 120 map has at most 13,924 tiles inside the ring to lay. So the
 * working steps stay near twice the tiles laid, plus dormant steps (a
 * baby's delay). The example designs take at most ~2,400 steps (tested:
 * under a tenth of the cap). A design that reaches the cap (very long
 * delays, say) stops there with a whole map: the fix still runs, and
 * bw_crawler_info.capped says so. */
BW_NOINLINE static void crawl(cr_run *u, const bw_crawler_trace *t)
{
    bw_crawler c;
    bw_crawler_event ev;
    int i, what;
    u->ev = t ? &ev : 0;
    while (u->count > 0) {
        for (i = 0; i < u->count;) {
            if (u->info.steps >= u->d->max_steps) {
                u->info.capped = 1;
                return;
            }
            load(u, i, &c);
            if (t) {
                ev.step = u->info.steps;
                ev.slot = (uint8_t)i;
                ev.front_free = ev.advanced = ev.built = ev.skipped = 0;
                ev.turned = ev.babies = ev.dropped = 0;
                ev.before = c;
            }
            what = make_step(u, &c);
            u->info.steps++;
            if (what >= BW_CRAWLER_EV_JOIN) {
                drop(u, i);
            } else {
                store(u, i, &c);
                i++;
            }
            if (u->count > u->info.peak)
                u->info.peak = (uint16_t)u->count;
            if (t) {
                ev.what = (uint8_t)what;
                ev.after = c;
                t->fn(t->user, u->m, &ev);
            }
        }
    }
}

/* --------------------------------------------------------- connectivity */

/* A tile the fix opens, on the grid and in the open bits. */
static void open_at(bw_map *m, int x, int y)
{
    BW_AT(&m->grid, x, y) = OPEN;
    BW_PSET(&m->a, x, y);
}

/* Floods the open tiles reached from (x, y) into plane b. */
static int flood(bw_map *m, int x, int y)
{
    return bw_fill_flood_plane(&m->fill, &m->a, m->grid.w, m->grid.h, &m->b, x, y);
}

/* Doors: along every row (axis 0) or column (axis 1), a run of at most t
 * wall tiles between an open tile the fix has reached (plane b) and one it
 * has not is opened, and what it leads to is flooded into a. Rows and
 * columns start at `off` so the doors do not all sit at the top and left.
 * Never opens the outer ring (both ends lie inside it). */
static int door_pass(bw_map *m, int t, int axis, int off,
                     int *reached, int *total, bw_crawler_info *info)
{
    bw_grid *g = &m->grid;
    int n_out = (axis ? g->w : g->h) - 2, n_in = (axis ? g->h : g->w) - 2;
    int oi, o, i, k, prev, prev_in, here, opened = 0;
    for (oi = 0; oi < n_out; oi++) {
        o = 1 + (oi + off) % n_out;
        prev = -1;
        prev_in = 0;
        for (i = 1; i <= n_in; i++) {
            int x = axis ? o : i, y = axis ? i : o;
            if (BW_AT(g, x, y) != OPEN)
                continue;
            here = (int)BW_PGET(&m->b, x, y);
            if (prev >= 0 && here != prev_in && i - prev - 1 <= t) {
                for (k = prev + 1; k < i; k++)
                    open_at(m, axis ? o : k, axis ? k : o);
                *total += i - prev - 1;
                info->opened = (uint16_t)(info->opened + i - prev - 1);
                info->doors++;
                *reached += flood(m, axis ? o : prev + 1, axis ? prev + 1 : o);
                opened++;
                here = 1;
                if (*reached == *total)
                    return opened;
            }
            prev = i;
            prev_in = here;
        }
    }
    return opened;
}

/* The fallback when no straight run of wall parts the reached area from
 * the rest (they share no row or column): an L of open tiles from the
 * first unreached open tile to the nearest reached one. */
static void dig_l(bw_map *m, int *reached, int *total,
                  bw_crawler_info *info)
{
    bw_grid *g = &m->grid;
    int x, y, px = -1, py = -1, qx = 0, qy = 0, best = 1 << 20, d, s;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++) {
            if (BW_AT(g, x, y) != OPEN)
                continue;
            if (!BW_PGET(&m->b, x, y)) {
                if (px < 0) {
                    px = x;
                    py = y;
                }
            }
        }
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            if (BW_PGET(&m->b, x, y) && (d = bw_manhattan(x, y, px, py)) < best) {
                best = d;
                qx = x;
                qy = y;
            }
    s = bw_sign(qx - px);
    for (x = px; x != qx; x += s)
        if (BW_AT(g, x, py) != OPEN) {
            open_at(m, x, py);
            ++*total;
            info->opened++;
        }
    s = bw_sign(qy - py);
    for (y = py; y != qy; y += s)
        if (BW_AT(g, qx, y) != OPEN) {
            open_at(m, qx, y);
            ++*total;
            info->opened++;
        }
    info->fallback++;
    *reached += flood(m, px, py);
}

/* Every open tile reachable (crawler rule 7; crawler rule 6 warns that
 * opening-0 crawlers can close rooms off): flood from the first open tile, then open
 * the thinnest straight walls (1 tile, then 2, ...) between what is reached
 * and what is not until nothing is left out. Each pass either opens a door,
 * which reaches at least one more region, or tries thicker walls; past the
 * map's side, the L dig always reaches one more. So there are at most
 * regions x (side + 1) passes of two scans each. */
BW_NOINLINE static void connect(bw_map *m, uint32_t seed, int walls, bw_crawler_info *info)
{
    bw_grid *g = &m->grid;
    bw_rng r;
    int total, reached, i, t = 1, side = bw_max(g->w, g->h), off_r, off_c;
    total = g->w * g->h - walls;
    bw_plane_clear(&m->b);
    /* the first open tile in row order */
    for (i = 0; i < g->h * BW_GRID_MAX && !BW_PGET(&m->a, i % BW_GRID_MAX, i / BW_GRID_MAX); i++)
        ;
    reached = flood(m, i % BW_GRID_MAX, i / BW_GRID_MAX);
    if (reached == total)
        return;
    bw_rng_stream(&r, seed, BW_GEN_CRAWLER, 1, P_FIX);
    off_r = (int)bw_rng_below(&r, (uint32_t)(g->h - 2));
    off_c = (int)bw_rng_below(&r, (uint32_t)(g->w - 2));
    while (reached < total) {
        int opened = door_pass(m, t, 0, off_r, &reached, &total, info);
        if (reached < total)
            opened += door_pass(m, t, 1, off_c, &reached, &total, info);
        if (opened) {
            t = 1;
        } else if (++t > side) {
            dig_l(m, &reached, &total, info);
            t = 1;
        }
    }
}

/* ----------------------------------------------------------- generation */

/* Walls the rectangle; returns how many tiles were open before. */
static int paint(bw_map *m, int x0, int y0, int x1, int y1)
{
    int x, y, n = 0;
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++) {
            n += BW_AT(&m->grid, x, y) == OPEN;
            wall(m, x, y);
        }
    return n;
}

/* Plane a: every tile of the w x h map open. Cells and bits share one
 * index, so the rows in use are one run of bits; columns past a narrower
 * design's side are cleared after. */
static void all_open(bw_plane *p, int w, int h)
{
    int i, x, y, n = h * BW_GRID_MAX;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        p->w[i] = i < n / 32 ? ~0u : i == n / 32 && n % 32 ? ~0u >> (32 - n % 32) : 0u;
    for (y = 0; y < h && w < BW_GRID_MAX; y++)
        for (x = w; x < BW_GRID_MAX; x++)
            BW_PCLR(p, x, y);
}

/* The design's walls and the crawlers' run; returns the wall tiles on the
 * map. Kept out of bw_crawler_map so that its run state and the crawl's
 * frame are off the stack before the fix's floods go deep. */
BW_NOINLINE static int build(bw_map *m, uint32_t seed, const bw_crawler_design *d,
                             const bw_crawler_trace *trace, bw_crawler_info *info)
{
    cr_run u;
    int i;
    bw_map_init(m, d->w, d->h, OPEN);
    all_open(&m->a, d->w, d->h);
    u.walls = paint(m, 0, 0, d->w - 1, 0) + paint(m, 0, d->h - 1, d->w - 1, d->h - 1) +
              paint(m, 0, 0, 0, d->h - 1) + paint(m, d->w - 1, 0, d->w - 1, d->h - 1);
    for (i = 0; i < d->n_walls; i++)
        u.walls += paint(m, d->wall[i][0], d->wall[i][1], d->wall[i][2], d->wall[i][3]);
    u.m = m;
    u.d = d;
    u.count = 0;
    u.ev = 0;
    u.info.steps = 0;
    u.info.born = u.info.dropped = u.info.peak = u.info.doors = u.info.opened = 0;
    u.info.capped = u.info.fallback = 0;
    /* A seed stands on wall: started in the open, its cell is the first
     * tile of its wall (so two crawlers back to back make one wall). */
    for (i = 0; i < d->n_seeds; i++) {
        bw_crawler c = d->seed[i];
        c.gen = 0;
        c.gap = (uint8_t)(c.opening == 2 ? c.corridor_width + 1 : 0);
        u.walls += paint(m, c.x, c.y, c.x, c.y);
        store(&u, u.count++, &c);
    }
    u.info.peak = (uint16_t)u.count;
    bw_rng_stream(&u.r, seed, BW_GEN_CRAWLER, 1, P_CRAWL);
    crawl(&u, trace && trace->fn ? trace : 0);
    *info = u.info;
    return u.walls;
}

int bw_crawler_map(bw_map *m, uint32_t seed, const bw_crawler_design *d,
                   const bw_crawler_trace *trace, bw_crawler_info *info)
{
    bw_crawler_info in;
    int walls;
    BW_ASSERT(m);
    if (!d)
        return BW_ERR_ARG;
    if (bw_crawler_check(d) != 0)
        return BW_ERR_DESIGN;
    walls = build(m, seed, d, trace, &in);
    connect(m, seed, walls, &in);
    bw_plane_clear(&m->b);
    if (info)
        *info = in;
    return 0;
}

int bw_crawler_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    if (level < 1 || level > BW_CRAWLER_LEVELS)
        return BW_ERR_LEVEL;
    return bw_crawler_map(m, seed, o && o->design ? o->design : &bw_crawler_builtin, 0, 0);
}

/* ------------------------------------------------------ the built-in design */

/* tests/designs/default.txt, field for field (a test parses the file and
 * compares). Seeds: x y forward direction age maxAge stepLength
 * corridorWidth opening. Generations: turn straight1 straight2 turn1
 * turn2 (percent), then born stepLength corridorWidth opening
 * noDirection maxAge delay for the babies born into it, and their mix of
 * openings. Walls: sixteen stubs off the outer wall (default.txt says why). */
const bw_crawler_design bw_crawler_builtin = {
    120, 120, 16, 6, BW_CRAWLER_MAX_STEPS,
    {
        { 20, 1, 21, 6 }, { 40, 1, 41, 6 }, { 78, 1, 79, 6 }, { 98, 1, 99, 6 },
        { 20, 113, 21, 118 }, { 40, 113, 41, 118 }, { 78, 113, 79, 118 }, { 98, 113, 99, 118 },
        { 1, 20, 6, 21 }, { 1, 40, 6, 41 }, { 1, 78, 6, 79 }, { 1, 98, 6, 99 },
        { 113, 20, 118, 21 }, { 113, 40, 118, 41 }, { 113, 78, 118, 79 }, { 113, 98, 118, 99 }
    },
    {
        { 0, 60, BW_EAST, BW_CRAWLER_DIR_NONE, 0, 300, 6, 2, 1, 0, 0 },
        { 119, 60, BW_WEST, BW_CRAWLER_DIR_NONE, 0, 300, 6, 2, 1, 0, 0 },
        { 60, 0, BW_SOUTH, BW_CRAWLER_DIR_NONE, 0, 300, 6, 2, 1, 0, 0 },
        { 60, 119, BW_NORTH, BW_CRAWLER_DIR_NONE, 0, 300, 6, 2, 1, 0, 0 },
        { 60, 60, BW_NORTH, BW_CRAWLER_DIR_NONE, 0, 100, 5, 2, 1, 0, 0 },
        { 60, 60, BW_SOUTH, BW_CRAWLER_DIR_NONE, 0, 100, 5, 2, 0, 0, 0 }
    },
    {
        { 25, 10, 5, 30, 10, 0, 0, 0, 0, 0, 0, 0, { 0, 0, 0 } },
        { 30, 15, 5, 30, 10, 1, 5, 2, 1, 30, 80, 2, { 0, 0, 0 } },
        { 30, 15, 0, 30, 5, 1, 4, 1, 1, 30, 50, 4, { 0, 0, 0 } },
        { 20, 10, 0, 10, 0, 1, 3, 1, 2, 50, 25, 6, { 0, 50, 50 } }
    },
    0
};
