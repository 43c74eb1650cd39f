/* The game (src/play) replayed from the key scripts of tests/play: every
 * frame the game draws is hashed, and the hashes of a script are folded
 * into one golden, so the desktop and every board must draw the same
 * screens for the same keys. Each script also ends where its route ended
 * (the level and the number of level changes), so a link that stops
 * working fails here. The scripts use the map's plane b for what was seen,
 * as the firmware does. */
#include "check.h"
#include "arena.h"
#include "play.h"
#include "play_scripts.h"

static void no_output(void *ctx, const char *s, size_t n)
{
    (void)ctx;
    (void)s;
    (void)n;
}

static void put_text(char *b, size_t cap, size_t *n, const char *s)
{
    while (*s && *n + 1 < cap)
        b[(*n)++] = *s++;
    b[*n] = 0;
}

static void put_number(char *b, size_t cap, size_t *n, unsigned v)
{
    char t[12];
    int i = 11;
    t[i] = 0;
    do {
        t[--i] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v);
    put_text(b, cap, n, t + i);
}

/* Starts the game where script p starts, on the 80 x 24 terminal the
 * scripts were made on; 0 if it does not start. */
static const bw_generator *start(const play_script *p, play_game *g)
{
    const bw_generator *gen = bw_generator_find(p->gen);
    bw_opts o = { 0, 0, 0, 0 };
    g->cols = 80;
    g->rows = 24;
    g->colour = 1;
    g->abyss_every = p->every;
    if (!gen || play_start(g, &arena.play, 0, gen, (uint32_t)p->seed, &o, p->level) != 0)
        return 0;
    return gen;
}

/* Replays one script; returns the fold of its frames' hashes. */
static uint32_t replay(const play_script *p, play_game *g)
{
    size_t at = 0, used;
    uint32_t fold = 2166136261u;
    if (!start(p, g))
        return 0;
    fold = t_fold(fold, play_draw(g, no_output, 0));
    while (at < p->n) {
        int key = play_decode((const unsigned char *)p->keys + at, p->n - at, &used);
        at += used;
        if (play_key(g, key))
            break;
        fold = t_fold(fold, play_draw(g, no_output, 0));
    }
    return fold;
}

static void play_scripts_replay_to_their_goldens(void)
{
    unsigned i;
    for (i = 0; i < sizeof play_scripts / sizeof play_scripts[0]; i++) {
        const play_script *p = &play_scripts[i];
        play_game g = { 0 };
        uint32_t fold = replay(p, &g);
        t_seed(i);
        CHECK(g.level == p->final_level);
        CHECK((int)g.level_changes == p->changes);
        t_golden(p->name, fold, (uint32_t)p->fold);
    }
}

/* ---- every kind of link (the scripts take every kind) ----
 * The links of one generator, as a mask: bit 2k + d is the link tile
 * with place k among the tiles of the tile table that link
 * (bw_tile_link), climbed with '>' (d 0, a level down) or '<' (d 1, a
 * level up). The overworld has no link tiles; its bits are its travel: a
 * gate on each side (bit 0 north, 1 east, 2 south, 3 west) and a flight
 * (bit 4). One generator at a time, so the test needs a word of stack:
 * the 20 KiB board has no more to spare while the game generates. */
#define OW_FLIGHT 4

/* The tile's place among the tiles that link, -1 if it links nowhere. */
static int link_index(int tile)
{
    int t, k = 0;
    if (bw_tile_link(tile) == 0)
        return -1;
    for (t = 0; t < tile; t++)
        k += bw_tile_link(t) != 0;
    return k;
}

/* The links gen makes: every link tile on levels 1..5 of seeds 0..9 (one
 * on the boards), each way play_takes_link climbs it where the level
 * beyond exists; the overworld's gates on all four sides and a flight
 * (the overworld's travel, poke327's n s e w and f). Not inlined, nor is
 * links_taken: the game's state and the levels generated here are never
 * on the stack together. */
