/* The CLI's pictures: the colour burrow gives each tile, and PPM or PNG
 * (png.c: compressed) written row by row as the rows are made, with no
 * image buffer. */
#ifndef BW_CLI_IMAGE_H
#define BW_CLI_IMAGE_H

#include <stdint.h>
#include <stdio.h>

#define BW_IMAGE_PX 4 /* pixels per tile side: each tile is a solid block */

typedef struct bw_image {
    FILE *out;
    int png, w;                /* PNG or PPM; width in pixels */
} bw_image;

/* The RGB of tile id `tile`: bw_tile_rgb and the 8 x 8 tileset are the
 * core's (burrow/tileset8.h). */
#include "burrow/tileset8.h"

/* Rows of w RGB pixels (w at most BW_PNG_MAX_W), h of them in all. */
void bw_image_begin(bw_image *im, FILE *out, int png, int w, int h);
void bw_image_row(bw_image *im, const uint8_t *rgb);
void bw_image_end(bw_image *im);

#endif
