#include "burrow/gen.h"
#include "burrow/crypts.h"
#include "burrow/crawler.h"
#include "burrow/mdungeon.h"
#include "burrow/mines.h"
#include "burrow/abyss.h"
#include "burrow/overworld.h"
#include "burrow/forest.h"
#include "burrow/morlock.h"

/* A library built with some generators only (`make lib GENERATORS=...`,
 * CMake's BURROW_GENERATORS) leaves the others out with BW_WITH_NAME=0. */
#ifndef BW_WITH_MINES
#define BW_WITH_MINES 1
#endif
#ifndef BW_WITH_CRYPTS
#define BW_WITH_CRYPTS 1
#endif
#ifndef BW_WITH_MORLOCK
#define BW_WITH_MORLOCK 1
#endif
#ifndef BW_WITH_FOREST
#define BW_WITH_FOREST 1
#endif
#ifndef BW_WITH_ABYSS
#define BW_WITH_ABYSS 1
#endif
#ifndef BW_WITH_MDUNGEON
#define BW_WITH_MDUNGEON 1
#endif
#ifndef BW_WITH_OVERWORLD
#define BW_WITH_OVERWORLD 1
#endif
#ifndef BW_WITH_CRAWLER
#define BW_WITH_CRAWLER 1
#endif

/* Each generator adds its row here; the order is the one burrow list prints. */
const bw_generator bw_generators[] = {
#if BW_WITH_MINES
    { "mines", BW_GEN_MINES, BW_MINES_VERSION, BW_MINES_W, BW_MINES_H, BW_MINES_LEVELS,
      bw_mines_generate, 0 },
#endif
#if BW_WITH_CRYPTS
    { "crypts", BW_GEN_CRYPTS, BW_CRYPTS_VERSION, BW_CRYPTS_MAP_W, BW_CRYPTS_MAP_H, BW_CRYPTS_LEVELS,
      bw_crypts_generate, 0 },
#endif
#if BW_WITH_MORLOCK
    { "morlock", BW_GEN_MORLOCK, BW_MORLOCK_VERSION, BW_MORLOCK_W, BW_MORLOCK_H, BW_MORLOCK_LEVELS,
      bw_morlock_generate, 0 },
#endif
#if BW_WITH_FOREST
    { "forest", BW_GEN_FOREST, BW_FOREST_VERSION, BW_FOREST_W, BW_FOREST_H, BW_FOREST_LEVELS,
      bw_forest_generate, 0 },
#endif
#if BW_WITH_ABYSS
    { "abyss", BW_GEN_ABYSS, BW_ABYSS_VERSION, BW_ABYSS_SIZE, BW_ABYSS_SIZE, BW_ABYSS_LEVELS,
      bw_abyss_generate, 0 },
#endif
#if BW_WITH_MDUNGEON
    { "mdungeon", BW_GEN_MDUNGEON, BW_MDUNGEON_VERSION, BW_MDUNGEON_W, BW_MDUNGEON_H, BW_MDUNGEON_LEVELS,
      bw_mdungeon_generate, bw_mdungeon_entity_name },
#endif
#if BW_WITH_OVERWORLD
    { "overworld", BW_GEN_OVERWORLD, BW_OVERWORLD_VERSION, BW_OVERWORLD_W, BW_OVERWORLD_H, BW_OVERWORLD_LEVELS,
      bw_overworld_generate, 0 },
#endif
#if BW_WITH_CRAWLER
    /* the built-in design's size; a design file may make the map smaller */
    { "crawler", BW_GEN_CRAWLER, BW_CRAWLER_VERSION, BW_CRAWLER_MAX_SIDE, BW_CRAWLER_MAX_SIDE, BW_CRAWLER_LEVELS,
      bw_crawler_generate, 0 },
#endif
    { 0, 0, 0, 0, 0, 0, 0, 0 } /* sentinel, not counted */
};

const int bw_generator_count = (int)(sizeof bw_generators / sizeof bw_generators[0]) - 1;

static int same(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

const bw_generator *bw_generator_find(const char *name)
{
    int i;
    if (!name) /* no name: not found, never a crash */
        return 0;
    for (i = 0; i < bw_generator_count; i++)
        if (same(bw_generators[i].name, name))
            return &bw_generators[i];
    return 0;
}
