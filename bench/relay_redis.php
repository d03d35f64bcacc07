<?php
/*
 * The Redis relay engine's cost, side by side in one run (ratios matter, not absolutes):
 *   direct         phpredis to a throw-away redis-server (tests/servers/redis.sh), over TCP
 *   relay          the same through tests/relay/proxy.c with relay/redis/*.c (read-only mode,
 *                  cc -O2), no query capture
 *   relay+queries  the same with every query written to a JSON-lines log (the capture on)
 *   pass-through   the same proxy with an engine that copies bytes and decides nothing: the cost
 *                  of the extra hop alone (two more sockets, a poll loop), for scale
 *   engine alone   the engine in one process, no sockets: ns per GET round trip (request framed,
 *                  decided, re-encoded; reply framed, paired, reported), capture off and on
 * Each: ROUNDS × (1,000 PING round trips, then 1,000 GET round trips) on one connection, the
 * four interleaved round by round; the median round is printed; over TCP (client to proxy and
 * proxy to server), then over Unix sockets. tests/relay/proxy.c sets TCP_NODELAY on both legs, as
 * the host's relay does. Targets: relay ≤ 1.3× direct, relay+queries ≤ 1.05× relay.
 *
 * Run: php bench/relay_redis.php [rounds]     (needs redis-server, cc and phpredis)
 */
declare(strict_types=1);

$rounds = (int) ($argv[1] ?? 7);
$trips = 1000;
$root = dirname(__DIR__);
$work = sys_get_temp_dir() . '/altair-bench-relay-redis-' . getmypid();
mkdir($work);

$server = [];
foreach (explode(' ', trim((string) shell_exec("$root/tests/servers/redis.sh start " . escapeshellarg("$work/server")))) as $pair) {
    [$key, $value] = explode('=', $pair, 2) + [1 => ''];
    $server[$key] = $value;
}
$processes = [];
register_shutdown_function(function () use (&$processes, $root, $work): void {
    foreach ($processes as $process) {
        proc_terminate($process);
        proc_close($process);
    }
    shell_exec("$root/tests/servers/redis.sh stop " . escapeshellarg("$work/server"));
    shell_exec('rm -rf ' . escapeshellarg($work));
});
if (!isset($server['ALTAIR_REDIS_PORT'])) {
    fwrite(STDERR, "could not start redis-server (tests/servers/redis.sh)\n");
    exit(1);
}

$sources = implode(' ', array_map('escapeshellarg', array_merge(
    ["$root/tests/relay/proxy.c", "$root/relay/buf.c", "$root/relay/mode.c"],
    glob("$root/relay/redis/*.c"),
)));
exec("cc -O2 -I " . escapeshellarg("$root/relay") . " -DRELAY_ENGINE=altair_relay_engine_redis -o " . escapeshellarg("$work/proxy") . " $sources", $out, $status);
if ($status !== 0) {
    fwrite(STDERR, "could not build the proxy\n");
    exit(1);
}

// The pass-through engine: the proxy's own cost without any framing or policy.
file_put_contents("$work/passthrough.c", <<<'C'
#include <stdlib.h>
#include "engine.h"
struct altair_relay_session { altair_relay_io *io; };
static altair_relay_session *open_(const altair_relay_config *c, altair_relay_io *io) { (void) c; altair_relay_session *s = malloc(sizeof(*s)); if (s) s->io = io; return s; }
static altair_relay_verdict client_(altair_relay_session *s, const unsigned char *b, size_t n) { altair_relay_buf_append(&s->io->to_server, b, n); return ALTAIR_RELAY_CONTINUE; }
static altair_relay_verdict server_(altair_relay_session *s, const unsigned char *b, size_t n) { altair_relay_buf_append(&s->io->to_client, b, n); return ALTAIR_RELAY_CONTINUE; }
static void finish_(altair_relay_session *s) { (void) s; }
static void status_(const altair_relay_session *s, altair_relay_status *o) { (void) s; (void) o; }
static void close_(altair_relay_session *s) { free(s); }
const altair_relay_engine altair_relay_engine_passthrough = {"passthrough", open_, client_, server_, finish_, status_, close_};
C);
exec("cc -O2 -I " . escapeshellarg("$root/relay") . " -DRELAY_ENGINE=altair_relay_engine_passthrough -o " . escapeshellarg("$work/passthrough")
    . ' ' . escapeshellarg("$work/passthrough.c") . ' ' . escapeshellarg("$root/tests/relay/proxy.c") . ' '
    . escapeshellarg("$root/relay/buf.c") . ' ' . escapeshellarg("$root/relay/mode.c"), $out, $status);
if ($status !== 0) {
    fwrite(STDERR, "could not build the pass-through proxy\n");
    exit(1);
}

