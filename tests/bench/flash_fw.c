/* The flash a generator costs: a firmware that links ONE generator, called
 * directly (not through bw_generator_find, which links all eight), built
 * with -ffunction-sections and --gc-sections at -O2 and at -Os. tests/bench/
 * bench.sh reports its .text (code and read-only data) as `flash_os`, and
 * the same firmware with GEN_FN=none shows what the startup and port alone
 * take. */
#include "burrow/burrow.h"

#ifndef GEN_FN
#error "build with -DGEN_FN=bw_NAME_generate"
#endif

static bw_map map;

static int none(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    (void)m;
    (void)seed;
    (void)level;
    (void)o;
    return 0;
}

int main(int argc, char **argv)
{
    bw_opts o = { 0, 0, 0, 0 };
    (void)argc;
    (void)argv;
    (void)none;
    return GEN_FN(&map, 1u, 1, &o);
}
