/* The map-size check: a build with a small grid (-DBW_MAP_W, -DBW_MAP_H)
 * and only the generators that fit it must give the same maps as the
 * 120 x 120 build. Reads rows of tests/golden/levels.tsv on stdin and
 * prints each row whose generator this build holds, with the hash it
 * makes now; `make test-mapsize` compares them with the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "burrow/burrow.h"

static bw_map map; /* static: the small build's point is its size */

int main(void)
{
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char gen[32], opt[128];
        unsigned long seed;
        int version, level, x = 0, y = 0, layout = 0;
        unsigned long hash;
        const bw_generator *g;
        bw_opts o;
        if (line[0] == '#' || sscanf(line, "%31s %d %d %lu %127[^\t] %lx", gen, &version, &level, &seed, opt,
                                     &hash) != 6)
            continue;
        g = bw_generator_find(gen);
        if (!g)
            continue;
        memset(&o, 0, sizeof o);
        if (sscanf(opt, "--layout %d", &layout) == 1)
            o.layout = layout;
        else if (sscanf(opt, "--x %d --y %d", &x, &y) == 2)
            o.x = x, o.y = y;
        else if (strcmp(opt, "-") != 0)
            continue; /* options this check does not read */
        if (g->generate(&map, (uint32_t)seed, level, &o) != 0) {
            printf("%s\t%d\t%d\t%lu\t%s\tfailed\n", gen, version, level, seed, opt);
            continue;
        }
        printf("%s\t%d\t%d\t%lu\t%s\t%08lx\n", gen, version, level, seed, opt,
               (unsigned long)bw_grid_hash(&map.grid));
    }
    return 0;
}
