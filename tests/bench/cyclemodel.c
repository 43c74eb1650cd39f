/* cyclemodel.c: a QEMU TCG plugin that estimates Cortex-M3 cycles from the
 * instructions QEMU executes, for `make bench` (docs/bench.md states the
 * model). QEMU counts instructions, not cycles; a Cortex-M3 spends more
 * than one cycle on loads, multi-register transfers, long multiplies,
 * divides and taken branches. This plugin decodes each Thumb instruction
 * once, when QEMU translates it, into a static cost, adds that cost inline
 * every time the instruction runs, and resolves conditional branches as
 * they execute (a block that starts anywhere but right after the
 * branch that ended the previous block means the branch was taken).
 *
 * A model, not a measurement. The cost table (Cortex-M3 Technical
 * Reference Manual, instruction timing, zero wait-state memory; P is the
 * pipeline refill after a taken branch, 1..3 cycles in the manual):
 *   every instruction                         1
 *   single load (LDR, LDRB, LDRH, LDRSx)      +1, but +0 right after another
 *                                             single load (the manual: loads
 *                                             pipeline with a load before
 *                                             them; nothing pipelines after
 *                                             a store, so a load right after
 *                                             a store takes its 2 cycles)
 *   single store                              +0
 *   LDM, STM, PUSH, POP (N registers)         +N
 *   LDRD, STRD                                +2
 *   MLA, MLS                                  +1
 *   UMULL, SMULL, UMLAL, SMLAL                +3 (3..5 cycles; 4 taken)
 *   UDIV, SDIV                                +6 (2..12 cycles; 7 taken)
 *   a taken branch (B, BL, BX, BLX, CBZ, CBNZ, POP or LDM into PC)  +P, P = 2
 * The same run is also priced at the ends of the manual's ranges: low
 * (P = 1, a divide 2, a long multiply 3) and high (P = 3, a divide 12, a
 * long multiply 5); the bench publishes that spread as the model's band.
 * Wait states, bus contention and interrupts are outside the band.
 *
 * Usage: qemu-system-arm ... -plugin cyclemodel.so,mark=0xADDR -d plugin -D LOG
 * Every time the instruction at `mark` runs, the plugin writes
 * `mark INSNS CYCLES LOW HIGH` (running totals) to LOG; the bench firmware calls its
 * mark function right before and right after each measured call.
 *
 * Built for the desktop (not part of burrow), against the small part of
 * QEMU's plugin API (version 1, as in QEMU 7.2) declared below: Debian ships
 * no plugin header. */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- QEMU's plugin API, version 1: the declarations this plugin uses ---- */
#define PLUGIN_EXPORT __attribute__((visibility("default")))
typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t; /* not read */
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_op op,
                                                void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_outs(const char *string);
/* ------------------------------------------------------------------------ */

PLUGIN_EXPORT int qemu_plugin_version = 1;

#define P 2 /* pipeline refill after a taken branch */

enum kind { OTHER, LOAD, STORE, COND_BRANCH };

typedef struct decoded {
    int cost;      /* cycles at the middle prices, the refill included when always taken */
    int lo, hi;    /* the same at the low and high ends of the manual's ranges */
    enum kind kind;
} decoded;

/* Per translated block that ends in a conditional branch: where the block
 * falls through to. Blocks are few (thousands), so they are kept for good. */
typedef struct block_end {
    uint64_t fallthrough;
} block_end;

static uint64_t insns, cycles, cycles_lo, cycles_hi;
static uint64_t mark_addr;
static const block_end *pending; /* the last block ended in a conditional branch */

