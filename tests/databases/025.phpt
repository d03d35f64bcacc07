--TEST--
Databases: a registration flow on MariaDB, Laravel and Symfony, in rollback mode completes with its mail, job, event, log line and HTTP call recorded as effects, and the server unchanged; read-only, the write is refused with what came before listed; the API, the CLI and MCP
--DESCRIPTION--
Issue 39 item 4, against a real MariaDB as the apps' own .env points at it, in every pass of
tests/databases/run.sh (the host, the network on, containers as root and as uid 65534; cold and
warm). The flows (tests/apps/fixtures: App\Services\Registration, App\Service\Registration) log,
call an HTTP API, insert a user, mail, queue a job and dispatch an event. With --writes=rollback the
insert runs in the relay's transaction, rolled back at the end (the server, read with its own client,
is unchanged) and effects lists exactly those five, in order, whatever the network: the app's
transports are recorded in read-only and rollback mode, never sent. Read-only, the insert is
refused and the two effects before it are listed.
--EXTENSIONS--
altair_eval
pdo_mysql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';

$flows = [
    'laravel' => [altair_db_laravel('db025', ['mysql' => 'tcp']), fn () => altair_db_fingerprint('mysql'),
        '$u = app(App\Services\Registration::class)->register("Eve", "eve@example.com", "hunter2"); return [is_int($u->id), $u->verified];'],
    'symfony' => [altair_db_symfony('db025-sf', 'mysql'), fn () => altair_db_client('mysql', 'SELECT COUNT(*) FROM customer') . ' ' . altair_db_client('mysql', 'SELECT COUNT(*) FROM product'),
        '[$id, $verified] = container(App\Service\Registration::class)->register("Eve", "eve@example.com"); return [$id > 0, $verified];'],
];
foreach ($flows as $fixture => [$root, $fingerprint, $register]) {
    $before = $fingerprint();

    $r = altair_db_eval($root, $register, altair_db_rollback());
    echo "$fixture rollback: ", json_encode(altair_db_decode($r->result)), ' ', $r->ok ? 'ok' : json_encode($r->exception['message'] ?? $r->error), ', mode ', $r->sandbox['databases'][0]['mode'] ?? '?', "\n";
    echo '  ', implode("\n  ", altair_effect_lines($r->effects)), "\n";
    echo '  server unchanged: ', $fingerprint() === $before ? 'yes' : 'NO', "\n";

    $r = altair_db_eval($root, $register, ['fakeHttp' => ['POST api.verifier.example/*' => '200:{"valid":true}']]);
    echo "$fixture read-only: ", altair_db_refused($r), "\n";
    echo '  ', implode("\n  ", altair_effect_lines($r->effects)), "\n";

    $cli = altair_cli($root, $register, ['--writes=rollback', '--timeout-ms=20000']);
    echo "$fixture cli: ", $cli['exit'], ' ', json_encode(array_column($cli['result']['effects'] ?? [], 'kind')), "\n";
    [$m] = altair_mcp($root, [['snippet' => $register, 'allow_writes' => 'rollback', 'timeout_ms' => 20000, 'fake_http' => ['POST api.verifier.example/*' => '200:{"valid":true}']]], ['--writes=rollback']);
    echo "$fixture mcp: ", json_encode(altair_db_decode($m['result'] ?? null)), ' ', json_encode(array_column($m['effects'] ?? [], 'kind')), "\n";
    echo '  server unchanged: ', $fingerprint() === $before ? 'yes' : 'NO', "\n";
}
?>
--EXPECTF--
laravel rollback: [true,false] ok, mode rollback
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
  mail to eve@example.com "Welcome, Eve!" App\Mail\WelcomeMail
  job App\Jobs\SendWelcomeSms on database/sms (serialized)
  event App\Events\UserRegistered -> App\Listeners\CountRegistration
  server unchanged: yes
laravel read-only: refused (Illuminate\Database\QueryException)
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 200 (fake)
laravel cli: 0 ["log","http","mail","job","event"]
laravel mcp: [true,true] ["log","http","mail","job","event"]
  server unchanged: yes
symfony rollback: [true,false] ok, mode rollback
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 503
  mail to eve@example.com "Welcome, Eve!" Symfony\Component\Mime\Email
  job App\Message\WelcomeSms on async/- (serialized)
  event App\Event\CustomerRegistered -> App\EventListener\CountRegistration
  server unchanged: yes
symfony read-only: refused (%s)
  log info Registering eve@example.com
  http POST https://api.verifier.example/v1/check -> 200 (fake)
symfony cli: 0 ["log","http","mail","job","event"]
symfony mcp: [true,true] ["log","http","mail","job","event"]
  server unchanged: yes
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db025');
?>
