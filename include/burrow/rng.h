/* xorshift32 (Marsaglia 2003, shifts 13/17/5): four instructions a draw on
 * any Cortex-M, no multiply needed for the stream itself. */
#ifndef BURROW_RNG_H
#define BURROW_RNG_H

#include <stdint.h>
#include "burrow/config.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bw_rng {
    uint32_t s; /* never 0 */
} bw_rng;

/* Streams: every (seed, generator, level, purpose) gets its own state, so a
 * level can be generated alone and in any order. */
uint32_t bw_rng_mix(uint32_t seed, uint32_t a, uint32_t b, uint32_t c);
/* murmur3's finaliser: a well-mixed 32-bit hash of one word, for per-cell
 * draws that must not depend on the order cells are visited in. */
uint32_t bw_rng_hash32(uint32_t h);
void bw_rng_seed(bw_rng *r, uint32_t seed);
void bw_rng_stream(bw_rng *r, uint32_t seed, uint32_t gen, uint32_t level, uint32_t purpose);

uint32_t bw_rng_next(bw_rng *r);
/* The draws inline, for walks that draw a few numbers a step (a call costs
 * as much again as the draw): xorshift32, and Lemire's multiply whose rare
 * biased low word is retried out of line (bw_rng_retry). bw_rng_next,
 * bw_rng_below and bw_rng_range are these, called. bw_rng_retry with
 * n = 0 returns 0. */
uint32_t bw_rng_retry(bw_rng *r, uint32_t n, uint64_t m);
BW_HOT uint32_t bw_rng_step(bw_rng *r)
{
    uint32_t x = r->s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    r->s = x;
    return x;
}
/* bw_rng_below for n >= 1; n = 0 returns 0 (with a draw). The _cell form
 * is the same draw always inlined in the fast build, for a loop that draws
 * once a cell (there the call costs as much as the draw); the plain form
 * is left to the compiler, so walks that draw in many places stay small. */
BW_HOT uint32_t bw_rng_cell_below(bw_rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)bw_rng_step(r) * n;
    return (uint32_t)m < n ? bw_rng_retry(r, n, m) : (uint32_t)(m >> 32);
}
static inline uint32_t bw_rng_step_below(bw_rng *r, uint32_t n)
{
    return bw_rng_cell_below(r, n);
}
/* bw_rng_range for lo <= hi < lo + 2^31; outside, some int (a draw below
 * hi - lo + 1 taken modulo 2^32), never undefined */
static inline int bw_rng_step_range(bw_rng *r, int lo, int hi)
{
    return (int)((uint32_t)lo + bw_rng_step_below(r, (uint32_t)hi - (uint32_t)lo + 1u));
}
/* Uniform in [0, n); n = 0 returns 0. Unbiased (Lemire's method). */
uint32_t bw_rng_below(bw_rng *r, uint32_t n);
/* Uniform in [lo, hi], inclusive; hi < lo returns lo. */
int bw_rng_range(bw_rng *r, int lo, int hi);
/* 1 with probability n / d (for "a 1 / 12 chance" write chance(r, 1, 12));
 * d = 0 is 0 without a draw. */
int bw_rng_chance(bw_rng *r, uint32_t n, uint32_t d);

#ifdef __cplusplus
}
#endif

#endif
