/* PPM and PNG for the CLI (see image.h). Host code: stdio is fine here. */
#include <string.h>
#include "image.h"
#include "png.h"

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
