#!/usr/bin/env bash
# In process: urisift's iterator beside linkify (and, on mail, beside a peer that reads mail as
# mail), over the benches' workloads, with `examples/inproc`.
#
#   scripts/inproc.sh [ROUNDS]            wall time: the shortest taking, ROUNDS rounds (default 3)
#   scripts/inproc.sh --instructions      instructions instead (callgrind, only the taking counted)
#
# Each group is a workload of `benches/workload` (4 MiB, the benches' seed) or, for `mail`, the
# benches' real mbox (`corpus/mail/spamassassin/easy_ham-slice.mbox`, 160 messages). Each mode
# of `examples/inproc` takes every match one way: urisift by value (`extract_slice`, the
# `Iterator` of `Match`), lent (`next_event_ref`, as the command line takes them) and borrowed;
# linkify's `LinkFinder` (URLs) over the same bytes; on the mail groups, `plain` (urisift with
# mail read as plain text) and `mail-parser` (`benches/mail_peer`: each message decoded by the
# mail-parser crate, linkify over its header values and bodies).
#
# Wall time: in each round every mode runs once, one after the other (interleaved), and each
# run prints the shortest of REPS takings in one process; the table keeps each mode's shortest
# over the rounds (a minimum is the figure least disturbed by other work on a shared machine).
# The ratios are the peer's time over urisift's (above 1: urisift is faster): linkify's on the
# plain-text groups, the mail-parser peer's on the mail groups (linkify over raw mail bytes does
# less work: see PERFORMANCE.md).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=time rounds=3
case "${1:-}" in
--instructions) mode=instructions ;;
'') ;;
*) rounds=$1 ;;
esac

cargo build --quiet --release --example inproc
bin=target/release/examples/inproc
mbox=corpus/mail/spamassassin/easy_ham-slice.mbox

# group, input, repetitions per run (about 0.3 s a run), the modes taken.
plain_modes="value lent borrowed linkify"
mail_modes="value lent borrowed plain linkify mail-parser"
groups=(
    "prose prose 300 $plain_modes"
    "log log 40 $plain_modes"
    "dense dense 20 $plain_modes"
    "iri iri 40 $plain_modes"
    "adversarial adversarial 20 $plain_modes"
    "mail $mbox 300 $mail_modes"
    "mime mime 20 $mail_modes"
)

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(uname -sr); $(rustc --version)"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$mode" = instructions ]; then
    command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
    echo "instructions of inproc::take (callgrind), millions; found in brackets"
else
    echo "wall time in µs, the shortest of $rounds rounds of REPS takings; found in brackets"
fi
echo
echo "| group | by value | lent | borrowed | read as plain text | linkify | mail-parser + linkify | peer / by value | peer / lent |"
echo "|---|---|---|---|---|---|---|---|---|"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
declare -A best found
for g in "${groups[@]}"; do
    read -r name input reps modes <<<"$g"
    for m in $modes; do best[$m]=999999999999; done
    if [ "$mode" = instructions ]; then
        for m in $modes; do
            valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='inproc::take' \
                "$bin" "$m" "$input" 2>"$dir/err" >"$dir/out" || true
            best[$m]=$(awk '/refs:/ { gsub(",", "", $NF); print $NF }' "$dir/err")
            found[$m]=$(cat "$dir/out")
        done
    else
        for _ in $(seq "$rounds"); do
            for m in $modes; do
                "$bin" "$m" "$input" "$reps" 2>"$dir/err" >"$dir/out"
                # "MODE INPUT: best of REPS: T µs"
                t=$(awk '{ print $(NF - 1) }' "$dir/err")
                found[$m]=$(cat "$dir/out")
                best[$m]=$(awk -v a="$t" -v b="${best[$m]}" 'BEGIN { print (a < b) ? a : b }')
            done
        done
    fi
    peer=linkify
    [[ $modes == *mail-parser* ]] && peer=mail-parser
    cell() {
        [[ " $modes " == *" $1 "* ]] || { echo "—"; return; }
        if [ "$mode" = instructions ]; then
            awk -v n="${best[$1]}" -v f="${found[$1]}" 'BEGIN { printf "%.2f M (%s)", n / 1e6, f }'
        else
            echo "${best[$1]} (${found[$1]})"
        fi
    }
    ratio() { awk -v a="${best[$peer]}" -v b="${best[$1]}" 'BEGIN { printf "%.2f", a / b }'; }
    echo "| $name | $(cell value) | $(cell lent) | $(cell borrowed) | $(cell plain) | $(cell linkify) | $(cell mail-parser) | $(ratio value) | $(ratio lent) |"
done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
