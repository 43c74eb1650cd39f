/* gba.c: burrow's Game Boy Advance ROM (make gba): the game of play.h on
 * the console, and two modes for the headless tests.
 *
 * Held at power-on, L + R + Select start the self-test: every level of
 * tests/golden/levels.tsv the
 * ROM can make (build/gba/rows.h) is generated, its grid hash and the
 * cycles it took (timers TM0 + TM1 cascaded, 16.78 MHz) are printed
 * through mGBA's debug output, one line a level:
 *     golden INDEX GENERATOR LEVEL SEED HASH CYCLES
 * then `end`. tests/gba/harness.c compares the hashes with the desktop's.
 * Held at power-on, L + R alone start the game traced: every press the
 * ROM takes prints one line, and every key the game takes folds the hash
 * of the screen play_draw would draw on the desktop's 80 x 24 terminal,
 * as test_play does, so the harness compares a key script's fold with the
 * desktop's golden (tests/play/scripts.tsv). The traced Abyss regenerates
 * every 5 turns, as those scripts do.
 *
 * The game: a title screen picks the generator (all of them) and the seed;
 * the map is a Mode 0 tiled background (BG0, 8 bpp) of the core's 8 x 8
 * tileset (burrow/tileset8.h) in the tile table's colours, what was seen
 * but is out of sight at half brightness, 30 x 17 tiles around the player;
 * the three text rows under it (BG1, gba_text.c) are the lines play_draw
 * writes under its map: the overworld's place, the status line and the
 * message. The D-pad moves (one direction held and another pressed: a
 * diagonal), A takes a link down, B a link up, Select waits a turn, Start
 * opens the menu; L and R do nothing. */
#include "play.h"
#include "burrow/port.h"
#include "burrow/tileset8.h"
#include "gba.h"
#include "out.h"
#include "gba_text.h"

typedef struct row {
    const char *gen;
    int level;
    uint32_t seed;
    int layout, x, y;
} row;

static const row rows[] = {
#include "rows.h"
};

/* The map in EWRAM: 17 KiB would crowd IWRAM's 32 KiB. */
static play_memory mem __attribute__((section(".ewram_bss")));
static play_game game;

static void self_test(void)
{
    unsigned i;
    put("gba self-test\n");
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const bw_generator *gen = bw_generator_find(rows[i].gen);
        bw_opts o = { 0, 0, 0, 0 };
        uint32_t t0, t1;
        int err;
        o.layout = rows[i].layout;
        o.x = rows[i].x;
        o.y = rows[i].y;
        t0 = bw_port_counter();
        err = gen ? gen->generate(&mem.map, rows[i].seed, rows[i].level, &o) : -1;
        t1 = bw_port_counter();
        put("golden");
        put_u(i);
        put(" ");
        put(rows[i].gen);
        put_u((uint32_t)rows[i].level);
        put_u(rows[i].seed);
        if (err)
            put(" error");
        else
            put_x(bw_grid_hash(&mem.map.grid));
        put_u(t1 - t0);
        put("\n");
    }
    put("end\n");
}

/* ---- the map: BG0, 8 bpp tiles in char block 0, its map in screen
 * block 30; 30 x 17 tiles around the player ---- */

#define MAP_SB 30
#define VIEW_W 30
#define VIEW_H (TEXT_ROWS - 3)
#define T_DIM BW_TILE_COUNT          /* BW_TILE_COUNT + t: tile t at half brightness */
#define T_PLAYER (2 * BW_TILE_COUNT)
#define T_BLANK (2 * BW_TILE_COUNT + 1)
#define T_ENTITY (2 * BW_TILE_COUNT + 2) /* the entities' tiles, made as they are first seen */
#define ENTITY_TILES 16                   /* 8 kinds at two brightnesses: the game has 4 */
#define MAP_COLOURS 240              /* 8 bpp colours 1..239; 240..255 the text's bank */

static uint16_t rgb555(const uint8_t c[3], int shift)
{
    return (uint16_t)((c[0] >> shift) | (c[1] >> shift) << 5 | (c[2] >> shift) << 10);
}

