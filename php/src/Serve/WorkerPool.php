<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

/**
 * The server's evaluators: worker processes forked before any evaluation, each with its own warm
 * evaluator (its own templates), spoken to over a socket pair with the server's Wire messages. A
 * worker takes one request at a time and answers it; whatever goes wrong in a request (a refused
 * call, an exception the handler did not expect) is that request's answer, and a worker that dies is
 * that request's failure and is replaced. Without pcntl the pool has no workers and the server
 * evaluates in its own process, one request at a time (size() is 0).
 */
final class WorkerPool
{
    /** @var array<int, \Socket> slot => the server's end of the worker's socket pair */
    private array $sockets = [];
    /** @var array<int, int> slot => pid */
    private array $pids = [];
    /** @var array<int, Connection> slot => the connection whose request the worker evaluates */
    private array $busy = [];
    private int $lastSlot = 0;

    /**
     * @param resource $log
     * @param \Closure(): void $warm run in each worker before it takes requests
     */
    public function __construct(
        private readonly ServeHandler $handler,
        private readonly int $size,
        private $log,
        private readonly \Closure $warm,
        private readonly Wire $wire = new Wire(),
    ) {
    }

    public static function canFork(): bool
    {
        return function_exists('pcntl_fork') && function_exists('pcntl_waitpid');
    }

    /**
     * @return list<int> the workers' pids (none without pcntl)
     */
    public function pids(): array
    {
        return array_values($this->pids);
    }

    /**
     * Forks the workers and waits until each is warm.
     *
     * @param list<\Socket> $inherited sockets a worker closes at once (the listener, clients)
     * @throws ServeError
     */
    public function start(array $inherited): void
    {
        if (!self::canFork()) {
            ($this->warm)();

            return;
        }
        for ($slot = 0; $slot < $this->size; $slot++) {
            $this->spawn($slot, $inherited);
        }
        foreach ($this->sockets as $socket) {
            $this->wire->receive($socket); // its 'ready'
        }
    }

    /**
     * Hands $request to an idle worker, worker $slot when given (a session's: call only when
     * hasIdle() for it); without workers, evaluates it here and returns the answer.
     *
     * @param array<mixed> $request
     * @return array<string, mixed>|null null when a worker took it
     */
    public function dispatch(Connection $connection, array $request, ?int $slot = null): ?array
    {
        if ($this->pids === []) {
            return $this->answer($request);
        }
        $slot = $slot === null ? $this->idleSlot() : ($this->hasIdle($slot) ? $slot : null);
        if ($slot === null) {
            throw new \LogicException('dispatch() with the worker busy.');
        }
        $connection->state = Connection::WAITING;
        $this->busy[$slot] = $connection;
        $this->lastSlot = $slot;
        try {
            $this->wire->send($this->sockets[$slot], $request);
        } catch (ServeError) {
            // it died while idle: its reply is read as a failure, and it is replaced there
        }

        return null;
    }

    /** Whether a worker (worker $slot, when given) can take a request now. */
    public function hasIdle(?int $slot = null): bool
    {
        if ($this->pids === []) {
            return true;
        }

        return $slot === null ? $this->idleSlot() !== null : isset($this->pids[$slot]) && !isset($this->busy[$slot]);
    }

    /** The worker that took the last request dispatch() handed out (0 without workers). */
    public function lastSlot(): int
    {
        return $this->lastSlot;
    }

    public function isBusy(): bool
    {
        return $this->busy !== [];
    }

    /** How many workers are evaluating now. */
    public function busyCount(): int
    {
        return count($this->busy);
    }

    /**
     * The sockets to watch for replies (and for a worker's death).
     *
     * @return array<int, \Socket>
     */
    public function sockets(): array
    {
        return $this->sockets;
    }

    /**
     * Reads the reply of the worker on $socket; returns the connection it belongs to (null when the
     * worker was idle and died), the reply, the worker's slot, and whether it died (it is replaced,
     * and what it held, its sessions, is gone).
     *
     * @param list<\Socket> $inherited
     * @return array{Connection|null, array<string, mixed>, int, bool}
     */
    public function collect(\Socket $socket, array $inherited): array
    {
        $slot = (int) array_search($socket, $this->sockets, true);
        $connection = $this->busy[$slot] ?? null;
        unset($this->busy[$slot]);
        try {
            [$reply] = $this->wire->receive($socket);
            $answer = [];
            foreach ($reply as $key => $value) {
                $answer[(string) $key] = $value;
            }

            return [$connection, $answer, $slot, false];
        } catch (ServeError) {
            fwrite($this->log, sprintf("altair serve: worker %d (pid %d) ended; starting another\n", $slot, $this->pids[$slot]));
            socket_close($socket);
            $this->reap($slot);
            $this->spawn($slot, $inherited);
            $this->wire->receive($this->sockets[$slot]);

            return [$connection, ['failed' => 'the process evaluating this call ended before it answered.'], $slot, true];
        }
    }

    public function stop(): void
    {
        foreach (array_keys($this->pids) as $slot) {
            socket_close($this->sockets[$slot]);
            posix_kill($this->pids[$slot], SIGTERM);
            $this->reap($slot);
        }
    }

    private function idleSlot(): ?int
    {
        foreach (array_keys($this->pids) as $slot) {
            if (!isset($this->busy[$slot])) {
                return $slot;
            }
        }

        return null;
    }

    /**
     * @param list<\Socket> $inherited
     * @throws ServeError
     */
    private function spawn(int $slot, array $inherited): void
    {
        $pair = [];
        if (!socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair) || !is_array($pair)
            || !($pair[0] ?? null) instanceof \Socket || !($pair[1] ?? null) instanceof \Socket) {
            throw new ServeError('cannot create a socket pair for a worker.');
        }
        [$serverEnd, $workerEnd] = $pair;
        $pid = pcntl_fork();
        if ($pid === -1) {
            throw new ServeError('cannot fork a worker.');
        }
        if ($pid === 0) {
            socket_close($serverEnd);
            foreach ([...$inherited, ...$this->sockets] as $socket) {
                socket_close($socket);
            }
            exit($this->work($workerEnd));
        }
        socket_close($workerEnd);
        $this->sockets[$slot] = $serverEnd;
        $this->pids[$slot] = $pid;
    }

    /**
     * A worker's life: warm, then answer requests until the server closes its end.
     */
    private function work(\Socket $server): int
    {
        foreach ([SIGTERM, SIGINT, SIGHUP] as $signal) {
            pcntl_signal($signal, SIG_DFL); // the server's handlers are not this process's
        }
        ($this->warm)();
        try {
            $this->wire->send($server, ['ready' => getmypid()]);
            do {
                [$request] = $this->wire->receive($server);
                $this->wire->send($server, $this->answer($request));
                gc_mem_caches();
            } while ($request !== []); // an empty message: the server's goodbye
        } catch (ServeError) {
            // the server is gone
        }

        return 0;
    }

    /**
     * @param array<mixed> $request
     * @return array<string, mixed>
     */
    private function answer(array $request): array
    {
        try {
            return $this->handler->evaluate($request);
        } catch (\Throwable $unexpected) {
            fwrite($this->log, sprintf("altair serve: a request failed: %s\n", $unexpected::class));

            return ['failed' => sprintf('the server could not evaluate this call (%s: %s).', $unexpected::class, $unexpected->getMessage())];
        }
    }

    private function reap(int $slot): void
    {
        pcntl_waitpid($this->pids[$slot], $status);
        unset($this->pids[$slot], $this->sockets[$slot], $this->busy[$slot]);
    }
}
