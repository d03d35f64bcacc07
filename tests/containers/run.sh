#!/usr/bin/env bash
# Evaluations inside a container: builds tests/containers/container.c (Docker's default seccomp
# rules: no unshare, mount, setns, namespace clones) and runs, under it, check.inc as root and as
# an unprivileged user (uid 65534, as Sail and DDEV run PHP), then phpt suites: the lockdown and
# isolation ones as root, cold and through warm workers; the booted, warm and warm isolation ones
# (booted templates without a mount namespace, docs/containers.md) as root and as uid 65534, on a
# copy of them that user can write. Every guard still possible must hold, sandbox.unavailable
# must say what is missing, and a test that cannot hold there skips naming the missing kernel
# feature. Exits non-zero on any failure.
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
unprivileged=false
[ "$(id -u)" = 0 ] && unprivileged=true

say "containers: as root under Docker's default seccomp rules"
"$work/container" php -d "extension=$work/altair_eval.so" "$work/check.inc" || status=1
if $unprivileged; then
  say "containers: as an unprivileged user (uid 65534) under the same rules"
  (cd "$work" && "$work/container" --user=65534 env HOME="$work" TMPDIR=/tmp php -d "extension=$work/altair_eval.so" "$work/check.inc") || status=1
else
  echo "containers: not root, so the unprivileged runs are this user's own runs"
fi

# phpt LABEL DIR [container option] -- [env NAME=VALUE...] -- SUITES...: run-tests.php in DIR under
# the rules; its failures and diffs on stderr; fails unless some test passed and none failed.
phpt() {
  local label=$1 dir=$2; shift 2
  local options=() environment=() log
  log=$(mktemp "$work/phpt.XXXXXX")
  while [ "$1" != -- ]; do options+=("$1"); shift; done
  shift
  while [ "$1" != -- ]; do environment+=("$1"); shift; done
  shift
  say "containers: $label"
  (cd "$dir" && NO_INTERACTION=1 REPORT_EXIT_STATUS=1 "$work/container" "${options[@]}" env "${environment[@]}" \
    php run-tests.php -q --no-color -p "$(command -v php)" -d "extension=$work/altair_eval.so" --show-diff "$@") >"$log" 2>&1 || status=1
  # (run-tests.php ends each progress line with a carriage return, not a newline)
  tr '\r' '\n' <"$log" | grep -E "^(FAIL|BORK|LEAK|SKIP)|^Tests (passed|failed|skipped)|^(---|\+\+\+|[0-9]{3}[+-])" >&2 || true
  awk '/^(FAILED|LEAKED|BORKED) TEST SUMMARY/ {on = 1; next} /^=+$/ {on = 0} on && !/^-+$/' "$log" >&2 || true
  grep -qE "^Tests passed +: +[1-9]" "$log" || { tail -5 "$log" >&2; status=1; }
}

phpt "the lockdown and isolation suites, as root" "$ROOT" -- -- tests/lockdown tests/isolation
phpt "the same through warm workers (booted templates without a mount namespace), as root" "$ROOT" -- \
  ALTAIR_EVAL_TEST_WARM=1 -- tests/lockdown tests/isolation tests/warm_isolation
phpt "the booted, warm and warm isolation suites, as root" "$ROOT" -- -- tests/booted tests/warm tests/warm_isolation

if $unprivileged; then
  # run-tests.php writes beside each test, and the fixture apps are built with Composer: a copy of
  # the suites (and what they require) that uid 65534 owns, with a home of its own.
  suite="$work/suite"
  mkdir -p "$suite/tests/apps" "$suite/home"
  cp -a run-tests.php "$suite/"
  cp -a tests/helpers.inc tests/booted tests/warm tests/warm_isolation "$suite/tests/"
  cp -a tests/apps/apps.inc tests/apps/live.inc tests/apps/fixtures "$suite/tests/apps/"
  # What an earlier run left beside the tests (those three dirs hold only .phpt and .inc files).
  find "$suite/tests/booted" "$suite/tests/warm" "$suite/tests/warm_isolation" -type f ! -name '*.phpt' ! -name '*.inc' -delete
  chown -R 65534:65534 "$suite"
  unprivileged_env=("HOME=$suite/home" "COMPOSER_HOME=$suite/home" TMPDIR=/tmp)
  phpt "the booted, warm and warm isolation suites, as uid 65534" "$suite" --user=65534 -- "${unprivileged_env[@]}" -- \
    tests/booted tests/warm tests/warm_isolation
  phpt "the warm isolation suite through warm workers, as uid 65534" "$suite" --user=65534 -- "${unprivileged_env[@]}" \
    ALTAIR_EVAL_TEST_WARM=1 -- tests/warm_isolation
fi
exit "$status"
