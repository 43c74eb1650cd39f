/* Design files for the WallCrawlers (README, "Design files"): one
 * `key value...` per line, `#` starts a comment. Freestanding: the text is
 * read in place, nothing is copied, no libc. bw_crawler_problem checks a
 * design built in C against the same field tables and rules, so a value
 * gets the same message either way. */
#include "burrow/crawler.h"

#define XSTR(x) STR(x)
#define STR(x) #x
#define MAX_TOKENS 12 /* the longest line, crawler, has 1 + 9; more is an error */

enum { V_NUM, V_FORWARD, V_DIRECTION };

typedef struct field {
    uint8_t kind;
    int32_t lo, hi;
    const char *what; /* the message when the value is wrong */
} field;

typedef struct parse_state {
    bw_crawler_design *d;
    uint8_t seen;                 /* bit per key (keys[] order): given already */
    uint8_t dice_seen, baby_seen, mix_seen; /* bit per generation */
} parse_state;

typedef const char *(*key_fn)(parse_state *s, const int *v);

typedef struct key {
    const char *name;
    uint8_t n;           /* values after the key */
    const field *f;
    const char *count;   /* the message for too few or too many values */
    const char *twice;   /* a key given once at most: the message; else 0 */
    key_fn apply;
} key;

/* ---- values ---- */

/* The messages spell the ranges out: XSTR of a plain decimal macro, or
 * written out where the macro is not one (these asserts keep them true). */
BW_STATIC_ASSERT(BW_CRAWLER_GENS == 8, gens_in_messages);
BW_STATIC_ASSERT(BW_CRAWLER_AGE_MIN == -1000 && BW_CRAWLER_AGE_MAX == 1000, ages_in_messages);
BW_STATIC_ASSERT(BW_CRAWLER_MAX_SIDE == 120, sides_in_messages);
BW_STATIC_ASSERT(BW_CRAWLER_MAX_TEXT >= 1, design_text_not_empty);
#define GEN_FIELD { V_NUM, 0, BW_CRAWLER_GENS - 1, "dice: generation must be 0..7" }
#define PERCENT(name) { V_NUM, 0, 100, name " must be a percent, 0..100" }
#define MAXAGE_FIELD(k) { V_NUM, 0, BW_CRAWLER_AGE_MAX, k ": maxAge must be 0.." XSTR(BW_CRAWLER_AGE_MAX) }
#define STEP_FIELD(k) { V_NUM, 1, BW_CRAWLER_STEP_MAX, k ": stepLength must be 1.." XSTR(BW_CRAWLER_STEP_MAX) }
#define WIDTH_FIELD(k) { V_NUM, 1, BW_CRAWLER_WIDTH_MAX, k ": corridorWidth must be 1.." XSTR(BW_CRAWLER_WIDTH_MAX) }
#define OPENING_FIELD(k) { V_NUM, 0, 2, k ": opening must be 0, 1 or 2" }
#define COORD(k, c) { V_NUM, 0, BW_CRAWLER_MAX_SIDE - 1, k ": " c " must be 0..119 and inside the map" }

static const field f_size[] = {
    { V_NUM, BW_CRAWLER_MIN_SIDE, BW_CRAWLER_MAX_SIDE, "size: width must be " XSTR(BW_CRAWLER_MIN_SIDE) "..120" },
    { V_NUM, BW_CRAWLER_MIN_SIDE, BW_CRAWLER_MAX_SIDE, "size: height must be " XSTR(BW_CRAWLER_MIN_SIDE) "..120" }
};
static const field f_steps[] = {
    { V_NUM, 1, BW_CRAWLER_MAX_STEPS, "steps must be 1.." XSTR(BW_CRAWLER_MAX_STEPS) }
};
static const field f_wall[] = {
    COORD("wall", "x0"), COORD("wall", "y0"), COORD("wall", "x1"), COORD("wall", "y1")
};
static const field f_crawler[] = {
    COORD("crawler", "x"), COORD("crawler", "y"),
    { V_FORWARD, 0, 3, "crawler: forward must be N, E, S or W" },
    { V_DIRECTION, 0, 8, "crawler: direction must be 0, N, NE, E, SE, S, SW, W or NW" },
    { V_NUM, BW_CRAWLER_AGE_MIN, BW_CRAWLER_AGE_MAX, "crawler: age must be -1000..1000" },
    MAXAGE_FIELD("crawler"), STEP_FIELD("crawler"), WIDTH_FIELD("crawler"), OPENING_FIELD("crawler")
};
static const field f_dice[] = {
    GEN_FIELD, PERCENT("dice: turn"), PERCENT("dice: straightOne"), PERCENT("dice: straightTwo"),
    PERCENT("dice: turnOne"), PERCENT("dice: turnTwo")
};
static const field f_baby[] = {
    { V_NUM, 1, BW_CRAWLER_GENS - 1, "baby: generation must be 1..7 (babies are never generation 0)" },
    MAXAGE_FIELD("baby"), STEP_FIELD("baby"), WIDTH_FIELD("baby"), OPENING_FIELD("baby"),
    { V_NUM, 0, -BW_CRAWLER_AGE_MIN, "baby: delay must be 0..1000" },
    PERCENT("baby: noDirection")
};

