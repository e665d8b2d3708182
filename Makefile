# cipherkit: two commands do everything on a fresh machine.
#   make play   set up, then serve the puzzle gallery at http://127.0.0.1:8866
#   make test   set up, then run every test (lint, unit, doctests, notebooks, browser)

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8866

.PHONY: help setup play test test-fast test-deps bytecode lint format bench widgets-js wheel clean

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

# The tests marked browser or server (tests/conftest.py) mostly wait on Voila, kernels and
# Chromium; the rest mostly computes. With TEST_JOBS=2 (the default) the two halves run
# at once and the other half's output is printed when both have ended; TEST_JOBS=1 runs
# the whole suite in one pytest. Either way every test runs once. The browser half runs
# in the foreground: sh starts a background job with SIGINT ignored, and test_serve.py
# presses Ctrl-C on `cipherkit serve`.
# The halves did not end together (last CI: 236 browser and server tests in 15 min 15 s,
# the 2,016 others in 8 min 39 s), so LATE_TESTS (pytest node-id prefixes of browser
# tests that need no foreground and no other module's server) move from the browser half
# to the end of the other: they run in a pytest of their own once the rest is done.
# Both halves print their slowest tests (--durations).
TEST_JOBS ?= 2
LATE_TESTS ?= \
	tests/browser/test_security.py::test_execute_request_and_other_kernel_requests_are_refused \
	tests/browser/test_security.py::test_forged_comm_messages_neither_reveal_nor_win_nor_kill \
	tests/browser/test_security.py::test_a_whole_mission_playthrough_sends_nothing_hidden
DURATIONS := --durations=25

# Python may be told not to write bytecode (PYTHONDONTWRITEBYTECODE, set on some CI
# machines): then every process the tests start (a CLI, a server, a plain kernel) would
# compile cipherkit's ~300 modules again, about 0.4 CPU-s each. Compile them once.
bytecode: setup
	$(BIN)/python -m compileall -q -j 0 cipherkit tests bench >/dev/null

test: setup test-deps lint bytecode
ifeq ($(TEST_JOBS),1)
	$(BIN)/pytest
else
	@log=$$(mktemp); \
	( trap 'kill $$now 2>/dev/null; exit 130' TERM; \
	  $(BIN)/pytest -m "not browser and not server" $(DURATIONS) & now=$$!; wait $$now; a=$$?; \
	  $(if $(strip $(LATE_TESTS)),$(BIN)/pytest $(LATE_TESTS) $(DURATIONS) & now=$$!; wait $$now;,true;) \
	  b=$$?; test $$a -eq 0 && test $$b -eq 0 ) >"$$log" 2>&1 & rest=$$!; \
	trap 'kill $$rest 2>/dev/null; rm -f "$$log"; exit 130' INT TERM; \
	$(BIN)/pytest -m "browser or server" $(addprefix --deselect ,$(LATE_TESTS)) $(DURATIONS); served=$$?; \
	wait $$rest; computed=$$?; \
	echo; echo "==== the tests that start no browser and no server, then LATE_TESTS (run at the same time)"; \
	cat "$$log"; rm -f "$$log"; \
	test $$served -eq 0 && test $$computed -eq 0
endif

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
