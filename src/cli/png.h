/* png.h: the CLI's streaming PNG writer (RGB, 8 bits a channel). */
#ifndef BW_CLI_PNG_H
#define BW_CLI_PNG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BW_PNG_MAX_W 1024 /* pixels: 120 tiles of up to 8 pixels, with room */

typedef struct bw_png {
    FILE *f;
    int w, rows;
    uint32_t a, b;                           /* adler-32 halves */
    uint32_t acc;                            /* bits not yet written */
    int nacc;
    size_t nout;
    uint8_t prev[3 * BW_PNG_MAX_W];          /* the row above, unfiltered */
    uint8_t filtered[3 * BW_PNG_MAX_W + 1];  /* filter byte + row */
    uint8_t out[2 * (3 * BW_PNG_MAX_W + 1) + 16]; /* one row deflated: 9 bits a byte at worst */
} bw_png;

/* Writes the signature and header; -1 when w is out of 1..BW_PNG_MAX_W. */
int bw_png_begin(bw_png *p, FILE *f, int w, int h);
/* One row of w RGB pixels; exactly h calls between begin and end. */
void bw_png_row(bw_png *p, const uint8_t *rgb);
void bw_png_end(bw_png *p);

#endif
