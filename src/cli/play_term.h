/* play_term.h: `burrow play` on the desktop terminal (play_term.c). */
#ifndef BW_CLI_PLAY_TERM_H
#define BW_CLI_PLAY_TERM_H

#include <stdint.h>
#include <stdio.h>
#include "burrow/burrow.h"

/* Runs the game until the player quits, on the terminal of standard input
 * and output; keys_path replays a key script instead (one `screen N HASH`
 * line a frame, to `out`). An error is one line on `err`, and status 2.
 * Returns the exit status. */
int play_terminal(const bw_generator *gen, uint32_t seed, const bw_opts *o, int level,
                  int every, int colour, const char *keys_path, FILE *out, FILE *err);

#endif
