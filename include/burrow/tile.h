/* Every tile burrow's generators lay, and one table of their properties.
 * Ids are stable and append-only: they are the output of --format ids and
 * hashes depend on them. */
#ifndef BURROW_TILE_H
#define BURROW_TILE_H

#include <stdint.h>
#include "burrow/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* X(enum suffix, name, glyph, colour, flags, movement cost)
 * Colour: an SGR foreground code (30-37, 90-97) or BW_C256(n), colour n of
 * the 256-colour palette, with BW_BG(code) or'd in for a background
 * (40-47, 100-107).
 * Movement cost: the turns a walker spends to enter the tile, 0 if it never
 * can. Every tile that connects (BW_CONNECTS) costs 1 or more, so a player
 * reaches every cell the connectivity rules promise: rubble, stalactites,
 * stalagmites, pillars, sarcophagi and watchtowers are climbed over (or dug
 * through) at 4, boulders at 6, coffins at 3; cave lichen slows to 3
 * (PUT_LICHEN), shallow water to 2 (wading). */
#define BW_C256(n) (0x100u | (unsigned)(n))
#define BW_BG(code) ((unsigned)(code) << 16)
#define BW_COLOUR_FG(c) ((c) & 0x1ffu)      /* < 0x100: an SGR code; else 256-colour */
#define BW_COLOUR_BG(c) (((c) >> 16) & 0xffu) /* 0: none */
/* A colour's SGR parameters, as the CLI's ansi format and the game write
 * them: "97", "38;5;215", "30;47"; NUL-terminated in buf, which
 * BW_SGR_MAX bytes always hold; returns their length. */
