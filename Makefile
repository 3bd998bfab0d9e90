# Set-up is part of both targets: a fresh machine needs Python 3.11+, pip, make and a Rust
# toolchain (cargo); pip builds the native kernels (native/) through maturin.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CARGO := cargo --quiet
CRATE := --manifest-path native/Cargo.toml
NATIVE := native/Cargo.toml native/Cargo.lock $(wildcard native/src/*.rs)

.PHONY: run tour test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml $(NATIVE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(NATIVE) $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/grundy serve

tour: $(VENV)/.installed
	$(BIN)/grundy tour

test: $(VENV)/.installed-test
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(CARGO) fmt $(CRATE) --check
	$(CARGO) clippy $(CRATE) --all-targets --all-features -- -D warnings
	$(CARGO) test $(CRATE)
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV)
