<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\Outcome;

/**
 * The human form of a result: the snippet's stdout, then `✓ <type> <short value>` or `✗ <Class>:
 * <message>` with `at <file>:<line>`, then the snippet's stderr, `duration=…ms memory=… KB exit=…`
 * and the sandbox line (a session's call: `session: <id> call N (kept)` before it); the statements the database relay saw go under the value (QuerySummary), what
 * the app would have sent under them (EffectSummary), and the databases after the sandbox line. ANSI colours only when asked for (the caller knows whether stdout is a TTY).
 * Everything that comes from the snippet passes through TerminalText: its control characters are
 * shown, never sent to the terminal.
 */
final class HumanRenderer
{
    private const GREEN = "\033[32m";
    private const RED = "\033[31m";
    private const DIM = "\033[2m";
    private const RESET = "\033[0m";
    private const BYTES_PER_KB = 1024;

    /** Names for the fatal error types PHP reports as integers. */
    private const ERROR_TYPES = [
        E_ERROR => 'Fatal error',
        E_PARSE => 'Parse error',
        E_CORE_ERROR => 'Fatal error',
        E_COMPILE_ERROR => 'Fatal error',
        E_USER_ERROR => 'Fatal error',
        E_RECOVERABLE_ERROR => 'Recoverable fatal error',
    ];

    private readonly ValueSummary $values;
    private readonly SandboxSummary $sandbox;
    private readonly QuerySummary $queries;
    private readonly EffectSummary $effects;

    public function __construct(private readonly bool $colour)
    {
        $this->values = new ValueSummary();
        $this->sandbox = new SandboxSummary();
        $this->queries = new QuerySummary();
        $this->effects = new EffectSummary();
    }

    /**
     * @param bool $queries show the statements the database relay saw, under the value
     * @param bool $effects show what the app would have sent, queued, dispatched, called or logged, under them
     */
    public function render(Outcome $outcome, EvalCall $call, bool $verbose = false, bool $queries = true, bool $effects = true): string
    {
        $out = '';
        if ($outcome->stdout !== '') {
            $out .= $this->withNewline(TerminalText::escape($outcome->stdout));
        }
        if ($outcome->stdoutTruncated) {
            $out .= $this->paint(self::DIM, '(stdout truncated)') . "\n";
        }
        $out .= $this->status($outcome, $call, $verbose);
        if ($queries) {
            foreach ($this->queries->lines($outcome->queries, $outcome->sandbox) as $line) {
                $out .= $this->paint(self::DIM, $line) . "\n";
            }
        }
        if ($effects) {
            foreach ($this->effects->lines($outcome->effects) as $line) {
                $out .= $this->paint(self::DIM, $line) . "\n";
            }
        }
        if ($outcome->stderr !== '') {
            $out .= $this->withNewline(TerminalText::escape($outcome->stderr));
        }
        if ($outcome->stderrTruncated) {
            $out .= $this->paint(self::DIM, '(stderr truncated)') . "\n";
        }
        $out .= $this->paint(self::DIM, $this->metrics($outcome)) . "\n";
        if ($outcome->session !== null) {
            $out .= $this->paint(self::DIM, $this->session($outcome->session)) . "\n";
        }
        $out .= $this->paint(self::DIM, $this->sandbox->summarize($outcome->sandbox, $call->unsafe)) . "\n";
        $databases = $this->queries->databasesLine($outcome->sandbox);
        if ($databases !== null) {
            $out .= $this->paint(self::DIM, $databases) . "\n";
        }

        return $out;
    }

