<?php

/**
 * @generate-class-entries
 */

namespace Altair\Eval {

    /**
     * What to evaluate, where, and under which policy. Numbers outside their range are clamped.
     * @strict-properties
     */
    final class EvalRequest
    {
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_TIMEOUT_MS_DEFAULT
         */
        public const DEFAULT_TIMEOUT_MS = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_TIMEOUT_MS_MIN
         */
        public const MIN_TIMEOUT_MS = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_TIMEOUT_MS_MAX
         */
        public const MAX_TIMEOUT_MS = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_MEMORY_MB_DEFAULT
         */
        public const DEFAULT_MEMORY_MB = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_MEMORY_MB_MIN
         */
        public const MIN_MEMORY_MB = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_MEMORY_MB_MAX
         */
        public const MAX_MEMORY_MB = UNKNOWN;
        /**
         * Alias of DEFAULT_MEMORY_MB (this project's first name for it).
         * @var int
         * @cvalue ALTAIR_EVAL_MEMORY_MB_DEFAULT
         */
        public const DEFAULT_MEMORY_LIMIT_MB = UNKNOWN;
        /**
         * Alias of MIN_MEMORY_MB.
         * @var int
         * @cvalue ALTAIR_EVAL_MEMORY_MB_MIN
         */
        public const MIN_MEMORY_LIMIT_MB = UNKNOWN;
        /**
         * Alias of MAX_MEMORY_MB.
         * @var int
         * @cvalue ALTAIR_EVAL_MEMORY_MB_MAX
         */
        public const MAX_MEMORY_LIMIT_MB = UNKNOWN;
        /**
         * A longer snippet is refused with a ValueError before anything runs.
         * @var int
         * @cvalue ALTAIR_EVAL_SNIPPET_MAX_BYTES
         */
        public const MAX_SNIPPET_BYTES = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_ENDPOINTS_MAX
         */
        public const MAX_ALLOW_ENDPOINTS = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_DATABASES_MAX
         */
        public const MAX_DATABASES = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_FAKE_HTTP_MAX
         */
        public const MAX_FAKE_HTTP = UNKNOWN;
        /**
         * The child gets the caller's environment, minus the always-denied variables.
         * @var string
         */
        public const ENV_INHERIT = 'inherit';
        /**
         * The child gets only the variables named in $envAllow, minus the always-denied ones.
         * @var string
         */
        public const ENV_CLEAN = 'clean';

        public readonly string $snippet;
        /** The real path of the project root. */
        public readonly string $projectRoot;
        public readonly int $timeoutMs;
        public readonly int $memoryLimitMb;
        /** The project tree (and the databases) are writable: $allowWrites was true. */
        public readonly bool $allowWrites;
        /**
         * What the database relay lets through: "read-only" (the default), "writes" ($allowWrites
         * true) or "rollback" ($allowWrites "rollback": writes run and are undone at the end; the
         * project tree stays read-only).
         */
        public readonly string $databaseMode;
        public readonly bool $allowNetwork;
        public readonly bool $unsafe;
        /** The real path of the bootstrap file, always inside the project root. */
        public readonly ?string $bootstrap;
        /**
         * Reachable with the network off, normalized: "host:port" ("[v6]:port") for TCP,
         * "unix:/absolute/path" for a Unix socket.
         * @var list<string>
         */
        public readonly array $allowEndpoints;
        /** ENV_INHERIT or ENV_CLEAN. */
        public readonly string $env;
        /** @var list<string> */
        public readonly array $envAllow;
        /**
         * The databases the snippet may reach, through the host's relay only, normalized:
         * "pgsql://host:port", "mysql://…", "redis://…", "rediss://…", "mysql+unix:///path".
         * Credentials in a URL are dropped: the child authenticates itself.
         * @var list<string>
         */
        public readonly array $databases;
        /**
         * Answers for the HTTP calls the app's recording clients take in read-only and rollback mode
         * (docs/api.md, "effects"): "[METHOD ]pattern" => "STATUS[:BODY]", the pattern a URL without
         * its scheme in which "*" stands for any characters ("POST api.stripe.com/*" =>
         * '200:{"id":"ch_1"}'); the first that matches answers, an unmatched call gets a 503 that
         * names the sandbox. The method is upper-cased.
         * @var array<string, string>
         */
        public readonly array $fakeHttp;

        public function __construct(
            string $snippet,
            string $projectRoot,
            int $timeoutMs = 5000,
            int $memoryLimitMb = 128,
            bool|string $allowWrites = false,
            bool $allowNetwork = false,
            bool $unsafe = false,
            ?string $bootstrap = null,
            array $allowEndpoints = [],
            string $env = 'inherit',
            array $envAllow = [],
            array $databases = [],
            array $fakeHttp = []
        ) {}
    }

