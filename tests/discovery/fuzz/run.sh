#!/usr/bin/env bash
# Fuzzes the discovery reader's parsers (dotenv, URL/DSN, PHP array literal) under ASAN and UBSAN
# for a fixed number of executions (FUZZ_RUNS, default 200000) from seeds made of the fixture
# projects' files and tests/discovery/urls.tsv; exits non-zero on any crash, hang, leak or broken
# invariant. Installs clang and its fuzzer runtime when missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../scripts/lib.sh"

command -v clang >/dev/null || apt_install clang
apt_install "libclang-rt-$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)-dev"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -o "$work/fuzz_discovery" "$here/fuzz_discovery.c" "$ROOT/common/dotenv.c" "$ROOT/common/discovery_url.c" \
  "$ROOT/common/php_literal.c"
mkdir "$work/corpus"
# Seeds: a selector byte (0/1 dotenv, 2 URL, 3 PHP literal) and a real input.
n=0
while IFS= read -r -d '' file; do
  n=$((n + 1))
  case "$file" in
    *.php) selector='\003' ;;
    *) selector='\000' ;;
  esac
  { printf "$selector"; head -c 4000 "$file"; } >"$work/corpus/file-$n"
done < <(find "$here/../fixtures" -type f \( -name '.env*' -o -name '*.php' \) -print0)
while IFS=$'\t' read -r url _; do
  [[ -z "$url" || "$url" == \#* ]] && continue
  n=$((n + 1))
  { printf '\002'; printf '%s' "$url"; } >"$work/corpus/url-$n"
done <"$here/../urls.tsv"
"$work/fuzz_discovery" -runs="${FUZZ_RUNS:-200000}" -max_len=4096 -timeout=10 -seed=1 \
  -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" 2>"$work/log" || {
  tail -40 "$work/log" >&2
  for crash in "$work"/crash-* "$work"/timeout-* "$work"/leak-*; do
    [ -f "$crash" ] && { echo "input that failed ($crash):" >&2; od -c "$crash" | head -20 >&2; }
  done
  exit 1
}
grep -E "^(Done|stat::number_of_executed_units|#[0-9]+.*DONE)" "$work/log" | tail -2
echo "discovery fuzz: no crash in ${FUZZ_RUNS:-200000} runs ($n seeds)"
