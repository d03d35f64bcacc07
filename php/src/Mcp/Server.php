<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

use AltairEval\Frontend\Cli\TerminalText;

/**
 * A stdio MCP server: JSON-RPC 2.0, one message per line, over the streams it is given.
 *
 * It answers initialize, ping, tools/list and tools/call; notifications get no answer; responses from
 * the client are ignored (this server sends no requests). Only JSON-RPC messages are written to $out;
 * diagnostics go to $log.
 */
final class Server
{
    public const NAME = 'altair-eval';
    private const JSON_FLAGS = JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
        | JSON_PRESERVE_ZERO_FRACTION | JSON_INVALID_UTF8_SUBSTITUTE;
    private const MAX_DEPTH = 64;

    private readonly ProtocolVersion $versions;
    /** The negotiated revision; null until initialize. */
    private ?string $protocolVersion = null;

    /**
     * @param resource|null $log
     */
    public function __construct(
        private readonly EvalTool $tool,
        private readonly string $version,
        private $log = null,
    ) {
        $this->versions = new ProtocolVersion();
    }

    /**
     * Serves until $in reaches end of file.
     *
     * @param resource $in
     * @param resource $out
     */
    public function serve($in, $out): void
    {
        while (($line = fgets($in)) !== false) {
            $reply = $this->handle($line);
            if ($reply !== null) {
                fwrite($out, $reply . "\n");
                fflush($out);
            }
            unset($reply, $line);
            // A large result was decoded, encoded and written: hand the memory it took back to the
            // system, so a long-lived server returns to its baseline between calls.
            gc_mem_caches();
        }
    }

