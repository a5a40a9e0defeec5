# Segue: `make run` starts the daemon, `make test` runs every test. Both install what is missing first.
SWIFT ?= swift
VENV := .build/venv
PYTHON := $(VENV)/bin/python
SEGUED_FLAGS ?=

.PHONY: all deps test-deps venv build release run install install-built uninstall test lint format test-swift \
	install-python test-interop test-python test-web test-scripts screenshots bench clean

all: build

# System packages: libzmq, libwebsockets and libnats (with pkg-config) for the build, python3-venv for the interop
# tests, chromium and chromium-driver for the browser tests and nats-server for the cluster tests (test-deps, which
# `make test` runs).
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

# `make install` puts the release binaries under PREFIX with their manual pages (generated from the commands'
# specs) and the bash and zsh completion; DESTDIR stages them elsewhere, for a package.
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
BUILT ?= .build/release

install: release
	@$(MAKE) --no-print-directory install-built BUILT=.build/release

# Installs the binaries already built in BUILT (the tests install a debug build into a scratch DESTDIR).
install-built:
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR)
	install -m 0755 $(BUILT)/segued $(BUILT)/segue $(BINDIR)
	$(BUILT)/segue man --out-dir $(MANDIR)
	$(BUILT)/segued --man-page > $(MANDIR)/segued.1
	$(BUILT)/segue completion bash > $(BASHDIR)/segue
	$(BUILT)/segue completion zsh > $(ZSHDIR)/_segue

uninstall:
	rm -f $(BINDIR)/segued $(BINDIR)/segue $(MANDIR)/segue.1 $(MANDIR)/segue-*.1 $(MANDIR)/segued.1 \
		$(BASHDIR)/segue $(ZSHDIR)/_segue

test: test-deps venv build
	$(MAKE) lint test-swift test-interop test-python test-web test-scripts

# The Swift sources against .swift-format (swift-format ships with the toolchain); the generated wire code is the
# generator's to format. `make format` rewrites them to pass.
SWIFT_SOURCES = $(shell find Sources Tests Package.swift -name '*.swift' -not -path '*/Generated/*')

lint:
	@swift-format lint --strict --configuration .swift-format $(SWIFT_SOURCES)

format:
	@swift-format format -i --configuration .swift-format $(SWIFT_SOURCES)

test-swift:
	$(SWIFT) test

# The Python client (clients/python), installed into the venv. It builds with the venv's setuptools (grpcio-tools
# brings it), so nothing is downloaded.
install-python: venv
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --no-build-isolation ./clients/python
	rm -rf clients/python/build

# The interop tests start segued (the one just built, or SEGUED) with the package's Daemon and use its protobuf
# module, so the package is installed first.
SEGUED ?= $(CURDIR)/.build/debug/segued
test-interop: install-python
	SEGUED=$(SEGUED) $(PYTHON) -m pytest -q Tests/interop

# The package checked with mypy --strict, and its tests against segued.
test-python: install-python
	cd clients/python && $(abspath $(VENV))/bin/mypy --strict src/segue tests
	SEGUED=$(SEGUED) $(PYTHON) -m pytest -q clients/python/tests

# `segue web` in headless Chromium (Tests/web); its cluster test starts nats-servers and daemons with the Python
# client's helpers.
test-web: install-python
	$(PYTHON) -m pytest -q Tests/web

# The tools in scripts/ that have tests of their own (the flame graph of docs/performance.md).
test-scripts: venv
	$(PYTHON) -m pytest -q Tests/scripts

# Rewrites the pictures of the page the README shows (docs/img/web-*.png) from the browser tests.
screenshots: test-deps venv build
	SEGUE_WEB_SCREENSHOTS=docs/img $(PYTHON) -m pytest -q Tests/web

# The benchmark (docs/performance.md), release binaries, with redis-server installed for its Redis Streams peer.
bench:
	@scripts/install-deps.sh --bench
	$(SWIFT) build -c release
	.build/release/segue-bench --quick

clean:
	rm -rf .build
