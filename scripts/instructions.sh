#!/usr/bin/env bash
# Instructions of `urisift -c -j 1` on each 4 MiB workload (callgrind, whole process): the
# figure that tells one build from another on a shared, noisy machine, where wall time cannot.
#
#   scripts/instructions.sh [BINARY...]
#
# Without BINARY it times target/release/urisift, built alone (`cargo build --release --bin
# urisift`): built together with the examples, cargo unifies the features of the crates they
# share and the binary is not quite the one users build. With several binaries (say this
# tree's and main's), one column each, and each one's count over the first's. Build each
# binary given with `cargo build --release --bin urisift` too; `cargo bench` leaves its own
# build, with debug information and the benches' features, at target/release/urisift.
#
# The workloads are those of `examples/generate.rs` (4 MiB each, the same bytes every run) and
# the real mbox of the benches' mail group (`corpus/mail/spamassassin/easy_ham-slice.mbox`,
# 160 messages); the two mailboxes also with --no-mail. Start-up is included (about 1 M
# instructions for an empty file).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v valgrind >/dev/null || { echo "valgrind is not installed (Debian: apt-get install valgrind)" >&2; exit 2; }

cargo build --quiet --release --example generate
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for w in prose mail mime log dense iri adversarial; do
    target/release/examples/generate "$w" $((4 << 20)) >"$dir/$w.txt" 2>/dev/null
done
cp corpus/mail/spamassassin/easy_ham-slice.mbox "$dir/real-mbox.txt"

if [ $# -eq 0 ]; then
    cargo build --quiet --release --bin urisift
    set -- target/release/urisift
fi
# Each binary copied to a name of the same length: the count of a workload such as mime moves by
# up to 0.3% with the length of the program's path and of its argument (the stack's alignment).
names=("$@") bins=()
for i in $(seq $#); do
    cp "${names[i - 1]}" "$dir/bin$i"
    bins+=("$dir/bin$i")
done

# Instructions of one run, and the count it printed (`-c`): binary, file, further options.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" -c -j 1 "${@:3}" "$2" 2>"$dir/vg" >"$dir/out" || true
    echo "$(awk '/refs:/ { gsub(",", "", $NF); print $NF }' "$dir/vg") $(cat "$dir/out")"
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(uname -sr); $(rustc --version)"
printf '| workload | URIs |'
for name in "${names[@]}"; do printf ' %s |' "$name"; done
shift_ratio=$(($# > 1))
((shift_ratio)) && for name in "${names[@]:1}"; do printf ' %s / first |' "$name"; done
echo
printf '|---|---|'
for _ in "$@"; do printf -- '---|'; done
((shift_ratio)) && for _ in "${@:2}"; do printf -- '---|'; done
echo
# The two mailboxes also read as plain text (`--no-mail`): the mail stage's cost over the plain
# scan of the same bytes, which issue 19 bounds at twice.
for row in prose mail "mail --no-mail" mime log dense iri adversarial real-mbox "real-mbox --no-mail"; do
    read -r w flags <<<"$row"
    counts=() uris=()
    for bin in "${bins[@]}"; do
        # shellcheck disable=SC2086 # `flags` is empty or one option
        read -r n u < <(count "$bin" "$dir/$w.txt" $flags)
        counts+=("$n") uris+=("$u")
    done
    # A build that finds other URIs than the first is no longer measuring the same work.
    same=${uris[0]}
    for u in "${uris[@]}"; do [ "$u" = "$same" ] || same="${uris[*]}"; done
    printf '| %s | %s |' "$row" "$same"
    for n in "${counts[@]}"; do printf ' %s |' "$(awk -v n="$n" 'BEGIN { printf "%.2f M", n / 1e6 }')"; done
    ((shift_ratio)) && for n in "${counts[@]:1}"; do
        printf ' %s |' "$(awk -v a="$n" -v b="${counts[0]}" 'BEGIN { printf "%.4f", a / b }')"
    done
    echo
done
