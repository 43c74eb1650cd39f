/* harness.c: burrow's Game Boy Advance ROM, run headless in mGBA (libmgba).
 *
 *   harness ROM golden LEVELS.TSV [CYCLES.TSV]
 *       boots the ROM holding L + R + Select (its self-test), reads the
 *       lines it prints through mGBA's debug output and compares each
 *       level's hash with the desktop's golden row (the rows tests/gba/rows.sh
 *       picks, in the same order); writes the cycles each level took to
 *       CYCLES.TSV (generator, level, seed, cycles).
 *   harness ROM shot KEYS OUT.ppm
 *       boots the ROM, presses KEYS (one letter a press, a frame held and a
 *       frame released: u d l r a b s = start, e = select), waits 30 frames
 *       and prints the FNV-1a hash of the frame; writes it as a PPM.
 *   harness ROM play KEYS [OUT.png]
 *       boots the ROM traced (L + R held at power-on, src/play/gba.c) and
 *       presses KEYS as a player would: each press held until the ROM
 *       prints the line that says it took it, then released until it
 *       prints `up`. The letters as for shot, L and R the shoulders, and
 *       the diagonals as on a keypad: 7 up-left, 9 up-right, 1 down-left,
 *       3 down-right. Prints the game's last trace line (`start` or `play`
 *       GENERATOR SEED LEVEL CHANGES TURN X Y FOLD) and the frame's hash;
 *       writes the frame as a PNG.
 *   harness ROM print FRAMES
 *       boots the ROM (no key held) and copies every line it prints
 *       through mGBA's debug output to stdout until `end`, for at most
 *       FRAMES frames (the bench's ROM, tests/bench/bench_gba.c).
 *
 * HARNESS_LOG set in the environment: every line the ROM prints goes to
 * stderr too. Every run stops after a frame limit. A missing or broken ROM, or one
 * that never finishes, gets one line on stderr and exit status 2; a hash
 * that differs, exit status 1. */
#define _DEFAULT_SOURCE /* PATH_MAX, which mGBA's headers use */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mgba/core/core.h>
#include <mgba/core/log.h>
#include <mgba/gba/core.h>
#include <mgba/gba/interface.h>
#include "png.h"

/* The keys' bits as setKeys takes them: the console's KEYINPUT order. */
enum { GBA_KEY_A, GBA_KEY_B, GBA_KEY_SELECT, GBA_KEY_START, GBA_KEY_RIGHT, GBA_KEY_LEFT,
       GBA_KEY_UP, GBA_KEY_DOWN, GBA_KEY_R, GBA_KEY_L };

#define FRAME_LIMIT 60000 /* 1,000 s of console time: far over the self-test's */
#define KEY_FRAMES 600  /* 10 s of console time for the ROM to take one press */
#define PLAY_FRAMES 30000
#define LINES 1024      /* the self-test's lines; the play mode keeps the count */
#define LINE_MAX_ 128

static char lines[LINES][LINE_MAX_];
static char game_line[LINE_MAX_];
static int n_lines, ended, frames_run, echo; /* echo: print mode, each line to stdout */

static void on_log(struct mLogger *l, int category, enum mLogLevel level, const char *fmt, va_list ap)
{
    const char *id = mLogCategoryId(category);
    (void)l;
    (void)level;
    if (!id || strcmp(id, "gba.debug") != 0)
        return;
    if (echo) { /* print mode: each line to stdout, nothing kept */
        char buf[LINE_MAX_ + 1];
        vsnprintf(buf, sizeof buf, fmt, ap);
        puts(buf);
        if (strcmp(buf, "end") == 0)
            ended = 1;
        return;
    }
    {
        char *l = lines[n_lines % LINES];
        vsnprintf(l, LINE_MAX_, fmt, ap);
        if (getenv("HARNESS_LOG")) /* every line the ROM prints, to stderr */
            fprintf(stderr, "rom: %s\n", l);
        if (strcmp(l, "end") == 0)
            ended = 1;
        if (strncmp(l, "play ", 5) == 0 || strncmp(l, "start ", 6) == 0)
            memcpy(game_line, l, LINE_MAX_);
        n_lines++;
    }
}

static struct mLogger logger = { on_log, NULL };
static color_t video[GBA_VIDEO_HORIZONTAL_PIXELS * GBA_VIDEO_VERTICAL_PIXELS];

static void die(const char *what, const char *arg)
{
    fprintf(stderr, "harness: %s%s\n", what, arg);
    exit(2);
}

