#include "burrow/walk.h"
#include "burrow/geom.h"

void bw_walk_start(bw_walk *k, int x, int y, int gx, int gy, int w, int h)
{
    k->x = (int16_t)x;
    k->y = (int16_t)y;
    k->gx = (int16_t)gx;
    k->gy = (int16_t)gy;
    k->w = (int16_t)w;
    k->h = (int16_t)h;
    k->bias = BW_WALK_BIAS;
    k->steps = 0;
    k->budget = (uint16_t)(BW_WALK_PATIENCE * (bw_chebyshev(x, y, gx, gy) + 4));
    k->qx = 2;
}

/* The weights for the default bias (BW_WALK_BIAS, 3) worked out beforehand:
 * for the goal's quadrant q = (sx + 1) * 3 + (sy + 1) and a draw p below
 * the total, the direction the weights give (the first d whose running sum
 * exceeds p), so a step costs a table read instead of a search. Only in the
 * fast build (config.h, BW_FAST); the small one searches. */
#if BW_FAST
#if BW_WALK_BIAS != 3
#error "walk_pick3 is made for BW_WALK_BIAS 3"
#endif
static const uint8_t walk_pick3[9][29] = {
    { 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 3, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7 },
    { 0, 0, 1, 2, 3, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7 },
    { 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 3, 4, 5, 6, 6, 7, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0 },
    { 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 7, 0, 0, 0, 0, 0, 0, 0 },
    { 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 5, 6, 7, 7, 7, 7 },
    { 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0 },
    { 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 7 },
};
#endif

int bw_walk_step(bw_walk *k, bw_rng *r)
{
    int d, sx, sy, mx, my;
    uint16_t edge[8];
    const uint16_t *weight = k->qweight;
    uint32_t pick, total;
    if (k->x == k->gx && k->y == k->gy)
        return 1;
    sx = bw_sign(k->gx - k->x);
    sy = bw_sign(k->gy - k->y);
    if (k->steps >= k->budget) {
        /* the bounded fallback: one straight step toward the goal */
        mx = sx;
        my = sy;
        goto move;
    }
    if (k->qx != sx || k->qy != sy || k->qbias != k->bias) {
        k->qx = (int8_t)sx;
        k->qy = (int8_t)sy;
        k->qbias = k->bias;
        k->qtotal = 0;
        for (d = 0; d < 8; d++) {
            /* BW_WALK_BIAS: 1 + bias x (units d gains toward the goal, 0..2)
             * + (1 if d loses none) */
            int ex = bw_dx8[d] * sx, ey = bw_dy8[d] * sy;
            k->qweight[d] = (uint16_t)(1 + k->bias * ((ex > 0) + (ey > 0)) + (ex >= 0 && ey >= 0));
            k->qtotal = (uint16_t)(k->qtotal + k->qweight[d]);
        }
    }
    total = k->qtotal;
    if (k->x <= 0 || k->y <= 0 || k->x >= k->w - 1 || k->y >= k->h - 1) {
        /* on the edge: directions off the map weigh nothing */
        total = 0;
        for (d = 0; d < 8; d++) {
            int nx = k->x + bw_dx8[d], ny = k->y + bw_dy8[d];
            edge[d] = (nx < 0 || ny < 0 || nx >= k->w || ny >= k->h) ? 0 : k->qweight[d];
            total += edge[d];
        }
        weight = edge;
    }
    pick = bw_rng_below(r, total);
#if BW_FAST
    if (weight == k->qweight && k->qbias == BW_WALK_BIAS) {
        d = walk_pick3[(k->qx + 1) * 3 + (k->qy + 1)][pick]; /* qx, qy: sx, sy */
    } else
#endif
    {
        for (d = 0; d < 7 && pick >= weight[d]; d++)
            pick -= weight[d];
    }
    mx = bw_dx8[d];
    my = bw_dy8[d];
move:
    k->x = (int16_t)(k->x + mx);
    k->y = (int16_t)(k->y + my);
    k->steps++;
    return k->x == k->gx && k->y == k->gy;
}

int bw_walk_run(bw_walk *k, bw_rng *r, bw_walk_fn fn, void *ctx)
{
    if (fn && fn(k->x, k->y, ctx))
        return k->steps;
    while (!(k->x == k->gx && k->y == k->gy)) {
        bw_walk_step(k, r);
        if (fn && fn(k->x, k->y, ctx))
            break;
    }
    return k->steps;
}
