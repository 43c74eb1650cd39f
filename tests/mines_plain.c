/* The Orc Mines built with BW_MINES_FAST=0 (the plain loops a -Os build
 * gets) beside the library's own build, under other names, so that
 * mines_fast_and_plain_builds_same_maps (test_mines.c) can compare the two
 * in one program. */
#define BW_MINES_FAST 0
#define bw_mines_pits bw_mines_plain_pits
#define bw_mines_generate bw_mines_plain_generate
#define bw_mines_steam_init bw_mines_plain_steam_init
#define bw_mines_steam_at bw_mines_plain_steam_at
#define bw_mines_steam_rows bw_mines_plain_steam_rows
#define bw_mines_steam bw_mines_plain_steam
#include "../src/gen/mines.c"
