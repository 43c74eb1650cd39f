/* burrow: roguelike levels on fixed memory. One include for the whole API. */
#ifndef BURROW_H
#define BURROW_H

/* The library's version: MAJOR.MINOR.PATCH, semantic versioning (before
 * 1.0 a MINOR step may change the API; a PATCH never changes a level).
 * BW_VERSION_NUMBER compares as one integer: 0.2.0 is 200. */
#define BW_VERSION_MAJOR 0
#define BW_VERSION_MINOR 2
#define BW_VERSION_PATCH 0
#define BW_VERSION_NUMBER (BW_VERSION_MAJOR * 10000 + BW_VERSION_MINOR * 100 + BW_VERSION_PATCH)
#define BW_VERSION_STR_(x) #x
#define BW_VERSION_STR(x) BW_VERSION_STR_(x)
#define BW_VERSION BW_VERSION_STR(BW_VERSION_MAJOR) "." BW_VERSION_STR(BW_VERSION_MINOR) "." \
                   BW_VERSION_STR(BW_VERSION_PATCH) /* "0.2.0" */

#include "burrow/config.h"
#include "burrow/error.h"
#include "burrow/grid.h"
#include "burrow/plane.h"
#include "burrow/rng.h"
#include "burrow/geom.h"
#include "burrow/tile.h"
#include "burrow/tileset8.h"
#include "burrow/fill.h"
#include "burrow/map.h"
#include "burrow/walk.h"
#include "burrow/life.h"
#include "burrow/acid.h"
#include "burrow/mineshaft.h"
#include "burrow/gen.h"
#include "burrow/rubble.h"
#include "burrow/building.h"
#include "burrow/bomb.h"
#include "burrow/watchtower.h"
#include "burrow/streamer.h"
#include "burrow/pit.h"
#include "burrow/mines.h"
#include "burrow/forest.h"
#include "burrow/crypts.h"
#include "burrow/morlock.h"

#include "burrow/mdungeon.h"
#include "burrow/abyss.h"
#include "burrow/overworld.h"
#include "burrow/crawler.h"

#endif
