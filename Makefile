# Two entry points: `make run` and `make test`. Both create .venv when it is missing and
# (re)install the project when pyproject.toml is newer than the last install.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)
	@$(PY) bot.py

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest

# the optional `bench` extra (OpenSpiel, to compare with); the benchmarks run without it
$(BENCH_STAMP): $(STAMP)
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,bench]' \
		|| echo "open-spiel could not be installed: the benchmark runs without OpenSpiel"
	@touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(PY) benchmarks/simulate_throughput.py
	$(PY) benchmarks/engine_throughput.py

clean:
	rm -rf $(VENV) build *.egg-info
