#!/usr/bin/env bash
# Fuzzes the wire decoder and the reducer with libFuzzer: scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Builds the targets of the separate package Fuzz/ with -sanitize=fuzzer,address (release), writes seed inputs
# (Golden encodings and plausible sessions, by Fuzz/Sources/FuzzSeeds), then runs each target for SECONDS (default
# 300) on its corpus Fuzz/Corpus/<target>/, one after the other, and finally minimizes the corpus (-merge=1 into a
# fresh directory) so that what stays in the tree is small. Targets: FuzzWireDecoder FuzzReducer (default: both).
#
# A crash stops the script with exit status 1; the crashing input is in Fuzz/.build/artifacts/<target>/ (replay
# it with `Fuzz/.build/fuzz/release/<target> FILE`). `make test` replays the committed corpus in-process
# (WireCorpusTests, ReducerCorpusTests) but never runs the fuzzers.
set -euo pipefail

seconds=${1:-300}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(FuzzWireDecoder FuzzReducer); fi
root=$(cd "$(dirname "$0")/.." && pwd)
fuzz="$root/Fuzz"
build="$fuzz/.build"
swift=${SWIFT:-swift}
# libFuzzer reports a crash itself; Swift's backtracer would hold each crash for seconds first.
export SWIFT_BACKTRACE=enable=no
# Inputs up to 4 KiB: the contract's messages are small, and longer ones only slow the search down.
max_len=4096

scratch=$(mktemp -d "${TMPDIR:-/tmp}/segue-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

echo "== seeds"
# Always from scratch: SwiftPM's incremental build misses some changes of a path dependency (new files, and
# layout changes under the symlinked FuzzSupport sources), and a stale build crashes in confusing ways.
rm -rf "$build/seeds" "$build/fuzz"
"$swift" build --package-path "$fuzz" --scratch-path "$build/seeds" --product FuzzSeeds
"$build/seeds/debug/FuzzSeeds" "$root/Tests/SegueWireTests/Golden" "$scratch/seeds" >/dev/null

for target in "${targets[@]}"; do
    echo "== build $target"
    # The linker warns about ASan's local symbols by the dozen; show the log only when the build fails.
    if ! "$swift" build -c release --package-path "$fuzz" --scratch-path "$build/fuzz" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product "$target" >"$scratch/build.log" 2>&1
    then
        grep -v "Cannot export local symbol" "$scratch/build.log" >&2
        echo "fuzz.sh: $target did not build" >&2
        exit 1
    fi
done

for target in "${targets[@]}"; do
    binary="$build/fuzz/release/$target"
    corpus="$fuzz/Corpus/$target"
    found="$scratch/found-$target"
    artifacts="$build/artifacts/$target"
    mkdir -p "$corpus" "$found" "$artifacts"
    echo "== fuzz $target for $seconds s (corpus $(ls "$corpus" | wc -l) files)"
    # New inputs go to the first directory; the committed corpus and the seeds are read.
    if ! "$binary" -max_len=$max_len -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$found" "$corpus" "$scratch/seeds/$target"; then
        echo "fuzz.sh: $target crashed; the input is in $artifacts/" >&2
        exit 1
    fi
    echo "== minimize $target"
    fresh="$scratch/merged-$target"
    mkdir -p "$fresh"
    "$binary" -merge=1 -max_len=$max_len "$fresh" "$corpus" "$found" "$scratch/seeds/$target" 2>&1 \
        | grep -E "MERGE-OUTER: [0-9]+ new files" || true
    rm -rf "$corpus"
    mkdir -p "$corpus"
    cp "$fresh"/* "$corpus"/
    echo "== $target corpus: $(ls "$corpus" | wc -l) files, $(du -sh "$corpus" | cut -f1)"
done
