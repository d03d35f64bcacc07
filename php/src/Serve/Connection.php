<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

/**
 * One client of the project's server, never blocking it: its request is read as it arrives
 * (Reading, until a deadline), then it waits for an evaluation (Waiting), then its reply is written
 * as the client takes it (Writing, until a deadline). The socket is non-blocking; the server's loop
 * calls read() and flush() only when select() says they will not block.
 */
final class Connection
{
    public const READING = 'reading';
    public const WAITING = 'waiting';
    public const WRITING = 'writing';

    /** What a request may weigh: a snippet at EvalRequest::MAX_SNIPPET_BYTES and its options, with room. */
    private const REQUEST_MAX_BYTES = 8 * 1024 * 1024;

    public string $state = self::READING;
    /** The sender's uid, from the kernel (SCM_CREDENTIALS on the first bytes it sent). */
    public ?int $uid = null;
    private string $in = '';
    private string $out = '';

    /**
     * @param float $deadline when a Reading or Writing connection is given up (microtime)
     */
    public function __construct(public readonly \Socket $socket, public float $deadline, private readonly Wire $wire)
    {
    }

    /**
     * Reads what arrived; the whole request once it is there, else null.
     *
     * @return array<mixed>|null
     * @throws ServeError when the client closed or sent something malformed
     */
    public function read(): ?array
    {
        [$chunk, $uid] = $this->wire->receiveChunk($this->socket);
        if ($chunk === '') {
            throw new ServeError('a client closed its connection before its request was complete.');
        }
        // Every chunk names its sender: a request whose chunks disagree (or do not say) is nobody's.
        $this->uid = $this->uid === null || $this->uid === $uid ? ($uid ?? -1) : -1;
        $this->in .= $chunk;

        return $this->wire->take($this->in, self::REQUEST_MAX_BYTES);
    }

    /**
     * Queues $message as the reply; flush() writes it.
     *
     * @param array<string, mixed> $message
     */
    public function reply(array $message, float $deadline): void
    {
        $this->out = $this->wire->encode($message);
        $this->state = self::WRITING;
        $this->deadline = $deadline;
    }

    /**
     * Writes as much of the reply as the client takes now; true once all of it is written.
     *
     * @throws ServeError when the client is gone
     */
    public function flush(): bool
    {
        $written = @socket_write($this->socket, $this->out);
        if ($written === false) {
            throw new ServeError('a client went away before its reply was written: ' . socket_strerror(socket_last_error($this->socket)));
        }
        $this->out = substr($this->out, $written);

        return $this->out === '';
    }

    public function close(): void
    {
        socket_close($this->socket);
    }
}
