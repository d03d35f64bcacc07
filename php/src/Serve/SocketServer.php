<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use AltairEval\Frontend\Session\SessionInfo;
use AltairEval\Frontend\Session\UnknownSession;

/**
 * `bin/altair serve`: one project's server on a Unix socket in the user's private runtime directory.
 * A lock held for the server's lifetime makes it the only one for the project; a socket file found
 * without that lock is stale (its server died) and is replaced. Each connection is checked with the
 * kernel's credentials (SCM_CREDENTIALS): a process of another user is refused before its request is
 * evaluated. Connections are served at once (several agents and the CLI): requests are read without
 * blocking and evaluated by a pool of workers (WorkerPool); a client that sends nothing, or takes
 * nothing, is given up after its deadline without holding up the others, and whatever goes wrong in
 * one request is that request's answer. The server stops on `stop`, SIGTERM/SIGINT/SIGHUP, or after
 * the idle timeout without a connection (and without an open session), and removes its socket.
 * Sessions live in the worker that opened them: this loop keeps which worker holds which session,
 * for whom (the uid that opened it), and sends each of its calls there; a handle that is not the
 * client's is refused as one that does not exist.
 */
final class SocketServer
{
    /** How long a client may take to send its whole request, and to take its reply. */
    public const REQUEST_SECONDS = 10;
    public const REPLY_SECONDS = 30;
    private const MAX_CONNECTIONS = 64;

    private ?\Socket $listener = null;
    private ?WorkerPool $pool = null;
    /** @var array<int, Connection> by the id of its socket */
    private array $connections = [];
    /** @var list<array{Connection, array<mixed>, int|null}> requests waiting for a worker (a session's: that one), oldest first */
    private array $queue = [];
    /** @var array<string, array{int, string, SessionInfo}> handle => the worker holding it, its owner, what is shown of it */
    private array $sessions = [];
    /** @var resource|null */
    private $lock = null;
    private bool $stopping = false;
    private int $served = 0;
    private readonly float $startedAt;

    /**
     * @param int      $idleSeconds 0: never stop for idleness
     * @param resource $log
     * @param int      $workers     evaluations at once (worker processes; none without pcntl)
     * @param (\Closure(): void)|null $warm what a worker runs before it takes requests
     */
    public function __construct(
        private readonly RuntimeDir $directory,
        private readonly ServeHandler $handler,
        private readonly int $idleSeconds,
        private $log,
        private readonly int $workers = 1,
        private readonly ?\Closure $warm = null,
        private readonly Wire $wire = new Wire(),
    ) {
        $this->startedAt = microtime(true);
    }

    /**
     * @param resource $log where the server writes what happened from now on
     */
    public function logTo($log): void
    {
        $this->log = $log;
    }

    public function directory(): RuntimeDir
    {
        return $this->directory;
    }

    public function socketPath(): string
    {
        return $this->directory->socket($this->handler->policy->projectRoot);
    }

    /**
     * Takes the project's lock and listens; a stale socket is replaced.
     *
     * @throws ServeError when another server holds the lock, or the socket cannot be made
     */
    public function bind(): void
    {
        $root = $this->handler->policy->projectRoot;
        $this->directory->ensure();
        $this->directory->checkSocketPath($root);
        $lock = @fopen($this->directory->lock($root), 'c');
        if ($lock === false || !flock($lock, LOCK_EX | LOCK_NB)) {
            throw new ServeError(sprintf('a server for %s is already running (bin/altair serve --status).', $root));
        }
        $this->lock = $lock;
        $path = $this->socketPath();
        if (@filetype($path) === 'socket') {
            unlink($path);
            fwrite($this->log, sprintf("altair serve: replaced the stale socket %s\n", $path));
        }
        $listener = socket_create(AF_UNIX, SOCK_STREAM, 0);
        $umask = umask(0077);
        try {
            if ($listener === false || !@socket_bind($listener, $path) || !socket_listen($listener, 16)) {
                throw new ServeError(sprintf('cannot listen on %s: %s', $path, socket_strerror(socket_last_error())));
            }
        } finally {
            umask($umask);
        }
        $this->listener = $listener;
        $marker = $this->directory->marker($root);
        if ($marker !== null) {
            @unlink($marker);
            @symlink(basename($path), $marker);
        }
    }

    /**
     * Starts the workers (each warms its evaluator first); serve() does it when not done yet.
     *
     * @throws ServeError
     */
    public function start(): void
    {
        if ($this->pool === null) {
            $this->pool = new WorkerPool($this->handler, $this->workers, $this->log, $this->warm ?? static function (): void {
            });
            $this->pool->start($this->listener === null ? [] : [$this->listener]);
        }
    }

