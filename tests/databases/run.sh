#!/usr/bin/env bash
# The apps' own databases, for real, where users run them: tests/databases/*.phpt — the Laravel and
# Symfony fixtures pointed at real MariaDB, PostgreSQL and Redis servers through .env, evaluated with
# no flags, every write route judged by reading each server with its own client — in eight passes:
#   host           the machine as it is (the child's own network namespace and view), cold and warm
#                  (one Evaluator, ALTAIR_EVAL_TEST_WARM=1);
#   host network   the same with the network on (ALTAIR_EVAL_TEST_NETWORK=1: allowNetwork, --network,
#                  allow_network): the databases are still reached only through the relay;
#   container      under tests/containers/container.c (Docker's default seccomp rules: no network,
#                  IPC or mount namespace for the child), as root, and as uid 65534 (as Sail and DDEV
#                  run PHP), cold and warm.
# The cold passes with the network on and in a container as root run the write routes, each
# server's guard and the front-ends (write_routes): the rest takes there the path uid 65534's cold
# child takes (the host answers its connect()), and the whole suite keeps within CI's budget.
# The host passes and the container passes run side by side, each lane with servers of its own
# (tests/servers/*.sh: free loopback ports, private socket dirs, stopped by pid), so that one lane's
# sessions never show in the other's server checks. Exits non-zero when any test fails or is skipped.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"
cd "$ROOT"
[ -f "$MODULE" ] || { echo "databases: no $MODULE; build it first (scripts/build)" >&2; exit 1; }
apt_install "php$(php_version)-mysql" "php$(php_version)-pgsql" "php$(php_version)-redis"
command -v cc >/dev/null || apt_install build-essential
"$ROOT/scripts/fixtures"

