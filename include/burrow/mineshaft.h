/* DRUNKEN_MINESHAFT (docs/blocks.md): carves a meandering passable line,
 * 1 to 4 tiles wide, from a start toward a goal. Its moves are weighted by
 * the fixed start-to-goal direction, never by where the goal is from the
 * walker, so it does not correct back when it veers. Each step is a record
 * (centre, width, error = distance from the centre to the start-goal line);
 * a step whose error exceeds BW_MINESHAFT_ERR_MAX makes the shaft back up,
 * without filling anything in, to the most recent step whose error was
 * below BW_MINESHAFT_ERR_RESUME. It never overwrites an up slope; where its
 * brush would, it turns the four rock walls nearest that slope into floor.
 * It always ends at the goal: past the goal's line position it carves the
 * direct way to it (4-connected steps along the axis with more to go), and
 * past BW_MINESHAFT_MAX_STEPS steps it does the same from wherever it is. The carved cells form one 4-connected
 * path from start to goal (every tile it does not carve is either already
 * passable or an up slope, which is open). Uses no scratch plane. */
#ifndef BURROW_MINESHAFT_H
#define BURROW_MINESHAFT_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/map.h"
#include "burrow/rng.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BW_MINESHAFT_ERR_MAX 10    /* DRUNKEN_MINESHAFT: past 10 it backs up */
#define BW_MINESHAFT_ERR_RESUME 6  /* ... to the latest step with error "less than six" */
/* Step records the history holds. Backing up only ever returns to the
 * latest step with error < 6, so when the history is full the oldest
 * record is dropped unless it is that step, in which case the one after it
 * goes; any capacity >= 2 is therefore correct. Only that one record is
 * stored (the others are counted, for stats.dropped), so the capacity
 * costs no memory. */
/* Tunable, 2..255: the backup target is always kept, so levels stay the same. */
#ifndef BW_MINESHAFT_HISTORY
#define BW_MINESHAFT_HISTORY 32
#endif
/* Cap on steps (records made, including both halves of a diagonal move and
 * steps later backed over): no move starts once it is reached (so at most
 * one more step is made) and the shaft goes straight to the goal.
 * A 120 x 120 diagonal needs about 240 steps; 2,000 allows ~8 backups. */
#define BW_MINESHAFT_MAX_STEPS 2000
/* How far (Chebyshev) from an up slope to look for the four rock walls. */
#define BW_MINESHAFT_WALL_RADIUS 6

typedef struct bw_mineshaft_step {
    uint8_t x, y;   /* centre */
    uint8_t width;  /* 1..4: the brush is width x width cells from
                       (x - (width-1)/2, y - (width-1)/2) */
    uint8_t err;    /* floor of the distance to the start-goal line */
} bw_mineshaft_step;

/* Trace events, for tests and debugging. */
enum {
    BW_MINESHAFT_CARVE = 1,   /* a drunken step was carved */
    BW_MINESHAFT_BACKUP = 2,  /* s is the record it resumes from */
    BW_MINESHAFT_STRAIGHT = 3,/* a step of the direct way at the end (or the fallback) */
    BW_MINESHAFT_WALL = 4,    /* s->x, s->y: a rock wall turned to floor near an up slope */
    BW_MINESHAFT_SLOPE = 5    /* s->x, s->y: the up slope a brush met (its WALL events follow) */
};
typedef void (*bw_mineshaft_trace)(void *ctx, int event, const bw_mineshaft_step *s);

typedef struct bw_mineshaft {
    uint8_t floor;              /* carved tile; default BW_T_STONE */
    uint8_t wall;               /* the "stone walls" replaced near up slopes; default BW_T_ROCK */
    uint8_t min_width, max_width; /* default 1, 4 */
    uint8_t width_change;       /* chance /16 per step that the width moves by 1; default 3 */
    uint8_t widen;              /* chance /16 that such a move widens (else it
                                   narrows); default 8, even. Below 8 the
                                   shaft keeps mostly to its thin end */
    uint8_t history;            /* records kept, 2..BW_MINESHAFT_HISTORY; default BW_MINESHAFT_HISTORY */
    uint16_t max_steps;         /* default BW_MINESHAFT_MAX_STEPS */
    bw_tileset carve;           /* tiles it replaces; default: every tile lacking BW_PASS
                                   (the up slope is never replaced, whatever this says) */
    bw_mineshaft_trace trace;       /* optional, NULL by default; called only
                                       with BW_TRACE (config.h) */
    void *trace_ctx;
} bw_mineshaft;

/* What a run did. Only `steps` and `carved` are counted in every build;
 * the rest only with BW_TRACE (config.h), like the trace hook, and stay 0
 * without it (a build for size leaves their bookkeeping out). */
typedef struct bw_mineshaft_stats {
    uint16_t steps;       /* drunken steps made */
    uint16_t backups;
    uint16_t dropped;     /* records dropped because the history was full */
    uint16_t straight;    /* steps of the direct way at the end */
    uint16_t slope_hits;  /* steps whose brush met an up slope */
    uint16_t walls;       /* rock walls opened by the slope rule */
    uint8_t max_err;      /* largest error of a kept step (<= BW_MINESHAFT_ERR_MAX) */
    uint8_t fallback;     /* 1 when the step cap sent it straight to the goal */
    uint16_t carved;      /* cells changed */
} bw_mineshaft_stats;

/* The default `carve`, as a bw_tileset initializer: every tile that is not
 * passable (BW_PASS), made from the tile table at compile time, so a
 * caller can keep its own parameters in a constant. */
#define BW_MINESHAFT_CARVES(flags) (!((flags) & BW_PASS))
#define BW_MINESHAFT_CARVE0(id, name, glyph, colour, flags, cost) | (BW_MINESHAFT_CARVES(flags) ? BW_TILESET_BIT(BW_T_##id, 0) : 0u)
#define BW_MINESHAFT_CARVE1(id, name, glyph, colour, flags, cost) | (BW_MINESHAFT_CARVES(flags) ? BW_TILESET_BIT(BW_T_##id, 1) : 0u)
#define BW_MINESHAFT_CARVE2(id, name, glyph, colour, flags, cost) | (BW_MINESHAFT_CARVES(flags) ? BW_TILESET_BIT(BW_T_##id, 2) : 0u)
#define BW_MINESHAFT_CARVE3(id, name, glyph, colour, flags, cost) | (BW_MINESHAFT_CARVES(flags) ? BW_TILESET_BIT(BW_T_##id, 3) : 0u)
#define BW_MINESHAFT_CARVE_SET { { 0u BW_TILE_LIST(BW_MINESHAFT_CARVE0), 0u BW_TILE_LIST(BW_MINESHAFT_CARVE1), \
                                   0u BW_TILE_LIST(BW_MINESHAFT_CARVE2), 0u BW_TILE_LIST(BW_MINESHAFT_CARVE3) } }

void bw_mineshaft_defaults(bw_mineshaft *p);

/* Carves from (x0, y0) to (x1, y1) on m->grid. Domain: both ends are
 * cells of the map; outside it nothing is carved, *st is all zeros and the
 * result is 0 (BW_ASSERT stops it first when asserts are on). m, r and p
 * point to their structs; `st` may be NULL. Returns the number of cells
 * changed. */
int bw_mineshaft_run(bw_map *m, bw_rng *r, const bw_mineshaft *p,
                     int x0, int y0, int x1, int y1, bw_mineshaft_stats *st);

#ifdef __cplusplus
}
#endif

#endif
