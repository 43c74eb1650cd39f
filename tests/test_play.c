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

/* ---- every kind of link (issue 14: the scripts take every kind) ----
 * A link taken is bit 2k + d of links[generator id]: k the tile's place
 * among the tiles of the tile table that link (bw_tile_link), d 0 for '>'
 * (a level down) and 1 for '<' (a level up). The overworld's travel has a
 * word of its own: a gate on each side (bit 0 north, 1 east, 2 south,
 * 3 west) and a flight (bit 4). 40 bytes, so the 20 KiB board keeps its
 * stack. */
#define GEN_IDS 9 /* BW_GEN_* run 1..8 */
#define OW_TRAVEL GEN_IDS
#define OW_FLIGHT 4
typedef uint32_t link_set[GEN_IDS + 1];

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

/* What a key changed: a level taken through the tile under the player,
 * or the overworld left by a gate (the side the player walked out of) or
 * by a flight (a : command). */
static void note_link(const play_game *g, uint32_t *taken, int level, int tile, int wx, int wy, int flew)
{
    int k = link_index(tile);
    if (g->gen->id == BW_GEN_OVERWORLD) {
        int dx = g->opts.x - wx, dy = g->opts.y - wy;
        taken[OW_TRAVEL] |= 1u << (flew ? OW_FLIGHT : dy < 0 ? 0 : dx > 0 ? 1 : dy > 0 ? 2 : 3);
    } else if (k >= 0 && g->gen->id < GEN_IDS && g->level != level) {
        taken[g->gen->id] |= 1u << (2 * k + (g->level > level ? 0 : 1));
    }
}

/* Replays one script; returns the fold of its frames' hashes. taken, if
 * not 0, gets the links the script took. */
static uint32_t replay(const play_script *p, play_game *g, uint32_t *taken)
{
    const bw_generator *gen = bw_generator_find(p->gen);
    bw_opts o = { 0, 0, 0, 0 };
    size_t at = 0, used;
    uint32_t fold = 2166136261u;
    g->cols = 80;
    g->rows = 24;
    g->colour = 1;
    g->abyss_every = p->every;
    if (!gen || play_start(g, &arena.play, 0, gen, (uint32_t)p->seed, &o, p->level) != 0)
        return 0;
    fold = t_fold(fold, play_draw(g, no_output, 0));
    while (at < p->n) {
        int key = play_decode((const unsigned char *)p->keys + at, p->n - at, &used);
        int level = g->level, tile = BW_AT(&g->map->grid, g->x, g->y), wx = g->opts.x, wy = g->opts.y;
        int flew = g->in_cmd;
        uint32_t changes = g->level_changes;
        at += used;
        if (play_key(g, key))
            break;
        if (taken && g->level_changes != changes)
            note_link(g, taken, level, tile, wx, wy, flew);
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
        uint32_t fold = replay(p, &g, 0);
        t_seed(i);
        CHECK(g.level == p->final_level);
        CHECK((int)g.level_changes == p->changes);
        t_golden(p->name, fold, (uint32_t)p->fold);
    }
}

/* The links each generator makes: every link tile on levels 1..5 of
 * seeds 0..9 (one on the boards), in each direction play_takes_link
 * allows where the level beyond exists; the overworld's gates on all four
 * sides and a flight (overworld.txt's travel, poke327's n s e w and f). */
static void links_made(uint32_t *need)
{
    int gi, level, x, y, d;
    uint32_t s;
    for (gi = 0; gi < bw_generator_count; gi++) {
        const bw_generator *gen = &bw_generators[gi];
        bw_opts o = { 0, 0, 0, 0 };
        if (gen->id == BW_GEN_OVERWORLD)
            need[OW_TRAVEL] = 0x1f;
        if (gen->levels < 2 || gen->id >= GEN_IDS)
            continue;
        FOR_SEEDS(s, 10) {
            for (level = 1; level <= gen->levels && level <= T_LEVELS_MAX; level++) {
                bw_map *m = &arena.map;
                if (gen->generate(m, s, level, &o) != 0)
                    continue;
                for (y = 0; y < m->grid.h; y++)
                    for (x = 0; x < m->grid.w; x++) {
                        int t = BW_AT(&m->grid, x, y), k = link_index(t);
                        for (d = 0; k >= 0 && d < 2; d++) {
                            int dir = d == 0 ? 1 : -1;
                            if (play_takes_link(gen, t, dir) && level + dir >= 1 && level + dir <= gen->levels)
                                need[gen->id] |= 1u << (2 * k + d);
                        }
                    }
            }
        }
    }
}

/* Prints a link no script takes. */
static void missing(int id, int bit)
{
    int gi, t, k = 0;
    for (gi = 0; gi < bw_generator_count && bw_generators[gi].id != (id == OW_TRAVEL ? BW_GEN_OVERWORLD : id); gi++)
        ;
    t_print("no script takes: ");
    t_print(gi < bw_generator_count ? bw_generators[gi].name : "?");
    if (id == OW_TRAVEL) {
        static const char *const how[] = { " gate north", " gate east", " gate south", " gate west", " flight" };
        t_print(how[bit]);
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

/* Issue 14: the key scripts, all together, take every kind of link every
 * generator makes (each link tile, '>' and '<' where both climb it) and
 * leave the overworld by each side's gate and by flight; replaying them
 * records the tile under the player at every level change. */
static void play_scripts_take_every_link_kind(void)
{
    link_set need = { 0 }, taken = { 0 };
    unsigned i;
    int id, bit, gaps = 0, kinds = 0;
    for (id = 0; id < BW_TILE_COUNT; id++)
        kinds += bw_tile_link(id) != 0;
    REQUIRE(kinds <= 16 && bw_generator_count < GEN_IDS); /* the bits fit */
    for (i = 0; i < sizeof play_scripts / sizeof play_scripts[0]; i++) {
        play_game g = { 0 };
        replay(&play_scripts[i], &g, taken);
    }
    links_made(need);
    for (id = 0; id <= GEN_IDS; id++)
        for (bit = 0; bit < 32; bit++)
            if ((need[id] & ~taken[id]) >> bit & 1u) {
                missing(id, bit);
                gaps++;
            }
    CHECK(gaps == 0);
    CHECK(need[BW_GEN_MINES] != 0 && need[OW_TRAVEL] != 0); /* the scan found links */
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
    replay(&p, &g, 0);
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

static void count_lines(void *ctx, const char *s, size_t n)
{
    while (n--)
        *(int *)ctx += *s++ == '\n';
}

/* A terminal too small gets one line saying so, not a broken map; one
 * big enough gets all its rows. */
static void play_small_terminal_gets_one_line(void)
{
    play_game g = { 0 };
    const bw_generator *gen = bw_generator_find("crypts");
    bw_opts o = { 0, 0, 0, 0 };
    int lines = 0;
    REQUIRE(play_start(&g, &arena.play, 0, gen, 1u, &o, 1) == 0);
    g.cols = 80;
    g.rows = 24;
    play_draw(&g, count_lines, &lines);
    CHECK(lines == 24);
    lines = 0;
    g.cols = PLAY_MIN_COLS - 1;
    play_draw(&g, count_lines, &lines);
    CHECK(lines == 1);
}

void suite_play(void)
{
    RUN(play_scripts_replay_to_their_goldens);
    RUN(play_scripts_take_every_link_kind);
    RUN(play_mines_script_reaches_dlvl_5);
    RUN(play_bad_keys_change_nothing);
    RUN(play_small_terminal_gets_one_line);
}
