/* Error codes. Functions that can refuse their arguments return 0 (BW_OK)
 * or one of these negative codes; functions that return a count or a
 * coordinate say so in their header (-1 there means "none", not an
 * error). Codes are stable: never renumber. */
#ifndef BURROW_ERROR_H
#define BURROW_ERROR_H

#include "burrow/config.h"

#ifdef __cplusplus
extern "C" {
#endif

enum bw_err {
    BW_OK = 0,
    BW_ERR_LEVEL = -1,     /* the level (floor) is outside the generator's range */
    BW_ERR_OPTION = -2,    /* an option or parameter is out of its range */
    BW_ERR_DESIGN = -3,    /* a crawler design does not parse or breaks a rule */
    BW_ERR_ARG = -4,       /* a required pointer is NULL, or a point is off the map */
    BW_ERR_NOT_FOUND = -5, /* nothing to return (no road to put the player on) */
    BW_ERR_STATE = -6      /* the map was changed in a way the call will not mend */
};

/* A short English phrase for err ("level out of range"); "ok" for 0 and
 * "unknown error" for a value that is not a bw_err. Never NULL. */
const char *bw_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif
