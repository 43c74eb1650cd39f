/* The options of build/burrow, as tables: the options of every generator,
 * then each generator's own. The parser, `burrow list`, the help and the
 * error messages all read these tables, so an option is written once. */
#include <stddef.h>
#include <string.h>
#include "cli.h"

enum {
    O_FLAG,    /* no value */
    O_HELP,    /* prints the help, exit 0 */
    O_VERSION, /* prints the version, exit 0 */
    O_U32,     /* decimal 0..4294967295, into a uint32_t */
    O_INT,     /* [-]decimal in lo..hi, into an int */
    O_X, O_Y,  /* decimal on the generator's map: 0..w-1, 0..h-1 */
    O_LEVEL,   /* 1..levels or all, into a cli_levels */
    O_WORD,    /* one of words, its value into an int */
    O_FORMAT,  /* a row of cli_formats, its index into an int */
    O_PATH     /* any text, into a const char * */
};

typedef struct cli_word {
    const char *name;
    int value;
} cli_word;

typedef struct cli_opt {
    const char *name;
    int kind;                  /* O_* */
    long lo, hi;               /* O_INT */
    const cli_word *words;     /* O_WORD, ended by { 0, 0 } */
    size_t at;                 /* the value's place in cli_args */
    const char *needs[2];      /* options that must come with this one */
    int text_only;             /* prints text: only with a text format */
    const char *help;
} cli_opt;

#define AT(field) offsetof(cli_args, field)

static const cli_word scales[] = { { "4", 4 }, { "8", 8 }, { 0, 0 } };

static const cli_word trainers[] = {
    { "hiker", BW_OVERWORLD_HIKER }, { "rival", BW_OVERWORLD_RIVAL }, { "h", BW_OVERWORLD_HIKER },
    { "r", BW_OVERWORLD_RIVAL }, { "hh", BW_OVERWORLD_HIKER + 2 }, { "rr", BW_OVERWORLD_RIVAL + 2 }, { 0, 0 }
};

/* Every generator's options. */
static const cli_opt common[] = {
    { "--seed", O_U32, 0, 0, 0, AT(seed), { 0, 0 }, 0,
      "the seed; without it one from the clock, printed on standard error" },
    { "--level", O_LEVEL, 0, 0, 0, AT(level), { 0, 0 }, 0, "one level, or all of them in order (default 1)" },
    { "--format", O_FORMAT, 0, 0, 0, AT(format), { 0, 0 }, 0, "how to print the levels (default ansi)" },
    { "--nocolor", O_FLAG, 0, 0, 0, AT(nocolor), { 0, 0 }, 0, "ansi without the colours" },
    { "--scale", O_WORD, 0, 0, scales, AT(scale), { 0, 0 }, 0,
      "ppm and png: 4 pixels a tile, solid (default), or 8, the 8 x 8 tileset" },
    { "--help", O_HELP, 0, 0, 0, 0, { 0, 0 }, 0, "these lines (-h too)" },
    { "--version", O_VERSION, 0, 0, 0, 0, { 0, 0 }, 0, "the version of burrow" },
};

/* Each generator's own, by name; a generator without a row takes the
 * common options only. */
static const cli_opt abyss_opts[] = {
    { "--epoch", O_INT, 0, 1000, 0, AT(epoch), { 0, 0 }, 0,
      "the level after that many regenerations round the player (abyss rule 5.3)" },
    { "--px", O_X, 0, 0, 0, AT(px), { "--py", "--epoch" }, 0, "the player's column for --epoch (default: the centre)" },
    { "--py", O_Y, 0, 0, 0, AT(py), { "--px", "--epoch" }, 0, "the player's row for --epoch" },
};
static const cli_opt mdungeon_opts[] = {
    { "--layout", O_INT, 1, 11, 0, AT(opts.layout), { 0, 0 }, 0, "the floor layout (default 8: standard full rooms)" },
    { "--floor", O_LEVEL, 0, 0, 0, AT(level), { 0, 0 }, 0, "the floor: the mystery dungeon's word for --level" },
};
static const cli_opt overworld_opts[] = {
    { "--x", O_INT, -BW_OVERWORLD_WORLD, BW_OVERWORLD_WORLD, 0, AT(opts.x), { 0, 0 }, 0, "the map's column in the world (default 0)" },
    { "--y", O_INT, -BW_OVERWORLD_WORLD, BW_OVERWORLD_WORLD, 0, AT(opts.y), { 0, 0 }, 0, "the map's row in the world (default 0)" },
    { "--dist", O_WORD, 0, 0, trainers, AT(dist), { 0, 0 }, 1,
      "print that trainer's distance to the player instead of the map (hh, rr: whole distances)" },
    { "--px", O_X, 0, 0, 0, AT(px), { "--py", "--dist" }, 0,
      "the player's column for --dist (default: the road nearest the centre)" },
    { "--py", O_Y, 0, 0, 0, AT(py), { "--px", "--dist" }, 0, "the player's row for --dist" },
    { "--mask", O_PATH, 0, 0, 0, AT(mask), { 0, 0 }, 0,
      "a 78 x 19 PBM (P1 or P4) whose dark pixels place special boulders J" },
};
static const cli_opt crawler_opts[] = {
    { "--design", O_PATH, 0, 0, 0, AT(design), { 0, 0 }, 0,
      "a design file (a regular file; default: the built-in design)" },
};

