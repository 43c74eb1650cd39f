/* The Morlock Pits (rules 3.1 - 3.5, docs/morlock.md),
 * include/burrow/morlock.h. Each test is named after the rule it checks
 * and runs SEEDS(500) seeds (a tenth on the boards). The process is
 * watched through its trace callback and its plan; the levels are checked
 * on the grid. Every test keeps one bw_morlock_plan on its stack (632 B;
 * helpers get a pointer to it) and draws with bw_morlock_level into it,
 * so it fits the 20 KiB board. */
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;
static bw_grid *const g = &arena.map.grid;

#define LEVELS BW_MORLOCK_LEVELS
#define SEG BW_MORLOCK_SEGMENT

static void render(uint32_t s, int level, const bw_morlock_cfg *c, bw_morlock_plan *p)
{
    t_seed(s);
    CHECK(bw_morlock_level(m, s, level, c, p) == 0);
}

static int connects(int t) { return (bw_tiles[t].flags & BW_CONNECTS) != 0; }

/* Rule 3.4's open squares: every tile that connects (BW_CONNECTS) or that can
 * be walked on (BW_PASS, passages). */
static void open_set(bw_tileset *ts)
{
    int t;
    bw_tileset_from_flags(ts, BW_CONNECTS);
    for (t = 0; t < BW_TILE_COUNT; t++)
        if (bw_tile_passable(t))
            bw_tileset_add(ts, t);
}

static int count_flag(unsigned flag)
{
    int x, y, n = 0;
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            n += (bw_tiles[BW_AT(g, x, y)].flags & flag) != 0;
    return n;
}

/* The door of side s of a template, by the rule the templates follow
 * (checked by morlock_templates_are_sound). */
static int door_x(const bw_morlock_template *t, int s) { return s == 1 ? t->w - 1 : s == 3 ? 0 : t->w / 2; }
static int door_y(const bw_morlock_template *t, int s) { return s == 2 ? t->h - 1 : s == 0 ? 0 : t->h / 2; }

/* 1 if (x, y) lies in the brush of tunnel t (offsets -1..1, 0..1 or 0). */
static int in_brush(const bw_morlock_tunnel *t, int x, int y)
{
    int lo = t->width == 3 ? -1 : 0, hi = t->width >= 2;
    return x >= t->x + lo && x <= t->x + hi && y >= t->y + lo && y <= t->y + hi;
}

/* ------------------------------------------------------- rule 3.1 */

typedef struct start_ctx {
    int events, left_dlvl1, bad;
} start_ctx;

static void trace_start(void *vc, int kind, const bw_morlock_plan *p, const bw_morlock_tunnel *t, int arg)
{
    start_ctx *c = (start_ctx *)vc;
    (void)p;
    (void)arg;
    if (kind == BW_MORLOCK_E_PIT || kind == BW_MORLOCK_E_RESPAWN)
        c->left_dlvl1 = 1;
    if (!t)
        return;
    if (c->events++ == 0) /* the first decision: one segment from the centre */
        c->bad |= bw_chebyshev(t->x, t->y, BW_MORLOCK_START_X, BW_MORLOCK_START_Y) > SEG;
    if (!c->left_dlvl1 && !(kind == BW_MORLOCK_E_PIT || kind == BW_MORLOCK_E_RESPAWN))
        c->bad |= t->level != 0; /* until a pit or a respawn, all is on DLVL 1 */
}

/* Rule 3.1: the first tunnel begins at the centre of DLVL 1 (60, 60): the
 * first decision is made one segment from it, everything before the first
 * pit or respawn happens on DLVL 1, and on the grid the centre is walkable
 * (BW_PASS: no room may put a pillar or rubble on it; rooms over the
 * centre are counted, so the case occurs) and a walkable tunnel leads from
 * it. */
static void morlock_3_1_central_tunnel_begins_on_dlvl_1(void)
{
    bw_morlock_plan p;
    bw_tileset walk;
    start_ctx c;
    uint32_t s, over = 0;
    int k;
    bw_tileset_from_flags(&walk, BW_PASS);
    FOR_SEEDS(s, 500) {
        t_seed(s);
        c.events = c.left_dlvl1 = c.bad = 0;
        CHECK(bw_morlock_plan_run(&p, s, 0, trace_start, &c) == 0);
        CHECK(c.events > 0 && !c.bad);
        render(s, 1, 0, &p);
        CHECK(bw_tile_passable(BW_AT(g, BW_MORLOCK_START_X, BW_MORLOCK_START_Y)));
        bw_plane_clear(&m->a);
        CHECK(bw_fill_flood(&m->fill, g, &walk, &m->a, BW_MORLOCK_START_X, BW_MORLOCK_START_Y) > SEG);
        for (k = 0; k < p.n_rooms[0]; k++) {
            const bw_morlock_room *o = &p.room[0][k];
            const bw_morlock_template *tp = &bw_morlock_templates[o->tmpl];
            over += o->x <= BW_MORLOCK_START_X && BW_MORLOCK_START_X < o->x + tp->w &&
                    o->y <= BW_MORLOCK_START_Y && BW_MORLOCK_START_Y < o->y + tp->h;
        }
    }
    CHECK(over > 0);
    t_info("morlock_rooms_over_the_start", over);
}

/* ------------------------------------------------------- rule 3.2 */

/* What each interval tried, told apart through the trace: the first event
 * of a decision names the outcome drawn (a refusal comes before the
 * continue it turns into); a decision that began with DUG_OUT was forced. */
typedef struct roll_ctx {
    int att, forced;
    uint32_t drawn[BW_MORLOCK_E_DECISIONS], total, forced_n, widths[4], bad;
} roll_ctx;

static void trace_roll(void *vc, int kind, const bw_morlock_plan *p, const bw_morlock_tunnel *t, int arg)
{
    static const int8_t refused_as[] = { BW_MORLOCK_E_FORK, BW_MORLOCK_E_PIT, BW_MORLOCK_E_ROOM };
    roll_ctx *c = (roll_ctx *)vc;
    (void)p;
    (void)arg;
    if (t) {
        c->bad |= t->width < 1 || t->width > 3;
        c->widths[t->width & 3]++;
    }
    if (kind == BW_MORLOCK_E_DUG_OUT) {
        c->forced = 1;
    } else if (kind >= BW_MORLOCK_E_FORK_REFUSED && kind <= BW_MORLOCK_E_ROOM_REFUSED) {
        if (c->att < 0)
            c->att = refused_as[kind - BW_MORLOCK_E_FORK_REFUSED];
    } else if (kind < BW_MORLOCK_E_DECISIONS) {
        if (c->att < 0)
            c->att = kind;
        if (c->forced)
            c->forced_n++;
        else {
            c->drawn[c->att]++;
            c->total++;
        }
        c->att = -1;
        c->forced = 0;
    }
}

/* Rule 3.2's five outcomes are drawn with the weights docs/morlock.md states
 * (continue 47, turn 26, fork 12, pit 3, room 12 in 100), each within 4
 * sigma over about 390,000 free decisions; tunnels are 1 to 3 wide and
 * all three widths occur. */
static void morlock_3_2_outcomes_drawn_with_stated_weights(void)
{
    static const uint32_t weight[BW_MORLOCK_E_DECISIONS] = { 47, 26, 12, 3, 12 };
    bw_morlock_plan p;
    roll_ctx c;
    uint32_t s;
    int k;
    for (k = 0; k < BW_MORLOCK_E_DECISIONS; k++)
        c.drawn[k] = 0;
    c.total = c.forced_n = c.bad = 0;
    c.widths[0] = c.widths[1] = c.widths[2] = c.widths[3] = 0;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        c.att = -1;
        c.forced = 0;
        bw_morlock_plan_run(&p, s, 0, trace_roll, &c);
    }
    CHECK(!c.bad && c.widths[1] > 0 && c.widths[2] > 0 && c.widths[3] > 0);
    CHECK(c.forced_n > 0);
    for (k = 0; k < BW_MORLOCK_E_DECISIONS; k++) {
        /* |drawn - total w/100| <= 4 sigma, sigma^2 = total w (100 - w) / 100^2;
         * compared squared, in 64 bits */
        int64_t dev = (int64_t)c.drawn[k] * 100 - (int64_t)c.total * weight[k];
        int64_t var = (int64_t)c.total * weight[k] * (100 - weight[k]);
        CHECK(dev * dev <= 16 * var);
        t_info("morlock_outcome_per_mille", c.drawn[k] * 1000u / c.total);
    }
}

