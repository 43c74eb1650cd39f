/* Tiled export for the CLI: `--format tmx` (TMX, a CSV tile layer) and
 * `--format json` (Tiled's JSON map, the .tmj layout), with an object layer
 * of links and entities per level, and `burrow tileset`, the PNG whose tile
 * N is the 4 x 4 colour block burrow's own PNG draws for tile id N. */
#ifndef BW_CLI_TILED_H
#define BW_CLI_TILED_H

#include <stdio.h>
#include "burrow/burrow.h"

#define BW_TILED_IMAGE "burrow-tiles.png" /* the tileset, next to the map */

/* How the CLI makes one level into *map (its make_level, with its own
 * arguments as ctx): the map is regenerated per level, as the CLI keeps one
 * level in memory. */
typedef int (*bw_tiled_make_fn)(void *ctx, int level);

typedef struct bw_tiled_src {
    const bw_generator *gen;
    uint32_t seed;
    const bw_opts *opts;
    unsigned long epoch;       /* abyss --epoch, 0 without */
    int px, py;
    bw_tiled_make_fn make;
    void *ctx;                 /* make's first argument */
    bw_map *map;               /* holds level `lo` on entry */
} bw_tiled_src;

/* Levels lo..hi as one map, one tile layer and one object layer per level
 * (only level lo's visible). Returns 0. */
int bw_tiled_write(FILE *out, int json, const bw_tiled_src *src, int lo, int hi);
/* "down", "none" or "up": which way tile id `tile` links. */
const char *bw_tiled_link_name(int tile);
/* The tileset image, PNG. Returns 0. */
int bw_tiled_tileset(FILE *out);

#endif
