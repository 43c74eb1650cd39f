#include "burrow/gen.h"
#include "burrow/crypts.h"
#include "burrow/crawler.h"
#include "burrow/mdungeon.h"
#include "burrow/mines.h"
#include "burrow/abyss.h"
#include "burrow/overworld.h"
#include "burrow/forest.h"
#include "burrow/morlock.h"

/* Each generator adds its row here, in CONTRACT.md's order. */
const bw_generator bw_generators[] = {
    { "mines", BW_GEN_MINES, 120, 120, 5, "", bw_mines_generate, 0 },
    { "crypts", BW_GEN_CRYPTS, 120, 120, 5, "", bw_crypts_generate, 0 },
    { "morlock", BW_GEN_MORLOCK, 120, 120, 5, "", bw_morlock_generate, 0 },
    { "forest", BW_GEN_FOREST, 120, 120, 5, "", bw_forest_generate, 0 },
    { "abyss", BW_GEN_ABYSS, 120, 120, 5, "--epoch 0..1000 [--px X --py Y]", bw_abyss_generate, 0 },
    { "mdungeon", BW_GEN_MDUNGEON, 56, 32, 99, "--layout 1..11", bw_mdungeon_generate, bw_mdungeon_entity_name },
    { "overworld", BW_GEN_OVERWORLD, 80, 21, 1, "--x X --y Y (-200..200), --dist h|r|hh|rr [--px X --py Y], --mask FILE", bw_overworld_generate, 0 },
    { "crawler", BW_GEN_CRAWLER, 120, 120, 1, "--design FILE", bw_crawler_generate, 0 },
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
    for (i = 0; i < bw_generator_count; i++)
        if (same(bw_generators[i].name, name))
            return &bw_generators[i];
    return 0;
}