typedef struct head_ctx {
    uint32_t turned[8], forked[8], continued, bad;
} head_ctx;

/* The heading a decision left (t->dir) against the one before it (arg),
 * in eighths clockwise: 0..7. */
static int turned_by(const bw_morlock_tunnel *t, int arg) { return (t->dir - arg + 8) & 7; }

static void trace_head(void *vc, int kind, const bw_morlock_plan *p, const bw_morlock_tunnel *t, int arg)
{
    head_ctx *c = (head_ctx *)vc;
    const bw_morlock_tunnel *parent;
    if (kind == BW_MORLOCK_E_CONTINUE) {
        c->continued++;
        c->bad |= t->dir != arg;
    } else if (kind == BW_MORLOCK_E_TURN) {
        c->turned[turned_by(t, arg)]++;
    } else if (kind == BW_MORLOCK_E_FORK) {
        /* pushed last: the new tunnel; just before it: the parent */
        parent = &p->queue[(p->head + p->active - 2) % BW_MORLOCK_QUEUE];
        c->forked[turned_by(t, arg)]++;
        c->bad |= turned_by(parent, arg) != 7;
        c->bad |= parent->x != t->x || parent->y != t->y || parent->level != t->level;
    }
}

/* Rule 3.2's continue, turn and fork: a continue keeps its heading; a turn
 * changes it by -90, -45, +45 or +90 degrees, and all four occur (the
 * anticlockwise ones are negative steps, reduced modulo 8); a fork leaves
 * two tunnels on the same cell, the old one 45 degrees left, the new one 45
 * or 90 right, both of which occur. */
static void morlock_3_2_continue_turn_fork_headings(void)
{
    bw_morlock_plan p;
    head_ctx c;
    uint32_t s;
    int k;
    for (k = 0; k < 8; k++)
        c.turned[k] = c.forked[k] = 0;
    c.continued = c.bad = 0;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        bw_morlock_plan_run(&p, s, 0, trace_head, &c);
    }
    CHECK(!c.bad && c.continued > 0);
    CHECK(c.turned[0] == 0 && c.turned[3] == 0 && c.turned[4] == 0 && c.turned[5] == 0);
    CHECK(c.turned[1] > 0 && c.turned[2] > 0 && c.turned[6] > 0 && c.turned[7] > 0);
    for (k = 0; k < 8; k++)
        CHECK((k == 1 || k == 2) == (c.forked[k] > 0));
}

typedef struct pit_ctx {
    int pits, up, down, bad;
} pit_ctx;

static void trace_pit(void *vc, int kind, const bw_morlock_plan *p, const bw_morlock_tunnel *t, int arg)
{
    pit_ctx *c = (pit_ctx *)vc;
    const bw_morlock_pit *q;
    if (kind != BW_MORLOCK_E_PIT)
        return;
    q = &p->pit[arg];
    c->pits++;
    c->down += q->down != 0;
    c->up += q->down == 0;
    /* the new tunnel leads on from the pit, on the next level */
    c->bad |= t->x != q->x || t->y != q->y;
    c->bad |= q->upper >= LEVELS - 1;
    c->bad |= t->level != (q->down ? q->upper + 1 : q->upper);
}

/* Rule 3.2: a tunnel dead ends into a pit to the next DLVL up or down and a new
 * tunnel leads on from the pit on that DLVL (same x, y); both ways happen;
 * DLVL 1 has no link up and DLVL 5 none down; on the grid every link has
 * an open square next to it that is no link (the tunnel leading on). */
static void morlock_3_2_pits_lead_up_or_down_to_a_new_tunnel(void)
{
    bw_morlock_plan p;
    pit_ctx c;
    uint32_t s;
    int l, x, y, k, ups = 0, downs = 0;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        c.pits = c.up = c.down = c.bad = 0;
        bw_morlock_plan_run(&p, s, 0, trace_pit, &c);
        CHECK(c.pits > 0 && !c.bad);
        ups += c.up;
        downs += c.down;
        for (l = 1; l <= LEVELS; l++) {
            render(s, l, 0, &p);
            if (l == 1)
                CHECK(count_flag(BW_UP) == 0);
            if (l == LEVELS)
                CHECK(count_flag(BW_DOWN) == 0);
            for (y = 1; y < 119; y++)
                for (x = 1; x < 119; x++) {
                    int open_next = 0;
                    if (bw_tile_link(BW_AT(g, x, y)) == 0)
                        continue;
                    for (k = 0; k < 4; k++) {
                        uint8_t n = BW_AT(g, x + bw_dx4[k], y + bw_dy4[k]);
                        open_next |= connects(n) && bw_tile_link(n) == 0;
                    }
                    CHECK(open_next);
                }
        }
    }
    CHECK(ups > 0 && downs > 0);
}

typedef struct room_ctx {
    int rooms, bad;
} room_ctx;

static void trace_room(void *vc, int kind, const bw_morlock_plan *p, const bw_morlock_tunnel *t, int arg)
{
    room_ctx *c = (room_ctx *)vc;
    const bw_morlock_room *o;
    const bw_morlock_template *tp;
    int side;
    if (kind != BW_MORLOCK_E_ROOM)
        return;
    o = &p->room[t->level][arg];
    tp = &bw_morlock_templates[o->tmpl];
    c->rooms++;
    /* one door open, and the tunnel's end touches the cell outside it */
    for (side = 0; side < 4 && o->doors != (1u << side); side++)
        ;
    if (side == 4) {
        c->bad = 1;
        return;
    }
    c->bad |= !in_brush(t, o->x + door_x(tp, side) + bw_dx4[side], o->y + door_y(tp, side) + bw_dy4[side]);
}

/* The template drawn at o: inside cells are their tile, open doors a
 * door, walls a ruined wall or dirt where a tunnel breached them; links may
 * sit anywhere. */
static int room_drawn(const bw_morlock_room *o)
{
    const bw_morlock_template *tp = &bw_morlock_templates[o->tmpl];
    int i, j, ok = 1;
    for (j = 0; j < tp->h; j++)
        for (i = 0; i < tp->w; i++) {
            char ch = tp->cells[j * tp->w + i];
            uint8_t t = BW_AT(g, o->x + i, o->y + j);
            int side = ch == 'n' ? 0 : ch == 'e' ? 1 : ch == 's' ? 2 : ch == 'w' ? 3 : -1;
            if (ch == ' ' || bw_tile_link(t) != 0)
                continue;
            if (ch == '.')
                ok &= t == BW_T_FLOOR;
            else if (ch == 'I')
                ok &= t == BW_T_PILLAR;
            else if (ch == '~')
                ok &= t == BW_T_SHALLOW;
            else if (ch == ':')
                ok &= t == BW_T_RUBBLE;
            else if (side >= 0 && (o->doors >> side & 1))
                ok &= t == BW_T_DOOR;
            else
                ok &= t == BW_T_BWALL || t == BW_T_CRUMBLE_WALL || t == BW_T_BROKEN_WALL ||
                      t == BW_T_RUBBLE || t == BW_T_DIRT;
        }
    return ok;
}

/* Rule 3.2: a tunnel dead ends into a hard-coded room: the cell outside the
 * room's one open door lies in the tunnel's brush when the room is made,
 * and the tunnel ends there (the count of active tunnels);
 * on the grid every room of the plan is its template, in ruins; rooms of
 * a level keep a cell apart; every template is used. */