/* Palette index of a colour, added when new (black when the palette is
 * full; the tile table has far fewer distinct colours). */
static unsigned colour(uint16_t c)
{
    static unsigned n = 1, last; /* last: the index found the call before */
    unsigned i;
    if (last && PAL_BG[last] == c) /* a tile's pixels come in runs of a colour */
        return last;
    for (i = 1; i < n; i++)
        if (PAL_BG[i] == c)
            return last = i;
    if (n == MAP_COLOURS)
        return 0;
    PAL_BG[n] = c;
    return last = n++;
}

/* Tile `at` from tile t of the core's tileset, its colours shifted right
 * by `shift` (3: as they are, 4: half bright). A tile is its pattern in
 * two colours, so each is looked up once, at the first pixel that shows
 * it; 64 pixels, a byte each, written 16 bits at a time: VRAM takes no
 * byte writes. */
static void tile_from(int at, int t, int shift)
{
    volatile uint16_t *d = VRAM + at * 32;
    unsigned ink[2] = { 0, 0 }; /* the background, the foreground */
    int found[2] = { 0, 0 }, x, y;
    for (y = 0; y < 8; y++) {
        unsigned bits = bw_tile8_row(t, y);
        for (x = 0; x < 8; x++) {
            unsigned set = bits >> (7 - x) & 1u;
            if (!found[set]) {
                uint8_t c[3];
                bw_tile8_pixel(t, x, y, c);
                ink[set] = colour(rgb555(c, shift));
                found[set] = 1;
            }
        }
        for (x = 0; x < 8; x += 2)
            d[y * 4 + x / 2] = (uint16_t)(ink[bits >> (7 - x) & 1u] | ink[bits >> (6 - x) & 1u] << 8);
    }
}

/* The player: a yellow figure on black. */
static void player_tile(void)
{
    static const uint8_t shape[8] = { 0x18, 0x18, 0x7e, 0x18, 0x18, 0x24, 0x42, 0 };
    volatile uint16_t *d = VRAM + T_PLAYER * 32;
    uint8_t yellow[3] = { 255, 255, 0 };
    uint16_t c = (uint16_t)colour(rgb555(yellow, 3));
    int x, y;
    for (y = 0; y < 8; y++)
        for (x = 0; x < 8; x += 2)
            d[y * 4 + x / 2] = (uint16_t)((shape[y] >> (7 - x) & 1 ? c : 0) | (shape[y] >> (6 - x) & 1 ? c : 0) << 8);
}

static void map_init(void)
{
    volatile uint16_t *blank = VRAM + T_BLANK * 32;
    int t;
    PAL_BG[0] = 0;
    for (t = 0; t < BW_TILE_COUNT; t++) {
        tile_from(t, t, 3);
        tile_from(T_DIM + t, t, 4);
    }
    player_tile();
    for (t = 0; t < 32; t++)
        blank[t] = 0;
    for (t = 0; t < 32 * 32; t++) /* the rows under the map's 17 too */
        VRAM[MAP_SB * 1024 + t] = T_BLANK;
    REG_BG0CNT = (uint16_t)(0x80 | 1 | MAP_SB << 8); /* 8 bpp, char block 0, priority 1 */
}

/* The first map column (row) on screen: the player in the middle, the
 * window kept inside the map as the terminal's is; a map narrower than
 * the screen sits in its middle. */
static int origin(int p, int size, int view)
{
    if (size <= view)
        return -(view - size) / 2;
    p -= view / 2;
    return p < 0 ? 0 : p > size - view ? size - view : p;
}

/* Pixel p (0..7) of a glyph row drawn at twice its width from pixel 1:
 * pixels 1-2 its left column, 3-4 the middle, 5-6 the right. */
static unsigned wide_pixel(unsigned bits, int p, unsigned c)
{
    return p >= 1 && p <= 6 && (bits >> (2 - (p - 1) / 2) & 1u) ? c : 0;
}

