/* The test suites of a part whose grid holds only the small maps (a
 * BW_MAP_W x BW_MAP_H of at least 80 x 32): the Mystery-Dungeon floors and
 * the overworld, the generators that fit it. */
SUITE(mdungeon)
SUITE(overworld)
