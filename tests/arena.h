/* The one static workspace all tests share, so the test firmware fits the
 * 20 KiB board: a union of what each suite needs. */
#ifndef BURROW_TESTS_ARENA_H
#define BURROW_TESTS_ARENA_H

#include "burrow/burrow.h"

typedef union t_arena {
    bw_map map;
} t_arena;

extern t_arena arena;

#endif
