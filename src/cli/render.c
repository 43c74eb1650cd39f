/* The output formats of build/burrow, one row each in cli_formats. */
#include <string.h>
#include "cli.h"
#include "image.h"

#define PX_MAX BW_TILE8 /* pixels per tile in ppm/png: o->scale, 4 or 8 */
#define GAP 1  /* blank tile rows between stacked levels */

/* ---- ansi, text: the glyphs ---- */

/* A tile's colour (bw_colour_sgr); after a tile with a background, "0;"
 * first ends that background. */
static void print_sgr(FILE *f, uint32_t c, uint32_t last)
{
    char sgr[BW_SGR_MAX];
    bw_colour_sgr(c, sgr);
    fprintf(f, "%s%sm", BW_COLOUR_BG(last) ? "\033[0;" : "\033[", sgr);
}

static void glyph_level(cli_out *o, const bw_map *m, int level)
{
    const bw_grid *g = &m->grid;
    int x, y;
    uint32_t last = 0;
    if (o->hi > o->lo)
        fprintf(o->f, "level %d\n", level);
    for (y = 0; y < g->h; y++) {
        for (x = 0; x < g->w; x++) {
            const bw_tile_info *t = &bw_tiles[BW_AT(g, x, y)];
            if (o->colour && t->colour != last) {
                print_sgr(o->f, t->colour, last);
                last = t->colour;
            }
            putc(t->glyph, o->f);
        }
        if (o->colour) {
            fputs("\033[0m", o->f);
            last = 0;
        }
        putc('\n', o->f);
    }
}

/* ---- ids, hash ---- */

static void ids_level(cli_out *o, const bw_map *m, int level)
{
    const bw_grid *g = &m->grid;
    int x, y, i;
    fprintf(o->f, "level %d %d %d\n", level, g->w, g->h);
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            fprintf(o->f, "%d%c", BW_AT(g, x, y), x == g->w - 1 ? '\n' : ' ');
    if (o->gen->entity_name) {
        fprintf(o->f, "entities %d\n", m->n_ent);
        for (i = 0; i < m->n_ent; i++) {
            const char *c = o->gen->entity_name(m->ent[i].kind);
            fprintf(o->f, "%d %d ", m->ent[i].x, m->ent[i].y);
            for (; *c; c++) /* one field per name, so tools can split on spaces */
                putc(*c == ' ' ? '_' : *c, o->f);
            fprintf(o->f, " %d\n", m->ent[i].arg);
        }
    }
}

static void hash_level(cli_out *o, const bw_map *m, int level)
{
    fprintf(o->f, "level %d %d %d %08lx\n", level, m->grid.w, m->grid.h,
            (unsigned long)bw_grid_hash(&m->grid));
}

/* ---- ppm, png: the levels stacked, o->scale pixels a tile ---- */

/* Pixel row p of tile row ty of the map, or black in a gap (ty < 0):
 * solid blocks, or at scale 8 the 8 x 8 tileset (tileset8.h). */
static void image_row(const bw_grid *g, int ty, int p, int scale, uint8_t *row)
{
    int x, i;
    for (x = 0; x < g->w; x++) {
        uint8_t rgb[3] = { 0, 0, 0 };
        if (ty >= 0 && scale != BW_TILE8)
            bw_tile_rgb(BW_AT(g, x, ty), rgb);
        for (i = 0; i < scale; i++) {
            if (ty >= 0 && scale == BW_TILE8)
                bw_tile8_pixel(BW_AT(g, x, ty), i, p, rgb);
            memcpy(row + (x * scale + i) * 3, rgb, 3);
        }
    }
}

static bw_image image; /* one image at a time */

static void image_begin(cli_out *o, const bw_map *first, int is_png)
{
    /* the map's own size: a crawler design may make it smaller */
    int n = o->hi - o->lo + 1;
    bw_image_begin(&image, o->f, is_png, first->grid.w * o->scale, (n * first->grid.h + (n - 1) * GAP) * o->scale);
}

static void ppm_begin(cli_out *o, const bw_map *first) { image_begin(o, first, 0); }
static void png_begin(cli_out *o, const bw_map *first) { image_begin(o, first, 1); }

static void image_level(cli_out *o, const bw_map *m, int level)
{
    uint8_t row[BW_GRID_MAX * PX_MAX * 3];
    int ty, p;
    if (level > o->lo) {
        image_row(&m->grid, -1, 0, o->scale, row);
        for (p = 0; p < GAP * o->scale; p++)
            bw_image_row(&image, row);
    }
    for (ty = 0; ty < m->grid.h; ty++)
        for (p = 0; p < o->scale; p++) {
            image_row(&m->grid, ty, p, o->scale, row);
            bw_image_row(&image, row);
        }
}

static void image_end(cli_out *o)
{
    (void)o;
    bw_image_end(&image);
}

/* The first row is the default format. */
const cli_format cli_formats[] = {
    { "ansi", 1, 1, CLI_TILED_NO, 0, glyph_level, 0 },
    { "text", 1, 0, CLI_TILED_NO, 0, glyph_level, 0 },
    { "ids", 0, 0, CLI_TILED_NO, 0, ids_level, 0 },
    { "hash", 0, 0, CLI_TILED_NO, 0, hash_level, 0 },
    { "ppm", 0, 0, CLI_TILED_NO, ppm_begin, image_level, image_end },
    { "png", 0, 0, CLI_TILED_NO, png_begin, image_level, image_end },
    { "tmx", 0, 0, CLI_TILED_TMX, 0, 0, 0 },
    { "json", 0, 0, CLI_TILED_JSON, 0, 0, 0 },
};

const int cli_format_count = (int)(sizeof cli_formats / sizeof cli_formats[0]);