/* The tile of an entity's glyph in its colour (half bright when dim), on
 * black: the glyph at twice its width. Made on first use; 0 when the
 * tiles are all taken. */
static int entity_tile(int glyph, unsigned sgr, int dim)
{
    static uint16_t made[ENTITY_TILES]; /* glyph | sgr << 8 | dim << 15 */
    static int n;
    uint16_t id = (uint16_t)(glyph | (sgr & 0x7fu) << 8 | dim << 15);
    volatile uint16_t *d;
    unsigned g = text_glyph((unsigned char)glyph), c;
    uint8_t rgb[3];
    int i, x, y;
    for (i = 0; i < n; i++)
        if (made[i] == id)
            return T_ENTITY + i;
    if (n == ENTITY_TILES)
        return 0;
    made[n] = id;
    bw_sgr_rgb(sgr, rgb);
    c = colour(rgb555(rgb, dim ? 4 : 3));
    d = VRAM + (T_ENTITY + n) * 32;
    for (y = 0; y < 8; y++) {
        unsigned bits = y >= 1 && y < 6 ? g >> (3 * (5 - y)) & 7u : 0;
        for (x = 0; x < 8; x += 2)
            d[y * 4 + x / 2] = (uint16_t)(wide_pixel(bits, x, c) | wide_pixel(bits, x + 1, c) << 8);
    }
    return T_ENTITY + n++;
}

/* What play_draw's map shows: in sight the tile or the entity on it, seen
 * before the same at half brightness, else nothing. */
static void draw_map(void)
{
    const bw_map *m = game.map;
    volatile uint16_t *sb = VRAM + MAP_SB * 1024;
    int ox = origin(game.x, m->grid.w, VIEW_W), oy = origin(game.y, m->grid.h, VIEW_H), x, y;
    for (y = 0; y < VIEW_H; y++)
        for (x = 0; x < VIEW_W; x++) {
            int mx = ox + x, my = oy + y, t = T_BLANK;
            if (mx >= 0 && my >= 0 && mx < m->grid.w && my < m->grid.h) {
                if (mx == game.x && my == game.y)
                    t = T_PLAYER;
                else if (BW_PGET(&m->a, mx, my))
                    t = BW_AT(&m->grid, mx, my);
                else if (BW_PGET(game.seen, mx, my))
                    t = T_DIM + BW_AT(&m->grid, mx, my);
                if (t != T_PLAYER && t != T_BLANK) {
                    unsigned sgr;
                    int e = play_entity(&game, mx, my, &sgr), et;
                    if (e && (et = entity_tile(e, sgr, t >= T_DIM)) != 0)
                        t = et;
                }
            }
            sb[y * 32 + x] = (uint16_t)t;
        }
}

/* ---- play_draw's text into the text layer: escape sequences dropped,
 * rows from `from` on kept ---- */

typedef struct capture {
    int row, col, esc, from;
} capture;

static void capture_out(void *ctx, const char *s, size_t n)
{
    capture *c = (capture *)ctx;
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned char b = (unsigned char)s[i];
        if (c->esc == 1) {
            c->esc = b == '[' ? 2 : 0;
        } else if (c->esc == 2) {
            if (b >= 0x40 && b <= 0x7e)
                c->esc = 0;
        } else if (b == 27) {
            c->esc = 1;
        } else if (b == '\n') {
            c->row++;
        } else if (b == '\r') {
            c->col = 0;
        } else if (b < 0x80 || b >= 0xc0) { /* a UTF-8 sequence is one character */
            if (c->row >= c->from && c->row < TEXT_ROWS && c->col < TEXT_COLS)
                text_want[c->row][c->col] = b < 0x80 ? b : '?';
            c->col++;
        }
    }
}

/* The text layer from play_draw: under the map (map 1) its three rows
 * under its own map, which play_draw then draws on its smallest screen
 * (PLAY_MIN_ROWS: the rows under its map are the same, and it writes
 * 9 map rows instead of 17 the tiles show anyway); else the whole screen
 * (help, messages). */
