/* Build-time configuration, included by every public header: run-time
 * assertions, compile-time checks and the test switch. The tunable limits
 * live with the module they size (BW_MAX_ENTITIES in map.h, BW_FILL_STACK
 * in fill.h, BW_MINESHAFT_HISTORY in mineshaft.h, BW_CRAWLER_MAX_CRAWLERS
 * and BW_CRAWLER_MAX_TEXT in crawler.h); each is #ifndef-guarded, so
 * -DNAME=VALUE overrides it for the library and the caller alike. */
#ifndef BURROW_CONFIG_H
#define BURROW_CONFIG_H

#ifdef __cplusplus
extern "C" {
#endif

/* BW_ASSERT(x): a precondition the API documents: a pointer that must not
 * be NULL (not checked at run time), or a domain whose edge the function
 * handles anyway as its header states (an index inside the map, a pit
 * number below p->n) but that a debug build may want to stop at. Off by
 * default: it compiles to nothing and costs nothing. Two ways to turn it
 * on:
 *   -DBW_ASSERTS      BW_ASSERT calls bw_assert_failed(), which the
 *                     program defines (the test runner does: the running
 *                     test fails and the suite goes on);
 *   -D'BW_ASSERT(x)=...'  any expression of your own, e.g. a breakpoint.
 * The desktop test builds use -DBW_ASSERTS. Never put side effects in x. */
#ifndef BW_ASSERT
#ifdef BW_ASSERTS
void bw_assert_failed(const char *file, int line, const char *expr);
#define BW_ASSERT(x) ((x) ? (void)0 : bw_assert_failed(__FILE__, __LINE__, #x))
#else
#define BW_ASSERT(x) ((void)0)
#endif
#endif

/* BW_NOINLINE: a function kept out of its caller, so that its locals sit on the stack
 * only while it runs (the stack is the scarce RAM on a small part); a hint, and
 * nothing on compilers that lack the attribute. BW_ALWAYS_INLINE: the
 * opposite, for a hot helper that must melt into each caller. */
#if defined(__GNUC__)
#define BW_NOINLINE __attribute__((noinline))
#define BW_ALWAYS_INLINE __attribute__((always_inline))
#else
#define BW_NOINLINE
#define BW_ALWAYS_INLINE
#endif

/* BW_FAST: 1 keeps the speed-only code paths (word-at-a-time scans, inlined
 * hot helpers, unrolled tables), 0 keeps only their small plain versions.
 * Both give the same maps, bit for bit. Off by default in builds for size
 * (-Os defines __OPTIMIZE_SIZE__), on otherwise; -DBW_FAST=0 or =1 overrides. */
#ifndef BW_FAST
#ifdef __OPTIMIZE_SIZE__
#define BW_FAST 0
#else
#define BW_FAST 1
#endif
#endif

/* BW_HOT: a small helper of a header, run in inner loops, that the fast
 * build always inlines: built for size, GCC may keep it as a call, which
 * costs as much as its body (a 4-byte load called is a branch, the load
 * and a return). */
#if BW_FAST
#define BW_HOT static inline BW_ALWAYS_INLINE
#else
#define BW_HOT static inline
#endif

/* BW_TRACE: 1 calls the optional trace hooks of the mineshaft, acid fill
 * and streamer blocks (for tests and debugging); 0 leaves the calls out,
 * and a hook set in their parameters is then never called (the pit's
 * traced render, bw_pit_render_traced, calls its trace either way: the mines do not
 * link it). Off by default
 * in builds for size (__OPTIMIZE_SIZE__), on otherwise; -DBW_TRACE=0 or =1
 * overrides. Levels are the same either way. */
#ifndef BW_TRACE
#ifdef __OPTIMIZE_SIZE__
#define BW_TRACE 0
#else
#define BW_TRACE 1
#endif
#endif

/* BW_STATIC_ASSERT(cond, msg): fails the build when the constant
 * expression cond is 0; msg is an identifier that names the rule and
 * shows in the compiler's message. One per msg in a file; at file scope. */
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define BW_STATIC_ASSERT(cond, msg) _Static_assert(cond, #msg)
#else
#define BW_STATIC_ASSERT(cond, msg) typedef char bw_static_assert_##msg[(cond) ? 1 : -1]
#endif

/* BW_TESTING: the test hooks. Public structs and functions that exist
 * only so the tests can force a path (reject attempts, stop a generator
 * part-way, shrink the fill stack, keep gaps closed) are declared only
 * when BW_TESTING is defined, in one block at the end of their header,
 * marked "test hooks (BW_TESTING)". The test builds define it for the
 * library and the tests alike; never link code built with it against a
 * library built without it (the structs differ). Traces (callbacks that
 * only watch) are API and stay. */

#ifdef __cplusplus
}
#endif

#endif
