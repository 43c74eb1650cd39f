/* Every tile kind as a picture: one RGB colour a tile (the PNG format's
 * 4-pixel blocks) and an 8 x 8-pixel tileset (`--format png --scale 8`,
 * the Tiled export's tileset), in read-only data, for firmware and
 * handhelds too: each tile is a 1-bit pattern drawn in its foreground
 * colour over its background. The patterns are drawn for burrow, in the
 * table of src/core/tileset8.c; no art or font is copied. */
#ifndef BURROW_TILESET8_H
#define BURROW_TILESET8_H

#include <stdint.h>
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BW_TILE8 8 /* pixels a side */

/* An SGR colour code of the tile table (30-37, 90-97, BW_C256(16..231);
 * a background's 40-47 and 100-107 too) as RGB: the 16 colours as the
 * CLI's pictures have always drawn them, the 256-colour cube as xterm's. */
void bw_sgr_rgb(unsigned sgr, uint8_t rgb[3]);

/* A tile's one colour: its background if it has one (a solid block in
 * the ANSI output), else its foreground. Black for an id that is no tile. */
void bw_tile_rgb(int tile, uint8_t rgb[3]);

/* Row y (0..7) of a tile's pattern: bit 7 is the leftmost pixel, a set
 * bit the foreground. 0 for an id that is no tile or a row outside 0..7. */
uint8_t bw_tile8_row(int tile, int y);

/* Pixel (x, y), 0..7 each, of a tile in the 8 x 8 tileset: its
 * foreground colour where the pattern is set, else its background colour
 * (black when it has none). */
void bw_tile8_pixel(int tile, int x, int y, uint8_t rgb[3]);

#ifdef __cplusplus
}
#endif

#endif
