# Dice Tavern: one command each to play, test, benchmark and build.
# Every target creates .venv if it is missing and installs what it needs into it:
# `make play` the game's runtime dependencies only, the others the dev tools too.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test test-all lint bench fairness shots dist smoke wheel-check floors-check clean

GAME_STAMP  := $(VENV)/.installed-game
BUILD_STAMP := $(VENV)/.installed-build

# The game alone (pygame-ce, pymunk, platformdirs, aiohttp, segno, filelock, python-bidi: about
# 70 MB with the game itself), installed as a
# player's pip installs it: a regular (not editable) install, so setuptools has
# no editable-install warnings to print.  `make` runs the game and the tests
# from this source tree (python -m game from here), never from that copy.
$(GAME_STAMP): pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet .
	touch $(GAME_STAMP)

# The developer tools on top (the dev extra: pytest, ruff, mypy, numpy...), for
# the targets below `play` only.
$(STAMP): $(GAME_STAMP)
	$(PY) -m pip install --quiet '.[dev]'
	touch $(STAMP)

play: $(GAME_STAMP)  ## set up and start the game (the game's own dependencies only)
	$(PY) -m game

test: $(STAMP)  ## set up and run the quick test suite (headless)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto -m "not slow"

lint: $(STAMP)  ## ruff on the whole tree, mypy on the game package and tools/ (settings: pyproject.toml)
	$(PY) -m ruff check .
	$(PY) -m mypy

test-all: $(BUILD_STAMP)  ## every test, including the long statistical ones (and the packaging ones: needs the build extra)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto

bench: $(STAMP)  ## speed figures (see docs/ENGINEERING.md)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game bench

fairness: $(STAMP)  ## 100,000 physical rolls per die kind, chi-square p-values
	$(PY) -m game fairness --rolls 100000

shots: $(STAMP)  ## render the README screenshots into docs/shots/
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/make_shots.py docs/shots

$(BUILD_STAMP): $(STAMP)
	$(PY) -m pip install --quiet '.[dev,build]'
	touch $(BUILD_STAMP)

dist: $(BUILD_STAMP)  ## build dist/dice-tavern/ (one folder) and dist/dice-tavern-onefile (see docs/BUILDING.md)
	$(PY) -m PyInstaller --noconfirm --clean --log-level WARN build.spec
	@du -sh dist/dice-tavern dist/dice-tavern-onefile* 2>/dev/null || true

smoke: $(STAMP)  ## run the built executables' --smoke mode; their dice faces must equal the source run's
	PY=$(PY) tools/check_smoke.sh

# SHOTS="--shots --sample": each screen once instead of once per game (.ci/run)
SHOTS ?= --shots

wheel-check: $(STAMP)  ## build the wheel, install it in a fresh venv (deps from PyPI), smoke + every screen vs source
	$(PY) tools/check_wheel.py $(SHOTS)

floors-check: $(STAMP)  ## the same with the lowest dependency versions pyproject.toml allows (a live throw included)
	$(PY) tools/check_wheel.py --floors $(SHOTS)

clean:
	rm -rf build dist .pytest_cache
