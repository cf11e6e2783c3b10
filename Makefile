# The two commands a newcomer needs: `make run` and `make test`.
# Both create .venv on first use and reinstall only when pyproject.toml changed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml $(VENV)/.app-installed
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

run: $(VENV)/.app-installed
	$(BIN)/python main.py $(ARGS)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest
