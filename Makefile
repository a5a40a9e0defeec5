# Segue: `make run` starts the daemon, `make test` runs every test. Both install what is missing first.
SWIFT ?= swift
VENV := .build/venv
PYTHON := $(VENV)/bin/python
SEGUED_FLAGS ?=

.PHONY: all deps venv build release run test test-swift test-interop clean

all: build

# System packages: libzmq (with pkg-config) for the build, python3-venv for the interop tests.
deps:
	@scripts/install-deps.sh

venv: $(VENV)/.ready

$(VENV)/.ready: scripts/requirements-test.txt
	@scripts/install-deps.sh
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r scripts/requirements-test.txt
	touch $@

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	.build/debug/segued $(SEGUED_FLAGS)

test: deps venv build
	$(MAKE) test-swift test-interop

test-swift:
	$(SWIFT) test

test-interop:
	$(PYTHON) -m pytest -q Tests/interop

clean:
	rm -rf .build