static const field f_openings[] = {
    { V_NUM, 1, BW_CRAWLER_GENS - 1, "openings: generation must be 1..7 (babies are never generation 0)" },
    PERCENT("openings: opening 0"), PERCENT("openings: opening 1"), PERCENT("openings: opening 2")
};

#define MSG_WALLS "wall: more than " XSTR(BW_CRAWLER_MAX_WALLS) " walls"
#define MSG_SEEDS "crawler: more than " XSTR(BW_CRAWLER_MAX_SEEDS) " crawlers"

/* ---- rules across values (the ranges are the fields') ---- */

static const char *wall_rule(const bw_crawler_design *d, const int *v)
{
    if (v[0] > v[2] || v[1] > v[3])
        return "wall: needs x0 <= x1 and y0 <= y1";
    if (v[2] >= d->w || v[3] >= d->h)
        return "wall: outside the map";
    return 0;
}

/* Crawler rule 3: Forward is Direction or one of the two next to it. */
static const char *crawler_rule(const bw_crawler_design *d, const int *v)
{
    if (v[0] >= d->w || v[1] >= d->h)
        return "crawler: outside the map";
    if (!((bw_crawler_legal[v[3]] >> v[2]) & 1u))
        return "crawler: forward not allowed by direction (only the directions next to it)";
    return 0;
}

/* ---- keys ---- */

#define SEEN_SIZE 1u /* keys[0] */

static const char *need_size(const parse_state *s, const char *what)
{
    return (s->seen & SEEN_SIZE) ? 0 : what;
}

static const char *k_size(parse_state *s, const int *v)
{
    s->d->w = (uint8_t)v[0];
    s->d->h = (uint8_t)v[1];
    return 0;
}

static const char *k_steps(parse_state *s, const int *v)
{
    s->d->max_steps = (uint16_t)v[0];
    return 0;
}

static const char *k_wall(parse_state *s, const int *v)
{
    bw_crawler_design *d = s->d;
    const char *e = need_size(s, "wall: the size line must come first");
    if (!e)
        e = wall_rule(d, v);
    if (e)
        return e;
    if (d->n_walls >= BW_CRAWLER_MAX_WALLS)
        return MSG_WALLS;
    d->wall[d->n_walls][0] = (uint8_t)v[0];
    d->wall[d->n_walls][1] = (uint8_t)v[1];
    d->wall[d->n_walls][2] = (uint8_t)v[2];
    d->wall[d->n_walls][3] = (uint8_t)v[3];
    d->n_walls++;
    return 0;
}

static const char *k_crawler(parse_state *s, const int *v)
{
    bw_crawler_design *d = s->d;
    bw_crawler *c;
    const char *e = need_size(s, "crawler: the size line must come first");
    if (!e)
        e = crawler_rule(d, v);
    if (e)
        return e;
    if (d->n_seeds >= BW_CRAWLER_MAX_SEEDS)
        return MSG_SEEDS;
    c = &d->seed[d->n_seeds++];
    c->x = (uint8_t)v[0];
    c->y = (uint8_t)v[1];
    c->forward = (uint8_t)v[2];
    c->direction = (uint8_t)v[3];
    c->age = (int16_t)v[4];
    c->max_age = (int16_t)v[5];
    c->step_length = (uint8_t)v[6];
    c->corridor_width = (uint8_t)v[7];
    c->opening = (uint8_t)v[8];
    c->gen = 0;
    c->gap = 0;
    return 0;
}