static void morlock_3_2_dead_ends_into_template_rooms(void)
{
    bw_morlock_plan p;
    room_ctx c;
    uint32_t s, used = 0;
    int l, k, j;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        c.rooms = c.bad = 0;
        bw_morlock_plan_run(&p, s, 0, trace_room, &c);
        CHECK(c.rooms > 0 && !c.bad);
        /* a room is a dead end: the tunnels left are those begun (the
         * first, forks, respawns) less those a room ended; a pit ends one
         * and begins one */
        CHECK(p.active == 0);
        CHECK(1 + p.events[BW_MORLOCK_E_FORK] + p.events[BW_MORLOCK_E_RESPAWN] ==
              p.events[BW_MORLOCK_E_ROOM] + p.events[BW_MORLOCK_E_FINISH_ROOM] +
                  p.events[BW_MORLOCK_E_FINISH_PIT]);
        for (l = 0; l < LEVELS; l++) {
            render(s, l + 1, 0, &p);
            for (k = 0; k < p.n_rooms[l]; k++) {
                const bw_morlock_room *a = &p.room[l][k];
                const bw_morlock_template *ta = &bw_morlock_templates[a->tmpl];
                used |= 1u << a->tmpl;
                CHECK(room_drawn(a));
                for (j = 0; j < k; j++) {
                    const bw_morlock_room *b = &p.room[l][j];
                    const bw_morlock_template *tb = &bw_morlock_templates[b->tmpl];
                    CHECK(a->x > b->x + tb->w || b->x > a->x + ta->w ||
                          a->y > b->y + tb->h || b->y > a->y + ta->h);
                }
            }
        }
    }
    CHECK(used == (1u << BW_MORLOCK_TEMPLATES) - 1);
}

/* The templates: the four doors where the rule puts them and behind each
 * a floor cell; the walls close the inside (no inside cell next to the
 * outside or the template's edge); every inside cell next to a wall is
 * floor; the floor (with pools, which are walkable) is one 4-connected
 * piece; template 0 is the fallback's 15 x 11 and none exceeds 21 x 17 (the
 * fallback's lattice argument). */
static void morlock_templates_are_sound(void)
{
    int k, i, j, s, n;
    for (k = 0; k < BW_MORLOCK_TEMPLATES; k++) {
        const bw_morlock_template *t = &bw_morlock_templates[k];
        uint8_t seen[21 * 17];
        int walk = 0, reached = 0, changed = 1, len = 0;
        t_seed((uint32_t)k);
        while (t->cells[len])
            len++;
        REQUIRE(len == t->w * t->h && t->w <= 21 && t->h <= 17);
        for (s = 0; s < 4; s++) {
            int dx = door_x(t, s), dy = door_y(t, s);
            CHECK(t->cells[dy * t->w + dx] == "nesw"[s]);
            CHECK(t->cells[(dy - bw_dy4[s]) * t->w + dx - bw_dx4[s]] == '.');
        }
        for (i = n = 0; i < len; i++)
            n += t->cells[i] == 'n' || t->cells[i] == 'e' || t->cells[i] == 's' || t->cells[i] == 'w';
        CHECK(n == 4);
        for (j = 0; j < t->h; j++)
            for (i = 0; i < t->w; i++) {
                char ch = t->cells[j * t->w + i];
                int inside = ch == '.' || ch == 'I' || ch == '~' || ch == ':';
                CHECK(inside || ch == ' ' || ch == '#' || ch == 'n' || ch == 'e' || ch == 's' || ch == 'w');
                seen[j * t->w + i] = 0;
                walk += ch == '.' || ch == '~';
                if (!inside)
                    continue;
                for (s = 0; s < 4; s++) {
                    int x = i + bw_dx4[s], y = j + bw_dy4[s];
                    char nb = x < 0 || y < 0 || x >= t->w || y >= t->h ? ' ' : t->cells[y * t->w + x];
                    CHECK(nb != ' ');
                    if (nb == '#' || nb == 'n' || nb == 'e' || nb == 's' || nb == 'w')
                        CHECK(ch == '.');
                }
            }
        /* the walkable cells from the north door's inner cell */
        seen[1 * t->w + door_x(t, 0)] = 1;
        while (changed) {
            changed = 0;
            for (i = 0; i < len; i++)
                if (!seen[i] && (t->cells[i] == '.' || t->cells[i] == '~'))
                    for (s = 0; s < 4; s++) {
                        int x = i % t->w + bw_dx4[s], y = i / t->w + bw_dy4[s];
                        if (x >= 0 && y >= 0 && x < t->w && y < t->h && seen[y * t->w + x]) {
                            seen[i] = 1;
                            changed = 1;
                            break;
                        }
                    }
        }
        for (i = 0; i < len; i++)
            reached += seen[i];
        CHECK(reached == walk);
    }
    CHECK(bw_morlock_templates[0].w == 15 && bw_morlock_templates[0].h == 11);
}

/* ------------------------------------------------------- rule 3.3 */

typedef struct spawn_ctx {
    bw_morlock_cfg cfg;
    int expect, respawns, bad;
    /* uniform choice: how often the last room (then the first) was picked,
     * against the sum of 1/n, in 1/2^16 */
    uint32_t last, first;
    uint64_t expect16, var16;
} spawn_ctx;

static void trace_spawn(void *vc, int kind, const bw_morlock_plan *p, const bw_morlock_tunnel *t, int arg)
{
    spawn_ctx *c = (spawn_ctx *)vc;
    int n = 0, l, k = arg, side;
    const bw_morlock_room *o;
    const bw_morlock_template *tp;
    if (kind != BW_MORLOCK_E_RESPAWN) {
        /* a room that leaves no tunnel active, with steps left, must be
         * followed by a respawn before anything else */
        c->bad |= c->expect;
        c->expect = kind == BW_MORLOCK_E_ROOM && p->active == 0 && p->steps + SEG <= c->cfg.steps;
        return;
    }
    c->bad |= !c->expect || p->active != 1;
    c->expect = 0;
    c->respawns++;
    for (l = 0; l < LEVELS; l++)
        n += p->n_rooms[l];
    if (arg < 0 || arg >= n) {
        c->bad = 1;
        return;
    }
    c->last += arg == n - 1;
    c->first += arg == 0;
    c->expect16 += 65536u / (uint32_t)n;
    c->var16 += 65536u / (uint32_t)n - 65536u / ((uint32_t)n * (uint32_t)n);
    for (l = 0; k >= p->n_rooms[l]; l++)
        k -= p->n_rooms[l];
    o = &p->room[l][k];
    tp = &bw_morlock_templates[o->tmpl];
    side = t->dir / 2;
    /* leaves the chosen room by a door it opened, heading straight out */
    c->bad |= t->level != l || (t->dir & 1) || !(o->doors >> side & 1);
    c->bad |= !in_brush(t, o->x + door_x(tp, side) + bw_dx4[side], o->y + door_y(tp, side) + bw_dy4[side]);
}

static void spawn_run(spawn_ctx *c, int steps, int queue, int seeds)
{
    bw_morlock_plan p;
    uint32_t s;
    c->cfg.steps = (uint16_t)steps;
    c->cfg.queue = (uint8_t)queue;
    for (s = 0; s < (uint32_t)seeds; s++) {
        t_seed(s);
        c->expect = 0;
        bw_morlock_plan_run(&p, s, &c->cfg, trace_spawn, c);
        CHECK(!c->expect || p.steps + SEG > c->cfg.steps);
    }
}

/* Rule 3.3: whenever every tunnel has dead ended (a room took the last one)
 * with steps left, the next event is a respawn: a room, chosen uniformly
 * among all rooms so far, sends a tunnel out of one of its doors. With the
 * defaults this happens on some seeds; with a queue of one tunnel (no
 * forks) after every room, which gives the numbers for the uniformity
 * check (the last and the first room are picked as often as sum(1/n)
 * says, within 4 sigma). */
