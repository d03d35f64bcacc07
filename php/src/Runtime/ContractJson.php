<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

/**
 * Encodes the contract as JSON the same way everywhere (CLI --format=json, MCP text and structured
 * content): objects stay objects even when empty (the sandbox, the host, and every encoded object's
 * properties, which the contract says are always a map), invalid UTF-8 in captured output never fails the
 * encoding (it is replaced by U+FFFD), and floats keep their fraction.
 */
final class ContractJson
{
    private const FLAGS = JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
        | JSON_PRESERVE_ZERO_FRACTION | JSON_INVALID_UTF8_SUBSTITUTE;

    public function encode(Outcome $outcome, bool $pretty = false): string
    {
        return json_encode($this->jsonable($outcome), self::FLAGS | ($pretty ? JSON_PRETTY_PRINT : 0));
    }

    /**
     * The contract with JSON objects where the contract says object, ready for json_encode() or for
     * an MCP structuredContent.
     *
     * @return array<string, mixed>
     */
    public function jsonable(Outcome $outcome): array
    {
        $data = $outcome->toArray();
        $data['sandbox'] = (object) $outcome->sandbox;
        $data['host'] = $outcome->host === null ? null : (object) $outcome->host;
        $data['result'] = $this->withMaps($data['result'] ?? null);
        $data['exception'] = $this->withMaps($data['exception'] ?? null);

        return $data;
    }

    /**
     * An encoded value with each object's properties as a JSON object, `{}` when it has none: the
     * extension decodes the guest's JSON into PHP arrays, where an empty map and an empty list are
     * the same value.
     */
    private function withMaps(mixed $node): mixed
    {
        if (!is_array($node)) {
            return $node;
        }
        foreach ($node as $key => $child) {
            $node[$key] = $this->withMaps($child);
        }
        if (($node['type'] ?? null) === 'object' && is_array($node['properties'] ?? null)) {
            $node['properties'] = (object) $node['properties'];
        }

        return $node;
    }

    /**
     * @param array<mixed>|object $value
     */
    public function encodeValue(array|object $value, bool $pretty = false): string
    {
        return json_encode($value, self::FLAGS | ($pretty ? JSON_PRETTY_PRINT : 0));
    }
}
