# Sourced by the CPU tests (main_cpu_test.sh, main_cpu_pin_test.sh) with their arguments V8BENCH
# SOURCE_DIR: script_preamble.sh (v8bench, src, $tmp, fail()), and cpus (the first two CPUs
# this process may run on); exits 77 (skipped) without taskset or with fewer than two CPUs.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh" "$@"
command -v taskset >/dev/null || { echo "no taskset: skipped"; exit 77; }
mapfile -t cpus < <(taskset -c -p $$ | sed 's/.*: //' | tr ',' '\n' |
  awk -F- '{ if (NF == 2) for (i = $1; i <= $2; i++) print i; else print $1 }' | head -2)
((${#cpus[@]} >= 2)) || { echo "fewer than two CPUs allowed: skipped"; exit 77; }
