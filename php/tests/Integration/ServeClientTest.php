<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Tests\Support\Measured;
use AltairEval\Frontend\Tests\Support\Process;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * bin/altair's client of the project's server (client/client.c, modules/altair-client): `eval`
 * while `bin/altair serve` runs answers without a PHP start of its own, and exactly as the PHP
 * front-end would (ALTAIR_EVAL_NO_CLIENT=1 takes that path for comparison). PHP_BINARY is a wrapper
 * that counts its starts: a call the client answered started no PHP; one it left to the PHP
 * front-end (its fallback) started one. Each test has its own runtime and cache directories.
 */
final class ServeClientTest extends TestCase
{
    private Repository $repository;
    private string $work;
    private string $project;

    protected function setUp(): void
    {
        if (!is_executable(dirname((new Repository())->module()) . '/altair-client')) {
            self::fail('modules/altair-client is missing: scripts/build builds it.');
        }
        $this->repository = new Repository();
        $this->work = $this->repository->temporaryDirectory();
        $this->project = $this->repository->temporaryDirectory();
        mkdir($this->work . '/runtime', 0700);
        mkdir($this->work . '/cache', 0700);
        mkdir($this->work . '/bin');
        file_put_contents($this->work . '/bin/php', "#!/bin/sh\necho start >> " . escapeshellarg($this->work . '/starts') . "\nexec " . escapeshellarg(PHP_BINARY) . " \"\$@\"\n");
        chmod($this->work . '/bin/php', 0755);
        // Older than the launcher's cache will be: a file it depends on that is newer makes it stale.
        touch($this->work . '/bin/php', time() - 60);
        touch($this->work . '/bin', time() - 60);
        touch($this->work . '/starts');
        self::assertSame(0, $this->altair(['serve', '--daemon'])->exitCode);
        // The launcher's cache (written by the first start) is what lets it start thin, and so the client.
        $this->altair(['eval', 'return 0;']);
    }

    protected function tearDown(): void
    {
        $this->altair(['serve', '--stop']);
        $this->repository->remove($this->work);
        $this->repository->remove($this->project);
    }

    /**
     * @param list<string> $arguments
     * @param array<string, string> $environment
     */
    private function altair(array $arguments, array $environment = [], ?string $cwd = null, string $stdin = ''): Process
    {
        $base = ['XDG_RUNTIME_DIR' => $this->work . '/runtime', 'XDG_CACHE_HOME' => $this->work . '/cache', 'PHP_BINARY' => $this->work . '/bin/php'];
        $inherited = getenv();
        unset($inherited['ALTAIR_EVAL_DATABASES'], $inherited['ALTAIR_EVAL_NO_CLIENT']);

        array_splice($arguments, 1, 0, ['--project-root=' . $this->project]);

        return Process::run([$this->repository->altair(), ...$arguments], $stdin, $cwd, $environment + $base + $inherited);
    }

    private function starts(): int
    {
        return count(file($this->work . '/starts') ?: []);
    }

    /**
     * @param list<string> $arguments
     * @param array<string, string> $environment
     * @return array{Process, int} the call and how many PHP starts it took
     */
    private function counted(array $arguments, array $environment = [], ?string $cwd = null, string $stdin = ''): array
    {
        $before = $this->starts();
        $call = $this->altair($arguments, $environment, $cwd, $stdin);

        return [$call, $this->starts() - $before];
    }

    private function served(): int
    {
        preg_match('/evaluations: (\d+)/', $this->altair(['serve', '--status'])->stdout, $match);

        return (int) ($match[1] ?? -1);
    }

    /**
     * @return iterable<string, array{list<string>}>
     */
    public static function commandLines(): iterable
    {
        yield 'a value' => [['eval', 'return 1 + 1;']];
        yield 'JSON' => [['eval', '--format=json', 'return ["a" => 1.5, "b" => [true, null]];']];
        yield 'output on both streams' => [['eval', 'echo "out\n"; fwrite(STDERR, "err\n"); return null;']];
        yield 'an exception' => [['eval', 'throw new RuntimeException("boom");']];
        yield 'a parse error' => [['eval', 'return 1 +;']];
        yield 'a usage error' => [['eval', '--timeout-ms=abc', 'return 1;']];
        yield 'base64' => [['eval', '--base64', base64_encode('return "decoded";')]];
        yield 'queries off' => [['eval', '--no-queries', 'return 3;']];
        yield 'after --' => [['eval', '--', '--not-an-option']];
    }

    /** @param list<string> $arguments */
    #[DataProvider('commandLines')]
    public function testTheClientAnswersAsThePhpFrontEndWithoutStartingPhp(array $arguments): void
    {
        [$client, $clientStarts] = $this->counted($arguments);
        [$php, $phpStarts] = $this->counted($arguments, ['ALTAIR_EVAL_NO_CLIENT' => '1']);

        self::assertSame(0, $clientStarts, 'the client answered: no PHP started');
        self::assertGreaterThan(0, $phpStarts);
        self::assertSame($php->exitCode, $client->exitCode, $client->stderr);
        self::assertSame(Measured::erased($php->stdout), Measured::erased($client->stdout));
        self::assertSame($php->stderr, $client->stderr);
    }

