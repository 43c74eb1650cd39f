/* gba_text.h: the ROM's text layer, 60 x 20 characters of 4 x 8 pixels
 * on background 1 (src/play/gba.c). */
#ifndef BW_GBA_TEXT_H
#define BW_GBA_TEXT_H

#define TEXT_COLS 60
#define TEXT_ROWS 20

/* A character cell's content: 0 leaves the map under it visible; any
 * other byte is drawn opaque (a space as a black cell). */
extern unsigned char text_want[TEXT_ROWS][TEXT_COLS];

/* A character's 3 x 5 glyph: five octal digits, a row each, top first,
 * bit 2 of a digit the left pixel. */
unsigned text_glyph(unsigned char c);

void text_init(void);
void text_clear(int row0, int row1, unsigned char fill); /* rows row0..row1-1 */
void text_put(int col, int row, const char *s);
void text_flush(void); /* writes the cells that changed to VRAM */

#endif
