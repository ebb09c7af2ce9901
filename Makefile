# Two commands do all set-up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
BUILD  := $(VENV)/.installed-build

.PHONY: play test test-frozen lint bench dist sounds clean

# The game and its test tools; PyInstaller (the [build] extra) only for `make dist` and `make test-frozen`.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $(STAMP)

$(BUILD): $(STAMP)
	$(PY) -m pip install -q -e ".[dev,build]"
	touch $(BUILD)

play: $(STAMP)
	$(PY) main.py $(ARGS)

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy game
	$(PY) -m mypy --strict game/variants game/session.py game/daily.py game/modes.py
	$(PY) -m pytest -q -rs

test-frozen: $(BUILD)
	$(PY) -m pytest -q -rs tests/test_frozen.py

bench: $(STAMP)
	$(PY) tools/bench.py

dist: $(BUILD)
	$(VENV)/bin/pyinstaller --noconfirm --log-level WARN build.spec

sounds: $(STAMP)
	$(PY) tools/make_sounds.py

clean:
	rm -rf $(VENV) build dist
