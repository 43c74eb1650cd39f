/* Iterative span flood fill (Flood Fill, docs/blocks.md; Heckbert's seed
 * fill) with an explicit stack of fixed capacity. It never recurses; each
 * stack entry is a filled span and the side still to explore, so a cell is
 * tested about once. When the stack is full a span is dropped, and once the
 * stack runs dry the map is rescanned for free cells next to marked ones,
 * so the whole region is always filled.
 * Cost: with a roomy stack every cell is visited a bounded number of times;
 * each overflow rescan reads at most 120 x 120 cells and marks at least one
 * new cell, so the worst case is rescans x 14,400 reads; `bw_fill.rescans`
 * counts them. Leaks over walls (a diagonal tunnel leaks on every row) are
 * not stacked, so the stack grows only with real branches: the deepest
 * stack seen over seeds 1..10,000 of every level is 61 spans (mines DLVL 1,
 * seed 3515; crawler 50, abyss 24), so the generators never rescan with
 * BW_FILL_STACK = 84. That is the fast build (config.h, BW_FAST); the
 * small build's plain scanline fill scans both rows next to each span
 * (about three tests a cell), leaves a span it has no room for unmarked
 * and rescans only the box of the dropped spans; it stacks deeper
 * (the mines 62 spans over seeds 0..1,999, the forest overflows on about
 * one level in five and rescans). The fill's own frame adds a 64-byte
 * open table on the grid path (the fast build). */
#ifndef BURROW_FILL_H
#define BURROW_FILL_H

#include <stdint.h>
#include "burrow/grid.h"
#include "burrow/plane.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Each entry is one filled span (its row, first and last column, and
 * which way to look next): 3 bytes, 84 entries = 252 bytes. Overflow costs
 * time, not correctness. */
#ifndef BW_FILL_STACK /* tunable, 1..255: levels never change, only time */
#define BW_FILL_STACK 84
#endif

typedef struct bw_fill {
    uint8_t xl[BW_FILL_STACK], xr[BW_FILL_STACK];
    uint8_t y[BW_FILL_STACK]; /* bit 7 (fast build): look at the row above; so the
                                 fast build takes maps of at most 127 rows
                                 (BW_MAP_H), a compile-time check in fill.c */
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

#ifdef __cplusplus
}
#endif

#endif
