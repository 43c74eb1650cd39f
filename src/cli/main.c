/* build/burrow: the desktop command line of CONTRACT.md. Bad input gets one
 * line on standard error and exit status 2, before anything is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "burrow/burrow.h"
#include "burrow/port.h"
#include "png.h"

enum { F_ANSI, F_TEXT, F_IDS, F_HASH, F_PPM, F_PNG };
static const char *const format_names[] = { "ansi", "text", "ids", "hash", "ppm", "png" };
#define N_FORMATS ((int)(sizeof format_names / sizeof format_names[0]))

#define PX 4   /* pixels per tile in ppm/png */
#define GAP 1  /* blank tile rows between stacked levels */

static bw_map map; /* the one level in memory, as on a microcontroller */

static int fail(const char *what, const char *arg)
{
    fprintf(stderr, "burrow: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
    return 2;
}

/* A decimal number in [lo, hi], digits only. */
static int parse_num(const char *s, unsigned long lo, unsigned long hi, unsigned long *out)
{
    unsigned long v = 0;
    if (!s || !*s)
        return 0;
    for (; *s; s++) {
        unsigned long d = (unsigned long)(*s - '0');
        if (*s < '0' || *s > '9' || d > hi || v > (hi - d) / 10) /* checked before it can wrap */
            return 0;
        v = v * 10 + d;
    }
    if (v < lo)
        return 0;
    *out = v;
    return 1;
}

/* ---- output ---- */

static void print_grid_glyphs(const bw_grid *g, int colour)
{
    int x, y, last = -1;
    for (y = 0; y < g->h; y++) {
        for (x = 0; x < g->w; x++) {
            const bw_tile_info *t = &bw_tiles[BW_AT(g, x, y)];
            if (colour && t->colour != last) {
                printf("\033[%dm", t->colour);
                last = t->colour;
            }
            putchar(t->glyph);
        }
        if (colour) {
            fputs("\033[0m", stdout);
            last = -1;
        }
        putchar('\n');
    }
}

static void print_ids(const bw_generator *gen, const bw_map *m)
{
    const bw_grid *g = &m->grid;
    int x, y, i;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            printf("%d%c", BW_AT(g, x, y), x == g->w - 1 ? '\n' : ' ');
    if (gen->entity_name) {
        printf("entities %d\n", m->n_ent);
        for (i = 0; i < m->n_ent; i++) {
            const char *c = gen->entity_name(m->ent[i].kind);
            printf("%d %d ", m->ent[i].x, m->ent[i].y);
            for (; *c; c++) /* one field per name, so tools can split on spaces */
                putchar(*c == ' ' ? '_' : *c);
            printf(" %d\n", m->ent[i].arg);
        }
    }
}

/* SGR colour codes to RGB, for the image formats. */
static void sgr_rgb(int sgr, uint8_t rgb[3])
{
    static const uint8_t base[8][3] = {
        { 0, 0, 0 }, { 170, 40, 30 }, { 60, 150, 50 }, { 170, 120, 40 },
        { 50, 70, 170 }, { 150, 60, 150 }, { 40, 150, 160 }, { 170, 170, 170 }
    };
    static const uint8_t bright[8][3] = {
        { 85, 85, 85 }, { 240, 80, 50 }, { 110, 220, 90 }, { 240, 220, 90 },
        { 90, 130, 240 }, { 230, 110, 230 }, { 100, 220, 230 }, { 250, 250, 250 }
    };
    const uint8_t *c = sgr >= 90 ? bright[(sgr - 90) & 7] : base[(sgr - 30) & 7];
    rgb[0] = c[0];
    rgb[1] = c[1];
    rgb[2] = c[2];
}

/* One pixel row of the stacked image: tile row ty of the current map, or
 * black in a gap (ty < 0). */
static void image_row(const bw_grid *g, int ty, int width_tiles, uint8_t *row)
{
    int x, p;
    for (x = 0; x < width_tiles; x++) {
        uint8_t rgb[3] = { 0, 0, 0 };
        if (ty >= 0 && x < g->w)
            sgr_rgb(bw_tiles[BW_AT(g, x, ty)].colour, rgb);
        for (p = 0; p < PX; p++)
            memcpy(row + (x * PX + p) * 3, rgb, 3);
    }
}

typedef struct image {
    int format, w;
    bw_png png;
} image;

static int image_begin(image *im, int format, int w, int h)
{
    im->format = format;
    im->w = w;
    if (format == F_PPM) {
        printf("P6\n%d %d\n255\n", w, h);
        return 0;
    }
    return bw_png_begin(&im->png, stdout, w, h);
}

static void image_row_out(image *im, const uint8_t *rgb)
{
    if (im->format == F_PPM)
        fwrite(rgb, 3, (size_t)im->w, stdout);
    else
        bw_png_row(&im->png, rgb);
}

static void image_end(image *im)
{
    if (im->format == F_PNG)
        bw_png_end(&im->png);
}

/* ---- commands ---- */

static int cmd_tiles(void)
{
    static const char *const link[] = { "down", "none", "up" };
    int t;
    printf("id\tglyph\tname\tconnects\tlink\n");
    for (t = 0; t < BW_TILE_COUNT; t++)
        printf("%d\t%c\t%s\t%d\t%s\n", t, bw_tiles[t].glyph, bw_tiles[t].name,
               bw_tile_connects(t), link[bw_tile_link(t) + 1]);
    return 0;
}

static int cmd_list(void)
{
    int i;
    printf("generator\tsize\tlevels\toptions\n");
    for (i = 0; i < bw_generator_count; i++) {
        const bw_generator *g = &bw_generators[i];
        printf("%s\t%dx%d\t1..%d\t%s\n", g->name, g->w, g->h, g->levels, g->options);
    }
    return 0;
}

/* Output that could not be written (a full disk, a closed pipe) is an
 * error too, not a silent success. */
static int finish(int rc)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "burrow: could not write the output\n");
        return 1;
    }
    return rc;
}

