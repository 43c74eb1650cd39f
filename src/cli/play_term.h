/* play_term.h: `burrow play` on the desktop terminal (play_term.c). */
#ifndef BW_CLI_PLAY_TERM_H
#define BW_CLI_PLAY_TERM_H

#include <stdint.h>
#include <stdio.h>
#include "burrow/burrow.h"

/* Runs the game until the player quits, on the terminal of standard input
 * and output; keys (n_keys bytes, not 0) replays that key script instead
 * (one `screen N HASH` line a frame, to `out`; whether it could be written
 * is the caller's to check). An error is one line on `err`, and status 2.
 * Returns the exit status. */
int play_terminal(const bw_generator *gen, uint32_t seed, const bw_opts *o, int level,
                  int every, int colour, const unsigned char *keys, size_t n_keys, FILE *out, FILE *err);

/* `burrow play` without a generator: a menu of them all and a seed
 * prompt, on the terminal; a game quit with q comes back to it. Returns
 * the exit status (2 after one line on err if there is no terminal). */
int play_menu(int every, int colour, FILE *err);

#endif