static struct mCore *boot(const char *rom, uint32_t keys)
{
    struct mCore *core;
    FILE *f = fopen(rom, "rb");
    unsigned char h[0xc0];
    int i, sum = 0;
    if (!f)
        die("cannot open the ROM ", rom);
    if (fread(h, 1, sizeof h, f) != sizeof h) {
        fclose(f);
        die("not a GBA ROM (shorter than its header): ", rom);
    }
    fclose(f);
    for (i = 0xa0; i <= 0xbc; i++)
        sum += h[i];
    if (h[0xb2] != 0x96 || h[0xbd] != ((-sum - 0x19) & 0xff))
        die("the cartridge header's fixed byte or complement check is wrong: ", rom);
    mLogSetDefaultLogger(&logger);
    core = GBACoreCreate();
    if (!core || !core->init(core))
        die("mGBA could not start a GBA core", "");
    mCoreInitConfig(core, NULL);
    core->setVideoBuffer(core, video, GBA_VIDEO_HORIZONTAL_PIXELS);
    if (!mCoreLoadFile(core, rom))
        die("mGBA could not load ", rom);
    core->reset(core);
    core->setKeys(core, keys);
    return core;
}

static uint32_t frame_hash(void)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < sizeof video / sizeof video[0]; i++) {
        uint32_t c = (uint32_t)video[i] & 0xffffffu;
        int k;
        for (k = 0; k < 3; k++) {
            h ^= (c >> (8 * k)) & 0xffu;
            h *= 16777619u;
        }
    }
    return h;
}

/* The golden rows the ROM generates, in its order (tests/gba/rows.sh). */
static int golden(struct mCore *core, const char *tsv, const char *cycles_out)
{
    char buf[512];
    FILE *f = fopen(tsv, "r"), *cy = NULL;
    int frames, i = 0, bad = 0, line = 1;
    if (!f)
        die("cannot open ", tsv);
    for (frames = 0; !ended && frames < FRAME_LIMIT; frames++)
        core->runFrame(core);
    if (!ended) {
        fclose(f);
        die("the ROM's self-test did not end within the frame limit", "");
    }
    if (cycles_out && !(cy = fopen(cycles_out, "w")))
        die("cannot write ", cycles_out);
    while (fgets(buf, sizeof buf, f)) {
        char gen[32], opts[256], hash[16], rg[32], rh[16];
        int level, ver, ri, rl;
        unsigned long seed, rs, rc;
        if (buf[0] == '#' || strncmp(buf, "generator\t", 10) == 0)
            continue;
        if (sscanf(buf, "%31[^\t]\t%d\t%d\t%lu\t%255[^\t]\t%15s", gen, &ver, &level, &seed, opts, hash) != 6)
            continue;
        if (strstr(opts, "--design") || strstr(opts, "--epoch"))
            continue;
        if (line >= n_lines - 1 ||
            sscanf(lines[line], "golden %d %31s %d %lu %15s %lu", &ri, rg, &rl, &rs, rh, &rc) != 6 ||
            ri != i || strcmp(rg, gen) != 0 || rl != level || rs != seed) {
            printf("FAIL golden %d: the ROM printed '%s' for %s level %d seed %lu %s\n", i,
                   line < n_lines ? lines[line] : "(nothing)", gen, level, seed, opts);
            bad++;
        } else if (strcmp(rh, hash) != 0) {
            printf("FAIL golden %d: %s level %d seed %lu %s: the GBA made %s, the desktop %s\n", i, gen, level,
                   seed, opts, rh, hash);
            bad++;
        } else {
            printf("ok golden %d %s level %d seed %lu %s %s\n", i, gen, level, seed, opts, hash);
            if (cy)
                fprintf(cy, "%s\t%d\t%lu\t%s\t%lu\n", gen, level, seed, opts, rc);
        }
        line++;
        i++;
    }
    fclose(f);
    if (cy)
        fclose(cy);
    printf("%d passed, %d failed\n", i - bad, bad);
    return bad ? 1 : 0;
}

static uint32_t key_bit(char c)
{
    switch (c) {
    case 'a': return 1u << GBA_KEY_A;
    case 'b': return 1u << GBA_KEY_B;
    case 'e': return 1u << GBA_KEY_SELECT;
    case 's': return 1u << GBA_KEY_START;
    case 'r': return 1u << GBA_KEY_RIGHT;
    case 'l': return 1u << GBA_KEY_LEFT;
    case 'u': return 1u << GBA_KEY_UP;
    case 'd': return 1u << GBA_KEY_DOWN;
    case 'R': return 1u << GBA_KEY_R;
    case 'L': return 1u << GBA_KEY_L;
    case '7': return 1u << GBA_KEY_UP | 1u << GBA_KEY_LEFT;
    case '9': return 1u << GBA_KEY_UP | 1u << GBA_KEY_RIGHT;
    case '1': return 1u << GBA_KEY_DOWN | 1u << GBA_KEY_LEFT;
    case '3': return 1u << GBA_KEY_DOWN | 1u << GBA_KEY_RIGHT;
    }
    return 0;
}

