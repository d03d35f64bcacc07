#!/usr/bin/env bash
# Fuzzes the MySQL relay engine and its statement classifier under ASAN and UBSAN for a fixed
# number of executions (FUZZ_RUNS, default 300000) from the committed seeds (a recorded login,
# queries, results, prepared statements in every mode, and statements for the classifier); exits
# non-zero on any crash, leak, hang or broken invariant. Installs clang and its fuzzer runtime
# when missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../../scripts/lib.sh"

command -v clang >/dev/null || apt_install clang
apt_install "libclang-rt-$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)-dev"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I "$ROOT/relay" \
  -o "$work/fuzz_mysql" "$here/fuzz_mysql.c" "$ROOT/relay/buf.c" "$ROOT/relay/mode.c" "$ROOT"/relay/mysql/*.c
mkdir "$work/corpus"
cp "$here"/seeds/* "$work/corpus/"
"$work/fuzz_mysql" -runs="${FUZZ_RUNS:-300000}" -max_len=4096 -timeout=10 -seed=1 \
  -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" 2>"$work/log" || {
  tail -40 "$work/log" >&2
  for crash in "$work"/crash-* "$work"/timeout-* "$work"/leak-*; do
    [ -f "$crash" ] && { echo "input that failed ($crash):" >&2; od -c "$crash" | head -20 >&2; }
  done
  exit 1
}
grep -E "^(Done|stat::number_of_executed_units|#[0-9]+.*DONE)" "$work/log" | tail -2
echo "mysql relay fuzz: no crash in ${FUZZ_RUNS:-300000} runs"
