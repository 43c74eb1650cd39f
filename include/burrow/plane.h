/* Bit-packed scratch planes: one bit per cell of the grid, packed
 * contiguously (cell i = y * BW_MAP_W + x), 1,800 bytes each at 120 x 120. */
#ifndef BURROW_PLANE_H
#define BURROW_PLANE_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/grid.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BW_PLANE_WORDS (BW_GRID_CELLS / 32) /* 450 words = 1,800 bytes at 120 x 120 */

typedef struct bw_plane {
    uint32_t w[BW_PLANE_WORDS];
} bw_plane;

void bw_plane_clear(bw_plane *p);
void bw_plane_fill(bw_plane *p);
void bw_plane_copy(bw_plane *dst, const bw_plane *src);
void bw_plane_or(bw_plane *dst, const bw_plane *src);
void bw_plane_and(bw_plane *dst, const bw_plane *src);
void bw_plane_andnot(bw_plane *dst, const bw_plane *src);
int bw_plane_count(const bw_plane *p);
/* Every cell of the grid (all BW_GRID_ROWS rows, bit i: cell i) that holds
 * t1 or t2 (pass t1 twice for one tile). */
void bw_plane_of_tiles(bw_plane *p, const bw_grid *g, uint8_t t1, uint8_t t2);
/* Set bits of v (portable: no builtin, so no libgcc helper). */
int bw_popcount32(uint32_t v);

/* The index of the lowest set bit of v != 0: count-zeros where the core
 * has the instruction, else a de Bruijn multiply (Cortex-M0 has none, and
 * the core links no libgcc bit helper). v = 0 has no set bit: the answer
 * is 31 or 0 (count-zeros or de Bruijn), never undefined (the count-zeros
 * builtin is undefined on 0, so bit 31 is or'd in: the same answer for
 * every other v). */
#if defined(__GNUC__) && (!defined(__arm__) || defined(__ARM_FEATURE_CLZ))
static inline int bw_low_bit(uint32_t v) { return __builtin_ctz(v | 0x80000000u); }
#else
extern const uint8_t bw_debruijn32[32];
static inline int bw_low_bit(uint32_t v)
{
    return bw_debruijn32[((v & (0u - v)) * 0x077cb531u) >> 27];
}
#endif

/* The index of the highest set bit of v != 0: count-zeros where the core
 * has it, else the bits below it smeared in and the lowest of what is left.
 * v = 0 gives 0 (bit 0 or'd in for the builtin, undefined on 0). */
#if defined(__GNUC__) && (!defined(__arm__) || defined(__ARM_FEATURE_CLZ))
static inline int bw_high_bit(uint32_t v) { return 31 - __builtin_clz(v | 1u); }
#else
static inline int bw_high_bit(uint32_t v)
{
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    return bw_low_bit(v ^ (v >> 1));
}
#endif

/* Whole-row operations: bits [y*W, y*W+W) (W = BW_MAP_W), a word at a time.
 * Domain: y in 0..BW_MAP_H-1. Outside it (BW_ASSERT when asserts are on)
 * there is no row: row_set changes nothing, row_count is 0 and row_find -1. */
void bw_plane_row_set(bw_plane *p, int y, int on);
int bw_plane_row_count(const bw_plane *p, int y);
/* Sets bits x0..x1 of row y, a word at a time (a row's bits lie end to
 * end). Domain: x0, x1 any ints, clipped to 0..W-1; x0 > x1 once clipped,
 * or y outside 0..BW_MAP_H-1, sets nothing. */
void bw_plane_span(bw_plane *p, int y, int x0, int x1);
/* Sets bits l..r (l <= r) of the words w, a word at a time: a span of
 * cells by index (the flood fill's runs, bw_plane_span's); unchecked. */
void bw_plane_set_bits(uint32_t *w, unsigned l, unsigned r);
/* Lowest x >= x0 on row y whose bit is `on`, or -1; x0 any int (below 0
 * reads as 0, past 119 finds nothing). */
int bw_plane_row_find(const bw_plane *p, int y, int x0, int on);

/* Unchecked single-bit access; x and y must be inside the grid. */
#define BW_BIT(x, y) ((unsigned)(y) * BW_GRID_MAX + (unsigned)(x))
#define BW_PGET(p, x, y) (((p)->w[BW_BIT(x, y) >> 5] >> (BW_BIT(x, y) & 31)) & 1u)
#define BW_PSET(p, x, y) ((p)->w[BW_BIT(x, y) >> 5] |= 1u << (BW_BIT(x, y) & 31))
#define BW_PCLR(p, x, y) ((p)->w[BW_BIT(x, y) >> 5] &= ~(1u << (BW_BIT(x, y) & 31)))

/* The 32 bits from bit b on (bit i of the result: bit b + i), across a
 * word boundary; bits past the plane's end read as 0, for any b. */
BW_HOT uint32_t bw_plane_bits(const bw_plane *p, unsigned b)
{
    unsigned i = b >> 5, off = b & 31;
    uint32_t v;
    if (i >= BW_PLANE_WORDS)
        return 0;
    v = p->w[i] >> off;
    if (off && i + 1 < BW_PLANE_WORDS)
        v |= p->w[i + 1] << (32 - off);
    return v;
}

/* Bit j (0..3) set where c[j] == t: four cells compared in a few word
 * operations (zero bytes of c ^ t found without carries between bytes;
 * one multiply sends their top bits, 7, 15, 23 and 31, up by 21, 14, 7
 * and 0 onto bits 28..31, each product bit from one source, so no carry
 * reaches them). */
BW_HOT uint32_t bw_eq4(const uint8_t *c, uint8_t t)
{
    uint32_t v = bw_load4(c) ^ (t * 0x01010101u);
    uint32_t z = ~(((v & 0x7f7f7f7fu) + 0x7f7f7f7fu) | v) & 0x80808080u;
    return z * 0x00204081u >> 28;
}

/* The bits of `open` joined to a bit of `seed` along a run of set bits
 * (seed within open), within one word: the carry of open + seed clears
 * each run from its lowest seed bit to its top, which gives that part;
 * then the part below spreads down the run in doubling steps. A row's
 * flood a word at a time (the Abyss's areas, the mines' fords). */
BW_HOT uint32_t bw_plane_runs_of(uint32_t open, uint32_t seed)
{
    uint32_t d = (open & ~(open + seed)) | seed, p = open;
    d |= p & (d >> 1);
    p &= p >> 1;
    d |= p & (d >> 2);
    p &= p >> 2;
    d |= p & (d >> 4);
    p &= p >> 4;
    d |= p & (d >> 8);
    p &= p >> 8;
    d |= p & (d >> 16);
    return d;
}

/* Checked access: get() is 0 outside 0..119. */
int bw_plane_get(const bw_plane *p, int x, int y);
void bw_plane_set(bw_plane *p, int x, int y, int on);

#ifdef __cplusplus
}
#endif

#endif