    /**
     * Serves until stopped; returns the exit code. One loop, never blocked by a client: it accepts,
     * reads requests as they arrive, hands each whole one to an idle worker, writes replies as clients
     * take them, and gives up on a client that is too slow to send or to take (its deadline).
     */
    public function serve(): int
    {
        $listener = $this->listener ?? throw new \LogicException('bind() first.');
        $this->trapSignals();
        try {
            $this->start();
            $pool = $this->pool ?? throw new \LogicException('start() did not start.');
            $lastActive = microtime(true);
            while (!$this->stopping) {
                $read = $write = [];
                if (count($this->connections) < self::MAX_CONNECTIONS) {
                    $read[] = $listener;
                }
                foreach ($this->connections as $connection) {
                    if ($connection->state === Connection::READING) {
                        $read[] = $connection->socket;
                    } elseif ($connection->state === Connection::WRITING) {
                        $write[] = $connection->socket;
                    }
                }
                $read = [...$read, ...array_values($pool->sockets())];
                $except = null;
                $timeout = $this->timeout($lastActive, $pool);
                $ready = @socket_select($read, $write, $except, $timeout === null ? null : (int) $timeout, $timeout === null ? 0 : (int) (($timeout - (int) $timeout) * 1_000_000));
                if ($ready === false) {
                    continue; // a signal: the loop condition decides
                }
                if ($this->connections === [] && !$pool->isBusy() && $this->idleSeconds > 0 && microtime(true) - $lastActive >= $this->idleSeconds && $this->openSessions() === []) {
                    fwrite($this->log, sprintf("altair serve: idle for %ds, stopping\n", $this->idleSeconds));
                    break;
                }
                foreach ($read as $socket) {
                    $lastActive = microtime(true);
                    if ($socket === $listener) {
                        $this->accept($listener);
                    } elseif (in_array($socket, $pool->sockets(), true)) {
                        [$connection, $reply, $slot, $died] = $pool->collect($socket, $this->inherited());
                        $this->noteSessions($reply, $slot, $died);
                        $this->answered($connection, $reply);
                    } elseif (($connection = $this->connectionOf($socket)) !== null) {
                        $this->receive($connection, $pool);
                    }
                }
                foreach ($write as $socket) {
                    $connection = $this->connectionOf($socket);
                    if ($connection !== null) {
                        $this->send($connection);
                    }
                }
                $this->dropLate();
            }
        } finally {
            $this->close();
        }

        return 0;
    }

    private function accept(\Socket $listener): void
    {
        $socket = @socket_accept($listener);
        if ($socket === false) {
            return;
        }
        try {
            $this->wire->passCredentials($socket);
            socket_set_nonblock($socket);
            $hello = $this->wire->encode(['protocol' => Wire::PROTOCOL, 'pid' => getmypid()]);
            if (@socket_write($socket, $hello) !== strlen($hello)) {
                throw new ServeError('cannot greet a client.');
            }
        } catch (ServeError $error) {
            fwrite($this->log, sprintf("altair serve: %s\n", $error->getMessage()));
            socket_close($socket);

            return;
        }
        $this->connections[spl_object_id($socket)] = new Connection($socket, microtime(true) + self::REQUEST_SECONDS, $this->wire);
    }

    private function receive(Connection $connection, WorkerPool $pool): void
    {
        try {
            $request = $connection->read();
        } catch (ServeError $error) {
            fwrite($this->log, sprintf("altair serve: %s\n", $error->getMessage()));
            $this->drop($connection);

            return;
        }
        if ($request === null) {
            return; // more to come
        }
        if ($connection->uid !== posix_geteuid()) {
            fwrite($this->log, sprintf("altair serve: refused a connection from uid %s\n", $connection->uid === -1 || $connection->uid === null ? 'unknown' : $connection->uid));
            $this->answered($connection, ['refused' => 'this server belongs to another user.']);

            return;
        }
        $request['owner'] = sprintf('uid:%d', $connection->uid); // whose sessions: never what the client says
        $reply = $this->reply($request);
        if ($reply !== null) {
            $this->answered($connection, $reply);

            return;
        }
        $slot = null;
        $handle = $this->sessionOf($request);
        if ($handle !== null) {
            $held = $this->openSessions()[$handle] ?? null;
            if ($held === null || !hash_equals($held[1], $request['owner'])) {
                $this->answered($connection, ['refused' => UnknownSession::named($handle)->getMessage()]);

                return;
            }
            $slot = $held[0];
        }
        if ($pool->hasIdle($slot)) {
            $this->dispatch($pool, $connection, $request, $slot);
        } else {
            $connection->state = Connection::WAITING;
            $this->queue[] = [$connection, $request, $slot];
        }
    }

