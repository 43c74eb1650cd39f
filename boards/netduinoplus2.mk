# Netduino Plus 2: an STM32F405RG (Cortex-M4F, built hard-float), 1 MiB of
# flash at 0x08000000, 128 KiB of SRAM and 64 KiB of CCM, under QEMU's
# model of the board. Output on the part's USART1 (port/stm32/usart.c);
# SysTick counts the 168 MHz CPU clock QEMU runs the model at, about 6 ns
# a tick. The whole test suite runs here.
BOARD_CPU     := -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16
BOARD_DEFS    := -DBW_NS_PER_TICK=6 -DBW_STM32F4 -DBW_IRQS=82
BOARD_MACHINE := netduinoplus2
BOARD_LD      := linker/stm32f405.ld
BOARD_UART    := port/stm32/usart.c
