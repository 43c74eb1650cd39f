/* The test suites of a small part's firmware: those of the generators that
 * fit its grid (BW_MAP_W x BW_MAP_H) and that it holds (BW_WITH_NAME; the
 * Makefile's BOARD_GENS sets both). */
#if !defined(BW_WITH_MDUNGEON) || BW_WITH_MDUNGEON
SUITE(mdungeon)
#endif
#if !defined(BW_WITH_OVERWORLD) || BW_WITH_OVERWORLD
SUITE(overworld)
#endif