    private function status(Outcome $outcome, EvalCall $call, bool $verbose): string
    {
        if ($outcome->timedOut) {
            return $this->failure(sprintf('Timed out after %dms.', $call->timeoutMs));
        }
        if ($outcome->exception !== null) {
            return $this->exception($outcome->exception, $verbose);
        }
        if ($outcome->error !== null) {
            $error = $outcome->error;
            $type = $error['type'] ?? null;
            $label = is_int($type) ? (self::ERROR_TYPES[$type] ?? 'Error') : (is_string($type) && $type !== '' ? $type : 'Error');

            return $this->failure(sprintf('%s: %s', $label, $this->text($error, 'message')))
                . $this->location($error);
        }
        if ($outcome->limitExceeded !== null) {
            return $this->failure(sprintf('Limit exceeded: %s.', $outcome->limitExceeded));
        }
        if ($outcome->signal !== null) {
            return $this->failure(sprintf('Killed by signal %d.', $outcome->signal));
        }
        if (!$outcome->ok || $outcome->exitCode !== 0) {
            return $this->failure(sprintf('Exited with code %d.', $outcome->exitCode));
        }

        $result = $outcome->result ?? ['type' => 'null'];
        $out = $this->paint(self::GREEN, '✓') . ' ' . TerminalText::escape($this->values->summarize($result)) . "\n";
        foreach ($this->values->details($result) as $line) {
            $out .= TerminalText::escape($line) . "\n";
        }

        return $out;
    }

    /**
     * @param array<string, mixed> $exception
     */
    private function exception(array $exception, bool $verbose): string
    {
        $out = $this->failure(sprintf('%s: %s', $this->text($exception, 'class'), $this->text($exception, 'message')))
            . $this->location($exception);
        if ($verbose) {
            $frames = is_array($exception['stack_trace'] ?? null) ? $exception['stack_trace'] : [];
            foreach ($frames as $index => $frame) {
                $out .= sprintf("  #%s %s\n", $index, is_array($frame) ? $this->frame($frame) : (is_string($frame) ? TerminalText::escape($frame) : '?'));
            }
        }
        $previous = is_array($exception['previous'] ?? null) ? $exception['previous'] : [];
        foreach ($previous as $cause) {
            if (is_array($cause)) {
                $out .= sprintf("  caused by %s: %s\n", $this->text($cause, 'class'), $this->text($cause, 'message'))
                    . $this->location($cause);
            }
        }

        return $out;
    }

    /** @param array<mixed> $frame */
    private function frame(array $frame): string
    {
        $call = $this->text($frame, 'class') . $this->text($frame, 'type') . $this->text($frame, 'function');
        $where = $this->text($frame, 'file');
        if ($where !== '' && isset($frame['line'])) {
            $where .= ':' . $this->text($frame, 'line');
        }

        return trim(($call !== '' ? $call . '() ' : '') . $where);
    }

    /** @param array<mixed> $source */
    private function location(array $source): string
    {
        $file = $this->text($source, 'file');
        if ($file === '') {
            return '';
        }

        return sprintf("  at %s:%s\n", $file, $this->text($source, 'line'));
    }

    private function metrics(Outcome $outcome): string
    {
        $line = sprintf(
            'duration=%dms memory=%d KB exit=%d',
            $outcome->durationMs,
            (int) round($outcome->memoryPeakBytes / self::BYTES_PER_KB),
            $outcome->exitCode,
        );
        if ($outcome->signal !== null) {
            $line .= sprintf(' signal=%d', $outcome->signal);
        }
        if ($outcome->limitExceeded !== null) {
            $line .= ' limit=' . $outcome->limitExceeded;
        }

        return $line;
    }

    /**
     * One line for a session's call: its handle, its number, and whether the session keeps what it did.
     *
     * @param array{id: string, call: int, kept: bool} $session
     */
    private function session(array $session): string
    {
        return sprintf(
            'session: %s call %d (%s)',
            TerminalText::escape($session['id']),
            $session['call'],
            $session['kept'] ? 'kept' : 'undone: the session is as before this call',
        );
    }

    private function failure(string $message): string
    {
        return $this->paint(self::RED, '✗') . ' ' . $message . "\n";
    }

    private function paint(string $colour, string $text): string
    {
        return $this->colour ? $colour . $text . self::RESET : $text;
    }

    private function withNewline(string $text): string
    {
        return str_ends_with($text, "\n") ? $text : $text . "\n";
    }

    /** @param array<mixed> $source */
    private function text(array $source, string $key): string
    {
        $value = $source[$key] ?? '';

        return is_scalar($value) ? TerminalText::escape((string) $value) : '';
    }
}
