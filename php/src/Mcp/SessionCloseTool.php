<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

use AltairEval\Frontend\Session\SessionPort;
use AltairEval\Frontend\Cli\UsageError;

/**
 * `framework__session_close`: ends a session this server opened; its state goes and its database
 * transaction is rolled back.
 */
final class SessionCloseTool implements Tool
{
    public const NAME = 'framework__session_close';

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
            $tool['title'] = 'Close a PHP session';
        }
        $tool['description'] = sprintf('Close a session %s opened: its state goes and its database transaction is rolled back. A handle this server did not open is refused.', SessionOpenTool::NAME);
        $tool['inputSchema'] = [
            'type' => 'object',
            'properties' => ['session' => ['type' => 'string', 'pattern' => '^[0-9a-f]{32}$', 'description' => sprintf('The handle %s returned.', SessionOpenTool::NAME)]],
            'required' => ['session'],
            'additionalProperties' => false,
        ];
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $tool['outputSchema'] = ['type' => 'object', 'properties' => ['closed' => ['type' => 'string']], 'required' => ['closed']];
        }
        if ($this->versions->hasAnnotations($protocolVersion)) {
            $tool['annotations'] = ['readOnlyHint' => false, 'destructiveHint' => false, 'idempotentHint' => false, 'openWorldHint' => false];
        }

        return $tool;
    }

    public function call(mixed $arguments, string $protocolVersion): array
    {
        $values = $arguments instanceof \stdClass ? get_object_vars($arguments) : null;
        $id = $values['session'] ?? null;
        if ($values === null || !is_string($id) || array_keys($values) !== ['session']) {
            return $this->eval->toolError('Invalid arguments: session (a handle from ' . SessionOpenTool::NAME . ') is the one argument.');
        }
        try {
            $this->sessions->close($id, EvalTool::SESSION_OWNER);
        } catch (UsageError $unknown) {
            return $this->eval->toolError('Invalid arguments: ' . $unknown->getMessage());
        }
        $closed = ['closed' => $id];
        return $this->eval->toolResult($closed, $protocolVersion);
    }
}
