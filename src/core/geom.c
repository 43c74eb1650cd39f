#include "burrow/geom.h"

const int8_t bw_dx8[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int8_t bw_dy8[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };
const int8_t bw_dx4[4] = { 0, 1, 0, -1 };
const int8_t bw_dy4[4] = { -1, 0, 1, 0 };

int32_t bw_dist2(int x0, int y0, int x1, int y1)
{
    int32_t dx = x1 - x0, dy = y1 - y0;
    return dx * dx + dy * dy;
}

int bw_manhattan(int x0, int y0, int x1, int y1)
{
    return bw_abs(x1 - x0) + bw_abs(y1 - y0);
}

int bw_chebyshev(int x0, int y0, int x1, int y1)
{
    return bw_max(bw_abs(x1 - x0), bw_abs(y1 - y0));
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
    r.x0 = (int16_t)bw_min(x0, x1);
    r.x1 = (int16_t)bw_max(x0, x1);
    r.y0 = (int16_t)bw_min(y0, y1);
    r.y1 = (int16_t)bw_max(y0, y1);
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
    o.x0 = (int16_t)(r.x0 - d);
    o.y0 = (int16_t)(r.y0 - d);
    o.x1 = (int16_t)(r.x1 + d);
    o.y1 = (int16_t)(r.y1 + d);
    return o;
}

int bw_line(int x0, int y0, int x1, int y1, bw_line_fn fn, void *ctx)
{
    int dx = bw_abs(x1 - x0), sx = x0 < x1 ? 1 : -1;
    int dy = -bw_abs(y1 - y0), sy = y0 < y1 ? 1 : -1;
    int err = dx + dy, e2, rc;
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
