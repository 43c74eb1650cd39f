/* build/burrow's commands: `tiles`, `list`, and a generator's levels. Bad
 * input gets one line on err and exit status 2, before anything is
 * printed on out. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "image.h"
#include "play_term.h"
#include "tiled.h"
#include "burrow/port.h"

static bw_map map; /* the one level in memory, as on a microcontroller */

static int cmd_tiles(FILE *out)
{
    int t;
    fprintf(out, "id\tglyph\tname\tconnects\tlink\n");
    for (t = 0; t < BW_TILE_COUNT; t++)
        fprintf(out, "%d\t%c\t%s\t%d\t%s\n", t, bw_tiles[t].glyph, bw_tiles[t].name,
                bw_tile_connects(t), bw_tiled_link_name(t));
    return 0;
}

/* Output that could not be written (a full disk, a closed pipe) is an
 * error too, not a silent success. */
static int finish(FILE *out, FILE *err, int rc)
{
    if (fflush(out) != 0 || ferror(out)) {
        fprintf(err, "burrow: could not write the output\n");
        return 1;
    }
    return rc;
}

/* A file the user names (--design, --mask): a regular file only. A FIFO,
 * a directory or a device is turned down before it is read: opening a FIFO
 * for reading would wait for a writer forever. The file is opened with
 * O_NONBLOCK, so one that turns into a FIFO between stat and open cannot
 * block either, and it is checked again on the open descriptor. Reads at
 * most cap bytes into buf; returns 0 (and *n) or 2 after the error line. */
static int read_file(const char *path, const char *what, char *buf, size_t cap, size_t *n, FILE *err)
{
    char msg[64];
    struct stat st;
    int fd;
    *n = 0;
    snprintf(msg, sizeof msg, "cannot open the %s file", what);
    if (stat(path, &st) != 0)
        return cli_fail(err, msg, path);
    fd = S_ISREG(st.st_mode) ? open(path, O_RDONLY | O_NONBLOCK) : -1;
    if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        close(fd);
        fd = -1;
    }
    if (fd < 0 && !S_ISREG(st.st_mode)) {
        snprintf(msg, sizeof msg, "cannot read the %s file (not a regular file)", what);
        return cli_fail(err, msg, path);
    }
    if (fd < 0)
        return cli_fail(err, msg, path);
    while (*n < cap) { /* at most cap bytes, a read at a time */
        ssize_t k = read(fd, buf + *n, cap - *n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0) {
            close(fd);
            snprintf(msg, sizeof msg, "cannot read the %s file", what);
            return cli_fail(err, msg, path);
        }
        if (k == 0)
            break;
        *n += (size_t)k;
    }
    close(fd);
    return 0;
}

static int load_design(const char *path, bw_opts *opts, FILE *err)
{
    /* one byte more than a design may have, so a longer file is seen */
    static char text[BW_CRAWLER_MAX_TEXT + 1];
    static bw_crawler_design design;
    size_t n;
    int line, rc = read_file(path, "design", text, sizeof text, &n, err);
    if (rc)
        return rc;
    if (bw_crawler_parse(text, n, &design, &line) != 0) {
        fputs("burrow: ", err);
        cli_echo(err, path);
        if (line > 0)
            fprintf(err, ":%d", line);
        fprintf(err, ": %s\n", design.error);
        return 2;
    }
    opts->design = &design;
    return 0;
}

/* overworld --mask FILE: a 78 x 19 PBM, plain (P1) or raw (P4); a 1 (dark)
 * pixel is a special boulder (overworld.h, BW_OVERWORLD_MASK_BIT). */
static uint8_t mask_bits[BW_OVERWORLD_MASK_BYTES];

static size_t pbm_skip(const unsigned char *t, size_t n, size_t i)
{
    while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == '#'))
        if (t[i++] == '#')
            while (i < n && t[i] != '\n')
                i++;
    return i;
}

static int pbm_num(const unsigned char *t, size_t n, size_t *i, int *v)
{
    int d = 0;
    *i = pbm_skip(t, n, *i);
    for (*v = 0; *i < n && t[*i] >= '0' && t[*i] <= '9' && d < 5; (*i)++, d++)
        *v = *v * 10 + (t[*i] - '0');
    return d > 0 && d < 5;
}

