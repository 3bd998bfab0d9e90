# Set-up is part of both targets: a fresh machine needs Python 3.11+, pip, make and a Rust
# toolchain (cargo); pip builds the native kernels (native/) through maturin.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CARGO := cargo --quiet
CRATE := --manifest-path native/Cargo.toml
NATIVE := native/Cargo.toml native/Cargo.lock $(shell find native/src -name '*.rs')

.PHONY: run tour test docs fuzz bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# `make run` needs the web and plot extras; the lean core is `pip install grundy`.
$(VENV)/.installed: pyproject.toml $(NATIVE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[all]'
	touch $@

$(VENV)/.installed-test: pyproject.toml $(NATIVE) $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/grundy serve $(if $(wildcard site/index.html),--docs site)

tour: $(VENV)/.installed
	$(BIN)/grundy tour

test: $(VENV)/.installed-test
	$(BIN)/ruff check src tests bench docs
	$(BIN)/mypy
	$(CARGO) fmt $(CRATE) --check
	$(CARGO) clippy $(CRATE) --all-targets --all-features -- -D warnings
	$(CARGO) test $(CRATE)
	$(BIN)/python -m pytest -n 2 --durations=20
	$(MAKE) docs

# The documentation site (MkDocs, Material, mkdocstrings, mkdocs-click) into site/;
# --strict turns every warning (a broken link, a page's code that fails) into an error.
docs: $(VENV)/.installed-test
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# Longer hostile-input runs than the suite's fixed budget: more examples per ruleset and
# per native binding (hostile numbers too), a longer load test, then coverage-guided
# fuzzing of the parsers and the calculator.
FUZZ_SECONDS ?= 120
fuzz: $(VENV)/.installed-fuzz
	GRUNDY_FUZZ_EXAMPLES=1000 GRUNDY_LOAD_SECONDS=30 $(BIN)/python -m pytest -n 2 -s \
		tests/test_fuzz_parsers.py tests/test_web_hostile.py tests/test_web_schema.py \
		tests/test_native_inputs.py tests/test_hostile_numbers.py
	cd tests && ../$(BIN)/python atheris_harness.py -max_total_time=$(FUZZ_SECONDS) \
		-rss_limit_mb=4096

$(VENV)/.installed-fuzz: pyproject.toml $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet -e '.[test,fuzz]'
	touch $@

bench: $(VENV)/.installed
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) site
