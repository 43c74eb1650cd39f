/* Made by tests/designs/embed.sh from the .txt files of tests/designs: do not edit. */
#ifndef BURROW_TESTS_CRAWLER_DESIGNS_H
#define BURROW_TESTS_CRAWLER_DESIGNS_H

static const char design_default[] =
    "# The built-in design (bw_crawler_builtin): what `burrow crawler` draws\n"
    "# without --design. A 120 x 120 labyrinth: four crawlers start on the\n"
    "# outer wall, two back to back in the middle; three generations of babies\n"
    "# with shorter lives and narrower corridors, the third leaving doorways.\n"
    "size 120 120\n"
    "#       x   y F D age maxAge stepLength corridorWidth opening\n"
    "crawler 0   60 E 0 0 300 6 2 1\n"
    "crawler 119 60 W 0 0 300 6 2 1\n"
    "crawler 60  0  S 0 0 300 6 2 1\n"
    "crawler 60 119 N 0 0 300 6 2 1\n"
    "crawler 60  60 N 0 0 100 5 2 1\n"
    "crawler 60  60 S 0 0 100 5 2 0\n"
    "#    gen turn straightOne straightTwo turnOne turnTwo   (percent)\n"
    "dice 0   25   10          5           30      10\n"
    "dice 1   30   15          5           30      10\n"
    "dice 2   30   15          0           30      5\n"
    "dice 3   20   10          0           10      0\n"
    "#    gen maxAge stepLength corridorWidth opening delay noDirection\n"
    "baby 1   80     5          2             1       2     30\n"
    "baby 2   50     4          1             1       4     30\n"
    "baby 3   25     3          1             2       6     50\n"
    ;

static const char design_halls[] =
    "# Halls: a closed court in the middle (the connectivity fix gives it a\n"
    "# door), crawlers back to back in the open (opening 0 and 1), dormant\n"
    "# crawlers on the outer wall, and babies that leave doorways (opening 2).\n"
    "size 96 48\n"
    "wall 40 18 55 18\n"
    "wall 40 29 55 29\n"
    "wall 40 19 40 28\n"
    "wall 55 19 55 28\n"
    "crawler 48 8 E E 0 40 8 3 0\n"
    "crawler 48 8 W W 0 40 8 3 1\n"
    "crawler 48 39 E E 0 40 8 3 1\n"
    "crawler 48 39 W W 0 40 8 3 0\n"
    "crawler 0 24 E 0 0 100 6 3 1\n"
    "crawler 95 24 W 0 0 100 6 3 1\n"
    "crawler 20 0 S S -10 100 6 2 1\n"
    "crawler 75 47 N N -10 100 6 2 1\n"
    "dice 0 20 20 5 30 10\n"
    "baby 1 40 5 2 2 4 20\n"
    "dice 1 25 15 0 25 5\n"
    "baby 2 20 4 1 2 8 40\n"
    "dice 2 20 10 0 10 0\n"
    ;

static const char design_maze[] =
    "# A tight maze on a 64 x 32 map: one-wide corridors, short runs, many\n"
    "# babies (the crawler array fills up now and then: those babies are not\n"
    "# created).\n"
    "size 64 32\n"
    "crawler 0  16 E 0 0 300 3 1 1\n"
    "crawler 63 16 W 0 0 300 3 1 1\n"
    "crawler 32 0  S 0 0 300 3 1 1\n"
    "crawler 32 31 N 0 0 300 3 1 1\n"
    "dice 0 40 20 5 40 20\n"
    "dice 1 40 20 5 40 20\n"
    "dice 2 40 20 5 40 10\n"
    "baby 1 200 3 1 1 0 20\n"
    "baby 2 100 2 1 1 0 20\n"
    "baby 3 50  2 1 1 2 50\n"
    ;

static const struct { const char *name, *text; } crawler_designs[] = {
    { "default", design_default },
    { "halls", design_halls },
    { "maze", design_maze },
};

#endif
