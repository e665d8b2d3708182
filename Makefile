# cipherkit: two commands do everything on a fresh machine.
#   make play   set up, then serve the puzzle gallery at http://127.0.0.1:8866
#   make test   set up, then run every test (lint, unit, doctests, notebooks, browser)

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8866

.PHONY: help setup play test test-times test-fast test-deps bytecode lint format bench widgets-js wheel clean

help:
	@echo "make play   - set up and serve the puzzle gallery on http://127.0.0.1:$(PORT)"
	@echo "make test   - set up and run every test (unit, doctests, notebooks, browser) in TEST_JOBS=3 shards"
	@echo "make test-fast - everything that starts no browser and no server"
	@echo "make test-times - run every test and keep each file's seconds (tests/test_times.json)"
	@echo "make bench  - run the benchmarks and print their JSON figures"
	@echo "make widgets-js - bundle the widgets' JavaScript again (needs npx)"
	@echo "make wheel  - build the wheel into dist/ (with the shipped missions and gallery)"
	@echo "make lint / make format / make clean"

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[serve,test]"
	touch $@

# The catalogs' .mo files are built from the .po files in the repo (never committed).
CATALOGS := $(wildcard cipherkit/locale/*/LC_MESSAGES/*.po cipherkit/locale/*.pot)
cipherkit/locale/.compiled: $(BIN)/.installed $(CATALOGS)
	$(BIN)/python scripts/catalogs.py compile
	touch $@

setup: $(BIN)/.installed cipherkit/locale/.compiled

play: setup bytecode
	$(BIN)/cipherkit serve puzzles --port $(PORT)

# The tests drive Debian's chromium, a throwaway PostgreSQL cluster and nginx: install
# the packages when missing (needs root; without it, says what to install).
test-deps:
	@bash scripts/install-test-deps.sh

lint: setup
	$(BIN)/ruff check cipherkit tests bench
	$(BIN)/ruff format --check cipherkit tests bench
	$(BIN)/lint-imports
	$(BIN)/python -m mypy
	$(BIN)/python scripts/catalogs.py check

format: setup
	$(BIN)/ruff check --fix cipherkit tests bench
	$(BIN)/ruff format cipherkit tests bench

# The suite runs as TEST_JOBS pytest shards side by side (scripts/test_shards.py): split by
# file on each file's last time (tests/test_times.json; `make test-times` measures them
# again), each shard mixing browser tests, which mostly wait on pages and servers, with
# tests that compute; three shards on two cores keep both busy while one shard's test
# waits (28.9 min as two shards, 25.2 as three). Each shard prints its slowest tests.
TEST_JOBS ?= 3
# (TEST_JOBS=1 runs the whole suite in one pytest.)
DURATIONS := --durations=15

# Python may be told not to write bytecode (PYTHONDONTWRITEBYTECODE, set on some CI
# machines): then every process the tests start (a CLI, a server, a plain kernel) would
# compile cipherkit's ~300 modules again, about 0.4 CPU-s each. Compile them once.
bytecode: setup
	$(BIN)/python -m compileall -q -j 0 cipherkit tests bench >/dev/null

test: setup test-deps lint bytecode
ifeq ($(TEST_JOBS),1)
	$(BIN)/pytest
else
	$(BIN)/python scripts/test_shards.py --jobs $(TEST_JOBS) -- $(DURATIONS)
endif

# Each test file's seconds, written into tests/test_times.json (the shards' weights).
test-times: setup test-deps bytecode
	$(BIN)/python scripts/test_shards.py --jobs $(TEST_JOBS) --record -- $(DURATIONS)

# Marks come from tests/conftest.py (by fixtures and folder); a test that starts Voila,
# cipherkit serve or Chromium without its mark fails, so this starts none of them.
test-fast: setup lint bytecode
	$(BIN)/pytest -m "not browser and not server"

bench: setup
	$(BIN)/cipherkit bench --json

# The widgets' JavaScript bundles (NAME.bundle.js, committed; needs npx): made again from
# their ES modules; tests/widgets/test_widget_bundles.py fails when one is stale.
widgets-js: setup
	$(BIN)/python scripts/build_widget_js.py

# The wheel carries missions/ and puzzles/ as package data (setup.py copies them in);
# tests/test_package_wheel.py installs it in a fresh environment and uses it.
wheel: setup
	$(BIN)/python -m pip wheel --no-deps --wheel-dir dist .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .import_linter_cache .hypothesis build dist *.egg-info
