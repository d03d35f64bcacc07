<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\HumanRenderer;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\TestCase;

final class HumanRendererTest extends TestCase
{
    private Outcomes $outcomes;
    private EvalCall $call;

    protected function setUp(): void
    {
        $this->outcomes = new Outcomes();
        $this->call = new EvalCall('return 1;', '/app', 250, 128);
    }

    public function testSuccessShowsStdoutThenValueThenStderrThenMetrics(): void
    {
        $outcome = $this->outcomes->make([
            'result' => ['type' => 'int', 'value' => 2],
            'stdout' => 'hello',
            'stderr' => "Warning: x\n",
        ]);

        $text = (new HumanRenderer(false))->render($outcome, $this->call);

        self::assertSame(
            "hello\n✓ int 2\nWarning: x\nduration=12ms memory=512 KB exit=0\n"
            . "sandbox: disable_functions open_basedir rlimits seccomp landlock(abi 6) netns ipcns private-view ffi-disabled result-channel\n",
            $text,
        );
    }

    public function testASessionsCallSaysWhetherItWasKept(): void
    {
        $id = str_repeat('0f', 16);
        $kept = (new HumanRenderer(false))->render($this->outcomes->make(['session' => ['id' => $id, 'call' => 3, 'kept' => true]]), $this->call);
        $undone = (new HumanRenderer(false))->render(\AltairEval\Frontend\Runtime\Outcome::fromArray(['session' => ['id' => $id, 'call' => 4, 'kept' => false]] + $this->outcomes->throwing()->toArray()), $this->call);

        self::assertStringContainsString("exit=0\nsession: {$id} call 3 (kept)\nsandbox: ", $kept);
        self::assertStringContainsString("exit=1\nsession: {$id} call 4 (undone: the session is as before this call)\nsandbox: ", $undone);
        self::assertStringNotContainsString('session:', (new HumanRenderer(false))->render($this->outcomes->make(), $this->call));
    }

    public function testAnObjectsPropertiesComeUnderItsLineEscaped(): void
    {
        $outcome = $this->outcomes->make(['result' => ['type' => 'object', 'class' => 'App\Models\User', 'id' => 3, 'properties' => [
            'attributes' => ['type' => 'array', 'is_list' => false, 'count' => 1, 'value' => [
                "name\033[2K" => ['type' => 'string', 'value' => "Ada\r"],
            ]],
        ]]]);

        $text = (new HumanRenderer(false))->render($outcome, $this->call);

        self::assertStringStartsWith("✓ object App\\Models\\User #3\n  attributes: array(1)\n    name\\e[2K: string \"Ada\\r\"\nduration=", $text);
    }

    public function testExceptionShowsClassMessageAndLocation(): void
    {
        $text = (new HumanRenderer(false))->render($this->outcomes->throwing(), $this->call);

        self::assertStringStartsWith("✗ App\\User\\UserNotFoundException: No user with email \"x\".\n  at src/User/UserRepository.php:31\n", $text);
        self::assertStringNotContainsString('#0', $text);
        self::assertStringContainsString('#0 App\User\UserRepository->getByEmail() snippet.php:1', (new HumanRenderer(false))->render($this->outcomes->throwing(), $this->call, verbose: true));
    }

    public function testTimeoutNamesTheLimit(): void
    {
        $text = (new HumanRenderer(false))->render($this->outcomes->timedOut(), $this->call);

        self::assertStringStartsWith("✗ Timed out after 250ms.\n", $text);
        self::assertStringContainsString('exit=124 signal=15 limit=time', $text);
    }