static void morlock_3_3_a_room_sends_a_tunnel_when_all_dead_ended(void)
{
    spawn_ctx c;
    int dflt;
    c.respawns = c.bad = 0;
    c.last = c.first = 0;
    c.expect16 = c.var16 = 0;
    spawn_run(&c, BW_MORLOCK_STEPS, BW_MORLOCK_QUEUE_DEFAULT, SEEDS(500));
    dflt = c.respawns;
    spawn_run(&c, BW_MORLOCK_STEPS, 1, SEEDS(500));
    CHECK(!c.bad);
    CHECK(dflt > SEEDS(500) / 2);
    CHECK(c.respawns - dflt > SEEDS(500) * 10);
    t_info("morlock_respawns_default", (uint32_t)dflt);
    t_info("morlock_respawns_queue1", (uint32_t)(c.respawns - dflt));
    {
        int64_t dl = (int64_t)c.last * 65536 - (int64_t)c.expect16;
        int64_t df = (int64_t)c.first * 65536 - (int64_t)c.expect16;
        int64_t v = (int64_t)c.var16 * 65536; /* sigma^2 in 1/2^32 */
        CHECK(dl * dl <= 16 * v);
        CHECK(df * df <= 16 * v);
    }
}

/* ------------------------------------------------------- rule 3.4 */

/* Every pit on DLVL n at (x, y) has a ladder up at (x, y) on DLVL n + 1,
 * and every ladder a pit above it: the two lists are the same, and match
 * the plan. */
static void check_links(uint32_t s, const bw_morlock_cfg *cfg, bw_morlock_plan *p)
{
    uint8_t px[BW_MORLOCK_PITS], py[BW_MORLOCK_PITS];
    int n, k, x, y, np = 0;
    for (n = 1; n <= LEVELS; n++) {
        int planned = 0;
        render(s, n, cfg, p);
        /* the pits of DLVL n - 1 are ladders here */
        for (k = 0; k < np; k++)
            CHECK(BW_AT(g, px[k], py[k]) == BW_T_LADDER);
        CHECK(count_flag(BW_UP) == np);
        np = 0;
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++) {
                uint8_t t = BW_AT(g, x, y);
                if (bw_tile_link(t) < 0) {
                    CHECK(t == BW_T_PIT);
                    if (np < BW_MORLOCK_PITS) {
                        px[np] = (uint8_t)x;
                        py[np++] = (uint8_t)y;
                    }
                }
                if (bw_tile_link(t) > 0)
                    CHECK(t == BW_T_LADDER);
            }
        for (k = 0; k < p->n_pits; k++)
            planned += p->pit[k].upper == n - 1;
        CHECK(planned == np && count_flag(BW_DOWN) == np);
    }
}

static void morlock_3_4_links_pair_across_levels(void)
{
    bw_morlock_plan p;
    uint32_t s;
    FOR_SEEDS(s, 500)
        check_links(s, 0, &p);
}

static uint8_t uf_find(uint8_t *parent, int a)
{
    while (parent[a] != a)
        a = parent[a] = parent[parent[a]];
    return (uint8_t)a;
}

/* The graph whose nodes are the 4-connected regions of open squares
 * (BW_CONNECTS or BW_PASS: open_set) of all five levels and whose edges are the pits (a pit
 * joins the region round it on DLVL n to the region round its ladder on
 * n + 1) is connected. Kept small: union-find over the pits and the start;
 * each region joins every link it holds, and must hold one (or the start),
 * and at the end all is one set. */
static void check_region_graph(uint32_t s, const bw_morlock_cfg *cfg, bw_morlock_plan *p)
{
    bw_tileset open;
    uint8_t parent[BW_MORLOCK_PITS + 1];
    uint32_t seen[(BW_MORLOCK_PITS + 1 + 31) / 32];
    int l, k, n, root, start;
    open_set(&open);
    render(s, 1, cfg, p);
    n = p->n_pits;
    start = n;
    for (k = 0; k <= n; k++)
        parent[k] = (uint8_t)k;
    for (l = 0; l < LEVELS; l++) {
        int x = 0, y = 0, regions = 0;
        render(s, l + 1, cfg, p);
        REQUIRE(p->n_pits == n);
        bw_plane_clear(&m->a);
        for (k = 0; k < (int)(sizeof seen / sizeof seen[0]); k++)
            seen[k] = 0;
        while (bw_fill_region_next(&m->fill, g, &open, &m->a, &x, &y) > 0) {
            int first = -1;
            regions++;
            for (k = 0; k <= n; k++) {
                int kx, ky;
                if (seen[k >> 5] >> (k & 31) & 1)
                    continue;
                if (k == start) {
                    if (l != 0)
                        continue;
                    kx = BW_MORLOCK_START_X;
                    ky = BW_MORLOCK_START_Y;
                } else {
                    if (p->pit[k].upper != l && p->pit[k].upper + 1 != l)
                        continue;
                    kx = p->pit[k].x;
                    ky = p->pit[k].y;
                }
                if (!BW_PGET(&m->a, kx, ky))
                    continue;
                seen[k >> 5] |= 1u << (k & 31);
                if (first < 0)
                    first = k;
                else
                    parent[uf_find(parent, k)] = uf_find(parent, first);
            }
            CHECK(first >= 0); /* a region with no link is cut off */
        }
        CHECK(regions > 0);
        /* every link of this level was in a region, so it is open */
        for (k = 0; k < n; k++)
            if (p->pit[k].upper == l || p->pit[k].upper + 1 == l)
                CHECK(seen[k >> 5] >> (k & 31) & 1);
    }
    root = uf_find(parent, start);
    for (k = 0; k < n; k++)
        CHECK(uf_find(parent, k) == root);
}

static void morlock_3_4_region_graph_across_levels_connected(void)
{
    bw_morlock_plan p;
    uint32_t s;
    FOR_SEEDS(s, 500)
        check_region_graph(s, 0, &p);
}

/* The process never digs the map's outer ring (tunnel centres stay in
 * 2..117, rooms in 4..115), so every level is closed by rock. */
static void morlock_levels_closed_by_rock(void)
{
    bw_morlock_plan p;
    uint32_t s;
    int l, i, ok;
    FOR_SEEDS(s, 500)
        for (l = 1; l <= LEVELS; l++) {
            render(s, l, 0, &p);
            for (i = 0, ok = 1; i < 120; i++)
                ok &= BW_AT(g, i, 0) == BW_T_ROCK && BW_AT(g, i, 119) == BW_T_ROCK &&
                      BW_AT(g, 0, i) == BW_T_ROCK && BW_AT(g, 119, i) == BW_T_ROCK;
            CHECK(ok);
        }
}

/* ------------------------------------------------------- rule 3.5 */

/* Rooms counted on the grid: 4-connected pieces of room floor, pillars,
 * pools and rubble of 9 cells or more (a room's inside is one such piece:
 * rooms keep a cell apart, and nothing else on the level uses those tiles
 * but rubble fallen from a room's wall, which touches its inside). */
static int rooms_on_grid(void)
{
    bw_tileset ts;
    int x = 0, y = 0, n = 0, size;
    bw_tileset_clear(&ts);
    bw_tileset_add(&ts, BW_T_FLOOR);
    bw_tileset_add(&ts, BW_T_PILLAR);
    bw_tileset_add(&ts, BW_T_SHALLOW);
    bw_tileset_add(&ts, BW_T_RUBBLE);
    bw_plane_clear(&m->b);
    while ((size = bw_fill_region_next(&m->fill, g, &ts, &m->b, &x, &y)) > 0)
        n += size >= 9;
    return n;
}

static void check_room_counts(uint32_t s, const bw_morlock_cfg *cfg, bw_morlock_plan *p)
{
    int l, n;
    for (l = 1; l <= LEVELS; l++) {
        render(s, l, cfg, p);
        n = rooms_on_grid();
        CHECK(n >= BW_MORLOCK_ROOMS_MIN && n <= BW_MORLOCK_ROOMS_MAX);
        CHECK(n == p->n_rooms[l - 1]);
    }
}

/* Rule 3.5: 4 to 6 rooms on every level, counted on the grid; all three
 * counts occur. */
static void morlock_3_5_four_to_six_rooms_per_level(void)
{
    bw_morlock_plan p;
    uint32_t s, seen = 0;
    int l;
    FOR_SEEDS(s, 500) {
        check_room_counts(s, 0, &p);
        bw_morlock_plan_run(&p, s, 0, 0, 0);
        for (l = 0; l < LEVELS; l++)
            seen |= 1u << p.n_rooms[l];
    }
    CHECK(seen == (1u << 4 | 1u << 5 | 1u << 6));
}