typedef struct cli_gen_opts {
    const char *gen;
    const cli_opt *opt;
    int n;
} cli_gen_opts;

#define ROW(g, t) { g, t, (int)(sizeof t / sizeof t[0]) }
static const cli_gen_opts own[] = {
    ROW("abyss", abyss_opts), ROW("mdungeon", mdungeon_opts),
    ROW("overworld", overworld_opts), ROW("crawler", crawler_opts),
};
#define N_COMMON ((int)(sizeof common / sizeof common[0]))
#define N_OWN ((int)(sizeof own / sizeof own[0]))

static const cli_gen_opts *own_opts(const bw_generator *g)
{
    int i;
    for (i = 0; i < N_OWN; i++)
        if (strcmp(own[i].gen, g->name) == 0)
            return &own[i];
    return 0;
}

/* Option i of generator g: the common ones first, then its own. */
static const cli_opt *opt_at(const bw_generator *g, int i)
{
    const cli_gen_opts *o = own_opts(g);
    if (i < N_COMMON)
        return &common[i];
    i -= N_COMMON;
    return o && i < o->n ? &o->opt[i] : 0;
}

static int opt_index(const bw_generator *g, const char *name)
{
    const cli_opt *o;
    int i;
    for (i = 0; (o = opt_at(g, i)) != 0; i++)
        if (strcmp(o->name, name) == 0)
            return i;
    return -1;
}

/* ---- messages ---- */

void cli_echo(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\\')
            fputs("\\\\", f);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\r')
            fputs("\\r", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c < 0x20 || c >= 0x7f)
            fprintf(f, "\\x%02x", c);
        else
            putc(c, f);
    }
}

int cli_fail(FILE *err, const char *what, const char *arg)
{
    fprintf(err, "burrow: %s", what);
    if (arg) {
        fputs(": ", err);
        cli_echo(err, arg);
    }
    putc('\n', err);
    return 2;
}

int cli_usage_error(FILE *err)
{
    return cli_fail(err, "usage: burrow GENERATOR [options] | burrow play GENERATOR [options] | burrow tiles | burrow tileset | burrow list | burrow --help", 0);
}

/* The values an option takes, as the help and the errors show them; g 0
 * for any generator. */
static void value_text(char *b, size_t n, const cli_opt *o, const bw_generator *g)
{
    int i, k = 0;
    *b = 0;
    switch (o->kind) {
    case O_U32: snprintf(b, n, "0..4294967295"); break;
    case O_INT: snprintf(b, n, "%ld..%ld", o->lo, o->hi); break;
    case O_X: g ? snprintf(b, n, "0..%d", g->w - 1) : snprintf(b, n, "0..W-1"); break;
    case O_Y: g ? snprintf(b, n, "0..%d", g->h - 1) : snprintf(b, n, "0..H-1"); break;
    case O_LEVEL: g ? snprintf(b, n, "1..%d|all", g->levels) : snprintf(b, n, "1..N|all"); break;
    case O_PATH: snprintf(b, n, "FILE"); break;
    case O_WORD:
        for (i = 0; o->words[i].name && k >= 0 && (size_t)k < n; i++)
            k += snprintf(b + k, n - (size_t)k, "%s%s", i ? "|" : "", o->words[i].name);
        break;
    case O_FORMAT:
        for (i = 0; i < cli_format_count && k >= 0 && (size_t)k < n; i++)
            k += snprintf(b + k, n - (size_t)k, "%s%s", i ? "|" : "", cli_formats[i].name);
        break;
    default: break;
    }
}

