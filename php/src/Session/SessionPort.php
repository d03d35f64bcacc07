<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Session;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\Outcome;

/**
 * Sessions as the front-ends hold them (docs/api.md, "Sessions"): opened with a call's options as
 * their defaults, named by a handle, owned by whoever opened them. A handle that is not the
 * caller's is refused exactly as one that does not exist (UnknownSession), so a handle cannot be
 * probed. The MCP server owns one table (its process is the owner); the project's server keeps one
 * per worker, its owner the client's uid.
 */
interface SessionPort
{
    /**
     * Opens a session: $defaults' snippet runs first (call 1, SessionInfo::$opening).
     *
     * @throws EvalException when it cannot be had (the opening did not end well, too many open)
     * @throws UsageError    when the extension refuses the request as asked
     */
    public function open(EvalCall $defaults, string $owner): SessionInfo;

    /**
     * One call in the session, with its defaults; $timeoutMs null: the defaults' timeout.
     *
     * @throws UsageError    when no open session of $owner has this handle (UnknownSession)
     * @throws EvalException  when the session has ended (closed, idle, its code changed: the message says which)
     */
    public function evaluate(string $id, string $owner, string $snippet, ?int $timeoutMs = null): Outcome;

    /**
     * @throws UsageError    when no open session of $owner has this handle (UnknownSession)
     */
    public function close(string $id, string $owner): void;

    /**
     * The open sessions, oldest first; of $owner only when given.
     *
     * @return list<SessionInfo>
     */
    public function sessions(?string $owner = null): array;

    /** Closes every session (the owner is going away). */
    public function closeAll(): void;
}
