/* The Underground Forest (rules 4.1 - 4.8, 4.5.1 - 4.5.4, docs/forest.md): five
 * 120 x 120 levels round the same 4-7 giant trees.
 *
 *   DLVL 5    the forest floor: grass strewn with cave lichen, each trunk
 *             ringed by impassable roots with one to three gaps to it
 *   DLVL 1-4  the canopy, open air round the same trunks: branches that
 *             fork into thinner, shorter branches down to twigs that bear
 *             leaves, vine bridges between the trees, mushrooms on the
 *             branches (ladders up) and mushroom tops above them
 *
 * Levels link through the trunks (the same footprint on every level: climb
 * up or down) and the mushrooms (a mushroom on DLVL n + 1 at (x, y) has a
 * mushroom top at (x, y) on DLVL n). Everything that crosses levels is a
 * pure function of the seed: the trunk plan (bw_forest_trunks) and the
 * mushrooms of each level (bw_forest_mushrooms), both without a map, so
 * any level is generated on its own in one bw_map. */
#ifndef BURROW_FOREST_H
#define BURROW_FOREST_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/gen.h"
#include "burrow/map.h"
#include "burrow/plane.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_FOREST_VERSION 11

#define BW_FOREST_LEVELS 5
#define BW_FOREST_W 120
#define BW_FOREST_H 120

/* The trunk plan: 4-7 trunks, one in each of 4-7 distinct cells of a 3 x 3
 * lattice of 40 x 40 squares, its centre 14..25 into the cell on each axis
 * (so centres are at least 29 apart and 14 from every edge of the map),
 * radius 4..6 (a disc: dist^2 <= r^2 + r, 9 to 13 squares across). */
#define BW_FOREST_MAX_TRUNKS 7
#define BW_FOREST_MIN_TRUNKS 4
#define BW_FOREST_TRUNK_R_MIN 4
#define BW_FOREST_TRUNK_R_MAX 6

typedef struct bw_forest_plan {
    uint8_t n;                                 /* trunks, 4..7 */
    uint8_t x[BW_FOREST_MAX_TRUNKS], y[BW_FOREST_MAX_TRUNKS]; /* centres */
    uint8_t r[BW_FOREST_MAX_TRUNKS];           /* radii */
} bw_forest_plan;

/* Pure function of the seed; the same for all five levels. */
void bw_forest_trunks(uint32_t seed, bw_forest_plan *p);
/* 1 + the index of the trunk whose disc holds (x, y), or 0; x and y any
 * ints (a plan of bw_forest_trunks: at most BW_FOREST_MAX_TRUNKS are read). */
int bw_forest_trunk_at(const bw_forest_plan *p, int x, int y);

/* ------------------------------------------------------- the canopy */

/* Branching (rules 4.2 - 4.4). A trunk grows 4..6 branches of width 3 (the
 * first generation) whose length beyond the trunk is 12..16 (so every
 * second-generation branch forks and every twig is one square wide). Each branch
 * of width w and length L grows 4 sub-branches (5 with chance 1/3) of
 * width w - 1 and length L * k / 6, k drawn 3..4 (so L/2 .. 2L/3), spread
 * along its outer part; the last one starts at its tip. A branch is too
 * small to branch again when that next generation would be: width below
 * BW_FOREST_MIN_WIDTH or length below BW_FOREST_MIN_LEN, i.e. when w = 1
 * or L / 2 < 3. It bears 4..6 leaves instead. */
#define BW_FOREST_WIDTH0 3
#define BW_FOREST_MIN_WIDTH 1
#define BW_FOREST_MIN_LEN 3
#define BW_FOREST_LEN0_MIN 12
#define BW_FOREST_LEN0_MAX 16
#define BW_FOREST_FIRST_MIN 4          /* branches per trunk */
#define BW_FOREST_FIRST_MAX 5
#define BW_FOREST_FAN_MIN 4            /* sub-branches per branch */
#define BW_FOREST_FAN_MAX 5
#define BW_FOREST_LEAVES_MIN 4         /* leaves per twig */
#define BW_FOREST_LEAVES_MAX 6
/* Generations are 0 and 1: spokes (width 3, or 1 when too small to fork)
 * and twigs (width 1). The worst case per trunk is 5 spokes with 8 twigs
 * weighed each, 5 + 5 x 8 = 45 branches; the cap per trunk equals that
 * worst case, so it bounds the loop and never cuts a tree. */