__attribute__((noinline)) static uint32_t links_made(const bw_generator *gen)
{
    uint32_t need = 0, s;
    int level, x, y, d;
    bw_opts o = { 0, 0, 0, 0 };
    if (gen->id == BW_GEN_OVERWORLD)
        return (1u << (OW_FLIGHT + 1)) - 1u;
    FOR_SEEDS(s, 10) {
        for (level = 1; level <= gen->levels && level <= T_LEVELS_MAX; level++) {
            bw_map *m = &arena.map;
            if (gen->levels < 2 || gen->generate(m, s, level, &o) != 0)
                continue;
            for (y = 0; y < m->grid.h; y++)
                for (x = 0; x < m->grid.w; x++) {
                    int t = BW_AT(&m->grid, x, y), k = link_index(t);
                    for (d = 0; k >= 0 && d < 2; d++) {
                        int dir = d == 0 ? 1 : -1;
                        if (play_takes_link(gen, t, dir) && level + dir >= 1 && level + dir <= gen->levels)
                            need |= 1u << (2 * k + d);
                    }
                }
        }
    }
    return need;
}

/* Replays script p (not drawing: the goldens test draws) and returns
 * `left` less the links it takes: at each level change, the tile that was
 * under the player and the way it went; in the overworld the side of the
 * gate walked out of, or a flight (a : command). */
__attribute__((noinline)) static uint32_t links_taken(const play_script *p, uint32_t left)
{
    play_game g = { 0 };
    size_t at = 0, used;
    if (!start(p, &g))
        return left;
    while (at < p->n) {
        int key = play_decode((const unsigned char *)p->keys + at, p->n - at, &used);
        int level = g.level, k = link_index(BW_AT(&g.map->grid, g.x, g.y)), wx = g.opts.x, wy = g.opts.y;
        int flew = g.in_cmd;
        at += used;
        if (play_key(&g, key))
            break;
        if (g.opts.x != wx || g.opts.y != wy)
            left &= ~(1u << (flew ? OW_FLIGHT : g.opts.y < wy ? 0 : g.opts.x > wx ? 1 : g.opts.y > wy ? 2 : 3));
        else if (g.level != level && k >= 0)
            left &= ~(1u << (2 * k + (g.level > level ? 0 : 1)));
    }
    return left;
}

/* Prints a link of gen no script takes. */
static void missing(const bw_generator *gen, int bit)
{
    int t, k = 0;
    t_print("  no script takes: ");
    t_print(gen->name);
    if (gen->id == BW_GEN_OVERWORLD) {
        static const char *const how[] = { " gate north", " gate east", " gate south", " gate west", " flight" };
        t_print(bit <= OW_FLIGHT ? how[bit] : " ?");
    } else {
        for (t = 0; t < BW_TILE_COUNT; t++)
            if (bw_tile_link(t) != 0 && k++ == bit / 2)
                break;
        t_print(" ");
        t_print(t < BW_TILE_COUNT ? bw_tiles[t].name : "?");
        t_print(bit % 2 ? " <" : " >");
    }
    t_print("\n");
}

/* The key scripts, all together, take every kind of link every
 * generator makes (each link tile, '>' and '<' where both climb it) and
 * leave the overworld by each side's gate and by flight. */
static void play_scripts_take_every_link_kind(void)
{
    unsigned i;
    int gi, bit, kinds = 0, found = 0;
    for (bit = 0; bit < BW_TILE_COUNT; bit++)
        kinds += bw_tile_link(bit) != 0;
    REQUIRE(kinds <= 16); /* two bits a kind fit a word */
    for (gi = 0; gi < bw_generator_count; gi++) {
        const bw_generator *gen = &bw_generators[gi];
        uint32_t left = links_made(gen);
        found += left != 0;
        for (i = 0; i < sizeof play_scripts / sizeof play_scripts[0]; i++)
            if (t_same(play_scripts[i].gen, gen->name))
                left = links_taken(&play_scripts[i], left);
        for (bit = 0; bit < 32; bit++)
            if (left >> bit & 1u)
                missing(gen, bit);
        CHECK(left == 0);
    }
    CHECK(found >= 7); /* every generator but the crawler makes links */
}

/* The mines script is the README's walk: down through all five levels. */
static void play_mines_script_reaches_dlvl_5(void)
{
    play_game g = { 0 };
    play_script p = play_scripts[0];
    unsigned long cut;
    /* stop right after the fourth climb down ('>') */
    int downs = 0;
    for (cut = 0; cut < p.n && downs < 4; cut++)
        downs += p.keys[cut] == '>';
    p.n = cut;
    replay(&p, &g);
    CHECK(g.level == 5);
    CHECK(g.level_changes == 4);
}

