/* PPM and PNG for the CLI (see image.h). Host code: stdio is fine here. */
#include <string.h>
#include "burrow/tile.h"
#include "image.h"
#include "png.h"

/* A tile's colour to RGB, as the ANSI output shows it: its background if
 * it has one (the tile is a solid block), else its foreground; 256-colour
 * entries 16-231 from xterm's 6 x 6 x 6 cube (tile.h: BW_C256, BW_BG). */
void bw_tile_rgb(int tile, uint8_t rgb[3])
{
    static const uint8_t base[8][3] = {
        { 0, 0, 0 }, { 170, 40, 30 }, { 60, 150, 50 }, { 170, 120, 40 },
        { 50, 70, 170 }, { 150, 60, 150 }, { 40, 150, 160 }, { 170, 170, 170 }
    };
    static const uint8_t bright[8][3] = {
        { 85, 85, 85 }, { 240, 80, 50 }, { 110, 220, 90 }, { 240, 220, 90 },
        { 90, 130, 240 }, { 230, 110, 230 }, { 100, 220, 230 }, { 250, 250, 250 }
    };
    static const uint8_t level[6] = { 0, 95, 135, 175, 215, 255 };
    uint32_t colour = bw_tiles[tile].colour;
    unsigned sgr = BW_COLOUR_BG(colour) ? BW_COLOUR_BG(colour) - 10 : BW_COLOUR_FG(colour);
    if (sgr >= 0x100 + 16 && sgr < 0x100 + 232) {
        unsigned n = sgr - 0x100 - 16;
        rgb[0] = level[n / 36];
        rgb[1] = level[n / 6 % 6];
        rgb[2] = level[n % 6];
        return;
    }
    memcpy(rgb, sgr >= 90 ? bright[(sgr - 90) & 7] : base[(sgr - 30) & 7], 3);
}

/* The PNG encoder (png.c) keeps one row's state: one image at a time. */
static bw_png png;

void bw_image_begin(bw_image *im, FILE *out, int is_png, int w, int h)
{
    im->out = out;
    im->png = is_png;
    im->w = w;
    if (!is_png)
        fprintf(out, "P6\n%d %d\n255\n", w, h);
    else
        bw_png_begin(&png, out, w, h); /* w is at most 120 tiles, within BW_PNG_MAX_W */
}

void bw_image_row(bw_image *im, const uint8_t *rgb)
{
    if (im->png)
        bw_png_row(&png, rgb);
    else
        fwrite(rgb, 3, (size_t)im->w, im->out);
}

void bw_image_end(bw_image *im)
{
    if (im->png)
        bw_png_end(&png);
}
