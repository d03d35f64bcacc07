--TEST--
Databases: the booted template serves every way an app reaches its database (TCP, a socket, localhost), and PostgreSQL's default socket paths of localhost lead to the relay in a booted worker too
--DESCRIPTION--
A booted template's workers cannot mount (its Landlock), so the template's own view holds the relay's
socket listeners, which the host keeps per template and lends each evaluation's relay for that
evaluation's worker only (runner/warm.c, runner/relay.c). Here, through one warm Evaluator: MySQL at
127.0.0.1, PostgreSQL at localhost (TCP for libpq) and MySQL by its DB_SOCKET are all served booted
(sandbox.booted_template), read-only enforced by the server (a write refused, the server unchanged
as its own client reads it). For PostgreSQL's localhost the relay also takes the driver's default
socket paths: a snippet's own PDO that names no TCP host (/var/run/postgresql, /tmp) lands on the
relay, a connection of this evaluation, though no server socket exists at those paths on the host.
The Evaluator here is warm whatever ALTAIR_EVAL_TEST_WARM says, so the test holds in both passes.
--EXTENSIONS--
altair_eval
pdo_mysql
pdo_pgsql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql', 'pgsql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$evaluator = new Altair\Eval\Evaluator(warm: true);
$port = altair_db_server('pgsql')['port'];
$mysql = altair_db_laravel('db011-mysql-tcp', ['mysql' => 'tcp']);
$pgsql = altair_db_laravel('db011-pgsql-localhost', ['pgsql' => 'tcp']);
file_put_contents("$pgsql/.env", preg_replace('/^DB_HOST=.*$/m', 'DB_HOST=localhost', file_get_contents("$pgsql/.env")));
$socket = altair_db_laravel('db011-mysql-socket', ['mysql' => 'socket']);
$defaults = sprintf('$n = []; foreach (["/var/run/postgresql", "/tmp"] as $dir) { $n[] = (int) (new PDO("pgsql:host=$dir;port=%d;dbname=app", "app", "secret"))->query("SELECT COUNT(*) FROM users")->fetchColumn(); } return $n;', $port);
foreach (['mysql tcp' => [$mysql, 'mysql', 'return User::count();'], 'pgsql localhost' => [$pgsql, 'pgsql', 'return [User::count(), ...(function () { ' . $defaults . ' })()];'],
    'mysql socket' => [$socket, 'mysql', 'return User::count();']] as $label => [$root, $server, $snippet]) {
    $before = altair_db_fingerprint($server);
    $read = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: $snippet, projectRoot: $root, timeoutMs: 20000));
    $write = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: 'return User::query()->where("id", 3)->delete();', projectRoot: $root, timeoutMs: 20000));
    $entry = array_values(array_filter($read->sandbox['databases'], fn ($d) => $d['protocol'] === $server))[0] ?? [];
    echo "$label: read ", json_encode(altair_db_decode($read->result) ?? $read->exception['message'] ?? null),
        ", {$entry['mode']} through {$entry['reached_through']} ({$entry['connections']} connections), booted ", json_encode($read->sandbox['booted_template']),
        ", unavailable ", json_encode(altair_db_unavailable($read->sandbox)), ", note ", json_encode($entry['note']),
        "\n  write ", explode(' (', altair_db_refused($write))[0], altair_db_fingerprint($server) === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
}
$evaluator->close();
?>
--EXPECT--
mysql tcp: read 3, read-only through relay (1 connections), booted true, unavailable [], note null
  write refused, server unchanged
pgsql localhost: read [3,3,3], read-only through relay (3 connections), booted true, unavailable [], note null
  write refused, server unchanged
mysql socket: read 3, read-only through relay (1 connections), booted true, unavailable [], note null
  write refused, server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db011-');
?>
