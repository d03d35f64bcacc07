<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Events\EventLogException;

/**
 * `altair eval` without booting the console application: the command line an agent sends (long
 * options, `--`, the snippet) is parsed here and run through the same EvalRun as EvalCommand, with
 * the same usage errors, exit codes and output. Whatever this parser does not fully understand (help,
 * short or global options, an unknown option, a missing value, too many arguments), and output to a
 * terminal or with a verbosity or colour override, is left to the console application, whose answer
 * is then the reference: parse() or applies() says so, and nothing has been read or run yet.
 */
final class LeanEval implements OptionValues
{
    /** EvalCommand's options by how they take values (EvalCommandParityTest keeps them in step). */
    public const FLAGS = ['stdin', 'base64', 'network', 'allow-network', 'unsafe', 'no-queries', 'no-effects'];
    public const VALUES = ['file', 'timeout-ms', 'memory-mb', 'env-policy', 'bootstrap', 'project-root', 'format', 'session'];
    public const LISTS = ['allow-endpoint', 'env', 'database', 'fake-http'];
    /** Options whose value is optional: absent false, given alone null, as Symfony gives them. */
    public const OPTIONAL = ['writes', 'allow-writes'];

    /** @var array<string, string|true|null|list<string>> */
    private array $options = [];
    private ?string $snippet = null;

    private function __construct()
    {
    }

    /**
     * @param list<string> $arguments the command line after `eval`
     * @return self|null null when the console application must parse it
     */
    public static function parse(array $arguments): ?self
    {
        $lean = new self();
        $positional = [];
        $options = true;
        for ($i = 0, $count = count($arguments); $i < $count; $i++) {
            $token = $arguments[$i];
            if (!$options || $token === '' || $token === '-' || $token[0] !== '-') {
                $positional[] = $token;
            } elseif ($token === '--') {
                $options = false;
            } elseif (!str_starts_with($token, '--') || !$lean->option(substr($token, 2), $arguments[$i + 1] ?? null, $i)) {
                return null;
            }
        }
        if (count($positional) > 1) {
            return null;
        }
        $lean->snippet = $positional[0] ?? null;

        return $lean;
    }

    /**
     * Whether the console application would print exactly what this path prints: no colours (stdout
     * is not a terminal and nothing forces them) and the normal verbosity.
     *
     * @param resource $stdout
     */
    public static function applies($stdout): bool
    {
        foreach (['SHELL_VERBOSITY', 'FORCE_COLOR', 'MSYSTEM'] as $variable) {
            if ((string) getenv($variable) !== '') {
                return false;
            }
        }

        return getenv('TERM_PROGRAM') !== 'Hyper' && !stream_isatty($stdout);
    }

    /** The snippet argument, when there was one. */
    public function snippet(): ?string
    {
        return $this->snippet;
    }

    public function getOption(string $name): mixed
    {
        if (!array_key_exists($name, $this->options)) {
            return in_array($name, self::OPTIONAL, true) ? false : null;
        }

        return $this->options[$name];
    }

    /**
     * @param resource $stdin
     * @param resource $stdout
     * @param resource $stderr
     */
    public function run(EvalRun $run, $stdin, $stdout, $stderr): int
    {
        $errors = new ErrorLine();
        try {
            $options = new OptionReader($this);
            $format = $run->format($options);
            $call = $run->call($options, $this->snippet, $stdin);
            $outcome = $run->evaluate($call);
            fwrite($stdout, $run->render($outcome, $call, $format, false, false, !$options->flag('no-queries'), !$options->flag('no-effects')));

            return $run->exitCode($outcome);
        } catch (UsageError $error) {
            fwrite($stderr, $errors->usage($error->getMessage(), 'eval', true) . PHP_EOL);

            return ExitCode::Usage->value;
        } catch (EvalException | EventLogException $failure) {
            fwrite($stderr, $errors->failure($failure->getMessage()) . PHP_EOL);

            return ExitCode::Failed->value;
        } catch (\Throwable $bug) {
            fwrite($stderr, $errors->failure(sprintf('internal error (%s): %s', $bug::class, $bug->getMessage())) . PHP_EOL);

            return ExitCode::Failed->value;
        }
    }

    /**
     * Takes `--name`, `--name=value` or `--name value` (advancing $i past the value) as Symfony's
     * ArgvInput would; false for anything it would treat differently or refuse.
     */
    private function option(string $token, ?string $next, int &$i): bool
    {
        $equals = strpos($token, '=');
        $name = $equals === false ? $token : substr($token, 0, $equals);
        $value = $equals === false ? null : substr($token, $equals + 1);
        if (in_array($name, self::FLAGS, true)) {
            $this->options[$name] = true;

            return $value === null;
        }
        if (in_array($name, self::OPTIONAL, true)) {
            // Symfony takes the next word as the value unless it starts with a dash (an empty word too)
            if ($value === null && $next !== null && ($next === '' || $next[0] !== '-')) {
                $value = $next;
                $i++;
            }
            $this->options[$name] = $value;

            return $value !== '';
        }
        if (!in_array($name, self::VALUES, true) && !in_array($name, self::LISTS, true)) {
            return false;
        }
        if ($value === null && $next !== null && $next !== '' && $next[0] !== '-') {
            $value = $next;
            $i++;
        }
        if ($value === null || $value === '') {
            return false;
        }
        if (in_array($name, self::LISTS, true)) {
            $list = $this->options[$name] ?? [];
            $this->options[$name] = [...(is_array($list) ? $list : []), $value];
        } else {
            $this->options[$name] = $value;
        }

        return true;
    }
}