static void text_from_game(int map)
{
    play_game t = game;
    capture c = { 0, 0, 0, 0 };
    int from = map ? TEXT_ROWS - 3 : 0;
    if (map)
        t.rows = PLAY_MIN_ROWS;
    c.from = from;
    c.row = TEXT_ROWS - t.rows; /* its last row on the layer's last */
    text_clear(0, from, 0);
    text_clear(from, TEXT_ROWS, ' ');
    play_draw(&t, capture_out, &c);
}

/* ---- the trace (L + R at power-on) ---- */

static int tracing;
static uint32_t fold;

static void no_output(void *ctx, const char *s, size_t n)
{
    (void)ctx;
    (void)s;
    (void)n;
}

/* test_play's fold: FNV-1a over the four bytes of each screen's hash, the
 * screen as the desktop's scripts draw it (80 x 24, colour). */
static void fold_screen(void)
{
    play_game t = game;
    uint32_t h;
    uint8_t b[4];
    t.cols = 80;
    t.rows = 24;
    t.colour = 1;
    h = play_draw(&t, no_output, 0);
    b[0] = (uint8_t)h;
    b[1] = (uint8_t)(h >> 8);
    b[2] = (uint8_t)(h >> 16);
    b[3] = (uint8_t)(h >> 24);
    fold = bw_grid_fnv1a(fold, b, 4);
}

static void trace_game(const char *what)
{
    if (!tracing)
        return;
    put(what);
    put(" ");
    put(game.gen->name);
    put_u(game.seed);
    put_u((uint32_t)game.level);
    put_u(game.level_changes);
    put_u(game.turn);
    put_u((uint32_t)game.x);
    put_u((uint32_t)game.y);
    put_x(fold);
    put("\n");
}

static void trace(const char *what, uint32_t v)
{
    if (!tracing)
        return;
    put(what);
    put_u(v);
    put("\n");
}

/* ---- the screens ---- */

enum { S_TITLE, S_GAME, S_MENU, S_CONTROLS };
static int screen;

/* The title: the generator, then the seed's ten digits, one field under
 * the cursor; the seed is clamped to 32 bits as it is typed. */
static int title_gen, title_at;
static char digits[11] = "0000000001";

static uint32_t title_seed(void)
{
    uint32_t v = 0;
    int i;
    for (i = 0; i < 10; i++)
        v = v * 10u + (uint32_t)(digits[i] - '0');
    return v;
}

static void set_digits(uint32_t v)
{
    int i;
    for (i = 9; i >= 0; i--, v /= 10u)
        digits[i] = (char)('0' + v % 10u);
}

static void clamp_digits(void)
{
    static const char max[11] = "4294967295";
    int i;
    for (i = 0; i < 10 && digits[i] == max[i]; i++)
        ;
    if (i < 10 && digits[i] > max[i])
        set_digits(0xffffffffu);
}

static void draw_title(void)
{
    text_clear(0, TEXT_ROWS, ' ');
    text_put(27, 2, "BURROW");
    text_put(14, 4, "roguelike levels in fixed memory");
    text_put(12, 8, "Generator");
    text_put(24, 8, bw_generators[title_gen].name);
    text_put(12, 10, "Seed");
    text_put(24, 10, digits);
    if (title_at == 0)
        text_put(22, 8, ">");
    else
        text_put(23 + title_at, 11, "^");
    text_put(8, 14, "Left, Right: the field or digit  Up, Down: change it");
    text_put(8, 16, "A or Start: play   Start in the game: the menu");
}

static void title_key(uint16_t pressed)
{
    if (pressed & (KEY_A | KEY_START)) {
        screen = S_GAME;
        return;
    }
    if (pressed & KEY_LEFT)
        title_at = title_at > 0 ? title_at - 1 : 10;
    if (pressed & KEY_RIGHT)
        title_at = title_at < 10 ? title_at + 1 : 0;
    if (pressed & (KEY_UP | KEY_DOWN)) {
        int d = pressed & KEY_DOWN ? 1 : -1;
        if (title_at == 0) {
            title_gen = (title_gen + bw_generator_count + d) % bw_generator_count;
        } else {
            char *c = &digits[title_at - 1];
            /* Up adds one, as a number is counted up */
            *c = (char)('0' + (*c - '0' + 10 - d) % 10);
            clamp_digits();
        }
    }
}