static const char *k_dice(parse_state *s, const int *v)
{
    bw_crawler_gen *g = &s->d->gen[v[0]];
    if ((s->dice_seen >> v[0]) & 1u)
        return "dice: generation given twice";
    s->dice_seen = (uint8_t)(s->dice_seen | 1u << v[0]);
    g->turn = (uint8_t)v[1];
    g->straight1 = (uint8_t)v[2];
    g->straight2 = (uint8_t)v[3];
    g->turn1 = (uint8_t)v[4];
    g->turn2 = (uint8_t)v[5];
    return 0;
}

static const char *k_baby(parse_state *s, const int *v)
{
    bw_crawler_gen *g = &s->d->gen[v[0]];
    if ((s->baby_seen >> v[0]) & 1u)
        return "baby: generation given twice";
    s->baby_seen = (uint8_t)(s->baby_seen | 1u << v[0]);
    g->born = 1;
    g->max_age = (int16_t)v[1];
    g->step_length = (uint8_t)v[2];
    g->corridor_width = (uint8_t)v[3];
    g->opening = (uint8_t)v[4];
    g->delay = (int16_t)v[5];
    g->no_direction = (uint8_t)v[6];
    return 0;
}

/* A mix of openings for the babies of one generation, after its baby line
 * (DungeonMaker's design files give each generation such odds). */
static const char *k_openings(parse_state *s, const int *v)
{
    bw_crawler_gen *g = &s->d->gen[v[0]];
    if (!((s->baby_seen >> v[0]) & 1u))
        return "openings: the generation's baby line must come first";
    if ((s->mix_seen >> v[0]) & 1u)
        return "openings: generation given twice";
    s->mix_seen = (uint8_t)(s->mix_seen | 1u << v[0]);
    if (v[1] + v[2] + v[3] != 100)
        return "openings: the three percents must add up to 100";
    g->open_mix[0] = (uint8_t)v[1];
    g->open_mix[1] = (uint8_t)v[2];
    g->open_mix[2] = (uint8_t)v[3];
    return 0;
}

#define N_OF(a) ((uint8_t)(sizeof a / sizeof a[0]))
#define COUNT_MSG(k, u) k ": wrong number of values (" k " " u ")"

/* size and steps at most once (a second value would silently win);
 * wall and crawler add one each; dice and baby once per generation. */
static const key keys[] = {
    { "size", N_OF(f_size), f_size, COUNT_MSG("size", "width height"), "size: given twice", k_size },
    { "steps", N_OF(f_steps), f_steps, COUNT_MSG("steps", "N"), "steps: given twice", k_steps },
    { "wall", N_OF(f_wall), f_wall, COUNT_MSG("wall", "x0 y0 x1 y1"), 0, k_wall },
    { "crawler", N_OF(f_crawler), f_crawler,
      COUNT_MSG("crawler", "x y forward direction age maxAge stepLength corridorWidth opening"), 0, k_crawler },
    { "dice", N_OF(f_dice), f_dice,
      COUNT_MSG("dice", "generation turn straightOne straightTwo turnOne turnTwo"), 0, k_dice },
    { "baby", N_OF(f_baby), f_baby,
      COUNT_MSG("baby", "generation maxAge stepLength corridorWidth opening delay noDirection"), 0, k_baby },
    { "openings", N_OF(f_openings), f_openings,
      COUNT_MSG("openings", "generation percent0 percent1 percent2"), 0, k_openings }
};

/* ---- tokens ---- */

typedef struct token {
    const char *p;
    int n;
} token;

static int tok_is(token t, const char *s)
{
    int i;
    for (i = 0; i < t.n; i++)
        if (s[i] != t.p[i])
            return 0;
    return s[t.n] == 0;
}

/* A decimal integer with an optional minus, at most 6 digits. */
static int tok_num(token t, int *v)
{
    int i = 0, neg = 0, r = 0;
    if (t.n > 0 && t.p[0] == '-') {
        neg = 1;
        i = 1;
    }
    if (i == t.n || t.n - i > 6)
        return 0;
    for (; i < t.n; i++) {
        if (t.p[i] < '0' || t.p[i] > '9')
            return 0;
        r = r * 10 + (t.p[i] - '0');
    }
    *v = neg ? -r : r;
    return 1;
}

static int tok_value(token t, const field *f, int *v)
{
    static const char *const dirs[9] = { "0", "N", "NE", "E", "SE", "S", "SW", "W", "NW" };
    int i;
    if (f->kind == V_NUM)
        return tok_num(t, v) && *v >= f->lo && *v <= f->hi;
    for (i = 0; i < 9; i++)
        if (tok_is(t, dirs[i])) {
            if (f->kind == V_DIRECTION) {
                *v = i;
                return 1;
            }
            if (i & 1) { /* N, E, S, W are the odd directions */
                *v = i / 2;
                return 1;
            }
        }
    return 0;
}

