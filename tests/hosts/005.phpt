--TEST--
EvalRequest: allowEndpoints, env and envAllow are validated strictly and stored normalized
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\EvalRequest;
$root = altair_test_root('h005');

$r = new EvalRequest('return 1;', $root, allowEndpoints: ['127.0.0.1:5432', 'DB.Internal:0080', 'tcp://[::1]:6379', 'unix:///run/postgresql/.s.PGSQL.5432', 'unix:/tmp/redis.sock']);
var_dump($r->allowEndpoints, $r->env, $r->envAllow, EvalRequest::ENV_INHERIT, EvalRequest::ENV_CLEAN, EvalRequest::MAX_ALLOW_ENDPOINTS);
$r = new EvalRequest('return 1;', $root, env: 'clean', envAllow: ['PATH', 'DATABASE_URL', '_X1']);
var_dump($r->env, $r->envAllow);

$cases = [
    ['127.0.0.1:0'], ['127.0.0.1:65536'], ['127.0.0.1'], [':5432'], ['[::1]5432'], ['[]:1'], ['db:54x'],
    ['db host:1'], ['db,x:1'], ['unix:relative.sock'], ['unix:/a,b'], ['unix:/' . str_repeat('x', 200)], [5432],
];
foreach ($cases as $endpoints) {
    try { new EvalRequest('return 1;', $root, allowEndpoints: $endpoints); echo "accepted\n"; }
    catch (ValueError $e) { echo $e->getMessage(), "\n"; }
}
foreach ([fn () => new EvalRequest('return 1;', $root, allowEndpoints: array_fill(0, 17, 'db:1')),
          fn () => new EvalRequest('return 1;', $root, env: 'none'),
          fn () => new EvalRequest('return 1;', $root, env: 'clean', envAllow: ['1X']),
          fn () => new EvalRequest('return 1;', $root, env: 'clean', envAllow: ['A=B']),
          fn () => new EvalRequest('return 1;', $root, env: 'clean', envAllow: [['PATH']])] as $case) {
    try { $case(); echo "accepted\n"; } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
}
?>
--EXPECTF--
array(5) {
  [0]=>
  string(14) "127.0.0.1:5432"
  [1]=>
  string(14) "db.internal:80"
  [2]=>
  string(10) "[::1]:6379"
  [3]=>
  string(34) "unix:/run/postgresql/.s.PGSQL.5432"
  [4]=>
  string(20) "unix:/tmp/redis.sock"
}
string(7) "inherit"
array(0) {
}
string(7) "inherit"
string(5) "clean"
int(16)
string(5) "clean"
array(3) {
  [0]=>
  string(4) "PATH"
  [1]=>
  string(12) "DATABASE_URL"
  [2]=>
  string(3) "_X1"
}
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "127.0.0.1:0" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "127.0.0.1:65536" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "127.0.0.1" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, ":5432" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "[::1]5432" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "[]:1" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "db:54x" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "db host:1" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "db,x:1" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "unix:relative.sock" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "unix:/a,b" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold "host:port" (port 1-65535) or "unix:/absolute/path" entries, "unix:/%s" is neither
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must hold strings, int given
Altair\Eval\EvalRequest::__construct(): Argument #9 ($allowEndpoints) must not have more than 16 entries
Altair\Eval\EvalRequest::__construct(): Argument #10 ($env) must be "inherit" or "clean", "none" given
Altair\Eval\EvalRequest::__construct(): Argument #11 ($envAllow) must hold variable names ([A-Za-z_][A-Za-z0-9_]*), "1X" is not
Altair\Eval\EvalRequest::__construct(): Argument #11 ($envAllow) must hold variable names ([A-Za-z_][A-Za-z0-9_]*), "A=B" is not
Altair\Eval\EvalRequest::__construct(): Argument #11 ($envAllow) must hold strings, array given
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('h005-');
?>
