/* Iterative scanline flood fill with an explicit stack of fixed capacity
 * (algorithms.txt, Flood Fill). It never recurses; when its stack is full it
 * drops the seed, and once the stack runs dry it rescans the filled region's
 * rows for unfilled neighbours, so the whole region is always filled.
 * Cost: with a roomy stack every cell is visited a bounded number of times;
 * each overflow rescan reads the rows the fill has touched (at most
 * 120 x 120 cells) and marks at least one new cell, so the worst case is
 * rescans x 14,400 reads; `bw_fill.rescans` counts them. The deepest stack
 * the bench's hunt over 10,000 seeds of every level saw is 78 entries, so
 * the generators never rescan with BW_FILL_STACK = 128. */
#ifndef BURROW_FILL_H
#define BURROW_FILL_H

#include <stdint.h>
#include "burrow/grid.h"
#include "burrow/plane.h"
#include "burrow/tile.h"

/* Each entry is one seed cell; 128 entries = 256 bytes. Scanline fill pushes
 * at most one seed per run of open cells above and below a span, so a
 * 120-wide map needs at most ~60 per row pair; overflow costs time, not
 * correctness. */
#define BW_FILL_STACK 128

typedef struct bw_fill {
    uint8_t x[BW_FILL_STACK], y[BW_FILL_STACK];
    uint16_t cap;      /* in use, <= BW_FILL_STACK; tests lower it */
    uint16_t peak;     /* deepest stack seen since bw_fill_init */
    uint16_t rescans;  /* times the stack overflowed and a rescan ran */
} bw_fill;

void bw_fill_init(bw_fill *f);

/* Marks in `out` every cell reachable from (x, y) through 4-neighbours whose
 * tile is in `open` and whose bit in `out` is still 0. Cells already set in
 * `out` act as walls, so repeated calls label successive regions. Returns the
 * number of cells newly set (0 if the start is closed or already set).
 * Cells set in `out` beforehand must be whole regions of the same open set
 * (as earlier calls leave them): the overflow rescan seeds from any set cell
 * next to a free one. To fence cells off, take them out of the open set. */
int bw_fill_flood(bw_fill *f, const bw_grid *g, const bw_tileset *open,
            bw_plane *out, int x, int y);

/* Same, but the open cells are the set bits of `open` instead of tiles. */
int bw_fill_flood_plane(bw_fill *f, const bw_plane *open, int w, int h,
                  bw_plane *out, int x, int y);

/* Marks every open cell in `mask`, returns how many there are. */
int bw_fill_open_mask(const bw_grid *g, const bw_tileset *open, bw_plane *mask);

/* Labels regions one at a time: finds the first open cell at or after
 * (*x, *y) in row order that `seen` does not hold yet, floods its region into
 * `seen`, stores that cell in *x, *y and returns the region's size; 0 when no
 * region is left. Start with `seen` cleared and *x = *y = 0; the cells a call
 * adds to `seen` are that region (copy `seen` before the call to tell them
 * apart, or flood the returned cell again into a clear plane). */
int bw_fill_region_next(bw_fill *f, const bw_grid *g, const bw_tileset *open,
                   bw_plane *seen, int *x, int *y);

/* Number of 4-connected regions of open tiles; uses `scratch`. */
int bw_fill_regions(bw_fill *f, const bw_grid *g, const bw_tileset *open,
               bw_plane *scratch);

/* 1 if every open tile is reachable from (x, y) (which must be open);
 * 1 also when there is no open tile at all and (x, y) is -1. */
int bw_fill_all_reachable(bw_fill *f, const bw_grid *g, const bw_tileset *open,
                     bw_plane *scratch, int x, int y);

/* 1 if all open tiles form one region (0 or 1 regions). */
int bw_fill_connected(bw_fill *f, const bw_grid *g, const bw_tileset *open,
                 bw_plane *scratch);

#endif
