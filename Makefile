# burrow: GNU make only. `make run` and `make check` are the two set-up
# commands; everything else is reached from them (make help lists it).

CC       ?= cc
CROSS    ?= arm-none-eabi-
QEMU     ?= qemu-system-arm
BOARDS   ?= $(sort $(basename $(notdir $(wildcard boards/*.mk)))) # every boards/*.mk
WARN     := -std=c99 -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes
INC      := -Iinclude -Itests -Isrc/play

CORE_SRC := $(wildcard src/core/*.c) $(wildcard src/blocks/*.c) $(wildcard src/gen/*.c)
ALL_GENS := mines crypts morlock forest abyss mdungeon overworld crawler
CLI_SRC  := $(wildcard src/cli/*.c) src/play/play.c port/host/port.c
TEST_SRC := $(wildcard tests/*.c) src/play/play.c

.PHONY: all help run play check deps pictures coverage test-warnings test-install test-cmake install uninstall test-host test-san test-domains test-cli test-play test-tiled test-readme doc-measures test-boards test-small freestanding \
        clean bench bench-fw parts-fw lib gba gba-test gba-write test-golden test-mapsize test-example fuzz fuzz-deps test-fuzz
.DELETE_ON_ERROR:

# The board sub-makes of these targets share build/m0 and build/m3: when
# more than one of them is asked for (make check), they run one after the
# other, also under make -j. GNU make 4.3 has no `.NOTPARALLEL: targets`.
SERIAL := test-boards freestanding test-example test-cmake
chain   = $(if $(word 2,$(1)),$(eval $(word 2,$(1)): | $(word 1,$(1)))$(call chain,$(wordlist 2,99,$(1))))
$(call chain,$(filter $(SERIAL),$(if $(filter check,$(MAKECMDGOALS)),$(SERIAL),$(MAKECMDGOALS))))

# `make lib` without BOARD builds the library for a part named by CPU and
# FLOAT instead of for one of boards/ (the cross half below).
LIB_MODE := $(if $(BOARD),,$(filter lib,$(MAKECMDGOALS)))
ifneq ($(BOARD),)
ifeq ($(wildcard boards/$(BOARD).mk),)
$(error BOARD=$(BOARD) is not a board: one of $(strip $(BOARDS)))
endif
endif
# The bench runs its own firmware on m3 and m3-20k only (tests/bench/bench.sh).
ifneq ($(filter bench,$(MAKECMDGOALS)),)
$(if $(filter-out m3,$(BOARD)),$(error bench: BOARD=$(BOARD) has no bench firmware; the bench runs on m3 (and m3-20k) by itself))
endif

# ---------------------------------------------------------------- desktop
ifeq ($(BOARD)$(LIB_MODE),)
HOST_CFLAGS := $(WARN) -O2 -g $(INC)
# The tests build the library with its test hooks, BW_ASSERT and the blocks'
# trace calls on (config.h; BW_TRACE is off by default only at -Os).
TEST_DEFS   := -DBW_TESTING -DBW_ASSERTS -DBW_TRACE=1
# bounds-strict (gcc) also checks the grid's cell array, the last member of
# bw_grid, which plain bounds checking lets run past as if it were flexible:
# how a BW_AT before the bounds check is caught (the overworld once read a building's ring that way).
SAN_BOUNDS  := $(shell $(CC) -fsanitize=bounds-strict -x c -c -o /dev/null /dev/null 2>/dev/null && echo ,bounds-strict)
SAN_CFLAGS  := $(WARN) -O1 -g $(INC) -DBW_SWEEP_SEEDS=1000 -fsanitize=address,undefined$(SAN_BOUNDS) \
               -fno-omit-frame-pointer -fno-sanitize-recover=all --coverage

# One object per source and flag set, with its header dependencies (-MMD):
# a change to one file rebuilds only what includes it. build/burrow and the
# bench share build/host/obj; the tests (hooks and asserts on) have
# build/host/test-obj, the sanitizer build build/host-san/obj.
HO := build/host/obj
TO := build/host/test-obj
SO := build/host-san/obj
ho = $(patsubst %.c,$(HO)/%.o,$(1))
to = $(patsubst %.c,$(TO)/%.o,$(1))
so = $(patsubst %.c,$(SO)/%.o,$(1))

# The library itself is also clean under -Wconversion, in every build but
# the sanitizer's (UBSan's shift checks make gcc see conversions that the
# source does not have).
LIB_WARN := -Wconversion
$(call ho,$(CORE_SRC)) $(call to,$(CORE_SRC)): HOST_CFLAGS += $(LIB_WARN)

$(HO)/%.o: %.c Makefile
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -MMD -MP -c -o $@ $<

$(TO)/%.o: %.c Makefile
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) $(TEST_DEFS) -MMD -MP -c -o $@ $<

$(SO)/%.o: %.c Makefile
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(TEST_DEFS) -MMD -MP -c -o $@ $<

## The command line, build/burrow (the default target)
all: build/burrow

build/burrow: $(call ho,$(CORE_SRC) $(CLI_SRC))
	$(CC) $(HOST_CFLAGS) -o $@ $^

build/host/tests: $(call to,$(CORE_SRC) $(TEST_SRC) port/host/port.c)
	$(CC) $(HOST_CFLAGS) -o $@ $^

build/host-san/tests: $(call so,$(CORE_SRC) $(TEST_SRC) port/host/port.c)
	$(CC) $(SAN_CFLAGS) -o $@ $^

# The terminal game (src/play); try PLAY_ARGS='abyss --seed 3'. With
# BOARD=NAME it runs as firmware under QEMU, keys and screen on this terminal.
PLAY_ARGS ?= mines
ifndef BOARD
## The terminal game: build/burrow play (PLAY_ARGS=GENERATOR [options]; BOARD=NAME: as firmware under QEMU)
play: build/burrow
	build/burrow play $(PLAY_ARGS)
endif

# One Orc Mines level in colour; try RUN_ARGS='mdungeon --layout 7'.
RUN_ARGS ?= mines --level 1
## One level in colour (RUN_ARGS='mdungeon --layout 7')
run: build/burrow
	build/burrow $(RUN_ARGS)

# The desktop log holds the golden hashes every board run is compared with.
build/host/tests.log: build/host/tests
	build/host/tests > $@.tmp || { grep -v '^ok \|^golden \|^info ' $@.tmp; exit 1; }
	@mv $@.tmp $@

## The desktop test suite (build/host/tests.log)
test-host: build/host/tests.log
	@grep -v '^ok \|^golden \|^info ' build/host/tests.log

## The desktop tests under AddressSanitizer and UBSan
test-san: build/host-san/tests
	@find $(SO) -name '*.gcda' -delete
	build/host-san/tests > build/host-san/tests.log 2>&1 || { tail -n 40 build/host-san/tests.log; exit 1; }
	@tail -n 1 build/host-san/tests.log

## Every public function at its domain's edges under the sanitizers, and none forgotten (docs/reliability.md)
test-domains: build/host-san/tests
	@sh tests/domains_check.sh
	@build/host-san/tests domain > build/host-san/domains.log 2>&1 || { grep -v '^ok ' build/host-san/domains.log; exit 1; }
	@tail -n 1 build/host-san/domains.log

# $(call NEED,test,packages,who): runs the shell test; when it fails,
# installs the Debian packages with apt-get if run as root (CI, a fresh
# machine), and otherwise names them and stops.
NEED = if $(1); then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "burrow: installing $(2) for $(3)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
	else \
	  echo "burrow: missing $(2), for $(3): run 'sudo apt-get install $(2)'" >&2; exit 1; \
	fi
HAVE = command -v $(1) >/dev/null 2>&1

## Install arm-none-eabi-gcc and qemu-system-arm when missing
deps:
	@$(call NEED,$(call HAVE,$(CROSS)gcc) && $(call HAVE,$(QEMU)),gcc-arm-none-eabi qemu-system-arm,the boards)

# The boards run side by side, JOBS at a time, each into its own log
# (build/board-NAME.log); a failing board prints the end of its log. The
# run `m3-os` is the M3 built for size (-Os, where BW_FAST is 0, config.h:
# the core takes its plain loops instead of the word-at-a-time ones); its
# golden lines (same_maps_* among them) must match the desktop's too.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# A board whose build another board already runs says `BOARD_CHECK := no`
# (m4f: the netduinoplus2 runs the same Cortex-M4F hard-float firmware on
# a real part's model), so make check runs that firmware once; make
# BOARD=NAME board-test still runs it. docs/DESIGN.md lists what runs where.
CHECK_SKIP := $(basename $(notdir $(shell grep -l '^BOARD_CHECK *:= *no' boards/*.mk)))
BOARD_RUNS := $(filter-out $(CHECK_SKIP),$(BOARDS)) m3-os
BOARD_RUN = b={}; o=-O2; case $$b in *-os) b=$${b%-os}; o=-Os;; esac; \
  $(MAKE) --no-print-directory BOARD=$$b OPT=$$o board-test > build/board-{}.log 2>&1 && tail -n 2 build/board-{}.log || \
  { tail -n 40 build/board-{}.log; exit 1; }
## The tests on every board under QEMU and on the M3 built with -Os, hashes compared with the desktop
test-boards: deps build/host/tests.log
	@printf '%s\n' $(BOARD_RUNS) | xargs -P $(JOBS) -I{} sh -c '$(BOARD_RUN)'

## The tests on the M3 built with -Os alone (part of test-boards)
test-small: deps build/host/tests.log
	@printf '%s\n' m3-os | xargs -I{} sh -c '$(BOARD_RUN)'

# The core proven freestanding: linked with -nostdlib for M0 and M3, and no
# allocator, stdio or floating-point routine referenced by any core object.
## The core linked with -nostdlib for M0 and M3, no libc or float symbols
freestanding: deps
	@for b in m0 m3; do $(MAKE) --no-print-directory BOARD=$$b board-freestanding || exit 1; done

## The command line from the outside (tests/cli.sh)
test-cli: build/burrow
	tests/cli.sh build/burrow > build/cli.log 2>&1 || { grep -v '^ok ' build/cli.log; exit 1; }
	@tail -n 1 build/cli.log

## The game from outside: key scripts through the CLI, the real binary in tmux
# (tmux is installed like the cross compiler when missing).
test-play: build/burrow
	@$(call NEED,$(call HAVE,tmux),tmux,tests/play.sh)
	sh tests/play.sh build/burrow > build/play.log 2>&1 || { grep -v '^ok ' build/play.log; exit 1; }
	@tail -n 1 build/play.log

## Tiled's tmxrasterizer draws burrow's TMX and JSON maps as burrow's PNG, pixel for pixel
# (tests/tiled.sh). Debian's tiled package is installed when missing, as
# the cross compiler is.
test-tiled: build/burrow
	@$(call NEED,$(call HAVE,tmxrasterizer),tiled,tests/tiled.sh)
	tests/tiled.sh build/burrow > build/tiled.log 2>&1 || { grep -v '^ok ' build/tiled.log; exit 1; }
	@tail -n 1 build/tiled.log

# The pictures in README.md and docs/ are the CLI's output (tests/pictures.sh);
# the errors, limits, install list and example hash the docs quote are the
# product's (tests/docs_check.py).
## Rewrite the docs pages' tables of what the tests measure on the maps
doc-measures: build/host/tests.log
	python3 tests/measures.py write build/host/tests.log

## The pictures and the quoted facts in README.md and docs/ match the product
test-readme: build/burrow build/host/tests.log $(if $(filter check,$(MAKECMDGOALS)),coverage)
	@sh tests/pictures.sh check
	@python3 tests/docs_check.py build/burrow > build/docs.log 2>&1 || { grep -v '^ok ' build/docs.log; exit 1; }
	@tail -n 1 build/docs.log

## Redraw every picture in README.md and docs/ from the current build
pictures: build/burrow
	@sh tests/pictures.sh write

## `make install` into a temporary prefix, the README's example built against it with pkg-config
test-install: build/burrow
	@$(call NEED,$(call HAVE,pkg-config),pkg-config,tests/install.sh)
	sh tests/install.sh > build/install.log 2>&1 || { grep -v '^ok ' build/install.log; exit 1; }
	@tail -n 1 build/install.log

## burrow in CMake and C++ projects: the CLI through CMake, examples/cpp on the desktop and as a hard-float M4F firmware with newlib-nano
test-cmake: deps build/burrow
	@$(call NEED,$(call HAVE,cmake) && $(call HAVE,g++),cmake g++,tests/cmake.sh)
	@$(call NEED,[ -f /usr/lib/arm-none-eabi/newlib/libc_nano.a ],libnewlib-arm-none-eabi,tests/cmake.sh (newlib-nano))
	sh tests/cmake.sh build/burrow > build/cmake.log 2>&1 || { grep -v '^ok ' build/cmake.log; exit 1; }
	@tail -n 1 build/cmake.log

## The seed-stability promise: tests/golden/levels.tsv against build/burrow
test-golden: build/burrow
	@sh tests/golden.sh check

## A small grid (BW_MAP_W x BW_MAP_H) gives the same maps as 120 x 120: the golden rows of the generators that fit
# Each size builds the library with only the generators whose maps fit it
# (their BW_STATIC_ASSERTs would stop any other) and replays their rows of
# tests/golden/levels.tsv; a size the core cannot hold must not compile.
MAPSIZES := 56x32:mdungeon 80x21:overworld 80x32:mdungeon+overworld
MAPSIZE_GENS := $(basename $(notdir $(filter-out src/gen/registry.c src/gen/crawler_parse.c,$(wildcard src/gen/*.c))))
test-mapsize:
	@mkdir -p build/mapsize
	@for m in $(MAPSIZES); do s=$${m%%:*}; gens=$$(echo $${m#*:} | tr + ' '); \
	  w=$${s%x*}; h=$${s#*x}; out=; for g in $(MAPSIZE_GENS); do case " $$gens " in *" $$g "*) ;; \
	  *) out="$$out -DBW_WITH_$$(echo $$g | tr a-z A-Z)=0 $$(printf 'src/gen/%s.c ' $$g; [ $$g = crawler ] && echo src/gen/crawler_parse.c)";; esac; done; \
	  src=$$(for f in $(CORE_SRC); do case " $$out " in *" $$f "*) ;; *) echo $$f;; esac; done); \
	  $(CC) $(WARN) -Wconversion -O2 -Iinclude -DBW_MAP_W=$$w -DBW_MAP_H=$$h $$(echo "$$out" | tr ' ' '\n' | grep '^-D') \
	    -o build/mapsize/mapsize-$$s tests/mapsize/mapsize.c $$src || exit 1; \
	  build/mapsize/mapsize-$$s < tests/golden/levels.tsv > build/mapsize/$$s.tsv; \
	  for g in $$gens; do grep "^$$g	" tests/golden/levels.tsv; done | grep -v -- '--epoch\|--px' > build/mapsize/$$s.want; \
	  n=$$(wc -l < build/mapsize/$$s.want); \
	  [ $$n -gt 0 ] && diff -u build/mapsize/$$s.want build/mapsize/$$s.tsv > /dev/null || { \
	    echo "test-mapsize: at $$s the maps of $$gens differ from 120 x 120"; diff -u build/mapsize/$$s.want build/mapsize/$$s.tsv | head; exit 1; }; \
	  echo "test-mapsize: $$s ($$gens): $$n golden hashes as at 120 x 120"; done
	@for w in 0 256; do if echo '#include "burrow/grid.h"' | $(CC) -std=c99 -Iinclude -DBW_MAP_W=$$w -fsyntax-only -x c - 2>/dev/null; then \
	  echo "test-mapsize: BW_MAP_W=$$w compiled"; exit 1; fi; done
	@if $(CC) -std=c99 -Iinclude -DBW_MAP_W=80 -DBW_MAP_H=32 -fsyntax-only src/gen/mines.c 2>/dev/null; then \
	  echo "test-mapsize: the mines compiled on an 80 x 32 grid"; exit 1; fi
	@echo "test-mapsize: BW_MAP_W=0 and 256 and the mines at 80 x 32 refuse to compile"

# examples/firmware links build/m3/libburrow.a; its first line is the
# command that makes the same level here, its second what that prints.
## The example firmware under QEMU prints the same hash as build/burrow
test-example: deps build/burrow
	@{ $(MAKE) --no-print-directory BOARD=m3 lib && $(MAKE) --no-print-directory -C examples/firmware CC=$(CROSS)gcc; } \
	  > build/example.log 2>&1 || { cat build/example.log; exit 1; }
	@$(MAKE) -s --no-print-directory -C examples/firmware QEMU=$(QEMU) run > build/example.out 2>&1 || { cat build/example.out; exit 1; }
	@set -- $$(sed -n '1s/^burrow //p' build/example.out); want=$$(build/burrow "$$@"); got=$$(sed -n 2p build/example.out); \
	  [ -n "$$got" ] && [ "$$got" = "$$want" ] || { echo "test-example: the firmware printed '$$got', build/burrow $$* prints '$$want'"; exit 1; }; \
	  echo "test-example: firmware $$(tail -n 1 build/example.log | awk '{ print "text " $$1 " B, bss " $$3 " B" }'): $$got, as build/burrow $$*"

## All the tests above: desktop, sanitizer, CLI, game, Tiled, pictures, goldens, fuzzing, boards, example
check: test-host test-san test-domains coverage test-warnings test-cli test-play test-tiled test-readme test-golden test-mapsize test-install test-fuzz gba-test test-boards freestanding test-example test-cmake
	@cat build/host/tests.log build/gba.log build/host-san/tests.log build/cli.log build/play.log build/tiled.log build/docs.log build/install.log build/cmake.log $(patsubst %,build/%/tests.log,$(BOARD_RUNS)) | \
	  awk '/^[0-9]+ passed, [0-9]+ failed$$/ { p += $$1; f += $$3 } END { print "check: all green over the desktop, sanitizer, CLI, game, Tiled, docs, install, CMake and C++, fuzz, the GBA in mGBA, $(words $(filter-out $(CHECK_SKIP),$(BOARDS))) boards and the M3 at -Os"; print p " passed, " f " failed" }'

## Remove build/
clean:
	rm -rf build

# RAM and instructions per level: the desktop half is
# build/bench/host; tests/bench/bench.sh builds a firmware per generator with
# `make BOARD=... BENCH_GEN=NAME bench-fw`, runs it under QEMU with
# -icount shift=0, writes build/bench.tsv and docs/bench.md's table.
build/bench/host: $(call ho,$(CORE_SRC) tests/bench/bench_host.c port/host/port.c)
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -o $@ $^

# The peers (tests/bench/peers.c): the crypts against libtcod's BSP rooms
# and corridors, the cave step against the textbook 4-5 rule.
build/bench/peers: $(call ho,$(CORE_SRC) tests/bench/peers.c port/host/port.c)
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -o $@ $^ -ltcod

# The ship build (docs/firmware.md): the one build the bench's main rows
# measure, RAM, flash and instructions alike; -O2 (BW_FAST 1) is the second.
SHIP_OPT  := -Os
SHIP_FAST := 1
export SHIP_OPT SHIP_FAST

## RAM, instructions and flash per level on the M3, ship build and -O2, and the desktop peers (docs/bench.md; GENERATORS="..." for a subset)
bench:
	@$(if $(filter-out $(ALL_GENS),$(GENERATORS)),$(error bench: GENERATORS=$(GENERATORS): no generator named $(filter-out $(ALL_GENS),$(GENERATORS)); one of $(ALL_GENS)))
	@$(MAKE) --no-print-directory BOARD= deps build/bench/host build/bench/peers
	@BENCH_GENS="$(or $(BENCH_GENS),$(GENERATORS))" bash tests/bench/bench.sh

# peers.c includes libtcod's header: its object waits for the package too
build/bench/peers $(call ho,tests/bench/peers.c): | libtcod
.PHONY: libtcod
libtcod:
	@$(call NEED,[ -f /usr/include/libtcod/libtcod.h ],libtcod-dev,make bench (its peer))


# ------------------------------------------------------------ Game Boy Advance
# build/gba/burrow.gba: the core, the game loop (src/play) and the ROM's
# front end (src/play/gba.c) for the ARM7TDMI in Thumb, with our start-up
# code (boards/gba/crt0.S, ARM state, the cartridge header) and
# linker/gba.ld. GBA_CODE=iwram, the default (build/gba), copies the core's
# code to IWRAM at start; GBA_CODE=rom runs all code from the cartridge
# (build/gba-rom). make bench measures both (docs/bench.md). The linker
# script includes build/gba*/gba-text.ld and gba-iwram.ld, which name the
# code that goes to ROM and to IWRAM.
GBA_CODE ?= iwram
$(if $(filter-out rom iwram,$(GBA_CODE)),$(error GBA_CODE=$(GBA_CODE) is not valid: one of rom iwram))
GB       := build/gba$(if $(filter rom,$(GBA_CODE)),-rom)
GBA_CC   := $(CROSS)gcc
GBA_CPU  := -mcpu=arm7tdmi -mthumb -mthumb-interwork
GBA_CFLAGS := $(WARN) $(GBA_CPU) -O2 -g $(INC) -Iport/gba -I$(GB) -ffreestanding \
              -fno-tree-loop-distribute-patterns -ffunction-sections -fdata-sections
GBA_SRC  := $(CORE_SRC) src/play/play.c src/play/gba.c src/play/gba_text.c port/gba/port.c port/nolibc/mem.c
GBA_OBJ  := $(patsubst %.c,$(GB)/obj/%.o,$(GBA_SRC)) $(GB)/obj/boards/gba/crt0.o

$(patsubst %.c,$(GB)/obj/%.o,$(CORE_SRC)): GBA_CFLAGS += $(LIB_WARN)
# In IWRAM (32-bit, no wait state) ARM code runs faster than Thumb
$(if $(filter iwram,$(GBA_CODE)),$(patsubst %.c,$(GB)/obj/%.o,$(wildcard src/core/*.c)): GBA_CFLAGS += -marm)

$(GB)/obj/%.o: %.c Makefile $(GB)/rows.h
	@mkdir -p $(@D)
	$(GBA_CC) $(GBA_CFLAGS) -MMD -MP -c -o $@ $<

$(GB)/obj/%.o: %.S Makefile
	@mkdir -p $(@D)
	$(GBA_CC) $(GBA_CPU) -marm -c -o $@ $<

$(GB)/rows.h: tests/gba/rows.sh tests/golden/levels.tsv
	@mkdir -p $(@D)
	sh tests/gba/rows.sh > $@

# GBA_CODE=iwram: src/core's code (the flood fill, cellular steps, grids,
# planes, the RNG) and libgcc's (the ARM7TDMI has no divide instruction:
# every / and % is a libgcc call) run from IWRAM; all the library's code
# cannot fit its 32 KiB.
GBA_HOT  := */src/core/*.o *libgcc.a:*
$(GB)/gba-code.ld: Makefile
	@mkdir -p $(@D)
	@$(if $(filter iwram,$(GBA_CODE)),printf '%s\n' '*(EXCLUDE_FILE($(GBA_HOT)) .text EXCLUDE_FILE($(GBA_HOT)) .text.*)' > $(GB)/gba-text.ld; \
	  printf '%s(.text .text.*)\n' $(foreach p,$(GBA_HOT),'$(p)') > $(GB)/gba-iwram.ld,\
	  printf '%s\n' '*(.text .text.*)' > $(GB)/gba-text.ld; : > $(GB)/gba-iwram.ld)
	@touch $@

$(GB)/burrow.elf: $(GBA_OBJ) linker/gba.ld $(GB)/gba-code.ld
	$(GBA_CC) $(GBA_CPU) -nostdlib -Tlinker/gba.ld -L$(GB) -Wl,--gc-sections -o $@ $(GBA_OBJ) -lgcc

$(GB)/burrow.gba: $(GB)/burrow.elf
	$(CROSS)objcopy -O binary $< $@

# The bench's ROM (tests/bench/bench_gba.c, make bench): the same library
# build and start-up code, the cycles of every level by the console's timers;
# its generators and seeds come from build/bench/gba_bench.h (bench.sh).
GBA_BENCH_OBJ := $(patsubst %.c,$(GB)/obj/%.o,$(CORE_SRC) tests/bench/bench_gba.c port/gba/port.c port/nolibc/mem.c) \
                 $(GB)/obj/boards/gba/crt0.o
$(GB)/obj/tests/bench/bench_gba.o: GBA_CFLAGS += -Ibuild/bench
$(GB)/obj/tests/bench/bench_gba.o: build/bench/gba_bench.h

$(GB)/bench.elf: $(GBA_BENCH_OBJ) linker/gba.ld $(GB)/gba-code.ld
	$(GBA_CC) $(GBA_CPU) -nostdlib -Tlinker/gba.ld -L$(GB) -Wl,--gc-sections -o $@ $(GBA_BENCH_OBJ) -lgcc

$(GB)/bench.gba: $(GB)/bench.elf
	$(CROSS)objcopy -O binary $< $@

## The Game Boy Advance ROM, build/gba/burrow.gba, the core's code in IWRAM (GBA_CODE=rom: all code in ROM, build/gba-rom)
gba: deps $(GB)/burrow.gba
	@$(CROSS)size $(GB)/burrow.elf | tail -n 1 | awk '{ print "gba: $(GB)/burrow.gba, text " $$1 " B, data " $$2 " B, bss " $$3 " B" }'

build/gba/harness: tests/gba/harness.c src/cli/png.c src/cli/png.h
	@$(call NEED,[ -f /usr/include/mgba/core/core.h ],libmgba-dev,tests/gba/harness.c)
	@mkdir -p $(@D)
	$(CC) -std=c99 -Wall -Wextra -Werror -O2 -Isrc/cli -o $@ tests/gba/harness.c src/cli/png.c -lmgba

## The GBA ROM headless in mGBA: its self-test's level hashes against tests/golden/levels.tsv, and the game's key scripts (tests/gba/play.sh)
gba-test: build/gba/harness
	@$(MAKE) --no-print-directory gba
	@build/gba/harness build/gba/burrow.gba golden tests/golden/levels.tsv build/gba/cycles.tsv > build/gba-golden.log 2>&1; \
	  g=$$?; sh tests/gba/play.sh build/gba/harness build/gba/burrow.gba > build/gba-play.log 2>&1; p=$$?; \
	  cat build/gba-golden.log build/gba-play.log | awk -v st=$$((g + p)) \
	    '/^[0-9]+ passed, [0-9]+ failed$$/ { n += $$1; f += $$3; next } { print } \
	     END { if (st && !f) f = 1; print n " passed, " f " failed" }' > build/gba.log; \
	  grep -v '^ok ' build/gba.log; [ $$g = 0 ] && [ $$p = 0 ]

## The GBA game's goldens remade: tests/gba/play.tsv and docs/img/gba-GEN.png
gba-write: build/gba/harness
	@$(MAKE) --no-print-directory gba
	sh tests/gba/play.sh build/gba/harness build/gba/burrow.gba write

# ------------------------------------------------------------ coverage
# The sanitizer build also carries gcov's counters (--coverage), so its run
# in `make check` measures coverage too; gcovr (Debian's, installed when
# missing) reports the lines and branches of src/core, src/blocks and
# src/gen it reached, and fails under 95% of lines or 85% of branches.
# docs/reliability.md quotes the figures (tests/docs_check.py compares).
## Line and branch coverage of src/core, src/blocks and src/gen over the desktop suite (gcovr)
coverage: test-san
	@$(call NEED,$(call HAVE,gcovr),gcovr,make coverage)
	@gcovr --root . --object-directory $(SO) --filter 'src/core/' --filter 'src/blocks/' --filter 'src/gen/' \
	  --exclude-unreachable-branches --txt build/coverage.txt --print-summary > build/coverage.log 2>&1 || \
	  { cat build/coverage.log; exit 1; }
	@awk '/^lines:/ { l = $$2 + 0 } /^branches:/ { b = $$2 + 0 } \
	  END { printf "coverage: %s%% of lines, %s%% of branches of src/core, src/blocks and src/gen\n", l, b; \
	        if (l < 95 || b < 85) { print "coverage: under the floor (95% of lines, 85% of branches)"; exit 1 } }' build/coverage.log

# ------------------------------------------------------------ desktop library and install
# libburrow.a and libburrow.so for desktop programs: the core alone, built
# with its own headers and nothing else (no test, game or port flag).
PREFIX  ?= /usr/local
SOVER   := 2
LO      := build/host/lib-obj
LIB_OBJ := $(patsubst %.c,$(LO)/%.o,$(CORE_SRC))

$(LIB_OBJ): $(LO)/%.o: %.c Makefile
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIB_WARN) -O2 -g -fPIC -Iinclude -MMD -MP -c -o $@ $<

build/host/libburrow.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

build/host/libburrow.so.$(SOVER): $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libburrow.so.$(SOVER) -o $@ $^

BW_VERSION = $(shell awk '/^.define BW_VERSION_(MAJOR|MINOR|PATCH) / { v = v (v == "" ? "" : ".") $$3 } END { print v }' include/burrow/burrow.h)

## Install the CLI, libburrow.a, libburrow.so, the headers and burrow.pc under PREFIX (default /usr/local)
install: build/burrow build/host/libburrow.a build/host/libburrow.so.$(SOVER)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/burrow
	install -m 755 build/burrow $(DESTDIR)$(PREFIX)/bin/burrow
	install -m 644 build/host/libburrow.a $(DESTDIR)$(PREFIX)/lib/libburrow.a
	install -m 755 build/host/libburrow.so.$(SOVER) $(DESTDIR)$(PREFIX)/lib/libburrow.so.$(SOVER)
	ln -sf libburrow.so.$(SOVER) $(DESTDIR)$(PREFIX)/lib/libburrow.so
	install -m 644 include/burrow/*.h $(DESTDIR)$(PREFIX)/include/burrow/
	@printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	  'Name: burrow' 'Description: roguelike levels on fixed memory' 'Version: $(BW_VERSION)' \
	  'Libs: -L$${libdir} -lburrow' 'Cflags: -I$${includedir}' > $(DESTDIR)$(PREFIX)/lib/pkgconfig/burrow.pc

## Remove what make install put under PREFIX
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/burrow $(DESTDIR)$(PREFIX)/lib/libburrow.a \
	  $(DESTDIR)$(PREFIX)/lib/libburrow.so $(DESTDIR)$(PREFIX)/lib/libburrow.so.$(SOVER) \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig/burrow.pc
	rm -rf $(DESTDIR)$(PREFIX)/include/burrow

# ------------------------------------------------------------ fuzzing
# Two libFuzzer targets (tests/fuzz/): the crawler's design-file parser and
# generation, and the CLI's options run in-process. Each starts from its
# seed corpus, tests/fuzz/corpus/TARGET/, read only; what it finds goes to
# build/fuzz/TARGET.corpus, a crash or timeout to build/fuzz/TARGET-crash-*
# (copy that into the seed corpus once fixed: it is a regression input from
# then on, run first on every fuzz run). The CLI's dictionary is its own
# --help. `make fuzz` runs each FUZZ_SECONDS (10 minutes), `make test-fuzz`
# (in `check`) 60 seconds.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 600
FUZZ_CFLAGS  := $(WARN) -O1 -g $(INC) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS := design cli
FUZZ_ARGS_design := -max_len=8300 -timeout=30 -dict=tests/fuzz/design.dict
FUZZ_ARGS_cli    := -max_len=256 -timeout=60 -dict=build/fuzz/cli.dict

build/fuzz/design: tests/fuzz/fuzz_design.c $(CORE_SRC) $(wildcard include/burrow/*.h) Makefile
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/fuzz_design.c $(CORE_SRC)

build/fuzz/cli: tests/fuzz/fuzz_cli.c $(CORE_SRC) $(CLI_SRC) $(wildcard include/burrow/*.h src/cli/*.h) Makefile
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/fuzz_cli.c $(CORE_SRC) $(filter-out src/cli/main.c,$(CLI_SRC))

build/fuzz/cli.dict: build/burrow
	@mkdir -p $(@D)
	{ build/burrow --help; printf 'gen %s\n' tiles tileset list play -h --every --keys $$(build/burrow list | cut -f1 | tail -n +2); \
	  for g in $$(build/burrow list | cut -f1 | tail -n +2); do build/burrow $$g --help; done; } | \
	  awk '$$1 == "gen" { print "\"" $$2 "\"" } \
	       $$1 ~ /^--/ { print "\"" $$1 "\"" } $$1 ~ /^--/ && $$2 ~ /[|.]/ { n = split($$2, w, "[|]"); for (i = 1; i <= n; i++) print "\"" w[i] "\"" }' | \
	  sort -u > $@

# Installs clang (with libFuzzer) when missing, as `deps` does the cross compiler.
FUZZ_PROBE = int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)n * 0; }
fuzz-deps:
	@$(call NEED,echo '$(FUZZ_PROBE)' | $(FUZZ_CC) -fsanitize=fuzzer -x c -o /dev/null - >/dev/null 2>&1,clang,the fuzzers (libFuzzer))

# $(call FUZZ_RUN,target,seconds): one target's run, its log in build/fuzz/.
FUZZ_RUN = ( mkdir -p build/fuzz/$(1).corpus && echo "== fuzz $(1) for $(2) s" && \
  build/fuzz/$(1) $(FUZZ_ARGS_$(1)) -max_total_time=$(2) -artifact_prefix=build/fuzz/$(1)- -print_final_stats=1 \
    build/fuzz/$(1).corpus tests/fuzz/corpus/$(1) > build/fuzz/$(1).log 2>&1 && \
  grep '^stat::number_of_executed_units' build/fuzz/$(1).log || { tail -n 40 build/fuzz/$(1).log; exit 1; } ) &&

## The library under clang with -Wconversion -Wshadow -Werror (gcc builds it so in every target)
test-warnings: fuzz-deps
	@$(FUZZ_CC) $(WARN) -Wconversion -Iinclude -fsyntax-only $(CORE_SRC) && \
	  echo "test-warnings: src/core, src/blocks, src/gen clean under $(FUZZ_CC) -Wconversion -Wshadow -Werror"

## Fuzz the design parser and the CLI (make fuzz: 10 min each; test-fuzz: 60 s each, in check)
fuzz test-fuzz: fuzz-deps $(patsubst %,build/fuzz/%,$(FUZZ_TARGETS)) build/fuzz/cli.dict
	@$(foreach t,$(FUZZ_TARGETS),$(call FUZZ_RUN,$(t),$(if $(filter test-fuzz,$@),60,$(FUZZ_SECONDS)))) true

# After every rule, so that no object named in them becomes the default goal.
-include $(wildcard $(GB)/obj/*/*/*.d $(GB)/obj/*/*.d $(LO)/*/*/*.d $(HO)/*/*/*.d $(HO)/*/*.d $(TO)/*/*/*.d $(TO)/*/*.d $(SO)/*/*/*.d $(SO)/*/*.d)

# ------------------------------------------------------------ one board, or a library for a part
else
TCC     := $(CROSS)gcc
OPT     ?= -O2
CPUS    := cortex-m0 cortex-m0plus cortex-m3 cortex-m4 cortex-m7 cortex-m33
FLOATS  := soft softfp hard
# The FPU each CPU has (none on M0, M0+ and M3): what FLOAT=softfp|hard uses.
FPU_cortex-m4  := fpv4-sp-d16
FPU_cortex-m7  := fpv5-d16
FPU_cortex-m33 := fpv5-sp-d16
# $(call one_of,value,valid values,name): make stops with one line naming
# the valid values; may_be also takes an empty value.
may_be = $(if $(filter-out $(2),$(1)),$(error $(3)=$(1) is not valid: one of $(2)))
one_of = $(call may_be,$(if $(1),$(1),(empty)),$(2),$(3))
$(call one_of,$(OPT),-Os -O2,OPT)
$(call may_be,$(BW_FAST),0 1,BW_FAST)
$(call may_be,$(GENERATORS),$(ALL_GENS),GENERATORS)
ifdef BOARD
include boards/$(BOARD).mk
# A board of a real part names its UART port (BOARD_UART): every line the
# firmware prints goes there, QEMU shows that UART on stdout, and only the
# exit code still goes through semihosting. The MPS2 boards print through
# semihosting and keep the CMSDK UART for the game.
BOARD_UART ?=
BOARD_DEFS += $(if $(BOARD_UART),-DBW_CONSOLE_UART)
# A small part names the generators that fit its grid (BOARD_GENS, with
# BW_MAP_W and BW_MAP_H in DEFS): its library holds those alone, and its
# test firmware runs their suites (tests/suites_small.h) and prints their
# golden hashes, the desktop's lines of those names.
BOARD_GENS ?=
ifneq ($(BOARD_GENS),)
GENERATORS := $(BOARD_GENS)
endif
BOARD_GOLDEN := ^golden $(if $(BOARD_GENS),($(subst $(eval) ,|,$(strip $(BOARD_GENS))))_)
bench:
	@$(MAKE) --no-print-directory BOARD= bench
# -Os builds go to build/BOARD-os, a BW_FAST=N build to build/BOARD...-fastN
# (the ship build, below: build/BOARD-os-fast1)
B       := build/$(BOARD)$(if $(filter -Os,$(OPT)),-os)$(if $(BW_FAST),-fast$(BW_FAST))
else
# make lib CPU=... FLOAT=... OPT=... BW_FAST=... GENERATORS="..." DEFS="-DNAME=VALUE ..."
CPU     ?= cortex-m3
FLOAT   ?= soft
$(call one_of,$(CPU),$(CPUS),CPU)
$(call one_of,$(FLOAT),$(FLOATS),FLOAT)
$(if $(filter-out soft,$(FLOAT)),$(if $(FPU_$(CPU)),,$(error FLOAT=$(FLOAT): $(CPU) has no FPU, use FLOAT=soft)))
BOARD_CPU := -mcpu=$(CPU) -mthumb -mfloat-abi=$(FLOAT) $(if $(filter-out soft,$(FLOAT)),-mfpu=$(FPU_$(CPU)))
B       := build/lib/$(CPU)-$(FLOAT)$(OPT)$(if $(BW_FAST),-fast$(BW_FAST))$(if $(GENERATORS),-$(subst $(eval) ,+,$(strip $(GENERATORS))))$(if $(DEFS),-defs)
endif
BW_FAST ?=
GENERATORS ?=
DEFS    ?=
BOARD_CFLAGS := $(BOARD_CPU) $(BOARD_DEFS)
# The library: only its own headers, the chosen switches and generators;
# no test, game or port flag.
GEN_OUT  := $(if $(GENERATORS),$(filter-out $(GENERATORS),$(ALL_GENS)))
LIB_SRC  := $(filter-out $(foreach g,$(GEN_OUT),src/gen/$(g).c $(if $(filter crawler,$(g)),src/gen/crawler_parse.c)),$(CORE_SRC))
LIB_DEFS := $(if $(filter 0 1,$(BW_FAST)),-DBW_FAST=$(BW_FAST)) \
            $(foreach g,$(GEN_OUT),-DBW_WITH_$(shell echo $(g) | tr a-z A-Z)=0) $(DEFS)
LFLAGS  := $(WARN) -Wconversion $(BOARD_CPU) $(OPT) -g -Iinclude $(LIB_DEFS) -ffreestanding \
           -fno-tree-loop-distribute-patterns -ffunction-sections -fdata-sections
TFLAGS  := $(WARN) $(BOARD_CFLAGS) $(OPT) -g $(INC) -ffreestanding -fno-tree-loop-distribute-patterns \
           -ffunction-sections -fdata-sections
LDFLAGS := -nostdlib -T$(BOARD_LD) -Llinker -Wl,--gc-sections
# No C library on the boards: memcpy and friends come from libburrow-nolibc.a.
LIBS    := $(B)/libburrow-nolibc.a -lgcc
# The library and what links it (bench, example) as users build it; the test
# firmware compiles the core again with its hooks, asserts and a tenth of
# the seeds, into $(B)/test.
CORE_OBJ := $(patsubst %.c,$(B)/%.o,$(LIB_SRC))
PORT_OBJ := $(B)/port/cortex-m/startup.o $(if $(BOARD_UART),$(B)/$(BOARD_UART:.c=.o))
ifneq ($(BOARD_GENS),)
TEST_OBJ := $(patsubst %.c,$(B)/test/%.o,$(LIB_SRC) tests/check.c tests/arena.c tests/ground.c \
              $(patsubst %,tests/test_%.c,$(BOARD_GENS)) port/cortex-m/startup.c $(BOARD_UART) port/nolibc/mem.c)
TFLAGS   += $(LIB_DEFS) '-DBW_TEST_SUITES="suites_small.h"'
else
TEST_OBJ := $(patsubst %.c,$(B)/test/%.o,$(CORE_SRC) $(TEST_SRC) port/cortex-m/startup.c $(BOARD_UART) port/nolibc/mem.c)
endif

$(patsubst %.c,$(B)/test/%.o,$(CORE_SRC)): TFLAGS += -Wconversion

$(B)/test/%.o: %.c Makefile boards/$(BOARD).mk
	@mkdir -p $(@D)
	$(TCC) $(TFLAGS) -DBW_TEST_DIV=10 -DBW_TESTING -DBW_TRACE=1 -MMD -MP -c -o $@ $<

$(CORE_OBJ) $(B)/port/nolibc/mem.o: $(B)/%.o: %.c Makefile $(wildcard boards/$(BOARD).mk)
	@mkdir -p $(@D)
	$(TCC) $(LFLAGS) -MMD -MP -c -o $@ $<

$(B)/%.o: %.c Makefile $(wildcard boards/$(BOARD).mk)
	@mkdir -p $(@D)
	$(TCC) $(TFLAGS) -MMD -MP -c -o $@ $<

$(B)/libburrow.a: $(CORE_OBJ)
	rm -f $@
	$(CROSS)ar rcs $@ $^

$(B)/libburrow-nolibc.a: $(B)/port/nolibc/mem.o
	rm -f $@
	$(CROSS)ar rcs $@ $^

## The library for your firmware: build/.../libburrow.a, libburrow-nolibc.a and include/ (BOARD=NAME, or CPU= FLOAT= OPT= BW_FAST= GENERATORS= DEFS=; docs/firmware.md)
lib: $(B)/libburrow.a $(B)/libburrow-nolibc.a
	@rm -rf $(B)/include && mkdir -p $(B)/include/burrow
	@cp -p include/burrow/*.h $(B)/include/burrow/
	@echo "lib: $(B)/libburrow.a ($(strip $(filter-out $(WARN),$(LFLAGS)))), $(B)/libburrow-nolibc.a and $(B)/include/burrow/*.h"

$(B)/tests.elf: $(TEST_OBJ) $(BOARD_LD)
	$(TCC) $(TFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(LIBS)

QEMU_RUN = timeout 600 $(QEMU) -M $(BOARD_MACHINE) -nographic -monitor none -serial $(if $(BOARD_UART),stdio,none) \
           -semihosting-config enable=on,target=native

build/host/tests.log:
	@$(MAKE) --no-print-directory BOARD= build/host/tests.log

## The tests on one board under QEMU (BOARD=NAME)
board-test: $(B)/tests.elf build/host/tests.log
	@echo "== $(BOARD) under $(QEMU) -M $(BOARD_MACHINE)"
	$(QEMU_RUN) -kernel $< > $(B)/tests.log 2>&1 || { tail -n 30 $(B)/tests.log; exit 1; }
	@tail -n 1 $(B)/tests.log
	@grep -E '$(BOARD_GOLDEN)' build/host/tests.log | sort > $(B)/golden.host
	@grep '^golden' $(B)/tests.log | sort > $(B)/golden.board
	@diff -u $(B)/golden.host $(B)/golden.board > /dev/null || { \
	  echo "$(BOARD): golden hashes differ from the desktop run"; diff -u $(B)/golden.host $(B)/golden.board; exit 1; }
	@echo "$(BOARD): $$(wc -l < $(B)/golden.board) golden hashes match the desktop"

# One generator's bench firmware; its seed list comes from the desktop hunt.
# BENCH_VARIANT=1 builds the fixed seeds alone (bench-NAME-fixed.elf).
# BENCH_PARTS=N BENCH_PART=K (variant 0): the K-th of N firmwares that
# split the target hunt's seeds between them (bench-NAME-partK-of-N.elf).
BENCH_DIR := build/bench/$(BENCH_GEN)
BENCH_VARIANT ?= 0
BENCH_PARTS ?= 1
BENCH_PART ?= 1
BENCH_ELF := $(B)/bench-$(BENCH_GEN)$(if $(filter 1,$(BENCH_VARIANT)),-fixed,$(if $(filter-out 1,$(BENCH_PARTS)),-part$(BENCH_PART)-of-$(BENCH_PARTS))).elf
$(BENCH_ELF): tests/bench/bench_fw.c src/play/out.h $(BENCH_DIR)/bench_seeds.h $(PORT_OBJ) \
              $(B)/libburrow.a $(BOARD_LD)
	$(TCC) $(TFLAGS) -I$(BENCH_DIR) '-DBENCH_GEN="$(BENCH_GEN)"' -DBENCH_VARIANT=$(BENCH_VARIANT) \
	  -DBENCH_PARTS=$(BENCH_PARTS) -DBENCH_PART=$(BENCH_PART) \
	  $(LDFLAGS) -o $@ tests/bench/bench_fw.c $(PORT_OBJ) $(B)/libburrow.a $(LIBS)

## One generator's bench firmware (BOARD=NAME BENCH_GEN=NAME [BENCH_VARIANT=1] [BENCH_PARTS=N BENCH_PART=K] [OPT=-Os])
bench-fw: $(BENCH_ELF)

# The smallest part's firmware (tests/bench/parts.sh): one generator's
# levels over the bench's seeds, the stack peak of each.
$(B)/parts-$(BENCH_GEN).elf: tests/bench/parts_fw.c src/play/out.h $(BENCH_DIR)/bench_seeds.h $(PORT_OBJ) \
                             $(B)/libburrow.a $(B)/libburrow-nolibc.a $(BOARD_LD)
	$(TCC) $(TFLAGS) -I$(BENCH_DIR) '-DBENCH_GEN="$(BENCH_GEN)"' \
	  $(LDFLAGS) -o $@ tests/bench/parts_fw.c $(PORT_OBJ) $(B)/libburrow.a $(LIBS)

parts-fw: $(B)/parts-$(BENCH_GEN).elf

# The flash one generator costs alone (tests/bench/flash_fw.c); FLASH_FN=none
# is the startup and port without a generator.
FLASH_FN ?= bw_$(BENCH_GEN)_generate
$(B)/flash-$(BENCH_GEN).elf: tests/bench/flash_fw.c $(PORT_OBJ) $(B)/libburrow.a $(BOARD_LD)
	$(TCC) $(TFLAGS) -DGEN_FN=$(FLASH_FN) $(LDFLAGS) -o $@ \
	  tests/bench/flash_fw.c $(PORT_OBJ) $(B)/libburrow.a $(LIBS)

flash-fw: $(B)/flash-$(BENCH_GEN).elf

# The game's cost (make bench): every key script replayed, per key.
$(B)/play-bench.elf: tests/bench/play_fw.c src/play/out.h src/play/play.c src/play/play.h tests/play_scripts.h \
                     $(PORT_OBJ) $(B)/libburrow.a $(BOARD_LD)
	$(TCC) $(TFLAGS) $(LDFLAGS) -o $@ tests/bench/play_fw.c src/play/play.c \
	  $(PORT_OBJ) $(B)/libburrow.a $(LIBS)

# The game as firmware: the library, src/play and the board's startup.
$(B)/play.elf: src/play/play.c src/play/firmware.c src/play/play.h $(PORT_OBJ) \
               $(if $(BOARD_UART),,$(B)/port/cortex-m/uart.o) $(B)/libburrow.a $(BOARD_LD)
	$(TCC) $(TFLAGS) $(LDFLAGS) -o $@ src/play/play.c src/play/firmware.c \
	  $(PORT_OBJ) $(if $(BOARD_UART),,$(B)/port/cortex-m/uart.o) $(B)/libburrow.a $(LIBS)

play: deps $(B)/play.elf
	@$(CROSS)size $(B)/play.elf | tail -n 1 | awk '{print "play: .data + .bss = " $$2 + $$3 " B on $(BOARD)"}'
	$(QEMU) -M $(BOARD_MACHINE) -nographic -monitor none -chardev stdio,id=uart,signal=off -serial chardev:uart \
	  -semihosting-config enable=on,target=native -kernel $(B)/play.elf -append "$(PLAY_ARGS)"

# Every firmware here links -nostdlib, with the nolibc helpers.
$(B)/tests.elf $(BENCH_ELF) $(B)/flash-$(BENCH_GEN).elf $(B)/play-bench.elf $(B)/play.elf: $(B)/libburrow-nolibc.a

FORBIDDEN := malloc|calloc|realloc|free|printf|sprintf|puts|putchar|abort|exit|__aeabi_[fd][a-z0-9]+|__aeabi_u?[il]2[fd]|__aeabi_[fd]2u?[il]z?|__[a-z]+[sdt]f[0-9]?

board-freestanding: $(B)/libburrow.a $(B)/tests.elf
	@$(CROSS)nm -u $(CORE_OBJ) | awk '{print $$2}' | sort -u > $(B)/core.undef
	@$(CROSS)nm --defined-only $(CORE_OBJ) | awk 'NF == 3 {print $$3}' | sort -u > $(B)/core.def
	@comm -23 $(B)/core.undef $(B)/core.def > $(B)/core.external
	@for f in $(LIB_SRC) include/burrow/*.h; do \
	  if $(TCC) -w -fpreprocessed -dD -E -P -x c $$f | grep -qwE 'float|double'; then \
	    echo "$(BOARD): floating point in the core: $$f"; exit 1; fi; done
	@bad=$$(grep -Ex '$(FORBIDDEN)' $(B)/core.external | tr '\n' ' '); \
	if [ -n "$$bad" ]; then echo "$(BOARD): core references forbidden symbols: $$bad"; exit 1; fi
	@own=$$($(CROSS)nm -g --defined-only $(CORE_OBJ) | awk 'NF == 3 && $$3 !~ /^bw_/ {print $$3}' | sort -u | tr '\n' ' '); \
	if [ -n "$$own" ]; then echo "$(BOARD): the core defines names outside bw_ (a libc name would replace the firmware's): $$own"; exit 1; fi
	@ext=$$(grep -v '^$$' $(B)/core.external | tr '\n' ' '); \
	echo "$(BOARD): core linked with -nostdlib; needs from outside the core: $${ext:-nothing} (libgcc's integer helpers; memcpy and memset from a C library or libburrow-nolibc.a)"
	@$(CROSS)size -t $(B)/libburrow.a | tail -n 1 | awk '{print "$(BOARD): core .text " $$1 "  .data " $$2 "  .bss " $$3}'

# After every rule, so that no object named in them becomes the default goal.
-include $(wildcard $(B)/*/*/*.d $(B)/*/*.d $(B)/test/*/*/*.d $(B)/test/*/*.d)
endif

## This list: every target with a `## ` line above it
help:
	@awk '/^## / { sub(/^## /, ""); getline rule; while (rule ~ /^(#|\.PHONY|ifdef|ifndef|else)/) getline rule; \
	  sub(/:.*/, "", rule); printf "  %-22s %s\n", rule, $$0 }' $(firstword $(MAKEFILE_LIST))
