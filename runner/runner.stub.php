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
         * A session's call (Evaluator::openSession): {id, call, kept}: the session's handle, the call's
         * number (the opening snippet is 1), and whether the session's state is this call's now (it
         * ended well) or still the one before it (it did not: nothing of its PHP state is kept; with
         * allowWrites 'rollback' its MySQL and PostgreSQL writes are rolled back to where it began,
         * or, where a statement was still running, that connection is closed with all the session
         * wrote on it; with allowWrites true they stay: docs/relay.md, "Sessions and the database").
         * null outside a session.
         * @var array{id: string, call: int, kept: bool}|null
         */
        public readonly ?array $session;

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

        /**
         * Opens a session (docs/api.md, "Sessions"): $defaults' snippet runs first, in a booted template's
         * worker that then holds its state (variables, objects, the app's container, its database
         * connections and, with databaseMode rollback or read-only, one server transaction); every
         * EvalSession::evaluate() runs in a copy of that state. Throws EvalException when the session
         * cannot be had (the opening snippet did not end well: its result is in the message).
         */
        public function openSession(EvalRequest $defaults, int $idleTimeoutMs = EvalSession::DEFAULT_IDLE_TIMEOUT_MS): EvalSession {}

        /** Stops the warm templates now (they also stop with the object or the process), and the sessions in them. */
        public function close(): void {}
    }

    /**
     * A sequence of evaluations whose state is kept between them (Evaluator::openSession).
     * @strict-properties
     * @not-serializable
     */
    final class EvalSession
    {
        /**
         * How long a session waits for its next call before it ends by itself (5 minutes).
         * @var int
         * @cvalue ALTAIR_EVAL_SESSION_IDLE_MS
         */
        public const DEFAULT_IDLE_TIMEOUT_MS = UNKNOWN;
        /**
         * The most sessions open at once per Evaluator.
         * @var int
         * @cvalue ALTAIR_EVAL_SESSIONS_MAX
         */
        public const MAX_OPEN = UNKNOWN;
        /**
         * The most sessions open at once per project (root directory) per Evaluator.
         * @var int
         * @cvalue ALTAIR_EVAL_SESSIONS_PER_PROJECT_MAX
         */
        public const MAX_OPEN_PER_PROJECT = UNKNOWN;
        /**
         * The most calls one session takes (its opening included); then it must be closed.
         * @var int
         * @cvalue ALTAIR_EVAL_SESSION_CALLS_MAX
         */
        public const MAX_CALLS = UNKNOWN;

        /** Its handle: 32 hex digits of the kernel's random bytes. */
        public readonly string $id;
        /** The project root its defaults name. */
        public readonly string $projectRoot;
        /** How long it waits for a call before it ends by itself. */
        public readonly int $idleTimeoutMs;
        /** The result of its opening snippet (call 1). */
        public readonly EvalResult $opening;

        private function __construct() {}

        /**
         * One call: $snippet runs with the session's defaults ($timeoutMs: its own, null for theirs)
         * in a copy of the session's state, which becomes the session's state when it ends well.
         * Throws EvalException when the session has ended (closed, idle past its timeout, its
         * template stopped, or the application's code changed under it: the message says which).
         */
        public function evaluate(string $snippet, ?int $timeoutMs = null): EvalResult {}

        /** Whether it can take another call now (false once it ended, with why in endedBecause()). */
        public function isOpen(): bool {}

        /** Why it ended, or null while it is open. */
        public function endedBecause(): ?string {}

        /** The calls so far, its opening included. */
        public function calls(): int {}

        /** Ends it now: its state goes, and its database transaction is rolled back. */
        public function close(): void {}
    }

    /**
     * A failure of the evaluator itself (never of the snippet: those are reported in EvalResult).
     */
    final class EvalException extends \RuntimeException
    {
    }
}
