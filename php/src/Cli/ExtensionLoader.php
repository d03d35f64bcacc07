<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * Makes bin/altair work without editing php.ini: when the extension is not loaded, run the same
 * script again with the module built in the checkout (`-d extension=…`), replacing this process when
 * pcntl_exec is there and supervising a child with the same stdio otherwise. The Composer package
 * outside a checkout has no module to fall back on (Installation): it says what to install, in one line.
 */
final class ExtensionLoader
{
    public const EXTENSION = 'altair_eval';
    /** Set in the re-executed process, so that a module that does not load cannot loop. */
    public const GUARD_VARIABLE = 'ALTAIR_EVAL_REEXEC';

    /**
     * @param resource    $stderr
     * @param string|null $missing what to say when there is no module ('' as $modulePath: none to
     *                             look for); null: instructions()
     */
    public function __construct(
        private readonly string $modulePath,
        private readonly string $script,
        private $stderr,
        private readonly ?string $missing = null,
    ) {
    }

    public function isLoaded(): bool
    {
        return extension_loaded(self::EXTENSION);
    }

    /**
     * Runs the script again with the module and returns its exit code; returns 2 with instructions on
     * stderr when there is no module or it did not load.
     *
     * @param list<string> $arguments the script's arguments, without the script itself
     */
    public function reexecute(array $arguments): int
    {
        if (getenv(self::GUARD_VARIABLE) === '1') {
            fwrite($this->stderr, sprintf(
                "altair: PHP did not load %s (see the warning above); rebuild it for %s with: %s\n",
                $this->modulePath,
                PHP_VERSION,
                $this->buildCommand(),
            ));

            return ExitCode::Usage->value;
        }
        if ($this->modulePath === '' || !is_file($this->modulePath)) {
            fwrite($this->stderr, $this->missing === null ? $this->instructions() : $this->missing . "\n");

            return ExitCode::Usage->value;
        }

        $environment = getenv();
        $environment[self::GUARD_VARIABLE] = '1';

        return self::replace(['-d', 'extension=' . $this->modulePath, $this->script, ...$arguments], $environment, $this->stderr);
    }

    /**
     * Runs this PHP again with $argv: replaces this process when pcntl_exec is there, or runs a child
     * with the same stdio and returns its exit code.
     *
     * @param list<string>          $argv        PHP's arguments
     * @param array<string, string> $environment
     * @param resource              $stderr
     */
    public static function replace(array $argv, array $environment, $stderr): int
    {
        if (function_exists('pcntl_exec')) {
            @pcntl_exec(PHP_BINARY, $argv, $environment);
            // Only reached when exec failed; fall back to a supervised child.
        }
        $process = proc_open([PHP_BINARY, ...$argv], [0 => STDIN, 1 => STDOUT, 2 => STDERR], $pipes, null, $environment);
        if (!is_resource($process)) {
            fwrite($stderr, sprintf("altair: could not start %s.\n", PHP_BINARY));

            return ExitCode::Failed->value;
        }

        return proc_close($process);
    }

    public function instructions(): string
    {
        return sprintf(
            "altair: the %s extension is not loaded, and there is no module at %s.\n"
            . "Build it in the checkout:  %s\n"
            . "or install it:             pecl install %s  (then add extension=%s to php.ini)\n",
            self::EXTENSION,
            $this->modulePath,
            $this->buildCommand(),
            self::EXTENSION,
            self::EXTENSION,
        );
    }

    private function buildCommand(): string
    {
        return sprintf(
            'cd %s && phpize && ./configure --enable-altair-eval && make',
            escapeshellarg(dirname($this->modulePath, 2)),
        );
    }
}
