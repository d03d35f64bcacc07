<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\ValueSummary;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

final class ValueSummaryTest extends TestCase
{
    /**
     * @return iterable<string, array{array<string, mixed>, string}>
     */
    public static function values(): iterable
    {
        yield 'null' => [['type' => 'null', 'value' => null], 'null'];
        yield 'true' => [['type' => 'bool', 'value' => true], 'bool true'];
        yield 'false' => [['type' => 'bool', 'value' => false], 'bool false'];
        yield 'int' => [['type' => 'int', 'value' => 2], 'int 2'];
        yield 'float keeps its fraction' => [['type' => 'float', 'value' => 3.0], 'float 3.0'];
        yield 'float NaN as string' => [['type' => 'float', 'value' => 'NaN'], 'float NaN'];
        yield 'string' => [['type' => 'string', 'value' => "a\"b\nc"], 'string "a\"b\nc"'];
        yield 'long string cut' => [['type' => 'string', 'value' => str_repeat('x', 70)], 'string "' . str_repeat('x', 60) . '..."'];
        yield 'truncated string' => [['type' => 'string', 'value' => 'abc', 'truncated' => true, 'length' => 99999], 'string "abc" (99999 bytes)'];
        yield 'list' => [['type' => 'array', 'is_list' => true, 'count' => 3, 'value' => [
            ['type' => 'int', 'value' => 1], ['type' => 'string', 'value' => 'x'], ['type' => 'null', 'value' => null],
        ]], 'array(3) [1, "x", null]'];
        yield 'map' => [['type' => 'array', 'is_list' => false, 'count' => 2, 'value' => [
            'a' => ['type' => 'int', 'value' => 1], 'b' => ['type' => 'array', 'is_list' => true, 'count' => 0, 'value' => []],
        ]], 'array(2) {"a": 1, "b": array(0)}'];
        yield 'capped array' => [['type' => 'array', 'is_list' => true, 'count' => 500, 'truncated' => true, 'value' => [
            ['type' => 'int', 'value' => 1],
        ]], 'array(500) [1, ...]'];
        yield 'object' => [['type' => 'object', 'class' => 'App\User\User', 'id' => 12, 'properties' => []], 'object App\User\User #12'];
        yield 'enum' => [['type' => 'enum', 'class' => 'App\Status', 'case' => 'Active'], 'enum App\Status::Active'];
        yield 'closure' => [['type' => 'closure', 'name' => '{closure}'], 'closure {closure}'];
        yield 'resource' => [['type' => 'resource', 'value' => 'stream', 'id' => 5], 'resource(stream) #5'];
        yield 'iterable' => [['type' => 'iterable', 'class' => 'Generator', 'preview' => [1, 2], 'exhausted' => true], 'iterable Generator (2 previewed, exhausted)'];
        yield 'reference' => [['type' => 'reference', 'class' => 'App\Node', 'id' => 3], 'reference App\Node #3'];
        yield 'unknown marker' => [['type' => 'error', 'message' => '__debugInfo threw'], 'error (__debugInfo threw)'];
    }

    /**
     * @param array<string, mixed> $encoded
     */
    #[DataProvider('values')]
    public function testSummarizesEveryEncodedShape(array $encoded, string $expected): void
    {
        self::assertSame($expected, (new ValueSummary())->summarize($encoded));
    }
}
