#include "burrow/rng.h"

/* murmur3's 32-bit finaliser: every input bit affects every output bit. */
uint32_t bw_rng_hash32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

uint32_t bw_rng_mix(uint32_t seed, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t h = bw_rng_hash32(seed ^ 0x9e3779b9u);
    h = bw_rng_hash32(h ^ (a * 0x85ebca6bu));
    h = bw_rng_hash32(h ^ (b * 0xc2b2ae35u));
    h = bw_rng_hash32(h ^ (c * 0x27d4eb2fu));
    return h;
}

void bw_rng_seed(bw_rng *r, uint32_t seed)
{
    r->s = seed ? seed : 0x6d2b79f5u; /* xorshift's state must never be 0 */
}

void bw_rng_stream(bw_rng *r, uint32_t seed, uint32_t gen, uint32_t level, uint32_t purpose)
{
    bw_rng_seed(r, bw_rng_mix(seed, gen, level, purpose));
}

uint32_t bw_rng_next(bw_rng *r)
{
    return bw_rng_step(r);
}

/* A draw below n >= 1, Lemire, "Fast Random Integer Generation in an
 * Interval" (2019): the high word of x * n is uniform once the low word
 * is outside the biased zone, the first (2^32 - n) mod n values (all
 * below n); a low word in it draws again. One copy of the draw for
 * bw_rng_below, bw_rng_range and bw_rng_retry. */
static uint32_t draw(bw_rng *r, uint32_t n)
{
    for (;;) {
        uint64_t m = (uint64_t)bw_rng_step(r) * n;
        /* the zone's size needs a division: worked out only for a low
         * word below n, the rare case */
        if ((uint32_t)m >= n || (uint32_t)m >= (0u - n) % n)
            return (uint32_t)(m >> 32);
    }
}

/* The rare draws whose low word fell below n (bw_rng_cell_below, inline):
 * taken if outside the biased zone, else drawn again. */
uint32_t bw_rng_retry(bw_rng *r, uint32_t n, uint64_t m)
{
    if (n == 0)
        return 0; /* no range to draw from (rng.h); no division by 0 */
    if ((uint32_t)m >= (0u - n) % n)
        return (uint32_t)(m >> 32);
    return draw(r, n);
}

static uint32_t below(bw_rng *r, uint32_t n)
{
    return n ? draw(r, n) : 0;
}

uint32_t bw_rng_below(bw_rng *r, uint32_t n)
{
    return below(r, n);
}

int bw_rng_range(bw_rng *r, int lo, int hi)
{
    uint32_t span;
    if (hi <= lo)
        return lo;
    /* unsigned arithmetic: hi - lo may not fit an int (INT_MIN..INT_MAX) */
    span = (uint32_t)hi - (uint32_t)lo;
    if (span == 0xffffffffu)
        return (int)bw_rng_step(r);
    return (int)((uint32_t)lo + below(r, span + 1u));
}

int bw_rng_chance(bw_rng *r, uint32_t n, uint32_t d)
{
    if (d == 0)
        return 0; /* no chance out of nothing */
    return below(r, d) < n;
}
