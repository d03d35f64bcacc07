#!/usr/bin/env bash
# Fuzzes the PostgreSQL relay engine (relay/pgsql/*.c) under ASAN and UBSAN for a fixed number of
# executions (FUZZ_RUNS, default 300000) from the seed corpus (make_seeds.py writes it): arbitrary
# bytes from both sides in every mode, and the SQL splitter alone. Exits non-zero on any crash,
# hang, leak or broken invariant (see fuzz_pgsql.c). Installs clang and its fuzzer runtime when
# missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../../scripts/lib.sh"

command -v clang >/dev/null || apt_install clang
apt_install libpg-query-dev
apt_install "libclang-rt-$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)-dev"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A small ALTAIR_PGSQL_MAX_HELD, so that inputs reach the relay's limit on held client input.
# With libpg_query (HAVE_PG_QUERY), as the extension is built: both readings are fuzzed (fuzz_split).
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -DALTAIR_PGSQL_MAX_HELD=4096 -DHAVE_PG_QUERY -I "$ROOT/relay" \
  -o "$work/fuzz_pgsql" "$here/fuzz_pgsql.c" "$ROOT"/relay/pgsql/*.c "$ROOT/relay/buf.c" "$ROOT/relay/mode.c" -lpg_query -lcrypto
mkdir "$work/corpus"
cp "$here"/seeds/* "$work/corpus/"
"$work/fuzz_pgsql" -runs="${FUZZ_RUNS:-300000}" -max_len=2048 -timeout=10 -seed=1 \
  -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" 2>"$work/log" || {
  tail -40 "$work/log" >&2
  for crash in "$work"/crash-* "$work"/timeout-* "$work"/leak-*; do
    [ -f "$crash" ] && { echo "input that failed ($crash):" >&2; od -c "$crash" | head -20 >&2; }
  done
  exit 1
}
grep -E "^(Done|stat::number_of_executed_units|#[0-9]+.*DONE)" "$work/log" | tail -2
echo "relay pgsql fuzz: no crash in ${FUZZ_RUNS:-300000} runs"