/* Unknown keys are ignored: nothing moves, no level changes. */
static void play_bad_keys_change_nothing(void)
{
    static const unsigned char junk[] = { 1, 2, 0x7f, 0xff, 0xfe, 'Z', '!', 27, 27, '\t' };
    play_game g = { 0 };
    const bw_generator *gen = bw_generator_find("mines");
    bw_opts o = { 0, 0, 0, 0 };
    unsigned i;
    int x, y;
    g.cols = 80;
    g.rows = 24;
    REQUIRE(play_start(&g, &arena.play, 0, gen, 1u, &o, 1) == 0);
    x = g.x;
    y = g.y;
    for (i = 0; i < sizeof junk; i++)
        CHECK(play_key(&g, junk[i]) == 0);
    CHECK(g.x == x && g.y == y && g.turn == 0 && g.level == 1);
}

/* ---- the screen as a terminal reads it ----
 * A frame goes through a small terminal model, a byte at a time (the game
 * writes it in pieces, and an escape sequence may be cut between two):
 * where each glyph lands, which SGR colour is in force there, and whether
 * every escape sequence is one the game means to send. */
typedef struct term {
    int row, col, rows;      /* the cursor; rows: the rows begun */
    int newline_last;        /* the last byte was a line feed */
    int in_esc;              /* 0 text, 1 after ESC, 2 in ESC [ */
    char seq[24];            /* the parameters of the sequence being read */
    int seq_n;
    char sgr[24];            /* the SGR parameters in force ("" after a reset) */
    int bad;                 /* escape sequences that are not valid */
    const bw_grid *grid;     /* if set, the glyphs of map rows are checked */
    int px, py, map_rows;
    int wrong_glyph;         /* map cells showing something else */
    const char *want_sgr;    /* if set, every map cell but the player's has this colour */
    int wrong_sgr;
    int widest;              /* the most glyphs on a row */
    int grab;                /* the row whose text is kept in text */
    char text[84];           /* 80 columns and the NUL */
} term;

/* One SGR parameter list, as the CLI writes them (src/cli/render.c):
 * reset 0, foregrounds 30-37 and 90-97, backgrounds 40-47 and 100-107,
 * 256 colours as 38;5;N; and reverse video, 7, for the look cursor. */
static int valid_sgr(const char *p)
{
    while (*p) {
        int v = 0, d = 0;
        while (*p >= '0' && *p <= '9' && d < 4) {
            v = v * 10 + (*p++ - '0');
            d++;
        }
        if (d == 0 || d > 3 || (*p && *p != ';'))
            return 0;
        if (v == 38) { /* 38;5;N: N 0..255 */
            int k = 0;
            if (p[0] != ';' || p[1] != '5' || p[2] != ';')
                return 0;
            p += 3;
            for (v = 0, d = 0; *p >= '0' && *p <= '9' && d < 4; d++)
                v = v * 10 + (*p++ - '0');
            k = d > 0 && v <= 255;
            if (!k || (*p && *p != ';'))
                return 0;
        } else if (!(v == 0 || v == 7 || (v >= 30 && v <= 37) || (v >= 90 && v <= 97) || (v >= 40 && v <= 47) ||
                     (v >= 100 && v <= 107))) {
            return 0;
        }
        if (*p == ';' && !*++p)
            return 0;
    }
    return 1;
}

static void copy(char *d, const char *s, int cap)
{
    int i = 0;
    while (s[i] && i + 1 < cap) {
        d[i] = s[i];
        i++;
    }
    d[i] = 0;
}

static void term_sequence(term *t, char final)
{
    t->seq[t->seq_n] = 0;
    if (final == 'm') {
        if (!valid_sgr(t->seq))
            t->bad++;
        /* the game starts each colour with a reset, "0;", as the CLI does after a background */
        copy(t->sgr, t->seq[0] == '0' && t->seq[1] == ';' ? t->seq + 2 : t->seq[0] == '0' && !t->seq[1] ? "" : t->seq,
             (int)sizeof t->sgr);
    } else if (final == 'H' && t->seq_n == 0) {
        t->row = t->col = 0;
    } else if (!((final == 'K' || final == 'J') && (t->seq_n == 0 || (t->seq_n == 1 && t->seq[0] == '2')))) {
        t->bad++; /* the game sends ESC [ H, K, 2J and m only */
    }
}

