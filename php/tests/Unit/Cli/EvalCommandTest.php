<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\AltairApplication;
use Altair\Eval\EvalException;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Outcome;
use AltairEval\Frontend\Tests\Support\CapturingOutput;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\Outcomes;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Console\Input\ArgvInput;

/**
 * Every option and exit code of `altair eval`, against a fake evaluator.
 */
final class EvalCommandTest extends TestCase
{
    private Outcomes $outcomes;
    private FakeEvaluator $evaluator;
    private Repository $repository;
    private string $root;
    private CapturingOutput $output;

    protected function setUp(): void
    {
        $this->outcomes = new Outcomes();
        $this->evaluator = new FakeEvaluator($this->outcomes->returning(['type' => 'int', 'value' => 2]));
        $this->repository = new Repository();
        $this->root = $this->repository->temporaryDirectory();
        $this->output = new CapturingOutput();
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->root);
    }

    /**
     * @param list<string> $arguments
     * @param resource|null $stdin
     */
    private function altair(array $arguments, $stdin = null): int
    {
        $input = new ArgvInput(['altair', ...$arguments]);
        if ($stdin !== null) {
            $input->setStream($stdin);
        }

        return (new AltairApplication($this->evaluator))->run($input, $this->output);
    }

    public function testRunsTheSnippetWithDefaults(): void
    {
        $cwd = (string) getcwd();
        chdir($this->root);
        try {
            $exit = $this->altair(['eval', 'return 1 + 1;']);
        } finally {
            chdir($cwd);
        }

        self::assertSame(0, $exit);
        self::assertStringStartsWith("✓ int 2\nduration=12ms memory=512 KB exit=0\nsandbox: ", $this->output->fetch());
        $call = $this->evaluator->lastCall();
        self::assertSame('return 1 + 1;', $call->snippet);
        self::assertSame($this->root, $call->projectRoot);
        self::assertSame(\Altair\Eval\EvalRequest::DEFAULT_TIMEOUT_MS, $call->timeoutMs);
        self::assertSame(\Altair\Eval\EvalRequest::DEFAULT_MEMORY_LIMIT_MB, $call->memoryLimitMb);
        self::assertFalse($call->allowWrites);
        self::assertFalse($call->allowNetwork);
        self::assertFalse($call->unsafe);
        self::assertNull($call->bootstrap);
        self::assertSame([], $call->allowEndpoints);
        self::assertSame('inherit', $call->envPolicy);
        self::assertSame([], $call->envAllow);
    }

    public function testPassesEndpointsAndTheEnvPolicyThrough(): void
    {
        $exit = $this->altair([
            'eval', '--project-root=' . $this->root, '--allow-endpoint=127.0.0.1:5432', '--allow-endpoint=unix:/run/postgresql/.s.PGSQL.5432',
            '--allow-endpoint=[::1]:6379', '--env=DATABASE_URL', '--env=APP_ENV', 'return 1;',
        ]);

        self::assertSame(0, $exit, $this->output->errors());
        $call = $this->evaluator->lastCall();
        self::assertSame(['127.0.0.1:5432', 'unix:/run/postgresql/.s.PGSQL.5432', '[::1]:6379'], $call->allowEndpoints);
        self::assertSame('clean', $call->envPolicy, '--env alone means the clean policy');
        self::assertSame(['DATABASE_URL', 'APP_ENV'], $call->envAllow);
        self::assertFalse($call->allowNetwork);
    }

    public function testDeclaresDatabasesFromTheOptionOrTheEnvironment(): void
    {
        $exit = $this->altair(['eval', '--project-root=' . $this->root, '--database=pgsql://127.0.0.1:5432', '--database=mysql+unix:///run/mysqld/mysqld.sock', 'return 1;']);

        self::assertSame(0, $exit, $this->output->errors());
        self::assertSame(['pgsql://127.0.0.1:5432', 'mysql+unix:///run/mysqld/mysqld.sock'], $this->evaluator->lastCall()->databases);

        putenv('ALTAIR_EVAL_DATABASES=redis://127.0.0.1:6379, pgsql://db:5432');
        try {
            self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, 'return 1;']), $this->output->errors());
            self::assertSame(['redis://127.0.0.1:6379', 'pgsql://db:5432'], $this->evaluator->lastCall()->databases);
            self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--database=pgsql://127.0.0.1:1', 'return 1;']));
            self::assertSame(['pgsql://127.0.0.1:1'], $this->evaluator->lastCall()->databases, 'the option wins over the environment');
        } finally {
            putenv('ALTAIR_EVAL_DATABASES');
        }
        $calls = count($this->evaluator->calls);
        self::assertSame(2, $this->altair(['eval', '--project-root=' . $this->root, '--database=127.0.0.1:5432', 'return 1;']));
        self::assertStringContainsString('--database must be a URL such as pgsql://127.0.0.1:5432', $this->output->errors());
        self::assertCount($calls, $this->evaluator->calls, 'nothing ran');
    }

    public function testPassesFakeHttpAnswersThrough(): void
    {
        $exit = $this->altair([
            'eval', '--project-root=' . $this->root, '--writes=rollback',
            '--fake-http=POST api.stripe.com/*=200:{"id":"ch_1","a=b":1}', '--fake-http', 'api.example.com/x?y=1=503', 'return 1;',
        ]);

        self::assertSame(0, $exit, $this->output->errors());
        self::assertSame(['POST api.stripe.com/*' => '200:{"id":"ch_1","a=b":1}', 'api.example.com/x?y=1' => '503'], $this->evaluator->lastCall()->fakeHttp);
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, 'return 1;']));
        self::assertSame([], $this->evaluator->lastCall()->fakeHttp);
    }

    public function testNoEffectsHidesThemFromTheHumanOutputOnly(): void
    {
        $this->evaluator->answer($this->outcomes->make(['effects' => [['kind' => 'mail', 'to' => ['eve@example.com'], 'subject' => 'Hi', 'mailable' => null]]]));
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, 'return 1;']));
        self::assertStringContainsString("effects: 1 (recorded, not sent)
  mail     to eve@example.com  \"Hi\"
", $this->output->fetch());

        $this->evaluator->answer($this->outcomes->make(['effects' => [['kind' => 'mail', 'to' => ['eve@example.com'], 'subject' => 'Hi', 'mailable' => null]]]));
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--no-effects', 'return 1;']));
        self::assertStringNotContainsString('effects', $this->output->fetch());

        $this->evaluator->answer($this->outcomes->make(['effects' => [['kind' => 'mail', 'to' => ['eve@example.com'], 'subject' => 'Hi', 'mailable' => null]]]));
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--no-effects', '--format=json', 'return 1;']));
        self::assertSame('mail', json_decode($this->output->fetch(), true)['effects'][0]['kind'] ?? null);
    }

    public function testEnvPolicyCleanWithoutNamesPassesNothing(): void
    {
        $exit = $this->altair(['eval', '--project-root=' . $this->root, '--env-policy=clean', 'return 1;']);

        self::assertSame(0, $exit, $this->output->errors());
        self::assertSame('clean', $this->evaluator->lastCall()->envPolicy);
        self::assertSame([], $this->evaluator->lastCall()->envAllow);
    }

    public function testPassesEveryOptionThrough(): void
    {
        file_put_contents($this->root . '/boot.php', '<?php return 1;');

        $exit = $this->altair([
            'eval', '--project-root=' . $this->root, '--timeout-ms=250', '--memory-mb=64', '--writes', '--network',
            '--bootstrap=' . $this->root . '/boot.php', '--', '-1;',
        ]);

        self::assertSame(0, $exit, $this->output->errors());
        $call = $this->evaluator->lastCall();
        self::assertSame('-1;', $call->snippet);
        self::assertSame(250, $call->timeoutMs);
        self::assertSame(64, $call->memoryLimitMb);
        self::assertTrue($call->allowWrites);
        self::assertTrue($call->allowNetwork);
        self::assertSame($this->root . '/boot.php', $call->bootstrap);
        self::assertFalse($call->unsafe);
    }

    public function testReadsTheSnippetFromAFileAsItIs(): void
    {
        // the extension handles the open tag itself, keeping the snippet's line numbers
        file_put_contents($this->root . '/snippet.php', "\n<?php\nreturn 42;\n");

        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--file=' . $this->root . '/snippet.php']));
        self::assertSame("\n<?php\nreturn 42;\n", $this->evaluator->lastCall()->snippet);
    }

    public function testDecodesABase64Argument(): void
    {
        $code = "\$a = 'it\"s';\n\$a . \"\\n\" // `quoted`";

        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--base64', base64_encode($code)]));
        self::assertSame($code, $this->evaluator->lastCall()->snippet);
    }

    public function testDecodesBase64FromStdinAndFile(): void
    {
        $stdin = fopen('php://memory', 'r+');
        self::assertIsResource($stdin);
        fwrite($stdin, chunk_split(base64_encode('return 1 + 1;'), 8, "\n"));
        rewind($stdin);
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--stdin', '--base64'], $stdin));
        self::assertSame('return 1 + 1;', $this->evaluator->lastCall()->snippet);

        file_put_contents($this->root . '/snippet.b64', base64_encode('<?php 3'));
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--base64', '--file=' . $this->root . '/snippet.b64']));
        self::assertSame('<?php 3', $this->evaluator->lastCall()->snippet);
    }

    public function testReadsTheSnippetFromStdin(): void
    {
        $stdin = fopen('php://memory', 'r+');
        self::assertIsResource($stdin);
        fwrite($stdin, 'return "it\'s quoted";');
        rewind($stdin);

        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--stdin'], $stdin));
        self::assertSame('return "it\'s quoted";', $this->evaluator->lastCall()->snippet);
    }

    public function testJsonFormatIsTheFullContractInOrder(): void
    {
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--format=json', 'return 2;']));

        $json = $this->output->fetch();
        self::assertStringContainsString("\n    \"ok\": true,\n", $json, 'pretty-printed');
        $decoded = json_decode($json, true, 64, JSON_THROW_ON_ERROR);
        self::assertIsArray($decoded);
        self::assertSame(\AltairEval\Frontend\Runtime\Outcome::KEYS, array_keys($decoded));
        self::assertSame(['type' => 'int', 'value' => 2], $decoded['result']);
    }

    public function testExceptionExitsOne(): void
    {
        $this->evaluator->answer($this->outcomes->throwing());

        self::assertSame(1, $this->altair(['eval', '--project-root=' . $this->root, 'throw 1;']));
        self::assertStringStartsWith('✗ App\User\UserNotFoundException: No user with email "x".', $this->output->fetch());
    }

    public function testTimeoutExitsOne(): void
    {
        $this->evaluator->answer($this->outcomes->timedOut());

        self::assertSame(1, $this->altair(['eval', '--project-root=' . $this->root, '--timeout-ms=250', 'while (true) {}']));
        self::assertStringStartsWith("✗ Timed out after 250ms.\n", $this->output->fetch());
    }

    public function testFatalOrNonZeroExitExitsOne(): void
    {
        $this->evaluator->answer($this->outcomes->make(['ok' => false, 'result' => null, 'exit_code' => 7]));

        self::assertSame(1, $this->altair(['eval', '--project-root=' . $this->root, 'exit(7);']));
    }

    public function testEvaluatorFailureExitsOneWithAReason(): void
    {
        $this->evaluator->answer(new EvalException('cannot spawn'));

        self::assertSame(1, $this->altair(['eval', '--project-root=' . $this->root, 'return 1;']));
        self::assertSame("altair: cannot spawn\n", $this->output->errors());
    }

    /**
     * @return iterable<string, array{list<string>, string}>
     */
    public static function usageErrors(): iterable
    {
        yield 'no snippet' => [['eval'], 'No snippet'];
        yield 'empty snippet' => [['eval', '  '], 'The snippet is empty'];
        yield 'unknown option' => [['eval', '--bogus', 'x'], 'The "--bogus" option does not exist'];
        yield 'file and snippet' => [['eval', '--file=ROOT/s.php', 'x'], 'one way only'];
        yield 'file and stdin' => [['eval', '--file=ROOT/s.php', '--stdin'], 'one way only'];
        yield 'unreadable file' => [['eval', '--file=ROOT/missing.php'], '--file: cannot read'];
        yield 'invalid base64' => [['eval', '--base64', 'return 1;'], '--base64: the snippet is not valid base64'];
        yield 'base64 of nothing' => [['eval', '--base64', '===='], '--base64: the snippet is not valid base64'];
        yield 'base64 of blanks' => [['eval', '--base64', base64_encode("  \n")], 'The snippet is empty'];
        yield 'base64 without a snippet' => [['eval', '--base64'], 'No snippet'];
        yield 'timeout too small' => [['eval', '--timeout-ms=99', 'x'], '--timeout-ms must be from 100 to 60000, got 99'];
        yield 'timeout too large' => [['eval', '--timeout-ms=60001', 'x'], '--timeout-ms must be from 100 to 60000'];
        yield 'timeout not a number' => [['eval', '--timeout-ms=1e3', 'x'], '--timeout-ms must be a whole number'];
        yield 'memory too small' => [['eval', '--memory-mb=15', 'x'], '--memory-mb must be from 16 to 512, got 15'];
        yield 'memory too large' => [['eval', '--memory-mb=513', 'x'], '--memory-mb must be from 16 to 512'];
        yield 'negative memory' => [['eval', '--memory-mb=-1', 'x'], '--memory-mb must be a whole number'];
        yield 'bad format' => [['eval', '--format=xml', 'x'], '--format must be one of human, json'];
        yield 'missing project root' => [['eval', '--project-root=ROOT/nope', 'x'], 'is not a directory'];
        yield 'missing bootstrap' => [['eval', '--bootstrap=ROOT/nope.php', 'x'], '--bootstrap: cannot read'];
        yield 'bootstrap outside the root' => [['eval', '--bootstrap=' . __FILE__, 'x'], 'outside the project root'];
        yield 'endpoint without a port' => [['eval', '--allow-endpoint=127.0.0.1', 'x'], '--allow-endpoint must be HOST:PORT'];
        yield 'endpoint port 0' => [['eval', '--allow-endpoint=db:0', 'x'], '--allow-endpoint must be HOST:PORT (port 1-65535)'];
        yield 'endpoint port too large' => [['eval', '--allow-endpoint=db:65536', 'x'], 'got "db:65536"'];
        yield 'relative unix endpoint' => [['eval', '--allow-endpoint=unix:run/pg.sock', 'x'], 'unix:/absolute/path'];
        yield 'bad env name' => [['eval', '--env=A-B', 'x'], '--env must name an environment variable'];
        yield 'bad env policy' => [['eval', '--env-policy=none', 'x'], '--env-policy must be one of inherit, clean'];
        yield 'env names with inherit' => [['eval', '--env-policy=inherit', '--env=PATH', 'x'], '--env names what --env-policy=clean passes on'];
        yield 'fake http without an answer' => [['eval', '--fake-http=api.example.com/*', 'x'], '--fake-http must be \'[METHOD ]host/path*=STATUS[:BODY]\''];
        yield 'fake http with a bad status' => [['eval', '--fake-http=api.example.com/*=600:x', 'x'], '--fake-http must be'];
        yield 'fake http with a space in the pattern' => [['eval', '--fake-http=POST api.example.com/a b=200', 'x'], '--fake-http: "POST api.example.com/a b" is not a pattern'];
        yield 'too many arguments' => [['eval', 'a', 'b'], 'Too many arguments'];
        yield 'unknown command' => [['evil'], 'Command "evil" is not defined'];
        $tooBig = str_repeat('1;', 524289);
        yield 'oversized snippet argument' => [['eval', $tooBig], 'the snippet is over 1048576 bytes'];
        yield 'oversized snippet file' => [['eval', '--file=ROOT/big.php'], 'the snippet is over 1048576 bytes'];
        yield 'oversized base64 snippet' => [['eval', '--base64', base64_encode($tooBig)], 'the snippet is over 1048576 bytes'];
        yield 'unreadable file (a directory)' => [['eval', '--file=ROOT'], '--file: cannot read'];
    }

    /**
     * @param list<string> $arguments
     */
    #[DataProvider('usageErrors')]
    public function testUsageErrorsExitTwoWithOneLineOnStderr(array $arguments, string $reason): void
    {
        file_put_contents($this->root . '/s.php', 'return 1;');
        file_put_contents($this->root . '/big.php', str_repeat('1;', 524289));
        $arguments = array_map(fn (string $a): string => str_replace('ROOT', $this->root, $a), $arguments);
        if ($arguments[0] === 'eval' && !$this->mentions($arguments, '--project-root')) {
            $arguments[] = '--project-root=' . $this->root;
        }

        $exit = $this->altair($arguments);

        $errors = $this->output->errors();
        self::assertSame(2, $exit);
        self::assertStringContainsString($reason, $errors);
        self::assertSame(1, substr_count($errors, "\n"), 'one line: ' . $errors);
        self::assertSame('', $this->output->fetch());
        self::assertSame([], $this->evaluator->calls);
    }

    /**
     * @param list<string> $arguments
     */
    private function mentions(array $arguments, string $option): bool
    {
        foreach ($arguments as $argument) {
            if (str_starts_with($argument, $option)) {
                return true;
            }
        }

        return false;
    }

    public function testUnsafeRunsAreRecorded(): void
    {
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, '--unsafe', '--writes', 'return 2;']));
        $this->evaluator->answer($this->outcomes->timedOut());
        self::assertSame(1, $this->altair(['eval', '--project-root=' . $this->root, '--unsafe', '--network', 'while (true) {}']));
        $this->evaluator->answer(new EvalException('cannot spawn'));
        self::assertSame(1, $this->altair(['eval', '--project-root=' . $this->root, '--unsafe', 'return 3;']));
        $this->evaluator->answer($this->outcomes->make());
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, 'return 4;']), 'a safe run');

        self::assertTrue($this->evaluator->calls[0]->unsafe);
        $lines = file($this->root . '/.altair/events.jsonl', FILE_IGNORE_NEW_LINES);
        self::assertIsArray($lines);
        self::assertCount(6, $lines, 'only the unsafe runs, each before and after');
        $events = array_map(static fn (string $line): mixed => json_decode($line, true, 16, JSON_THROW_ON_ERROR), $lines);

        self::assertSame(['id', 'timestamp', 'actor', 'command', 'kind', 'status', 'duration_ms', 'extra'], array_keys((array) $events[0]));
        self::assertSame(['started', 'ok', 'started', 'fail', 'started', 'fail'], array_column($events, 'status'));
        self::assertSame('cli', $events[1]['actor'] ?? null);
        $extra = [
            'unsafe' => true, 'allow_writes' => true, 'allow_network' => false, 'databases' => [],
            'snippet_sha256' => hash('sha256', 'return 2;'), 'snippet_length' => 9, 'timed_out' => false,
        ];
        self::assertSame($extra, $events[0]['extra'] ?? null);
        self::assertSame($extra + ['queries' => []], $events[1]['extra'] ?? null, 'the outcome adds the statements its databases ran');
        self::assertSame(true, $events[3]['extra']['timed_out'] ?? null);
        self::assertSame(true, $events[3]['extra']['allow_network'] ?? null);
        self::assertMatchesRegularExpression('/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/', (string) ($events[0]['timestamp'] ?? ''));
        self::assertMatchesRegularExpression('/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', (string) ($events[0]['id'] ?? ''));
        self::assertSame($events[0]['id'] ?? null, $events[1]['id'] ?? null, 'the outcome completes its own record');
        self::assertNotSame($events[1]['id'] ?? null, $events[2]['id'] ?? null);
    }

    public function testAnUnsafeRunIsRecordedBeforeItRuns(): void
    {
        $log = $this->root . '/.altair/events.jsonl';
        $evaluator = new class ($this->outcomes->make(), $log) implements EvaluatorPort {
            public ?string $seen = null;

            public function __construct(private readonly Outcome $outcome, private readonly string $log)
            {
            }

            public function evaluate(EvalCall $call): Outcome
            {
                $this->seen = (string) @file_get_contents($this->log);

                return $this->outcome;
            }
        };

        $exit = (new AltairApplication($evaluator))->run(new ArgvInput(['altair', 'eval', '--project-root=' . $this->root, '--unsafe', 'return 1;']), $this->output);

        self::assertSame(0, $exit);
        self::assertStringContainsString('"status":"started"', (string) $evaluator->seen, 'the record was there while the snippet ran');
    }

    public function testAnUnsafeRunThatCannotBeRecordedDoesNotRun(): void
    {
        mkdir($this->root . '/.altair/events.jsonl', 0777, true); // what a --writes snippet can do

        $exit = $this->altair(['eval', '--project-root=' . $this->root, '--unsafe', 'return 1;']);

        self::assertSame(1, $exit);
        self::assertSame([], $this->evaluator->calls, 'not run');
        $errors = $this->output->errors();
        self::assertStringContainsString('--unsafe was refused: it could not be recorded first.', $errors);
        self::assertSame(1, substr_count($errors, "\n"), 'one line: ' . $errors);
        self::assertSame(0, $this->altair(['eval', '--project-root=' . $this->root, 'return 1;']), 'a safe run needs no record');
    }

    public function testAnUnsafeRunIsNotRecordedThroughALinkAPreviousRunPlanted(): void
    {
        $target = $this->root . '/elsewhere';
        mkdir($this->root . '/.altair');
        symlink($target, $this->root . '/.altair/events.jsonl');

        self::assertSame(1, $this->altair(['eval', '--project-root=' . $this->root, '--unsafe', 'return 1;']));
        self::assertFileDoesNotExist($target);
        self::assertSame([], $this->evaluator->calls);
    }

    public function testHelpDescribesEveryOption(): void
    {
        self::assertSame(0, $this->altair(['eval', '--help']));
        $help = $this->output->fetch();
        foreach (['--file', '--stdin', '--base64', '--timeout-ms', '--memory-mb', '--writes', '--network', '--unsafe', '--bootstrap', '--project-root', '--format', '--allow-endpoint', '--env-policy', '--env', '--no-effects', '--fake-http', 'Exit codes'] as $option) {
            self::assertStringContainsString($option, $help);
        }
    }

    public function testTopLevelHelpDescribesEveryCommandAndOption(): void
    {
        self::assertSame(0, $this->altair(['--help']));
        $help = $this->output->fetch();
        foreach (['eval', 'mcp', 'events:tail', '--allow-writes', '--allow-network', '--lines', '--stdin', '--unsafe', '--allow-endpoint'] as $word) {
            self::assertStringContainsString($word, $help);
        }
    }
}
