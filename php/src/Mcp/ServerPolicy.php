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
    public const MCP_NAMES = ['writes' => 'allow_writes', 'rollback' => 'allow_writes: "rollback"', 'network' => 'allow_network', 'endpoint' => 'allow_endpoint', 'database' => 'database', 'unsafe' => 'unsafe'];
    /** How `bin/altair eval` names it (its options). */
    public const CLI_NAMES = ['writes' => '--writes', 'rollback' => '--writes=rollback', 'network' => '--network', 'endpoint' => '--allow-endpoint', 'database' => '--database', 'unsafe' => '--unsafe'];

    public function __construct(
        public readonly string $projectRoot,
        /** @var bool|'rollback' true allows kept writes and rollback; "rollback" allows rollback only */
        public readonly bool|string $allowWrites = false,
        public readonly bool $allowNetwork = false,
        public readonly ?string $bootstrap = null,
        public readonly ?int $memoryLimitMb = null,
        /** @var list<string> endpoints every call may reach with the network off */
        public readonly array $allowEndpoints = [],
        /** @var list<string> databases every call may reach (and declares), besides the app's own */
        public readonly array $databases = [],
    ) {
    }

    /** The server's --writes as its operator would type it. */
    public function writesOption(): string
    {
        return match ($this->allowWrites) {
            true => '--allow-writes',
            false => 'none',
            default => '--allow-writes=rollback',
        };
    }

    /**
     * Why a call asking for these rights is refused by this server, worded with the caller's own
     * names for them, or null when the server allows every one of them.
     *
     * @param bool|'rollback'       $writes    true, false or "rollback"
     * @param list<string>          $endpoints endpoints the call asks to reach with the network off
     * @param array<string, string> $names     MCP_NAMES or CLI_NAMES
     * @param list<string>          $databases databases the call declares
     */
    public function refusal(bool|string $writes, bool $network, array $endpoints = [], bool $unsafe = false, array $names = self::MCP_NAMES, array $databases = []): ?string
    {
        if ($unsafe) {
            return sprintf('%s was refused: a server never runs unsafe evaluations.', $names['unsafe']);
        }
        if ($writes === true && $this->allowWrites !== true) {
            return sprintf('%s was refused: this server was started without --allow-writes%s.', $names['writes'],
                $this->allowWrites === false ? '' : ' (only --allow-writes=rollback)');
        }
        if (is_string($writes) && $this->allowWrites === false) {
            return sprintf('%s was refused: this server was started without --allow-writes=rollback (or --allow-writes).', $names['rollback']);
        }
        if ($network && !$this->allowNetwork) {
            return sprintf('%s was refused: this server was started without --allow-network.', $names['network']);
        }
        foreach ($endpoints as $endpoint) {
            if (!in_array($endpoint, $this->allowEndpoints, true)) {
                return sprintf('%s=%s was refused: this server was started without --allow-endpoint=%s.', $names['endpoint'], $endpoint, $endpoint);
            }
        }
        foreach ($databases as $database) {
            if (!in_array($database, $this->databases, true)) {
                return sprintf('%s=%s was refused: this server was started without --database=%s.', $names['database'], $database, $database);
            }
        }

        return null;
    }
}
