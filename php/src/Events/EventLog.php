<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Events;

/**
 * `<root>/.altair/events.jsonl`: one JSON object per line, appended atomically.
 *
 * Each append opens the file with O_APPEND, takes an exclusive flock and writes the whole line with a
 * single fwrite, so concurrent runs never interleave, even for lines longer than PIPE_BUF.
 */
final class EventLog
{
    public const RELATIVE_PATH = '.altair/events.jsonl';
    private const TAIL_CHUNK_BYTES = 8192;
    private const DIRECTORY_MODE = 0775;

    public function __construct(private readonly string $path)
    {
    }

    public static function forProjectRoot(string $projectRoot): self
    {
        return new self(rtrim($projectRoot, '/') . '/' . self::RELATIVE_PATH);
    }

    public function path(): string
    {
        return $this->path;
    }

    public function append(Event $event): void
    {
        $line = $event->toJsonLine();
        $directory = dirname($this->path);
        if (!is_dir($directory) && !@mkdir($directory, self::DIRECTORY_MODE, true) && !is_dir($directory)) {
            throw new EventLogException(sprintf('Cannot create %s.', $directory));
        }
        // A --writes snippet may have planted a link here: appending through it would write elsewhere.
        if (is_link($directory) || is_link($this->path)) {
            throw new EventLogException(sprintf('%s is a symbolic link; remove it.', is_link($directory) ? $directory : $this->path));
        }
        $handle = @fopen($this->path, 'ab');
        if ($handle === false) {
            throw new EventLogException(sprintf('Cannot open %s for appending.', $this->path));
        }
        try {
            if (!flock($handle, LOCK_EX)) {
                throw new EventLogException(sprintf('Cannot lock %s.', $this->path));
            }
            $written = fwrite($handle, $line);
            fflush($handle);
            flock($handle, LOCK_UN);
            if ($written !== strlen($line)) {
                throw new EventLogException(sprintf('Short write to %s.', $this->path));
            }
        } finally {
            fclose($handle);
        }
    }

    /**
     * The latest $count lines, oldest first. Reads backwards from the end, so the cost does not grow
     * with the size of the log.
     *
     * @return list<string>
     */
    public function tail(int $count): array
    {
        if ($count <= 0 || !is_file($this->path)) {
            return [];
        }
        $handle = @fopen($this->path, 'rb');
        if ($handle === false) {
            throw new EventLogException(sprintf('Cannot read %s.', $this->path));
        }
        try {
            flock($handle, LOCK_SH);
            $stat = fstat($handle);
            $position = $stat === false ? 0 : $stat['size'];
            $buffer = '';
            while ($position > 0 && substr_count($buffer, "\n") <= $count) {
                $read = min(self::TAIL_CHUNK_BYTES, $position);
                $position -= $read;
                fseek($handle, $position);
                $buffer = (string) fread($handle, $read) . $buffer;
            }
            flock($handle, LOCK_UN);
        } finally {
            fclose($handle);
        }
        $lines = array_values(array_filter(explode("\n", $buffer), static fn (string $line): bool => $line !== ''));

        return array_slice($lines, -$count);
    }
}
