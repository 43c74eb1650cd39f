/* Game of Life with its numbers as arguments (docs/blocks.md): a live cell
 * with survive_min..survive_max live neighbours lives on, a dead one with
 * birth_min..birth_max comes alive. Tiles in `keep`, and up and down slopes
 * always, are never replaced (they count as dead neighbours unless they are
 * the life tile). Rounds off caves and pits; the generators run fixed
 * rules of it in their own loops (the mines' caves with bw_cave_rule below,
 * the pit block's smoothing in pit.c). */
#ifndef BURROW_LIFE_H
#define BURROW_LIFE_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/grid.h"
#include "burrow/plane.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bw_life {
    uint8_t survive_min, survive_max;
    uint8_t birth_min, birth_max;
    uint8_t life;        /* the live tile, written on birth */
    uint8_t dead;        /* written where a live cell dies */
    uint8_t edge_alive;  /* cells off the map count as live neighbours */
    bw_tileset keep;     /* never replaced */
} bw_life;

/* Classic Conway: survive 2-3, birth 3. */
void bw_life_classic(bw_life *l, uint8_t life, uint8_t dead);
/* "Lushly fecund": survive 1-5, birth 2-4. */
void bw_life_fecund(bw_life *l, uint8_t life, uint8_t dead);

/* Runs `generations` steps over the cells with x0 <= x <= x1, y0 <= y <= y1
 * (clipped to the map); `next` is scratch. Returns cells changed in the
 * last generation. */
int bw_life_run(bw_grid *g, const bw_life *l, int generations,
                int x0, int y0, int x1, int y1, bw_plane *next);

/* The 4-5 cave rule on 32 cells at once: bit k of each argument is the
 * wall flag of cell k's neighbour that way (c: of cell k itself); returns
 * the cells that are wall next, those with 4 or more wall neighbours if
 * wall, 5 or more if not. The eight flags are summed by a bit-sliced
 * adder: above and below three each, beside two, their count
 * l0 + 2 (l1 + h0) + 4 h1 = l0 + 2 m0 + 4 (m1 + h1). bw_life_cave's fast
 * build and the mines' smoothing (on a whole plane) share it. */
BW_HOT uint32_t bw_cave_rule(uint32_t nw, uint32_t n, uint32_t ne, uint32_t w, uint32_t c,
                             uint32_t e, uint32_t sw, uint32_t s, uint32_t se)
{
    uint32_t ab, plo, phi, nlo, nhi, clo, chi, l0, l1, m0, m1, h1, ge4, ge5;
    ab = nw ^ n; /* the three above: plo + 2 phi */
    plo = ab ^ ne;
    phi = (nw & n) | (ne & ab);
    ab = sw ^ s; /* the three below */
    nlo = ab ^ se;
    nhi = (sw & s) | (se & ab);
    clo = w ^ e; /* the two beside */
    chi = w & e;
    ab = plo ^ clo; /* the ones: l0 + 2 l1 */
    l0 = ab ^ nlo;
    l1 = (plo & clo) | (nlo & ab);
    ab = phi ^ chi; /* the twos: m0 + 2 h1 (m0 is h0 for now) */
    m0 = ab ^ nhi;
    h1 = (phi & chi) | (nhi & ab);
    m1 = l1 & m0;
    m0 ^= l1;
    ge4 = m1 | h1;                              /* 4 or more */
    ge5 = (m1 & h1) | ((m1 ^ h1) & (l0 | m0)); /* 5 or more */
    return (c & ge4) | (~c & ge5);
}

/* The 4-5 cave rule (survive 4-8, birth 5-8, `wall` the live tile), the
 * same as bw_life_run with those numbers and edge_alive set: `generations`
 * steps over x0..x1, y0..y1 (clipped to the map), reading the cells round
 * it as they are (any tile but `wall` is open). The region must hold only
 * `wall` and `floor`. The fast build (config.h, BW_FAST) works 32 cells at
 * a time, up to two generations in one pass, and writes only the final
 * change (a cell of another tile that died and came back would keep its
 * tile), from 10 rows of bits (224 B) on the stack; the small build runs
 * bw_life_run's plain loop a generation at a time. No scratch plane. */
void bw_life_cave(bw_grid *g, int generations, int x0, int y0, int x1, int y1,
                  uint8_t wall, uint8_t floor);

#ifdef __cplusplus
}
#endif

#endif
