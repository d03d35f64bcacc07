<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Runtime\ContractJson;
use AltairEval\Frontend\Session\SessionPort;

/**
 * `framework__session_open`: opens a session in this server's process with framework__eval's
 * options (the same checks against what the server allows) and an optional opening snippet, and
 * returns its handle, which framework__eval's `session` takes. The handle is an ordinary argument,
 * so the stateless revision uses it as any other; it is found only in this server's process.
 */
final class SessionOpenTool implements Tool
{
    public const NAME = 'framework__session_open';
    /** The opening snippet when none is given. */
    public const NO_OPENING = 'return null;';

    private readonly ProtocolVersion $versions;
    private readonly ContractJson $json;

    public function __construct(private readonly EvalTool $eval, private readonly SessionPort $sessions)
    {
        $this->versions = new ProtocolVersion();
        $this->json = new ContractJson();
    }

    public function name(): string
    {
        return self::NAME;
    }

    public function definition(string $protocolVersion): array
    {
        $eval = $this->eval->definition($protocolVersion);
        $schema = $eval['inputSchema'] ?? null;
        $properties = is_array($schema) && is_array($schema['properties'] ?? null) ? $schema['properties'] : [];
        unset($properties['session']);
        $properties['snippet'] = ['type' => 'string', 'minLength' => 1, 'description' => 'The opening snippet, run first (call 1): set up what the next calls use, e.g. `$user = App\Models\User::first();`. Default: return null;'];
        $tool = ['name' => self::NAME];
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $tool['title'] = 'Open a PHP session in the project';
        }
        $tool['description'] = sprintf(
            'Open a session: a sequence of %s calls whose state (variables, objects, the app\'s container, its database connections and, in rollback or read-only mode, '
            . 'one database transaction) carries over from one call to the next. Takes %s\'s options (allow_writes, allow_network, fake_http, timeout_ms), which every call in the session keeps, '
            . 'and an optional opening snippet. Returns the handle (session) to pass to %s, and the opening\'s result. A call that throws, fails or times out leaves the session as before it. '
            . 'A session ends after %s, after its idle timeout (idle_timeout_ms) without a call, or when this server exits; at most a few are open at once.',
            EvalTool::NAME,
            EvalTool::NAME,
            EvalTool::NAME,
            SessionCloseTool::NAME,
        );
        $tool['inputSchema'] = ['type' => 'object', 'properties' => $properties, 'additionalProperties' => false];
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $tool['outputSchema'] = [
                'type' => 'object',
                'properties' => [
                    'session' => ['type' => 'string', 'description' => sprintf('The handle: %s\'s session argument.', EvalTool::NAME)],
                    'idle_timeout_ms' => ['type' => 'integer', 'description' => 'How long the session waits for a call before it ends by itself.'],
                    'opening' => (new \AltairEval\Frontend\Mcp\ResultSchema())->schema() + ['description' => 'The opening snippet\'s result (call 1).'],
                ],
                'required' => ['session', 'idle_timeout_ms', 'opening'],
            ];
        }
        if (isset($eval['annotations'])) {
            $tool['annotations'] = $eval['annotations'];
        }

        return $tool;
    }

    public function call(mixed $arguments, string $protocolVersion): array
    {
        try {
            $info = $this->sessions->open($this->eval->parse($arguments, self::NO_OPENING), EvalTool::SESSION_OWNER);
        } catch (ToolArgumentError | UsageError $refused) {
            return $this->eval->toolError('Invalid arguments: ' . $refused->getMessage());
        } catch (EvalException $failure) {
            return $this->eval->toolError('The session was not opened: ' . $failure->getMessage());
        }
        $opened = [
            'session' => $info->id,
            'idle_timeout_ms' => $info->idleTimeoutMs,
            'opening' => $info->opening === null ? null : $this->json->jsonable($info->opening),
        ];
        $result = ['content' => [['type' => 'text', 'text' => $this->json->encodeValue($opened)]]];
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $result['structuredContent'] = $opened;
        }
        $result['isError'] = false;

        return $result;
    }
}
