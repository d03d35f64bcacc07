<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Mcp;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Mcp\EvalTool;
use AltairEval\Frontend\Mcp\Server;
use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Mcp\SessionCloseTool;
use AltairEval\Frontend\Mcp\SessionListTool;
use AltairEval\Frontend\Mcp\SessionOpenTool;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\FakeSessions;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\TestCase;

/**
 * framework__session_open, framework__eval with session, framework__session_close (issue 38 item 5):
 * what they offer, the checks they share with framework__eval, and that a handle is an ordinary
 * argument, in either protocol era.
 */
final class SessionToolsTest extends TestCase
{
    private FakeSessions $sessions;
    private FakeEvaluator $evaluator;

    protected function setUp(): void
    {
        $this->sessions = new FakeSessions();
        $this->evaluator = new FakeEvaluator((new Outcomes())->make());
    }

    private function server(bool|string $writes = 'rollback', ?FakeSessions $sessions = null): Server
    {
        $sessions ??= $this->sessions;
        $eval = new EvalTool($this->evaluator, new ServerPolicy('/app', $writes), new Limits(), $sessions);

        return new Server([$eval, new SessionOpenTool($eval, $sessions), new SessionCloseTool($eval, $sessions), new SessionListTool($eval, $sessions)], '1.2.3');
    }

    /**
     * A stateless (2026-07-28) tools/call or tools/list; returns the result.
     *
     * @return array<mixed>
     */
    private function ask(Server $server, string $method, array $params = []): array
    {
        $params['_meta'] = ['io.modelcontextprotocol/protocolVersion' => '2026-07-28', 'io.modelcontextprotocol/clientCapabilities' => new \stdClass()];
        $reply = json_decode((string) $server->handle(json_encode(['jsonrpc' => '2.0', 'id' => 1, 'method' => $method, 'params' => $params], JSON_THROW_ON_ERROR)), true, 128, JSON_THROW_ON_ERROR);
        self::assertIsArray($reply['result'] ?? null, json_encode($reply, JSON_THROW_ON_ERROR));

        return $reply['result'];
    }

    /** @return array<mixed> */
    private function call(Server $server, string $tool, array $arguments): array
    {
        return $this->ask($server, 'tools/call', ['name' => $tool, 'arguments' => (object) $arguments]);
    }

    public function testToolsListDescribesTheFourTools(): void
    {
        $tools = $this->ask($this->server(), 'tools/list')['tools'];

        self::assertSame(['framework__eval', 'framework__session_open', 'framework__session_close', 'framework__session_list'], array_column($tools, 'name'));
        self::assertSame('^[0-9a-f]{32}$', $tools[0]['inputSchema']['properties']['session']['pattern']);
        self::assertStringContainsString('framework__session_open', $tools[0]['description']);
        self::assertArrayNotHasKey('session', $tools[1]['inputSchema']['properties']);
        self::assertArrayNotHasKey('required', $tools[1]['inputSchema'], 'the opening snippet is optional');
        self::assertSame(['allow_network', 'allow_writes', 'fake_http', 'snippet', 'timeout_ms'], self::sorted(array_keys($tools[1]['inputSchema']['properties'])));
        self::assertSame(['session', 'idle_timeout_ms', 'opening'], $tools[1]['outputSchema']['required']);
        self::assertSame(['session'], $tools[2]['inputSchema']['required']);
    }

    public function testTheListShowsThisServersOpenSessionsOnly(): void
    {
        $server = $this->server();
        self::assertSame(['sessions' => []], $this->call($server, 'framework__session_list', [])['structuredContent']);
        $first = $this->call($server, 'framework__session_open', ['snippet' => '$a = 1;'])['structuredContent']['session'];
        $second = $this->call($server, 'framework__session_open', [])['structuredContent']['session'];
        $this->call($server, 'framework__eval', ['session' => $first, 'snippet' => 'return $a;']);
        $this->call($server, 'framework__session_close', ['session' => $second]);

        $listed = $this->call($server, 'framework__session_list', []);
        self::assertFalse($listed['isError']);
        self::assertSame([$first], array_column($listed['structuredContent']['sessions'], 'session'));
        self::assertSame(2, $listed['structuredContent']['sessions'][0]['calls']);
        self::assertEquals($listed['structuredContent'], json_decode($listed['content'][0]['text'], true), 'the text is the same JSON (whole seconds come back as integers)');
        self::assertTrue($this->call($server, 'framework__session_list', ['session' => $first])['isError'], 'it takes no arguments');
    }

    public function testWithoutSessionsOnlyTheEvalToolIsOffered(): void
    {
        $server = new Server(new EvalTool($this->evaluator, new ServerPolicy('/app'), new Limits()), '1.2.3');
        $tools = $this->ask($server, 'tools/list')['tools'];

        self::assertSame(['framework__eval'], array_column($tools, 'name'));
        self::assertArrayNotHasKey('session', $tools[0]['inputSchema']['properties']);
        $refused = $this->call($server, 'framework__eval', ['snippet' => 'return 1;', 'session' => str_repeat('0', 32)]);
        self::assertTrue($refused['isError']);
        self::assertStringContainsString('unknown argument "session"', $refused['content'][0]['text']);
    }

