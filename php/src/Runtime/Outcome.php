<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

/**
 * The result contract (docs/api.md, "The result"; docs/ARCHITECTURE.md, "The result channel") as the front-ends read it: typed accessors over the array that
 * EvalResult::toArray() returns, with the contract's key order kept for JSON output.
 */
final class Outcome
{
    /** The contract's keys in their fixed order. */
    public const KEYS = [
        'ok', 'result', 'stdout', 'stderr', 'exception', 'duration_ms', 'memory_peak_bytes', 'exit_code',
        'timed_out', 'signal', 'limit_exceeded', 'error', 'stdout_truncated', 'stderr_truncated', 'sandbox',
        'host', 'memory_peak_rss_bytes', 'queries', 'effects', 'session',
    ];

    /**
     * @param array<string, mixed>|null $result
     * @param array<string, mixed>|null $exception
     * @param array<string, mixed>|null $error
     * @param array<string, mixed> $sandbox
     * @param array<string, mixed>|null $host what the guest booted (framework, version, environment, bootstrap, debug, boot_id)
     * @param list<array<string, mixed>> $queries what the database relay saw, in order (docs/api.md, "queries")
     * @param list<array<string, mixed>> $effects what the app would have sent, queued, dispatched, called or logged, and the connections refused (docs/api.md, "effects")
     * @param array{id: string, call: int, kept: bool}|null $session a session's call: its handle, the call's number (the opening is 1), whether its state is kept; null outside a session
     */
    private function __construct(
        public readonly bool $ok,
        public readonly ?array $result,
        public readonly string $stdout,
        public readonly string $stderr,
        public readonly ?array $exception,
        public readonly int $durationMs,
        public readonly int $memoryPeakBytes,
        public readonly int $exitCode,
        public readonly bool $timedOut,
        public readonly ?int $signal,
        public readonly ?string $limitExceeded,
        public readonly ?array $error,
        public readonly bool $stdoutTruncated,
        public readonly bool $stderrTruncated,
        public readonly array $sandbox,
        public readonly ?array $host,
        public readonly ?int $memoryPeakRssBytes = null,
        public readonly array $queries = [],
        public readonly array $effects = [],
        public readonly ?array $session = null,
    ) {
    }

    /**
     * @param array<mixed> $data an EvalResult::toArray() or a decoded contract JSON object
     */
    public static function fromArray(array $data): self
    {
        return new self(
            ok: self::bool($data, 'ok'),
            result: self::map($data, 'result'),
            stdout: self::string($data, 'stdout'),
            stderr: self::string($data, 'stderr'),
            exception: self::map($data, 'exception'),
            durationMs: self::int($data, 'duration_ms'),
            memoryPeakBytes: self::int($data, 'memory_peak_bytes'),
            exitCode: self::int($data, 'exit_code'),
            timedOut: self::bool($data, 'timed_out'),
            signal: isset($data['signal']) ? self::int($data, 'signal') : null,
            limitExceeded: isset($data['limit_exceeded']) ? self::string($data, 'limit_exceeded') : null,
            error: self::map($data, 'error'),
            stdoutTruncated: self::bool($data, 'stdout_truncated'),
            stderrTruncated: self::bool($data, 'stderr_truncated'),
            sandbox: self::map($data, 'sandbox') ?? [],
            host: self::map($data, 'host'),
            memoryPeakRssBytes: isset($data['memory_peak_rss_bytes']) ? self::int($data, 'memory_peak_rss_bytes') : null,
            queries: self::entries($data, 'queries'),
            effects: self::entries($data, 'effects'),
            session: self::session($data),
        );
    }

    /**
     * The contract, keys in their fixed order.
     *
     * @return array<string, mixed>
     */
    public function toArray(): array
    {
        return [
            'ok' => $this->ok,
            'result' => $this->result,
            'stdout' => $this->stdout,
            'stderr' => $this->stderr,
            'exception' => $this->exception,
            'duration_ms' => $this->durationMs,
            'memory_peak_bytes' => $this->memoryPeakBytes,
            'exit_code' => $this->exitCode,
            'timed_out' => $this->timedOut,
            'signal' => $this->signal,
            'limit_exceeded' => $this->limitExceeded,
            'error' => $this->error,
            'stdout_truncated' => $this->stdoutTruncated,
            'stderr_truncated' => $this->stderrTruncated,
            'sandbox' => $this->sandbox,
            'host' => $this->host,
            'memory_peak_rss_bytes' => $this->memoryPeakRssBytes,
            'queries' => $this->queries,
            'effects' => $this->effects,
            'session' => $this->session,
        ];
    }

    /**
     * The session key (absent: null, as from an extension that predates sessions).
     *
     * @param array<mixed> $data
     * @return array{id: string, call: int, kept: bool}|null
     */
    private static function session(array $data): ?array
    {
        $session = self::map($data, 'session');
        if ($session === null) {
            return null;
        }
        if (!is_string($session['id'] ?? null) || !is_int($session['call'] ?? null) || !is_bool($session['kept'] ?? null)) {
            throw new \UnexpectedValueException('Result key "session" must be {id: string, call: int, kept: bool} or null.');
        }

        return ['id' => $session['id'], 'call' => $session['call'], 'kept' => $session['kept']];
    }

    /** @param array<mixed> $data */
    private static function bool(array $data, string $key): bool
    {
        $value = $data[$key] ?? false;
        if (!is_bool($value)) {
            throw new \UnexpectedValueException(sprintf('Result key "%s" must be a bool.', $key));
        }

        return $value;
    }

    /** @param array<mixed> $data */
    private static function int(array $data, string $key): int
    {
        $value = $data[$key] ?? 0;
        if (!is_int($value)) {
            throw new \UnexpectedValueException(sprintf('Result key "%s" must be an int.', $key));
        }

        return $value;
    }

    /** @param array<mixed> $data */
    private static function string(array $data, string $key): string
    {
        $value = $data[$key] ?? '';
        if (!is_string($value)) {
            throw new \UnexpectedValueException(sprintf('Result key "%s" must be a string.', $key));
        }

        return $value;
    }

    /**
     * A list of objects (absent: empty, as from an extension that predates the key).
     *
     * @param array<mixed> $data
     * @return list<array<string, mixed>>
     */
    private static function entries(array $data, string $key): array
    {
        $value = $data[$key] ?? [];
        if (!is_array($value) || !array_is_list($value)) {
            throw new \UnexpectedValueException(sprintf('Result key "%s" must be a list.', $key));
        }
        $entries = [];
        foreach ($value as $entry) {
            if ($entry instanceof \stdClass) {
                $entry = get_object_vars($entry);
            }
            if (!is_array($entry)) {
                throw new \UnexpectedValueException(sprintf('Result key "%s" must be a list of objects.', $key));
            }
            /** @var array<string, mixed> $entry */
            $entries[] = $entry;
        }

        return $entries;
    }

    /**
     * @param array<mixed> $data
     * @return array<string, mixed>|null
     */
    private static function map(array $data, string $key): ?array
    {
        $value = $data[$key] ?? null;
        if ($value === null) {
            return null;
        }
        if ($value instanceof \stdClass) {
            $value = get_object_vars($value);
        }
        if (!is_array($value)) {
            throw new \UnexpectedValueException(sprintf('Result key "%s" must be an object or null.', $key));
        }
        /** @var array<string, mixed> $value */
        return $value;
    }
}
