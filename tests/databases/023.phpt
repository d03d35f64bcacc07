--TEST--
Databases: TLS to the servers as the app configured it; the child's driver takes the relay's own certificate; a wrong certificate is refused
--DESCRIPTION--
Issue 37 item 1 (docs/relay.md, "TLS"). The servers offer TLS with certificates a CA of the test's
own issued (tests/servers/certs.sh); the Laravel fixture asks for it the way apps do:
  - PostgreSQL: 'sslmode' and 'sslrootcert' from .env, the user app_tls that pg_hba lets in over TLS
    only (hostnossl … reject): a login through the relay is the server's proof that its leg was TLS;
  - MySQL: Laravel's stock PDO::MYSQL_ATTR_SSL_CA (mysqlnd then checks the certificate and its name),
    a user created REQUIRE SSL, and the server's require_secure_transport;
  - Redis: its TLS port, the scheme tls and the CA file in the connection's stream context, the CA
    file inside the project.
The child's driver checks the certificate it is shown against the CA file its configuration names;
in the child's view that file holds its own certificates and the relay's CA (never on the host: the
file there is byte for byte unchanged), and the certificate the child is shown is the relay's. In a
container there is no view: a driver that checks the certificate refuses the relay's, as documented
(sandbox.databases[].tls.note says why); the checks that do not need one hold there too (sslmode=require).
A server certificate for another name (the same CA) is refused by verify-full and taken by
verify-ca; a CA that did not sign it is refused by both; the relay's refusal names why. Read-only and
rollback are judged by the server's own dump, over TLS. Each kept connection is let go before a
certificate changes (relay_keep_ms=0 there), so each check makes a fresh TLS connection.
On the build before this issue every login here was refused ("the relay does not speak TLS to the
server yet").
--EXTENSIONS--
altair_eval
pdo_mysql
pdo_pgsql
redis
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql', 'pgsql', 'redis')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';

$value = fn (Altair\Eval\EvalResult $r) => $r->ok ? altair_db_decode($r->result) : 'FAILED: ' . ($r->exception['message'] ?? $r->error['message'] ?? '?');
$message = fn (Altair\Eval\EvalResult $r) => (string) ($r->exception['message'] ?? $r->error['message'] ?? '');
$tls = fn (Altair\Eval\EvalResult $r, int $i = 0) => $r->sandbox['databases'][$i]['tls'] ?? null;
/* Whether the child had a private view (not in a container): its CA files can hold the relay's CA. */
$view = fn (Altair\Eval\EvalResult $r) => (bool) ($r->sandbox['mountns'] ?? false);
$verdict = fn (bool $holds, string $what, $detail) => $holds ? $what : 'NOT AS DOCUMENTED: ' . json_encode($detail);
$fresh = function (callable $run) {
    ini_set('altair_eval.relay_keep_ms', '0');
    try {
        return $run();
    } finally {
        ini_restore('altair_eval.relay_keep_ms');
    }
};

$pg = altair_db_server('pgsql');
$pgTls = (string) getenv('ALTAIR_PGSQL_TLS');
$pgRoot = function (string $sql) use ($pg): string {
    $command = [getenv('ALTAIR_PGSQL_BIN') . '/psql', '-X', '-q', '-A', '-t', '-h', dirname($pg['socket']), '-p', (string) $pg['port'], '-U', 'postgres', '-d', 'app', '-c', $sql];
    return trim(altair_db_host_run($command, sys_get_temp_dir()));
};
/* The server presents $name.pem from now on (a reload; new connections only). */
$pgCertificate = function (string $name) use ($pgRoot, $pgTls): void {
    $pgRoot("ALTER SYSTEM SET ssl_cert_file = '$pgTls/$name.pem'");
    $pgRoot("ALTER SYSTEM SET ssl_key_file = '$pgTls/$name.key'");
    $pgRoot('SELECT pg_reload_conf()');
    usleep(300000);
};

echo "-- PostgreSQL\n";
$root = altair_db_laravel('db023pg', ['pgsql' => 'tcp']);
$config = (string) file_get_contents("$root/config/database.php");
file_put_contents("$root/config/database.php", str_replace("'sslmode' => 'prefer',",
    "'sslmode' => env('DB_SSLMODE', 'prefer'), 'sslrootcert' => env('DB_SSLROOTCERT'),", $config));
$pgEnv = function (string $lines) use ($root): void {
    $env = preg_replace('/^(DB_SSLMODE|DB_SSLROOTCERT|DB_USERNAME)=.*\n/m', '', (string) file_get_contents("$root/.env"));
    file_put_contents("$root/.env", $env . "DB_USERNAME=app_tls\n" . $lines);
};
$session = 'return [App\Models\User::count(), DB::selectOne("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")->ssl, DB::selectOne("SELECT current_user AS u")->u];';

$pgEnv("DB_SSLMODE=require\n");
$r = altair_db_eval($root, $session);
echo "sslmode=require: ", json_encode($value($r)), "; to the server: ", $tls($r)['to_server'] ?? '?', "; the relay's certificate to the child: ", json_encode($tls($r)['to_child'] ?? null), "\n";
$before = altair_db_fingerprint('pgsql');
echo "a write, read-only: ", altair_db_refused(altair_db_eval($root, 'return DB::insert("INSERT INTO posts (user_id, title) VALUES (1, \'tls\')");')), "\n";
$r = altair_db_eval($root, 'return DB::update("UPDATE users SET name = \'tls\'");', altair_db_rollback());
echo "a write, rollback: ", json_encode($value($r)), " inside; the server's dump unchanged after both: ", altair_db_fingerprint('pgsql') === $before ? 'yes' : 'NO', "\n";

$pgEnv("DB_SSLMODE=verify-full\nDB_SSLROOTCERT=$pgTls/ca.pem\n");
$r = altair_db_eval($root, $session);
echo "verify-full with the app's CA: ", $verdict($view($r) ? $value($r) === [3, true, 'app_tls'] && ($tls($r)['to_server'] ?? '') === 'TLS, the certificate and the server\'s name checked (verify-full)' && ($tls($r)['to_child'] ?? false)
    : !$r->ok && ($tls($r)['note'] ?? null) !== null,
    'logged in, TLS on both legs, the server and the relay each checked (in a container: refused by the child, the result says why)', [$value($r), $tls($r)]), "\n";
echo "  the CA file on the host, after: unchanged: ", substr_count((string) file_get_contents("$pgTls/ca.pem"), 'BEGIN CERTIFICATE') === 1 ? 'yes' : 'NO', "\n";

$pgEnv("DB_SSLMODE=disable\n");
$r = altair_db_eval($root, $session);
echo "sslmode=disable, a user the server lets in over TLS only: ", str_contains($message($r), "requires TLS, which the app's configuration turns off") ? 'refused, and the relay says why' : 'NOT REFUSED: ' . json_encode($value($r)), "\n";

$pgCertificate('wrong');
try {
    $fresh(function () use ($pgEnv, $root, $session, $pgTls, $message, $value, $view, $verdict) {
        $pgEnv("DB_SSLMODE=verify-full\nDB_SSLROOTCERT=$pgTls/ca.pem\n");
        $r = altair_db_eval($root, $session);
        echo "a certificate for another name, verify-full: ", $verdict($view($r) ? str_contains($message($r), 'the relay\'s TLS connection to the server failed: certificate verify failed: IP address mismatch')
            : !$r->ok, 'refused by the relay: the certificate does not name 127.0.0.1 (in a container: by the child)', $message($r)), "\n";
        $pgEnv("DB_SSLMODE=verify-ca\nDB_SSLROOTCERT=$pgTls/ca.pem\n");
        $r = altair_db_eval($root, $session);
        echo "  the same, verify-ca: ", $verdict($view($r) ? $value($r) === [3, true, 'app_tls'] : !$r->ok, 'logged in (the CA signed it; in a container the child refuses the relay)', $value($r)), "\n";
    });
} finally {
    $pgCertificate('server');
}
$fresh(function () use ($pgEnv, $root, $session, $pgTls, $message, $view, $verdict) {
    $pgEnv("DB_SSLMODE=verify-ca\nDB_SSLROOTCERT=$pgTls/other-ca.pem\n");
    $r = altair_db_eval($root, $session);
    echo "a CA that did not sign it, verify-ca: ", $verdict($view($r) ? str_contains($message($r), 'unable to get local issuer certificate') : !$r->ok,
        'refused by the relay (in a container: by the child)', $message($r)), "\n";
});

echo "-- MySQL\n";
$my = altair_db_server('mysql');
$myTls = (string) getenv('ALTAIR_MYSQL_TLS');
$root = altair_db_laravel('db023my', ['mysql' => 'tcp']);
$myEnv = function (string $ca, bool $verify = true) use ($root): void {
    $env = preg_replace('/^(MYSQL_ATTR_SSL_CA|MYSQL_VERIFY)=.*\n/m', '', (string) file_get_contents("$root/.env"));
    file_put_contents("$root/.env", $env . ($ca === '' ? '' : "MYSQL_ATTR_SSL_CA=$ca\n") . ($verify ? '' : "MYSQL_VERIFY=false\n"));
};
$config = (string) file_get_contents("$root/config/database.php");
$config = preg_replace("/'options' => extension_loaded\\('pdo_mysql'\\).*?: \\[\\],/s", "'options' => env('MYSQL_ATTR_SSL_CA') ? [PDO::MYSQL_ATTR_SSL_CA => env('MYSQL_ATTR_SSL_CA'), "
    . "PDO::MYSQL_ATTR_SSL_VERIFY_SERVER_CERT => env('MYSQL_VERIFY', true)] : [],", $config, 1, $replaced);
file_put_contents("$root/config/database.php", $replaced === 1 ? $config : 'the stock options were not found');
$cipher = 'return [App\Models\User::count(), DB::selectOne("SHOW SESSION STATUS LIKE \'Ssl_version\'")->Value !== ""];';
$r = altair_db_eval($root, $cipher);
echo "no CA configured: ", json_encode($value($r)), " (no TLS, as the app asks)\n";
$myEnv("$myTls/ca.pem");
$r = altair_db_eval($root, $cipher);
$viewed = $view($r);
echo "MYSQL_ATTR_SSL_CA: ", $verdict($viewed ? $value($r) === [3, true] && ($tls($r)['to_child'] ?? false) : !$r->ok && ($tls($r)['note'] ?? null) !== null,
    'logged in, the server\'s session in TLS, the relay\'s certificate checked by mysqlnd (in a container: refused by it)', [$value($r), $tls($r)]), "\n";
/* In a container the rest goes with mysqlnd's own check off (MYSQL_ATTR_SSL_VERIFY_SERVER_CERT): the relay still checks the server's. */
$myEnv("$myTls/ca.pem", $viewed);
$before = altair_db_fingerprint('mysql');
echo "a write, read-only: ", altair_db_refused(altair_db_eval($root, 'return DB::delete("DELETE FROM posts");')), "\n";
$r = altair_db_eval($root, 'DB::delete("DELETE FROM posts"); return DB::table("posts")->count();', altair_db_rollback());
echo "a write, rollback: ", json_encode($value($r)), " inside; the server's dump unchanged after both: ", altair_db_fingerprint('mysql') === $before ? 'yes' : 'NO', "\n";
altair_db_root("DROP USER IF EXISTS 'tls23'@'%'");
altair_db_root("CREATE USER 'tls23'@'%' IDENTIFIED BY 'other' REQUIRE SSL; GRANT SELECT ON app.* TO 'tls23'@'%'");
$options = "[PDO::MYSQL_ATTR_SSL_CA => '$myTls/ca.pem', PDO::MYSQL_ATTR_SSL_VERIFY_SERVER_CERT => " . ($viewed ? 'true' : 'false') . ']';
$r = altair_db_eval($root, "return (new PDO('mysql:host=127.0.0.1;port={$my['port']};dbname=app', 'tls23', 'other', $options))->query('SELECT CURRENT_USER()')->fetchColumn();");
echo "a user created REQUIRE SSL: ", json_encode($value($r)), "\n";
altair_db_root("DROP USER IF EXISTS 'tls23'@'%'");
altair_db_root('SET GLOBAL require_secure_transport = ON');
try {
    $r = altair_db_eval($root, $cipher);
    echo "require_secure_transport: ", json_encode($value($r)), "\n";
} finally {
    altair_db_root('SET GLOBAL require_secure_transport = OFF');
}
$fresh(function () use ($myEnv, $myTls, $root, $cipher, $message, $view, $verdict) {
    $myEnv("$myTls/other-ca.pem");
    $r = altair_db_eval($root, $cipher);
    echo "a CA that did not sign the server's certificate: ", $verdict($view($r) ? str_contains($message($r), '[2026]') && str_contains($message($r), 'unable to get local issuer certificate')
        : !$r->ok, 'refused by the relay, as mysqlnd says it (2026; in a container: by mysqlnd)', $message($r)), "\n";
});

echo "-- Redis\n";
$rd = altair_db_server('redis');
$rdTls = (string) getenv('ALTAIR_REDIS_TLS');
$rdPort = (int) getenv('ALTAIR_REDIS_TLS_PORT');
$root = altair_db_laravel('db023rd', ['redis' => 'tcp']);
@mkdir("$root/storage/certs", 0755, true);
copy("$rdTls/ca.pem", "$root/storage/certs/redis-ca.pem");
$config = (string) file_get_contents("$root/config/database.php");
file_put_contents("$root/config/database.php", str_replace("'database' => env('REDIS_DB', '0'),",
    "'database' => env('REDIS_DB', '0'), 'scheme' => env('REDIS_SCHEME', 'tcp'), 'context' => ['stream' => ['cafile' => env('REDIS_CA'), 'verify_peer' => env('REDIS_VERIFY', true)]],", $config));
$env = preg_replace('/^REDIS_PORT=.*\n/m', '', (string) file_get_contents("$root/.env"));
file_put_contents("$root/.env", $env . "REDIS_PORT=$rdPort\nREDIS_SCHEME=tls\nREDIS_CA=$root/storage/certs/redis-ca.pem\n");
$keys = 'return Illuminate\Support\Facades\Redis::connection()->client()->rawCommand("GET", "greeting");';
$r = altair_db_eval($root, $keys);
$viewed = $view($r);
echo "tls://, the app's CA: ", $verdict($viewed ? $value($r) === 'hello' && ($tls($r)['to_child'] ?? false)
    && ($tls($r)['to_server'] ?? '') === 'TLS, the certificate and the server\'s name checked (verify-full)' : !$r->ok,
    'a key read over TLS both ways (in a container: refused by the child)', [$value($r), $tls($r)]), "\n";
$r = altair_db_eval($root, 'return array_map(fn ($pem) => openssl_x509_parse($pem)["issuer"]["CN"], preg_split("/(?<=-----END CERTIFICATE-----)\s*/", trim(file_get_contents(base_path("storage/certs/redis-ca.pem"))), -1, PREG_SPLIT_NO_EMPTY));');
$issuers = $value($r);
echo "the app's CA file in the child's view: ", $verdict($viewed ? is_array($issuers) && count($issuers) === 2 && $issuers[0] === 'ca' && str_starts_with((string) $issuers[1], 'altair_eval relay CA')
    : $issuers === ['ca'], 'its own certificate, then the relay\'s CA (in a container: its own only)', $issuers), "; on the host: ",
    substr_count((string) file_get_contents("$root/storage/certs/redis-ca.pem"), 'BEGIN CERTIFICATE') === 1 ? 'unchanged' : 'CHANGED', "\n";
if (!$viewed) {
    /* in a container, PHP's streams' own check off for the rest (verify_peer: the relay's leg is then not checked either, as configured) */
    file_put_contents("$root/.env", file_get_contents("$root/.env") . "REDIS_VERIFY=false\n");
}
$before = altair_db_fingerprint('redis');
echo "a write, read-only: ", altair_db_eval($root, 'return Illuminate\Support\Facades\Redis::connection()->client()->set("tls23", "x");')->ok ? 'NOT REFUSED' : 'refused', "; keys unchanged: ", altair_db_fingerprint('redis') === $before ? 'yes' : 'NO', "\n";
file_put_contents("$root/.env", preg_replace('/^REDIS_VERIFY=.*\n/m', '', (string) file_get_contents("$root/.env")));
altair_db_client('redis', "CONFIG SET tls-cert-file $rdTls/wrong.pem tls-key-file $rdTls/wrong.key");
try {
    $fresh(function () use ($root, $keys, $value, $view, $tls, $verdict) {
        $r = altair_db_eval($root, $keys);
        echo "a certificate for another name: ", $r->ok ? 'NOT REFUSED: ' . json_encode($value($r)) : 'refused', "; ",
            $verdict($view($r) ? str_contains((string) ($tls($r)['failure'] ?? ''), 'mismatch') : ($tls($r)['note'] ?? null) !== null,
                'the result says why (the relay\'s check; in a container the child refuses the relay first)', $tls($r)), "\n";
    });
} finally {
    altair_db_client('redis', "CONFIG SET tls-cert-file $rdTls/server.pem tls-key-file $rdTls/server.key");
}
?>
--EXPECT--
-- PostgreSQL
sslmode=require: [3,true,"app_tls"]; to the server: TLS, the certificate not checked (as the app's configuration says); the relay's certificate to the child: true
a write, read-only: refused (Illuminate\Database\QueryException)
a write, rollback: 3 inside; the server's dump unchanged after both: yes
verify-full with the app's CA: logged in, TLS on both legs, the server and the relay each checked (in a container: refused by the child, the result says why)
  the CA file on the host, after: unchanged: yes
sslmode=disable, a user the server lets in over TLS only: refused, and the relay says why
a certificate for another name, verify-full: refused by the relay: the certificate does not name 127.0.0.1 (in a container: by the child)
  the same, verify-ca: logged in (the CA signed it; in a container the child refuses the relay)
a CA that did not sign it, verify-ca: refused by the relay (in a container: by the child)
-- MySQL
no CA configured: [3,false] (no TLS, as the app asks)
MYSQL_ATTR_SSL_CA: logged in, the server's session in TLS, the relay's certificate checked by mysqlnd (in a container: refused by it)
a write, read-only: refused (Illuminate\Database\QueryException)
a write, rollback: 0 inside; the server's dump unchanged after both: yes
a user created REQUIRE SSL: "tls23@%"
require_secure_transport: [3,true]
a CA that did not sign the server's certificate: refused by the relay, as mysqlnd says it (2026; in a container: by mysqlnd)
-- Redis
tls://, the app's CA: a key read over TLS both ways (in a container: refused by the child)
the app's CA file in the child's view: its own certificate, then the relay's CA (in a container: its own only); on the host: unchanged
a write, read-only: refused; keys unchanged: yes
a certificate for another name: refused; the result says why (the relay's check; in a container the child refuses the relay first)
