# The two commands a newcomer needs: `make run` and `make test`.
# Both create .venv on first use and reinstall only when pyproject.toml changed.
# Recipes are silent (@): the set-up prints one line per step, then the app its address.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
QUIET_PIP := $(BIN)/python -m pip install -q

# The tests run on two xdist workers (the 2-core machine's count), one test at a time each, in
# the order tests/conftest.py gives: the browser tests first, the longest first.
TEST_WORKERS ?= 2
XDIST := -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder
# Prints how long the recipe's command took, set-up included: `$(call timed,name,command)`.
timed = started=$$(date +%s); $(2); status=$$?; took=$$(($$(date +%s) - started)); \
	echo "$(1) took $$((took / 60)) min $$((took % 60)) s"; exit $$status

.PHONY: run test test-all lint first-tier every-tier site

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

# Before each commit, at most five minutes from a fresh clone: lint and types, every test
# that needs no browser, and one Chromium journey per shape of the app (marked every_shape:
# a round served, a round on a phone alone reloaded offline, two phones linked).
test:
	@$(call timed,make test,$(MAKE) --no-print-directory first-tier)

# Everything, as CI runs it (.ci/run): every browser journey, Firefox's and WebKit's last
# (marked after_the_rest: beside two busy workers the phone alone's Python in Firefox lost
# typed keys), the real storage failures and the benchmarks' smoke runs.
test-all:
	@$(call timed,make test-all,$(MAKE) --no-print-directory every-tier)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

first-tier: lint
	$(BIN)/python -m pytest $(XDIST) -m "not browser or every_shape"

every-tier: lint
	$(BIN)/python -m pytest $(XDIST) -m "not after_the_rest"
	$(BIN)/python -m pytest $(XDIST) -m after_the_rest

# Trickpad on a phone alone: the whole app as static files in site/ (Flet's web client,
# Pyodide and the app's Python), nothing fetched from elsewhere. ARGS=--serve serves it on
# http://127.0.0.1:8560 to try it; ARGS=--zip also packs it into trickpad-site.zip beside it;
# ARGS="--base /trickpad/" is for a host that serves it below that path.
site: $(VENV)/.app-installed
	@$(BIN)/python -m site_build $(ARGS)
