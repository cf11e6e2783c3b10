# The two commands a newcomer needs: `make run` and `make test`.
# Both create .venv on first use and reinstall only when pyproject.toml changed.
# Recipes are silent (@): the set-up prints one line per step, then the app its address.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
QUIET_PIP := $(BIN)/python -m pip install -q

.PHONY: run test

$(BIN)/python:
	@echo "Creating $(VENV) with $(PYTHON)..."
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	@echo "Installing Trickpad and the packages it needs into $(VENV)..."
	@$(QUIET_PIP) -e .
	@touch $@

$(VENV)/.test-installed: pyproject.toml $(VENV)/.app-installed
	@echo "Installing the test tools into $(VENV)..."
	@$(QUIET_PIP) -e '.[test]'
	@touch $@

run: $(VENV)/.app-installed
	@$(BIN)/python main.py $(ARGS)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest
