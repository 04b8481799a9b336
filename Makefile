# `make demo` and `make test` each set up the environment first: nothing else is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-long test-fast coverage fuzz lint bench docs clean browser messages

# The package with every extra, and the project's own tools (the `dev` dependency group,
# which needs pip >= 25.1).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade 'pip>=25.1'
	@# an environment made before the distribution was named deduce-notebook
	$(BIN)/python -m pip uninstall --quiet --yes deduce 2>/dev/null || true
	$(BIN)/python -m pip install --quiet -e '.[testing,dask,plot,docs,serve]' --group dev
	@# the exact search's compiled code, compiled once here (about half a minute)
	$(BIN)/python -c 'from deduce.search.optimum import prepare; prepare()'
	touch $(STAMP)

# Debian's chromium, which the tests use to render the notebook HTML and drive the web
# companion (through Playwright, which downloads no browser of its own) headless.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "chromium is not installed (apt-get install chromium): the browser checks are skipped"; \
	  fi; }

demo: $(STAMP)
	$(BIN)/deduce demo

lint: $(STAMP)
	$(BIN)/ruff check deduce tests benchmarks examples
	$(BIN)/ruff format --check deduce tests benchmarks examples
	$(BIN)/mypy

# in parallel, one worker per core (pytest-xdist)
test: lint browser
	$(BIN)/pytest -n auto -m 'not long' --durations=30

# The long tier: statistical, many-games and harness tests, and the sweep of every kind of
# junk into every public argument (what the blocking suite proves exactly, re-checked at
# length).
test-long: $(STAMP) browser
	$(BIN)/pytest -n auto -m long --durations=30

# The blocking suite with line coverage of deduce, the console and server processes it
# starts included: a table of the modules not wholly covered, and htmlcov/index.html.
# (Coverage makes the suite about 1.5 times slower, so make test runs without it.)
coverage: $(STAMP) browser
	$(BIN)/pytest -n auto -m 'not long' --cov --cov-report=term --cov-report=html -q

test-fast: $(STAMP)
	$(BIN)/pytest

# The larger random search, outside the blocking suite (which runs derandomized everywhere):
# every hypothesis test with the `fuzz` profile and fresh random seeds.
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -n auto -m 'not long' -q tests

# The message catalogues (configured in pyproject.toml): every text the code marks is
# extracted to deduce/locale/deduce.pot, each language's .po gains the new texts (to be
# translated: the tests fail until they are) and loses the ones the code no longer says,
# and is compiled to the .mo that deduce reads. docs/howto.md: adding a language.
messages: $(STAMP)
	$(BIN)/pybabel extract
	$(BIN)/pybabel update
	$(BIN)/pybabel compile

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
