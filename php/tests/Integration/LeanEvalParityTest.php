<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Integration;

use AltairEval\Frontend\Cli\EvalCommand;
use AltairEval\Frontend\Cli\LeanEval;
use AltairEval\Frontend\Events\IdGenerator;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\Outcomes;
use AltairEval\Frontend\Tests\Support\Measured;
use AltairEval\Frontend\Tests\Support\Process;
use AltairEval\Frontend\Tests\Support\Repository;
use AltairEval\Frontend\Tests\Unit\Cli\EvalCommandTest;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * The lean `eval` path prints, exits and fails exactly like the console application it stands in
 * for: the same command lines through bin/altair, once on the lean path and once through Symfony
 * Console (SHELL_VERBOSITY=0 sends it there without changing the output).
 */
final class LeanEvalParityTest extends TestCase
{
    private Repository $repository;
    private string $root;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->root = $this->repository->temporaryDirectory();
        file_put_contents($this->root . '/s.php', 'return 1;');
        file_put_contents($this->root . '/boot.php', '<?php return null;');
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->root);
    }

    /**
     * @return iterable<string, array{list<string>, string}>
     */
    public static function commandLines(): iterable
    {
        foreach (EvalCommandTest::usageErrors() as $name => [$arguments]) {
            if ($arguments[0] === 'eval') {
                yield $name => [array_slice($arguments, 1), ''];
            }
        }
        yield 'human' => [['echo "hi\n"; return [1, "two"];'], ''];
        yield 'json after --' => [['--format', 'json', '--timeout-ms=5000', '--', '-1'], ''];
        yield 'stdin base64' => [['--stdin', '--base64'], base64_encode('throw new RuntimeException("no");')];
        yield 'file and options' => [['--file=ROOT/s.php', '--memory-mb', '64', '--bootstrap=ROOT/boot.php', '--allow-endpoint=127.0.0.1:5432'], ''];
        yield 'a value that looks like an option' => [['--format', '--stdin', 'x'], ''];
        yield 'empty value' => [['--format=', 'x'], ''];
        yield 'flag with a value' => [['--stdin=1', 'x'], ''];
        yield 'short option' => [['-v', 'throw new Exception("x");'], ''];
        yield 'rollback' => [['--writes=rollback', 'return 1;'], ''];
        yield 'rollback as the next word' => [['--writes', 'rollback', 'return 1;'], ''];
        yield 'writes takes the snippet as its value' => [['--allow-writes', 'return 2;'], ''];
        yield 'writes and a snippet on stdin' => [['--writes', 'rollback', '--stdin'], 'return 3;'];
        yield 'writes with an unknown mode' => [['--writes=keep', 'return 1;'], ''];
        yield 'writes kept and rolled back' => [['--writes', '--allow-writes=rollback', 'return 1;'], ''];
        yield 'writes with an empty value' => [['--writes=', 'return 1;'], ''];
        yield 'a database that is not a URL' => [['--database=127.0.0.1:5432', 'return 1;'], ''];
        yield 'no queries' => [['--no-queries', '--database', 'pgsql://127.0.0.1:1', 'return 1;'], ''];
    }

    /**
     * @param list<string> $arguments
     */
    #[DataProvider('commandLines')]
    public function testLeanAndConsoleAgree(array $arguments, string $stdin): void
    {
        $arguments = ['eval', '--project-root=' . $this->root, ...array_map(fn (string $a): string => str_replace('ROOT', $this->root, $a), $arguments)];

        $lean = Process::altair($arguments, $stdin);
        $console = Process::altair($arguments, $stdin, null, ['SHELL_VERBOSITY' => '0']);

        self::assertSame($console->exitCode, $lean->exitCode, $lean->stderr);
        self::assertSame(Measured::erased($console->stdout), Measured::erased($lean->stdout));
        self::assertSame($console->stderr, $lean->stderr);
    }

    /**
     * The one difference, and the proof that the lean path is the one taken: Symfony's console
     * application exports COLUMNS, LINES and SHELL_VERBOSITY, which the snippet's child inherits;
     * the lean path passes the caller's environment as it is.
     */
    public function testTheLeanPathLeavesTheCallersEnvironmentAsItIs(): void
    {
        $arguments = ['eval', '--project-root=' . $this->root, '--format=json', 'return [getenv("COLUMNS"), getenv("SHELL_VERBOSITY")];'];
        $saved = [getenv('COLUMNS'), getenv('SHELL_VERBOSITY')];
        putenv('COLUMNS');
        putenv('SHELL_VERBOSITY');
        try {
            $lean = json_decode(Process::altair($arguments)->stdout, true);
            $console = json_decode(Process::altair($arguments, '', null, ['SHELL_VERBOSITY' => '0'])->stdout, true);
        } finally {
            foreach (['COLUMNS', 'SHELL_VERBOSITY'] as $i => $name) {
                if (is_string($saved[$i])) {
                    putenv($name . '=' . $saved[$i]);
                }
            }
        }

        self::assertIsArray($lean);
        self::assertIsArray($console);
        self::assertSame([['type' => 'bool', 'value' => false], ['type' => 'bool', 'value' => false]], $lean['result']['value'] ?? null);
        self::assertSame('0', $console['result']['value'][1]['value'] ?? null);
    }

    public function testItsOptionsAreEvalCommandsWithTheSameKindOfValue(): void
    {
        $definition = (new EvalCommand(new FakeEvaluator((new Outcomes())->make()), new Limits(), new IdGenerator()))->getDefinition();

        foreach (LeanEval::FLAGS as $name) {
            self::assertFalse($definition->getOption($name)->acceptValue(), $name);
        }
        foreach (LeanEval::VALUES as $name) {
            self::assertTrue($definition->getOption($name)->isValueRequired() && !$definition->getOption($name)->isArray(), $name);
        }
        foreach (LeanEval::LISTS as $name) {
            self::assertTrue($definition->getOption($name)->isValueRequired() && $definition->getOption($name)->isArray(), $name);
        }
        foreach (LeanEval::OPTIONAL as $name) {
            self::assertTrue($definition->getOption($name)->isValueOptional() && $definition->getOption($name)->getDefault() === false, $name);
        }
        $known = [...LeanEval::FLAGS, ...LeanEval::VALUES, ...LeanEval::LISTS, ...LeanEval::OPTIONAL];
        foreach ($definition->getOptions() as $option) {
            self::assertContains($option->getName(), $known, 'an option the lean parser does not know');
        }
        foreach ($definition->getOptions() as $option) {
            self::assertNull($option->getShortcut(), 'a shortcut the lean parser would not know: ' . $option->getName());
        }
    }
}
