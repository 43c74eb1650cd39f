#include "burrow/error.h"

/* Indexed by -err; error.h numbers the codes 0, -1, -2, ... */
static const char *const messages[] = {
    "ok",
    "level out of range",
    "option out of range",
    "bad crawler design",
    "bad argument",
    "not found",
    "the map was changed in a way the call will not mend"
};

const char *bw_strerror(int err)
{
    if (err > 0 || err < -(int)(sizeof messages / sizeof messages[0] - 1))
        return "unknown error";
    return messages[-err];
}
