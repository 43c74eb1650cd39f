# A CMake toolchain file for Debian's arm-none-eabi-gcc (gcc-arm-none-eabi,
# with libnewlib-arm-none-eabi for newlib and newlib-nano):
#
#   cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE=path/to/burrow/cmake/arm-none-eabi.cmake \
#         -DBURROW_CPU=cortex-m4 -DBURROW_FLOAT=hard
#
# BURROW_CPU: cortex-m0, cortex-m0plus, cortex-m3 (default), cortex-m4,
# cortex-m7 or cortex-m33. BURROW_FLOAT: soft (default), softfp or hard;
# the FPU is the CPU's own (fpv4-sp-d16 on the M4, fpv5-d16 on the M7,
# fpv5-sp-d16 on the M33). The same flags go to C, C++ and the link, so the
# whole firmware agrees on one ABI.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
# No operating system: try_compile builds a library, not a program.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES BURROW_CPU BURROW_FLOAT)

if(NOT BURROW_CPU)
  set(BURROW_CPU cortex-m3)
endif()
if(NOT BURROW_FLOAT)
  set(BURROW_FLOAT soft)
endif()
set(burrow_fpu_cortex-m4 fpv4-sp-d16)
set(burrow_fpu_cortex-m7 fpv5-d16)
set(burrow_fpu_cortex-m33 fpv5-sp-d16)
if(NOT BURROW_CPU MATCHES "^cortex-m(0|0plus|3|4|7|33)$")
  message(FATAL_ERROR "BURROW_CPU=${BURROW_CPU} is not valid: one of cortex-m0 cortex-m0plus cortex-m3 cortex-m4 cortex-m7 cortex-m33")
endif()
if(NOT BURROW_FLOAT MATCHES "^(soft|softfp|hard)$")
  message(FATAL_ERROR "BURROW_FLOAT=${BURROW_FLOAT} is not valid: one of soft softfp hard")
endif()
set(burrow_arch "-mcpu=${BURROW_CPU} -mthumb -mfloat-abi=${BURROW_FLOAT}")
if(NOT BURROW_FLOAT STREQUAL "soft")
  if(NOT burrow_fpu_${BURROW_CPU})
    message(FATAL_ERROR "BURROW_FLOAT=${BURROW_FLOAT}: ${BURROW_CPU} has no FPU, use BURROW_FLOAT=soft")
  endif()
  string(APPEND burrow_arch " -mfpu=${burrow_fpu_${BURROW_CPU}}")
endif()
set(CMAKE_C_FLAGS_INIT "${burrow_arch}")
set(CMAKE_CXX_FLAGS_INIT "${burrow_arch}")
set(CMAKE_ASM_FLAGS_INIT "${burrow_arch}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${burrow_arch}")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
