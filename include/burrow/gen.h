/* The generator registry: one row per generator burrow has, so
 * the CLI, the tests and the bench iterate over the same list. */
#ifndef BURROW_GEN_H
#define BURROW_GEN_H

#include <stdint.h>
#include "burrow/error.h"
#include "burrow/map.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Generator ids feed the seed mixer: never renumber. */
enum {
    BW_GEN_MINES = 1,
    BW_GEN_CRYPTS = 2,
    BW_GEN_MORLOCK = 3,
    BW_GEN_FOREST = 4,
    BW_GEN_ABYSS = 5,
    BW_GEN_MDUNGEON = 6,
    BW_GEN_OVERWORLD = 7,
    BW_GEN_CRAWLER = 8
};

struct bw_crawler_design; /* a WallCrawlers design, see crawler.h */

/* Options a generator may read; each ignores the ones it does not use. */
typedef struct bw_opts {
    int layout;            /* mdungeon: 1..11, 0 = default */
    int x, y;              /* overworld: the map's place in the world */
    const struct bw_crawler_design *design; /* crawler: 0 = the built-in design */
} bw_opts;

typedef struct bw_generator {
    const char *name;
    int id;                /* BW_GEN_* */
    int version;           /* BW_<NAME>_VERSION: the maps' format version */
    int w, h;
    int levels;            /* highest level (1 for single-map generators) */
    /* Returns 0 (BW_OK), BW_ERR_LEVEL for a level outside 1..levels,
     * BW_ERR_OPTION for options out of range, BW_ERR_DESIGN for a crawler
     * design that breaks a rule. m must not be NULL; o may be (the
     * defaults). */
    int (*generate)(bw_map *m, uint32_t seed, int level, const bw_opts *o);
    /* Optional: prints entities after the grid in --format ids. */
    const char *(*entity_name)(int kind);
} bw_generator;

extern const bw_generator bw_generators[];
extern const int bw_generator_count;

/* The row called name, or NULL when there is none; NULL for a NULL name. */
const bw_generator *bw_generator_find(const char *name);

#ifdef __cplusplus
}
#endif

#endif