static void opt_line(FILE *f, const cli_opt *o, const bw_generator *g)
{
    char v[96], both[128];
    value_text(v, sizeof v, o, g);
    snprintf(both, sizeof both, "%s%s%s", o->name, *v ? " " : "", v);
    if (strlen(both) > 28) /* the help on a line of its own */
        fprintf(f, "  %s\n  %-28s %s\n", both, "", o->help);
    else
        fprintf(f, "  %-28s %s\n", both, o->help);
}

void cli_help(FILE *f, const bw_generator *gen)
{
    const cli_opt *o;
    int i;
    if (gen) {
        fprintf(f, "usage: burrow %s [options]\n%s: %d x %d tiles, levels 1..%d\noptions:\n",
                gen->name, gen->name, gen->w, gen->h, gen->levels);
        for (i = 0; (o = opt_at(gen, i)) != 0; i++)
            opt_line(f, o, gen);
        fprintf(f, "Bad input: one line on standard error and exit status 2.\n");
        return;
    }
    fprintf(f, "usage: burrow GENERATOR [options]  print levels of GENERATOR\n"
               "       burrow GENERATOR --help     that generator's options\n"
               "       burrow play GENERATOR [options] [--every K] [--keys FILE]\n"
               "                                   walk its levels in the terminal (--every: turns\n"
               "                                   between Abyss regenerations; --keys: replay a key\n"
               "                                   script, one screen hash a line)\n"
               "       burrow tiles                the tile table\n"
               "       burrow tileset              the tile image of --format tmx and json (PNG)\n"
               "       burrow list                 the generators, their sizes, levels and options\n"
               "       burrow --help | -h          these lines\n"
               "       burrow --version            the version of burrow\n"
               "generators:");
    for (i = 0; i < bw_generator_count; i++)
        fprintf(f, " %s", bw_generators[i].name);
    fprintf(f, "\noptions of every generator (N: its number of levels):\n");
    for (i = 0; i < N_COMMON; i++)
        opt_line(f, &common[i], 0);
    fprintf(f, "Bad input: one line on standard error and exit status 2.\n");
}

void cli_list(FILE *f)
{
    char v[96];
    int i, k;
    fprintf(f, "generator\tsize\tlevels\toptions\tversion\n");
    for (i = 0; i < bw_generator_count; i++) {
        const bw_generator *g = &bw_generators[i];
        const cli_gen_opts *o = own_opts(g);
        fprintf(f, "%s\t%dx%d\t1..%d\t", g->name, g->w, g->h, g->levels);
        for (k = 0; o && k < o->n; k++) {
            value_text(v, sizeof v, &o->opt[k], g);
            fprintf(f, "%s%s%s%s", k ? " " : "", o->opt[k].name, *v ? " " : "", v);
        }
        fprintf(f, "\t%d\n", g->version);
    }
}

/* ---- parsing ---- */

/* A decimal number in [lo, hi], digits only. */
int cli_parse_num(const char *s, unsigned long lo, unsigned long hi, unsigned long *out)
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

/* A value of option o into a; 0 when it is not one. */
static int parse_value(cli_args *a, const cli_opt *o, const char *val)
{
    void *at = (char *)a + o->at;
    const bw_generator *g = a->gen;
    unsigned long v;
    int i, neg = val[0] == '-';
    switch (o->kind) {
    case O_U32:
        if (!cli_parse_num(val, 0, 4294967295ul, &v))
            return 0;
        *(uint32_t *)at = (uint32_t)v;
        return 1;
    case O_INT: /* digits, after a '-' when the range has negative numbers (lo <= 0 <= hi) */
        if ((neg && o->lo >= 0) || !cli_parse_num(val + neg, 0, (unsigned long)(neg ? -o->lo : o->hi), &v) ||
            (!neg && (long)v < o->lo))
            return 0;
        *(int *)at = neg ? -(int)v : (int)v;
        return 1;
    case O_X:
    case O_Y:
        if (!cli_parse_num(val, 0, (unsigned long)(o->kind == O_X ? g->w : g->h) - 1, &v))
            return 0;
        *(int *)at = (int)v;
        return 1;
    case O_LEVEL:
        if (strcmp(val, "all") == 0) {
            ((cli_levels *)at)->lo = 1;
            ((cli_levels *)at)->hi = g->levels;
            return 1;
        }
        if (!cli_parse_num(val, 1, (unsigned long)g->levels, &v))
            return 0;
        ((cli_levels *)at)->lo = ((cli_levels *)at)->hi = (int)v;
        return 1;
    case O_WORD:
        for (i = 0; o->words[i].name; i++)
            if (strcmp(val, o->words[i].name) == 0) {
                *(int *)at = o->words[i].value;
                return 1;
            }
        return 0;
    case O_FORMAT:
        for (i = 0; i < cli_format_count; i++)
            if (strcmp(val, cli_formats[i].name) == 0) {
                *(int *)at = i;
                return 1;
            }
        return 0;
    case O_PATH:
        *(const char **)at = val;
        return 1;
    default:
        return 0;
    }
}