/* One line, without its newline. Returns 0 or the message. */
static const char *parse_line(parse_state *s, const char *p, int n)
{
    token t[MAX_TOKENS];
    int nt = 0, i, v[MAX_TOKENS];
    const key *k = 0;
    unsigned bit;
    for (i = 0; i < n && p[i] != '#'; i++) {
        unsigned char ch = (unsigned char)p[i];
        if (ch == ' ' || ch == '\t' || (ch == '\r' && i == n - 1))
            continue;
        if (ch < 0x21 || ch > 0x7e)
            return "bad character (only printable ASCII before a #)";
        if (i == 0 || p[i - 1] == ' ' || p[i - 1] == '\t') {
            if (nt == MAX_TOKENS)
                return "too many values";
            t[nt].p = p + i;
            t[nt++].n = 0;
        }
        t[nt - 1].n++;
    }
    if (nt == 0)
        return 0;
    for (i = 0; i < (int)(sizeof keys / sizeof keys[0]) && !k; i++)
        if (tok_is(t[0], keys[i].name))
            k = &keys[i];
    if (!k)
        return "unknown key (size, steps, wall, crawler, dice, baby or openings)";
    bit = 1u << (k - keys);
    if (k->twice && (s->seen & bit))
        return k->twice;
    s->seen = (uint8_t)(s->seen | bit);
    if (nt - 1 != k->n)
        return k->count;
    for (i = 0; i < k->n; i++)
        if (!tok_value(t[i + 1], &k->f[i], &v[i]))
            return k->f[i].what;
    return k->apply(s, v);
}

/* Crawler rule 6: opening-2 crawlers (a gap at the start, then 0) are
 * fine as long as no generation has more than half of them: the
 * seeds (generation 0) counted, each later generation by its odds. */
#define HALF_MSG(g) "generation " #g ": more than half of its crawlers have opening 2 " \
                    "(at most half may: mix openings with an openings line)"
static const char *const half_msg[BW_CRAWLER_GENS] = {
    HALF_MSG(0), HALF_MSG(1), HALF_MSG(2), HALF_MSG(3), HALF_MSG(4), HALF_MSG(5), HALF_MSG(6), HALF_MSG(7)
};

static const char *half_rule(const bw_crawler_design *d)
{
    int i, two = 0;
    for (i = 0; i < d->n_seeds && i < BW_CRAWLER_MAX_SEEDS; i++)
        two += d->seed[i].opening == 2;
    if (2 * two > d->n_seeds)
        return half_msg[0];
    for (i = 1; i < BW_CRAWLER_GENS; i++) {
        const bw_crawler_gen *g = &d->gen[i];
        int mix = g->open_mix[0] + g->open_mix[1] + g->open_mix[2];
        if (g->born && (mix ? g->open_mix[2] * 2 > 100 : g->opening == 2))
            return half_msg[i];
    }
    return 0;
}

int bw_crawler_parse(const char *text, size_t n, struct bw_crawler_design *d, int *err_line)
{
    parse_state s;
    size_t i = 0, end;
    int line = 0, g;
    const char *e = 0;
    if (err_line)
        *err_line = 0;
    if (!d)
        return BW_ERR_ARG; /* nowhere to put the design, nor its message */
    d->w = d->h = 0;
    d->n_walls = d->n_seeds = 0;
    d->max_steps = BW_CRAWLER_MAX_STEPS;
    d->error = 0;
    for (g = 0; g < BW_CRAWLER_GENS; g++) {
        bw_crawler_gen *b = &d->gen[g];
        b->turn = b->straight1 = b->straight2 = b->turn1 = b->turn2 = 0;
        b->born = b->step_length = b->corridor_width = b->opening = b->no_direction = 0;
        b->max_age = b->delay = 0;
        b->open_mix[0] = b->open_mix[1] = b->open_mix[2] = 0;
    }
    s.d = d;
    s.seen = 0;
    s.dice_seen = s.baby_seen = s.mix_seen = 0;
    if (!text && n > 0) {
        d->error = "no design text (NULL)";
        return BW_ERR_ARG;
    }
    if (n > BW_CRAWLER_MAX_TEXT) {
        d->error = "the design is larger than " XSTR(BW_CRAWLER_MAX_TEXT) " bytes";
        return BW_ERR_DESIGN;
    }
    while (i < n && !e) {
        line++;
        for (end = i; end < n && text[end] != '\n'; end++)
            if (text[end] == 0) {
                e = "NUL byte in the design";
                break;
            }
        if (!e)
            e = parse_line(&s, text + i, (int)(end - i));
        i = end + 1;
    }
    if (e) {
        if (err_line) /* may be NULL: the caller wants the message alone */
            *err_line = line;
        d->error = e;
        return BW_ERR_DESIGN;
    }
    if (!(s.seen & SEEN_SIZE)) {
        d->error = "no size line (size width height)";
        return BW_ERR_DESIGN;
    }
    if ((e = half_rule(d)) != 0) { /* the whole design: line 0 */
        d->error = e;
        return BW_ERR_DESIGN;
    }
    return BW_OK;
}