/* Returns 0, or the message for the error line. */
static const char *parse_mask(const unsigned char *t, size_t n)
{
    static const char *const not_pbm = "--mask is not a PBM file (P1 or P4)";
    size_t i = 2;
    int w, h, x, y, raw;
    /* the magic number ends at whitespace or a comment, as the format asks */
    if (n < 3 || t[0] != 'P' || (t[1] != '1' && t[1] != '4') || pbm_skip(t, n, 2) == 2 ||
        !pbm_num(t, n, &i, &w) || !pbm_num(t, n, &i, &h))
        return not_pbm;
    if (w != BW_OVERWORLD_MASK_W || h != BW_OVERWORLD_MASK_H)
        return "--mask must be 78 x 19 pixels";
    raw = t[1] == '4';
    memset(mask_bits, 0, sizeof mask_bits);
    if (raw) {
        /* The height ends at one whitespace character, which may be the
         * newline that ends a comment; then rows of (w + 7) / 8 bytes. */
        if (i < n && t[i] == '#')
            while (i < n && t[i] != '\n')
                i++;
        if (i >= n || (t[i] != ' ' && t[i] != '\t' && t[i] != '\n' && t[i] != '\r'))
            return not_pbm;
        i++;
        if (n - i != (size_t)(h * ((w + 7) / 8)))
            return not_pbm; /* short, or bytes past the last row */
    }
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            int bit, k = y * w + x;
            if (raw) {
                bit = (t[i + (size_t)(y * ((w + 7) / 8) + x / 8)] >> (7 - x % 8)) & 1;
            } else {
                i = pbm_skip(t, n, i);
                if (i >= n || (t[i] != '0' && t[i] != '1'))
                    return not_pbm;
                bit = t[i++] - '0';
            }
            mask_bits[k >> 3] = (uint8_t)(mask_bits[k >> 3] | bit << (7 - (k & 7)));
        }
    if (!raw && pbm_skip(t, n, i) != n)
        return not_pbm;
    return 0;
}

static int load_mask(const char *path, FILE *err)
{
    static unsigned char t[16384 + 1]; /* a mask of 16 KiB at most, and one byte to see more */
    const char *e;
    size_t n;
    int rc = read_file(path, "mask", (char *)t, sizeof t, &n, err);
    if (rc)
        return rc;
    e = n == sizeof t ? "--mask is not a PBM file (P1 or P4)" : parse_mask(t, n);
    return e ? cli_fail(err, e, path) : 0;
}

/* overworld --dist: a trainer's distance map to the player (overworld
 * rule 7). h / r (or hiker / rival): each tile as " NN", the distance mod
 * 100, or three blanks where the trainer cannot go, as the original
 * printed it. hh / rr, the doubled commands whose meaning the rule
 * leaves open: the whole distance, " %5u" a tile, so 105 and 5 tell apart.
 * The player stands at --px, --py, or on the road tile nearest the
 * centre. */
static uint16_t dist[BW_OVERWORLD_H][BW_OVERWORLD_W];

static int print_distance(const cli_args *a, FILE *out, FILE *err)
{
    int x, y, px = a->px, py = a->py;
    if (px < 0 && bw_overworld_player_start(&map, &px, &py) != 0)
        return cli_fail(err, "no road tile to put the player on", "overworld");
    if (bw_overworld_distance(&map, px, py, a->dist & 1, dist) != 0)
        return cli_fail(err, "cannot place the player there", "overworld");
    if (!cli_given(a, "--seed"))
        fprintf(err, "seed %lu\n", (unsigned long)a->seed);
    for (y = 0; y < BW_OVERWORLD_H; y++) {
        for (x = 0; x < BW_OVERWORLD_W; x++) {
            if (dist[y][x] == BW_OVERWORLD_INF)
                fputs(a->dist & 2 ? "      " : "   ", out);
            else if (a->dist & 2)
                fprintf(out, " %5u", (unsigned)dist[y][x]);
            else
                fprintf(out, " %02d", dist[y][x] % 100);
        }
        putc('\n', out);
    }
    return finish(out, err, 0);
}

