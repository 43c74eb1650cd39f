/* Tiled export (see tiled.h). Both formats carry the same things, in the
 * attribute names of Tiled 1.8's TMX and JSON map formats:
 *   - one embedded tileset "burrow", 8 x 8 pixel tiles (the core's
 *     tileset, burrow/tileset8.h: what `--format png --scale 8` draws), image
 *     burrow-tiles.png (`burrow tileset`), firstgid 1, so a cell's gid is
 *     its burrow tile id + 1 (gid 0 is Tiled's empty cell, never written);
 *     each tile carries its name, glyph, connects, passable and link;
 *   - per level L, a tile layer "level L" and an object layer
 *     "level L objects": one 8 x 8 rectangle per link tile (type "link")
 *     and per entity (type "entity"), with properties.
 * Host code: stdio is fine here. */
#include <string.h>
#include "image.h"
#include "tiled.h"

#define FIRSTGID 1 /* the gid of burrow tile 0 */
#define PX BW_TILE8

enum { P_STR, P_INT, P_BOOL };

typedef struct prop {
    const char *name;
    int type;
    const char *s; /* P_STR */
    long i;        /* P_INT, P_BOOL */
} prop;

/* A string as an XML attribute value or a JSON string, quotes included. */
static void put_str(FILE *f, int json, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        if (json && (*s == '"' || *s == '\\'))
            fprintf(f, "\\%c", *s);
        else if (!json && strchr("&<>\"'", *s))
            fprintf(f, "&#%d;", *s);
        else
            putc(*s, f);
    }
    putc('"', f);
}

/* A property list; `ind` indents the TMX lines. */
static void put_props(FILE *f, int json, const prop *p, int n, const char *ind)
{
    static const char *const type_name[] = { "string", "int", "bool" };
    int k;
    if (n == 0)
        return;
    fputs(json ? ",\"properties\":[" : "", f);
    if (!json)
        fprintf(f, "%s<properties>\n", ind);
    for (k = 0; k < n; k++) {
        if (json)
            fprintf(f, "%s{\"name\":", k ? "," : "");
        else
            fprintf(f, "%s <property name=", ind);
        put_str(f, json, p[k].name);
        if (json || p[k].type != P_STR) /* TMX: string is the default type */
            fprintf(f, json ? ",\"type\":\"%s\"" : " type=\"%s\"", type_name[p[k].type]);
        fputs(json ? ",\"value\":" : " value=", f);
        if (p[k].type == P_STR)
            put_str(f, json, p[k].s);
        else if (p[k].type == P_INT)
            fprintf(f, json ? "%ld" : "\"%ld\"", p[k].i);
        else
            fprintf(f, json ? "%s" : "\"%s\"", p[k].i ? "true" : "false");
        fputs(json ? "}" : "/>\n", f);
    }
    if (json)
        putc(']', f);
    else
        fprintf(f, "%s</properties>\n", ind);
}

const char *bw_tiled_link_name(int tile)
{
    static const char *const name[] = { "down", "none", "up" };
    return name[bw_tile_link(tile) + 1];
}

/* ---- the tileset ---- */

int bw_tiled_tileset(FILE *out)
{
    uint8_t row[BW_TILE_COUNT * PX * 3];
    bw_image im;
    int t, x, y;
    bw_image_begin(&im, out, 1, BW_TILE_COUNT * PX, PX);
    for (y = 0; y < PX; y++) {
        for (t = 0; t < BW_TILE_COUNT; t++)
            for (x = 0; x < PX; x++)
                bw_tile8_pixel(t, x, y, row + (t * PX + x) * 3);
        bw_image_row(&im, row);
    }
    bw_image_end(&im);
    return 0;
}

static void put_tileset(FILE *f, int json)
{
    int t;
    if (json)
        fprintf(f, "\"tilesets\":[{\"firstgid\":%d,\"name\":\"burrow\",\"image\":\"%s\","
                   "\"imagewidth\":%d,\"imageheight\":%d,\"tilewidth\":%d,\"tileheight\":%d,"
                   "\"tilecount\":%d,\"columns\":%d,\"margin\":0,\"spacing\":0,\"tiles\":[\n",
                FIRSTGID, BW_TILED_IMAGE, BW_TILE_COUNT * PX, PX, PX, PX, BW_TILE_COUNT, BW_TILE_COUNT);
    else
        fprintf(f, " <tileset firstgid=\"%d\" name=\"burrow\" tilewidth=\"%d\" tileheight=\"%d\" "
                   "tilecount=\"%d\" columns=\"%d\">\n  <image source=\"%s\" width=\"%d\" height=\"%d\"/>\n",
                FIRSTGID, PX, PX, BW_TILE_COUNT, BW_TILE_COUNT, BW_TILED_IMAGE, BW_TILE_COUNT * PX, PX);
    for (t = 0; t < BW_TILE_COUNT; t++) {
        char glyph[2] = { bw_tiles[t].glyph, 0 };
        prop p[5];
        p[0].name = "name"; p[0].type = P_STR; p[0].s = bw_tiles[t].name;
        p[1].name = "glyph"; p[1].type = P_STR; p[1].s = glyph;
        p[2].name = "connects"; p[2].type = P_BOOL; p[2].i = bw_tile_connects(t);
        p[3].name = "passable"; p[3].type = P_BOOL; p[3].i = bw_tile_passable(t);
        p[4].name = "link"; p[4].type = P_STR; p[4].s = bw_tiled_link_name(t);
        if (json)
            fprintf(f, "%s{\"id\":%d", t ? ",\n" : "", t);
        else
            fprintf(f, "  <tile id=\"%d\">\n", t);
        put_props(f, json, p, 5, "   ");
        fputs(json ? "}" : "  </tile>\n", f);
    }
    fputs(json ? "]}],\n" : " </tileset>\n", f);
}

