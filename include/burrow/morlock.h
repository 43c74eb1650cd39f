/* The Morlock Pits (rules 3.1 - 3.5, docs/morlock.md): five 120 x 120
 * levels dug by one tunnel process, "an antfarm dug by giant ants through
 * Pompeii".
 *
 * A central tunnel begins at the middle of DLVL 1 (rule 3.1). Tunnels are walks
 * with a position, a heading and a width of 1-3; every
 * BW_MORLOCK_SEGMENT steps each one decides (rule 3.2) to continue, turn, fork
 * into two, dead end into a pit to the level above or below (the new
 * tunnel leads on from the pit on that level), or dead end into a ruined
 * room from a table of hard-coded templates. When every tunnel has dead
 * ended, a room chosen at random sends out a new one (rule 3.3). When the step
 * cap is reached, every tunnel still digging ends in a room or a pit too
 * (rule 3.2 allows no other end). Every level
 * ends with 4 to 6 rooms (rule 3.5) and every open square is joined to every
 * other, across levels through the pits (rule 3.4).
 *
 * The process runs over all five levels but decides nothing from a grid:
 * tunnels, rooms, pits and a coarse map of where tunnels went are small
 * records (bw_morlock_plan: sizeof is 632 bytes on the host and on
 * Cortex-M, tested) and the draws come from one rng stream of the seed.
 * Generating DLVL n replays the whole process and draws only what lies on DLVL n, so
 * a level needs neither the others nor more than one bw_map. Once a level
 * is drawn, the rooms' breached walls are put back and every dead end
 * left on the level, small loops round a knot of rock among them, is
 * filled (rule 3.2; the map's planes a and b and its fill stack are the
 * scratch for it).
 *
 * Links: a pit between DLVL n and n + 1 at (x, y) is a pit tile
 * (BW_T_PIT, down) at (x, y) on DLVL n and a ladder up (BW_T_LADDER) at
 * (x, y) on DLVL n + 1, whichever way the tunnel went through it. */
#ifndef BURROW_MORLOCK_H
#define BURROW_MORLOCK_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/gen.h"
#include "burrow/geom.h"
#include "burrow/map.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_MORLOCK_VERSION 13

#define BW_MORLOCK_LEVELS 5
#define BW_MORLOCK_W 120
#define BW_MORLOCK_H 120

/* Rule 3.1: where the central tunnel begins on DLVL 1. */
#define BW_MORLOCK_START_X 60
#define BW_MORLOCK_START_Y 60
/* Rule 3.2: steps a tunnel walks between two decisions. */
#define BW_MORLOCK_SEGMENT 8
/* Default cap on the steps of all tunnels together, every level: 4,000
 * (was 6,400) so the rooms are a quarter of the open ground. */
#define BW_MORLOCK_STEPS 4000
/* Room for active tunnels (the queue): cfg.queue may be 1..6. */
#define BW_MORLOCK_QUEUE 6
/* Active tunnels at most by default; a fork with a full queue continues.
 * Every tunnel on a level that is dug out must dead end into a pit (rule 3.5's
 * share, see morlock.c), so the queue sets how many pits a level gets:
 * 3 gives 22.1 pits a seed (about 5.5 a pair of levels), 6 gives 31.9. */
#define BW_MORLOCK_QUEUE_DEFAULT 3
/* The coarse map of where tunnels have been: 8 x 8 blocks of 15 x 15. */
#define BW_MORLOCK_BLOCK 15
#define BW_MORLOCK_BLOCKS 8
/* Rule 3.5: rooms on every level. */
#define BW_MORLOCK_ROOMS_MIN 4
#define BW_MORLOCK_ROOMS_MAX 6
/* Pits in all; the process keeps the last BW_MORLOCK_PITS_RESERVE for the
 * fallback of rule 3.5 (at most one per level 2..5) and for the tunnels still
 * digging when the step cap is reached (one pit each, at most
 * BW_MORLOCK_QUEUE), and refuses pits past the other 54 (a pit refused is
 * a continue). With the defaults a run makes
 * 22.1 on average and at most 42 in 20,000 seeds; with a queue of 6, 31.9
 * and the 54 the process may take. */
