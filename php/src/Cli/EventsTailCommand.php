<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Events\EventLog;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `altair events:tail [-n N]`: the latest records of <root>/.altair/events.jsonl, oldest first. A
 * --writes snippet can append anything to that file: nothing from it reaches the terminal raw.
 */
final class EventsTailCommand extends Command
{
    private const DEFAULT_LINES = 10;
    private const MAX_LINES = 100000;
    private const SHORT_HASH_CHARS = 12;

    public function __construct()
    {
        parent::__construct('events:tail');
    }

    protected function configure(): void
    {
        $this
            ->setDescription('Print the latest events recorded in <root>/.altair/events.jsonl (every --unsafe run)')
            ->addOption('lines', 'n', InputOption::VALUE_REQUIRED, sprintf('How many events, 1 to %d', self::MAX_LINES), (string) self::DEFAULT_LINES)
            ->addOption('project-root', null, InputOption::VALUE_REQUIRED, 'The project whose log to read (default: the current directory)')
            ->addOption('format', null, InputOption::VALUE_REQUIRED, 'human (one summary line per event) or json (the raw JSON lines)', 'human');
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $options = new OptionReader($input);
        $count = $options->intInRange('lines', self::DEFAULT_LINES, 1, self::MAX_LINES);
        $format = $options->choice('format', ['human', 'json'], 'human');
        $log = EventLog::forProjectRoot($options->projectRoot());
        $lines = $log->tail($count);
        if ($lines === [] && $format === 'human') {
            $output->writeln(TerminalText::escape(sprintf('No events in %s.', $log->path())), OutputInterface::OUTPUT_RAW);

            return ExitCode::Ok->value;
        }
        foreach ($lines as $line) {
            $output->writeln($format === 'json' ? $this->json($line) : TerminalText::escape($this->summary($line)), OutputInterface::OUTPUT_RAW);
        }

        return ExitCode::Ok->value;
    }

    /**
     * A line as JSON with every non-ASCII character escaped (\u009b, never the raw C1 control), or,
     * when a snippet wrote something else there, the line made inert (TerminalText).
     */
    private function json(string $line): string
    {
        try {
            return json_encode(json_decode($line, false, 16, JSON_THROW_ON_ERROR), JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION);
        } catch (\JsonException) {
            return TerminalText::escape($line);
        }
    }

    private function summary(string $line): string
    {
        try {
            $event = json_decode($line, true, 16, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            return $line;
        }
        if (!is_array($event)) {
            return $line;
        }
        $extra = is_array($event['extra'] ?? null) ? $event['extra'] : [];
        $text = static fn (mixed $value): string => is_scalar($value) ? (string) $value : '?';
        $yesNo = static fn (mixed $value): string => $value === true ? 'yes' : 'no';

        return sprintf(
            '%s %s %s %s %s %sms unsafe=%s writes=%s network=%s timed_out=%s snippet=%s (%s bytes)',
            $text($event['timestamp'] ?? ''),
            $text($event['actor'] ?? ''),
            $text($event['command'] ?? ''),
            $text($event['status'] ?? ''),
            $text($event['id'] ?? ''),
            $text($event['duration_ms'] ?? ''),
            $yesNo($extra['unsafe'] ?? null),
            ($extra['allow_writes'] ?? null) === 'rollback' ? 'rollback' : $yesNo($extra['allow_writes'] ?? null),
            $yesNo($extra['allow_network'] ?? null),
            $yesNo($extra['timed_out'] ?? null),
            substr($text($extra['snippet_sha256'] ?? ''), 0, self::SHORT_HASH_CHARS),
            $text($extra['snippet_length'] ?? ''),
        );
    }
}
