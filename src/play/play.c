/* play.c: the game loop of play.h. Only burrow's public API, no libc but
 * what the core brings, so it builds freestanding for the boards. */
#include "play.h"

/* ---- small helpers ---- */

static size_t slen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

/* Appends s to buf (of size cap) at *n, cut to fit. */
static void put(char *buf, size_t cap, size_t *n, const char *s)
{
    while (*s && *n + 1 < cap)
        buf[(*n)++] = *s++;
    buf[*n] = 0;
}

static void put_int(char *buf, size_t cap, size_t *n, long v)
{
    char t[24];
    int i = 23;
    unsigned long u = v < 0 ? (unsigned long)-v : (unsigned long)v;
    t[i] = 0;
    do {
        t[--i] = (char)('0' + (int)(u % 10u));
        u /= 10u;
    } while (u);
    if (v < 0)
        t[--i] = '-';
    put(buf, cap, n, t + i);
}

/* ---- messages: ids and one argument, written out only when drawn ---- */

enum { M_WELCOME = 1, M_IN_THE_WAY, M_CLIMB_OVER, M_SHIFTS, M_WORLD_ENDS, M_GATE, M_NO_DOWN,
       M_NO_UP, M_BLOCKED, M_DOWN, M_UP, M_DIST_OW, M_HIKER, M_RIVAL, M_HIKER_ALL, M_RIVAL_ALL,
       M_FLY_USAGE, M_FLY, M_UNKNOWN_CMD, M_UNKNOWN_KEY, M_COUNT };

/* What follows a message's text: nothing, a tile's name, or a level's
 * number in the generator's word ("floor 3"). */
enum { A_NONE, A_TILE, A_LEVEL };

static const struct {
    const char *text;
    uint8_t arg;
} messages[M_COUNT] = {
    { "", A_NONE },
    { "Welcome. ? shows the keys and tiles.", A_NONE },
    { "In the way: ", A_TILE },
    { "You climb over the ", A_TILE },
    { "The Abyss shifts out of sight.", A_NONE },
    { "The world ends here.", A_NONE },
    { "You walk through the gate.", A_NONE },
    { "Nothing leads down here.", A_NONE },
    { "Nothing leads up here.", A_NONE },
    { "The way is blocked.", A_NONE },
    { "You go down to ", A_LEVEL },
    { "You climb up to ", A_LEVEL },
    { "Distance maps are the overworld's.", A_NONE },
    { "Hiker's distance mod 100; keys scroll.", A_NONE },
    { "Rival's distance mod 100; keys scroll.", A_NONE },
    { "Hiker's whole distance; keys scroll.", A_NONE },
    { "Rival's whole distance; keys scroll.", A_NONE },
    { "Fly: f X Y, in the overworld.", A_NONE },
    { "You fly.", A_NONE },
    { "Unknown command. ? for help.", A_NONE },
    { "Unknown key. ? for help.", A_NONE },
};

/* A level number is a message's argument byte. */
BW_STATIC_ASSERT(BW_MDUNGEON_LEVELS <= 255 && BW_MINES_LEVELS <= 255 && BW_ABYSS_LEVELS <= 255 &&
                 BW_CRYPTS_LEVELS <= 255 && BW_FOREST_LEVELS <= 255 && BW_MORLOCK_LEVELS <= 255,
                 play_levels_fit_a_byte);

/* A message onto the message line and into the ring of the last ones. */
static void say(play_game *g, int id, int arg)
{
    g->log[g->log_next][0] = (uint8_t)id;
    g->log[g->log_next][1] = (uint8_t)arg;
    g->log_next = (uint8_t)((g->log_next + 1) % PLAY_LOG);
    if (g->log_n < PLAY_LOG)
        g->log_n++;
    g->msg_on = 1;
}

/* The level word of each generator: a mystery dungeon has floors, the
 * overworld maps, the rest levels. */
static const char *level_word(const play_game *g)
{
    return g->gen->id == BW_GEN_MDUNGEON ? "floor" : g->gen->id == BW_GEN_OVERWORLD ? "map" : "level";
}

static int tile_at(const play_game *g, int x, int y)
{
    return BW_AT(&g->map->grid, x, y);
}

static int inside(const play_game *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->map->grid.w && y < g->map->grid.h;
}

static int is_overworld(const play_game *g)
{
    return g->gen->id == BW_GEN_OVERWORLD;
}

/* ---- field of view: integer shadowcasting ---- */

static void mark(play_game *g, bw_plane *vis, int x, int y)
{
    if (!inside(g, x, y))
        return;
    BW_PSET(vis, x, y);
    BW_PSET(g->seen, x, y);
}

/* Walls block sight; water, lava, roots and open air do not. */
static const uint8_t walls[] = { BW_T_ROCK, BW_T_BWALL, BW_T_CRUMBLE_WALL, BW_T_MD_WALL,
                                 BW_T_MD_BORDER, BW_T_CR_WALL };

static int opaque(const play_game *g, int x, int y)
{
    return !inside(g, x, y) || BW_TILESET_HAS(&g->walls, tile_at(g, x, y));
}

/* Slopes are fractions n / d with d > 0, compared by cross-multiplying:
 * no floating point. Every n and d is at most 2 * PLAY_VIEW + 1. */
typedef struct slope {
    int8_t n, d;
} slope;

static int less(slope a, slope b)
{
    return a.n * b.d < b.n * a.d;
}

/* A wedge still to scan: rows from `row` outwards, between two slopes. */
typedef struct wedge {
    uint8_t row;
    slope start, end;
} wedge;

/* Every wedge is pushed at the first opaque cell of a run in some row, so
 * an octant (at most (PLAY_VIEW + 1)^2 / 2 + 1 cells) pushes at most that
 * many: the stack below never overflows. */
