# The two commands a newcomer needs: `make run` and `make test`.
# Both create .venv on first use and reinstall only when pyproject.toml changed.
# Recipes are silent (@): the set-up prints one line per step, then the app its address.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
QUIET_PIP := $(BIN)/python -m pip install -q

# `make test` runs every test on two workers (the 2-core machine's count), one test at a time
# each, in the order tests/conftest.py gives: the browser tests first, the longest first; then
# the few marked after_the_rest (Firefox's and WebKit's journeys), on a machine left quiet.
TEST_WORKERS ?= 2
XDIST := -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder

.PHONY: run test test-fast site

$(BIN)/python:
	@echo "Creating $(VENV) with $(PYTHON)..."
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	@echo "Installing Trickpad and the packages it needs into $(VENV)..."
	@$(QUIET_PIP) -e .
	@touch $@

# One install of the app and the test tools together: pip resolves and builds once, not twice.
$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	@echo "Installing Trickpad, the packages it needs and the test tools into $(VENV)..."
	@$(QUIET_PIP) -e '.[test]'
	@touch $(VENV)/.app-installed $@

run: $(VENV)/.app-installed
	@$(BIN)/python main.py $(ARGS)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest $(XDIST) -m "not after_the_rest"
	$(BIN)/python -m pytest $(XDIST) -m after_the_rest

# While working: the rules, storage and views without a browser, in well under a minute.
test-fast: $(VENV)/.test-installed
	$(BIN)/python -m pytest $(XDIST) tests/scorers tests/storage tests/sharing tests/views

# Trickpad on a phone alone: the whole app as static files in site/ (Flet's web client,
# Pyodide and the app's Python), nothing fetched from elsewhere. ARGS=--serve serves it on
# http://127.0.0.1:8560 to try it.
site: $(VENV)/.app-installed
	@$(BIN)/python -m site_build $(ARGS)