#define BW_FOREST_GENERATIONS 2
#define BW_FOREST_TREE_CAP 45

/* Leaves on the map (rule 4.4) are placed from the finished grid: a twig's end
 * is a branch or mushroom square with exactly one limb beside it (trunk,
 * branch, mushroom, or a mushroom top in a line of wood), and its twig the
 * one-wide line back from it up to the square it hangs on. Each end gets
 * 1 x 1 leaves of its own beside its twig, into the air, touching no other
 * limb and no other leaf, until there are four; then the leaves grow to
 * 1 x 1 .. 2 x 4 where there is room. An end left short is served first
 * again, the leaves laid in its way giving way, then every end again (up
 * to three rounds); one left short after them counts in rep->bare.
 * The bridges come after the leaves and go round them.
 *
 * One piece of the canopy, as bw_forest_canopy reports it (leaves: the
 * plan, 4-6 a twig from their own stream; the map places its own, see
 * above). */
enum { BW_FOREST_BRANCH = 1, BW_FOREST_LEAF = 2 };
typedef struct bw_forest_part {
    uint8_t kind;          /* BW_FOREST_BRANCH or BW_FOREST_LEAF */
    uint8_t tree;          /* trunk index in the plan */
    uint8_t gen;           /* branch: generation, 0 = grown from the trunk */
    uint8_t dir;           /* branch: direction drawn, 0..31 (x 11.25 degrees,
                              0 = east, 8 = south); its end may be pulled in
                              from the map's edge */
    uint8_t width;         /* branch: 3, 2, 1 (gen 0, 1, 2) */
    uint8_t len;           /* branch: length (gen 0: beyond the trunk) */
    uint8_t terminal;      /* branch: 1 if it bears leaves, not branches */
    uint8_t capped;        /* branch: 1 if terminal only by the cap */
    uint16_t id;           /* branch: 0, 1, ... within its tree, in order */
    uint16_t parent;       /* branch: the parent's id; 0xffff for gen 0.
                              leaf: the id of the twig that bears it */
    int16_t x0, y0, x1, y1;/* branch: centre line from (x0, y0) to
                              (x1, y1); leaf: inclusive rectangle */
    int16_t px, py;        /* leaf: the twig's cell it grows from (the
                              rectangle holds a 4-neighbour of it) */
} bw_forest_part;

typedef void (*bw_forest_fn)(const bw_forest_part *p, void *ctx);

/* Replays the canopy of `level` (1..4; nothing for 5) without a map: every
 * branch and leaf, tree by tree, depth first (a branch before its
 * sub-branches; a twig's leaves right after it). m is scratch: its planes
 * a and b and its fill's stack are overwritten; its grid and entities are
 * left alone. */
void bw_forest_canopy(bw_map *m, uint32_t seed, int level, bw_forest_fn fn, void *ctx);

/* The squares a branch covers: its 4-connected centre line (a diagonal step
 * goes through a corner cell) and, for width 2 and 3, the same line shifted
 * by +1 and -1 across its main axis. fn may stop it by returning non-zero.
 * A square may come twice. */
typedef int (*bw_forest_cell_fn)(int x, int y, void *ctx);
void bw_forest_branch_cells(const bw_forest_part *p, bw_forest_cell_fn fn, void *ctx);

/* ----------------------------------------------------- mushrooms */

/* Rules 4.5, 4.6: the mushrooms of DLVL n (2..4) are BW_FOREST_SHOOTS_MIN..MAX
 * draws of a square within 22 of a trunk centre (those off the trunks, off
 * the map's two outer rows and off the mushrooms of DLVL n - 1 kept), from
 * (seed, n) alone. DLVL n stands each on a branch (a square off its
 * branches grows a stem of branch out to the nearest one) and DLVL n - 1
 * lays a mushroom top on each, so neither needs the other's canopy. None
 * on DLVL 1: nothing is above it. */
#define BW_FOREST_SHOOTS_MIN 40
#define BW_FOREST_SHOOTS_MAX 56

/* Marks in `out` (cleared first; the lists are drawn in it) the mushrooms
 * of `level`, without a map: the tops of DLVL level - 1. Returns their
 * number. */
int bw_forest_mushrooms(uint32_t seed, int level, bw_plane *out);

/* --------------------------------------------------- vine bridges */

