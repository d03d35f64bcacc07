--TEST--
Apps: every Laravel transport the sandbox records — mailers, notification channels, queues (sync runs its job), app events as dispatched, Http::, the container's Guzzle clients, log channels — and what it does not: a Guzzle client built with new; with --writes nothing is recorded
--DESCRIPTION--
Issue 39 item 1, on the Laravel 8 fixture (SwiftMailer), in rollback mode: Mail::raw and another
mailer, a notification's slack channel cancelled and listed (its mail channel mailed), a job pushed
to the sync connection recorded and run, a raw push, an event the snippet listens to (listed after
its listener the first time, as dispatched from then on), Http:: (a URL's password masked; the
sandbox's 503), a Guzzle client from the container (its base_uri kept; a fake answer for another
call), a log channel and a stack of two (one line). A Guzzle client the app builds with `new` is
not recorded: with the network off it cannot be made at all. With --writes the app's own SMTP
transport runs (and fails here: with the network off PHP's stream sockets are disabled) and nothing is
recorded.
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
$root = altair_test_app('laravel', 'a012');
$snippet = <<<'PHP'
class InvoicePaid extends Illuminate\Notifications\Notification {
    public function via($notifiable) { return ['slack', 'mail']; }
    public function toMail($notifiable) { return (new Illuminate\Notifications\Messages\MailMessage)->subject('Invoice paid')->line('Thanks.'); }
}
class Ping { use Illuminate\Foundation\Bus\Dispatchable, Illuminate\Bus\Queueable; public function handle() { Log::info('ping ran'); } }
$out = [];
Mail::raw('hi', fn ($m) => $m->to('a@x.test')->subject('Raw'));
Mail::mailer('log')->to('b@x.test')->send(new App\Mail\WelcomeMail(App\Models\User::first()));
Illuminate\Support\Facades\Notification::route('mail', 'c@x.test')->route('slack', 'https://hooks.slack.test/x')->notify(new InvoicePaid());
Illuminate\Support\Facades\Queue::connection('sync')->push(new Ping());
Illuminate\Support\Facades\Queue::pushRaw(json_encode(['displayName' => 'RawJob']), 'raw');
Illuminate\Support\Facades\Event::listen('user.signed-up', fn ($id) => Log::info("heard $id"));
Illuminate\Support\Facades\Event::dispatch('user.signed-up', [1]);
Illuminate\Support\Facades\Event::dispatch('user.signed-up', [2]);
$out[] = Http::get('https://user:pass@api.x.test/a?token=abc')->status();
try { app(GuzzleHttp\Client::class, ['config' => ['base_uri' => 'https://api.y.test/']])->post('b'); } catch (Throwable $e) { $out[] = get_class($e); }
$out[] = (string) app(GuzzleHttp\Client::class)->get('https://api.y.test/c')->getBody();
try { new GuzzleHttp\Client(); $out[] = 'a client was made'; } catch (Throwable $e) { $out[] = $e->getMessage(); }
Log::channel('stderr')->warning('w');
Log::stack(['single', 'stderr'])->info('s');
return $out;
PHP;
$r = altair_eval($snippet, $root, ['allowWrites' => 'rollback', 'timeoutMs' => 20000, 'fakeHttp' => ['GET api.y.test/*' => '200:hello']]);
foreach ($r->result['value'] ?? [$r->exception ?? $r->error] as $value) {
    echo json_encode($value['value'] ?? $value, JSON_UNESCAPED_SLASHES), "\n";
}
foreach ($r->effects as $effect) {
    echo json_encode($effect, JSON_UNESCAPED_SLASHES), "\n";
}

$r = altair_eval('Mail::raw("hi", fn ($m) => $m->to("a@x.test")->subject("Raw")); return 1;', $root, ['allowWrites' => true]);
echo 'writes: ', $r->exception['class'] ?? json_encode($r->result), ': ', $r->exception['message'] ?? '', ' ', json_encode($r->effects), "\n";
?>
--EXPECTF--
503
"GuzzleHttp\\Exception\\ServerException"
"hello"
"GuzzleHttp requires cURL, the allow_url_fopen ini setting, or a custom HTTP handler."
{"kind":"mail","to":["a@x.test"],"subject":"Raw","mailable":null}
{"kind":"mail","to":["b@x.test"],"subject":"Welcome, Ada Lovelace!","mailable":"App\\Mail\\WelcomeMail"}
{"kind":"notification","class":"InvoicePaid","channel":"slack","notifiable":"Illuminate\\Notifications\\AnonymousNotifiable"}
{"kind":"mail","to":["c@x.test"],"subject":"Invoice paid","mailable":"InvoicePaid"}
{"kind":"job","class":"Ping","queue":"default","connection":"sync","payload_bytes":%d}
{"kind":"log","level":"info","message":"ping ran","channel":"single"}
{"kind":"job","class":"RawJob","queue":"raw","connection":"database","payload_bytes":24}
{"kind":"log","level":"info","message":"heard 1","channel":"single"}
{"kind":"event","class":"user.signed-up","listeners":["closure"]}
{"kind":"event","class":"user.signed-up","listeners":["closure"]}
{"kind":"log","level":"info","message":"heard 2","channel":"single"}
{"kind":"http","method":"GET","url":"https://user:***@api.x.test/a?token=abc","status":503,"fake":false}
{"kind":"http","method":"POST","url":"https://api.y.test/b","status":503,"fake":false}
{"kind":"http","method":"GET","url":"https://api.y.test/c","status":200,"fake":true}
{"kind":"log","level":"warning","message":"w","channel":"stderr"}
{"kind":"log","level":"info","message":"s","channel":"single"}
writes: Error: Call to undefined function stream_socket_client() []
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a012');
?>
