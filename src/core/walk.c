#include "burrow/walk.h"
#include "burrow/geom.h"

void bw_walk_start(bw_walk *k, int x, int y, int gx, int gy, int w, int h)
{
    k->x = (int16_t)bw_sat16(x);
    k->y = (int16_t)bw_sat16(y);
    k->gx = (int16_t)bw_sat16(gx);
    k->gy = (int16_t)bw_sat16(gy);
    k->w = (int16_t)bw_sat16(w);
    k->h = (int16_t)bw_sat16(h);
    k->bias = BW_WALK_BIAS;
    k->steps = 0;
    /* from the saturated ends: a Chebyshev distance (worked out here: a
     * walk links no bw_chebyshev) of at most 65,535, no overflow (the
     * budget keeps its low 16 bits, as it always has) */
    k->budget = (uint16_t)(BW_WALK_PATIENCE * (bw_max(bw_abs(k->gx - k->x), bw_abs(k->gy - k->y)) + 4));
}

/* The fast build's tables (config.h, BW_FAST); the small build works the
 * same numbers out and searches the weights for the direction. */
#if BW_FAST
/* The weights for the goal's quadrant q = (sx + 1) * 3 + (sy + 1) and
 * direction d, with bias 3: nibble d of walk_w3[q] is 1 + 3 gain + no-loss
 * (gain: the units d gains toward the goal, 0..2; no-loss: 1 if it loses
 * none; made from bw_dx8/bw_dy8 by the rule of BW_WALK_BIAS), which holds
 * gain and no-loss for any other bias too. */
static const uint32_t walk_w3[9] = {
    0x85411145u, 0x55521112u, 0x45854111u, 0x52111255u, 0x22222222u,
    0x12555211u, 0x41114585u, 0x11125552u, 0x11458541u,
};

/* With the default bias (BW_WALK_BIAS, 3) a step away from the map's
 * edge needs no search. Seen from the goal's direction g (bw_dx8), the
 * weights are one of two patterns, turned: toward a diagonal goal 8, 5,
 * 4, 1, 1, 1, 4, 5 (total 29) for g, g + 1, ... g + 7, along an axis 5, 5,
 * 2, 1, 1, 1, 2, 5 (22). The search runs d from 0, which is g + (8 - g)
 * in the pattern, so a draw p below the total t gives the direction
 * g + i, where i is the place in the pattern of (p + off) mod t, off the
 * sum of its first 8 - g weights. walk_goal3[q] is off * 8 + g for the
 * goal's quadrant q (q = 4, at the goal, takes no step); nibble j of
 * walk_turn3 is that place i for j = (p + off) mod 29 of the diagonal
 * pattern, and for j = 29 + (p + off) mod 22 of the axis one. */
#if BW_WALK_BIAS != 3
#error "walk_turn3 is made for BW_WALK_BIAS 3"
#endif
static const uint8_t walk_goal3[9] = { 71, 86, 141, 0, 0, 108, 193, 122, 155 };
static const uint8_t walk_turn3[26] = {
    0x00, 0x00, 0x00, 0x00, 0x11, 0x11, 0x21, 0x22, 0x32, 0x54, 0x66, 0x66, 0x77,
    0x77, 0x07, 0x00, 0x00, 0x11, 0x11, 0x21, 0x32, 0x54, 0x66, 0x77, 0x77, 0x07,
};
#endif

/* One step, or 1 (and none) if the walker is at the goal. */
static BW_NOINLINE int step(bw_walk *k, bw_rng *r)
{
    int d, sx, sy, x = k->x, y = k->y;
    if (x == k->gx && y == k->gy)
        return 1;
    sx = bw_sign(k->gx - x);
    sy = bw_sign(k->gy - y);
    if (k->steps < k->budget) { /* else the bounded fallback: one straight step toward the goal */
        uint32_t pick, total = 0;
        uint16_t weight[8];
#if BW_FAST
        unsigned q = (unsigned)((sx + 1) * 3 + (sy + 1));
        uint32_t v;
        if (k->bias <= 6 && x > 0 && y > 0 && x < k->w - 1 && y < k->h - 1) {
            /* a small bias away from the map's edge: the weights are
             * w + (bias - 3) gain, at most 14, so they still fit the
             * nibbles, and their total is walk.h's 29 or 22 and (bias - 3)
             * times the gains' sum, 6 toward a diagonal goal, 3 along an
             * axis */
            int more = k->bias - BW_WALK_BIAS;
            total = (uint32_t)(sx && sy ? 29 + 6 * more : 22 + 3 * more);
            pick = bw_rng_below(r, total);
            if (!more) {
                /* no search: walk_turn3 */
                unsigned e = walk_goal3[q];
                pick += e >> 3;
                if (pick >= total)
                    pick -= total;
                if (total == 22)
                    pick += 29;
                d = (int)((walk_turn3[pick >> 1] >> ((pick & 1u) << 2)) + e) & 7;
            } else {
                /* all 8 weights at once (gain: w / 4, the top two bits of
                 * each nibble), then the search */
                v = walk_w3[q];
                v += (uint32_t)more * ((v >> 2) & 0x33333333u);
                for (d = 0; pick >= (v & 15u); d++, v >>= 4)
                    pick -= v & 15u;
            }
            goto turn;
        }
        v = walk_w3[q];
#endif
        /* The weights, made again each step (a step on the map's edge, or
         * of a bias above 6, is rare); directions off the map weigh
         * nothing. */
        for (d = 0; d < 8; d++) {
            int nx = x + bw_dx8[d], ny = y + bw_dy8[d];
#if BW_FAST
            /* w = 1 + 3 gain + no-loss is 1, 2, 4, 5 or 8: gain is w / 4,
             * and 1 + bias gain + no-loss is w + (bias - 3) gain */
            int w = (int)(v & 15u);
            w += (k->bias - 3) * (w >> 2);
            v >>= 4;
#else
            /* BW_WALK_BIAS: 1 + bias x (units d gains toward the goal, 0..2)
             * + (1 if d loses none) */
            int ex = bw_dx8[d] * sx, ey = bw_dy8[d] * sy;
            int w = 1 + k->bias * ((ex > 0) + (ey > 0)) + (ex >= 0 && ey >= 0);
#endif
            weight[d] = (uint16_t)(nx < 0 || ny < 0 || nx >= k->w || ny >= k->h ? 0 : w);
            total += weight[d];
        }
        pick = bw_rng_below(r, total);
        for (d = 0; d < 7 && pick >= weight[d]; d++)
            pick -= weight[d];
#if BW_FAST
turn:
#endif
        sx = bw_dx8[d];
        sy = bw_dy8[d];
    }
    x = (int16_t)(x + sx);
    y = (int16_t)(y + sy);
    k->x = (int16_t)x;
    k->y = (int16_t)y;
    k->steps++;
    return 0;
}

int bw_walk_step(bw_walk *k, bw_rng *r)
{
    step(k, r);
    return k->x == k->gx && k->y == k->gy;
}

int bw_walk_run(bw_walk *k, bw_rng *r, bw_walk_fn fn, void *ctx)
{
    /* each cell once, the start first, the goal last; stops where fn says
     * so or at the goal (step reaches it: its fallback beelines) */
    while (!(fn && fn(k->x, k->y, ctx)) && !step(k, r))
        ;
    return k->steps;
}
