/* gba.c: burrow's Game Boy Advance ROM (make gba). Held at power-on, L + R
 * + Select start the self-test: every level of tests/golden/levels.tsv the
 * ROM can make (build/gba/rows.h) is generated, its grid hash and the
 * cycles it took (timers TM0 + TM1 cascaded, 16.78 MHz) are printed
 * through mGBA's debug output, one line a level:
 *     golden INDEX GENERATOR LEVEL SEED HASH CYCLES
 * then `end`. tests/gba/harness.c compares the hashes with the desktop's.
 *
 * Otherwise the ROM shows a level of the Orc Mines as a Mode 0 tiled
 * background, 8 x 8 tiles drawn in code from the core's tileset
 * (burrow/tileset8.h), around the player; the D-pad moves through the game
 * loop of play.h. */
#include "play.h"
#include "burrow/port.h"
#include "burrow/tileset8.h"
#include "gba.h"

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

static void put(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    bw_port_write(s, n);
}

static void put_u(uint32_t v)
{
    char b[12];
    int i = 11;
    b[i] = 0;
    do {
        b[--i] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    put(" ");
    put(b + i);
}

static void put_x(uint32_t v)
{
    char b[10];
    int i;
    b[0] = ' ';
    for (i = 8; i >= 1; i--, v >>= 4)
        b[i] = "0123456789abcdef"[v & 15u];
    b[9] = 0;
    put(b);
}

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

/* ---- the screen: BG0 the map (8 bpp tiles in char block 0, map in
 * screen block 30), 30 x 20 tiles around the player ---- */

static uint16_t rgb555(const uint8_t c[3])
{
    return (uint16_t)((c[0] >> 3) | (c[1] >> 3) << 5 | (c[2] >> 3) << 10);
}

/* Palette index of a colour, added when new (255 at most; the tile table
 * has far fewer distinct colours). */
static unsigned colour(uint16_t c)
{
    static unsigned n = 1;
    unsigned i;
    for (i = 1; i < n; i++)
        if (PAL_BG[i] == c)
            return i;
    if (n == 256)
        return 0;
    PAL_BG[n] = c;
    return n++;
}

/* Tile t's 64 pixels, one byte each (8 bpp), written 16 bits at a time:
 * VRAM takes no byte writes. */
static void draw_tiles(void)
{
    int t, x, y;
    PAL_BG[0] = 0;
    for (t = 0; t < BW_TILE_COUNT; t++) {
        volatile uint16_t *d = VRAM + t * 32;
        for (y = 0; y < 8; y++)
            for (x = 0; x < 8; x += 2) {
                uint8_t a[3], b[3];
                bw_tile8_pixel(t, x, y, a);
                bw_tile8_pixel(t, x + 1, y, b);
                d[y * 4 + x / 2] = (uint16_t)(colour(rgb555(a)) | colour(rgb555(b)) << 8);
            }
    }
}

#define SCREEN_W 30
#define SCREEN_H 20
#define MAP_SB 30

static void draw_map(void)
{
    const bw_grid *gr = &game.map->grid;
    volatile uint16_t *sb = VRAM + MAP_SB * 1024;
    int x0 = game.x - SCREEN_W / 2, y0 = game.y - SCREEN_H / 2, x, y;
    for (y = 0; y < SCREEN_H; y++)
        for (x = 0; x < SCREEN_W; x++) {
            int mx = x0 + x, my = y0 + y, t = 0;
            if (mx >= 0 && my >= 0 && mx < gr->w && my < gr->h)
                t = BW_AT(gr, mx, my);
            if (mx == game.x && my == game.y)
                t = BW_TILE_COUNT; /* the player */
            sb[y * 32 + x] = (uint16_t)t;
        }
}

static void draw_player_tile(void)
{
    volatile uint16_t *d = VRAM + BW_TILE_COUNT * 32;
    uint8_t yellow[3] = { 255, 255, 0 };
    unsigned c = colour(rgb555(yellow));
    int y;
    for (y = 0; y < 32; y++)
        d[y] = 0;
    for (y = 2; y < 6; y++) {
        d[y * 4 + 1] = (uint16_t)(c << 8);
        d[y * 4 + 2] = (uint16_t)c;
    }
}

static int key_of(uint16_t pressed)
{
    if (pressed & KEY_UP) return PLAY_KEY_UP;
    if (pressed & KEY_DOWN) return PLAY_KEY_DOWN;
    if (pressed & KEY_LEFT) return PLAY_KEY_LEFT;
    if (pressed & KEY_RIGHT) return PLAY_KEY_RIGHT;
    if (pressed & KEY_A) return '>';
    if (pressed & KEY_B) return '<';
    return 0;
}

int main(void)
{
    uint16_t held, last = 0;
    bw_opts o = { 0, 0, 0, 0 };
    gba_timer_start();
    held = (uint16_t)~REG_KEYINPUT & 0x3ffu;
    if ((held & (KEY_L | KEY_R | KEY_SELECT)) == (KEY_L | KEY_R | KEY_SELECT)) {
        self_test();
        bw_port_exit(0);
    }
    game.cols = 80;
    game.rows = 24;
    if (play_start(&game, &mem, 0, bw_generator_find("mines"), 1, &o, 1) != 0)
        bw_port_exit(2);
    draw_tiles();
    draw_player_tile();
    REG_BG0CNT = (uint16_t)(0x80 | MAP_SB << 8); /* 8 bpp, char block 0 */
    REG_DISPCNT = 0x100;                         /* mode 0, BG0 on */
    for (;;) {
        uint16_t now, pressed;
        int key;
        gba_vsync();
        draw_map();
        now = (uint16_t)~REG_KEYINPUT & 0x3ffu;
        pressed = (uint16_t)(now & ~last);
        last = now;
        key = key_of(pressed);
        if (key)
            play_key(&game, key);
    }
}
