#!/bin/sh
# bin/altair.sh, what `bin/altair` runs (its first line has sh read this file, $0 unchanged): starts
# PHP once for bin/altair.php, adding -d extension=<checkout>/modules/altair_eval.so only when PHP's
# ini does not load the extension already (pecl or a distribution package). Knowing that costs a PHP
# start-up, so the answer is cached (php/src/Cli/LauncherCache.php writes it) and trusted while no
# file it depends on is newer than the cache; without an answer, PHP starts without the module and
# bin/altair.php loads it itself. PHP_BINARY names the php to use. `eval` starts PHP thin: without
# its ini, with the few extensions a client needs (php/src/Cli/ThinStart.php), either to evaluate
# cold itself (the cache holds the full start's settings and names the child's ini, which the child
# loads as it would from a full start), or, without those, only while the project's server runs
# (found through the server's marker), to ask it. While that server runs, `eval` asks it through
# modules/altair-client (client/client.c) without starting PHP at all; the client becomes the thin
# PHP whenever the server does not take the call.
self=$0
while [ -h "$self" ]; do
    link=$(readlink "$self") || break
    case $link in
        /*) self=$link ;;
        *) self=${self%/*}/$link ;;
    esac
done
case $self in
    /*/*) bin=${self%/*} ;;
    */*) bin=$PWD/${self%/*} ;;
    *) bin=$PWD ;;
esac
entry=$bin/altair.php
module=$bin/../modules/altair_eval.so
client=$bin/../modules/altair-client

# Sets $php to where $1 is found as `command -v` finds it (a name with a slash as it is, else the
# first executable file of that name on PATH), without the subshell (a fork) that `$(command -v)`
# costs; false when there is none.
find_php() {
    case $1 in
        */*) [ -f "$1" ] && [ -x "$1" ] && php=$1 && return 0
            return 1 ;;
    esac
    rest=$PATH
    while :; do
        dir=${rest%%:*}
        if [ -f "${dir:-.}/$1" ] && [ -x "${dir:-.}/$1" ]; then
            php=${dir:-.}/$1
            return 0
        fi
        case $rest in
            *:*) rest=${rest#*:} ;;
            *) return 1 ;;
        esac
    done
}

# Reads the cache's altair_cache_* settings, once; false when there is none of this format.
cache_source() {
    [ -z "${cache_sourced:-}" ] || return 0
    [ -n "$cache" ] && [ -r "$cache" ] || return 1
    # The first line says it is a cache of this format before anything in it is run; then the file
    # is sourced, read in one go (sh's `read` takes a byte per system call).
    IFS= read -r magic < "$cache" && [ "$magic" = '# altair-eval launcher 4' ] || return 1
    altair_cache_watched=
    . "$cache" || return 1
    cache_sourced=1
}

# Sets $loads to 1 (the ini loads the extension), 0 (it does not) or nothing (not known), and
# $thin, $ini_module, $tmp_key, $tmp_runtime, $thin_cold from the same answer.
ini_loads_module() {
    loads=
    cache_source || return 0
    [ "${altair_cache_php:-}" = "$php" ] && [ "${altair_cache_rc:-}" = "${PHPRC:-}" ] &&
        [ "${altair_cache_scan:-}" = "${PHP_INI_SCAN_DIR:-}" ] || return 0
    rest=$altair_cache_watched
    while [ -n "$rest" ]; do
        path=${rest%%"$newline"*}
        [ "$path" -nt "$cache" ] && return 0
        case $rest in
            *"$newline"*) rest=${rest#*"$newline"} ;;
            *) rest= ;;
        esac
    done
    thin=${altair_cache_thin:-}
    ini_module=${altair_cache_module:-}
    tmp_key=${altair_cache_tmp_key:-}
    tmp_runtime=${altair_cache_tmp_runtime:-}
    thin_cold=${altair_cache_cold:-}
    loads=${altair_cache_loads:-}
}