#define WEDGES ((PLAY_VIEW + 1) * (PLAY_VIEW + 1) / 2 + 2)

/* Shadowcasting over one octant (xx, xy, yx, yy map the octant's (dx, dy)
 * to the map): the classic recursive algorithm with its recursion turned
 * into a stack of wedges, 3 bytes each, for the small stacks of the
 * boards. */
static void octant(play_game *g, bw_plane *vis, int xx, int xy, int yx, int yy)
{
    wedge st[WEDGES];
    int sp = 0, r2 = PLAY_VIEW * PLAY_VIEW + PLAY_VIEW;
    st[sp].row = 1;
    st[sp].start.n = 1; st[sp].start.d = 1;
    st[sp].end.n = 0; st[sp].end.d = 1;
    sp++;
    while (sp > 0) {
        wedge w = st[--sp];
        slope start = w.start, next = w.start;
        int j;
        if (less(start, w.end))
            continue;
        for (j = w.row; j <= PLAY_VIEW; j++) {
            int dx, dy = -j, blocked = 0;
            for (dx = -j; dx <= 0; dx++) {
                /* the cell's two edges, seen from the player's centre */
                slope l, r;
                int X = g->x + dx * xx + dy * xy, Y = g->y + dx * yx + dy * yy;
                l.n = (int8_t)(1 - 2 * dx); l.d = (int8_t)(2 * j - 1);
                r.n = (int8_t)(-2 * dx - 1); r.d = (int8_t)(2 * j + 1);
                if (less(start, r))
                    continue;
                if (less(l, w.end))
                    break;
                if (dx * dx + dy * dy <= r2)
                    mark(g, vis, X, Y);
                if (blocked) {
                    if (opaque(g, X, Y)) {
                        next = r;
                    } else {
                        blocked = 0;
                        start = next;
                    }
                } else if (opaque(g, X, Y) && j < PLAY_VIEW) {
                    blocked = 1;
                    if (sp < WEDGES) {
                        st[sp].row = (uint8_t)(j + 1);
                        st[sp].start = start;
                        st[sp].end = l;
                        sp++;
                    }
                    next = r;
                }
            }
            if (blocked)
                break;
        }
    }
}

static void look(play_game *g)
{
    static const int m[8][4] = { { 1, 0, 0, 1 }, { 0, 1, 1, 0 }, { 0, -1, 1, 0 }, { -1, 0, 0, 1 },
                                 { -1, 0, 0, -1 }, { 0, -1, -1, 0 }, { 0, 1, -1, 0 }, { 1, 0, 0, -1 } };
    bw_plane *vis = &g->map->a;
    int i;
    bw_plane_clear(vis);
    if (is_overworld(g)) { /* outdoors: the whole map is in sight */
        bw_plane_fill(vis);
        bw_plane_fill(g->seen);
        return;
    }
    mark(g, vis, g->x, g->y);
    for (i = 0; i < 8; i++)
        octant(g, vis, m[i][0], m[i][1], m[i][2], m[i][3]);
}

/* ---- levels ---- */

/* A new level in the map, under options o (the game's own, or a
 * neighbouring overworld map's), which become the game's. */
static int generate(play_game *g, int level, const bw_opts *o)
{
    int r = g->gen->generate(g->map, g->seed, level, o);
    if (r != 0)
        return r;
    g->opts = *o;
    g->level = level;
    g->level_changes++;
    bw_plane_clear(g->seen);
    return 0;
}

/* The tile nearest (tx, ty) (Chebyshev rings, then row order) that the
 * player may stand on, preferring one whose link is `link` (+1 up, -1
 * down, 0 any) within 3 tiles: a link's partner usually lies right there. */
static void place(play_game *g, int tx, int ty, int link)
{
    int pass, d, x, y;
    for (pass = link ? 0 : 1; pass < 2; pass++) {
        int reach = pass == 0 ? 3 : BW_GRID_SIDE;
        for (d = 0; d <= reach; d++)
            for (y = ty - d; y <= ty + d; y++)
                for (x = tx - d; x <= tx + d; x++) {
                    int t;
                    if ((y != ty - d && y != ty + d && x != tx - d && x != tx + d) || !inside(g, x, y))
                        continue;
                    t = tile_at(g, x, y);
                    if (bw_tile_passable(t) && (pass == 1 || bw_tile_link(t) == link)) {
                        g->x = x;
                        g->y = y;
                        return;
                    }
                }
    }
    g->x = tx;
    g->y = ty;
}

static void start_position(play_game *g)
{
    int x, y, i;
    if (g->gen->id == BW_GEN_MDUNGEON) /* a floor says where the player starts */
        for (i = 0; i < g->map->n_ent; i++)
            if (g->map->ent[i].kind == BW_MDUNGEON_E_START) {
                g->x = g->map->ent[i].x;
                g->y = g->map->ent[i].y;
                return;
            }
    if (is_overworld(g) && bw_overworld_player_start(g->map, &x, &y) == 0) {
        g->x = x;
        g->y = y;
        return;
    }
    /* a stair or slope up is where a player arrives from above */
    place(g, g->map->grid.w / 2, g->map->grid.h / 2, g->level > 1 ? +1 : 0);
}

/* ---- the Abyss ---- */

/* The seen bits of the 2 x 2 areas around the player, the only areas a
 * regeneration keeping PLAY_VIEW + 1 around the player may keep: an
 * area's nearest cell is within 10 of the player on an axis only for the
 * player's own area and the neighbour on the nearer side (areas are 20
 * wide). While the seen plane is the map's plane b, which the
 * regeneration takes, they wait in the map's entity list, which the Abyss
 * does not use. */
