#!/bin/bash
# Counts the instructions the engine core takes per pan (decode, decide, encode events and frames), in-process and
# under valgrind's callgrind: the same count for the same build on any host, however busy, so revisions can be
# compared where timings cannot (docs/performance.md, "The regression since 2db500f").
#
#   scripts/core-instructions.sh [CHECKOUT]     # default: this checkout
#
# Builds CHECKOUT's SegueCore in release (`swift build -c release --target SegueCore`), compiles
# scripts/core-instructions/main.swift against its objects, runs it for 1 and for 3 rounds and prints the difference
# over the 64,000 pans between them (start-up and the stacks' creation cancel out). Needs valgrind.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
checkout="$(cd "${1:-$here/..}" && pwd)"
command -v valgrind > /dev/null || { echo "core-instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
(cd "$checkout" && swift build -c release --target SegueCore > /dev/null)
build="$checkout/.build/release"
objects=()
for module in SegueCore SegueWire; do
    # Only the objects of the checkout's sources: a build directory may hold others from other revisions.
    while IFS= read -r source; do objects+=("$build/$module.build/$(basename "$source").o"); done \
        < <(find "$checkout/Sources/$module" -name '*.swift')
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swiftc -O -I "$build/Modules" "$here/core-instructions/main.swift" "${objects[@]}" -o "$work/core"
count() {
    local output total
    output=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/core" "$1" 2>&1) || {
        echo "core-instructions.sh: the workload failed:" >&2
        echo "$output" | tail -20 >&2
        exit 1
    }
    total=$(echo "$output" | sed -n 's/.*Collected : //p')
    [[ "$total" =~ ^[0-9]+$ ]] || { echo "core-instructions.sh: no instruction count from callgrind" >&2; exit 1; }
    echo "$total"
}
one=$(count 1)
three=$(count 3)
echo "$(( (three - one) / 64000 )) instructions per pan ($(cd "$checkout" && git describe --always --dirty))"
