# STM32VLDISCOVERY: an STM32F100RB (Cortex-M3, 128 KiB of flash at
# 0x08000000, 8 KiB of SRAM at 0x20000000) under QEMU's model of the board.
# Output on the part's USART1 (port/stm32/usart.c); SysTick counts the
# 24 MHz CPU clock QEMU runs the model at, about 42 ns a tick. Its grid is
# 56 x 32 (BW_MAP_W x BW_MAP_H): the firmware holds mdungeon, the one
# generator whose maps and tests fit 8 KiB, and runs its suite.
BOARD_CPU     := -mcpu=cortex-m3 -mthumb
BOARD_DEFS    := -DBW_NS_PER_TICK=42 -DBW_STM32F1 -DBW_IRQS=56
BOARD_MACHINE := stm32vldiscovery
BOARD_LD      := linker/stm32f100rb.ld
BOARD_UART    := port/stm32/usart.c
BOARD_GENS    := mdungeon
DEFS          := -DBW_MAP_W=56 -DBW_MAP_H=32
