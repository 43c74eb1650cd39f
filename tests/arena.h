/* The one static workspace all tests share, so the test firmware fits the
 * 20 KiB board: a union of what each suite needs. */
#ifndef BURROW_TESTS_ARENA_H
#define BURROW_TESTS_ARENA_H

#include <stddef.h>
#include "burrow/burrow.h"
#include "play.h"

/* The overworld uses rows 0..20 of the grid only: its two distance maps
 * (2 x 3,360 bytes) lie over the rows below, which the map never touches,
 * so a map and both its distance maps fit in one bw_map, as they would on
 * a 20 KiB part. */
#define T_MAP_END (offsetof(bw_map, grid) + sizeof(bw_grid))
#define T_ALL_MAP ((sizeof(bw_map) + 3) & ~(size_t)3)
#define T_ROWS_KEEP(rows) ((offsetof(bw_map, grid) + offsetof(bw_grid, cell) + (rows) * BW_GRID_MAX + 3) & ~(size_t)3)
/* On a grid too small for that (BW_MAP_W x BW_MAP_H, a small part's
 * build), the distance maps go after the whole map instead. */
#define T_OW_KEEP (T_ROWS_KEEP(BW_OVERWORLD_H) + sizeof(uint16_t) * 2 * BW_OVERWORLD_H * BW_OVERWORLD_W <= T_MAP_END \
                   ? T_ROWS_KEEP(BW_OVERWORLD_H) : T_ALL_MAP)

/* Likewise a Mystery-Dungeon floor uses rows 0..31 only. */
#define T_MD_KEEP (T_ROWS_KEEP(BW_MDUNGEON_H) + 1024 <= T_MAP_END ? T_ROWS_KEEP(BW_MDUNGEON_H) : T_ALL_MAP)

/* A small part's firmware without the overworld (BW_WITH_OVERWORLD=0)
 * leaves out its distance maps and the game's memory. */
#if !defined(BW_WITH_OVERWORLD) || BW_WITH_OVERWORLD
#define T_OW 1
#else
#define T_OW 0
#endif

typedef union t_arena {
    bw_map map;
#if T_OW
    struct {
        uint8_t map_rows[T_OW_KEEP];
        uint16_t dist[2][BW_OVERWORLD_H][BW_OVERWORLD_W];
    } ow;
    struct {           /* an overworld map and scratch of its tests in the rows below */
        uint8_t map_rows[T_OW_KEEP];
        uint8_t before[BW_OVERWORLD_H][BW_OVERWORLD_W];
        uint8_t mask[BW_OVERWORLD_MASK_BYTES];
    } ows;
    play_memory play;  /* the game's map and its overworld distance map */
#endif
    struct {           /* a Mystery-Dungeon floor (rows 0..31), its tests' tallies below */
        uint8_t map_rows[T_MD_KEEP];
        struct { uint8_t w, h; uint16_t n; } size_of[160];
        int n_sizes;
        struct { uint32_t sides, odd, want_permille; } odd_sides;
        bw_tileset start_rooms;
        uint32_t start_floors[3];
        int start_pass;
    } md;
} t_arena;

#if BW_MAP_W >= 120 && BW_MAP_H >= 120 /* the full grid: all of it in the rows below */
BW_STATIC_ASSERT(T_OW_KEEP + sizeof(uint16_t) * 2 * BW_OVERWORLD_H * BW_OVERWORLD_W <=
                 offsetof(bw_map, grid) + sizeof(bw_grid), t_ow_dist_in_unused_rows);
#if T_OW
BW_STATIC_ASSERT(sizeof(((t_arena *)0)->ows) <= sizeof(bw_map), t_ow_scratch_in_unused_rows);
#endif
BW_STATIC_ASSERT(sizeof(((t_arena *)0)->md) <= offsetof(bw_map, grid) + sizeof(bw_grid), t_md_tally_in_unused_rows);
#endif

extern t_arena arena;

/* Fills the grid and both scratch planes of m with garbage drawn from key. */
void t_scramble(bw_map *m, uint32_t key);

/* Fixed memory: every level of seeds 0..seeds-1 of the registry's
 * generator `name` hashes the same generated alone over garbage
 * (t_scramble) as after all the others, in either order. */
#define T_LEVELS_MAX 5
void t_levels_alone_equal_in_sequence(bw_map *m, const char *name, uint32_t seeds);

#endif
