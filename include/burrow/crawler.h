/* DungeonMaker-style WallCrawlers (docs/crawler.md): the map starts open
 * inside an outer wall, and crawlers walk it laying down straight runs of
 * wall, keeping corridors open between their walls and the walls already
 * there. A design (a text file, or a struct built in C) gives the map's
 * size, extra initial walls, the seed crawlers and, per generation, the
 * dice of turning and of spawning babies. */
#ifndef BURROW_CRAWLER_H
#define BURROW_CRAWLER_H

#include <stddef.h>
#include <stdint.h>
#include "burrow/config.h"
#include "burrow/geom.h"
#include "burrow/map.h"
#include "burrow/gen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_CRAWLER_VERSION 2

/* Sizes fixed at compile time, and the ranges a design may use. */
#define BW_CRAWLER_MAX_SEEDS 16      /* seed crawlers in a design */
#define BW_CRAWLER_MAX_WALLS 16      /* initial wall rectangles besides the outer wall */
#define BW_CRAWLER_GENS 8            /* generations 0 (the seeds) .. 7 */
/* Crawlers alive at once; 12 B each, kept in plane b (150 fill it exactly,
 * so 150 is also the most). Tunable down to 1: a design that reaches the
 * limit drops babies (bw_crawler_info.dropped) and its maps change. */
#ifndef BW_CRAWLER_MAX_CRAWLERS
#define BW_CRAWLER_MAX_CRAWLERS 150
#endif
#define BW_CRAWLER_MAX_STEPS 40000   /* MakeStep calls per map; see crawler.c; no suffix: the parser prints it */
#ifndef BW_CRAWLER_MAX_TEXT /* tunable: bytes of a design file, at least 1 */
#define BW_CRAWLER_MAX_TEXT 8192
#endif
#define BW_CRAWLER_MIN_SIDE 8        /* smallest map side */
#define BW_CRAWLER_MAX_SIDE 120      /* largest map side (the built-in design's) */
#define BW_CRAWLER_LEVELS 1          /* one map per design and seed */
#define BW_CRAWLER_AGE_MIN (-1000)   /* age: negative = dormant */
#define BW_CRAWLER_AGE_MAX 1000      /* age and maxAge */
#define BW_CRAWLER_STEP_MAX 30       /* stepLength 1..30 */
#define BW_CRAWLER_WIDTH_MAX 6       /* corridorWidth 1..6 */

/* Forward: the four directions a crawler faces, BW_NORTH .. BW_WEST (geom.h). */
/* Direction: where the crawler means to go; 0 = anywhere. A Forward f is
 * the Direction 1 + 2 f. */
enum {
    BW_CRAWLER_DIR_NONE = 0, BW_CRAWLER_DIR_N, BW_CRAWLER_DIR_NE, BW_CRAWLER_DIR_E, BW_CRAWLER_DIR_SE,
    BW_CRAWLER_DIR_S, BW_CRAWLER_DIR_SW, BW_CRAWLER_DIR_W, BW_CRAWLER_DIR_NW
};

/* Bit f set: Forward f is legal for that Direction (crawler rule 3: the
 * two directions next to it, plus the Direction itself if it is one of
 * the four). Indexed by Direction 0..8. */
extern const uint8_t bw_crawler_legal[9];

typedef struct bw_crawler {
    uint8_t x, y;
    uint8_t forward;          /* BW_NORTH .. BW_WEST */
    uint8_t direction;        /* BW_CRAWLER_DIR_* */
    int16_t age, max_age;     /* dormant while age < 0; deleted when age > max_age */
    uint8_t step_length;      /* most wall tiles laid in one step */
    uint8_t corridor_width;   /* least corridor left open next to its wall */
    uint8_t opening;          /* 0 none, 1 at the end, 2 at the start then 0 */
    uint8_t gen;              /* generation; seeds are 0 */
    uint8_t gap;              /* opening 2: tiles still to leave open */
} bw_crawler;

/* The dice of one generation, in percent, and the crawlers born into it. */
typedef struct bw_crawler_gen {
    /* used by crawlers of this generation after each step that lays wall */
    uint8_t turn;             /* turn sideways */
    uint8_t straight1, straight2; /* going on straight: one baby / two */
    uint8_t turn1, turn2;     /* having turned: one baby / two */
    /* babies born into this generation (from generation - 1) */
    uint8_t born;             /* 1: babies come into this generation */
    uint8_t step_length, corridor_width, opening;
    uint8_t no_direction;     /* percent of babies with Direction 0 */
    int16_t max_age;
    int16_t delay;            /* a baby starts dormant at age -delay */
    /* A mix of openings (an `openings` line): percent of the babies born
     * with opening 0, 1 and 2, adding up to 100; all 0: every baby takes
     * `opening`. Crawler rule 6: no generation may have more than 50%
     * opening 2 (bw_crawler_problem rejects the design). */
    uint8_t open_mix[3];
} bw_crawler_gen;

