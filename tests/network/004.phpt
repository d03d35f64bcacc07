--TEST--
EvalRequest: databases are database URLs or PDO DSNs, normalized at construction (credentials, names and options dropped, but for the TLS mode the relay needs: sslmode); anything else is a ValueError that never echoes the URL
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\EvalRequest;

$r = new EvalRequest('return 1;', '/tmp', databases: [
    'postgres://app:secret@127.0.0.1/app?sslmode=disable',
    'pgsql://db.internal:6543',
    'MariaDB://root@localhost',
    'mysql://[::1]:3307/app',
    'redis://127.0.0.1',
    'rediss://:pw@cache.example:6380/0',
    'mysql+unix:///run/mysqld/mysqld.sock',
]);
echo implode("\n", $r->databases), "\n";
$r = new EvalRequest('return 1;', '/tmp', databases: [
    'mysql:host=127.0.0.1;port=3308;dbname=app',
    'pgsql:host=/var/run/postgresql;port=5433',
    'redis:///tmp/redis.sock',
]);
echo implode("\n", $r->databases), "\n";
var_dump(EvalRequest::MAX_DATABASES);

foreach ([['mongodb://127.0.0.1'], ['mysql://user:hunter2@bad host'], ['mysql://127.0.0.1:0'], ['mysql+unix://relative.sock'], [42],
    array_fill(0, EvalRequest::MAX_DATABASES + 1, 'redis://127.0.0.1')] as $databases) {
    try {
        new EvalRequest('return 1;', '/tmp', databases: $databases);
        echo "accepted\n";
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
pgsql://127.0.0.1:5432?sslmode=disable
pgsql://db.internal:6543
mysql://localhost:3306
mysql://[::1]:3307
redis://127.0.0.1:6379
rediss://cache.example:6380
mysql+unix:///run/mysqld/mysqld.sock
mysql://127.0.0.1:3308
pgsql+unix:///var/run/postgresql/.s.PGSQL.5433
redis+unix:///tmp/redis.sock
int(8)
Altair\Eval\EvalRequest::__construct(): Argument #12 ($databases) must hold database URLs (pgsql://host:port, mysql://…, redis://…, mysql+unix:///path), entry 0 is not one
Altair\Eval\EvalRequest::__construct(): Argument #12 ($databases) must hold database URLs (pgsql://host:port, mysql://…, redis://…, mysql+unix:///path), entry 0 is not one
Altair\Eval\EvalRequest::__construct(): Argument #12 ($databases) must hold database URLs (pgsql://host:port, mysql://…, redis://…, mysql+unix:///path), entry 0 is not one
Altair\Eval\EvalRequest::__construct(): Argument #12 ($databases) must hold database URLs (pgsql://host:port, mysql://…, redis://…, mysql+unix:///path), entry 0 is not one
Altair\Eval\EvalRequest::__construct(): Argument #12 ($databases) must hold strings, int given
Altair\Eval\EvalRequest::__construct(): Argument #12 ($databases) must not have more than 8 entries
