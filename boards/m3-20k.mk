# Cortex-M3 with 20 KiB of RAM (STM32F103C8-class)
BOARD_CFLAGS  := -mcpu=cortex-m3 -mthumb -DBW_NS_PER_TICK=40
BOARD_MACHINE := mps2-an385
BOARD_LD      := linker/mps2-an385-20k.ld
