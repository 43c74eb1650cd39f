/* play_term.h: `burrow play` on the desktop terminal (play_term.c). */
#ifndef BW_CLI_PLAY_TERM_H
#define BW_CLI_PLAY_TERM_H

#include <stdint.h>
#include "burrow/burrow.h"

/* Runs the game until the player quits; keys_path replays a key script
 * instead (one `screen N HASH` line a frame). Returns the exit status. */
int play_terminal(const bw_generator *gen, uint32_t seed, const bw_opts *o, int level,
                  int every, int colour, const char *keys_path);

#endif