# Sets $encoded to $1 with "%" as %25 and "/" as %2F (RuntimeDir::marker()).
encode_path() {
    rest=$1
    encoded=
    while [ -n "$rest" ]; do
        head=${rest%%[%/]*}
        if [ "$head" = "$rest" ]; then
            encoded=$encoded$rest
            break
        fi
        sep=${rest#"$head"}
        rest=${sep#?}
        case $sep in
            /*) encoded=$encoded$head%2F ;;
            *) encoded=$encoded$head%25 ;;
        esac
    done
}

# Whether an `eval` command line takes the lean path (LeanEval::applies()); sets $root (the
# --project-root given, or empty) and $cold_only (an option only a cold evaluation keeps).
lean_eval() {
    [ "${1:-}" = eval ] || return 1
    # what the lean path leaves to the console application
    [ ! -t 1 ] && [ -z "${SHELL_VERBOSITY:-}${FORCE_COLOR:-}${MSYSTEM:-}" ] && [ "${TERM_PROGRAM:-}" != Hyper ] || return 1
    root=
    take=
    cold_only=
    for arg; do
        if [ -n "$take" ]; then
            root=$arg
            take=
            continue
        fi
        case $arg in
            --) break ;;
            --project-root=*) root=${arg#--project-root=} ;;
            --project-root) take=1 ;;
            # cold in the calling process
            --stdin | --unsafe | --env | --env=* | --env-policy | --env-policy=*) cold_only=1 ;;
            --help | --quiet | --silent | --verbose | --version | --ansi | --no-ansi | --no-interaction | -[!-]*) return 1 ;;
        esac
    done
}

# `eval` while the project's server runs: its client (client/client.c, built by scripts/build)
# asks it without a PHP start, before anything else here runs: the cache is read only for where
# the runtime directory is (a stale cache at worst misses the server), its freshness not judged
# and PHP not looked for. Whenever the server does not take the call, the client runs this
# launcher again with $no_client set, which then goes on as below. Returns when it cannot.
client_first() {
    [ -z "${no_client:-}${ALTAIR_EVAL_NO_CLIENT:-}" ] && [ -x "$client" ] && lean_eval "$@" && [ -z "$cold_only" ] || return 0
    if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
        cache_source || return 0
        tmp_key=${altair_cache_tmp_key:-}
        tmp_runtime=${altair_cache_tmp_runtime:-}
    fi
    server_marker || return 0
    exec "$client" "$marker" "$#" "$@" /bin/sh -c 'no_client=1; . "$0.sh"' "$bin/altair" "$@"
}

# `eval`: replaces this shell with a thin PHP when it can; returns otherwise. Only a speed-up: with
# the cold flags ($thin_cold) the thin PHP evaluates as the full one would (the child's ini named,
# the full start's settings given); without them it only asks the server, and starts the full PHP
# again whenever it has more to do. Whatever this guesses wrong costs time, never a different result.
thin_start() {
    [ -n "${thin:-}" ] && lean_eval "$@" || return 0
    case $loads in
        1) thin_module=$ini_module child_extension= ;;
        0) thin_module=$module child_extension=$module ;;
        *) return 0 ;;
    esac
    # only a thin start that evaluates cold itself keeps the cold options
    [ -z "$cold_only" ] || [ -n "${thin_cold:-}" ] || return 0
    server=
    [ -z "$cold_only" ] && server_marker && server=1
    [ -n "$server" ] || [ -n "${thin_cold:-}" ] || return 0
    export ALTAIR_EVAL_THIN="$loads"
    set -f
    IFS='	'
    # The command line after the words given: the thin PHP's (evaluating cold itself when the cache
    # holds the cold flags; $thin and $thin_cold are tab-separated lists of PHP flags).
    count=$#
    # shellcheck disable=SC2086
    set -- "$@" "$php" $thin $thin_cold ${thin_cold:+-d} ${thin_cold:+"altair_eval.child_extension=$child_extension"} \
        -d "extension=$thin_module" "$entry" "$@"
    shift "$count"
    exec "$@"
}

# Sets $marker to the project's server's marker in the runtime directory (RuntimeDir::marker())
# when one is there; false otherwise. $root: the --project-root given, or empty (the current dir).
server_marker() {
    case ${XDG_RUNTIME_DIR:-} in
        /*) [ -d "$XDG_RUNTIME_DIR" ] && runtime=${XDG_RUNTIME_DIR%/}/altair-eval || return 1 ;;
        '') [ "${TMPDIR:-}" = "$tmp_key" ] && runtime=$tmp_runtime || return 1 ;;
        *) return 1 ;;
    esac
    case $root in
        '')
            # the current directory, physically; PWD and OLDPWD are given back as they were
            here=$PWD
            old_set=${OLDPWD+set}
            old=${OLDPWD:-}
            cd -P . 2>/dev/null || return 1
            root=$PWD
            PWD=$here
            if [ -n "$old_set" ]; then OLDPWD=$old; else unset OLDPWD; fi
            ;;
        /*) while [ "$root" != / ] && [ "$root" != "${root%/}" ]; do root=${root%/}; done ;;
        *) return 1 ;;
    esac
    encode_path "$root"
    marker=$runtime/root$encoded
    [ -S "$marker" ]
}

newline='
'
if [ -n "${XDG_CACHE_HOME:-}" ]; then
    cache=$XDG_CACHE_HOME/altair-eval/launcher
elif [ -n "${HOME:-}" ]; then
    cache=$HOME/.cache/altair-eval/launcher
else
    cache=
fi

client_first "$@"
find_php "${PHP_BINARY:-php}" || {
    printf 'altair: cannot find %s; put php on PATH or set PHP_BINARY to its path.\n' "${PHP_BINARY:-php}" >&2
    exit 2
}
loads=1
thin=
thin_cold=
[ -f "$module" ] && ini_loads_module
thin_start "$@"
case $loads in
    1) exec "$php" "$entry" "$@" ;;
    0) exec "$php" -d "extension=$module" "$entry" "$@" ;;
    *)
        export ALTAIR_EVAL_LAUNCHER_CACHE="$cache" ALTAIR_EVAL_LAUNCHER_PHP="$php"
        exec "$php" "$entry" "$@"
        ;;
esac