/* The key lines of play's help page ("Tiles and links"), for the pad. */
static const char *const pad_keys[] = {
    "Keys (any key goes back)",
    " D-pad: move (one held, another pressed: diagonal)",
    " A: take a link down   B: take a link up",
    " Select: wait a turn   Start: the menu",
};

/* Starts the title's game; 0, or -1 when the generator refuses it. */
static int start_game(void)
{
    bw_opts o = { 0, 0, 0, 0 };
    const bw_generator *gen = &bw_generators[title_gen];
    game.cols = TEXT_COLS;
    game.rows = TEXT_ROWS;
    game.colour = 0;
    game.abyss_every = tracing ? 5 : 0;
    if (play_start(&game, &mem, 0, gen, title_seed(), &o, 1) != 0)
        return -1;
    game.keys = pad_keys; /* the help page names the pad's keys */
    game.n_keys = (int)(sizeof pad_keys / sizeof pad_keys[0]);
    fold = BW_GRID_FNV1A_INIT;
    fold_screen();
    trace_game("start");
    return 0;
}

/* The menu over the map. */
static const char *const menu_items[] = { "Controls", "Tiles and links", "New seed", "Title screen",
                                          "Back to the game" };
#define MENU_N (int)(sizeof menu_items / sizeof menu_items[0])
static int menu_at;

static void draw_menu(void)
{
    int i;
    text_from_game(1); /* the status rows stay */
    for (i = 0; i < MENU_N + 4; i++)
        text_put(18, 4 + i, "                        ");
    text_put(21, 5, "Menu");
    for (i = 0; i < MENU_N; i++)
        text_put(23, 7 + i, menu_items[i]);
    text_put(21, 7 + menu_at, ">");
}

static void draw_controls(void)
{
    static const char *const lines[] = {
        "Controls",
        "",
        "D-pad       move (hold one way, press another: diagonal)",
        "A           take a link down (stairs, a ladder, a trunk)",
        "B           take a link up",
        "Select      wait a turn",
        "Start       this menu",
        "L, R        nothing",
        "",
        "The map: what is in sight in its colours, what was seen",
        "before at half brightness. Under it: where you are, the",
        "turn, the tile you stand on, and the last message.",
        "",
        "Any key: back to the game",
    };
    unsigned i;
    text_clear(0, TEXT_ROWS, ' ');
    for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
        text_put(2, 2 + (int)i, lines[i]);
}

/* ---- keys ---- */

#define DPAD (KEY_UP | KEY_DOWN | KEY_LEFT | KEY_RIGHT)

/* The game's key for a press: a direction pressed while another is held
 * is the diagonal (y u b n), as on the terminal's keys. */
static int game_key(uint16_t pressed, uint16_t held)
{
    if (pressed & DPAD) {
        int up = (held & KEY_UP) != 0, down = (held & KEY_DOWN) != 0;
        int left = (held & KEY_LEFT) != 0, right = (held & KEY_RIGHT) != 0;
        if (up && down)
            up = down = 0;
        if (left && right)
            left = right = 0;
        if (up)
            return left ? 'y' : right ? 'u' : 'k';
        if (down)
            return left ? 'b' : right ? 'n' : 'j';
        if (left)
            return 'h';
        if (right)
            return 'l';
        return 0;
    }
    if (pressed & KEY_A)
        return '>';
    if (pressed & KEY_B)
        return '<';
    if (pressed & KEY_SELECT)
        return '.';
    return 0;
}

