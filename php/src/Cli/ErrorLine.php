<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * The one line bin/altair prints on stderr when it cannot go on: a usage error (exit 2) names the
 * command and where its help is; a failure of the evaluator or of the event log (exit 1) says why.
 * Never more than one line, and never a terminal escape from the text it quotes.
 */
final class ErrorLine
{
    /**
     * @param string|null $command the command as typed, null when there was none
     * @param bool        $known   whether that command exists (its help is then pointed to)
     */
    public function usage(string $message, ?string $command, bool $known): string
    {
        return sprintf(
            'altair%s: %s (see: bin/altair %s--help)',
            $command === null ? '' : ' ' . $command,
            $this->oneLine($message),
            $command === null || !$known ? '' : $command . ' ',
        );
    }

    public function failure(string $message): string
    {
        return sprintf('altair: %s', $this->oneLine($message));
    }

    private function oneLine(string $message): string
    {
        // paths and messages may come from the project: inert for the terminal (TerminalText)
        return TerminalText::escape(trim((string) preg_replace('/\s+/', ' ', $message)));
    }
}