#define KEEP_SIDE (2 * BW_ABYSS_AREA)
#define KEEP_BYTES (KEEP_SIDE * KEEP_SIDE / 8)
BW_STATIC_ASSERT(KEEP_BYTES <= sizeof(((bw_map *)0)->ent), play_abyss_keep_fits);
BW_STATIC_ASSERT(PLAY_VIEW + 1 < BW_ABYSS_AREA / 2 + 1, play_abyss_keep_two_areas);

static int keep_origin(int p)
{
    int a = p / BW_ABYSS_AREA - (p % BW_ABYSS_AREA < BW_ABYSS_AREA / 2);
    return bw_clamp(a, 0, BW_ABYSS_SIDE - 2) * BW_ABYSS_AREA;
}

/* dir 0: the seen bits of the box at (x0, y0) into buf; 1: back, where
 * the area was not redrawn. */
static void keep_box(play_game *g, uint8_t *buf, int x0, int y0, const bw_abyss_info *info, int back)
{
    int x, y, i = 0;
    for (y = y0; y < y0 + KEEP_SIDE; y++)
        for (x = x0; x < x0 + KEEP_SIDE; x++, i++) {
            if (!back) {
                if (BW_PGET(g->seen, x, y))
                    buf[i >> 3] = (uint8_t)(buf[i >> 3] | 1u << (i & 7));
                else
                    buf[i >> 3] = (uint8_t)(buf[i >> 3] & ~(1u << (i & 7)));
            } else if (!BW_ABYSS_REDRAWN(info, BW_ABYSS_AREA_OF(x, y)) && (buf[i >> 3] >> (i & 7) & 1u)) {
                BW_PSET(g->seen, x, y);
            }
        }
}

/* Not inlined: its info (117 bytes) is on the stack only while it runs,
 * not under every level generated on the way down (20 KiB boards). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
#if defined(BW_WITH_ABYSS) && !BW_WITH_ABYSS
/* a firmware without the abyss (a small part's) never has one to redraw */
#define bw_abyss_regenerate(m, seed, level, epoch, x, y, keep, info) (-1)
#endif
static void abyss_tick(play_game *g)
{
    bw_abyss_info info; /* only its mask of redrawn areas is kept */
    uint8_t *keep = (uint8_t *)g->map->ent;
    int x, y, x0 = keep_origin(g->x), y0 = keep_origin(g->y);
    if (g->gen->id != BW_GEN_ABYSS || g->abyss_every <= 0 || g->turn - g->regen_turn < (uint32_t)g->abyss_every)
        return;
    g->regen_turn = g->turn;
    g->epoch++;
    if (!g->own_seen)
        keep_box(g, keep, x0, y0, &info, 0);
    /* 5.3: every area beyond the view is redrawn; the keep radius is the
     * view's, one more for the cell the player may step to, so no tile in
     * sight ever changes */
    if (bw_abyss_regenerate(g->map, g->seed, g->level, g->epoch, g->x, g->y, PLAY_VIEW + 1, &info) < 0) {
        if (!g->own_seen)
            bw_plane_clear(g->seen); /* plane b was the generator's scratch */
        return;
    }
    if (!g->own_seen) {
        /* plane b was the generator's scratch: the kept areas' bits back */
        bw_plane_clear(g->seen);
        keep_box(g, keep, x0, y0, &info, 1);
    } else {
        /* forget what was seen in the areas that were redrawn */
        for (y = 0; y < BW_ABYSS_SIZE; y++)
            for (x = 0; x < BW_ABYSS_SIZE; x++)
                if (BW_ABYSS_REDRAWN(&info, BW_ABYSS_AREA_OF(x, y)))
                    BW_PCLR(g->seen, x, y);
    }
    say(g, M_SHIFTS, 0);
}

/* ---- the overworld ---- */

static int travel(play_game *g, int wx, int wy, int side)
{
    bw_opts o = g->opts;
    int gate;
    o.x = wx;
    o.y = wy;
    if (generate(g, 1, &o) != 0) {
        g->gen->generate(g->map, g->seed, 1, &g->opts); /* the world's edge: stay */
        say(g, M_WORLD_ENDS, 0);
        return -1;
    }
    /* arrive on the matching gate of the side we came in by */
    gate = side < 0 ? -1 : bw_overworld_gate(g->seed, wx, wy, side);
    if (side == 0) place(g, gate, 0, 0);
    else if (side == 1) place(g, g->map->grid.w - 1, gate, 0);
    else if (side == 2) place(g, gate, g->map->grid.h - 1, 0);
    else if (side == 3) place(g, 0, gate, 0);
    else start_position(g);
    return 0;
}

/* ---- moves ---- */

static void step(play_game *g, int dx, int dy)
{
    int nx = g->x + dx, ny = g->y + dy, t;
    if (is_overworld(g) && !inside(g, nx, ny) && tile_at(g, g->x, g->y) == BW_T_OW_GATE) {
        /* through a gate: the neighbour map, entered by its opposite side */
        int side = ny < 0 ? 2 : nx >= g->map->grid.w ? 3 : ny >= g->map->grid.h ? 0 : 1;
        if (travel(g, g->opts.x + (nx < 0 ? -1 : nx >= g->map->grid.w ? 1 : 0),
                   g->opts.y + (ny < 0 ? -1 : ny >= g->map->grid.h ? 1 : 0), side) == 0)
            say(g, M_GATE, 0);
        return;
    }
    if (!inside(g, nx, ny))
        return;
    t = tile_at(g, nx, ny);
    /* the tile's movement cost: rubble, boulders, pillars and the like are
     * climbed or dug through in several turns, so every tile the
     * connectivity rules count is reachable; 0 is a wall */
    if (bw_tile_cost(t) == 0) {
        say(g, M_IN_THE_WAY, t);
        return;
    }
    g->x = nx;
    g->y = ny;
    g->turn += (uint32_t)bw_tile_cost(t);
    if (bw_tile_passable(t))
        g->msg_on = 0;
    else
        say(g, M_CLIMB_OVER, t);
}

