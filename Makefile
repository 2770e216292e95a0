# puzzlebook: `make book` builds the default config, `make test` runs the tests.
#
# Everything is installed from requirements/lock.txt: exact versions with their hashes, so a book
# rebuilt on a fresh machine years later uses the libraries it was made with. `make lock` refreshes
# the lock files (pip-tools, kept in a venv of its own so it never mixes with the project's pins).
# The kinds' hot modules (each kind package lists its own in COMPILED) are then compiled with mypyc,
# and a kind's own C (EXTENSIONS) built, when the machine has a C compiler (pipeline/native.py): the
# same answers, faster; without a compiler they run as Python.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CONFIG ?= configs/classic.yaml
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
NATIVE_SOURCES = $(shell $(PYTHON) -m pipeline.native --sources)
NATIVE_STAMP := $(VENV)/.compiled
LOCK := requirements/lock.txt
BENCH_LOCK := requirements/bench-lock.txt
BENCH_PEER := requirements/bench-peer.txt
LOCK_TOOLS := .lock-tools
PIP_TOOLS := pip-tools==7.6.2
COMPILE = $(LOCK_TOOLS)/bin/pip-compile --quiet --all-build-deps --generate-hashes --allow-unsafe \
	--strip-extras --no-emit-index-url --no-emit-find-links

.PHONY: book test check bench install lock clean studio docs

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The lock pins setuptools too, so the project itself is installed without fetching a build backend
# (its warnings about editable installs are silenced: they are advice for packagers, not users).
$(STAMP): $(BIN)/python $(LOCK) pyproject.toml
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r $(LOCK)
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP) $(BENCH_LOCK) $(BENCH_PEER)
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r $(BENCH_LOCK)
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r $(BENCH_PEER)
	touch $(BENCH_STAMP)

# Rebuilt whenever a compiled source changes; an outdated build is never imported meanwhile.
$(NATIVE_STAMP): $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python -m pipeline.native
	touch $(NATIVE_STAMP)

install: $(NATIVE_STAMP)

test: $(NATIVE_STAMP)
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest

# The quick tier for the edit-test loop, under a minute: every area a little, without the tests marked
# slow (whole books, the docs site, browsers, the wheel, benches, long hypothesis runs). make test runs all.
check: $(NATIVE_STAMP)
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -m "not slow"

bench: $(BENCH_STAMP) $(NATIVE_STAMP)
	$(BIN)/python -m bench

book: $(NATIVE_STAMP)
	$(BIN)/puzzlebook build $(CONFIG)

# The manual: every shipped book built (build/docs-books/) and its pictures rendered into docs/, then
# the site built into site/ with --strict (a broken link or a missing page fails). make test runs the
# same site build (tests/test_docs.py) and checks the pictures against the golden books.
docs: $(NATIVE_STAMP)
	$(BIN)/python -m docsite.gallery
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict --quiet

# The studio on this machine only (127.0.0.1); it prints its address: open it in a browser.
# STUDIO_FLAGS for more, e.g. make studio STUDIO_FLAGS="--port 0 --open".
STUDIO_FLAGS ?=
studio: $(NATIVE_STAMP)
	$(BIN)/puzzlebook studio configs $(STUDIO_FLAGS)

# Newest versions within pyproject.toml's ranges; the bench lock keeps every pin of the main one
# (pip-compile keeps the pins already in its output file) and adds OR-tools and what it needs; the
# peer lock holds word-search-generator (the word search bench's peer) and what it needs but pillow,
# which it pins exactly to an older release: the main lock's pillow serves it (see bench-peer.in).
lock:
	test -x $(LOCK_TOOLS)/bin/pip-compile || ($(PYTHON) -m venv $(LOCK_TOOLS) && \
		$(LOCK_TOOLS)/bin/python -m pip install --quiet $(PIP_TOOLS))
	$(COMPILE) --upgrade --extra test --extra native --extra docs -o $(LOCK) pyproject.toml
	cp $(LOCK) $(BENCH_LOCK)
	$(COMPILE) --extra test --extra native --extra docs --extra bench -o $(BENCH_LOCK) pyproject.toml
	cp $(LOCK) $(BENCH_PEER)
	$(LOCK_TOOLS)/bin/pip-compile --quiet --generate-hashes --strip-extras --no-emit-index-url \
		--no-emit-find-links --unsafe-package pillow --unsafe-package lzstring --unsafe-package pycairo \
		--unsafe-package pygobject --unsafe-package numpy --unsafe-package docopt -o $(BENCH_PEER) requirements/bench-peer.in

clean:
	rm -rf $(VENV) $(LOCK_TOOLS) build site .mypy_cache *.egg-info
	rm -f $(foreach src,$(NATIVE_SOURCES),$(basename $(src))*.so $(basename $(src)).compiled-from) pipeline/kinds/*/*__mypyc.*
