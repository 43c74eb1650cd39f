/* Every test suite, in run order; one SUITE(name) per tests/test_name.c.
 * A small part's test firmware names its own (BW_TEST_SUITES, e.g.
 * "suites_small.h": the suites of the generators that fit it). */
#ifdef BW_TEST_SUITES
#include BW_TEST_SUITES
#else
SUITE(core)
SUITE(port)
SUITE(api)
SUITE(mineshaft)
SUITE(rubble)
SUITE(building)
SUITE(bomb)
SUITE(watchtower)
SUITE(streamer)
SUITE(walk)
SUITE(life)
SUITE(mdungeon)
SUITE(acid)
SUITE(pit)
SUITE(mines)
SUITE(abyss)
SUITE(overworld)
SUITE(forest)
SUITE(crypts)
SUITE(crawler)
SUITE(morlock)
SUITE(robust)
SUITE(domains)
SUITE(sweep)
SUITE(cost)
SUITE(play)
#endif