int play_takes_link(const bw_generator *gen, int tile, int dir)
{
    /* dir is +1 down a level, -1 up; a tile's link is -1 down, +1 up.
     * 4.8: a trunk is climbed both ways */
    if (gen->id == BW_GEN_FOREST && tile == BW_T_TRUNK)
        return 1;
    return bw_tile_link(tile) == -dir;
}

/* '>' and '<': through the link under the player. */
static void climb(play_game *g, int dir)
{
    int to = g->level + dir;
    if (!play_takes_link(g->gen, tile_at(g, g->x, g->y), dir) || to < 1 || to > g->gen->levels) {
        say(g, dir > 0 ? M_NO_DOWN : M_NO_UP, 0);
        return;
    }
    if (generate(g, to, &g->opts) != 0) {
        say(g, M_BLOCKED, 0);
        return;
    }
    /* world rule 2: a link's partner lies directly beneath or above it; a pit
     * lands on the stone floor below. A Mystery-Dungeon floor is a new
     * floor: the player starts where it says. */
    if (g->gen->id == BW_GEN_MDUNGEON)
        start_position(g);
    else
        place(g, g->x, g->y, dir);
    g->turn++;
    say(g, dir > 0 ? M_DOWN : M_UP, to);
}

/* ---- the : command line (the overworld's h, r, hh, rr; f X Y) ---- */

static int parse_int(const char **s, int *v)
{
    int neg = 0, n = 0, any = 0;
    while (**s == ' ')
        (*s)++;
    if (**s == '-') {
        neg = 1;
        (*s)++;
    }
    while (**s >= '0' && **s <= '9' && n < 100000) {
        n = n * 10 + (**s - '0');
        (*s)++;
        any = 1;
    }
    *v = neg ? -n : n;
    return any;
}

static void run_command(play_game *g)
{
    static const char *const dist_cmd[] = { "h", "r", "hh", "rr" };
    const char *c = g->cmd;
    int i, x, y;
    for (i = 0; i < 4; i++) {
        const char *a = dist_cmd[i], *b = c;
        while (*a && *a == *b) {
            a++;
            b++;
        }
        if (!*a && !*b) {
            if (!is_overworld(g)) {
                say(g, M_DIST_OW, 0);
                return;
            }
            if (bw_overworld_distance(g->map, g->x, g->y, i % 2 ? BW_OVERWORLD_RIVAL : BW_OVERWORLD_HIKER,
                                      g->dist_map) != 0)
                return;
            /* overworld rule 7, as the CLI's --dist prints it: h and r
             * the distance mod 100, hh and rr the whole of it; the window
             * starts on the player and the move keys scroll it */
            g->dist = i + 1;
            g->cx = (int16_t)g->x;
            g->cy = (int16_t)g->y;
            say(g, M_HIKER + i, 0);
            return;
        }
    }
    if (c[0] == 'f' && c[1] == ' ') {
        c += 2;
        if (!is_overworld(g) || !parse_int(&c, &x) || !parse_int(&c, &y) || *c) {
            say(g, M_FLY_USAGE, 0);
            return;
        }
        if (travel(g, x, y, -1) == 0)
            say(g, M_FLY, 0);
        return;
    }
    say(g, M_UNKNOWN_CMD, 0);
}

/* ---- keys ---- */

/* The direction of a move key, or 0 for a key that is none. */
static int direction(int key, int *dx, int *dy)
{
    static const char dirs[] = "hjklyubn";
    static const int ddx[8] = { -1, 0, 0, 1, -1, 1, -1, 1 }, ddy[8] = { 0, 1, -1, 0, -1, -1, 1, 1 };
    /* numeric keypad: 1..9 around 5 */
    static const int kdx[10] = { 0, -1, 0, 1, -1, 0, 1, -1, 0, 1 }, kdy[10] = { 0, 1, 1, 1, 0, 0, 0, -1, -1, -1 };
    static const int sk[8] = { PLAY_KEY_UP, PLAY_KEY_DOWN, PLAY_KEY_LEFT, PLAY_KEY_RIGHT,
                               PLAY_KEY_HOME, PLAY_KEY_PGUP, PLAY_KEY_END, PLAY_KEY_PGDN };
    static const int sdx[8] = { 0, 0, -1, 1, -1, 1, -1, 1 }, sdy[8] = { -1, 1, 0, 0, -1, -1, 1, 1 };
    int i;
    for (i = 0; i < 8; i++) {
        if (key == dirs[i]) {
            *dx = ddx[i];
            *dy = ddy[i];
            return 1;
        }
        if (key == sk[i]) {
            *dx = sdx[i];
            *dy = sdy[i];
            return 1;
        }
    }
    if (key >= '1' && key <= '9' && key != '5') {
        *dx = kdx[key - '0'];
        *dy = kdy[key - '0'];
        return 1;
    }
    return 0;
}

static int small(const play_game *g)
{
    return g->cols < PLAY_MIN_COLS || g->rows < PLAY_MIN_ROWS;
}

