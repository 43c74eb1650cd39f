/* Movement cost: the tile table's movement cost
 * (bw_tile_cost) against the connectivity every generator promises. A
 * player crosses rubble, stalactites, stalagmites, boulders, pillars,
 * coffins, sarcophagi and watchtowers by climbing or digging, at a cost,
 * so every cell of a connected region is reachable at a finite cost.
 * Reads the tile table. */
#include "check.h"
#include "burrow/tile.h"

/* The table itself: a cost on every tile that connects and on no other;
 * plain floor costs 1, the climbed and dug tiles and lichen more. */
static void play_cost_nonzero_exactly_where_tiles_connect(void)
{
    int t;
    for (t = 0; t < BW_TILE_COUNT; t++) {
        t_seed((uint32_t)t);
        CHECK((bw_tile_cost(t) > 0) == bw_tile_connects(t));
        CHECK(!bw_tile_passable(t) || bw_tile_cost(t) >= 1);
    }
    CHECK(bw_tile_cost(BW_T_STONE) == 1 && bw_tile_cost(BW_T_DIRT) == 1);
    CHECK(bw_tile_cost(BW_T_LICHEN) > bw_tile_cost(BW_T_STONE)); /* PUT_LICHEN */
    CHECK(bw_tile_cost(BW_T_RUBBLE) > 1 && bw_tile_cost(BW_T_BOULDER) > 1);
    CHECK(bw_tile_cost(BW_T_DEEP) == 0 && bw_tile_cost(BW_T_ROCK) == 0);
}

void suite_cost(void)
{
    RUN(play_cost_nonzero_exactly_where_tiles_connect);
}
