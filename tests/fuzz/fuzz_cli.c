/* libFuzzer target: build/burrow's command line run in-process
 * (bw_cli_main). The input is the argument vector, arguments separated by
 * NUL bytes. Besides the sanitizers it checks the CLI's promises: exit
 * status 0, 1 or 2; after bad input (2) exactly one line on standard error
 * and nothing on standard output; no byte of the input that a terminal
 * would act on echoed raw. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../src/cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 16
#define MAX_TEXT 1024

static char text[MAX_TEXT + 1];
static char err_buf[4096];
static char out_buf[1 << 16]; /* more output fails to write: exit 1, fine */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *argv[MAX_ARGS + 2];
    int argc = 1, rc;
    size_t i, nerr, lines = 0;
    FILE *out, *err;
    if (size > MAX_TEXT)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    argv[0] = "burrow";
    argv[argc++] = text;
    for (i = 0; i < size && argc <= MAX_ARGS; i++)
        if (text[i] == 0)
            argv[argc++] = text + i + 1;
    argv[argc] = 0;
    if (size == 0)
        argc = 1;
    out = fmemopen(out_buf, sizeof out_buf, "w");
    err = fmemopen(err_buf, sizeof err_buf, "w");
    if (!out || !err)
        abort();
    rc = bw_cli_main(argc, argv, out, err);
    fflush(err);
    fflush(out);
    nerr = (size_t)ftell(err);
    for (i = 0; i < nerr; i++) {
        unsigned char c = (unsigned char)err_buf[i];
        lines += c == '\n';
        if ((c < 0x20 && c != '\n') || c >= 0x7f) /* a raw control byte */
            abort();
    }
    if (rc != 0 && rc != 1 && rc != 2)
        abort();
    if (rc == 2 && (lines != 1 || err_buf[nerr - 1] != '\n' || ftell(out) != 0))
        abort();
    fclose(out);
    fclose(err);
    return 0;
}
