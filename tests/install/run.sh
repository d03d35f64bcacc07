#!/usr/bin/env bash
# The front-ends as a Composer package (docs/install.md): `composer require --dev altair/eval` into
# the Laravel fixture through a path repository gives vendor/bin/altair, which
#  - evaluates in that application, run as `vendor/bin/altair …` and as `php vendor/bin/altair …`,
#    from the application or any other directory, serves it warm (serve --daemon), and serves MCP
#    (initialize, tools/call) under the official TypeScript SDK client
#    (php/tests/e2e/vendor-bin.e2e.test.mjs);
#  - finds the extension in PHP's ini (how PIE and PECL install it) or, installed from this checkout,
#    the module built here, and says in one line, exit 2, what to install when neither is there.
# Three installs of the package: this checkout's php/ (a symlink, as a path repository makes it),
# an export of its files alone (what a release of the package is: no checkout around it), and the
# export inside a checkout whose module was never built. Composer resolves from those repositories
# and the fixture's composer.lock alone (tests/install/lock), Packagist disabled; symfony/console is
# Debian's, in the fixture's vendor/ like Laravel. Exits non-zero on any failure.
set -uo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"
cd "$ROOT"

[ -f "$MODULE" ] || { echo "install: no $MODULE; build it first (scripts/build)" >&2; exit 1; }
"$ROOT/scripts/fixtures" || exit 1
apt_install composer php-symfony-console nodejs
command -v npm >/dev/null || apt_install npm

