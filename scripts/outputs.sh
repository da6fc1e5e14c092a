#!/usr/bin/env bash
# Every output of one build of the CLI over the data sets, written to a directory, so that two
# builds can be compared byte for byte (a restructure must leave all of them identical):
#
#   scripts/outputs.sh BINARY OUTDIR [WORKLOAD_DIR]
#   diff -r OUTDIR_BEFORE OUTDIR_AFTER && echo identical
#
# Inputs: every file under corpus/ and tests/data/, the shared corpus (../shared/corpus) when it
# is there, and the files of WORKLOAD_DIR (default: 4 MiB of each generated workload, written
# there by `examples/generate.rs` when the directory does not exist yet). Each input is run with
# each option set below, on one thread; the file name of an output says which (`SET__path`).
# Standard error is kept beside standard output, with the exit status.
set -euo pipefail

bin=$(realpath "$1")
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
work=${3:-/tmp/urisift-workloads-4m}

if [ ! -d "$work" ]; then
    (cd "$root" && cargo build --quiet --release --example generate)
    mkdir -p "$work"
    for w in prose mail mime log dense iri adversarial; do
        "$root/target/release/examples/generate" "$w" $((4 << 20)) >"$work/$w.txt"
    done
fi

# name|options
sets=(
    "json|--json"
    "rejected|--json --rejected -n"
    "count|-c"
    "readings|--all-readings -n --format {line}:{start}-{end}:{outer_start}-{outer_end}:{delimiter}:{uri}"
    "strict|--json --strict --rejected"
    "refang|--json --refang --rejected"
    "abbrev|--json --abbreviated"
    "nomail|--json --no-mail --rejected"
    "qp|--json --no-mail --quoted-printable --rejected"
    "rfc2396|--json --grammar rfc2396 --rejected"
    "rfc1738|--json --grammar rfc1738"
    "touri|--to-uri --format {uri}\t{found}\t{link_text}"
)

inputs=()
while IFS= read -r -d '' f; do inputs+=("$f"); done < <(
    find "$root/corpus" "$root/tests/data" -type f -print0
    [ -d "$root/../shared/corpus" ] && find "$root/../shared/corpus" -type f -print0
    find "$work" -type f -print0
)

mkdir -p "$out"
n=0
for set in "${sets[@]}"; do
    name=${set%%|*}
    read -r -a opts <<<"${set#*|}"
    for f in "${inputs[@]}"; do
        key=$(realpath --relative-to="$root/.." "$f" | tr '/' '%')
        status=0
        "$bin" -j 1 -H "${opts[@]}" "$f" >"$out/${name}__$key" 2>"$out/${name}__$key.err" || status=$?
        echo "$status" >>"$out/${name}__$key.err"
        n=$((n + 1))
    done
done
echo "$n runs written to $out"
