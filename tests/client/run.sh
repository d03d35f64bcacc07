#!/usr/bin/env bash
# bin/altair's client of the project's server (client/), built with ASAN and UBSAN, against a fake
# server that answers what a real one never would: another protocol, truncated, oversized, nested
# and malformed messages, a failure, a server of another user, a directory others can reach, and a
# fixed set of mutations of a well-formed answer. Each case checks what the client did (printed
# the answer, fell back to the PHP front-end, or reported a failure) and that the sanitizers said
# nothing. Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"
cd "$ROOT"
apt_install build-essential util-linux

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -Wall -Wextra -Werror -std=gnu11 \
  -o "$work/altair-client" client/client.c client/wire.c common/fdio.c
php tests/client/cases.inc "$work/altair-client" "$work"
