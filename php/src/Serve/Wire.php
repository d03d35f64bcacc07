<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

/**
 * Messages between bin/altair and the project's server, on a Unix stream socket: a 4-byte big-endian
 * length, then a serialize()d array of scalars and arrays (binary-safe, so snippets and captured
 * output arrive byte for byte; never objects). Each side reads the first bytes of a message with
 * recvmsg() and SO_PASSCRED, so it learns the sender's uid from the kernel (SCM_CREDENTIALS).
 */
final class Wire
{
    public const PROTOCOL = 1;
    private const HEADER_BYTES = 4;
    private const MAX_BYTES = 256 * 1024 * 1024;
    private const CHUNK_BYTES = 65536;

    /**
     * Asks the kernel to attach the peer's credentials to what this socket receives.
     */
    public function passCredentials(\Socket $socket): void
    {
        if (!@socket_set_option($socket, SOL_SOCKET, SO_PASSCRED, 1)) {
            throw new ServeError('cannot enable SO_PASSCRED: ' . socket_strerror(socket_last_error($socket)));
        }
    }

    /**
     * One message as the bytes on the wire.
     *
     * @param array<mixed> $message
     */
    public function encode(array $message): string
    {
        $payload = serialize($message);

        return pack('N', strlen($payload)) . $payload;
    }

    /**
     * Takes one whole message off the front of $buffer, or null while it holds only part of one
     * (never parsed across a partial read).
     *
     * @return array<mixed>|null
     * @throws ServeError when the message is malformed or longer than $maxBytes
     */
    public function take(string &$buffer, int $maxBytes = self::MAX_BYTES): ?array
    {
        if (strlen($buffer) < self::HEADER_BYTES) {
            return null;
        }
        $length = $this->length($buffer, $maxBytes);
        if (strlen($buffer) < self::HEADER_BYTES + $length) {
            return null;
        }
        $decoded = $this->decode(substr($buffer, self::HEADER_BYTES, $length));
        $buffer = substr($buffer, self::HEADER_BYTES + $length);

        return $decoded;
    }

    /**
     * What arrived on $socket (at most one chunk), and the sender's uid when the kernel attached it.
     *
     * @return array{string, int|null} '' at end of file
     * @throws ServeError when the read fails
     */
    public function receiveChunk(\Socket $socket): array
    {
        $message = ['buffer_size' => self::CHUNK_BYTES, 'controllen' => socket_cmsg_space(SOL_SOCKET, SCM_CREDENTIALS)];
        if (@socket_recvmsg($socket, $message, 0) === false) {
            throw new ServeError('cannot read from the connection: ' . socket_strerror(socket_last_error($socket)));
        }
        $data = '';
        $uid = null;
        if (is_array($message)) {
            foreach (is_array($message['iov'] ?? null) ? $message['iov'] : [] as $chunk) {
                $data .= is_string($chunk) ? $chunk : '';
            }
            foreach (is_array($message['control'] ?? null) ? $message['control'] : [] as $control) {
                $credentials = is_array($control) && ($control['type'] ?? null) === SCM_CREDENTIALS ? $control['data'] ?? null : null;
                $uid = is_array($credentials) && is_int($credentials['uid'] ?? null) ? $credentials['uid'] : $uid;
            }
        }

        return [$data, $uid];
    }

    /**
     * @param array<mixed> $message
     */
    public function send(\Socket $socket, array $message): void
    {
        $data = $this->encode($message);
        for ($offset = 0, $length = strlen($data); $offset < $length; $offset += $written) {
            $written = @socket_write($socket, substr($data, $offset));
            if ($written === false || $written === 0) {
                throw new ServeError('the connection closed while sending: ' . socket_strerror(socket_last_error($socket)));
            }
        }
    }

    /**
     * One message and the uid of the process that sent it (null when the kernel did not say).
     *
     * @return array{array<mixed>, int|null}
     */
    public function receive(\Socket $socket): array
    {
        [$data, $uid] = $this->receiveChunk($socket);
        $data = $this->readAtLeast($socket, $data, self::HEADER_BYTES);
        $length = $this->length($data, self::MAX_BYTES);
        $data = $this->readAtLeast($socket, $data, self::HEADER_BYTES + $length);

        return [$this->decode(substr($data, self::HEADER_BYTES, $length)), $uid];
    }

    private function length(string $data, int $maxBytes): int
    {
        $length = unpack('N', substr($data, 0, self::HEADER_BYTES));
        $length = is_array($length) && is_int($length[1] ?? null) ? $length[1] : -1;
        if ($length < 0 || $length > $maxBytes) {
            throw new ServeError('a message on the connection is malformed or too long.');
        }

        return $length;
    }

    /**
     * @return array<mixed>
     */
    private function decode(string $payload): array
    {
        $decoded = @unserialize($payload, ['allowed_classes' => false, 'max_depth' => 512]);
        if (!is_array($decoded)) {
            throw new ServeError('a message on the connection is malformed.');
        }

        return $decoded;
    }

    private function readAtLeast(\Socket $socket, string $data, int $bytes): string
    {
        while (strlen($data) < $bytes) {
            $chunk = '';
            $read = @socket_recv($socket, $chunk, min(self::CHUNK_BYTES, $bytes - strlen($data)), 0);
            if ($read === false || $read === 0 || !is_string($chunk)) {
                throw new ServeError('the connection closed in the middle of a message.');
            }
            $data .= $chunk;
        }

        return $data;
    }
}
