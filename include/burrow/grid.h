/* The level grid: a statically sized byte array of tile ids, BW_MAP_W x
 * BW_MAP_H (120 x 120 unless the build says otherwise). Smaller maps
 * (56 x 32, 80 x 21) use its top-left corner; the row stride is always
 * BW_GRID_MAX (= BW_MAP_W), so a cell's index never depends on the map in
 * use.
 * A cell may hold any byte: the library writes tile ids, and reads a cell
 * through its slot (BW_TILE_SLOT in tile.h), so a stray byte a caller
 * leaves reads as some tile or none, never past a table. */
#ifndef BURROW_GRID_H
#define BURROW_GRID_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest map the build holds, a compile-time size like the other
 * limits: -DBW_MAP_W=80 -DBW_MAP_H=32 gives a 2,560 B grid and 320 B bit
 * planes, for a part with little RAM. Each generator checks at compile
 * time that its maps fit (a BW_STATIC_ASSERT naming the size it needs),
 * and a map that fits is the same, byte for byte, whatever the size. */
#ifndef BW_MAP_W
#define BW_MAP_W 120
#endif
#ifndef BW_MAP_H
#define BW_MAP_H 120
#endif
/* Coordinates and sizes are bytes throughout the core. */
#if BW_MAP_W < 1 || BW_MAP_W > 255
#error "BW_MAP_W must be 1..255: the core keeps coordinates in bytes"
#endif
#if BW_MAP_H < 1 || BW_MAP_H > 255
#error "BW_MAP_H must be 1..255: the core keeps coordinates in bytes"
#endif

#define BW_GRID_MAX BW_MAP_W  /* the row stride and the widest map */
#define BW_GRID_ROWS BW_MAP_H /* the tallest map */
#define BW_GRID_SIDE (BW_MAP_W > BW_MAP_H ? BW_MAP_W : BW_MAP_H) /* the longer side */
/* The cells, rounded up to whole 32-bit plane words: the cells past the
 * last row are off the map, like any cell past w or h. */
#define BW_GRID_CELLS ((BW_MAP_W * BW_MAP_H + 31) / 32 * 32)

typedef struct bw_grid {
    uint8_t w, h;                  /* the size in use, 1..BW_MAP_W x 1..BW_MAP_H */
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

/* Four cells as one word, cell p[0] in the low byte, the same order on any
 * host. On a little-endian target that loads and stores words at any
 * alignment (x86, Cortex-M3 and up, aarch64) a 4-byte copy is one load or
 * store (GCC does not merge the four byte accesses into one at -Os);
 * anywhere else the bytes one by one: on the ARM7TDMI and the Cortex-M0 a
 * 4-byte copy of unknown alignment is a byte copy or a call to memcpy. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__ARM_FEATURE_UNALIGNED) || defined(__x86_64__) || defined(__i386__) || defined(__aarch64__))
#define BW_WORD_COPY 1
#else
#define BW_WORD_COPY 0
#endif

BW_HOT uint32_t bw_load4(const uint8_t *p)
{
#if BW_WORD_COPY
    uint32_t v;
    __builtin_memcpy(&v, p, 4);
    return v;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
#endif
}

BW_HOT void bw_store4(uint8_t *p, uint32_t v)
{
#if BW_WORD_COPY
    __builtin_memcpy(p, &v, 4);
#else
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
#endif
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