#define BW_MORLOCK_PITS 64
#define BW_MORLOCK_PITS_RESERVE (4 + BW_MORLOCK_QUEUE)
/* Straight corridors of the rule 3.5 fallback: per level at most one room short
 * of 4 each, plus one corridor to a pit from the level above for levels
 * that had no square open at all: 4 + 4 x 5. */
#define BW_MORLOCK_JOINS 24
/* Tunnel centres stay in LO..HI so a 3-wide brush keeps two tiles of rock
 * at the edge (no open square at x or y = 0, 1, 118, 119); rooms stay in
 * ROOM_LO..ROOM_HI so a tunnel leaving by any door starts in LO..HI. A
 * tunnel within BW_MORLOCK_NEAR of LO or HI that heads out on that axis
 * turns before the edge: by 45 degrees (a diagonal heading runs on along
 * the edge) or 90 (a straight one turns towards the centre), never back
 * along its own track. */
#define BW_MORLOCK_LO 3
#define BW_MORLOCK_HI 116
#define BW_MORLOCK_ROOM_LO 5
#define BW_MORLOCK_ROOM_HI 114
#define BW_MORLOCK_NEAR 4

/* The room templates: w x h characters, row by row. ' ' outside, '#' wall,
 * '.' floor, 'I' pillar, '~' shallow water (a pool), ':' rubble; 'n', 'e',
 * 's', 'w' are the doors of the four sides (wall unless a tunnel uses
 * them). */
#define BW_MORLOCK_TEMPLATES 7
typedef struct bw_morlock_template {
    const char *name;
    uint8_t w, h;
    const char *cells;
} bw_morlock_template;
extern const bw_morlock_template bw_morlock_templates[BW_MORLOCK_TEMPLATES];

/* Sides are BW_NORTH .. BW_WEST (geom.h); a door mask has bit s. */

typedef struct bw_morlock_cfg {
    uint16_t steps; /* cap on tunnel steps, all tunnels and levels */
    uint8_t queue;  /* 1..BW_MORLOCK_QUEUE active tunnels */
} bw_morlock_cfg;

/* Levels are 0-based in the records (level 0 is DLVL 1). */
typedef struct bw_morlock_tunnel {
    uint8_t x, y, level;
    uint8_t dir;    /* heading, 0..7 as bw_dx8 (clockwise from north) */
    uint8_t width;  /* 1..3 */
    uint8_t last;   /* the direction of its last step on this level, 0..7 */
} bw_morlock_tunnel;

typedef struct bw_morlock_room {
    uint8_t x, y;   /* top-left of the template */
    uint8_t tmpl;   /* index into bw_morlock_templates */
    uint8_t doors;  /* bit s: the door of side s is open */
} bw_morlock_room;

typedef struct bw_morlock_pit {
    uint8_t x, y;
    uint8_t upper;  /* pit tile on level `upper`, ladder on upper + 1 */
    uint8_t down;   /* 1: the tunnel went down through it, 0: up */
} bw_morlock_pit;

/* A straight corridor of the rule 3.5 fallback: along x from (x0, y0), then
 * along y to (x1, y1), two cells wide. */
typedef struct bw_morlock_join {
    uint8_t level, x0, y0, x1, y1;
} bw_morlock_join;

