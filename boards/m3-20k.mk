# Cortex-M3 with 64 KiB of flash and 20 KiB of RAM, as on an STM32F103C8
BOARD_CPU     := -mcpu=cortex-m3 -mthumb
BOARD_DEFS    := -DBW_NS_PER_TICK=40
BOARD_MACHINE := mps2-an385
BOARD_LD      := linker/mps2-an385-20k.ld
