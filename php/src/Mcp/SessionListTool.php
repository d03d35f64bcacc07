<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

use AltairEval\Frontend\Session\SessionInfo;
use AltairEval\Frontend\Session\SessionPort;

/**
 * `framework__session_list`: the sessions this server holds open (issue 38 item 4), oldest first:
 * handle, project, calls so far, idle since and when each ends by itself. Only this server's: its
 * process is their owner, as for the other session tools.
 */
final class SessionListTool implements Tool
{
    public const NAME = 'framework__session_list';

    private readonly ProtocolVersion $versions;

    public function __construct(private readonly EvalTool $eval, private readonly SessionPort $sessions)
    {
        $this->versions = new ProtocolVersion();
    }

    public function name(): string
    {
        return self::NAME;
    }

    public function definition(string $protocolVersion): array
    {
        $tool = ['name' => self::NAME];
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $tool['title'] = 'List open PHP sessions';
        }
        $tool['description'] = sprintf('The sessions %s opened on this server that are still open: handle, project, calls so far, idle since, and when each ends by itself.', SessionOpenTool::NAME);
        $tool['inputSchema'] = ['type' => 'object', 'properties' => new \stdClass(), 'additionalProperties' => false];
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $session = [
                'type' => 'object',
                'properties' => [
                    'session' => ['type' => 'string'],
                    'project_root' => ['type' => 'string'],
                    'calls' => ['type' => 'integer'],
                    'idle_since' => ['type' => 'number'],
                    'expires_at' => ['type' => 'number'],
                ],
                'required' => ['session', 'project_root', 'calls', 'idle_since', 'expires_at'],
            ];
            $tool['outputSchema'] = ['type' => 'object', 'properties' => ['sessions' => ['type' => 'array', 'items' => $session]], 'required' => ['sessions']];
        }
        if ($this->versions->hasAnnotations($protocolVersion)) {
            $tool['annotations'] = ['readOnlyHint' => true, 'destructiveHint' => false, 'idempotentHint' => true, 'openWorldHint' => false];
        }

        return $tool;
    }

    public function call(mixed $arguments, string $protocolVersion): array
    {
        $values = $arguments === null ? [] : ($arguments instanceof \stdClass ? get_object_vars($arguments) : null);
        if ($values !== []) {
            return $this->eval->toolError('Invalid arguments: ' . self::NAME . ' takes none.');
        }
        $list = ['sessions' => array_map(static fn (SessionInfo $info): array => [
            'session' => $info->id,
            'project_root' => $info->projectRoot,
            'calls' => $info->calls,
            'idle_since' => $info->idleSince,
            'expires_at' => $info->expiresAt(),
        ], $this->sessions->sessions(EvalTool::SESSION_OWNER))];
        return $this->eval->toolResult($list, $protocolVersion);
    }
}
