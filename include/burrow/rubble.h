/* PUT_RUBBLE and PUT_LICHEN (docs/blocks.md): one patch of 4-8 small
 * rectangles ("chunks") scattered around a START tile. Lichen is "nearly
 * identical", so both are this one block with different parameters. */
#ifndef BURROW_RUBBLE_H
#define BURROW_RUBBLE_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/grid.h"
#include "burrow/rng.h"
#include "burrow/geom.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BW_RUBBLE_MAX_CHUNKS 8   /* PUT_RUBBLE: 4-8 chunks a patch */
/* bw_rubble_put: draws of START before it settles for a tile it may not
 * overwrite (the patch then still lands around it, on what it may). */
#define BW_RUBBLE_START_TRIES 32

typedef struct bw_rubble_params {
    uint8_t tile;                  /* placed: BW_T_RUBBLE / BW_T_LICHEN */
    uint8_t chunks_min, chunks_max;/* 4, 8 (chunks_max <= BW_RUBBLE_MAX_CHUNKS) */
    uint8_t reach;                 /* CENTER within +/- reach of START: 5 */
    uint8_t size_min, size_max;    /* LENGTH and WIDTH: 1..4 */
    bw_tileset over;               /* only these tiles are overwritten */
} bw_rubble_params;

/* One chunk: CENTER, LENGTH (along x) x WIDTH (along y), and the rectangle
 * before clipping to the map. */
typedef struct bw_rubble_chunk {
    int16_t cx, cy;
    uint8_t len, wid;
    bw_rect rect;
} bw_rubble_chunk;

/* What a patch did, for tests and callers that want to know. */
typedef struct bw_rubble_log {
    int16_t sx, sy;                /* START */
    uint8_t n;                     /* chunks placed */
    bw_rubble_chunk c[BW_RUBBLE_MAX_CHUNKS];
} bw_rubble_log;

/* Rubble: over every passable tile (BW_PASS) except doors, broken walls and
 * level links (slopes, pits: BW_UP, BW_DOWN), which it must not erase. */
void bw_rubble_defaults(bw_rubble_params *p);
/* Lichen: over stone floor only. */
void bw_rubble_lichen_defaults(bw_rubble_params *p);

/* One patch around START = (sx, sy). `log` may be NULL. Returns the number
 * of tiles changed. START may be any point, on the map or off it: CENTER
 * is kept on the map; one beyond the int16 range is read (and logged) as
 * -32768 or 32767, which gives the same patch. */
int bw_rubble_put_at(bw_grid *g, bw_rng *r, const bw_rubble_params *p,
                     int sx, int sy, bw_rubble_log *log);
/* One patch around a random START, drawn until it is a tile in p->over
 * (at most BW_RUBBLE_START_TRIES draws). */
int bw_rubble_put(bw_grid *g, bw_rng *r, const bw_rubble_params *p,
                  bw_rubble_log *log);

#ifdef __cplusplus
}
#endif

#endif
