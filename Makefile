# Two entry points: `make run` and `make test`. Both create .venv when it is missing and
# (re)install the project when pyproject.toml is newer than the last install.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Compiled catalogs (git-ignored), rebuilt from their .po sources whenever one changes.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard i18n/locales/*/LC_MESSAGES/chairman.po))
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: run test lint bench clean catalogs

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

%.mo: %.po $(STAMP)
	@$(PY) -m i18n.compile >/dev/null

catalogs: $(CATALOGS)

run: $(STAMP) $(CATALOGS)
	@$(PY) bot.py

test: $(STAMP) $(CATALOGS)
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
