#include <limits.h>
#include "burrow/geom.h"

const int8_t bw_dx8[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int8_t bw_dy8[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };
const int8_t bw_dx4[4] = { 0, 1, 0, -1 };
const int8_t bw_dy4[4] = { -1, 0, 1, 0 };

/* |a - b| for any two ints: the smaller taken from the larger in unsigned
 * arithmetic, where it cannot overflow (INT_MAX - INT_MIN is 2^32 - 1). */
static unsigned udiff(int a, int b)
{
    return a < b ? (unsigned)b - (unsigned)a : (unsigned)a - (unsigned)b;
}

/* World rule 1's squared distance. 46,340 is the largest side whose square
 * fits an int32; below it both squares fit 32 bits unsigned, and so does
 * their sum (at most 2 x 46,340^2 < 2^32), saturated after: no int64,
 * which the Cortex-M0 would multiply in a library call. */
int32_t bw_dist2(int x0, int y0, int x1, int y1)
{
    unsigned dx = udiff(x0, x1), dy = udiff(y0, y1);
    uint32_t d;
    if (dx > 46340u || dy > 46340u)
        return INT32_MAX;
    d = (uint32_t)dx * dx + (uint32_t)dy * dy;
    return d > (uint32_t)INT32_MAX ? INT32_MAX : (int32_t)d;
}

int bw_manhattan(int x0, int y0, int x1, int y1)
{
    unsigned dx = udiff(x0, x1), dy = udiff(y0, y1);
    if (dx > (unsigned)INT_MAX || dy > (unsigned)INT_MAX - dx)
        return INT_MAX;
    return (int)(dx + dy);
}

int bw_chebyshev(int x0, int y0, int x1, int y1)
{
    unsigned dx = udiff(x0, x1), dy = udiff(y0, y1), d = dx > dy ? dx : dy;
    return d > (unsigned)INT_MAX ? INT_MAX : (int)d;
}

int bw_isqrt(int32_t v)
{
    uint32_t x = (uint32_t)(v < 0 ? 0 : v), r = 0, bit = 1u << 30;
    while (bit > x)
        bit >>= 2;
    while (bit) {
        if (x >= r + bit) {
            x -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return (int)r;
}

int bw_rect_overlaps(bw_rect a, bw_rect b)
{
    return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
}

bw_rect bw_rect_make(int x0, int y0, int x1, int y1)
{
    bw_rect r;
    r.x0 = (int16_t)bw_sat16(bw_min(x0, x1));
    r.x1 = (int16_t)bw_sat16(bw_max(x0, x1));
    r.y0 = (int16_t)bw_sat16(bw_min(y0, y1));
    r.y1 = (int16_t)bw_sat16(bw_max(y0, y1));
    return r;
}

bw_rect bw_rect_union(bw_rect a, bw_rect b)
{
    return bw_rect_make(bw_min(a.x0, b.x0), bw_min(a.y0, b.y0),
                        bw_max(a.x1, b.x1), bw_max(a.y1, b.y1));
}

bw_rect bw_rect_inflate(bw_rect r, int d)
{
    bw_rect o;
    /* 65,535 takes any int16 side to either end, so d is clamped to it
     * first and a side moved by it stays well inside an int */
    d = bw_clamp(d, -65535, 65535);
    o.x0 = (int16_t)bw_sat16(r.x0 - d);
    o.y0 = (int16_t)bw_sat16(r.y0 - d);
    o.x1 = (int16_t)bw_sat16(r.x1 + d);
    o.y1 = (int16_t)bw_sat16(r.y1 + d);
    return o;
}

int bw_line(int x0, int y0, int x1, int y1, bw_line_fn fn, void *ctx)
{
    int dx, sx, dy, sy, err, e2, rc;
    /* int16 ends: |dx|, |dy| <= 65,535, so the error term and its double
     * (at most 2 x 65,535) cannot overflow */
    x0 = bw_sat16(x0);
    y0 = bw_sat16(y0);
    x1 = bw_sat16(x1);
    y1 = bw_sat16(y1);
    sx = x0 < x1 ? 1 : -1;
    sy = y0 < y1 ? 1 : -1;
    dx = (x1 - x0) * sx; /* |x1 - x0|: a plain product, no saturation needed */
    dy = (y0 - y1) * sy; /* -|y1 - y0| */
    err = dx + dy;
    for (;;) {
        if ((rc = fn(x0, y0, ctx)) != 0)
            return rc;
        if (x0 == x1 && y0 == y1)
            return 0;
        e2 = 2 * err; /* both tests read the error before either step */
        if (e2 >= dy) { err += dy; x0 += sx; }
        if (e2 <= dx) { err += dx; y0 += sy; }
    }
}