/* One level as the options ask: for the abyss with --epoch E, the level
 * after regenerations 1..E with the player at (px, py) (abyss rule 5.3). */
static int make_level(const cli_args *a, int level)
{
    int e;
    if (a->mask) { /* overworld only: the mask is a bw_overworld_params field */
        bw_overworld_params p;
        bw_overworld_defaults(&p, a->opts.x, a->opts.y);
        p.mask = mask_bits;
        return bw_overworld_map(&map, a->seed, &p, 0);
    }
    if (a->gen->generate(&map, a->seed, level, &a->opts) != 0)
        return -1;
    for (e = 1; e <= a->epoch; e++)
        if (bw_abyss_regenerate(&map, a->seed, level, (uint32_t)e, a->px, a->py, BW_ABYSS_KEEP, 0) < 0)
            return -1;
    return 0;
}

/* tmx, json (tiled.c) make each level themselves, through make_level. */
static int tiled_make(void *args, int level)
{
    return make_level((const cli_args *)args, level);
}

static int run(cli_args *a, FILE *out, FILE *err)
{
    const cli_format *fm = &cli_formats[a->format];
    cli_out o;
    int level;
    if (a->design) {
        int rc = load_design(a->design, &a->opts, err);
        if (rc)
            return rc;
    }
    if (a->mask) {
        int rc = load_mask(a->mask, err);
        if (rc)
            return rc;
    }
    if (a->epoch && a->px < 0) { /* the player at the centre unless told */
        a->px = a->gen->w / 2;
        a->py = a->gen->h / 2;
    }
    if (a->scale && cli_formats[a->format].begin == 0)
        return cli_fail(err, "--scale is for --format ppm and png, not", cli_formats[a->format].name);
    if (!cli_given(a, "--seed"))
        a->seed = bw_port_entropy();
    /* Generate the first level before printing anything, so a generator
     * that turns the options down leaves no partial output and the error
     * is the only line on err. Later levels take the same options,
     * already accepted. */
    if (make_level(a, a->level.lo) != 0)
        return cli_fail(err, "the generator rejected these options", a->gen->name);
    if (cli_given(a, "--dist")) /* overworld only, checked by the parser */
        return print_distance(a, out, err);
    if (!cli_given(a, "--seed"))
        fprintf(err, "seed %lu\n", (unsigned long)a->seed);
    if (fm->tiled != CLI_TILED_NO) {
        bw_tiled_src src;
        src.gen = a->gen;
        src.seed = a->seed;
        src.opts = &a->opts;
        src.epoch = (unsigned long)a->epoch;
        src.px = a->px;
        src.py = a->py;
        src.make = tiled_make;
        src.ctx = a;
        src.map = &map;
        return finish(out, err, bw_tiled_write(out, fm->tiled == CLI_TILED_JSON, &src, a->level.lo, a->level.hi));
    }
    memset(&o, 0, sizeof o);
    o.f = out;
    o.gen = a->gen;
    o.colour = fm->colour && !a->nocolor;
    o.scale = a->scale ? a->scale : BW_IMAGE_PX;
    o.lo = a->level.lo;
    o.hi = a->level.hi;
    if (fm->begin)
        fm->begin(&o, &map);
    for (level = o.lo; level <= o.hi; level++) {
        if (level > o.lo)
            make_level(a, level);
        fm->level(&o, &map, level);
    }
    if (fm->end)
        fm->end(&o);
    return finish(out, err, 0);
}

static int is_help(const char *s)
{
    return strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0;
}

/* The longest key script `play --keys` reads; a longer one is refused,
 * not cut: a cut script would end somewhere the test did not mean. */
#define PLAY_KEYS_MAX 65536

/* The generators' options that print levels rather than play them: the
 * game would ignore them, so it refuses them. */
static const char *const play_refuses[] = { "--format", "--dist", "--px", "--py", "--epoch", "--mask", "--scale", 0 };

/* burrow play GENERATOR [options] [--every K] [--keys FILE]: the game's
 * own two options are taken out, the rest read as for the generator. */