int play_key(play_game *g, int key)
{
    int dx, dy;
    if (key == 3 || key == 4) /* Ctrl-C, Ctrl-D: from any screen */
        return 1;
    if (small(g)) /* only the notice is on screen: nothing may move unseen */
        return key == 'q';
    if (g->in_cmd) {
        if (key == '\r' || key == '\n') {
            g->in_cmd = 0;
            g->cmd[g->cmd_len] = 0;
            run_command(g);
            /* a flight generates a new map, whose plane a was the
             * generator's scratch: what is in sight is worked out again */
            look(g);
        } else if (key == 27) {
            g->in_cmd = 0;
            g->msg_on = 0;
        } else if ((key == 127 || key == 8) && g->cmd_len > 0) {
            g->cmd[--g->cmd_len] = 0;
        } else if (key >= ' ' && key < 127 && g->cmd_len + 1 < (int)sizeof g->cmd) {
            g->cmd[g->cmd_len++] = (char)key;
            g->cmd[g->cmd_len] = 0;
        }
        return 0;
    }
    if (key == '\n' || key == '\r')
        return 0; /* line breaks keep key scripts readable */
    if (g->mode == PLAY_HELP || g->mode == PLAY_MESSAGES) {
        g->mode = PLAY_MAP; /* any key closes them */
        return 0;
    }
    if (g->mode == PLAY_LOOK) {
        if (direction(key, &dx, &dy)) {
            g->cx = (int16_t)bw_clamp(g->cx + dx, 0, g->map->grid.w - 1);
            g->cy = (int16_t)bw_clamp(g->cy + dy, 0, g->map->grid.h - 1);
        } else {
            g->mode = PLAY_MAP;
        }
        return 0;
    }
    if (g->dist) {
        /* the move keys scroll the distance map; Esc closes it, and any
         * other key closes it and does what it does */
        if (direction(key, &dx, &dy)) {
            g->cx = (int16_t)bw_clamp(g->cx + 8 * dx, 0, g->map->grid.w - 1);
            g->cy = (int16_t)bw_clamp(g->cy + 4 * dy, 0, g->map->grid.h - 1);
            return 0;
        }
        g->dist = 0;
        if (key == 27)
            return 0;
    }
    if (key == 'q')
        return 1;
    if (direction(key, &dx, &dy)) {
        step(g, dx, dy);
        goto moved;
    }
    switch (key) {
    case ':':
        g->in_cmd = 1;
        g->cmd_len = 0;
        g->cmd[0] = 0;
        return 0;
    case '?':
        g->mode = PLAY_HELP;
        return 0;
    case 'm':
        g->mode = PLAY_MESSAGES;
        return 0;
    case 'x': case ';':
        g->mode = PLAY_LOOK;
        g->cx = (int16_t)g->x;
        g->cy = (int16_t)g->y;
        return 0;
    case '.': case '5': g->turn++; g->msg_on = 0; goto moved; /* wait a turn */
    case '>': climb(g, +1); goto moved;
    case '<': climb(g, -1); goto moved;
    default:
        say(g, M_UNKNOWN_KEY, 0);
        return 0;
    }
moved:
    abyss_tick(g);
    look(g);
    return 0;
}

/* The help screen's key lines on the terminal (play_game.keys). */
static const char *const term_keys[] = {
    "Keys (any key goes back)",
    " hjkl yubn 1-9 arrows: move  . 5: wait",
    " < >: take the link you stand on",
    " x ;: look at a tile    m: messages",
    " :h :r :hh :rr: distances (overworld)",
    " :f X Y: fly (overworld)    q: quit",
};

int play_start(play_game *g, play_memory *mem, bw_plane *seen, const bw_generator *gen,
               uint32_t seed, const bw_opts *o, int level)
{
    unsigned i;
    int r;
    bw_map *m = &mem->map;
    g->gen = gen;
    g->map = m;
    g->dist_map = mem->ow.dist;
    g->own_seen = seen != 0;
    g->seen = seen ? seen : &m->b;
    g->seed = seed;
    g->opts = *o;
    g->turn = g->level_changes = g->epoch = g->regen_turn = 0;
    g->dist = g->in_cmd = g->cmd_len = 0;
    g->cmd[0] = 0;
    g->log_next = g->log_n = g->msg_on = 0;
    g->keys = term_keys;
    g->n_keys = (int)(sizeof term_keys / sizeof term_keys[0]);
    g->mode = PLAY_MAP;
    g->cx = g->cy = 0;
    if (g->abyss_every == 0)
        g->abyss_every = PLAY_ABYSS_EVERY;
    bw_tileset_clear(&g->walls);
    for (i = 0; i < sizeof walls; i++)
        bw_tileset_add(&g->walls, walls[i]);
    if (level < 1 || level > gen->levels)
        return -1;
    r = generate(g, level, &g->opts);
    if (r != 0)
        return r;
    g->level_changes = 0;
    start_position(g);
    look(g);
    say(g, M_WELCOME, 0);
    return 0;
}

/* ---- drawing ---- */

typedef struct screen {
    play_out out;
    void *ctx;
    uint32_t hash;
    char line[PLAY_LINE];
    size_t n;
    uint32_t sgr;            /* the colour in force (a tile's colour field), NO_SGR none */
    int col, cols;           /* the row's visible width so far, and the terminal's */
    int row, rows;           /* the rows ended so far, and the terminal's */
} screen;

#define NO_SGR 0xffffffffu
#define REVERSE 0xfffffffeu  /* the look cursor: reverse video */

static void emit(screen *s)
{
    s->hash = bw_grid_fnv1a(s->hash, (const uint8_t *)s->line, (int)s->n);
    s->out(s->ctx, s->line, s->n);
    s->n = 0;
    s->line[0] = 0;
}

/* Bytes the terminal does not show: escape sequences, line ends. */
static void raw(screen *s, const char *t)
{
    if (s->n + slen(t) + 1 > sizeof s->line)
        emit(s); /* a row may go out in pieces: the buffer stays small */
    put(s->line, sizeof s->line, &s->n, t);
}

