/* The four routines GCC requires of a freestanding environment (GCC's
 * manual: memcpy, memmove, memset and memcmp), for firmware linked with
 * -nostdlib and no C library. burrow's own code never calls them by name,
 * but the compiler emits calls to memcpy and memset for struct copies.
 *
 * This file is not part of libburrow.a: a firmware with a C library
 * (newlib, newlib-nano, picolibc) keeps that library's faster versions,
 * and one without links libburrow-nolibc.a (`make lib`) or this file.
 * Built with -fno-tree-loop-distribute-patterns so the loops stay loops
 * rather than turning into calls to themselves. */
#include <stddef.h>

void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    if (p < q) {
        while (n--)
            *p++ = *q++;
    } else {
        while (n--)
            p[n] = q[n];
    }
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}
