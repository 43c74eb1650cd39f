#!/usr/bin/env python3
"""The figures the desktop tests read off the finished maps, in the docs.

Each property test prints what it measured as `info NAME VALUE` lines before
its `ok TEST` line (build/host/tests.log). A generator's docs page carries
them in a table between `<!-- measures: PREFIX -->` and `<!-- /measures -->`,
every figure whose name starts with PREFIX_ (the blocks' page takes the
prefixes of the building blocks). `write` rewrites the tables from the log;
`check` (run by tests/docs_check.py) fails when a table differs from it, so
no page states a figure the tests no longer measure.

usage: measures.py write|check [LOG]
"""
import re
import sys

PAGES = {
    "docs/abyss.md": ["abyss"],
    "docs/crawler.md": ["crawler"],
    "docs/crypts.md": ["crypts"],
    "docs/forest.md": ["forest"],
    "docs/mdungeon.md": ["mdungeon"],
    "docs/mines.md": ["mines"],
    "docs/morlock.md": ["morlock"],
    "docs/overworld.md": ["overworld"],
    "docs/blocks.md": ["acid", "building", "mineshaft", "pit", "streamer", "walk"],
}
BLOCK = re.compile(r"(<!-- measures: ([a-z ]+) -->\n)(.*?)(<!-- /measures -->)", re.S)


def measures(log):
    """(test, name, value) for every info line, in the log's order."""
    out, pending = [], []
    for line in open(log, encoding="utf-8"):
        f = line.split()
        if len(f) == 3 and f[0] == "info":
            pending.append((f[1], f[2]))
        elif len(f) == 2 and f[0] in ("ok", "FAIL"):
            out += [(f[1], n, v) for n, v in pending]
            pending = []
    return out


def table(rows, prefixes):
    lines = ["| test | measure | value |", "| --- | --- | ---: |"]
    for test, name, value in rows:
        if name.split("_")[0] in prefixes and "_" in name:
            lines.append("| `%s` | `%s` | %s |" % (test, name, "{:,}".format(int(value))))
    return "\n".join(lines) + "\n"


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    log = sys.argv[2] if len(sys.argv) > 2 else "build/host/tests.log"
    if mode not in ("write", "check"):
        sys.stderr.write("usage: measures.py write|check [LOG]\n")
        return 2
    rows = measures(log)
    bad = []
    for page, prefixes in PAGES.items():
        text = open(page, encoding="utf-8").read()
        m = BLOCK.search(text)
        if not m or m.group(2).split() != prefixes:
            bad.append("%s: no <!-- measures: %s --> block" % (page, " ".join(prefixes)))
            continue
        want = table(rows, prefixes)
        if m.group(3) == want:
            continue
        if mode == "write":
            open(page, "w", encoding="utf-8").write(text[:m.start(3)] + want + text[m.end(3):])
        else:
            bad.append("%s: the measures differ from %s (make doc-measures)" % (page, log))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
