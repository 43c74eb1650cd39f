# Cortex-M4 on MPS2 AN386, soft float (the core has none)
BOARD_CPU     := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
BOARD_DEFS    := -DBW_NS_PER_TICK=40
BOARD_MACHINE := mps2-an386
BOARD_LD      := linker/mps2-an385.ld
