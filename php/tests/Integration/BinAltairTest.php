<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Runtime\Outcome;
use AltairEval\Frontend\Tests\Support\Process;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;

/**
 * bin/altair as a user runs it, against the real extension and the example app.
 */
final class BinAltairTest extends TestCase
{
    private const REPOSITORY = 'container(App\User\UserRepository::class)';

    private Repository $repository;
    private string $app;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->app = $this->repository->exampleApp();
        if (!is_file($this->app . '/var/app.sqlite')) {
            Process::run([PHP_BINARY, $this->app . '/bin/setup.php']);
        }
    }

    /**
     * @param list<string> $arguments
     */
    private function evalInApp(array $arguments, string $stdin = ''): Process
    {
        return Process::altair(['eval', '--project-root=' . $this->app, ...$arguments], $stdin);
    }

    public function testReexecutesItselfWithTheBuiltModuleWhenTheExtensionIsNotLoaded(): void
    {
        $result = Process::run([PHP_BINARY, '-n', $this->repository->entry(), 'eval', '--project-root=' . $this->app, 'return 1 + 1;']);

        self::assertSame(0, $result->exitCode, $result->stderr);
        self::assertStringStartsWith("✓ int 2\n", $result->stdout);
    }

    public function testHeadlineFindByEmailOfNobodyIsNull(): void
    {
        $result = $this->evalInApp(['return ' . self::REPOSITORY . '->findByEmail("nobody@example.com");']);

        self::assertSame(0, $result->exitCode, $result->stdout . $result->stderr);
        self::assertStringStartsWith("✓ null\nduration=", $result->stdout);
        self::assertMatchesRegularExpression('/^duration=\d+ms memory=\d+ KB exit=0$/m', $result->stdout);
        self::assertMatchesRegularExpression('/^sandbox: /m', $result->stdout);
        self::assertStringNotContainsString("\033[", $result->stdout, 'no colours off a TTY');
    }

    public function testCountAndPrintedOutput(): void
    {
        $result = $this->evalInApp(['echo "counting\n"; return ' . self::REPOSITORY . '->count();']);

        self::assertSame(0, $result->exitCode, $result->stderr);
        self::assertStringStartsWith("counting\n✓ int 3\n", $result->stdout);
    }

    public function testAnExceptionExitsOneWithItsClassAndMessage(): void
    {
        $result = $this->evalInApp(['return ' . self::REPOSITORY . '->getByEmail("nobody@example.com");']);

        self::assertSame(1, $result->exitCode);
        self::assertStringStartsWith('✗ App\User\UserNotFoundException: No user with email "nobody@example.com".', $result->stdout);
        self::assertMatchesRegularExpression('/exit=[1-9]\d*/', $result->stdout);
    }

    public function testEnvPolicyCleanHidesTheCallersSecrets(): void
    {
        $snippet = 'return json_encode([getenv("ALTAIR_TEST_SECRET"), getenv("ALTAIR_TEST_SHARED"), getenv("LD_PRELOAD")]);';
        $environment = ['ALTAIR_TEST_SECRET' => 's3cr3t', 'ALTAIR_TEST_SHARED' => 'shared', 'LD_PRELOAD' => '', 'PHP_BINARY' => PHP_BINARY] + getenv();
        $command = [$this->repository->altair(), 'eval', '--project-root=' . $this->app, '--format=json'];

        $inherit = Process::run([...$command, $snippet], '', null, $environment);
        $clean = Process::run([...$command, '--env=ALTAIR_TEST_SHARED', '--env=LD_PRELOAD', $snippet], '', null, $environment);

        self::assertSame(0, $inherit->exitCode, $inherit->stdout . $inherit->stderr);
        self::assertSame('["s3cr3t","shared",false]', $this->returned($inherit));
        self::assertSame(0, $clean->exitCode, $clean->stdout . $clean->stderr);
        self::assertSame('[false,"shared",false]', $this->returned($clean));
    }

    public function testAnAllowedEndpointIsReportedInTheSandbox(): void
    {
        $result = $this->evalInApp(['--format=json', '--allow-endpoint=127.0.0.1:5432', 'return 1;']);

        self::assertSame(0, $result->exitCode, $result->stdout . $result->stderr);
        $contract = json_decode($result->stdout, true);
        self::assertIsArray($contract);
        // every allowed endpoint is reached through the relay and reported as one of sandbox.databases
        $databases = $contract['sandbox']['databases'] ?? null;
        self::assertIsArray($databases);
        self::assertSame(['127.0.0.1:5432'], array_column($databases, 'address'));
        self::assertSame(['allowEndpoints'], array_column($databases, 'declared_by'));
    }

    private function returned(Process $result): mixed
    {
        $contract = json_decode($result->stdout, true);
        self::assertIsArray($contract, $result->stdout);

        return $contract['result']['value'] ?? null;
    }

    public function testATimeoutExitsOne(): void
    {
        $result = $this->evalInApp(['--timeout-ms=300', 'while (true) {}']);

        self::assertSame(1, $result->exitCode);
        self::assertStringStartsWith("✗ Timed out after 300ms.\n", $result->stdout);
        self::assertStringContainsString('exit=124', $result->stdout);
    }

    public function testSnippetFromStdinAndFileAndJsonFormat(): void
    {
        $fromStdin = $this->evalInApp(['--stdin', '--format=json'], 'return "it\'s \\"quoted\\"";');
        self::assertSame(0, $fromStdin->exitCode, $fromStdin->stderr);
        $decoded = json_decode($fromStdin->stdout, true, 64, JSON_THROW_ON_ERROR);
        self::assertIsArray($decoded);
        self::assertSame(Outcome::KEYS, array_keys($decoded));
        self::assertTrue($decoded['ok']);
        self::assertStringContainsString("\n    \"ok\": true", $fromStdin->stdout);

        $file = tempnam(sys_get_temp_dir(), 'altair');
        self::assertIsString($file);
        file_put_contents($file, "<?php\nreturn 40 + 2;\n");
        try {
            $fromFile = $this->evalInApp(['--file=' . $file]);
        } finally {
            unlink($file);
        }
        self::assertSame(0, $fromFile->exitCode, $fromFile->stderr);
        self::assertStringStartsWith("✓ int 42\n", $fromFile->stdout);
    }

    public function testBase64SnippetWithImplicitReturnAndOpenTag(): void
    {
        $snippet = "<?php\n\$greeting = 'it\\'s \"quoted\" `here`';\nstrlen(\$greeting)";
        $result = $this->evalInApp(['--base64', base64_encode($snippet)]);
        self::assertSame(0, $result->exitCode, $result->stderr);
        self::assertStringStartsWith("✓ int 20\n", $result->stdout);

        $invalid = $this->evalInApp(['--base64', 'not base64!']);
        self::assertSame(2, $invalid->exitCode);
        self::assertStringContainsString('--base64', $invalid->stderr);
    }

    public function testUsageErrorsExitTwoWithOneLineOnStderr(): void
    {
        foreach ([['--timeout-ms=5', 'x'], ['--nope', 'x'], []] as $arguments) {
            $result = $this->evalInApp($arguments);
            self::assertSame(2, $result->exitCode, implode(' ', $arguments));
            self::assertSame(1, substr_count($result->stderr, "\n"), $result->stderr);
            self::assertSame('', $result->stdout);
        }
    }

    public function testEveryUnsafeRunIsRecordedAndTailed(): void
    {
        $root = $this->repository->temporaryDirectory();
        try {
            $ok = Process::altair(['eval', '--unsafe', '--project-root=' . $root, 'return 1;']);
            $timeout = Process::altair(['eval', '--unsafe', '--writes', '--timeout-ms=200', '--project-root=' . $root, 'while (true) {}']);
            $safe = Process::altair(['eval', '--project-root=' . $root, 'return 1;']);
            $tail = Process::altair(['events:tail', '-n', '5', '--format=json', '--project-root=' . $root]);
        } finally {
            $log = @file_get_contents($root . '/.altair/events.jsonl');
            $this->repository->remove($root);
        }

        self::assertSame(0, $ok->exitCode, $ok->stdout . $ok->stderr);
        self::assertSame(1, $timeout->exitCode);
        self::assertSame(0, $safe->exitCode);
        self::assertIsString($log);
        $events = array_map(static fn (string $line): mixed => json_decode($line, true, 8, JSON_THROW_ON_ERROR), explode("\n", trim($log)));
        self::assertCount(4, $events, 'each unsafe run before and after');
        self::assertSame(['started', 'ok', 'started', 'fail'], array_column($events, 'status'));
        self::assertSame([false, false, false, true], array_column(array_column($events, 'extra'), 'timed_out'));
        self::assertSame(trim($log), trim($tail->stdout));
    }
}
