/* ACID_FILL (docs/blocks.md): connects every open area of a level. The
 * open area nearest the map centre is the "main" colour (kept in m->a);
 * every other area grows from its seed by a drunken walk toward the
 * centre-most main cell (bw_walk), opening the closed cells it crosses and
 * bombing their neighbours (more often on the side facing the centre),
 * until it touches the main colour; then the two adopt one colour (the
 * area, the tunnel and any area it crossed are flood-filled into m->a).
 * It only opens cells: open cells stay open, `keep` tiles never change.
 * Afterwards every open tile is reachable from every other one, unless
 * kept closed tiles and the margin wall an area in completely (nothing
 * could join it then); st->unconnected counts such failed joins. */
#ifndef BURROW_ACID_H
#define BURROW_ACID_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/map.h"
#include "burrow/rng.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Drunken-walk rounds per call (each at most 2 * BW_WALK_PATIENCE *
 * (distance + 4) iterations); past this every remaining area is joined by
 * a corridor: 4-connected steps that each cut the Manhattan distance to
 * the main area's goal cell, at most w + h of them (the bounded fallback,
 * which keeps the connectivity guarantee). */
#define BW_ACID_MAX_ROUNDS 96
/* Walk attempts per area before that area falls back to the corridor. */
#define BW_ACID_TRIES 3

/* Trace events, for tests: BW_ACID_TUNNEL is a tunnel cell of a drunken
 * walk, reported just before its four neighbours are bombed; BW_ACID_BOMB
 * a closed cell a bomb opened (one of those four). */
enum { BW_ACID_TUNNEL = 1, BW_ACID_BOMB = 2 };
typedef void (*bw_acid_trace)(void *ctx, int event, int x, int y);

typedef struct bw_acid {
    bw_tileset open;     /* what counts as open; default: BW_CONNECTS tiles */
    bw_tileset keep;     /* never changed; default: pits and slopes (BW_UP or BW_DOWN tiles) */
    uint8_t floor;       /* written on opened cells, must be in `open`; default BW_T_STONE */
    uint8_t margin;      /* cells this close to the map edge are never opened; default 1 */
    uint8_t bomb_toward; /* chance /16 that a closed neighbour of a tunnel cell, nearer the centre, is bombed; default 8 */
    uint8_t bomb_away;   /* the same for the other neighbours; default 3 */
    uint8_t walk_bias;   /* bw_walk bias toward the centre; default BW_WALK_BIAS */
    bw_acid_trace trace; /* optional, NULL by default; called only with BW_TRACE (config.h) */
    void *trace_ctx;
} bw_acid;

typedef struct bw_acid_stats {
    uint16_t areas;        /* open areas found apart from the main one (merged or not) */
    uint16_t rounds;       /* drunken walks run */
    uint16_t corridors;    /* straight-corridor fallbacks */
    uint16_t unconnected;  /* failed joins: only an area walled in by closed `keep`
                              tiles and the margin; counted once per cell of it */
    uint16_t opened;       /* cells changed (each from closed to `floor`) */
} bw_acid_stats;

void bw_acid_defaults(bw_acid *p);

/* Runs ACID_FILL on m->grid. Uses m->a (on return: the one connected open
 * area), m->b (on return: the cells it opened) and m->fill. `st` may be
 * NULL. Returns the number of cells opened. */
int bw_acid_fill(bw_map *m, bw_rng *r, const bw_acid *p, bw_acid_stats *st);

#ifdef __cplusplus
}
#endif

#endif
