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
}

int bw_walk_step(bw_walk *k, bw_rng *r)
{
    int d, weight[8], total = 0, sx, sy;
    uint32_t pick;
    if (k->x == k->gx && k->y == k->gy)
        return 1;
    sx = bw_sign(k->gx - k->x);
    sy = bw_sign(k->gy - k->y);
    if (k->steps >= k->budget) {
        /* the bounded fallback: one straight step toward the goal */
        k->x = (int16_t)(k->x + sx);
        k->y = (int16_t)(k->y + sy);
    } else {
        for (d = 0; d < 8; d++) {
            int nx = k->x + bw_dx8[d], ny = k->y + bw_dy8[d];
            int gain = (bw_dx8[d] != 0 && bw_dx8[d] == sx) + (bw_dy8[d] != 0 && bw_dy8[d] == sy);
            int loss = (bw_dx8[d] != 0 && bw_dx8[d] == -sx) + (bw_dy8[d] != 0 && bw_dy8[d] == -sy);
            weight[d] = (nx < 0 || ny < 0 || nx >= k->w || ny >= k->h) ? 0
                        : 1 + k->bias * gain + (loss ? 0 : 1);
            total += weight[d];
        }
        pick = bw_rng_below(r, (uint32_t)total);
        for (d = 0; d < 7 && pick >= (uint32_t)weight[d]; d++)
            pick -= (uint32_t)weight[d];
        k->x = (int16_t)(k->x + bw_dx8[d]);
        k->y = (int16_t)(k->y + bw_dy8[d]);
    }
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
