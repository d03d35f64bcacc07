<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Support;

/**
 * Runs a command to completion and keeps its exit code, stdout and stderr.
 */
final class Process
{
    private function __construct(
        public readonly int $exitCode,
        public readonly string $stdout,
        public readonly string $stderr,
    ) {
    }

    /**
     * @param list<string> $command
     * @param array<string, string>|null $environment
     */
    public static function run(array $command, string $stdin = '', ?string $cwd = null, ?array $environment = null): self
    {
        $process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $cwd, $environment);
        if (!is_resource($process)) {
            throw new \RuntimeException('Cannot start ' . implode(' ', $command));
        }
        fwrite($pipes[0], $stdin);
        fclose($pipes[0]);
        $stdout = (string) stream_get_contents($pipes[1]);
        $stderr = (string) stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);

        return new self(proc_close($process), $stdout, $stderr);
    }

    /**
     * `bin/altair …` as a user runs it (the launcher starts this PHP, with the module built in the
     * checkout when the ini does not load it).
     *
     * @param list<string> $arguments
     * @param array<string, string> $environment added to this process's environment
     */
    public static function altair(array $arguments, string $stdin = '', ?string $cwd = null, array $environment = []): self
    {
        return self::run([(new Repository())->altair(), ...$arguments], $stdin, $cwd, $environment + ['PHP_BINARY' => PHP_BINARY] + getenv());
    }
}
