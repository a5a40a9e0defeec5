#!/usr/bin/env bash
# Installs the system packages Segue needs when they are missing (Debian; as root, or through sudo).
# The build needs libzmq, libwebsockets with libev, libnats (the NATS C client, for cluster mode) and libsodium (the
# signatures of cluster records, nkey seeds). With --test, also what the tests need beyond the build: Chromium and its
# WebDriver for the browser tests, zsh and groff for the shell completion and manual pages, nats-server for the
# cluster tests. With --bench, what the benchmark's peers need: redis-server.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if ! pkg-config --exists libzmq 2>/dev/null; then missing+=(libzmq3-dev); fi
if ! pkg-config --exists libwebsockets 2>/dev/null; then missing+=(libwebsockets-dev); fi
# libwebsockets runs on libev's loop: its header, and the plugin that runs it (both come with libwebsockets-dev).
if ! pkg-config --exists libev 2>/dev/null && [ ! -f /usr/include/ev.h ]; then missing+=(libev-dev); fi
if ! ls /usr/lib/*/libwebsockets-evlib_ev.so >/dev/null 2>&1; then missing+=(libwebsockets-evlib-ev); fi
if ! pkg-config --exists libnats 2>/dev/null; then missing+=(libnats-dev); fi
if ! pkg-config --exists libsodium 2>/dev/null; then missing+=(libsodium-dev); fi
if [ "${1:-}" = "--test" ]; then
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
    # The shell completion and manual pages are checked with the shells and the formatter that read them.
    command -v zsh >/dev/null 2>&1 || missing+=(zsh)
    command -v groff >/dev/null 2>&1 || missing+=(groff-base)
    # Debian installs nats-server in /usr/sbin, which a user's PATH may lack.
    PATH="$PATH:/usr/sbin" command -v nats-server >/dev/null 2>&1 || missing+=(nats-server)
fi
if [ "${1:-}" = "--bench" ]; then
    PATH="$PATH:/usr/sbin" command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
fi
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)

if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}"
