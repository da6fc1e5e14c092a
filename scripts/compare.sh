#!/usr/bin/env bash
# Whole-process throughput of the CLI beside its peers, on generated workloads, and the CLI's
# peak resident size on a large piped input. The in-process figures come from
# `scripts/inproc.sh` and `cargo bench --bench extract`; the tables are in PERFORMANCE.md.
#
#   scripts/compare.sh [SIZE_MIB] [RUNS]      (defaults: 64 MiB per workload, best of 5 runs)
#   URISIFT_TIME=cpu scripts/compare.sh ...   (CPU time instead of wall clock: a busy machine)
#
# For each workload (prose, mail, log, dense, adversarial) it writes SIZE_MIB of text with
# `examples/generate.rs` into a temporary directory, then times, on the same file:
#   urisift   file  urisift -c -j 1 FILE       (this crate's CLI on one thread: maps a file of
#                                               1 MiB or more, as rg does; issue 22 compares on one
#                                               thread)
#             pipe  cat FILE | urisift -c -j 1
#   urisift-jN  the same with the default -j (one thread per core: N = nproc), as users run it
#   grep      file  grep -o -a -E REGEX FILE | wc -l      (GNU grep, LC_ALL=C)
#             pipe  cat FILE | grep -o -a -E REGEX | wc -l
#   rg        file  rg -o -a REGEX FILE | wc -l           (ripgrep)
#             pipe  cat FILE | rg -o -a REGEX | wc -l
#   linkify   file  peers linkify FILE         (the linkify crate; reads the whole file, then scans it)
#   regex     file  peers regex FILE           (the regex crate with the same URL regex)
#   memchr    file  peers memchr FILE          (counting ':' while reading: the floor)
#             pipe  cat FILE | peers memchr -  (the same from a pipe: the floor of every pipe row)
#   memchr-map file peers memchr-map FILE     (counting ':' in the file mapped: the floor of a
#                                               mapped read, as urisift and rg read a file)
#   scan-map  file  peers scan-map FILE       (the benches' scan floor over the file mapped: for
#                                               every ':' the scheme walked back and the candidate
#                                               scanned forward, nothing delimited or validated:
#                                               the least work of an extractor, as a process)
# and prints MB/s (10^6 bytes per second), the count each found, and urisift's throughput over
# the tool's, against urisift run the same way (file or pipe) in the same run of this script:
# on one thread (the peers' rows all read on one thread: GNU grep always, ripgrep given one
# file or a pipe) and with one thread per core.
#
# How each counts: urisift the URIs it extracts; linkify its URL links; regex, grep and rg the
# matches of the one URL regex below. `grep -c -o` would count matching lines, not matches, so
# grep and rg both print each match on its own line (-o) and `wc -l` counts them: the same
# count, and the same output work, for both. (The regex cannot match a line break, so a match
# is never split over lines.) GNU grep runs with LC_ALL=C so that its ranges and bytes mean
# what they mean to the regex crate, and so that a UTF-8 locale does not slow it down; -a makes
# both read NUL bytes as text. A tool that is not installed is skipped, with a note.
#
# Timing is wall clock of the whole command (pipeline included), or its CPU time, best of RUNS,
# file in the page cache. After the table of every run, the same ratios as two matrices (workload by tool, for
# one thread and for the default -j: the tables of PERFORMANCE.md), and the load average before
# and after. Then the CLI's peak RSS while scanning 1 GiB of the mail workload from a pipe
# (`/usr/bin/time -v`), unless URISIFT_SKIP_RSS is set.
set -euo pipefail

