--TEST--
Apps: a registration flow on both apps records what it would have sent (mail, job, event, log, HTTP) instead of failing: rollback completes, read-only fails at the write with what came before listed; cold, warm, the CLI and MCP
--DESCRIPTION--
Issue 39 item 4. App\Services\Registration (Laravel) and App\Service\Registration (Symfony) log, call
an HTTP API, store a user, mail it, queue a job and dispatch an event. With --writes=rollback the
flow completes (the SQLite database is a throw-away copy: byte-for-byte unchanged afterwards) and
effects lists exactly those five, in order; the API got the sandbox's 503, or the --fake-http /
fakeHttp / fake_http answer, which the flow then reads. Read-only, the write fails as before and
the log line and the HTTP call before it are listed. Cold and warm (a booted template's workers
each start empty), through bin/altair eval (human and JSON, --no-effects) and bin/altair mcp.
Nothing is left in the project tree.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/apps.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/apps.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$apps = [
    'laravel' => ['database/database.sqlite', '$u = app(App\Services\Registration::class)->register("Eve", "eve@example.com", "hunter2"); return [$u->id, $u->verified];'],
    'symfony' => ['var/data.db', 'return container(App\Service\Registration::class)->register("Eve", "eve@example.com");'],
];
$fake = ['POST api.verifier.example/*' => '200:{"valid":true}'];
foreach ($apps as $fixture => [$database, $register]) {
    $root = altair_test_app($fixture, 'a011');
    $hash = hash_file('sha256', "$root/$database");
    $before = altair_tree($root);
    $request = static fn (array $named = []): EvalRequest => new EvalRequest(...['snippet' => $register, 'projectRoot' => $root, 'timeoutMs' => 20000]
        + $named + (altair_test_network() ? ['allowNetwork' => true] : []));

    foreach (['cold' => new Evaluator(), 'warm' => new Evaluator(warm: true)] as $how => $evaluator) {
        $r = $evaluator->evaluate($request(['allowWrites' => 'rollback']));
        echo "$fixture $how rollback: ", json_encode(array_column($r->result['value'] ?? [], 'value')), ' ', $r->ok ? 'ok' : json_encode($r->exception['message'] ?? $r->error), "\n";
        echo '  ', implode("\n  ", altair_effect_lines($r->effects)), "\n";
        $r = $evaluator->evaluate($request(['allowWrites' => 'rollback', 'fakeHttp' => $fake]));
        echo "$fixture $how rollback with a fake answer: ", json_encode(array_column($r->result['value'] ?? [], 'value')), ' ', altair_effect_lines($r->effects)[1] ?? '?', "\n";
        for ($i = 1; $i <= 2; $i++) {
            $r = $evaluator->evaluate($request());
            echo "$fixture $how read-only ($i): ", str_contains((string) ($r->exception['message'] ?? ''), 'readonly') ? 'the write failed' : 'NOT REFUSED ' . json_encode($r->result ?? $r->exception), "\n";
            echo '  ', implode("\n  ", altair_effect_lines($r->effects)), "\n";
        }
        $evaluator->close();
    }

    $r = altair_cli($root, $register, ['--writes=rollback', '--timeout-ms=20000', '--fake-http', 'POST api.verifier.example/*=200:{"valid":true}']);
    echo "$fixture cli: ", $r['exit'], ' ', count($r['result']['effects'] ?? []), ' effects, ', altair_effect_lines($r['result']['effects'] ?? [])[1] ?? '?', "\n";
    foreach ([[], ['--no-effects']] as $flags) {
        $process = proc_open([ALTAIR_TEST_BIN, 'eval', '--project-root=' . $root, '--writes=rollback', '--timeout-ms=20000', ...altair_bin_network([]), ...$flags, '--', $register],
            [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $root, altair_bin_env());
        $human = stream_get_contents($pipes[1]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        proc_close($process);
        preg_match('/^effects: .*(?:\n  .*)*/m', $human, $block);
        echo "$fixture human", $flags ? ' --no-effects' : '', ":\n", $block ? preg_replace('/\(\d+ bytes\)/', '(N bytes)', $block[0]) . "\n" : "(no effects listed)\n";
    }
    [$m] = altair_mcp($root, [['snippet' => $register, 'allow_writes' => 'rollback', 'timeout_ms' => 20000, 'fake_http' => $fake]], ['--writes=rollback']);
    echo "$fixture mcp: ", json_encode(array_column($m['result']['value'] ?? [], 'value')), ' ', implode('; ', altair_effect_lines($m['effects'] ?? [])), "\n";

    echo "$fixture database unchanged: ", json_encode(hash_file('sha256', "$root/$database") === $hash), "\n";
    echo "$fixture tree: ", json_encode(altair_tree_diff($before, altair_tree($root))), "\n";
    altair_test_remove($root);
}
?>
--EXPECT--
laravel cold rollback: [4,false] ok
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
  mail to eve@example.com "Welcome, Eve!" App\Mail\WelcomeMail
  job App\Jobs\SendWelcomeSms on database/sms (serialized)
  event App\Events\UserRegistered -> App\Listeners\CountRegistration
laravel cold rollback with a fake answer: [4,true] http POST https://api.verifier.example/v1/check -> 200 (fake)
laravel cold read-only (1): the write failed
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
laravel cold read-only (2): the write failed
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
laravel warm rollback: [4,false] ok
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
  mail to eve@example.com "Welcome, Eve!" App\Mail\WelcomeMail
  job App\Jobs\SendWelcomeSms on database/sms (serialized)
  event App\Events\UserRegistered -> App\Listeners\CountRegistration
laravel warm rollback with a fake answer: [4,true] http POST https://api.verifier.example/v1/check -> 200 (fake)
laravel warm read-only (1): the write failed
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
laravel warm read-only (2): the write failed
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
laravel cli: 0 5 effects, http POST https://api.verifier.example/v1/check -> 200 (fake)
laravel human:
effects: 5 (recorded, not sent)
  log      info  Registering eve@example.com  (single)
  http     POST https://api.verifier.example/v1/check → 503 (the sandbox's answer)
  mail     to eve@example.com  "Welcome, Eve!"  App\Mail\WelcomeMail
  job      App\Jobs\SendWelcomeSms  on database, queue sms  (N bytes)
  event    App\Events\UserRegistered → App\Listeners\CountRegistration
laravel human --no-effects:
(no effects listed)
laravel mcp: [4,true] log info Registering eve@example.com; http POST https://api.verifier.example/v1/check -> 200 (fake); mail to eve@example.com "Welcome, Eve!" App\Mail\WelcomeMail; job App\Jobs\SendWelcomeSms on database/sms (serialized); event App\Events\UserRegistered -> App\Listeners\CountRegistration
laravel database unchanged: true
laravel tree: []
symfony cold rollback: [1,false] ok
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
  mail to eve@example.com "Welcome, Eve!" Symfony\Component\Mime\Email
  job App\Message\WelcomeSms on async/- (serialized)
  event App\Event\CustomerRegistered -> App\EventListener\CountRegistration
symfony cold rollback with a fake answer: [1,true] http POST https://api.verifier.example/v1/check -> 200 (fake)
symfony cold read-only (1): the write failed
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
symfony cold read-only (2): the write failed
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
symfony warm rollback: [1,false] ok
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
  mail to eve@example.com "Welcome, Eve!" Symfony\Component\Mime\Email
  job App\Message\WelcomeSms on async/- (serialized)
  event App\Event\CustomerRegistered -> App\EventListener\CountRegistration
symfony warm rollback with a fake answer: [1,true] http POST https://api.verifier.example/v1/check -> 200 (fake)
symfony warm read-only (1): the write failed
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
symfony warm read-only (2): the write failed
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
symfony cli: 0 5 effects, http POST https://api.verifier.example/v1/check -> 200 (fake)
symfony human:
effects: 5 (recorded, not sent)
  log      info  Registering eve@example.com  (app)
  http     POST https://api.verifier.example/v1/check → 503 (the sandbox's answer)
  mail     to eve@example.com  "Welcome, Eve!"  Symfony\Component\Mime\Email
  job      App\Message\WelcomeSms  on async  (N bytes)
  event    App\Event\CustomerRegistered → App\EventListener\CountRegistration
symfony human --no-effects:
(no effects listed)
symfony mcp: [1,true] log info Registering eve@example.com; http POST https://api.verifier.example/v1/check -> 200 (fake); mail to eve@example.com "Welcome, Eve!" Symfony\Component\Mime\Email; job App\Message\WelcomeSms on async/- (serialized); event App\Event\CustomerRegistered -> App\EventListener\CountRegistration
symfony database unchanged: true
symfony tree: []
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a011');
?>