#define BW_SGR_MAX 16
int bw_colour_sgr(uint32_t colour, char *buf);
#define BW_TILE_LIST(X) \
    /* the five dungeons and the building blocks */                         \
    X(ROCK,          "rock wall",        '#', 90, 0, 0)                       \
    X(DIRT,          "dirt",             '.', 33, BW_OPEN, 1)                 \
    X(BWALL,         "building wall",    '#', 97, 0, 0)                       \
    X(WOOD,          "wooden floor",     '_', 33, BW_OPEN, 1)                 \
    X(CRUMBLE_WALL,  "crumbling wall",   '%', 97, 0, 0)                       \
    X(BROKEN_WALL,   "broken wall",      '\'',97, BW_OPEN, 1)                 \
    X(DOOR,          "door",             '+', 93, BW_OPEN, 1)                 \
    X(RUBBLE,        "rubble",           ':', BW_C256(137), BW_CONNECTS, 4)   \
    X(PIT,           "pit",              'O', 35, BW_OPEN | BW_DOWN, 1)       \
    X(DOWN_SLOPE,    "down slope",       '>', BW_C256(133), BW_OPEN | BW_DOWN, 1) \
    X(UP_SLOPE,      "up slope",         '<', 95, BW_OPEN | BW_UP, 1)         \
    X(STONE,         "stone floor",      '.', BW_C256(102), BW_OPEN, 1)       \
    X(CRUMBLE_DIRT,  "crumbling dirt",   ';', 33, BW_OPEN, 1)                 \
    X(LICHEN,        "cave lichen",      '"', 32, BW_OPEN, 3)                 \
    X(WATCHTOWER,    "orc watchtower",   'W', 31, BW_CONNECTS, 4)             \
    X(SHALLOW,       "shallow water",    '~', 96, BW_OPEN, 2)                 \
    X(DEEP,          "deep water",       '}', 34, 0, 0)                       \
    X(SLICK,         "slick rock",       '-', 96, BW_OPEN, 1)                 \
    X(STALACTITE,    "stalactite",       '!', BW_C256(110), BW_CONNECTS, 4)   \
    X(STALAGMITE,    "stalagmite",       'i', BW_C256(109), BW_CONNECTS, 4)   \
    X(BOULDER,       "boulder",          '0', BW_C256(138), BW_CONNECTS, 6)   \
    X(LAVA,          "lava",             '~', 91, 0, 0)                       \
    X(FIERY_PIT,     "fiery pit",        'O', 91, BW_OPEN | BW_DOWN, 1)       \
    X(GRASS,         "grass",            ',', 36, BW_OPEN, 1)                 \
    X(TRUNK,         "tree trunk",       'Q', 31, BW_OPEN | BW_UP, 1)         \
    X(ROOTS,         "roots",            '%', 90, 0, 0)                       \
    X(BRANCH,        "branch",           '=', 33, BW_OPEN, 1)                 \
    X(LEAF,          "leaf",             '*', 92, BW_OPEN, 1)                 \
    X(MUSHROOM,      "mushroom",         'm', 95, BW_OPEN | BW_UP, 1)         \
    X(MUSHROOM_TOP,  "mushroom top",     'n', 35, BW_OPEN | BW_DOWN, 1)       \
    X(VINE,          "vine bridge",      '-', 93, BW_OPEN, 1)                 \
    X(PILLAR,        "pillar",           'I', BW_C256(187), BW_CONNECTS, 4)   \
    X(SARCOPHAGUS,   "sarcophagus",      '&', BW_C256(140), BW_CONNECTS, 4)   \
    X(COFFIN,        "coffin",           'c', 33, BW_CONNECTS, 3)             \
    X(STAIRS,        "stairs down",      '>', BW_C256(214), BW_OPEN | BW_DOWN, 1) \
    X(FLOOR,         "floor",            '.', 37, BW_OPEN, 1)                 \
    X(LADDER,        "ladder up",        'H', 33, BW_OPEN | BW_UP, 1)         \
    /* the mystery dungeon */                                               \
    X(MD_WALL,       "md wall",          '#', 90, 0, 0)                       \
    X(MD_BORDER,     "md border",        '#', 94, 0, 0)                       \
    X(MD_ROOM,       "md room floor",    '.', 37, BW_OPEN, 1)                 \
    X(MD_HALL,       "md hallway",       '.', 33, BW_OPEN, 1)                 \
    X(MD_JUNCTION,   "md junction",      ',', 93, BW_OPEN, 1)                 \
    X(MD_WATER,      "md water",         '~', 34, 0, 0)                       \
    X(MD_SHOP,       "md shop carpet",   '=', 95, BW_OPEN, 1)                 \
    X(MD_HOUSE,      "md monster house", '.', 91, BW_OPEN, 1)                 \
    /* the overworld */                                                     \
    X(OW_SHORT,      "short grass",      '.', 92, BW_OPEN, 1)                 \
    X(OW_TALL,       "tall grass",       ':', 32, BW_OPEN, 1)                 \
    X(OW_WATER,      "water",            '~', 34, 0, 0)                       \
    X(OW_BOULDER,    "boulder field",    '%', 37, 0, 0)                       \
    X(OW_TREE,       "tree",             '^', BW_C256(22), 0, 0)              \
    X(OW_ROAD,       "road",             '#', 33, BW_OPEN, 1)                 \
    X(OW_GATE,       "gate",             '#', 93, BW_OPEN, 1)                 \
    X(OW_MOUNTAIN,   "mountain",         '&', 30 | BW_BG(47), 0, 0)           \
    X(OW_CENTER,     "pokemon center",   'C', 91, 0, 0)                       \
    X(OW_MART,       "pokemart",         'M', 94, 0, 0)                       \
    /* the WallCrawlers */                                                  \
    X(CR_WALL,       "crawler wall",     '#', 37, 0, 0)                       \
    X(CR_OPEN,       "crawler floor",    '.', 37, BW_OPEN, 1)                 \
    /* added later: the crypts' (stairs up below stairs down) and the
     * forest's (the open air between the canopy's branches) */            \
    X(STAIRS_UP,     "stairs up",        '<', BW_C256(45), BW_OPEN | BW_UP, 1) \
    X(AIR,           "open air",         ' ', 37 | BW_BG(44), 0, 0)           \
    /* the overworld's special boulder, placed by a mask (--mask) */        \
    X(OW_SPECIAL,    "special boulder",  'J', BW_C256(215), 0, 0)

