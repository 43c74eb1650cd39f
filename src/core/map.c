#include "burrow/map.h"

BW_STATIC_ASSERT(BW_MAX_ENTITIES >= 1 && BW_MAX_ENTITIES <= 65535, max_entities_fit_n_ent);

void bw_map_init(bw_map *m, int w, int h, uint8_t tile)
{
    bw_grid_init(&m->grid, w, h, tile);
    bw_fill_init(&m->fill);
    m->n_ent = 0;
}

int bw_map_add_entity(bw_map *m, int x, int y, int kind, int arg)
{
    bw_entity *e;
    BW_ASSERT(x >= 0 && y >= 0 && x < m->grid.w && y < m->grid.h);
    if ((unsigned)x >= (unsigned)m->grid.w || (unsigned)y >= (unsigned)m->grid.h ||
        m->n_ent >= BW_MAX_ENTITIES)
        return 0;
    e = &m->ent[m->n_ent++];
    e->x = (uint8_t)x;
    e->y = (uint8_t)y;
    e->kind = (uint8_t)kind;
    e->arg = (uint8_t)arg;
    return 1;
}