static void term_byte(term *t, char c)
{
    if (t->in_esc == 1) {
        t->in_esc = c == '[' ? 2 : 0;
        t->seq_n = 0;
        t->bad += c != '[';
        return;
    }
    if (t->in_esc == 2) {
        if (c >= 0x40 && c <= 0x7e) {
            t->in_esc = 0;
            term_sequence(t, c);
        } else if (t->seq_n + 1 < (int)sizeof t->seq) {
            t->seq[t->seq_n++] = c;
        } else {
            t->bad++;
        }
        return;
    }
    t->newline_last = c == '\n';
    if (c == 27) {
        t->in_esc = 1;
    } else if (c == '\r') {
        t->col = 0;
    } else if (c == '\n') {
        t->row++;
    } else {
        if (t->col == 0)
            t->rows++;
        if (t->grid && t->row < t->map_rows && t->col < t->grid->w) {
            int me = t->col == t->px && t->row == t->py;
            char want = me ? '@' : bw_tiles[BW_AT(t->grid, t->col, t->row)].glyph;
            t->wrong_glyph += c != want;
            if (t->want_sgr && !me && !t_same(t->sgr, t->want_sgr))
                t->wrong_sgr++;
        }
        if (t->row == t->grab && t->col + 1 < (int)sizeof t->text) {
            t->text[t->col] = c;
            t->text[t->col + 1] = 0;
        }
        t->col++;
        if (t->col > t->widest)
            t->widest = t->col;
    }
}

static void to_term(void *ctx, const char *s, size_t n)
{
    while (n--)
        term_byte((term *)ctx, *s++);
}

/* A terminal too small gets one line saying so, not a broken map; one
 * big enough gets all its rows. No frame ends with a line feed: on the
 * terminal's last row that would scroll the top row away. */
static void play_small_terminal_gets_one_line(void)
{
    play_game g = { 0 };
    const bw_generator *gen = bw_generator_find("crypts");
    bw_opts o = { 0, 0, 0, 0 };
    term t = { 0 };
    REQUIRE(play_start(&g, &arena.play, 0, gen, 1u, &o, 1) == 0);
    g.cols = 80;
    g.rows = 24;
    play_draw(&g, to_term, &t);
    CHECK(t.row == 23); /* 24 rows, the last not ended */
    CHECK(!t.newline_last);
    CHECK(t.bad == 0);
    t.row = t.newline_last = 0;
    g.cols = PLAY_MIN_COLS - 1;
    play_draw(&g, to_term, &t);
    CHECK(t.row == 0);
    CHECK(!t.newline_last);
}

/* After a flight (:f X Y) the screen shows the whole new map, as after a
 * walk through a gate: the overworld is all in sight. */
static void play_flight_draws_the_whole_map(void)
{
    static const char keys[] = ":f 5 5\r";
    play_game g = { 0 };
    const bw_generator *gen = bw_generator_find("overworld");
    bw_opts o = { 0, 0, 0, 0 };
    term t = { 0 };
    unsigned i;
    g.cols = 80;
    g.rows = 24;
    REQUIRE(play_start(&g, &arena.play, 0, gen, 1u, &o, 1) == 0);
    for (i = 0; keys[i]; i++)
        play_key(&g, keys[i]);
    REQUIRE(g.opts.x == 5 && g.opts.y == 5);
    t.grid = &g.map->grid;
    t.px = g.x;
    t.py = g.y;
    t.map_rows = g.map->grid.h;
    play_draw(&g, to_term, &t);
    CHECK(t.wrong_glyph == 0);
}

/* The game colours each tile as `burrow GENERATOR --format ansi` does
 * (render.c: the tile table's colour field decoded to SGR parameters,
 * tile.h): every escape sequence is a valid one, and every tile's colour
 * is the CLI's for that tile. */