/* overworld --dist: a trainer's distance map to the player (overworld.txt,
 * 1.03), each tile as " NN" (the distance mod 100) or three blanks where
 * the trainer cannot go, as the original printed it. The player stands at
 * --px, --py, or on the road tile nearest the centre. */
static uint16_t dist[BW_OVERWORLD_H][BW_OVERWORLD_W];

static int print_distance(int who, int px, int py, int have_seed, unsigned long seed)
{
    int x, y;
    if (px < 0 && bw_overworld_player_start(&map, &px, &py) != 0)
        return fail("no road tile to put the player on", "overworld");
    if (bw_overworld_distance(&map, px, py, who, dist) != 0)
        return fail("cannot place the player there", "overworld");
    if (!have_seed)
        fprintf(stderr, "seed %lu\n", seed);
    for (y = 0; y < BW_OVERWORLD_H; y++) {
        for (x = 0; x < BW_OVERWORLD_W; x++) {
            if (dist[y][x] == BW_OVERWORLD_INF)
                fputs("   ", stdout);
            else
                printf(" %02d", dist[y][x] % 100);
        }
        putchar('\n');
    }
    return finish(0);
}

/* One level as the options ask: for the abyss with --epoch E, the level
 * after regenerations 1..E with the player at (px, py) (areas.txt 5.3). */
static int make_level(const bw_generator *gen, uint32_t seed, int level, const bw_opts *o,
                      unsigned long epoch, int px, int py)
{
    unsigned long e;
    if (gen->generate(&map, seed, level, o) != 0)
        return -1;
    for (e = 1; e <= epoch; e++)
        if (bw_abyss_regenerate(&map, seed, level, (uint32_t)e, px, py, 0) < 0)
            return -1;
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "burrow: usage: burrow GENERATOR [--seed N] [--level L|all] "
                    "[--format ansi|text|ids|hash|ppm|png] [--nocolor] [options] | burrow tiles | burrow list\n");
    return 2;
}

