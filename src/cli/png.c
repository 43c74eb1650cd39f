/* png.c: the CLI's PNG writer. RGB rows in, a PNG out, one row at a time,
 * with no buffer of the whole image.
 *
 * Levels are long runs of one colour and rows repeat (a tile is PX rows
 * tall), so each row is PNG-filtered "up" when it repeats the row above
 * (all zeros) and "sub" otherwise (zeros inside a run of one colour), and
 * the zeros are coded as deflate matches at distance 1 with the fixed
 * Huffman codes of RFC 1951 3.2.6. That is all the compression a level
 * needs: a 120 x 120 level at 4 pixels a tile is 5-20 KB instead of 690 KB.
 * The zlib stream is one deflate block; each row's whole bytes go out as an
 * IDAT chunk of their own, so a chunk's length is known before it is written. */
#include <string.h>

#include "png.h"

static uint32_t crc_table[256];

static void crc_init(void)
{
    uint32_t n, k, c;
    for (n = 0; n < 256; n++) {
        for (c = n, k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

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

static void chunk(FILE *f, const char *type, const uint8_t *data, uint32_t n)
{
    uint8_t b[4];
    put32(b, n);
    fwrite(b, 1, 4, f);
    fwrite(type, 1, 4, f);
    fwrite(data, 1, n, f);
    put32(b, crc(crc(0xffffffffu, (const uint8_t *)type, 4), data, n) ^ 0xffffffffu);
    fwrite(b, 1, 4, f);
}

/* Bits go out least significant first (RFC 1951 3.1.1). */
static void bits(bw_png *p, uint32_t v, int n)
{
    p->acc |= v << p->nacc;
    p->nacc += n;
    while (p->nacc >= 8) {
        p->out[p->nout++] = (uint8_t)p->acc;
        p->acc >>= 8;
        p->nacc -= 8;
    }
}

/* Huffman codes go out most significant bit first. */
static void code(bw_png *p, uint32_t c, int n)
{
    uint32_t r = 0;
    int i;
    for (i = 0; i < n; i++)
        r |= ((c >> i) & 1u) << (n - 1 - i);
    bits(p, r, n);
}

/* The fixed literal/length code (RFC 1951 3.2.6). */
static void symbol(bw_png *p, int s)
{
    if (s < 144)
        code(p, 0x30u + (uint32_t)s, 8);
    else if (s < 256)
        code(p, 0x190u + (uint32_t)(s - 144), 9);
    else if (s < 280)
        code(p, (uint32_t)(s - 256), 7);
    else
        code(p, 0xc0u + (uint32_t)(s - 280), 8);
}

/* A match of len (3..258) bytes at distance 1 (RFC 1951 3.2.5). */
static void match(bw_png *p, int len)
{
    static const uint16_t base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27,
                                       31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
                                       227, 258 };
    static const uint8_t extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                       2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
    int i = 28;
    while (base[i] > len)
        i--;
    symbol(p, 257 + i);
    bits(p, (uint32_t)(len - base[i]), extra[i]);
    code(p, 0, 5); /* distance code 0: distance 1 */
}

static void deflate(bw_png *p, const uint8_t *d, size_t n)
{
    size_t i = 0, run;
    while (i < n) {
        symbol(p, d[i]);
        for (run = 0; i + 1 + run < n && d[i + 1 + run] == d[i] && run < 258; run++)
            ;
        i++;
        if (run >= 3) {
            match(p, (int)run);
            i += run;
        }
    }
}

static void adler(bw_png *p, const uint8_t *d, size_t n)
{
    while (n--) {
        p->a = (p->a + *d++) % 65521u;
        p->b = (p->b + p->a) % 65521u;
    }
}

static void flush(bw_png *p)
{
    if (p->nout)
        chunk(p->f, "IDAT", p->out, (uint32_t)p->nout);
    p->nout = 0;
}

int bw_png_begin(bw_png *p, FILE *f, int w, int h)
{
    static const uint8_t sig[8] = { 137, 'P', 'N', 'G', 13, 10, 26, 10 };
    uint8_t ihdr[13] = { 0 };
    if (w <= 0 || h <= 0 || w > BW_PNG_MAX_W)
        return -1;
    memset(p, 0, sizeof *p);
    p->f = f;
    p->w = w;
    p->a = 1;
    crc_init();
    fwrite(sig, 1, 8, f);
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8; /* bit depth */
    ihdr[9] = 2; /* RGB */
    chunk(f, "IHDR", ihdr, 13);
    p->out[p->nout++] = 0x78; /* zlib: deflate, 32 KiB window */
    p->out[p->nout++] = 0x01;
    bits(p, 1, 1); /* BFINAL: one block */
    bits(p, 1, 2); /* BTYPE 01: fixed Huffman codes */
    return 0;
}

void bw_png_row(bw_png *p, const uint8_t *rgb)
{
    size_t n = (size_t)p->w * 3, i;
    uint8_t *f = p->filtered;
    if (p->rows && memcmp(rgb, p->prev, n) == 0) {
        f[0] = 2; /* up */
        memset(f + 1, 0, n);
    } else {
        f[0] = 1; /* sub */
        for (i = 0; i < n; i++)
            f[1 + i] = (uint8_t)(rgb[i] - (i >= 3 ? rgb[i - 3] : 0));
    }
    memcpy(p->prev, rgb, n);
    p->rows++;
    adler(p, f, n + 1);
    deflate(p, f, n + 1);
    flush(p);
}

void bw_png_end(bw_png *p)
{
    uint8_t b[4];
    symbol(p, 256); /* end of block */
    if (p->nacc)
        bits(p, 0, 8 - p->nacc);
    put32(b, (p->b << 16) | p->a);
    memcpy(p->out + p->nout, b, 4);
    p->nout += 4;
    flush(p);
    chunk(p->f, "IEND", b, 0);
}
