/* A Pokemon-style overworld (docs/overworld.md): one 80 x 21 map per place
 * (x, y) of a world of 401 x 401 maps, in the top-left corner of the
 * 120 x 120 grid. Terrain from a slice of 3D Voronoi noise, biome blending
 * (more of it farther from the world's centre), a mountain border with a
 * gate on each side that lines up with the neighbouring maps' gates, two
 * roads with momentum and drift between the gates, a Pokemon Center and a
 * Pokemart; and the trainers' distance maps to the player. */
#ifndef BURROW_OVERWORLD_H
#define BURROW_OVERWORLD_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/geom.h"
#include "burrow/map.h"
#include "burrow/gen.h"
#include "burrow/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_OVERWORLD_VERSION 3

#define BW_OVERWORLD_LEVELS 1 /* one map per place */
#define BW_OVERWORLD_W 80
#define BW_OVERWORLD_H 21
/* The world: x and y in -200..200 (+x east, +y south, as on the screen). */
#define BW_OVERWORLD_WORLD 200

/* Voronoi (overworld rule 1): 20 points of each of the 4 types in a box of
 * 80 (x) by 42 (y counts twice: text cells are about twice as tall as
 * wide) by BW_OVERWORLD_DEPTH (z); the map is the slice at height z. */
#define BW_OVERWORLD_TYPES 4
#define BW_OVERWORLD_PER_TYPE 20
#define BW_OVERWORLD_POINTS (BW_OVERWORLD_TYPES * BW_OVERWORLD_PER_TYPE)
#define BW_OVERWORLD_YSCALE 2
#define BW_OVERWORLD_DEPTH 48
#define BW_OVERWORLD_Z_DEFAULT 24     /* the middle slice, what generate() uses */
#define BW_OVERWORLD_JITTER 1         /* each cell samples at +-1 in x, y and z */

/* Blending (overworld rules 2 and 3): pivots = 50 + 5/4 per map
 * of Manhattan distance from (0, 0), at most 300 (reached at distance 200). */
#define BW_OVERWORLD_PIVOTS_MIN 50
#define BW_OVERWORLD_PIVOTS_MAX 300
#define BW_OVERWORLD_PIVOTS_NUM 5
#define BW_OVERWORLD_PIVOTS_DEN 4
#define BW_OVERWORLD_CHAIN_MAX 64     /* pivot positions per chain (0.8^63 < 1e-6 cut) */

/* Gates: E and W gates on rows 3..17, N and S gates on columns 5..74. */
#define BW_OVERWORLD_GATE_Y0 3
#define BW_OVERWORLD_GATE_Y1 17
#define BW_OVERWORLD_GATE_X0 5
#define BW_OVERWORLD_GATE_X1 74

/* Sides are BW_NORTH .. BW_WEST (geom.h). */

/* Buildings, 2 x 2 each. */
#define BW_OVERWORLD_BSIZE 2
enum { BW_OVERWORLD_CENTER = 0, BW_OVERWORLD_MART = 1, BW_OVERWORLD_BUILDINGS = 2 };

/* A Voronoi point: x 0..79, y (already scaled) 0..41 with the type in the
 * top two bits, z 0..BW_OVERWORLD_DEPTH-1. bw_overworld_points keeps them sorted by
 * (x, y byte, z), so the nearest-point search can stop early. */
typedef struct bw_overworld_points {
    uint8_t p[BW_OVERWORLD_POINTS][3];
} bw_overworld_points;
#define BW_OVERWORLD_PT_TYPE(pts, i) ((pts)->p[i][1] >> 6)
#define BW_OVERWORLD_PT_Y(pts, i) ((pts)->p[i][1] & 63)

/* The terrain type of Voronoi type t (0 short, 1 tall, 2 boulder, 3 water). */
extern const uint8_t bw_overworld_type_tile[BW_OVERWORLD_TYPES];

/* The special-boulder mask (special boulders J, overworld rule 8; the
 * --badapple frame): one bit per tile inside the border, 78 x 19, row by
 * row, the most significant bit first and no padding between rows: bit
 * i = y * 78 + x is (mask[i / 8] >> (7 - i % 8)) & 1, for tile
 * (x + 1, y + 1). A set bit puts a special boulder there before blending. */
#define BW_OVERWORLD_MASK_W (BW_OVERWORLD_W - 2)
#define BW_OVERWORLD_MASK_H (BW_OVERWORLD_H - 2)
#define BW_OVERWORLD_MASK_BYTES ((BW_OVERWORLD_MASK_W * BW_OVERWORLD_MASK_H + 7) / 8)
#define BW_OVERWORLD_MASK_BIT(mask, x, y) \
    (((mask)[((y) * BW_OVERWORLD_MASK_W + (x)) >> 3] >> (7 - (((y) * BW_OVERWORLD_MASK_W + (x)) & 7))) & 1)

