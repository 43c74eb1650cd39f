# Cortex-M3 on MPS2 AN385, the default board
BOARD_CPU     := -mcpu=cortex-m3 -mthumb
BOARD_DEFS    := -DBW_NS_PER_TICK=40
BOARD_MACHINE := mps2-an385
BOARD_LD      := linker/mps2-an385.ld
