# Cortex-M3 on MPS2 AN385, the default board
BOARD_CFLAGS  := -mcpu=cortex-m3 -mthumb -DBW_NS_PER_TICK=40
BOARD_MACHINE := mps2-an385
BOARD_LD      := linker/mps2-an385.ld