/* Rule 4.7: as each twig is drawn, a straight ray continues its direction from
 * its tip through the air (and over vines) for at most BW_FOREST_VINE_MAX
 * squares (Pythagorean). If the first branch square it meets belongs to
 * another tree (one drawn before: trees are drawn in plan order), the air
 * squares of the 4-connected line from the tip to that square become vine:
 * a bridge. A ray from a tip inside a trunk, or that meets its own tree, a
 * trunk, the map's edge or nothing, or meets the other tree on the very
 * next square (the two touch already), or whose line would cross a trunk,
 * lays no vine (these are the vines on_vine reports).
 *
 * Then, after the leaves, every tree is joined to another (the level's
 * guarantee): a tree's canopy is what its trunk reaches over trunk, branch,
 * mushroom and top squares, its side the squares strictly nearer its trunk
 * centre than any other. Each tree not yet joined gets a bridge: on the
 * straight line between its trunk centre and the nearest other tree's (or
 * that line moved up to 16 squares across), a run of air (or vine) squares
 * between a square of its canopy on its side and one of the other's canopy
 * on the other's side; failing that, a ray from one of its twig tips, at
 * the other trunk's centre or in 32 directions; last, the lanes and then
 * the 32 rays again with leaves counted as air (the leaves on the line
 * become vine, and their twigs are served again). These may be long
 * (trees are 29 or more apart). No vine is laid through a trunk. */
#define BW_FOREST_VINE_MAX 16

/* Rule 4.6, mushroom tops on the map: a mushroom top lands where the level
 * below has its mushroom, over whatever is there. A top whose group of
 * 4-connected tops touches no branch, mushroom, trunk, vine or leaf square
 * (all of which are on the canopy) grows a vine, a straight 4-connected line, to the nearest
 * branch or mushroom square whose line crosses no trunk: the top always
 * comes out on the canopy above.
 *
 * --------------------------------------------------- generation */

/* What a level holds, for tests and curious callers. */
typedef struct bw_forest_report {
    uint16_t branches, twigs, leaves, capped;
    uint16_t vines;        /* vine bridges laid (each one passed to on_vine) */
    uint16_t mushrooms, tops;
    uint16_t fallbacks;    /* DLVL 5: trunks reached only by the fallback cut */
    uint16_t bridges;      /* rule 4.7: bridges laid so every tree is joined */
    uint16_t lonely;       /* trees no bridge could join (measured: none over 12,000 levels) */
    uint16_t bare;         /* twig ends showing fewer than four leaves */
    uint16_t cut;          /* twig end squares cut back for want of room */
    uint16_t stalks;       /* rule 4.6: tops joined out to the canopy (a leaf, or a vine) */
    uint16_t stems;        /* rule 4.5: mushrooms given a stem of branch out to the canopy */
} bw_forest_report;

/* Generates level `level` (1..5) of `seed` into m (120 x 120); rep may be
 * NULL (m must not). Returns 0, or BW_ERR_LEVEL if level is out of range.
 * Scratch: m->a, m->fill and, on DLVL 1-4, m->b (the canopy's limbs), as
 * for every generator; a BW_TESTING on_vine hook keeps its notes elsewhere. */
int bw_forest_level(bw_map *m, uint32_t seed, int level, bw_forest_report *rep);

/* The registry's "forest". */
int bw_forest_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);

#ifdef BW_TESTING /* test hooks (BW_TESTING, config.h) */
/* A zeroed struct changes nothing. Unused, they cost one test per vine
 * laid and one per gap drawn. */
typedef struct bw_forest_vine {
    uint8_t x0, y0;        /* the twig tip of tree t */
    uint8_t x1, y1;        /* the branch square of another tree it reaches */
    uint8_t t;
} bw_forest_vine;

typedef struct bw_forest_hooks {
    /* DLVL 1-4: called for every vine bridge right after it is laid, in
     * drawing order (the grid then holds the level drawn so far) */
    void (*on_vine)(const bw_forest_vine *v, void *ctx);
    void *ctx;
    /* DLVL 5: trunks (bit t for the plan's trunk t) whose gaps are not
     * painted, so the roots close them in and the fallback must open them */
    uint8_t closed;
} bw_forest_hooks;

/* bw_forest_level with hooks (h may be NULL). */
int bw_forest_level_hooked(bw_map *m, uint32_t seed, int level, bw_forest_report *rep,
                           const bw_forest_hooks *h);
#endif /* BW_TESTING */

#ifdef __cplusplus
}
#endif

#endif