/* Every map has a pond: a 4-connected body of at least this much water
 * on the finished map (one is dug where the terrain left none). */
#define BW_OVERWORLD_POND_MIN 4

typedef struct bw_overworld_params {
    int x, y;              /* the map's place, -200..200 each */
    int z;                 /* the Voronoi slice, 0..BW_OVERWORLD_DEPTH-1 */
    const uint8_t *mask;   /* BW_OVERWORLD_MASK_BYTES of special boulders, or 0 */
#ifdef BW_TESTING /* test hooks (BW_TESTING, config.h) */
    int stop_after;        /* 1 Voronoi, 2 + blending, 3 + border and
                              roads, 0 everything (the default) */
#endif
} bw_overworld_params;

/* One road, for bw_overworld_road (overworld rule 4). It runs along x (a
 * horizontal road: `across` is the row) or along y (vertical: the column),
 * from the border at one end (dir +1: from the west / north, -1: from the
 * east / south) to `to` beside the other border. */
typedef struct bw_overworld_road {
    uint8_t vertical;      /* 0: along x, 1: along y */
    int8_t dir;            /* +1 or -1 */
    uint8_t from, to;      /* the across position at the first and last step */
    uint8_t stop_at_road;  /* 1: stop at the first tile that is already road */
    uint8_t mark;          /* step (1..) whose cell and bend to record; 0 none */
    /* results */
    uint8_t steps;         /* along-steps taken (77 along x, 18 along y when whole) */
    uint8_t marked;        /* 1 if the mark step was reached */
    uint8_t mark_along;    /* the along position of the mark step */
    uint8_t mark_lo, mark_hi; /* the run of road across there (one tile
                              when the road runs straight) */
    int8_t mark_bend;      /* sign of the across velocity at the mark step */
    uint8_t end_x, end_y;  /* the last road cell drawn */
} bw_overworld_road;

/* What a building got. */
typedef struct bw_overworld_building {
    uint8_t wanted, placed;
    uint8_t x, y;          /* top-left of the 2 x 2 */
    uint8_t door_x, door_y;/* the walkable road tile at the end of its path */
    uint8_t road_x, road_y;/* the road tile the path starts from */
    int8_t bend;           /* the road's bend there (sign of dy or dx), 0 none */
    int8_t side;           /* +1 / -1: the side of the road it went to */
    uint8_t gap;           /* path tiles between road and building, 1..3 */
    uint8_t fallback;      /* 1: the chosen road point did not fit; scanned */
} bw_overworld_building;
/* Where a building may stand (overworld rules 5 and 10): its 2 x 2 on
 * grass (short or tall), its path on grass or road, and no water and no
 * other building on the ring of tiles round it (boulder fields, trees and
 * the border may touch it), so it stands on dry land a player walks round,
 * reached by its path. */

typedef struct bw_overworld_info {
    int8_t gate[4];        /* N, E, S, W: column (N, S) or row (E, W); -1 none */
    uint16_t pivots;       /* blending pivots run */
    uint16_t steps;        /* pivot positions blended in all (chains) */
    uint8_t chain_max;     /* the longest chain */
    uint8_t chain_capped;  /* chains cut at BW_OVERWORLD_CHAIN_MAX */
    bw_overworld_road road[2];    /* [0] along x (W-E), [1] along y (N-S) */
    bw_overworld_building b[BW_OVERWORLD_BUILDINGS];
    uint8_t pond_dug;      /* 1: the terrain had no pond; one was dug */
} bw_overworld_info;

void bw_overworld_defaults(bw_overworld_params *p, int x, int y);

/* Generates the map at p->x, p->y into m (80 x 21). info (may be 0) says
 * what was done: it is zeroed first (then the gates filled, -1 outside the
 * world), so nothing of an earlier call is left in it. Returns 0, or
 * BW_ERR_OPTION if the place is outside the world or z out of range.
 * m and p must not be NULL. */
int bw_overworld_map(bw_map *m, uint32_t seed, const bw_overworld_params *p, bw_overworld_info *info);

/* Registry glue: level must be 1; o->x, o->y the place. */
int bw_overworld_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);

/* ---- the pieces, public for tests and for games that want them ---- */

/* Blending pivots for the map at (x, y). A place outside the world, any
 * int, reads as its nearest edge (here and in bw_overworld_building_chance). */
