/* PUT_TERRAIN_STREAMER_WATER (docs/blocks.md): drunken lines of shallow
 * water from a point in a wall to a point in the open, both at least 20
 * from every up slope; a line that passes within 10 of an up slope is
 * redrawn, and after three such throws new end points are drawn. Then every
 * shallow tile with at least 12 water tiles among the 24 within Manhattan
 * distance 3 becomes deep water. Distances to slopes are Pythagorean.
 *
 * "Up slope" is any tile flagged BW_UP (up slopes; ladders and the like
 * elsewhere). The deepening pass turns shallow into deep, both of which
 * count as water, so the set it counts never changes while it runs: the
 * result is the same in any scan order, read before or during the pass. */
#ifndef BURROW_STREAMER_H
#define BURROW_STREAMER_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/geom.h"
#include "burrow/map.h"
#include "burrow/rng.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Random draws for one end point before the round is given up. */
#define BW_STREAMER_PICK_TRIES 64
/* Start/end rounds per streamer before it is given up (fallback: no
 * streamer, reported). */
#define BW_STREAMER_ROUNDS 8
/* Throws of the line per round (PUT_TERRAIN_STREAMER_WATER: three). */
#define BW_STREAMER_THROWS 3

/* One line drawn between two end points, for tests and debugging: `round`
 * counts start/end rounds from 0 and `nth` the throws within the round
 * (0..BW_STREAMER_THROWS - 1); `laid` is 1 for the line that became water
 * (the last one traced) and 0 for one thrown away. */
typedef struct bw_streamer_line {
    uint8_t round, nth, laid;
    int16_t sx, sy, ex, ey;
} bw_streamer_line;
typedef void (*bw_streamer_trace)(void *ctx, const bw_streamer_line *l);

typedef struct bw_streamer_params {
    uint8_t shallow, deep;         /* BW_T_SHALLOW, BW_T_DEEP */
    uint8_t end_far;               /* ends at least this far from up slopes: 20 */
    uint8_t line_near;             /* a line tile within this of one is thrown: 10 */
    uint8_t deep_min;              /* water among the 24 to deepen: 12 */
    uint8_t count;                 /* streamers wanted by bw_streamer_put_many: 4 */
    uint8_t min_span;              /* ends at least this far apart (a long streamer);
                                      default 0 */
    uint8_t dry_walls;             /* 1: the line's tiles in a wall stay wall (the
                                      streamer comes out of the rock); default 0 */
    bw_tileset wall;               /* "a wall": rock, building and crumbling wall */
    const bw_rect *up_in;          /* optional: every up slope lies in one of these
                                      up_in_n boxes, so bw_streamer_prepare scans
                                      only them (a caller that placed the slopes
                                      knows where); NULL (default): the whole map */
    uint8_t up_in_n;
    bw_streamer_trace trace;       /* optional, called once per line; NULL by default;
                                      called only with BW_TRACE (config.h) */
    void *trace_ctx;
} bw_streamer_params;

typedef struct bw_streamer_report {
    uint8_t ok;                    /* 1 if a streamer was laid */
    uint8_t rounds;                /* start/end rounds used */
    uint8_t throws;                /* lines thrown away in all */
    int16_t sx, sy, ex, ey;        /* the ends of the laid line */
    uint16_t tiles;                /* line tiles (steps + 1) */
} bw_streamer_report;

void bw_streamer_defaults(bw_streamer_params *p);

/* Marks in m->b every cell closer than end_far to an up slope and in m->a
 * every cell within line_near of one (dist^2 < end_far^2, <= line_near^2).
 * bw_streamer_put needs these planes; it does not recompute them. */
void bw_streamer_prepare(bw_map *m, const bw_streamer_params *p);

/* One streamer of shallow water; needs bw_streamer_prepare first. Slopes,
 * pits and other level links (BW_UP, BW_DOWN) on the line are left as they
 * are. `rep` may be NULL. Returns 1 if laid, 0 if given up. */
int bw_streamer_put(bw_map *m, bw_rng *r, const bw_streamer_params *p,
                    bw_streamer_report *rep);

/* The deepening pass over the whole map; m->a is its scratch (the water
 * cells). Returns tiles deepened. */
int bw_streamer_deepen(bw_map *m, const bw_streamer_params *p);
/* Water (shallow or deep) among the 24 cells within Manhattan distance 3
 * of (x, y): the deepening rule's count; cells off the map are not water;
 * x and y any ints. */
int bw_streamer_water24(const bw_grid *g, const bw_streamer_params *p, int x, int y);
/* The same for a caller that keeps the water cells (shallow or deep, and
 * nothing else) in a plane: only they are visited. */
int bw_streamer_deepen_water(bw_map *m, const bw_streamer_params *p, const bw_plane *water);

/* prepare, p->count streamers, deepen. Returns streamers laid. */
int bw_streamer_put_many(bw_map *m, bw_rng *r, const bw_streamer_params *p);

#ifdef __cplusplus
}
#endif

#endif
