# The project's two commands (see README.md): `make serve` and `make test`.
# Each creates the virtualenv in .venv and installs what it needs on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: serve test bench soak lint typecheck unit venv clean web-snapshots

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@rm -f $(VENV)/.installed-*
	@touch $@

serve: $(STAMP)
	$(BIN)/sympathy serve $(ARGS)

# The benchmarks (bench/README.md): about 30 minutes on 2 cores; ARGS="--quick" for a shorter run.
bench: $(STAMP)
	scripts/ensure-redis
	scripts/ensure-postgres
	$(BIN)/python -m bench $(ARGS)

# The soak (bench/soak.py): two processes, up to 1,000 rooms in at most 10 minutes, then
# the rooms' expiry; ARGS="--minutes 2 --rooms 100" for a shorter one.
soak: $(STAMP)
	scripts/ensure-redis
	nice $(BIN)/python -m bench.soak $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

# The suite runs on every core (pytest-xdist; each worker starts its own servers, Redis and
# Chromium on free ports), and names its 30 slowest tests at the end. PYTEST_ARGS="-n 0 ..."
# runs it in one process.
unit: $(STAMP)
	scripts/ensure-redis
	scripts/ensure-postgres
	scripts/ensure-chromium
	scripts/ensure-node
	$(BIN)/pytest -n auto --maxprocesses 4 --dist worksteal --durations 30 $(PYTEST_ARGS)

test: lint typecheck unit

# Screenshots of the web page's tables, into the committed snapshot folder.
web-snapshots: $(STAMP)
	scripts/ensure-chromium
	SYMPATHY_SNAPSHOTS=tests/web/__snapshots__ $(BIN)/pytest tests/web/test_screens.py tests/web/test_guides.py -q

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
