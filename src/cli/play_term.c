/* play_term.c: `burrow play` on the desktop: the game of src/play in a raw
 * terminal with ANSI colour. The terminal is restored on quit, on Ctrl-C,
 * when the game is killed by any signal whose default ends a process
 * (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, ...), and
 * at exit. A resize (SIGWINCH) is drawn at once. Without a generator it
 * opens a menu of all of them, with a seed prompt, and comes back to it
 * when the player quits a game. With a key script (`--keys FILE`, read by the caller) it
 * replays the keys without touching the terminal and prints one line a
 * frame, `screen N HASH`: the scripted tests compare those lines with the
 * boards'. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "play.h"
#include "cli.h"
#include "play_term.h"
#include "burrow/port.h"

static play_memory mem;
static bw_plane seen; /* the game's own: an Abyss regeneration forgets only what it redraws */
static play_game game;
static struct termios saved;
static volatile sig_atomic_t raw_on, resized;

static void restore(void)
{
    static const char bye[] = "\033[0m\033[?25h\033[?1049l";
    if (!raw_on)
        return;
    raw_on = 0;
    tcsetattr(0, TCSAFLUSH, &saved);
    if (write(1, bye, sizeof bye - 1) < 0) {
        /* nothing left to tell: the terminal is gone */
    }
}

static void on_signal(int sig)
{
    restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* A resize interrupts the read of the next key (no SA_RESTART): the
 * loop draws again at the new size at once. */
static void on_winch(int sig)
{
    (void)sig;
    resized = 1;
}

static const int fatal[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
                             SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ };

static int raw_mode(void)
{
    struct termios t;
    struct sigaction sa;
    size_t i;
    if (tcgetattr(0, &saved) != 0)
        return -1;
    t = saved;
    t.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    t.c_oflag &= ~(tcflag_t)OPOST;
    t.c_cflag |= CS8;
    t.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(0, TCSAFLUSH, &t) != 0)
        return -1;
    raw_on = 1;
    atexit(restore);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    /* every signal that ends the process by default and can be caught:
     * left out, one would leave the terminal raw and on the alternate
     * screen (SIGPIPE is ignored by main, SIGKILL cannot be caught) */
    for (i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        sigaction(fatal[i], &sa, 0);
    sa.sa_handler = on_winch;
    sigaction(SIGWINCH, &sa, 0);
    return 0;
}

static void term_size(int *cols, int *rows)
{
    struct winsize ws;
    *cols = 80;
    *rows = 24;
    if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
        *cols = ws.ws_col;
        *rows = ws.ws_row;
    }
}

static void to_stdout(void *ctx, const char *s, size_t n)
{
    (void)ctx;
    fwrite(s, 1, n, stdout);
}

static void to_nowhere(void *ctx, const char *s, size_t n)
{
    (void)ctx;
    (void)s;
    (void)n;
}

/* Replays a key script: its bytes are the keys, as a terminal sends them. */
static int replay(const unsigned char *keys, size_t n, FILE *out)
{
    size_t at = 0, used;
    unsigned long frame = 0;
    uint32_t h, fold = BW_GRID_FNV1A_INIT;
    uint8_t b[4];
    int i;
    for (;;) {
        h = play_draw(&game, to_nowhere, 0);
        fprintf(out, "screen %lu %08lx\n", frame++, (unsigned long)h);
        for (i = 0; i < 4; i++) /* tests/check.c's t_fold: low byte first */
            b[i] = (uint8_t)(h >> (8 * i));
        fold = bw_grid_fnv1a(fold, b, 4);
        if (at >= n)
            break;
        {
            int key = play_decode(keys + at, n - at, &used);
            at += used;
            if (play_key(&game, key))
                break;
        }
    }
    fprintf(out, "end frames %lu level %d changes %lu fold %08lx\n", frame, game.level,
           (unsigned long)game.level_changes, (unsigned long)fold);
    return 0;
}

/* Reads what the terminal sends next into buf: > 0 bytes, 0 when it was
 * resized (draw again), -1 when standard input is closed. */
static ssize_t next_keys(unsigned char *buf, size_t cap)
{
    for (;;) {
        ssize_t n;
        resized = 0;
        n = read(0, buf, cap);
        if (n > 0)
            return n;
        if (n < 0 && errno == EINTR && resized)
            return 0;
        if (n < 0 && errno == EINTR)
            continue; /* another signal, handled: read on */
        return -1;
    }
}

/* The game on the terminal until the player quits (0) or standard input
 * closes (-1). */
static int game_loop(void)
{
    for (;;) {
        unsigned char buf[16];
        ssize_t n;
        size_t at = 0, used;
        term_size(&game.cols, &game.rows);
        play_draw(&game, to_stdout, 0);
        fflush(stdout);
        n = next_keys(buf, sizeof buf);
        if (n < 0)
            return -1;
        while (at < (size_t)n) {
            int key = play_decode(buf + at, (size_t)n - at, &used);
            at += used;
            if (play_key(&game, key))
                return 0;
        }
    }
}

/* The terminal made ready for the game: checked, raw, on the alternate
 * screen. 0, or 2 after one line on err. */
static int terminal_ready(FILE *err)
{
    int cols, rows;
    if (!isatty(0) || !isatty(1)) {
        fprintf(err, "burrow: play needs a terminal (or --keys FILE to replay a key script)\n");
        return 2;
    }
    term_size(&cols, &rows);
    if (cols < PLAY_MIN_COLS || rows < PLAY_MIN_ROWS) {
        fprintf(err, "burrow: play needs a terminal of at least %d x %d; this one is %d x %d\n",
                PLAY_MIN_COLS, PLAY_MIN_ROWS, cols, rows);
        return 2;
    }
    if (raw_mode() != 0) {
        fprintf(err, "burrow: play: cannot set the terminal to raw mode\n");
        return 2;
    }
    fputs("\033[?1049h\033[?25l\033[2J", stdout);
    return 0;
}