/* ---- checking a design built in C ---- */

/* 0, or the message of the first value out of its field's range. */
static const char *in_fields(const field *f, int n, const int *v)
{
    int i;
    for (i = 0; i < n; i++)
        if (v[i] < f[i].lo || v[i] > f[i].hi)
            return f[i].what;
    return 0;
}

/* The values of a design's line, as the parser reads them (keys[] order
 * of values), so in_fields and the rules see what they see there. */
static void seed_values(const bw_crawler *c, int *v)
{
    v[0] = c->x;
    v[1] = c->y;
    v[2] = c->forward;
    v[3] = c->direction;
    v[4] = c->age;
    v[5] = c->max_age;
    v[6] = c->step_length;
    v[7] = c->corridor_width;
    v[8] = c->opening;
}

static const char *gen_problem(const bw_crawler_gen *g, int i)
{
    int v[7];
    const char *e;
    v[0] = i;
    v[1] = g->turn;
    v[2] = g->straight1;
    v[3] = g->straight2;
    v[4] = g->turn1;
    v[5] = g->turn2;
    if ((e = in_fields(f_dice, N_OF(f_dice), v)) != 0)
        return e;
    /* born is the C side of a `baby` line: 1 where the file has one */
    if (g->born > 1)
        return "baby: born must be 0 or 1";
    if (!g->born)
        return 0;
    v[1] = g->max_age;
    v[2] = g->step_length;
    v[3] = g->corridor_width;
    v[4] = g->opening;
    v[5] = g->delay;
    v[6] = g->no_direction;
    if ((e = in_fields(f_baby, N_OF(f_baby), v)) != 0) /* generation 0: "babies are never generation 0" */
        return e;
    v[1] = g->open_mix[0];
    v[2] = g->open_mix[1];
    v[3] = g->open_mix[2];
    if ((e = in_fields(f_openings, N_OF(f_openings), v)) != 0)
        return e;
    if (v[1] + v[2] + v[3] != 0 && v[1] + v[2] + v[3] != 100)
        return "openings: the three percents must add up to 100";
    return 0;
}

const char *bw_crawler_problem(const bw_crawler_design *d)
{
    int v[MAX_TOKENS], i, k;
    const char *e;
    v[0] = d->w;
    v[1] = d->h;
    if ((e = in_fields(f_size, N_OF(f_size), v)) != 0)
        return e;
    v[0] = d->max_steps;
    if ((e = in_fields(f_steps, N_OF(f_steps), v)) != 0)
        return e;
    if (d->n_walls > BW_CRAWLER_MAX_WALLS)
        return MSG_WALLS;
    if (d->n_seeds > BW_CRAWLER_MAX_SEEDS)
        return MSG_SEEDS;
    for (i = 0; i < d->n_walls; i++) {
        for (k = 0; k < 4; k++)
            v[k] = d->wall[i][k];
        if ((e = in_fields(f_wall, N_OF(f_wall), v)) != 0 || (e = wall_rule(d, v)) != 0)
            return e;
    }
    for (i = 0; i < d->n_seeds; i++) {
        seed_values(&d->seed[i], v);
        if ((e = in_fields(f_crawler, N_OF(f_crawler), v)) != 0 || (e = crawler_rule(d, v)) != 0)
            return e;
    }
    for (i = 0; i < BW_CRAWLER_GENS; i++)
        if ((e = gen_problem(&d->gen[i], i)) != 0)
            return e;
    return half_rule(d);
}

int bw_crawler_check(const bw_crawler_design *d)
{
    return bw_crawler_problem(d) ? BW_ERR_DESIGN : BW_OK;
}
