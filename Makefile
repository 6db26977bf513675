# simkit: `make run` (default study) and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
export NUMBA_CACHE_DIR ?= $(CURDIR)/.numba_cache
export MPLBACKEND ?= Agg

.PHONY: venv run test lint bench experiments notebooks clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test,cluster]"
	touch $@

venv: $(VENV)/.installed

run: venv
	$(BIN)/python -m simkit.study --out results

test: venv
	$(BIN)/python -m pytest -q -n auto --dist loadgroup

# ruff (pyflakes and pycodestyle errors) on the code, tests, experiments and benchmarks; mypy on
# simkit's Python side (the numba kernels are typed by numba: pyproject.toml lists them)
lint: venv
	$(BIN)/ruff check simkit tests experiments bench docs/examples
	$(BIN)/mypy

bench: venv
	$(BIN)/python bench/run.py

experiments: venv
	@for f in experiments/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# re-execute every notebook and save it with its outputs (the suite fails when a stored output
# differs from what the current code gives; `make notebooks NB=03_sweep` for one)
notebooks: venv
	$(BIN)/python notebooks/regenerate.py $(NB)

clean:
	rm -rf $(VENV) .numba_cache .pytest_cache .mypy_cache .ruff_cache