static int bad_value(FILE *err, const cli_opt *o, const bw_generator *g, const char *val)
{
    char v[96], msg[160];
    int ranged = o->kind == O_X || o->kind == O_Y || o->kind == O_LEVEL;
    value_text(v, sizeof v, o, g);
    snprintf(msg, sizeof msg, "%s%s%s must be %s%s", o->name, ranged ? " for " : "", ranged ? g->name : "",
             o->kind == O_WORD || o->kind == O_FORMAT || o->kind == O_LEVEL ? "one of " : "an integer in ", v);
    return cli_fail(err, msg, val);
}

/* An option this generator does not take: whose is it? */
static int not_ours(FILE *err, const bw_generator *gen, const char *name)
{
    char msg[160];
    const char *sep = "";
    int i, owners = 0;
    size_t k;
    for (i = 0; i < bw_generator_count; i++)
        if (opt_index(&bw_generators[i], name) >= 0)
            owners++;
    if (!owners)
        return cli_fail(err, "unknown option", name);
    /* name is one of the table's own, so the message needs no escaping */
    k = (size_t)snprintf(msg, sizeof msg, "%s is an option of", name);
    for (i = 0; i < bw_generator_count && k < sizeof msg; i++)
        if (opt_index(&bw_generators[i], name) >= 0) {
            k += (size_t)snprintf(msg + k, sizeof msg - k, "%s %s", sep, bw_generators[i].name);
            sep = ",";
        }
    return cli_fail(err, msg, gen->name);
}

int cli_given(const cli_args *a, const char *name)
{
    int i = opt_index(a->gen, name);
    return i >= 0 && (a->given >> i & 1);
}

int cli_parse(cli_args *a, const bw_generator *gen, int argc, char **argv, FILE *out, FILE *err)
{
    return cli_parse_refusing(a, gen, argc, argv, out, err, 0, 0);
}

int cli_parse_refusing(cli_args *a, const bw_generator *gen, int argc, char **argv, FILE *out, FILE *err,
                       const char *const *refused, const char *why)
{
    const cli_opt *o;
    int i, k, r;
    memset(a, 0, sizeof *a);
    a->gen = gen;
    a->level.lo = a->level.hi = 1;
    a->px = a->py = -1;
    for (i = 0; i < argc; i++) {
        const char *name = strcmp(argv[i], "-h") == 0 ? "--help" : argv[i];
        k = opt_index(gen, name);
        if (k < 0)
            return not_ours(err, gen, argv[i]);
        for (r = 0; refused && refused[r]; r++)
            if (strcmp(refused[r], name) == 0)
                return cli_fail(err, why, name);
        o = opt_at(gen, k);
        /* a second value for the same setting (the option again, or its
         * other name: --floor and --level) is refused, not silently kept */
        for (r = 0; o->kind != O_HELP && o->kind != O_VERSION && opt_at(gen, r) != 0; r++)
            if ((a->given >> r & 1) && opt_at(gen, r)->at == o->at)
                return cli_fail(err, "given twice", name);
        a->given |= 1ul << k;
        if (o->kind == O_HELP) {
            cli_help(out, gen);
            return 0;
        }
        if (o->kind == O_VERSION) {
            fprintf(out, "burrow %s\n", BW_VERSION);
            return 0;
        }
        if (o->kind == O_FLAG) {
            *(int *)((char *)a + o->at) = 1;
            continue;
        }
        if (i + 1 >= argc)
            return cli_fail(err, "missing value for", o->name);
        if (!parse_value(a, o, argv[++i]))
            return bad_value(err, o, gen, argv[i]);
    }
    for (k = 0; (o = opt_at(gen, k)) != 0; k++) {
        if (!(a->given >> k & 1))
            continue;
        for (i = 0; i < 2; i++)
            if (o->needs[i] && !cli_given(a, o->needs[i])) {
                char msg[64];
                snprintf(msg, sizeof msg, "%s needs %s", o->name, o->needs[i]);
                return cli_fail(err, msg, gen->name);
            }
        if (o->text_only && !cli_formats[a->format].text) {
            char msg[96];
            snprintf(msg, sizeof msg, "%s prints text: use --format text or leave --format out", o->name);
            return cli_fail(err, msg, cli_formats[a->format].name);
        }
    }
    return -1;
}