/* ---- levels ---- */

/* Level `level` into src->map unless it is there already. A later level
 * takes the options the first one accepted, so its result is not checked
 * (as the CLI's other formats do). */
static void load(const bw_tiled_src *s, int level, int *cur)
{
    if (*cur != level)
        s->make(s->ctx, level);
    *cur = level;
}

static int count_objects(const bw_map *m)
{
    int x, y, n = m->n_ent;
    for (y = 0; y < m->grid.h; y++)
        for (x = 0; x < m->grid.w; x++)
            n += bw_tile_link(BW_AT(&m->grid, x, y)) != 0;
    return n;
}

static void put_tiles(FILE *f, int json, const bw_grid *g, int level, int id, int visible)
{
    prop p[1];
    int x, y;
    p[0].name = "level"; p[0].type = P_INT; p[0].i = level;
    if (json) {
        fprintf(f, "{\"type\":\"tilelayer\",\"id\":%d,\"name\":\"level %d\",\"x\":0,\"y\":0,"
                   "\"width\":%d,\"height\":%d,\"opacity\":1,\"visible\":%s",
                id, level, g->w, g->h, visible ? "true" : "false");
        put_props(f, json, p, 1, "");
        fputs(",\"data\":[\n", f);
    } else {
        fprintf(f, " <layer id=\"%d\" name=\"level %d\" width=\"%d\" height=\"%d\"%s>\n",
                id, level, g->w, g->h, visible ? "" : " visible=\"0\"");
        put_props(f, json, p, 1, "  ");
        fputs("  <data encoding=\"csv\">\n", f);
    }
    for (y = 0; y < g->h; y++) {
        for (x = 0; x < g->w; x++)
            fprintf(f, "%d%s", BW_AT(g, x, y) + FIRSTGID, x < g->w - 1 || y < g->h - 1 ? "," : "");
        putc('\n', f);
    }
    fputs(json ? "]}" : "</data>\n </layer>\n", f);
}

/* One 4 x 4 rectangle on the tile at (x, y). */
static void put_object(FILE *f, int json, int id, const char *name, const char *type, int x, int y,
                       const prop *p, int n)
{
    if (json) {
        fprintf(f, "{\"id\":%d,\"name\":", id);
        put_str(f, json, name);
        fprintf(f, ",\"type\":\"%s\",\"x\":%d,\"y\":%d,\"width\":%d,\"height\":%d,"
                   "\"rotation\":0,\"visible\":true", type, x * PX, y * PX, PX, PX);
    } else {
        fprintf(f, "  <object id=\"%d\" name=", id);
        put_str(f, json, name);
        fprintf(f, " type=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\">\n",
                type, x * PX, y * PX, PX, PX);
    }
    put_props(f, json, p, n, "   ");
    fputs(json ? "}" : "  </object>\n", f);
}

/* The tile under an object: name, id, place. */
static void tile_props(prop *p, const bw_grid *g, int x, int y)
{
    int t = BW_AT(g, x, y);
    p[0].name = "tile"; p[0].type = P_STR; p[0].s = bw_tiles[t].name;
    p[1].name = "tile_id"; p[1].type = P_INT; p[1].i = t;
    p[2].name = "col"; p[2].type = P_INT; p[2].i = x;
    p[3].name = "row"; p[3].type = P_INT; p[3].i = y;
}

/* Links in row order, then entities in the generator's order; returns the
 * next object id. */
