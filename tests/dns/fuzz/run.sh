#!/usr/bin/env bash
# Fuzzes the host's answers to the child's resolver (common/dns.c) under ASAN and UBSAN for a fixed
# number of executions (FUZZ_RUNS, default 200000) from seeds of real queries (A, AAAA, a declared
# name and another, search-domain forms, a compressed name, garbage); exits non-zero on any crash,
# hang, leak or broken invariant. Installs clang and its fuzzer runtime when missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../scripts/lib.sh"

command -v clang >/dev/null || apt_install clang
apt_install "libclang-rt-$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)-dev"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -o "$work/fuzz_dns" "$here/fuzz_dns.c" "$ROOT/common/dns.c"
mkdir "$work/corpus"
# Seeds: a room byte, then a query (id 0x1234, RD, one question) for NAME of TYPE.
seed() {
  local name=$1 type=$2 n=$3
  {
    printf '\377\022\064\001\000\000\001\000\000\000\000\000\000'
    IFS=. read -ra labels <<<"$name"
    for label in "${labels[@]}"; do printf "\\$(printf '%03o' "${#label}")%s" "$label"; done
    printf "\000\000\\$(printf '%03o' "$type")\000\001"
  } >"$work/corpus/seed-$n"
}
seed mysql 1 1
seed mysql 28 2
seed MySQL.example.com 1 3
seed db.example.test 1 4
seed other 1 5
seed redis 1 6
printf '\377\022\064\001\000\000\001\000\000\000\000\000\000\300\014\000\001\000\001' >"$work/corpus/seed-pointer"
printf '\010\022\064\200\000\000\001\000\000\000\000\000\000' >"$work/corpus/seed-response"
head -c 300 /dev/urandom >"$work/corpus/seed-noise"
"$work/fuzz_dns" -runs="${FUZZ_RUNS:-200000}" -max_len=1024 -timeout=10 -seed=1 \
  -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" 2>"$work/log" || {
  tail -40 "$work/log" >&2
  for crash in "$work"/crash-* "$work"/timeout-* "$work"/leak-*; do
    [ -f "$crash" ] && { echo "input that failed ($crash):" >&2; od -c "$crash" | head -20 >&2; }
  done
  exit 1
}
grep -E "^(Done|stat::number_of_executed_units|#[0-9]+.*DONE)" "$work/log" | tail -2
echo "dns fuzz: no crash in ${FUZZ_RUNS:-200000} runs"
