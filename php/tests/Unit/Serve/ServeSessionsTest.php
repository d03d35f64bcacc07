<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Serve;

use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Serve\CallMessage;
use AltairEval\Frontend\Serve\ServeHandler;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\FakeSessions;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\TestCase;

/**
 * A serve worker's side of sessions (issue 38 item 4): opened with the server's checks, owned by
 * the uid the main loop writes into the request, and every answer about a session that is no
 * longer open here says session_gone, so that the main loop forgets it.
 */
final class ServeSessionsTest extends TestCase
{
    private FakeSessions $sessions;
    private FakeEvaluator $evaluator;
    private ServeHandler $handler;
    private CallMessage $messages;

    protected function setUp(): void
    {
        $this->sessions = new FakeSessions();
        $this->evaluator = new FakeEvaluator((new Outcomes())->make());
        $this->handler = new ServeHandler($this->evaluator, new ServerPolicy('/app', allowWrites: 'rollback'), new Limits(), sessions: $this->sessions);
        $this->messages = new CallMessage();
    }

    /** @return array<string, mixed> */
    private function ask(string $op, EvalCall $call, string $owner = 'uid:1000'): array
    {
        return $this->handler->evaluate(['op' => $op, 'call' => $this->messages->encode($call), 'owner' => $owner]);
    }

    private function open(): string
    {
        $opened = $this->ask('session_open', new EvalCall('$x = 1;', '/app', 2000, 128, allowWrites: 'rollback'));
        self::assertSame('uid:1000', $opened['owner']);

        return $opened['session']['id'];
    }

    public function testOpenCallAndClose(): void
    {
        $id = $this->open();
        self::assertSame('rollback', $this->sessions->opened[0]->allowWrites);

        $reply = $this->ask('eval', new EvalCall('return $x;', '/app', 5000, 128, session: $id, timeoutGiven: false));
        self::assertSame(['id' => $id, 'call' => 2, 'kept' => true], $reply['outcome']['session']);
        $this->ask('eval', new EvalCall('return $x;', '/app', 900, 128, session: $id));
        self::assertSame([[$id, 'return $x;', null], [$id, 'return $x;', 900]], $this->sessions->calls, 'a call keeps the session\'s timeout unless it gives one');
        self::assertSame([], $this->evaluator->calls);

        self::assertSame(['closed' => $id, 'session_gone' => $id], $this->handler->evaluate(['op' => 'session_close', 'session' => $id, 'owner' => 'uid:1000']));
        self::assertArrayHasKey('session_gone', $this->ask('eval', new EvalCall('return 1;', '/app', 5000, 128, session: $id)));
    }

    public function testTheOpeningGetsTheServersChecks(): void
    {
        $refused = $this->ask('session_open', new EvalCall('x', '/app', 1000, 128, allowWrites: true));
        self::assertSame(['refused' => '--writes was refused: this server was started without --allow-writes (only --allow-writes=rollback).'], $refused);
        self::assertStringContainsString('this server serves /app', $this->ask('session_open', new EvalCall('x', '/other', 1000, 128))['refused']);
        self::assertStringContainsString('this server serves /app', $this->ask('eval', new EvalCall('x', '/other', 1000, 128, session: str_repeat('a', 32)))['refused']);
        self::assertSame([], $this->sessions->opened);
    }

    /** Another owner's handle gets the answer an unknown one gets, and the session stays as it was. */
    public function testAnotherOwnersHandleIsRefusedAsUnknown(): void
    {
        $id = $this->open();
        $theirs = $this->ask('eval', new EvalCall('return 1;', '/app', 1000, 128, session: $id), 'uid:1001');
        $unknown = $this->ask('eval', new EvalCall('return 1;', '/app', 1000, 128, session: str_repeat('b', 32)), 'uid:1001');
        $close = $this->handler->evaluate(['op' => 'session_close', 'session' => $id, 'owner' => 'uid:1001']);

        self::assertSame(str_replace($id, 'H', $theirs['refused']), str_replace(str_repeat('b', 32), 'H', $unknown['refused']));
        self::assertSame($theirs['refused'], $close['refused']);
        self::assertArrayHasKey($id, $this->sessions->open);
        self::assertSame([], $this->sessions->calls);
        self::assertArrayHasKey('refused', $this->ask('eval', new EvalCall('return 1;', '/app', 1000, 128, session: $id), ''));
    }

    public function testAServerWithoutSessionsSaysSo(): void
    {
        $handler = new ServeHandler($this->evaluator, new ServerPolicy('/app'), new Limits());

        self::assertSame(['refused' => 'this server keeps no sessions.'], $handler->evaluate(['op' => 'session_open', 'call' => $this->messages->encode(new EvalCall('x', '/app', 1000, 128)), 'owner' => 'uid:0']));
    }

    public function testTheSessionAndWhetherTheTimeoutWasGivenTravel(): void
    {
        $decoded = $this->messages->decode($this->messages->encode(new EvalCall('x', '/app', 1000, 128, session: str_repeat('c', 32), timeoutGiven: false)));

        self::assertSame(str_repeat('c', 32), $decoded->session);
        self::assertFalse($decoded->timeoutGiven);
        $plain = $this->messages->decode($this->messages->encode(new EvalCall('x', '/app', 1000, 128)));
        self::assertNull($plain->session);
        self::assertTrue($plain->timeoutGiven);
    }
}
