# Segue: `make run` starts the daemon, `make test` runs every test. Both install what is missing first.
SWIFT ?= swift
VENV := .build/venv
PYTHON := $(VENV)/bin/python
SEGUED_FLAGS ?=

.PHONY: all deps test-deps venv build release run test lint format test-swift test-interop test-web screenshots clean

all: build

# System packages: libzmq and libwebsockets (with pkg-config) for the build, python3-venv for the interop tests,
# chromium and chromium-driver for the browser tests (test-deps, which `make test` runs).
deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

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

test: test-deps venv build
	$(MAKE) lint test-swift test-interop test-web

# The Swift sources against .swift-format (swift-format ships with the toolchain); the generated wire code is the
# generator's to format. `make format` rewrites them to pass.
SWIFT_SOURCES = $(shell find Sources Tests Package.swift -name '*.swift' -not -path '*/Generated/*')

lint:
	@swift-format lint --strict --configuration .swift-format $(SWIFT_SOURCES)

format:
	@swift-format format -i --configuration .swift-format $(SWIFT_SOURCES)

test-swift:
	$(SWIFT) test

test-interop:
	$(PYTHON) -m pytest -q Tests/interop

# `segue web` in headless Chromium (Tests/web).
test-web:
	$(PYTHON) -m pytest -q Tests/web

# Rewrites docs/img/web-*.png from the browser tests.
screenshots: test-deps venv build
	SEGUE_WEB_SCREENSHOTS=docs/img $(PYTHON) -m pytest -q Tests/web

clean:
	rm -rf .build
