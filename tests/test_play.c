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

/* Replays one script; returns the fold of its frames' hashes. */
static uint32_t replay(const play_script *p, play_game *g)
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
    RUN(play_mines_script_reaches_dlvl_5);
    RUN(play_bad_keys_change_nothing);
    RUN(play_small_terminal_gets_one_line);
}
