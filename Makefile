# Two entry points: `make run` and `make test`. Both create .venv when it is missing and
# (re)install the project when pyproject.toml is newer than the last install. `make run`
# installs what running the bot needs and nothing more; `make test` adds the developer tools
# (the `dev` extra: pytest, pytest-xdist, ruff, mypy, import-linter, hypothesis, pgserver).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
# Compiled catalogs (git-ignored), rebuilt from their .po sources whenever one changes.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard i18n/locales/*/LC_MESSAGES/chairman.po))

.PHONY: run test bench clean catalogs

$(RUN_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) -e .
	@touch $(RUN_STAMP)

# the developer tools on top of the runtime; it also counts as the runtime's install
$(DEV_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) -e '.[dev]'
	@touch $(RUN_STAMP) $(DEV_STAMP)

%.mo: %.po $(RUN_STAMP)
	@$(PY) -m i18n.compile >/dev/null

catalogs: $(CATALOGS)

run: $(RUN_STAMP) $(CATALOGS)
	@$(PY) bot.py

# the web table's browser tests drive Debian's Chromium (never a browser download)
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	@test "$$(id -u)" = 0 || { echo "the browser tests need $(CHROMIUM): run 'apt-get install -y chromium' as root"; exit 1; }
	apt-get update -qq && apt-get install -y -qq chromium

# a bot's seat is marked 🤖: the browser tests (and the screenshots in docs/) draw it with
# Debian's colour emoji font, which the headless browser otherwise lacks (a box instead)
EMOJI_FONT := /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf

$(EMOJI_FONT):
	@test "$$(id -u)" = 0 || { echo "the browser tests need $(EMOJI_FONT): run 'apt-get install -y fonts-noto-color-emoji' as root"; exit 1; }
	apt-get update -qq && apt-get install -y -qq fonts-noto-color-emoji

# pytest's workers (pytest-xdist): three on CI's two cores, as the suite spends about 40% of
# its time waiting (sockets, subprocesses, PostgreSQL, the browser) and a third worker fills
# that wait; each worker starts its own PostgreSQL server and browsers
# (docs/contributing.md#tests-in-parallel).
# `make test TEST_WORKERS=0` runs the suite in one process.
TEST_WORKERS ?= 3

test: $(DEV_STAMP) $(CATALOGS) $(CHROMIUM) $(EMOJI_FONT)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup

# OpenSpiel, which the throughput benchmark compares with, is in the `dev` extra (the Crazy
# Eights differential test plays it) and alone in the `bench` extra; where it cannot be
# installed the benchmarks run without it
$(BENCH_STAMP): $(DEV_STAMP)
	@$(PIP) -e '.[dev,bench]' \
		|| echo "open-spiel could not be installed: the benchmark runs without OpenSpiel"
	@touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(PY) benchmarks/simulate_throughput.py
	$(PY) benchmarks/engine_throughput.py

clean:
	rm -rf $(VENV) build *.egg-info