/* Text the terminal shows, cut at its width: a row that ran over would
 * wrap, and on the last row the wrap would scroll the top row away. Rows
 * past the terminal's last are dropped. */
static void text(screen *s, const char *t)
{
    if (s->row >= s->rows)
        return;
    for (; *t && s->col < s->cols; t++, s->col++) {
        if (s->n + 2 > sizeof s->line)
            emit(s);
        s->line[s->n++] = *t;
        s->line[s->n] = 0;
    }
}

static void number_out(screen *s, long v)
{
    char t[24];
    size_t n = 0;
    put_int(t, sizeof t, &n, v);
    text(s, t);
}

/* The overworld's place in the world, "(x<sep>y)". */
static void place_out(screen *s, const play_game *g, const char *sep)
{
    text(s, "(");
    number_out(s, g->opts.x);
    text(s, sep);
    number_out(s, g->opts.y);
    text(s, ")");
}

/* A colour of the tile table, as the SGR parameters `burrow --format ansi`
 * writes (bw_colour_sgr), after a reset so no background of the cell
 * before lingers. */
static void colour(screen *s, const play_game *g, uint32_t c)
{
    char sgr[BW_SGR_MAX];
    if (!g->colour || c == s->sgr || s->row >= s->rows)
        return;
    if (c == REVERSE) {
        raw(s, "\033[0;7m");
    } else {
        bw_colour_sgr(c, sgr);
        raw(s, "\033[0;");
        raw(s, sgr);
        raw(s, "m");
    }
    s->sgr = c;
}

static void plain(screen *s, const play_game *g)
{
    if (g->colour && s->sgr != NO_SGR && s->row < s->rows) {
        raw(s, "\033[0m");
        s->sgr = NO_SGR;
    }
}

static void glyph(screen *s, char c)
{
    char t[2];
    t[0] = c;
    t[1] = 0;
    text(s, t);
}

/* Ends a row: the rest of it cleared (not when the row is full: in the
 * terminal's pending wrap, an erase would take the row's last glyph), and
 * a line end unless it is the terminal's last row. A line feed on the
 * terminal's bottom row scrolls the screen, and the top row with it. */
static void end_row(screen *s, const play_game *g)
{
    if (s->row >= s->rows)
        return;
    plain(s, g);
    if (s->col < s->cols)
        raw(s, "\033[K");
    if (s->row + 1 < s->rows)
        raw(s, "\r\n");
    s->col = 0;
    s->row++;
    emit(s);
}

/* Blank rows down to row `to`. */
static void rows_to(screen *s, const play_game *g, int to)
{
    while (s->row < to && s->row < s->rows)
        end_row(s, g);
}

#define DIM 90 /* seen before, out of sight now */

/* A message of the ring, its id and argument written out. */
static void message_out(screen *s, const play_game *g, int id, int arg)
{
    if (id <= 0 || id >= M_COUNT)
        return;
    text(s, messages[id].text);
    if (messages[id].arg == A_TILE && arg < BW_TILE_COUNT) {
        text(s, bw_tiles[arg].name);
        text(s, ".");
    } else if (messages[id].arg == A_LEVEL) {
        text(s, level_word(g));
        text(s, " ");
        number_out(s, arg);
        text(s, ".");
    }
}

/* The Mystery Dungeon's entities, drawn over their tiles (the start and
 * the buried items, inside walls, are not shown). */
static const struct {
    uint8_t kind;
    char glyph;
    uint8_t colour;
    const char *name;
} entities[] = {
    { BW_MDUNGEON_E_ITEM, '$', 93, "item" },
    { BW_MDUNGEON_E_TRAP, '^', 91, "trap" },
    { BW_MDUNGEON_E_WONDER, '*', 95, "wonder tile" },
    { BW_MDUNGEON_E_SHOP_ITEM, '%', 96, "shop item" },
};
#define N_ENTITIES (int)(sizeof entities / sizeof entities[0])

/* The row of `entities` for what lies at (x, y), or -1. */
static int entity_at(const play_game *g, int x, int y)
{
    int i, k;
    if (g->gen->id != BW_GEN_MDUNGEON)
        return -1;
    for (i = 0; i < g->map->n_ent; i++)
        if (g->map->ent[i].x == x && g->map->ent[i].y == y)
            for (k = 0; k < N_ENTITIES; k++)
                if (entities[k].kind == g->map->ent[i].kind)
                    return k;
    return -1;
}

int play_entity(const play_game *g, int x, int y, unsigned *sgr)
{
    int e = entity_at(g, x, y);
    if (e < 0)
        return 0;
    *sgr = entities[e].colour;
    return entities[e].glyph;
}

/* Where a link tile leads from this level, for the legend and the look
 * cursor: nothing when it leads nowhere. */
static void link_out(screen *s, const play_game *g, int t)
{
    int up = play_takes_link(g->gen, t, -1), down = play_takes_link(g->gen, t, +1);
    if (is_overworld(g) && t == BW_T_OW_GATE) {
        text(s, ": to the next map");
        return;
    }
    if (up && g->level > 1) {
        text(s, ": < up to ");
        text(s, level_word(g));
        text(s, " ");
        number_out(s, g->level - 1);
    }
    if (down && g->level < g->gen->levels) {
        text(s, up && g->level > 1 ? ", > down to " : ": > down to ");
        text(s, level_word(g));
        text(s, " ");
        number_out(s, g->level + 1);
    }
}

