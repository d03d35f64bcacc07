<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Tests\Support\Process;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * Both ways of starting the CLI (`bin/altair …` and `php bin/altair …`) run the same program, and
 * every bad input is one line on stderr and exit 2: never a stack trace, never the launcher's source.
 */
final class CliInputTest extends TestCase
{
    private Repository $repository;
    private string $scratch;
    private string $app;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->scratch = $this->repository->temporaryDirectory();
        $this->app = $this->repository->exampleApp();
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->scratch);
    }

    /**
     * @return iterable<string, array{string}>
     */
    public static function starts(): iterable
    {
        yield 'bin/altair' => ['direct'];
        yield 'php bin/altair' => ['php'];
    }

    /**
     * @param list<string> $arguments
     */
    private function altair(string $start, array $arguments, string $stdin = ''): Process
    {
        $command = $start === 'php' ? [PHP_BINARY, $this->repository->altair()] : [$this->repository->altair()];

        return Process::run([...$command, ...$arguments], $stdin, $this->scratch, ['PHP_BINARY' => PHP_BINARY] + getenv());
    }

    #[DataProvider('starts')]
    public function testBothStartsEvaluate(string $start): void
    {
        $result = $this->altair($start, ['eval', '--project-root=' . $this->app, 'return container(App\User\UserRepository::class)->count();']);

        self::assertSame(0, $result->exitCode, $result->stderr);
        self::assertStringStartsWith("✓ int 3\n", $result->stdout);
        self::assertStringNotContainsString('#!/', $result->stdout);
    }

    #[DataProvider('starts')]
    public function testBothStartsServeMcp(string $start): void
    {
        $initialize = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}';
        $result = $this->altair($start, ['mcp', '--project-root=' . $this->app], $initialize . "\n");

        self::assertSame(0, $result->exitCode, $result->stderr);
        $reply = json_decode($result->stdout, true, 16, JSON_THROW_ON_ERROR);
        self::assertSame('2025-06-18', $reply['result']['protocolVersion'] ?? null, 'only JSON-RPC on stdout: ' . $result->stdout);
    }

    /**
     * @return iterable<string, array{string, list<string>, string, string}>
     */
    public static function badInputs(): iterable
    {
        $over = str_repeat('1;', 524289);
        foreach (self::starts() as $name => [$start]) {
            yield $name . ': oversized --file' => [$start, ['eval', '--file=SCRATCH/big.php'], '', 'the snippet is over 1048576 bytes'];
            yield $name . ': oversized --stdin' => [$start, ['eval', '--stdin'], $over, 'the snippet is over 1048576 bytes'];
            yield $name . ': unreadable --file (a directory)' => [$start, ['eval', '--file=SCRATCH'], '', '--file: cannot read'];
            yield $name . ': missing --file' => [$start, ['eval', '--file=SCRATCH/missing.php'], '', '--file: cannot read'];
            yield $name . ': missing root' => [$start, ['eval', '--project-root=SCRATCH/nowhere', 'return 1;'], '', '--project-root: "SCRATCH/nowhere" is not a directory'];
            yield $name . ': root the extension refuses' => [$start, ['eval', '--project-root=SCRATCH/a:b', 'return 1;'], '', 'the extension refused the request'];
            yield $name . ': unknown flag' => [$start, ['eval', '--sudo', 'return 1;'], '', 'The "--sudo" option does not exist'];
            yield $name . ': flag mcp refuses' => [$start, ['mcp', '--unsafe'], '', 'The "--unsafe" option does not exist'];
        }
    }

    /**
     * @param list<string> $arguments
     */
    #[DataProvider('badInputs')]
    public function testABadInputIsOneLineAndExitTwo(string $start, array $arguments, string $stdin, string $reason): void
    {
        file_put_contents($this->scratch . '/big.php', str_repeat('1;', 524289));
        mkdir($this->scratch . '/a:b');
        $arguments = array_map(fn (string $argument): string => str_replace('SCRATCH', $this->scratch, $argument), $arguments);
        if ($arguments[0] === 'eval' && !str_contains(implode(' ', $arguments), '--project-root')) {
            $arguments[] = '--project-root=' . $this->app;
        }
        $reason = str_replace('SCRATCH', $this->scratch, $reason);

        $result = $this->altair($start, $arguments, $stdin);

        self::assertSame(2, $result->exitCode, $result->stdout . $result->stderr);
        self::assertSame('', $result->stdout);
        self::assertStringContainsString($reason, $result->stderr);
        self::assertSame(1, substr_count($result->stderr, "\n"), 'one line: ' . $result->stderr);
        self::assertStringNotContainsString('Stack trace', $result->stderr);
    }
}
