<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Serve;

use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Serve\CallMessage;
use AltairEval\Frontend\Serve\ServeError;
use AltairEval\Frontend\Serve\ServeHandler;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\TestCase;

/**
 * Issue 20 through `bin/altair serve`: rollback and declared databases travel to the server, and the
 * server's policy decides them as it decides --writes.
 */
final class CallMessageTest extends TestCase
{
    public function testRollbackAndDatabasesTravelAndComeBackTheSame(): void
    {
        $call = new EvalCall('return 1;', '/app', 1000, 128, allowWrites: 'rollback', databases: ['pgsql://127.0.0.1:5432']);
        $messages = new CallMessage();

        $decoded = $messages->decode(json_decode((string) json_encode($messages->encode($call)), true));

        self::assertSame('rollback', $decoded->allowWrites);
        self::assertSame(['pgsql://127.0.0.1:5432'], $decoded->databases);
    }

    public function testFakeHttpAnswersTravelAndComeBackTheSame(): void
    {
        $fakes = ['POST api.stripe.com/*' => '200:{"id":"ch_1"}', 'api.example.com/x' => '503'];
        $messages = new CallMessage();

        $decoded = $messages->decode(unserialize(serialize($messages->encode(new EvalCall('x', '/app', 1000, 128, fakeHttp: $fakes))), ['allowed_classes' => false]));
        self::assertSame($fakes, $decoded->fakeHttp);
        self::assertSame([], $messages->decode($messages->encode(new EvalCall('x', '/app', 1000, 128)))->fakeHttp);
        $data = $messages->encode(new EvalCall('x', '/app', 1000, 128));
        $data['fake_http'] = ['a/*' => 200];
        $this->expectException(ServeError::class);
        $messages->decode($data);
    }

    public function testAnotherWritesValueIsMalformed(): void
    {
        $data = (new CallMessage())->encode(new EvalCall('x', '/app', 1000, 128));
        $data['writes'] = 'keep';

        $this->expectException(ServeError::class);
        (new CallMessage())->decode($data);
    }

    public function testTheServersPolicyDecidesRollbackAndDatabases(): void
    {
        $evaluator = new FakeEvaluator((new Outcomes())->make());
        $handler = new ServeHandler($evaluator, new ServerPolicy('/app', allowWrites: 'rollback', databases: ['pgsql://127.0.0.1:5432']), new Limits());
        $messages = new CallMessage();
        $ask = static fn (EvalCall $call): array => $handler->evaluate(['call' => $messages->encode($call)]);

        self::assertArrayHasKey('outcome', $ask(new EvalCall('x', '/app', 1000, 128, allowWrites: 'rollback', databases: ['pgsql://127.0.0.1:5432'])));
        self::assertSame('rollback', $evaluator->lastCall()->allowWrites);
        self::assertSame(['refused' => '--writes was refused: this server was started without --allow-writes (only --allow-writes=rollback).'], $ask(new EvalCall('x', '/app', 1000, 128, allowWrites: true)));
        self::assertSame(['refused' => '--database=mysql://127.0.0.1:3306 was refused: this server was started without --database=mysql://127.0.0.1:3306.'], $ask(new EvalCall('x', '/app', 1000, 128, databases: ['mysql://127.0.0.1:3306'])));
        self::assertCount(1, $evaluator->calls);
    }
}
