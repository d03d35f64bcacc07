dnl config.m4 for extension altair_eval

PHP_ARG_ENABLE([altair-eval],
  [whether to enable altair_eval support],
  [AS_HELP_STRING([--enable-altair-eval], [Enable altair_eval: hardened snippet evaluation])],
  [no])

PHP_ARG_WITH([altair-eval-pg-query],
  [for libpg_query (PostgreSQL's own parser, for the database relay)],
  [AS_HELP_STRING([[--without-altair-eval-pg-query]],
    [altair_eval: build the PostgreSQL relay without libpg_query (Debian: libpg-query-dev); statements are then split and classified by the relay's own lexer (docs/relay.md, "PostgreSQL")])],
  [yes],
  [no])

PHP_ARG_ENABLE([altair-eval-dev],
  [whether to build altair_eval with -Wall -Wextra -Werror],
  [AS_HELP_STRING([--enable-altair-eval-dev], [altair_eval: developer build, warnings are errors])],
  [no],
  [no])

if test "$PHP_ALTAIR_EVAL" != "no"; then
  AC_MSG_CHECKING([for PHP 8.1 or later])
  if test -z "$PHP_VERSION_ID"; then
    PHP_VERSION_ID=`$PHP_CONFIG --vernum`
  fi
  if test "$PHP_VERSION_ID" -lt 80100; then
    AC_MSG_ERROR([altair_eval needs PHP 8.1 or later, found $PHP_VERSION_ID])
  fi
  AC_MSG_RESULT([yes, $PHP_VERSION_ID])

  dnl The kernel interfaces the guest role locks itself down with. Each one that is missing is
  dnl reported at run time in EvalResult::$sandbox; the build never fails for want of one.
  AC_CHECK_HEADERS([sys/prctl.h linux/seccomp.h linux/filter.h linux/audit.h linux/landlock.h sched.h])
  dnl Only to stay quiet under memcheck (see runner/supervise.c); nothing depends on it otherwise.
  AC_CHECK_HEADERS([valgrind/valgrind.h])
  AC_CHECK_FUNCS([posix_spawn_file_actions_addclosefrom_np posix_spawn_file_actions_addchdir_np])
  AC_CHECK_DECLS([SYS_pidfd_open, SYS_landlock_create_ruleset, SYS_seccomp], [], [], [[#include <sys/syscall.h>]])
  AC_CHECK_DECLS([POSIX_SPAWN_SETSID], [], [], [[#include <spawn.h>]])

  if test "$PHP_ALTAIR_EVAL_DEV" != "no"; then
    CFLAGS="$CFLAGS -Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers"
  fi

  dnl The snippet scanner is generated from scanner/snippet_scanner.re by re2c 3.0 or later when it is
  dnl installed; otherwise the committed scanner/snippet_scanner.c is compiled as it is. (php.m4's
  dnl PHP_PROG_RE2C would fail a phpize build without re2c, so this is checked here.)
  AC_CHECK_PROG([ALTAIR_EVAL_RE2C], [re2c], [re2c])
  if test -n "$ALTAIR_EVAL_RE2C"; then
    AC_MSG_CHECKING([for re2c 3.0 or later])
    altair_eval_re2c_major=`$ALTAIR_EVAL_RE2C --version 2>/dev/null | cut -d ' ' -f 2 | cut -d . -f 1`
    if test -n "$altair_eval_re2c_major" && test "$altair_eval_re2c_major" -ge 3 2>/dev/null; then
      AC_MSG_RESULT([yes])
    else
      AC_MSG_RESULT([no, the committed scanner/snippet_scanner.c is used])
      ALTAIR_EVAL_RE2C=
    fi
  fi
  PHP_SUBST(ALTAIR_EVAL_RE2C)

  AC_DEFINE(HAVE_ALTAIR_EVAL, 1, [Whether altair_eval is enabled])

  dnl The PostgreSQL relay splits and classifies statements with the server's own parser
  dnl (relay/pgsql/grammar.c): libpg_query, linked statically with its symbols kept inside the module
  dnl (it carries PostgreSQL's internals, and pg_utf_mblen is libpq's too). Without it the build
  dnl stops, unless --without-altair-eval-pg-query asks for the relay's own lexer instead.
  if test "$PHP_ALTAIR_EVAL_PG_QUERY" != "no"; then
    AC_MSG_CHECKING([for libpg_query.a and pg_query.h])
    altair_eval_pg_query_lib=
    altair_eval_pg_query_multiarch=`$CC -print-multiarch 2>/dev/null`
    for dir in $PHP_ALTAIR_EVAL_PG_QUERY /usr/local /usr; do
      for lib in "$dir/lib/$altair_eval_pg_query_multiarch/libpg_query.a" "$dir/lib/libpg_query.a" "$dir/lib64/libpg_query.a"; do
        if test -z "$altair_eval_pg_query_lib" && test -f "$lib" && test -f "$dir/include/pg_query.h"; then
          altair_eval_pg_query_lib=$lib
          PHP_ADD_INCLUDE($dir/include)
        fi
      done
    done
    if test -z "$altair_eval_pg_query_lib"; then
      AC_MSG_RESULT([no])
      AC_MSG_ERROR([altair_eval's PostgreSQL relay needs libpg_query (PostgreSQL's own parser): install it (Debian: apt-get install libpg-query-dev) or give its prefix with --with-altair-eval-pg-query=DIR; --without-altair-eval-pg-query builds the relay with its own lexer instead])
    fi
    AC_MSG_RESULT([$altair_eval_pg_query_lib])
    ALTAIR_EVAL_SHARED_LIBADD="$ALTAIR_EVAL_SHARED_LIBADD $altair_eval_pg_query_lib -Wl,--exclude-libs,libpg_query.a"
    PHP_SUBST(ALTAIR_EVAL_SHARED_LIBADD)
    AC_DEFINE(HAVE_PG_QUERY, 1, [Whether the PostgreSQL relay reads statements with libpg_query])
  fi

  dnl The database relay speaks TLS to servers with the app's own verification settings, and to a
  dnl child whose driver asks for it with a certificate of its own (relay/tls.c, docs/relay.md "TLS"):
  dnl OpenSSL 1.1.1 or later (Debian: libssl-dev), found as PHP's own openssl extension finds it.
  PHP_SETUP_OPENSSL(ALTAIR_EVAL_SHARED_LIBADD, [], [
    AC_MSG_ERROR([altair_eval's database relay needs OpenSSL (TLS to the servers): install it (Debian: apt-get install libssl-dev)])
  ])
  PHP_SUBST(ALTAIR_EVAL_SHARED_LIBADD)

  PHP_NEW_EXTENSION(altair_eval,
    altair_eval.c \
    common/fdio.c \
    common/display_path.c \
    common/proc_status.c \
    common/clock.c \
    common/remove_tree.c \
    relay/buf.c \
    relay/tls.c \
    relay/tls_cert.c \
    relay/mode.c \
    common/dotenv.c \
    common/php_literal.c \
    common/discovery.c \
    common/discovery_url.c \
    common/discovery_laravel.c \
    common/dns.c \
    relay/pgsql/wire.c \
    relay/pgsql/json.c \
    relay/pgsql/lexer.c \
    relay/pgsql/grammar.c \
    relay/pgsql/sql.c \
    relay/pgsql/session.c \
    relay/pgsql/call.c \
    relay/pgsql/auth.c \
    relay/pgsql/login.c \
    relay/pgsql/query.c \
    relay/pgsql/extended.c \
    relay/pgsql/server.c \
    relay/pgsql/kept.c \
    relay/pgsql/pgsql.c \
    relay/redis/resp.c \
    relay/redis/policy.c \
    relay/redis/report.c \
    relay/redis/redis.c \
    relay/mysql/packet.c \
    relay/mysql/lex.c \
    relay/mysql/classify.c \
    relay/mysql/params.c \
    relay/mysql/session.c \
    relay/mysql/guard.c \
    relay/mysql/reply.c \
    relay/mysql/commands.c \
    relay/mysql/call.c \
    relay/mysql/kept.c \
    relay/mysql/mysql.c \
    runner/request.c \
    runner/result.c \
    runner/evaluator.c \
    runner/argv.c \
    runner/spawn.c \
    runner/supervise.c \
    runner/scratch.c \
    runner/channel.c \
    runner/warm.c \
    runner/packages.c \
    runner/databases.c \
    runner/relay.c \
    runner/relay_tls.c \
    runner/relay_report.c \
    runner/relay_session.c \
    runner/session.c \
    runner/effects.c \
    runner/relay_resolver.c \
    runner/intercept.c \
    runner/intercept_outgoing.c \
    relay/engines.c \
    relay/raw.c \
    guest/guest.c \
    guest/session.c \
    guest/report.c \
    guest/effects.c \
    guest/prelude.c \
    guest/boot/boot.c \
    guest/boot/core.c \
    guest/boot/laravel.c \
    guest/boot/symfony.c \
    guest/boot/aliases.c \
    guest/boot/effects.c \
    guest/boot/effects_laravel.c \
    guest/boot/effects_symfony.c \
    guest/engine.c \
    guest/isolation.c \
    guest/lockdown/policy.c \
    guest/lockdown/lockdown.c \
    guest/lockdown/rlimits.c \
    guest/lockdown/namespaces.c \
    guest/lockdown/view.c \
    guest/lockdown/mount.c \
    guest/lockdown/mount_warm.c \
    guest/lockdown/mount_overlay.c \
    guest/lockdown/landlock.c \
    guest/lockdown/seccomp.c \
    guest/lockdown/booted.c \
    guest/template/template.c \
    guest/template/boot.c \
    guest/template/watch.c \
    guest/template/fresh.c \
    guest/template/deps.c \
    guest/template/prefault.c \
    guest/template/reads.c \
    encoder/value_encoder.c \
    encoder/value_object.c \
    encoder/caster.c \
    encoder/caster_http.c \
    encoder/hook.c \
    encoder/sink_array.c \
    encoder/sink_json.c \
    encoder/utf8.c \
    encoder/exception_encoder.c \
    scanner/snippet_scanner.c \
    scanner/snippet_prepare.c,
    $ext_shared,, -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1)
  PHP_ADD_BUILD_DIR($ext_builddir/common)
  PHP_ADD_BUILD_DIR($ext_builddir/relay)
  PHP_ADD_BUILD_DIR($ext_builddir/relay/mysql)
  PHP_ADD_BUILD_DIR($ext_builddir/relay/pgsql)
  PHP_ADD_BUILD_DIR($ext_builddir/relay/redis)
  PHP_ADD_BUILD_DIR($ext_builddir/runner)
  PHP_ADD_BUILD_DIR($ext_builddir/guest)
  PHP_ADD_BUILD_DIR($ext_builddir/guest/lockdown)
  PHP_ADD_BUILD_DIR($ext_builddir/guest/template)
  PHP_ADD_BUILD_DIR($ext_builddir/guest/boot)
  PHP_ADD_BUILD_DIR($ext_builddir/encoder)
  PHP_ADD_BUILD_DIR($ext_builddir/scanner)
  PHP_ADD_MAKEFILE_FRAGMENT([$ext_srcdir/scanner/Makefile.frag])
fi
