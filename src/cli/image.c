/* PPM and PNG for the CLI (see image.h). Host code: stdio is fine here. */
#include <string.h>
#include "burrow/tile.h"
#include "image.h"

/* SGR colour codes to RGB: the ANSI output's colours, in pictures. */
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
    int sgr = bw_tiles[tile].colour;
    const uint8_t *c = sgr >= 90 ? bright[(sgr - 90) & 7] : base[(sgr - 30) & 7];
    memcpy(rgb, c, 3);
}

static uint32_t crc_table[256];

static uint32_t crc(uint32_t c, const uint8_t *p, size_t n)
{
    while (n--)
        c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return c;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void png_chunk(FILE *out, const char *type, const uint8_t *data, uint32_t n)
{
    uint8_t b[4];
    uint32_t c;
    put32(b, n);
    fwrite(b, 1, 4, out);
    fwrite(type, 1, 4, out);
    fwrite(data, 1, n, out);
    c = crc(crc(0xffffffffu, (const uint8_t *)type, 4), data, n) ^ 0xffffffffu;
    put32(b, c);
    fwrite(b, 1, 4, out);
}

void bw_image_begin(bw_image *im, FILE *out, int png, int w, int h)
{
    static const uint8_t sig[8] = { 137, 'P', 'N', 'G', 13, 10, 26, 10 };
    static const uint8_t zhdr[2] = { 0x78, 0x01 };
    uint8_t ihdr[13] = { 0 }, len[4];
    uint32_t rowlen = (uint32_t)w * 3 + 1, n, k;
    im->out = out;
    im->png = png;
    im->w = w;
    im->h = h;
    if (!png) {
        fprintf(out, "P6\n%d %d\n255\n", w, h);
        return;
    }
    for (n = 0; n < 256; n++) {
        uint32_t c = n;
        for (k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
    fwrite(sig, 1, 8, out);
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8; /* bit depth */
    ihdr[9] = 2; /* RGB */
    png_chunk(out, "IHDR", ihdr, 13);
    n = 2 + (uint32_t)h * (5 + rowlen) + 4; /* zlib header, blocks, adler */
    put32(len, n);
    fwrite(len, 1, 4, out);
    fwrite("IDAT", 1, 4, out);
    im->crc = crc(0xffffffffu, (const uint8_t *)"IDAT", 4);
    im->a = 1;
    im->b = 0;
    fwrite(zhdr, 1, 2, out);
    im->crc = crc(im->crc, zhdr, 2);
}

void bw_image_row(bw_image *im, const uint8_t *rgb, int last)
{
    size_t n = (size_t)im->w * 3, i;
    uint8_t hdr[6];
    uint16_t len = (uint16_t)(n + 1);
    if (!im->png) {
        fwrite(rgb, 1, n, im->out);
        return;
    }
    hdr[0] = last ? 1 : 0; /* BFINAL, BTYPE 00 = stored */
    hdr[1] = (uint8_t)len;
    hdr[2] = (uint8_t)(len >> 8);
    hdr[3] = (uint8_t)~len;
    hdr[4] = (uint8_t)(~len >> 8);
    hdr[5] = 0; /* PNG filter: none */
    fwrite(hdr, 1, 6, im->out);
    fwrite(rgb, 1, n, im->out);
    im->crc = crc(crc(im->crc, hdr, 6), rgb, n);
    im->b = (im->b + im->a) % 65521u; /* the filter byte, 0 */
    for (i = 0; i < n; i++) {
        im->a = (im->a + rgb[i]) % 65521u;
        im->b = (im->b + im->a) % 65521u;
    }
}

void bw_image_end(bw_image *im)
{
    uint8_t b[4];
    if (!im->png)
        return;
    put32(b, (im->b << 16) | im->a);
    fwrite(b, 1, 4, im->out);
    im->crc = crc(im->crc, b, 4) ^ 0xffffffffu;
    put32(b, im->crc);
    fwrite(b, 1, 4, im->out);
    png_chunk(im->out, "IEND", b, 0);
}
