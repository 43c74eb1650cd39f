/* BOMB_GO_OFF (docs/blocks.md): inside the bombed area, randomly selected
 * impassable tiles turn into another tile (usually a passable one). Pits
 * and slopes are never affected, nor is anything outside the area. */
#ifndef BURROW_BOMB_H
#define BURROW_BOMB_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/grid.h"
#include "burrow/rng.h"
#include "burrow/geom.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bw_bomb_params {
    uint8_t tile;                  /* what hit tiles become: BW_T_DIRT */
    uint8_t num, den;              /* each impassable tile is hit with
                                      chance num / den: 1 / 2 */
    bw_tileset keep;               /* never hit, besides pits and slopes
                                      (default: empty) */
} bw_bomb_params;

void bw_bomb_defaults(bw_bomb_params *p);

/* 1 if a bomb may change this tile: not passable (BW_PASS), not a pit
 * (BW_T_PIT, BW_T_FIERY_PIT) nor a slope, not in p->keep. Any int: 0 for
 * an id that is no tile (below 0, or BW_TILE_COUNT and up). */
int bw_bomb_can_hit(const bw_bomb_params *p, int tile);

/* Bombs `area` (inclusive, clipped to the map). Returns tiles changed. */
int bw_bomb_go_off(bw_grid *g, bw_rng *r, const bw_bomb_params *p,
                   bw_rect area);

#ifdef __cplusplus
}
#endif

#endif
