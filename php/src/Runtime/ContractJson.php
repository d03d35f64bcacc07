<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

/**
 * Encodes the contract as JSON the same way everywhere (CLI --format=json, MCP text and structured
 * content): objects stay objects even when empty, invalid UTF-8 in captured output never fails the
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

        return $data;
    }

    /**
     * @param array<mixed>|object $value
     */
    public function encodeValue(array|object $value, bool $pretty = false): string
    {
        return json_encode($value, self::FLAGS | ($pretty ? JSON_PRETTY_PRINT : 0));
    }
}
