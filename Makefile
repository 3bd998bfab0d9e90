# Set-up is part of both targets: a fresh machine needs only Python 3.11+, pip and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run tour test fuzz bench clean

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
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2

# Longer hostile-input runs than the suite's fixed budget: more examples per ruleset,
# a longer load test, then coverage-guided fuzzing of the parsers and the calculator.
FUZZ_SECONDS ?= 120
fuzz: $(VENV)/.installed-fuzz
	GRUNDY_FUZZ_EXAMPLES=1000 GRUNDY_LOAD_SECONDS=30 $(BIN)/python -m pytest -n 2 -s \
		tests/test_fuzz_parsers.py tests/test_web_hostile.py tests/test_web_schema.py
	cd tests && ../$(BIN)/python atheris_harness.py -max_total_time=$(FUZZ_SECONDS) \
		-rss_limit_mb=4096

$(VENV)/.installed-fuzz: pyproject.toml $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet -e '.[test,fuzz]'
	touch $@

bench: $(VENV)/.installed
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV)