static int put_objects(FILE *f, int json, const bw_tiled_src *s, int level, int id, int oid, int visible)
{
    const bw_map *m = s->map;
    prop p[8];
    int x, y, i, n = 0;
    p[0].name = "level"; p[0].type = P_INT; p[0].i = level;
    if (json) {
        fprintf(f, "{\"type\":\"objectgroup\",\"id\":%d,\"name\":\"level %d objects\",\"x\":0,\"y\":0,"
                   "\"opacity\":1,\"visible\":%s,\"draworder\":\"topdown\"",
                id, level, visible ? "true" : "false");
        put_props(f, json, p, 1, "");
        fputs(",\"objects\":[\n", f);
    } else {
        fprintf(f, " <objectgroup id=\"%d\" name=\"level %d objects\"%s>\n", id, level,
                visible ? "" : " visible=\"0\"");
        put_props(f, json, p, 1, "  ");
    }
    for (y = 0; y < m->grid.h; y++)
        for (x = 0; x < m->grid.w; x++) {
            int t = BW_AT(&m->grid, x, y);
            if (!bw_tile_link(t))
                continue;
            p[0].name = "kind"; p[0].type = P_STR; p[0].s = "link";
            p[1].name = "direction"; p[1].type = P_STR; p[1].s = bw_tiled_link_name(t);
            tile_props(p + 2, &m->grid, x, y);
            fputs(json && n++ ? ",\n" : "", f);
            put_object(f, json, oid++, bw_tiles[t].name, "link", x, y, p, 6);
        }
    for (i = 0; i < m->n_ent; i++) {
        const bw_entity *e = &m->ent[i];
        const char *name = s->gen->entity_name ? s->gen->entity_name(e->kind) : "entity";
        p[0].name = "kind"; p[0].type = P_STR; p[0].s = "entity";
        p[1].name = "entity"; p[1].type = P_STR; p[1].s = name;
        p[2].name = "entity_id"; p[2].type = P_INT; p[2].i = e->kind;
        p[3].name = "arg"; p[3].type = P_INT; p[3].i = e->arg;
        tile_props(p + 4, &m->grid, e->x, e->y);
        fputs(json && n++ ? ",\n" : "", f);
        put_object(f, json, oid++, name, "entity", e->x, e->y, p, 8);
    }
    fputs(json ? "]}" : " </objectgroup>\n", f);
    return oid;
}

/* The map's properties: how to make it again with the CLI. */
static int map_props(prop *p, const bw_tiled_src *s, const char *seed, int lo, int hi)
{
    int n = 0;
    p[n].name = "generator"; p[n].type = P_STR; p[n++].s = s->gen->name;
    p[n].name = "seed"; p[n].type = P_STR; p[n++].s = seed; /* 32 bits unsigned: too big for Tiled's int */
    p[n].name = "first_level"; p[n].type = P_INT; p[n++].i = lo;
    p[n].name = "last_level"; p[n].type = P_INT; p[n++].i = hi;
    if (s->gen->id == BW_GEN_MDUNGEON) {
        p[n].name = "layout"; p[n].type = P_INT; p[n++].i = s->opts->layout;
    } else if (s->gen->id == BW_GEN_OVERWORLD) {
        p[n].name = "x"; p[n].type = P_INT; p[n++].i = s->opts->x;
        p[n].name = "y"; p[n].type = P_INT; p[n++].i = s->opts->y;
    } else if (s->gen->id == BW_GEN_ABYSS && s->epoch) {
        p[n].name = "epoch"; p[n].type = P_INT; p[n++].i = (long)s->epoch;
        p[n].name = "px"; p[n].type = P_INT; p[n++].i = s->px;
        p[n].name = "py"; p[n].type = P_INT; p[n++].i = s->py;
    }
    return n;
}

int bw_tiled_write(FILE *f, int json, const bw_tiled_src *s, int lo, int hi)
{
    const bw_grid *g = &s->map->grid;
    char seed[16];
    prop p[8];
    int level, cur = lo, objects = 0, oid = 1, np;

    /* nextobjectid comes first in TMX: count every level's objects */
    for (level = lo; level <= hi; level++) {
        load(s, level, &cur);
        objects += count_objects(s->map);
    }
    sprintf(seed, "%lu", (unsigned long)s->seed);
    np = map_props(p, s, seed, lo, hi);
    /* a crawler design sets the size; every level of a generator shares it */
    if (json) {
        fprintf(f, "{\"type\":\"map\",\"version\":\"1.8\",\"orientation\":\"orthogonal\","
                   "\"renderorder\":\"right-down\",\"width\":%d,\"height\":%d,\"tilewidth\":%d,"
                   "\"tileheight\":%d,\"infinite\":false,\"compressionlevel\":-1,"
                   "\"nextlayerid\":%d,\"nextobjectid\":%d",
                g->w, g->h, PX, PX, 2 * (hi - lo + 1) + 1, objects + 1);
        put_props(f, json, p, np, "");
        fputs(",\n", f);
    } else {
        fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" "
                   "width=\"%d\" height=\"%d\" tilewidth=\"%d\" tileheight=\"%d\" infinite=\"0\" "
                   "nextlayerid=\"%d\" nextobjectid=\"%d\">\n",
                g->w, g->h, PX, PX, 2 * (hi - lo + 1) + 1, objects + 1);
        put_props(f, json, p, np, " ");
    }
    put_tileset(f, json);
    fputs(json ? "\"layers\":[\n" : "", f);
    for (level = lo; level <= hi; level++) {
        int id = 2 * (level - lo) + 1;
        load(s, level, &cur);
        fputs(json && level > lo ? ",\n" : "", f);
        put_tiles(f, json, g, level, id, level == lo);
        fputs(json ? ",\n" : "", f);
        oid = put_objects(f, json, s, level, id + 1, oid, level == lo);
    }
    fputs(json ? "]}\n" : "</map>\n", f);
    return 0;
}
