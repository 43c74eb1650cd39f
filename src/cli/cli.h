/* The desktop command line, inside: the parser and its option tables
 * (args.c), the output formats (render.c) and the commands (cli.c). Not an
 * installed header: the library is include/burrow/, this is build/burrow. */
#ifndef BURROW_CLI_H
#define BURROW_CLI_H

#include <stdio.h>
#include "burrow/burrow.h"

/* The whole command line as a function: argv[0] is the program, output
 * goes to out, messages to err. Returns the exit status (0, 1 when the
 * output could not be written, 2 for bad input) and never exits, so the
 * fuzz harness (tests/fuzz/fuzz_cli.c) runs it in-process. Levels and the
 * design live in static memory, as on a microcontroller: one call at a
 * time. */
int bw_cli_main(int argc, char **argv, FILE *out, FILE *err);

/* ---- output formats (render.c) ---- */

typedef struct cli_out {
    FILE *f;
    const bw_generator *gen;
    int colour;                /* ansi escapes (ansi without --nocolor) */
    int scale;                 /* ppm, png: 4 (solid blocks) or 8 (the 8 x 8 tileset) */
    int lo, hi;                /* the levels printed */
} cli_out;

/* One row per format; adding a format is one row. begin (optional) sees
 * the first level before anything is printed, level prints each level,
 * end (optional) closes the output. */
/* A format written whole by tiled.c (levels made through a callback). */
enum { CLI_TILED_NO, CLI_TILED_TMX, CLI_TILED_JSON };

typedef struct cli_format {
    const char *name;
    int text;                  /* the level as text glyphs: --dist may print instead */
    int colour;                /* uses ansi colour unless --nocolor */
    int tiled;                 /* CLI_TILED_*: not through begin/level/end */
    void (*begin)(cli_out *o, const bw_map *first);
    void (*level)(cli_out *o, const bw_map *m, int level);
    void (*end)(cli_out *o);
} cli_format;

extern const cli_format cli_formats[];
extern const int cli_format_count;

/* ---- options (args.c) ---- */

typedef struct cli_levels {
    int lo, hi;
} cli_levels;

/* What the options ask for: every option's value lands in one field. */
typedef struct cli_args {
    const bw_generator *gen;
    bw_opts opts;
    uint32_t seed;
    cli_levels level;
    int format;                /* index into cli_formats */
    int nocolor;
    int scale;                 /* --scale: 4 or 8, 0 when not given */
    int dist;                  /* overworld --dist: BW_OVERWORLD_HIKER or _RIVAL, + 2 for hh, rr */
    int px, py;                /* the player, -1 = not given */
    int epoch;                 /* abyss --epoch */
    const char *design;        /* crawler --design: the path */
    const char *mask;          /* overworld --mask: the path */
    unsigned long given;       /* bit i: option i of the generator's list given */
} cli_args;

/* Parses argv[0..argc-1], the words after the generator's name. Returns
 * -1 when the run should go on, else the exit status (0 after --help or
 * --version, 2 after the one error line on err). */
int cli_parse(cli_args *a, const bw_generator *gen, int argc, char **argv, FILE *out, FILE *err);
/* The same, but an option named in refused (ended by 0) that the
 * generator takes is an error: `burrow: WHY: NAME`, status 2. */
int cli_parse_refusing(cli_args *a, const bw_generator *gen, int argc, char **argv, FILE *out, FILE *err,
                       const char *const *refused, const char *why);
/* Whether the option called name was given. */
int cli_given(const cli_args *a, const char *name);
void cli_help(FILE *f, const bw_generator *gen); /* gen 0: the whole command */
void cli_list(FILE *f);
int cli_usage_error(FILE *err);

/* `burrow: what: ARG` on err with ARG escaped (cli_echo); returns 2. */
int cli_fail(FILE *err, const char *what, const char *arg);
/* 1 and *out = the decimal number s when it is digits only and in
 * lo..hi (no sign, no wrap); 0 otherwise. */
int cli_parse_num(const char *s, unsigned long lo, unsigned long hi, unsigned long *out);
/* Writes s with every byte a terminal could act on escaped: printable
 * ASCII as is, a backslash doubled, \n \r \t as such, every other byte
 * below 0x20 and every byte from 0x7f up as \xNN. */
void cli_echo(FILE *f, const char *s);

#endif