    public function testOpenEvaluateCloseWithAHandle(): void
    {
        $server = $this->server();
        $opened = $this->call($server, 'framework__session_open', ['snippet' => '$u = 1;', 'allow_writes' => 'rollback', 'timeout_ms' => 2000]);

        self::assertFalse($opened['isError']);
        $id = $opened['structuredContent']['session'];
        self::assertSame(['id' => $id, 'call' => 1, 'kept' => true], $opened['structuredContent']['opening']['session']);
        self::assertSame($opened['structuredContent'], json_decode($opened['content'][0]['text'], true));
        self::assertSame('rollback', $this->sessions->opened[0]->allowWrites);
        self::assertSame(2000, $this->sessions->opened[0]->timeoutMs);

        $second = $this->call($server, 'framework__eval', ['session' => $id, 'snippet' => 'return $u;']);
        self::assertSame(['id' => $id, 'call' => 2, 'kept' => true], $second['structuredContent']['session']);
        $failed = $this->call($server, 'framework__eval', ['session' => $id, 'snippet' => 'throw new RuntimeException();', 'timeout_ms' => 500]);
        self::assertFalse($failed['isError'], 'a snippet that throws is a successful call');
        self::assertFalse($failed['structuredContent']['session']['kept']);
        self::assertSame([[$id, 'return $u;', null], [$id, 'throw new RuntimeException();', 500]], $this->sessions->calls);
        self::assertSame([], $this->evaluator->calls, 'a session call never reaches the one-shot evaluator');

        self::assertSame(['closed' => $id], $this->call($server, 'framework__session_close', ['session' => $id])['structuredContent']);
        $gone = $this->call($server, 'framework__eval', ['session' => $id, 'snippet' => 'return 1;']);
        self::assertTrue($gone['isError']);
        self::assertStringContainsString("no open session {$id}", $gone['content'][0]['text']);
    }

    public function testWithoutASnippetTheOpeningReturnsNull(): void
    {
        $this->call($this->server(), 'framework__session_open', []);

        self::assertSame('return null;', $this->sessions->opened[0]->snippet);
    }

    public function testTheOpeningGetsFrameworkEvalsChecks(): void
    {
        $refused = $this->call($this->server(writes: false), 'framework__session_open', ['allow_writes' => 'rollback']);

        self::assertTrue($refused['isError']);
        self::assertStringContainsString('allow_writes: "rollback" was refused', $refused['content'][0]['text']);
        self::assertSame([], $this->sessions->opened);
        self::assertTrue($this->call($this->server(), 'framework__session_open', ['unsafe' => true])['isError']);
    }

    public function testAnOpeningThatFailsIsAToolError(): void
    {
        $server = $this->server(sessions: new FakeSessions(openFailure: new EvalException('the opening snippet did not end well: RuntimeException')));
        $failed = $this->call($server, 'framework__session_open', ['snippet' => 'throw new RuntimeException();']);

        self::assertTrue($failed['isError']);
        self::assertSame('The session was not opened: the opening snippet did not end well: RuntimeException', $failed['content'][0]['text']);
    }

    public function testTheSessionsOptionsAreItsOwn(): void
    {
        $server = $this->server();
        $id = $this->call($server, 'framework__session_open', [])['structuredContent']['session'];
        $refused = $this->call($server, 'framework__eval', ['session' => $id, 'snippet' => 'return 1;', 'allow_writes' => true]);

        self::assertTrue($refused['isError']);
        self::assertStringContainsString("allow_writes is the session's own", $refused['content'][0]['text']);
        self::assertTrue($this->call($server, 'framework__eval', ['session' => 42, 'snippet' => 'return 1;'])['isError']);
        self::assertTrue($this->call($server, 'framework__eval', ['session' => $id, 'snippet' => ' '])['isError']);
        self::assertSame([], $this->sessions->calls);
    }

    /** Another server's handle (here: another owner's, as another process's table would have it) is refused as an unknown one. */
    public function testAHandleThatIsNotOursIsRefusedAsUnknown(): void
    {
        $theirs = $this->sessions->open(new \AltairEval\Frontend\Runtime\EvalCall('return 1;', '/app', 1000, 128), 'uid:1000')->id;
        $server = $this->server();
        $eval = $this->call($server, 'framework__eval', ['session' => $theirs, 'snippet' => 'return 1;']);
        $close = $this->call($server, 'framework__session_close', ['session' => $theirs]);
        $never = $this->call($server, 'framework__session_close', ['session' => str_repeat('e', 32)]);

        self::assertTrue($eval['isError']);
        self::assertSame(str_replace($theirs, 'H', $eval['content'][0]['text']), str_replace(str_repeat('e', 32), 'H', $never['content'][0]['text']));
        self::assertSame($close['content'][0]['text'], $eval['content'][0]['text']);
        self::assertArrayHasKey($theirs, $this->sessions->open);
    }

    /** @param list<string> $names @return list<string> */
    private static function sorted(array $names): array
    {
        sort($names);

        return $names;
    }
}
