/* What the bench relies on from the port. The counter's rate (one
 * instruction a count under QEMU -icount shift=0) is checked by the bench
 * itself against a loop of known length; board tests run without -icount,
 * so here only its direction and the stack paint are checked. */
#include "check.h"
#include "arena.h"
#include "burrow/port.h"

static void port_counter_never_goes_back(void)
{
    uint64_t prev = bw_port_counter64(), now;
    int i;
    for (i = 0; i < 1000; i++) {
        now = bw_port_counter64();
        CHECK(now >= prev);
        prev = now;
    }
}

static void port_counter_advances_over_work(void)
{
    uint64_t t0 = bw_port_counter64(), t1;
    int i;
    /* a few hundred thousand instructions a round: well over one SysTick
     * tick. Without -icount QEMU's clock is the host's, which a loaded
     * host may not move within one round (seen once on the M4 board with
     * six boards running at once), so up to 50 rounds. */
    for (i = 0; i < 20 * 50; i++) {
        bw_map_init(&arena.map, BW_GRID_MAX, BW_GRID_MAX, (uint8_t)i);
        if (i % 20 == 19 && bw_port_counter64() > t0)
            break;
    }
    t1 = bw_port_counter64();
    CHECK(t1 > t0);
}

#if defined(__arm__)
/* 160 bytes of locals the compiler must keep: a deeper call to measure. */
__attribute__((noinline)) static uint32_t use_stack(int n)
{
    volatile uint8_t buf[160];
    int i;
    for (i = 0; i < n; i++)
        buf[i] = (uint8_t)i;
    return buf[n - 1];
}

static void port_stack_peak_sees_a_deeper_call(void)
{
    uint32_t before, after;
    bw_port_stack_paint();
    before = bw_port_stack_peak();
    CHECK(use_stack(160) == 159u);
    after = bw_port_stack_peak();
    /* stack_paint leaves 64 bytes under its own frame unpainted, which
     * `before` already counts; the 160-byte buffer reaches past them */
    CHECK(after >= before + 160 - 64);
    CHECK(after <= before + 160 + 64);
    /* the runner's overflow guard: at least the linker's 1 KiB minimum,
     * and this test far from all of it */
    CHECK(bw_port_stack_size() >= 1024 && after < bw_port_stack_size());
}
#endif

void suite_port(void)
{
    RUN(port_counter_never_goes_back);
    RUN(port_counter_advances_over_work);
#if defined(__arm__)
    RUN(port_stack_peak_sees_a_deeper_call);
#endif
}
