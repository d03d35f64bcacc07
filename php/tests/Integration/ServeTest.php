<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Runtime\ExtensionEvaluator;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Serve\CallMessage;
use AltairEval\Frontend\Serve\RuntimeDir;
use AltairEval\Frontend\Serve\SocketClient;
use AltairEval\Frontend\Serve\ServeHandler;
use AltairEval\Frontend\Serve\SocketServer;
use AltairEval\Frontend\Tests\Support\Measured;
use AltairEval\Frontend\Tests\Support\Process;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;

/**
 * `bin/altair serve` and `bin/altair eval` through it, with the real extension, each test in a
 * runtime directory of its own (XDG_RUNTIME_DIR).
 */
final class ServeTest extends TestCase
{
    private Repository $repository;
    private string $runtime;
    private string $project;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->runtime = $this->repository->temporaryDirectory();
        $this->project = $this->repository->temporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->altair(['serve', '--stop']);
        $this->repository->remove($this->runtime);
        $this->repository->remove($this->project);
    }

    /**
     * @param list<string> $arguments
     */
    private function altair(array $arguments, string $stdin = ''): Process
    {
        return Process::altair([...$arguments, '--project-root=' . $this->project], $stdin, null, ['XDG_RUNTIME_DIR' => $this->runtime]);
    }

    private function socket(): string
    {
        return $this->runtime . '/altair-eval/' . substr(hash('sha256', $this->project), 0, 32) . '.sock';
    }

    public function testStartStatusCallAndStop(): void
    {
        $started = $this->altair(['serve', '--daemon']);
        self::assertSame(0, $started->exitCode, $started->stdout . $started->stderr);
        self::assertStringContainsString('serving ' . $this->project, $started->stdout);
        self::assertSame('socket', filetype($this->socket()));
        self::assertSame(0700, fileperms($this->runtime . '/altair-eval') & 0777);

        $call = $this->altair(['eval', '--format=json', 'return getmypid();']);
        self::assertSame(0, $call->exitCode, $call->stderr);
        $status = $this->altair(['serve', '--status']);
        self::assertSame(0, $status->exitCode, $status->stderr);
        self::assertStringContainsString('evaluations: 1', $status->stdout);

        $stopped = $this->altair(['serve', '--stop']);
        self::assertSame(0, $stopped->exitCode, $stopped->stderr);
        self::assertFileDoesNotExist($this->socket());
        self::assertSame(1, $this->altair(['serve', '--status'])->exitCode);
    }

    public function testStartedAndCalledAsBinAltairFromTheCheckout(): void
    {
        $environment = ['XDG_RUNTIME_DIR' => $this->runtime, 'PHP_BINARY' => PHP_BINARY] + getenv();
        $root = dirname($this->repository->altair(), 2);

        $started = Process::run(['bin/altair', 'serve', '--daemon', '--project-root=' . $this->project], '', $root, $environment);
        $call = Process::run(['bin/altair', 'eval', '--project-root=' . $this->project, 'return 7;'], '', $root, $environment);

        self::assertSame(0, $started->exitCode, $started->stderr);
        self::assertSame(0, $call->exitCode, $call->stderr);
        self::assertStringStartsWith("✓ int 7\n", $call->stdout);
        self::assertSame(1, $this->served());
    }

    public function testAResultThroughTheServerHasTheShapeOfAColdOne(): void
    {
        $snippet = 'echo "out\n"; fwrite(STDERR, "err\n"); return ["a" => 1.5, "b" => [true, null]];';
        $cold = [$this->altair(['eval', $snippet]), $this->altair(['eval', '--format=json', $snippet])];
        self::assertSame(0, $this->altair(['serve', '--daemon'])->exitCode);
        $warm = [$this->altair(['eval', $snippet]), $this->altair(['eval', '--format=json', $snippet])];
        self::assertSame(2, $this->served(), 'both calls went through the server');

        foreach ([0, 1] as $i) {
            self::assertSame(0, $warm[$i]->exitCode, $warm[$i]->stderr);
            // The one difference: the server's template booted the project, a cold child did not.
            $served = str_replace('"booted_template": true', '"booted_template": false', $warm[$i]->stdout);
            self::assertSame(Measured::erased($cold[$i]->stdout), Measured::erased($served));
            self::assertSame($cold[$i]->stderr, $warm[$i]->stderr);
        }
    }

    public function testAPolicyTheServerWasNotStartedWithIsRefused(): void
    {
        self::assertSame(0, $this->altair(['serve', '--daemon', '--allow-endpoint=127.0.0.1:5432'])->exitCode);

        foreach ([['--writes', '--writes was refused'], ['--network', '--network was refused'], ['--allow-endpoint=127.0.0.1:6379', '--allow-endpoint=127.0.0.1:6379 was refused']] as [$option, $reason]) {
            $refused = $this->altair(['eval', $option, 'return 1;']);
            self::assertSame(2, $refused->exitCode, $option);
            self::assertSame('', $refused->stdout);
            self::assertStringContainsString($reason, $refused->stderr);
            self::assertSame(1, substr_count($refused->stderr, "\n"));
        }
        $allowed = $this->altair(['eval', '--allow-endpoint=127.0.0.1:5432', 'return 1;']);
        self::assertSame(0, $allowed->exitCode, $allowed->stderr);
        self::assertSame(1, $this->served(), 'the allowed call; nothing refused was evaluated');
    }

    public function testUnsafeAndEnvironmentCallsRunColdInTheCaller(): void
    {
        self::assertSame(0, $this->altair(['serve', '--daemon'])->exitCode);

        $unsafe = $this->altair(['eval', '--unsafe', 'return 1;']);
        $clean = $this->altair(['eval', '--env-policy=clean', 'return 1;']);

        self::assertSame(0, $unsafe->exitCode, $unsafe->stderr);
        self::assertSame(0, $clean->exitCode, $clean->stderr);
        self::assertSame(0, $this->served());
        self::assertFileExists($this->project . '/.altair/events.jsonl', 'the unsafe run was recorded by the caller');
    }

    public function testAStaleSocketIsReplaced(): void
    {
        mkdir($this->runtime . '/altair-eval', 0700);
        $stale = socket_create(AF_UNIX, SOCK_STREAM, 0);
        self::assertInstanceOf(\Socket::class, $stale);
        self::assertTrue(socket_bind($stale, $this->socket()));
        socket_close($stale); // the file stays, nobody listens: what a killed server leaves

        $cold = $this->altair(['eval', 'return 1;']);
        self::assertSame(0, $cold->exitCode, 'a stale socket means a cold run: ' . $cold->stderr);
        $started = $this->altair(['serve', '--daemon']);
        self::assertSame(0, $started->exitCode, $started->stderr);
        self::assertSame(0, $this->altair(['eval', 'return 1;'])->exitCode);
        self::assertSame(1, $this->served());
    }

    public function testASecondServerForTheSameProjectIsRefused(): void
    {
        self::assertSame(0, $this->altair(['serve', '--daemon'])->exitCode);

        $second = $this->altair(['serve', '--daemon']);

        self::assertSame(2, $second->exitCode);
        self::assertStringContainsString('already running', $second->stderr);
    }

    public function testTheServerStopsAfterItsIdleTimeout(): void
    {
        // timeout(1) only keeps a broken idle timeout from hanging the suite
        $server = Process::run(['timeout', '300', $this->repository->altair(), 'serve', '--idle-timeout=1', '--project-root=' . $this->project], '', null, ['XDG_RUNTIME_DIR' => $this->runtime, 'PHP_BINARY' => PHP_BINARY] + getenv());

        self::assertSame(0, $server->exitCode, $server->stderr);
        self::assertStringContainsString('idle for 1s, stopping', $server->stderr);
        self::assertFileDoesNotExist($this->socket());
    }

    /**
     * The peer check itself, on a socket anyone may reach: a process of another user is refused.
     */
    public function testAnotherUserIsRefused(): void
    {
        $runuser = is_executable('/usr/bin/setpriv') ? '/usr/bin/setpriv' : null;
        if (posix_geteuid() !== 0 || $runuser === null) {
            self::markTestSkipped('needs root and setpriv to run a client as nobody');
        }
        chmod($this->runtime, 0755);
        $directory = new RuntimeDir($this->runtime . '/shared', posix_geteuid());
        mkdir($directory->path, 0700);
        $server = new SocketServer($directory, new ServeHandler(new ExtensionEvaluator(), new ServerPolicy($this->project), new Limits()), 1, STDERR);
        $server->bind();
        chmod($directory->path, 0755);
        chmod($server->socketPath(), 0777);
        $client = <<<'PHP'
            $s = socket_create(AF_UNIX, SOCK_STREAM, 0);
            socket_connect($s, $argv[1]);
            socket_set_option($s, SOL_SOCKET, SO_PASSCRED, 1);
            socket_recv($s, $hello, 4096, 0);
            $request = serialize(['protocol' => 1, 'op' => 'status']);
            socket_write($s, pack('N', strlen($request)) . $request);
            $reply = '';
            while (socket_recv($s, $chunk, 4096, 0) > 0) { $reply .= $chunk; }
            echo substr($reply, 4);
            PHP;
        $pid = pcntl_fork();
        if ($pid === 0) {
            $log = fopen('php://memory', 'w');
            $server->logTo($log);
            exit($server->serve());
        }
        $result = Process::run([$runuser, '--reuid=65534', '--regid=65534', '--clear-groups', PHP_BINARY, '-n', '-d', 'extension=sockets', '-r', $client, $server->socketPath()]);
        posix_kill($pid, SIGTERM);
        pcntl_waitpid($pid, $status);

        self::assertSame(['refused' => 'this server belongs to another user.'], unserialize($result->stdout), $result->stderr);
    }

    /**
     * Two calls at once, while one client sends nothing and another half a request: the first waits
     * for a file the second writes, so it ends well only when the server runs them together (one at
     * a time, the first would time out). The silent clients are given up, the others never waited.
     */
    public function testCallsRunTogetherAndSilentClientsHoldUpNobody(): void
    {
        self::assertSame(0, $this->altair(['serve', '--daemon', '--allow-writes', '--workers=2'])->exitCode);
        $silent = $this->connect();
        $half = $this->connect();
        socket_write($half, pack('N', 1000) . 'a:1:{');

        $flag = $this->project . '/flag';
        $running = $this->project . '/running';
        $first = proc_open(
            [$this->repository->altair(), 'eval', '--writes', '--timeout-ms=30000', '--project-root=' . $this->project,
                sprintf('touch(%s); while (!is_file(%s)) { usleep(20000); } return "saw the flag";', var_export($running, true), var_export($flag, true))],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            null,
            ['XDG_RUNTIME_DIR' => $this->runtime, 'PHP_BINARY' => PHP_BINARY] + getenv(),
        );
        self::assertIsResource($first);
        while (!is_file($running) && proc_get_status($first)['running']) {
            usleep(20_000);
        }
        $second = $this->altair(['eval', '--writes', sprintf('return touch(%s);', var_export($flag, true))]);
        $firstOut = (string) stream_get_contents($pipes[1]);
        $firstErr = (string) stream_get_contents($pipes[2]);
        $firstExit = proc_close($first);

        self::assertSame(0, $second->exitCode, $second->stdout . $second->stderr);
        self::assertSame(0, $firstExit, $firstOut . $firstErr);
        self::assertStringStartsWith('✓ string "saw the flag"', $firstOut);
        self::assertSame(2, $this->served(), 'both through the server');
        foreach ([$silent, $half] as $client) {
            socket_set_option($client, SOL_SOCKET, SO_RCVTIMEO, ['sec' => 120, 'usec' => 0]);
            $hello = '';
            socket_recv($client, $hello, 4096, 0); // the greeting
            $end = null;
            self::assertSame(0, socket_recv($client, $end, 4096, 0), 'the server closed a client that sent nothing more');
            socket_close($client);
        }
    }

    /**
     * The worker evaluating a call dies (killed while the snippet waits): that call fails with one
     * line, another worker takes its place, and the next call is served.
     */
    public function testAWorkerThatDiesFailsItsCallOnly(): void
    {
        self::assertSame(0, $this->altair(['serve', '--daemon', '--workers=1'])->exitCode);
        $workers = $this->workers();
        self::assertCount(1, $workers);
        $call = proc_open(
            [$this->repository->altair(), 'eval', '--timeout-ms=30000', '--project-root=' . $this->project, 'while (true) { usleep(20000); }'],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            null,
            ['XDG_RUNTIME_DIR' => $this->runtime, 'PHP_BINARY' => PHP_BINARY] + getenv(),
        );
        self::assertIsResource($call);
        while (!str_contains($this->altair(['serve', '--status'])->stdout, 'evaluating: 1') && proc_get_status($call)['running']) {
            usleep(20_000);
        }
        posix_kill($workers[0], SIGKILL);
        $out = (string) stream_get_contents($pipes[1]);
        $err = (string) stream_get_contents($pipes[2]);
        $exit = proc_close($call);

        self::assertSame(1, $exit, $out . $err);
        self::assertSame('', $out);
        self::assertSame("altair: the project's server: the process evaluating this call ended before it answered.\n", $err);
        $next = $this->altair(['eval', 'return 8;']);
        self::assertSame(0, $next->exitCode, $next->stderr);
        self::assertStringStartsWith('✓ int 8', $next->stdout);
        self::assertSame(1, $this->served());
        self::assertNotSame($workers, $this->workers(), 'replaced');
    }

    /**
     * @return list<int>
     */
    private function workers(): array
    {
        $status = $this->altair(['serve', '--status']);
        self::assertSame(1, preg_match('/^workers: (\[[\d,]*\])$/m', $status->stdout, $match), $status->stdout . $status->stderr);

        return json_decode($match[1], true, 2, JSON_THROW_ON_ERROR);
    }

    public function testEveryErrorOfARequestIsItsAnswerAndTheServerGoesOn(): void
    {
        self::assertSame(0, $this->altair(['serve', '--daemon'])->exitCode);
        $call = new EvalCall(str_repeat('1;', 600_000), $this->project, 1000, 64); // over MAX_SNIPPET_BYTES
        $client = new SocketClient(new RuntimeDir($this->runtime . '/altair-eval', posix_geteuid()));

        $tooBig = $client->request($this->project, ['op' => 'eval', 'call' => (new CallMessage())->encode($call)]);
        $malformed = $client->request($this->project, ['op' => 'eval', 'call' => ['snippet' => []]]);
        $unknown = $client->request($this->project, ['op' => 'shutdown-everything']);

        self::assertStringContainsString('must not be longer than EvalRequest::MAX_SNIPPET_BYTES', (string) ($tooBig['refused'] ?? ''));
        self::assertStringContainsString('malformed request', (string) ($malformed['refused'] ?? ''));
        self::assertSame(['refused' => 'unknown request.'], $unknown);
        $after = $this->altair(['eval', 'return 5;']);
        self::assertSame(0, $after->exitCode, $after->stderr);
        self::assertSame(1, $this->served(), 'still serving');
    }

    /**
     * Another user made <tmp>/altair-eval-<uid> first: the server uses a directory only this user
     * can have made, says so, and eval finds it there.
     */
    public function testASquattedRuntimeDirectoryIsRefusedAndAPrivateOneUsed(): void
    {
        $tmp = $this->runtime . '/tmp';
        mkdir($tmp);
        $usual = $tmp . '/altair-eval-' . posix_geteuid();
        mkdir($usual, 0777);
        chmod($usual, 0777);
        if (posix_geteuid() === 0) {
            chown($usual, 65534); // nobody's, as another user would leave it
        }
        $environment = ['XDG_RUNTIME_DIR' => '', 'TMPDIR' => $tmp];

        $started = Process::altair(['serve', '--daemon', '--project-root=' . $this->project], '', null, $environment);
        $call = Process::altair(['eval', '--format=json', '--project-root=' . $this->project, 'return 1;'], '', null, $environment);
        $status = Process::altair(['serve', '--status', '--project-root=' . $this->project], '', null, $environment);
        Process::altair(['serve', '--stop', '--project-root=' . $this->project], '', null, $environment);

        self::assertSame(0, $started->exitCode, $started->stdout . $started->stderr);
        self::assertStringContainsString($usual . ' is not a private directory of this user', $started->stderr);
        self::assertMatchesRegularExpression('/using ' . preg_quote($usual, '/') . '\.[0-9a-f]{12} instead/', $started->stderr);
        self::assertSame(0, $call->exitCode, $call->stderr);
        self::assertStringContainsString('evaluations: 1', $status->stdout, 'eval found the server in the fallback');
        self::assertSame([], array_diff((array) scandir($usual), ['.', '..']), 'nothing was put in the squatted directory');
    }

    private function connect(): \Socket
    {
        $socket = socket_create(AF_UNIX, SOCK_STREAM, 0);
        self::assertInstanceOf(\Socket::class, $socket);
        self::assertTrue(socket_connect($socket, $this->socket()));

        return $socket;
    }

    private function served(): int
    {
        $status = $this->altair(['serve', '--status']);
        self::assertSame(1, preg_match('/^evaluations: (\d+)$/m', $status->stdout, $match), $status->stdout . $status->stderr);

        return (int) $match[1];
    }
}