// The engine alone: canned GET requests and replies, in process (the flags learned once first).
file_put_contents("$work/engine_alone.c", <<<'C'
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "engine.h"
extern const altair_relay_engine altair_relay_engine_redis;
static uint64_t now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return (uint64_t) t.tv_sec * 1000000000u + (uint64_t) t.tv_nsec; }
static void sink(void *context, const altair_relay_query *query) { *(size_t *) context += query->text_length; }
#define FEED(side, text) altair_relay_engine_redis.side(session, (const unsigned char *) (text), strlen(text))
static double run(int capture, int trips)
{
	size_t total = 0;
	altair_relay_io io = {.on_query = capture ? sink : NULL, .context = &total, .now_ns = now};
	altair_relay_config config = {.mode = ALTAIR_RELAY_READ_ONLY, .label = "bench"};
	altair_relay_session *session = altair_relay_engine_redis.open(&config, &io);
	FEED(from_client, "*2\r\n$3\r\nGET\r\n$8\r\ngreeting\r\n");
	FEED(from_server, "-ERR no version\r\n*1\r\n*10\r\n$3\r\nget\r\n:2\r\n*2\r\n+readonly\r\n+fast\r\n:1\r\n:1\r\n:1\r\n*0\r\n*0\r\n*0\r\n*0\r\n$5\r\nhello\r\n");
	uint64_t start = now();
	for (int i = 0; i < trips; i++) {
		FEED(from_client, "*2\r\n$3\r\nGET\r\n$8\r\ngreeting\r\n");
		altair_relay_buf_reset(&io.to_server);
		FEED(from_server, "$5\r\nhello\r\n");
		altair_relay_buf_reset(&io.to_client);
	}
	double ns = (double) (now() - start) / trips;
	altair_relay_engine_redis.close(session);
	altair_relay_buf_free(&io.to_server);
	altair_relay_buf_free(&io.to_client);
	return ns;
}
int main(void)
{
	run(0, 100000);
	printf("%.0f %.0f\n", run(0, 1000000), run(1, 1000000));
	return 0;
}
C);
exec("cc -O2 -I " . escapeshellarg("$root/relay") . " -o " . escapeshellarg("$work/engine_alone") . ' '
    . escapeshellarg("$work/engine_alone.c") . ' ' . escapeshellarg("$root/relay/buf.c") . ' '
    . escapeshellarg("$root/relay/mode.c") . ' ' . implode(' ', array_map('escapeshellarg', glob("$root/relay/redis/*.c"))), $out, $status);
if ($status !== 0) {
    fwrite(STDERR, "could not build the engine alone\n");
    exit(1);
}

/** Starts a read-only proxy in front of the server; returns where it listens (tcp:… or unix:…). */
function proxy(string $work, string $listen, string $upstream, ?string $log, array &$processes, string $binary = 'proxy'): string
{
    $command = [$work . '/' . $binary, 'read-only', $listen, $upstream];
    if ($log !== null) {
        $command[] = $log;
    }
    $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
    $processes[] = $process;
    $ready = trim(substr((string) fgets($pipes[1]), strlen('ready ')));
    return str_starts_with($listen, 'unix:') ? "unix:$ready" : "tcp:127.0.0.1:$ready";
}

function connect(string $endpoint): Redis
{
    $redis = new Redis();
    str_starts_with($endpoint, 'unix:') ? $redis->connect(substr($endpoint, 5))
        : $redis->connect('127.0.0.1', (int) substr(strrchr($endpoint, ':'), 1));
    $redis->auth('secret');
    $redis->get('greeting'); // the relay learns GET's flags here, once per session
    return $redis;
}

function median(array $values): float
{
    sort($values);
    return $values[intdiv(count($values), 2)];
}

/** Seconds for $trips PING and $trips GET round trips. */
function trips(Redis $redis, int $trips): float
{
    $start = hrtime(true);
    for ($i = 0; $i < $trips; $i++) {
        $redis->ping();
    }
    for ($i = 0; $i < $trips; $i++) {
        $redis->get('greeting');
    }
    return (hrtime(true) - $start) / 1e9;
}

foreach (['tcp', 'unix'] as $transport) {
    $upstream = $transport === 'tcp' ? "tcp:127.0.0.1:{$server['ALTAIR_REDIS_PORT']}" : "unix:{$server['ALTAIR_REDIS_SOCKET']}";
    $listen = fn (string $name) => $transport === 'tcp' ? 'tcp:127.0.0.1:0' : "unix:$work/$name.sock";
    $clients = [
        'direct' => connect($upstream),
        'relay' => connect(proxy($work, $listen('relay'), $upstream, null, $processes)),
        'relay+queries' => connect(proxy($work, $listen('queries'), $upstream, "$work/queries.jsonl", $processes)),
        'pass-through' => connect(proxy($work, $listen('passthrough'), $upstream, null, $processes, 'passthrough')),
    ];
    $times = array_fill_keys(array_keys($clients), []);
    foreach ($clients as $redis) {
        trips($redis, 100); // warm up
    }
    for ($round = 0; $round < $rounds; $round++) {
        foreach ($clients as $name => $redis) {
            $times[$name][] = trips($redis, $trips);
        }
    }
    $direct = median($times['direct']);
    $relay = median($times['relay']);
    printf("%s: %d PING + %d GET round trips, median of %d rounds\n", $transport, $trips, $trips, $rounds);
    foreach ($times as $name => $values) {
        $m = median($values);
        printf("  %-14s %8.2f ms  %6.1f µs/trip  %.2f× direct\n", $name, $m * 1e3, $m / (2 * $trips) * 1e6, $m / $direct);
    }
    printf("  relay / direct: %.2f× (target ≤ 1.30×); queries on / off: %.3f× (target ≤ 1.05×); relay / pass-through: %.2f×\n",
        $relay / $direct, median($times['relay+queries']) / $relay, $relay / median($times['pass-through']));
}

[$off, $on] = array_map('floatval', explode(' ', trim((string) shell_exec(escapeshellarg("$work/engine_alone")))));
printf("engine alone: %.0f ns per GET round trip, capture off; %.0f ns, capture on (%.3f×)\n", $off, $on, $on / $off);
