# The two commands of the README: `make build` and `make test`.
# Each creates .venv with the pinned dependencies (requirements.lock) on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test lint serve clean-venv

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/academie build

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

serve: $(STAMP)
	$(BIN)/academie serve

clean-venv:
	rm -rf $(VENV)