typedef struct bw_crawler_design {
    uint8_t w, h;
    uint8_t n_walls, n_seeds;
    uint16_t max_steps;       /* 1..BW_CRAWLER_MAX_STEPS */
    uint8_t wall[BW_CRAWLER_MAX_WALLS][4]; /* x0 y0 x1 y1, inclusive */
    bw_crawler seed[BW_CRAWLER_MAX_SEEDS];
    bw_crawler_gen gen[BW_CRAWLER_GENS];
    const char *error;        /* after a failed parse: what was wrong */
} bw_crawler_design;

/* The design used when bw_opts.design is 0 (tests/designs/default.txt). */
extern const bw_crawler_design bw_crawler_builtin;

/* Parses a design file's text (n bytes, at most BW_CRAWLER_MAX_TEXT; need not
 * end in a NUL). Returns 0, or BW_ERR_DESIGN with *err_line the line of the first
 * error (0 for the file as a whole) and d->error a message. err_line may be
 * NULL (then only d->error tells); text may be NULL when n is 0 (an empty
 * design, which has no size line). A NULL d, or a NULL text with n > 0
 * (d->error then says so), is refused with BW_ERR_ARG. */
int bw_crawler_parse(const char *text, size_t n, struct bw_crawler_design *d, int *err_line);

/* What is wrong with a design (built in C, say): 0 if every field is in
 * range and the rules across fields hold (exactly what the parser
 * accepts), else the message the parser gives for the same value, e.g.
 * "crawler: stepLength must be 1..30"; the first problem found, in the
 * order size, steps, counts, walls, seeds, generations 0..7. */
const char *bw_crawler_problem(const bw_crawler_design *d);

/* 0 if bw_crawler_problem finds nothing, else BW_ERR_DESIGN. */
int bw_crawler_check(const bw_crawler_design *d);

/* What the trace sees after each MakeStep. */
enum {
    BW_CRAWLER_EV_DORMANT = 1,     /* age < 0: only aged */
    BW_CRAWLER_EV_BUILD,           /* laid wall ahead (maybe turned, maybe babies) */
    BW_CRAWLER_EV_SIDEWAYS,        /* no room ahead: turned sideways */
    BW_CRAWLER_EV_JOIN,            /* opening 0: closed the gap ahead, deleted */
    BW_CRAWLER_EV_STUCK,           /* no room ahead or sideways: deleted */
    BW_CRAWLER_EV_OLD              /* age > maxAge: deleted */
};

typedef struct bw_crawler_event {
    uint32_t step;            /* 0, 1, ...: MakeStep calls so far */
    uint8_t what;             /* BW_CRAWLER_EV_* */
    uint8_t slot;             /* index in the crawler array before the step */
    uint8_t front_free;       /* LookAhead, seen up to stepLength + corridorWidth + 1 */
    uint8_t advanced;         /* rows the crawler moved forward */
    uint8_t built, skipped;   /* of those, tiles laid / left open (opening 2) */
    uint8_t turned;           /* 1: Forward changed this step */
    uint8_t babies, dropped;  /* babies created / not created (array full) */
    bw_crawler before, after;
    bw_crawler baby[2];
} bw_crawler_event;

/* A trace, for tests and tools (it only watches, like morlock's): fn is
 * called after every MakeStep with the map as it is then. Pass 0 to
 * bw_crawler_map for none; it costs one test per step. */
typedef struct bw_crawler_trace {
    void (*fn)(void *user, const bw_map *m, const bw_crawler_event *e);
    void *user;
} bw_crawler_trace;

typedef struct bw_crawler_info {
    uint32_t steps;           /* MakeStep calls */
    uint16_t born;            /* babies created */
    uint16_t dropped;         /* babies not created: the array was full */
    uint16_t peak;            /* most crawlers alive at once */
    uint16_t doors;           /* the fix's straight doors, each into one closed region */
    uint16_t opened;          /* wall tiles the fix opened (doors and L digs) */
    uint8_t capped;           /* 1: stopped at max_steps with crawlers left */
    uint8_t fallback;         /* the fix's L digs (where no straight door fits) */
} bw_crawler_info;

/* Generates the design's map into m (tiles BW_T_CR_WALL, BW_T_CR_OPEN),
 * every open tile reachable from every other. trace and info may be 0.
 * Returns 0, BW_ERR_ARG for d NULL or BW_ERR_DESIGN when bw_crawler_check
 * fails (the map untouched either way). m must not be NULL. */
int bw_crawler_map(bw_map *m, uint32_t seed, const bw_crawler_design *d,
                   const bw_crawler_trace *trace, bw_crawler_info *info);

/* The registry's entry: level 1 only; o->design 0 = bw_crawler_builtin. */
int bw_crawler_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);

#ifdef __cplusplus
}
#endif

#endif
