<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * What a stateless (2026-07-28) request says about itself in params._meta: the revision it is
 * written in and the client's capabilities (both required), and who the client is (optional). A
 * request without the revision key belongs to the handshake era: of() gives null.
 */
final class Envelope
{
    public const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
    public const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
    public const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
    public const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

    private function __construct(public readonly string $protocolVersion, public readonly ?string $clientName)
    {
    }

    /**
     * @throws RpcError when the envelope names a revision this server does not speak, or lacks
     *                  what the revision requires
     */
    public static function of(?\stdClass $params, ProtocolVersion $versions): ?self
    {
        $meta = $params->_meta ?? null;
        if (!$meta instanceof \stdClass || !property_exists($meta, self::PROTOCOL_VERSION)) {
            return null;
        }
        $version = $meta->{self::PROTOCOL_VERSION};
        if (!is_string($version) || !$versions->isModern($version)) {
            throw RpcError::unsupportedVersion(is_string($version) ? $version : json_encode($version, JSON_THROW_ON_ERROR), $versions->all());
        }
        if (!($meta->{self::CLIENT_CAPABILITIES} ?? null) instanceof \stdClass) {
            throw RpcError::invalidParams(sprintf('A %s request needs _meta["%s"] (an object).', $version, self::CLIENT_CAPABILITIES));
        }
        $info = $meta->{self::CLIENT_INFO} ?? null;
        $name = $info instanceof \stdClass && is_string($info->name ?? null) ? $info->name : null;

        return new self($version, $name);
    }
}