/* Flags. BW_CONNECTS: open for connectivity (world rule 3, docs/tiles.md:
 * everything but deep water, rock walls and building walls, plus what a
 * generator's own rules add, such as lava). BW_PASS: a creature can walk
 * onto it (PUT_RUBBLE: rubble is impassable but still counts for
 * connectivity). */
#define BW_CONNECTS 0x01u
#define BW_PASS     0x02u
#define BW_DOWN     0x04u /* links to the level below */
#define BW_UP       0x08u /* links to the level above */
#define BW_OPEN     (BW_CONNECTS | BW_PASS)

enum {
#define BW_TILE_ENUM(id, name, glyph, colour, flags, cost) BW_T_##id,
    BW_TILE_LIST(BW_TILE_ENUM)
#undef BW_TILE_ENUM
    BW_TILE_COUNT
};

typedef struct bw_tile_info {
    const char *name;
    char glyph;
    uint32_t colour; /* see BW_TILE_LIST: SGR or 256-colour, and a background */
    uint8_t flags;
    uint8_t cost;   /* turns to enter; 0 = impassable (see BW_TILE_LIST) */
} bw_tile_info;

extern const bw_tile_info bw_tiles[BW_TILE_COUNT];

/* A grid cell is a byte, and a caller may leave any byte in one. The
 * library reads a cell's byte through BW_TILE_SLOT, its low six bits, so
 * every byte lands inside the tables below and inside a tile set's words:
 * a byte that is no tile id reads as the slot it masks to, which is
 * defined (ids BW_TILE_COUNT..63 are no tile: closed, linking nowhere, in
 * no set), though not meaningful. Tile ids themselves read as themselves. */
#define BW_TILE_SLOTS 64
#define BW_TILE_SLOT(t) ((unsigned)(t) & (BW_TILE_SLOTS - 1u))
/* The flags column of bw_tiles on its own: what the generators read, so a
 * firmware that only generates links 1 byte a tile, not the names. Read a
 * cell's flags with BW_TILE_FLAGS(cell): slots past the last tile are 0. */
extern const uint8_t bw_tile_flags[BW_TILE_SLOTS];
#define BW_TILE_FLAGS(t) (bw_tile_flags[BW_TILE_SLOT(t)])

/* A set of tile ids, for "tiles to ignore", "tiles that count as open". */
typedef struct bw_tileset {
    uint32_t w[4];
} bw_tileset;

/* Whether tile t is in the set, for any byte t (read as BW_TILE_SLOT(t),
 * so words 0 and 1 alone are read; ids are below 64, tile.c checks). */
#define BW_TILESET_HAS(ts, t) (((ts)->w[BW_TILE_SLOT(t) >> 5] >> (BW_TILE_SLOT(t) & 31u)) & 1u)
/* Tile t's bit in word k of a set, for a constant set:
 * { { A(0), A(1), A(2), A(3) } } with A(k) an | of BW_TILESET_BIT(t, k). */
#define BW_TILESET_BIT(t, k) (((unsigned)(t) >> 5) == (k) ? 1u << ((unsigned)(t) & 31u) : 0u)
void bw_tileset_clear(bw_tileset *ts);
/* Any int: an id that is no tile (below 0, or BW_TILE_COUNT and up) adds
 * nothing. BW_TILESET_HAS reads any byte (its slot, above). */
void bw_tileset_add(bw_tileset *ts, int tile);
/* All tiles whose flags include every bit of `flags`. */
void bw_tileset_from_flags(bw_tileset *ts, unsigned flags);

/* The four queries take any int: an id that is no tile (below 0, or
 * BW_TILE_COUNT and up) answers as a closed tile that links nowhere (0),
 * read from no table. */
int bw_tile_connects(int tile);
int bw_tile_passable(int tile);
int bw_tile_link(int tile); /* +1 up, -1 down, 0 none */
/* Turns a walker spends to enter the tile: 1 for plain floor, more for
 * tiles that are climbed, dug or waded through, 0 where no one can go.
 * Nonzero exactly for the tiles that connect (bw_tile_connects). */
int bw_tile_cost(int tile);

#ifdef __cplusplus
}
#endif

#endif
