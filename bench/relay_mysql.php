<?php
/*
 * The MySQL relay engine's cost, side by side in one run (ratios matter, not absolutes):
 *   direct          PDO to a throw-away MariaDB (tests/servers/mariadb.sh) over TCP
 *   relay           the same through tests/relay/proxy.c with relay/mysql/*.c (read-only mode,
 *                   cc -O2), no query capture
 *   relay+queries   the same with every query written to a JSON-lines log (the capture on)
 *   relay rollback  rollback mode, capture off
 *   pass-through    the same proxy with an engine that copies bytes and decides nothing: the cost
 *                   of the extra hop alone (two more sockets, a poll loop), for scale
 *   engine alone    the engine in one process, no sockets: ns per `SELECT 1` round trip (command
 *                   framed and classified, the result set framed and its statuses rewritten),
 *                   capture off and on; this machine is shared, so the socket figures are noisy
 *                   and this one is the engine's own cost
 * Each: ROUNDS × 1,000 `SELECT 1` round trips on one connection, the four interleaved round by
 * round; the median round is printed, then over Unix sockets the same. Targets: relay ≤ 1.3×
 * direct, relay+queries ≤ 1.05× relay.
 *
 * Run: php bench/relay_mysql.php [rounds]     (needs mariadb-server, cc and pdo_mysql)
 */
declare(strict_types=1);

$rounds = (int) ($argv[1] ?? 7);
$trips = 1000;
$root = dirname(__DIR__);
$work = sys_get_temp_dir() . '/altair-bench-relay-mysql-' . getmypid();
mkdir($work);
chmod($work, 0755);

$server = [];
foreach (explode(' ', trim((string) shell_exec("$root/tests/servers/mariadb.sh start " . escapeshellarg("$work/server")))) as $pair) {
    [$key, $value] = explode('=', $pair, 2) + [1 => ''];
    $server[$key] = $value;
}
$processes = [];
register_shutdown_function(function () use (&$processes, $root, $work): void {
    foreach ($processes as $process) {
        proc_terminate($process);
        proc_close($process);
    }
    shell_exec("$root/tests/servers/mariadb.sh stop " . escapeshellarg("$work/server"));
    shell_exec('rm -rf ' . escapeshellarg($work));
});
if (!isset($server['ALTAIR_MYSQL_PORT'])) {
    fwrite(STDERR, "could not start MariaDB (tests/servers/mariadb.sh)\n");
    exit(1);
}

$sources = implode(' ', array_map('escapeshellarg', array_merge(
    ["$root/tests/relay/proxy.c", "$root/relay/buf.c", "$root/relay/mode.c"],
    glob("$root/relay/mysql/*.c"),
)));
exec('cc -O2 -I ' . escapeshellarg("$root/relay") . ' -DRELAY_ENGINE=altair_relay_engine_mysql -o ' . escapeshellarg("$work/proxy") . " $sources", $out, $status);
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
// The engine alone: a login, then canned SELECT 1 commands and result sets, in process.
function packet(int $sequence, string $payload): string
{
    return substr(pack('V', strlen($payload)), 0, 3) . chr($sequence) . $payload;
}
function c_bytes(string $name, string $bytes): string
{
    return "static const char {$name}[] = \"" . implode('', array_map(fn ($c) => sprintf('\\x%02x', ord($c)), str_split($bytes))) . "\";\n";
}
$column = "\x03def\x00\x00\x00\x011\x00\x0c\x3f\x00\x01\x00\x00\x00\x08\x81\x00\x00\x00\x00";
$canned = c_bytes('greeting', packet(0, "\x0a10.11.19-MariaDB\0" . pack('V', 1) . 'abcdefgh' . "\0" . pack('v', 0xf7fe) . "\x2d" . pack('v', 2)
        . pack('v', 0x81bf) . chr(21) . str_repeat("\0", 10) . 'ijklmnopqrst' . "\0" . "mysql_native_password\0"))
    . c_bytes('login', packet(1, pack('V', 0x000aa20d) . pack('V', 1 << 24) . "\x2d" . str_repeat("\0", 23) . "app\0" . chr(20) . str_repeat('B', 20) . "app\0"))
    . c_bytes('ok_login', packet(2, "\x00\x00\x00\x02\x00\x00\x00"))
    . c_bytes('ok_guard', packet(1, "\x00\x00\x00\x03\x00\x00\x00"))
    . c_bytes('query', packet(0, "\x03SELECT 1"))
    . c_bytes('result', packet(1, "\x01") . packet(2, $column) . packet(3, "\xfe\x00\x00\x03\x00") . packet(4, "\x011") . packet(5, "\xfe\x00\x00\x03\x00"));
