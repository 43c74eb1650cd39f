/* Every test suite, in run order; one SUITE(name) per tests/test_name.c. */
SUITE(core)
SUITE(port)
SUITE(mineshaft)
SUITE(blocks_a)
SUITE(mdungeon)
SUITE(acid)
SUITE(pit)
SUITE(mines)
