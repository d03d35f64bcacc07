# Shared by scripts/build, scripts/test and .ci/run: install what is missing, say what is done.
# shellcheck shell=bash

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MODULE="$ROOT/modules/altair_eval.so"

# Each line says how long the whole run has taken so far (CI's budget is the whole suite's).
: "${ALTAIR_TEST_STARTED:=$(date +%s)}"
export ALTAIR_TEST_STARTED
say() { printf '\033[1m==> %s\033[0m (%ss)\n' "$*" "$(($(date +%s) - ALTAIR_TEST_STARTED))" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

APT_UPDATED=
# apt_install PACKAGE... : installs the Debian packages that are not installed yet.
apt_install() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ -z "$APT_UPDATED" ]; then
    say "apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq
    APT_UPDATED=1
  fi
  say "apt-get install ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
}

php_version() { php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;'; }
