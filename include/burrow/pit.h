/* PUT_PIT (docs/blocks.md): 1 x 1 pit seeds at least 40 apart, each grown
 * into a half moon of down slopes; from the open side of the crescent
 * several drunken walks lay pit tiles (never over a down slope); a Game of
 * Life smooths the pit's edge (BW_PIT_SURVIVE_MIN...), and a pit tile that dies becomes crumbling
 * dirt; then any cell but a slope with 5 or more pit neighbours becomes
 * pit, until none is left (no tongue of ground in a pit). On the level below, the same half moons are carved as up slopes and
 * every tile the pit ever covered becomes stone floor.
 *
 * Everything a pit writes is a pure function of its plan (seed cell,
 * crescent direction, radius, sub-seed), so the level below recomputes the
 * shapes from the plan alone: the level above never has to be in RAM.
 * The rendering runs in place on the grid; its result does not depend on
 * what the grid held before as long as the pit's box (see BW_PIT_REACH)
 * plus one ring holds no pit, crumbling dirt or slope of anything else,
 * which the 40-square spacing guarantees between pits of one level. */
#ifndef BURROW_PIT_H
#define BURROW_PIT_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/grid.h"
#include "burrow/plane.h"
#include "burrow/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* PUT_PIT: seeds at least 40 squares apart (Pythagorean, world rule 1). */
#define BW_PIT_SPACING 40
/* Most pits one plan holds. Three keeps a free corner for the next level's
 * pits (see bw_pit_place): four points 32 from each corner could cover
 * every corner of the usable square. */
#define BW_PIT_MAX 3
/* Every tile a pit writes lies within this Chebyshev distance of its seed:
 * half moon radius <= 5, walks stop at 10, and the one smoothing
 * generation is confined to the box seed +/- 11. */
#define BW_PIT_REACH 11
/* Half moon radius range. */
#define BW_PIT_R_MIN 3
#define BW_PIT_R_MAX 5
/* Walks stop once they leave the box seed +/- this. */
#define BW_PIT_WALK_BOX 10
/* Drunken walks per pit ("multiple iterations"): 4..7. */
#define BW_PIT_WALKS_MIN 4
#define BW_PIT_WALKS_MAX 7
/* Smoothing generations of the Game of Life. */
#define BW_PIT_LIFE_GENS 1
/* Its numbers (PUT_PIT leaves them to the use): a pit tile with
 * 2-8 pit neighbours lives on, any other cell with 5-8 becomes pit. A
 * tip or a lone tile dies (to crumbling dirt) and a notch fills, so the
 * edge is smoothed; the middle of a pit (6-8 neighbours) never dies, so a
 * pit is not a hollow ring round ground one stands on (the literal lush
 * 1-5 survive rule killed 30% of the pit tiles, most of them inside). */
#define BW_PIT_SURVIVE_MIN 2
#define BW_PIT_SURVIVE_MAX 8
#define BW_PIT_BIRTH_MIN 5
#define BW_PIT_BIRTH_MAX 8
/* bw_pit_place: random draws per seed before the grid scan fallback. */
#define BW_PIT_PLACE_TRIES 64

typedef struct bw_pit_plan {
    uint8_t n;                     /* pits, 0..BW_PIT_MAX */
    uint8_t tile;                  /* BW_T_PIT, or BW_T_FIERY_PIT */
    uint8_t x[BW_PIT_MAX], y[BW_PIT_MAX]; /* the 1 x 1 seeds */
    uint8_t dir[BW_PIT_MAX];       /* 0..7 (bw_dx8): the crescent opens this way */
    uint8_t r[BW_PIT_MAX];         /* half moon radius */
    uint32_t sub;                  /* sub-seed of the walks */
} bw_pit_plan;

