# Set-up is part of both targets: a fresh machine needs only Python 3.11+, pip and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run tour test docs bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# `make run` needs the web and plot extras; the lean core is `pip install grundy`.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[all]'
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
	$(MAKE) docs

# The documentation site (MkDocs, Material, mkdocstrings, mkdocs-click) into site/;
# --strict turns every warning (a broken link, a page's code that fails) into an error.
docs: $(VENV)/.installed-test
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

bench: $(VENV)/.installed
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) site
