#include "burrow/gen.h"
#include "burrow/mdungeon.h"
#include "burrow/mines.h"
#include "burrow/morlock.h"

/* Each generator adds its row here, in CONTRACT.md's order. */
const bw_generator bw_generators[] = {
    { "mines", BW_GEN_MINES, 120, 120, 5, "", bw_mines_generate, 0 },
    { "morlock", BW_GEN_MORLOCK, 120, 120, 5, "", bw_morlock_generate, 0 },
    { "mdungeon", BW_GEN_MDUNGEON, 56, 32, 99, "--layout 1..11", bw_mdungeon_generate, bw_mdungeon_entity_name },
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

const bw_generator *bw_find_generator(const char *name)
{
    int i;
    for (i = 0; i < bw_generator_count; i++)
        if (same(bw_generators[i].name, name))
            return &bw_generators[i];
    return 0;
}
