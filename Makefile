# `make demo` and `make test` each set up the environment first: nothing else is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast lint bench docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dask,plot,docs]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/deduce demo

lint: $(STAMP)
	$(BIN)/ruff check deduce tests benchmarks examples
	$(BIN)/ruff format --check deduce tests benchmarks examples
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -m 'slow or not slow'

test-fast: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