/* What the intervals decided (rule 3.2) and what else happened. */
enum {
    BW_MORLOCK_E_CONTINUE,   /* continue (also what a refused outcome becomes) */
    BW_MORLOCK_E_TURN,       /* turn by 45 or 90 degrees */
    BW_MORLOCK_E_FORK,       /* fork: a second tunnel leaves here */
    BW_MORLOCK_E_PIT,        /* dead end into a pit, the tunnel goes on below/above */
    BW_MORLOCK_E_ROOM,       /* dead end into a room */
    BW_MORLOCK_E_DECISIONS,  /* (the five outcomes above: one per interval) */
    BW_MORLOCK_E_FORK_REFUSED = BW_MORLOCK_E_DECISIONS, /* the queue was full */
    BW_MORLOCK_E_PIT_REFUSED,  /* up from DLVL 1, down from 5, into a dug-out
                                  level, a link too near, or the table full */
    BW_MORLOCK_E_ROOM_REFUSED, /* the level has its rooms, or no template fits */
    BW_MORLOCK_E_DUG_OUT,    /* the tunnel's level is dug out: the interval is a pit */
    BW_MORLOCK_E_RESPAWN,    /* rule 3.3: every tunnel dead ended, a room sent a new one */
    BW_MORLOCK_E_FALLBACK_ROOM, /* rule 3.5 fallback: a room joined by a straight corridor */
    BW_MORLOCK_E_FALLBACK_PIT,  /* rule 3.5 fallback: a pit to a level nothing reached */
    BW_MORLOCK_E_FINISH_ROOM,   /* the step cap: a tunnel still digging ends in a room */
    BW_MORLOCK_E_FINISH_PIT,    /* the step cap: ... or in a pit (its landing only beyond) */
    BW_MORLOCK_E_COUNT
};

/* Everything the process leaves behind, and its working state. */
typedef struct bw_morlock_plan {
    bw_rng rng;
    uint16_t steps;                        /* tunnel steps walked */
    uint16_t lsteps[BW_MORLOCK_LEVELS];    /* of which on each level */
    uint16_t events[BW_MORLOCK_E_COUNT];   /* counts, as the enum */
    uint8_t head, active;                  /* the queue: a ring */
    bw_morlock_tunnel queue[BW_MORLOCK_QUEUE];
    uint8_t dug[BW_MORLOCK_LEVELS][BW_MORLOCK_BLOCKS]; /* coarse map: bit x of row y set
                                            when a tunnel stepped in that block */
    uint8_t want[BW_MORLOCK_LEVELS];       /* rule 3.5: rooms wanted, 4..6, drawn first */
    uint8_t n_rooms[BW_MORLOCK_LEVELS];
    bw_morlock_room room[BW_MORLOCK_LEVELS][BW_MORLOCK_ROOMS_MAX];
    uint8_t n_pits;
    bw_morlock_pit pit[BW_MORLOCK_PITS];
    uint8_t n_joins;
    bw_morlock_join join[BW_MORLOCK_JOINS];
} bw_morlock_plan;

/* Called on every event with its kind (BW_MORLOCK_E_*), the plan as it is
 * just after the event and the tunnel concerned (the new one for a fork,
 * a pit's arrival or a respawn; 0 for fallbacks). `arg`: the room's index
 * on its level for ROOM and FALLBACK_ROOM, the room's global index (rooms
 * counted level by level) for RESPAWN, the pit's index for PIT and
 * FALLBACK_PIT, the heading before the decision for CONTINUE, TURN and
 * FORK, else 0. For tests and tools. */
typedef void (*bw_morlock_trace)(void *ctx, int kind, const bw_morlock_plan *p,
                                 const bw_morlock_tunnel *t, int arg);

void bw_morlock_defaults(bw_morlock_cfg *c);

/* Runs the process without drawing anything. c = 0: the defaults.
 * Returns 0, or BW_ERR_OPTION if the cfg is out of range. p must not be NULL. */
int bw_morlock_plan_run(bw_morlock_plan *p, uint32_t seed, const bw_morlock_cfg *c,
                        bw_morlock_trace fn, void *ctx);

/* Generates level `level` (1..5) of `seed` with cfg c (0: defaults) into m;
 * the plan is left in p (caller's memory, not NULL). Returns 0, BW_ERR_LEVEL
 * for a level out of range or BW_ERR_OPTION for a cfg out of range. */
int bw_morlock_level(bw_map *m, uint32_t seed, int level, const bw_morlock_cfg *c,
                      bw_morlock_plan *p);

/* The registry's "morlock": bw_morlock_level with the defaults, the plan
 * kept in m's plane a (free until the mending, which reads the plan no
 * more), not on the stack. */
int bw_morlock_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);

#ifdef __cplusplus
}
#endif

#endif