/* One row of the map: tiles, or a trainer's distance in the CLI's columns. */
static void map_row(screen *s, const play_game *g, int y, int ox, int vw, int cw)
{
    int x, k;
    for (x = ox; x < ox + vw; x++) {
        int t = BW_AT(&g->map->grid, x, y), e;
        if (g->dist) {
            /* overworld rule 7, as `--dist` prints it: " NN", or " %5u" */
            unsigned d = g->dist_map[y][x];
            char cell[8];
            for (k = 0; k < cw; k++)
                cell[k] = ' ';
            cell[cw] = 0;
            if (x == g->x && y == g->y) {
                cell[cw - 1] = '@';
                colour(s, g, 97);
            } else if (d != BW_OVERWORLD_INF && cw == 3) {
                cell[1] = (char)('0' + (int)(d % 100u / 10u));
                cell[2] = (char)('0' + (int)(d % 10u));
                colour(s, g, bw_tiles[t].colour);
            } else if (d != BW_OVERWORLD_INF) {
                k = cw - 1;
                do {
                    cell[k--] = (char)('0' + (int)(d % 10u));
                    d /= 10u;
                } while (d && k > 0);
                colour(s, g, bw_tiles[t].colour);
            } else {
                plain(s, g);
            }
            text(s, cell);
            continue;
        }
        if (x == g->x && y == g->y) {
            colour(s, g, g->mode == PLAY_LOOK && x == g->cx && y == g->cy ? REVERSE : 97);
            glyph(s, g->mode == PLAY_LOOK && x == g->cx && y == g->cy && !g->colour ? 'X' : '@');
            continue;
        }
        if (g->mode == PLAY_LOOK && x == g->cx && y == g->cy) {
            colour(s, g, REVERSE);
            if (!g->colour)
                glyph(s, 'X');
            else
                glyph(s, BW_PGET(g->seen, x, y) ? bw_tiles[t].glyph : ' ');
            continue;
        }
        if (!BW_PGET(&g->map->a, x, y) && !BW_PGET(g->seen, x, y)) {
            glyph(s, ' ');
            continue;
        }
        e = entity_at(g, x, y);
        if (BW_PGET(&g->map->a, x, y))
            colour(s, g, e >= 0 ? entities[e].colour : bw_tiles[t].colour);
        else /* seen before, out of sight now: dim, over the tile's own
              * background (open air stays apart from unexplored ground) */
            colour(s, g, DIM | (bw_tiles[t].colour & BW_BG(0xffu)));
        glyph(s, e >= 0 ? entities[e].glyph : bw_tiles[t].glyph);
    }
}

static void map_screen(screen *s, const play_game *g)
{
    int w = g->map->grid.w, h = g->map->grid.h, cw = 1, vw, vh, ox, oy, y, fx, fy;
    if (g->dist)
        cw = g->dist >= 3 ? 6 : 3; /* the CLI's " %5u" and " NN" */
    vw = w < g->cols / cw ? w : g->cols / cw;
    vh = h < g->rows - 3 ? h : g->rows - 3;
    /* the window follows the player, the look cursor, or the scrolled
     * distance map */
    fx = g->dist || g->mode == PLAY_LOOK ? g->cx : g->x;
    fy = g->dist || g->mode == PLAY_LOOK ? g->cy : g->y;
    ox = bw_clamp(fx - vw / 2, 0, w - vw);
    oy = bw_clamp(fy - vh / 2, 0, h - vh);
    for (y = oy; y < oy + vh; y++) {
        map_row(s, g, y, ox, vw, cw);
        end_row(s, g);
    }
    rows_to(s, g, g->rows - 3);
    /* under the map: the overworld's place in the world, as poke327 shows it */
    if (is_overworld(g))
        place_out(s, g, ", ");
    end_row(s, g);
    /* the status line, the tile's name last: a narrow terminal cuts it
     * there rather than wrap */
    text(s, g->gen->name);
    text(s, " seed ");
    number_out(s, (long)g->seed);
    text(s, " ");
    if (is_overworld(g)) {
        text(s, "map ");
        place_out(s, g, ",");
    } else {
        text(s, level_word(g));
        text(s, " ");
        number_out(s, g->level);
    }
    text(s, "  (");
    number_out(s, g->x);
    text(s, ",");
    number_out(s, g->y);
    text(s, ") turn ");
    number_out(s, (long)g->turn);
    text(s, "  ");
    text(s, bw_tiles[BW_AT(&g->map->grid, g->x, g->y)].name);
    end_row(s, g);
    /* the message, the command being typed, or what the cursor is on */
    if (g->in_cmd) {
        text(s, ":");
        text(s, g->cmd);
    } else if (g->mode == PLAY_LOOK) {
        int t = BW_AT(&g->map->grid, g->cx, g->cy), e = entity_at(g, g->cx, g->cy);
        text(s, "(");
        number_out(s, g->cx);
        text(s, ",");
        number_out(s, g->cy);
        text(s, ") ");
        if (g->cx == g->x && g->cy == g->y)
            text(s, "you, on ");
        if (!BW_PGET(g->seen, g->cx, g->cy)) {
            text(s, "not seen yet");
        } else {
            if (e >= 0) {
                text(s, entities[e].name);
                text(s, " on ");
            }
            text(s, bw_tiles[t].name);
            link_out(s, g, t);
        }
    } else if (g->msg_on && g->log_n > 0) {
        int k = (g->log_next + PLAY_LOG - 1) % PLAY_LOG;
        message_out(s, g, g->log[k][0], g->log[k][1]);
    }
    end_row(s, g);
}

/* One legend entry: the glyph in its colour, the name, where it leads. */
static void legend_entry(screen *s, const play_game *g, char c, uint32_t col, const char *name, int t)
{
    text(s, " ");
    colour(s, g, col);
    glyph(s, c);
    plain(s, g);
    text(s, " ");
    text(s, name);
    if (t >= 0)
        link_out(s, g, t);
}