typedef struct dug_ctx {
    uint16_t steps;   /* the cfg's step cap */
    int start;        /* the next event begins a decision */
    int after;        /* the event after DUG_OUT: -1 none, else the kind wanted (ROOM or PIT) */
    uint32_t forced_room, forced_pit, refused, dug, bad;
} dug_ctx;

static int dug_out(const dug_ctx *c, const bw_morlock_plan *p, int l)
{
    return p->lsteps[l] >= c->steps / LEVELS;
}

/* How many levels from l to the nearest level not dug out (99: none). */
static int to_fresh(const dug_ctx *c, const bw_morlock_plan *p, int l)
{
    int k, d = 99;
    for (k = 0; k < LEVELS; k++)
        if (!dug_out(c, p, k))
            d = bw_min(d, bw_abs(k - l));
    return d;
}

static void trace_dug(void *vc, int kind, const bw_morlock_plan *p, const bw_morlock_tunnel *t, int arg)
{
    dug_ctx *c = (dug_ctx *)vc;
    int from;
    if (kind == BW_MORLOCK_E_RESPAWN || kind == BW_MORLOCK_E_FINISH_ROOM ||
        kind == BW_MORLOCK_E_FINISH_PIT || !t)
        return; /* between decisions, after the cap, or the fallback */
    if (c->after >= 0) {
        /* the forced outcome, or its refusal (which then continues) */
        if (kind == c->after && kind == BW_MORLOCK_E_ROOM) {
            c->forced_room++;
        } else if (kind == BW_MORLOCK_E_PIT) {
            /* one level on towards the nearest level not dug out */
            from = p->pit[arg].down ? p->pit[arg].upper : p->pit[arg].upper + 1;
            c->forced_pit++;
            c->bad |= to_fresh(c, p, from) == 99 || to_fresh(c, p, t->level) != to_fresh(c, p, from) - 1;
        } else if (kind == BW_MORLOCK_E_PIT_REFUSED || kind == BW_MORLOCK_E_ROOM_REFUSED)
            c->refused++;
        else
            c->bad = 1;
        c->after = -1;
    } else if (c->start) {
        /* the level the deciding tunnel is on (a pit's t has arrived) */
        from = t->level;
        if (kind == BW_MORLOCK_E_PIT)
            from = p->pit[arg].down ? p->pit[arg].upper : p->pit[arg].upper + 1;
        if (kind == BW_MORLOCK_E_DUG_OUT) {
            c->dug++;
            c->bad |= !dug_out(c, p, from);
            c->after = p->n_rooms[from] < p->want[from] ? BW_MORLOCK_E_ROOM : BW_MORLOCK_E_PIT;
        } else {
            c->bad |= dug_out(c, p, from); /* a free draw on a dug-out level */
            if (kind == BW_MORLOCK_E_PIT) /* a random pit never leads into one */
                c->bad |= dug_out(c, p, t->level);
        }
    }
    c->start = kind < BW_MORLOCK_E_DECISIONS;
}

/* Rule 3.5, each level's share (and "all five DLVLs ... in a similar
 * fashion"): once a level's tunnels have walked a fifth of
 * the step cap it is dug out, and every decision there begins with
 * DUG_OUT, whose next event is a room if the level still wants one and
 * one fits, else (a level short of four rooms) that room's counted
 * refusal, or a pit one level on towards the nearest level not dug out,
 * or the pit's counted refusal; no free draw (no random pit) happens on a
 * dug-out level and no random pit leads into one. Every level walks
 * at least 40% of its fifth (57% at least in seeds 0-499, 45% in seeds
 * 0-29,999, where 3 levels walk under half). With the defaults the
 * fallback is rare (52 rooms in seeds 0-19,999; at most 2 seeds in 100
 * of any 500 here: 6 of seeds 8,400-8,899 are the most seen) and pits per
 * seed stay near the 22.1 morlock.h states;
 * a cap
 * of 1,600 steps makes the forced rooms common. */
/* share: check that every level walked half its fifth */
static void dug_run(dug_ctx *c, const bw_morlock_cfg *cfg, uint32_t seeds, int share,
                    uint32_t *pits, uint32_t *fallback)
{
    bw_morlock_plan p;
    uint32_t s;
    int l;
    c->steps = cfg->steps;
    FOR_SEEDS_N(s, seeds) {
        t_seed(s);
        c->start = 1;
        c->after = -1;
        bw_morlock_plan_run(&p, s, cfg, trace_dug, c);
        CHECK(c->after < 0);
        *pits += p.n_pits;
        *fallback += p.events[BW_MORLOCK_E_FALLBACK_ROOM] + p.events[BW_MORLOCK_E_FALLBACK_PIT];
        for (l = 0; l < LEVELS && share; l++)
            CHECK(p.lsteps[l] * 5 >= cfg->steps / LEVELS * 2);
    }
}

static void morlock_3_5_dug_out_forces_room_or_pit(void)
{
    bw_morlock_cfg cfg;
    dug_ctx c;
    uint32_t pits = 0, fallback = 0, rooms;
    c.forced_room = c.forced_pit = c.refused = c.dug = c.bad = 0;
    bw_morlock_defaults(&cfg);
    dug_run(&c, &cfg, SEEDS(500), 1, &pits, &fallback);
    CHECK(fallback * 100 <= SEEDS(500) * 2);
    t_info("morlock_fallback_rooms", fallback);
    CHECK(pits >= 18u * SEEDS(500) && pits <= 26u * SEEDS(500));
    t_info("morlock_pits_per_100_seeds", pits * 100u / SEEDS(500));
    t_info("morlock_forced_pits_per_100_seeds", c.forced_pit * 100u / SEEDS(500));
    rooms = c.forced_room;
    /* a small cap digs levels out before they have their rooms */
    cfg.steps = 1600;
    dug_run(&c, &cfg, SEEDS(100), 0, &pits, &fallback);
    t_info("morlock_forced_rooms_default", rooms);
    t_info("morlock_forced_rooms_cap1600", c.forced_room - rooms);
    t_info("morlock_forced_refused", c.refused);
    CHECK(!c.bad);
    CHECK(c.forced_room > rooms && c.forced_pit > 0);
    CHECK(c.dug == c.forced_room + c.forced_pit + c.refused);
}

/* Rule 3.5's fallback after the step cap: with caps so small that the process
 * reaches few levels (or none but DLVL 1), every level still has 4 to 6
 * rooms, the links pair and the region graph is connected; the fallback
 * and its pits to levels nothing reached are used. */
static void morlock_3_5_fallback_keeps_the_rules(void)
{
    static const uint16_t steps[] = { 0, 8, 64, 400, 1200 };
    static const uint8_t queue[] = { 6, 1, 6, 2, 1 };
    bw_morlock_cfg c;
    bw_morlock_plan p;
    uint32_t s, rooms = 0, pits = 0;
    unsigned i;
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        c.steps = steps[i];
        c.queue = queue[i];
        FOR_SEEDS(s, 100) {
            check_room_counts(s, &c, &p);
            check_links(s, &c, &p);
            check_region_graph(s, &c, &p);
            bw_morlock_plan_run(&p, s, &c, 0, 0);
            rooms += p.events[BW_MORLOCK_E_FALLBACK_ROOM];
            pits += p.events[BW_MORLOCK_E_FALLBACK_PIT];
            if (steps[i] == 0)
                CHECK(p.events[BW_MORLOCK_E_FALLBACK_PIT] == LEVELS - 1);
        }
    }
    CHECK(rooms > 0 && pits > 0);
}

/* ----------------------------------------------------------- the finished grid */

/* Tiles a room is made of on the map: its floor and what stands on it,
 * its walls in any state of ruin, its doors. Tunnels are dirt, links are
 * pits and ladders, so none of these come from anything but a room
 * (rubble also lies in rooms' pools of ruin only). */
static int room_tile(int t)
{
    return t == BW_T_FLOOR || t == BW_T_PILLAR || t == BW_T_SHALLOW || t == BW_T_RUBBLE ||
           t == BW_T_BWALL || t == BW_T_CRUMBLE_WALL || t == BW_T_BROKEN_WALL || t == BW_T_DOOR;
}

