/* gba_text.c: the ROM's text layer. Background 1, 4 bpp, shows 60 x 20
 * characters of 4 x 8 pixels: every screen tile holds two characters, so
 * each of the 30 x 20 screen tiles has a tile of its own (601 tiles with
 * the transparent tile 0, 19 KiB from char block 1) and a character is
 * drawn by writing its half of that tile's rows.
 *
 * The font is 3 x 5 pixels, drawn for burrow: one glyph a 15-bit number,
 * five octal digits, one a row, top first, the digit's bit 2 the left
 * pixel. Lower case shows as upper case. */
#include <stdint.h>
#include "gba.h"
#include "gba_text.h"

#define TEXT_CB 1          /* char block of the text tiles */
#define TEXT_SB 31         /* its screen block */
#define TEXT_PAL 15        /* its 16-colour palette bank: 1 black, 2 white */

unsigned char text_want[TEXT_ROWS][TEXT_COLS];
/* What VRAM shows; 0xff at start so that the first flush draws all. */
static unsigned char text_shown[TEXT_ROWS][TEXT_COLS];

/* ' ' (32) to '_' (95) */
static const uint16_t font[64] = {
    000000, 022202, 055000, 057575, 036736, 051245, 025257, 022000, /*  !"#$%&' */
    012221, 042224, 005250, 002720, 000024, 000700, 000002, 011244, /* ()*+,-./ */
    075557, 026227, 071747, 071717, 055711, 074717, 074757, 071111, /* 01234567 */
    075757, 075717, 002020, 002024, 012421, 007070, 042124, 071202, /* 89:;<=>? */
    075747, 025755, 065656, 034443, 065556, 074647, 074644, 034553, /* @ABCDEFG */
    055755, 072227, 011153, 055655, 044447, 057755, 065555, 025552, /* HIJKLMNO */
    065644, 025563, 065655, 034216, 072222, 055557, 055552, 055775, /* PQRSTUVW */
    055255, 055222, 071247, 064446, 044211, 062226, 025000, 000007, /* XYZ[\]^_ */
};

unsigned text_glyph(unsigned char c)
{
    if (c >= 'a' && c <= 'z')
        c = (unsigned char)(c - 32);
    else if (c == '|')
        c = '!';
    else if (c > '_')
        c = '-';
    else if (c < ' ')
        c = '?';
    return font[c - ' '];
}

static volatile uint16_t *cell(int col, int row)
{
    return VRAM + TEXT_CB * 8192 + (1 + row * 30 + col / 2) * 16 + (col & 1);
}

static void draw(int col, int row, unsigned char c)
{
    volatile uint16_t *d = cell(col, row);
    unsigned g = text_glyph(c);
    int y;
    /* a glyph row's three bits as four pixels, pixel x nibble x: 2 white, 1 black */
    static const uint16_t line[8] = { 0x1111, 0x1211, 0x1121, 0x1221, 0x1112, 0x1212, 0x1122, 0x1222 };
    for (y = 0; y < 8; y++)
        d[y * 2] = c == 0 ? 0 : line[y >= 2 && y < 7 ? g >> (3 * (6 - y)) & 7u : 0];
}

void text_init(void)
{
    volatile uint16_t *sb = VRAM + TEXT_SB * 1024;
    int x, y;
    PAL_BG[TEXT_PAL * 16 + 1] = 0;      /* black */
    PAL_BG[TEXT_PAL * 16 + 2] = 0x7fff; /* white */
    for (y = 0; y < 16; y++)            /* tile 0: transparent */
        VRAM[TEXT_CB * 8192 + y] = 0;
    for (y = 0; y < 32; y++)
        for (x = 0; x < 32; x++)
            sb[y * 32 + x] = (uint16_t)(x < 30 && y < TEXT_ROWS ? (1 + y * 30 + x) | TEXT_PAL << 12 : 0);
    for (y = 0; y < TEXT_ROWS; y++)
        for (x = 0; x < TEXT_COLS; x++) {
            text_want[y][x] = 0;
            text_shown[y][x] = 0xff;
        }
    REG_BG1CNT = (uint16_t)(TEXT_CB << 2 | TEXT_SB << 8); /* priority 0: over the map */
}

void text_clear(int row0, int row1, unsigned char fill)
{
    int x, y;
    for (y = row0; y < row1; y++)
        for (x = 0; x < TEXT_COLS; x++)
            text_want[y][x] = fill;
}

void text_put(int col, int row, const char *s)
{
    for (; *s && col < TEXT_COLS; s++, col++)
        if (col >= 0 && row >= 0 && row < TEXT_ROWS)
            text_want[row][col] = (unsigned char)*s;
}

void text_flush(void)
{
    int x, y;
    for (y = 0; y < TEXT_ROWS; y++)
        for (x = 0; x < TEXT_COLS; x++)
            if (text_shown[y][x] != text_want[y][x]) {
                draw(x, y, text_want[y][x]);
                text_shown[y][x] = text_want[y][x];
            }
}