    /**
     * @param array<mixed> $request
     */
    private function dispatch(WorkerPool $pool, Connection $connection, array $request, ?int $slot): void
    {
        $inline = $pool->dispatch($connection, $request, $slot);
        if ($inline !== null) {
            $this->noteSessions($inline, $slot ?? $pool->lastSlot(), false);
            $this->answered($connection, $inline);
        }
    }

    /**
     * The session a request is about (an `eval` in a session, `session_close`), or null.
     *
     * @param array<mixed> $request
     */
    private function sessionOf(array $request): ?string
    {
        $op = $request['op'] ?? null;
        $handle = match ($op) {
            'session_close' => $request['session'] ?? '',
            'eval' => is_array($request['call'] ?? null) ? $request['call']['session'] ?? null : null,
            default => null,
        };

        return $handle === null ? null : (is_string($handle) ? $handle : '');
    }

    /**
     * What a worker's answer says about its sessions: one opened (kept with the worker and its
     * owner), one called, one gone; a worker that died took its sessions with it.
     *
     * @param array<string, mixed> $reply
     */
    private function noteSessions(array &$reply, int $slot, bool $died): void
    {
        if ($died) {
            $this->sessions = array_filter($this->sessions, static fn (array $held): bool => $held[0] !== $slot);
        }
        if (is_array($reply['session'] ?? null) && is_string($reply['owner'] ?? null)) {
            try {
                $info = SessionInfo::fromArray($reply['session']);
                $this->sessions[$info->id] = [$slot, $reply['owner'], new SessionInfo($info->id, $info->projectRoot, $info->calls, $info->idleSince, $info->idleTimeoutMs)];
            } catch (\UnexpectedValueException) {
                // the client is told what the worker said; nothing to keep
            }
        }
        $called = is_array($reply['outcome'] ?? null) && is_array($reply['outcome']['session'] ?? null) ? $reply['outcome']['session']['id'] ?? null : null;
        if (is_string($called) && isset($this->sessions[$called])) {
            $this->sessions[$called][2] = $this->sessions[$called][2]->called(microtime(true));
        }
        if (is_string($reply['session_gone'] ?? null)) {
            unset($this->sessions[$reply['session_gone']]);
        }
        unset($reply['owner'], $reply['session_gone']);
    }

    /**
     * The sessions still open (one past its idle timeout has ended by itself in its worker).
     *
     * @return array<string, array{int, string, SessionInfo}>
     */
    private function openSessions(): array
    {
        $now = microtime(true);
        $this->sessions = array_filter($this->sessions, static fn (array $held): bool => $held[2]->expiresAt() > $now);

        return $this->sessions;
    }

    /**
     * @param array<string, mixed> $reply
     */
    private function answered(?Connection $connection, array $reply): void
    {
        if (isset($reply['outcome']) || ($reply['evaluated'] ?? false) === true) {
            $this->served++;
        }
        if ($connection !== null && isset($this->connections[spl_object_id($connection->socket)])) {
            $connection->reply($reply, microtime(true) + self::REPLY_SECONDS);
            $this->send($connection);
        }
        $pool = $this->pool;
        // the oldest requests workers can take now (a session's waits for its own worker)
        for ($index = 0; $pool !== null && $pool->hasIdle() && $index < count($this->queue); $index++) {
            [$waiting, $request, $slot] = $this->queue[$index];
            if ($pool->hasIdle($slot)) {
                array_splice($this->queue, $index, 1);
                $index--;
                $this->dispatch($pool, $waiting, $request, $slot);
            }
        }
    }

    private function send(Connection $connection): void
    {
        try {
            if ($connection->flush()) {
                $this->drop($connection);
            }
        } catch (ServeError $error) {
            fwrite($this->log, sprintf("altair serve: %s\n", $error->getMessage()));
            $this->drop($connection);
        }
    }

    /**
     * Gives up on every connection past its deadline (reading or writing); a waiting one has none:
     * its evaluation has its own timeout.
     */
    private function dropLate(): void
    {
        $now = microtime(true);
        foreach ($this->connections as $connection) {
            if ($connection->state !== Connection::WAITING && $now >= $connection->deadline) {
                fwrite($this->log, sprintf("altair serve: gave up on a client that sent or took nothing for %ds\n", $connection->state === Connection::READING ? self::REQUEST_SECONDS : self::REPLY_SECONDS));
                $this->drop($connection);
            }
        }
    }