file_put_contents("$work/engine_alone.c", str_replace('@CANNED@', $canned, <<<'C'
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "engine.h"
extern const altair_relay_engine altair_relay_engine_mysql;
static uint64_t now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return (uint64_t) t.tv_sec * 1000000000u + (uint64_t) t.tv_nsec; }
static void sink(void *context, const altair_relay_query *query) { *(size_t *) context += query->text_length; }
#define FEED(side, bytes) altair_relay_engine_mysql.side(session, (const unsigned char *) (bytes), sizeof(bytes) - 1)
@CANNED@
static double run(int capture, int trips)
{
	size_t total = 0;
	altair_relay_io io = {.on_query = capture ? sink : NULL, .context = &total, .now_ns = now};
	altair_relay_config config = {.mode = ALTAIR_RELAY_READ_ONLY, .label = "bench"};
	altair_relay_session *session = altair_relay_engine_mysql.open(&config, &io);
	FEED(from_server, greeting);
	FEED(from_client, login);
	FEED(from_server, ok_login);
	FEED(from_server, ok_guard);
	altair_relay_buf_reset(&io.to_server);
	altair_relay_buf_reset(&io.to_client);
	uint64_t start = now();
	for (int i = 0; i < trips; i++) {
		FEED(from_client, query);
		altair_relay_buf_reset(&io.to_server);
		FEED(from_server, result);
		altair_relay_buf_reset(&io.to_client);
	}
	double ns = (double) (now() - start) / trips;
	altair_relay_status status = {.superuser = -1};
	altair_relay_engine_mysql.status(session, &status);
	if (!status.guarded || total == 0 && capture) {
		fprintf(stderr, "the canned session did not reach its guard\n");
		ns = -1;
	}
	altair_relay_engine_mysql.close(session);
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
C));
foreach (['passthrough' => ["$work/passthrough.c", "$root/tests/relay/proxy.c", "$root/relay/buf.c", "$root/relay/mode.c"],
    'engine_alone' => array_merge(["$work/engine_alone.c", "$root/relay/buf.c", "$root/relay/mode.c"], glob("$root/relay/mysql/*.c"))] as $binary => $files) {
    $define = $binary === 'passthrough' ? ' -DRELAY_ENGINE=altair_relay_engine_passthrough' : '';
    exec('cc -O2 -I ' . escapeshellarg("$root/relay") . "$define -o " . escapeshellarg("$work/$binary") . ' '
        . implode(' ', array_map('escapeshellarg', $files)) . ' 2>&1', $out, $status);
    if ($status !== 0) {
        fwrite(STDERR, "could not build $binary:\n" . implode("\n", $out) . "\n");
        exit(1);
    }
}

/** Starts a proxy; returns its port (tcp) or path (unix). */
function proxy(string $mode, string $listen, string $upstream, ?string $log, string $binary = 'proxy'): string
{
    global $processes, $work;
    $command = array_merge([$work . '/' . $binary, $mode, $listen, $upstream], $log !== null ? [$log] : []);
    $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'a']], $pipes);
    $processes[] = $process;
    if (!preg_match('/^ready (\S+)/', (string) fgets($pipes[1]), $m)) {
        fwrite(STDERR, "the proxy did not start\n");
        exit(1);
    }
    return $m[1];
}

function round_trips(PDO $pdo, int $trips): float
{
    $start = hrtime(true);
    for ($i = 0; $i < $trips; $i++) {
        $pdo->query('SELECT 1')->fetchColumn();
    }
    return (hrtime(true) - $start) / 1e6;
}

function median(array $values): float
{
    sort($values);
    return $values[intdiv(count($values), 2)];
}

foreach (['tcp', 'unix'] as $transport) {
    $upstream = $transport === 'tcp' ? "tcp:127.0.0.1:{$server['ALTAIR_MYSQL_PORT']}" : "unix:{$server['ALTAIR_MYSQL_SOCKET']}";
    $listen = fn (string $name) => $transport === 'tcp' ? 'tcp:127.0.0.1:0' : "unix:$work/$name.sock";
    $dsn = fn (string $where) => $transport === 'tcp' ? "mysql:host=127.0.0.1;port=$where;dbname=app" : "mysql:unix_socket=$where;dbname=app";
    $connections = [
        'direct' => new PDO($dsn($transport === 'tcp' ? $server['ALTAIR_MYSQL_PORT'] : $server['ALTAIR_MYSQL_SOCKET']), 'app', 'secret'),
        'relay' => new PDO($dsn(proxy('read-only', $listen('relay'), $upstream, null)), 'app', 'secret'),
        'relay+queries' => new PDO($dsn(proxy('read-only', $listen('queries'), $upstream, "$work/queries.$transport.log")), 'app', 'secret'),
        'relay rollback' => new PDO($dsn(proxy('rollback', $listen('rollback'), $upstream, null)), 'app', 'secret'),
        'pass-through' => new PDO($dsn(proxy('writes', $listen('passthrough'), $upstream, null, 'passthrough')), 'app', 'secret'),
    ];
    $times = array_fill_keys(array_keys($connections), []);
    foreach ($connections as $pdo) {
        round_trips($pdo, 100); // warm up
    }
    for ($round = 0; $round < $rounds; $round++) {
        foreach ($connections as $name => $pdo) {
            $times[$name][] = round_trips($pdo, $trips);
        }
    }
    $direct = median($times['direct']);
    $relay = median($times['relay']);
    printf("%s, %d × %d SELECT 1 round trips (median round):\n", $transport, $rounds, $trips);
    foreach ($times as $name => $values) {
        printf("  %-15s %8.1f ms   %.2f× direct\n", $name, median($values), median($values) / $direct);
    }
    printf("  relay / direct: %.2f× (target ≤ 1.3×); relay+queries / relay: %.2f× (target ≤ 1.05×)\n",
        $relay / $direct, median($times['relay+queries']) / $relay);
}

[$off, $on] = explode(' ', trim((string) shell_exec(escapeshellarg("$work/engine_alone"))));
printf("engine alone (read-only, no sockets): %s ns per SELECT 1 round trip, %s ns with the capture on (%.2f×)\n", $off, $on, (float) $on / max(1.0, (float) $off));