    /**
     * The outcome of one evaluation. toArray() follows the result contract, keys in fixed order.
     * @strict-properties
     */
    final class EvalResult
    {
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_OUTPUT_MAX_BYTES
         */
        public const OUTPUT_MAX_BYTES = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_EXIT_TIMEOUT
         */
        public const EXIT_TIMEOUT = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_QUERIES_MAX
         */
        public const QUERIES_MAX = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_QUERIES_MAX_BYTES
         */
        public const QUERIES_MAX_BYTES = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_QUERY_TEXT_MAX
         */
        public const QUERY_TEXT_MAX = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_EFFECTS_MAX
         */
        public const EFFECTS_MAX = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_EFFECTS_MAX_BYTES
         */
        public const EFFECTS_MAX_BYTES = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_EFFECT_TEXT_MAX
         */
        public const EFFECT_TEXT_MAX = UNKNOWN;

        public readonly bool $ok;
        public readonly ?array $result;
        public readonly string $stdout;
        public readonly string $stderr;
        public readonly ?array $exception;
        public readonly int $durationMs;
        public readonly int $memoryPeakBytes;
        public readonly int $exitCode;
        public readonly bool $timedOut;
        public readonly ?int $signal;
        public readonly ?string $limitExceeded;
        public readonly ?array $error;
        public readonly bool $stdoutTruncated;
        public readonly bool $stderrTruncated;
        public readonly array $sandbox;
        /** What the guest booted: {framework, version, environment, bootstrap, debug}; null if it never said. */
        public readonly ?array $host;
        /** The child's own peak resident set (VmHWM), null when it ended before it could say. */
        public readonly ?int $memoryPeakRssBytes;
        /**
         * Every statement the evaluation ran through the database relay, in order:
         * {database, text, params, duration_ms, rows, error, refused}; past QUERIES_MAX entries or
         * QUERIES_MAX_BYTES a last {truncated: true} entry.
         * @var list<array<string, mixed>>
         */
        public readonly array $queries;
        /**
         * What the app would have sent, queued, dispatched, called or logged, recorded instead in
         * read-only and rollback mode, and the connections the sandbox refused, in order:
         * {kind: mail|job|event|broadcast|notification|http|log|blocked, ...}; past EFFECTS_MAX
         * entries or EFFECTS_MAX_BYTES a last {truncated: true} entry.
         * @var list<array<string, mixed>>
         */
        public readonly array $effects;

        /**
         * univeros/framework's eight parameters first, in its order; this project's additions after,
         * optional. ok is derived (no time-out, no exception, no evaluator error, exit code 0). A result
         * built here did not come from an evaluation: $sandbox stays as given ([] by default).
         */
        public function __construct(
            ?array $result,
            string $stdout,
            string $stderr,
            ?array $exception,
            int $durationMs,
            int $memoryPeakBytes,
            int $exitCode,
            bool $timedOut,
            ?int $signal = null,
            ?string $limitExceeded = null,
            ?array $error = null,
            bool $stdoutTruncated = false,
            bool $stderrTruncated = false,
            array $sandbox = [],
            array $queries = [],
            array $effects = []
        ) {}

        public function ok(): bool {}

        /** @return array<string, mixed> */
        public function toArray(): array {}
    }

    /**
     * @not-serializable
     */
    final class Evaluator
    {
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_KILL_GRACE_MS
         */
        public const KILL_GRACE_MS = UNKNOWN;
        /**
         * The default of $resultMaxBytes: the most encoded bytes of one result (or exception) the
         * caller takes in; a larger one is discarded with limitExceeded "result_size".
         * @var int
         * @cvalue ALTAIR_EVAL_EVALUATOR_RESULT_MAX_BYTES
         */
        public const RESULT_MAX_BYTES = UNKNOWN;
        /**
         * Warm templates kept at most (one per policy and project); the least recently used is closed.
         * @var int
         * @cvalue ALTAIR_EVAL_WARM_TEMPLATES_MAX
         */
        public const MAX_WARM_TEMPLATES = UNKNOWN;

        public readonly string $phpBinary;
        /** Warm: a pre-started, locked template per policy; each evaluation forks a fresh worker. */
        public readonly bool $warm;
        public readonly int $resultMaxBytes;

        /**
         * $runner and $builder take univeros/framework's SubprocessRunner and WrapperBuilder (any
         * object): accepted so its call `new Evaluator(new SubprocessRunner(), new WrapperBuilder(),
         * $phpBinary)` works unchanged, and unused, since the native runner does both jobs itself.
         * $phpBinary: a path, or a bare name looked up in PATH (univeros's default is "php"); null: the
         * running PHP. Pass it by name; a string as first argument is a TypeError.
         */
        public function __construct(?object $runner = null, ?object $builder = null, ?string $phpBinary = null, bool $warm = false, int $resultMaxBytes = Evaluator::RESULT_MAX_BYTES) {}

        public function evaluate(EvalRequest $request): EvalResult {}

        /** Stops the warm templates now (they also stop with the object or the process). */
        public function close(): void {}
    }

    /**
     * A failure of the evaluator itself (never of the snippet: those are reported in EvalResult).
     */
    final class EvalException extends \RuntimeException
    {
    }
}
