<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

/**
 * bin/altair's side of the project's server: one request per connection. request() answers null
 * when no server of this user answers for the project (no private runtime directory, no socket, a
 * stale one, or PHP without ext-sockets/ext-posix), so that the caller runs cold; it checks with the
 * kernel that the server runs as this user before sending anything.
 */
final class SocketClient
{
    /** How long to wait for an answer beyond the evaluation's own timeout (a template may start). */
    public const MARGIN_SECONDS = 30;

    public function __construct(private readonly ?RuntimeDir $directory = null, private readonly Wire $wire = new Wire())
    {
    }

    /**
     * @param array<string, mixed> $request
     * @return array<mixed>|null the server's answer
     * @throws ServeError when a server answered but the exchange failed
     */
    public function request(string $projectRoot, array $request, int $waitSeconds = self::MARGIN_SECONDS): ?array
    {
        if (!extension_loaded('sockets') || !function_exists('posix_geteuid')) {
            return null;
        }
        $directory = $this->directory ?? RuntimeDir::forCurrentUser();
        $path = $directory->socket($projectRoot);
        if (!$directory->isPrivate() || @filetype($path) !== 'socket') {
            return null;
        }
        $socket = socket_create(AF_UNIX, SOCK_STREAM, 0);
        if ($socket === false) {
            return null;
        }
        try {
            if (!@socket_connect($socket, $path)) {
                return null;
            }
            socket_set_option($socket, SOL_SOCKET, SO_RCVTIMEO, ['sec' => $waitSeconds, 'usec' => 0]);
            $this->wire->passCredentials($socket);
            [$hello, $uid] = $this->wire->receive($socket);
            if ($uid !== posix_geteuid()) {
                throw new ServeError(sprintf('the server at %s does not run as this user; refusing it.', $path));
            }
            if (($hello['protocol'] ?? null) !== Wire::PROTOCOL) {
                throw new ServeError(sprintf('the server at %s is from another version of altair; restart it (bin/altair serve --stop).', $path));
            }
            $this->wire->send($socket, $request + ['protocol' => Wire::PROTOCOL]);
            [$reply] = $this->wire->receive($socket);

            return $reply;
        } finally {
            socket_close($socket);
        }
    }
}
