# ARMv6-M code (Cortex-M0) run on the M3 machine: proves the core on the smallest cores
BOARD_CPU     := -mcpu=cortex-m0 -mthumb
BOARD_DEFS    := -DBW_NS_PER_TICK=40 -DBW_TRAP_UNALIGNED
BOARD_MACHINE := mps2-an385
BOARD_LD      := linker/mps2-an385.ld
