# Sourced by the end-to-end shell tests with their arguments V8BENCH SOURCE_DIR: sets v8bench and src,
# a scratch directory $tmp removed on exit, and fail() (a message on stderr, exit 1).
set -uo pipefail
v8bench=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
