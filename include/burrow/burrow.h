/* burrow: roguelike levels on fixed memory. One include for the whole API. */
#ifndef BURROW_H
#define BURROW_H

#include "burrow/grid.h"
#include "burrow/plane.h"
#include "burrow/rng.h"
#include "burrow/geom.h"
#include "burrow/tile.h"
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
