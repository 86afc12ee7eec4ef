# GMenuKit: `make run` opens the showcase, `make test` runs every test.
SWIFT ?= swift
SWIFT_FLAGS ?=

# Headless machines have no accessibility bus; GTK need not look for one.
export GTK_A11Y ?= none
export NO_AT_BRIDGE ?= 1

.PHONY: all deps build test run screenshot lint-menus bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# Any GLib or GTK critical fails the tests.
test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	G_DEBUG=fatal-criticals scripts/with-display.sh $(SWIFT) test --skip-build --disable-swift-testing $(SWIFT_FLAGS)

run: build
	@scripts/run-showcase.sh "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/MenuShowcase"

# Opens the showcase's menu under a private X server and saves what a person would see.
screenshot: build
	scripts/with-display.sh scripts/screenshot-showcase.sh "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/MenuShowcase" screenshots/showcase.png

# Checks every menu of the showcase against the menu guidelines; fails on errors.
lint-menus: build
	"$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/MenuShowcase" --lint-menus

# Measures in a release build: the guideline checks, then GMenuKit against the same menus in
# plain C and in PyGObject (scripts/bench.sh); see the README's performance section.
BENCH_C ?= .build/bench/menu_bench
bench: deps
	$(SWIFT) build -c release --product MenuBenchmark $(SWIFT_FLAGS)
	mkdir -p $(dir $(BENCH_C))
	$(CC) -O2 -o $(BENCH_C) Benchmarks/c/menu_bench.c $$(pkg-config --cflags --libs gtk4)
	"$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/MenuBenchmark"
	scripts/bench.sh "$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/MenuBenchmark" $(BENCH_C)

clean:
	rm -rf .build
