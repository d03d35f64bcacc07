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

    public function testShowsAnEloquentModelsAttributesUnderItsLine(): void
    {
        $model = ['type' => 'object', 'class' => 'App\Models\User', 'id' => 7, 'caster' => 'eloquent.model', 'properties' => [
            'key' => ['type' => 'int', 'value' => 1],
            'exists' => ['type' => 'bool', 'value' => true],
            'attributes' => ['type' => 'array', 'is_list' => false, 'count' => 2, 'value' => [
                'id' => ['type' => 'int', 'value' => 1],
                'name' => ['type' => 'string', 'value' => 'Ada'],
            ]],
            'relations' => ['type' => 'array', 'is_list' => true, 'count' => 0, 'value' => []],
            'owner' => ['type' => 'object', 'class' => 'App\Models\Team', 'id' => 8, 'properties' => [
                'name' => ['type' => 'string', 'value' => 'not shown: one level only'],
            ]],
        ]];

        self::assertSame([
            '  key: int 1',
            '  exists: bool true',
            '  attributes: array(2)',
            '    id: int 1',
            '    name: string "Ada"',
            '  relations: array(0) []',
            '  owner: object App\Models\Team #8',
        ], (new ValueSummary())->details($model));
    }

    public function testSaysWhatTheEncoderAndTheLineCapLeftOut(): void
    {
        $map = [];
        for ($i = 0; $i < 40; $i++) {
            $map["k$i"] = ['type' => 'int', 'value' => $i];
        }
        $object = ['type' => 'object', 'class' => 'Big', 'id' => 1, 'omitted' => 3, 'properties' => [
            'map' => ['type' => 'array', 'is_list' => false, 'count' => 100, 'truncated' => true, 'value' => $map],
        ]];

        $lines = (new ValueSummary())->details($object);

        self::assertCount(ValueSummary::DETAIL_LINES + 1, $lines);
        self::assertSame('  map: array(100)', $lines[0]);
        self::assertSame('    k28: int 28', $lines[ValueSummary::DETAIL_LINES - 1]);
        // The map's line, its 40 entries, "… 60 more not encoded" and the object's "… 3 more not
        // encoded": 43 lines, 30 shown.
        self::assertSame('  … 13 more lines (--format=json shows them)', $lines[ValueSummary::DETAIL_LINES]);
    }

    public function testShowsRowsOneObjectALineWithTheirFirstFields(): void
    {
        $row = fn (int $id, string $name) => ['type' => 'object', 'class' => 'stdClass', 'id' => $id, 'properties' => [
            'id' => ['type' => 'int', 'value' => $id], 'name' => ['type' => 'string', 'value' => $name],
        ]];
        $model = ['type' => 'object', 'class' => 'App\Models\User', 'id' => 9, 'caster' => 'eloquent.model', 'properties' => [
            'key' => ['type' => 'int', 'value' => 1],
            'attributes' => ['type' => 'array', 'is_list' => false, 'count' => 1, 'value' => ['name' => ['type' => 'string', 'value' => 'Ada']]],
        ]];
        $summary = new ValueSummary();

        // DB::select()'s rows; the encoder kept 2 of 5.
        self::assertSame([
            '  0: object stdClass #4 {"id": 4, "name": "Ada"}',
            '  1: object stdClass #5 {"id": 5, "name": "Grace"}',
            '  … 3 more not encoded',
        ], $summary->details(['type' => 'array', 'is_list' => true, 'count' => 5, 'truncated' => true, 'value' => [$row(4, 'Ada'), $row(5, 'Grace')]]));
        // A collection of models: their attributes, not the model's own properties.
        self::assertSame([
            '  items: array(2)',
            '    0: object App\Models\User #9 {"name": "Ada"}',
            '    1: int 3',
        ], $summary->details(['type' => 'object', 'class' => 'Illuminate\Support\Collection', 'id' => 8, 'caster' => 'collection', 'properties' => [
            'items' => ['type' => 'array', 'is_list' => true, 'count' => 2, 'value' => [$model, ['type' => 'int', 'value' => 3]]],
        ]]));
    }

    public function testOnlyAnObjectOrAListOfObjectsHasDetails(): void
    {
        $summary = new ValueSummary();

        self::assertSame([], $summary->details(['type' => 'int', 'value' => 1]));
        self::assertSame([], $summary->details(['type' => 'array', 'is_list' => false, 'count' => 1, 'value' => [
            'a' => ['type' => 'int', 'value' => 1],
        ]]));
        self::assertSame([], $summary->details(['type' => 'object', 'class' => 'Empty', 'id' => 2, 'properties' => []]));
        self::assertSame([], $summary->details(['type' => 'array', 'is_list' => true, 'count' => 2, 'value' => [
            ['type' => 'int', 'value' => 1], ['type' => 'array', 'is_list' => true, 'count' => 0, 'value' => []],
        ]]));
    }
}