/* `?`: the keys, and a legend of the tiles and things on this level. */
static void help_screen(screen *s, const play_game *g)
{
    bw_tileset here;
    int i, t, x, y, k, per_row, n = 0, e_here = 0;
    for (i = 0; i < g->n_keys; i++) {
        text(s, g->keys[i]);
        end_row(s, g);
    }
    /* what is on this level: every tile kind of the grid, every entity */
    bw_tileset_clear(&here);
    for (y = 0; y < g->map->grid.h; y++)
        for (x = 0; x < g->map->grid.w; x++)
            bw_tileset_add(&here, BW_AT(&g->map->grid, x, y));
    for (i = 0; g->gen->id == BW_GEN_MDUNGEON && i < g->map->n_ent; i++)
        for (k = 0; k < N_ENTITIES; k++)
            if (entities[k].kind == g->map->ent[i].kind)
                e_here |= 1 << k;
    text(s, "On this ");
    text(s, level_word(g));
    text(s, ":");
    end_row(s, g);
    /* two columns when the terminal is wide enough */
    per_row = g->cols >= 80 ? 2 : 1;
    legend_entry(s, g, '@', 97, "you", -1);
    if (++n % per_row == 0)
        end_row(s, g);
    for (t = 0; t < BW_TILE_COUNT + N_ENTITIES; t++) {
        if (t < BW_TILE_COUNT ? !BW_TILESET_HAS(&here, t) : !(e_here >> (t - BW_TILE_COUNT) & 1))
            continue;
        if (n % per_row == 0) {
            if (s->row >= g->rows - 2) { /* the last row is the RAM's */
                text(s, " ... (a larger terminal shows the rest)");
                end_row(s, g);
                break;
            }
        } else {
            while (s->col < g->cols / 2)
                text(s, " ");
        }
        if (t < BW_TILE_COUNT)
            legend_entry(s, g, bw_tiles[t].glyph, bw_tiles[t].colour, bw_tiles[t].name, t);
        else
            legend_entry(s, g, entities[t - BW_TILE_COUNT].glyph, entities[t - BW_TILE_COUNT].colour,
                         entities[t - BW_TILE_COUNT].name, -1);
        if (++n % per_row == 0)
            end_row(s, g);
    }
    if (s->col > 0)
        end_row(s, g);
    rows_to(s, g, g->rows - 1);
    if (g->ram) {
        text(s, "RAM ");
        number_out(s, (long)g->ram);
        text(s, " B");
    }
    end_row(s, g);
}

/* `m`: the last messages, the newest last. */
static void messages_screen(screen *s, const play_game *g)
{
    int i;
    text(s, "Messages, the newest last (any key goes back)");
    end_row(s, g);
    for (i = 0; i < g->log_n; i++) {
        int k = (g->log_next + PLAY_LOG - g->log_n + i) % PLAY_LOG;
        text(s, " ");
        message_out(s, g, g->log[k][0], g->log[k][1]);
        end_row(s, g);
    }
    rows_to(s, g, g->rows);
}

uint32_t play_draw(const play_game *g, play_out out, void *ctx)
{
    screen s; /* on the stack: drawing never runs while a level is generated */
    s.out = out;
    s.ctx = ctx;
    s.hash = BW_GRID_FNV1A_INIT;
    s.n = 0;
    s.sgr = NO_SGR;
    s.col = s.row = 0;
    s.cols = g->cols;
    s.rows = g->rows;
    raw(&s, "\033[H");
    if (small(g)) {
        raw(&s, "\033[2J");
        text(&s, "burrow play needs 40 x 12.");
        s.rows = 1; /* one row, not ended: nothing scrolls */
        end_row(&s, g);
        return s.hash;
    }
    if (g->mode == PLAY_HELP)
        help_screen(&s, g);
    else if (g->mode == PLAY_MESSAGES)
        messages_screen(&s, g);
    else
        map_screen(&s, g);
    return s.hash;
}

int play_decode(const unsigned char *b, size_t n, size_t *used)
{
    /* ESC [ A..D, ESC [ H/F, ESC [ 1~ 4~ 5~ 6~ 7~ 8~, ESC O A..D (application
     * cursor keys), ESC O p..y (application keypad 0..9) */
    static const char arrows[] = "ABCDHF";
    static const int arrow_key[] = { PLAY_KEY_UP, PLAY_KEY_DOWN, PLAY_KEY_RIGHT, PLAY_KEY_LEFT,
                                     PLAY_KEY_HOME, PLAY_KEY_END };
    int i;
    *used = n ? 1 : 0;
    if (n == 0)
        return PLAY_KEY_NONE;
    if (b[0] != 27 || n < 3 || (b[1] != '[' && b[1] != 'O'))
        return b[0];
    for (i = 0; i < 6; i++)
        if (b[2] == (unsigned char)arrows[i]) {
            *used = 3;
            return arrow_key[i];
        }
    if (b[1] == 'O' && b[2] >= 'p' && b[2] <= 'y') {
        *used = 3;
        return '0' + (b[2] - 'p');
    }
    if (b[1] == '[' && n >= 4 && b[3] == '~' && b[2] >= '1' && b[2] <= '8') {
        static const int tilde[9] = { 0, PLAY_KEY_HOME, PLAY_KEY_NONE, PLAY_KEY_NONE, PLAY_KEY_END,
                                      PLAY_KEY_PGUP, PLAY_KEY_PGDN, PLAY_KEY_HOME, PLAY_KEY_END };
        *used = 4;
        return tilde[b[2] - '0'];
    }
    *used = 3;
    return PLAY_KEY_NONE;
}
