/* Integer geometry. World rule 1: distances are Pythagorean unless stated, so
 * compare squared distances and never take a root. */
#ifndef BURROW_GEOM_H
#define BURROW_GEOM_H

#include <limits.h>
#include <stdint.h>
#include "burrow/config.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bw_point { int16_t x, y; } bw_point;
typedef struct bw_rect { int16_t x0, y0, x1, y1; } bw_rect; /* inclusive */

/* The three distances take any ints and saturate: bw_dist2 (the squared
 * Pythagorean distance) at INT32_MAX where the square does not fit an
 * int32 (a side of 46,341 or more, or two of 32,768), the other two at
 * INT_MAX; below that they are exact. */
int32_t bw_dist2(int x0, int y0, int x1, int y1);
int bw_manhattan(int x0, int y0, int x1, int y1);
int bw_chebyshev(int x0, int y0, int x1, int y1);
/* Inline: they are called in inner loops everywhere (out of line they
 * were 238 calls on Cortex-M3). bw_abs(INT_MIN), whose negation is no
 * int, is INT_MAX. */
static inline int bw_abs(int v)
{
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v; /* no signed negation */
    return u > (unsigned)INT_MAX ? INT_MAX : (int)u;
}
static inline int bw_sign(int v) { return (v > 0) - (v < 0); }
static inline int bw_min(int a, int b) { return a < b ? a : b; }
static inline int bw_max(int a, int b) { return a > b ? a : b; }
static inline int bw_clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
/* v as the nearest int16 value (an int, so that callers storing it in
 * an int need no sign extension). Where the target saturates in one instruction
 * (ACLE's __ssat: ARMv6 and up, the Cortex-M3, not the M0) that is 4 bytes
 * instead of two compares. */
static inline int bw_sat16(int v)
{
#if defined(__ARM_FEATURE_SAT) && defined(__GNUC__)
    return (int)__builtin_arm_ssat(v, 16);
#else
    return bw_clamp(v, INT16_MIN, INT16_MAX);
#endif
}
/* Largest r with r * r <= v, for v >= 0 (integer only). */
int bw_isqrt(int32_t v);

/* Inline too: the drawing loops call them per cell. */
static inline int bw_rect_w(bw_rect r) { return r.x1 - r.x0 + 1; }
static inline int bw_rect_h(bw_rect r) { return r.y1 - r.y0 + 1; }
static inline int bw_rect_contains(bw_rect r, int x, int y)
{
    return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
}
int bw_rect_overlaps(bw_rect a, bw_rect b);
/* Normalises order; any ints, each saturated to the int16 of bw_rect. */
bw_rect bw_rect_make(int x0, int y0, int x1, int y1);
bw_rect bw_rect_union(bw_rect a, bw_rect b);
/* Moves every side out by d (d < 0 shrinks); any d, each side saturated
 * at -32768..32767. */
bw_rect bw_rect_inflate(bw_rect r, int d);

/* Bresenham line from (x0,y0) to (x1,y1): calls fn for every cell, in order,
 * both ends included; stops early when fn returns non-zero and returns that.
 * The ends are int16 points; any int beyond is read as -32768 or 32767
 * (the line between the ends so clamped). */
typedef int (*bw_line_fn)(int x, int y, void *ctx);
int bw_line(int x0, int y0, int x1, int y1, bw_line_fn fn, void *ctx);

/* The 8 directions, clockwise from north (index 0 N, 1 NE, 2 E, ...). */
extern const int8_t bw_dx8[8], bw_dy8[8];
/* The 4 sides, N E S W: index bw_dx4 / bw_dy4 with BW_NORTH .. BW_WEST (not
 * bw_dx8, where east is 2). The one side enum of every module: crawler
 * Forward, crypts exits, morlock doors, overworld gates. */
extern const int8_t bw_dx4[4], bw_dy4[4];
enum { BW_NORTH = 0, BW_EAST = 1, BW_SOUTH = 2, BW_WEST = 3 };

#ifdef __cplusplus
}
#endif

#endif
