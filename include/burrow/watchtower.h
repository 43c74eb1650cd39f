/* PUT_ORC_WATCHTOWERS (docs/blocks.md): 4 x 4 blocks of orc watchtower that
 * may overwrite anything but pits, slopes, granite (rock wall) and other
 * watchtowers; a place that would touch one of those is drawn again. */
#ifndef BURROW_WATCHTOWER_H
#define BURROW_WATCHTOWER_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/grid.h"
#include "burrow/rng.h"
#include "burrow/geom.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BW_WATCHTOWER_SIZE 4
/* Places drawn per tower before that tower is given up (the fallback: fewer
 * towers; the count placed is returned). */
#define BW_WATCHTOWER_TRIES 48

/* Word k of the tiles a tower may not stand on (bw_tileset): "any type of
 * tile beside pit, slope, granite wall, or orcish watchtower"; granite is
 * the rock wall. bw_watchtower_defaults' forbid; a generator that places
 * its own towers forbids these too. */
#define BW_WATCHTOWER_FORBID(k) (BW_TILESET_BIT(BW_T_PIT, k) | BW_TILESET_BIT(BW_T_FIERY_PIT, k) | \
                                 BW_TILESET_BIT(BW_T_UP_SLOPE, k) | BW_TILESET_BIT(BW_T_DOWN_SLOPE, k) | \
                                 BW_TILESET_BIT(BW_T_ROCK, k) | BW_TILESET_BIT(BW_T_WATCHTOWER, k))

typedef struct bw_watchtower_params {
    uint8_t tile;                  /* BW_T_WATCHTOWER */
    uint8_t count;                 /* towers wanted: 3 */
    uint8_t tries;                 /* per tower, <= BW_WATCHTOWER_TRIES */
    bw_tileset forbid;             /* pit, fiery pit, both slopes, rock wall,
                                      watchtower */
} bw_watchtower_params;

void bw_watchtower_defaults(bw_watchtower_params *p);

/* Places up to p->count towers whose 4 x 4 squares lie inside `area`
 * (clipped to the map). `placed` (may be NULL) receives each tower's
 * top-left corner and must hold p->count points. Returns how many were
 * placed. */
int bw_watchtower_put_many(bw_grid *g, bw_rng *r, const bw_watchtower_params *p,
                       bw_rect area, bw_point *placed);

#ifdef __cplusplus
}
#endif

#endif
