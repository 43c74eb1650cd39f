/* Integer geometry. areas.txt: distances are Pythagorean unless stated, so
 * compare squared distances and never take a root. */
#ifndef BURROW_GEOM_H
#define BURROW_GEOM_H

#include <stdint.h>

typedef struct bw_point { int16_t x, y; } bw_point;
typedef struct bw_rect { int16_t x0, y0, x1, y1; } bw_rect; /* inclusive */

int32_t bw_dist2(int x0, int y0, int x1, int y1);
int bw_manhattan(int x0, int y0, int x1, int y1);
int bw_chebyshev(int x0, int y0, int x1, int y1);
int bw_abs(int v);
int bw_sign(int v);
int bw_min(int a, int b);
int bw_max(int a, int b);
int bw_clamp(int v, int lo, int hi);
/* Largest r with r * r <= v, for v >= 0 (integer only). */
int bw_isqrt(int32_t v);

int bw_rect_w(bw_rect r);
int bw_rect_h(bw_rect r);
int bw_rect_contains(bw_rect r, int x, int y);
int bw_rect_overlaps(bw_rect a, bw_rect b);
bw_rect bw_rect_make(int x0, int y0, int x1, int y1); /* normalises order */
bw_rect bw_rect_union(bw_rect a, bw_rect b);
bw_rect bw_rect_inflate(bw_rect r, int d); /* d < 0 shrinks */

/* Bresenham line from (x0,y0) to (x1,y1): calls fn for every cell, in order,
 * both ends included; stops early when fn returns non-zero and returns that. */
typedef int (*bw_line_fn)(int x, int y, void *ctx);
int bw_line(int x0, int y0, int x1, int y1, bw_line_fn fn, void *ctx);

/* The 8 directions, clockwise from north; the first 4 of BW_DIR4 are N E S W. */
extern const int8_t bw_dx8[8], bw_dy8[8];
extern const int8_t bw_dx4[4], bw_dy4[4];

#endif