/* Draws up to `want` (<= BW_PIT_MAX) seeds into p (p->n, x, y, dir, r and
 * sub; p->tile is left to the caller): inside the w x h map with a margin of
 * BW_PIT_REACH + 2, at least BW_PIT_SPACING apart and at least `avoid_dist`
 * from every seed of `avoid` (may be NULL). Up to BW_PIT_PLACE_TRIES random
 * draws per seed, then a scan of a 4-step lattice for the admissible cell
 * farthest from the others; if none is admissible the plan holds fewer
 * pits. Returns p->n. With avoid->n <= 3 and avoid_dist <= 46 on a 120 x
 * 120 map at least one pit is always placed (one corner is always free).
 * Any ints: want <= 0 places none; w and h above BW_GRID_MAX are read as
 * BW_GRID_MAX, and a map narrower or lower than 2 (BW_PIT_REACH + 2) + 1
 * has no cell at the margin, so it gets no pit; avoid_dist below 0 is
 * read as 0 and above 1,000 as 1,000 (farther than any two cells). */
int bw_pit_place(bw_pit_plan *p, bw_rng *r, int want, const bw_pit_plan *avoid,
                 int avoid_dist, int w, int h);

/* Every call that takes a pit number k has the domain 0 <= k < p->n with
 * the plan as bw_pit_place leaves it (n <= BW_PIT_MAX, dir 0..7, r
 * BW_PIT_R_MIN..BW_PIT_R_MAX; seeds any byte, drawn clipped to the map).
 * Outside it (BW_ASSERT when asserts are on) there is no pit k: nothing is
 * drawn, the half moon holds no cell and the box is empty (x0 = y0 = 0,
 * x1 = y1 = -1); bw_pit_put and bw_pit_put_below skip such pits. */

/* 1 if (x, y) is in the half moon of pit k; x and y any ints. */
int bw_pit_in_half_moon(const bw_pit_plan *p, int k, int x, int y);
/* Paints the half moon of pit k with `tile` (the cells bw_pit_in_half_moon
 * holds, on the map): bw_pit_render's down slopes, or the up slopes the
 * level below has there. */
void bw_pit_moon(bw_grid *g, const bw_pit_plan *p, int k, uint8_t tile);

/* Pit k on its own level (Z + 0): half moon of down slopes, walks of
 * p->tile, smoothing with pit -> crumbling dirt. `scratch` is the Game of
 * Life's next-generation plane. */
void bw_pit_render(bw_grid *g, const bw_pit_plan *p, int k, bw_plane *scratch);

/* Every pit of the plan on Z + 0. */
void bw_pit_put(bw_grid *g, const bw_pit_plan *p, bw_plane *scratch);

/* Every pit of the plan on the level below (Z + 1): up slopes under the down
 * slopes, `floor` (stone floor) under every tile that was ever a pit, which
 * is every final pit tile and every crumbling dirt tile. Needs the same
 * precondition on the boxes as Z + 0 (no pit, crumbling dirt or slope). */
void bw_pit_put_below(bw_grid *g, const bw_pit_plan *p, uint8_t floor,
                      bw_plane *scratch);

/* The box seed +/- BW_PIT_REACH of pit k, clipped to the largest grid
 * the build allows (columns 0..BW_MAP_W - 1, rows 0..BW_MAP_H - 1; the
 * plan knows no grid's own size). */
void bw_pit_box(const bw_pit_plan *p, int k, int *x0, int *y0, int *x1, int *y1);

#ifdef BW_TESTING /* test hooks (BW_TESTING, config.h) */
/* Stages of bw_pit_render_traced: each includes the ones before. */
enum { BW_PIT_STAGE_MOON = 1, BW_PIT_STAGE_WALK = 2, BW_PIT_STAGE_SMOOTH = 3 };

/* bw_pit_render stopped after `stage`, with a trace: trace(ctx, i, x, y,
 * gx, gy) is called before drunken walk i (from 0) with its first cell and
 * its goal. `trace` may be NULL. */
typedef void (*bw_pit_trace)(void *ctx, int walk, int x, int y, int gx, int gy);
void bw_pit_render_traced(bw_grid *g, const bw_pit_plan *p, int k, int stage,
                          bw_plane *scratch, bw_pit_trace trace, void *ctx);
#endif /* BW_TESTING */

#ifdef __cplusplus
}
#endif

#endif
