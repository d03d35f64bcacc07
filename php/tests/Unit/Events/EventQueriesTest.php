<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Events;

use AltairEval\Frontend\Events\Event;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\TestCase;

/**
 * Issue 20 item 2: the audit log keeps the statements an audited run's databases ran, with what
 * looks like a secret masked, and never the snippet itself (only its hash).
 */
final class EventQueriesTest extends TestCase
{
    public function testTheAuditLogKeepsTheStatementsWithSecretsMasked(): void
    {
        $outcomes = new Outcomes();
        $outcome = $outcomes->make([
            'sandbox' => $outcomes->make()->sandbox + ['databases' => [['protocol' => 'mysql', 'address' => '127.0.0.1:3306', 'mode' => 'rollback']]],
            'queries' => [['database' => 0, 'text' => 'insert into users (email, password) values (?, ?)', 'params' => ['a@b.c', 'hunter2'], 'duration_ms' => 0.3, 'rows' => 1, 'error' => null, 'refused' => false]],
        ]);
        $call = new EvalCall('User::create(["password" => "hunter2"]);', '/app', 1000, 128, allowWrites: 'rollback', unsafe: true);

        $line = Event::unsafeEval($call, $outcome, 5, new \DateTimeImmutable(), 'id')->toJsonLine();

        self::assertStringNotContainsString('hunter2', $line);
        $extra = json_decode($line, true)['extra'];
        self::assertSame('rollback', $extra['allow_writes']);
        self::assertSame(['a@b.c', '***'], $extra['queries'][0]['params']);
        self::assertSame(hash('sha256', $call->snippet), $extra['snippet_sha256']);
    }
}
