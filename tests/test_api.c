/* The API's shape. Error codes and their names, the version. */
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;

/* Every code has its own phrase; anything else is "unknown error". */
static void api_strerror_names_every_code(void)
{
    static const int codes[] = { BW_OK, BW_ERR_LEVEL, BW_ERR_OPTION, BW_ERR_DESIGN,
                                 BW_ERR_ARG, BW_ERR_NOT_FOUND, BW_ERR_STATE };
    const int n = (int)(sizeof codes / sizeof codes[0]);
    int i, j;
    CHECK(t_same(bw_strerror(BW_OK), "ok"));
    CHECK(t_same(bw_strerror(BW_ERR_LEVEL), "level out of range"));
    for (i = 0; i < n; i++) {
        t_seed((uint32_t)i);
        CHECK(codes[i] == -i); /* 0, -1, -2, ...: stable, never renumbered */
        CHECK(bw_strerror(codes[i]) != 0 && bw_strerror(codes[i])[0] != 0);
        CHECK(!t_same(bw_strerror(codes[i]), "unknown error"));
        for (j = 0; j < i; j++)
            CHECK(!t_same(bw_strerror(codes[i]), bw_strerror(codes[j])));
    }
    CHECK(t_same(bw_strerror(1), "unknown error"));
    CHECK(t_same(bw_strerror(-n), "unknown error"));
    CHECK(t_same(bw_strerror(-2147483647 - 1), "unknown error"));
}

/* Every registered generator refuses level 0 and levels + 1 with
 * BW_ERR_LEVEL and makes level 1 and its last level with BW_OK. */
static void api_generators_return_level_errors(void)
{
    int i;
    for (i = 0; i < bw_generator_count; i++) {
        const bw_generator *g = &bw_generators[i];
        t_seed((uint32_t)i);
        CHECK(g->generate(m, 1, 0, 0) == BW_ERR_LEVEL);
        CHECK(g->generate(m, 1, g->levels + 1, 0) == BW_ERR_LEVEL);
        CHECK(g->generate(m, 1, g->levels, 0) == BW_OK);
        CHECK(g->generate(m, 1, 1, 0) == BW_OK);
        CHECK(m->grid.w == g->w && m->grid.h == g->h);
    }
}

/* No road on the map: nothing to put the player on. */
static void api_player_start_not_found_without_road(void)
{
    int x = 7, y = 9;
    bw_map_init(m, BW_OVERWORLD_W, BW_OVERWORLD_H, BW_T_OW_SHORT);
    CHECK(bw_overworld_player_start(m, &x, &y) == BW_ERR_NOT_FOUND);
    CHECK(x == 7 && y == 9);
}

/* FNV-1a over the entity list the level left. */
static uint32_t entity_hash(const bw_map *mp)
{
    const unsigned char *b = (const unsigned char *)mp->ent;
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < (size_t)mp->n_ent * sizeof mp->ent[0]; i++)
        h = (h ^ b[i]) * 16777619u;
    return (h ^ (uint32_t)mp->n_ent) * 16777619u;
}

/* A level depends on its seed, level and options alone, never on what the
 * caller's map held before: some generators keep working state in the
 * map's planes, fill stack, entity list or unused grid rows while they run
 * (docs/api.md), and none may read it before writing it. Every generator's
 * first levels and its last, on a map first zeroed and then filled with
 * junk bytes: the same grid and the same entities. */
static void api_level_independent_of_what_the_map_held(void)
{
    int i, n;
    uint32_t s;
    for (i = 0; i < bw_generator_count; i++) {
        const bw_generator *g = &bw_generators[i];
        for (n = 1; n <= g->levels; n = n < 5 ? n + 1 : (n < g->levels ? g->levels : n + 1))
            for (s = 0; s < (uint32_t)SEEDS(20); s++) {
                unsigned char *b = (unsigned char *)m;
                uint32_t want, want_ent, x = s * 2654435761u + (uint32_t)n + 1u;
                size_t k;
                t_seed(s);
                for (k = 0; k < sizeof *m; k++)
                    b[k] = 0;
                CHECK(g->generate(m, s, n, 0) == BW_OK);
                want = bw_grid_hash(&m->grid);
                want_ent = entity_hash(m);
                for (k = 0; k < sizeof *m; k++) { /* junk: an xorshift's bytes */
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    b[k] = (unsigned char)x;
                }
                CHECK(g->generate(m, s, n, 0) == BW_OK);
                CHECK(bw_grid_hash(&m->grid) == want);
                CHECK(entity_hash(m) == want_ent);
            }
    }
}

/* BW_VERSION spells the three numbers. */
static void api_version_string_matches_numbers(void)
{
    static const char v[] = BW_VERSION;
    char want[16];
    int n = 0, part[3], i;
    part[0] = BW_VERSION_MAJOR;
    part[1] = BW_VERSION_MINOR;
    part[2] = BW_VERSION_PATCH;
    for (i = 0; i < 3; i++) {
        int d = 1;
        while (d * 10 <= part[i])
            d *= 10;
        for (; d > 0; d /= 10)
            want[n++] = (char)('0' + part[i] / d % 10);
        want[n++] = i < 2 ? '.' : 0;
    }
    CHECK(t_same(v, want));
    CHECK(BW_VERSION_NUMBER == BW_VERSION_MAJOR * 10000 + BW_VERSION_MINOR * 100 + BW_VERSION_PATCH);
}

void suite_api(void)
{
    RUN(api_strerror_names_every_code);
    RUN(api_generators_return_level_errors);
    RUN(api_player_start_not_found_without_road);
    RUN(api_level_independent_of_what_the_map_held);
    RUN(api_version_string_matches_numbers);
}