    /**
     * One line in, at most one line out.
     */
    public function handle(string $line): ?string
    {
        $line = trim($line);
        if ($line === '') {
            return null;
        }
        try {
            $message = json_decode($line, false, self::MAX_DEPTH, JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            return $this->encode($this->error(null, new RpcError('Parse error: ' . $error->getMessage(), RpcError::PARSE_ERROR)));
        }

        if (is_array($message)) {
            return $this->batch($message);
        }
        $reply = $this->message($message);

        return $reply === null ? null : $this->encode($reply);
    }

    /**
     * @param array<mixed> $messages
     */
    private function batch(array $messages): ?string
    {
        if (!$this->versions->allowsBatches($this->protocolVersion)) {
            return $this->encode($this->error(null, RpcError::invalidRequest(sprintf(
                'JSON-RPC batches are not supported with protocol version %s.',
                $this->protocolVersion ?? '(not initialized)',
            ))));
        }
        if ($messages === []) {
            return $this->encode($this->error(null, RpcError::invalidRequest('Empty batch.')));
        }
        $replies = [];
        foreach ($messages as $message) {
            $reply = $this->message($message);
            if ($reply !== null) {
                $replies[] = $reply;
            }
        }

        return $replies === [] ? null : $this->encode($replies);
    }

    /**
     * @return array<string, mixed>|null
     */
    private function message(mixed $message): ?array
    {
        if (!$message instanceof \stdClass) {
            return $this->error(null, RpcError::invalidRequest('A JSON-RPC message must be an object.'));
        }
        $hasId = property_exists($message, 'id');
        $id = $hasId && (is_string($message->id) || is_int($message->id)) ? $message->id : null;
        if (($message->jsonrpc ?? null) !== '2.0') {
            return $this->error($id, RpcError::invalidRequest('jsonrpc must be "2.0".'));
        }
        if (!property_exists($message, 'method')) {
            if ($hasId && (property_exists($message, 'result') || property_exists($message, 'error'))) {
                return null; // a response to a request we never send; nothing to do
            }

            return $this->error($id, RpcError::invalidRequest('A request needs a method.'));
        }
        if (!is_string($message->method)) {
            return $this->error($id, RpcError::invalidRequest('method must be a string.'));
        }
        $params = $message->params ?? null;

        if (!$hasId) {
            $this->notification($message->method);

            return null;
        }
        if ($id === null) {
            return $this->error(null, RpcError::invalidRequest('id must be a string or an integer.'));
        }
        if ($params !== null && !$params instanceof \stdClass) {
            return $this->error($id, RpcError::invalidParams('params must be an object.'));
        }

        try {
            return ['jsonrpc' => '2.0', 'id' => $id, 'result' => $this->request($message->method, $params ?? new \stdClass())];
        } catch (RpcError $error) {
            return $this->error($id, $error);
        } catch (\Throwable $failure) {
            $this->log(sprintf('internal error in %s: %s: %s', $message->method, $failure::class, $failure->getMessage()));

            return $this->error($id, new RpcError('Internal error: ' . $failure->getMessage(), RpcError::INTERNAL_ERROR));
        }
    }

    private function notification(string $method): void
    {
        // notifications/initialized, notifications/cancelled (an evaluation cannot be interrupted from
        // here: its own timeout ends it) and anything else need no answer.
        if ($method === 'notifications/initialized') {
            $this->log('client initialized');
        }
    }

    /**
     * @return array<string, mixed>|\stdClass
     */
    private function request(string $method, \stdClass $params): array|\stdClass
    {
        if ($method === 'initialize') {
            return $this->initialize($params);
        }
        if ($method === 'ping') {
            return new \stdClass();
        }
        if ($this->protocolVersion === null) {
            throw RpcError::invalidRequest(sprintf('Not initialized: send initialize before %s.', $method));
        }

        return match ($method) {
            'tools/list' => $this->toolsList($params),
            'tools/call' => $this->toolsCall($params),
            default => throw new RpcError(sprintf('Method not found: %s', $method), RpcError::METHOD_NOT_FOUND),
        };
    }

    /**
     * @return array<string, mixed>
     */
    private function initialize(\stdClass $params): array
    {
        $requested = $params->protocolVersion ?? null;
        if (!is_string($requested)) {
            throw RpcError::invalidParams('initialize needs params.protocolVersion (a string).');
        }
        $version = $this->versions->negotiate($requested);
        $this->protocolVersion = $version;
        $this->log(sprintf('initialize: client asked for %s, speaking %s', $requested, $version));

        $serverInfo = ['name' => self::NAME, 'version' => $this->version];
        if ($this->versions->hasStructuredOutput($version)) {
            $serverInfo['title'] = 'altair_eval';
        }

        return [
            'protocolVersion' => $version,
            'capabilities' => ['tools' => ['listChanged' => false]],
            'serverInfo' => $serverInfo,
            'instructions' => sprintf(
                'Use %s to run PHP against this project\'s container and see the typed result. '
                . 'Each call runs in a fresh sandboxed process; state does not carry over between calls.',
                EvalTool::NAME,
            ),
        ];
    }

    /**
     * @return array<string, mixed>
     */
    private function toolsList(\stdClass $params): array
    {
        if (isset($params->cursor) && !is_string($params->cursor)) {
            throw RpcError::invalidParams('cursor must be a string.');
        }

        return ['tools' => [$this->tool->definition($this->negotiated())]];
    }

    /**
     * @return array<string, mixed>
     */
    private function toolsCall(\stdClass $params): array
    {
        $name = $params->name ?? null;
        if (!is_string($name)) {
            throw RpcError::invalidParams('tools/call needs params.name (a string).');
        }
        if ($name !== EvalTool::NAME) {
            throw RpcError::invalidParams(sprintf('Unknown tool: %s', $name));
        }

        return $this->tool->call($params->arguments ?? null, $this->negotiated());
    }

    private function negotiated(): string
    {
        return $this->protocolVersion ?? ProtocolVersion::LATEST;
    }

    /**
     * @param string|int|null $id
     * @return array<string, mixed>
     */
    private function error(string|int|null $id, RpcError $error): array
    {
        return ['jsonrpc' => '2.0', 'id' => $id, 'error' => ['code' => $error->getCode(), 'message' => $error->getMessage()]];
    }

    /**
     * @param array<mixed> $reply
     */
    private function encode(array $reply): string
    {
        return json_encode($reply, self::JSON_FLAGS);
    }

    private function log(string $line): void
    {
        if (is_resource($this->log)) {
            fwrite($this->log, sprintf("[%s] %s\n", self::NAME, TerminalText::escape($line)));
        }
    }
}