int main(int argc, char **argv)
{
    const bw_generator *gen;
    bw_opts opts = { 0, 0, 0, 0 };
    unsigned long v, seed = 0;
    int have_seed = 0, lo = 1, hi = 1, format = F_ANSI, colour = 1, i, level;
    int have_x = 0, have_y = 0, dist_who = -1, px = -1, py = -1;
    unsigned long epoch = 0;
    int have_epoch = 0;

    if (argc < 2)
        return usage();
    if (strcmp(argv[1], "tiles") == 0 || strcmp(argv[1], "list") == 0) {
        if (argc > 2)
            return fail("takes no arguments", argv[1]);
        return finish(argv[1][0] == 't' ? cmd_tiles() : cmd_list());
    }
    if (argv[1][0] == '-')
        return usage();
    gen = bw_generator_find(argv[1]);
    if (!gen)
        return fail("unknown generator (see 'burrow list')", argv[1]);

    for (i = 2; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : 0;
        if (strcmp(opt, "--nocolor") == 0) {
            colour = 0;
            continue;
        }
        if (strcmp(opt, "--seed") && strcmp(opt, "--level") && strcmp(opt, "--floor") && strcmp(opt, "--format") &&
            strcmp(opt, "--layout") && strcmp(opt, "--x") && strcmp(opt, "--y") &&
            strcmp(opt, "--design") && strcmp(opt, "--dist") && strcmp(opt, "--px") && strcmp(opt, "--py") &&
            strcmp(opt, "--epoch"))
            return fail("unknown option", opt);
        if (!val)
            return fail("missing value for", opt);
        i++;
        if (strcmp(opt, "--seed") == 0) {
            if (!parse_num(val, 0, 4294967295ul, &seed))
                return fail("--seed needs a decimal 32-bit unsigned number", val);
            have_seed = 1;
        } else if (strcmp(opt, "--level") == 0 || strcmp(opt, "--floor") == 0) {
            /* issue 5 spells the mystery-dungeon floor --floor; it is the level */
            if (opt[2] == 'f' && gen->id != BW_GEN_MDUNGEON)
                return fail("--floor is an mdungeon option (use --level)", gen->name);
            if (strcmp(val, "all") == 0) {
                lo = 1;
                hi = gen->levels;
            } else if (parse_num(val, 1, (unsigned long)gen->levels, &v)) {
                lo = hi = (int)v;
            } else {
                char msg[96];
                snprintf(msg, sizeof msg, "--level for %s must be 1..%d or all", gen->name, gen->levels);
                return fail(msg, val);
            }
        } else if (strcmp(opt, "--format") == 0) {
            for (format = 0; format < N_FORMATS && strcmp(format_names[format], val); format++)
                ;
            if (format == N_FORMATS)
                return fail("unknown format (ansi, text, ids, hash, ppm, png)", val);
        } else if (strcmp(opt, "--layout") == 0) {
            if (!parse_num(val, 1, 11, &v))
                return fail("--layout must be 1..11", val);
            opts.layout = (int)v;
        } else if (strcmp(opt, "--x") == 0 || strcmp(opt, "--y") == 0) {
            /* the overworld's place: an optional '-' then digits, in the world */
            int neg = val[0] == '-';
            if (!parse_num(val + neg, 0, BW_OVERWORLD_WORLD, &v)) {
                char msg[64];
                snprintf(msg, sizeof msg, "%s must be an integer in %d..%d", opt, -BW_OVERWORLD_WORLD, BW_OVERWORLD_WORLD);
                return fail(msg, val);
            }
            if (opt[2] == 'x') { opts.x = neg ? -(int)v : (int)v; have_x = 1; }
            else { opts.y = neg ? -(int)v : (int)v; have_y = 1; }
        } else if (strcmp(opt, "--dist") == 0) {
            if (strcmp(val, "hiker") == 0 || strcmp(val, "h") == 0)
                dist_who = BW_OVERWORLD_HIKER;
            else if (strcmp(val, "rival") == 0 || strcmp(val, "r") == 0)
                dist_who = BW_OVERWORLD_RIVAL;
            else
                return fail("--dist must be hiker or rival", val);
        } else if (strcmp(opt, "--px") == 0 || strcmp(opt, "--py") == 0) {
            /* the player's place: on the map of this generator */
            int top = (opt[3] == 'x' ? gen->w : gen->h) - 1;
            if (!parse_num(val, 0, (unsigned long)top, &v)) {
                char msg[64];
                snprintf(msg, sizeof msg, "%s for %s must be 0..%d", opt, gen->name, top);
                return fail(msg, val);
            }
            if (opt[3] == 'x') px = (int)v;
            else py = (int)v;
        } else if (strcmp(opt, "--epoch") == 0) {
            /* each epoch redraws most of a level: a thousand take ~0.5 s */
            if (!parse_num(val, 0, 1000ul, &epoch))
                return fail("--epoch must be 0..1000", val);
            have_epoch = 1;
        } else if (gen->id != BW_GEN_CRAWLER) {
            return fail("--design is not used by this generator", gen->name);
        } else {
            /* one byte more than a design may have, so a longer file is seen */
            static char text[BW_CRAWLER_MAX_TEXT + 1];
            static bw_crawler_design design;
            FILE *f = fopen(val, "rb");
            size_t n;
            int line, bad;
            if (!f)
                return fail("cannot open the design file", val);
            n = fread(text, 1, sizeof text, f);
            bad = ferror(f);
            fclose(f);
            if (bad)
                return fail("cannot read the design file", val);
            if (bw_crawler_parse(text, n, &design, &line) != 0) {
                if (line > 0)
                    fprintf(stderr, "burrow: %s:%d: %s\n", val, line, design.error);
                else
                    fprintf(stderr, "burrow: %s: %s\n", val, design.error);
                return 2;
            }
            opts.design = &design;
        }
    }
    if ((have_x || have_y) && gen->id != BW_GEN_OVERWORLD)
        return fail("--x and --y are overworld options", gen->name);
    if (opts.layout && gen->id != BW_GEN_MDUNGEON)
        return fail("--layout is an mdungeon option", gen->name);
    if (dist_who >= 0 && gen->id != BW_GEN_OVERWORLD)
        return fail("--dist is an overworld option", gen->name);
    if (have_epoch && gen->id != BW_GEN_ABYSS)
        return fail("--epoch is an abyss option", gen->name);
    if (dist_who < 0 && !have_epoch && (px >= 0 || py >= 0))
        return fail("--px and --py place the player for --dist (overworld) or --epoch (abyss)", gen->name);
    if ((px >= 0) != (py >= 0))
        return fail("give both --px and --py, or neither", gen->name);
    if (epoch && px < 0) { /* the player at the centre unless told */
        px = gen->w / 2;
        py = gen->h / 2;
    }
    if (dist_who >= 0 && format != F_ANSI && format != F_TEXT)
        return fail("--dist prints text: use --format text or leave --format out", format_names[format]);
    if (!have_seed)
        seed = bw_port_entropy();

    /* Generate the first level before printing anything, so a generator
     * that turns the options down leaves no partial output and the error
     * is the only line on standard error. Later levels take the same
     * options, already accepted. */
    if (make_level(gen, (uint32_t)seed, lo, &opts, epoch, px, py) != 0)
        return fail("the generator rejected these options", gen->name);
    if (dist_who >= 0) /* overworld only, checked above */
        return print_distance(dist_who, px, py, have_seed, seed);
    if (!have_seed)
        fprintf(stderr, "seed %lu\n", seed);

    if (format == F_PPM || format == F_PNG) {
        static image im; /* 9 KB: off the stack */
        uint8_t row[BW_GRID_MAX * PX * 3];
        int n = hi - lo + 1, ty, p;
        /* the map's own size: a crawler design may make it smaller */
        if (image_begin(&im, format, map.grid.w * PX, (n * map.grid.h + (n - 1) * GAP) * PX) != 0)
            return fail("image too wide", NULL);
        for (level = lo; level <= hi; level++) {
            if (level > lo) {
                make_level(gen, (uint32_t)seed, level, &opts, epoch, px, py);
                image_row(&map.grid, -1, map.grid.w, row);
                for (p = 0; p < GAP * PX; p++)
                    image_row_out(&im, row);
            }
            for (ty = 0; ty < map.grid.h; ty++) {
                image_row(&map.grid, ty, map.grid.w, row);
                for (p = 0; p < PX; p++)
                    image_row_out(&im, row);
            }
        }
        image_end(&im);
        return finish(0);
    }

    for (level = lo; level <= hi; level++) {
        if (level > lo)
            make_level(gen, (uint32_t)seed, level, &opts, epoch, px, py);
        switch (format) {
        case F_HASH:
            printf("level %d %d %d %08lx\n", level, map.grid.w, map.grid.h,
                   (unsigned long)bw_grid_hash(&map.grid));
            break;
        case F_IDS:
            printf("level %d %d %d\n", level, map.grid.w, map.grid.h);
            print_ids(gen, &map);
            break;
        default:
            if (hi > lo)
                printf("level %d\n", level);
            print_grid_glyphs(&map.grid, format == F_ANSI && colour);
        }
    }
    return finish(0);
}