    /**
     * Seconds until the next deadline (a client's, or the idle timeout), null for none.
     */
    private function timeout(float $lastActive, WorkerPool $pool): ?float
    {
        $deadlines = [];
        foreach ($this->connections as $connection) {
            if ($connection->state !== Connection::WAITING) {
                $deadlines[] = $connection->deadline;
            }
        }
        if ($this->idleSeconds > 0 && $this->connections === [] && !$pool->isBusy()) {
            // not before the last open session has ended by itself
            $deadlines[] = max([$lastActive + $this->idleSeconds, ...array_map(static fn (array $held): float => $held[2]->expiresAt(), array_values($this->openSessions()))]);
        }

        return $deadlines === [] ? null : max(0.0, min($deadlines) - microtime(true)) + 0.001;
    }

    /**
     * The connection on $socket, or null when it was dropped earlier in the same turn.
     */
    private function connectionOf(\Socket $socket): ?Connection
    {
        return $this->connections[spl_object_id($socket)] ?? null;
    }

    private function drop(Connection $connection): void
    {
        if (isset($this->connections[spl_object_id($connection->socket)])) {
            unset($this->connections[spl_object_id($connection->socket)]);
            $connection->close();
            // Back to the baseline between calls, whatever the last reply cost (as MCP).
            gc_mem_caches();
        }
    }

    /**
     * @return list<\Socket> what a new worker must not keep open
     */
    private function inherited(): array
    {
        $sockets = $this->listener === null ? [] : [$this->listener];
        foreach ($this->connections as $connection) {
            $sockets[] = $connection->socket;
        }

        return $sockets;
    }

    /**
     * The answer the server gives itself, or null for an evaluation (a worker's).
     *
     * @param array<mixed> $request
     * @return array<string, mixed>|null
     */
    private function reply(array $request): ?array
    {
        if (($request['protocol'] ?? null) !== Wire::PROTOCOL) {
            return ['refused' => 'this server speaks another protocol; restart it (bin/altair serve --stop).'];
        }

        return match ($request['op'] ?? null) {
            'eval', 'cli', 'session_open', 'session_close' => null,
            'session_list' => ['sessions' => $this->sessionList(is_string($request['owner'] ?? null) ? $request['owner'] : '')],
            'status' => ['status' => $this->status()],
            'stop' => $this->stop(),
            default => ['refused' => 'unknown request.'],
        };
    }

    /**
     * @return array<string, mixed>
     */
    private function stop(): array
    {
        $this->stopping = true;

        return ['stopping' => getmypid()];
    }

    /**
     * @return array<string, mixed>
     */
    public function status(): array
    {
        $policy = $this->handler->policy;

        return [
            'pid' => getmypid(),
            'project_root' => $policy->projectRoot,
            'socket' => $this->socketPath(),
            'writes' => $policy->allowWrites,
            'network' => $policy->allowNetwork,
            'endpoints' => $policy->allowEndpoints,
            'databases' => $policy->databases,
            'idle_timeout_s' => $this->idleSeconds,
            'uptime_s' => (int) (microtime(true) - $this->startedAt),
            'evaluations' => $this->served,
            'workers' => $this->pool?->pids() ?? [],
            'evaluating' => $this->pool?->busyCount() ?? 0,
            'sessions' => $this->sessionList(null),
        ];
    }

    /**
     * The open sessions (of $owner only, when given), oldest first.
     *
     * @return list<array<string, mixed>>
     */
    private function sessionList(?string $owner): array
    {
        $list = [];
        foreach ($this->openSessions() as [, $holder, $info]) {
            if ($owner === null || hash_equals($holder, $owner)) {
                $list[] = ['id' => $info->id, 'project_root' => $info->projectRoot, 'calls' => $info->calls, 'idle_since' => $info->idleSince, 'idle_timeout_ms' => $info->idleTimeoutMs];
            }
        }

        return $list;
    }

    private function trapSignals(): void
    {
        if (!function_exists('pcntl_signal')) {
            return;
        }
        pcntl_async_signals(true);
        foreach ([SIGTERM, SIGINT, SIGHUP] as $signal) {
            pcntl_signal($signal, function (): void {
                $this->stopping = true;
            });
        }
    }

    private function close(): void
    {
        foreach ($this->connections as $connection) {
            $this->drop($connection);
        }
        $this->pool?->stop();
        if ($this->listener !== null) {
            socket_close($this->listener);
            $this->listener = null;
            $marker = $this->directory->marker($this->handler->policy->projectRoot);
            if ($marker !== null && @readlink($marker) === basename($this->socketPath())) {
                unlink($marker);
            }
            @unlink($this->socketPath());
        }
        if (is_resource($this->lock)) {
            flock($this->lock, LOCK_UN);
            fclose($this->lock);
        }
    }
}