/* Dead ends as a player meets them: dirt tiles with at most one open
 * neighbour (4-neighbours) are taken away again and again, as a walker
 * backing out of every blind alley would; anything that is not dirt (a
 * room, a door, a link) and DLVL 1's start stay. A taken tile's depth is 1
 * plus the deepest taken neighbour; a dead end is the last tile taken
 * before open ground that stays, and its depth is how far its tip lies
 * from there. The grid is overwritten (DEAD + depth). Counts dead ends at
 * least `deep` deep into *n and those of them whose tip is within `edge`
 * tiles of the map's border into *near. */
#define DEAD 160
static void dead_ends(int level, int deep, int edge, uint32_t *n, uint32_t *near)
{
    int x, y, k, changed = 1;
    while (changed) {
        changed = 0;
        for (y = 1; y < 119; y++)
            for (x = 1; x < 119; x++) {
                int open = 0, depth = 0;
                if (BW_AT(g, x, y) != BW_T_DIRT ||
                    (level == 1 && x == BW_MORLOCK_START_X && y == BW_MORLOCK_START_Y))
                    continue;
                for (k = 0; k < 4; k++) {
                    int t = BW_AT(g, x + bw_dx4[k], y + bw_dy4[k]);
                    if (t >= DEAD)
                        depth = bw_max(depth, t - DEAD);
                    else
                        open += connects(t);
                }
                if (open <= 1) {
                    BW_AT(g, x, y) = (uint8_t)(DEAD + bw_min(depth + 1, 255 - DEAD));
                    changed = 1;
                }
            }
    }
    /* the mouths: taken tiles next to ground that stayed; the tip of a dead
     * end lies within depth of its mouth, so "near the edge" asks of the
     * mouth depth + edge */
    for (y = 1; y < 119; y++)
        for (x = 1; x < 119; x++) {
            int t = BW_AT(g, x, y), mouth = 0, d, e;
            if (t < DEAD)
                continue;
            for (k = 0; k < 4; k++) {
                int u = BW_AT(g, x + bw_dx4[k], y + bw_dy4[k]);
                mouth |= u < DEAD && connects(u);
            }
            d = t - DEAD;
            if (!mouth || d < deep)
                continue;
            (*n)++;
            e = bw_min(bw_min(x, y), bw_min(119 - x, 119 - y));
            *near += e <= edge + d;
        }
}

/* A dead end of any width, as a player meets it: from a tip, the squares
 * exactly STUB steps away (4-connected, over dirt only) form one narrow
 * piece (at most STUB_WIDE squares, 8-connected), so the way goes on in one
 * direction only, and the squares within STUB steps hold no room tile,
 * pit, ladder or DLVL 1's start. A corridor's middle sees two pieces, a
 * bend or a tunnel's side a piece wider than a 3-wide tunnel's cut, open
 * ground a ring. The search lives in plane a (seen) and b (frontier).
 * Returns the dead ends found, counting each stub once: a tip whose
 * ball meets a stub already counted is left out. */
#define STUB 4
#define STUB_WIDE 4
#define BALL 64
static int stub_at(int level, int x0, int y0, uint8_t *bx, uint8_t *by, int *nb)
{
    /* bytes, and the far squares read from the ball itself (they come last,
     * from `first` on): the 20 KiB board's stack */
    int head = 0, tail = 0, d, k, i, front = 0, first = 0, pieces = 0;
    uint8_t dist[BALL];
    bx[tail] = (uint8_t)x0;
    by[tail] = (uint8_t)y0;
    dist[tail++] = 0;
    bw_plane_set(&m->a, x0, y0, 1);
    while (head < tail) {
        int x = bx[head], y = by[head];
        d = dist[head++];
        if (d == STUB) {
            if (front++ == 0)
                first = head - 1;
            continue;
        }
        for (k = 0; k < 4; k++) {
            int nx = x + bw_dx4[k], ny = y + bw_dy4[k], t = BW_AT(g, nx, ny);
            if (bw_plane_get(&m->a, nx, ny))
                continue;
            if (t == BW_T_DIRT && !(level == 1 && nx == BW_MORLOCK_START_X && ny == BW_MORLOCK_START_Y)) {
                if (tail == BALL) {
                    *nb = tail;
                    return 0;
                }
                bw_plane_set(&m->a, nx, ny, 1);
                bx[tail] = (uint8_t)nx;
                by[tail] = (uint8_t)ny;
                dist[tail++] = (uint8_t)(d + 1);
            } else if (connects(t) || (level == 1 && nx == BW_MORLOCK_START_X && ny == BW_MORLOCK_START_Y)) {
                *nb = tail;
                return 0; /* a room, door, link or the start within reach */
            }
        }
    }
    *nb = tail;
    if (front == 0 || front > STUB_WIDE)
        return 0;
    /* one 8-connected piece: grown from the first square, it takes all */
    {
        int in = 1, grew = 1;
        unsigned got = 1u;
        while (grew) {
            grew = 0;
            for (i = 0; i < front; i++) {
                int j;
                if ((got >> i) & 1u)
                    continue;
                for (j = 0; j < front; j++)
                    if (((got >> j) & 1u) && bw_chebyshev(bx[first + i], by[first + i], bx[first + j], by[first + j]) == 1) {
                        got |= 1u << i;
                        in++;
                        grew = 1;
                        break;
                    }
            }
        }
        pieces = in == front;
    }
    return pieces;
}

static int wide_dead_ends(int level)
{
    uint8_t bx[BALL], by[BALL];
    int x, y, i, n = 0, nb;
    bw_plane_clear(&m->b); /* squares of stubs already counted */
    for (y = 1; y < 119; y++)
        for (x = 1; x < 119; x++) {
            int found, seen_before = 0;
            if (BW_AT(g, x, y) != BW_T_DIRT || bw_plane_get(&m->b, x, y) ||
                (level == 1 && x == BW_MORLOCK_START_X && y == BW_MORLOCK_START_Y))
                continue;
            found = stub_at(level, x, y, bx, by, &nb);
            for (i = 0; i < nb; i++) {
                bw_plane_set(&m->a, bx[i], by[i], 0);
                if (found) {
                    seen_before |= bw_plane_get(&m->b, bx[i], by[i]);
                    bw_plane_set(&m->b, bx[i], by[i], 1);
                }
            }
            n += found && !seen_before;
        }
    return n;
}

/* Rule 3.2: a tunnel ends only in a room or a pit (or begins at a ladder),
 * so on the map no dead end of any width is STUB or more deep unless a
 * room, door, pit or ladder lies within it (the start of DLVL 1 counts):
 * none, over seeds 0-2,999 on the desktop (0-29 on the boards). The
 * generator looks from every square that may be a tip; with only the
 * squares round the mended walls looked from it fails (49 over seeds
 * 0-299, 413 over 300-2,999), and so it did on seeds the suite did not
 * run while the squares looked from were picked by their shape (2 in
 * 3,000-5,999, 8 in 6,000-8,999; 0 now in 0-29,999). */
#define DEAD_END_SEEDS (BW_TEST_DIV == 1 ? 3000 : 300)
static void morlock_3_2_no_dead_ends_of_any_width(void)
{
    bw_morlock_plan p;
    uint32_t s, n = 0, later = 0, levels = 0;
    int l;
    FOR_SEEDS(s, DEAD_END_SEEDS)
        for (l = 1; l <= LEVELS; l++) {
            uint32_t k;
            render(s, l, 0, &p);
            bw_plane_clear(&m->a);
            k = (uint32_t)wide_dead_ends(l);
            if (s < 300)
                n += k;
            else
                later += k;
            levels++;
        }
    t_info("morlock_dead_ends_4_deep_any_width", n);
    t_info("morlock_dead_ends_4_deep_any_width_seeds_300_up", later);
    t_info("morlock_levels", levels);
    CHECK(n == 0);
    CHECK(later == 0);
}

/* Rule 3.2's rooms left whole: on the grid, each room's wall ring (its
 * template's walls and doors) is open only where a tunnel enters, through
 * one doorway at most 3 squares wide: dug squares of the ring (dirt, or
 * the door) are counted in 8-connected runs, each at most 3. */
