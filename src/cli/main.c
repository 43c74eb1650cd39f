/* build/burrow: the desktop command line (src/cli/cli.c does the work, so
 * the fuzz harness can run it in-process). */
#include <signal.h>
#include "cli.h"

int main(int argc, char **argv)
{
#ifdef SIGPIPE
    /* A reader that closes the pipe early (`burrow ... | head`) makes the
     * write fail with EPIPE instead of killing burrow, so the command can
     * say "could not write the output" and exit 1, as docs/cli.md says. */
    signal(SIGPIPE, SIG_IGN);
#endif
    return bw_cli_main(argc, argv, stdout, stderr);
}
