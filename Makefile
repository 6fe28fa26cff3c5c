# The two commands in the README: `make run` and `make test`. Both set everything up on a
# fresh machine that has Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.run-installed
TEST_STAMP := $(VENV)/.test-installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install install-test lint format corpus bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $@ $(RUN_STAMP)

install: $(RUN_STAMP)
install-test: $(TEST_STAMP)

## Run the app with demo data on http://$(HOST):$(PORT)
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

## Run the whole test suite (engine, app, API, browser tests when Chromium is installed)
test: install-test
	$(BIN)/python -m pytest

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: install-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

## Replay the whole reference corpus through our engine (takes a while)
corpus: install
	bash scripts/replay_corpus_all.sh

bench: install
	for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f; done

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache .ruff_cache artifacts