int play_terminal(const bw_generator *gen, uint32_t seed, const bw_opts *o, int level,
                  int every, int colour, const unsigned char *keys, size_t n_keys, FILE *out, FILE *err)
{
    int rc;
    game.abyss_every = every;
    game.colour = colour;
    game.cols = 80;
    game.rows = 24;
    /* a replay keeps what was seen in the map's plane b, as the firmware
     * and the tests do, so all three draw the same frames */
    if (play_start(&game, &mem, keys ? 0 : &seen, gen, seed, o, level) != 0) {
        fprintf(err, "burrow: play: the generator rejected these options: %s\n", gen->name);
        return 2;
    }
    if (keys) /* RAM differs by platform: a replay shows none so every platform draws alike */
        return replay(keys, n_keys, out);
    game.ram = (uint32_t)(sizeof mem + sizeof seen + sizeof game);
    if ((rc = terminal_ready(err)) != 0)
        return rc;
    game_loop();
    restore();
    return 0;
}

/* ---- the menu: every generator, then a seed ---- */

static void menu_draw(int pick, int prompt, const char *digits, const char *note)
{
    int cols, rows, i;
    term_size(&cols, &rows);
    fputs("\033[H\033[2J", stdout);
    if (cols < PLAY_MIN_COLS || rows < PLAY_MIN_ROWS) {
        fputs("burrow play needs 40 x 12.", stdout);
        fflush(stdout);
        return;
    }
    fputs("burrow play: pick a generator\r\n\r\n", stdout);
    for (i = 0; i < bw_generator_count && i + 6 < rows; i++) {
        const bw_generator *g = &bw_generators[i];
        printf("%s %d %-10s %dx%d, %d %s\r\n", i == pick ? ">" : " ", i + 1, g->name, g->w, g->h, g->levels,
               g->id == BW_GEN_MDUNGEON ? "floors" : g->id == BW_GEN_OVERWORLD ? "map, endless world" :
               g->levels == 1 ? "level" : "levels");
    }
    fputs("\r\n", stdout);
    if (prompt)
        printf("Seed (Enter: a random one): %s", digits);
    else
        fputs("j k or arrows, 1-8 or Enter picks, q quits", stdout);
    if (note && *note)
        printf("\r\n%.*s", cols - 1, note);
    fflush(stdout);
}

/* `burrow play` alone: the menu, a game, the menu again, until q. */
int play_menu(int every, int colour, FILE *err)
{
    char digits[11] = "", note[80] = "";
    int pick = 0, prompt = 0, nd = 0, rc, cols, rows;
    bw_opts o = { 0, 0, 0, 0 };
    if ((rc = terminal_ready(err)) != 0)
        return rc;
    for (;;) {
        unsigned char buf[16];
        ssize_t n;
        size_t at = 0, used;
        menu_draw(pick, prompt, digits, note);
        n = next_keys(buf, sizeof buf);
        if (n < 0)
            break;
        while (at < (size_t)n) {
            int key = play_decode(buf + at, (size_t)n - at, &used), start = 0, dx = 0;
            at += used;
            note[0] = 0;
            if (key == 3 || key == 4 || (key == 'q' && !prompt)) {
                restore();
                return 0;
            }
            term_size(&cols, &rows);
            if (cols < PLAY_MIN_COLS || rows < PLAY_MIN_ROWS)
                continue; /* only the notice is up: no pick unseen */
            if (!prompt) {
                if (key == 'j' || key == PLAY_KEY_DOWN) dx = 1;
                else if (key == 'k' || key == PLAY_KEY_UP) dx = -1;
                else if (key >= '1' && key < '1' + bw_generator_count) pick = key - '1', prompt = 1;
                else if (key == '\r' || key == '\n') prompt = 1;
                else snprintf(note, sizeof note, "Unknown key: j k, 1-%d, Enter or q.", bw_generator_count);
                pick = (pick + dx + bw_generator_count) % bw_generator_count;
                nd = 0;
                digits[0] = 0;
                continue;
            }
            if (key >= '0' && key <= '9' && nd < 10) {
                digits[nd++] = (char)key;
                digits[nd] = 0;
            } else if ((key == 127 || key == 8) && nd > 0) {
                digits[--nd] = 0;
            } else if (key == 27) {
                prompt = 0;
            } else if (key == '\r' || key == '\n') {
                start = 1;
            }
            if (start) {
                unsigned long long v = nd ? strtoull(digits, 0, 10) : bw_port_entropy();
                if (v > 0xffffffffull) {
                    snprintf(note, sizeof note, "A seed is 0..4294967295.");
                    continue;
                }
                game.abyss_every = every;
                game.colour = colour;
                term_size(&game.cols, &game.rows);
                if (play_start(&game, &mem, &seen, &bw_generators[pick], (uint32_t)v, &o, 1) != 0) {
                    snprintf(note, sizeof note, "%s needs options the menu does not give: try burrow play %s",
                             bw_generators[pick].name, bw_generators[pick].name);
                    prompt = 0;
                    continue;
                }
                game.ram = (uint32_t)(sizeof mem + sizeof seen + sizeof game);
                fputs("\033[2J", stdout);
                if (game_loop() < 0) {
                    restore();
                    return 0;
                }
                fputs("\033[2J", stdout);
                prompt = 0;
                break; /* the keys after q are the menu's next read */
            }
        }
    }
    restore();
    return 0;
}