size_mib=${1:-64}
runs=${2:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# The examples first, then the command line alone: built together, cargo unifies the features of
# the crates they share and the binary timed would not quite be the one users build.
cargo build --quiet --release --example generate --example peers
cargo build --quiet --release --bin urisift
bin=$root/target/release
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

regex='(https?|ftp|file)://[-A-Za-z0-9+&@#/%?=~_|!:,.;]*[-A-Za-z0-9+&@#/%=~_|]'

# The commands timed, each given FILE; each prints its count last.
urisift_file() { "$bin/urisift" -c -j 1 "$1"; }
urisift_pipe() { cat "$1" | "$bin/urisift" -c -j 1; }
urisift_jn_file() { "$bin/urisift" -c "$1"; }
urisift_jn_pipe() { cat "$1" | "$bin/urisift" -c; }
grep_file() { LC_ALL=C grep -o -a -E "$regex" "$1" | wc -l; }
grep_pipe() { cat "$1" | LC_ALL=C grep -o -a -E "$regex" | wc -l; }
rg_file() { rg -o -a "$regex" "$1" | wc -l; }
rg_pipe() { cat "$1" | rg -o -a "$regex" | wc -l; }
peer() { "$bin/examples/peers" "$@"; }
memchr_pipe() { cat "$1" | "$bin/examples/peers" memchr -; }

# Best microseconds of `runs` runs of the command; its last output line goes to $dir/out. A
# command that finds nothing exits 1 (urisift, grep); that is not a failure here. With
# URISIFT_TIME=cpu the time is the CPU time (user + system) of the whole pipeline rather than its
# wall clock: on a machine busy with other work a process waits for a core, which wall clock
# counts and CPU time does not (the rows with several threads are then left out).
best() {
    local best=999999999999 s e t
    for _ in $(seq "$runs"); do
        if [ "$clock" = cpu ]; then
            t=$( { TIMEFORMAT='%3U %3S'; time { { "$@" 2>/dev/null || true; } | tail -n 1 >"$dir/out"; }; } 2>&1 |
                awk '{ printf "%d", ($1 + $2) * 1e6 }')
        else
            s=$(date +%s%N)
            { "$@" 2>/dev/null || true; } | tail -n 1 >"$dir/out"
            e=$(date +%s%N)
            t=$(((e - s) / 1000))
        fi
        ((t < best)) && best=$t
    done
    echo "$best"
}

# Rows: tool, how it reads (file or pipe), the command.
clock=${URISIFT_TIME:-wall}
jn=urisift-j$(nproc)
rows=("urisift file urisift_file" "urisift pipe urisift_pipe")
[ "$clock" = cpu ] || rows+=("$jn file urisift_jn_file" "$jn pipe urisift_jn_pipe")
for tool in grep rg; do
    if command -v "$tool" >/dev/null; then
        rows+=("$tool file ${tool}_file" "$tool pipe ${tool}_pipe")
    else
        echo "note: $tool is not installed; its rows are skipped (Debian: apt-get install ${tool/rg/ripgrep})"
    fi
done
rows+=("linkify file peer linkify" "regex file peer regex" "memchr file peer memchr" "memchr pipe memchr_pipe" "memchr-map file peer memchr-map" "scan-map file peer scan-map")

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
    "$(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo); $(uname -sr); $(rustc --version)"
echo "peers: $(grep --version | head -n 1)$(command -v rg >/dev/null && echo "; $(rg --version 2>/dev/null | head -n 1)")"
echo "size: $size_mib MiB per workload; $([ "$clock" = cpu ] && echo "CPU time (user + system)" || echo "wall clock"), best of $runs"
echo "urisift / tool: urisift's throughput over the tool's, both reading the same way (file or pipe);"
echo "urisift is run with -j 1 (one thread), $jn with the default -j (one thread per core)"
echo
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '| %-11s | %-11s | %-4s | %9s | %8s | %s | %s |\n' workload tool from MB/s count "urisift / tool" "$jn / tool"
printf '|%s|%s|%s|%s|%s|%s|%s|\n' ------------- ------------- ------ ----------- ---------- ---------------- ----------------
declare -A ratio1 ratio_n
for w in prose mail log dense adversarial; do
    file=$dir/$w.txt
    "$bin/examples/generate" "$w" $((size_mib << 20)) >"$file" 2>/dev/null
    bytes=$(stat -c %s "$file")
    declare -A us=()
    for row in "${rows[@]}"; do
        read -r tool from cmd <<<"$row"
        # shellcheck disable=SC2086 # `cmd` is a function name and its leading arguments
        t=$(best $cmd "$file")
        us[$tool.$from]=$t
        count=$(tr -d ' ' <"$dir/out")
        mbs=$(awk -v b="$bytes" -v u="$t" 'BEGIN { printf "%.0f", b / u }')
        ratio=$(awk -v a="$t" -v b="${us[urisift.$from]}" 'BEGIN { printf "%.2f", a / b }')
        ratio_jn=$(awk -v a="$t" -v b="${us[$jn.$from]:-0}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }')
        [ "$tool" = urisift ] && ratio=-
        [ "$tool" = "$jn" ] && ratio_jn=-
        ratio1[$w.$tool.$from]=$ratio
        ratio_n[$w.$tool.$from]=$ratio_jn
        printf '| %-11s | %-11s | %-4s | %9s | %8s | %s | %s |\n' "$w" "$tool" "$from" "$mbs" "$count" "$ratio" "$ratio_jn"
    done
    unset us
    rm -f "$file"
done

echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
# The matrices: urisift's throughput over each tool's, both reading the same way.
cols=()
for row in "${rows[@]}"; do
    read -r tool from _ <<<"$row"
    [[ $tool == urisift* ]] || cols+=("$tool.$from")
done
matrices=("urisift -j 1:ratio1")
[ "$clock" = cpu ] || matrices+=("$jn:ratio_n")
for which in "${matrices[@]}"; do
    label=${which%%:*}
    declare -n matrix=${which##*:}
    echo
    echo "$label over each tool (above 1: urisift is faster)"
    echo
    printf '| workload |'
    for c in "${cols[@]}"; do printf ' %s |' "${c/./ }"; done
    echo
    printf '|---|'
    for _ in "${cols[@]}"; do printf -- '---|'; done
    echo
    for w in prose mail log dense adversarial; do
        printf '| %s |' "$w"
        for c in "${cols[@]}"; do printf ' %s |' "${matrix[$w.$c]:--}"; done
        echo
    done
    unset -n matrix
done

if [ -z "${URISIFT_SKIP_RSS:-}" ] && [ -x /usr/bin/time ]; then
    echo
    "$bin/examples/generate" mail $((1 << 30)) 2>/dev/null |
        /usr/bin/time -v "$bin/urisift" -c 2>"$dir/time" >"$dir/out"
    echo "1 GiB of mail piped to urisift -c: $(cat "$dir/out") URIs," \
        "peak RSS $(awk '/Maximum resident/ {printf "%.1f MiB", $NF / 1024}' "$dir/time")"
fi
