#!/usr/bin/env python3
"""Checks for tests/tiled.sh, on the Python standard library alone.

  tiled_check.py png-equal A.png B.png
      decodes both PNGs (8-bit RGB or RGBA, any filter) and compares them
      pixel for pixel; every pixel must be opaque.
  tiled_check.py png-ppm A.png B.ppm
      checks the decoder: A decodes to the pixels of the binary PPM B.
  tiled_check.py json-same A.json B.json
      the two JSON maps are the same but for key and property order and
      Tiled's "tiledversion" (A: Tiled's own export of burrow's map).
  tiled_check.py map tmx|json MAP IDS TILES [LEVEL...]
      reads a burrow map in Tiled's TMX or JSON format and checks it against
      `burrow ... --format ids` (IDS, one or more levels) and `burrow tiles`
      (TILES): each level's tile layer holds the ids plus firstgid, its
      object layer holds one link object per link tile and one entity object
      per entity line, and the tileset names every tile as `burrow tiles`.
      Without LEVELs, every level in IDS is checked.
Prints one line and exits 1 on the first difference.
"""
import json
import struct
import sys
import xml.etree.ElementTree as ET
import zlib


def fail(msg):
    print(msg)
    sys.exit(1)


# ---- PNG ----

def png_pixels(path):
    """(width, height, [r, g, b, a] planes as bytes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s: not a PNG" % path)
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]:
            fail("%s: bad CRC in %s" % (path, kind.decode()))
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                fail("%s: only 8-bit RGB/RGBA, not interlaced (depth %d type %d)" % (path, depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    if w is None:
        fail("%s: no IHDR" % path)
    raw = zlib.decompress(idat)
    stride = w * bpp
    out, prev = bytearray(), bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f > 4:
            fail("%s: bad filter %d" % (path, f))
        for i in range(stride if f else 0):  # PNG filters 1..4: sub, up, average, Paeth
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            else:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    planes = [bytes(out[k::bpp]) for k in range(3)]
    return w, h, planes + [bytes(out[3::4]) if bpp == 4 else b"\xff" * (w * h)]


def png_equal(a, b):
    wa, ha, pa = png_pixels(a)
    wb, hb, pb = png_pixels(b)
    if (wa, ha) != (wb, hb):
        fail("sizes differ: %s %dx%d, %s %dx%d" % (a, wa, ha, b, wb, hb))
    if pa != pb or pa[3] != b"\xff" * (wa * ha):
        k = next(k for k in range(wa * ha) if [p[k] for p in pa] != [p[k] for p in pb] or pa[3][k] != 255)
        fail("pixel (%d, %d) differs: %s %s, %s %s" %
             (k % wa, k // wa, a, [p[k] for p in pa], b, [p[k] for p in pb]))
    print("%d x %d pixels equal" % (wa, ha))


def png_ppm(a, b):
    """The decoder itself checked: a PNG against a binary PPM of it."""
    w, h, p = png_pixels(a)
    head = b"P6\n%d %d\n255\n" % (w, h)
    data = open(b, "rb").read()
    rgb = bytearray(w * h * 3)
    for k in range(3):
        rgb[k::3] = p[k]
    if data != head + rgb:
        fail("%s does not decode to %s" % (a, b))
    print("%d x %d pixels as the PPM" % (w, h))


# ---- maps ----

def read_ids(path):
    """{level: (grid rows, [(x, y, kind name, arg)])} from --format ids."""
    levels, cur, want = {}, None, 0
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        f = lines[i].split()
        i += 1
        if not f:
            continue
        if f[0] == "level":
            cur = int(f[1])
            h = int(f[3])
            levels[cur] = ([list(map(int, lines[i + k].split())) for k in range(h)], [])
            i += h
        elif f[0] == "entities":
            for k in range(int(f[1])):
                x, y, name, arg = lines[i + k].split()
                levels[cur][1].append((int(x), int(y), name.replace("_", " "), int(arg)))
            i += int(f[1])
    return levels


def read_tiles(path):
    """[(name, link)] by id from `burrow tiles`."""
    rows = [l.split("\t") for l in open(path).read().strip().split("\n")[1:]]
    return [(r[2], r[4]) for r in rows]


def props_xml(el):
    out = {}
    for p in el.findall("properties/property"):
        t, v = p.get("type", "string"), p.get("value")
        out[p.get("name")] = int(v) if t == "int" else (v == "true") if t == "bool" else v
    return out


def props_json(d):
    return {p["name"]: p["value"] for p in d.get("properties", [])}


def load_map(fmt, path):
    """A format-free view: size, firstgid, tileset tile names, layers."""
    m = {"tile_layers": {}, "object_layers": {}, "tile_names": {}}
    if fmt == "tmx":
        root = ET.parse(path).getroot()
        if root.tag != "map" or root.get("orientation") != "orthogonal":
            fail("not an orthogonal TMX map")
        m["w"], m["h"] = int(root.get("width")), int(root.get("height"))
        m["nextobjectid"] = int(root.get("nextobjectid"))
        ts = root.find("tileset")
        m["firstgid"], m["image"] = int(ts.get("firstgid")), ts.find("image").get("source")
        for t in ts.findall("tile"):
            m["tile_names"][int(t.get("id"))] = props_xml(t)["name"]
        for lay in root:
            if lay.tag == "layer":
                d = lay.find("data")
                if d.get("encoding") != "csv":
                    fail("layer %s is not CSV" % lay.get("name"))
                m["tile_layers"][lay.get("name")] = [int(v) for v in d.text.replace("\n", "").split(",")]
            elif lay.tag == "objectgroup":
                m["object_layers"][lay.get("name")] = [
                    dict(id=int(o.get("id")), name=o.get("name"), type=o.get("type"),
                         x=int(o.get("x")), y=int(o.get("y")), props=props_xml(o)) for o in lay.findall("object")]
    else:
        root = json.load(open(path))
        if root.get("type") != "map" or root.get("orientation") != "orthogonal":
            fail("not an orthogonal JSON map")
        if not isinstance(root.get("version"), str):
            fail("JSON version is not a string")
        m["w"], m["h"], m["nextobjectid"] = root["width"], root["height"], root["nextobjectid"]
        ts = root["tilesets"][0]
        m["firstgid"], m["image"] = ts["firstgid"], ts["image"]
        for t in ts.get("tiles", []):
            m["tile_names"][t["id"]] = props_json(t)["name"]
        for lay in root["layers"]:
            if lay["type"] == "tilelayer":
                m["tile_layers"][lay["name"]] = lay["data"]
            elif lay["type"] == "objectgroup":
                m["object_layers"][lay["name"]] = [
                    dict(id=o["id"], name=o["name"], type=o["type"], x=o["x"], y=o["y"], props=props_json(o))
                    for o in lay["objects"]]
    return m


def check_map(fmt, path, ids_path, tiles_path, levels):
    m = load_map(fmt, path)
    ids = read_ids(ids_path)
    tiles = read_tiles(tiles_path)
    if m["firstgid"] != 1 or m["image"] != "burrow-tiles.png":
        fail("tileset: firstgid %s image %s" % (m["firstgid"], m["image"]))
    if [m["tile_names"].get(i) for i in range(len(tiles))] != [t[0] for t in tiles]:
        fail("the tileset's tile names are not `burrow tiles`")
    all_ids = [o["id"] for objs in m["object_layers"].values() for o in objs]
    if len(set(all_ids)) != len(all_ids) or (all_ids and max(all_ids) >= m["nextobjectid"]):
        fail("object ids repeat or reach nextobjectid")
    for lv in levels or sorted(ids):
        grid, ents = ids[lv]
        data = m["tile_layers"].get("level %d" % lv)
        if data is None:
            fail("no tile layer 'level %d'" % lv)
        want = [v + m["firstgid"] for row in grid for v in row]
        if (len(grid), len(grid[0])) != (m["h"], m["w"]) or data != want:
            bad = next((k for k in range(min(len(data), len(want))) if data[k] != want[k]), min(len(data), len(want)))
            fail("level %d: layer data differs from --format ids + firstgid at cell %d" % (lv, bad))
        objs = m["object_layers"].get("level %d objects" % lv, [])
        links = sorted((o["x"] // 8, o["y"] // 8, o["props"]["direction"], o["props"]["tile"])
                       for o in objs if o["type"] == "link")
        want = sorted((x, y, tiles[t][1], tiles[t][0]) for y, row in enumerate(grid) for x, t in enumerate(row)
                      if tiles[t][1] != "none")
        if links != want:
            fail("level %d: %d link objects, %d link tiles, or they differ" % (lv, len(links), len(want)))
        got = sorted((o["x"] // 8, o["y"] // 8, o["props"]["entity"], o["props"]["arg"])
                     for o in objs if o["type"] == "entity")
        if got != sorted(ents):
            fail("level %d: %d entity objects, %d entities in --format ids, or they differ" % (lv, len(got), len(ents)))
        for o in objs:
            p = o["props"]
            if p["kind"] != o["type"] or (p["col"], p["row"]) != (o["x"] // 8, o["y"] // 8) or \
                    p["tile"] != tiles[grid[p["row"]][p["col"]]][0]:
                fail("level %d: object %d's properties disagree with its place" % (lv, o["id"]))
        print("level %d: %d x %d cells, %d links, %d entities as --format ids" %
              (lv, m["w"], m["h"], len(links), len(got)))


def normal(d):
    """A JSON map as Tiled reads it: properties by name, no tiledversion."""
    if isinstance(d, dict):
        return {k: (sorted((normal(p) for p in v), key=lambda p: p["name"]) if k == "properties" else normal(v))
                for k, v in d.items() if k != "tiledversion"}
    if isinstance(d, list):
        return [normal(v) for v in d]
    return d


def json_same(a, b):
    """Two JSON maps say the same: what Tiled itself exports is burrow's."""
    na, nb = normal(json.load(open(a))), normal(json.load(open(b)))
    if na != nb:
        def walk(x, y, path):
            if type(x) != type(y) or not isinstance(x, (dict, list)):
                return path if x != y else None
            keys = sorted(set(x) | set(y)) if isinstance(x, dict) else range(max(len(x), len(y)))
            for k in keys:
                try:
                    r = walk(x[k], y[k], "%s/%s" % (path, k))
                except (KeyError, IndexError):
                    return "%s/%s (on one side only)" % (path, k)
                if r:
                    return r
            return None
        fail("%s and %s differ at %s" % (a, b, walk(na, nb, "")))
    print("%s says what %s says" % (a, b))


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[:1] == ["png-equal"] and len(a) == 3:
        png_equal(a[1], a[2])
    elif a[:1] == ["png-ppm"] and len(a) == 3:
        png_ppm(a[1], a[2])
    elif a[:1] == ["json-same"] and len(a) == 3:
        json_same(a[1], a[2])
    elif a[:1] == ["map"] and len(a) >= 5 and a[1] in ("tmx", "json"):
        check_map(a[1], a[2], a[3], a[4], [int(v) for v in a[5:]])
    else:
        fail(__doc__)
