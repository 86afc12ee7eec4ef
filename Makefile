# GMenuKit: `make run` opens the showcase, `make test` runs every test.
SWIFT ?= swift
SWIFT_FLAGS ?=

# Headless machines have no accessibility bus; GTK need not look for one.
export GTK_A11Y ?= none
export NO_AT_BRIDGE ?= 1

# RUNS full runs of make test in a row, the last LOADED of them beside two busy loops; counts them.
RUNS ?= 10
LOADED ?= 4

.PHONY: all deps build test api repeat-tests run screenshot lint-menus bench bench-instructions docs leakcheck test-asan clean install uninstall

# make install puts gmenukit-lint in $(DESTDIR)$(PREFIX)/bin, with the Swift runtime linked in,
# so that it runs where no Swift toolchain is (a CI image of a C or Rust app).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LINT_BUILD = -c release --product gmenukit-lint --static-swift-stdlib $(SWIFT_FLAGS)

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# The tests an app developer writes with GMenuKitTesting, run with no display at all (XCTest
# and Swift Testing): the headless part needs no X server.
HEADLESS_TESTS = ExampleNotepadTests GMenuKitTestingTests

# Any GLib or GTK critical fails the tests. Swift's backtracer would catch the trap a
# critical raises and let the process go on, so it is off. The public API must match
# api/GMenuKit.public-api.txt (make api rewrites it), so that every change to it shows in
# review. Then the core's tests once more, in a package of the core alone built where GTK
# cannot be found (scripts/test-core-without-gtk.sh). The headless tests run apart, with DISPLAY
# unset.
test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	SWIFT=$(SWIFT) SWIFT_FLAGS="$(SWIFT_FLAGS)" scripts/public-api.sh --check
	G_DEBUG=fatal-criticals SWIFT_BACKTRACE=enable=no scripts/with-display.sh $(SWIFT) test --skip-build --disable-swift-testing \
		$(addprefix --skip ,$(HEADLESS_TESTS)) $(SWIFT_FLAGS)
	G_DEBUG=fatal-criticals SWIFT_BACKTRACE=enable=no GMENUKIT_EXPECT_NO_DISPLAY=1 env -u DISPLAY -u WAYLAND_DISPLAY \
		$(SWIFT) test --skip-build $(addprefix --filter ,$(HEADLESS_TESTS)) $(SWIFT_FLAGS)
	SWIFT=$(SWIFT) scripts/test-core-without-gtk.sh

# Rewrites api/GMenuKit.public-api.txt from the public API as it is now.
api: deps
	SWIFT=$(SWIFT) SWIFT_FLAGS="$(SWIFT_FLAGS)" scripts/public-api.sh --update

repeat-tests: deps
	scripts/repeat-tests.sh $(RUNS) $(LOADED)

run: build
	@scripts/run-showcase.sh "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/MenuShowcase"

# Opens the showcase's menu under a private X server and saves what a person would see.
screenshot: build
	scripts/with-display.sh scripts/screenshot-showcase.sh "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/MenuShowcase" screenshots/showcase.png

# Checks every menu of the showcase against the menu guidelines; fails on errors.
lint-menus: build
	"$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/MenuShowcase" --lint-menus

# Measures in a release build: the guideline checks, then GMenuKit against the same menus in
# plain C and in PyGObject (scripts/bench.sh); the report also goes into the Performance article
# (Sources/GMenuKit/GMenuKit.docc/Performance.md, by scripts/bench-docs.py).
BENCH_C ?= .build/bench/menu_bench
BENCH_REPORT ?= .build/bench/report.txt
bench: deps
	$(SWIFT) build -c release --product MenuBenchmark $(SWIFT_FLAGS)
	mkdir -p $(dir $(BENCH_C))
	$(CC) -O2 -o $(BENCH_C) Benchmarks/c/menu_bench.c $$(pkg-config --cflags --libs gtk4)
	"$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/MenuBenchmark" >$(BENCH_REPORT)
	scripts/bench.sh "$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/MenuBenchmark" $(BENCH_C) >>$(BENCH_REPORT)
	cat $(BENCH_REPORT)
	scripts/bench-docs.py $(BENCH_REPORT) Sources/GMenuKit/GMenuKit.docc/Performance.md

# Speed guarded on every change: instructions per run (callgrind) of the main cases beside plain
# C, failing when GMenuKit ÷ C, without glibc malloc's bins (steady), is more than 3% worse than
# Benchmarks/instructions-baseline.txt.
bench-instructions: deps
	$(SWIFT) build -c release --product MenuBenchmark $(SWIFT_FLAGS)
	mkdir -p $(dir $(BENCH_C))
	$(CC) -O2 -o $(BENCH_C) Benchmarks/c/menu_bench.c $$(pkg-config --cflags --libs gtk4)
	scripts/bench-instructions.sh "$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/MenuBenchmark" $(BENCH_C)

# The DocC catalog and API reference, with the toolchain's own swift-symbolgraph-extract and
# docc (no package plugin); fails when a public symbol has no documentation comment.
docs: deps
	SWIFT=$(SWIFT) SWIFT_FLAGS="$(SWIFT_FLAGS)" scripts/docs.sh

clean:
	rm -rf .build

install: deps
	$(SWIFT) build $(LINT_BUILD)
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT) build $(LINT_BUILD) --show-bin-path)/gmenukit-lint" "$(DESTDIR)$(BINDIR)/gmenukit-lint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/gmenukit-lint"

# Valgrind over a representative scenario (leak, lifetime, action and update tests, fewer cycles):
# fails on definite leaks or invalid accesses with GMenuKit frames. See scripts/valgrind/.
# Built in a directory of its own with DWARF 4 debug information for C: Debian 12's valgrind
# cannot read the DWARF 5 that clang writes by default, and gives up on the whole binary.
VALGRIND_SCRATCH ?= .build/valgrind
VALGRIND_BUILD = --scratch-path $(VALGRIND_SCRATCH) -Xcc -gdwarf-4 $(SWIFT_FLAGS)
leakcheck: deps
	$(SWIFT) build --build-tests $(VALGRIND_BUILD)
	scripts/with-display.sh scripts/valgrind/leakcheck.sh "$$($(SWIFT) build $(VALGRIND_BUILD) --show-bin-path)/GMenuKitPackageTests.xctest"

# The whole suite built with AddressSanitizer, in a build directory of its own. GLib allocates
# through malloc (G_SLICE=always-malloc) so ASan sees its blocks too; LeakSanitizer is off
# (detect_leaks=0): it would report the allocations GLib, GTK, fontconfig and the Swift runtime
# keep for the life of the process. make leakcheck looks for leaks instead.
ASAN_SCRATCH ?= .build/asan
# SWIFT_BACKTRACE=enable=no: the Swift runtime's crash handler catches the SIGTRAP with which
# G_DEBUG=fatal-criticals stops at a critical, and lets the process run on.
ASAN_ENV = G_DEBUG=fatal-criticals SWIFT_BACKTRACE=enable=no G_SLICE=always-malloc ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:halt_on_error=1
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_SCRATCH)
	$(ASAN_ENV) scripts/with-display.sh $(SWIFT) test --skip-build --sanitize=address --scratch-path $(ASAN_SCRATCH) --disable-swift-testing
