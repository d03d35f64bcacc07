#!/usr/bin/env bash
# Evaluations inside a container: builds tests/containers/container.c (Docker's default seccomp
# rules: no unshare, mount, setns, namespace clones) and runs, under it, check.inc as root and as
# an unprivileged user (uid 65534, as Sail and DDEV run PHP), then the lockdown and isolation
# phpt suites as root: every guard still possible must hold and sandbox.unavailable must say what
# is missing. Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"
cd "$ROOT"
[ -f "$MODULE" ] || { echo "containers: no $MODULE; build it first (scripts/build)" >&2; exit 1; }
# check.inc attacks the host's listeners with a real database client (mysqlnd).
apt_install "php$(php_version)-mysql"

work=$(mktemp -d /tmp/altair-eval-containers.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cc -O1 -Wall -Wextra -Werror -o "$work/container" tests/containers/container.c
cp "$MODULE" tests/containers/check.inc "$work/"
chmod 644 "$work/altair_eval.so" "$work/check.inc"

status=0
say "containers: as root under Docker's default seccomp rules"
"$work/container" php -d "extension=$work/altair_eval.so" "$work/check.inc" || status=1
if [ "$(id -u)" = 0 ]; then
  say "containers: as an unprivileged user (uid 65534) under the same rules"
  (cd "$work" && "$work/container" --user=65534 env HOME="$work" TMPDIR=/tmp php -d "extension=$work/altair_eval.so" "$work/check.inc") || status=1
else
  echo "containers: not root, so the unprivileged run is this user's own run above"
fi
say "containers: the lockdown and isolation suites under the same rules"
log="$work/phpt.log"
NO_INTERACTION=1 REPORT_EXIT_STATUS=1 "$work/container" php run-tests.php -q -p "$(command -v php)" -d "extension=$MODULE" \
  --show-diff tests/lockdown tests/isolation >"$log" 2>&1 || status=1
grep -E "^(FAIL|BORK|LEAK)|^Tests (passed|failed|skipped)|^(---|\+\+\+|[0-9]{3}[+-])" "$log" >&2 || true
awk '/^(FAILED|LEAKED|BORKED) TEST SUMMARY/ {on = 1; next} /^=+$/ {on = 0} on && !/^-+$/' "$log" >&2 || true
grep -qE "^Tests passed +: +[1-9]" "$log" || status=1
exit "$status"