    public function testAProjectPathLongerThanASocketAddressIsServedByTheClientToo(): void
    {
        // The marker is named by the project's path (over the 108 bytes of a socket address here);
        // the client connects to the socket it links to, in the same directory.
        $this->altair(['serve', '--stop']);
        $this->repository->remove($this->project);
        $this->project = $this->repository->temporaryDirectory() . '/' . str_repeat('a-long-project-directory-name-', 4);
        mkdir($this->project, 0755, true);
        self::assertSame(0, $this->altair(['serve', '--daemon'])->exitCode);

        [$call, $starts] = $this->counted(['eval', 'return 8;']);

        self::assertGreaterThan(108, strlen($this->work . '/runtime/altair-eval/root' . str_replace('/', '%2F', $this->project)));
        self::assertSame(0, $starts);
        self::assertSame(0, $call->exitCode, $call->stderr);
        self::assertStringStartsWith("✓ int 8\n", $call->stdout);
    }

    public function testAFileIsReadFromTheClientsWorkingDirectory(): void
    {
        $elsewhere = $this->work . '/elsewhere';
        mkdir($elsewhere . '/snippets', 0755, true);
        file_put_contents($elsewhere . '/snippets/s.php', '<?php return "from the file";');

        [$call, $starts] = $this->counted(['eval', '--file=snippets/s.php'], [], $elsewhere);

        self::assertSame(0, $starts);
        self::assertSame(0, $call->exitCode, $call->stderr);
        self::assertStringStartsWith("✓ string \"from the file\"\n", $call->stdout);
        $missing = $this->altair(['eval', '--file=snippets/s.php']);
        self::assertSame(2, $missing->exitCode, 'relative to the working directory, not the server\'s');
    }

    public function testTheClientsDatabasesVariableIsTheOneRead(): void
    {
        $variable = ['ALTAIR_EVAL_DATABASES' => 'mysql://app@127.0.0.1:3306/app'];
        $snippet = ['eval', '--format=json', 'return 1;'];

        [$client, $starts] = $this->counted($snippet, $variable);
        $php = $this->altair($snippet, $variable + ['ALTAIR_EVAL_NO_CLIENT' => '1']);
        $without = $this->altair($snippet);

        self::assertSame(0, $starts);
        self::assertSame($php->exitCode, $client->exitCode);
        self::assertSame(Measured::erased($php->stdout), Measured::erased($client->stdout));
        self::assertSame($php->stderr, $client->stderr);
        self::assertNotSame(Measured::erased($without->stdout) . $without->stderr, Measured::erased($client->stdout) . $client->stderr,
            'the variable changed the call: the client passed it on');
    }

    public function testStdinIsLeftToThePhpFrontEnd(): void
    {
        $served = $this->served();
        [$call, $starts] = $this->counted(['eval', '--stdin'], [], null, 'return "piped";');

        self::assertGreaterThan(0, $starts, 'the client fell back to the PHP front-end');
        self::assertSame(0, $call->exitCode, $call->stderr);
        self::assertStringStartsWith("✓ string \"piped\"\n", $call->stdout);
        self::assertSame($served + 1, $this->served(), 'evaluated once, by the server');
    }

    public function testARuntimeDirectoryOthersCanReachIsNotTrusted(): void
    {
        $served = $this->served();
        chmod($this->work . '/runtime/altair-eval', 0755);
        try {
            [$call, $starts] = $this->counted(['eval', 'return 5;']);
        } finally {
            chmod($this->work . '/runtime/altair-eval', 0700);
        }

        self::assertGreaterThan(0, $starts);
        self::assertSame(0, $call->exitCode, $call->stderr);
        self::assertStringStartsWith("✓ int 5\n", $call->stdout);
        self::assertSame($served, $this->served(), 'neither client spoke to that server: the call ran cold');
    }

    public function testAServerThatIsGoneIsLeftToThePhpFrontEnd(): void
    {
        preg_match('/^pid: (\d+)$/m', $this->altair(['serve', '--status'])->stdout, $match);
        self::assertNotEmpty($match, 'the status names the server\'s pid');
        posix_kill((int) $match[1], SIGKILL);
        for ($i = 0; $i < 200 && posix_kill((int) $match[1], 0); $i++) {
            usleep(10000);
        }

        [$call, $starts] = $this->counted(['eval', 'return 6;']);

        self::assertGreaterThan(0, $starts);
        self::assertSame(0, $call->exitCode, $call->stderr);
        self::assertStringStartsWith("✓ int 6\n", $call->stdout);
    }
}
