/* libFuzzer target: a design file's text through the crawler's parser
 * (bw_crawler_parse), then, when it is accepted, the level it draws. Built
 * and run by `make fuzz` / `make test-fuzz` with clang
 * -fsanitize=fuzzer,address,undefined (README, "Reliability"). Besides the
 * sanitizers it checks what the API promises: a parsed design passes
 * bw_crawler_check, generates, and gives a map of its size and known
 * tiles; a rejected one has a message. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "burrow/burrow.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bw_map map;
static bw_crawler_design design;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int line = -1, x, y;
    /* the seed from the text, so a design is drawn with different seeds */
    uint32_t seed = bw_grid_fnv1a(2166136261u, data, size > 64 ? 64 : (int)size);
    if (bw_crawler_parse((const char *)data, size, &design, &line) != 0) {
        if (!design.error || line < 0)
            abort();
        return 0;
    }
    if (bw_crawler_check(&design) != 0 || bw_crawler_map(&map, seed, &design, 0, 0) != 0)
        abort();
    if (map.grid.w != design.w || map.grid.h != design.h)
        abort();
    for (y = 0; y < map.grid.h; y++)
        for (x = 0; x < map.grid.w; x++)
            if (BW_AT(&map.grid, x, y) >= BW_TILE_COUNT)
                abort();
    return 0;
}