int bw_overworld_pivots(int x, int y);
/* Chance, out of 20,000, that the map at (x, y) has a Pokemon Center (and,
 * drawn apart, a Pokemart): 20,000 at (0, 0), else (10,000 - 45 d) for
 * Manhattan distance d <= 200, 1,000 (5%) beyond. */
int bw_overworld_building_chance(int x, int y);
/* The gate on `side` of the map at (x, y), from (seed, the half-way point
 * between the two maps) alone; -1 on the world's edge. */
int bw_overworld_gate(uint32_t seed, int x, int y, int side);

/* The 80 Voronoi points of the map at (x, y), sorted. */
void bw_overworld_points_make(bw_overworld_points *pts, uint32_t seed, int x, int y);
/* Index of the point nearest to (sx, sy, sz) (sy already scaled), ties to
 * the lower index; `hint` is any int (the last answer: a good first guess;
 * one outside 0..BW_OVERWORLD_POINTS-1 is read as 0). sx, sy and sz are
 * -32768..32767 (BW_ASSERT); outside, the answer is some index, 0..79. */
int bw_overworld_nearest(const bw_overworld_points *pts, int sx, int sy, int sz, int hint);

/* One blending conversion: what a `tile` next to a pivot of type `pivot`
 * becomes (the table of overworld rule 2; one draw). */
int bw_overworld_blend_tile(bw_rng *r, int pivot, int tile);
/* Blends the 12 tiles within Manhattan distance 2 of (x, y), the pivot
 * tile itself excluded, as neighbours of a pivot of type `pivot`. Any x
 * and y: the tiles off the 80 x 21 map are left out (and draw nothing). */
void bw_overworld_blend_at(bw_grid *g, bw_rng *r, int x, int y, int pivot);
/* The positions a chain blended at, in order (for tests and tools). */
typedef struct bw_overworld_trace {
    uint8_t n;
    uint8_t x[BW_OVERWORLD_CHAIN_MAX], y[BW_OVERWORLD_CHAIN_MAX];
} bw_overworld_trace;

/* One pivot and its chain: blends round (x, y) with the type found there,
 * then keeps moving 0-2 tiles in one of 8 directions with that same type,
 * 4 times in 5, at most BW_OVERWORLD_CHAIN_MAX positions, each kept on the
 * 80 x 21 map. Returns the positions; `trace` (may be 0) gets them. Any x
 * and y: a start off the map is the map cell nearest to it. */
int bw_overworld_blend_chain(bw_grid *g, bw_rng *r, int x, int y, bw_overworld_trace *trace);
/* The whole blending pass of the map at (x, y) on whatever g holds: its
 * bw_overworld_pivots(x, y) pivots, uniform over the 80 x 21 map, each with its
 * chain, from the map's own stream. Fills the pivot fields of `in` (may be 0). */
void bw_overworld_blend(bw_grid *g, uint32_t seed, int x, int y, bw_overworld_info *in);

/* Draws one road on g (see bw_overworld_road); returns the steps taken. */
int bw_overworld_draw_road(bw_grid *g, bw_rng *r, bw_overworld_road *rd);

/* ---- distance maps (overworld rule 7: each trainer's distance to the player) ---- */

enum { BW_OVERWORLD_HIKER = 0, BW_OVERWORLD_RIVAL = 1 };
#define BW_OVERWORLD_INF 0xffffu

/* What a step onto `tile` costs trainer `who` (BW_OVERWORLD_HIKER, BW_OVERWORLD_RIVAL);
 * 0 means the tile is impassable for them. */
int bw_overworld_cost(int who, int tile);

/* dist[y][x] = the cheapest sum of step costs (8 directions) over a path
 * from the player at (px, py) to (x, y), counting the tiles entered, not
 * the player's own: what trainer `who` on (x, y) pays to reach the player
 * with the tiles' costs read in reverse (BW_OVERWORLD_INF if no path, or if the
 * tile itself is impassable for them). The player's tile is 0. Uses about
 * 230 bytes of stack; at most 1,680 passes over the frontier. Returns 0,
 * or BW_ERR_ARG if (px, py) is off the 80 x 21 map, m is not an overworld
 * map or `who` is unknown. */
int bw_overworld_distance(const bw_map *m, int px, int py, int who,
                          uint16_t dist[BW_OVERWORLD_H][BW_OVERWORLD_W]);

/* A place for the player: the road tile nearest the map's centre
 * (Manhattan, then row-major). Returns 0, or BW_ERR_NOT_FOUND if there is
 * no road (*px, *py untouched). */
int bw_overworld_player_start(const bw_map *m, int *px, int *py);

#ifdef __cplusplus
}
#endif

#endif
