<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

use AltairEval\Frontend\Cli\TerminalText;

/**
 * A stdio MCP server: JSON-RPC 2.0, one message per line, over the streams it is given.
 *
 * It answers initialize, ping, tools/list and tools/call; notifications get no answer; responses from
 * the client are ignored (this server sends no requests). Only JSON-RPC messages are written to $out;
 * diagnostics go to $log. Both eras at once (docs/mcp.md): a request whose _meta names a stateless
 * revision (2026-07-28) is answered on its own — no initialize, server/discover, `resultType` and the
 * server's identity on each result, cache hints on tools/list — and any other request as the
 * revision initialize negotiated.
 */
final class Server
{
    public const NAME = 'altair-eval';
    private const JSON_FLAGS = JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
        | JSON_PRESERVE_ZERO_FRACTION | JSON_INVALID_UTF8_SUBSTITUTE;
    private const MAX_DEPTH = 64;
    /** How long a stateless client may keep tools/list and server/discover: the tool changes only with a restart. */
    private const CACHE_TTL_MS = 60_000;

    private readonly ProtocolVersion $versions;
    /** The negotiated revision; null until initialize. */
    private ?string $protocolVersion = null;

    /** @var array<string, Tool> by name, in the order tools/list gives them */
    private readonly array $tools;

    /**
     * @param Tool|list<Tool> $tools framework__eval first, then the session tools when sessions are offered
     * @param resource|null $log
     */
    public function __construct(
        Tool|array $tools,
        private readonly string $version,
        private $log = null,
    ) {
        $this->versions = new ProtocolVersion();
        $byName = [];
        foreach (is_array($tools) ? $tools : [$tools] as $tool) {
            $byName[$tool->name()] = $tool;
        }
        $this->tools = $byName;
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
            $envelope = Envelope::of($params, $this->versions);
            $result = $this->request($message->method, $params ?? new \stdClass(), $envelope);

            return ['jsonrpc' => '2.0', 'id' => $id, 'result' => $envelope === null ? $result : $this->complete($result)];
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
    private function request(string $method, \stdClass $params, ?Envelope $envelope): array|\stdClass
    {
        if ($method === 'initialize') {
            return $this->initialize($params);
        }
        if ($method === 'ping') {
            return new \stdClass();
        }
        if ($method === 'server/discover') {
            return $this->discover();
        }
        $version = $envelope->protocolVersion ?? $this->protocolVersion;
        if ($version === null) {
            throw RpcError::invalidRequest(sprintf('Not initialized: send initialize before %s, or name a revision (%s) in _meta["%s"].', $method, implode(', ', ProtocolVersion::MODERN), Envelope::PROTOCOL_VERSION));
        }

        return match ($method) {
            'tools/list' => $this->toolsList($params, $version, $envelope !== null),
            'tools/call' => $this->toolsCall($params, $version),
            default => throw new RpcError(sprintf('Method not found: %s', $method), RpcError::METHOD_NOT_FOUND),
        };
    }

    /**
     * server/discover: what initialize told a handshake client, for a stateless one (any era may ask).
     *
     * @return array<string, mixed>
     */
    private function discover(): array
    {
        return [
            'supportedVersions' => $this->versions->all(),
            'capabilities' => ['tools' => ['listChanged' => false]],
            'serverInfo' => $this->serverInfo(true),
            'instructions' => $this->instructions(),
            'ttlMs' => self::CACHE_TTL_MS,
            'cacheScope' => 'private',
        ];
    }

    /**
     * A stateless result: `resultType` (this server never needs more input) and who answered.
     *
     * @param array<string, mixed>|\stdClass $result
     * @return array<string, mixed>
     */
    private function complete(array|\stdClass $result): array
    {
        $complete = [];
        foreach ((array) $result as $key => $value) {
            $complete[(string) $key] = $value;
        }
        $complete['resultType'] = 'complete';
        $complete['_meta'] = [Envelope::SERVER_INFO => $this->serverInfo(true)];

        return $complete;
    }

    /**
     * @return array<string, string>
     */
    private function serverInfo(bool $withTitle): array
    {
        $serverInfo = ['name' => self::NAME, 'version' => $this->version];
        if ($withTitle) {
            $serverInfo['title'] = 'altair_eval';
        }

        return $serverInfo;
    }

    private function instructions(): string
    {
        $instructions = sprintf(
            'Use %s to run PHP against this project\'s container and see the typed result. '
            . 'Each call runs in a fresh sandboxed process; state does not carry over between calls',
            EvalTool::NAME,
        );
        if (!isset($this->tools[SessionOpenTool::NAME])) {
            return $instructions . '.';
        }

        return $instructions . sprintf(
            ', unless they run in a session: %s returns a handle, %s with session: <handle> runs in it (variables and objects carry over; a failed call changes nothing), %s ends it.',
            SessionOpenTool::NAME,
            EvalTool::NAME,
            SessionCloseTool::NAME,
        );
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

        return [
            'protocolVersion' => $version,
            'capabilities' => ['tools' => ['listChanged' => false]],
            'serverInfo' => $this->serverInfo($this->versions->hasStructuredOutput($version)),
            'instructions' => $this->instructions(),
        ];
    }

    /**
     * @return array<string, mixed>
     */
    private function toolsList(\stdClass $params, string $version, bool $stateless): array
    {
        if (isset($params->cursor) && !is_string($params->cursor)) {
            throw RpcError::invalidParams('cursor must be a string.');
        }
        $list = ['tools' => array_values(array_map(static fn (Tool $tool): array => $tool->definition($version), $this->tools))];

        return $stateless ? $list + ['ttlMs' => self::CACHE_TTL_MS, 'cacheScope' => 'private'] : $list;
    }

    /**
     * @return array<string, mixed>
     */
    private function toolsCall(\stdClass $params, string $version): array
    {
        $name = $params->name ?? null;
        if (!is_string($name)) {
            throw RpcError::invalidParams('tools/call needs params.name (a string).');
        }
        $tool = $this->tools[$name] ?? throw RpcError::invalidParams(sprintf('Unknown tool: %s', $name));

        return $tool->call($params->arguments ?? null, $version);
    }

    /**
     * @param string|int|null $id
     * @return array<string, mixed>
     */
    private function error(string|int|null $id, RpcError $error): array
    {
        $body = ['code' => $error->getCode(), 'message' => $error->getMessage()];
        if ($error->data !== null) {
            $body['data'] = $error->data;
        }

        return ['jsonrpc' => '2.0', 'id' => $id, 'error' => $body];
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
