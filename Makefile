# Two entry points on a fresh machine: `make run` (the main job) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two install levels: `run` needs only the package (fast on a fresh machine); `test` needs every extra.
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
# The build: setup.py compiles the engine and the bots with mypyc where a C compiler works (pure
# Python otherwise). Dependencies are installed without compiling (PETERSBURG_PURE_PYTHON=1), then
# one compile follows, redone whenever a compiled source or the build settings change.
BUILD_STAMP := $(VENV)/.built
BUILD_INPUTS := setup.py pyproject.toml src/petersburg/buildinfo.py $(wildcard src/petersburg/cards*.py) \
	$(wildcard src/petersburg/engine/*.py src/petersburg/bots/*.py)
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: run test install install-run lint typecheck typecheck-web node pytest browser services bench dist clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	PETERSBURG_PURE_PYTHON=1 $(PIP) -e '.[server]'
	touch $(RUN_STAMP)

# The [sb3] extra needs torch. It is installed first and alone, after a dry run proves that pip
# takes a CPU build (found through pip's find-links on the project's machines): torch resolved from
# the index brings several hundred MB of CUDA libraries (nvidia-*, triton), which this refuses.
TORCH := torch==2.13.0

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --dry-run --quiet --disable-pip-version-check --report $(VENV)/torch-plan.json '$(TORCH)'
	$(BIN)/python -c "import json, sys; plan = json.load(open('$(VENV)/torch-plan.json'))['install']; \
	  cuda = [p['metadata']['name'] for p in plan if p['metadata']['name'].startswith(('nvidia', 'triton'))]; \
	  sys.exit(f'$(TORCH) would bring CUDA packages ({\", \".join(cuda)}): put a CPU build of it where pip finds it.' if cuda else 0)"
	$(PIP) '$(TORCH)'
	PETERSBURG_PURE_PYTHON=1 $(PIP) -e '.[dev,rl,plot,sb3,openspiel]'
	touch $(DEV_STAMP) $(RUN_STAMP)

$(BUILD_STAMP): $(BUILD_INPUTS) | $(RUN_STAMP)
	$(PIP) --no-deps -e .
	$(BIN)/python -c "import petersburg; print('petersburg build:', petersburg.build_info())"
	touch $(BUILD_STAMP)

install-run: $(RUN_STAMP) $(BUILD_STAMP)

install: $(DEV_STAMP) $(BUILD_STAMP)

run: install-run
	$(BIN)/petersburg serve

# Debian's Chromium for the browser tests (no browser download of its own), and the Japanese fonts
# the pages' layout tests read Japanese in (fonts-noto-cjk).
browser:
	@{ command -v chromium >/dev/null 2>&1 && fc-list | grep -q "Noto Sans CJK"; } || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; fi; }

# Debian's PostgreSQL and Redis servers: the tests start their own on loopback in temporary folders.
services:
	@{ ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && command -v redis-server >/dev/null 2>&1 \
	  && { command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx; }; } || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq postgresql redis-server nginx-light >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq postgresql redis-server nginx-light >/dev/null; fi; }

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(DEV_STAMP) typecheck-web
	$(BIN)/mypy

# The browser's modules, type-checked from their JSDoc by TypeScript (pinned in package.json and
# package-lock.json; installed by `npm ci` again whenever the lock file changes). No build step:
# nothing is emitted. Debian's node and npm (installed here when missing).
NODE_STAMP := node_modules/.installed

node:
	@{ command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; } || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq nodejs npm >/dev/null; fi; }

$(NODE_STAMP): package.json package-lock.json | node
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

typecheck-web: $(NODE_STAMP)
	npx --no-install tsc --project tsconfig.json

pytest: install browser services
	$(BIN)/pytest -n 2 --timeout 900

test: lint typecheck pytest

bench: install
	$(BIN)/python benchmarks/engine_bench.py

# A wheel and an sdist in dist/ (`python -m build`): the wheel is compiled with mypyc where a C
# compiler works, pure Python otherwise (PETERSBURG_PURE_PYTHON=1 forces it).
dist: $(DEV_STAMP)
	$(BIN)/python -m build --outdir dist .

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build dist node_modules
	find src -name '*.so' -delete
	rm -f src/petersburg/_compiled.json
