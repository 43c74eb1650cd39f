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

static void say(play_game *g, const char *a, const char *b)
{
    size_t n = 0;
    g->msg[0] = 0;
    put(g->msg, sizeof g->msg, &n, a);
    if (b)
        put(g->msg, sizeof g->msg, &n, b);
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
        int reach = pass == 0 ? 3 : BW_GRID_MAX;
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

/* Not inlined: its info (117 bytes) is on the stack only while it runs,
 * not under every level generated on the way down (20 KiB boards). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void abyss_tick(play_game *g)
{
    bw_abyss_info info; /* only its mask of redrawn areas is kept */
    int x, y;
    if (g->gen->id != BW_GEN_ABYSS || g->abyss_every <= 0 || g->turn - g->regen_turn < (uint32_t)g->abyss_every)
        return;
    g->regen_turn = g->turn;
    g->epoch++;
    /* 5.3: every area beyond the view is redrawn; the keep radius is the
     * view's, one more for the cell the player may step to, so no tile in
     * sight ever changes */
    if (bw_abyss_regenerate(g->map, g->seed, g->level, g->epoch, g->x, g->y, PLAY_VIEW + 1, &info) < 0)
        return;
    if (!g->own_seen) {
        bw_plane_clear(g->seen); /* plane b was the generator's scratch */
    } else {
        /* forget what was seen in the areas that were redrawn */
        for (y = 0; y < BW_ABYSS_SIZE; y++)
            for (x = 0; x < BW_ABYSS_SIZE; x++)
                if (BW_ABYSS_REDRAWN(&info, BW_ABYSS_AREA_OF(x, y)))
                    BW_PCLR(g->seen, x, y);
    }
    say(g, "The Abyss shifts out of sight.", 0);
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
        say(g, "The world ends here.", 0);
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
            say(g, "You walk through the gate.", 0);
        return;
    }
    if (!inside(g, nx, ny))
        return;
    t = tile_at(g, nx, ny);
    /* the tile's movement cost: rubble, boulders, pillars and the like are
     * climbed or dug through in several turns, so every tile the
     * connectivity rules count is reachable; 0 is a wall */
    if (bw_tile_cost(t) == 0) {
        say(g, "In the way: ", bw_tiles[t].name);
        return;
    }
    g->x = nx;
    g->y = ny;
    g->turn += (uint32_t)bw_tile_cost(t);
    if (bw_tile_passable(t))
        g->msg[0] = 0;
    else
        say(g, "You climb over the ", bw_tiles[t].name);
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
        say(g, dir > 0 ? "Nothing leads down here." : "Nothing leads up here.", 0);
        return;
    }
    if (generate(g, to, &g->opts) != 0) {
        say(g, "The way is blocked.", 0);
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
    say(g, dir > 0 ? "You go down to level " : "You climb up to level ", 0);
    {
        size_t n = slen(g->msg);
        put_int(g->msg, sizeof g->msg, &n, to);
        put(g->msg, sizeof g->msg, &n, ".");
    }
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
                say(g, "Distance maps are the overworld's.", 0);
                return;
            }
            if (bw_overworld_distance(g->map, g->x, g->y, i % 2 ? BW_OVERWORLD_RIVAL : BW_OVERWORLD_HIKER,
                                      g->dist_map) != 0)
                return;
            g->dist = i + 1;
            say(g, i % 2 ? "The rival's distance to you." : "The hiker's distance to you.",
                i >= 2 ? " Two digits a tile (cost mod 100), as poke327 prints it." : " The tens digit of each tile's cost.");
            return;
        }
    }
    if (c[0] == 'f' && c[1] == ' ') {
        c += 2;
        if (!is_overworld(g) || !parse_int(&c, &x) || !parse_int(&c, &y)) {
            say(g, "Fly: f X Y, in the overworld.", 0);
            return;
        }
        if (travel(g, x, y, -1) == 0)
            say(g, "You fly.", 0);
        return;
    }
    say(g, "Unknown command: ", g->cmd);
}

/* ---- keys ---- */

int play_key(play_game *g, int key)
{
    static const char dirs[] = "hjklyubn";
    static const int ddx[8] = { -1, 0, 0, 1, -1, 1, -1, 1 }, ddy[8] = { 0, 1, -1, 0, -1, -1, 1, 1 };
    /* numeric keypad: 1..9 around 5 */
    static const int kdx[10] = { 0, -1, 0, 1, -1, 0, 1, -1, 0, 1 }, kdy[10] = { 0, 1, 1, 1, 0, 0, 0, -1, -1, -1 };
    int i;
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
            g->msg[0] = 0;
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
    g->dist = 0;
    if (key == 'q' || key == 3 || key == 4) /* q, Ctrl-C, Ctrl-D */
        return 1;
    if (key == ':') {
        g->in_cmd = 1;
        g->cmd_len = 0;
        g->cmd[0] = 0;
        return 0;
    }
    for (i = 0; i < 8; i++)
        if (key == dirs[i]) {
            step(g, ddx[i], ddy[i]);
            goto moved;
        }
    if (key >= '1' && key <= '9' && key != '5') {
        step(g, kdx[key - '0'], kdy[key - '0']);
        goto moved;
    }
    switch (key) {
    case PLAY_KEY_UP: step(g, 0, -1); goto moved;
    case PLAY_KEY_DOWN: step(g, 0, 1); goto moved;
    case PLAY_KEY_LEFT: step(g, -1, 0); goto moved;
    case PLAY_KEY_RIGHT: step(g, 1, 0); goto moved;
    case PLAY_KEY_HOME: step(g, -1, -1); goto moved;
    case PLAY_KEY_PGUP: step(g, 1, -1); goto moved;
    case PLAY_KEY_END: step(g, -1, 1); goto moved;
    case PLAY_KEY_PGDN: step(g, 1, 1); goto moved;
    case '.': case '5': g->turn++; g->msg[0] = 0; goto moved; /* wait a turn */
    case '>': climb(g, +1); goto moved;
    case '<': climb(g, -1); goto moved;
    default:
        say(g, "Keys: arrows hjklyubn 1-9 move, < > climb, : command, q quit", 0);
        return 0;
    }
moved:
    abyss_tick(g);
    look(g);
    return 0;
}

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
    g->msg[0] = g->cmd[0] = 0;
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
    say(g, "Welcome. Arrows or hjklyubn move, < > climb, q quits.", 0);
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
} screen;