work=$(mktemp -d /tmp/altair-eval-databases.XXXXXX)
chmod 755 "$work"
# Every lane's servers, found by their dirs ($work/<server>@<lane>): the lanes start them in
# subshells of their own, whose variables this trap never sees.
stop() {
  local dir name
  for dir in "$work"/*@*; do
    [ -d "$dir" ] || continue
    name=$(basename "$dir")
    "$ROOT/tests/servers/${name%%@*}.sh" stop "$dir" >/dev/null 2>&1 || true
  done
  rm -rf "$work"
}
trap stop EXIT
cc -O1 -Wall -Wextra -Werror -o "$work/container" tests/containers/container.c
# bin/altair as uid 65534 (017) reads the checkout's php/vendor when scripts/test-php made one:
# some packages ship files readable by their owner only.
[ -d php/vendor ] && chmod -R a+rX php/vendor

# Copies of the checkout for the container passes (run-tests.php writes beside each test, and the
# host lane runs the same tests at the same time), one an unprivileged user may write in.
copy_checkout() {
  mkdir -p "$1/home"
  git ls-files -z | xargs -0 cp --parents -t "$1"
  cp -r run-tests.php modules "$1/"
}
privileged="$work/privileged"
unprivileged="$work/unprivileged"
copy_checkout "$privileged"
copy_checkout "$unprivileged"
chown -R 65534:65534 "$unprivileged"
# 017 and 018 run their own containers (a DNS server on port 53, container.c --bind, kernels
# without a feature): once, from the host's cold pass.
# 019 and 020 (the relay's bounds, a statement ended on the server at the timeout: about 37 s
# together, for what the relay does whatever the environment): once per lane (the host's cold pass,
# uid 65534's cold pass in the container), so that the whole suite keeps within CI's budget.
all_tests=(tests/databases)
mapfile -t in_any_pass < <(cd tests/databases && ls ./*.phpt | grep -vE '^\./01[78]\.phpt$' | sed 's|^\./|tests/databases/|')
mapfile -t in_later_passes < <(printf '%s\n' "${in_any_pass[@]}" | grep -vE '/0(19|20)\.phpt$')
# A cold child with the network on, and one in a container as root: every write route, each
# server's guard, and the front-ends (the rest takes the path uid 65534's cold child takes).
write_routes=(tests/databases/00{1,2,3,4,5,6,9}.phpt tests/databases/0{12,21,22}.phpt)

# lane NAME: its servers, their addresses in the environment it runs with.
lane_servers() {
  local lane=$1
  for server in mariadb postgres redis; do
    say "databases ($lane): starting $server"
    "$ROOT/tests/servers/$server.sh" start "$work/$server@$lane" >"$work/$lane.$server.env"
    chmod 755 "$work/$server@$lane"
  done
}

# pass LANE LABEL DIR TESTS PREFIX... : one run of TESTS (a name of an array above) from DIR (the
# checkout or a copy), under PREFIX (env settings, and the container), with the lane's servers; its
# status in $work/LABEL.status.
pass() {
  local lane=$1 label=$2 dir=$3
  local -n tests=$4
  shift 4
  local log="$work/$label.log"
  (
    set -a
    for server in mariadb postgres redis; do eval "$(cat "$work/$lane.$server.env")"; done
    set +a
    cd "$dir"
    "$@" php run-tests.php -q -p "$(command -v php)" -d "extension=$dir/modules/altair_eval.so" \
      -d "pdo_mysql.default_socket=$ALTAIR_MYSQL_SOCKET" -d "mysqli.default_socket=$ALTAIR_MYSQL_SOCKET" \
      --show-diff --show-slow 10000 "${tests[@]}" >"$log" 2>&1
  ) || true
  local status=0
  grep -qE "^Tests passed +: +[1-9]" "$log" || status=1
  grep -qE "^Tests (failed|skipped) +: +[1-9]" "$log" && status=1
  echo "$status" >"$work/$label.status"
}

host_lane() {
  lane_servers host
  local quiet=(env NO_INTERACTION=1 REPORT_EXIT_STATUS=1)
  pass host host-cold "$ROOT" all_tests "${quiet[@]}" ALTAIR_EVAL_TEST_WARM=0
  pass host host-warm "$ROOT" in_later_passes "${quiet[@]}" ALTAIR_EVAL_TEST_WARM=1
  pass host host-network-cold "$ROOT" write_routes "${quiet[@]}" ALTAIR_EVAL_TEST_NETWORK=1 ALTAIR_EVAL_TEST_WARM=0
  pass host host-network-warm "$ROOT" in_later_passes "${quiet[@]}" ALTAIR_EVAL_TEST_NETWORK=1 ALTAIR_EVAL_TEST_WARM=1
}

container_lane() {
  lane_servers container
  local quiet=(env NO_INTERACTION=1 REPORT_EXIT_STATUS=1)
  local nobody=(ALTAIR_TEST_APPS_VENDOR=symlink HOME="$unprivileged/home" TMPDIR=/tmp "$work/container" --user=65534)
  pass container container-cold "$privileged" write_routes "${quiet[@]}" ALTAIR_EVAL_TEST_WARM=0 "$work/container"
  pass container container-warm "$privileged" in_later_passes "${quiet[@]}" ALTAIR_EVAL_TEST_WARM=1 "$work/container"
  pass container container-65534-cold "$unprivileged" in_any_pass "${quiet[@]}" ALTAIR_EVAL_TEST_WARM=0 "${nobody[@]}"
  pass container container-65534-warm "$unprivileged" in_later_passes "${quiet[@]}" ALTAIR_EVAL_TEST_WARM=1 "${nobody[@]}"
}

if [ "$(id -u)" != 0 ]; then
  echo "databases: the container passes need root (container.c drops to uid 65534); run as root" >&2
  exit 1
fi
# ALTAIR_DB_LANES (default both): the lanes to run, e.g. "container" while working on one.
lanes=${ALTAIR_DB_LANES:-host container}
host=
container=
[[ " $lanes " == *" host "* ]] && { host_lane & host=$!; }
[[ " $lanes " == *" container "* ]] && { container_lane & container=$!; }
[ -n "$host" ] && { wait "$host" || true; }
[ -n "$container" ] && { wait "$container" || true; }

status=0
labels=()
[ -n "$host" ] && labels+=(host-cold host-warm host-network-cold host-network-warm)
[ -n "$container" ] && labels+=(container-cold container-warm container-65534-cold container-65534-warm)
[ "${#labels[@]}" -gt 0 ] || { echo "databases: no lane in ALTAIR_DB_LANES=$lanes (host, container)" >&2; exit 1; }
for label in "${labels[@]}"; do
  log="$work/$label.log"
  say "phpt: tests/databases ($label)"
  if [ ! -f "$log" ]; then
    echo "databases: the $label pass did not run" >&2
    status=1
    continue
  fi
  grep -E "^(FAIL|SKIP|BORK|LEAK)|^Tests (passed|failed|skipped)|^(---|\+\+\+|[0-9]{3}[+-])|\.phpt\]$" "$log" >&2 || true
  # The names of the failed tests (run-tests.php lists them in its closing summary).
  awk '/^SLOW TEST SUMMARY/ {print "tests over 10 s:"} /^(FAILED|LEAKED|BORKED|SLOW) TEST SUMMARY/ {on = 1; next} /^=+$/ {on = 0} on && !/^-+$/' "$log" >&2 || true
  [ "$(cat "$work/$label.status" 2>/dev/null || echo 1)" = 0 ] || status=1
done
# What a failed test printed against what it expected (run-tests leaves <test>.diff beside it).
for diff in tests/databases/*.diff "$privileged"/tests/databases/*.diff "$unprivileged"/tests/databases/*.diff; do
  [ -f "$diff" ] && { echo "== $diff"; cat "$diff"; } >&2
done
exit "$status"
