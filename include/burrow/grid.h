/* The level grid: a statically sized 120 x 120 byte array of tile ids.
 * Smaller maps (56 x 32, 80 x 21) use its top-left corner; the row stride is
 * always BW_GRID_MAX so that a cell's index never depends on the map size.
 * Every function that reads a grid has in its domain a grid whose cells in
 * use hold tile ids (below BW_TILE_COUNT), as the library writes them when
 * its tile arguments and parameter fields are tile ids: the fill and the
 * tile sets look a cell's id up in tables of that size. */
#ifndef BURROW_GRID_H
#define BURROW_GRID_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BW_GRID_MAX 120 /* every level of the five dungeons is 120 x 120 */
#define BW_GRID_CELLS (BW_GRID_MAX * BW_GRID_MAX)

typedef struct bw_grid {
    uint8_t w, h;                  /* the size in use, 1..BW_GRID_MAX */
    uint8_t cell[BW_GRID_CELLS];   /* row-major, stride BW_GRID_MAX */
} bw_grid;

/* Sets the size in use and fills those w x h cells with `tile`. */
void bw_grid_init(bw_grid *g, int w, int h, uint8_t tile);
void bw_grid_fill(bw_grid *g, uint8_t tile);

/* Bounds-checked: get() returns `outside` off the map; set() ignores it. */
int bw_grid_in(const bw_grid *g, int x, int y);
uint8_t bw_grid_get(const bw_grid *g, int x, int y, uint8_t outside);
void bw_grid_set(bw_grid *g, int x, int y, uint8_t tile);

/* Unchecked, for inner loops whose bounds are already known. */
#define BW_AT(g, x, y) ((g)->cell[(y) * BW_GRID_MAX + (x)])

/* Fills the rectangle [x0, x1] x [y0, y1] (inclusive, clipped): any ints;
 * an empty rectangle (x0 > x1 or y0 > y1) or one off the map fills
 * nothing. */
void bw_grid_rect(bw_grid *g, int x0, int y0, int x1, int y1, uint8_t tile);

/* 1 if the rectangle [x0, x1] x [y0, y1] lies on the map and every tile
 * in it is in `ts`: the test of a placement (a building's footprint, a
 * watchtower's ground). Any ints: 0 if x0 or y0 is below 0 or x1 or y1
 * past the map's edge, else 1 for an empty rectangle. */
int bw_grid_rect_in(const bw_grid *g, int x0, int y0, int x1, int y1, const bw_tileset *ts);

/* Four cells as one word, cell p[0] in the low byte, put together and
 * taken apart byte by byte, so the order is the same on any host; GCC
 * merges them into one load or store where the target allows. */
BW_HOT uint32_t bw_load4(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

BW_HOT void bw_store4(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Row span: replaces `from` by `to` in cells x0..x1 of row y, four cells
 * at a time; returns how many. Any ints: the span is clipped to the map,
 * and a row off it changes nothing (0). */
int bw_grid_span_replace(bw_grid *g, int x0, int x1, int y, uint8_t from, uint8_t to);

/* Number of cells in use holding `tile`. */
int bw_grid_count(const bw_grid *g, uint8_t tile);

/* 32-bit FNV-1a over the w*h tile ids, row by row, one byte each
 * (--format hash). */
uint32_t bw_grid_hash(const bw_grid *g);
uint32_t bw_grid_fnv1a(uint32_t h, const uint8_t *p, int n);
#define BW_GRID_FNV1A_INIT 2166136261u

#ifdef __cplusplus
}
#endif

#endif
