# puzzlebook: `make book` builds the default config, `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CONFIG ?= configs/classic.yaml
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: book test bench install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(BENCH_STAMP)

install: $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(BENCH_STAMP)
	$(BIN)/python -m bench

book: $(STAMP)
	$(BIN)/puzzlebook build $(CONFIG)

clean:
	rm -rf $(VENV) build *.egg-info
