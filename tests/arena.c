#include "arena.h"
t_arena arena;
