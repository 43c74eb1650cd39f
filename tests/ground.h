/* What the building-block tests (test_rubble.c .. test_life.c) share.
 *
 * The arena holds one map and no second grid fits the 20 KiB board, so the
 * ground a block ran on is a pure function of (seed, x, y) (t_ground()), and
 * "what was there before" is recomputed per cell instead of copied. */
#ifndef BURROW_TESTS_GROUND_H
#define BURROW_TESTS_GROUND_H

#include "arena.h"

/* A reproducible random tile per cell: pal[hash(seed, x, y) % n]. */
uint32_t t_cell_hash(uint32_t seed, int x, int y);
uint8_t t_ground(uint32_t seed, int x, int y, const uint8_t *pal, int n);
/* The arena's map, w x h, every cell t_ground(seed, x, y, pal, n). */
void t_lay_ground(uint32_t seed, int w, int h, const uint8_t *pal, int n);
/* The map most block tests lay their ground on. */
#define RUB_W 48
#define RUB_H 40
#define NPAL(a) ((int)(sizeof a / sizeof a[0]))

/* Small seeds straight into xorshift give correlated first draws: mix. */
void t_seed_rng(bw_rng *r, uint32_t s);
/* A rectangle from four draws in a fixed order (x0, y0, x1, y1). */
bw_rect t_rand_rect(bw_rng *r, int x0lo, int x0hi, int y0lo, int y0hi,
                    int x1lo, int x1hi, int y1lo, int y1hi);
/* 1 for a tile that links levels (BW_UP or BW_DOWN). */
int t_is_link(int t);

#endif
