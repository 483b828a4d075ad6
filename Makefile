# Closebook: `make report` builds the stages and turns a workspace into a static site of monthly
# reports; `make test` runs the lint and the whole test suite. Each stage's output is a real file
# target, so `make` re-runs only what changed.

WORKSPACE ?= Samples
OUT ?= $(WORKSPACE)
MONTH ?= latest
SWIFT ?= swift
BIN := .build/release
BUILD := $(OUT)/build
STAMP := $(BIN)/.closebook-stamp
SWIFT_SOURCES := Package.swift $(shell find Sources -type f \( -name '*.swift' -o -name '*.h' -o -name '*.modulemap' \) 2>/dev/null)
INBOX := $(shell find $(WORKSPACE)/inbox -maxdepth 1 -type f ! -name '.*' 2>/dev/null)
RULES := $(wildcard $(WORKSPACE)/rules/*.rules)
CONFIG := $(wildcard $(WORKSPACE)/closebook.toml)
OVERRIDES := $(wildcard $(WORKSPACE)/overrides.csv)
PROFILES := $(wildcard Importers/*.toml) $(wildcard $(WORKSPACE)/importers/*.toml)
PROFILE_DIRS := Importers $(wildcard $(WORKSPACE)/importers)
TEMPLATES := $(wildcard Templates/*)

.PHONY: all report test lint bench fuzz clean deps build
.DELETE_ON_ERROR:

all: report

# --- System libraries -------------------------------------------------------------------------

deps:
	@missing=""; \
	for pc in libxml-2.0 zlib; do pkg-config --exists $$pc 2>/dev/null || missing="$$missing $$pc"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing libxml2-dev zlib1g-dev pkg-config (missing:$$missing)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-dev zlib1g-dev pkg-config >/dev/null; \
	  else \
	    echo "Missing system libraries:$$missing. Install them with:"; \
	    echo "  sudo apt-get install libxml2-dev zlib1g-dev pkg-config"; exit 1; \
	  fi; \
	fi

# --- Build ------------------------------------------------------------------------------------

build: $(STAMP)

$(STAMP): $(SWIFT_SOURCES) | deps
	$(SWIFT) build -c release
	@touch $@

# --- The pipeline -----------------------------------------------------------------------------

$(BUILD)/journal.jsonl: $(STAMP) $(INBOX) $(CONFIG) $(PROFILES)
	$(BIN)/closebook-import --workspace $(WORKSPACE) $(addprefix --profiles ,$(PROFILE_DIRS)) \
	  --journal $@ --report $(BUILD)/import-report.json

$(BUILD)/ledger.jsonl: $(BUILD)/journal.jsonl $(RULES) $(OVERRIDES) $(CONFIG)
	$(BIN)/closebook-categorize --workspace $(WORKSPACE) --journal $< --ledger $@ \
	  --uncategorized $(BUILD)/uncategorized.csv

# Analysis and rendering take well under a second for years of data, and depend on which month is
# asked for, so they always run. closebook-analyze writes every month from the first to the latest
# complete one (or MONTH) into build/analysis/, rewriting only files whose bytes change, and prints
# the path of MONTH's file; closebook-report renders every month there. An analysis that exits 1
# (amounts without an exchange rate) still writes every file: the site is made, and the status is
# passed on at the end so scripts notice.
report: $(BUILD)/ledger.jsonl
	@status=0; \
	analysis=$$($(BIN)/closebook-analyze --workspace $(WORKSPACE) --ledger $< --month $(MONTH) \
	  --import-report $(BUILD)/import-report.json \
	  --out $(BUILD)/analysis --print-path) || status=$$?; \
	if [ -z "$$analysis" ]; then exit $$status; fi; \
	set -- ; for file in $(BUILD)/analysis/*.json; do set -- "$$@" --analysis "$$file"; done; \
	$(BIN)/closebook-report "$$@" --templates Templates --site $(OUT)/site \
	  --archives $(OUT)/archives || exit $$?; \
	month=$$(basename $$analysis .json); \
	echo "Report for $$month:"; \
	echo "  $(OUT)/site/$$month/index.html"; \
	echo "  $(OUT)/site/$$month/report.md"; \
	echo "  $(OUT)/site/$$month/report.json"; \
	echo "  $(OUT)/site/index.html"; \
	echo "  $(OUT)/archives/closebook-$$month.tar.gz"; \
	exit $$status

# --- Checks -----------------------------------------------------------------------------------

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# --- Benchmarks (never part of `make test`) ---------------------------------------------------

# Long mutation fuzzing of the importer (every fixture, Samples and corpus file, damaged at random).
# FUZZ_ITERATIONS and FUZZ_SEED choose the length and the run; a crash leaves the damaged file in
# $TMPDIR/closebook-fuzz/last/inbox/ (see Tests/ImportTests/Fuzz/ImportFuzzTests.swift).
FUZZ_ITERATIONS ?= 20000
FUZZ_SEED ?= $(shell date +%s)
fuzz: deps
	$(SWIFT) build --build-tests
	CLOSEBOOK_FUZZ_ITERATIONS=$(FUZZ_ITERATIONS) CLOSEBOOK_FUZZ_SEED=$(FUZZ_SEED) \
	  $(SWIFT) test --skip-build --filter ImportFuzzTests

bench: $(STAMP)
	@command -v /usr/bin/time >/dev/null 2>&1 || [ -x /usr/bin/time ] || \
	  { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; } || \
	  { echo "bench needs /usr/bin/time: sudo apt-get install time"; exit 1; }
	bash scripts/bench.sh

clean:
	rm -rf .build Samples/build Samples/site Samples/archives bench-data
