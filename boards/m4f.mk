# Cortex-M4F on MPS2 AN386, built hard-float as most M4 firmware is: the
# library links into a -mfloat-abi=hard firmware only if it is built so too
BOARD_CPU     := -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16
BOARD_DEFS    := -DBW_NS_PER_TICK=40
BOARD_MACHINE := mps2-an386
BOARD_LD      := linker/mps2-an385.ld
# make check runs this build on the netduinoplus2 (an STM32F405, the same
# CPU and float ABI) instead: see docs/DESIGN.md, "Which tests run where"
BOARD_CHECK   := no
