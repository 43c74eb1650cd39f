# Cortex-M33 on MPS2 AN505, secure world, 20 MHz SysTick
BOARD_CPU     := -mcpu=cortex-m33 -mthumb -mfloat-abi=soft
BOARD_DEFS    := -DBW_NS_PER_TICK=50 -DBW_UART0=0x40200000u
BOARD_MACHINE := mps2-an505
BOARD_LD      := linker/mps2-an505.ld