static int shot(struct mCore *core, const char *keys, const char *out)
{
    FILE *f;
    int i;
    const char *k;
    for (i = 0; i < 30; i++)
        core->runFrame(core);
    for (k = keys; *k; k++) {
        core->setKeys(core, key_bit(*k));
        core->runFrame(core);
        core->setKeys(core, 0);
        core->runFrame(core);
    }
    for (i = 0; i < 30; i++)
        core->runFrame(core);
    printf("frame %08x\n", (unsigned)frame_hash());
    if (!(f = fopen(out, "wb")))
        die("cannot write ", out);
    fprintf(f, "P6\n%d %d\n255\n", GBA_VIDEO_HORIZONTAL_PIXELS, GBA_VIDEO_VERTICAL_PIXELS);
    for (i = 0; i < GBA_VIDEO_HORIZONTAL_PIXELS * GBA_VIDEO_VERTICAL_PIXELS; i++) {
        uint32_t c = (uint32_t)video[i];
        fputc((int)(c & 0xff), f);
        fputc((int)(c >> 8 & 0xff), f);
        fputc((int)(c >> 16 & 0xff), f);
    }
    fclose(f);
    return 0;
}

/* The frame as a PNG, through the CLI's writer (src/cli/png.c). */
static void write_png(const char *out)
{
    static bw_png png;
    uint8_t row[3 * GBA_VIDEO_HORIZONTAL_PIXELS];
    FILE *f = fopen(out, "wb");
    int x, y;
    if (!f || bw_png_begin(&png, f, GBA_VIDEO_HORIZONTAL_PIXELS, GBA_VIDEO_VERTICAL_PIXELS) != 0)
        die("cannot write ", out);
    for (y = 0; y < GBA_VIDEO_VERTICAL_PIXELS; y++) {
        for (x = 0; x < GBA_VIDEO_HORIZONTAL_PIXELS; x++) {
            uint32_t c = (uint32_t)video[y * GBA_VIDEO_HORIZONTAL_PIXELS + x];
            row[3 * x] = (uint8_t)(c & 0xff);
            row[3 * x + 1] = (uint8_t)(c >> 8 & 0xff);
            row[3 * x + 2] = (uint8_t)(c >> 16 & 0xff);
        }
        bw_png_row(&png, row);
    }
    bw_png_end(&png);
    if (ferror(f) || fclose(f) != 0)
        die("cannot write ", out);
}

/* Runs frames until the ROM prints a line that `want` accepts (0: any
 * but `up`, 1: `up`), at most KEY_FRAMES of them. */
static void wait_line(struct mCore *core, int want, const char *what, int press)
{
    int seen = n_lines, k;
    char msg[64];
    for (k = 0; k < KEY_FRAMES && frames_run < PLAY_FRAMES; k++, frames_run++) {
        core->runFrame(core);
        for (; seen < n_lines; seen++)
            if ((strcmp(lines[seen % LINES], "up") == 0) == want)
                return;
    }
    snprintf(msg, sizeof msg, "the ROM did not answer press %d (%s) within the frame limit", press, what);
    die(msg, "");
}

static int play(struct mCore *core, const char *keys, const char *out)
{
    const char *k;
    int i;
    wait_line(core, 0, "power-on", 0);
    core->setKeys(core, 0);
    wait_line(core, 1, "release", 0);
    for (k = keys; *k; k++) {
        char what[2] = { *k, 0 };
        uint32_t bits = key_bit(*k);
        if (!bits)
            die("not a key of the play mode: ", what);
        core->setKeys(core, bits);
        wait_line(core, 0, what, (int)(k - keys));
        core->setKeys(core, 0);
        wait_line(core, 1, what, (int)(k - keys));
    }
    for (i = 0; i < 2; i++)
        core->runFrame(core);
    printf("%s\nframe %08x\n", game_line[0] ? game_line : "no game", (unsigned)frame_hash());
    if (out)
        write_png(out);
    return 0;
}

/* Print mode: the ROM's lines to stdout until `end` or the frame limit. */
static int print_lines(struct mCore *core, long limit)
{
    long frames;
    for (frames = 0; !ended && frames < limit; frames++)
        core->runFrame(core);
    if (!ended)
        die("the ROM did not print `end` within the frame limit", "");
    return 0;
}

int main(int argc, char **argv)
{
    struct mCore *core;
    int rc;
    if (argc >= 4 && strcmp(argv[2], "golden") == 0) {
        core = boot(argv[1], 1u << GBA_KEY_L | 1u << GBA_KEY_R | 1u << GBA_KEY_SELECT);
        rc = golden(core, argv[3], argc > 4 ? argv[4] : NULL);
    } else if ((argc == 4 || argc == 5) && strcmp(argv[2], "play") == 0) {
        core = boot(argv[1], 1u << GBA_KEY_L | 1u << GBA_KEY_R);
        rc = play(core, argv[3], argc == 5 ? argv[4] : NULL);
    } else if (argc == 5 && strcmp(argv[2], "shot") == 0) {
        core = boot(argv[1], 0);
        rc = shot(core, argv[3], argv[4]);
    } else if (argc == 4 && strcmp(argv[2], "print") == 0 && atol(argv[3]) > 0) {
        echo = 1;
        core = boot(argv[1], 0);
        rc = print_lines(core, atol(argv[3]));
    } else {
        fprintf(stderr, "usage: harness ROM golden LEVELS.TSV [CYCLES.TSV] | harness ROM shot KEYS OUT.ppm"
                        " | harness ROM play KEYS [OUT.png] | harness ROM print FRAMES\n");
        return 2;
    }
    core->deinit(core);
    return rc;
}
