#!/usr/bin/env bash
# Whole-process throughput of the CLI beside its peers, on generated workloads, and the CLI's
# peak resident size on a large piped input. The in-process figures come from
# `cargo bench --bench extract`; this is the other half of the README's "Performance" section.
#
#   scripts/compare.sh [SIZE_MIB] [RUNS]      (defaults: 64 MiB per workload, best of 5 runs)
#
# For each workload (prose, mail, log, dense, adversarial) it writes SIZE_MIB of text with
# `examples/generate.rs` into a temporary directory, then times, on the same file:
#   urisift -c FILE                      (this crate's CLI: streams the file in 64 KiB reads)
#   peers linkify FILE                   (the linkify crate; reads the whole file, then scans it)
#   peers regex FILE                     (the regex crate with the common URL regex)
#   rg -c -o -a REGEX FILE               (ripgrep with the same regex, when installed)
#   peers memchr FILE                    (counting ':' while reading: the floor)
# and prints MB/s (10^6 bytes per second) and urisift's ratio to each peer. Timing is wall
# clock of the whole process, best of RUNS, file in the page cache. Then the CLI's peak RSS
# while scanning 1 GiB of the mail workload from a pipe (`/usr/bin/time -v`), unless
# URISIFT_SKIP_RSS is set.
set -euo pipefail

size_mib=${1:-64}
runs=${2:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

cargo build --quiet --release --bin urisift --example generate --example peers
bin=$root/target/release
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

regex='(https?|ftp|file)://[-A-Za-z0-9+&@#/%?=~_|!:,.;]*[-A-Za-z0-9+&@#/%=~_|]'

# Best wall-clock seconds of `runs` runs of the command; its last output line goes to $dir/out.
best() {
    local best=999999 s e t
    for _ in $(seq "$runs"); do
        s=$(date +%s%N)
        "$@" 2>/dev/null | tail -n 1 >"$dir/out"
        e=$(date +%s%N)
        t=$(((e - s) / 1000))
        ((t < best)) && best=$t
    done
    echo "$best"
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
    "$(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo); $(uname -sr); $(rustc --version)"
echo "size: $size_mib MiB per workload; wall clock, best of $runs"
echo
printf '| %-11s | %-8s | %9s | %8s | %s |\n' workload tool MB/s count "urisift / tool"
printf '|%s|%s|%s|%s|%s|\n' ------------- ---------- ----------- ---------- ----------------
for w in prose mail log dense adversarial; do
    file=$dir/$w.txt
    "$bin/examples/generate" "$w" $((size_mib << 20)) >"$file" 2>/dev/null
    bytes=$(stat -c %s "$file")
    declare -A us=()
    tools=(urisift linkify regex memchr)
    command -v rg >/dev/null && tools=(urisift linkify regex rg memchr)
    for tool in "${tools[@]}"; do
        case $tool in
        urisift) us[$tool]=$(best "$bin/urisift" -c "$file") ;;
        rg) us[$tool]=$(best rg -c -o -a "$regex" "$file") ;;
        *) us[$tool]=$(best "$bin/examples/peers" "$tool" "$file") ;;
        esac
        count=$(cat "$dir/out")
        mbs=$(awk -v b="$bytes" -v u="${us[$tool]}" 'BEGIN { printf "%.0f", b / u }')
        ratio=$(awk -v a="${us[$tool]}" -v b="${us[urisift]}" 'BEGIN { printf "%.2f", a / b }')
        [ "$tool" = urisift ] && ratio=-
        printf '| %-11s | %-8s | %9s | %8s | %s |\n' "$w" "$tool" "$mbs" "$count" "$ratio"
    done
    rm -f "$file"
done

if [ -z "${URISIFT_SKIP_RSS:-}" ] && [ -x /usr/bin/time ]; then
    echo
    "$bin/examples/generate" mail $((1 << 30)) 2>/dev/null |
        /usr/bin/time -v "$bin/urisift" -c 2>"$dir/time" >"$dir/out"
    echo "1 GiB of mail piped to urisift -c: $(cat "$dir/out") URIs," \
        "peak RSS $(awk '/Maximum resident/ {printf "%.1f MiB", $NF / 1024}' "$dir/time")"
fi
