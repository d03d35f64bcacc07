#!/bin/sh
# Builds the standalone lockdown driver into a temporary directory and runs it.
#   tests/lockdown/driver/run.sh [case-name-substring]
# Exit status: 0 when every case passed, 1 when one failed, 2 when the driver could not be built.
# To see the degradation path without root:
#   setpriv --reuid=65534 --regid=65534 --clear-groups tests/lockdown/driver/run.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
build=$(mktemp -d "${TMPDIR:-/tmp}/altair-lockdown-driver.XXXXXX") || exit 2
trap 'rm -rf "$build"' EXIT INT TERM
${CC:-cc} -Wall -Wextra -Werror -I"$top" -I"$top/guest" \
	"$top"/guest/lockdown/*.c "$here/lockdown_driver.c" -o "$build/lockdown_driver" || exit 2
# The same lockdown built as if for an architecture without a seccomp filter: it must say so
# (that build runs one case; the others go unused).
${CC:-cc} -Wall -Wextra -Werror -Wno-unused-function -DALTAIR_EVAL_LOCKDOWN_FOREIGN_ARCH -I"$top" -I"$top/guest" \
	"$top"/guest/lockdown/*.c "$here/lockdown_driver.c" -o "$build/lockdown_driver_foreign_arch" || exit 2
status=0
"$build/lockdown_driver" "$@" || status=1
"$build/lockdown_driver_foreign_arch" "$@" || status=1
exit $status
