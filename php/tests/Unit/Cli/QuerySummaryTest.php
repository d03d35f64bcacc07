<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\HumanRenderer;
use AltairEval\Frontend\Cli\QuerySummary;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\TestCase;

/**
 * Issue 20 item 2: the queries under the value in the human output, one line each, durations
 * aligned, secrets masked, capped with "… N more", hidden with --no-queries.
 */
final class QuerySummaryTest extends TestCase
{
    private const PGSQL = ['protocol' => 'pgsql', 'address' => '127.0.0.1:5432', 'mode' => 'rollback', 'note' => null];
    private const REDIS = ['protocol' => 'redis', 'address' => '127.0.0.1:6379', 'mode' => 'read-only', 'note' => 'a note'];

    /** @return array<string, mixed> */
    private function sandbox(array ...$databases): array
    {
        return ['databases' => $databases];
    }

    public function testOneAlignedLinePerStatementUnderTheValue(): void
    {
        $outcomes = new Outcomes();
        $outcome = $outcomes->make([
            'result' => ['type' => 'int', 'value' => 3],
            'sandbox' => $outcomes->make()->sandbox + $this->sandbox(self::PGSQL),
            'queries' => [
                ['database' => 0, 'text' => "insert into users (name, password)\n values (\$1, \$2)", 'params' => ['bob', 'hunter2'], 'duration_ms' => 1.2834, 'rows' => 1, 'error' => null, 'refused' => false],
                ['database' => 0, 'text' => 'select count(*) from users', 'params' => null, 'duration_ms' => 12.4, 'rows' => 3, 'error' => null, 'refused' => false],
                ['database' => 0, 'text' => 'select * from nope', 'params' => null, 'duration_ms' => 0.1, 'rows' => null, 'error' => 'relation "nope" does not exist', 'refused' => false],
                ['database' => 0, 'text' => 'DROP TABLE users', 'params' => null, 'duration_ms' => 0.0, 'rows' => null, 'error' => 'DROP would commit implicitly', 'refused' => true],
            ],
        ]);

        $text = (new HumanRenderer(false))->render($outcome, new EvalCall('x', '/app', 1000, 128));

        self::assertStringStartsWith(
            "✓ int 3\n"
            . "queries: 4\n"
            . "   1.28 ms  insert into users (name, password) values (\$1, \$2)  ['bob', ***]  → 1 row\n"
            . "  12.40 ms  select count(*) from users  → 3 rows\n"
            . "   0.10 ms  select * from nope  ✗ relation \"nope\" does not exist\n"
            . "   0.00 ms  DROP TABLE users  ✗ refused: DROP would commit implicitly\n"
            . 'duration=',
            $text,
        );
        self::assertStringEndsWith("\ndatabases: pgsql at 127.0.0.1:5432 (rollback)\n", $text);
        self::assertStringNotContainsString('hunter2', $text);
        self::assertStringNotContainsString('queries', (new HumanRenderer(false))->render($outcome, new EvalCall('x', '/app', 1000, 128), queries: false));
    }

    public function testCappedWithACountOfTheRestAndTheResultsOwnCap(): void
    {
        $queries = [];
        for ($i = 0; $i < QuerySummary::SHOWN + 5; $i++) {
            $queries[] = ['database' => 0, 'text' => "select $i", 'params' => null, 'duration_ms' => 0.5, 'rows' => 1, 'error' => null, 'refused' => false];
        }
        $queries[] = ['truncated' => true];

        $lines = (new QuerySummary())->lines($queries, $this->sandbox(self::PGSQL));

        self::assertSame('queries: ' . (QuerySummary::SHOWN + 5) . '+', $lines[0]);
        self::assertCount(QuerySummary::SHOWN + 3, $lines);
        self::assertSame('  … 5 more (--format=json lists them all)', $lines[QuerySummary::SHOWN + 1]);
        self::assertStringContainsString('its cap on queries was reached', $lines[QuerySummary::SHOWN + 2]);
    }

    public function testSeveralDatabasesAreNamedPerLineAndControlCharactersAreShown(): void
    {
        $lines = (new QuerySummary())->lines([
            ['database' => 0, 'text' => "select '\033[31m'", 'params' => null, 'duration_ms' => 1, 'rows' => 1, 'error' => null, 'refused' => false],
            ['database' => 1, 'text' => 'HSET u password hunter2', 'params' => null, 'duration_ms' => 0.25, 'rows' => null, 'error' => null, 'refused' => false],
        ], $this->sandbox(self::PGSQL, self::REDIS));

        self::assertStringStartsWith('  1.00 ms  [pgsql] select ', $lines[1]);
        self::assertStringNotContainsString("\033", $lines[1]);
        self::assertSame('  0.25 ms  [redis] HSET u password ***', $lines[2]);
        self::assertSame('databases: pgsql at 127.0.0.1:5432 (rollback); redis at 127.0.0.1:6379 (read-only) — a note', (new QuerySummary())->databasesLine($this->sandbox(self::PGSQL, self::REDIS)));
    }

    public function testPdoPgsqlsDeallocatesAreCountedNotListed(): void
    {
        $lines = (new QuerySummary())->lines([
            ['database' => 0, 'text' => 'select 1', 'params' => null, 'duration_ms' => 0.1, 'rows' => 1, 'error' => null, 'refused' => false],
            ['database' => 0, 'text' => 'DEALLOCATE pdo_stmt_00000001', 'params' => null, 'duration_ms' => 0.03, 'rows' => null, 'error' => null, 'refused' => false],
        ], $this->sandbox(self::PGSQL));

        self::assertSame(["queries: 1 (and 1 DEALLOCATE of pdo_pgsql's prepared statements, in --format=json)", '  0.10 ms  select 1  → 1 row'], $lines);
    }

    public function testASessionStatementsZeroRowsAreNotShownAQuerysAre(): void
    {
        $lines = (new QuerySummary())->lines([
            ['database' => 0, 'text' => "set names 'utf8mb4'", 'params' => null, 'duration_ms' => 0.1, 'rows' => 0, 'error' => null, 'refused' => false],
            ['database' => 0, 'text' => 'select * from users where 0', 'params' => null, 'duration_ms' => 0.1, 'rows' => 0, 'error' => null, 'refused' => false],
        ], $this->sandbox(self::PGSQL));

        self::assertSame("  0.10 ms  set names 'utf8mb4'", $lines[1]);
        self::assertSame('  0.10 ms  select * from users where 0  → 0 rows', $lines[2]);
    }

    public function testNothingWhenNothingRan(): void
    {
        self::assertSame([], (new QuerySummary())->lines([], $this->sandbox(self::PGSQL)));
        self::assertNull((new QuerySummary())->databasesLine(['databases' => []]));
    }
}