static int cmd_play(int argc, char **argv, FILE *out, FILE *err)
{
    /* one byte more than a script may have, so a longer file is seen */
    static unsigned char keys[PLAY_KEYS_MAX + 1];
    char *rest[64];
    const char *keys_path = 0;
    const bw_generator *gen;
    cli_args a;
    size_t n_keys = 0;
    int n = 0, i, rc, every = 0;
    if (argc < 3) /* no generator: the menu of them all */
        return play_menu(0, 1, err);
    gen = bw_generator_find(argv[2]);
    if (!gen)
        return cli_fail(err, "unknown generator (see 'burrow list')", argv[2]);
    for (i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--every") == 0 || strcmp(argv[i], "--keys") == 0) {
            const char *v = i + 1 < argc ? argv[i + 1] : 0;
            unsigned long u;
            if (!v)
                return cli_fail(err, "missing value for", argv[i]);
            i++;
            if (argv[i - 1][2] == 'k') {
                keys_path = v;
                continue;
            }
            if (!cli_parse_num(v, 1, 1000, &u))
                return cli_fail(err, "--every must be 1..1000 turns", v);
            every = (int)u;
            continue;
        }
        if (n == (int)(sizeof rest / sizeof rest[0]))
            return cli_fail(err, "too many arguments", argv[i]);
        rest[n++] = argv[i];
    }
    rc = cli_parse_refusing(&a, gen, n, rest, out, err, play_refuses, "play does not take this option");
    if (rc >= 0)
        return rc ? rc : finish(out, err, 0);
    if (a.level.lo != a.level.hi)
        return cli_fail(err, "play starts on one level: --level N, not", "all");
    if (a.design && (rc = load_design(a.design, &a.opts, err)) != 0)
        return rc;
    if (keys_path) { /* a regular file only, as the design: a FIFO would hang the replay */
        rc = read_file(keys_path, "key script", (char *)keys, sizeof keys, &n_keys, err);
        if (rc)
            return rc;
        if (n_keys > PLAY_KEYS_MAX)
            return cli_fail(err, "the key script is longer than 65536 bytes", keys_path);
    }
    if (!cli_given(&a, "--seed"))
        a.seed = bw_port_entropy();
    rc = play_terminal(gen, a.seed, &a.opts, a.level.lo, every, !a.nocolor, keys_path ? keys : 0, n_keys, out, err);
    /* a replay's lines are output like any command's: unwritten is an error */
    return keys_path ? finish(out, err, rc) : rc;
}

int bw_cli_main(int argc, char **argv, FILE *out, FILE *err)
{
    const bw_generator *gen;
    cli_args a;
    int rc;
    if (argc < 2)
        return cli_usage_error(err);
    if (is_help(argv[1]) || (argc > 2 && is_help(argv[2]) && !bw_generator_find(argv[1]))) {
        cli_help(out, 0);
        return finish(out, err, 0);
    }
    if (strcmp(argv[1], "--version") == 0) {
        fprintf(out, "burrow %s\n", BW_VERSION);
        return finish(out, err, 0);
    }
    if (strcmp(argv[1], "tiles") == 0 || strcmp(argv[1], "list") == 0) {
        if (argc > 2)
            return cli_fail(err, "takes no arguments", argv[1]);
        if (argv[1][0] == 't')
            cmd_tiles(out);
        else
            cli_list(out);
        return finish(out, err, 0);
    }
    if (strcmp(argv[1], "play") == 0)
        return cmd_play(argc, argv, out, err);
    if (strcmp(argv[1], "tileset") == 0) { /* Tiled's tileset image: tiled.c */
        if (argc > 2)
            return cli_fail(err, "takes no arguments", argv[1]);
        return finish(out, err, bw_tiled_tileset(out));
    }
    if (argv[1][0] == '-')
        return cli_usage_error(err);
    gen = bw_generator_find(argv[1]);
    if (!gen)
        return cli_fail(err, "unknown generator (see 'burrow list')", argv[1]);
    rc = cli_parse(&a, gen, argc - 2, argv + 2, out, err);
    if (rc >= 0)
        return rc ? rc : finish(out, err, 0);
    return run(&a, out, err);
}