    public function testFatalErrorAndBareExit(): void
    {
        $renderer = new HumanRenderer(false);
        $fatal = $this->outcomes->make(['ok' => false, 'result' => null, 'exit_code' => 255, 'error' => [
            'type' => E_ERROR, 'message' => 'Allowed memory size exhausted', 'file' => 'snippet.php', 'line' => 3,
        ]]);
        $parse = $this->outcomes->make(['ok' => false, 'result' => null, 'exit_code' => 255, 'error' => ['type' => E_PARSE, 'message' => 'syntax error']]);
        $exit = $this->outcomes->make(['ok' => false, 'result' => null, 'exit_code' => 3]);

        self::assertStringStartsWith("✗ Fatal error: Allowed memory size exhausted\n  at snippet.php:3\n", $renderer->render($fatal, $this->call));
        self::assertStringStartsWith("✗ Parse error: syntax error\n", $renderer->render($parse, $this->call));
        self::assertStringStartsWith("✗ Exited with code 3.\n", $renderer->render($exit, $this->call));
    }

    public function testColoursOnlyWhenAsked(): void
    {
        $outcome = $this->outcomes->make();

        self::assertStringNotContainsString("\033[", (new HumanRenderer(false))->render($outcome, $this->call));
        self::assertStringContainsString("\033[32m✓\033[0m", (new HumanRenderer(true))->render($outcome, $this->call));
    }

    public function testTheSnippetCannotRewriteTheVerdictWithControlCharacters(): void
    {
        // A snippet that throws, but prints and says "✓ int 42" over the real line with CR and ESC.
        $fake = "\r\033[2K\033[32m✓\033[0m int 42";
        $outcome = $this->outcomes->make([
            'ok' => false,
            'result' => null,
            'exit_code' => 1,
            'stdout' => "before\tcolumn\n" . $fake . "\n",
            'stderr' => "warn\x07\x7f\xc2\x9b31m" . $fake,
            'exception' => [
                'class' => "RuntimeException\r",
                'message' => 'boom' . $fake,
                'file' => "snippet.php\033[1A",
                'line' => 1,
                'stack_trace' => ["main\r(snippet.php:1)"],
                'previous' => [['class' => 'LogicException', 'message' => "cause\033c", 'file' => 'snippet.php', 'line' => 1]],
            ],
        ]);

        foreach ([false, true] as $colour) {
            $text = (new HumanRenderer($colour))->render($outcome, $this->call, verbose: true);
            $ours = str_replace(["\033[32m", "\033[31m", "\033[2m", "\033[0m"], '', $text);

            self::assertStringNotContainsString("\r", $text);
            self::assertStringNotContainsString("\033", $ours);
            self::assertStringNotContainsString("\x07", $text);
            self::assertStringNotContainsString("\x7f", $text);
            self::assertStringNotContainsString("\xc2\x9b", $text);
        }
        $text = (new HumanRenderer(false))->render($outcome, $this->call, verbose: true);
        self::assertStringContainsString("before\tcolumn\n", $text);
        self::assertStringContainsString('\r\e[2K\e[32m✓\e[0m int 42' . "\n", $text);
        self::assertStringContainsString('warn\x07\x7f\u{9b}31m', $text);
        self::assertStringContainsString("✗ RuntimeException\\r: boom\\r\\e[2K", $text);
        self::assertStringContainsString('at snippet.php\e[1A:1', $text);
        self::assertStringContainsString('#0 main\r(snippet.php:1)', $text);
        self::assertStringContainsString('caused by LogicException: cause\ec', $text);
    }

    public function testAReturnedStringWithControlCharactersIsShownEscaped(): void
    {
        $outcome = $this->outcomes->make(['result' => ['type' => 'string', 'value' => "a\rb\033[31mc\x00"]]);

        $text = (new HumanRenderer(false))->render($outcome, $this->call);

        self::assertStringNotContainsString("\r", $text);
        self::assertStringNotContainsString("\033", $text);
        self::assertStringNotContainsString("\x00", $text);
        self::assertStringContainsString('a\rb\e[31mc\0', $text);
    }

    public function testMarksTruncatedOutput(): void
    {
        $outcome = $this->outcomes->make(['stdout' => 'x', 'stdout_truncated' => true, 'stderr' => 'y', 'stderr_truncated' => true]);
        $text = (new HumanRenderer(false))->render($outcome, $this->call);

        self::assertStringContainsString("x\n(stdout truncated)\n", $text);
        self::assertStringContainsString("y\n(stderr truncated)\n", $text);
    }
}
