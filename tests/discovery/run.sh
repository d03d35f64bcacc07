#!/usr/bin/env bash
# The discovery reader (common/discovery.c) against fixture projects: builds tests/discovery/driver.c
# with the reader under ASAN and UBSAN, runs it over every tests/discovery/fixtures/<case>/project
# (the real environment from <case>/env, one NAME=VALUE a line) and compares what it prints with
# <case>/expected; then the hostile projects, made here because git should not carry them: links
# out of the root, a file over the size cap, a FIFO, binary bytes, an APP_ENV that climbs out.
#   tests/discovery/run.sh [case-name-substring]
# Exit status: 0 when every case passed, 1 when one failed, 2 when the driver could not be built.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/altair-discovery.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
sources=("$top"/common/discovery.c "$top"/common/discovery_url.c "$top"/common/discovery_laravel.c
	"$top"/common/dotenv.c "$top"/common/php_literal.c "$here/driver.c")
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
${CC:-cc} -Wall -Wextra -Werror -g $sanitize -I"$top" "${sources[@]}" -o "$work/driver" 2>"$work/cc.log" || {
	echo "discovery: no ASAN here, building without it" >&2
	${CC:-cc} -Wall -Wextra -Werror -g -I"$top" "${sources[@]}" -o "$work/driver" || exit 2
}
filter=${1:-}
passed=0
failed=0

# check NAME EXPECTED_FILE COMMAND... : runs the command, compares its output.
check() {
	local name=$1 expected=$2; shift 2
	if ! "$@" >"$work/out" 2>"$work/err" || [ -s "$work/err" ]; then
		echo "FAIL $name: the driver failed" >&2
		cat "$work/err" >&2
		failed=$((failed + 1))
	elif ! diff -u "$expected" "$work/out" >"$work/diff"; then
		echo "FAIL $name" >&2
		cat "$work/diff" >&2
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
}

for case_dir in "$here"/fixtures/*/; do
	name=$(basename "$case_dir")
	[[ -n "$filter" && "$name" != *"$filter"* ]] && continue
	env_pairs=()
	if [ -f "$case_dir/env" ]; then
		mapfile -t env_pairs <"$case_dir/env"
	fi
	check "$name" "$case_dir/expected" "$work/driver" "$case_dir/project" "${env_pairs[@]}"
done

# The dotenv reader alone: every definition of dotenv/<name>.env (symfony*: $NAME interpolated too),
# the real environment from <name>.args.
for file in "$here"/dotenv/*.env; do
	name=$(basename "$file" .env)
	[[ -n "$filter" && "dotenv-$name" != *"$filter"* ]] && continue
	mode=--dotenv
	[[ "$name" == symfony* ]] && mode=--dotenv-bare
	env_pairs=()
	[ -f "$here/dotenv/$name.args" ] && mapfile -t env_pairs <"$here/dotenv/$name.args"
	check "dotenv $name" "$here/dotenv/$name.expected" "$work/driver" "$mode" "$file" "${env_pairs[@]}"
done

# URLs and DSNs, one "URL<TAB>expected JSON" a line.
if [[ -z "$filter" || "urls" == *"$filter"* ]]; then
	while IFS=$'\t' read -r url expected; do
		[[ -z "$url" || "$url" == \#* ]] && continue
		printf '%s\n' "$expected" >"$work/expected-url"
		check "url $url" "$work/expected-url" "$work/driver" --url "$url"
	done <"$here/urls.tsv"
fi

# The memo the host keeps between calls (altair_eval_discover_memo): after each change to a copy of
# memo/<name>'s project (a fixture's) and to the real environment, it must answer as a fresh
# discovery does (the driver says "STALE" otherwise), and as memo/<name>.expected says.
for commands in "$here"/memo/*.commands; do
	name=$(basename "$commands" .commands)
	[[ -n "$filter" && "memo-$name" != *"$filter"* ]] && continue
	rm -rf "$work/memo-project"
	cp -a "$here/fixtures/$(cat "$here/memo/$name.fixture")/project" "$work/memo-project"
	check "memo $name" "$here/memo/$name.expected" sh -c '"$1" --memo "$2" <"$3"' sh "$work/driver" "$work/memo-project" "$commands"
done

source "$here/hostile.sh"

echo "discovery: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
