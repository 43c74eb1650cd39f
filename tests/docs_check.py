#!/usr/bin/env python3
"""Facts the docs quote from the product, checked against the product, so a
page cannot go stale silently (the pictures have tests/pictures.sh):

- every error line a page quotes (`burrow: ...`) is one that build/burrow
  really prints for some bad input run here;
- the limits table of docs/api.md: each default is the header's, and each
  range is the one the build accepts (both ends compile, one past each end
  stops the compile);
- the packages README.md says `make check` installs are the ones the
  Makefile installs;
- the hash examples/firmware/main.c promises is build/burrow's;
- the tables of what the tests measure on the maps (tests/measures.py) are
  the desktop test log's;
- no file of the tree cites what a clone of it lacks: the documents the
  rules were first written in (each rule is cited by its number on its
  generator's page), or the tracker the work came from.

Usage: tests/docs_check.py [build/burrow]   (run from the top of the tree)
Closes with `N passed, N failed`.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

B = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/burrow")
CC = os.environ.get("CC", "cc")
passed = failed = 0


def result(name, ok, why=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok " + name)
    else:
        failed += 1
        print("FAIL " + name + (": " + why if why else ""))


# ---- error lines -----------------------------------------------------------

def design(text):
    return ("design", text)


# Bad input of every kind the pages quote: (argument list, what my.txt holds).
BASE = "size 30 30\n"
CRAWLER = "crawler 15 15 N 0 0 10 3 1 1\n"
CASES = [
    (["mines", "--seed", "12x"], None),
    (["foo"], None),
    (["mines", "--layout", "3"], None),
    (["mines", "--seed", "1", "--level", "9"], None),
    (["overworld", "--dist", "x"], None),
    (["overworld", "--mask", "nothing.pbm"], None),
    (["overworld", "--mask", "bad.pbm"], None),
    (["overworld", "--mask", "small.pbm"], None),
    (["mines", "--mask", "small.pbm"], None),
    (["crypts", "--seed", "1", "--seed", "2"], None),                 # given twice
    (["crawler", "--design", "my.txt"], None),                        # missing
    (["crawler", "--design", "my.txt"], "dir"),                       # not regular
    (["crawler", "--design", "my.txt"], ""),                          # empty
    (["crawler", "--design", "my.txt"], BASE + "baby 1 100 3 1 2 0 0\n"),
    (["crawler", "--design", "my.txt"], BASE + "# a\ncrawler 15 15 N 0 0 10 3 9 1\n"),
    (["crawler", "--design", "my.txt"], BASE + "foo 1\n"),
    (["crawler", "--design", "my.txt"], BASE + "openings 1 50 50 0\n"),
    (["crawler", "--design", "my.txt"], BASE + "baby 1 100 3 1 1 0 0\nopenings 1 50 40 0\n"),
    (["crawler", "--design", "my.txt"], BASE + "crawler 1 2\n"),
    (["crawler", "--design", "my.txt"], BASE + CRAWLER * 17),
    (["crawler", "--design", "my.txt"], BASE + "crawler 50 50 N 0 0 10 3 1 1\n"),
    (["crawler", "--design", "my.txt"], BASE + "#" * 9000 + "\n"),
    (["mines", "--design", "my.txt"], BASE),
    (["tiles"], "/dev/full"),                                         # output fails
]


def error_lines():
    lines = set()
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "bad.pbm"), "w") as f:
            f.write("P1\n")
        with open(os.path.join(tmp, "small.pbm"), "w") as f:
            f.write("P1\n3 3\n000000000\n")
        for args, content in CASES:
            path = os.path.join(tmp, "my.txt")
            if os.path.isdir(path):
                os.rmdir(path)
            elif os.path.exists(path):
                os.remove(path)
            want, out = 2, subprocess.PIPE
            if content == "dir":
                os.mkdir(path)
            elif content == "/dev/full":
                if not os.access("/dev/full", os.W_OK):
                    continue
                want, out = 1, open("/dev/full", "w")
            elif content is not None:
                with open(path, "w") as f:
                    f.write(content)
            r = subprocess.run([B] + args, cwd=tmp, stdout=out, stderr=subprocess.PIPE, text=True)
            if r.returncode != want:
                result("docs_error_case " + " ".join(args), False, "exit %d, not %d" % (r.returncode, want))
            lines.update(r.stderr.splitlines())
    return lines


# A quoted line's placeholders: an argument in capitals, a line number.
PLACEHOLDER = re.compile(r"\b(VALUE|F|GEN|PATH|NAME|FILE|N)\b")


def quote_pattern(q):
    parts = PLACEHOLDER.split(q)
    rx = ""
    for i, p in enumerate(parts):
        rx += ".+" if i % 2 else re.escape(p)
    rx = rx.replace(re.escape("my.txt") + ":" + r"\d+", "my.txt:[0-9]+")
    rx = re.sub(r"my\\\.txt:\d+:", r"my\\.txt:[0-9]+:", rx)
    return re.compile("^" + rx + "$")


def quotes():
    found = []
    for md in ["README.md"] + sorted(glob.glob("docs/*.md")):
        text = open(md, encoding="utf-8").read()
        for m in re.finditer(r"^    (burrow: .*)$", text, re.M):      # indented blocks
            found.append((md, m.group(1)))
        joined = re.sub(r"\s*\n\s*", " ", text)                      # quotes across lines
        for m in re.finditer(r"`(burrow: [^`]*)`", joined):
            found.append((md, m.group(1)))
    return found


def check_errors():
    real = error_lines()
    for md, q in quotes():
        rx = quote_pattern(q)
        ok = any(rx.match(line) for line in real)
        result("docs_quoted_error_is_real %s: %s" % (md, q), ok,
               "build/burrow prints no such line for any input in tests/docs_check.py")


# ---- limits ----------------------------------------------------------------

CORE = sorted(glob.glob("src/core/*.c") + glob.glob("src/blocks/*.c") + glob.glob("src/gen/*.c"))


def compiles(name, value):
    """The whole library compiles with -DNAME=value."""
    r = subprocess.run([CC, "-std=c99", "-Iinclude", "-fsyntax-only", "-D%s=%d" % (name, value)] + CORE,
                       capture_output=True, text=True)
    return r.returncode == 0


def check_limits():
    text = open("docs/api.md", encoding="utf-8").read()
    rows = re.findall(r"^\| `(BW_\w+)` \(`(\w+\.h)`\) \| (\d+) \| (\d+)\.\.(\d*) \|", text, re.M)
    result("docs_api_limits_table_found", len(rows) >= 3, "docs/api.md has no limits table")
    for name, header, default, lo, hi in rows:
        h = open("include/burrow/" + header, encoding="utf-8").read()
        m = re.search(r"#ifndef %s\b(.*)\n#define %s (\d+)" % (name, name), h)
        result("docs_api_limit_default %s" % name, m is not None and m.group(2) == default,
               "the table says %s, %s says %s" % (default, header, m.group(2) if m else "nothing"))
        if m and re.search(r"\d+\.\.\d*", m.group(1)):
            said = re.search(r"(\d+)\.\.(\d*)", m.group(1)).groups()
            result("docs_api_limit_header_comment %s" % name, said == (lo, hi),
                   "%s's comment says %s..%s" % (header, said[0], said[1]))
        ends = [(int(lo), True), (int(lo) - 1, False)]
        if hi:
            ends += [(int(hi), True), (int(hi) + 1, False)]
        for v, want in ends:
            got = compiles(name, v)
            result("docs_api_limit_range %s=%d %s" % (name, v, "builds" if want else "stops the build"),
                   got == want)


# ---- what make check installs ----------------------------------------------

def check_installs():
    mk = open("Makefile", encoding="utf-8").read()
    pkgs = set()
    for m in re.finditer(r"\$\(call NEED,.*,([a-z0-9 .+-]+),[^,]*\)\s*$", mk, re.M):
        pkgs.update(m.group(1).split())
    readme = open("README.md", encoding="utf-8").read()
    m = re.search(r"<!-- installs -->\n(.*?)\n<!-- /installs -->", readme, re.S)
    said = set(re.findall(r"`([^`]+)`", m.group(1))) if m else set()
    result("docs_readme_install_list", pkgs and said == pkgs,
           "README lists %s, the Makefile installs %s" % (sorted(said), sorted(pkgs)))


# ---- the example's hash ------------------------------------------------------

def check_example():
    src = open("examples/firmware/main.c", encoding="utf-8").read()
    m = re.search(r"^ \*   burrow (.*)\n \*   (level .*)$", src, re.M)
    if not m:
        result("docs_example_hash", False, "examples/firmware/main.c quotes no command")
        return
    out = subprocess.run([B] + m.group(1).split(), capture_output=True, text=True).stdout.strip()
    result("docs_example_hash", out == m.group(2), "the comment says '%s', burrow prints '%s'" % (m.group(2), out))


# ---- words a clone can resolve -----------------------------------------------

# Spelled in pieces so that this file does not match itself.
LACKS = [
    (re.compile(r"\b(areas|algorithms|wallcrawlers|overworld|mystery-dungeon|notes)" + r"\.txt\b"),
     "a document the repository lacks: cite the rule's number on its page"),
    (re.compile(r"\b[Ii]ssue" + r" ?#?[0-9]"), "an issue number"),
    (re.compile(r"\bCONTRACT" + r"\.md\b"), "a document the repository lacks"),
    (re.compile(r"\b(this V" + r"M|a revie" + r"w|revie" + r"wer|outside chec" + r"k|audi" + r"t)\b"),
     "words about the work, not the product"),
]


def check_words():
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True).stdout.split()
    if not files:
        result("docs_tree_cites_what_a_clone_has", False, "git ls-files listed nothing")
        return
    bad = []
    for f in files:
        if f.startswith("docs/img/") or f == "LICENSE" or not os.path.isfile(f):
            continue
        try:
            text = open(f, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for rx, why in LACKS:
                if rx.search(line):
                    bad.append("%s:%d: %s" % (f, n, why))
    for b in bad[:20]:
        print("  " + b)
    result("docs_tree_cites_what_a_clone_has", not bad, "%d lines" % len(bad))


# ---- the 20 KiB board's stack reserve ------------------------------------------

def check_stack_reserve():
    ld = open("linker/mps2-an385-20k.ld", encoding="utf-8").read()
    m = re.search(r"__stack_min = (\d+);", ld)
    peaks = [int(p.replace(",", "")) for p in
             re.findall(r"^\| \d+ \| [\d,]+ B \| ([\d,]+) B \|", open("docs/bench.md", encoding="utf-8").read(), re.M)]
    game = re.search(r"a stack peak of ([\d,]+) B", open("README.md", encoding="utf-8").read())
    if game:
        peaks.append(int(game.group(1).replace(",", "")))
    need = max(peaks) * 110 // 100 if peaks else 0
    result("docs_20k_stack_reserve_covers_measured_peak", m is not None and peaks and int(m.group(1)) >= need,
           "__stack_min %s, largest measured peak %d (+10%%: %d)" % (m.group(1) if m else "none", max(peaks or [0]), need))


# ---- one figure per fact --------------------------------------------------------

# The RAM, stack and flash figures live in the tables `make bench` writes
# (docs/bench.md) and in the blocks made from them (README's summary,
# docs/firmware.md's sizing table); these pages state no other. A part's
# or a board's memory (20 KiB of RAM, 256 KiB) and a per-entry size are
# not measurements.
FIGURE = re.compile(r"\b\d[\d,]*(\.\d+)? ?(KiB|KB|kB|MiB|bytes|B)\b")
NOT_MEASURED = {"20 KiB", "256 KiB", "4 MiB", "64 KiB", "16 KiB", "8 KiB", "128 KiB"}


def check_one_figure():
    bad = []
    for f in ["README.md", "docs/DESIGN.md", "docs/api.md", "docs/firmware.md", "include/burrow/config.h"]:
        inside = False
        for n, line in enumerate(open(f, encoding="utf-8").read().splitlines(), 1):
            if re.match(r"^<!-- picture(-sh)?: ", line):
                inside = "open"
                continue
            if inside == "open" and line.startswith("```"):
                inside = True
                continue
            if inside is True:
                if line.startswith("```"):
                    inside = False
                continue
            for m in FIGURE.finditer(line):
                fig = m.group(0)
                if fig in NOT_MEASURED or re.search(r"bytes (an entry|each)", line[m.start():]):
                    continue
                bad.append("%s:%d: %s" % (f, n, fig))
    for b in bad[:20]:
        print("  " + b)
    result("docs_one_figure_per_fact", not bad,
           "%d figures outside the bench's tables and the blocks made from them" % len(bad))


# ---- coverage ------------------------------------------------------------------

def check_coverage():
    if not os.path.exists("build/coverage.log"):
        print("skip docs_coverage_figures: no build/coverage.log (make coverage)")
        return
    log = open("build/coverage.log", encoding="utf-8").read()
    got = [float(re.search(r"^%s: ([\d.]+)%%" % k, log, re.M).group(1)) for k in ("lines", "branches")]
    doc = re.search(r"<!-- coverage -->\n([\d.]+)% of lines, ([\d.]+)% of branches",
                    open("docs/reliability.md", encoding="utf-8").read())
    said = [float(doc.group(1)), float(doc.group(2))] if doc else None
    result("docs_coverage_figures", said is not None and all(abs(a - b) <= 1.0 for a, b in zip(said, got)),
           "docs/reliability.md says %s, gcovr measured %s%% of lines, %s%% of branches" % (said, got[0], got[1]))


def check_measures():
    # The tables of figures the tests read off the maps (tests/measures.py).
    if not os.path.exists("build/host/tests.log"):
        print("skip docs_measures_are_the_tests: no build/host/tests.log (make test-host)")
        return
    r = subprocess.run([sys.executable, "tests/measures.py", "check"], capture_output=True, text=True)
    result("docs_measures_are_the_tests", r.returncode == 0, r.stdout.strip().replace("\n", "; "))


check_words()
check_measures()
check_coverage()
check_one_figure()
check_stack_reserve()
check_errors()
check_limits()
check_installs()
check_example()
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
