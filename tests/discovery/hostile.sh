# Sourced by tests/discovery/run.sh: hostile projects, made under $work at run time. Each guard is
# shown to matter by a control that reads the same content when it is an ordinary file.
[[ -n "$filter" && "hostile" != *"$filter"* ]] && return 0
hostile=$work/hostile
mkdir -p "$hostile/outside"
mysql_found='{"protocol":"mysql","host":"10.9.9.9","port":0,"socket":"","tls":false,"declared_by":".env: DB_CONNECTION, DB_HOST"}'
printf 'DB_CONNECTION=mysql\nDB_HOST=10.9.9.9\n' >"$hostile/outside/env"
: >"$work/nothing"
printf '%s\n' "$mysql_found" >"$work/mysql-found"

# new_project NAME: an empty Laravel project (artisan, no config: Laravel's variable names).
new_project() {
	rm -rf "${hostile:?}/$1"
	mkdir -p "$hostile/$1"
	touch "$hostile/$1/artisan"
	echo "$hostile/$1"
}

# .env as a link out of the root: refused; the same bytes as a file: read.
p=$(new_project env-link)
cp "$hostile/outside/env" "$p/.env"
check "hostile: control, .env as a file" "$work/mysql-found" "$work/driver" "$p"
rm "$p/.env" && ln -s ../outside/env "$p/.env"
check "hostile: .env a link out of the root" "$work/nothing" "$work/driver" "$p"

# A linked directory on the way (config/ → outside): config/database.php is not read.
p=$(new_project dir-link)
mkdir -p "$hostile/outside/config"
printf "<?php return ['default' => 'pgsql', 'connections' => ['pgsql' => ['driver' => 'pgsql', 'host' => '10.8.8.8']]];\n" \
	>"$hostile/outside/config/database.php"
cp -r "$hostile/outside/config" "$p/config"
printf '%s\n' '{"protocol":"pgsql","host":"10.8.8.8","port":0,"socket":"","tls":false,"declared_by":"config/database.php: default, host"}' \
	>"$work/pgsql-found"
check "hostile: control, config/ as a directory" "$work/pgsql-found" "$work/driver" "$p"
rm -r "$p/config" && ln -s ../outside/config "$p/config"
check "hostile: config/ a link out of the root" "$work/nothing" "$work/driver" "$p"

# A linked config cache does not replace .env.
p=$(new_project cache-link)
cp "$hostile/outside/env" "$p/.env"
mkdir -p "$p/bootstrap/cache"
printf "<?php return array ('database' => array ('default' => 'pgsql', 'connections' => array ('pgsql' => array ('driver' => 'pgsql', 'host' => '10.8.8.8'))));\n" \
	>"$hostile/outside/config.php"
ln -s ../../../outside/config.php "$p/bootstrap/cache/config.php"
check "hostile: a linked config cache is not read" "$work/mysql-found" "$work/driver" "$p"

# Over the size cap (4 MiB): not read at all, not even its first lines.
p=$(new_project huge)
{ cat "$hostile/outside/env"; head -c $((4 * 1024 * 1024)) /dev/zero | tr '\0' '#'; echo; } >"$p/.env"
check "hostile: .env over the size cap" "$work/nothing" "$work/driver" "$p"
truncate -s $((4 * 1024 * 1024)) "$p/.env"
check "hostile: control, .env at the size cap" "$work/mysql-found" "$work/driver" "$p"

# A FIFO is no regular file: refused at once, never waited on (timeout: a hang fails the case).
p=$(new_project fifo)
mkfifo "$p/.env"
check "hostile: .env a FIFO" "$work/nothing" timeout 60 "$work/driver" "$p"

# Binary bytes, NULs, unterminated quotes, names that are no names: skipped line by line.
p=$(new_project binary)
{
	printf 'DB_HOST=\000evil\n\377\376\375=junk\nDB_PORT="3307\n'
	printf 'export\nexport =x\n=x\nDB_SOCKET=\x27unterminated\n'
	head -c 3000 /dev/zero | tr '\0' '\201'
	printf '\n${A}=b\nDB_CONNECTION=mysql\nDB_HOST=10.9.9.9\n'
} >"$p/.env"
check "hostile: binary bytes in .env" "$work/mysql-found" "$work/driver" "$p"

# APP_ENV that climbs out of the root: .env.<APP_ENV> is not even tried, .env is read.
p=$(new_project app-env-climb)
mkdir -p "$p/.env.prod"
printf 'DB_CONNECTION=pgsql\nDB_HOST=10.7.7.7\n' >"$hostile/leak"
cp "$hostile/outside/env" "$p/.env"
printf '%s\n' '{"protocol":"mysql","host":"10.9.9.9","port":0,"socket":"","tls":false,"declared_by":".env: DB_CONNECTION, DB_HOST"}' >"$work/expected-climb"
check "hostile: APP_ENV climbing out of the root" "$work/expected-climb" "$work/driver" "$p" "APP_ENV=prod/../../leak"

# A root that is no directory, or missing: nothing, no crash.
check "hostile: a missing root" "$work/nothing" "$work/driver" "$hostile/missing"
check "hostile: a root that is a file" "$work/nothing" "$work/driver" "$hostile/leak"

# A config cache nested 100000 deep: read to the depth cap, no stack overflow; nothing declared
# (Laravel would use that cache, so .env is not read instead).
p=$(new_project deep-cache)
cp "$hostile/outside/env" "$p/.env"
mkdir -p "$p/bootstrap/cache"
{ printf '<?php return '; head -c 100000 /dev/zero | tr '\0' '['; } >"$p/bootstrap/cache/config.php"
check "hostile: a config cache nested past the depth cap" "$work/nothing" "$work/driver" "$p"

# .env a directory: not read.
p=$(new_project env-directory)
mkdir "$p/.env"
check "hostile: .env a directory" "$work/nothing" "$work/driver" "$p"
