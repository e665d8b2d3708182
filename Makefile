# cipherkit: two commands do everything on a fresh machine.
#   make play   set up, then serve the puzzle gallery at http://127.0.0.1:8866
#   make test   set up, then run every test (lint, unit, doctests, notebooks, browser)

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8866

.PHONY: help setup play test test-fast test-deps lint format bench widgets-js wheel clean

help:
	@echo "make play   - set up and serve the puzzle gallery on http://127.0.0.1:$(PORT)"
	@echo "make test   - set up and run every test (unit, doctests, notebooks, browser; TEST_JOBS=1: one pytest)"
	@echo "make test-fast - everything that starts no browser and no server"
	@echo "make bench  - run the benchmarks and print their JSON figures"
	@echo "make widgets-js - bundle the widgets' JavaScript again (needs npx)"
	@echo "make wheel  - build the wheel into dist/ (with the shipped missions and gallery)"
	@echo "make lint / make format / make clean"

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[serve,test]"
	touch $@

setup: $(BIN)/.installed

play: setup
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

format: setup
	$(BIN)/ruff check --fix cipherkit tests bench
	$(BIN)/ruff format cipherkit tests bench

# The tests marked browser or server (tests/conftest.py) mostly wait on Voila, kernels and
# Chromium; the rest mostly computes. With TEST_JOBS=2 (the default) the two halves run
# at once and the other half's output is printed when both have ended; TEST_JOBS=1 runs
# the whole suite in one pytest. Either way every test runs once. The browser half runs
# in the foreground: sh starts a background job with SIGINT ignored, and test_serve.py
# presses Ctrl-C on `cipherkit serve`.
TEST_JOBS ?= 2

test: setup test-deps lint
ifeq ($(TEST_JOBS),1)
	$(BIN)/pytest
else
	@log=$$(mktemp); \
	$(BIN)/pytest -m "not browser and not server" >"$$log" 2>&1 & rest=$$!; \
	trap 'kill $$rest 2>/dev/null; rm -f "$$log"; exit 130' INT TERM; \
	$(BIN)/pytest -m "browser or server"; served=$$?; \
	wait $$rest; computed=$$?; \
	echo; echo "==== the tests that start no browser and no server (run at the same time)"; \
	cat "$$log"; rm -f "$$log"; \
	test $$served -eq 0 && test $$computed -eq 0
endif

# Marks come from tests/conftest.py (by fixtures and folder); a test that starts Voila,
# cipherkit serve or Chromium without its mark fails, so this starts none of them.
test-fast: setup lint
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
