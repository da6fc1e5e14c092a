#!/bin/sh
# Replaces data/public_suffix_list.dat with the current public suffix list, for maintainers (it
# needs the network; the build never does). The list's own `// VERSION:` line gives the snapshot
# date that `urisift --version` prints. Then run `cargo test` (the domain tests) and commit the
# file with its date in the message.
#
# Usage: scripts/refresh-psl.sh
set -eu

url=https://publicsuffix.org/list/public_suffix_list.dat
here=$(cd "$(dirname "$0")/.." && pwd)
dest="$here/data/public_suffix_list.dat"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

curl --fail --silent --show-error --location --proto '=https' -o "$tmp" "$url"

# A list the parser reads: both sections, and a dated VERSION line.
for marker in '===BEGIN ICANN DOMAINS===' '===BEGIN PRIVATE DOMAINS===' '// VERSION: '; do
    if ! grep -q -- "$marker" "$tmp"; then
        echo "refresh-psl: $url has no '$marker' line; $dest left as it was" >&2
        exit 1
    fi
done

mv "$tmp" "$dest"
trap - EXIT
echo "refresh-psl: $(grep -m1 -- '// VERSION: ' "$dest") written to data/public_suffix_list.dat"