#define NO_SGR 0xffffffffu

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
 * wrap, and on the last row the wrap would scroll the top row away. */
static void text(screen *s, const char *t)
{
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

/* A colour of the tile table, as the SGR parameters `burrow --format ansi`
 * writes (bw_colour_sgr), after a reset so no background of the cell
 * before lingers. */
static void colour(screen *s, const play_game *g, uint32_t c)
{
    char sgr[BW_SGR_MAX];
    if (!g->colour || c == s->sgr)
        return;
    bw_colour_sgr(c, sgr);
    raw(s, "\033[0;");
    raw(s, sgr);
    raw(s, "m");
    s->sgr = c;
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
 * a line end unless it is the frame's last row. A line feed on the
 * terminal's bottom row scrolls the screen, and the top row with it. */
static void end_row(screen *s, const play_game *g, int last)
{
    if (g->colour && s->sgr != NO_SGR) {
        raw(s, "\033[0m");
        s->sgr = NO_SGR;
    }
    if (s->col < s->cols)
        raw(s, "\033[K");
    if (!last)
        raw(s, "\r\n");
    s->col = 0;
    emit(s);
}

#define DIM 90 /* seen before, out of sight now */

uint32_t play_draw(const play_game *g, play_out out, void *ctx)
{
    screen s; /* on the stack: drawing never runs while a level is generated */
    int w = g->map->grid.w, h = g->map->grid.h, vw, vh, ox, oy, x, y;
    s.out = out;
    s.ctx = ctx;
    s.hash = BW_GRID_FNV1A_INIT;
    s.n = 0;
    s.sgr = NO_SGR;
    s.col = 0;
    s.cols = g->cols;
    raw(&s, "\033[H");
    if (g->cols < PLAY_MIN_COLS || g->rows < PLAY_MIN_ROWS) {
        raw(&s, "\033[2J");
        text(&s, "burrow play needs 40 x 12.");
        end_row(&s, g, 1);
        return s.hash;
    }
    if (g->dist >= 3) /* hh, rr: two columns a tile, as poke327 prints them */
        w = w * 2;
    vw = w < g->cols ? w : g->cols;
    vh = h < g->rows - 3 ? h : g->rows - 3;
    ox = bw_clamp((g->dist >= 3 ? 2 * g->x : g->x) - vw / 2, 0, w - vw);
    oy = bw_clamp(g->y - vh / 2, 0, h - vh);
    for (y = oy; y < oy + vh; y++) {
        for (x = ox; x < ox + vw; x++) {
            int t;
            if (g->dist) {
                int tx = g->dist >= 3 ? x / 2 : x;
                unsigned d = g->dist_map[y][tx];
                if (tx == g->x && y == g->y) {
                    colour(&s, g, 97);
                    glyph(&s, '@');
                } else if (d == BW_OVERWORLD_INF) {
                    colour(&s, g, DIM);
                    glyph(&s, ' ');
                } else {
                    colour(&s, g, bw_tiles[BW_AT(&g->map->grid, tx, y)].colour);
                    glyph(&s, (char)('0' + (g->dist >= 3 ? (x % 2 ? d % 10 : d / 10 % 10) : d / 10 % 10)));
                }
                continue;
            }
            t = BW_AT(&g->map->grid, x, y);
            if (x == g->x && y == g->y) {
                colour(&s, g, 97);
                glyph(&s, '@');
            } else if (BW_PGET(&g->map->a, x, y)) {
                colour(&s, g, bw_tiles[t].colour);
                glyph(&s, bw_tiles[t].glyph);
            } else if (BW_PGET(g->seen, x, y)) {
                colour(&s, g, DIM);
                glyph(&s, bw_tiles[t].glyph);
            } else {
                glyph(&s, ' ');
            }
        }
        end_row(&s, g, 0);
    }
    for (; y < g->rows - 3; y++)
        end_row(&s, g, 0);
    /* under the map: the overworld's place in the world, as poke327 shows it */
    if (is_overworld(g)) {
        text(&s, "(");
        number_out(&s, g->opts.x);
        text(&s, ", ");
        number_out(&s, g->opts.y);
        text(&s, ")");
    }
    end_row(&s, g, 0);
    /* the status line */
    text(&s, g->gen->name);
    text(&s, " seed ");
    number_out(&s, (long)g->seed);
    text(&s, " level ");
    number_out(&s, g->level);
    text(&s, "  (");
    number_out(&s, g->x);
    text(&s, ",");
    number_out(&s, g->y);
    text(&s, ") turn ");
    number_out(&s, (long)g->turn);
    text(&s, "  ");
    text(&s, bw_tiles[BW_AT(&g->map->grid, g->x, g->y)].name);
    text(&s, "  RAM ");
    number_out(&s, (long)g->ram);
    text(&s, " B");
    end_row(&s, g, 0);
    /* the message, or the command being typed */
    if (g->in_cmd) {
        text(&s, ":");
        text(&s, g->cmd);
    } else {
        text(&s, g->msg);
    }
    end_row(&s, g, 1); /* no line end: the frame fills the terminal to its last row */
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
