<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * What the operator allowed when starting the server. A call may ask for less, never for more:
 * refusal() is the one check, for the MCP server and for `bin/altair serve` alike.
 */
final class ServerPolicy
{
    /** How an MCP call names what it asks for (tools/call arguments). */
    public const MCP_NAMES = ['writes' => 'allow_writes', 'network' => 'allow_network', 'endpoint' => 'allow_endpoint', 'unsafe' => 'unsafe'];
    /** How `bin/altair eval` names it (its options). */
    public const CLI_NAMES = ['writes' => '--writes', 'network' => '--network', 'endpoint' => '--allow-endpoint', 'unsafe' => '--unsafe'];

    public function __construct(
        public readonly string $projectRoot,
        public readonly bool $allowWrites = false,
        public readonly bool $allowNetwork = false,
        public readonly ?string $bootstrap = null,
        public readonly ?int $memoryLimitMb = null,
        /** @var list<string> endpoints every call may reach with the network off */
        public readonly array $allowEndpoints = [],
    ) {
    }

    /**
     * Why a call asking for these rights is refused by this server, worded with the caller's own
     * names for them, or null when the server allows every one of them.
     *
     * @param list<string>          $endpoints endpoints the call asks to reach with the network off
     * @param array<string, string> $names     MCP_NAMES or CLI_NAMES
     */
    public function refusal(bool $writes, bool $network, array $endpoints = [], bool $unsafe = false, array $names = self::MCP_NAMES): ?string
    {
        if ($unsafe) {
            return sprintf('%s was refused: a server never runs unsafe evaluations.', $names['unsafe']);
        }
        if ($writes && !$this->allowWrites) {
            return sprintf('%s was refused: this server was started without --allow-writes.', $names['writes']);
        }
        if ($network && !$this->allowNetwork) {
            return sprintf('%s was refused: this server was started without --allow-network.', $names['network']);
        }
        foreach ($endpoints as $endpoint) {
            if (!in_array($endpoint, $this->allowEndpoints, true)) {
                return sprintf('%s=%s was refused: this server was started without --allow-endpoint=%s.', $names['endpoint'], $endpoint, $endpoint);
            }
        }

        return null;
    }
}