static void game_press(uint16_t pressed, uint16_t held)
{
    int key;
    if ((pressed & KEY_START) && game.mode == PLAY_MAP) {
        screen = S_MENU;
        menu_at = 0;
        trace("menu", 0);
        return;
    }
    key = pressed & KEY_START ? 27 : game_key(pressed, held); /* Start closes play's own screens */
    /* L and R are ignored; traced, they fold the unchanged screen, as an
     * Enter in a desktop key script does */
    if (!key && !(pressed & (KEY_L | KEY_R))) {
        trace("none", 0);
        return;
    }
    if (key)
        play_key(&game, key);
    if (tracing)
        fold_screen();
    trace_game("play");
}

static void menu_press(uint16_t pressed)
{
    if (pressed & (KEY_B | KEY_START)) {
        screen = S_GAME;
    } else if (pressed & KEY_UP) {
        menu_at = (menu_at + MENU_N - 1) % MENU_N;
    } else if (pressed & KEY_DOWN) {
        menu_at = (menu_at + 1) % MENU_N;
    } else if (pressed & KEY_A) {
        switch (menu_at) {
        case 0: screen = S_CONTROLS; break;
        case 1: screen = S_GAME; play_key(&game, '?'); break;
        case 2:
            set_digits(bw_port_entropy() ^ game.seed);
            clamp_digits();
            screen = start_game() == 0 ? S_GAME : S_TITLE;
            return;
        case 3: screen = S_TITLE; break;
        default: screen = S_GAME; break;
        }
    }
    trace("menu", (uint32_t)menu_at);
}

static void draw(void)
{
    switch (screen) {
    case S_TITLE:
        draw_title();
        REG_DISPCNT = 0x200; /* mode 0, BG1 */
        break;
    case S_MENU:
        draw_menu();
        draw_map();
        REG_DISPCNT = 0x300; /* mode 0, BG0 and BG1 */
        break;
    case S_CONTROLS:
        draw_controls();
        REG_DISPCNT = 0x200;
        break;
    default:
        if (game.mode == PLAY_MAP) {
            text_from_game(1);
            draw_map();
            REG_DISPCNT = 0x300;
        } else {
            text_from_game(0);
            REG_DISPCNT = 0x200;
        }
    }
}

/* Frames a direction is held before it repeats, and then between repeats. */
#define REPEAT_DELAY 15
#define REPEAT_EVERY 5

int main(void)
{
    uint16_t held, last;
    uint32_t t0;
    int hold = 0;
    gba_timer_start();
    held = (uint16_t)~REG_KEYINPUT & 0x3ffu;
    if ((held & (KEY_L | KEY_R | KEY_SELECT)) == (KEY_L | KEY_R | KEY_SELECT)) {
        self_test();
        bw_port_exit(0);
    }
    tracing = (held & (KEY_L | KEY_R)) == (KEY_L | KEY_R);
    last = held;
    REG_DISPCNT = 0x80; /* forced blank while the tiles are drawn */
    t0 = bw_port_counter();
    map_init();
    text_init();
    screen = S_TITLE;
    draw();
    text_flush();
    trace("ready", bw_port_counter() - t0); /* the cycles the start took */
    for (;;) {
        uint16_t now, pressed;
        gba_vsync();
        text_flush();
        now = (uint16_t)~REG_KEYINPUT & 0x3ffu;
        pressed = (uint16_t)(now & ~last);
        /* a direction held repeats */
        if ((now & DPAD) && (now & DPAD) == (last & DPAD)) {
            if (++hold >= REPEAT_DELAY && (hold - REPEAT_DELAY) % REPEAT_EVERY == 0)
                pressed = (uint16_t)(pressed | (now & DPAD));
        } else {
            hold = 0;
        }
        if (last && !now && tracing)
            put("up\n");
        last = now;
        if (!pressed)
            continue;
        switch (screen) {
        case S_TITLE:
            title_key(pressed);
            if (screen == S_GAME && start_game() != 0)
                screen = S_TITLE;
            if (screen == S_TITLE)
                trace("title", title_seed());
            break;
        case S_GAME: game_press(pressed, now); break;
        case S_MENU: menu_press(pressed); break;
        default: screen = S_GAME; trace("back", 0); break;
        }
        draw();
    }
}
