# burrow: GNU make only. `make run` and `make check` are the two set-up
# commands (CONTRACT.md); everything else is reached from them.

CC       ?= cc
CROSS    ?= arm-none-eabi-
QEMU     ?= qemu-system-arm
BOARDS   ?= $(sort $(basename $(notdir $(wildcard boards/*.mk)))) # every boards/*.mk
WARN     := -std=c99 -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes
INC      := -Iinclude -Itests

CORE_SRC := $(filter-out src/core/mem.c,$(wildcard src/core/*.c)) \
            $(wildcard src/blocks/*.c) $(wildcard src/gen/*.c)
CLI_SRC  := $(wildcard src/cli/*.c) port/host/port.c
TEST_SRC := $(wildcard tests/*.c)

.PHONY: all run check deps pictures test-host test-san test-cli test-readme test-boards freestanding clean bench bench-fw
.DELETE_ON_ERROR:
# The board runs compare with the desktop log and share build/m0, build/m3
# with `freestanding`: one target at a time, also under make -j.
.NOTPARALLEL:

# ---------------------------------------------------------------- desktop
ifndef BOARD
HOST_CFLAGS := $(WARN) -O2 -g $(INC)
SAN_CFLAGS  := $(WARN) -O1 -g $(INC) -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

all: build/burrow

build/burrow: $(CORE_SRC) $(CLI_SRC) $(wildcard include/burrow/*.h) Makefile
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -o $@ $(CORE_SRC) $(CLI_SRC)

build/host/tests: $(CORE_SRC) $(TEST_SRC) port/host/port.c $(wildcard include/burrow/*.h tests/*.h) Makefile
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -o $@ $(CORE_SRC) $(TEST_SRC) port/host/port.c

build/host-san/tests: $(CORE_SRC) $(TEST_SRC) port/host/port.c $(wildcard include/burrow/*.h tests/*.h) Makefile
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) -o $@ $(CORE_SRC) $(TEST_SRC) port/host/port.c

# One Orc Mines level in colour; try RUN_ARGS='mdungeon --layout 7'.
RUN_ARGS ?= mines --level 1
run: build/burrow
	build/burrow $(RUN_ARGS)

# The desktop log holds the golden hashes every board run is compared with.
build/host/tests.log: build/host/tests
	build/host/tests > $@.tmp || { grep -v '^ok \|^golden \|^info ' $@.tmp; exit 1; }
	@mv $@.tmp $@

test-host: build/host/tests.log
	@grep -v '^ok \|^golden \|^info ' build/host/tests.log

test-san: build/host-san/tests
	build/host-san/tests > build/host-san/tests.log 2>&1 || { tail -n 40 build/host-san/tests.log; exit 1; }
	@tail -n 1 build/host-san/tests.log

# Installs the cross compiler and QEMU when missing (CONTRACT.md).
deps:
	@if command -v $(CROSS)gcc >/dev/null 2>&1 && command -v $(QEMU) >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "burrow: installing gcc-arm-none-eabi and qemu-system-arm"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc-arm-none-eabi qemu-system-arm >/dev/null; \
	else \
	  echo "burrow: need gcc-arm-none-eabi and qemu-system-arm: run 'sudo apt-get install gcc-arm-none-eabi qemu-system-arm'" >&2; exit 1; \
	fi

# The boards run side by side, JOBS at a time, each into its own log
# (build/board-NAME.log); a failing board prints the end of its log.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test-boards: deps build/host/tests.log
	@printf '%s\n' $(BOARDS) | xargs -P $(JOBS) -I{} sh -c \
	  '$(MAKE) --no-print-directory BOARD={} board-test > build/board-{}.log 2>&1 && tail -n 2 build/board-{}.log || { tail -n 40 build/board-{}.log; exit 1; }'

# The core proven freestanding: linked with -nostdlib for M0 and M3, and no
# allocator, stdio or floating-point routine referenced by any core object.
freestanding: deps
	@for b in m0 m3; do $(MAKE) --no-print-directory BOARD=$$b board-freestanding || exit 1; done

test-cli: build/burrow
	tests/cli.sh build/burrow > build/cli.log 2>&1 || { grep -v '^ok ' build/cli.log; exit 1; }
	@tail -n 1 build/cli.log

# The pictures in README.md and docs/ are the CLI's output (tests/pictures.sh).
test-readme: build/burrow
	@sh tests/pictures.sh check

# Redraws every picture in README.md and docs/ from the current build.
pictures: build/burrow
	@sh tests/pictures.sh write

check: test-host test-san test-cli test-readme test-boards freestanding
	@cat build/host/tests.log build/host-san/tests.log build/cli.log $(patsubst %,build/%/tests.log,$(BOARDS)) | \
	  awk '/^[0-9]+ passed, [0-9]+ failed$$/ { p += $$1; f += $$3 } END { print "check: all green over the desktop, sanitizer, CLI and $(words $(BOARDS)) board runs"; print p " passed, " f " failed" }'

clean:
	rm -rf build

# RAM and instructions per level (CONTRACT.md, issue 6): the desktop half is
# build/bench/host; tests/bench/bench.sh builds a firmware per generator with
# `make BOARD=... BENCH_GEN=NAME bench-fw`, runs it under QEMU with
# -icount shift=0, writes build/bench.tsv and the README's bench table.
build/bench/host: $(CORE_SRC) tests/bench/bench_host.c port/host/port.c $(wildcard include/burrow/*.h) Makefile
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -o $@ $(CORE_SRC) tests/bench/bench_host.c port/host/port.c

bench: deps build/bench/host
	@bash tests/bench/bench.sh

# ------------------------------------------------------------ one board
else
include boards/$(BOARD).mk
TCC     := $(CROSS)gcc
OPT     ?= -O2
# -Os builds (the bench's size column) go to build/BOARD-os
B       := build/$(BOARD)$(if $(filter -Os,$(OPT)),-os)
TFLAGS  := $(WARN) $(BOARD_CFLAGS) $(OPT) -g $(INC) -ffreestanding -fno-tree-loop-distribute-patterns \
           -ffunction-sections -fdata-sections
LDFLAGS := -nostdlib -T$(BOARD_LD) -Llinker -Wl,--gc-sections
LIBS    := -lgcc
TARGET_CORE := $(CORE_SRC) src/core/mem.c
CORE_OBJ := $(patsubst %.c,$(B)/%.o,$(TARGET_CORE))
TEST_OBJ := $(patsubst %.c,$(B)/%.o,$(TEST_SRC) port/cortex-m/startup.c)

$(B)/%.o: %.c $(wildcard include/burrow/*.h tests/*.h) Makefile boards/$(BOARD).mk
	@mkdir -p $(@D)
	$(TCC) $(TFLAGS) -DBW_TEST_DIV=10 -c -o $@ $<

$(B)/libburrow.a: $(CORE_OBJ)
	rm -f $@
	$(CROSS)ar rcs $@ $^

$(B)/tests.elf: $(TEST_OBJ) $(B)/libburrow.a $(BOARD_LD)
	$(TCC) $(TFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(B)/libburrow.a $(LIBS)

QEMU_RUN = timeout 600 $(QEMU) -M $(BOARD_MACHINE) -nographic -monitor none -serial none \
           -semihosting-config enable=on,target=native

build/host/tests.log:
	@$(MAKE) --no-print-directory BOARD= build/host/tests.log

board-test: $(B)/tests.elf build/host/tests.log
	@echo "== $(BOARD) under $(QEMU) -M $(BOARD_MACHINE)"
	$(QEMU_RUN) -kernel $< > $(B)/tests.log 2>&1 || { tail -n 30 $(B)/tests.log; exit 1; }
	@tail -n 1 $(B)/tests.log
	@grep '^golden' build/host/tests.log | sort > $(B)/golden.host
	@grep '^golden' $(B)/tests.log | sort > $(B)/golden.board
	@diff -u $(B)/golden.host $(B)/golden.board > /dev/null || { \
	  echo "$(BOARD): golden hashes differ from the desktop run"; diff -u $(B)/golden.host $(B)/golden.board; exit 1; }
	@echo "$(BOARD): $$(wc -l < $(B)/golden.board) golden hashes match the desktop"

# One generator's bench firmware; its seed list comes from the desktop hunt.
# BENCH_VARIANT=1 builds the fixed seeds alone (bench-NAME-fixed.elf).
BENCH_DIR := build/bench/$(BENCH_GEN)
BENCH_VARIANT ?= 0
BENCH_ELF := $(B)/bench-$(BENCH_GEN)$(if $(filter 1,$(BENCH_VARIANT)),-fixed).elf
$(BENCH_ELF): tests/bench/bench_fw.c $(BENCH_DIR)/bench_seeds.h $(B)/port/cortex-m/startup.o \
              $(B)/libburrow.a $(BOARD_LD)
	$(TCC) $(TFLAGS) -I$(BENCH_DIR) '-DBENCH_GEN="$(BENCH_GEN)"' -DBENCH_VARIANT=$(BENCH_VARIANT) \
	  $(LDFLAGS) -o $@ tests/bench/bench_fw.c $(B)/port/cortex-m/startup.o $(B)/libburrow.a $(LIBS)

bench-fw: $(BENCH_ELF)

# The flash one generator costs alone (tests/bench/flash_fw.c); FLASH_FN=none
# is the startup and port without a generator.
FLASH_FN ?= bw_$(BENCH_GEN)_generate
$(B)/flash-$(BENCH_GEN).elf: tests/bench/flash_fw.c $(B)/port/cortex-m/startup.o $(B)/libburrow.a $(BOARD_LD)
	$(TCC) $(TFLAGS) -DGEN_FN=$(FLASH_FN) $(LDFLAGS) -o $@ \
	  tests/bench/flash_fw.c $(B)/port/cortex-m/startup.o $(B)/libburrow.a $(LIBS)

flash-fw: $(B)/flash-$(BENCH_GEN).elf

FORBIDDEN := malloc|calloc|realloc|free|printf|sprintf|puts|putchar|abort|exit|__aeabi_[fd][a-z0-9]+|__aeabi_u?[il]2[fd]|__aeabi_[fd]2u?[il]z?|__[a-z]+[sdt]f[0-9]?

board-freestanding: $(B)/libburrow.a $(B)/tests.elf
	@$(CROSS)nm -u $(CORE_OBJ) | awk '{print $$2}' | sort -u > $(B)/core.undef
	@$(CROSS)nm --defined-only $(CORE_OBJ) | awk 'NF == 3 {print $$3}' | sort -u > $(B)/core.def
	@comm -23 $(B)/core.undef $(B)/core.def > $(B)/core.external
	@for f in $(TARGET_CORE) include/burrow/*.h; do \
	  if $(TCC) -fpreprocessed -dD -E -P -x c $$f | grep -qwE 'float|double'; then \
	    echo "$(BOARD): floating point in the core: $$f"; exit 1; fi; done
	@bad=$$(grep -Ex '$(FORBIDDEN)' $(B)/core.external | tr '\n' ' '); \
	if [ -n "$$bad" ]; then echo "$(BOARD): core references forbidden symbols: $$bad"; exit 1; fi
	@ext=$$(grep -v '^$$' $(B)/core.external | tr '\n' ' '); \
	echo "$(BOARD): core linked with -nostdlib; needs from outside the core: $${ext:-nothing} (libgcc integer helpers at most)"
	@$(CROSS)size -t $(B)/libburrow.a | tail -n 1 | awk '{print "$(BOARD): core .text " $$1 "  .data " $$2 "  .bss " $$3}'
endif
