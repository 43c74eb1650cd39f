# BBC micro:bit: an nRF51822 (Cortex-M0, 256 KiB of flash at 0, 16 KiB of
# RAM at 0x20000000) under QEMU's model of the board. Output on the part's
# UART0 (port/nrf51/port.c); the counter is TIMER0 at 16 MHz, the part
# having no SysTick. Its grid is 80 x 32 (BW_MAP_W x BW_MAP_H), so the
# firmware holds the generators whose maps fit (BOARD_GENS) and runs their
# tests (tests/suites_small.h).
BOARD_CPU     := -mcpu=cortex-m0 -mthumb
BOARD_DEFS    := -DBW_NS_PER_TICK=62 -DBW_IRQS=32 -DBW_PORT_COUNTER
BOARD_MACHINE := microbit
BOARD_LD      := linker/nrf51822.ld
BOARD_UART    := port/nrf51/port.c
BOARD_GENS    := mdungeon overworld
DEFS          := -DBW_MAP_W=80 -DBW_MAP_H=32
# make play: the game of the generators it holds, mdungeon unless told
ifeq ($(origin PLAY_ARGS),undefined)
PLAY_ARGS     := mdungeon
endif
