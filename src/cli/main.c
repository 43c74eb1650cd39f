/* build/burrow: the desktop command line (src/cli/cli.c does the work, so
 * the fuzz harness can run it in-process). */
#include "cli.h"

int main(int argc, char **argv)
{
    return bw_cli_main(argc, argv, stdout, stderr);
}