static int popcount(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* One Thumb / Thumb-2 instruction of ARMv7-M. */
static decoded decode_mid(const uint8_t *b, size_t size);

/* The low and high prices differ from the middle ones by the refills (P),
 * a divide and a long multiply: the decoder runs at P = 2, and the refills
 * are recovered from the cost's P part by decoding at a second P. */
static int p_now = P;

static decoded decode(const uint8_t *b, size_t size)
{
    decoded d, d3;
    unsigned h1 = (unsigned)b[0] | (unsigned)b[1] << 8;
    int refills, div = 0, lmul = 0;
    p_now = 2;
    d = decode_mid(b, size);
    p_now = 3;
    d3 = decode_mid(b, size);
    p_now = 2;
    refills = d3.cost - d.cost;
    if (size == 4 && (h1 & 0xff80) == 0xfb80) {
        unsigned op1 = (h1 >> 4) & 7;
        div = op1 == 1 || op1 == 3;
        lmul = !div;
    }
    d.lo = d.cost - refills - 5 * div - 1 * lmul;
    d.hi = d.cost + refills + 5 * div + 1 * lmul;
    return d;
}

static decoded decode_mid(const uint8_t *b, size_t size)
{
    decoded d = { 1, 1, 1, OTHER };
    unsigned h1 = (unsigned)b[0] | (unsigned)b[1] << 8;
    if (size == 2) {
        if ((h1 >> 12) == 0x5) {                       /* LDR/STR register offset */
            unsigned op = (h1 >> 9) & 7;
            d.kind = op <= 2 ? STORE : LOAD;
        } else if ((h1 >> 13) == 3 || (h1 >> 12) == 8 || (h1 >> 12) == 9) { /* imm, halfword, SP */
            d.kind = (h1 & 0x0800) ? LOAD : STORE;
        } else if ((h1 >> 11) == 9) {                  /* LDR literal */
            d.kind = LOAD;
        } else if ((h1 & 0xfe00) == 0xb400) {          /* PUSH */
            d.cost += popcount(h1 & 0x1ff);
        } else if ((h1 & 0xfe00) == 0xbc00) {          /* POP, maybe into PC */
            d.cost += popcount(h1 & 0x1ff) + ((h1 & 0x100) ? p_now : 0);
        } else if ((h1 >> 12) == 0xc) {                /* LDM, STM */
            d.cost += popcount(h1 & 0xff);
        } else if ((h1 >> 12) == 0xd && ((h1 >> 8) & 0xf) < 0xe) { /* B<cond> */
            d.kind = COND_BRANCH;
        } else if ((h1 >> 11) == 0x1c) {               /* B */
            d.cost += p_now;
        } else if ((h1 & 0xf500) == 0xb100) {          /* CBZ, CBNZ */
            d.kind = COND_BRANCH;
        } else if ((h1 & 0xff00) == 0x4700) {          /* BX, BLX */
            d.cost += p_now;
        } else if ((h1 & 0xff87) == 0x4487 || (h1 & 0xff87) == 0x4687) { /* ADD/MOV pc */
            d.cost += p_now;
        }
        return d;
    } else {
        unsigned h2 = (unsigned)b[2] | (unsigned)b[3] << 8;
        if ((h1 & 0xfe40) == 0xe800) {                 /* LDM, STM (and PUSH.W, POP.W) */
            d.cost += popcount(h2) + ((h1 & 0x10) && (h2 & 0x8000) ? p_now : 0);
        } else if ((h1 & 0xfe40) == 0xe840) {          /* LDRD, STRD, LDREX, STREX, TBB, TBH */
            if ((h1 & 0xfff0) == 0xe8d0 && (h2 & 0xffe0) == 0xf000)
                d.cost += 1 + p_now;                        /* TBB, TBH: a load and a jump */
            else
                d.cost += (h1 & 0x0100) || (h1 & 0x0020) ? 2 : 1;
        } else if ((h1 & 0xf800) == 0xf000 && (h2 & 0x8000)) { /* branches, misc control */
            if ((h2 & 0xd000) == 0x8000 && ((h1 >> 6) & 0xf) < 0xe)
                d.kind = COND_BRANCH;                   /* B<cond>.W */
            else if ((h2 & 0xd000) == 0x9000 || (h2 & 0xd000) == 0xd000)
                d.cost += p_now;                            /* B.W, BL */
        } else if ((h1 & 0xfe00) == 0xf800) {          /* single load or store */
            d.kind = (h1 & 0x0010) ? LOAD : STORE;
        } else if ((h1 & 0xff80) == 0xfb00) {          /* MUL, MLA, MLS */
            if (((h2 >> 12) & 0xf) != 0xf || (h2 & 0x30))
                d.cost += 1;
        } else if ((h1 & 0xff80) == 0xfb80) {          /* long multiply, divide */
            unsigned op1 = (h1 >> 4) & 7;
            d.cost += (op1 == 1 || op1 == 3) ? 6 : 3;
        }
        return d;
    }
}

static void on_mark(unsigned int vcpu, void *udata)
{
    char line[80];
    (void)vcpu;
    (void)udata;
    snprintf(line, sizeof line, "mark %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", insns, cycles,
             cycles_lo, cycles_hi);
    qemu_plugin_outs(line);
}

static void on_cond_block(unsigned int vcpu, void *udata)
{
    (void)vcpu;
    pending = (const block_end *)udata;
}

static void settle(uint64_t pc)
{
    if (pending && pc != pending->fallthrough) {
        cycles += P;
        cycles_lo += 1;
        cycles_hi += 3;
    }
    pending = 0;
}

/* Runs first in every block: settles the previous block's conditional
 * branch by where execution went next. */
static void on_block_start(unsigned int vcpu, void *udata)
{
    (void)vcpu;
    settle((uint64_t)(uintptr_t)udata);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb), i;
    enum kind prev = OTHER;
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block_start, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)qemu_plugin_tb_vaddr(tb));
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        size_t size = qemu_plugin_insn_size(insn);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);
        decoded d = decode((const uint8_t *)qemu_plugin_insn_data(insn), size);
        /* a load pipelines only behind a load; behind a store it takes its
         * 2 cycles */
        if (d.kind == LOAD && prev != LOAD) {
            d.cost += 1;
            d.lo += 1;
            d.hi += 1;
        }
        prev = d.kind;
        if (pc == mark_addr)
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS, 0);
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &insns, 1);
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &cycles,
                                                   (uint64_t)d.cost);
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &cycles_lo,
                                                   (uint64_t)d.lo);
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &cycles_hi,
                                                   (uint64_t)d.hi);
        if (d.kind == COND_BRANCH && i == n - 1) {
            block_end *e = malloc(sizeof *e);
            if (!e)
                abort();
            e->fallthrough = pc + size;
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_cond_block, QEMU_PLUGIN_CB_NO_REGS, e);
        }
    }
}

PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                      int argc, char **argv)
{
    int i;
    (void)info;
    for (i = 0; i < argc; i++)
        if (strncmp(argv[i], "mark=", 5) == 0)
            mark_addr = strtoull(argv[i] + 5, 0, 0) & ~(uint64_t)1; /* Thumb bit off */
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    return 0;
}