static void play_colours_are_the_clis(void)
{
    play_game g = { 0 };
    const bw_generator *gen = bw_generator_find("mines");
    bw_opts o = { 0, 0, 0, 0 };
    int tile, x, y;
    g.cols = 80;
    g.rows = 24;
    g.colour = 1;
    REQUIRE(play_start(&g, &arena.play, 0, gen, 1u, &o, 1) == 0);
    for (tile = 0; tile < BW_TILE_COUNT; tile++) {
        uint32_t c = bw_tiles[tile].colour;
        unsigned fg = BW_COLOUR_FG(c), bg = BW_COLOUR_BG(c);
        char want[24];
        term t = { 0 };
        size_t n = 0;
        /* the CLI's parameters for the tile (render.c's print_sgr) */
        want[0] = 0;
        if (fg >= 0x100) {
            put_text(want, sizeof want, &n, "38;5;");
            put_number(want, sizeof want, &n, fg & 0xffu);
        } else {
            put_number(want, sizeof want, &n, fg);
        }
        if (bg) {
            put_text(want, sizeof want, &n, ";");
            put_number(want, sizeof want, &n, bg);
        }
        /* a map of that tile alone, all in sight, the player in a corner */
        for (y = 0; y < g.map->grid.h; y++)
            for (x = 0; x < g.map->grid.w; x++)
                BW_AT(&g.map->grid, x, y) = (uint8_t)tile;
        bw_plane_fill(&g.map->a);
        g.x = g.y = 0;
        t.grid = &g.map->grid;
        t.map_rows = g.map->grid.h < g.rows - 3 ? g.map->grid.h : g.rows - 3; /* the rows in view */
        t.want_sgr = want;
        play_draw(&g, to_term, &t);
        t_seed((uint32_t)tile);
        CHECK(t.bad == 0);
        CHECK(t.wrong_sgr == 0);
        CHECK(t.wrong_glyph == 0);
    }
}


/* Row r of the screen as the player reads it (colours left out). */
static void screen_row(const play_game *g, int r, term *t)
{
    size_t i;
    for (i = 0; i < sizeof *t; i++) /* no second term on the stack (20 KiB boards) */
        ((unsigned char *)t)[i] = 0;
    t->grab = r;
    play_draw(g, to_term, t);
}

static int has(const char *s, const char *want)
{
    size_t i, k;
    for (i = 0; s[i]; i++) {
        for (k = 0; want[k] && s[i + k] == want[k]; k++)
            ;
        if (!want[k])
            return 1;
    }
    return !*want;
}

/* Not inlined: the term is on the stack only while a screen is read, not
 * under a level's generation (the 20 KiB board's stack). */
#if defined(__GNUC__)
#define T_NOINLINE __attribute__((noinline))
#else
#define T_NOINLINE
#endif

/* 1 if some row of the screen holds `want`. */
static T_NOINLINE int screen_has(const play_game *g, const char *want)
{
    term t;
    int r;
    for (r = 0; r < g->rows; r++) {
        screen_row(g, r, &t);
        if (has(t.text, want))
            return 1;
    }
    return 0;
}

static void keys(play_game *g, const char *k)
{
    while (*k)
        play_key(g, (unsigned char)*k++);
}

static const bw_generator *begin(play_game *g, const char *name, uint32_t seed, int level, int cols, int rows)
{
    const bw_generator *gen = bw_generator_find(name);
    bw_opts o = { 0, 0, 0, 0 };
    g->cols = cols;
    g->rows = rows;
    g->colour = 1;
    if (!gen || play_start(g, &arena.play, 0, gen, seed, &o, level) != 0)
        return 0;
    return gen;
}

/* :h and :hh show what `burrow overworld --dist h` and `--dist hh` print
 * (" NN" a tile, the distance mod 100; " %5u" the whole distance), in a
 * window of the terminal's width that the move keys scroll. */
static void play_distance_maps_are_the_clis(void)
{
    static const char *const cmd[] = { ":h\r", ":hh\r" };
    int k;
    for (k = 0; k < 2; k++) {
        play_game g = { 0 };
        term t;
        int cw = k ? 6 : 3, vw = 80 / cw, ox, x, bad = 0, numbers = 0, y;
        REQUIRE(begin(&g, "overworld", 7u, 1, 80, 24));
        keys(&g, cmd[k]);
        REQUIRE(g.dist == 1 + 2 * k);
        for (y = 0; y < BW_OVERWORLD_H; y++) {
            ox = bw_clamp(g.cx - vw / 2, 0, BW_OVERWORLD_W - vw);
            screen_row(&g, y, &t);
            CHECK(t.widest <= 80);
            for (x = ox; x < ox + vw; x++) {
                unsigned d = g.dist_map[y][x];
                char want[8];
                int i;
                for (i = 0; i < cw; i++)
                    want[i] = ' ';
                want[cw] = 0;
                if (x == g.x && y == g.y) {
                    want[cw - 1] = '@';
                } else if (d != BW_OVERWORLD_INF && !k) {
                    want[1] = (char)('0' + (int)(d % 100u / 10u));
                    want[2] = (char)('0' + (int)(d % 10u));
                    numbers++;
                } else if (d != BW_OVERWORLD_INF) {
                    for (i = cw - 1; i > 0; i--, d /= 10u) {
                        want[i] = (char)('0' + (int)(d % 10u));
                        if (d < 10u)
                            break;
                    }
                    numbers++;
                }
                for (i = 0; i < cw; i++)
                    bad += t.text[(x - ox) * cw + i] != want[i];
            }
        }
        t_seed((uint32_t)k);
        CHECK(numbers > 100);
        CHECK(bad == 0);
        /* the move keys scroll it; Esc closes it */
        x = g.cx;
        play_key(&g, 'l');
        CHECK(g.cx > x && g.dist != 0);
        play_key(&g, 27);
        CHECK(g.dist == 0);
    }
}

