# Sourced by compare_js_side_by_side.sh and compare_js_folders.sh, which take the same arguments
# (NODE_BENCHMARK_DIR OLD_NODE NEW_NODE OUT_DIR; usage on line 6 of the script): sets nbd, old, new, out,
# here (the checkout), bin (V8BENCH, else build/v8bench), pairs (PAIRS) and timed (TIMED, a command
# prefix), and installs R from Debian where Rscript is missing (compare.R loads ggplot2 and plyr).
[ $# -eq 4 ] || { echo "usage:$(sed -n '6p' "$0" | cut -c2-)  (see the script's header)" >&2; exit 2; }
nbd=$(realpath "$1")
old=$(realpath "$2")
new=$(realpath "$3")
out=$(realpath -m "$4")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=$(realpath "${V8BENCH:-$here/build/v8bench}")
pairs=${PAIRS:-ab aa}
read -r -a timed <<<"${TIMED:-}"
[ -x "$bin" ] || { echo "$(basename "$0"): no v8bench at $bin (set V8BENCH)" >&2; exit 2; }
if ! command -v Rscript >/dev/null; then
  apt-get install -y --no-install-recommends r-base-core r-cran-ggplot2 r-cran-plyr
fi
