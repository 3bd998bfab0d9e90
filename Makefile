# Set-up is part of both targets: a fresh machine needs only Python 3.11+, pip and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run tour test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/grundy serve

tour: $(VENV)/.installed
	$(BIN)/grundy tour

test: $(VENV)/.installed-test
	$(BIN)/ruff check src tests bench docs
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV)