/* '?' lists the keys and every tile kind of the level, with where its
 * links lead; any key goes back. */
static void play_help_shows_keys_and_a_legend(void)
{
    play_game g = { 0 };
    REQUIRE(begin(&g, "mines", 1u, 2, 80, 24));
    play_key(&g, '?');
    REQUIRE(g.mode == PLAY_HELP);
    CHECK(screen_has(&g, "Keys"));
    CHECK(screen_has(&g, "rock wall"));
    CHECK(screen_has(&g, "down slope: > down to level 3"));
    CHECK(screen_has(&g, "up slope: < up to level 1"));
    play_key(&g, ' ');
    CHECK(g.mode == PLAY_MAP);
    CHECK(!screen_has(&g, "Keys"));
    /* the Mystery Dungeon says floor, and lists its entities */
    REQUIRE(begin(&g, "mdungeon", 1u, 1, 80, 24));
    play_key(&g, '?');
    CHECK(screen_has(&g, "On this floor"));
    CHECK(screen_has(&g, "$ item"));
    CHECK(screen_has(&g, "^ trap"));
}

/* The look cursor names the tile under it. */
static void play_look_names_the_tile(void)
{
    play_game g = { 0 };
    int x;
    REQUIRE(begin(&g, "crypts", 1u, 1, 80, 24));
    play_key(&g, 'x');
    REQUIRE(g.mode == PLAY_LOOK);
    CHECK(screen_has(&g, "you, on "));
    for (x = 0; x < 3; x++)
        play_key(&g, 'l');
    CHECK(g.cx == g.x + 3 && g.cy == g.y);
    CHECK(screen_has(&g, BW_PGET(g.seen, g.cx, g.cy) ? bw_tiles[BW_AT(&g.map->grid, g.cx, g.cy)].name
                                                       : "not seen yet"));
    play_key(&g, 27);
    CHECK(g.mode == PLAY_MAP);
}

/* The last PLAY_LOG messages are kept and 'm' shows them, the newest last. */
static void play_messages_are_kept(void)
{
    play_game g = { 0 };
    term t;
    REQUIRE(begin(&g, "mines", 1u, 1, 80, 24));
    keys(&g, "Z>");            /* an unknown key, then no stairs here */
    play_key(&g, 'm');
    REQUIRE(g.mode == PLAY_MESSAGES);
    screen_row(&g, 1, &t);
    CHECK(has(t.text, "Welcome"));
    screen_row(&g, 2, &t);
    CHECK(has(t.text, "Unknown key"));
    screen_row(&g, 3, &t);
    CHECK(has(t.text, "Nothing leads down here."));
    play_key(&g, ' ');
    keys(&g, "ZZZZZZZZZZ");    /* more than the ring holds: the oldest go */
    play_key(&g, 'm');
    screen_row(&g, PLAY_LOG, &t);
    CHECK(has(t.text, "Unknown key"));
    CHECK(!screen_has(&g, "Welcome"));
}

/* The Mystery Dungeon's items and traps are drawn with glyphs of their own. */
static T_NOINLINE int glyph_at(const play_game *g, int row, int col)
{
    term t;
    screen_row(g, row, &t);
    return t.text[col];
}