static void morlock_3_2_rooms_keep_their_walls(void)
{
    bw_morlock_plan p;
    uint32_t s, rooms = 0, dug_rooms = 0, wide = 0, dug = 0;
    int l, k, i, j;
    FOR_SEEDS(s, 300)
        for (l = 1; l <= LEVELS; l++) {
            render(s, l, 0, &p);
            for (k = 0; k < p.n_rooms[l - 1]; k++) {
                const bw_morlock_room *o = &p.room[l - 1][k];
                const bw_morlock_template *tp = &bw_morlock_templates[o->tmpl];
                int any = 0, worst = 0;
                bw_plane_clear(&m->a);
                for (j = 0; j < tp->h; j++)
                    for (i = 0; i < tp->w; i++) {
                        char ch = tp->cells[j * tp->w + i];
                        int t = BW_AT(g, o->x + i, o->y + j);
                        if ((ch == '#' || ch == 'n' || ch == 'e' || ch == 's' || ch == 'w') &&
                            (t == BW_T_DIRT || t == BW_T_DOOR)) {
                            bw_plane_set(&m->a, o->x + i, o->y + j, 1);
                            any += t == BW_T_DIRT;
                        }
                    }
                /* the runs: flood each over the ring's dug squares */
                for (j = 0; j < tp->h; j++)
                    for (i = 0; i < tp->w; i++)
                        if (bw_plane_get(&m->a, o->x + i, o->y + j)) {
                            int run = 0;
                            {
                                /* a small flood: the ring's runs are short */
                                uint8_t qx[64], qy[64]; /* bytes: the 20 KiB board's stack */
                                int h = 0, tl = 0, d;
                                qx[tl] = (uint8_t)(o->x + i);
                                qy[tl++] = (uint8_t)(o->y + j);
                                bw_plane_set(&m->a, o->x + i, o->y + j, 0);
                                while (h < tl) {
                                    int x = qx[h], y = qy[h++];
                                    run++;
                                    for (d = 0; d < 8; d++) {
                                        int nx = x + bw_dx8[d], ny = y + bw_dy8[d];
                                        if (tl < 64 && bw_plane_get(&m->a, nx, ny)) {
                                            bw_plane_set(&m->a, nx, ny, 0);
                                            qx[tl] = (uint8_t)nx;
                                            qy[tl++] = (uint8_t)ny;
                                        }
                                    }
                                }
                            }
                            worst = bw_max(worst, run);
                        }
                rooms++;
                dug_rooms += any > 0;
                dug += (uint32_t)any;
                wide += worst > 3;
            }
        }
    t_info("morlock_rooms_with_dug_walls_pct", dug_rooms * 100 / rooms);
    t_info("morlock_dug_wall_squares_per_room_x10", dug * 10 / rooms);
    t_info("morlock_rooms_with_an_opening_over_3", wide);
    t_info("morlock_rooms_checked", rooms);
    /* none: where two doorways touch corner to corner, the mending walls
     * one up (seeds 0-8,999: 0). It fails with that step off (1 of 7,751
     * rooms in seeds 0-299 and 9 of 7,776 in 4,000-4,299 keep an opening
     * of 4 or 5; 597 in 1,000 before the walls were put back at all) */
    CHECK(wide == 0);
}

/* Rule 3.2's tunnels do not frame the map: the share of tunnel squares
 * (dirt) 3 to 8 squares from the edge (x or y in 3..8 or 111..116, the
 * rest farther in) is at most the share of the map that band is. */
static void morlock_3_2_tunnels_do_not_frame_the_border(void)
{
    bw_morlock_plan p;
    uint32_t s, band = 0, all = 0, band_cells = 0, cells = 0;
    int l, x, y;
    FOR_SEEDS(s, 300)
        for (l = 1; l <= LEVELS; l++) {
            render(s, l, 0, &p);
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++) {
                    int e = bw_min(bw_min(x, y), bw_min(119 - x, 119 - y)), in = e >= 3 && e <= 8;
                    int dirt = BW_AT(g, x, y) == BW_T_DIRT;
                    band += (uint32_t)(in && dirt);
                    all += (uint32_t)dirt;
                    band_cells += (uint32_t)in;
                    cells++;
                }
        }
    t_info("morlock_tunnel_share_in_band_pct10", (uint32_t)((uint64_t)band * 1000 / all));
    t_info("morlock_band_share_of_map_pct10", (uint32_t)((uint64_t)band_cells * 1000 / cells));
    CHECK((uint64_t)band * cells <= (uint64_t)band_cells * all);
}

/* Rule 3.2's dead ends, the one-wide ones at any depth: no blind alley of
 * dirt one square wide 2 or more deep (dirt with at most one open
 * neighbour taken away again and again, dead_ends), on any level of any
 * seed. Before the spurs were filled: 498 in seeds 0-299; it failed again
 * (24) when the filling of wider dead ends left one-wide remnants. */
static void morlock_3_2_no_one_wide_dead_ends(void)
{
    bw_morlock_plan p;
    uint32_t s, n = 0, near = 0;
    int l;
    FOR_SEEDS(s, 300)
        for (l = 1; l <= LEVELS; l++) {
            render(s, l, 0, &p);
            dead_ends(l, 2, 0, &n, &near);
        }
    t_info("morlock_dead_ends_2_deep", n);
    CHECK(n == 0);
}

/* Rule 3.2's turns near the border: a tunnel heading for the edge
 * turns by 45 or 90 degrees before it and keeps a margin of rock: no open
 * square at x or y = 0, 1, 118 or 119, and it never turns back along its
 * own track (which leaves a blind spur by the border: no dead end 2 or
 * more deep whose tip is within 8 tiles of the border; a tunnel that ends
 * at a door beside it may leave one tile, depth 1). */
static void morlock_3_2_turns_before_the_edge_with_a_rock_margin(void)
{
    bw_morlock_plan p;
    uint32_t s, n = 0, near = 0, margin = 0;
    int l, i, j;
    FOR_SEEDS(s, 300)
        for (l = 1; l <= LEVELS; l++) {
            int bad = 0;
            render(s, l, 0, &p);
            for (i = 0; i < 120; i++)
                for (j = 0; j < 2; j++)
                    bad |= connects(BW_AT(g, i, j)) || connects(BW_AT(g, i, 119 - j)) ||
                           connects(BW_AT(g, j, i)) || connects(BW_AT(g, 119 - j, i));
            margin += bad;
            dead_ends(l, 2, 8, &n, &near);
        }
    t_info("morlock_levels_open_within_2_of_the_edge", margin);
    t_info("morlock_spurs_by_the_edge", near);
    CHECK(margin == 0);
    CHECK(near == 0);
}

/* Rule 3.4 and rule 3.2's rooms: a link (pit or ladder) and the 3 x 3
 * landing round it never touch a room, so no landing breaches a room's
 * wall or takes its door: no room tile within 2 (Chebyshev) of a link. */
static void morlock_3_4_links_leave_rooms_whole(void)
{
    bw_morlock_plan p;
    uint32_t s, links = 0, bad = 0;
    int l, x, y, dx, dy;
    FOR_SEEDS(s, 300)
        for (l = 1; l <= LEVELS; l++) {
            render(s, l, 0, &p);
            for (y = 2; y < 118; y++)
                for (x = 2; x < 118; x++) {
                    int near = 0;
                    if (bw_tile_link(BW_AT(g, x, y)) == 0)
                        continue;
                    links++;
                    for (dy = -2; dy <= 2; dy++)
                        for (dx = -2; dx <= 2; dx++)
                            near |= room_tile(BW_AT(g, x + dx, y + dy));
                    bad += near;
                }
        }
    t_info("morlock_links", links);
    t_info("morlock_links_against_rooms", bad);
    CHECK(links > 0 && bad == 0);
}

/* Rooms are destinations (rule 3.5, "through Pompeii"): room tiles
 * (room_tile, the open ones) are at least ROOM_SHARE percent of the open
 * squares on 95% of levels and ROOM_SHARE_MIN on every level, and
 * ROOM_SHARE_MEAN on average (before: 7% on average, 3% at least, 15% at
 * most; after: 30%, 16%, 98.4% of levels at 20% or more). */
