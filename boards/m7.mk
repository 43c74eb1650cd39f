# Cortex-M7 on MPS2 AN500, hard float with the double-precision FPU
BOARD_CPU     := -mcpu=cortex-m7 -mthumb -mfloat-abi=hard -mfpu=fpv5-d16
BOARD_DEFS    := -DBW_NS_PER_TICK=40
BOARD_MACHINE := mps2-an500
BOARD_LD      := linker/mps2-an385.ld
