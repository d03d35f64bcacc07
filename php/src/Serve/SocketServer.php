<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

/**
 * `bin/altair serve`: one project's server on a Unix socket in the user's private runtime directory.
 * A lock held for the server's lifetime makes it the only one for the project; a socket file found
 * without that lock is stale (its server died) and is replaced. Each connection is checked with the
 * kernel's credentials (SCM_CREDENTIALS): a process of another user is refused before anything is
 * read. Requests are served one at a time; the server stops on `stop`, SIGTERM/SIGINT/SIGHUP, or
 * after the idle timeout without a connection, and removes its socket.
 */
final class SocketServer
{
    private ?\Socket $listener = null;
    /** @var resource|null */
    private $lock = null;
    private bool $stopping = false;
    private int $served = 0;
    private readonly float $startedAt;

    /**
     * @param int      $idleSeconds 0: never stop for idleness
     * @param resource $log
     */
    public function __construct(
        private readonly RuntimeDir $directory,
        private readonly ServeHandler $handler,
        private readonly int $idleSeconds,
        private $log,
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
     * Serves until stopped; returns the exit code.
     */
    public function serve(): int
    {
        $listener = $this->listener ?? throw new \LogicException('bind() first.');
        $this->trapSignals();
        try {
            while (!$this->stopping) {
                $read = [$listener];
                $write = $except = null;
                $ready = @socket_select($read, $write, $except, $this->idleSeconds > 0 ? $this->idleSeconds : null);
                if ($ready === 0) {
                    fwrite($this->log, sprintf("altair serve: idle for %ds, stopping\n", $this->idleSeconds));
                    break;
                }
                if ($ready === false) {
                    continue; // a signal: the loop condition decides
                }
                $connection = @socket_accept($listener);
                if ($connection !== false) {
                    $this->answer($connection);
                    // Back to the baseline between calls, whatever the last result cost (as MCP).
                    gc_mem_caches();
                }
            }
        } finally {
            $this->close();
        }

        return 0;
    }

    private function answer(\Socket $connection): void
    {
        try {
            $this->wire->passCredentials($connection);
            $this->wire->send($connection, ['protocol' => Wire::PROTOCOL, 'pid' => getmypid()]);
            socket_set_option($connection, SOL_SOCKET, SO_RCVTIMEO, ['sec' => SocketClient::MARGIN_SECONDS, 'usec' => 0]);
            [$request, $uid] = $this->wire->receive($connection);
            if ($uid === null || $uid !== posix_geteuid()) {
                fwrite($this->log, sprintf("altair serve: refused a connection from uid %s\n", $uid ?? 'unknown'));
                $this->wire->send($connection, ['refused' => 'this server belongs to another user.']);

                return;
            }
            $this->wire->send($connection, $this->reply($request));
        } catch (ServeError $error) {
            fwrite($this->log, sprintf("altair serve: %s\n", $error->getMessage()));
        } finally {
            socket_close($connection);
        }
    }

    /**
     * @param array<mixed> $request
     * @return array<string, mixed>
     */
    private function reply(array $request): array
    {
        if (($request['protocol'] ?? null) !== Wire::PROTOCOL) {
            return ['refused' => 'this server speaks another protocol; restart it (bin/altair serve --stop).'];
        }

        return match ($request['op'] ?? null) {
            'eval' => $this->evaluate($request),
            'status' => ['status' => $this->status()],
            'stop' => $this->stop(),
            default => ['refused' => 'unknown request.'],
        };
    }

    /**
     * @param array<mixed> $request
     * @return array<string, mixed>
     */
    private function evaluate(array $request): array
    {
        $reply = $this->handler->evaluate($request);
        if (isset($reply['outcome'])) {
            $this->served++;
        }

        return $reply;
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
            'idle_timeout_s' => $this->idleSeconds,
            'uptime_s' => (int) (microtime(true) - $this->startedAt),
            'evaluations' => $this->served,
        ];
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