static void play_entities_have_glyphs(void)
{
    play_game g = { 0 };
    int i, shown = 0, checked = 0;
    REQUIRE(begin(&g, "mdungeon", 1u, 1, 80, 24));
    bw_plane_fill(g.seen); /* all seen */
    for (i = 0; i < g.map->n_ent; i++) {
        const bw_entity *e = &g.map->ent[i];
        int oy = bw_clamp(g.y - 21 / 2, 0, g.map->grid.h - 21);
        if (e->kind != BW_MDUNGEON_E_ITEM && e->kind != BW_MDUNGEON_E_TRAP)
            continue;
        if (e->y < oy || e->y >= oy + 21 || (e->x == g.x && e->y == g.y))
            continue;
        checked++;
        shown += glyph_at(&g, e->y - oy, e->x) == (e->kind == BW_MDUNGEON_E_ITEM ? '$' : '^');
    }
    CHECK(checked > 0);
    CHECK(shown == checked);
}

/* The status line uses each generator's word, and no RAM figure. */
static T_NOINLINE int fits_50_columns(play_game *g)
{
    term t;
    g->cols = 50;
    screen_row(g, 22, &t);
    return t.widest <= 50 && t.row == 23 && has(t.text, "forest seed 1 level 2");
}

static void play_status_line_speaks_the_generators_words(void)
{
    play_game g = { 0 };
    REQUIRE(begin(&g, "mdungeon", 1u, 3, 80, 24));
    CHECK(screen_has(&g, "mdungeon seed 1 floor 3"));
    g.ram = 12345;
    CHECK(!screen_has(&g, "RAM"));
    REQUIRE(begin(&g, "overworld", 1u, 1, 80, 24));
    CHECK(screen_has(&g, "overworld seed 1 map (0,0)"));
    REQUIRE(begin(&g, "forest", 1u, 2, 80, 24));
    CHECK(screen_has(&g, "forest seed 1 level 2"));
    /* 50 columns: the line is cut, not wrapped */
    CHECK(fits_50_columns(&g));
}

/* While the terminal is too small, keys do not move the player. */
static void play_small_terminal_takes_no_moves(void)
{
    play_game g = { 0 };
    int x, y;
    REQUIRE(begin(&g, "mines", 1u, 1, 30, 10));
    x = g.x;
    y = g.y;
    keys(&g, "hjklyubn>.<");
    CHECK(g.x == x && g.y == y && g.turn == 0);
    CHECK(play_key(&g, 'q') == 1);
}

/* abyss rule 5.3 in the game: with the seen plane in the map's plane b,
 * as on the boards, a regeneration forgets only what it redraws: all that
 * was seen in the player's own area (always kept) stays seen, and what
 * was seen far away (redrawn) is forgotten. */
static void play_abyss_keeps_seen_areas(void)
{
    play_game g = { 0 };
    int x, y, x0, y0, lost = 0, far = 0;
    g.abyss_every = 1000;
    REQUIRE(begin(&g, "abyss", 1u, 1, 80, 24));
    keys(&g, "llll");
    bw_plane_fill(g.seen); /* as if all had been seen */
    g.abyss_every = 1;
    play_key(&g, '.');
    REQUIRE(g.epoch == 1);
    x0 = g.x / BW_ABYSS_AREA * BW_ABYSS_AREA;
    y0 = g.y / BW_ABYSS_AREA * BW_ABYSS_AREA;
    for (y = y0; y < y0 + BW_ABYSS_AREA; y++)
        for (x = x0; x < x0 + BW_ABYSS_AREA; x++)
            lost += !BW_PGET(g.seen, x, y);
    for (y = 0; y < BW_ABYSS_SIZE; y++)
        for (x = 0; x < BW_ABYSS_SIZE; x++)
            far += (x - g.x) * (x - g.x) + (y - g.y) * (y - g.y) > 40 * 40 && BW_PGET(g.seen, x, y);
    CHECK(lost == 0);
    CHECK(far == 0);
}

void suite_play(void)
{
    RUN(play_scripts_replay_to_their_goldens);
    RUN(play_scripts_take_every_link_kind);
    RUN(play_mines_script_reaches_dlvl_5);
    RUN(play_bad_keys_change_nothing);
    RUN(play_small_terminal_gets_one_line);
    RUN(play_flight_draws_the_whole_map);
    RUN(play_colours_are_the_clis);
    RUN(play_distance_maps_are_the_clis);
    RUN(play_help_shows_keys_and_a_legend);
    RUN(play_look_names_the_tile);
    RUN(play_messages_are_kept);
    RUN(play_entities_have_glyphs);
    RUN(play_status_line_speaks_the_generators_words);
    RUN(play_small_terminal_takes_no_moves);
    RUN(play_abyss_keeps_seen_areas);
}