#define ROOM_SHARE 20
#define ROOM_SHARE_MIN 12
#define ROOM_SHARE_MEAN 25
static void morlock_3_5_rooms_are_a_fifth_of_the_open_ground(void)
{
    bw_morlock_plan p;
    uint32_t s, lo = 100, sum = 0, levels = 0, hi = 0, under = 0;
    int l, x, y;
    FOR_SEEDS(s, 300)
        for (l = 1; l <= LEVELS; l++) {
            uint32_t room = 0, open = 0, pct;
            render(s, l, 0, &p);
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++) {
                    int t = BW_AT(g, x, y);
                    room += room_tile(t) && connects(t);
                    open += connects(t);
                }
            pct = room * 100u / open;
            CHECK(pct >= ROOM_SHARE_MIN);
            under += pct < ROOM_SHARE;
            lo = bw_min(lo, pct);
            hi = bw_max(hi, pct);
            sum += pct;
            levels++;
        }
    t_info("morlock_room_share_min_pct", lo);
    t_info("morlock_room_share_mean_pct", sum / levels);
    t_info("morlock_room_share_max_pct", hi);
    t_info("morlock_room_share_levels_under_20_per_mille", under * 1000u / levels);
    CHECK(under * 20 <= levels);
    CHECK(sum >= levels * ROOM_SHARE_MEAN);
}

/* ------------------------------------------------------------ the rest */

/* The records in use: slots past n_rooms, n_pits, n_joins are stale. */
static uint32_t plan_hash(const bw_morlock_plan *p)
{
    uint32_t h = BW_GRID_FNV1A_INIT;
    int l, k;
    for (k = 0; k < BW_MORLOCK_E_COUNT; k++)
        h = t_fold(h, p->events[k]);
    h = t_fold(h, p->steps);
    for (l = 0; l < LEVELS; l++) {
        h = t_fold(h, p->n_rooms[l]);
        h = bw_grid_fnv1a(h, (const uint8_t *)p->room[l], p->n_rooms[l] * (int)sizeof p->room[l][0]);
    }
    h = bw_grid_fnv1a(h, &p->n_pits, 1);
    h = bw_grid_fnv1a(h, (const uint8_t *)p->pit, p->n_pits * (int)sizeof p->pit[0]);
    h = bw_grid_fnv1a(h, &p->n_joins, 1);
    return bw_grid_fnv1a(h, (const uint8_t *)p->join, p->n_joins * (int)sizeof p->join[0]);
}

/* The replay: drawing any level leaves the same plan as the process run
 * without a grid, so no decision reads the grid; the plan holds garbage
 * before each drawing, so nothing is read from a stale slot either. */
static void morlock_replay_decides_the_same_for_every_level(void)
{
    bw_morlock_plan p;
    uint32_t s, h;
    int l;
    unsigned i;
    FOR_SEEDS(s, 200) {
        t_seed(s);
        bw_morlock_plan_run(&p, s, 0, 0, 0);
        h = plan_hash(&p);
        for (l = 1; l <= LEVELS; l++) {
            for (i = 0; i < sizeof p; i++)
                ((uint8_t *)&p)[i] = (uint8_t)(s * 31u + (uint32_t)l * 7u + i);
            render(s, l, 0, &p);
            CHECK(plan_hash(&p) == h);
        }
    }
}

/* Fixed memory: level n alone (after the map held garbage) hashes the same
 * as level n generated after all the others, in either order. */
static void morlock_level_alone_equals_level_in_sequence(void)
{
    t_levels_alone_equal_in_sequence(m, "morlock", SEEDS(100));
}

/* The registry's generate keeps its own plan on its stack: this test
 * holds none while it runs (the 20 KiB board has no room for two). */
static void morlock_registry_and_range(void)
{
    const bw_generator *gn = bw_generator_find("morlock");
    REQUIRE(gn != 0);
    CHECK(gn->id == BW_GEN_MORLOCK && gn->w == 120 && gn->h == 120 && gn->levels == 5);
    CHECK(gn->generate(m, 1, 0, 0) == BW_ERR_LEVEL);
    CHECK(gn->generate(m, 1, 6, 0) == BW_ERR_LEVEL);
    CHECK(gn->generate(m, 1, 3, 0) == 0);
    CHECK(g->w == 120 && g->h == 120);
}

static void morlock_cfg_range_and_plan_size(void)
{
    bw_morlock_plan p;
    bw_morlock_cfg c;
    bw_morlock_defaults(&c);
    c.queue = 0;
    CHECK(bw_morlock_plan_run(&p, 1, &c, 0, 0) == BW_ERR_OPTION);
    CHECK(bw_morlock_level(m, 1, 1, &c, &p) == BW_ERR_OPTION);
    c.queue = BW_MORLOCK_QUEUE + 1;
    CHECK(bw_morlock_plan_run(&p, 1, &c, 0, 0) == BW_ERR_OPTION);
    c.queue = BW_MORLOCK_QUEUE;
    c.steps = 65535;
    CHECK(bw_morlock_plan_run(&p, 1, &c, 0, 0) == 0);
    /* the size morlock.h and docs/morlock.md state */
    CHECK(sizeof p == 632);
}

static void morlock_golden(void)
{
    static const uint32_t want[LEVELS] = { 0x47db356du, 0xbff91007u, 0x5e1ee11cu, 0x64705f91u,
                                            0x5211328du };
    static const char *const name[LEVELS] = {
        "morlock_seed1_level1", "morlock_seed1_level2", "morlock_seed1_level3",
        "morlock_seed1_level4", "morlock_seed1_level5"
    };
    int l;
    for (l = 1; l <= LEVELS; l++) {
        bw_morlock_generate(m, 1, l, 0);
        t_golden(name[l - 1], bw_grid_hash(g), want[l - 1]);
    }
}

/* Ten seeds x five levels in one hash: the same on every platform. */
static void morlock_golden_ten_seeds(void)
{
    uint32_t s, h = BW_GRID_FNV1A_INIT;
    int n;
    for (s = 0; s < 10; s++)
        for (n = 1; n <= LEVELS; n++) {
            bw_morlock_generate(m, s, n, 0);
            h = t_fold(h, bw_grid_hash(g));
        }
    t_golden("morlock_seeds0to9_all_levels", h, 0xc3cee18cu);
}

void suite_morlock(void)
{
    RUN(morlock_3_1_central_tunnel_begins_on_dlvl_1);
    RUN(morlock_3_2_outcomes_drawn_with_stated_weights);
    RUN(morlock_3_2_continue_turn_fork_headings);
    RUN(morlock_3_2_pits_lead_up_or_down_to_a_new_tunnel);
    RUN(morlock_3_2_dead_ends_into_template_rooms);
    RUN(morlock_templates_are_sound);
    RUN(morlock_3_3_a_room_sends_a_tunnel_when_all_dead_ended);
    RUN(morlock_3_4_links_pair_across_levels);
    RUN(morlock_3_4_region_graph_across_levels_connected);
    RUN(morlock_levels_closed_by_rock);
    RUN(morlock_3_5_four_to_six_rooms_per_level);
    RUN(morlock_3_5_dug_out_forces_room_or_pit);
    RUN(morlock_3_5_fallback_keeps_the_rules);
    RUN(morlock_3_2_no_one_wide_dead_ends);
    RUN(morlock_3_2_no_dead_ends_of_any_width);
    RUN(morlock_3_2_rooms_keep_their_walls);
    RUN(morlock_3_2_tunnels_do_not_frame_the_border);
    RUN(morlock_3_2_turns_before_the_edge_with_a_rock_margin);
    RUN(morlock_3_4_links_leave_rooms_whole);
    RUN(morlock_3_5_rooms_are_a_fifth_of_the_open_ground);
    RUN(morlock_replay_decides_the_same_for_every_level);
    RUN(morlock_level_alone_equals_level_in_sequence);
    RUN(morlock_registry_and_range);
    RUN(morlock_cfg_range_and_plan_size);
    RUN(morlock_golden);
    RUN(morlock_golden_ten_seeds);
}