work=$(mktemp -d)
# stops the server `serve --daemon` started, if it still runs, then removes everything
cleanup() {
  [ -n "${served:-}" ] && XDG_RUNTIME_DIR="$work/run" "$served/vendor/bin/altair" serve --stop >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
export COMPOSER_HOME="$work/composer-home" COMPOSER_NO_INTERACTION=1 COMPOSER_ALLOW_SUPERUSER=1
unset PHPRC
failures=0

# check LABEL COMMAND... : runs it, counts a failure.
check() {
  local label=$1; shift
  if "$@"; then printf 'ok   %s\n' "$label"; else printf 'FAIL %s\n' "$label" >&2; failures=$((failures + 1)); fi
}

# run DIR COMMAND... : sets $out, $err, $rc from COMMAND run in DIR.
run() {
  local dir=$1; shift
  out=$( (cd "$dir" && "$@") 2>"$work/stderr"); rc=$?
  err=$(cat "$work/stderr")
}

# evaluates DIR EXPECTED COMMAND... : COMMAND in DIR prints the human result "✓ int EXPECTED", exit 0.
evaluates() {
  local dir=$1 expected=$2; shift 2
  run "$dir" "$@"
  [ "$rc" = 0 ] && [ "${out%%$'\n'*}" = "✓ int $expected" ] && return 0
  printf '  %s (in %s): exit %s\n  stdout: %s\n  stderr: %s\n' "$*" "$dir" "$rc" "$out" "$err" >&2
  return 1
}

# refuses DIR PATTERN COMMAND... : COMMAND in DIR exits 2, prints nothing on stdout and exactly one
# line on stderr, matching the extended regular expression PATTERN.
refuses() {
  local dir=$1 pattern=$2; shift 2
  run "$dir" "$@"
  [ "$rc" = 2 ] && [ -z "$out" ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && printf '%s' "$err" | grep -Eq -- "$pattern" && return 0
  printf '  %s (in %s): exit %s\n  stdout: %s\n  stderr: %s\n' "$*" "$dir" "$rc" "$out" "$err" >&2
  return 1
}

# console_classes APP PACKAGE : `vendor/bin/altair --version` (the console application) in APP takes
# symfony/console from APP's vendor/ (the application's autoloader) and its own classes from PACKAGE.
console_classes() {
  local app=$1 package=$2 console entry
  run "$app" with_ini php -d "auto_prepend_file=$work/classes.php" vendor/bin/altair --version
  console=$(printf '%s\n' "$err" | sed -n 's/^Symfony\\Component\\Console\\Application //p')
  entry=$(printf '%s\n' "$err" | sed -n 's/^AltairEval\\Frontend\\Cli\\Entry //p')
  [ "$rc:$out" = "0:altair 0.1.0" ] && [ "${console#"$app/vendor/"}" != "$console" ] &&
    [ "$(realpath "$entry")" = "$(realpath "$package")/src/Cli/Entry.php" ] && return 0
  printf '  --version in %s: exit %s\n  stdout: %s\n  stderr: %s\n' "$app" "$rc" "$out" "$err" >&2
  return 1
}

# install APP PACKAGE : a copy of the fixture with altair/eval required from the path repository PACKAGE.
install() {
  local app=$1 package=$2
  cp -a "$work/fixture" "$app"
  (
    cd "$app" &&
      composer config repositories.packagist.org false &&
      composer config repositories.altair "{\"type\": \"path\", \"url\": \"$package\"}" &&
      composer require --dev 'altair/eval:@dev' --no-progress --quiet
  ) || { echo "install: composer require into $app failed" >&2; return 1; }
  # Composer's bin proxy: a PHP file (the bin is PHP for Composer), so `php vendor/bin/altair` runs it too.
  head -n 2 "$app/vendor/bin/altair" | grep -qx '<?php' || { echo "install: $app/vendor/bin/altair is not Composer's PHP proxy" >&2; return 1; }
}

# export DEST : the package's files as a release has them (tracked and new files of php/, nothing ignored).
export_package() {
  mkdir -p "$1"
  git ls-files -z --cached --others --exclude-standard php | xargs -0 -I{} cp --parents {} "$1/"
}

say "composer validate --strict php/composer.json"
check "php/composer.json is valid, strictly" composer validate --strict --no-check-publish php/composer.json

say "the Laravel fixture, with the composer.lock of its vendor/"
"$ROOT/scripts/fixtures" laravel "$work/fixture" >/dev/null || exit 1
"$ROOT/tests/install/lock" "$work/fixture" || exit 1
users=$(php -r '$db = new PDO("sqlite:" . $argv[1]); echo $db->query("SELECT COUNT(*) FROM users")->fetchColumn();' "$work/fixture/database/database.sqlite")
[ "${users:-0}" -gt 0 ] || { echo "install: the fixture's users table is empty" >&2; exit 1; }
count='return App\Models\User::count();'
# PHP's own ini files, less any that loads altair_eval (this machine may have it installed): the
# "not in the ini" cases. with_ini adds the line PIE or PECL leaves.
mkdir "$work/conf.d" "$work/ini"
php -r 'foreach (array_filter(array_map("trim", explode(",", (string) php_ini_scanned_files()))) as $file) {
    if (!preg_match("/^\s*(zend_)?extension\s*=.*altair_eval/m", (string) file_get_contents($file))) { copy($file, $argv[1] . "/" . basename($file)); }
}' "$work/conf.d"
export PHP_INI_SCAN_DIR="$work/conf.d"
cat >"$work/classes.php" <<'PHP'
<?php
register_shutdown_function(static function (): void {
    foreach (['Symfony\Component\Console\Application', 'AltairEval\Frontend\Cli\Entry'] as $class) {
        if (class_exists($class, false)) {
            fwrite(STDERR, $class . ' ' . (new ReflectionClass($class))->getFileName() . "\n");
        }
    }
});
PHP
printf 'extension=%s\n' "$MODULE" >"$work/ini/altair_eval.ini"
with_ini() { PHP_INI_SCAN_DIR="$work/conf.d:$work/ini" "$@"; }
check "PHP's ini does not load altair_eval (php.ini itself may not: the fallback and the refusal are tested without it)" \
  test "$(php -r 'echo extension_loaded("altair_eval") ? "loaded" : "not loaded";')" = "not loaded"

say "installed from this checkout (path repository, symlinked)"
app="$work/checkout-app"
if install "$app" "$ROOT/php"; then
  check "vendor/bin/altair eval: the checkout's module, in the app" evaluates "$app" "$users" vendor/bin/altair eval "$count"
  check "php vendor/bin/altair eval" evaluates "$app" "$users" php vendor/bin/altair eval "$count"
  check "vendor/bin/altair eval from app/Models: the application, not the current directory" \
    evaluates "$app/app/Models" "$users" ../../vendor/bin/altair eval "$count"
  check "php <app>/vendor/bin/altair eval from /" evaluates / "$users" php "$app/vendor/bin/altair" eval "$count"
  check "--project-root still wins" refuses "$app" 'project-root.*/nonexistent' vendor/bin/altair eval --project-root=/nonexistent "$count"
  check "vendor/bin/altair eval, the extension from the ini" evaluates "$app" "$users" with_ini vendor/bin/altair eval "$count"
  check "  … and nothing on stderr (the module was not loaded twice)" test -z "$err"
  check "vendor/bin/altair --version: symfony/console from the app's vendor/, the front-end from this checkout" \
    console_classes "$app" "$ROOT/php"
  say "vendor/bin/altair serve"
  mkdir -m 700 "$work/run"
  serving() { XDG_RUNTIME_DIR="$work/run" "$@"; }
  served=$app
  run "$app" serving vendor/bin/altair serve --daemon
  check "serve --daemon: the application's server starts" test "$rc" = 0
  check "eval from app/ through it" evaluates "$app/app" "$users" serving ../vendor/bin/altair eval "$count"
  run / serving php "$app/vendor/bin/altair" serve --status
  check "serve --status from /: the application's server, which made that evaluation" \
    test "$rc|$(printf '%s\n' "$out" | grep -E "^(project_root|evaluations):")" = "0|project_root: '$app'"$'\n'"evaluations: 1"
  run / serving "$app/vendor/bin/altair" serve --stop
  check "serve --stop from /" test "$rc" = 0
  served=
  say "vendor/bin/altair mcp under the official MCP client"
  if [ ! -d php/tests/e2e/node_modules/@modelcontextprotocol/sdk ]; then
    (cd php/tests/e2e && npm install --no-audit --no-fund --loglevel=error) || failures=$((failures + 1))
  fi
  check "MCP: initialize and tools/call, both ways of starting it; the stateless 2026-07-28 client" \
    env ALTAIR_APP="$app" ALTAIR_APP_USERS="$users" node --test --test-reporter=spec php/tests/e2e/vendor-bin.e2e.test.mjs
else
  failures=$((failures + 1))
fi

say "installed from a release of the package (no checkout around it)"
export_package "$work/release"
app="$work/release-app"
if install "$app" "$work/release/php"; then
  missing='^altair: PHP does not load the altair_eval extension\. Install it with `pie install altair/altair-eval` or `pecl install altair_eval`'
  check "vendor/bin/altair eval without the extension: one line, exit 2" refuses "$app" "$missing" vendor/bin/altair eval "$count"
  check "php vendor/bin/altair mcp without the extension: one line, exit 2" refuses "$app" "$missing" php vendor/bin/altair mcp
  check "vendor/bin/altair eval, the extension from the ini (PIE, PECL)" evaluates "$app" "$users" with_ini vendor/bin/altair eval "$count"
  check "php vendor/bin/altair eval, the extension from the ini" evaluates "$app" "$users" with_ini php vendor/bin/altair eval "$count"
  check "vendor/bin/altair --version: symfony/console from the app's vendor/, the front-end from the release" \
    console_classes "$app" "$work/release/php"
else
  failures=$((failures + 1))
fi

say "installed from a checkout whose module is not built"
mkdir -p "$work/unbuilt"
cp config.m4 php_altair_eval.h "$work/unbuilt/"
cp -a "$work/release/php" "$work/unbuilt/php"
app="$work/unbuilt-app"
if install "$app" "$work/unbuilt/php"; then
  check "vendor/bin/altair eval: one line naming the install and the build, exit 2" \
    refuses "$app" "is not built\..*pie install altair/altair-eval.*cd '$work/unbuilt' && phpize && \./configure --enable-altair-eval && make" \
    vendor/bin/altair eval "$count"
else
  failures=$((failures + 1))
fi

echo "install: $failures failure(s)"
[ "$failures" -eq 0 ]
