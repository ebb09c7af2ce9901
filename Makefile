# Two commands do all set-up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test lint bench dist sounds clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev,build]"
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py $(ARGS)

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) tools/bench.py

dist: $(STAMP)
	$(VENV)/bin/pyinstaller --noconfirm --log-level WARN build.spec

sounds: $(STAMP)
	$(PY) tools/make_sounds.py

clean:
	rm -rf $(VENV) build dist
